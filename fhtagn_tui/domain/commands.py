"""Commands: what the GM asks for, as msgspec Structs.

The text parser (:mod:`fhtagn_tui.commands`) and the app's forms both build
these; :func:`fhtagn_tui.domain.decide.decide` turns one into events.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import msgspec

COMMAND_TYPES: dict[str, type[Command]] = {}


class Command(msgspec.Struct, kw_only=True, frozen=True):
    #: Short words naming the action in the log and in undo notifications.
    label: ClassVar[str] = ""
    #: Whether the action can be undone (everything but undo/redo itself).
    undoable: ClassVar[bool] = True

    def waiting(self, state: Any, events: Sequence[Any]) -> str:
        """What the command, run, left waiting on the GM's word (said after its events), or ""."""
        return ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        COMMAND_TYPES[cls.__name__] = cls
