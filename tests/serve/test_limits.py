"""Serving safely (issue 16): limits, flow control, child processes that never outlive serve."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import asyncssh
import psutil
import pytest

from fhtagn_tui import campaigns
from fhtagn_tui.serve import TableServer
from fhtagn_tui.serve.keys import KeyRing, Role, key_files
from fhtagn_tui.serve.limits import InputPace, Limits
from fhtagn_tui.serve.token import token_path

from .conftest import Served

ROOT = Path(__file__).resolve().parents[2]
PORTS = iter(range(22600, 22700))


async def test_the_pace_bounds_input_rate():
    now = [0.0]
    pace = InputPace(1000, 100, clock=lambda: now[0])
    assert pace.take(500) == 100  # the burst
    assert pace.take(10) == 0
    now[0] += 0.05
    assert pace.take(500) == 50
    assert pace.wait(100) == pytest.approx(0.1)


async def test_a_key_file_others_can_write_is_refused(tmp_path: Path):
    path = campaigns.create_demo(tmp_path)
    key = asyncssh.generate_private_key("ssh-ed25519")
    gm_file = key_files(path)[Role.GM]
    gm_file.write_bytes(key.export_public_key())
    gm_file.chmod(0o600)
    ring = KeyRing(path)
    assert ring.role_of(key.convert_to_public(), "127.0.0.1", "127.0.0.1") is Role.GM
    gm_file.chmod(0o666)  # anyone could add their key
    assert ring.role_of(key.convert_to_public(), "127.0.0.1", "127.0.0.1") is None
    assert gm_file in ring.missing()


async def limited(tmp_path: Path, limits: Limits) -> Served:
    from .conftest import _keys

    path = campaigns.create_demo(tmp_path)
    keys = await _keys()
    files = key_files(path)
    files[Role.GM].write_bytes(keys.gm.export_public_key())
    files[Role.PLAYER].write_bytes(keys.player.export_public_key())
    server = TableServer(tmp_path, campaigns.campaign_name(path), path, "127.0.0.1", 0, None, limits)
    await server.start()
    return Served(server, tmp_path, path, keys)


async def close(served: Served) -> None:
    for conn in served.clients:
        conn.abort()
    await asyncio.wait_for(served.server.stop(), 15)
    assert not served.server.children


async def test_unauthenticated_connections_are_dropped_after_the_timeout_and_capped(tmp_path: Path):
    served = await limited(tmp_path, Limits(login_timeout=1.0, max_connections=3))
    try:
        socks = []
        for _ in range(5):  # raw TCP connections that never log in
            reader, writer = await asyncio.open_connection("127.0.0.1", served.port)
            socks.append((reader, writer))
        await asyncio.sleep(0.3)
        assert served.server.table.occupancy.total == 3  # the cap holds: two were turned away
        # every one is closed by the server within the timeout (and a little)
        for reader, _writer in socks:
            async def drained(reader: asyncio.StreamReader = reader) -> None:
                while await reader.read(4096):
                    pass
            await asyncio.wait_for(drained(), 5)
        await asyncio.sleep(0.2)
        assert served.server.table.occupancy.total == 0
        for _reader, writer in socks:
            writer.close()
        gm = await served.terminal(served.keys.gm)  # and the table is free again
        assert "Party" in gm.text()
    finally:
        await close(served)


async def test_ssh_connections_dropped_during_start_up_leave_no_app(tmp_path: Path):
    served = await limited(tmp_path, Limits(max_per_key=50, grace=2.0, app_start_burst=50, connect_burst=50))
    try:
        for n in range(20):
            conn = await served.connect(served.keys.player)
            await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
            if n % 2:
                await asyncio.sleep(0.05 * (n % 5))  # some while their app is starting
            conn.abort()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 6
        while served.server.children and loop.time() < deadline:
            await asyncio.sleep(0.1)
        assert served.server.table.children.started >= 1
        assert not served.server.children
        left = [p for p in psutil.Process().children(recursive=True)
                if p.status() != psutil.STATUS_ZOMBIE and "fhtagn_tui" in " ".join(p.cmdline())]
        assert not left
    finally:
        await close(served)


async def test_the_per_key_limit_holds(tmp_path: Path):
    served = await limited(tmp_path, Limits(max_per_key=1))
    try:
        await served.terminal(served.keys.player)
        with pytest.raises(asyncssh.PermissionDenied):  # refused before it logs in
            await served.connect(served.keys.player)
        assert len(served.server.table.sessions) == 1
    finally:
        await close(served)


async def test_an_input_flood_keeps_serve_small_and_the_app_alive(tmp_path: Path):
    """100 MiB offered by one SSH player as fast as SSH carries it, to a real `fhtagn serve`."""
    path = campaigns.create_demo(tmp_path)
    key = asyncssh.generate_private_key("ssh-ed25519")
    key_files(path)[Role.PLAYER].write_bytes(key.export_public_key())
    port = next(PORTS) + 30
    proc = subprocess.Popen(
        [sys.executable, "-m", "fhtagn_tui", "--saves", str(tmp_path), "serve", campaigns.campaign_name(path),
         "--ssh-port", str(port), "--no-web"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    conns: list[asyncssh.SSHClientConnection] = []
    try:
        assert proc.stderr is not None
        while "SSH on" not in (line := proc.stderr.readline()):
            assert line, "serve ended before it was ready"
        server = psutil.Process(proc.pid)

        async def player() -> tuple[asyncssh.SSHClientProcess, bytearray]:
            conn = await asyncssh.connect("127.0.0.1", port, username="p", client_keys=[key],
                                          known_hosts=None, agent_path=None)
            conns.append(conn)
            term = await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
            seen = bytearray()
            while b"Party" not in seen:
                seen += await asyncio.wait_for(term.stdout.read(65536), 30)
            return term, seen

        flooder, out = await player()
        (app,) = [c for c in server.children() if c.status() != psutil.STATUS_ZOMBIE]
        base, app_base = server.memory_info().rss, app.memory_info().rss

        async def drain() -> None:
            while data := await flooder.stdout.read(65536):
                out.extend(data)

        reader = asyncio.get_running_loop().create_task(drain())
        chunk, sent, peak = b"15" * 2**19, 0, base  # Party tab, Log tab, …: every key redraws
        start = time.monotonic()
        while sent < 100 * 2**20 and time.monotonic() - start < 40:
            flooder.stdin.write(chunk)
            sent += len(chunk)
            try:  # the SSH window closes when serve stops reading: then this waits
                await asyncio.wait_for(flooder.stdin.drain(), 0.05)
            except TimeoutError:
                pass
            peak = max(peak, server.memory_info().rss)
        assert sent == 100 * 2**20  # the client did offer the whole flood (it waits in its own buffer)
        grown = (peak - base) / 2**20
        assert grown < 64, f"serve grew {grown:.0f} MiB under the flood"
        # the app takes keys at the paced rate: it keeps drawing, and does not swell
        mark = len(out)
        for _ in range(50):
            await asyncio.sleep(0.1)
            if len(out) > mark:
                break
        assert len(out) > mark, "the flooded app stopped drawing"
        assert app.is_running() and app.status() != psutil.STATUS_ZOMBIE
        assert (app.memory_info().rss - app_base) / 2**20 < 40
        # and serve still serves: another player gets the table at once
        _other, seen = await player()
        assert b"Party" in seen
        reader.cancel()
    finally:
        for conn in conns:
            conn.abort()
        proc.terminate()
        proc.wait(20)


async def test_a_player_cannot_take_a_screenshot(tmp_path: Path):
    served = await limited(tmp_path, Limits())
    home = tmp_path / "home"
    home.mkdir()
    old = os.environ.get("HOME")
    os.environ["HOME"] = str(home)  # the children inherit it: where ~/Downloads would be
    try:
        player = await served.terminal(served.keys.player)
        mark = len(player.output)
        player.send(b"\x10")  # ctrl+p: the command palette
        await asyncio.sleep(0.8)
        player.send(b"Screenshot")
        await asyncio.sleep(0.8)
        player.send(b"\r")
        await asyncio.sleep(1.5)
        player.send(b"\x1b")
        await asyncio.sleep(0.3)
        assert not list(home.rglob("*.svg")) and not list(tmp_path.rglob("*.svg"))
        assert "Save an SVG" not in player.text(mark)
    finally:
        if old is not None:
            os.environ["HOME"] = old
        await close(served)


def test_the_app_offers_no_screenshot_to_players_or_served_sessions():
    from fhtagn_tui.app.gm import GmApp
    from fhtagn_tui.app.player import PlayerApp
    from fhtagn_tui.domain.features.campaign import CreateCampaign
    from fhtagn_tui.door import Door
    from fhtagn_tui.service import Engine, MemorySink

    def engine() -> Engine:
        e = Engine(MemorySink())
        e.run(CreateCampaign(name="x", system="fhtagn"))
        return e

    assert GmApp(Door(engine())).screenshots
    for app in (PlayerApp(Door(engine())), GmApp(Door(engine()), served=True)):
        assert not app.screenshots
        assert app.deliver_screenshot() is None
        assert app.deliver_text(None) is None


async def test_new_web_token_replaces_the_link(tmp_path: Path):
    path = campaigns.create_demo(tmp_path)
    name = campaigns.campaign_name(path)
    first = TableServer(tmp_path, name, path, "127.0.0.1", 0, 0)
    await first.start()
    assert first.web is not None
    old = first.web.url
    await first.stop()
    again = TableServer(tmp_path, name, path, "127.0.0.1", 0, 0)
    await again.start()
    assert again.web is not None and again.web.token == old.rsplit("/", 1)[1]  # kept between starts
    await again.stop()
    renewed = TableServer(tmp_path, name, path, "127.0.0.1", 0, 0, new_web_token=True)
    await renewed.start()
    assert renewed.web is not None and renewed.web.token != old.rsplit("/", 1)[1]
    assert token_path(path).read_text().strip() == renewed.web.token
    await renewed.stop()


# --- the real `fhtagn serve`, stopped and killed ---------------------------------------


def _serve(saves: Path, name: str, ssh_port: int, web_port: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "fhtagn_tui", "--saves", str(saves), "serve", name, "--ssh-port", str(ssh_port),
         "--web-port", str(web_port), "--max-web", "4"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )


def _link(proc: subprocess.Popen[str]) -> str:
    assert proc.stderr is not None
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        line = proc.stderr.readline()
        if "http://" in line:
            return line[line.index("http://"):].strip()
    raise AssertionError("serve printed no link")


def _apps(pids: list[int]) -> list[int]:
    alive = []
    for pid in pids:
        try:
            if psutil.Process(pid).status() != psutil.STATUS_ZOMBIE:
                alive.append(pid)
        except psutil.NoSuchProcess:
            pass
    return alive


async def _open_views(link: str, n: int) -> list[tuple[aiohttp.ClientSession, aiohttp.ClientWebSocketResponse]]:
    origin = link.rsplit("/", 1)[0]
    views = []
    for _ in range(n):
        http = aiohttp.ClientSession()
        ws = await http.ws_connect(f"{link}/ws?width=80&height=24", origin=origin)
        views.append((http, ws))
    return views


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL])
async def test_stopping_or_killing_serve_leaves_no_child(tmp_path: Path, how: signal.Signals):
    path = campaigns.create_demo(tmp_path)
    port = next(PORTS) + (0 if how == signal.SIGTERM else 50)
    proc = _serve(tmp_path, campaigns.campaign_name(path), port, port + 1)
    try:
        link = _link(proc)
        assert link.startswith(f"http://127.0.0.1:{port + 1}/") and len(link.rsplit("/", 1)[1]) >= 32
        assert link.rsplit("/", 1)[1] == token_path(path).read_text().strip()  # the campaign's token
        views = await _open_views(link, 3)
        deadline = time.monotonic() + 10
        children: list[int] = []
        while time.monotonic() < deadline:
            children = [c.pid for c in psutil.Process(proc.pid).children(recursive=True)]
            if len(_apps(children)) >= 3:
                break
            await asyncio.sleep(0.2)
        assert len(_apps(children)) >= 3
        proc.send_signal(how)
        proc.wait(15)
        deadline = time.monotonic() + 8
        while _apps(children) and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        assert not _apps(children), f"children left after {how.name}: {_apps(children)}"
        for http, ws in views:
            await ws.close()
            await http.close()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
