"""Snapshot tests of rolls at the table: the player's request prompt (80×24, a phone's 50×20) and
the GM's open requests with who has not answered (plain def tests)."""

from __future__ import annotations

from pathlib import Path

from fhtagn_tui import campaigns
from fhtagn_tui.app.app import open_door
from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.app.player import PlayerApp


def _asked(tmp_path: Path, full: bool = False) -> Path:
    path = campaigns.create_demo(tmp_path)
    door = open_door(path, False)
    try:
        if full:  # the party behind a player's prompt with every number, as before privacy (test_privacy.py)
            door.execute("privacy full")
        door.execute("ask ada,jonah Firearms mod=-20")
        door.execute("ask all Dodge secret")
        door.execute("answer 1 jonah roll=33")
    finally:
        door.close(save=False)
    return path


def _player(tmp_path: Path) -> PlayerApp:
    door = open_door(_asked(tmp_path, full=True), True)
    return PlayerApp(door, character="Ada Vance", who="alice")


def _gm(tmp_path: Path) -> GmApp:
    door = open_door(_asked(tmp_path), False)
    return GmApp(door)


def test_player_request_prompt_80x24(snap_compare, tmp_path):
    assert snap_compare(_player(tmp_path), terminal_size=(80, 24))


def test_player_request_prompt_50x20(snap_compare, tmp_path):
    assert snap_compare(_player(tmp_path), terminal_size=(50, 20))


def test_player_request_prompt_typing_dice_80x24(snap_compare, tmp_path):
    assert snap_compare(_player(tmp_path), terminal_size=(80, 24), press=["t", "4", "2"])


def test_gm_open_requests_80x24(snap_compare, tmp_path):
    assert snap_compare(_gm(tmp_path), terminal_size=(80, 24))
