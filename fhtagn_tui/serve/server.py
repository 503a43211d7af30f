"""``fhtagn serve NAME``: the SSH server and the web view of one campaign."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from pathlib import Path

import asyncssh

from .keys import Role, host_key_path
from .limits import LOOP_ERRORS_PER_MINUTE, Limits, shown
from .ssh import Table, start_ssh
from .token import web_token
from .web import WebView

log = logging.getLogger("fhtagn.serve")


class TableServer:
    """The servers of one campaign, started and stopped inside a running loop."""

    def __init__(self, saves: Path, name: str, campaign: Path, host: str = "127.0.0.1",
                 ssh_port: int = 2222, web_port: int | None = 8000, limits: Limits | None = None,
                 new_web_token: bool = False, web_origins: tuple[str, ...] = (),
                 players: tuple[tuple[str, asyncssh.SSHKey, str], ...] = ()) -> None:
        self.table = Table(saves, name, campaign, limits, players)
        self.host = host
        self.ssh_port = ssh_port
        self.web_port = web_port
        self.new_web_token = new_web_token
        self.web_origins = web_origins
        self.ssh: asyncssh.SSHAcceptor | None = None
        self.web: WebView | None = None

    @property
    def children(self) -> list[int]:
        """The pids of the app processes running for connections."""
        return self.table.children.pids

    async def start(self) -> None:
        self.ssh = await start_ssh(self.table, self.host, self.ssh_port)
        self.ssh_port = self.ssh.sockets[0].getsockname()[1] if self.ssh.sockets else self.ssh_port
        log.info("SSH on %s port %d (host key %s)", self.host, self.ssh_port, host_key_path(self.table.campaign))
        for path in self.table.keys.missing():
            log.warning("no keys in %s: nobody can log in through it", path)
        if self.web_port is not None:
            token = web_token(self.table.campaign, renew=self.new_web_token)
            self.web = WebView(self.table.saves, self.table.name, self.host, self.web_port, token,
                               self.table.limits, self.table.occupancy, self.table.children, self.web_origins)
            await self.web.start()
            self.web_port = self.web.port
            log.info("web player view (hand this link to the players): %s", self.web.url)

    async def stop(self) -> None:
        """Stop listening, hang up every app (each exits cleanly, or is killed after the grace period)."""
        try:
            if self.ssh is not None:
                self.ssh.close()
            sessions = list(self.table.sessions)
            await asyncio.gather(*(s.child.hangup() for s in sessions if s.child is not None),
                                 return_exceptions=True)
            if self.web is not None:
                await self.web.stop()
                self.web = None
            await self.table.children.end_all(self.table.limits.grace)  # any other, e.g. one still starting
            if self.ssh is not None:
                await self.ssh.wait_closed()
                self.ssh = None
        finally:
            self.table.children.kill_all()


def _logging() -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s fhtagn serve: %(message)s", "%H:%M:%S"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    quiet_web_library()


class LoopErrors:
    """The event loop's exception handler: one line per error, at most ``per_minute`` a minute, no
    traceback (an accept failing for want of file descriptors is reported every time it retries)."""

    def __init__(self, per_minute: int = LOOP_ERRORS_PER_MINUTE, clock: object = None,
                 label: str = "event loop") -> None:
        import time

        self.label = label
        self.per_minute = per_minute
        self._clock = clock or time.monotonic
        self._window = float("-inf")
        self._count = 0
        self.dropped = 0

    def __call__(self, loop: asyncio.AbstractEventLoop | None, context: dict[str, object]) -> None:
        now = float(self._clock())  # type: ignore[operator]
        if now - self._window >= 60:
            if self.dropped:
                log.warning("(%d more event-loop errors in the last minute not shown)", self.dropped)
            self._window, self._count, self.dropped = now, 0, 0
        if self._count >= self.per_minute:
            self.dropped += 1
            return
        self._count += 1
        exc = context.get("exception")
        detail = f": {type(exc).__name__}: {shown(exc, 200)}" if isinstance(exc, BaseException) else ""
        log.error("%s: %s%s", self.label, shown(context.get("message", "error"), 200), detail)


class WebLibraryLog(logging.Handler):
    """aiohttp's own log — a request that is no HTTP after a good one on the same connection, a broken
    connection — as :class:`LoopErrors` writes the loop's: one escaped line each, at most a few a
    minute, no traceback (any client of the web port, no token needed, could make it write one)."""

    def __init__(self, per_minute: int = LOOP_ERRORS_PER_MINUTE, clock: object = None) -> None:
        super().__init__(logging.WARNING)
        self.lines = LoopErrors(per_minute, clock, label="web")

    def emit(self, record: logging.LogRecord) -> None:
        exc = record.exc_info[1] if record.exc_info else None
        self.lines(None, {"message": record.getMessage(), "exception": exc})


def quiet_web_library() -> WebLibraryLog:
    """aiohttp's loggers through :class:`WebLibraryLog` only (not Python's last-resort handler)."""
    handler = WebLibraryLog()
    library = logging.getLogger("aiohttp")
    library.addHandler(handler)
    library.propagate = False
    return handler


def no_core_files() -> None:
    """RLIMIT_CORE 0 for this process (and so for what it starts): no core file holds the GM's secrets."""
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    except (ImportError, ValueError, OSError):  # pragma: no cover - not on this system
        pass


async def _serve(server: TableServer) -> None:
    done = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(LoopErrors())
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        loop.add_signal_handler(signum, done.set)
    try:
        await server.start()
        await done.wait()
    finally:
        log.info("stopping")
        await server.stop()


def serve(saves: Path, name: str, campaign: Path, host: str = "127.0.0.1", ssh_port: int = 2222,
          web_port: int | None = 8000, limits: Limits | None = None, new_web_token: bool = False,
          web_origins: tuple[str, ...] = (), players: tuple[tuple[str, asyncssh.SSHKey, str], ...] = ()) -> int:
    """Run the servers until Ctrl+C / SIGTERM.  ``players``: (character, key, label) bound on the command line."""
    _logging()
    no_core_files()
    server = TableServer(saves, name, campaign, host, ssh_port, web_port, limits, new_web_token, web_origins,
                         players)
    try:
        asyncio.run(_serve(server))
    except OSError as exc:
        log.error("cannot serve: %s", exc)
        return 1
    return 0


__all__ = ["Limits", "Role", "TableServer", "serve"]
