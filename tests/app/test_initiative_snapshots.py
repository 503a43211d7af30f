"""Snapshot of the Initiative tab mid-fight at 80×24 (plain def tests)."""

from __future__ import annotations

from pathlib import Path

from fhtagn_tui.app.app import open_door
from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.campaigns import create_campaign

MID_FIGHT = (
    'char new "Ada Vance" STR=12 CON=12 DEX=14 Firearms=60 Dodge=40 "Unarmed Combat"=50',
    'char new "Jonah Reyes" STR=15 CON=14 DEX=12 Firearms=50 Dodge=35',
    'template add Cultist kind=npc STR=13 CON=10 DEX=10 "Melee Weapons"=50 Dodge=30',
    "fight start Harlan Creek farmhouse",
    'fight add "ada vance" "jonah reyes"',
    "fight add 2 cultist",
    "fight next",
    'attack "ada vance" "cultist 1" weapon=pistol defend=dodge roll=34,67,7',
    "fight next",
    "aim \"jonah reyes\" \"cultist 2\"",
)


def _app(tmp_path: Path) -> GmApp:
    path = tmp_path / "x.fhtagn"
    create_campaign(path, "fhtagn").close()
    door = open_door(path, False)
    for line in MID_FIGHT:
        door.execute(line)
    return GmApp(door)


def test_initiative_tab_mid_fight_snapshot(snap_compare, tmp_path):
    assert snap_compare(_app(tmp_path), terminal_size=(80, 24), press=["2"])


def test_action_form_snapshot(snap_compare, tmp_path):
    app = _app(tmp_path)
    app.door.execute("fight next")  # the second cultist acts
    assert snap_compare(app, terminal_size=(80, 24), press=["2", "a", "a"])
