"""A real ``serve`` with few file descriptors, its web port flooded with idle sockets (issue 30):
the accept loop's failures reach the log as a few short lines (no tracebacks), and once the sockets
are gone (closed by the client or timed out) the GM logs in and the page is served.  (And ``serve``
runs with RLIMIT_CORE 0.)"""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import asyncssh

from fhtagn_tui import campaigns
from fhtagn_tui.serve.keys import Role, key_files
from fhtagn_tui.serve.token import web_token

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = """
import resource, sys
from pathlib import Path
resource.setrlimit(resource.RLIMIT_NOFILE, (48, 48))
from fhtagn_tui.serve import serve
from fhtagn_tui.serve.limits import Limits
saves, name, path, ssh, web = sys.argv[1:]
sys.exit(serve(Path(saves), name, Path(path), "127.0.0.1", int(ssh), int(web), Limits(http_timeout=2.0)))
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_running_out_of_file_descriptors_is_logged_short_and_recovered(tmp_path: Path):
    path = campaigns.create_demo(tmp_path)
    key = asyncssh.generate_private_key("ssh-ed25519")
    key_files(path)[Role.GM].write_bytes(key.export_public_key())
    token = web_token(path)
    ssh_port, web_port = _free_port(), _free_port()
    log = tmp_path / "serve.log"
    with log.open("wb") as err:
        proc = subprocess.Popen([sys.executable, "-c", SCRIPT, str(tmp_path), campaigns.campaign_name(path), str(path),
                                 str(ssh_port), str(web_port)], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=err)
    socks: list[socket.socket] = []
    try:
        deadline = time.monotonic() + 30
        while b"web player view" not in log.read_bytes():
            assert proc.poll() is None and time.monotonic() < deadline, log.read_text()
            await asyncio.sleep(0.1)
        start = len(log.read_bytes())
        limits = Path(f"/proc/{proc.pid}/limits").read_text().splitlines()
        (core,) = [line.split()[4:6] for line in limits if line.startswith("Max core file size")]
        assert core == ["0", "0"]  # serve itself writes no core file either
        for n in range(90):  # more idle sockets than the server has descriptors, from several addresses
            s = socket.socket()
            s.setblocking(False)
            s.bind((f"127.0.0.{1 + n % 9}", 0))
            try:
                s.connect(("127.0.0.1", web_port))
            except BlockingIOError:
                pass
            socks.append(s)
        await asyncio.sleep(3.0)
        for s in socks:
            s.close()
        socks.clear()
        await asyncio.sleep(1.0)
        flooded = log.read_bytes()[start:]
        assert b"Traceback" not in flooded
        assert len(flooded) < 8000, f"{len(flooded)} bytes of log: {flooded[:600]!r}"
        assert proc.poll() is None  # still serving
        conn = await asyncio.wait_for(asyncssh.connect("127.0.0.1", ssh_port, username="gm", client_keys=[key],
                                                       known_hosts=None, agent_path=None), 10)
        try:
            term = await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
            seen = b""
            while b"Party" not in seen:
                seen += await asyncio.wait_for(term.stdout.read(65536), 20)
        finally:
            conn.close()
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{web_port}/{token}", timeout=aiohttp.ClientTimeout(total=5)) as r:
                assert r.status == 200
    finally:
        for s in socks:
            s.close()
        proc.terminate()
        proc.wait(20)
