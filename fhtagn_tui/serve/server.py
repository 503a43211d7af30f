"""``fhtagn serve NAME``: the SSH server and the web view of one campaign."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from pathlib import Path

import asyncssh

from .keys import Role, host_key_path
from .ssh import Table, start_ssh
from .web import WebView

log = logging.getLogger("fhtagn.serve")


class TableServer:
    """The servers of one campaign, started and stopped inside a running loop."""

    def __init__(self, saves: Path, name: str, campaign: Path, host: str = "127.0.0.1",
                 ssh_port: int = 2222, web_port: int | None = 8000) -> None:
        self.table = Table(saves, name, campaign)
        self.host = host
        self.ssh_port = ssh_port
        self.web_port = web_port
        self.ssh: asyncssh.SSHAcceptor | None = None
        self.web: WebView | None = None

    async def start(self) -> None:
        self.ssh = await start_ssh(self.table, self.host, self.ssh_port)
        self.ssh_port = self.ssh.sockets[0].getsockname()[1] if self.ssh.sockets else self.ssh_port
        log.info("SSH on %s port %d (host key %s)", self.host, self.ssh_port, host_key_path(self.table.campaign))
        for path in self.table.keys.missing():
            log.warning("no keys in %s: nobody can log in through it", path)
        if self.web_port is not None:
            self.web = WebView(self.table.saves, self.table.name, self.host, self.web_port)
            await self.web.start()
            self.web_port = self.web.port
            log.info("web player view on %s", self.web.url)

    async def stop(self) -> None:
        """Stop listening, hang up every app (each exits cleanly), stop the web view."""
        if self.ssh is not None:
            self.ssh.close()
        sessions = list(self.table.sessions)
        await asyncio.gather(*(s.child.hangup() for s in sessions if s.child is not None),
                             return_exceptions=True)
        if self.ssh is not None:
            await self.ssh.wait_closed()
            self.ssh = None
        if self.web is not None:
            await self.web.stop()
            self.web = None


def _logging() -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s fhtagn serve: %(message)s", "%H:%M:%S"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False
    logging.getLogger("asyncssh").setLevel(logging.WARNING)


async def _serve(server: TableServer) -> None:
    await server.start()
    done = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        loop.add_signal_handler(signum, done.set)
    try:
        await done.wait()
    finally:
        log.info("stopping")
        await server.stop()


def serve(saves: Path, name: str, campaign: Path, host: str = "127.0.0.1", ssh_port: int = 2222,
          web_port: int | None = 8000) -> int:
    """Run the servers until Ctrl+C / SIGTERM."""
    _logging()
    server = TableServer(saves, name, campaign, host, ssh_port, web_port)
    try:
        asyncio.run(_serve(server))
    except OSError as exc:
        log.error("cannot serve: %s", exc)
        return 1
    return 0


__all__ = ["Role", "TableServer", "serve"]
