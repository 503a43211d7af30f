"""SIGHUP (a dropped connection) and SIGTERM during play, on a real pty: the app
ends cleanly, every acknowledged event is on disk, and the campaign reopens."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from fhtagn_tui import campaigns
from fhtagn_tui.store import CampaignStore

ROOT = Path(__file__).resolve().parents[2]


class PtyApp:
    def __init__(self, saves: Path, name: str) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = dict(os.environ, TERM="xterm-256color", PYTHONFAULTHANDLER="1")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "fhtagn_tui", "--saves", str(saves), "open", name],
            stdin=slave, stdout=slave, stderr=slave, cwd=ROOT, env=env, start_new_session=True,
        )
        os.close(slave)
        self.master = master
        self.output = b""

    def read_until(self, needle: bytes, timeout: float = 20.0) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if needle in self.output:
                return True
            ready, _, _ = select.select([self.master], [], [], 0.1)
            if ready:
                try:
                    self.output += os.read(self.master, 65536)
                except OSError:
                    return needle in self.output
        return needle in self.output

    def type(self, text: str) -> None:
        for ch in text:
            os.write(self.master, ch.encode())
            time.sleep(0.01)

    def wait(self, timeout: float) -> int | None:
        """Wait for the app to end, reading its output (as a terminal would) meanwhile."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            code = self.proc.poll()
            if code is not None:
                return code
            self.read_until(b"\x00never", 0.1)
        return self.proc.poll()

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        os.close(self.master)


def wait_for_event(path: Path, text: str, timeout: float = 15.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if text in path.read_text(encoding="utf-8"):
            return
        time.sleep(0.05)
    raise AssertionError(f"{text!r} never reached {path}")


def playing(tmp_path: Path, note: str) -> tuple[Path, PtyApp]:
    """The demo campaign open on a real pty, ``note`` typed on its command line and on disk."""
    path = campaigns.create_demo(tmp_path)
    app = PtyApp(tmp_path, "harlan-creek")
    try:
        # the footer shows the Party tab's keys once the app is mounted and the table has focus
        assert app.read_until(b"HP/SAN"), app.output[-500:]
        app.type(":")
        time.sleep(0.3)
        app.type(f"note {note}\r")
        wait_for_event(path, note)
    except BaseException:
        app.close()
        raise
    return path, app


@pytest.mark.parametrize("sig", [signal.SIGHUP, signal.SIGTERM])
def test_signal_during_play_ends_cleanly_and_loses_nothing(tmp_path, sig):
    path, app = playing(tmp_path, "The lights go out.")
    try:
        app.proc.send_signal(sig)
        assert app.wait(timeout=15) == 0
    finally:
        app.close()
    with CampaignStore.open(path) as store:  # the writer lock was released
        notes = [e for e in store.events() if getattr(e, "text", "") == "The lights go out."]
        assert len(notes) == 1, [getattr(e, "text", "") for e in store.events()][-3:]


def test_the_terminal_gone_without_a_signal_ends_the_app_and_frees_the_campaign(tmp_path: Path) -> None:
    """The terminal's other side closes and no SIGHUP comes (the app is not the terminal's session
    leader): the app sees its terminal hung up and ends — it used to spin at half a core on an
    endless end of file, holding the campaign's lock, until killed."""
    path, app = playing(tmp_path, "The phone drops the call.")
    try:
        os.close(app.master)
        app.master = os.open(os.devnull, os.O_RDONLY)  # (for close(): the terminal itself is gone)
        assert app.proc.wait(timeout=10) == 0
    finally:
        app.close()
    with CampaignStore.open(path) as store:  # the writer lock was released
        assert any(getattr(e, "text", "") == "The phone drops the call." for e in store.events())
