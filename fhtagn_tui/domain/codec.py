"""Encoding events to JSON lines and back, with upcasting of old shapes.

The fast path decodes a whole log in one msgspec call into the tagged union
of event types.  A record written with an older schema version goes through
its upcasters first (dict → dict, one version step at a time), then is
converted into the current type.  A record from a newer schema is refused:
this version of the program cannot know what it means.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from operator import attrgetter
from typing import Any, Union

import msgspec

from . import history  # noqa: F401  (registers Undone and Redone)
from .events import EVENT_TYPES, SCHEMA_VERSION, Event
from .features import load_all
from .replay import Replayed, head_of, read_as_head
from .text import RAW_CONTROL, scrub


class RecordError(ValueError):
    """A record that cannot be read as an event."""

    def __init__(self, index: int, message: str) -> None:
        self.index = index
        super().__init__(message)


class SchemaTooNew(RecordError):
    pass


class OutOfPlace(RecordError):
    """A record whose seq is not the one its place in the log holds."""

    def __init__(self, index: int, seq: int, expected: int) -> None:
        self.seq, self.expected = seq, expected
        super().__init__(index, f"record {index + 1} holds seq {seq} where seq {expected} belongs")


Upcaster = Callable[[dict[str, Any]], dict[str, Any]]

#: (event type or "*" for all, version it lifts from) -> upcaster to version + 1
UPCASTERS: dict[tuple[str, int], Upcaster] = {}


def upcaster(type_name: str, from_version: int) -> Callable[[Upcaster], Upcaster]:
    def register(fn: Upcaster) -> Upcaster:
        UPCASTERS[(type_name, from_version)] = fn
        return fn

    return register


@cache
def _union() -> Any:
    load_all()  # every event type registered (the feature modules load when first needed)
    types = tuple(t for t in EVENT_TYPES.values() if t is not Event)
    return Union[types]  # noqa: UP007


@cache
def _decoder_one() -> msgspec.json.Decoder[Any]:
    return msgspec.json.Decoder(_union())


@cache
def _decoder_replay() -> msgspec.json.Decoder[Any]:
    """The union as a replay reads it: each counted event type and each whose evolver reads only a
    few fields as its head (``replay.read_as_head``)."""
    union = _union()
    return msgspec.json.Decoder(Union[tuple(head_of(t) if read_as_head(t) else t  # noqa: UP007
                                            for t in union.__args__)])


_encoder = msgspec.json.Encoder()
_raw = msgspec.json.Decoder(dict[str, Any])


def encode(ev: Event) -> bytes:
    return _encoder.encode(ev)


def to_dict(ev: Event) -> dict[str, Any]:
    record: dict[str, Any] = msgspec.to_builtins(ev)
    return record


def upcast(record: dict[str, Any], index: int = -1) -> dict[str, Any]:
    version = record.get("v", 1)
    if not isinstance(version, int):
        raise RecordError(index, f"record {index + 1}: schema version {version!r} is not a number")
    if version > SCHEMA_VERSION:
        raise SchemaTooNew(
            index,
            f"record {index + 1} was written by a newer fhtagn-tui (schema {version}, this one reads up to "
            f"{SCHEMA_VERSION}); upgrade fhtagn-tui to open it",
        )
    type_name = record.get("type", "")
    while version < SCHEMA_VERSION:
        for key in ((type_name, version), ("*", version)):
            fn = UPCASTERS.get(key)
            if fn is not None:
                record = fn(record)
        version += 1
        record["v"] = version
    return record


def visible_strings(ev: Event) -> Event:
    """The event with every control character in its strings written out (``\\x1b``).

    New input refuses them (:mod:`fhtagn_tui.domain.text`); a record from an older log that holds
    one is made safe here, where it is read, so that no output ever receives it raw."""
    record = scrub(msgspec.to_builtins(ev))
    return msgspec.convert(record, _union())  # type: ignore[no-any-return]


def decode_one(line: bytes, index: int = -1) -> Event:
    ev = _decode_one(line, index)
    return visible_strings(ev) if RAW_CONTROL.search(line) else ev


def _decode_one(line: bytes, index: int = -1) -> Event:
    try:
        ev: Event = _decoder_one().decode(line)
        if ev.v == SCHEMA_VERSION:
            return ev
    except msgspec.ValidationError:
        pass
    except msgspec.DecodeError as exc:
        raise RecordError(index, f"record {index + 1} is not valid JSON: {exc}") from None
    try:
        record = _raw.decode(line)
    except msgspec.DecodeError as exc:
        raise RecordError(index, f"record {index + 1} is not valid JSON: {exc}") from None
    record = upcast(record, index)
    try:
        converted: Event = msgspec.convert(record, _union())
        return converted
    except msgspec.ValidationError as exc:
        kind = record.get("type", "?")
        if kind not in EVENT_TYPES:
            raise RecordError(index, f"record {index + 1} has an unknown event type {kind!r}") from None
        raise RecordError(index, f"record {index + 1} ({kind}) does not fit its type: {exc}") from None


def _may_hold_control(data: bytes) -> bool:
    """False when ``RAW_CONTROL`` cannot match ``data``: each of its forms begins with a backslash,
    0x7f or 0xc2, and looking for one byte is a ``memchr`` (a few ms over a 100k-event log, where
    the expression takes ~50 ms)."""
    return b"\\" in data or b"\x7f" in data or b"\xc2" in data


_seq = attrgetter("seq")


def decode_many(lines: Sequence[bytes], *, index: int = 0, seq: int | None = None) -> list[Event]:
    """Decode many records, fast when all are current.  ``index``: the index of ``lines[0]`` in the
    log (a ``RecordError`` is numbered from it); ``seq``: the seq ``lines[0]`` must hold, each next
    record the next one (else :class:`OutOfPlace`), or None to take the seqs as they come."""
    return _decode_many(lines, _decoder_one(), index, seq)  # type: ignore[return-value]  # that decoder makes no heads


def decode_for_replay(lines: Sequence[bytes], *, index: int = 0, seq: int | None = None) -> list[Replayed]:
    """:func:`decode_many` as a replay reads a log: every event, but each one the fold only counts
    (``decide.counted``: free rolls, table rolls, notes) as its head (``domain.replay``) — type, seq,
    group and schema version read, the rest of its record skipped — and each one whose evolver reads
    only a few fields (``decide.evolver(…, reads=…)``: pool changes, conditions) as its head holding
    those fields too.  A record of an older schema or
    with raw control characters is decoded in full, as :func:`decode_one` does.  A head's record is
    checked in full when its event is read (``GroupRecord.first``, the Log, review, exports,
    ``fhtagn check``), not here."""
    return _decode_many(lines, _decoder_replay(), index, seq)


#: Records decoded per msgspec call: the joined text of a piece (~250 KB) stays in the cache while it
#: is parsed and checked (one piece of a whole 100k-event log, 24 MB, costs ~25% more to decode).
PIECE = 1024


def _decode_many(lines: Sequence[bytes], decoder: msgspec.json.Decoder[Any], index: int, seq: int | None) -> list[Replayed]:
    if len(lines) <= PIECE:
        return _decode_piece(lines, decoder, index, seq)
    out: list[Replayed] = []
    for start in range(0, len(lines), PIECE):
        out += _decode_piece(lines[start : start + PIECE], decoder, index + start, None if seq is None else seq + start)
    return out


def _decode_piece(lines: Sequence[bytes], decoder: msgspec.json.Decoder[Any], first: int, seq: int | None) -> list[Replayed]:
    if not lines:
        return []
    joined = b"\n".join(lines)
    try:
        # one call over the records as they are (JSON lines): no per-record Python work, and
        # no bracketed copy of the whole text.  The collector is left as the caller set it: the
        # tuples of an event (its rules and dice) are tracked when made, and a collection walks
        # each of them once whenever it comes — cheapest now, while they are in the cache, in
        # small young-generation passes (~15 ms per 100k events), than later in one pass over all
        # of them (~30 ms).  A caller that folds or freezes what it loads pauses the collector
        # itself (``replay.gc_paused``: the fold, the door, the app).
        events: list[Replayed] = decoder.decode_lines(joined)
    except (msgspec.ValidationError, msgspec.DecodeError):
        events = []
    if len(events) != len(lines):  # another schema, a bad or an empty record: one at a time
        # (a record of another schema version does not decode as its type: ``events.Version``)
        return [decode_one(line, first + i) for i, line in enumerate(lines)]
    if _may_hold_control(joined) and RAW_CONTROL.search(joined):  # an older log with control characters: rare
        for i, line in enumerate(lines):
            if RAW_CONTROL.search(line):
                ev = events[i]
                events[i] = visible_strings(ev) if isinstance(ev, Event) else decode_one(line, first + i)
    if seq is not None and list(map(_seq, events)) != list(range(seq, seq + len(events))):  # in C, while in the cache
        for i, ev in enumerate(events):
            if ev.seq != seq + i:
                raise OutOfPlace(first + i, ev.seq, seq + i)
    return events


# --- the upcasters ---------------------------------------------------------------


@upcaster("*", 1)
def _dice_as_arrays(record: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 wrote each die as an object {"purpose", "die", "value"}; schema 2
    writes the compact array [purpose, die, value]."""
    dice = record.get("dice")
    if isinstance(dice, list):
        record["dice"] = [
            [d.get("purpose", ""), d.get("die", ""), d.get("value", 0)] if isinstance(d, dict) else d for d in dice
        ]
    return record
