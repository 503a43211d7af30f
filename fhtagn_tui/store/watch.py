"""``FileWatch``: be woken when a campaign file is written (Linux inotify), for followers.

A read-only view (the players' view, a second GM window) follows the log another
process appends.  Polling every 50 ms added up to 50 ms to every update and woke
every follower twenty times a second for nothing; with a watch the follower reads
the new records as soon as the writer's append lands.  Where inotify is not
available (another system, no libc, a limit reached) :func:`watch` returns None
and the caller keeps polling.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
from pathlib import Path

__all__ = ["FileWatch", "watch"]

_IN_MODIFY = 0x00000002
_IN_CLOSE_WRITE = 0x00000008
_IN_NONBLOCK = os.O_NONBLOCK
_IN_CLOEXEC = os.O_CLOEXEC

_libc: ctypes.CDLL | None = None


def _load() -> ctypes.CDLL | None:
    global _libc
    if _libc is None:
        name = ctypes.util.find_library("c")
        if name is None:
            return None
        try:
            lib = ctypes.CDLL(name, use_errno=True)
            lib.inotify_init1.argtypes = [ctypes.c_int]
            lib.inotify_add_watch.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_uint32]
        except (OSError, AttributeError):
            return None
        _libc = lib
    return _libc


class FileWatch:
    """An inotify descriptor watching one file for writes; readable when it was written."""

    def __init__(self, fd: int) -> None:
        self._fd = fd

    def fileno(self) -> int:
        return self._fd

    def drain(self) -> bool:
        """Read the pending notices (True if there were any)."""
        seen = False
        while True:
            try:
                data = os.read(self._fd, 4096)
            except (BlockingIOError, InterruptedError):
                return seen
            except OSError:
                return seen
            if not data:
                return seen
            seen = True

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


def watch(path: Path) -> FileWatch | None:
    """A watch on ``path``'s writes, or None where inotify cannot be used (then poll)."""
    lib = _load()
    if lib is None:
        return None
    fd = lib.inotify_init1(_IN_NONBLOCK | _IN_CLOEXEC)
    if fd < 0:
        return None
    if lib.inotify_add_watch(fd, os.fsencode(path), _IN_MODIFY | _IN_CLOSE_WRITE) < 0:
        os.close(fd)
        return None
    return FileWatch(fd)
