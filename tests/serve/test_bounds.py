"""Bounds a client cannot push past (issue 30): terminal sizes, window-change paces, signals,
connections not logged in yet, what reaches the log.  Real asyncssh clients on loopback."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
from pathlib import Path

import asyncssh
import pytest

from fhtagn_tui.serve.limits import MAX_COLS, MAX_ROWS, Coalesce, Limits, clamp_size, shown

from .conftest import Served
from .test_limits import close, limited
from .test_ssh import _winsize

CONTROL = [chr(c) for c in (*range(0x20), 0x7F)]


def test_sizes_are_clamped_and_client_strings_escaped():
    assert clamp_size(30000, 30000) == (MAX_COLS, MAX_ROWS)
    assert clamp_size(0, -3) == (1, 1)
    text = shown("\x1b]0;pwned\x07\x1b]52;c;ZWNobw==\x07\x1b[2J\u202e" + "x" * 200)
    assert not any(c in text for c in CONTROL) and text.isascii() and len(text) <= 4 * 80 + 3


async def test_a_burst_is_coalesced_to_the_latest_value_at_the_rate():
    got: list[object] = []
    pace = Coalesce(10, got.append)
    for n in range(1000):
        pace.submit(n)
    assert got == [0]  # the first at once, the others wait for the next slot
    await asyncio.sleep(0.25)
    assert got == [0, 999]  # only the latest of the burst
    pace.submit(5)  # a slot is free: at once
    pace.submit(6)  # waits…
    pace.cancel()  # …and is dropped with the connection
    await asyncio.sleep(0.15)
    assert got == [0, 999, 5]


async def _session_pid(served: Served) -> int:
    (session,) = served.server.table.sessions
    assert session.child is not None
    return session.child.pid


async def test_a_huge_pty_is_capped(served: Served):
    player = await served.terminal(served.keys.player, size=(30000, 30000))
    assert "Party" in player.text()
    assert _winsize(await _session_pid(served)) == (MAX_COLS, MAX_ROWS)
    player.proc.change_terminal_size(20000, 9)
    await asyncio.sleep(0.5)
    assert _winsize(await _session_pid(served)) == (MAX_COLS, 9)


async def test_window_changes_are_paced_and_the_last_one_wins(served: Served):
    player = await served.terminal(served.keys.player)
    (session,) = served.server.table.sessions
    assert session.child is not None
    applied: list[tuple[int, int]] = []
    real = session.child.resize

    def counting(cols: int, rows: int, *_pixels: int) -> None:
        applied.append((cols, rows))
        real(cols, rows)

    session.child.resize = counting  # type: ignore[method-assign]
    loop = asyncio.get_running_loop()
    start = loop.time()
    for n in range(400):
        player.proc.change_terminal_size(80 + n % 50, 24 + n % 7)
    await asyncio.sleep(1.2)
    took = loop.time() - start
    assert 1 <= len(applied) <= served.server.table.limits.resize_rate * (took + 0.5)
    last = (80 + 399 % 50, 24 + 399 % 7)
    assert applied[-1] == last
    assert _winsize(session.child.pid) == last
    assert session.child.process is not None and session.child.process.returncode is None


async def test_signals_from_a_client_are_not_passed_on(served: Served, caplog: pytest.LogCaptureFixture):
    caplog.set_level(logging.INFO, "fhtagn.serve")
    player = await served.terminal(served.keys.player)
    pid = await _session_pid(served)
    for name in ("QUIT", "TERM", "INT", "HUP", "KILL", "\x1b[2J"):
        player.proc.send_signal(name)
    await asyncio.sleep(1.0)
    os.kill(pid, 0)  # still there
    assert served.server.table.sessions
    mark = len(player.output)
    player.send(b"2")  # and still answering
    await asyncio.sleep(1.0)
    assert len(player.output) > mark
    assert "ignored signal QUIT" in caplog.text
    assert not any(c in r.getMessage() for r in caplog.records for c in CONTROL)


async def test_term_and_user_names_reach_the_log_escaped(served: Served, caplog: pytest.LogCaptureFixture):
    caplog.set_level(logging.INFO, "fhtagn.serve")
    hostile = "\x1b]0;owned\x07\x1b]52;c;ZWNobw==\x07\x1b[2J\x1b[3J"
    conn = await served.connect(served.keys.player)  # (asyncssh refuses control characters in user names)
    proc = await conn.create_process(term_type="xterm" + hostile, term_size=(80, 24), encoding=None)
    seen = b""
    while b"Party" not in seen:
        seen += await asyncio.wait_for(proc.stdout.read(65536), 20)
    pid = await _session_pid(served)
    with open(f"/proc/{pid}/environ", "rb") as f:
        env = dict(item.split(b"=", 1) for item in f.read().split(b"\0") if b"=" in item)
    assert env[b"TERM"] == b"xterm-256color"  # a TERM that is no terminal's name is not passed on
    messages = [r.getMessage() for r in caplog.records]
    assert any("logged in" in m for m in messages) and any("TERM" in m for m in messages)
    assert not any(c in m for m in messages for c in CONTROL), [m for m in messages if "\x1b" in m]
    assert any("\\x1b]0;owned" in m for m in messages)  # shown, escaped


async def _idle(host: str, port: int, source: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    return await asyncio.open_connection(host, port, local_addr=(source, 0))


async def test_idle_connections_cannot_lock_the_gm_out(tmp_path: Path):
    served = await limited(tmp_path, Limits(login_timeout=20.0))  # the defaults otherwise: 16 connections
    socks = []
    try:
        for n in range(24):  # idle TCP connections that never log in, from two loopback addresses
            socks.append(await _idle("127.0.0.1", served.port, "127.0.0.2" if n % 2 else "127.0.0.1"))
        await asyncio.sleep(0.3)
        loop = asyncio.get_running_loop()
        start = loop.time()
        gm = await served.terminal(served.keys.gm)  # at once, not after the login timeout
        assert "Party" in gm.text() and loop.time() - start < 10
        player = await served.terminal(served.keys.player)
        assert "Party" in player.text()
        table = served.server.table
        assert len(table.waiting) <= table.limits.max_preauth
        assert all(sum(1 for a in table.waiting.values() if a == addr) <= table.limits.max_preauth_per_address
                   for addr in ("127.0.0.1", "127.0.0.2"))
    finally:
        for _reader, writer in socks:
            writer.close()
        await close(served)


async def test_a_client_over_the_limit_is_refused_before_it_logs_in(tmp_path: Path):
    served = await limited(tmp_path, Limits(max_connections=1))
    try:
        await served.terminal(served.keys.gm)
        results: list[bool] = []

        class Watch(asyncssh.SSHClient):
            def auth_completed(self) -> None:
                results.append(True)

        with pytest.raises((asyncssh.DisconnectError, asyncssh.PermissionDenied, ConnectionError)):
            await served.connect(served.keys.gm, client_factory=Watch)
        assert not results, "the client was told it had logged in"
    finally:
        await close(served)


def test_a_connection_over_the_limit_is_still_asked_to_authenticate(tmp_path: Path):
    """``begin_auth`` False means "no authentication needed": asyncssh would say it succeeded."""
    from fhtagn_tui.serve.ssh import Gate, Table

    table = Table(tmp_path, "x", tmp_path / "x.fhtagn", Limits(max_connections=1))
    gate = Gate(table)
    gate.counted = False  # over the limit (its disconnect is on its way)
    assert gate.begin_auth("gm") is True
    key = asyncssh.generate_private_key("ssh-ed25519")
    assert gate.validate_public_key("gm", key.convert_to_public()) is False


def test_no_signal_table_is_left_in_the_server():
    from fhtagn_tui.serve import ssh

    assert not hasattr(ssh, "SIGNALS")
    assert signal.SIGQUIT  # (what a client asked for before: a core dump of the player's app)


async def test_one_key_s_idle_logins_cannot_lock_the_gm_out(tmp_path: Path):
    """A player's key logged in on every free connection without starting an app (found over SSH:
    16 such connections held the table full and the GM's key was refused until they left)."""
    served = await limited(tmp_path, Limits(max_connections=6, max_per_key=2))
    try:
        held = 0
        for _ in range(6):
            try:
                await served.connect(served.keys.player)
            except (asyncssh.PermissionDenied, asyncssh.DisconnectError):
                continue
            held += 1
        assert held == 2  # the per-key bound counts logged-in connections, app or not
        gm = await served.terminal(served.keys.gm)
        assert "Party" in gm.text()
    finally:
        await close(served)


