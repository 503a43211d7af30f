"""Snapshots of the GM screen at 80×24 (plain def tests)."""

from __future__ import annotations

from pathlib import Path

from fhtagn_tui import campaigns
from fhtagn_tui.app.app import open_door
from fhtagn_tui.app.gm import GmApp


def _coc_app(tmp_path: Path) -> GmApp:
    path = tmp_path / "arkham.fhtagn"
    campaigns.create_campaign(path, "coc7", "Arkham").close()
    door = open_door(path, False)
    return GmApp(door)


def test_reference_search_snapshot(snap_compare, tmp_path):
    assert snap_compare(_coc_app(tmp_path), terminal_size=(80, 24), press=["f1", "ctrl+f", *"kevlar"])


def test_reference_roll_form_snapshot(snap_compare, tmp_path):
    app = _coc_app(tmp_path)
    assert snap_compare(app, terminal_size=(80, 24), press=["3", "f1", "ctrl+r", *"72"])
