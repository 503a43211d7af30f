"""End to end through the real command: `fhtagn script` runs a fight, a chase or a
night of horror into a campaign file, and `fhtagn replay --json` must print the
state that the same commands give in memory — with the values checked too."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import msgspec
import pytest

from fhtagn_tui.rules.dice import RandomSource
from fhtagn_tui.service import Engine

ROOT = Path(__file__).resolve().parents[2]
Step = tuple[str, Sequence[int]]


def fhtagn(saves: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "fhtagn_tui", "--saves", str(saves), *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)


def line_of(step: Step) -> str:
    text, dice = step
    return f"{text} roll={','.join(str(d) for d in dice)}" if dice else text


def play(tmp_path: Path, system: str, setup: Sequence[str], steps: Sequence[Step], seed: int | None = None) -> dict:
    """Run setup + steps through `fhtagn script`; check `replay --json` against the in-memory Engine."""
    assert fhtagn(tmp_path, "new", "t", "--system", system).returncode == 0
    script = tmp_path / "session.txt"
    lines = ["# prepared by the test", *setup, *(line_of(s) for s in steps)]
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    args = ["script", "t", str(script)] + (["--seed", str(seed)] if seed is not None else [])
    out = fhtagn(tmp_path, *args)
    assert out.returncode == 0, out.stderr
    printed = json.loads(fhtagn(tmp_path, "replay", "t", "--json").stdout)
    memory = Engine.memory(system, name="t", source=RandomSource(seed) if seed is not None else None)
    for line in lines[1:]:
        memory.execute(line)
    expected = json.loads(json.dumps(msgspec.to_builtins(memory.state)))
    assert without_clock(printed) == without_clock(expected)
    return printed


def without_clock(value: object) -> object:
    """The state with wall-clock stamps (``…ts`` keys) left out: the file was written now, memory at 0."""
    if isinstance(value, dict):
        return {k: without_clock(v) for k, v in value.items() if not (k == "ts" or k.endswith("_ts"))}
    if isinstance(value, list):
        return [without_clock(v) for v in value]
    return value


# --- fights -------------------------------------------------------------------------------------

FH_SETUP = ['char new Ada STR=12 CON=12 DEX=14 Firearms=60 Dodge=40 "Unarmed Combat"=50',
            'char new Cultist kind=npc STR=13 CON=10 DEX=10 "Melee Weapons"=50 Dodge=30',
            "fight start Farmhouse", "fight add ada cultist"]
FH_FIGHT: list[Step] = [
    ("fight next", ()),
    ("attack ada cultist weapon=pistol", (34, 5)),
    ("fight next", ()),
    ("attack cultist ada weapon=knife", (45, 3)),
    ("fight next", ()),
    ("aim ada cultist", ()),
    ("fight next", ()),
    ("attack cultist ada weapon=knife savage", (25, 1, 60)),
    ("fight next", ()),
    ("attack ada cultist weapon=pistol", (20, 6, 83)),
    ("fight next", ()),
    ("coup ada cultist", ()),
    ("fight end", ()),
]


@pytest.mark.rule("FH-COMBAT-05", "FH-DMG-02", "FH-DMG-03", "FH-DMG-04")
def test_fhtagn_fight_through_script_and_replay(tmp_path):
    state = play(tmp_path, "fhtagn", FH_SETUP, FH_FIGHT)
    cultist, ada = state["characters"]["cultist"], state["characters"]["ada"]
    assert cultist["current"]["HP"] == 0 and "dead" in cultist["conditions"]
    assert ada["current"]["HP"] == 6 and "aiming" not in ada["conditions"]
    assert state["encounter"] is None


GURPS_SETUP = ['char new Ilse ST=10 DX=12 IQ=12 HT=11 "Guns (Pistol)"=14 Brawling=12 Knife=13',
               "char new Ghoul kind=npc ST=14 DX=11 IQ=8 HT=12 Brawling=13",
               "fight start Crypt", "fight add ilse ghoul"]
GURPS_FIGHT: list[Step] = [
    ("fight next", ()),
    ("attack ilse ghoul weapon=pistol", (3, 4, 3, 5, 5, 4, 4, 5)),
    ("fight next", ()),
    ("attack ghoul ilse", (4, 4, 4, 6, 5, 6, 4)),
    ("fight next", ()),
    ("attack ilse ghoul weapon=pistol", (6, 6, 6)),
    ("fight next", ()),
    ("attack ghoul ilse defend=none", (3, 3, 3, 6)),
    ("fight next", ()),
    ("attack ilse ghoul weapon=pistol", (1, 1, 2, 2, 2)),
]


@pytest.mark.rule("GURPS-DICE-01", "GURPS-DICE-02")
def test_gurps_fight_through_script_and_replay(tmp_path):
    state = play(tmp_path, "gurps", GURPS_SETUP, GURPS_FIGHT)
    assert state["characters"]["ghoul"]["current"]["HP"] < 14
    assert state["characters"]["ilse"]["current"]["HP"] < 10
    assert state["encounter"]["round"] == 3


COC_SETUP = ['char new Harvey STR=60 CON=60 SIZ=65 DEX=70 POW=50 Luck=50 "Firearms (Handgun)"=50 "Fighting (Brawl)"=55 '
             'Dodge=40 "Firearms (Submachine Gun)"=45',
             'char new Ada STR=50 CON=50 SIZ=50 DEX=60 POW=50 Luck=40 "Fighting (Brawl)"=40 Dodge=30',
             'char new Cultist kind=npc STR=55 CON=50 SIZ=60 DEX=50 Luck=60 "Fighting (Brawl)"=40 Dodge=25',
             'char new Ghoul kind=monster STR=80 CON=65 SIZ=65 DEX=65 "Fighting (Brawl)"=40 Dodge=32',
             "fight start In the crypt", "fight add harvey ada cultist ghoul", "fight ready harvey", "attacks ghoul 2"]
COC_FIGHT: list[Step] = [
    ("fight next", ()),
    ('shoot harvey ghoul weapon=".38 revolver" range=10', (20, 6)),
    ("fight next", ()),
    ("melee ghoul ada response=dodge", (30, 50, 3, 2, 20)),  # a major wound: CON roll 20
    ("melee ghoul harvey response=fight", (35, 20, 2, 1)),
    ("fight next", ()),
    ("flee ada", ()),
    ("fight next", ()),
    ("melee cultist harvey", (5, 10, 60, 10)),
    ("fight next", ()),
    ("take aim harvey", ()),
    ("fight next", ()),
    ("melee ghoul harvey", (90, 90)),
    ("melee ghoul harvey", (0, 0, 30, 60, 3, 4, 40)),
    ("fight next", ()),
    ('shoot cultist harvey weapon=".38 revolver" range=5', (80,)),
    ("fight next", ()),
    ('shoot harvey ghoul weapon=".38 revolver" shots=2', (3, 10, 40, 7, 0, 90, 0)),
]


@pytest.mark.rule("COC-MELEE-05", "COC-MELEE-06", "COC-FIREARM-09", "COC-FIREARM-11")
def test_coc_fight_through_script_and_replay(tmp_path):
    state = play(tmp_path, "coc7", COC_SETUP, COC_FIGHT)
    hp = {c: (v["current"]["HP"], tuple(v["conditions"])) for c, v in state["characters"].items()}
    assert hp == {
        "harvey": (5, ("major wound", "prone")),
        "ada": (5, ("major wound", "prone")),
        "cultist": (11, ()),
        "ghoul": (0, ("major wound", "prone", "dying", "unconscious")),
    }
    assert state["coc_ammo"] == {"harvey": {".38 revolver": 4}, "cultist": {".38 revolver": 5}}
    assert state["encounter"]["round"] == 3


# --- chases ---------------------------------------------------------------------------------------

ON_FOOT_SETUP = ["char new Harvey STR=50 CON=60 SIZ=60 DEX=70 POW=60 Jump=40 Luck=45",
                 'char new Ada STR=60 CON=70 SIZ=50 DEX=60 POW=60 "Drive Auto=50" "Spot Hidden=60" Luck=70',
                 "char new Ghoul kind=monster STR=80 CON=70 SIZ=65 DEX=65 POW=40",
                 "char new Cultist kind=npc STR=50 CON=50 SIZ=70 DEX=40 POW=50",
                 "chase new The docks", "chase add Harvey role=flee", "chase add Ada role=flee",
                 "chase add Ghoul role=pursue mov=9 aptitude=aptitude", "chase add Cultist role=pursue",
                 'chase location add hazard=hard "Market stalls" skill=Jump at=3 damage=minor',
                 "chase location add barrier fence at=5 skill=Climb"]
ON_FOOT: list[Step] = [
    ("chase start escape=Ada", (30, 14, 50, 99)),
    ("chase hazard harvey", (15,)),
    ("chase move ghoul 2", ()),
    ("chase next", ()),
    ("chase move harvey", ()),
    ("chase hazard ghoul cautious=1", (0, 60, 90, 3, 2)),
    ("chase next", ()),
    ("chase barrier harvey pass", (50,)),
    ("chase next", ()),
    ("chase barrier harvey break damage=1d6", (6,)),
    ("chase move ghoul", ()),
    ("chase catch harvey", ()),
]


@pytest.mark.rule("COC-CHASE-09", "COC-CHASE-11", "COC-CHASE-13")
def test_chase_on_foot_through_script_and_replay(tmp_path):
    state = play(tmp_path, "coc7", ON_FOOT_SETUP, ON_FOOT)
    chase = state["chases"][0]
    where = {p["id"]: (p["position"], p["status"]) for p in chase["participants"]}
    assert where == {"harvey": (4, "caught"), "ada": (0, "escaped"), "ghoul": (4, "in"), "cultist": (0, "dropped")}
    assert chase["ended"] and state["characters"]["ghoul"]["current"]["HP"] == 11


HIGHWAY_SETUP = ['char new Harvey STR=50 CON=60 SIZ=60 DEX=70 POW=60 Luck=50 "Drive Auto=60"',
                 'char new Ada STR=60 CON=70 SIZ=50 DEX=60 POW=60 Luck=50 "Spot Hidden=60"',
                 'char new Brute kind=npc STR=80 CON=70 SIZ=80 DEX=50 POW=50 "Drive Auto=50"',
                 'char new Cultist kind=npc STR=50 CON=50 SIZ=70 DEX=40 POW=50 "Drive Auto=40"',
                 "chase new Highway", "chase add Ford role=flee vehicle=car driver=Harvey passengers=Ada",
                 "chase add Truck role=pursue vehicle=truck driver=Brute",
                 'chase add Sedan role=pursue vehicle="economy car" driver=Cultist',
                 'chase location add hazard=regular "Lamp post" at=3']
HIGHWAY: list[Step] = [
    ("chase start", (50, 10, 90)),
    ("chase hazard ford", (75, 2, 3)),
    ("chase move truck", ()),
    ("chase next", ()),
    ("chase pedal truck 2", (5, 20, 30)),
    ("chase next", ()),
    ("chase ram truck ford", (20, 45, 10, 10, 10, 10, 10, 5, 5)),  # wrecked: the occupants wait for the Keeper
    ("chase crash ford hurt", (3, 4, 20, 5, 5, 20)),  # thrown clear, 2D10 each: major wounds, CON rolls
]


@pytest.mark.rule("COC-VEHICLE-01", "COC-VEHICLE-02", "COC-VEHICLE-04", "COC-CHASE-17", "COC-PARTY-04")
def test_cars_and_a_truck_through_script_and_replay(tmp_path):
    state = play(tmp_path, "coc7", HIGHWAY_SETUP, HIGHWAY)
    chase = state["chases"][0]
    parts = {p["id"]: p for p in chase["participants"]}
    assert (parts["ford"]["build"], parts["ford"]["status"]) == (0, "wrecked")
    assert parts["truck"]["build"] == 4 and parts["sedan"]["status"] == "dropped"
    assert state["characters"]["harvey"]["current"]["HP"] == 5
    assert state["characters"]["ada"]["current"]["HP"] == 2
    assert state["characters"]["ada"]["conditions"] == ["major wound", "prone"]
    assert parts["ford"]["accident"] == ""  # the Keeper's call is made
    assert chase["ended"]


# --- nights of horror (seeded dice: the same seed rolls the same in the file and in memory) ----------


def test_fhtagn_night_of_horror(tmp_path):
    setup = ['char new Ada STR=10 CON=11 DEX=13 INT=16 POW=14 CHA=11 Firearms=45 bonds="Sister,Partner:9"',
             "session start The farmhouse"]
    steps: list[Step] = [("san ada 1/1d6 kind=violence", ()), ("san ada 1d4/1d10 kind=unnatural project=Sister", ()),
                         ("san ada 0/1d6 kind=helplessness", ()), ('disorder add ada "Night terrors"', ()),
                         ("san sleep ada", ())]
    state = play(tmp_path, "fhtagn", setup, steps, seed=11)
    ada = state["characters"]["ada"]
    assert ada["current"]["SAN"] < 70
    assert "Night terrors" in ada["mind"]["disorders"]


@pytest.mark.rule("GURPS-FRIGHT-01", "GURPS-FRIGHT-02", "GURPS-FRIGHT-12", "GURPS-FRIGHT-40")
def test_gurps_night_of_horror(tmp_path):
    setup = ["char new Ilse ST=10 DX=12 IQ=13 HT=11", "session start The crypt"]
    steps: list[Step] = [
        ("fright ilse mod=-3", (6, 5, 4, 3, 3, 3, 2, 4)),  # 15 vs Will 10: failed by 5; table 9+5=14; stunned 2s, 4 FP
        ("fright ilse mod=-6", (2, 2, 3)),  # 7 vs 7: made it
        ("fright recover ilse", (3, 1, 6)),  # 10 vs modified Will 10: the stun passes
    ]
    state = play(tmp_path, "gurps", setup, steps, seed=5)
    ilse = state["characters"]["ilse"]
    assert ilse["current"] == {"HP": 10, "FP": 7}
    assert ilse["conditions"] == [] and ilse["mind"]["timers"] == [] and ilse["mind"]["frights"] == 1
    last = ilse["mind"]["last_fright"]
    assert (last["total"], last["margin"], last["mod"], last["fp"], last["conditions"]) == (14, 5, -3, 4, ["stunned"])
    log = [json.loads(line) for line in fhtagn(tmp_path, "log", "t", "--json").stdout.splitlines()]
    frights = [(e["roll"], e["level"], e["table"]) for e in log if e["type"] == "FrightCheckRolled"]
    assert frights == [(15, "failure", 14), (7, "success", 0)]
    applied = [e for e in log if e["type"] == "FrightResultApplied"]
    assert [e["entry"] for e in applied] == ["GURPS-FRIGHT-12"]
    stuns = [(e["type"], e["condition"]) for e in log if e["type"] in ("ConditionAdded", "ConditionRemoved")]
    assert stuns == [("ConditionAdded", "stunned"), ("ConditionRemoved", "stunned")]
    assert [(e["target"], e["roll"], e["success"]) for e in log if e["type"] == "RecoveryRolled"] == [(10, 10, True)]


def test_coc_night_of_horror(tmp_path):
    from tests.rules.test_coc_insanity import HARVEY, NIGHT

    state = play(tmp_path, "coc7", [HARVEY, "char new Cultist kind=npc DEX=50 POW=50"], NIGHT)
    h = state["characters"]["harvey"]
    assert h["current"] == {"HP": 13, "MP": 10, "SAN": 50, "Luck": 50}
    assert h["skills"] == {"Language (French)": 40, "Cthulhu Mythos": 10} and h["stats"]["POW"] == 64
