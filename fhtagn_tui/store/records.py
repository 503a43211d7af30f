"""Event records (JSON lines) to events, a few thousand lines per ``codec.decode_many`` call.

One call over a whole 100k-event log builds two extra copies of the file
(``b"[" + b",".join(lines) + b"]"``); the allocator then keeps ~40 MiB resident
after they are freed.  Chunks keep the codec's fast path (they are even a
little faster: the buffers stay in cache) without that cost.
"""

from __future__ import annotations

from collections.abc import Sequence

from fhtagn_tui.domain import codec
from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.replay import Replayed

CHUNK = 4096


def decode_lines(lines: Sequence[bytes], first_index: int = 0, first_seq: int | None = None) -> list[Event]:
    """Decode records; a ``codec.RecordError`` carries the record's index counted from ``first_index``;
    ``first_seq``: the seq of ``lines[0]``, each next one the next (``codec.OutOfPlace`` if not)."""
    return codec.decode_many(lines, index=first_index, seq=first_seq)


def decode_for_replay(lines: Sequence[bytes], first_index: int = 0, first_seq: int | None = None) -> list[Replayed]:
    """:func:`decode_lines` as a replay reads them (``codec.decode_for_replay``: counted events as heads)."""
    return codec.decode_for_replay(lines, index=first_index, seq=first_seq)
