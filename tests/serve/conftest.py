"""A served campaign and SSH clients for the serve tests (real asyncssh, real ptys)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh
import pytest

from fhtagn_tui import campaigns
from fhtagn_tui.serve import TableServer
from fhtagn_tui.serve.keys import Role, key_files

ANSI = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>78]")


def plain(data: bytes) -> str:
    """Terminal output without its escape sequences."""
    return ANSI.sub(b"", data).decode("utf-8", "replace")


@dataclass
class Keys:
    gm: asyncssh.SSHKey
    player: asyncssh.SSHKey
    stranger: asyncssh.SSHKey


@dataclass
class Served:
    server: TableServer
    saves: Path
    path: Path
    keys: Keys
    clients: list[asyncssh.SSHClientConnection] = field(default_factory=list)

    @property
    def port(self) -> int:
        return self.server.ssh_port

    async def connect(self, key: asyncssh.SSHKey | None, username: str = "table",
                      **kwargs: object) -> asyncssh.SSHClientConnection:
        conn = await asyncio.wait_for(
            asyncssh.connect(
                "127.0.0.1",
                self.port,
                username=username,
                client_keys=[key] if key is not None else None,
                known_hosts=None,
                agent_path=None,
                **kwargs,
            ),
            10,
        )
        self.clients.append(conn)
        return conn

    async def terminal(self, key: asyncssh.SSHKey, size: tuple[int, int] = (80, 24)) -> Terminal:
        conn = await self.connect(key)
        proc = await conn.create_process(term_type="xterm-256color", term_size=size, encoding=None)
        term = Terminal(conn, proc)
        await term.wait_for("Party")  # the app is up
        return term

    def log_bytes(self) -> bytes:
        return self.path.read_bytes()


class Terminal:
    """An SSH client session on a pty: collects what the app draws, sends keys."""

    def __init__(self, conn: asyncssh.SSHClientConnection, proc: asyncssh.SSHClientProcess) -> None:
        self.conn = conn
        self.proc = proc
        self.output = bytearray()
        self._grew = asyncio.Event()
        self._reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        while True:
            data = await self.proc.stdout.read(65536)
            if not data:
                break
            self.output += data
            self._grew.set()
        self._grew.set()

    def text(self, since: int = 0) -> str:
        return plain(bytes(self.output[since:]))

    async def wait_for(self, words: str, timeout: float = 8.0, since: int = 0) -> float:
        """Wait until ``words`` shows in the output (after byte ``since``); returns when."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while words not in self.text(since):
            left = deadline - loop.time()
            if left <= 0 or self._reader.done():
                raise AssertionError(f"{words!r} never showed; the screen had: {self.text(since)[-1500:]!r}")
            self._grew.clear()
            try:
                await asyncio.wait_for(self._grew.wait(), left)
            except TimeoutError:
                pass
        return loop.time()

    def send(self, data: bytes) -> None:
        self.proc.stdin.write(data)

    async def command(self, text: str) -> None:
        """``:`` then a command then Enter, as a GM types it."""
        self.send(b":")
        await asyncio.sleep(0.3)  # the command line takes the focus
        self.send(text.encode() + b"\r")

    async def closed(self, timeout: float = 8.0) -> None:
        await asyncio.wait_for(self._reader, timeout)


async def _keys() -> Keys:
    return Keys(*(asyncssh.generate_private_key("ssh-ed25519") for _ in range(3)))


def full_privacy(path: Path) -> None:
    """The campaign's players see every investigator's numbers (``privacy full``): these tests are
    about serving and secrets; what a player sees of the others is tests/serve/test_privacy.py's."""
    from fhtagn_tui.service import Engine
    from fhtagn_tui.store import CampaignStore

    with CampaignStore.open(path) as store:
        Engine(store, store.events()).execute("privacy full")


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[Served]:
    path = campaigns.create_demo(tmp_path)
    full_privacy(path)
    keys = await _keys()
    files = key_files(path)
    files[Role.GM].write_bytes(keys.gm.export_public_key())
    files[Role.PLAYER].write_bytes(keys.player.export_public_key())
    server = TableServer(tmp_path, campaigns.campaign_name(path), path, "127.0.0.1", 0, None)
    await server.start()
    served = Served(server, tmp_path, path, keys)
    try:
        yield served
    finally:
        for conn in served.clients:
            conn.abort()
        await asyncio.wait_for(server.stop(), 15)
