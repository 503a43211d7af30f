"""A served app's process (issue 30): no traceback for the client, no core file, nothing imported
from the folder ``serve`` started in.  Real SSH on loopback."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from fhtagn_tui.app.crash import CRASH_FD, PLAYER_MESSAGE
from fhtagn_tui.serve import procs
from fhtagn_tui.serve.limits import Limits

from .conftest import Served
from .test_limits import close, limited

CRASHING = """
from fhtagn_tui.app.gm import GmApp

def action_help(self, *args):
    the_gms_secret = "Kept-In-A-Local-0451"
    raise RuntimeError("probe failure " + str(len(the_gms_secret)))

GmApp.action_help = action_help
"""


def test_the_crash_pipe_has_one_name():
    assert procs.CRASH_FD == CRASH_FD


async def test_a_crash_shows_the_player_one_line_and_the_log_the_traceback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture):
    caplog.set_level(logging.INFO, "fhtagn.serve")
    hook = tmp_path / "hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(CRASHING)  # every app process this server starts fails on `?`
    monkeypatch.setenv("PYTHONPATH", str(hook))
    served = await limited(tmp_path / "saves", Limits())
    try:
        gm = await served.terminal(served.keys.gm)
        mark = len(gm.output)
        gm.send(b"?")
        await gm.closed(15)
        seen = gm.text(mark)
        assert PLAYER_MESSAGE in seen
        for leak in ("Traceback", "RuntimeError", "Kept-In-A-Local", "the_gms_secret", "locals", "sitecustomize", "site-packages"):
            assert leak not in seen, (leak, seen[-800:])
        logged = "\n".join(r.getMessage() for r in caplog.records)
        assert "the app failed" in logged and "RuntimeError: probe failure 20" in logged
        assert "Kept-In-A-Local" not in logged  # no locals in the log either
    finally:
        await close(served)


async def test_the_app_does_not_import_from_the_folder_serve_started_in(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    here = tmp_path / "cwd"
    here.mkdir()
    marker = tmp_path / "ran"
    for name in ("bisect", "textwrap", "fhtagn_tui"):  # a stray module, and one that shadows the package
        (here / f"{name}.py").write_text(f"open({str(marker)!r}, 'a').write({name!r})\n")
    monkeypatch.chdir(here)
    served = await limited(tmp_path / "saves", Limits())
    try:
        player = await served.terminal(served.keys.player)
        assert "Party" in player.text()
        assert not marker.exists(), marker.read_text()
        (session,) = served.server.table.sessions
        assert session.child is not None
        assert Path(f"/proc/{session.child.pid}/cwd").resolve() == Path("/")
    finally:
        await close(served)


def _core_limit(pid: int) -> str:
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max core file size"):
            return " ".join(line.split()[4:6])
    raise AssertionError("no core limit")


async def test_served_apps_write_no_core_file(served: Served):
    await served.terminal(served.keys.player)
    (session,) = served.server.table.sessions
    assert session.child is not None
    assert _core_limit(session.child.pid) == "0 0"


async def test_bytes_that_are_not_utf8_neither_end_the_view_nor_show_a_traceback(served: Served):
    """A player's client sending bytes that are no UTF-8 (found over SSH: Textual's input thread raised
    UnicodeDecodeError and the player read a Rich traceback with the server's paths)."""
    player = await served.terminal(served.keys.player)
    (session,) = served.server.table.sessions
    assert session.child is not None and session.child.process is not None
    mark = len(player.output)
    for bad in (b"\xff", b"\xc3(", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xc0\xaf", b"a\xe2\x80"):
        player.send(bad)
        await asyncio.sleep(0.1)
    await asyncio.sleep(1.5)
    assert session.child.process.returncode is None  # the view is still there
    seen = player.text(mark)
    for leak in ("Traceback", "UnicodeDecodeError", "site-packages", PLAYER_MESSAGE):
        assert leak not in seen, (leak, seen[-800:])
    player.proc.change_terminal_size(100, 30)  # and the app still draws
    await player.wait_for("Party", since=len(player.output))
