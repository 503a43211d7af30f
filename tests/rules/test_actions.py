"""What a combatant may do now and what a form offers: pure functions of the domain (domain/actions.py).

The app asks these and shows the answer; each is checked here against the
decider it stands for, with forced dice.
"""

from __future__ import annotations

import pytest

from fhtagn_tui.commands.language import parse
from fhtagn_tui.domain import actions
from fhtagn_tui.domain import attack_words as aw
from fhtagn_tui.domain.features.coc_combat import CocMeleeResolved
from fhtagn_tui.domain.features.encounter import Attack
from fhtagn_tui.rules.weapons import find_weapon
from tests.helpers import do, engine, events_of, rejected

ADA = 'char new Ada STR=12 CON=12 DEX=14 Firearms=60 Dodge=40 "Unarmed Combat"=50'
CULTIST = 'char new Cultist kind=npc STR=13 CON=10 DEX=10 "Melee Weapons"=50 Dodge=30'
BOB = 'char new Bob kind=npc STR=10 CON=10 DEX=8 "Melee Weapons"=40 Dodge=30'


def fh_fight():
    return engine("fhtagn", ADA, CULTIST, BOB, "fight start", "fight add ada cultist bob", "fight next")


def weapon(system: str, name: str):
    from fhtagn_tui.domain.state import Armory

    w = find_weapon(system, Armory(), name)
    assert w is not None, name
    return w


# --- FHTAGN: the defence outlook the decider uses ------------------------------------------------------------


@pytest.mark.rule("FH-COMBAT-03")
def test_a_target_who_has_not_acted_may_dodge_at_the_cost_of_its_action():
    eng = fh_fight()  # Ada acts first (DEX 14)
    line = actions.target_outlook(eng.state, "cultist", weapon("fhtagn", "pistol"))
    assert line == "Cultist has not acted: a dodge or fight back now uses their action (FH-COMBAT-03)."
    do(eng, "attack ada cultist weapon=pistol dodge", 50, 20, 4)  # the cultist dodges: its action
    assert eng.state.encounter.combatants["cultist"].acted
    line = actions.target_outlook(eng.state, "bob", weapon("fhtagn", "pistol"))
    assert line.startswith("Bob has not acted")


@pytest.mark.rule("FH-COMBAT-04")
def test_a_defence_taken_opposes_later_close_attacks_by_itself():
    eng = fh_fight()
    do(eng, "attack ada cultist weapon=unarmed dodge", 60, 20)  # the cultist dodges (and wins: Ada's 60 fails)
    knife = weapon("fhtagn", "knife")
    assert actions.target_outlook(eng.state, "cultist", knife) == (
        "Cultist already used dodge: this attack is opposed by it automatically (FH-COMBAT-04).")
    # a ranged attack is not opposed by it: the cultist has acted, so it is unopposed
    assert actions.target_outlook(eng.state, "cultist", weapon("fhtagn", "pistol")) == (
        "Cultist has acted this turn: the attack is unopposed (FH-COMBAT-03).")


@pytest.mark.rule("FH-COMBAT-18")
def test_after_a_savage_attack_no_defence_and_the_due_list_says_so():
    eng = engine("fhtagn", ADA, CULTIST, "fight start", "fight add ada cultist")
    do(eng, "attack cultist ada weapon=knife savage", 25, 1, 29, 2)
    knife = weapon("fhtagn", "knife")
    assert actions.target_outlook(eng.state, "cultist", knife) == (
        "Cultist made a savage attack: no defence this turn (FH-COMBAT-18).")
    assert ("made a savage attack: no defence rolls this turn (FH-COMBAT-18)", "") in actions.due(eng.state, "cultist")
    assert "savage attack" in rejected(eng, "attack ada cultist weapon=knife dodge", 30, 20, 1)  # the decider agrees
    assert not any("savage" in what for what, _ in actions.due(eng.state, "ada"))


