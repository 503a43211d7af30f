"""FHTAGN combat through the Engine with forced dice (catalogue FH-COMBAT, FH-DICE-05…07)."""

from __future__ import annotations

import pytest

from fhtagn_tui.domain.features.campaign import ConditionAdded, ConditionRemoved
from fhtagn_tui.domain.features.encounter import DamageApplied
from fhtagn_tui.domain.features.fh_combat import AttackResolved, CombatActionTaken, GrappleResolved
from fhtagn_tui.rules.dice import Dice
from fhtagn_tui.rules.fhtagn import combat as rules
from fhtagn_tui.rules.fhtagn.dice import judge, lethality_roll, opposed
from tests.helpers import do, engine, events_of, rejected, replayed

ADA = 'char new Ada STR=12 CON=12 DEX=14 Firearms=60 Dodge=40 "Unarmed Combat"=50'
CULTIST = 'char new Cultist kind=npc STR=13 CON=10 DEX=10 "Melee Weapons"=50 Dodge=30'


def fh(*more: str):
    return engine("fhtagn", ADA, CULTIST, *more)


def hp(eng, name: str) -> int:
    return eng.state.character(name).current["HP"]


def attack(events) -> list[AttackResolved]:
    return events_of(events, AttackResolved)  # type: ignore[return-value]


# --- FH-DICE-05/06/07 -------------------------------------------------------------


@pytest.mark.rule("FH-DICE-06")
@pytest.mark.parametrize(
    ("a_roll", "a_target", "d_roll", "d_target", "winner"),
    [
        (45, 50, 30, 40, "attacker"),  # both succeed: higher roll wins
        (30, 50, 30, 40, "defender"),  # identical rolls at the same rank: defender
        (44, 50, 39, 40, "attacker"),  # critical (double) beats success
        (45, 50, 33, 40, "defender"),  # defender's critical beats a success
        (1, 50, 11, 40, "defender"),  # both critical: the higher roll (11) wins
        (60, 50, 50, 40, None),  # both fail: status quo
        (100, 50, 55, 40, None),  # fumble and failure rank alike (0)
        (51, 50, 40, 40, "defender"),  # success beats failure
    ],
)
def test_opposed_ranks_and_ties(a_roll, a_target, d_roll, d_target, winner):
    assert opposed(judge(a_roll, a_target), judge(d_roll, d_target)) == winner


@pytest.mark.rule("FH-DICE-07")
@pytest.mark.parametrize(
    ("roll", "rating", "critical", "killed", "damage", "effective"),
    [
        (12, 12, False, True, 0, 12),
        (13, 12, False, False, 4, 12),
        (47, 10, False, False, 11, 10),
        (70, 10, False, False, 17, 10),  # 0 counts 10
        (5, 4, False, False, 15, 4),  # 05 → 10 + 5
        (100, 30, False, False, 20, 30),  # 100 → 10 + 10
        (20, 12, True, True, 0, 24),  # a critical doubles L
        (25, 12, True, False, 7, 24),
    ],
)
def test_lethality_roll(roll, rating, critical, killed, damage, effective):
    dice = Dice.forced(roll)
    let = lethality_roll(dice, "lethality", rating, critical)
    assert (let.killed, let.damage, let.rating) == (killed, damage, effective)
    assert [(r.die, r.value) for r in dice.drawn] == [("d100", roll)]


@pytest.mark.rule("FH-DICE-05", "FH-COMBAT-10", "FH-COMBAT-12")
def test_aim_and_mostly_covered_sum_to_minus_20():
    eng = fh()
    (act, cond) = do(eng, "aim ada cultist")
    assert isinstance(act, CombatActionTaken) and isinstance(cond, ConditionAdded)
    assert eng.state.character("ada").has("aiming")
    events = do(eng, "attack ada cultist weapon=pistol mostly", 40, 5)
    (a,) = attack(events)
    assert (a.modifier, a.attack_target, a.attack_level, a.damage) == (-20, 40, "success", 5)
    assert not eng.state.character("ada").has("aiming")  # the bonus is spent
    assert {"FH-DICE-05", "FH-COMBAT-10", "FH-COMBAT-12"} <= set(a.rules)


