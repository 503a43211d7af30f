"""Lean heads: a replay reads the record of an event whose evolver reads only a few of its fields
(``decide.evolver(…, reads=…)``: a pool change, a condition) as a head holding just those fields,
and folds that head with the event's own evolver.  Each such evolver must read nothing else of the
event and fold its head to exactly the state the event gives; whatever reads the event itself (an
undo label, review, the Log) gets the real event, decoded from its record; a head whose type was
given another evolver since is read in full.  (The fold of whole logs through these heads is held
equal to folding one event at a time in ``test_fold_equivalence.py``.)"""

from __future__ import annotations

from typing import Any

import pytest
from msgspec.structs import replace

from fhtagn_tui.domain import codec, decide
from fhtagn_tui.domain.decide import EVOLVERS
from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.features.campaign import (
    CharacterCreated,
    ConditionAdded,
    ConditionRemoved,
    PoolChanged,
)
from fhtagn_tui.domain.history import Projection
from fhtagn_tui.domain.replay.declared import COUNTED, LEAN
from fhtagn_tui.domain.replay.heads import HEAD_TYPES, Head, head_of
from fhtagn_tui.domain.state import State
from tests.review.test_fold_equivalence import (
    SCRIPTS,
    assert_real_firsts,
    assert_same,
    one_at_a_time,
    session_log,
)


class Reading:
    """An event that notes which of its attributes are read."""

    def __init__(self, ev: Event, seen: set[str]) -> None:
        self._ev, self._seen = ev, seen

    def __getattr__(self, name: str) -> Any:
        self._seen.add(name)
        return getattr(self._ev, name)


def _lean_log(system: str) -> list[Event]:
    ops = ("pool", "cond add", "cond add", "cond remove", "cond remove", "roll", "undo", "redo")
    events = session_log(system, [(i, op) for i in range(len(SCRIPTS[system]) + 1) for op in ops], 11)
    # on no one: each evolver gives the state as it was
    return events + [PoolChanged(character="nobody", pool="HP", old=1, new=2, seq=len(events) + 1),
                     ConditionAdded(character="nobody", condition="x", seq=len(events) + 2),
                     ConditionRemoved(character="nobody", condition="x", seq=len(events) + 3)]


def test_the_lean_types_are_the_pool_changes_and_the_conditions() -> None:
    assert set(LEAN) >= {PoolChanged, ConditionAdded, ConditionRemoved}
    for kind, fn in LEAN.items():
        assert EVOLVERS[kind] is fn and kind not in COUNTED
        assert len(head_of(kind).__struct_fields__) > 3  # it reads some fields (a counted head reads none)


@pytest.mark.parametrize("system", sorted(SCRIPTS))
def test_each_lean_evolver_reads_only_its_fields_and_folds_its_head_as_the_event(system: str) -> None:
    events = _lean_log(system)
    fold = Projection(checkpoint_every=0)
    seen: dict[type, int] = {}
    for ev in events:
        fn = LEAN.get(type(ev))
        if fn is not None:
            state = fold.state
            read: set[str] = set()
            after = fn(state, ev)
            assert fn(state, Reading(ev, read)) == after
            head = codec.decode_for_replay([codec.encode(ev)])[0]
            assert isinstance(head, Head) and head.of is type(ev)
            assert read <= set(head.__struct_fields__), f"{type(ev).__name__}'s evolver reads {read}"
            assert fn(state, head) == after
            seen[type(ev)] = seen.get(type(ev), 0) + (after is not state)
        fold.apply(ev)
    assert set(seen) == {PoolChanged, ConditionAdded, ConditionRemoved}
    assert all(seen.values())  # each changed a state at least once


def test_a_field_an_evolver_does_not_name_is_missed() -> None:
    """The check above can fail: an evolver reading a field its head does not hold is caught."""
    seen: set[str] = set()
    ev = PoolChanged(character="ada", pool="HP", old=3, new=4, reason="fall")
    assert Reading(ev, seen).reason == "fall" and seen == {"reason"}
    head = codec.decode_for_replay([codec.encode(ev)])[0]
    assert not hasattr(head, "reason") and not hasattr(head, "old") and not hasattr(head, "rules")


def test_a_head_reads_only_declared_fields_of_its_own_event() -> None:
    with pytest.raises(ValueError, match="no field 'nope'"):
        head_of(CharacterCreated, ("name", "nope"))
    with pytest.raises(ValueError, match="no field 'seq'"):  # every head reads it already
        head_of(CharacterCreated, ("seq",))
    assert all(of is not CharacterCreated for of in HEAD_TYPES.values())  # nothing made of it
    with pytest.raises(ValueError, match="made already"):
        head_of(PoolChanged, ("character",))
    assert head_of(PoolChanged) is head_of(PoolChanged, ("character", "pool", "new"))


@pytest.mark.parametrize("system", sorted(SCRIPTS))
def test_the_replay_of_lean_heads_gives_the_real_events_to_whoever_reads_them(system: str) -> None:
    events = _lean_log(system)
    lines = [codec.encode(e) for e in events]
    heads = codec.decode_for_replay(lines)
    assert sum(type(h).__name__ == "PoolChangedHead" for h in heads) > 5
    ref, _ = one_at_a_time(events, 4)
    fold = Projection(checkpoint_every=4)
    fold.apply_all(heads, log=lines)
    assert_same(fold, ref)
    assert_real_firsts(fold, events)
    assert any(type(r.head).__name__ == "PoolChangedHead" and type(r.first) is PoolChanged for r in fold.done)
    lean = next(h for h in heads if type(h).__name__ == "ConditionAddedHead")
    with pytest.raises(TypeError, match="not an event"):
        Projection().apply(lean)  # type: ignore[arg-type]  # a head is never folded as an event


def test_a_lean_head_whose_type_was_given_another_evolver_is_read_in_full(monkeypatch: pytest.MonkeyPatch) -> None:
    own = EVOLVERS[PoolChanged]
    got: list[Any] = []

    def patched(state: State, ev: PoolChanged) -> State:
        got.append(ev)
        return own(state, replace(ev, new=ev.new + ev.old))  # reads a field the head does not hold

    events = _lean_log("fhtagn")
    lines = [codec.encode(e) for e in events]
    heads = codec.decode_for_replay(lines)  # PoolChanged as heads: the decoder was made while it was lean
    monkeypatch.setitem(decide.EVOLVERS, PoolChanged, patched)
    ref, _ = one_at_a_time(events, 3)
    got.clear()
    fold = Projection(checkpoint_every=3)
    fold.apply_all(heads, log=lines)
    assert_same(fold, ref)
    assert got and all(type(ev) is PoolChanged for ev in got)
