"""``EventView``: a campaign's events as a sequence, decoded a chunk at a time when read.

Review mode steps, jumps and searches through the whole log; holding every event
of a 100k-event log decoded costs ~60 MiB.  The view holds none of them: reading
event ``seq`` decodes the chunk of records around it (kept while a few chunks
are in use), a slice decodes just its range, and iterating decodes chunk after
chunk.  Its length follows the store (records appended, or followed from another
process, are in it as soon as the store has them).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Collection, Iterable, Iterator, Sequence
from functools import cache
from operator import attrgetter
from typing import TYPE_CHECKING, Annotated, Any, NamedTuple, Union, overload

import msgspec

from fhtagn_tui.domain import codec
from fhtagn_tui.domain.events import EVENT_TYPES, SCHEMA_VERSION, Event
from fhtagn_tui.domain.features import load_all
from fhtagn_tui.domain.replay import StateMark

if TYPE_CHECKING:
    from .review_index import Saved

from .campaign import CampaignStore
from .records import CHUNK

__all__ = ["EventView", "RecordIndex", "record_index"]


class _Tagged(msgspec.Struct, gc=False, tag_field="type"):
    """What :func:`record_index` reads of a record (the rest of it is skipped, not decoded): one
    subclass per event type, tagged with its name (:func:`_head_decoder`), so that a record's type
    is read as a class found by its tag, not as a new string per record.  A record of another
    schema version does not read so (the parser checks ``v``)."""

    v: Annotated[int, msgspec.Meta(ge=SCHEMA_VERSION, le=SCHEMA_VERSION)]
    seq: int
    group: int = 0


@cache
def _head_types(types: int) -> dict[type[_Tagged], str]:
    """The head type of each event type (by its tag: the name of its type), for the ``types``
    event types known (made again when more are defined)."""
    del types  # (the cache's key: the event types known, all loaded by the caller)
    made: dict[Any, str] = {  # (defstruct is typed as making a Struct: these are _Tagged's subclasses)
        msgspec.defstruct(f"{name}IndexTag", [], bases=(_Tagged,), module=__name__, gc=False, tag=name): name
        for name, kind in EVENT_TYPES.items() if kind is not Event}
    return made


@cache
def _head_decoder(types: int) -> msgspec.json.Decoder[Any]:
    return msgspec.json.Decoder(Union[tuple(_head_types(types))])  # noqa: UP007


_SEQ, _GROUP = attrgetter("seq"), attrgetter("group")
#: Records read at once by :func:`record_index`.
_PART = 8192


class RecordIndex(NamedTuple):
    """Where the groups start and end, and the records of some types (decoded), over a log."""

    group_first: dict[int, int]  # group -> its first seq (groups > 0 only)
    group_last: dict[int, int]  # group -> its last seq
    marked: list[Event]  # the events of the types asked for, in order


def record_index(lines: Sequence[bytes], marked: Collection[str], first_seq: int = 1) -> RecordIndex | None:
    """The groups' first and last seqs and the events of the ``marked`` types of the log's records
    (``first_seq`` first), reading only each record's type, version, seq and group (the rest is skipped,
    not decoded; the few marked records are decoded whole).  ``None`` when a record does not read
    so — not JSON, another schema version (its upcasters may move fields), a seq out of place —:
    then decode the events, whose errors are the ones to tell."""
    found: list[Event] = []
    if not lines:
        return RecordIndex({}, {}, found)
    all_groups: list[int] = []
    all_seqs: list[int] = []
    load_all()  # every event type registered (a no-op once loaded)
    kinds, decoder = _head_types(len(EVENT_TYPES)), _head_decoder(len(EVENT_TYPES))
    wanted = {head for head, name in kinds.items() if name in marked}
    for start in range(0, len(lines), _PART):
        part = lines[start : start + _PART]
        try:
            heads = decoder.decode_lines(b"\n".join(part))
        except (msgspec.ValidationError, msgspec.DecodeError):
            return None
        seqs = list(map(_SEQ, heads))
        if len(heads) != len(part) or seqs != list(range(first_seq + start, first_seq + start + len(part))):
            return None
        all_groups += map(_GROUP, heads)
        all_seqs += seqs
        if not wanted or wanted.isdisjoint(map(type, heads)):
            continue
        for i, head in enumerate(heads):
            if type(head) in wanted:
                try:
                    found.append(codec.decode_one(part[i], first_seq - 1 + start + i))
                except codec.RecordError:
                    return None
    # each group's first seq and its last, made in C over the whole log at once
    group_first = dict(zip(reversed(all_groups), reversed(all_seqs), strict=True))
    group_last = dict(zip(all_groups, all_seqs, strict=True))
    group_first.pop(0, None)  # (events of no group are not indexed)
    group_last.pop(0, None)
    return RecordIndex(group_first, group_last, found)


class EventView(Sequence[Event]):
    #: Decoded chunks kept at once (each ``CHUNK`` records).
    KEEP = 4

    def __init__(self, store: CampaignStore) -> None:
        self._store = store
        self._chunks: OrderedDict[int, list[Event]] = OrderedDict()
        self._review: tuple[Saved | None, Collection[str]] = (None, ())

    def __len__(self) -> int:
        return len(self._store)

    def _chunk(self, index: int) -> list[Event]:
        chunk = self._chunks.get(index)
        # a chunk read when the log was shorter is read again once the log has grown into it
        if chunk is not None and index * CHUNK + len(chunk) >= min(len(self), (index + 1) * CHUNK):
            self._chunks.move_to_end(index)
            return chunk
        first = index * CHUNK + 1
        chunk = self._store.events_between(first, first + CHUNK)
        self._chunks[index] = chunk
        while len(self._chunks) > self.KEEP:
            self._chunks.popitem(last=False)
        return chunk

    @overload
    def __getitem__(self, i: int) -> Event: ...

    @overload
    def __getitem__(self, i: slice) -> list[Event]: ...

    def __getitem__(self, i: int | slice) -> Event | list[Event]:
        n = len(self)
        if isinstance(i, slice):
            r = range(n)[i]
            if r.step != 1:
                return [self[j] for j in r]
            if not r:
                return []
            return self._store.events_between(r.start + 1, r.stop + 1)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(f"event index {i} out of range (the log has {n})")
        return self._chunk(i // CHUNK)[i % CHUNK]

    def __iter__(self) -> Iterator[Event]:
        return self._store.iter_events()

    def chunks(self, stop: int | None = None) -> Iterator[list[Event]]:
        """The events in order (the first ``stop``), a decoded chunk (a list) at a time."""
        return self._store.iter_chunks(stop=stop)

    def review_index(self, marked: Collection[str], stop: int | None = None) -> Saved | None:
        """The index of the log's records (the first ``stop``): the one saved beside the log when
        it matches, and the records after it read (:func:`~.review_index.review_index`)."""
        from .review_index import review_index  # (it imports this module)

        self._review = review_index(self._store, marked, len(self) if stop is None else stop), marked
        return self._review[0]

    def save_review(self, states: Sequence[StateMark]) -> bool:
        """Save the index the last :meth:`review_index` gave with ``states`` of the log beside it (the
        next review starts from them)."""
        from .review_index import save_states

        saved, marked = self._review
        return saved is not None and save_states(self._store, saved.found, saved.seq, marked, states)

    def extend(self, events: Iterable[Event]) -> None:
        """Nothing to keep: events appended to the store are in the view already."""
