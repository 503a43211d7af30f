"""What the evolvers declare they read, as a replay looks it up (``decide.evolver`` and
``decide.counted`` declare it; only this package decides what a replay does with it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from ..events import Event
from ..state import State
from .heads import head_of

Evolver = Callable[[State, Any], State]

#: The evolvers as registered with ``decide.evolver``.  While ``decide.EVOLVERS`` holds only these, a
#: replay may fold an event on a state whose counts of free rolls and notes are not written in yet
#: (see ``decide.evolver``); an evolver put in the table otherwise (a test's patch) is given them first.
REGISTERED: dict[type[Event], Evolver] = {}
#: Event types whose evolver only adds 1 to a count of the state (``rolls`` or ``notes``), with that
#: evolver: while it is still theirs in ``decide.EVOLVERS``, a replay may count a run of them and
#: write the count into the state once (the fast fold).
COUNTED: dict[type[Event], tuple[Evolver, Literal["rolls", "notes"]]] = {}
#: Event types whose evolver reads only a few fields of the event (``evolver(…, reads=…)``), with that
#: evolver: while it is still theirs in ``decide.EVOLVERS``, a replay reads their records as heads
#: holding those fields (:func:`~.heads.head_of`) and that evolver folds the heads.
LEAN: dict[type[Event], Evolver] = {}
#: The values of ``COUNTED`` (the fold tells them apart by identity).
ROLLS: Literal["rolls"] = "rolls"
NOTES: Literal["notes"] = "notes"


def declare(kind: type[Event], fn: Evolver, reads: tuple[str, ...] = ()) -> None:
    """``fn`` registered as the evolver of ``kind``, reading only the fields ``reads`` of its events
    (none: it may read any)."""
    REGISTERED[kind] = fn
    COUNTED.pop(kind, None)  # an evolver of its own: no longer only counted
    LEAN.pop(kind, None)
    if reads:
        head_of(kind, reads)  # what a replay reads of its records
        LEAN[kind] = fn


def declare_counted(kind: type[Event], fn: Evolver, field: Literal["rolls", "notes"]) -> None:
    """``fn``, the evolver of ``kind`` (declared already), only adds 1 to ``field`` of the state."""
    COUNTED[kind] = (fn, ROLLS if field == ROLLS else NOTES)
    head_of(kind)  # what a replay reads of its records (codec.decode_for_replay)


def only_counted(kind: type[Event]) -> bool:
    """Whether the events of ``kind`` only count (a free roll, a note: they change nothing else)."""
    return kind in COUNTED


def read_as_head(kind: type[Event]) -> bool:
    """Whether a replay reads the records of ``kind`` as its head (``codec.decode_for_replay``)."""
    return kind in COUNTED or kind in LEAN
