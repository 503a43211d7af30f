"""What a replay reads of an event's record: the event itself, or its head (:class:`Head`)."""

from collections.abc import Sequence
from typing import Any, ClassVar, TypeAlias

import msgspec

from ..events import SCHEMA_VERSION, Event, Version


class Head(msgspec.Struct, kw_only=True, frozen=True, gc=False):
    """What a replay reads of the record of an event: the fields its fold needs, the rest of the
    record skipped by the parser (no objects made for them: no strings, no rules or dice).

    * An event the fold only counts (``decide.counted``: a free roll, a table roll, a note) is read
      as its type, ``v``, ``seq`` and ``group`` alone — about half the cost of reading a log.
    * An event whose evolver reads only a few of its fields (``decide.evolver(…, reads=…)``: a pool
      change, a condition) is read as those fields as well, and that evolver folds the head.

    Never an event: the fold keeps it in the undo record of its group, with the log's records, and
    ``GroupRecord.first`` decodes the event itself when asked.  One subclass per type
    (:func:`head_of`), tagged with the type's name."""

    v: Version = SCHEMA_VERSION
    seq: int = 0
    group: int = 0

    #: The event type whose records this head reads.
    of: ClassVar[type[Event]]


#: What a replay reads of one record: the event, or its :class:`Head` (the rest of the program
#: names it so: a head is this package's business).
Replayed: TypeAlias = Event | Head

#: head type -> the event type it reads (see :class:`Head`)
HEAD_TYPES: dict[type[Head], type[Event]] = {}


def head_of(kind: type[Event], reads: tuple[str, ...] | None = None) -> type[Head]:
    """The :class:`Head` type of ``kind`` (made once), holding besides ``v``, ``seq`` and ``group``
    the fields ``reads`` of ``kind`` (their types and defaults as ``kind`` declares them; None: the
    head made already, or one that reads no more)."""
    for made, of in HEAD_TYPES.items():
        if of is kind:
            if reads is not None and made.__struct_fields__[len(Head.__struct_fields__):] != reads:
                raise ValueError(f"the head of {kind.__name__} is made already, reading other fields than {reads}")
            return made
    name, reads = kind.__name__, reads or ()
    declared = {f.name: f for f in msgspec.structs.fields(kind)}
    unknown = [f for f in reads if f not in declared or f in Head.__struct_fields__]
    if unknown:
        raise ValueError(f"{name} has no field {unknown[0]!r} a head could read")
    fields = [(f, declared[f].type, _default(declared[f])) for f in reads]
    head: Any = msgspec.defstruct(  # a subclass of Head (defstruct is typed as making a Struct)
        f"{name}Head", fields, bases=(Head,), namespace={"of": kind}, module=__name__,
        kw_only=True, frozen=True, gc=False, tag=name, tag_field="type",
    )
    HEAD_TYPES[head] = kind
    return head  # type: ignore[no-any-return]


def _default(field: msgspec.structs.FieldInfo) -> Any:
    """The default of a head's field: the event's own (none when the event has none)."""
    if field.default_factory is not msgspec.NODEFAULT:
        return msgspec.field(default_factory=field.default_factory)
    return field.default


def is_head_type(kind: type) -> bool:
    """Whether ``kind`` is the type of a head (a replay's, not an event's)."""
    return issubclass(kind, Head)


def event_of(head: Head, log: Sequence[bytes] | None) -> Event:
    """The event whose record ``head`` was read from: ``log[head.seq - 1]`` decoded in full."""
    from ..codec import decode_one  # (the codec imports this module)

    index = head.seq - 1
    if log is None or not 0 <= index < len(log):
        raise ValueError(f"the record of {type(head).__name__} seq {head.seq} is not in the log given")
    ev = decode_one(log[index], index)
    if type(ev) is not head.of or ev.seq != head.seq or ev.group != head.group:
        raise ValueError(f"record {index + 1} of the log is not the one {type(head).__name__} "
                         f"seq {head.seq} was read from")
    return ev
