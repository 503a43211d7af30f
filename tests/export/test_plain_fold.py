"""A log that holds no undo or redo is exported with a fold that keeps no undo history
(:class:`~fhtagn_tui.domain.plain_fold.PlainFold`): the same states as the projection's, event by
event, the same public projection streamed, and the same recaps (GM and players) — and an undo is
refused, never folded without its history."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from fhtagn_tui.domain import decide
from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.features.campaign import CampaignCreated, NoteAdded
from fhtagn_tui.domain.history import Projection, Redone, Undone
from fhtagn_tui.domain.public import PublicEntry, PublicLog
from fhtagn_tui.domain.replay import stream_public
from fhtagn_tui.domain.replay.declared import COUNTED
from fhtagn_tui.domain.replay.plain import PlainFold
from fhtagn_tui.domain.state import State
from fhtagn_tui.export.recap import LogMarks, build_recap, log_marks, log_marks_of_records
from fhtagn_tui.export.recap import _build as build
from tests.export.test_export import SESSIONS
from tests.export.test_export import play as golden_play
from tests.serve.test_public_property import OPS, SETUP
from tests.serve.test_public_stream import events_of, gm_sessions

#: The operations of the public property but undo and redo: logs a plain fold may fold.
PLAIN_OPS = [op for op in OPS if op not in ("undo", "redo")]


def uncounted(state: State | None) -> State | None:
    """``state`` but for its counts of free rolls and notes (a fold with ``count=False`` keeps none)."""
    return None if state is None else replace(state, rolls=0, notes=0)


def check(events: list[Event]) -> None:
    marks = log_marks(events)
    assert not marks.undo
    proj, plain, lean = Projection(checkpoint_every=0), PlainFold(), PlainFold(count=False)
    for ev in events:
        before = lean.state
        proj.apply(ev)
        plain.apply(ev)
        lean.apply(ev)
        assert (plain.state, plain.seq, plain.open_group) == (proj.state, proj.seq, proj.open_group)
        assert (uncounted(lean.state), lean.seq, lean.open_group) == (uncounted(proj.state), proj.seq, proj.open_group)
        if type(ev) in COUNTED:
            assert lean.state is before  # (no state made for a free roll or a note)
    assert not plain.done and not plain.undone and not lean.done
    general = [(ev, entry, session, uncounted(before), uncounted(log.fold.state), uncounted(log.gm.state if log.gm else None))
               for ev, entry, session, before, log in stream_public(iter(events), marks.reveals, marks.revealed,
                                                                    marks.targets)]
    streamed = [(ev, entry, session, uncounted(before), uncounted(log.fold.state), uncounted(log.gm.state if log.gm else None))
                for ev, entry, session, before, log in stream_public(iter(events), marks.reveals, marks.revealed,
                                                                     marks.targets, undo=False)]
    assert streamed == general
    with_history = replace(marks, undo=True)
    for players in (False, True):
        for session in (None, *marks.sessions):
            assert (build(iter(events), session, players, None, len(events), marks)
                    == build(iter(events), session, players, None, len(events), with_history))


@gm_sessions(25, PLAIN_OPS)
def test_a_log_without_undo_is_told_alike_without_the_undo_history(system: str, ops: list[str], seed: int) -> None:
    check(events_of(system, ops, seed))


def test_every_kind_of_operation_but_undo_in_each_system() -> None:
    for system in sorted(SETUP):
        check(events_of(system, ["fight", "attack", "secret note", "note", "secret char", "pool hidden",
                                 "secret pool", "reveal", "chase", "secret session", "note", "pool pc",
                                 "reveal", "attack", "session"], 7))


@pytest.mark.parametrize("system", sorted(SESSIONS))
def test_the_golden_sessions_without_their_undo(system: str) -> None:
    events = golden_play(system)
    kept = [ev for ev in events if not isinstance(ev, Undone | Redone)]
    if len(kept) != len(events):
        assert log_marks(events).undo  # (a log with an undo keeps its history)
    check(kept)


def test_the_marks_tell_whether_the_log_holds_an_undo_or_a_redo() -> None:
    first = CampaignCreated(name="t", system="fhtagn", seq=1, group=1)
    note = NoteAdded(text="x", seq=2, group=2)
    assert not log_marks([first, note]).undo
    assert log_marks([first, note, Undone(target=2, seq=3, group=3)]).undo
    assert log_marks([first, note, Redone(target=2, seq=3, group=3)]).undo
    assert LogMarks(set(), []).undo  # (marks made without asking: the undo history is kept)
    records = [b'{"type":"CampaignCreated","name":"t","system":"fhtagn","seq":1,"group":1}',
               b'{"type":"NoteAdded","text":"x","seq":2,"group":2}']
    fast = log_marks_of_records(records)
    assert fast is not None and not fast.undo
    fast = log_marks_of_records([*records, b'{"type":"Undone","target":2,"seq":3,"group":3}'])
    assert fast is not None and fast.undo


def test_a_note_folded_by_another_evolver_is_folded_by_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """(``count=False`` skips the counters only while they are the table's: an evolver put in a
    counter's place since — a feature, a test — is called.)"""
    seen: list[str] = []

    def fold_note(state: State, ev: NoteAdded) -> State:
        seen.append(ev.text)
        return replace(state, title=ev.text)

    monkeypatch.setitem(decide.EVOLVERS, NoteAdded, fold_note)
    lean = PlainFold(count=False)
    lean.apply(CampaignCreated(name="t", system="fhtagn", seq=1, group=1))
    lean.apply(NoteAdded(text="x", seq=2, group=2))
    assert seen == ["x"] and lean.state.title == "x"


def test_an_undo_is_refused_without_the_undo_history() -> None:
    events: list[Event] = [CampaignCreated(name="t", system="fhtagn", seq=1, group=1),
                           NoteAdded(text="x", seq=2, group=2), Undone(target=2, seq=3, group=3)]
    plain = PlainFold()
    plain.apply(events[0])
    plain.apply(events[1])
    state = plain.state
    for kind in (Undone, Redone):
        with pytest.raises(ValueError, match="without undo history"):
            plain.apply(kind(target=2, seq=3, group=3))
        assert plain.state is state
    with pytest.raises(ValueError, match="no undo or redo"):
        list(stream_public(iter(events), set(), set(), set(), undo=False))
    # the recap asks for the history when the log has an undo: told as before
    assert build_recap(events).sessions[0].groups[-1].lines[-1].text.startswith("Undo")


def test_a_streamed_projection_tells_each_event_by_its_own_steps() -> None:
    """``PublicLog.streamed(…).tell`` taken an event at a time (the players' recap) gives the steps
    ``stream_public`` yields, and is the projection's own ``_one`` (a subclass's, when overridden)."""
    events = events_of("coc7", ["note", "secret note", "pool pc", "secret char", "attack", "reveal", "undo",
                                "session", "pool hidden"], 5)
    marks = log_marks(events)

    class Counted(PublicLog):
        calls = 0

        def _one(self, ev: Event) -> PublicEntry | None:
            Counted.calls += 1
            return super()._one(ev)

    for undo in (True, False):
        kept = events if undo else [ev for ev in events if not isinstance(ev, Undone | Redone)]
        log = Counted.streamed(marks.reveals, marks.revealed, marks.targets, undo)
        Counted.calls = 0
        steps = []
        tell = log.tell
        for ev in kept:
            before = log.fold.state
            tell(ev)
            if log.applied:
                steps.append((*log.applied.pop(), before))
        assert Counted.calls == len(kept)
        assert steps == [(ev, entry, session, before) for ev, entry, session, before, _ in
                         stream_public(iter(kept), marks.reveals, marks.revealed, marks.targets, undo)]
