"""The projection: a log's fold that honours undo and redo (the read side's, :mod:`fhtagn_tui.domain.replay`).

Undo appends :class:`Undone` naming the last action group still in effect;
the fold then goes back to the state from before that group.  Redo appends
:class:`Redone`, which restores the state the undone group had produced.  A
new action after an undo clears what could be redone.  Nothing is deleted.

:class:`Projection` is the fold: it keeps the current state, the stack of
groups that can be undone (with the states around them — states are
immutable, so keeping them is cheap), and checkpoints of the whole
projection every ``checkpoint_every`` events so that the state at any point
of a long log is a checkpoint plus a few events away.  :meth:`Projection.apply`
folds one event (the reference every other fold of this package is held to);
:meth:`Projection.apply_all` a log, by the fast fold (:mod:`.fast`).
"""

import bisect
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from itertools import islice

import msgspec

from ..decide import EVOLVERS, Rejected, evolve, late_evolver
from ..events import Event
from ..state import State
from .heads import Replayed, event_of

#: How many action groups back undo can reach.
UNDO_DEPTH = 500
#: At most about this many checkpoints over a log (each holds a state and an undo stack).
CHECKPOINTS = 32
#: A checkpoint interval no seq reaches (``checkpoint_every=0``: none).
_NEVER = 1 << 62


