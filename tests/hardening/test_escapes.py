"""No raw escape sequence from user text reaches a terminal: an older log holding some (input now
refuses them) is shown with them made visible (``\\x1b``) by every output path."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from textual.widgets import DataTable, Static

from fhtagn_tui.app.app import open_door
from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.domain.codec import encode
from fhtagn_tui.domain.features.campaign import (
    CampaignCreated,
    CharacterCreated,
    NoteAdded,
    SessionStarted,
)
from fhtagn_tui.store.layout import HEADER_LINE

ROOT = Path(__file__).resolve().parents[2]
EVIL = "Evil\x1b]0;pwned\x07\x1b]52;c;Zm9v\x07\x1b[2J"
RAW = (b"\x1b]0;pwned", b"\x1b]52;c;", b"\x1b[2J")


@pytest.fixture
def poisoned(tmp_path: Path) -> Path:
    events = [
        CampaignCreated(name="poison", system="fhtagn", seq=1, group=1),
        SessionStarted(number=1, title=f"Night {EVIL}", seq=2, group=2, session=1),
        CharacterCreated(id=EVIL.lower(), name=EVIL, kind="agent",
                         stats={"STR": 10, "CON": 10, "DEX": 10, "INT": 10, "POW": 10, "CHA": 10},
                         current={"HP": 10, "WP": 10, "SAN": 50}, seq=3, group=3, session=1),
        NoteAdded(text=f"note {EVIL}", seq=4, group=4, session=1),
    ]
    path = tmp_path / "poison.fhtagn"
    path.write_bytes(HEADER_LINE + b"\n" + b"".join(encode(ev) + b"\n" for ev in events))
    return tmp_path


def fhtagn(saves: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "fhtagn_tui", "--saves", str(saves), *args],
                          cwd=ROOT, capture_output=True, timeout=60)


def clean(out: bytes) -> None:
    assert b"\x1b" not in out and b"\x07" not in out
    assert b"x1b" in out and b"52;c;Zm9v" in out  # shown, made visible (Markdown escapes the backslash)


@pytest.mark.parametrize("args", [("log", "poison"), ("replay", "poison"), ("do", "poison", "cond add evil wounded"),
                                  ("export", "poison", "--format", "md"), ("export", "poison", "--format", "html"),
                                  ("export", "poison", "--format", "md", "--players"),
                                  ("export", "poison", "--format", "html", "--players")])
def test_cli_outputs_show_escapes_visibly(poisoned: Path, args: tuple[str, ...]):
    out = fhtagn(poisoned, *args)
    assert out.returncode == 0, out.stderr
    clean(out.stdout + out.stderr)


def test_do_refuses_an_escape_in_typed_text_and_says_so_visibly(poisoned: Path):
    out = fhtagn(poisoned, "do", "poison", "note hello \x1b]52;c;Zm9v\x07")
    assert out.returncode == 1 and b"control character" in out.stderr
    assert b"\x1b" not in out.stderr


async def test_tui_log_and_party_tabs_show_escapes_visibly(poisoned: Path):
    door = open_door(poisoned / "poison.fhtagn", True)
    app = GmApp(door)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            party = app.query_one("#party-table", DataTable)
            cells = " ".join(str(c) for row in range(party.row_count) for c in party.get_row_at(row))
            sheet = str(app.query_one("#party-sheet", Static).render())
            await pilot.press("5")
            await pilot.pause()
            log = app.query_one("#log-table", DataTable)
            rows = " ".join(str(c) for row in range(log.row_count) for c in log.get_row_at(row))
            for text in (cells, sheet, rows, app.sub_title):
                assert "\x1b" not in text and "\x07" not in text
            assert "\\x1b]52" in cells and "\\x1b]52" in rows and "\\x1b" in app.sub_title
    finally:
        door.close(save=False)


def test_player_view_over_a_real_pty_never_gets_a_raw_escape_from_user_text(poisoned: Path):
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    proc = subprocess.Popen(
        [sys.executable, "-m", "fhtagn_tui", "--saves", str(poisoned), "open", "poison", "--player"],
        stdin=slave, stdout=slave, stderr=slave, cwd=ROOT, env=dict(os.environ, TERM="xterm-256color"),
        start_new_session=True,
    )
    os.close(slave)
    out = b""

    def read(seconds: float) -> None:
        nonlocal out
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                try:
                    out += os.read(master, 65536)
                except OSError:
                    return

    try:
        end = time.monotonic() + 20
        while b"PLAYER VIEW" not in out and time.monotonic() < end:
            read(0.2)
        read(0.5)
        os.write(master, b"5")  # the Log tab too
        read(1.5)
    finally:
        proc.kill()
        proc.wait()
        os.close(master)
    assert b"PLAYER VIEW" in out
    for raw in RAW:
        assert raw not in out
    assert b"x1b]52;c;Zm9v" in out
