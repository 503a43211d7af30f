"""A log with undos is exported with a plain fold up to the first seq or group its undos and redos
are at or reach (``LogMarks.since``), then with the undo history: the same public projection
streamed, and the same recaps (GM and players, every session), as with the history kept from the
start."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from fhtagn_tui.domain.codec import encode
from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.features.campaign import CampaignCreated, NoteAdded
from fhtagn_tui.domain.history import Redone, Undone
from fhtagn_tui.domain.plain_fold import PlainFold
from fhtagn_tui.domain.public import PublicLog, stream_public
from fhtagn_tui.export.recap import LogMarks, log_marks, log_marks_of_records
from fhtagn_tui.export.recap import _build as build
from tests.export.test_export import SESSIONS
from tests.export.test_export import play as golden_play
from tests.export.test_plain_fold import uncounted
from tests.serve.test_public_property import OPS, SETUP
from tests.serve.test_public_stream import events_of


def _steps(events: list[Event], marks: LogMarks) -> list[tuple[object, ...]]:
    return [(ev, entry, session, uncounted(before), uncounted(log.fold.state), uncounted(log.gm.state if log.gm else None))
            for ev, entry, session, before, log in stream_public(iter(events), marks.reveals, marks.revealed,
                                                                 marks.targets, marks.undo, marks.since)]


def check(events: list[Event]) -> LogMarks:
    marks = log_marks(events)
    whole = replace(marks, since=1)  # the history kept from the start
    assert _steps(events, marks) == _steps(events, whole)
    for players in (False, True):
        for session in (None, *marks.sessions):
            assert (build(iter(events), session, players, None, len(events), marks)
                    == build(iter(events), session, players, None, len(events), whole))
    return marks


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(system=st.sampled_from(sorted(SETUP)), ops=st.lists(st.sampled_from(OPS), min_size=2, max_size=24),
       seed=st.integers(0, 10_000))
def test_a_log_with_undos_is_told_alike_with_the_history_kept_from_where_they_reach(
        system: str, ops: list[str], seed: int) -> None:
    check(events_of(system, ops, seed))


def test_undos_late_in_a_log_leave_most_of_it_folded_plainly() -> None:
    """(Most logs: the history is kept only from the first group an undo takes back; every kind of
    operation before it, secrets and reveals among them, then undone, redone and revealed after.)"""
    ops = ["fight", "attack", "secret note", "note", "secret char", "pool hidden", "secret pool", "reveal",
           "chase", "secret session", "note", "pool pc", "reveal", "attack", "session", "note", "undo",
           "redo", "undo", "reveal", "undo", "pool pc", "undo"]
    for system in sorted(SETUP):
        events = events_of(system, ops, 3)
        marks = check(events)
        assert marks.undo and marks.since > len(events) // 2


@pytest.mark.parametrize("system", sorted(SESSIONS))
def test_the_golden_sessions(system: str) -> None:
    check(golden_play(system))


def test_since_is_the_least_seq_or_group_an_undo_or_redo_is_at_or_reaches() -> None:
    first = CampaignCreated(name="t", system="fhtagn", seq=1, group=1)
    notes = [NoteAdded(text=str(n), seq=n, group=n) for n in range(2, 7)]
    log: list[Event] = [first, *notes, Undone(target=5, seq=7, group=7), Redone(target=5, seq=8, group=8),
                        Undone(target=6, seq=9, group=9)]
    assert log_marks(log).since == 5
    assert log_marks([first, *notes]).since == 1  # (no undo: none of it is read)
    assert LogMarks(set(), []).since == 1  # (marks made without asking: the history from the start)
    records = [encode(ev) for ev in log]
    fast = log_marks_of_records(records)
    assert fast is not None and fast.since == 5
    # an undo written out of its place (a log made by hand): the least of its seq and its target
    assert log_marks([first, *notes, Undone(target=9, seq=3, group=3)]).since == 3
    # a record that does not read as this program writes it: the history from the start
    odd = [*records[:6], b'{"type":"Undone","target":"5","seq":7,"group":7}']
    fast = log_marks_of_records(odd)
    assert fast is not None and fast.since == 1


def test_the_folds_keep_the_history_from_since_on() -> None:
    first = CampaignCreated(name="t", system="fhtagn", seq=1, group=1)
    notes = [NoteAdded(text=str(n), seq=n, group=n) for n in range(2, 7)]
    log: list[Event] = [first, *notes, Undone(target=5, seq=7, group=7)]
    marks = log_marks(log)
    kinds = [type(step[4].fold) for step in
             stream_public(iter(log), marks.reveals, marks.revealed, marks.targets, marks.undo, marks.since)]
    assert kinds[:4] == [PlainFold] * 4 and PlainFold not in kinds[4:]
    streamed = PublicLog.streamed(marks.reveals, marks.revealed, marks.targets, marks.undo, marks.since)
    assert isinstance(streamed.fold, PlainFold)
    # the recap tells the undo with the label of the group it takes back, as players read it
    recap = build(iter(log), None, True, None, len(log), marks)
    assert recap.sessions[0].groups[-1].lines[-1].text == "Undo: Note: 5"
