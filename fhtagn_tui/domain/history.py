"""Undo and redo: the commands, and the fold that honours them.

Undo appends :class:`Undone` naming the last action group still in effect; the fold then goes back to
the state from before that group.  Redo appends :class:`Redone`, which restores the state the undone
group had produced.  A new action after an undo clears what could be redone.  Nothing is deleted.

The fold — ``Projection``, its undo stack and checkpoints, and the events it honours (``Undone``,
``Redone``) — is the read side's: import them from :mod:`fhtagn_tui.domain.replay`.
"""

from collections.abc import Iterable

from . import replay as _replay
from .commands import Command
from .events import Event
from .state import State

__all__ = ["Redo", "Undo", "fold"]


def fold(events: Iterable[Event]) -> State:
    """State from a log, honouring undo and redo (the read side's fold: ``replay.fold``)."""
    return _replay.fold(events).state


class Undo(Command):
    label = "undo"
    undoable = False


class Redo(Command):
    label = "redo"
    undoable = False
