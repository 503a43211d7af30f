"""A log with undos is exported with a plain fold up to the first seq or group its undos and redos
are at or reach (``LogMarks.since``), then with the undo history: the same public projection
streamed, and the same recaps (GM and players, every session), as with the history kept from the
start."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from fhtagn_tui.domain.codec import decode_one, encode
from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.features.campaign import (
    CampaignCreated,
    CharacterCreated,
    DiceRolled,
    NoteAdded,
    PoolChanged,
)
from fhtagn_tui.domain.history import Redone, Undone
from fhtagn_tui.domain.public import PublicLog
from fhtagn_tui.domain.replay import stream_public
from fhtagn_tui.domain.replay.plain import PlainFold
from fhtagn_tui.export.recap import LogMarks, log_marks, log_marks_of_records
from fhtagn_tui.export.recap import _build as build
from tests.export.test_export import SESSIONS
from tests.export.test_export import play as golden_play
from tests.export.test_plain_fold import uncounted
from tests.serve.test_public_property import SETUP
from tests.serve.test_public_stream import events_of, gm_sessions


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


@gm_sessions(30)
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


def _same_as_from_the_start(events: list[Event]) -> None:
    marks = log_marks(events)
    whole = replace(marks, since=1)
    for players in (False, True):
        assert (build(iter(events), None, players, None, len(events), marks)
                == build(iter(events), None, players, None, len(events), whole))
    assert _steps(events, marks) == _steps(events, whole)


def test_an_event_filed_again_under_the_group_on_top_keeps_what_can_be_redone() -> None:
    """(A log written by hand: after an undo, an event filed under an older group — the group a
    projection's stack has on top then.  The fold that keeps the history from ``since`` starts with
    that group on top, so the event joins it and the redo still finds what it brings back: a hidden
    NPC's creation, whose numbers players must not read.)"""
    events: list[Event] = [
        CampaignCreated(name="t", system="fhtagn", seq=1, group=1),
        NoteAdded(text="a", seq=2, group=2),
        CharacterCreated(id="shade", name="Shade", kind="npc", stats={"STR": 14}, current={"HP": 13}, hidden=True,
                         seq=3, group=3),
        Undone(target=3, seq=4, group=4),
        NoteAdded(text="b", seq=5, group=2),
        Redone(target=3, seq=6, group=6),
        PoolChanged(character="shade", pool="HP", old=13, new=8, seq=7, group=7),
    ]
    _same_as_from_the_start(events)
    recap = build(iter(events), None, True, None, len(events), log_marks(events))
    assert not any("13" in line.text for s in recap.sessions for g in s.groups for line in g.lines)


def test_a_secret_change_redone_after_an_event_of_an_older_group_stays_secret() -> None:
    events: list[Event] = [
        CampaignCreated(name="t", system="fhtagn", seq=1, group=1),
        CharacterCreated(id="ada", name="Ada", kind="agent", stats={"POW": 14}, current={"SAN": 70}, seq=2, group=2),
        NoteAdded(text="a", seq=3, group=3),
        PoolChanged(character="ada", pool="SAN", old=70, new=65, seq=4, group=4, secret=True),
        Undone(target=4, seq=5, group=5),
        NoteAdded(text="b", seq=6, group=3),
        Redone(target=4, seq=7, group=7),
        DiceRolled(expr="1d100", total=42, label="SAN", character="ada", target=65, level="success", seq=8, group=8),
    ]
    _same_as_from_the_start(events)
    recap = build(iter(events), None, True, None, len(events), log_marks(events))
    assert not any("65" in line.text for s in recap.sessions for g in s.groups for line in g.lines)


def _hand_made(seed: int, size: int) -> list[Event]:
    """A log as a hand could write it: groups reused, out of order or 0, undos and redos of any group
    (mostly the one a projection has on top), secrets, a hidden character."""
    rng = random.Random(seed)
    events: list[Event] = [
        CampaignCreated(name="t", system="fhtagn", seq=1, group=1),
        CharacterCreated(id="ada", name="Ada", kind="agent", stats={"STR": 10}, current={"HP": 11}, seq=2, group=2),
        CharacterCreated(id="shade", name="Shade", kind="npc", stats={"STR": 14}, current={"HP": 13}, hidden=True,
                         seq=3, group=3),
    ]
    from fhtagn_tui.domain.history import Projection
    proj = Projection(checkpoint_every=0)
    for ev in events:
        proj.apply(ev)
    hp = {"ada": 11, "shade": 13}
    for seq in range(4, 4 + size):
        roll = rng.random()
        on_top = proj.done[-1].group if proj.done else seq
        group = rng.choice([seq] * 5 + [0, on_top, on_top, rng.randint(1, seq), seq + 2])
        secret = rng.random() < 0.3
        ev: Event
        if roll < 0.3:
            ev = NoteAdded(text=f"n{seq}", seq=seq, group=group, secret=secret)
        elif roll < 0.6:
            who = rng.choice(["ada", "shade"])
            new = rng.randint(0, 15)
            ev = PoolChanged(character=who, pool="HP", old=hp[who], new=new, seq=seq, group=group, secret=secret)
            hp[who] = new
        elif roll < 0.8:
            top = proj.done[-1].group if proj.done and rng.random() < 0.8 else rng.randint(0, seq)
            ev = Undone(target=top, seq=seq, group=group)
        else:
            top = proj.undone[-1].group if proj.undone and rng.random() < 0.8 else rng.randint(0, seq)
            ev = Redone(target=top, seq=seq, group=group)
        proj.apply(ev)
        events.append(ev)
    return events


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(seed=st.integers(0, 1 << 30), size=st.integers(1, 30))
def test_a_log_written_by_hand_is_told_alike_with_the_history_kept_from_since(seed: int, size: int) -> None:
    _same_as_from_the_start(_hand_made(seed, size))


def test_a_type_spelled_with_an_escape_is_read_by_the_marks() -> None:
    """(``"\\u0055ndone"`` reads as ``"Undone"``: the first pass must not skip its chunk, or it would
    fold the log without the history that undo needs — or tell players a reveal the GM took back.)"""
    first = CampaignCreated(name="t", system="fhtagn", seq=1, group=1)
    notes = [NoteAdded(text=str(n), seq=n, group=n) for n in range(2, 6)]
    records = [encode(ev) for ev in [first, *notes]]
    escaped = encode(Undone(target=5, seq=6, group=6)).replace(b'"Undone"', b'"\\u0055ndone"')
    assert isinstance(decode_one(escaped, 5), Undone)
    marks = log_marks_of_records([*records, escaped])
    assert marks is not None and marks.undo and marks.since == 5
    assert marks == log_marks([first, *notes, decode_one(escaped, 5)])
    # a note whose text holds escapes is still skipped (read as none marked)
    quoted = encode(NoteAdded(text='say "hi"\n', seq=6, group=6))
    marks = log_marks_of_records([*records, quoted])
    assert marks is not None and not marks.undo