@pytest.mark.rule("FH-DMG-06")
def test_a_stunned_or_helpless_target_has_no_defence():
    eng = fh_fight()
    do(eng, "cond add cultist stunned")
    assert actions.target_outlook(eng.state, "cultist", None) == (
        "Cultist is stunned: cannot dodge or fight back (FH-DMG-06).")
    assert "stunned" in rejected(eng, "attack ada cultist weapon=pistol dodge", 50, 20)
    do(eng, "cond add bob unconscious")
    assert actions.target_outlook(eng.state, "bob", None) == "Bob is helpless: no defence."
    assert actions.target_outlook(eng.state, "nobody", None) == ""


# --- what the forms offer -------------------------------------------------------------------------------------


@pytest.mark.rule("FH-COMBAT-03", "GURPS-DICE-03")
@pytest.mark.parametrize(("system", "name", "values"), [
    ("fhtagn", "pistol", ["", "dodge", "none"]),  # fight back only against close attacks
    ("fhtagn", "knife", ["", "dodge", "fight", "none"]),
    ("gurps", "pistol", ["dodge", "none"]),  # bullets cannot be parried or blocked
    ("gurps", "knife", ["dodge", "parry", "block", "none"]),
    ("coc7", "knife", ["dodge", "fight", "maneuver", "none"]),
])
def test_the_defences_offered_follow_the_weapon(system: str, name: str, values: list[str]):
    offered = actions.defence_choices(system, weapon(system, name))
    assert [v for _, v in offered] == values


@pytest.mark.parametrize("system", aw.ALL)
def test_every_defence_offered_is_one_the_parser_reads_and_the_system_takes(system: str):
    for _, value in actions.defence_choices(system, None):
        if not value:
            continue
        cmd = parse(f"attack a b defend={value}").command
        assert isinstance(cmd, Attack) and cmd.defend == value
        assert aw.foreign(cmd.given(), system) == ""


def test_coc_responses_are_the_melee_words():
    assert actions.coc_responses() == [("dodge", "dodge"), ("fight back", "fight back"),
                                       ("counter-maneuver", "maneuver"), ("none", "none")]


@pytest.mark.rule("FH-COMBAT-13", "FH-COMBAT-16", "FH-COMBAT-17", "FH-COMBAT-18")
def test_called_shots_and_specials_fit_the_weapon():
    pistol, smg, knife = weapon("fhtagn", "pistol"), weapon("fhtagn", "smg"), weapon("fhtagn", "knife")
    rifle = weapon("fhtagn", "hunting")
    assert [v for _, v in actions.called_shots(pistol)] == ["", "partly", "mostly", "crowd", "vulnerable"]
    assert [v for _, v in actions.called_shots(knife)] == ["", "partly", "mostly", "vulnerable"]  # crowd: ranged
    assert [v for _, v in actions.special_attacks(rifle)] == ["", "stun", "flesh"]  # not a repeating gun
    assert [v for _, v in actions.special_attacks(smg)] == ["", "rapid", "mow", "stun", "flesh"]
    assert [v for _, v in actions.special_attacks(knife)] == ["", "assault", "savage", "stun", "flesh"]
    assert ("partly (-20)", "partly") in actions.called_shots(pistol)


# --- Call of Cthulhu: outnumbered as the decider counts it ---------------------------------------------------

C_ADA = 'char new Ada STR=50 CON=50 SIZ=50 DEX=60 POW=50 Luck=40 "Fighting (Brawl)"=40 Dodge=30'
C_CULTIST = 'char new Cultist kind=npc STR=55 CON=50 SIZ=60 DEX=50 Luck=60 "Fighting (Brawl)"=40 Dodge=25'
C_GHOUL = 'char new Ghoul kind=monster STR=80 CON=65 SIZ=65 DEX=65 "Fighting (Brawl)"=40 Dodge=32'