@pytest.mark.rule("FH-DICE-05", "FH-DMG-08", "FH-COMBAT-14")
def test_exhaustion_and_vulnerable_spot_cap_at_minus_40():
    eng = fh("cond add ada exhausted")
    (a,) = attack(do(eng, "attack ada cultist weapon=pistol vulnerable", 21))
    assert (a.modifier, a.attack_target, a.hit) == (-40, 20, False)
    events = do(eng, "attack ada cultist weapon=pistol vulnerable", 20, 3)
    (a,) = attack(events)
    assert a.attack_level == "critical" and a.damage == 6  # any success is a critical: double damage
    assert hp(eng, "cultist") == 6


@pytest.mark.rule("FH-DICE-01", "FH-DICE-02", "FH-DICE-03")
def test_skill_over_99_clamps_and_doubles_still_judge():
    eng = fh()
    (a,) = attack(do(eng, "attack ada cultist weapon=pistol skill=120", 99, 1))
    assert (a.attack_target, a.attack_level, a.damage) == (99, "critical", 2)
    (a,) = attack(do(eng, "attack ada cultist weapon=pistol skill=120", 100))
    assert (a.attack_level, a.hit) == ("fumble", False)
    (a,) = attack(do(eng, "attack ada cultist weapon=pistol skill=3", 1, 1))
    assert (a.attack_target, a.attack_level, a.damage) == (3, "critical", 2)
    (a,) = attack(do(eng, "attack ada cultist weapon=pistol skill=3", 4))
    assert (a.attack_level, a.hit) == ("failure", False)


# --- FH-COMBAT-05/06, FH-PARTY-06 ----------------------------------------------------


@pytest.mark.rule("FH-COMBAT-05", "FH-COMBAT-06")
def test_unopposed_attack_hits_on_success_only():
    eng = fh()
    events = do(eng, "attack ada cultist weapon=pistol", 34, 5)
    (a,) = attack(events)
    (dmg,) = events_of(events, DamageApplied)
    assert a.hit and a.defence == "" and a.damage == 5
    assert (dmg.hp_before, dmg.hp_after) == (12, 7)
    assert [r.value for r in a.dice] == [34, 5]
    (a,) = attack(do(eng, "attack ada cultist weapon=pistol", 61))
    assert not a.hit and hp(eng, "cultist") == 7
    assert replayed(eng) == eng.state


@pytest.mark.rule("FH-COMBAT-05", "FH-COMBAT-06", "FH-PARTY-06", "FH-DICE-06")
@pytest.mark.parametrize(
    ("dice", "hit", "winner", "ada_hp"),
    [
        ((45, 30, 3), True, "attacker", 8),  # 3 + DB 1 (STR 13)
        ((30, 30), False, "defender", 12),  # same roll, same rank: the defender
        ((60, 50), False, "", 12),  # both fail
        ((44, 39, 2), True, "attacker", 6),  # critical: (2 + 1) × 2
        ((45, 33), False, "defender", 12),
    ],
)
def test_opposed_knife_attack(dice, hit, winner, ada_hp):
    eng = fh()
    (a,) = attack(do(eng, "attack cultist ada weapon=knife defend=dodge", *dice))
    assert (a.hit, a.winner, a.defence, a.defence_target) == (hit, winner, "dodge", 40)
    assert hp(eng, "ada") == ada_hp


@pytest.mark.rule("FH-COMBAT-05")
def test_fighting_back_only_negates():
    eng = fh()
    events = do(eng, "attack cultist ada weapon=knife fight", 20, 40)
    (a,) = attack(events)
    assert (a.hit, a.winner, a.defence, a.defence_target) == (False, "defender", "fight", 50)
    assert not events_of(events, DamageApplied)
    assert hp(eng, "cultist") == 12 and hp(eng, "ada") == 12


