"""Small durable-file helpers: read a whole file, write a new one, fsync a folder."""

from __future__ import annotations

import os
import time
from pathlib import Path

from fhtagn_tui.private import create


def read_all(fd: int, offset: int = 0) -> bytes:
    """Every byte of an open file from ``offset`` to its current end."""
    chunks = []
    size = os.fstat(fd).st_size
    pos = offset
    while pos < size:
        chunk = os.pread(fd, size - pos, pos)
        if not chunk:
            break
        chunks.append(chunk)
        pos += len(chunk)
    return b"".join(chunks)


def write_fully(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        if n <= 0:
            raise OSError(5, "the write made no progress")
        view = view[n:]




def replace_private(target: Path, data: bytes) -> bool:
    """Write ``target`` whole or not at all (a new file of this process, mode 600, renamed over it);
    False when it could not be written (a cache such as the snapshot is then simply not kept)."""
    tmp = target.with_name(f".{target.name}.new-{os.getpid()}")
    try:
        tmp.unlink(missing_ok=True)
        fd = create(tmp, os.O_WRONLY | os.O_EXCL | os.O_NOFOLLOW)
        try:
            write_fully(fd, data)
        finally:
            os.close(fd)
        os.replace(tmp, target)
    except OSError:
        tmp.unlink(missing_ok=True)
        return False
    return True


def write_new(path: Path, data: bytes) -> None:
    """Create ``path`` (it must not exist; mode 600), write ``data``, fsync it."""
    fd = create(path, os.O_WRONLY | os.O_EXCL | os.O_NOFOLLOW)
    try:
        write_fully(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_dir(path: Path) -> None:
    """Make a new or renamed entry in folder ``path`` durable."""
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def utc_stamp() -> str:
    return time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())


def sidecar(path: Path, kind: str, stamp: str) -> Path:
    """``NAME.fhtagn.<kind>-<stamp>``, with a counter if that name is taken."""
    candidate = path.with_name(f"{path.name}.{kind}-{stamp}")
    n = 1
    while candidate.exists():
        candidate = path.with_name(f"{path.name}.{kind}-{stamp}-{n}")
        n += 1
    return candidate
