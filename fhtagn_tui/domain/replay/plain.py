"""A fold that keeps no undo history: for a whole log read once that holds no undo or redo.

:class:`~.projection.Projection` keeps, for every action group, a record of the state
before it (the undo stack): undo and redo go back to those states.  A log that holds no
:class:`~.projection.Undone` or :class:`~.projection.Redone` at all —
known before it is read (an export's first pass, ``export.recap.LogMarks.undo``) — never reads that
stack, and its fold is then the states alone: each event's evolver, in order.  The state after every
event is the one :class:`Projection` has (``tests/replay/test_contract.py`` holds them equal); an
undo or a redo is refused, never folded without its history.

``count=False`` (an export's recap, which never reads them): the free rolls and notes (the events
``replay.COUNTED`` only counts, most of a log) are not counted — the states are those of a
projection but for ``rolls`` and ``notes``, which stay as they were; no state is made for such an
event (the state after it is the state before it).

A log whose undos and redos all reach back no further than some point (``LogMarks.since``: most
logs, whose undos take back the last action or two) is folded plainly up to that point, then by a
:class:`Projection` that starts there (:func:`with_history`): no undo or redo can read a group
before it, so the history it would have kept of them is never read.
"""

from __future__ import annotations

from collections import deque

from ..decide import EVOLVERS, late_evolver
from ..events import Event
from ..features import load_all
from ..state import State
from .declared import COUNTED
from .projection import GroupRecord, Projection, Redone, Undone, undo_stack

__all__ = ["PlainFold", "fork", "with_history"]


class PlainFold(Projection):
    """:class:`Projection` without the undo history (no checkpoints either): ``state``, ``seq`` and
    ``open_group`` move as a projection's do; ``done`` and ``undone`` stay empty."""

    def __init__(self, count: bool = True) -> None:
        super().__init__(checkpoint_every=0)
        self.count = count
        if not count:
            load_all()  # (every counter registered)
        #: The counters not called (``count=False``): an evolver that replaced one in the table since is.
        self._counters = frozenset() if count else frozenset(counter for counter, _field in COUNTED.values())
        #: What a :class:`Projection`'s undo stack would hold on top: (group, its first event, the state
        #: before it), or None while it would be empty.  :func:`with_history` starts from it: an event
        #: filed under that group again (a log written by hand) is added to it, as a projection adds it.
        self.top: tuple[int, Event, State] | None = None

    def apply(self, ev: Event) -> None:
        kind = type(ev)
        fn = EVOLVERS.get(kind)
        if fn is None:
            if kind is Undone or kind is Redone:
                raise ValueError(f"{kind.__name__} met by a fold without undo history: fold this log with a Projection")
            fn = late_evolver(kind)
        before = self.state
        if fn is not None and fn not in self._counters:
            self.state = fn(before, ev)  # first: an event that raises changes nothing
        group = ev.group
        top = self.top
        # (Projection.apply's test of a group starting, with no undo ever popping the stack here)
        if (group != self.open_group or top is None) and not (top is not None and top[0] == group and group != 0):
            self.top = (group, ev, before)
        if group:
            self.open_group = group
        self.seq = ev.seq


def with_history(fold: Projection) -> Projection:
    """A fold standing where ``fold`` stands that keeps the undo history from here on (``fold`` itself
    when it keeps one already): for a log no undo or redo of which reaches a group before this point."""
    if not isinstance(fold, PlainFold):
        return fold
    proj = Projection(checkpoint_every=0)
    proj.state, proj.seq, proj.open_group = fold.state, fold.seq, fold.open_group
    # The stack starts with what a projection's would have on top (no undo reaches it or below it,
    # but an event filed under its group again is added to it, not made a group of its own).
    proj.done = undo_stack([GroupRecord(*fold.top)] if fold.top is not None else [])
    return proj


def fork(fold: Projection) -> Projection:
    """A projection where ``fold`` stands (its state and undo history), folded on separately (of the
    same kind: a plain fold's copy is plain)."""
    copy = PlainFold(fold.count) if isinstance(fold, PlainFold) else Projection(checkpoint_every=0)
    if isinstance(fold, PlainFold) and isinstance(copy, PlainFold):
        copy.top = fold.top
    copy.state, copy.seq, copy.open_group = fold.state, fold.seq, fold.open_group
    copy.done, copy.undone = deque(fold.done, maxlen=fold.done.maxlen), list(fold.undone)
    return copy
