"""The app processes a server starts, and how they end.

Every app process leads its own session and process group (so one ``killpg``
reaches it and anything it starts), asks the kernel to kill it when the server
dies (``PR_SET_PDEATHSIG`` on Linux: a ``kill -9`` of the server leaves no
orphan), and is registered in the server's :class:`Children` until it has been
reaped, so stopping the server ends every one of them: asked first (SIGHUP, or
the web driver's quit), killed after a grace period.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import ctypes.util
import logging
import os
import resource
import signal
import sys
from collections.abc import Callable

from .limits import CRASH_LINES, shown

log = logging.getLogger("fhtagn.serve")

PR_SET_PDEATHSIG = 1
#: The environment variable naming the crash pipe's end in an app (fhtagn_tui.app.crash reads it).
CRASH_FD = "FHTAGN_CRASH_FD"

_libc: ctypes.CDLL | None = None
if sys.platform.startswith("linux"):
    try:
        _libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    except OSError:  # pragma: no cover - a Linux without a loadable libc
        _libc = None


def die_with_parent(parent: int) -> None:
    """In a forked child before ``exec``: the kernel kills it when ``parent`` dies.

    If the parent died already (between the fork and here), leave at once.
    """
    if _libc is not None:
        _libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:
        os._exit(1)


def preexec(take_terminal: bool) -> Callable[[], None]:
    """The ``preexec_fn`` of an app process (it already leads a new session): no core files
    (``RLIMIT_CORE`` 0: a crash or a signal never writes the app's memory, the GM's secrets, to
    disk), its terminal, death with the server."""
    parent = os.getpid()

    def setup() -> None:
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        if take_terminal:  # the pty on fd 0 becomes its controlling terminal
            import fcntl
            import termios

            fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        die_with_parent(parent)

    return setup


def signal_group(pid: int, signum: int) -> None:
    """Send a signal to the process group led by ``pid`` (gone already: nothing)."""
    try:
        os.killpg(pid, signum)
    except (ProcessLookupError, PermissionError):
        pass


async def end(process: asyncio.subprocess.Process, grace: float, ask: Callable[[], object] | None = None,
              signum: int = signal.SIGHUP) -> int:
    """Ask an app to end (``ask()`` and/or ``signum`` to its group); SIGKILL after ``grace`` s."""
    if process.returncode is None:
        if ask is not None:
            try:
                ask()
            except (OSError, RuntimeError):
                pass
        signal_group(process.pid, signum)
        try:
            return await asyncio.wait_for(process.wait(), grace)
        except TimeoutError:
            pass
    if process.returncode is not None:
        return process.returncode
    signal_group(process.pid, signal.SIGKILL)  # the group: whatever it started goes too
    try:
        return await asyncio.wait_for(process.wait(), 5)
    except TimeoutError:  # pragma: no cover - a process SIGKILL cannot end (uninterruptible sleep)
        return -9


class Children:
    """The app processes one server has started and not yet reaped."""

    def __init__(self) -> None:
        self.live: set[asyncio.subprocess.Process] = set()
        self.started = 0

    def add(self, process: asyncio.subprocess.Process) -> None:
        self.live.add(process)
        self.started += 1
        asyncio.get_running_loop().create_task(self._reap(process))

    async def _reap(self, process: asyncio.subprocess.Process) -> None:
        try:
            await process.wait()
        finally:
            self.live.discard(process)

    @property
    def pids(self) -> list[int]:
        return sorted(p.pid for p in self.live if p.returncode is None)

    async def end_all(self, grace: float) -> None:
        """Ask every live app to end, kill what is left after ``grace`` seconds."""
        await asyncio.gather(*(end(p, grace) for p in list(self.live)), return_exceptions=True)

    def kill_all(self) -> None:
        """SIGKILL every group at once (the server is leaving in a hurry)."""
        for p in list(self.live):
            if p.returncode is None:
                signal_group(p.pid, signal.SIGKILL)


class CrashPipe:
    """Where a served app writes its traceback when it fails (the client reads one line only):
    a pipe whose end the app gets as ``FHTAGN_CRASH_FD``; read when the app has ended, logged
    with every control character escaped, at most ``CRASH_LINES`` lines."""

    def __init__(self) -> None:
        self.read_fd, self.write_fd = os.pipe()
        os.set_blocking(self.read_fd, False)

    @property
    def env(self) -> dict[str, str]:
        return {CRASH_FD: str(self.write_fd)}

    @property
    def fds(self) -> tuple[int, ...]:
        return (self.write_fd,) if self.write_fd >= 0 else ()

    def started(self) -> None:
        """The app has its copy: close ours."""
        if self.write_fd >= 0:
            os.close(self.write_fd)
            self.write_fd = -1

    def report(self, who: str) -> None:
        """Log what the app wrote (nothing: nothing), and close the pipe."""
        self.started()
        if self.read_fd < 0:
            return
        data = b""
        with contextlib.suppress(OSError):
            while chunk := os.read(self.read_fd, 65536):
                data += chunk
                if len(data) > 65536:
                    break
        os.close(self.read_fd)
        self.read_fd = -1
        if not data:
            return
        lines = data.decode("utf-8", "replace").splitlines()
        log.error("%s: the app failed (the player was told to reconnect):", who)
        for line in lines[-CRASH_LINES:]:
            log.error("  %s", shown(line, 300))
