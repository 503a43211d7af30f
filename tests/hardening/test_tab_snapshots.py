"""Snapshot tests of every tab in a mid-session state, at 80×24 and 120×40 (plain def tests).

The campaigns are played in memory with a fixed clock and typed dice, so every
snapshot is the same on every run.
"""

from __future__ import annotations

import pytest

from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.campaigns import demo_script
from fhtagn_tui.domain.features.campaign import CreateCampaign
from fhtagn_tui.door import Door
from fhtagn_tui.rules.dice import RandomSource
from fhtagn_tui.service import Engine, MemorySink

FHTAGN_SESSION = [
    "fight start The farmhouse",
    'fight add "Ada Vance" "Jonah Reyes" "The Caretaker"',
    "fight next",
    'attack "Jonah Reyes" "The Caretaker" weapon=pistol roll=34,5',
    "fight next",
    'req "Ada Vance" "used car" via=favour contact="Partner Sam" roll=71',
    'req "Felix Brandt" food via=own',
    'note The caretaker keeps a ledger of names. secret',
    'char pool "Marta Kowalski" SAN=62 reason="the thing in the well"',
]

COC_SESSION = [
    "char new Harvey STR=50 CON=60 SIZ=60 DEX=70 POW=60 Jump=40 Luck=45",
    'char new Ada STR=60 CON=70 SIZ=50 DEX=60 POW=60 "Drive Auto=50" "Spot Hidden=60" Luck=70',
    "char new Ghoul kind=monster STR=80 CON=70 SIZ=65 DEX=65 POW=40",
    "session start The docks",
    "chase new The docks",
    "chase add Harvey role=flee",
    "chase add Ada role=flee",
    "chase add Ghoul role=pursue mov=9 aptitude=aptitude",
    'chase location add hazard=hard "Market stalls" skill=Jump at=3 damage=minor',
    "chase location add barrier fence at=5 skill=Climb",
    "chase start roll=30,40,50",
    "chase hazard harvey roll=15",
]


def play(system: str, lines: list[str]) -> GmApp:
    engine = Engine(MemorySink(), source=RandomSource(1), clock=lambda: 0.0)
    engine.run(CreateCampaign(name="snapshots", system=system))
    for line in lines:
        engine.execute(line)
    return GmApp(Door(engine))


def fhtagn_app() -> GmApp:
    return play("fhtagn", [*demo_script(), *FHTAGN_SESSION])


SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


@pytest.mark.parametrize("size", SIZES)
def test_party_tab(snap_compare, size):
    assert snap_compare(fhtagn_app(), terminal_size=size, press=["1"])


@pytest.mark.parametrize("size", SIZES)
def test_initiative_tab(snap_compare, size):
    assert snap_compare(fhtagn_app(), terminal_size=size, press=["2"])


@pytest.mark.parametrize("size", SIZES)
def test_chase_tab(snap_compare, size):
    assert snap_compare(play("coc7", COC_SESSION), terminal_size=size, press=["3"])


@pytest.mark.parametrize("size", SIZES)
def test_requisitions_tab(snap_compare, size):
    assert snap_compare(fhtagn_app(), terminal_size=size, press=["4"])


@pytest.mark.parametrize("size", SIZES)
def test_log_tab(snap_compare, size):
    assert snap_compare(fhtagn_app(), terminal_size=size, press=["5"])


@pytest.mark.parametrize("size", SIZES)
def test_gm_screen(snap_compare, size):
    assert snap_compare(fhtagn_app(), terminal_size=size, press=["f1"])
