"""The read side's contract: every way :mod:`fhtagn_tui.domain.replay` folds a log gives what folding
it one event at a time gives (``Projection.apply``: the reference).  One suite: every strategy
(:data:`STRATEGIES`) runs against the same logs.

* ``fast`` — ``replay.fold(events)``: the evolver table in one tight loop, free rolls and notes
  counted rather than folded one state each.  The state after every event, the undo and redo stacks
  (the state before and after each group), the checkpoints, ``state_at``, ``at`` and what undo and
  redo do next — whole, in chunks as the store reads, and in two folds one after the other.
* ``records`` — ``replay.fold(decode_for_replay(lines), log=lines)``: the replay of the log's
  records, where counted events and those whose evolver reads only a few fields (lean) are read as
  heads: the same, and every undo record's first event is the real event, decoded when asked.
* ``plain`` — ``replay.fold(since=0)`` (and ``count=False``): the fold without the undo history, of
  the log without its undos and redos: the same state, seq and open group after every event (but the
  counts of free rolls and notes, uncounted), no state made for a counted event.
* ``since`` — ``replay.fold(events, since=LogMarks.since)``: plain up to the first seq or group an
  undo or redo is at or reaches, with the history from there: the same state, seq and open group.
* ``public`` — ``replay.stream_public`` with the log's marks (plain where no undo reaches; without
  any history when the log holds no undo): the same steps as with the history kept from the start.
* ``players`` — the public projection of the whole log, fed as the log grows (the player view),
  with the GM's fold kept from the start, and streamed: the same entries, steps and public fold.
* ``recap`` — the recaps (GM and players, the whole log and each session) built with the log's marks:
  the same as with the history kept from the start.

Logs: each system's scripted session of ``test_undo_every_command`` (every command kind across the
three systems) with runs of free rolls, tests, notes, pools and conditions, undo and redo mixed in
where hypothesis puts them; random GM sessions with secrets, reveals and hidden characters (with and
without undo); the golden sessions of the exports; logs written by hand (groups reused, out of order
or 0; undos of any group); a log longer than the undo stack.  What only one strategy has (the heads,
the refusals, the marks) follows them.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Sequence
from itertools import chain
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from fhtagn_tui.commands import ParseError
from fhtagn_tui.domain import codec, decide, replay
from fhtagn_tui.domain.decide import EVOLVERS, Rejected
from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.features.campaign import (
    CampaignCreated,
    CharacterCreated,
    ConditionAdded,
    ConditionRemoved,
    CreateCampaign,
    DiceRolled,
    NoteAdded,
    PoolChanged,
)
from fhtagn_tui.domain.features.reference import TableRolled
from fhtagn_tui.domain.public import PublicEntry, PublicLog, public_log, reveal_marks
from fhtagn_tui.domain.replay import (
    Checkpoint,
    GroupRecord,
    Projection,
    Redone,
    Undone,
    fast,
    projection,
    stream_public,
)
from fhtagn_tui.domain.replay.declared import COUNTED, LEAN, REGISTERED
from fhtagn_tui.domain.replay.heads import HEAD_TYPES, Head, head_of
from fhtagn_tui.domain.replay.plain import PlainFold
from fhtagn_tui.domain.state import State
from fhtagn_tui.export import export_text
from fhtagn_tui.export import recap as recap_module
from fhtagn_tui.export.recap import LogMarks, build_recap, log_marks, log_marks_of_records
from fhtagn_tui.export.recap import _build as build
from fhtagn_tui.rules.dice import RandomSource
from fhtagn_tui.service import Engine, MemorySink
from tests.export.test_export import SESSIONS
from tests.export.test_export import play as golden_play
from tests.review.test_undo_every_command import COC7, FHTAGN, GURPS
from tests.serve.test_public_property import OPS, SETUP
from tests.serve.test_public_stream import events_of, gm_sessions

# --- the logs ------------------------------------------------------------------------------------

SCRIPTS = {"fhtagn": FHTAGN, "coc7": COC7, "gurps": GURPS}
PC = {"fhtagn": "ada", "coc7": "harvey", "gurps": "ilse"}
SKILL = {"fhtagn": "Firearms", "coc7": "Dodge", "gurps": "DX"}
POOL = {"fhtagn": "WP", "coc7": "Luck", "gurps": "FP"}  # a pool whose change is only a PoolChanged
#: Between two script lines: what a session is mostly made of, and undo/redo.
EXTRA = ("roll", "roll", "test", "note", "pool", "cond add", "cond remove", "table", "undo", "undo", "redo")
#: The operations of the public property but undo and redo: logs a plain fold may fold whole.
PLAIN_OPS = [op for op in OPS if op not in ("undo", "redo")]


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


def lean_log(system: str) -> list[Event]:
    """Pool changes and conditions (the lean types) among rolls, undo and redo; then each on no one."""
    ops = ("pool", "cond add", "cond add", "cond remove", "cond remove", "roll", "undo", "redo")
    events = session_log(system, [(i, op) for i in range(len(SCRIPTS[system]) + 1) for op in ops], 11)
    # on no one: each evolver gives the state as it was
    return events + [PoolChanged(character="nobody", pool="HP", old=1, new=2, seq=len(events) + 1),
                     ConditionAdded(character="nobody", condition="x", seq=len(events) + 2),
                     ConditionRemoved(character="nobody", condition="x", seq=len(events) + 3)]


def hand_made(seed: int, size: int) -> list[Event]:
    """A log as a hand could write it: groups reused, out of order or 0, undos and redos of any group
    (mostly the one a projection has on top), secrets, a hidden character."""
    rng = random.Random(seed)
    events: list[Event] = [
        CampaignCreated(name="t", system="fhtagn", seq=1, group=1),
        CharacterCreated(id="ada", name="Ada", kind="agent", stats={"STR": 10}, current={"HP": 11}, seq=2, group=2),
        CharacterCreated(id="shade", name="Shade", kind="npc", stats={"STR": 14}, current={"HP": 13}, hidden=True,
                         seq=3, group=3),
    ]
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


# --- the reference, and what is compared with it ---------------------------------------------------


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
            replay.fold([nxt], onto=probe)
            expected.apply(nxt)
            assert_same(probe, expected)


def uncounted(state: State | None) -> State | None:
    """``state`` but for its counts of free rolls and notes (a fold with ``count=False`` keeps none)."""
    return None if state is None else replace(state, rolls=0, notes=0)


def from_the_start(marks: LogMarks) -> LogMarks:
    """The marks of the same log read as one an undo may reach anywhere: the history kept from the start."""
    return replace(marks, undo=True, since=1)


def steps(events: list[Event], marks: LogMarks) -> list[tuple[object, ...]]:
    """What the public stream yields (the states uncounted: a plain fold does not count)."""
    return [(ev, entry, session, uncounted(before), uncounted(log.fold.state), uncounted(log.gm.state if log.gm else None))
            for ev, entry, session, before, log in stream_public(iter(events), marks.reveals, marks.revealed,
                                                                 marks.targets, marks.undo, marks.since)]


# --- the strategies --------------------------------------------------------------------------------


def fast_fold(events: list[Event], every: int) -> None:
    ref, states = one_at_a_time(events, every)
    for chunks in ([events], [events[i : i + 7] for i in range(0, len(events), 7)]):  # a list; chunks as the store reads
        fold = replay.fold(chain.from_iterable(chunks), checkpoint_every=every)
        assert_same(fold, ref)
    # a fold that goes on from where another stopped (the engine folds each command's events)
    half = len(events) // 2
    fold = replay.fold(events[:half], checkpoint_every=every)
    replay.fold(events[half:], onto=fold)
    assert_same(fold, ref)
    check_positions(fold, events, states)


def records_fold(events: list[Event], every: int) -> None:
    """The replay of the records: counted and lean events read as heads (whole, in chunks, in two folds)."""
    if [ev.seq for ev in events] != list(range(1, len(events) + 1)):
        pytest.skip("its seqs are not in their places: not the records of a file (the fast fold has it)")
    ref, states = one_at_a_time(events, every)
    half = len(events) // 2
    lines = [codec.encode(e) for e in events]
    heads = codec.decode_for_replay(lines)
    assert [isinstance(h, Head) for h in heads] == [type(e) in COUNTED or type(e) in LEAN for e in events]
    for chunks in ([heads], [heads[i : i + 7] for i in range(0, len(heads), 7)], [heads[:half], heads[half:]]):
        fold = replay.fold(checkpoint_every=every)
        for chunk in chunks:
            replay.fold(chunk, log=lines, onto=fold)
        assert_same(fold, ref)
        assert_real_firsts(fold, events)
    check_positions(fold, events, states)


def plain_fold(events: list[Event], every: int) -> None:
    """The log without its undos and redos, folded without the undo history (counted, and not)."""
    kept = [ev for ev in events if not isinstance(ev, Undone | Redone)]
    assert not log_marks(kept).undo
    proj, plain, lean = Projection(checkpoint_every=every), replay.fold(since=0), replay.fold(since=0, count=False)
    for ev in kept:
        before = lean.state
        proj.apply(ev)
        plain.apply(ev)
        lean.apply(ev)
        assert (plain.state, plain.seq, plain.open_group) == (proj.state, proj.seq, proj.open_group)
        assert (uncounted(lean.state), lean.seq, lean.open_group) == (uncounted(proj.state), proj.seq, proj.open_group)
        if type(ev) in COUNTED:
            assert lean.state is before  # (no state made for a free roll or a note)
    assert not plain.done and not plain.undone and not lean.done
    assert (replay.fold(kept, since=0).state, replay.fold(kept, since=0, count=False).state) == (
        proj.state, lean.state)


def since_fold(events: list[Event], every: int) -> None:
    """Plain up to where the undos reach, with the history from there on (``replay.fold`` switches)."""
    ref, _ = one_at_a_time(events, every)
    marks = log_marks(events)
    for count in (True, False):  # (not counted: free rolls and notes compared but for their counts)
        fold = replay.fold(iter(events), since=marks.since if marks.undo else 0, count=count)
        seen: Callable[[State], State | None] = (lambda state: state) if count else uncounted
        assert (seen(fold.state), fold.seq, fold.open_group) == (seen(ref.state), ref.seq, ref.open_group)


def public_stream(events: list[Event], every: int) -> None:
    """The public projection streamed with the log's marks: the steps of the stream that keeps the history from the start."""
    marks = log_marks(events)
    assert steps(events, marks) == steps(events, from_the_start(marks))


