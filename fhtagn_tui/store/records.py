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

CHUNK = 4096


def decode_lines(lines: Sequence[bytes], first_index: int = 0) -> list[Event]:
    """Decode records; a ``codec.RecordError`` carries the record's index counted from ``first_index``."""
    out: list[Event] = []
    for start in range(0, len(lines), CHUNK):
        part = lines[start : start + CHUNK]
        try:
            out.extend(codec.decode_many(part))
        except codec.RecordError:  # find the bad record again, numbered in the whole log
            base = first_index + start
            out.extend(codec.decode_one(line, base + i) for i, line in enumerate(part))
    return out
