"""The web port's bounds (issue 30): HTTP connections capped in number, per address and in time;
resize/focus/blur coalesced; the Origin judged against the configured host, not the Host header
(DNS rebinding); a page that loads nothing from another host; the event loop's errors logged short."""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from fhtagn_tui import campaigns
from fhtagn_tui.serve import web as web_module
from fhtagn_tui.serve.limits import Limits
from fhtagn_tui.serve.server import LoopErrors
from fhtagn_tui.serve.token import web_token
from fhtagn_tui.serve.web import WebView

from .test_web import TIMEOUT, origin, read_until, ws_url

LIMITS = Limits(max_web=3, grace=2.0, max_http=6, max_http_per_address=4, http_timeout=1.5, resize_rate=10,
                app_start_rate=0.05)


@pytest.fixture
async def view(tmp_path: Path) -> AsyncIterator[WebView]:
    path = campaigns.create_demo(tmp_path)
    view = WebView(tmp_path, campaigns.campaign_name(path), "127.0.0.1", 0, web_token(path), LIMITS)
    await view.start()
    try:
        yield view
    finally:
        await asyncio.wait_for(view.stop(), 10)


async def test_the_page_loads_nothing_from_another_host(view: WebView):
    async with aiohttp.ClientSession() as http:
        async with http.get(view.url, timeout=TIMEOUT) as response:
            page = await response.text()
            policy = response.headers.get("Content-Security-Policy", "")
    assert "googleapis" not in page and "gstatic" not in page
    assert not re.findall(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//""", page, re.IGNORECASE)
    assert "@import" not in page
    assert "default-src 'self'" in policy and "font-src 'self'" in policy


async def test_a_rebound_name_cannot_open_the_view(view: WebView):
    """DNS rebinding: the attacker's name points at 127.0.0.1; the browser sends that name as Host
    and Origin alike.  Judged against the configured host, it is refused (it has the token here)."""
    async with aiohttp.ClientSession() as http:
        for name in ("evil.example", "attacker.test"):
            rebound = f"{name}:{view.port}"
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(ws_url(view), headers={"Host": rebound, "Origin": f"http://{rebound}"},
                                      timeout=aiohttp.ClientWSTimeout(ws_close=5))
            assert refused.value.status == 403
        for good in (origin(view), f"http://localhost:{view.port}"):  # the link's own: still opens
            async with http.ws_connect(ws_url(view), origin=good) as ws:
                assert b"Party" in await read_until(ws, b"Party")


async def _eof(reader: asyncio.StreamReader) -> None:
    while await reader.read(4096):
        pass


async def test_idle_http_connections_are_capped_and_timed_out(view: WebView):
    socks = []
    try:
        for n in range(12):  # idle sockets that never send a request, from two loopback addresses
            socks.append(await asyncio.open_connection("127.0.0.1", view.port,
                                                       local_addr=("127.0.0.2" if n >= 8 else "127.0.0.1", 0)))
        loop = asyncio.get_running_loop()
        start = loop.time()
        # every one is closed by the server: over the cap at once, the rest after http_timeout
        await asyncio.wait_for(asyncio.gather(*(_eof(r) for r, _w in socks)), LIMITS.http_timeout + 3)
        assert loop.time() - start < LIMITS.http_timeout + 2
        gate = getattr(view, "gate", None)
        assert gate is not None and gate.refused + gate.pushed_out >= 12 - LIMITS.max_http_per_address - 4
        assert gate.total == 0
        async with aiohttp.ClientSession() as http:  # and the page is served again
            async with http.get(view.url, timeout=TIMEOUT) as response:
                assert response.status == 200
    finally:
        for _r, writer in socks:
            writer.close()


async def test_a_web_view_outlives_the_http_timeout(view: WebView):
    async with aiohttp.ClientSession() as http:
        async with http.ws_connect(ws_url(view), origin=origin(view)) as ws:
            await read_until(ws, b"Party")
            await asyncio.sleep(LIMITS.http_timeout + 0.5)
            assert not ws.closed
            await ws.send_str(json.dumps(["stdin", "5"]))  # the Log tab
            assert b"Log" in await read_until(ws, b"Log", timeout=5)


async def test_resize_focus_and_blur_floods_are_coalesced(view: WebView, monkeypatch: pytest.MonkeyPatch):
    sent: list[bytes] = []
    real = web_module._packet

    def counting(kind: bytes, payload: bytes) -> bytes:
        if kind == b"M":
            sent.append(payload)
        return real(kind, payload)

    monkeypatch.setattr(web_module, "_packet", counting)
    async with aiohttp.ClientSession() as http:
        async with http.ws_connect(ws_url(view), origin=origin(view)) as ws:
            await read_until(ws, b"Party")
            loop = asyncio.get_running_loop()
            start = loop.time()
            for n in range(300):
                await ws.send_str(json.dumps(["resize", {"width": 60 + n % 40, "height": 20 + n % 10}]))
                await ws.send_str(json.dumps(["focus" if n % 2 else "blur"]))
            await asyncio.sleep(0.6)
            took = loop.time() - start
            resizes = [json.loads(p) for p in sent if b'"resize"' in p]
            focus = [p for p in sent if b'"focus"' in p or b'"blur"' in p]
            assert 1 <= len(resizes) <= LIMITS.resize_rate * (took + 0.3)
            assert len(focus) <= LIMITS.resize_rate * (took + 0.3)
            assert resizes[-1] == {"type": "resize", "width": 60 + 299 % 40, "height": 20 + 299 % 10}
            assert b'"focus"' in focus[-1]  # the latest state wins
            await ws.send_str(json.dumps(["resize", {"width": 99999, "height": 99999}]))
            await asyncio.sleep(0.3)
            assert json.loads([p for p in sent if b'"resize"' in p][-1])["width"] == 500


def test_event_loop_errors_are_one_short_line_and_few(caplog: pytest.LogCaptureFixture):
    caplog.set_level(logging.INFO, "fhtagn.serve")
    now = [0.0]
    handler = LoopErrors(per_minute=10, clock=lambda: now[0])
    loop = asyncio.new_event_loop()
    try:
        error = OSError(24, "Too many open files")
        for _ in range(5000):  # an accept failing for want of file descriptors, as fast as it retries
            handler(loop, {"message": "socket.accept() out of system resource\x1b[2J", "exception": error})
        now[0] += 61
        handler(loop, {"message": "again", "exception": error})
    finally:
        loop.close()
    records = [r for r in caplog.records if r.name == "fhtagn.serve"]
    assert len(records) <= 12
    assert all(r.exc_info is None and "\n" not in r.getMessage() and "\x1b" not in r.getMessage()
               for r in records)
    assert any("4990 more" in r.getMessage() for r in records)


async def test_malformed_messages_leave_the_view_open_and_the_log_without_a_traceback(
        view: WebView, caplog: pytest.LogCaptureFixture):
    """Found with a websocket: 60,000 ``[`` in one message made json raise RecursionError, which closed
    the view and wrote aiohttp's 'Error handling request' traceback into the server's log."""
    caplog.set_level(logging.INFO)
    async with aiohttp.ClientSession() as http:
        async with http.ws_connect(ws_url(view), origin=origin(view)) as ws:
            await read_until(ws, b"Party")
            for bad in ("[" * 60000, "{" * 30000, '{"a":', "9" * 60000, '["stdin", 5]', '["stdin", "\\ud800"]',
                        '["resize", {"width": 1e999, "height": "x"}]', '["resize", [1]]', "[]", '"stdin"',
                        "null", '["ping", {"deep": [[[[1]]]]}]'):
                await ws.send_str(bad)
            await ws.send_bytes(b"\xff\x00binary")
            await ws.send_str(json.dumps(["ping", "still-there"]))
            loop = asyncio.get_running_loop()
            deadline = loop.time() + 5
            pong = None
            while pong is None and loop.time() < deadline:
                msg = await ws.receive(timeout=deadline - loop.time())
                assert msg.type in (aiohttp.WSMsgType.TEXT, aiohttp.WSMsgType.BINARY), msg
                if msg.type == aiohttp.WSMsgType.TEXT and "still-there" in msg.data:
                    pong = msg.data
            assert pong == json.dumps(["pong", "still-there"])
    logged = "\n".join(f"{r.getMessage()} {r.exc_text or ''} {r.exc_info or ''}" for r in caplog.records)
    assert "Traceback" not in logged and "Error handling request" not in logged and "RecursionError" not in logged


async def test_views_opened_and_closed_in_a_loop_start_few_apps(view: WebView):
    """Found with a churn of websockets: 8 clients opening and closing views made serve start 515
    app processes in 15 s.  One address starts a burst of apps, then one every few seconds."""
    statuses: list[int | str] = []
    async with aiohttp.ClientSession() as http:
        for _ in range(LIMITS.app_start_burst + 4):
            try:
                ws = await http.ws_connect(ws_url(view), origin=origin(view))
            except aiohttp.WSServerHandshakeError as exc:
                statuses.append(exc.status)
                continue
            statuses.append("open")
            await ws.close()
    assert statuses == ["open"] * LIMITS.app_start_burst + [429] * 4
    assert view.children.started == LIMITS.app_start_burst
    other = aiohttp.TCPConnector(local_addr=("127.0.0.2", 0))
    async with aiohttp.ClientSession(connector=other) as http:  # another address has its own pace
        ws = await http.ws_connect(ws_url(view), origin=origin(view))
        await ws.close()


async def test_idle_sockets_from_a_few_addresses_cannot_keep_the_players_out(view: WebView):
    """Found on the web port: 64 idle sockets from 4 loopback addresses (no token needed) filled every
    HTTP place, and a player's page was refused for as long as they were renewed.  A newcomer now
    pushes out the oldest connection (not a view) of the address holding the most."""
    socks = []
    try:
        for n in range(LIMITS.max_http):
            socks.append(await asyncio.open_connection(
                "127.0.0.1", view.port, local_addr=(f"127.0.1.{1 + n // LIMITS.max_http_per_address}", 0)))
        await asyncio.sleep(0.2)
        async with aiohttp.ClientSession() as http:
            async with http.get(view.url, timeout=TIMEOUT) as response:
                assert response.status == 200
            async with http.ws_connect(ws_url(view), origin=origin(view)) as ws:
                await read_until(ws, b"Party")
                for n in range(LIMITS.max_http):  # more idle sockets: they push out their own, not the view
                    socks.append(await asyncio.open_connection(
                        "127.0.0.1", view.port, local_addr=(f"127.0.1.{1 + n % 3}", 0)))
                await asyncio.sleep(0.2)
                await ws.send_str(json.dumps(["ping", "here"]))
                got = await ws.receive(timeout=5)
                while got.type == aiohttp.WSMsgType.BINARY:
                    got = await ws.receive(timeout=5)
                assert got.type == aiohttp.WSMsgType.TEXT and "here" in got.data
        assert view.gate.total <= LIMITS.max_http
    finally:
        for _r, writer in socks:
            writer.close()


async def test_garbage_after_a_good_request_is_one_short_line_in_the_log(
        view: WebView, caplog: pytest.LogCaptureFixture):
    """Found on the web port (no token needed): a good request then bytes that are no HTTP on the same
    connection made aiohttp log 'Error handling request' with a traceback, once per connection."""
    from fhtagn_tui.serve.server import quiet_web_library

    caplog.set_level(logging.INFO)
    handler = quiet_web_library()
    try:
        for _ in range(30):
            reader, writer = await asyncio.open_connection("127.0.0.1", view.port)
            writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            await asyncio.wait_for(reader.readuntil(b"printed\n"), 3)  # a good request answered (404)…
            writer.write(b"\x81\x0c[\"ping\",\"x\"]\x1b]0;owned\x07\r\n\r\n")  # …then no HTTP
            try:
                await asyncio.wait_for(_eof(reader), 3)
            except (TimeoutError, ConnectionError):
                pass
            writer.close()
    finally:
        library = logging.getLogger("aiohttp")
        library.removeHandler(handler)
        library.propagate = True
    assert not [r for r in caplog.records if r.name.startswith("aiohttp")]
    lines = [r for r in caplog.records if r.name == "fhtagn.serve" and r.getMessage().startswith("web: ")]
    assert 1 <= len(lines) <= 11 and not any(r.exc_info for r in lines)
    assert all("\x1b" not in r.getMessage() and "\n" not in r.getMessage() for r in lines)
