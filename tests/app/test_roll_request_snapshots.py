"""Snapshot tests of rolls at the table: the player's request prompt (80×24, a phone's 50×20) and
the GM's open requests with who has not answered (plain def tests)."""

from __future__ import annotations

from pathlib import Path

from fhtagn_tui import campaigns
from fhtagn_tui.app.app import FhtagnApp, open_engine


def _asked(tmp_path: Path, full: bool = False) -> Path:
    path = campaigns.create_demo(tmp_path)
    engine, store, _ = open_engine(path, False)
    try:
        if full:  # the party behind a player's prompt with every number, as before privacy (test_privacy.py)
            engine.execute("privacy full")
        engine.execute("ask ada,jonah Firearms mod=-20")
        engine.execute("ask all Dodge secret")
        engine.execute("answer 1 jonah roll=33")
    finally:
        store.close()
    return path


def _player(tmp_path: Path) -> FhtagnApp:
    engine, store, notice = open_engine(_asked(tmp_path, full=True), True)
    return FhtagnApp(engine, store, notice, player=True, character="Ada Vance", who="alice")


def _gm(tmp_path: Path) -> FhtagnApp:
    engine, store, notice = open_engine(_asked(tmp_path), False)
    return FhtagnApp(engine, store, notice)


def test_player_request_prompt_80x24(snap_compare, tmp_path):
    assert snap_compare(_player(tmp_path), terminal_size=(80, 24))


def test_player_request_prompt_50x20(snap_compare, tmp_path):
    assert snap_compare(_player(tmp_path), terminal_size=(50, 20))


def test_player_request_prompt_typing_dice_80x24(snap_compare, tmp_path):
    assert snap_compare(_player(tmp_path), terminal_size=(80, 24), press=["t", "4", "2"])


def test_gm_open_requests_80x24(snap_compare, tmp_path):
    assert snap_compare(_gm(tmp_path), terminal_size=(80, 24))