@pytest.mark.rule("FH-COMBAT-06", "FH-PARTY-06")
def test_damage_bonus_cannot_take_damage_below_zero():
    eng = fh("char new Weakling kind=npc STR=4")
    events = do(eng, "attack weakling ada", 30, 3)  # unarmed 1d4−1 = 2, DB −2
    (a,) = attack(events)
    assert a.weapon == "unarmed" and a.damage == 0
    assert hp(eng, "ada") == 12


@pytest.mark.rule("FH-PARTY-06", "FH-DICE-07", "FH-DMG-03", "FH-DMG-02")
def test_str_21_attacks_by_lethality():
    eng = fh("char new Brute kind=npc STR=24 CON=20 DEX=8")
    events = do(eng, "attack brute ada", 30, 47, 30)  # unarmed, L = 12 %: 47 → 4 + 7 = 11
    (a,) = attack(events)
    assert (a.lethality, a.killed, a.damage) == (12, False, 11)
    assert hp(eng, "ada") == 1
    ada = eng.state.character("ada")
    assert ada.has("unconscious") and ada.has("stunned")
    eng2 = fh("char new Brute kind=npc STR=24 CON=20 DEX=8")
    (a,) = attack(do(eng2, "attack brute ada", 33, 24))  # critical doubles L to 24
    assert (a.lethality, a.killed) == (24, True)
    assert hp(eng2, "ada") == 0 and eng2.state.character("ada").has("dead")


# --- defences (FH-COMBAT-03/04) in an encounter ------------------------------------------


def fight(*more: str):
    eng = fh(*more)
    do(eng, "fight start")
    do(eng, "fight add ada cultist" + ("".join(" " + m.split()[2] for m in more if m.startswith("char new"))))
    do(eng, "fight next")
    return eng


@pytest.mark.rule("FH-COMBAT-03")
def test_dodge_before_the_dex_slot_uses_the_action():
    eng = fight()
    assert eng.state.encounter.current == "ada"
    (a,) = attack(do(eng, "attack ada cultist weapon=pistol defend=dodge", 50, 20, 4))
    assert a.hit and a.defence_costs_action
    cult = eng.state.encounter.get("cultist")
    assert cult.acted and cult.defence == "dodge"
    events = do(eng, "fight next")  # the cultist's slot is gone: a new round
    assert [type(e).__name__ for e in events] == ["RoundEnded", "RoundStarted", "TurnAdvanced"]
    assert eng.state.encounter.round == 2 and eng.state.encounter.get("cultist").defence == ""


@pytest.mark.rule("FH-COMBAT-03")
def test_no_dodge_after_acting_and_no_fighting_back_against_shots():
    eng = fight()
    do(eng, "move ada jog")
    do(eng, "fight next")
    assert "already acted" in rejected(eng, "attack cultist ada weapon=knife defend=dodge", 45, 30, 3)
    (a,) = attack(do(eng, "attack cultist ada weapon=knife", 45, 3))  # unopposed
    assert a.hit and hp(eng, "ada") == 8
    eng2 = fh()
    assert "melee and unarmed" in rejected(eng2, "attack ada cultist weapon=pistol defend=fight", 30, 20)


@pytest.mark.rule("FH-COMBAT-03")
def test_dodging_a_shot_is_diving_for_cover():
    eng = fh()
    (a,) = attack(do(eng, "attack ada cultist weapon=pistol dodge", 20, 25))
    assert (a.hit, a.winner) == (False, "defender")


@pytest.mark.rule("FH-COMBAT-04")
def test_later_close_attacks_are_opposed_automatically():
    eng = fight('char new Thug kind=npc STR=10 DEX=9 "Melee Weapons"=50')
    do(eng, "attack cultist ada weapon=knife defend=dodge", 45, 30, 3)
    ada = eng.state.encounter.get("ada")
    assert ada.defence == "dodge" and ada.acted
    assert "opposed by dodge" in rejected(eng, "attack thug ada weapon=knife defend=fight", 40, 35, 2)
    (a,) = attack(do(eng, "attack thug ada weapon=knife", 40, 35, 2))
    assert (a.defence, a.defence_costs_action, a.hit, a.damage) == ("dodge", False, True, 2)
    assert "FH-COMBAT-04" in a.rules
    assert hp(eng, "ada") == 12 - 4 - 2


