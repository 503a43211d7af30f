"""Snapshot tests of the Chase tab's track at 80×24 and 120×40 (plain def tests)."""

from __future__ import annotations

from pathlib import Path

from fhtagn_tui import campaigns
from fhtagn_tui.app.app import open_door
from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.rules.dice import RandomSource

SETUP = (
    "char new Harvey STR=50 CON=60 SIZ=60 DEX=70 POW=60 Jump=40 Luck=45",
    'char new Ada STR=60 CON=70 SIZ=50 DEX=60 POW=60 "Drive Auto=50" "Spot Hidden=60" Luck=70',
    "char new Ghoul kind=monster STR=80 CON=70 SIZ=65 DEX=65 POW=40",
    "char new Brute kind=npc STR=80 CON=70 SIZ=80 DEX=50 POW=50 \"Drive Auto=60\"",
    "chase new Miskatonic Avenue",
    "chase add Ford role=flee vehicle=car driver=Ada passengers=Harvey",
    "chase add Ghoul role=pursue mov=14 aptitude=aptitude",
    "chase add Truck role=pursue vehicle=truck driver=Brute",
    'chase location add hazard=regular "Lamp post" at=3',
    "chase location add hazard=hard Traffic at=6",
    'chase location add barrier "brick wall" at=8',
    "chase location add hazard=extreme Bridge at=11",
    # Ford 50 (14), Ghoul 50 (14), Truck 10 (13 → 14): the Ford two ahead, DEX order Ghoul, Ford, Truck
    "chase start roll=50,50,10",
    "chase move ghoul 1",  # now the Ford's turn, the lamp post ahead
)


def _app(tmp_path: Path) -> GmApp:
    path = tmp_path / "arkham.fhtagn"
    campaigns.create_campaign(path, "coc7").close()
    door = open_door(path, False)
    door.dice = RandomSource(7)
    for line in SETUP:
        door.execute(line)
    return GmApp(door)


def test_chase_track_snapshot_80x24(snap_compare, tmp_path):
    assert snap_compare(_app(tmp_path), terminal_size=(80, 24), press=["3"])


def test_chase_track_snapshot_120x40(snap_compare, tmp_path):
    assert snap_compare(_app(tmp_path), terminal_size=(120, 40), press=["3"])
