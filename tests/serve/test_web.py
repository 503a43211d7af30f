"""The web view: textual-serve's page for the player view, on an ephemeral port."""

from __future__ import annotations

import asyncio
import gc
import shlex
import sys
from pathlib import Path

import aiohttp

from fhtagn_tui import campaigns
from fhtagn_tui.serve.web import WebView


async def test_the_web_view_serves_its_page_and_stops(tmp_path: Path):
    path = campaigns.create_demo(tmp_path)
    view = WebView(tmp_path, campaigns.campaign_name(path), "127.0.0.1", 0)
    await view.start()
    try:
        assert view.port > 0
        async with aiohttp.ClientSession() as http:
            async with http.get(view.url, timeout=aiohttp.ClientTimeout(total=5)) as response:
                assert response.status == 200
                page = await response.text()
        assert "<html" in page.lower()
        assert f"ws://127.0.0.1:{view.port}/ws" in page  # the app's websocket, on the real port
    finally:
        await asyncio.wait_for(view.stop(), 5)
    # stopped: nothing listens any more
    try:
        async with aiohttp.ClientSession() as http:
            await http.get(view.url, timeout=aiohttp.ClientTimeout(total=2))
        raise AssertionError("the web view still answers after stop()")
    except aiohttp.ClientConnectionError:
        pass


def test_the_web_view_runs_the_read_only_player_view(tmp_path: Path):
    view = WebView(tmp_path, "harlan-creek", "127.0.0.1", 8123)
    argv = shlex.split(view.server.command)
    assert argv[:3] == [sys.executable, "-m", "fhtagn_tui"]
    assert argv[3:] == ["--saves", str(tmp_path.resolve()), "open", "harlan-creek", "--player"]


async def test_a_browser_gets_the_player_view_over_the_websocket(tmp_path: Path):
    path = campaigns.create_demo(tmp_path)
    view = WebView(tmp_path, campaigns.campaign_name(path), "127.0.0.1", 0)
    await view.start()
    got = b""
    try:
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(f"{view.url}ws?width=80&height=24") as ws:
                loop = asyncio.get_running_loop()
                deadline = loop.time() + 8
                while b"PLAYER VIEW" not in got and loop.time() < deadline:
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
    finally:
        await asyncio.wait_for(view.stop(), 8)
        # textual-serve leaves its finished app's transport to the garbage collector:
        # collect it while this loop still runs (else a warning at loop close)
        gc.collect()
        await asyncio.sleep(0)
    assert b"PLAYER VIEW" in got
    assert b"STR 17" not in got  # the hidden Caretaker's stats are not on the sheet
