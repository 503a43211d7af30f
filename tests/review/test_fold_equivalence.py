"""The replay's fold (``Projection.apply_all``: the evolver table, free rolls and notes counted
rather than folded one state each) gives exactly what folding one event at a time gives
(``Projection.apply``): the state after every event, the undo and redo stacks (the state before
and after each group), the checkpoints, ``state_at`` and what undo and redo do next.  So does the
replay of the log's records (``codec.decode_for_replay`` + ``apply_all(…, log=…)``), where the
counted events are read as their heads: every undo record's first event is then the real event,
decoded from its record when asked.

Logs: each system's scripted session of ``test_undo_every_command`` (every command kind across
the three systems) with runs of free rolls, tests, notes, pools and conditions, undo and redo
mixed in where hypothesis puts them, encoded and decoded as the store does.  The evolvers made
cheaper for replay are also checked against the way they were written before, event by event.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from itertools import chain
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from fhtagn_tui.commands import ParseError
from fhtagn_tui.domain import codec, decide, history
from fhtagn_tui.domain.decide import EVOLVERS, Rejected
from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.features.campaign import (
    ConditionAdded,
    ConditionRemoved,
    CreateCampaign,
    DiceRolled,
    NoteAdded,
    PoolChanged,
)
from fhtagn_tui.domain.features.reference import TableRolled
from fhtagn_tui.domain.history import Checkpoint, GroupRecord, Projection, Redone, Undone
from fhtagn_tui.domain.replay import fast
from fhtagn_tui.domain.replay.declared import COUNTED, LEAN, REGISTERED
from fhtagn_tui.domain.replay.heads import Head
from fhtagn_tui.domain.state import State
from fhtagn_tui.rules.dice import RandomSource
from fhtagn_tui.service import Engine, MemorySink
from tests.review.test_undo_every_command import COC7, FHTAGN, GURPS

SCRIPTS = {"fhtagn": FHTAGN, "coc7": COC7, "gurps": GURPS}
PC = {"fhtagn": "ada", "coc7": "harvey", "gurps": "ilse"}
SKILL = {"fhtagn": "Firearms", "coc7": "Dodge", "gurps": "DX"}
POOL = {"fhtagn": "WP", "coc7": "Luck", "gurps": "FP"}  # a pool whose change is only a PoolChanged
#: Between two script lines: what a session is mostly made of, and undo/redo.
EXTRA = ("roll", "roll", "test", "note", "pool", "cond add", "cond remove", "table", "undo", "undo", "redo")


def extra_line(op: str, system: str, n: int) -> str:
    who = PC[system]
    return {
        "roll": f"roll {1 + n % 3}d6",
        "test": f"test {who} {SKILL[system]}",
        "note": f"note Clue {n}" + (" secret" if n % 4 == 0 else ""),
        "pool": f"char pool {who} {POOL[system]}={3 + n % 5}",
        "cond add": f"cond add {who} {('stunned', 'prone')[n % 2]}",
        "cond remove": f"cond remove {who} {('stunned', 'prone', 'bleeding')[n % 3]}",
        "table": {"coc7": "table roll location", "gurps": "table roll gurps-fright"}.get(system, "roll 1d100"),
        "undo": "undo",
        "redo": "redo",
    }[op]


def session_log(system: str, extras: Sequence[tuple[int, str]], seed: int) -> list[Event]:
    """The system's script with ``extras`` (after script line i: op) run by the real engine, the
    log then encoded and decoded (the events a replay reads)."""
    eng = Engine(MemorySink(), source=RandomSource(seed), clock=lambda: 1_700_000_000.0)
    eng.run(CreateCampaign(name=f"eq-{system}", system=system))
    after: dict[int, list[str]] = {}
    for i, op in extras:
        after.setdefault(i % (len(SCRIPTS[system]) + 1), []).append(op)
    for n, line in enumerate(("",) + SCRIPTS[system]):
        for text in ([line] if line else []) + [extra_line(op, system, n + k) for k, op in enumerate(after.get(n, ()))]:
            try:
                eng.execute(text)
            except (Rejected, ParseError):
                pass  # an undo with nothing to undo, a condition not held …
    sink = eng.sink
    assert isinstance(sink, MemorySink)
    return codec.decode_many([codec.encode(e) for e in sink.events])


def one_at_a_time(events: Sequence[Event], every: int) -> tuple[Projection, list[State]]:
    ref = Projection(checkpoint_every=every)
    states = [ref.state]
    for ev in events:
        ref.apply(ev)
        states.append(ref.state)
    return ref, states


def records(stack: Sequence[GroupRecord]) -> list[tuple[int, int, State, State | None]]:
    return [(r.group, r.first_seq, r.before, r.after) for r in stack]


def checkpoints(cps: Sequence[Checkpoint]) -> list[tuple[int, State, int, object, object]]:
    return [(cp.seq, cp.state, cp.open_group, records(cp.done), records(cp.undone)) for cp in cps]


def assert_same(fold: Projection, ref: Projection) -> None:
    assert (fold.seq, fold.open_group) == (ref.seq, ref.open_group)
    assert fold.state == ref.state
    assert records(fold.done) == records(ref.done)
    assert records(fold.undone) == records(ref.undone)
    assert [r.label for r in fold.done] == [r.label for r in ref.done]
    assert checkpoints(fold.checkpoints) == checkpoints(ref.checkpoints)


def assert_real_firsts(fold: Projection, events: Sequence[Event]) -> None:
    """Every undo record (on the stacks and in the checkpoints) gives the real event it began with."""
    stacks = [fold.done, fold.undone] + [cp.done for cp in fold.checkpoints] + [cp.undone for cp in fold.checkpoints]
    for stack in stacks:
        for r in stack:
            assert not isinstance(r.first, Head) and r.first == events[r.first_seq - 1]


def check_log(events: list[Event], every: int) -> None:
    ref, states = one_at_a_time(events, every)
    for chunks in ([events], [events[i : i + 7] for i in range(0, len(events), 7)]):  # a list; chunks as the store reads
        fold = Projection(checkpoint_every=every)
        fold.apply_all(chain.from_iterable(chunks))
        assert_same(fold, ref)
    # a fold that goes on from where another stopped (the engine folds each command's events)
    half = len(events) // 2
    fold = Projection(checkpoint_every=every)
    fold.apply_all(events[:half])
    fold.apply_all(events[half:])
    assert_same(fold, ref)
    check_positions(fold, events, states)
    # the replay of the records: counted events read as heads (whole, in chunks, in two folds)
    lines = [codec.encode(e) for e in events]
    heads = codec.decode_for_replay(lines)
    assert [isinstance(h, Head) for h in heads] == [type(e) in COUNTED or type(e) in LEAN for e in events]
    for chunks in ([heads], [heads[i : i + 7] for i in range(0, len(heads), 7)], [heads[:half], heads[half:]]):
        fold = Projection(checkpoint_every=every)
        for chunk in chunks:
            fold.apply_all(chunk, log=lines)
        assert_same(fold, ref)
        assert_real_firsts(fold, events)
    check_positions(fold, events, states)


def check_positions(fold: Projection, events: list[Event], states: list[State]) -> None:
    # the state at every seq, from the checkpoints, and what undo and redo do from there
    for seq in range(len(events) + 1):
        assert fold.state_at(seq, events) == states[seq]
    for seq in range(0, len(events) + 1, max(1, len(events) // 12)):
        probe, expected = fold.at(seq, events), one_at_a_time(events[:seq], 0)[0]
        assert_same(probe, expected)
        for step in (Projection.undo_event, Projection.redo_event):
            try:
                made = step(expected)
            except Rejected:
                with pytest.raises(Rejected):
                    step(probe)
                continue
            assert step(probe) == made
            nxt = replace(made, seq=seq + 1, group=seq + 1)
            probe.apply_all([nxt])
            expected.apply(nxt)
            assert_same(probe, expected)


EXTRAS = st.lists(st.tuples(st.integers(0, 200), st.sampled_from(EXTRA)), min_size=0, max_size=60)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(system=st.sampled_from(sorted(SCRIPTS)), extras=EXTRAS, seed=st.integers(0, 10_000),
       every=st.sampled_from([0, 1, 5, 16]))
def test_the_replay_fold_equals_folding_one_event_at_a_time(system: str, extras: list[tuple[int, str]], seed: int,
                                                              every: int) -> None:
    check_log(session_log(system, extras, seed), every)


@pytest.mark.parametrize("system", sorted(SCRIPTS))
def test_a_wide_log_of_each_system(system: str) -> None:
    """Every script line followed by a run of rolls, notes, pools, conditions and undo/redo."""
    run = ("roll", "note", "test", "pool", "cond add", "cond remove", "table", "undo", "undo", "redo", "redo")
    # two undone and redone (the script goes on where it was), on odd lines one left undone (the
    # next action clears what could be redone)
    extras = [(i, op) for i in range(len(SCRIPTS[system]) + 1) for op in run[: len(run) - i % 2]]
    events = session_log(system, extras, 5)
    kinds = {type(e) for e in events}
    assert {DiceRolled, NoteAdded, PoolChanged, ConditionRemoved, Undone, Redone} <= kinds
    assert len(kinds) > 25 if system != "gurps" else len(kinds) > 20
    for every in (0, 3, 10):
        check_log(events, every)


@pytest.mark.parametrize("system", sorted(SCRIPTS))
def test_a_log_longer_than_the_undo_stack_leaves_the_same_stacks(system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The replay makes the undo records only of the groups the stack can hold (``replay.fast._CUT``):
    with a short stack and short cuts, every drop and every cut is met many times over."""
    monkeypatch.setattr(history, "UNDO_DEPTH", 6)
    monkeypatch.setattr(fast, "_CUT", 4)
    run = ("roll", "note", "pool", "cond add", "roll", "note", "test", "pool", "roll")
    # runs of many groups, with now and then an undo or two and a redo reaching into them
    last = len(SCRIPTS[system])
    extras = [(i, op) for i in range(last + 1) for op in run + ("undo", "undo", "redo") * (i % 3 == 0 and i < last)]
    events = session_log(system, extras, 9)
    assert len(events) > 150 and type(events[-1]) not in (Undone, Redone)
    for every in (0, 5, 13):
        check_log(events, every)
        fold = Projection(checkpoint_every=every)
        fold.apply_all(events)
        assert fold.done.maxlen == 6 and len(fold.done) == 6


