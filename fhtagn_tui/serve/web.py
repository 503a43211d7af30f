"""The web view: the player view in a browser, behind a secret link.

textual-serve's own server runs its command through a shell, never stops an app
that does not answer its quit message (a tab closed during start-up left the
app running, spinning, re-parented to PID 1), has no authentication, no Origin
check and no limit.  So this module takes over its small server and keeps only
its page template and its static files (the xterm.js client): the routes, the
websocket and the app processes are ours.

- The page is ``/TOKEN`` and the websocket ``/TOKEN/ws``: the token is the
  campaign's secret (:mod:`fhtagn_tui.serve.token`); anything else is a 404.
- The websocket's ``Origin`` must be the page's own (``http(s)://`` + the Host
  the browser asked for) or one given with ``--web-origin``; a page on another
  site cannot open it.
- At most ``max_web`` views at once (and they count against
  ``max_connections``); a message is at most 64 KiB; what a viewer types is
  paced like an SSH client's.
- Every tab gets its own ``fhtagn open NAME --player --served`` process (exec'd,
  no shell) speaking textual's web-driver protocol on pipes.  When the
  websocket ends — however, whenever, start-up included — the app is asked to
  quit, then SIGTERM'd and SIGKILL'd after the grace period; it dies with the
  server in any case (see :mod:`fhtagn_tui.serve.procs`).
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import signal
import socket
from collections.abc import Mapping, Sequence
from importlib.metadata import version
from pathlib import Path

import jinja2
from aiohttp import WSMsgType, web

from .child import app_command, child_env
from .limits import MAX_COLS, MAX_ROWS, MIN_WEB_SIZE, Coalesce, InputPace, Limits, Occupancy
from .procs import Children, end, preexec

log = logging.getLogger("fhtagn.serve")

MAX_MESSAGE = 64 * 1024
NEEDS_TOKEN = "fhtagn: this page needs the whole link that `fhtagn serve` printed\n"
_PACKAGE = Path(str(__import__("textual_serve").__file__)).resolve().parent
TEMPLATES = _PACKAGE / "templates"
STATICS = _PACKAGE / "static"


def _packet(kind: bytes, payload: bytes) -> bytes:
    return kind + len(payload).to_bytes(4, "big") + payload


def _to_int(value: str, default: int, low: int = MIN_WEB_SIZE, high: int = MAX_COLS) -> int:
    try:
        return max(low, min(high, int(value)))
    except ValueError:
        return default


def web_env(width: int, height: int, base: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment of a browser tab's app: textual's web driver, the tab's size."""
    env = child_env("xterm-256color", base)
    env.update({
        "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver",
        "TEXTUAL_FPS": "60",
        "TEXTUAL_COLOR_SYSTEM": "truecolor",
        "TERM_PROGRAM": "textual",
        "TERM_PROGRAM_VERSION": version("textual-serve"),
        "COLUMNS": str(width),
        "ROWS": str(height),
    })
    return env