class EagerGM(PublicLog):
    """The GM's fold kept from the log's first event (as it was before it started lazily)."""

    def _reset(self) -> None:
        super()._reset()
        self.gm = Projection(checkpoint_every=0)


def entries(log: PublicLog) -> list[tuple[int, str, int, int]]:
    return [(e.no, e.text, e.session, e.event.seq) for e in log.entries]


def players(events: list[Event], every: int) -> None:
    """The public projection read once (an export) and fed as the log grows (the player view) say
    what the whole log's projection says, and its GM's fold — started at the first secret — tells
    what one folded from the start tells."""
    whole = public_log(events)
    eager = EagerGM()
    eager.events = list(events)
    eager.rebuild()
    assert entries(whole) == entries(eager)
    fed = PublicLog()
    for ev in events:
        fed.feed([ev])
    assert entries(fed) == entries(whole)
    marks = log_marks(events)
    assert (marks.reveals, marks.revealed, marks.targets) == reveal_marks(events)
    streamed = list(stream_public(iter(events), marks.reveals, marks.revealed, marks.targets))
    assert [(ev, entry, session) for ev, entry, session, _before, _log in streamed] == whole.applied
    if streamed:
        assert streamed[-1][4].fold.state == whole.fold.state


def recap(events: list[Event], every: int) -> None:
    """The recaps with the log's marks (GM and players, the whole log and each session): as from the start."""
    marks = log_marks(events)
    whole = from_the_start(marks)
    for players in (False, True):
        for session in (None, *marks.sessions):
            assert (build(iter(events), session, players, None, len(events), marks)
                    == build(iter(events), session, players, None, len(events), whole))


