"""Snapshots of the GM screen at 80×24 (plain def tests)."""

from __future__ import annotations

from pathlib import Path

from fhtagn_tui import campaigns
from fhtagn_tui.app.app import FhtagnApp, open_engine


def _coc_app(tmp_path: Path) -> FhtagnApp:
    path = tmp_path / "arkham.fhtagn"
    campaigns.create_campaign(path, "coc7", "Arkham").close()
    engine, store, notice = open_engine(path, False)
    return FhtagnApp(engine, store, notice)


def test_reference_search_snapshot(snap_compare, tmp_path):
    assert snap_compare(_coc_app(tmp_path), terminal_size=(80, 24), press=["f1", "ctrl+f", *"kevlar"])


def test_reference_roll_form_snapshot(snap_compare, tmp_path):
    app = _coc_app(tmp_path)
    assert snap_compare(app, terminal_size=(80, 24), press=["3", "f1", "ctrl+r", *"72"])
