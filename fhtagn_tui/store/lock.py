"""One writer per campaign: an exclusive ``flock`` on ``NAME.fhtagn.lock``.

The lock file holds the holder's pid and host so that a second writer can be
told who is playing.  The OS releases the lock when the holder closes it or
dies, so a crash never leaves a campaign locked.  The lock file itself stays
(deleting it would race with a process that has just opened it).

It is created mode 600 and opened with ``O_NOFOLLOW``: a symlink planted under
its name is refused, and so is anything that does not look like a lock file (not
a regular file of ours, linked elsewhere, or larger than a pid and a host name),
so taking the lock never truncates a file it did not create.
"""

from __future__ import annotations

import errno
import fcntl
import os
import stat
from pathlib import Path

from fhtagn_tui.private import create

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


MAX_LOCK_SIZE = 512  # "pid host\n"


def _open_lock(path: Path) -> int:
    """Open (or create, mode 600) the lock file; refuse a symlink or a file that is not a lock."""
    flags = os.O_RDWR | os.O_NOFOLLOW | os.O_CLOEXEC
    try:
        try:
            return create(path, flags | os.O_EXCL)
        except FileExistsError:
            fd = os.open(path, flags)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise StoreError(f"{path} is a symbolic link, not a lock file; remove it (it was not made by "
                             "fhtagn) — nothing was changed") from None
        raise StoreError(
            f"cannot take the writer lock {path} ({exc.strerror}); open the campaign read-only with --readonly"
        ) from None
    info = os.fstat(fd)
    problem = ""
    if not stat.S_ISREG(info.st_mode):
        problem = "it is not a regular file"
    elif info.st_nlink != 1:
        problem = "it has other names (hard links)"
    elif info.st_uid != os.geteuid():
        problem = "it belongs to another user"
    elif info.st_size > MAX_LOCK_SIZE:
        problem = f"it holds {info.st_size} bytes, more than a lock ever does"
    if problem:
        os.close(fd)
        raise StoreError(f"{path} does not look like fhtagn's lock file ({problem}); move it away — "
                         "nothing was changed")
    if stat.S_IMODE(info.st_mode) & 0o077:
        os.fchmod(fd, 0o600)
    return fd


class WriterLock:
    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd = fd

    @classmethod
    def acquire(cls, campaign: Path) -> WriterLock:
        """Take the writer lock of ``campaign`` or raise :class:`Locked` naming the holder."""
        path = lock_path(campaign)
        fd = _open_lock(path)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            pid, host = _holder(fd)
            os.close(fd)
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise Locked(campaign, pid, "" if host == _hostname() else host) from None
            raise StoreError(f"cannot lock {path}: {exc.strerror}") from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()} {_hostname()}\n".encode(), 0)
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


def writer_present(campaign: Path) -> bool | None:
    """Whether a process holds the writer lock of ``campaign`` now — read, never taken: True, False, or None
    when it cannot be told (the holder is on another host).  Not ``flock``: a probe holding the lock even
    for a moment would make a GM's app starting at that instant open read-only.  The holder writes
    "pid host" into the lock file once it holds the lock and empties it on release; a holder that died
    left its pid, no longer alive (the OS released its lock)."""
    try:
        fd = os.open(lock_path(campaign), os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK)
    except FileNotFoundError:
        return False  # nobody has ever written this campaign here
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        pid, host = _holder(fd)
    finally:
        os.close(fd)
    if pid is None:
        return False  # released (emptied), or never written
    if host and host != _hostname():
        return None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # alive, another user's
    return True


def _hostname() -> str:
    """This machine's name (``socket`` imported only by a writer: its import is ~2 ms of every start)."""
    import socket

    return socket.gethostname()
