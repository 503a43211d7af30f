"""The fast fold: a whole log (or a piece of it) folded in one tight loop into a projection that
keeps the undo history (:class:`~.projection.Projection`), as :meth:`Projection.apply`
would fold it an event at a time — the same states, undo stack and checkpoints
(``tests/replay/test_contract.py`` holds them equal).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NoReturn

from ..decide import EVOLVERS, evolve
from ..features import load_all
from ..state import State
from .declared import COUNTED, LEAN, NOTES, REGISTERED, ROLLS
from .heads import HEAD_TYPES, Head, Replayed, event_of
from .pause import gc_paused
from .projection import _NEVER, GroupRecord, Projection, Redone, Undone, _counted

_ROLLS, _NOTES = ROLLS, NOTES


def fold_onto(proj: Projection, events: Iterable[Replayed], log: Sequence[bytes] | None = None) -> State:
    """``proj.apply`` for each event, in one tight loop (replay): the evolver found in the table by
    the event's type, the undo stack and checkpoints kept as ``apply`` keeps them.

    ``events`` may hold the :class:`~.heads.Head` of the events the fold only counts when they were
    read from ``log`` (``codec.decode_for_replay``; ``log[seq - 1]`` is the record of seq): their
    undo records keep ``log`` and decode such an event when it is asked for."""
    if proj.resuming:
        for ev in events:
            if log is not None and ev.seq != proj.seq + 1:
                _out_of_place(ev, proj.seq + 1)
            proj.apply(event_of(ev, log) if isinstance(ev, Head) else ev)
        return proj.state
    # The fold allocates states that live on and frees little: the collector would only walk
    # them again and again (a third of a replay's time).  It rests until the fold is done.
    with gc_paused():
        return _fold(proj, events, log)


def _out_of_place(ev: Replayed, expected: int) -> NoReturn:
    """A replay of a log's records (``apply_all(…, log=…)``) met an event out of its place."""
    from ..codec import OutOfPlace  # (the codec imports the history)

    raise OutOfPlace(expected - 1, ev.seq, expected)


def _reader(log: Sequence[bytes] | None) -> Callable[[State, Head], State]:
    """The step of a fold for a head whose type is no longer only counted: the event read in
    full from ``log`` and folded by its evolver (a head without its log is refused)."""
    def read_and_fold(state: State, head: Head) -> State:
        if log is None:
            raise TypeError(f"{type(head).__name__} is a replay's head, not an event: fold it with its log "
                            f"(Projection.apply_all(events, log=…))")
        return evolve(state, event_of(head, log))

    return read_and_fold


#: Events a fold goes between two cuts of its pending undo records (:func:`_fold`).
_CUT = 2048