async def test_sessions_started_and_dropped_in_a_loop_start_few_apps(tmp_path: Path):
    """One key's sessions opened and dropped in a loop: a burst of apps, then one every few seconds."""
    served = await limited(tmp_path, Limits(app_start_burst=3, app_start_rate=0.05, grace=2.0))
    try:
        results: list[str] = []
        for _ in range(5):
            conn = await served.connect(served.keys.player)
            try:
                await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
                results.append("app")
            except asyncssh.ChannelOpenError:
                results.append("refused")
            conn.abort()
            await asyncio.sleep(0.05)
        assert results == ["app"] * 3 + ["refused"] * 2
        assert served.server.table.children.started == 3
        gm = await served.terminal(served.keys.gm)  # another key has its own pace
        assert "Party" in gm.text()
    finally:
        await close(served)


async def test_connections_churned_from_several_addresses_cannot_lock_the_gm_out(
        tmp_path: Path, caplog: pytest.LogCaptureFixture):
    """Found over SSH: 32 clients without a key reconnecting as fast as they could from 8 loopback
    addresses pushed out the GM's login every time (0 of 10 got in), and the log took a line for each
    push (6,000 in 20 s).  Who is pushed out is now taken from the address holding the most."""
    caplog.set_level(logging.INFO, "fhtagn.serve")
    served = await limited(tmp_path, Limits(login_timeout=20.0))
    stop = asyncio.Event()
    pushed = 0

    async def churn(source: str) -> None:
        nonlocal pushed
        while not stop.is_set():
            try:
                reader, writer = await _idle("127.0.0.1", served.port, source)
            except OSError:
                await asyncio.sleep(0.01)
                continue
            writer.write(b"SSH-2.0-churn\r\n")
            try:
                await asyncio.wait_for(reader.read(1 << 20), 0.05)
            except (TimeoutError, OSError):
                pass
            pushed += 1
            writer.close()

    tasks = [asyncio.create_task(churn(f"127.0.0.{2 + n % 7}")) for n in range(28)]
    try:
        await asyncio.sleep(1.0)
        logged_in = 0
        for _ in range(5):
            try:
                conn = await served.connect(served.keys.gm)
            except (asyncssh.DisconnectError, ConnectionError):
                continue
            logged_in += 1
            conn.close()
        assert pushed > 50  # the churn was on
        assert logged_in == 5
        dropped = [r for r in caplog.records if "dropped: not logged in" in r.getMessage()]
        assert len(dropped) <= 10
        assert len([r for r in caplog.records if r.levelno >= logging.INFO]) < 60  # not a line per connection
    finally:
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        await close(served)


async def test_connections_past_an_address_s_pace_are_closed_and_push_no_one_out(tmp_path: Path):
    """One address opens a burst of SSH connections, then a few a second: more are closed at once,
    and the ones it holds (or anyone else's) stay (with 8 churning addresses the GM got in 1 time of
    10 before, 9 of 10 after)."""
    served = await limited(tmp_path, Limits(login_timeout=20.0, connect_burst=3, connect_rate=0.1,
                                            max_preauth_per_address=8))
    socks = []
    try:
        for _ in range(3):
            socks.append(await _idle("127.0.0.1", served.port, "127.0.0.2"))
        await asyncio.sleep(0.2)
        reader, writer = await _idle("127.0.0.1", served.port, "127.0.0.2")
        await asyncio.wait_for(_eof(reader), 3)  # closed at once
        writer.close()
        await asyncio.sleep(0.2)
        assert len(served.server.table.waiting) == 3  # nobody pushed out for it
        gm = await served.terminal(served.keys.gm)  # another address has its own pace
        assert "Party" in gm.text()
    finally:
        for _reader, w in socks:
            w.close()
        await close(served)


async def _eof(reader: asyncio.StreamReader) -> None:
    while await reader.read(4096):
        pass
