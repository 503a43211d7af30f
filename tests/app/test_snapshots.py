"""Snapshot tests of the shell at 80×24 (plain def tests)."""

from __future__ import annotations

from pathlib import Path

from fhtagn_tui import campaigns
from fhtagn_tui.app.app import open_door
from fhtagn_tui.app.gm import GmApp


def _app(tmp_path: Path) -> GmApp:
    path = campaigns.create_demo(tmp_path)
    door = open_door(path, False)
    return GmApp(door)


def test_party_tab_snapshot(snap_compare, tmp_path):
    assert snap_compare(_app(tmp_path), terminal_size=(80, 24))


def test_character_form_snapshot(snap_compare, tmp_path):
    assert snap_compare(_app(tmp_path), terminal_size=(80, 24), press=["n"])


def test_requisitions_tab_snapshot(snap_compare, tmp_path):
    app = _app(tmp_path)
    app.door.execute("req ada food via=own")
    app.door.execute('req jonah "plane ticket" via=favour contact="Old unit" roll=20')
    app.door.execute('req ada villa price=12000 via=own bond="Sister Claire" roll=95,3')
    assert snap_compare(app, terminal_size=(80, 24), press=["4"])