# --- called shots and special attacks ----------------------------------------------------


@pytest.mark.rule("FH-COMBAT-11", "FH-COMBAT-24")
def test_partly_covered_and_armour_gap():
    eng = fh("armor cultist 3 item=vest")
    (a,) = attack(do(eng, "attack ada cultist weapon=pistol partly", 30, 6))
    (d,) = events_of(do(eng, "attack ada cultist weapon=pistol partly gap", 30, 6), DamageApplied)
    assert a.attack_target == 40
    assert (d.amount, d.armor) == (6, 0)  # aimed around the armour
    assert hp(eng, "cultist") == 12 - 3 - 6


@pytest.mark.rule("FH-COMBAT-24")
def test_armour_reduces_each_hit_never_below_zero():
    eng = fh("armor cultist 8")
    (d,) = events_of(do(eng, "attack ada cultist weapon=pistol", 30, 6), DamageApplied)
    assert (d.amount, d.armor, d.hp_after) == (0, 6, 12)
    assert rules.armor_reduce(5, 3) == 2
    assert "0 (none) to 99" in rejected(eng, "armor ada 120")


@pytest.mark.rule("FH-COMBAT-13")
def test_crowd_shot_that_fails_hits_a_random_other():
    eng = fh("char new Bob", "char new Carl")
    events = do(eng, "attack ada cultist weapon=pistol crowd=bob,carl", 70, 2, 4)
    (a,) = attack(events)
    assert (a.attack_target, a.hit, a.victim, a.damage) == (40, True, "carl", 4)
    assert hp(eng, "carl") == 6 and hp(eng, "cultist") == 12
    assert [(r.die, r.value) for r in a.dice] == [("d100", 70), ("d2", 2), ("d10", 4)]
    (a,) = attack(do(eng, "attack ada cultist weapon=pistol crowd", 30, 4))
    assert a.victim == "cultist"


@pytest.mark.rule("FH-COMBAT-15")
def test_assault_is_close_combat_at_minus_20():
    eng = fh()
    (a,) = attack(do(eng, "attack cultist ada weapon=knife assault", 30, 1))
    assert (a.attack_target, a.damage) == (30, 2)
    assert "close-combat" in rejected(eng, "attack ada cultist weapon=pistol assault", 30, 1)


@pytest.mark.rule("FH-COMBAT-16")
def test_rapid_fire_two_rolls_and_random_target():
    eng = fh("char new Bob")
    events = do(eng, "attack ada cultist weapon=pistol rapid", 30, 2, 50)
    rolls = attack(events)
    assert [(a.part, a.attack_target, a.hit) for a in rolls] == [(1, 40, True), (2, 40, False)]
    assert hp(eng, "cultist") == 10
    rolls = attack(do(eng, "attack ada cultist weapon=pistol rapid alt=bob", 1, 30, 2, 2, 30, 3))
    assert [a.victim for a in rolls] == ["cultist", "bob"]
    assert hp(eng, "bob") == 7
    assert "impossible with hunting rifle" in rejected(eng, "attack ada cultist weapon=hunting rapid", 30, 2, 50)


@pytest.mark.rule("FH-COMBAT-17")
def test_mowing_fire_by_rounds():
    eng = fh()
    (a,) = attack(do(eng, "attack ada cultist weapon=smg mow=3", 41))
    assert (a.attack_target, a.rounds, a.hit) == (40, 3, False)
    (a,) = attack(do(eng, "attack ada cultist weapon=smg mow=5", 20, 1))
    assert (a.attack_target, a.rounds, a.damage) == (20, 5, 1)
    assert "3 or more rounds" in rejected(eng, "attack ada cultist weapon=smg mow=2", 20, 1)
    assert "impossible with hunting rifle" in rejected(eng, "attack ada cultist weapon=hunting mow=3", 20, 1)
    assert rules.mowing_modifier(4) == -20


