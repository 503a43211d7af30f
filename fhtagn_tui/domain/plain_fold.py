"""A fold that keeps no undo history: for a whole log read once that holds no undo or redo.

:class:`~fhtagn_tui.domain.history.Projection` keeps, for every action group, a record of the state
before it (the undo stack): undo and redo go back to those states.  A log that holds no
:class:`~fhtagn_tui.domain.history.Undone` or :class:`~fhtagn_tui.domain.history.Redone` at all —
known before it is read (an export's first pass, ``export.recap.LogMarks.undo``) — never reads that
stack, and its fold is then the states alone: each event's evolver, in order.  The state after every
event is the one :class:`Projection` has (``tests/export/test_plain_fold.py`` holds them equal); an
undo or a redo is refused, never folded without its history.
"""

from __future__ import annotations

from .decide import EVOLVERS, late_evolver
from .events import Event
from .history import Projection, Redone, Undone

__all__ = ["PlainFold"]


class PlainFold(Projection):
    """:class:`Projection` without the undo history (no checkpoints either): ``state``, ``seq`` and
    ``open_group`` move as a projection's do; ``done`` and ``undone`` stay empty."""

    def __init__(self) -> None:
        super().__init__(checkpoint_every=0)

    def apply(self, ev: Event) -> None:
        kind = type(ev)
        fn = EVOLVERS.get(kind)
        if fn is None:
            if kind is Undone or kind is Redone:
                raise ValueError(f"{kind.__name__} met by a fold without undo history: fold this log with a Projection")
            fn = late_evolver(kind)
        if fn is not None:
            self.state = fn(self.state, ev)  # first: an event that raises changes nothing
        if ev.group:
            self.open_group = ev.group
        self.seq = ev.seq
