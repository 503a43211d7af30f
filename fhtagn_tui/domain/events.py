"""Events: the facts of a session log, as a msgspec tagged union.

Every event type subclasses :class:`Event` (``tag=True``: the JSON field
``type`` carries the class name).  Each event carries its position in the log
(``seq``), the wall clock (``ts``), the session number, the action group (the
command that produced it), the catalogue rule IDs it applied and every die
drawn for it.  ``v`` is the schema version the event was written with; old
shapes are lifted by upcasters (see :mod:`fhtagn_tui.domain.codec`).

Event types register themselves on definition (``__init_subclass__``), so a
feature module only has to define its events; the union is built from the
registry when the codec is first used.
"""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec

from fhtagn_tui.rules.dice import Roll

#: Bump when any event's shape changes, and add an upcaster for the old shape.
SCHEMA_VERSION = 2

EVENT_TYPES: dict[str, type[Event]] = {}


class Event(msgspec.Struct, tag=True, tag_field="type", kw_only=True, frozen=True, gc=False):
    v: int = SCHEMA_VERSION
    seq: int = 0
    ts: float = 0.0
    session: int = 0
    group: int = 0
    rules: tuple[str, ...] = ()
    dice: tuple[Roll, ...] = ()
    secret: bool = False

    #: Short human label of the kind of event (for the Log tab and exports).
    kind_label: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        name = cls.__name__
        if name in EVENT_TYPES and EVENT_TYPES[name] is not cls:
            raise RuntimeError(f"event type {name} defined twice")
        EVENT_TYPES[name] = cls

    @property
    def type_name(self) -> str:
        return type(self).__name__

    def describe(self, names: dict[str, str]) -> str:
        """Plain words for the log; ``names`` maps character ids to display names."""
        return type(self).__name__
