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

from typing import Any, ClassVar

import msgspec

from fhtagn_tui.rules.dice import Roll

#: Bump when any event's shape changes, and add an upcaster for the old shape.
SCHEMA_VERSION = 2

EVENT_TYPES: "dict[str, type[Event]]" = {}


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


class Head(msgspec.Struct, kw_only=True, frozen=True, gc=False):
    """What a replay reads of the record of an event it only counts (``decide.counted``: a free
    roll, a table roll, a note): the fields the fold needs, the rest of the record skipped (about
    half the cost of reading a log).  Never an event: the fold keeps it in the undo record of its
    group, with the log's records, and ``GroupRecord.first`` decodes the event itself when asked.
    One subclass per counted type (:func:`head_of`), tagged with the type's name."""

    v: int = SCHEMA_VERSION
    seq: int = 0
    group: int = 0

    #: The event type whose records this head reads.
    of: ClassVar[type[Event]]


#: head type -> the event type it reads (see :class:`Head`)
HEAD_TYPES: dict[type[Head], type[Event]] = {}


def head_of(kind: type[Event]) -> type[Head]:
    """The :class:`Head` type of ``kind`` (made once)."""
    for made, of in HEAD_TYPES.items():
        if of is kind:
            return made
    name = kind.__name__
    head: Any = msgspec.defstruct(  # a subclass of Head (defstruct is typed as making a Struct)
        f"{name}Head", [], bases=(Head,), namespace={"of": kind}, module=__name__,
        kw_only=True, frozen=True, gc=False, tag=name, tag_field="type",
    )
    HEAD_TYPES[head] = kind
    return head  # type: ignore[no-any-return]
