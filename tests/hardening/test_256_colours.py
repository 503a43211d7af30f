"""In a 256-colour terminal (TERM=xterm-256color, no COLORTERM) the app draws with
the 256-colour palette only, on every tab — no true-colour escape sequences."""

from __future__ import annotations

import os
import re
import time

from fhtagn_tui import campaigns
from tests.hardening.test_survival import PtyApp

TRUECOLOR = re.compile(rb"\x1b\[[0-9;]*[34]8;2;")
PALETTE = re.compile(rb"\x1b\[[0-9;]*[34]8;5;")


def test_every_tab_draws_in_256_colours(tmp_path, monkeypatch):
    monkeypatch.delenv("COLORTERM", raising=False)
    monkeypatch.delenv("TEXTUAL_COLOR_SYSTEM", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    campaigns.create_demo(tmp_path)
    app = PtyApp(tmp_path, "harlan-creek")
    try:
        assert app.read_until(b"HP/SAN"), app.output[-300:]
        for key in "23451":
            app.type(key)
            time.sleep(0.4)
            app.read_until(b"\x00never", 0.3)
        out = app.output
        assert PALETTE.search(out), "no 256-colour sequences at all"
        assert not TRUECOLOR.search(out), "true-colour sequences in a 256-colour terminal"
        for title in (b"Initiative", b"Requisitions", b"Log"):  # the demo is FHTAGN: no Chase tab (a CoC rule)
            assert title in out
    finally:
        app.close()
    assert "COLORTERM" not in os.environ