@pytest.mark.rule("COC-COMBAT-01")
def test_outnumbered_counts_the_creatures_own_attacks_per_round():
    """A ghoul with two claw attacks a round is outnumbered only after its second defence (the app once said after one)."""
    eng = engine("coc7", C_ADA, C_CULTIST, C_GHOUL,
                 'char attack add ghoul Claw skill="Fighting (Brawl)" damage=1d6+DB kind=melee apr=2',
                 "fight start", "fight add ada cultist ghoul")
    do(eng, "melee ada ghoul response=dodge", 90, 90)  # both fail: one defence
    assert not any("outnumbered" in what for what, _ in actions.due(eng.state, "ghoul"))
    (m,) = events_of(do(eng, "melee cultist ghoul response=dodge", 90, 90), CocMeleeResolved)
    assert isinstance(m, CocMeleeResolved) and not m.outnumbered and m.bonus == 0  # the decider agrees
    assert ("outnumbered: 2 defences this round — attacks on them get a bonus die (COC-COMBAT-01)", "") in \
        actions.due(eng.state, "ghoul")
    assert actions.target_outlook(eng.state, "ghoul", None) == (
        "Ghoul has defended 2× this round (responses cost no action, COC-MELEE-04).")
    (m,) = events_of(do(eng, "melee ada ghoul response=dodge", 0, 90, 80, 90), CocMeleeResolved)
    assert isinstance(m, CocMeleeResolved) and m.outnumbered and m.bonus == 1


@pytest.mark.rule("COC-FIREARM-06")
def test_an_aim_is_due_next_round():
    eng = engine("coc7", 'char new Harvey DEX=70 "Firearms (Handgun)"=50 Dodge=40', C_CULTIST,
                 "fight start", "fight add harvey cultist", "fight next")
    do(eng, "take aim harvey")
    assert any(what.startswith("aimed in round 1: a bonus die next round") for what, _ in actions.due(eng.state, "harvey"))


@pytest.mark.rule("COC-FIREARM-08")
def test_rounds_loaded_counts_the_shots_fired():
    eng = engine("coc7", 'char new Harvey DEX=70 "Firearms (Handgun)"=50 Dodge=40', C_CULTIST)
    revolver = weapon("coc7", ".38 revolver")
    assert actions.rounds_loaded(eng.state, "harvey", revolver) == revolver.magazine == 6  # never fired: full
    do(eng, 'shoot harvey cultist weapon=".38 revolver" range=10', 95)  # a miss
    assert actions.rounds_loaded(eng.state, "harvey", revolver) == 5



@pytest.mark.rule("FH-COMBAT-03")
def test_an_agent_who_has_not_acted_chooses_a_defence_and_the_keeper_chooses_for_npcs():
    eng = engine("fhtagn", "char new Ada STR=12 CON=12 DEX=10 Dodge=40", "char new Cultist kind=npc STR=13 CON=10 DEX=16",
                 "fight start", "fight add ada cultist", "fight next")
    assert actions.defender_may_choose(eng.state, "ada", None)  # a player's agent, not yet acted
    assert not actions.defender_may_choose(eng.state, "cultist", None)  # the Keeper's own: the Keeper's key
    do(eng, "attack cultist ada defend=dodge", 80, 10)  # her dodge spends her turn
    assert not actions.defender_may_choose(eng.state, "ada", None)  # later attacks: the rules' defence (FH-COMBAT-04)


@pytest.mark.rule("COC-MELEE-04")
def test_coc_an_investigator_chooses_against_fighting_not_against_a_gun():
    eng = engine("coc7", "char new Ada STR=50 CON=60 SIZ=55 DEX=70 POW=60")
    pistol = find_weapon("coc7", eng.state.armory, ".38 revolver")
    assert pistol is not None and not pistol.close_combat
    assert actions.defender_may_choose(eng.state, "ada", None)  # unarmed / Fighting: the target chooses
    assert not actions.defender_may_choose(eng.state, "ada", pistol)  # no response to a gunshot