@pytest.mark.rule("FH-COMBAT-18")
def test_savage_attack_two_rolls_and_no_defence_after():
    eng = fight()
    rolls = attack(do(eng, "attack cultist ada weapon=knife savage", 25, 1, 29, 2))
    assert [(a.attack_target, a.damage) for a in rolls] == [(30, 2), (30, 3)]
    assert hp(eng, "ada") == 7
    assert "savage attack" in rejected(eng, "attack ada cultist weapon=knife dodge", 30, 20, 1)
    assert "close-combat" in rejected(eng, "attack ada cultist weapon=pistol savage", 30, 1, 30, 1)


@pytest.mark.rule("FH-COMBAT-19")
def test_stun_attack_stuns_without_damage():
    eng = fh()
    events = do(eng, "attack ada cultist weapon=pistol stun", 30)
    (a,) = attack(events)
    assert a.hit and a.damage == 0 and not events_of(events, DamageApplied)
    assert eng.state.character("cultist").has("stunned") and hp(eng, "cultist") == 12


@pytest.mark.rule("FH-COMBAT-20")
def test_flesh_wound_halves_before_armour():
    eng = fh("armor cultist 1")
    (d,) = events_of(do(eng, "attack ada cultist weapon=pistol flesh", 15, 7), DamageApplied)
    assert (d.amount, d.armor) == (3, 1)  # ceil(7 / 2) = 4, less 1
    assert "lethality" in rejected(eng, "attack ada cultist weapon=machine flesh skill=50", 15, 7)
    assert "one special attack" in rejected(eng, "attack ada cultist weapon=pistol flesh stun", 15, 7)


@pytest.mark.rule("FH-COMBAT-21")
def test_disarm_counts_as_defence():
    eng = fight()
    (g,) = do(eng, "disarm ada cultist", 40, 30)
    assert isinstance(g, GrappleResolved) and g.success and g.opponent_target == 50
    assert eng.state.encounter.get("ada").defence == "disarm"
    (a,) = attack(do(eng, "attack cultist ada weapon=knife", 45, 46))  # opposed automatically (fight)
    assert (a.defence, a.hit, a.winner) == ("fight", False, "defender")


@pytest.mark.rule("FH-COMBAT-22")
def test_pin_gives_plus_20():
    eng = fh()
    events = do(eng, "pin ada cultist", 40, 30)
    assert isinstance(events[1], ConditionAdded) and events[1].condition == "pinned"
    (a,) = attack(do(eng, "attack ada cultist weapon=pistol", 75, 1))
    assert (a.attack_target, a.hit) == (80, True)
    assert "already pinned" in rejected(eng, "pin ada cultist", 40, 30)


@pytest.mark.rule("FH-COMBAT-23")
def test_escape_with_the_better_of_str_and_unarmed():
    eng = fh("pin ada cultist roll=40,30")
    events = do(eng, "escape cultist ada", 50, 40)
    g = events[0]
    assert isinstance(g, GrappleResolved)
    assert (g.actor_skill, g.actor_target, g.opponent_skill, g.opponent_target) == ("STR×5", 65, "STR×5", 60)
    assert isinstance(events[1], ConditionRemoved) and not eng.state.character("cultist").has("pinned")
    assert "not pinned" in rejected(eng, "escape cultist ada", 50, 40)


@pytest.mark.rule("FH-COMBAT-07")
def test_move_paces():
    eng = fight()
    (ev,) = do(eng, "move ada sprint")
    assert ev.detail == "30 m (sprint)" and eng.state.encounter.get("ada").acted
    eng2 = fight()
    do(eng2, "move ada step")
    assert not eng2.state.encounter.get("ada").acted  # 3 m and another action
    assert "did you mean 'run'" in rejected(eng2, "move ada rnu")