STRATEGIES: dict[str, Callable[[list[Event], int], None]] = {
    "fast": fast_fold,
    "records": records_fold,
    "plain": plain_fold,
    "since": since_fold,
    "public": public_stream,
    "players": players,
    "recap": recap,
}
every_strategy = pytest.mark.parametrize("strategy", list(STRATEGIES))


def check(strategy: str, events: list[Event], every: int = 0) -> None:
    STRATEGIES[strategy](events, every)


# --- every strategy, the same logs ---------------------------------------------------------------

EXTRAS = st.lists(st.tuples(st.integers(0, 200), st.sampled_from(EXTRA)), min_size=0, max_size=60)


@every_strategy
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(system=st.sampled_from(sorted(SCRIPTS)), extras=EXTRAS, seed=st.integers(0, 10_000),
       every=st.sampled_from([0, 1, 5, 16]))
def test_a_session_with_undo_and_redo_anywhere(strategy: str, system: str, extras: list[tuple[int, str]], seed: int,
                                               every: int) -> None:
    check(strategy, session_log(system, extras, seed), every)


@every_strategy
@pytest.mark.parametrize("system", sorted(SCRIPTS))
def test_a_wide_log_of_each_system(strategy: str, system: str) -> None:
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
        check(strategy, events, every)


@every_strategy
@pytest.mark.parametrize("system", sorted(SCRIPTS))
def test_a_log_longer_than_the_undo_stack_leaves_the_same_stacks(strategy: str, system: str,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The fast fold makes the undo records only of the groups the stack can hold (``replay.fast._CUT``):
    with a short stack and short cuts, every drop and every cut is met many times over."""
    monkeypatch.setattr(projection, "UNDO_DEPTH", 6)
    monkeypatch.setattr(fast, "_CUT", 4)
    run = ("roll", "note", "pool", "cond add", "roll", "note", "test", "pool", "roll")
    # runs of many groups, with now and then an undo or two and a redo reaching into them
    last = len(SCRIPTS[system])
    extras = [(i, op) for i in range(last + 1) for op in run + ("undo", "undo", "redo") * (i % 3 == 0 and i < last)]
    events = session_log(system, extras, 9)
    assert len(events) > 150 and type(events[-1]) not in (Undone, Redone)
    for every in (0, 5, 13):
        check(strategy, events, every)
        fold = replay.fold(events, checkpoint_every=every)
        assert fold.done.maxlen == 6 and len(fold.done) == 6


@every_strategy
@pytest.mark.parametrize("system", sorted(SCRIPTS))
def test_a_log_of_lean_heads(strategy: str, system: str) -> None:
    check(strategy, lean_log(system), 4)


@every_strategy
@gm_sessions(30)
def test_a_gm_session_with_secrets_reveals_and_undos(strategy: str, system: str, ops: list[str], seed: int) -> None:
    check(strategy, events_of(system, ops, seed))


@every_strategy
@gm_sessions(25, PLAIN_OPS)
def test_a_gm_session_without_undo(strategy: str, system: str, ops: list[str], seed: int) -> None:
    events = events_of(system, ops, seed)
    assert not log_marks(events).undo
    check(strategy, events)


@every_strategy
def test_every_kind_of_operation_but_undo_in_each_system(strategy: str) -> None:
    for system in sorted(SETUP):
        check(strategy, events_of(system, ["fight", "attack", "secret note", "note", "secret char", "pool hidden",
                                           "secret pool", "reveal", "chase", "secret session", "note", "pool pc",
                                           "reveal", "attack", "session"], 7))


@every_strategy
def test_undos_late_in_a_log_leave_most_of_it_folded_plainly(strategy: str) -> None:
    """(Most logs: the history is kept only from the first group an undo takes back; every kind of
    operation before it, secrets and reveals among them, then undone, redone and revealed after.)"""
    ops = ["fight", "attack", "secret note", "note", "secret char", "pool hidden", "secret pool", "reveal",
           "chase", "secret session", "note", "pool pc", "reveal", "attack", "session", "note", "undo",
           "redo", "undo", "reveal", "undo", "pool pc", "undo"]
    for system in sorted(SETUP):
        events = events_of(system, ops, 3)
        marks = log_marks(events)
        assert marks.undo and marks.since > len(events) // 2
        check(strategy, events)


@every_strategy
def test_a_log_with_reveals_undone_and_secrets_before_public_rolls(strategy: str) -> None:
    ops = ["note", "pool pc", "secret pool", "attack", "fight", "attack", "secret note", "reveal", "undo",
           "redo", "secret session", "note", "reveal", "undo", "secret char", "pool pc", "attack"]
    events = events_of("fhtagn", ops, 3)
    assert reveal_marks(events)[0]  # the log has reveals
    check(strategy, events)


@every_strategy
@pytest.mark.parametrize("system", sorted(SESSIONS))
def test_the_golden_sessions(strategy: str, system: str) -> None:
    """(The plain strategy folds each without its undos: a log with an undo keeps its history.)"""
    check(strategy, golden_play(system))


@every_strategy
@pytest.mark.parametrize("system", sorted(SESSIONS))
def test_the_golden_sessions_without_their_undo(strategy: str, system: str) -> None:
    events = golden_play(system)
    kept = [ev for ev in events if not isinstance(ev, Undone | Redone)]
    if len(kept) != len(events):
        assert log_marks(events).undo  # (a log with an undo keeps its history)
    assert not log_marks(kept).undo
    check(strategy, kept)


@every_strategy
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(seed=st.integers(0, 1 << 30), size=st.integers(1, 30))
def test_a_log_written_by_hand(strategy: str, seed: int, size: int) -> None:
    check(strategy, hand_made(seed, size))


@every_strategy
def test_an_event_filed_again_under_the_group_on_top_keeps_what_can_be_redone(strategy: str) -> None:
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
    check(strategy, events)
    recap_ = build(iter(events), None, True, None, len(events), log_marks(events))
    assert not any("13" in line.text for s in recap_.sessions for g in s.groups for line in g.lines)


@every_strategy
def test_a_secret_change_redone_after_an_event_of_an_older_group_stays_secret(strategy: str) -> None:
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
    check(strategy, events)
    recap_ = build(iter(events), None, True, None, len(events), log_marks(events))
    assert not any("65" in line.text for s in recap_.sessions for g in s.groups for line in g.lines)


# --- the fast fold's own -----------------------------------------------------------------------


@pytest.mark.parametrize("depth", [0, 1, 3])
def test_a_fold_on_a_shorter_stack_keeps_what_that_stack_holds(depth: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stack of another depth (the public projection gives its folds one) keeps the groups it
    would keep one event at a time, however few (also none), the pending cut and written to it."""
    monkeypatch.setattr(fast, "_CUT", 4)
    events = session_log("fhtagn", [(i, op) for i in range(12) for op in ("roll", "pool", "note")], 1)
    fold, ref = Projection(checkpoint_every=0), Projection(checkpoint_every=0)
    fold.done, ref.done = deque(maxlen=depth), deque(maxlen=depth)
    replay.fold(events, onto=fold)
    for ev in events:
        ref.apply(ev)
    assert len(fold.done) == depth and records(fold.done) == records(ref.done) and fold.state == ref.state


@pytest.mark.parametrize("system", sorted(SCRIPTS))
def test_every_evolver_keeps_the_counts_as_they_are(system: str) -> None:
    """The fast fold folds the other events on a state whose counts of free rolls and notes are not
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


# --- the heads: the records' replay ---------------------------------------------------------------


class Reading:
    """An event that notes which of its attributes are read."""

    def __init__(self, ev: Event, seen: set[str]) -> None:
        self._ev, self._seen = ev, seen

    def __getattr__(self, name: str) -> Any:
        self._seen.add(name)
        return getattr(self._ev, name)


def test_the_lean_types_are_the_pool_changes_and_the_conditions() -> None:
    assert set(LEAN) >= {PoolChanged, ConditionAdded, ConditionRemoved}
    for kind, fn in LEAN.items():
        assert EVOLVERS[kind] is fn and kind not in COUNTED
        assert len(head_of(kind).__struct_fields__) > 3  # it reads some fields (a counted head reads none)


@pytest.mark.parametrize("system", sorted(SCRIPTS))
def test_each_lean_evolver_reads_only_its_fields_and_folds_its_head_as_the_event(system: str) -> None:
    events = lean_log(system)
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
    """(The fold itself is the ``records`` strategy's, on the same log: ``test_a_log_of_lean_heads``.)"""
    events = lean_log(system)
    lines = [codec.encode(e) for e in events]
    heads = codec.decode_for_replay(lines)
    assert sum(type(h).__name__ == "PoolChangedHead" for h in heads) > 5
    fold = replay.fold(heads, log=lines, checkpoint_every=4)
    assert any(type(r.head).__name__ == "PoolChangedHead" and type(r.first) is PoolChanged for r in fold.done)
    lean = next(h for h in heads if type(h).__name__ == "ConditionAddedHead")
    with pytest.raises(TypeError, match="not an event"):
        Projection().apply(lean)  # type: ignore[arg-type]  # a head is never folded as an event


def _doubling_the_old_pool(own: Any) -> Any:
    """An evolver of PoolChanged reading a field its lean head does not hold (``old``)."""
    return lambda state, ev: own(state, replace(ev, new=ev.new + ev.old))


def _doubling_the_notes(own: Any) -> Any:
    """An evolver of DiceRolled (counted) reading the counts: the notes counted so far."""
    return lambda state, ev: own(replace(state, notes=state.notes * 2), ev)


#: A head's type given another evolver (patched into the table): (the type, the patch, its log, the
#: checkpoint interval).  PoolChanged is lean (its evolver read few fields), DiceRolled counted.
PATCHED = {
    "lean head read in full": (PoolChanged, _doubling_the_old_pool, lambda: lean_log("fhtagn"), 3),
    "counted head read and folded": (
        DiceRolled, _doubling_the_notes,
        lambda: session_log("fhtagn", [(i, op) for i in range(10) for op in ("note", "roll", "pool", "test")], 3), 4),
}


@pytest.mark.parametrize("case", sorted(PATCHED))
def test_a_head_whose_type_was_given_another_evolver_is_read_and_folded_by_it(
        case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """An evolver patched into the table (one reading a field the head lacks, or the counts) gets the
    real event, with the counts written in before it: the fold equals the one-at-a-time fold."""
    kind, patch, make_log, every = PATCHED[case]
    own = EVOLVERS[kind]
    seen: list[type] = []

    def patched(state: State, ev: Any) -> State:
        seen.append(type(ev))
        return patch(own)(state, ev)  # type: ignore[no-any-return]

    events = make_log()
    lines = [codec.encode(e) for e in events]
    heads = codec.decode_for_replay(lines)  # its heads: the decoder was made before the patch
    monkeypatch.setitem(decide.EVOLVERS, kind, patched)
    ref, _ = one_at_a_time(events, every)
    seen.clear()
    fold = replay.fold(heads, log=lines, checkpoint_every=every)
    assert_same(fold, ref)
    assert seen and set(seen) == {kind}


def test_heads_are_not_events_without_their_log() -> None:
    events = session_log("coc7", [(1, "roll"), (2, "note")], 1)
    heads = codec.decode_for_replay([codec.encode(e) for e in events])
    head = next(h for h in heads if isinstance(h, Head))
    with pytest.raises(TypeError, match="not an event"):
        replay.fold(heads)
    with pytest.raises(TypeError, match="not an event"):
        Projection().apply(head)  # type: ignore[arg-type]


def test_a_record_out_of_its_place_stops_the_replay_of_the_records() -> None:
    events = session_log("fhtagn", [(i, "roll") for i in range(6)], 2)
    lines = [codec.encode(e) for e in events]
    lines[4], lines[5] = lines[5], lines[4]
    with pytest.raises(codec.OutOfPlace, match="record 5 holds seq 6 where seq 5 belongs") as caught:
        replay.fold(codec.decode_for_replay(lines), log=lines)
    assert (caught.value.index, caught.value.seq, caught.value.expected) == (4, 6, 5)
    fold = replay.fold(codec.decode_many(lines))  # events without their log: seqs as they come
    assert fold.seq == len(events)


# --- the cheaper evolvers, against the way they were written before --------------------------------


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


# --- the plain fold's own: what an undo meets, what a counter replaced does -----------------------


def test_a_note_folded_by_another_evolver_is_folded_by_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """(``count=False`` skips the counters only while they are the table's: an evolver put in a
    counter's place since — a feature, a test — is called.)"""
    seen: list[str] = []

    def fold_note(state: State, ev: NoteAdded) -> State:
        seen.append(ev.text)
        return replace(state, title=ev.text)

    monkeypatch.setitem(decide.EVOLVERS, NoteAdded, fold_note)
    lean = replay.fold(since=0, count=False)
    lean.apply(CampaignCreated(name="t", system="fhtagn", seq=1, group=1))
    lean.apply(NoteAdded(text="x", seq=2, group=2))
    assert seen == ["x"] and lean.state.title == "x"


def test_an_undo_is_refused_without_the_undo_history() -> None:
    events: list[Event] = [CampaignCreated(name="t", system="fhtagn", seq=1, group=1),
                           NoteAdded(text="x", seq=2, group=2), Undone(target=2, seq=3, group=3)]
    plain = replay.fold(since=0)
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


# --- the marks: what chooses the fold -------------------------------------------------------------


def test_the_marks_tell_whether_the_log_holds_an_undo_or_a_redo() -> None:
    first = CampaignCreated(name="t", system="fhtagn", seq=1, group=1)
    note = NoteAdded(text="x", seq=2, group=2)
    assert not log_marks([first, note]).undo
    assert log_marks([first, note, Undone(target=2, seq=3, group=3)]).undo
    assert log_marks([first, note, Redone(target=2, seq=3, group=3)]).undo
    assert LogMarks(set(), []).undo  # (marks made without asking: the undo history is kept)
    records = [b'{"type":"CampaignCreated","name":"t","system":"fhtagn","seq":1,"group":1}',
               b'{"type":"NoteAdded","text":"x","seq":2,"group":2}']
    quick = log_marks_of_records(records)
    assert quick is not None and not quick.undo
    quick = log_marks_of_records([*records, b'{"type":"Undone","target":2,"seq":3,"group":3}'])
    assert quick is not None and quick.undo


def test_since_is_the_least_seq_or_group_an_undo_or_redo_is_at_or_reaches() -> None:
    first = CampaignCreated(name="t", system="fhtagn", seq=1, group=1)
    notes = [NoteAdded(text=str(n), seq=n, group=n) for n in range(2, 7)]
    log: list[Event] = [first, *notes, Undone(target=5, seq=7, group=7), Redone(target=5, seq=8, group=8),
                        Undone(target=6, seq=9, group=9)]
    assert log_marks(log).since == 5
    assert log_marks([first, *notes]).since == 1  # (no undo: none of it is read)
    assert LogMarks(set(), []).since == 1  # (marks made without asking: the history from the start)
    records = [codec.encode(ev) for ev in log]
    quick = log_marks_of_records(records)
    assert quick is not None and quick.since == 5
    # an undo written out of its place (a log made by hand): the least of its seq and its target
    assert log_marks([first, *notes, Undone(target=9, seq=3, group=3)]).since == 3
    # a record that does not read as this program writes it: the history from the start
    odd = [*records[:6], b'{"type":"Undone","target":"5","seq":7,"group":7}']
    quick = log_marks_of_records(odd)
    assert quick is not None and quick.since == 1


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
    # the read side's entry point chooses alike: plain before ``since``, with the history from it
    assert isinstance(replay.fold(since=marks.since), PlainFold)
    assert not isinstance(replay.fold(log, since=marks.since), PlainFold)
    assert not isinstance(replay.fold(since=1), PlainFold)
    # the recap tells the undo with the label of the group it takes back, as players read it
    recap_ = build(iter(log), None, True, None, len(log), marks)
    assert recap_.sessions[0].groups[-1].lines[-1].text == "Undo: Note: 5"


def test_a_type_spelled_with_an_escape_is_read_by_the_marks() -> None:
    """(``"\\u0055ndone"`` reads as ``"Undone"``: the first pass must not skip its chunk, or it would
    fold the log without the history that undo needs — or tell players a reveal the GM took back.)"""
    first = CampaignCreated(name="t", system="fhtagn", seq=1, group=1)
    notes = [NoteAdded(text=str(n), seq=n, group=n) for n in range(2, 6)]
    records = [codec.encode(ev) for ev in [first, *notes]]
    escaped = codec.encode(Undone(target=5, seq=6, group=6)).replace(b'"Undone"', b'"\\u0055ndone"')
    assert isinstance(codec.decode_one(escaped, 5), Undone)
    marks = log_marks_of_records([*records, escaped])
    assert marks is not None and marks.undo and marks.since == 5
    assert marks == log_marks([first, *notes, codec.decode_one(escaped, 5)])
    # a note whose text holds escapes is still skipped (read as none marked)
    quoted = codec.encode(NoteAdded(text='say "hi"\n', seq=6, group=6))
    marks = log_marks_of_records([*records, quoted])
    assert marks is not None and not marks.undo


# --- the public fold's own: its steps, one fold for the players' recap ----------------------------


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
        taken = []
        tell = log.tell
        for ev in kept:
            before = log.fold.state
            tell(ev)
            if log.applied:
                taken.append((*log.applied.pop(), before))
        assert Counted.calls == len(kept)
        assert taken == [(ev, entry, session, before) for ev, entry, session, before, _ in
                         stream_public(iter(kept), marks.reveals, marks.revealed, marks.targets, undo)]


# --- an event that cannot be folded: every fold left where the last one was -----------------------


class Boom(Exception):
    pass


@pytest.fixture
def boom(monkeypatch: pytest.MonkeyPatch) -> None:
    """A note reading "boom" cannot be folded on a state with fewer than two notes."""
    fold_note = decide.EVOLVERS[NoteAdded]

    def evolve(state: State, ev: NoteAdded) -> State:
        if ev.text == "boom" and state.notes < 2:
            raise Boom(ev.text)
        return fold_note(state, ev)

    monkeypatch.setitem(decide.EVOLVERS, NoteAdded, evolve)


def a_log(*events: Event) -> list[Event]:
    first: list[Event] = [CampaignCreated(name="t", system="fhtagn", seq=1, group=1)]
    return first + [e for e in events]


def note(seq: int, text: str, secret: bool = False) -> NoteAdded:
    return NoteAdded(text=text, seq=seq, group=seq, secret=secret)


def where(p: Projection) -> tuple[object, ...]:
    return p.state, p.seq, p.open_group, [r.group for r in p.done], [r.group for r in p.undone]


@pytest.mark.usefixtures("boom")
def test_an_event_that_cannot_be_folded_leaves_the_projection_as_it_was() -> None:
    p = Projection(checkpoint_every=0)
    for ev in a_log(note(2, "a")):
        p.apply(ev)
    p.apply(Undone(target=2, seq=3, group=3))  # something to redo: a new group would clear it
    before = where(p)
    with pytest.raises(Boom):
        p.apply(note(4, "boom"))
    assert where(p) == before
    assert [r.group for r in p.undone] == [2]


@pytest.mark.usefixtures("boom")
def test_a_fold_stops_where_the_last_event_was_folded() -> None:
    p = replay.fold()
    with pytest.raises(Boom):
        replay.fold(a_log(note(2, "a"), note(3, "boom"), note(4, "never")), onto=p)
    assert (p.seq, p.open_group, [r.group for r in p.done], p.state.notes) == (2, 2, [1, 2], 1)


@pytest.mark.usefixtures("boom")
def test_the_public_fold_keeps_no_record_of_an_event_players_cannot_fold() -> None:
    # a secret note, a public one, then "boom": the GM's fold can fold it (two notes), the
    # players' cannot (one): it stays with the secrets.  The GM undoes it, then the public note.
    events = a_log(note(2, "hush", secret=True), note(3, "p"), note(4, "boom"),
                   Undone(target=4, seq=5, group=5), Undone(target=3, seq=6, group=6, label="Note: p"))
    public = public_log(events)
    assert [e.text for e in public.entries][-2:] == ["Note: p", "Undo: Note: p"]
    assert public.fold.state.notes == 0  # the undo of the public note reached the players' fold
    assert [r.group for r in public.fold.done] == [1]
    assert public.gm is not None and public.gm.state.notes == 1


def test_the_players_recap_folds_the_log_once(monkeypatch: pytest.MonkeyPatch) -> None:
    events = events_of("coc7", ["note", "secret pool", "fight", "attack", "pool pc", "undo", "chase", "pool hidden",
                                "secret note", "reveal", "redo", "session"], 3)
    applied: list[Event] = []

    class Counting(Projection):
        def apply(self, ev: Event) -> None:
            applied.append(ev)
            super().apply(ev)

    class CountingPlain(PlainFold):
        def apply(self, ev: Event) -> None:
            applied.append(ev)
            super().apply(ev)

    def counting_fold(since: int = 1, count: bool = True) -> Projection:
        # (the recap's fold as the read side chooses it: with the history when an undo may reach
        # anything, else plain)
        return Counting(checkpoint_every=0) if since == 1 else CountingPlain(count=count)

    def counting_history(fold: Projection) -> Projection:
        # (the recap's fold goes on with the undo history from the first group an undo reaches)
        made = replay.with_history(fold)
        counted = Counting(checkpoint_every=0)
        counted.state, counted.seq, counted.open_group, counted.done = made.state, made.seq, made.open_group, made.done
        return counted

    assert 1 < log_marks(events).since < len(events)  # (plain, then with the history)
    gm_text = export_text(events, "md")
    players_text = export_text(events, "html", players=True)
    read_side = SimpleNamespace(gc_paused=replay.gc_paused, fold=counting_fold, with_history=counting_history)
    monkeypatch.setattr(recap_module, "replay", read_side)
    assert export_text(events, "md") == gm_text
    assert applied == events  # the GM's recap folds every event, once
    applied.clear()
    assert export_text(events, "html", players=True) == players_text
    assert applied == []  # the players' recap folds none of its own: it reads the public fold