def _mark(seq: int, every: int) -> int:
    """The next seq after ``seq`` at which a fold looks whether a checkpoint is due (every
    ``every`` seqs) or cuts its pending undo records back (every ``_CUT`` events)."""
    return min((seq // every + 1) * every, seq + _CUT)


def _settle(pending: list[tuple[Replayed, State, int, int]], done: deque[GroupRecord],
            log: Sequence[bytes] | None) -> None:
    """The undo records of the groups a fold began (``pending``: first event, state before, counts
    before) put on the stack ``done`` — those the stack can hold (the oldest drop off it)."""
    if pending:
        keep = pending if done.maxlen is None else pending[max(0, len(pending) - done.maxlen):]
        done.extend([GroupRecord(ev.group, ev, base, None, rolls, notes, log) for ev, base, rolls, notes in keep])
        pending.clear()


def _due(seq: int, every: int) -> bool:
    """Whether a checkpoint is taken after event ``seq`` (one every ``every`` seqs)."""
    return not seq % every and seq > 0


def _fold(proj: Projection, events: Iterable[Replayed], log: Sequence[bytes] | None) -> State:
    # One tight loop, all in locals: the evolver found in the table by the event's type (undo
    # and redo have none, so they cost nothing on the common path), the undo stack kept as
    # ``apply`` keeps it, a checkpoint every ``checkpoint_every`` seqs.  An event that is only
    # counted (a free roll, a note: ``declared.COUNTED``) makes no state: the run of them is
    # counted in ``rolls``/``notes`` and written into the state once, when a state must be
    # whole (a checkpoint, undo/redo, the end; before an evolver patched into the table); the
    # undo record of each group says how many were counted before it (``GroupRecord.before``
    # adds them).  Its head (read from ``log``) is counted alike.  The head of an event whose
    # evolver reads only its fields (``declared.LEAN``) is folded by that evolver.  A head whose
    # type has been given another evolver since is read in full and folded by it.
    load_all()  # the table complete before the loop (a no-op once loaded)
    steps: dict[type[Any], Callable[[State, Any], State] | str] = dict(EVOLVERS)
    for kind, (counter, field) in COUNTED.items():
        if steps.get(kind) is counter:  # still only counted (not given another evolver since)
            steps[kind] = field
    for head, kind in HEAD_TYPES.items():
        step = steps.get(kind)
        if log is not None and (step is _ROLLS or step is _NOTES or (step is not None and LEAN.get(kind) is step)):
            steps[head] = step  # counted, or folded by the evolver that reads only the head's fields
        else:
            steps[head] = _reader(log)  # read in full (a head without its log is refused)
    rolls_, notes_ = _ROLLS, _NOTES
    # Every evolver keeps the counts as they are (``decide.evolver``): the counts run on over the
    # other events too, written in only where a state must be whole (a checkpoint, undo/redo, the
    # end).  An evolver patched into the table may read them: it is given them first.
    carry = EVOLVERS == REGISTERED
    state, done, open_group, seq = proj.state, proj.done, proj.open_group, proj.seq
    every = proj.checkpoint_every or _NEVER  # seq % _NEVER is never 0 for a seq of a log
    # The undo records of the groups begun are made only where one may be read (a checkpoint,
    # undo/redo, the end): meanwhile each is (first event, state before, counts) in ``pending``,
    # of which no more than the stack holds are kept (most groups drop off it unread).
    pending: list[tuple[Replayed, State, int, int]] = []
    push, depth = pending.append, done.maxlen
    # the first seq from which a checkpoint may be due, or ``pending`` cut back (one comparison
    # per event; a checkpoint is still taken at a multiple of ``every``, also when seqs jump)
    mark = _mark(seq, every)
    undone = proj.undone
    top = done[-1].group if done else None  # the group of the last record on the stack
    rolls = notes = 0  # counted since ``state``, not in it yet
    expect = seq + 1  # a log's records are read in place: record i holds seq i (checked first)
    try:
        for ev in events:
            at = ev.seq
            if at != expect and log is not None:
                _out_of_place(ev, expect)
            expect = at + 1
            try:
                fn = steps[type(ev)]  # (a subscript, not a call: a few % of a replay)
            except KeyError:  # no evolver: undo, redo, an event that changes nothing
                fn = None
            if fn is rolls_ or fn is notes_:  # counted (most of a log): no state made
                group = ev.group
                if group != open_group or top is None:
                    # _start_group, inlined (the oldest record drops off the stack)
                    if top != group or not group:
                        push((ev, state, rolls, notes))
                        top = group
                        if undone:
                            undone.clear()
                    if group:
                        open_group = group
                if fn is rolls_:
                    rolls += 1
                else:
                    notes += 1
                seq = at
                if seq >= mark:
                    if _due(seq, every):
                        state = _counted(state, rolls, notes)
                        rolls = notes = 0
                        proj.state, proj.open_group, proj.seq = state, open_group, seq
                        _settle(pending, done, log)
                        proj._checkpoint()
                    elif depth is not None and len(pending) > depth:
                        del pending[: len(pending) - depth]
                    mark = _mark(seq, every)
                continue
            if fn is not None:
                if not carry and (rolls or notes):
                    state = _counted(state, rolls, notes)
                    rolls = notes = 0
                after = fn(state, ev)  # type: ignore[operator]  # first: an event that raises changes nothing
            elif type(ev) is Undone or type(ev) is Redone:
                if rolls or notes:
                    state = _counted(state, rolls, notes)
                    rolls = notes = 0
                proj.state, proj.open_group, proj.seq = state, open_group, seq
                _settle(pending, done, log)
                proj.apply(ev)
                state, done, open_group, seq = proj.state, proj.done, proj.open_group, proj.seq
                undone, depth = proj.undone, done.maxlen
                top = done[-1].group if done else None
                mark = _mark(seq, every)  # (apply took the checkpoint that was due)
                continue
            else:
                after = state
            group = ev.group
            if group != open_group or top is None:
                if top != group or not group:
                    push((ev, state, rolls, notes))
                    top = group
                    if undone:
                        undone.clear()
                if group:
                    open_group = group
            state = after
            seq = at
            if seq >= mark:
                if _due(seq, every):
                    if rolls or notes:
                        state = _counted(state, rolls, notes)
                        rolls = notes = 0
                    proj.state, proj.open_group, proj.seq = state, open_group, seq
                    _settle(pending, done, log)
                    proj._checkpoint()
                elif depth is not None and len(pending) > depth:
                    del pending[: len(pending) - depth]
                mark = _mark(seq, every)
    finally:
        # where the fold stands (the last event folded), also when an event could not be
        _settle(pending, done, log)
        if rolls or notes:
            state = _counted(state, rolls, notes)
        proj.state, proj.open_group, proj.seq = state, open_group, seq
    return state
