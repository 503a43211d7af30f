"""The served app's entry (``python -m fhtagn_tui … open NAME --served``, fhtagn_tui/__main__.py):
serve's own command line read without the CLI, and no OpenSSL in the process (issue 20)."""

from __future__ import annotations

import hashlib
import os
import pty
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fhtagn_tui import campaigns
from fhtagn_tui.__main__ import served_args
from fhtagn_tui.serve.child import app_command, child_env, set_size

ROOT = Path(__file__).resolve().parents[2]


def test_serves_own_command_lines_are_read_and_no_other(tmp_path: Path) -> None:
    saves = str(tmp_path.resolve())
    assert served_args(app_command(tmp_path, "harlan-creek")[4:]) == (saves, "harlan-creek", "", "", "")
    assert served_args(app_command(tmp_path, "harlan-creek", "readonly")[4:]) == (saves, "harlan-creek", "readonly", "", "")
    assert served_args(app_command(tmp_path, "harlan-creek", "player")[4:]) == (saves, "harlan-creek", "player", "", "")
    assert served_args(app_command(tmp_path, "harlan-creek", "player", "Ada Vance", "alice")[4:]) == (
        saves, "harlan-creek", "player", "Ada Vance", "alice")
    for other in (["--saves", saves, "open", "harlan-creek"],  # not served: the CLI's
                  ["open", "harlan-creek", "--served"],
                  ["--saves", saves, "open", "harlan-creek", "--served", "--player", "--as", "Ada"],
                  ["--saves", saves, "open", "harlan-creek", "--served", "--readonly", "--as", "A", "--who", "b"],
                  ["--saves", saves, "open", "--player", "--served"],
                  ["--saves", saves, "log", "harlan-creek", "--served"],
                  ["--saves", saves, "open", "harlan-creek", "--served", "--player", "--extra"],
                  ["list"], []):
        assert served_args(other) is None, other


LEAN = """
import sys
from fhtagn_tui.__main__ import lean_imports
lean_imports()
import hashlib
from fhtagn_tui.store import snapshot
import asyncio
from pathlib import Path
from fhtagn_tui.app.app import open_door
from fhtagn_tui.app.player import PlayerApp

async def main(path):
    app = PlayerApp(open_door(path, True), served=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.query_one("#party-table") is not None

asyncio.run(main(Path(sys.argv[1])))
print(hashlib.sha256(b"fhtagn").hexdigest(), hashlib.sha256(snapshot.code_digest().encode()).hexdigest())
print(" ".join(sorted(name for name, module in sys.modules.items() if module is not None)))
"""


def test_a_served_process_loads_no_openssl_and_hashes_the_same(tmp_path: Path) -> None:
    path = campaigns.create_demo(tmp_path)
    out = subprocess.run([sys.executable, "-c", LEAN, str(path)], cwd=ROOT, check=True, capture_output=True,
                         text=True, timeout=120).stdout.splitlines()
    digest, code = out[0].split()
    loaded = set(out[1].split())
    assert digest == hashlib.sha256(b"fhtagn").hexdigest()  # CPython's own SHA-256: the same digests
    from fhtagn_tui.store import snapshot

    # a served process reads the snapshot the GM's process wrote (its code signature, compared by digest)
    assert code == hashlib.sha256(snapshot.code_digest().encode()).hexdigest()
    assert "fhtagn_tui.app.screens.party" in loaded  # it did run
    assert not loaded & {"ssl", "_ssl", "_hashlib", "bz2", "_bz2", "lzma", "_lzma"}


@pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="reads the process's memory map")
def test_a_served_player_process_maps_no_openssl_and_skips_the_cli(tmp_path: Path) -> None:
    path = campaigns.create_demo(tmp_path)
    master, slave = pty.openpty()
    set_size(slave, 80, 24)
    argv = app_command(tmp_path, campaigns.campaign_name(path), "player")
    assert argv[1:4] == ["-P", "-m", "fhtagn_tui"]
    proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=child_env("xterm-256color"),
                            start_new_session=True, close_fds=True)
    os.close(slave)
    seen = b""
    try:
        deadline = time.monotonic() + 60
        while b"Party" not in seen and time.monotonic() < deadline:
            try:
                seen += os.read(master, 65536)
            except OSError:
                break
        assert b"Party" in seen, seen[-2000:]
        maps = Path(f"/proc/{proc.pid}/maps").read_text()
        assert "libcrypto" not in maps and "libssl" not in maps and "_ssl." not in maps
        assert "_hashlib" not in maps and "liblzma" not in maps and "libbz2" not in maps
    finally:
        proc.kill()
        proc.wait(10)
        os.close(master)
