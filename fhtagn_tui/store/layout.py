"""The layout of a campaign file: a header line, then one JSON line per event.

``split`` cuts the bytes of a file into its event records and finds a torn
tail: the bytes after the last good record when the file does not end with a
line end, or when its last lines do not decode (a save cut short by a crash).
It reads nothing and writes nothing; it only looks at the bytes it is given.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from .errors import NewerSchema, NotACampaign

FORMAT = 1
HEADER: dict[str, Any] = {"fhtagn": "campaign-log", "format": FORMAT}
HEADER_LINE = msgspec.json.encode(HEADER)

_probe = msgspec.json.Decoder()


class Torn(msgspec.Struct, frozen=True):
    """An incomplete tail: ``size`` bytes from byte ``offset``, starting at file line ``line``."""

    offset: int
    size: int
    line: int


class Layout(msgspec.Struct):
    lines: list[bytes]  # the event records, without their line ends
    end: int  # byte offset just after the last good record
    torn: Torn | None = None


def decodes(line: bytes) -> bool:
    """Whether a line is a JSON object (the least an event record must be)."""
    try:
        return isinstance(_probe.decode(line), dict)
    except msgspec.DecodeError:
        return False


def _looks_binary(head: bytes) -> bool:
    if b"\0" in head:
        return True
    try:
        head.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False


def check_header(path: Path, data: bytes) -> int:
    """Validate the header line; return the offset where the records start."""
    if not data:
        raise NotACampaign(path, "the file is empty")
    nl = data.find(b"\n")
    head = data[: nl if nl >= 0 else 4096]
    try:
        header = _probe.decode(head)
    except msgspec.DecodeError:
        if _looks_binary(head[:4096]):
            raise NotACampaign(path, "it is a binary file") from None
        raise NotACampaign(path, f"its first line is not the campaign header {HEADER_LINE.decode()}") from None
    if not isinstance(header, dict) or header.get("fhtagn") != "campaign-log":
        raise NotACampaign(
            path, f"it holds JSON, but its first line is not the campaign header {HEADER_LINE.decode()}"
        )
    fmt = header.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool):
        raise NotACampaign(path, f"its header has no valid format number ({fmt!r})")
    if fmt > FORMAT:
        raise NewerSchema(path, 1, fmt, what="file format")
    if nl < 0:
        raise NotACampaign(path, "its header line is incomplete (no line end)")
    return nl + 1


def split(path: Path, data: bytes) -> Layout:
    """Header check, records, torn tail (see the module docstring)."""
    check_header(path, data)
    lines = data.split(b"\n")  # no slice first: a copy of a big file costs its size again
    del lines[0]  # the header
    tail = lines.pop()  # b"" after the final line end, else a record without its line end
    end = len(data) - len(tail)
    # trailing lines that do not decode belong to the torn tail too
    while lines and not decodes(lines[-1]):
        end -= len(lines.pop()) + 1
    torn = None
    if end < len(data):
        torn = Torn(offset=end, size=len(data) - end, line=len(lines) + 2)
    return Layout(lines=lines, end=end, torn=torn)
