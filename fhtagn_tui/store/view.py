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
from collections.abc import Iterable, Iterator, Sequence
from typing import overload

from fhtagn_tui.domain.events import Event

from .campaign import CampaignStore
from .records import CHUNK

__all__ = ["EventView"]


class EventView(Sequence[Event]):
    #: Decoded chunks kept at once (each ``CHUNK`` records).
    KEEP = 4

    def __init__(self, store: CampaignStore) -> None:
        self._store = store
        self._chunks: OrderedDict[int, list[Event]] = OrderedDict()

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

    def extend(self, events: Iterable[Event]) -> None:
        """Nothing to keep: events appended to the store are in the view already."""
