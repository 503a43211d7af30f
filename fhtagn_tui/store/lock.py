"""One writer per campaign: an exclusive ``flock`` on ``NAME.fhtagn.lock``.

The lock file holds the holder's pid and host so that a second writer can be
told who is playing.  The OS releases the lock when the holder closes it or
dies, so a crash never leaves a campaign locked.  The lock file itself stays
(deleting it would race with a process that has just opened it).
"""

from __future__ import annotations

import errno
import fcntl
import os
import socket
from pathlib import Path

from .errors import Locked, StoreError


def lock_path(campaign: Path) -> Path:
    return campaign.with_name(campaign.name + ".lock")


def _holder(fd: int) -> tuple[int | None, str]:
    try:
        text = os.pread(fd, 256, 0).decode("utf-8", "replace").split()
    except OSError:
        return None, ""
    pid = int(text[0]) if text and text[0].isdigit() else None
    return pid, text[1] if len(text) > 1 else ""


class WriterLock:
    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd = fd

    @classmethod
    def acquire(cls, campaign: Path) -> WriterLock:
        """Take the writer lock of ``campaign`` or raise :class:`Locked` naming the holder."""
        path = lock_path(campaign)
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        except OSError as exc:
            raise StoreError(
                f"cannot take the writer lock {path} ({exc.strerror}); open the campaign read-only "
                f"with --readonly"
            ) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            pid, host = _holder(fd)
            os.close(fd)
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise Locked(campaign, pid, "" if host == socket.gethostname() else host) from None
            raise StoreError(f"cannot lock {path}: {exc.strerror}") from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()} {socket.gethostname()}\n".encode(), 0)
        return cls(path, fd)

    @property
    def held(self) -> bool:
        return self._fd >= 0

    def release(self) -> None:
        if self._fd < 0:
            return
        fd, self._fd = self._fd, -1
        try:
            os.ftruncate(fd, 0)
            fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)
