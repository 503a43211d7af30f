"""The web view: the player view in a browser, behind a secret link.

textual-serve's own server runs its command through a shell, never stops an app
that does not answer its quit message (a tab closed during start-up left the
app running, spinning, re-parented to PID 1), has no authentication, no Origin
check and no limit.  So this module takes over its small server and keeps only
its page template and its static files (the xterm.js client): the routes, the
websocket and the app processes are ours.

- The page is ``/TOKEN`` and the websocket ``/TOKEN/ws``: the token is the
  campaign's secret (:mod:`fhtagn_tui.serve.token`); anything else is a 404.
- The websocket's ``Origin`` must be the link's own: the port ``serve``
  listens on and the host it was told (for a loopback host, ``localhost`` and
  ``127.0.0.1`` too; for ``0.0.0.0``, this machine's name or one of its own
  addresses), or one given with ``--web-origin``.  Never the request's ``Host`` header: a page whose name an
  attacker points at this machine (DNS rebinding) sends its own name there.
- At most ``max_http`` HTTP connections at once, ``max_http_per_address`` from
  one address; one that has not become a web view within ``http_timeout``
  seconds is closed (an idle or slow client holds nothing for long).  At most
  ``max_web`` views at once (and they count against ``max_connections``); a
  message is at most 64 KiB; what a viewer types is paced like an SSH
  client's, its window changes and focus/blur coalesced (the latest, a few a
  second).
- The page loads nothing from another host: textual-serve's template asks
  Google for a font; that link is taken out (the terminal's own monospace
  font is used) and a Content-Security-Policy keeps the page to this server.
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
import re
import signal
import socket
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from importlib.metadata import version
from pathlib import Path

import jinja2
from aiohttp import WSMsgType, web

from .child import APP_CWD, app_command, child_env
from .limits import (
    MAX_COLS,
    MAX_ROWS,
    MIN_WEB_SIZE,
    Coalesce,
    InputPace,
    Limits,
    Occupancy,
    shown,
    sparse,
)
from .procs import Children, CrashPipe, end, preexec

log = logging.getLogger("fhtagn.serve")

MAX_MESSAGE = 64 * 1024
NEEDS_TOKEN = "fhtagn: this page needs the whole link that `fhtagn serve` printed\n"
_PACKAGE = Path(str(__import__("textual_serve").__file__)).resolve().parent
TEMPLATES = _PACKAGE / "templates"
STATICS = _PACKAGE / "static"
#: A ``<link>`` (or ``@import``) to a stylesheet or font on another host: taken out of the page.
REMOTE = re.compile(r"<link\b[^>]*\bhref=[\"']?(?:https?:)?//[^>]*>|@import\s+url\([\"']?(?:https?:)?//[^)]*\);?",
                    re.IGNORECASE)
#: The page may load from this server only (its websocket: the link's own).
CSP = "default-src 'self'; connect-src 'self' ws: wss:; style-src 'self' 'unsafe-inline'; " \
      "script-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; base-uri 'none'; form-action 'none'"


def _own_address(host: str) -> bool:
    """``host`` is an IP address of this machine (one a socket can be bound to); a name is not."""
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        socket.inet_pton(family, host)
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.bind((host, 0))
    except OSError:
        return False
    return True


def _abort(transport: asyncio.BaseTransport) -> None:
    if isinstance(transport, asyncio.WriteTransport):
        transport.abort()
    else:  # pragma: no cover - a TCP connection's transport is a WriteTransport
        transport.close()


class HttpConnection(asyncio.Protocol):
    """One HTTP connection, counted: admitted under the caps (else closed at once), closed after
    ``http_timeout`` unless it has become a web view; the rest is aiohttp's handler's."""

    def __init__(self, gate: HttpGate, handler: asyncio.Protocol) -> None:
        self.gate = gate
        self.handler = handler
        self.address = ""
        self.admitted = False  # aiohttp's handler has it
        self.counted = False  # the gate counts it
        self.transport: asyncio.BaseTransport | None = None
        self._timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        self.transport = transport
        if not self.gate.enter(self):
            _abort(transport)
            return
        self.admitted = self.counted = True
        self._timer = asyncio.get_running_loop().call_later(self.gate.limits.http_timeout, self._expire, transport)
        self.handler.connection_made(transport)

    def _expire(self, transport: asyncio.BaseTransport) -> None:
        self._timer = None
        if transport not in self.gate.views:
            _abort(transport)  # closed: connection_lost follows

    def data_received(self, data: bytes) -> None:
        if self.admitted:
            self.handler.data_received(data)

    def eof_received(self) -> bool | None:
        return self.handler.eof_received() if self.admitted else None

    def pause_writing(self) -> None:
        if self.admitted:
            self.handler.pause_writing()

    def resume_writing(self) -> None:
        if self.admitted:
            self.handler.resume_writing()

    @property
    def is_view(self) -> bool:
        return self.transport is not None and self.transport in self.gate.views

    def push_out(self) -> None:
        """Make room for another (its place given back now; closed: connection_lost follows)."""
        if self.counted:
            self.counted = False
            self.gate.leave(self)
        if self.transport is not None:
            _abort(self.transport)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self.counted:
            self.counted = False
            self.gate.leave(self)
        if self.admitted:
            self.admitted = False
            self.handler.connection_lost(exc)


class HttpGate:
    """The web port's connections: at most ``max_http``, ``max_http_per_address`` from one address."""

    def __init__(self, limits: Limits, handlers: Callable[[], asyncio.Protocol]) -> None:
        self.limits = limits
        self.handlers = handlers
        self.total = 0
        self.per_address: Counter[str] = Counter()
        self.views: set[asyncio.BaseTransport] = set()  # connections that became web views: no time limit
        self.held: dict[HttpConnection, str] = {}  # the connections counted, oldest first → address
        self.refused = 0
        self.pushed_out = 0

    def __call__(self) -> HttpConnection:
        return HttpConnection(self, self.handlers())

    def enter(self, conn: HttpConnection) -> bool:
        """Admit ``conn``, pushing out, past a bound, the oldest connection that is no web view of its
        own address, or past the overall bound of the address holding the most: idle sockets from a
        few addresses cannot keep the players out.  False: nothing could be pushed out."""
        address = conn.address
        while self.per_address[address] >= self.limits.max_http_per_address:
            if not self._push_out({address}):
                return self._refuse(address)
        while self.total >= self.limits.max_http:
            counts = Counter(c.address for c in self.held if not c.is_view)
            counts[address] += 1  # the newcomer
            most = max(counts.values())
            busiest = {address} if counts[address] == most and most > 1 else \
                {a for a, n in counts.items() if n == most and a != address}
            if not self._push_out(busiest):
                return self._refuse(address)
        self.total += 1
        self.per_address[address] += 1
        self.held[conn] = address
        return True

    def _push_out(self, addresses: set[str]) -> bool:
        victim = next((c for c, a in self.held.items() if a in addresses and not c.is_view), None)
        if victim is None:
            return False
        self.pushed_out += 1
        if sparse(self.pushed_out):
            log.warning("%s: web: closed a connection to make room (%d held; %d so far)", shown(victim.address),
                        self.total, self.pushed_out)
        victim.push_out()
        return True

    def _refuse(self, address: str) -> bool:
        self.refused += 1
        if sparse(self.refused):  # the log stays short
            log.warning("%s: web: refused a connection (%d held, %d from there; %d refused so far)",
                        shown(address), self.total, self.per_address[address], self.refused)
        return False

    def leave(self, conn: HttpConnection) -> None:
        if self.held.pop(conn, None) is None:
            return
        address = conn.address
        self.total = max(0, self.total - 1)
        self.per_address[address] -= 1
        if self.per_address[address] <= 0:
            del self.per_address[address]


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
        self.crash: CrashPipe | None = None
        self.who = "web"
        # window changes and focus/blur: the latest of each, at most resize_rate a second
        self._resizes = Coalesce(limits.resize_rate, self._post)
        self._focus = Coalesce(limits.resize_rate, self._post)

    async def run(self, width: int, height: int) -> None:
        crash = CrashPipe()
        try:
            self.process = await asyncio.create_subprocess_exec(
                *self.argv,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.DEVNULL,
                env={**web_env(width, height), **crash.env},
                cwd=APP_CWD,
                start_new_session=True,
                preexec_fn=preexec(take_terminal=False),
                close_fds=True,
                pass_fds=crash.fds,
            )
        finally:
            crash.started()
        self.crash = crash
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
        if process is None:
            return
        if process.returncode is not None:
            self._report(process)
            return

        def ask() -> None:
            if process.stdin is not None and not process.stdin.is_closing():
                process.stdin.write(_packet(b"M", b'{"type": "quit"}'))
                process.stdin.close()

        await asyncio.shield(end(process, self.limits.grace, ask, signal.SIGTERM))
        self._report(process)

    def _report(self, process: asyncio.subprocess.Process) -> None:
        """The app's traceback, if it failed, to the log (once)."""
        if self.crash is not None:
            self.crash.report(f"{self.who} (pid {process.pid})")
            self.crash = None

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
            except (ValueError, TypeError, IndexError, KeyError, RecursionError):  # deep nesting: RecursionError
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
        self.gate = HttpGate(self.limits, lambda: asyncio.Protocol())
        self._server: asyncio.AbstractServer | None = None
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
        """The ``Origin`` is the link's: this port, and the configured host — or, listening on every
        address, this machine's name or one of its own addresses; or one given with ``--web-origin``.
        Never judged by the request's ``Host`` header (DNS rebinding sends the attacker's name there)."""
        origin = request.headers.get("Origin", "").rstrip("/").lower()
        if not origin:
            return False
        if origin in self.origins:
            return True
        scheme, sep, rest = origin.partition("://")
        if scheme not in ("http", "https") or not sep or "/" in rest or "@" in rest:
            return False
        host, _, port = rest.rpartition(":")
        if port != str(self.port) or not host:
            return False
        host = host.removeprefix("[").removesuffix("]")
        configured = self.host.lower()
        if configured in ("0.0.0.0", "::", ""):
            return host in (socket.gethostname().lower(), "localhost") or _own_address(host)
        if configured in ("127.0.0.1", "::1", "localhost"):
            return host in ("127.0.0.1", "::1", "localhost")
        return host == configured

    async def handle_index(self, request: web.Request) -> web.Response:
        self._check_token(request)
        scheme = "wss" if request.secure else "ws"
        page = REMOTE.sub("", self._templates.get_template("app_index.html").render(
            font_size=_to_int(request.query.get("fontsize", "16"), 16, 6, 48),
            app_websocket_url=f"{scheme}://{request.host}/{self.token}/ws",
            config={"static": {"url": "/static/"}},
            application={"name": f"{self.name} — player view"},
            ping_url="",
        ))
        return web.Response(text=page, content_type="text/html",
                            headers={"Referrer-Policy": "no-referrer", "Cache-Control": "no-store",
                                     "Content-Security-Policy": CSP})

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
        self._check_token(request)
        if not self._origin_ok(request):
            log.warning("%s: web: refused a websocket from origin %s", request.remote,
                        shown(request.headers.get("Origin")))
            raise web.HTTPForbidden(text="fhtagn: this view may only be opened from its own page\n")
        if not self.occupancy.may_start(str(request.remote)):
            if self.occupancy.log_refused_start:
                log.warning("%s: web: refused: views opened too fast (%d, then one every %g s; %d refused so far)",
                            request.remote, self.limits.app_start_burst, 1 / self.limits.app_start_rate,
                            self.occupancy.refused_starts)
            raise web.HTTPTooManyRequests(text="fhtagn: views opened too fast; wait a moment and reload\n")
        if not self.occupancy.enter_web():
            log.warning("%s: web: refused: the table is full (--max-web %d, --max-connections %d)",
                        request.remote, self.limits.max_web, self.limits.max_connections)
            raise web.HTTPServiceUnavailable(text="fhtagn: the table is full; try again later\n")
        ws = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        app = WebApp(ws, self.argv, self.limits, self.children)
        app.who = f"{request.remote}: web"
        self.apps.add(app)
        transport = request.transport
        if transport is not None:
            self.gate.views.add(transport)  # a web view: counted by max_web, no time limit
        try:
            await ws.prepare(request)
            width = _to_int(request.query.get("width", "80"), 80)
            height = _to_int(request.query.get("height", "24"), 24)
            log.info("%s: web: player view opened", request.remote)
            await app.run(width, height)
        except (ConnectionError, OSError) as exc:
            log.info("%s: web: %s", request.remote, shown(exc))
        except Exception as exc:  # noqa: BLE001 - one line, never aiohttp's traceback in the log
            log.error("%s: web: the view failed: %s: %s", request.remote, type(exc).__name__, shown(exc, 200))
        finally:
            await asyncio.shield(app.stop())
            self.apps.discard(app)
            if transport is not None:
                self.gate.views.discard(transport)
            self.occupancy.leave_web()
            log.info("%s: web: player view closed", request.remote)
        return ws

    async def start(self) -> None:
        self._runner = web.AppRunner(self._app(), handle_signals=False, access_log=None,
                                     keepalive_timeout=self.limits.http_timeout)
        await self._runner.setup()
        handlers = self._runner.server
        assert handlers is not None
        self.gate.handlers = handlers
        # our own listening socket (not aiohttp's TCPSite): every connection passes the gate first
        self._server = await asyncio.get_running_loop().create_server(self.gate, self.host, self.port)
        if self.port == 0 and self._server.sockets:  # an ephemeral port: learn it
            self.port = int(self._server.sockets[0].getsockname()[1])

    async def stop(self) -> None:
        """Close every view (each app asked to quit, killed after the grace period), stop listening."""
        await asyncio.gather(*(app.stop() for app in list(self.apps)), return_exceptions=True)
        for app in list(self.apps):
            await app.ws.close()
        if self._server is not None:
            self._server.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._server is not None:
            self._server = None


__all__ = ["WebView", "web_env"]