@pytest.mark.parametrize("depth", [0, 1, 3])
def test_a_fold_on_a_shorter_stack_keeps_what_that_stack_holds(depth: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stack of another depth (the public projection gives its folds one) keeps the groups it
    would keep one event at a time, however few (also none), the pending cut and written to it."""
    monkeypatch.setattr(fast, "_CUT", 4)
    events = session_log("fhtagn", [(i, op) for i in range(12) for op in ("roll", "pool", "note")], 1)
    fold, ref = Projection(checkpoint_every=0), Projection(checkpoint_every=0)
    fold.done, ref.done = deque(maxlen=depth), deque(maxlen=depth)
    fold.apply_all(events)
    for ev in events:
        ref.apply(ev)
    assert len(fold.done) == depth and records(fold.done) == records(ref.done) and fold.state == ref.state


@pytest.mark.parametrize("system", sorted(SCRIPTS))
def test_every_evolver_keeps_the_counts_as_they_are(system: str) -> None:
    """The replay folds the other events on a state whose counts of free rolls and notes are not
    written in yet (``decide.evolver``): every evolver must keep them and not depend on them."""
    assert EVOLVERS == REGISTERED  # as registered: the replay carries the counts over every evolver
    run = ("roll", "note", "test", "pool", "cond add", "cond remove", "table", "undo", "redo")
    events = session_log(system, [(i, op) for i in range(len(SCRIPTS[system]) + 1) for op in run], 7)
    fold = Projection(checkpoint_every=0)
    seen = set()
    for ev in events:
        fn = EVOLVERS.get(type(ev))
        if fn is not None and type(ev) not in COUNTED:
            state = fold.state
            after = fn(state, ev)
            assert fn(replace(state, rolls=state.rolls + 3, notes=state.notes + 5), ev) == replace(
                after, rolls=after.rolls + 3, notes=after.notes + 5), type(ev).__name__
            seen.add(type(ev))
        fold.apply(ev)
    assert len(seen) > (15 if system == "gurps" else 20)


def test_a_head_whose_type_was_given_another_evolver_is_read_and_folded_by_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """An evolver patched into the table (which may read the counts) gets the real event, and the
    counts written in before it."""
    counter = EVOLVERS[DiceRolled]
    seen: list[type] = []

    def patched(state: State, ev: DiceRolled) -> State:
        seen.append(type(ev))
        return counter(replace(state, notes=state.notes * 2), ev)  # reads the notes counted so far

    events = session_log("fhtagn", [(i, op) for i in range(10) for op in ("note", "roll", "pool", "test")], 3)
    lines = [codec.encode(e) for e in events]
    heads = codec.decode_for_replay(lines)  # DiceRolled as heads: its decoder was made while it was counted
    monkeypatch.setitem(decide.EVOLVERS, DiceRolled, patched)
    ref, _ = one_at_a_time(events, 4)
    seen.clear()
    fold = Projection(checkpoint_every=4)
    fold.apply_all(heads, log=lines)
    assert_same(fold, ref)
    assert seen and set(seen) == {DiceRolled}


def test_heads_are_not_events_without_their_log() -> None:
    events = session_log("coc7", [(1, "roll"), (2, "note")], 1)
    heads = codec.decode_for_replay([codec.encode(e) for e in events])
    head = next(h for h in heads if isinstance(h, Head))
    with pytest.raises(TypeError, match="not an event"):
        Projection().apply_all(heads)
    with pytest.raises(TypeError, match="not an event"):
        Projection().apply(head)  # type: ignore[arg-type]


def test_a_record_out_of_its_place_stops_the_replay_of_the_records() -> None:
    events = session_log("fhtagn", [(i, "roll") for i in range(6)], 2)
    lines = [codec.encode(e) for e in events]
    lines[4], lines[5] = lines[5], lines[4]
    with pytest.raises(codec.OutOfPlace, match="record 5 holds seq 6 where seq 5 belongs") as caught:
        Projection().apply_all(codec.decode_for_replay(lines), log=lines)
    assert (caught.value.index, caught.value.seq, caught.value.expected) == (4, 6, 5)
    fold = Projection()
    fold.apply_all(codec.decode_many(lines))  # events without their log: seqs as they come
    assert fold.seq == len(events)


def test_counted_events_are_those_whose_evolver_only_counts() -> None:
    assert {t: field for t, (_, field) in COUNTED.items()} == {DiceRolled: "rolls", TableRolled: "rolls",
                                                               NoteAdded: "notes"}
    state = State(rolls=3, notes=4)
    samples: list[Event] = [DiceRolled(expr="1d6", total=4), NoteAdded(text="x"),
                            TableRolled(table="coc-locations", title="Locations", roll=7, row=1, result="a bar")]
    for ev in samples:
        fn, field = COUNTED[type(ev)]
        assert EVOLVERS[type(ev)] is fn
        assert fn(state, ev) == replace(state, **{field: getattr(state, field) + 1})


# --- the evolvers made cheaper, against the way they were written before ------------------------


def _pool_before(state: State, ev: PoolChanged) -> State:
    char = state.characters.get(ev.character)
    if char is None:
        return state
    current = dict(char.current)
    current[ev.pool] = ev.new
    chars = dict(state.characters)
    chars[char.id] = replace(char, current=current)
    return replace(state, characters=chars)


def _cond_added_before(state: State, ev: ConditionAdded) -> State:
    char = state.characters.get(ev.character)
    if char is None or char.has(ev.condition):
        return state
    chars = dict(state.characters)
    # (issue 31: the condition keeps what set it, for a refusal that names it)
    if char.mind.reaction_owed and ev.condition.startswith("insane-"):  # (issue 31: the owed reaction chosen)
        char = replace(char, mind=replace(char.mind, reaction_owed=""))
    chars[char.id] = replace(char, conditions=char.conditions + (ev.condition,),
                             since={**char.since, ev.condition: (ev.seq, ev.note)})
    return replace(state, characters=chars)


def _cond_removed_before(state: State, ev: ConditionRemoved) -> State:
    char = state.characters.get(ev.character)
    if char is None:
        return state
    chars = dict(state.characters)
    chars[char.id] = replace(char, conditions=tuple(c for c in char.conditions if c != ev.condition),
                             since={k: v for k, v in char.since.items() if k != ev.condition})
    # (issue 31: a condition taken away takes its length with it)
    lasting = tuple(x for x in state.lasting if (x.character, x.condition) != (char.id, ev.condition))
    return replace(state, characters=chars, lasting=lasting)


BEFORE: dict[type[Event], Callable[[State, Any], State]] = {
    PoolChanged: _pool_before,
    ConditionAdded: _cond_added_before,
    ConditionRemoved: _cond_removed_before,
}


@pytest.mark.parametrize("system", sorted(SCRIPTS))
def test_the_cheaper_evolvers_give_what_they_gave_before(system: str) -> None:
    extras = [(i, op) for i in range(len(SCRIPTS[system]) + 1) for op in ("pool", "cond add", "cond remove", "cond remove")]
    events = session_log(system, extras, 3)
    events += [PoolChanged(character="nobody", pool="HP", old=1, new=2), ConditionRemoved(character="nobody", condition="x"),
               ConditionAdded(character="nobody", condition="x")]
    fold = Projection(checkpoint_every=0)
    seen = 0
    for ev in events:
        old = BEFORE.get(type(ev))
        if old is not None:
            assert EVOLVERS[type(ev)](fold.state, ev) == old(fold.state, ev)
            seen += 1
        fold.apply(ev)
    assert seen > 40