class WebApp:
    """One browser tab's app process, its websocket and the pumps between them."""

    def __init__(self, ws: web.WebSocketResponse, argv: Sequence[str], limits: Limits, children: Children) -> None:
        self.ws = ws
        self.argv = list(argv)
        self.limits = limits
        self.children = children
        self.process: asyncio.subprocess.Process | None = None
        self._pace = InputPace(limits.input_rate, limits.input_burst)
        # window changes and focus/blur: the latest of each, at most resize_rate a second
        self._resizes = Coalesce(limits.resize_rate, self._post)
        self._focus = Coalesce(limits.resize_rate, self._post)

    async def run(self, width: int, height: int) -> None:
        self.process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL,
            env=web_env(width, height),
            start_new_session=True,
            preexec_fn=preexec(take_terminal=False),
            close_fds=True,
        )
        self.children.add(self.process)
        pump = asyncio.get_running_loop().create_task(self._from_app())
        try:
            await self._from_browser()
        finally:
            self._resizes.cancel()
            self._focus.cancel()
            await self.stop()
            pump.cancel()
            await asyncio.gather(pump, return_exceptions=True)

    async def stop(self) -> None:
        """Ask the app to quit; SIGTERM, then SIGKILL, if it has not gone after the grace period."""
        process = self.process
        if process is None or process.returncode is not None:
            return

        def ask() -> None:
            if process.stdin is not None and not process.stdin.is_closing():
                process.stdin.write(_packet(b"M", b'{"type": "quit"}'))
                process.stdin.close()

        await asyncio.shield(end(process, self.limits.grace, ask, signal.SIGTERM))

    def _post(self, meta: object) -> None:
        """A small control message to the app (no flow control: at most a few a second)."""
        stdin = self.process.stdin if self.process is not None else None
        if stdin is not None and not stdin.is_closing():
            try:
                stdin.write(_packet(b"M", json.dumps(meta).encode()))
            except (ConnectionError, RuntimeError):
                pass

    async def _send(self, kind: bytes, payload: bytes) -> bool:
        stdin = self.process.stdin if self.process is not None else None
        if stdin is None or stdin.is_closing():
            return False
        try:
            stdin.write(_packet(kind, payload))
            await stdin.drain()  # flow control: the next message is read when the app has taken this one
        except (ConnectionError, RuntimeError):
            return False
        return True

    async def _type(self, data: bytes) -> bool:
        while data:
            n = self._pace.take(len(data))
            if not n:
                await asyncio.sleep(max(0.01, self._pace.wait(min(len(data), 64))))
                continue
            if not await self._send(b"D", data[:n]):
                return False
            data = data[n:]
        return True

    async def _from_browser(self) -> None:
        async for message in self.ws:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
                kind = envelope[0]
            except (ValueError, TypeError, IndexError, KeyError):
                continue
            ok = True
            if kind == "stdin" and len(envelope) > 1 and isinstance(envelope[1], str):
                ok = await self._type(envelope[1].encode("utf-8", "replace"))
            elif kind == "resize" and len(envelope) > 1 and isinstance(envelope[1], dict):
                size = envelope[1]
                self._resizes.submit({"type": "resize", "width": _to_int(str(size.get("width")), 80),
                                      "height": _to_int(str(size.get("height")), 24, high=MAX_ROWS)})
            elif kind == "ping" and len(envelope) > 1:
                await self.ws.send_json(["pong", str(envelope[1])[:64]])
            elif kind in ("blur", "focus"):
                self._focus.submit({"type": kind})
            if not ok:
                break

    async def _from_app(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        stdout = self.process.stdout
        try:
            for _ in range(10):  # the web driver's prelude
                line = await stdout.readline()
                if not line or line == b"__GANGLION__\n":
                    break
            while True:
                kind = await stdout.readexactly(1)
                size = int.from_bytes(await stdout.readexactly(4), "big")
                payload = await stdout.readexactly(size)
                if kind == b"D":
                    await self.ws.send_bytes(payload)
                elif kind == b"M" and json.loads(payload).get("type") == "exit":
                    break
                # nothing else is passed on: no file deliveries (screenshots), no URLs to open
        except (asyncio.IncompleteReadError, ConnectionError, ValueError, RuntimeError):
            pass
        finally:
            await self.ws.close()


class WebView:
    """The web player view of one campaign, inside the server's event loop."""

    def __init__(self, saves: Path, name: str, host: str, port: int, token: str,
                 limits: Limits | None = None, occupancy: Occupancy | None = None,
                 children: Children | None = None, origins: Sequence[str] = ()) -> None:
        self.saves = saves
        self.name = name
        self.host = host
        self.port = port
        self.token = token
        self.limits = limits or Limits()
        self.occupancy = occupancy or Occupancy(self.limits)
        self.children = children or Children()
        self.origins = {o.rstrip("/").lower() for o in origins}
        self.argv = app_command(saves, name, "player")
        self.apps: set[WebApp] = set()
        self._runner: web.AppRunner | None = None
        self._templates = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True)

    @property
    def url(self) -> str:
        """The secret link to hand the players (listening on every address: by this machine's name)."""
        host = self.host
        if host in ("0.0.0.0", "::", ""):
            host = socket.gethostname()
        elif ":" in host:
            host = f"[{host}]"
        return f"http://{host}:{self.port}/{self.token}"

    def _app(self) -> web.Application:
        app = web.Application(client_max_size=MAX_MESSAGE)
        app.add_routes([
            web.get("/", self.handle_root),
            web.get("/{token}", self.handle_index),
            web.get("/{token}/ws", self.handle_websocket),
            web.static("/static", STATICS, show_index=False),
        ])
        return app

    async def handle_root(self, request: web.Request) -> web.Response:
        raise web.HTTPNotFound(text=NEEDS_TOKEN)

    def _check_token(self, request: web.Request) -> None:
        if not hmac.compare_digest(request.match_info.get("token", "").encode(), self.token.encode()):
            log.info("%s: web: refused a request without the link's token", request.remote)
            raise web.HTTPNotFound(text=NEEDS_TOKEN)

    def _origin_ok(self, request: web.Request) -> bool:
        origin = request.headers.get("Origin", "").rstrip("/").lower()
        own = {f"http://{request.host}".lower(), f"https://{request.host}".lower()}
        return bool(origin) and (origin in own or origin in self.origins)

    async def handle_index(self, request: web.Request) -> web.Response:
        self._check_token(request)
        scheme = "wss" if request.secure else "ws"
        page = self._templates.get_template("app_index.html").render(
            font_size=_to_int(request.query.get("fontsize", "16"), 16, 6, 48),
            app_websocket_url=f"{scheme}://{request.host}/{self.token}/ws",
            config={"static": {"url": "/static/"}},
            application={"name": f"{self.name} — player view"},
            ping_url="",
        )
        return web.Response(text=page, content_type="text/html",
                            headers={"Referrer-Policy": "no-referrer", "Cache-Control": "no-store"})

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
        self._check_token(request)
        if not self._origin_ok(request):
            log.warning("%s: web: refused a websocket from origin %r", request.remote, request.headers.get("Origin"))
            raise web.HTTPForbidden(text="fhtagn: this view may only be opened from its own page\n")
        if not self.occupancy.enter_web():
            log.warning("%s: web: refused: the table is full (--max-web %d, --max-connections %d)",
                        request.remote, self.limits.max_web, self.limits.max_connections)
            raise web.HTTPServiceUnavailable(text="fhtagn: the table is full; try again later\n")
        ws = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        app = WebApp(ws, self.argv, self.limits, self.children)
        self.apps.add(app)
        try:
            await ws.prepare(request)
            width = _to_int(request.query.get("width", "80"), 80)
            height = _to_int(request.query.get("height", "24"), 24)
            log.info("%s: web: player view opened", request.remote)
            await app.run(width, height)
        except (ConnectionError, OSError) as exc:
            log.info("%s: web: %s", request.remote, exc)
        finally:
            await asyncio.shield(app.stop())
            self.apps.discard(app)
            self.occupancy.leave_web()
            log.info("%s: web: player view closed", request.remote)
        return ws

    async def start(self) -> None:
        self._runner = web.AppRunner(self._app(), handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        if self.port == 0:  # an ephemeral port: learn it
            for address in self._runner.addresses:
                if isinstance(address, tuple) and len(address) >= 2:
                    self.port = int(address[1])
                    break

    async def stop(self) -> None:
        """Close every view (each app asked to quit, killed after the grace period), stop listening."""
        await asyncio.gather(*(app.stop() for app in list(self.apps)), return_exceptions=True)
        for app in list(self.apps):
            await app.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None


__all__ = ["WebView", "web_env"]