def checkpoint_interval(events: int) -> int:
    """Events between checkpoints for a log of ``events``: every 1000, or sparser on a long log so
    that the checkpoints stay within the memory budget (about ``CHECKPOINTS`` of them; the state
    at any point is then a checkpoint plus at most a few thousand events, a few ms, away)."""
    return max(1000, -(-events // CHECKPOINTS))


class Undone(Event):
    target: int  # the group undone
    label: str = ""

    def describe(self, names: dict[str, str]) -> str:
        return f"Undo: {self.label}" if self.label else f"Undo action {self.target}"


class Redone(Event):
    target: int
    label: str = ""

    def describe(self, names: dict[str, str]) -> str:
        return f"Redo: {self.label}" if self.label else f"Redo action {self.target}"


class GroupRecord(msgspec.Struct, frozen=True, gc=False):
    group: int
    #: The group's first event (its label is worked out only when asked), or, in a replay that read
    #: the log's records (``Projection.apply_all(…, log=…)``), the head it read of that event
    #: (:mod:`fhtagn_tui.domain.replay`): ``first`` decodes the event from ``log`` when asked.
    head: Replayed
    base: State  # the state before the group, but for the counts below
    after: State | None = None
    #: Free rolls and notes made since ``base`` and before the group: a replay counts a run of them
    #: (see ``replay.COUNTED``) and writes the counts into a state only when one is needed.
    rolls: int = 0
    notes: int = 0
    #: The records the replay read (``log[seq - 1]`` is the record of seq), for a ``head``.
    log: Sequence[bytes] | None = None

    @property
    def before(self) -> State:
        """The state before the group."""
        if self.rolls or self.notes:
            return _counted(self.base, self.rolls, self.notes)
        return self.base

    @property
    def first(self) -> Event:
        """The group's first event (from its record in the log when the replay read only its head)."""
        head = self.head
        if isinstance(head, Event):
            return head
        return event_of(head, self.log)

    @property
    def first_seq(self) -> int:
        return self.head.seq

    @property
    def label(self) -> str:
        return self.first.describe(names_of(self.base) | _created_name(self.first))


def _counted(state: State, rolls: int, notes: int) -> State:
    """``state`` with ``rolls`` free rolls and ``notes`` notes more."""
    return msgspec.structs.replace(state, rolls=state.rolls + rolls, notes=state.notes + notes)


class Checkpoint(msgspec.Struct, frozen=True, gc=False):
    seq: int
    state: State
    done: tuple[GroupRecord, ...]
    undone: tuple[GroupRecord, ...]
    open_group: int


class StateMark(msgspec.Struct, frozen=True, gc=False):
    """The state after event ``seq`` alone (no undo history): a checkpoint kept beside the log
    (review's, :mod:`fhtagn_tui.store.review_index`) for a projection whose history is not built."""

    seq: int
    open_group: int
    state: State


def undo_stack(records: Iterable[GroupRecord] = ()) -> deque[GroupRecord]:
    """The undo stack: the last ``UNDO_DEPTH`` groups (a longer one drops its oldest as it grows)."""
    return deque(records, maxlen=UNDO_DEPTH)


def names_of(state: State) -> dict[str, str]:
    return {c.id: c.name for c in state.characters.values()}


class Projection:
    """The fold of a log: ``state`` after every event applied so far."""

    def __init__(self, checkpoint_every: int = 1000) -> None:
        self.state = State()
        self.seq = 0
        self.done: deque[GroupRecord] = undo_stack()
        self.undone: list[GroupRecord] = []
        self.open_group = 0
        self.checkpoint_every = checkpoint_every
        self.checkpoints: list[Checkpoint] = []
        self._checkpoint_seqs: list[int] = []
        #: Set while the undo history and checkpoints are not built (a resumed projection):
        #: gives the log's events 1..seq to fold them from.
        self._replay: Callable[[int], Iterable[Replayed]] | None = None
        #: Gives the log's records when ``_replay`` reads the events the fold only counts as heads.
        self._log: Callable[[], Sequence[bytes]] | None = None

    @classmethod
    def resumed(
        cls, state: State, seq: int, open_group: int, replay: Callable[[int], Iterable[Replayed]],
        checkpoint_every: int = 1000, log: Callable[[], Sequence[bytes]] | None = None,
    ) -> "Projection":
        """A projection at ``seq`` from a saved state (a start-up snapshot of the fold).

        Its undo history and checkpoints are built when first needed (undo, redo, review, a
        checkpoint) by folding ``replay(seq)`` — the events 1..seq — again; events applied
        meanwhile only move the state on.  ``log``: gives the log's records when ``replay`` reads
        the events the fold only counts as their heads (``store.iter_for_replay``: see
        :meth:`apply_all`); the fold is then given them (asked for only when the history is built).
        """
        proj = cls(checkpoint_every=checkpoint_every)
        proj.state, proj.seq, proj.open_group = state, seq, open_group
        proj._replay, proj._log = replay, log
        return proj

    def build_history(self, events: Iterable[Event]) -> None:
        """Build a resumed projection's history now from ``events`` (the log from seq 1, already
        decoded: review mode has them), instead of reading the log again."""
        self._history(events)

    @property
    def resuming(self) -> bool:
        """Whether the undo history is still to be built (see :meth:`resumed`)."""
        return self._replay is not None

    def _history(self, events: Iterable[Event] | None = None) -> None:
        """Build the undo history and checkpoints of a resumed projection: the log folded again
        (``events``: the log's events 1..seq when the caller has them already decoded)."""
        replay, self._replay = self._replay, None
        if replay is None:
            return
        fresh = Projection(checkpoint_every=self.checkpoint_every)
        if events is not None:
            fresh.apply_all(islice(events, self.seq))  # read once, in order: a lazy log stays lazy
        else:
            fresh.apply_all(replay(self.seq), log=None if self._log is None else self._log())
        # the fold of the log is the truth (it equals the saved state unless the snapshot lied)
        self.state, self.seq, self.open_group = fresh.state, fresh.seq, fresh.open_group
        self.done, self.undone = fresh.done, fresh.undone
        self.checkpoints, self._checkpoint_seqs = fresh.checkpoints, fresh._checkpoint_seqs

    # --- folding --------------------------------------------------------------
    #
    # An event is folded all or nothing: the evolver runs first, and the undo stack is touched
    # only once it has returned.  An event that cannot be folded (its evolver raises) leaves the
    # projection as it was — no record of a group that never happened is left on the undo stack.

    def apply(self, ev: Event) -> None:
        if self._replay is not None:
            if not isinstance(ev, (Undone, Redone)):
                self.state = evolve(self.state, ev)  # the history is folded later, from the log
                if ev.group:
                    self.open_group = ev.group
                self.seq = ev.seq
                return
            self._history()
        kind = type(ev)
        group = ev.group
        if kind is Undone:
            self._undo(ev)  # type: ignore[arg-type]
        elif kind is Redone:
            self._redo(ev)  # type: ignore[arg-type]
        else:
            state = self.state
            fn = EVOLVERS.get(kind) or late_evolver(kind)
            after = fn(state, ev) if fn is not None else state
            done = self.done
            if (group != self.open_group or not done) and not (done and done[-1].group == group and group != 0):
                done.append(GroupRecord(group, ev, state))  # _start_group, inlined (the oldest drops off)
                if self.undone:
                    self.undone.clear()
            self.state = after
        if group:
            self.open_group = group
        seq = self.seq = ev.seq
        if self.checkpoint_every and seq and seq % self.checkpoint_every == 0:
            self._checkpoint()

    def apply_all(self, events: Iterable[Replayed], log: Sequence[bytes] | None = None) -> State:
        """:meth:`apply` for each event, in one tight loop (the replay's fast fold:
        :func:`fhtagn_tui.domain.replay.fold`, which this is).  ``events`` may hold what a replay read
        of the records of ``log`` (``codec.decode_for_replay``; ``log[seq - 1]`` is the record of seq)."""
        from .fast import fold_onto  # (the fast fold imports this module)

        return fold_onto(self, events, log)

    def _start_group(self, ev: Event) -> None:
        if self.done and self.done[-1].group == ev.group and ev.group != 0:
            return
        self.done.append(GroupRecord(ev.group, ev, self.state))
        self.undone.clear()

    def _undo(self, ev: Undone) -> None:
        if not self.done or self.done[-1].group != ev.target:
            return  # a log written by hand; the decider never writes this
        record = self.done.pop()
        self.undone.append(msgspec.structs.replace(record, after=self.state))
        self.state = record.before

    def _redo(self, ev: Redone) -> None:
        if not self.undone or self.undone[-1].group != ev.target:
            return
        record = self.undone.pop()
        assert record.after is not None
        self.state = record.after
        self.done.append(msgspec.structs.replace(record, after=None))

    # --- deciding undo/redo ------------------------------------------------------

    def undo_event(self) -> Undone:
        self._history()
        if not self.done:
            raise Rejected("nothing to undo")
        record = self.done[-1]
        return Undone(target=record.group, label=record.label)

    def redo_event(self) -> Redone:
        self._history()
        if not self.undone:
            raise Rejected("nothing to redo")
        record = self.undone[-1]
        return Redone(target=record.group, label=record.label)

    @property
    def can_undo(self) -> str | None:
        self._history()
        return self.done[-1].label if self.done else None

    @property
    def can_redo(self) -> str | None:
        self._history()
        return self.undone[-1].label if self.undone else None

    # --- checkpoints --------------------------------------------------------------

    def _checkpoint(self) -> None:
        self.checkpoints.append(
            Checkpoint(
                seq=self.seq,
                state=self.state,
                done=tuple(self.done),
                undone=tuple(self.undone),
                open_group=self.open_group,
            )
        )
        self._checkpoint_seqs.append(self.seq)

    def restore(self, cp: Checkpoint | None) -> None:
        if cp is None:
            self.state, self.seq, self.done, self.undone, self.open_group = State(), 0, undo_stack(), [], 0
            return
        self.state = cp.state
        self.seq = cp.seq
        self.done = undo_stack(cp.done)
        self.undone = list(cp.undone)
        self.open_group = cp.open_group

    def nearest_checkpoint(self, seq: int) -> Checkpoint | None:
        self._history()
        i = bisect.bisect_right(self._checkpoint_seqs, seq)
        return self.checkpoints[i - 1] if i else None

    def state_at(self, seq: int, events: Sequence[Event]) -> State:
        """The state after event ``seq`` (1-based; 0 is the empty state).

        ``events[i]`` must be the event with ``seq == i + 1``; the
        projection must have been folded over them (its checkpoints are used).
        """
        return self.at(seq, events).state

    def at(self, seq: int, events: Sequence[Event], marks: Sequence[StateMark] = ()) -> "Projection":
        """A new projection positioned after event ``seq``.  ``marks``: states of this log saved
        earlier (by seq), used while this projection's history is not built."""
        replay = self._replay
        if replay is not None:
            mark: StateMark | None = None
            if seq == self.seq:
                mark = StateMark(self.seq, self.open_group, self.state)
            else:
                i = bisect.bisect_right([m.seq for m in marks], seq)
                mark = marks[i - 1] if i else None
            window = events[mark.seq : seq] if mark is not None and mark.seq <= self.seq else None
            if mark is not None and window is not None and not any(
                    type(ev) is Undone or type(ev) is Redone for ev in window):
                # a state of the log without its history, folded on from it (no undo or redo on the
                # way: an undo needs the history — then this projection's, built once, below); the
                # copy builds its own from the log should one come when it is folded on
                probe = Projection.resumed(mark.state, mark.seq, mark.open_group, replay, checkpoint_every=0,
                                           log=self._log)
                for ev in window:
                    probe.apply(ev)
                return probe
            if marks and seq < marks[0].seq:  # before the first: from the start, as near
                probe = Projection(checkpoint_every=0)
                probe.apply_all(events[:seq])
                return probe
        probe = Projection(checkpoint_every=0)
        probe.restore(self.nearest_checkpoint(seq))
        for ev in events[probe.seq : seq]:
            probe.apply(ev)
        return probe


def _created_name(ev: Event) -> dict[str, str]:
    ident = getattr(ev, "id", None)
    name = getattr(ev, "name", None)
    return {ident: name} if isinstance(ident, str) and isinstance(name, str) else {}