@pytest.mark.rule("FH-COMBAT-09")
def test_anything_else_puts_out_a_fire():
    eng = fh("cond add ada burning")
    events = do(eng, "action ada put out fire")
    assert [type(e).__name__ for e in events] == ["CombatActionTaken", "ConditionRemoved"]
    assert not eng.state.character("ada").has("burning")


@pytest.mark.rule("FH-COMBAT-10")
def test_damage_loses_the_aim():
    eng = fh("aim ada")
    events = do(eng, "damage ada 1")
    assert any(isinstance(e, ConditionRemoved) and e.condition == "aiming" for e in events)
    (a,) = attack(do(eng, "attack ada cultist weapon=pistol", 61))
    assert a.attack_target == 60


@pytest.mark.rule("FH-COMBAT-01")
def test_one_action_per_turn():
    eng = fight()
    do(eng, "attack ada cultist weapon=pistol", 70)
    assert "already acted" in rejected(eng, "attack ada cultist weapon=pistol", 30, 1)
    assert "already acted" in rejected(eng, "aim ada")


def test_refusals_name_the_fix():
    eng = fh()
    assert "did you mean 'pistol'" in rejected(eng, "attack ada cultist weapon=pistl", 30, 1)
    assert "did you mean 'Cultist'" in rejected(eng, "attack ada cultst weapon=pistol", 30, 1)
    assert "one called shot" in rejected(eng, "attack ada cultist weapon=pistol partly mostly", 30, 1)
    assert "cannot show 101" in rejected(eng, "attack ada cultist weapon=pistol", 101, 1)
    assert "themselves" in rejected(eng, "attack ada ada", 30, 1)
    assert "unknown option" in rejected(eng, "attack ada cultist weapon=pistol colled=partly", 30, 1)


def test_three_round_fhtagn_fight_end_to_end():
    eng = fh("fight start Farmhouse", "fight add ada cultist")
    script = [
        ("fight next", ()),  # round 1: Ada (DEX 14)
        ("attack ada cultist weapon=pistol", (34, 5)),  # cultist 12 → 7
        ("fight next", ()),
        ("attack cultist ada weapon=knife", (45, 3)),  # Ada has acted: unopposed; 3 + 1 → 8
        ("fight next", ()),  # round 2
        ("aim ada cultist", ()),
        ("fight next", ()),
        ("attack cultist ada weapon=knife savage", (25, 1, 60)),  # 2 damage, then a miss; the aim is lost
        ("fight next", ()),  # round 3
        ("attack ada cultist weapon=pistol", (20, 6, 83)),  # no aim bonus; 7 → 1: stunned, out, CON×5 fails
        ("fight next", ()),  # the unconscious cultist is skipped: round 4
        ("coup ada cultist", ()),
        ("fight end", ()),
    ]
    for line, dice in script:
        do(eng, line, *dice)
    cult = eng.state.character("cultist")
    assert cult.current["HP"] == 0 and cult.has("dead") and cult.has("unconscious")
    assert hp(eng, "ada") == 6 and not eng.state.character("ada").has("aiming")
    assert eng.state.armory.injuries == {"cultist": 3}
    assert eng.state.encounter is None
    last_attack = attack(eng.sink.events)[-1]
    assert last_attack.attack_target == 60 and last_attack.damage == 6
    assert eng.sink.events[-1].rounds == 4
    assert replayed(eng) == eng.state


@pytest.mark.rule("FH-COMBAT-03", "FH-COMBAT-04")
def test_a_dodge_used_up_does_not_cover_a_later_shot():
    eng2 = fight('char new Gunman kind=npc DEX=9 Firearms=50')
    do(eng2, "attack cultist ada weapon=knife dodge", 45, 30, 3)
    assert "already acted" in rejected(eng2, "attack gunman ada weapon=pistol dodge", 30, 20, 1)
    (a,) = attack(do(eng2, "attack gunman ada weapon=pistol", 30, 1))  # a shot is not opposed automatically
    assert a.defence == "" and a.hit
    assert rules.defence_problem("dodge", True, acted=False) is None
