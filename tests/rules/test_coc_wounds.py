"""COC-PARTY-04: one wound rule for every source of damage to a person, with forced dice.

Through the Engine (attacks, chases, rams, shots, hazards, vehicle accidents, falls, fire,
drowning, poison, spells, ``char pool``), through ``fhtagn script``, and a property test: random
damage from every source leaves a state that obeys the wound rules.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fhtagn_tui.commands import ParseError
from fhtagn_tui.domain.decide import Rejected
from fhtagn_tui.domain.features.campaign import PoolChanged
from fhtagn_tui.domain.features.chase import VehicleWrecked
from fhtagn_tui.domain.features.coc_wounds import CocConRolled, CocFirstAidRolled
from fhtagn_tui.domain.features.encounter import DamageApplied
from fhtagn_tui.domain.systems import pool_max
from fhtagn_tui.rules.dice import RandomSource
from fhtagn_tui.service import Engine
from tests.helpers import do, engine, events_of, rejected, replayed

PEOPLE = (
    'char new Harvey STR=50 CON=60 SIZ=60 DEX=70 POW=60 "First Aid=50" "Drive Auto=50"',  # HP 12
    'char new Ada STR=60 CON=50 SIZ=60 DEX=60 POW=60 "Drive Auto=50" "First Aid=60"',  # HP 11
    "char new Ghoul kind=monster STR=80 CON=70 SIZ=65 DEX=65 POW=40",  # HP 13
)


def kinds(events):
    return [type(e).__name__ for e in events]


def conds(eng, who):
    return eng.state.characters[who].conditions


def hp(eng, who):
    return eng.state.characters[who].current["HP"]


# --- one instance --------------------------------------------------------------------------------


@pytest.mark.rule("COC-PARTY-04")
def test_a_fall_of_half_max_hp_is_a_major_wound_with_its_con_roll():
    eng = engine("coc7", *PEOPLE)
    # 2D6 = 4 + 3 = 7 of 12 max HP: a major wound, prone; CON 60 against 70: unconscious
    events = do(eng, "damage harvey 2d6 source=fall", 4, 3, 70)
    assert kinds(events) == ["DamageApplied", "ConditionAdded", "ConditionAdded", "CocConRolled", "ConditionAdded"]
    dmg = events[0]
    assert (dmg.amount, dmg.hp_before, dmg.hp_after, dmg.source) == (7, 12, 5, "fall")
    assert [(r.die, r.value) for r in dmg.dice] == [("d6", 4), ("d6", 3)]
    con = events[3]
    assert isinstance(con, CocConRolled) and (con.why, con.con, con.roll, con.passed) == ("major wound", 60, 70, False)
    assert [(r.purpose, r.value) for r in con.dice] == [("Harvey CON against unconsciousness", 70)]
    assert conds(eng, "harvey") == ("major wound", "prone", "unconscious")
    assert "COC-PARTY-04" in dmg.rules and "falls unconscious" in con.describe(eng.names)
    assert replayed(eng) == eng.state


@pytest.mark.rule("COC-PARTY-04")
@pytest.mark.parametrize("source", ["fire", "drowning", "poison", "a spell"])
def test_every_source_goes_through_the_one_rule(source):
    eng = engine("coc7", *PEOPLE)
    (dmg, *rest) = do(eng, f'damage ada 6 "source={source}"', 20)  # 6 of 11: major; CON 50 against 20 holds
    assert (dmg.source, dmg.hp_after) == (source, 5)
    assert kinds(rest) == ["ConditionAdded", "ConditionAdded", "CocConRolled"]
    assert conds(eng, "ada") == ("major wound", "prone")
    (dmg,) = do(eng, f'damage ada 2 "source={source}"')  # a small wound: no roll
    assert dmg.hp_after == 3


@pytest.mark.rule("COC-PARTY-04")
def test_one_wound_of_max_hp_kills_outright_and_small_wounds_to_zero_knock_out():
    eng = engine("coc7", *PEOPLE)
    events = do(eng, "damage ada 11 source=explosion")
    assert kinds(events) == ["DamageApplied", "ConditionAdded"]
    assert (events[0].hp_after, conds(eng, "ada")) == (0, ("dead",))
    assert "already dead" in rejected(eng, "damage ada 3")
    # without a major wound, 0 HP is unconscious (no roll)
    do(eng, "damage harvey 5")
    events = do(eng, "damage harvey 5")
    assert kinds(events) == ["DamageApplied"]
    events = do(eng, "damage harvey 5")
    assert (events[0].hp_after, conds(eng, "harvey")) == (0, ("unconscious",))


@pytest.mark.rule("COC-PARTY-04")
def test_dying_rolls_con_each_round_until_first_aid_stabilises():
    eng = engine("coc7", *PEOPLE, "fight start Cellar", "fight add harvey ada ghoul")
    do(eng, "damage harvey 5")
    events = do(eng, "damage harvey 7")  # 7 of 12: a major wound at 0 HP — dying, no CON roll against unconsciousness
    assert kinds(events) == ["DamageApplied", "ConditionAdded", "ConditionAdded", "ConditionAdded", "ConditionAdded"]
    assert conds(eng, "harvey") == ("major wound", "prone", "dying", "unconscious")
    do(eng, "fight next")  # round 1 begins: no roll yet
    do(eng, "fight next")
    events = do(eng, "fight next", 45)  # round 1 ends: Harvey rolls CON 60 — 45 holds on
    (con,) = events_of(events, CocConRolled)
    assert (con.why, con.roll, con.passed) == ("dying", 45, True)
    assert kinds(events)[:2] == ["RoundEnded", "CocConRolled"]
    assert "failure: death" not in con.describe(eng.names) and "holds on" in con.describe(eng.names)
    # Ada's First Aid 60: 30 stabilises him; the CON rolls stop
    events = do(eng, "firstaid ada harvey", 30)
    assert kinds(events) == ["CocFirstAidRolled", "ConditionRemoved", "ConditionAdded"]
    assert isinstance(events[0], CocFirstAidRolled) and events[0].passed
    assert conds(eng, "harvey") == ("major wound", "prone", "unconscious", "stabilised")
    do(eng, "fight next")
    events = do(eng, "fight next")  # round 2 ends: no die drawn for a stabilised character
    assert events_of(events, CocConRolled) == []
    assert "not dying" in rejected(eng, "firstaid ada ghoul")
    assert replayed(eng) == eng.state


@pytest.mark.rule("COC-PARTY-04")
def test_a_failed_dying_roll_is_death_and_the_dying_command_outside_fights():
    eng = engine("coc7", *PEOPLE)
    do(eng, "damage harvey 6", 20)  # major wound, conscious
    do(eng, "damage harvey 6")  # 0 HP with a major wound: dying
    assert "needs 1 (d100 for Harvey CON while dying)" in rejected(eng, "dying harvey", 20, 30)
    events = do(eng, "dying harvey", 61)
    assert kinds(events) == ["CocConRolled", "ConditionAdded", "ConditionRemoved"]
    assert conds(eng, "harvey") == ("major wound", "prone", "unconscious", "dead")
    assert "dead" in rejected(eng, "dying harvey")
    assert "not dying" in rejected(eng, "dying ada")


@pytest.mark.rule("COC-PARTY-04")
def test_char_pool_lowering_hp_is_a_wound_and_raising_it_ends_dying():
    eng = engine("coc7", *PEOPLE)
    events = do(eng, 'char pool ada HP=3 reason="kicked by a horse"', 99)  # 8 of 11: major; CON 99 fails
    assert kinds(events) == ["DamageApplied", "ConditionAdded", "ConditionAdded", "CocConRolled", "ConditionAdded"]
    assert (events[0].amount, events[0].source) == (8, "kicked by a horse")
    assert events_of(events, PoolChanged) == []  # no HP change bypasses the rule
    do(eng, "char pool ada HP=0")
    assert conds(eng, "ada") == ("major wound", "prone", "unconscious", "dying")
    events = do(eng, "char pool ada HP=2 reason=Medicine")
    assert kinds(events) == ["PoolChanged", "ConditionRemoved"]
    assert "dying" not in conds(eng, "ada")


# --- the cases: chases, rams, shots, wrecked bicycles ------------------------------------


def _road(*more: str) -> Engine:
    eng = engine("coc7", *PEOPLE, "chase new Road", *more)
    return eng


@pytest.mark.rule("COC-PARTY-04", "COC-CHASE-17")
def test_a_rammed_person_taking_more_than_max_hp_dies():
    eng = _road("chase add Ada role=flee mov=14", "chase add Van role=pursue vehicle=car driver=Harvey")
    do(eng, "chase start", 50, 50)
    do(eng, "chase move van")
    do(eng, "chase next")
    do(eng, "chase move van")
    do(eng, "chase next")
    events = do(eng, "chase ram van ada", 10, 90, 5, 5, 5, 5, 5)  # 5D10 = 25 on 11 max HP
    dmg = events_of(events, DamageApplied)
    assert [(d.amount, d.hp_after) for d in dmg] == [(25, 0)]
    assert conds(eng, "ada") == ("dead",)
    assert kinds(events)[-2:] == ["ParticipantDropped", "ChaseEnded"]


@pytest.mark.rule("COC-PARTY-04", "COC-CHASE-11")
def test_a_chase_hazard_wound_of_eight_on_eleven_is_major():
    eng = _road("chase add Ada role=flee", "chase add Ghoul role=pursue mov=8",
                'chase location add hazard=regular "Glass roof" skill=Climb damage=severe at=3')
    do(eng, "chase start", 50, 50)
    events = do(eng, "chase hazard ada", 90, 1, 8, 40)  # Climb 20: 90 fails; 1D3 delay; 1D10 = 8; CON 50: 40 holds
    assert kinds(events) == ["HazardResolved", "DamageApplied", "ConditionAdded", "ConditionAdded", "CocConRolled"]
    assert conds(eng, "ada") == ("major wound", "prone")


@pytest.mark.rule("COC-PARTY-04", "COC-CHASE-27")
def test_a_driver_shot_for_six_of_eleven_is_prone_rolls_con_then_the_hazard():
    eng = _road('char set harvey "Firearms (Handgun)=60"', "chase add Harvey role=flee mov=14",
                "chase add Hound role=pursue vehicle=motorcycle driver=Ada")
    do(eng, "chase start", 50, 50)
    events = do(eng, "chase shoot harvey ada damage=1d10 --still", 20, 6, 55, 10)
    # 6 of 11 (motorcycle armour 0): major wound, prone, CON 50 against 55 fails — unconscious; then the hazard
    assert kinds(events) == ["ShotFired", "DamageApplied", "ConditionAdded", "ConditionAdded", "CocConRolled",
                             "ConditionAdded", "HazardResolved"]
    assert conds(eng, "ada") == ("major wound", "prone", "unconscious")
    assert "COC-CHASE-27" in events[-1].rules


@pytest.mark.rule("COC-PARTY-04", "COC-VEHICLE-04")
def test_a_cyclist_hurt_when_the_bicycle_is_wrecked():
    eng = _road('char new Bob STR=50 CON=60 SIZ=60 DEX=50 POW=50 "Drive Auto=50"',  # HP 12
                "chase add Bike role=flee vehicle=bicycle driver=Bob",
                "chase add Truck role=pursue vehicle=truck driver=Harvey")
    do(eng, "chase start", 50, 50)
    do(eng, "chase move truck 2")
    # the truck (Build 7) rams: 7D10 = 10 HP, 1 Build ≥ the bicycle's 0.5: wrecked; the Keeper throws Bob clear
    events = do(eng, "chase ram truck bike occupants=hurt", 10, 90, 1, 1, 1, 1, 2, 2, 2, 2, 4, 20)
    assert [(w.how, w.consequence, w.occupants) for w in events_of(events, VehicleWrecked)] == [("wrecked", "wreck", "hurt")]
    wreck = events_of(events, DamageApplied)
    assert [(d.character, d.amount, d.hp_after) for d in wreck] == [("bob", 6, 6)]  # 2D10 = 2 + 4: 6 of 12
    assert conds(eng, "bob") == ("major wound", "prone")  # CON 60: 20 holds


# --- fhtagn script -------------------------------------------------------------------------------


@pytest.mark.rule("COC-PARTY-04", "COC-VEHICLE-05")
def test_wounds_through_fhtagn_script(tmp_path):
    script = tmp_path / "wounds.txt"
    script.write_text("\n".join([
        *PEOPLE,
        "damage harvey 2d6 source=fall roll=4,3,70",
        "damage ada 6 source=poison roll=20",
        "damage ada 5 source=fire",
        "dying ada roll=10",
        "firstaid ghoul ada roll=99",
        "char pool ghoul HP=1 reason=spell roll=30",
    ]) + "\n")
    saves = tmp_path / "saves"
    run = [sys.executable, "-m", "fhtagn_tui", "--saves", str(saves)]
    assert subprocess.run([*run, "new", "w", "--system", "coc7"], capture_output=True, text=True).returncode == 0
    out = subprocess.run([*run, "script", "w", str(script)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    state = json.loads(subprocess.run([*run, "replay", "w", "--json"], capture_output=True, text=True).stdout)
    chars = state["characters"]
    assert (chars["harvey"]["current"]["HP"], chars["harvey"]["conditions"]) == (5, ["major wound", "prone", "unconscious"])
    assert (chars["ada"]["current"]["HP"], chars["ada"]["conditions"]) == (
        0, ["major wound", "prone", "dying", "unconscious"])
    assert chars["ghoul"]["conditions"] == ["major wound", "prone"]
    log = subprocess.run([*run, "log", "w"], capture_output=True, text=True).stdout
    assert "Harvey's major wound: CON roll 70 vs 60 — falls unconscious" in log
    assert "Ada is dying: CON roll 10 vs 50 — holds on" in log
    assert "Ghoul gives Ada First Aid: 99 vs 30 — Ada is still dying" in log


# --- the property: no HP change escapes the rule -------------------------------------------------

SETUP = (
    *PEOPLE,
    'char new Cultist kind=npc STR=55 CON=50 SIZ=60 DEX=50 Luck=60 "Fighting (Brawl)"=40 "Firearms (Handgun)"=40',
    "fight start Crypt", "fight add harvey ada ghoul cultist",
    "chase new Road",
    "chase add Ford role=flee vehicle=car driver=Ada passengers=Harvey",
    "chase add Cultist role=pursue mov=14",
    "chase add Ghoul role=pursue vehicle=motorcycle driver=Ghoul",
    'chase location add hazard=hard "Glass" skill=Dodge damage=deadly at=3',
    'spell add "Wrack" mp=6 san=1d6 time=instant opposed',
)
WHO = ("harvey", "ada", "ghoul", "cultist")
SOURCES = (
    "damage {who} {n} source=fall", "damage {who} 1d{n} source=fire", "damage {who} {n} source=drowning",
    "damage {who} {n} source=poison", "char pool {who} HP={left}",
    "melee cultist {who}", 'shoot cultist {who} weapon=".38 revolver"', "melee ghoul {who}",
    "chase hazard ford", "chase hazard cultist", "chase shoot cultist {who} damage=2d{n}",
    "chase ram ghoul ford occupants=hurt", "chase ram ghoul cultist", "chase crash ford luck", "chase crash ford hurt",
    "chase pedal ford 3 occupants=luck", "chase move ghoul 2", "chase move cultist 2", "chase next", "fight next",
    "dying {who}", "firstaid ada {who}", "firstaid harvey {who}",
    "cast harvey Wrack mp={n}",
)


def _setup_engine(seed: int) -> Engine:
    eng = Engine.memory("coc7", source=RandomSource(seed))
    for line in SETUP:
        eng.execute(line)
    eng.execute("learn harvey Wrack from=entity roll=1")
    eng.execute("chase start hold=Ford")
    return eng


def _check(eng: Engine, events) -> None:
    state = eng.state
    for ev in events:  # no HP change bypasses the rule
        assert not (isinstance(ev, PoolChanged) and ev.pool == "HP" and ev.new < ev.old), ev
    for ev in events_of(events, DamageApplied):
        char = state.characters[ev.character]
        top = pool_max("coc7", char, "HP")
        if ev.amount and top and ev.amount >= top:
            assert char.has("dead"), ev
        elif ev.amount and 2 * ev.amount >= top:
            assert char.has("major wound") or char.has("dead"), ev
    for char in state.characters.values():
        now = char.current["HP"]
        if char.has("dying"):
            assert now == 0 and char.has("major wound") and not char.has("dead") and not char.has("stabilised")
        if now == 0:
            assert any(char.has(c) for c in ("dead", "dying", "unconscious", "stabilised")), char


@pytest.mark.rule("COC-PARTY-04")
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000),
       steps=st.lists(st.tuples(st.sampled_from(SOURCES), st.sampled_from(WHO), st.integers(1, 12), st.integers(0, 12)),
                      min_size=1, max_size=14))
def test_random_damage_from_every_source_obeys_the_wound_rules(seed, steps):
    eng = _setup_engine(seed)
    for template, who, n, left in steps:
        line = template.format(who=who, n=n, left=left)
        try:
            outcome = eng.execute(line)
        except (Rejected, ParseError):
            continue
        _check(eng, outcome.events)
    assert replayed(eng) == eng.state


@pytest.mark.rule("COC-PARTY-04", "COC-COMBAT-08")
def test_worn_armour_comes_off_gm_damage_when_asked_and_bad_amounts_are_refused():
    eng = engine("coc7", *PEOPLE, 'armor harvey "heavy leather jacket"')
    (dmg,) = do(eng, "damage harvey 4 --armor source=knife")
    assert (dmg.amount, dmg.armor, dmg.hp_after) == (3, 1, 9)
    (dmg,) = do(eng, "damage harvey 4")  # armour only when asked
    assert dmg.amount == 4
    assert "0 damage" in rejected(eng, "damage harvey 0")
    assert "AMOUNT is a number or dice" in rejected(eng, "damage harvey lots")
    assert "permanent injury" in rejected(eng, "damage harvey 2 injury=DEX")
