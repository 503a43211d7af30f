"""Undo and redo: the commands, and the fold that honours them.

Undo appends :class:`Undone` naming the last action group still in effect; the fold then goes back to
the state from before that group.  Redo appends :class:`Redone`, which restores the state the undone
group had produced.  A new action after an undo clears what could be redone.  Nothing is deleted.

The fold — :class:`Projection`, its undo stack and checkpoints, and the events it honours — is the read
side's (:mod:`fhtagn_tui.domain.replay`): this module names them for the rest of the program.
"""

from collections.abc import Iterable

from . import replay as _replay
from .commands import Command
from .events import Event
from .replay import (
    CHECKPOINTS,
    UNDO_DEPTH,
    Checkpoint,
    GroupRecord,
    Projection,
    Redone,
    StateMark,
    Undone,
    checkpoint_interval,
    names_of,
    undo_stack,
)
from .state import State

__all__ = [
    "CHECKPOINTS",
    "UNDO_DEPTH",
    "Checkpoint",
    "GroupRecord",
    "Projection",
    "Redo",
    "Redone",
    "StateMark",
    "Undo",
    "Undone",
    "checkpoint_interval",
    "fold",
    "names_of",
    "undo_stack",
]


def fold(events: Iterable[Event]) -> State:
    """State from a log, honouring undo and redo (the read side's fold: ``replay.fold``)."""
    return _replay.fold(events).state


class Undo(Command):
    label = "undo"
    undoable = False


class Redo(Command):
    label = "redo"
    undoable = False
