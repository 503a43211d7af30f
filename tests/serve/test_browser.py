"""A real browser (Debian's chromium, headless) opens the tokened link of the web view.

It must see the player view drawn (the party's names in the page's terminal),
then the tab closes at once — and no app process may be left behind.
``.ci/run`` installs chromium when it is missing; without it this test skips,
saying why.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import os
import shutil
import signal
import tempfile
from pathlib import Path

import aiohttp
import psutil
import pytest

from fhtagn_tui import campaigns
from fhtagn_tui.serve.limits import Limits
from fhtagn_tui.serve.token import web_token
from fhtagn_tui.serve.web import WebView

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--window-size=1000,700"]

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="chromium is not installed (`.ci/run` installs it with apt-get where it can)")


async def _devtools(port: int) -> str:
    """The DevTools websocket of the browser's first page."""
    async with aiohttp.ClientSession() as http:
        for _ in range(100):
            try:
                async with http.get(f"http://127.0.0.1:{port}/json/list") as response:
                    pages = [t for t in await response.json() if t.get("type") == "page"]
                if pages:
                    return str(pages[0]["webSocketDebuggerUrl"])
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.2)
    raise AssertionError("chromium's DevTools never answered")


class Page:
    """Just enough of the DevTools protocol: commands, and the websocket frames the page receives."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.n = 0
        self.frames = ""
        self.answers: dict[int, dict] = {}

    async def call(self, method: str, **params: object) -> dict:
        self.n += 1
        n = self.n
        await self.ws.send_json({"id": n, "method": method, "params": params})
        while n not in self.answers:
            await self.pump(10)
        return self.answers.pop(n)

    async def pump(self, timeout: float) -> None:
        msg = await asyncio.wait_for(self.ws.receive_json(), timeout)
        if "id" in msg:
            self.answers[msg["id"]] = msg
        elif msg.get("method") == "Network.webSocketFrameReceived":
            response = msg["params"]["response"]
            data = response.get("payloadData", "")
            if response.get("opcode") == 2:
                data = base64.b64decode(data).decode("utf-8", "replace")
            self.frames += data


def _end_group(pid: int) -> None:
    """Kill chromium's process group (it was started in a session of its own): its helper processes
    would otherwise go on writing into the profile folder while it is being removed."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)


async def test_chromium_sees_the_player_view_and_leaves_no_app(tmp_path: Path):
    path = campaigns.create_demo(tmp_path)
    view = WebView(tmp_path, campaigns.campaign_name(path), "127.0.0.1", 0, web_token(path), Limits(grace=2.0))
    await view.start()
    port = 22900 + os.getpid() % 90
    try:
        with tempfile.TemporaryDirectory(prefix="i16-chromium-", ignore_cleanup_errors=True) as profile:
            browser = await asyncio.create_subprocess_exec(
                CHROMIUM, *FLAGS, f"--user-data-dir={profile}", f"--remote-debugging-port={port}",
                "--remote-allow-origins=*", "about:blank",
                stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL, start_new_session=True,
            )
            try:
                async with aiohttp.ClientSession() as http:
                    async with http.ws_connect(await _devtools(port), max_msg_size=0) as ws:
                        page = Page(ws)
                        await page.call("Network.enable")
                        await page.call("Page.enable")
                        await page.call("Page.navigate", url=view.url)
                        loop = asyncio.get_running_loop()
                        deadline = loop.time() + 30
                        while "PLAYER VIEW" not in page.frames and loop.time() < deadline:
                            try:
                                await page.pump(1)
                            except TimeoutError:
                                pass
                        drawn = await page.call("Runtime.evaluate", expression=(
                            "document.body.classList.contains('-first-byte') && "
                            "document.querySelector('.textual-terminal').classList.contains('-connected')"))
                        assert view.children.started == 1
                        await page.call("Page.close")  # the tab closes at once
            finally:
                _end_group(browser.pid)  # chromium's helpers (renderer, crashpad) with it: none writes the profile on
                if browser.returncode is None:
                    await browser.wait()
        # what the page received, and drew: the player view, the party by name, no hidden numbers
        assert "PLAYER VIEW" in page.frames, page.frames[-1500:]
        assert "Ada" in page.frames
        assert "STR 17" not in page.frames
        assert drawn["result"]["result"]["value"] is True, drawn
        # the tab has gone: its app ends (3 s is promised and tested in test_web; a loaded machine gets more)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 8
        while view.children.live and loop.time() < deadline:
            await asyncio.sleep(0.1)
        assert not view.children.live
        left = [p for p in psutil.Process().children(recursive=True)
                if p.is_running() and p.status() != psutil.STATUS_ZOMBIE and "fhtagn_tui" in " ".join(p.cmdline())]
        assert not left
    finally:
        await asyncio.wait_for(view.stop(), 10)


async def test_chromium_without_the_token_gets_no_view(tmp_path: Path):
    path = campaigns.create_demo(tmp_path)
    view = WebView(tmp_path, campaigns.campaign_name(path), "127.0.0.1", 0, web_token(path))
    await view.start()
    try:
        with tempfile.TemporaryDirectory(prefix="i16-chromium-", ignore_cleanup_errors=True) as profile:
            browser = await asyncio.create_subprocess_exec(
                CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--virtual-time-budget=3000", "--dump-dom",
                f"http://127.0.0.1:{view.port}/", stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.DEVNULL, start_new_session=True,
            )
            try:
                out, _ = await asyncio.wait_for(browser.communicate(), 60)
            finally:
                _end_group(browser.pid)
        assert "needs the whole link" in out.decode("utf-8", "replace")
        assert view.children.started == 0
    finally:
        await asyncio.wait_for(view.stop(), 10)
