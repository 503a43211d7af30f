"""The web view: the player view behind its secret link, on an ephemeral port of 127.0.0.1."""

from __future__ import annotations

import asyncio
import stat
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import psutil
import pytest

from fhtagn_tui import campaigns
from fhtagn_tui.serve.limits import Limits
from fhtagn_tui.serve.token import token_path, web_token
from fhtagn_tui.serve.web import WebView

TIMEOUT = aiohttp.ClientTimeout(total=5)


@pytest.fixture
async def view(tmp_path: Path) -> AsyncIterator[WebView]:
    path = campaigns.create_demo(tmp_path)
    token = web_token(path)
    view = WebView(tmp_path, campaigns.campaign_name(path), "127.0.0.1", 0, token, Limits(max_web=3, grace=2.0, app_start_burst=50))
    await view.start()
    try:
        yield view
    finally:
        await asyncio.wait_for(view.stop(), 10)


def origin(view: WebView) -> str:
    return f"http://127.0.0.1:{view.port}"


def ws_url(view: WebView, token: str | None = None) -> str:
    return f"http://127.0.0.1:{view.port}/{view.token if token is None else token}/ws?width=80&height=24"


def live_children() -> list[psutil.Process]:
    """This process's children that are app processes (not yet reaped zombies)."""
    found = []
    for child in psutil.Process().children(recursive=True):
        try:
            if child.status() != psutil.STATUS_ZOMBIE and "fhtagn_tui" in " ".join(child.cmdline()):
                found.append(child)
        except psutil.NoSuchProcess:
            pass
    return found


async def read_until(ws: aiohttp.ClientWebSocketResponse, words: bytes, timeout: float = 10) -> bytes:
    got = b""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while words not in got and loop.time() < deadline:
        try:
            msg = await asyncio.wait_for(ws.receive(), 1)
        except TimeoutError:
            continue
        if msg.type == aiohttp.WSMsgType.BINARY:
            got += msg.data
        elif msg.type == aiohttp.WSMsgType.TEXT:
            got += msg.data.encode()
        else:
            break
    return got


async def test_the_page_needs_the_token_and_the_view_stops(view: WebView):
    async with aiohttp.ClientSession() as http:
        async with http.get(view.url, timeout=TIMEOUT) as response:
            assert response.status == 200
            page = await response.text()
        assert "<html" in page.lower()
        assert f"ws://127.0.0.1:{view.port}/{view.token}/ws" in page  # the websocket, on the real port
        for wrong in ("", "ws", "nope", view.token[:-1], view.token + "x"):
            async with http.get(f"http://127.0.0.1:{view.port}/{wrong}", timeout=TIMEOUT) as response:
                assert response.status == 404, wrong
                assert view.token not in await response.text()
    await asyncio.wait_for(view.stop(), 5)
    with pytest.raises(aiohttp.ClientConnectionError):  # stopped: nothing listens any more
        async with aiohttp.ClientSession() as http:
            await http.get(view.url, timeout=aiohttp.ClientTimeout(total=2))


def test_the_token_is_made_once_kept_private_and_replaceable(tmp_path: Path):
    path = campaigns.create_demo(tmp_path)
    first = web_token(path)
    assert len(first) >= 32
    assert stat.S_IMODE(token_path(path).stat().st_mode) == 0o600
    assert web_token(path) == first  # kept between starts
    token_path(path).chmod(0o644)
    assert web_token(path) == first and stat.S_IMODE(token_path(path).stat().st_mode) == 0o600
    renewed = web_token(path, renew=True)  # serve --new-web-token
    assert renewed != first and web_token(path) == renewed
    assert stat.S_IMODE(token_path(path).stat().st_mode) == 0o600


def test_each_tab_runs_the_read_only_player_view_without_a_shell(tmp_path: Path):
    view = WebView(tmp_path, "harlan-creek", "127.0.0.1", 8123, "t" * 32)
    assert view.argv[:4] == [sys.executable, "-P", "-m", "fhtagn_tui"]  # -P: not the folder serve started in
    assert view.argv[4:] == ["--saves", str(tmp_path.resolve()), "open", "harlan-creek", "--served", "--player"]


async def test_a_browser_gets_the_player_view_over_the_websocket(view: WebView):
    async with aiohttp.ClientSession() as http:
        async with http.ws_connect(ws_url(view), origin=origin(view)) as ws:
            got = await read_until(ws, b"PLAYER VIEW")
    assert b"PLAYER VIEW" in got
    assert b"STR 17" not in got  # the hidden Caretaker's stats are not on the sheet


async def test_no_token_or_a_foreign_origin_is_refused_and_starts_nothing(view: WebView):
    async with aiohttp.ClientSession() as http:
        for url, headers in [
            (ws_url(view, "nope"), {"Origin": origin(view)}),
            (f"http://127.0.0.1:{view.port}/ws?width=80&height=24", {"Origin": origin(view)}),
            (ws_url(view), {"Origin": "http://evil.example"}),
            (ws_url(view), {"Origin": f"http://127.0.0.1:{view.port + 1}"}),
            (ws_url(view), {}),  # no Origin at all: not from the page
        ]:
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(url, headers=headers, timeout=aiohttp.ClientWSTimeout(ws_close=5))
            assert refused.value.status in (403, 404), (url, headers)
    assert not view.apps and not view.children.live and not live_children()


async def test_the_connection_cap_holds(view: WebView):
    async with aiohttp.ClientSession() as http:
        open_ = [await http.ws_connect(ws_url(view), origin=origin(view)) for _ in range(3)]
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(ws_url(view), origin=origin(view))
        assert refused.value.status == 503
        assert len(view.apps) == 3
        await open_[0].close()
        for _ in range(50):  # the place is given back when the tab has gone
            if len(view.apps) < 3:
                break
            await asyncio.sleep(0.1)
        again = await http.ws_connect(ws_url(view), origin=origin(view))
        for ws in [*open_[1:], again]:
            await ws.close()


async def test_tabs_closed_at_once_leave_no_app_running(view: WebView):
    """Open and close the websocket immediately, 20 times: no app left after 3 s."""
    async with aiohttp.ClientSession() as http:
        for _ in range(20):
            ws = await http.ws_connect(ws_url(view), origin=origin(view))
            await ws.close()
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 3
    while (live_children() or view.children.live) and loop.time() < deadline:
        await asyncio.sleep(0.1)
    assert not live_children(), [p.cmdline() for p in live_children()]
    assert not view.children.live
    assert view.children.started == 20  # every one was started (and ended)


def test_the_link_names_this_machine_when_listening_everywhere(tmp_path: Path):
    import socket

    view = WebView(tmp_path, "harlan-creek", "0.0.0.0", 8123, "t" * 32)
    assert view.url == f"http://{socket.gethostname()}:8123/{'t' * 32}"
