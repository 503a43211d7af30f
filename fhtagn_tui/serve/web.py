"""The web view: the player view in a browser, through textual-serve.

Every browser tab gets its own ``fhtagn open NAME --player`` process (read-only,
following the log), run by textual-serve over a websocket.
"""

from __future__ import annotations

from pathlib import Path

from aiohttp import web
from textual_serve.server import Server

from .child import app_shell_command


class _Server(Server):
    async def on_startup(self, app: web.Application) -> None:
        """Quiet: ``fhtagn serve`` logs the address itself (not textual-serve's banner)."""


class WebView:
    """textual-serve's server, run inside our own event loop (beside the SSH server)."""

    def __init__(self, saves: Path, name: str, host: str, port: int) -> None:
        self.server = _Server(
            command=app_shell_command(saves, name, "player"),
            host=host,
            port=port,
            title=f"{name} — player view",
        )
        self.host = host
        self.port = port
        self._runner: web.AppRunner | None = None

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/"

    async def start(self) -> None:
        app = await self.server._make_app()  # the same routes textual-serve's serve() runs
        self._runner = web.AppRunner(app, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        if self.port == 0:  # an ephemeral port: learn it, for the page's websocket address
            for address in self._runner.addresses:
                if isinstance(address, tuple) and len(address) >= 2:
                    self.port = int(address[1])
                    break
        self.server.public_url = f"http://{self.host}:{self.port}"

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
