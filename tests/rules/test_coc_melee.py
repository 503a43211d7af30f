"""CoC 7e melee rules (COC-MELEE-01 … 13) with forced dice."""

from __future__ import annotations

import pytest

from fhtagn_tui.rules.coc import melee as m
from fhtagn_tui.rules.coc.dice import Level, level_of, may_push, skill_roll
from fhtagn_tui.rules.dice import Dice

L = Level
KNIFE = m.MeleeWeapon("knife", "1D4", impaling=True)
CLUB = m.MeleeWeapon("club", "1D8")


def faces(dice: Dice) -> list[tuple[str, str, int]]:
    return [(r.purpose, r.die, r.value) for r in dice.drawn]


# --- order, surprise, actions, responses -------------------------------------------------


@pytest.mark.rule("COC-MELEE-01", "COC-FIREARM-02")
def test_order_by_dex_readied_firearm_and_spell_at_dex_plus_50():
    order = m.order_of_attack(
        [
            m.Initiative("ada", 60),
            m.Initiative("bob", 70),
            m.Initiative("cy", 40, readied_firearm=True),  # 90
            m.Initiative("dee", 30, instant_spell=True),  # 80
            m.Initiative("eve", 35, readied_firearm=True, instant_spell=True),  # 85, not 135
        ]
    )
    assert order == ["cy", "eve", "dee", "bob", "ada"]


@pytest.mark.rule("COC-MELEE-01")
def test_order_ties_skill_then_pc_then_entry():
    order = m.order_of_attack(
        [
            m.Initiative("npc1", 50, skill=40, entry=1),
            m.Initiative("pc2", 50, skill=40, is_pc=True, entry=4),
            m.Initiative("pc1", 50, skill=40, is_pc=True, entry=2),
            m.Initiative("skilled", 50, skill=70, entry=3),
        ]
    )
    assert order == ["skilled", "pc1", "pc2", "npc1"]


@pytest.mark.rule("COC-MELEE-02")
def test_surprise_effects():
    assert m.surprise(noticed=True, keeper_auto_hit=True) == m.Surprise(True, False, 0)
    assert m.surprise(noticed=False, keeper_auto_hit=True) == m.Surprise(False, True, 0)
    assert m.surprise(noticed=False) == m.Surprise(False, False, 1)
    # firearm and thrown surprise attacks always roll: the bonus die instead
    assert m.surprise(noticed=False, keeper_auto_hit=True, ranged=True) == m.Surprise(False, False, 1)


@pytest.mark.rule("COC-MELEE-02", "COC-MELEE-08")
def test_surprise_auto_hit_rolls_only_damage():
    dice = Dice.forced(2, 3)
    res = m.resolve_melee(dice, m.Fighter(40, "+1D4"), m.Fighter(50), "none", auto_hit=True)
    assert res.attack is None and res.winner == "attacker" and not res.extreme
    assert res.damage == m.DamageRoll(total=5, weapon=2, bonus=3)
    assert faces(dice) == [("damage", "d3", 2), ("damage bonus", "d4", 3)]
    assert "COC-MELEE-02" in res.rules


@pytest.mark.rule("COC-MELEE-03")
def test_attacks_per_round():
    assert m.attacks_allowed() == 1
    assert m.attacks_allowed(0) == 1
    assert m.attacks_allowed(3) == 3


@pytest.mark.rule("COC-MELEE-04")
def test_responses_to_an_attack():
    assert m.allowed_responses("damage") == ("dodge", "fight back", "maneuver", "none")
    assert m.allowed_responses("maneuver") == ("dodge", "fight back", "maneuver", "none")
    with pytest.raises(ValueError):
        m.allowed_responses("hug")  # type: ignore[arg-type]


# --- fight back and dodge ---------------------------------------------------------------

SUCCESSES = [L.REGULAR, L.HARD, L.EXTREME, L.CRITICAL]


@pytest.mark.rule("COC-MELEE-05")
@pytest.mark.parametrize("level", SUCCESSES)
def test_fight_back_draw_goes_to_attacker_at_every_level(level: Level):
    assert m.fight_back(level, level) == "attacker"


@pytest.mark.rule("COC-MELEE-06")
@pytest.mark.parametrize("level", SUCCESSES)
def test_dodge_draw_goes_to_dodger_at_every_level(level: Level):
    assert m.dodge(level, level) == "defender"


@pytest.mark.rule("COC-MELEE-05")
@pytest.mark.parametrize(
    ("att", "dfn", "winner"),
    [
        (L.HARD, L.REGULAR, "attacker"),
        (L.REGULAR, L.HARD, "defender"),
        (L.EXTREME, L.CRITICAL, "defender"),
        (L.REGULAR, L.FAILURE, "attacker"),
        (L.FAILURE, L.REGULAR, "defender"),
        (L.FUMBLE, L.REGULAR, "defender"),
        (L.FAILURE, L.FUMBLE, "none"),
        (L.FUMBLE, L.FAILURE, "none"),
        (L.FAILURE, L.FAILURE, "none"),
    ],
)
def test_fight_back_outcomes(att: Level, dfn: Level, winner: str):
    assert m.fight_back(att, dfn) == winner


@pytest.mark.rule("COC-MELEE-06")
@pytest.mark.parametrize(
    ("att", "dfn", "winner"),
    [
        (L.HARD, L.REGULAR, "attacker"),
        (L.CRITICAL, L.EXTREME, "attacker"),
        (L.REGULAR, L.HARD, "defender"),
        (L.REGULAR, L.FAILURE, "attacker"),
        (L.REGULAR, L.FUMBLE, "attacker"),
        (L.FAILURE, L.REGULAR, "defender"),
        (L.FAILURE, L.FAILURE, "none"),
        (L.FUMBLE, L.FUMBLE, "none"),
    ],
)
def test_dodge_outcomes(att: Level, dfn: Level, winner: str):
    assert m.dodge(att, dfn) == winner


@pytest.mark.rule("COC-MELEE-05", "COC-MELEE-06")
def test_same_rolls_fight_back_vs_dodge_resolve_differently():
    # both roll Hard (25 vs 50 skill; 28 vs 60 skill)
    fb = m.resolve_melee(Dice.forced(25, 28, 3), m.Fighter(50), m.Fighter(60), "fight back")
    assert (fb.attack.level, fb.defence.level, fb.winner) == (L.HARD, L.HARD, "attacker")
    assert fb.damage is not None and fb.damage.total == 3
    dg = m.resolve_melee(Dice.forced(25, 28), m.Fighter(50), m.Fighter(60), "dodge")
    assert (dg.winner, dg.damage) == ("defender", None)


@pytest.mark.rule("COC-MELEE-05", "COC-MELEE-11")
def test_defender_fighting_back_deals_normal_damage_even_on_extreme():
    dice = Dice.forced(30, 10, 7, 1)  # attack 30 regular (50); defence 10 extreme (60)
    res = m.resolve_melee(dice, m.Fighter(50), m.Fighter(60, "+1D4", CLUB), "fight back")
    assert res.defence.level == L.EXTREME and res.winner == "defender"
    assert not res.extreme
    assert res.damage == m.DamageRoll(total=8, weapon=7, bonus=1)
    assert "COC-MELEE-09" not in res.rules


@pytest.mark.rule("COC-MELEE-05")
def test_both_fail_nothing_happens():
    dice = Dice.forced(80, 97)  # 97 fumbles for skill 40
    res = m.resolve_melee(dice, m.Fighter(50), m.Fighter(40), "fight back")
    assert res.defence.level == L.FUMBLE and res.winner == "none" and res.damage is None
    assert len(dice.drawn) == 2


@pytest.mark.rule("COC-MELEE-07")
def test_no_response_is_an_unopposed_regular_roll():
    assert m.unopposed(L.REGULAR) == "attacker"
    assert m.unopposed(L.FAILURE) == "none"
    assert m.unopposed(L.FUMBLE) == "none"
    res = m.resolve_melee(Dice.forced(45, 6), m.Fighter(50, "0", CLUB), m.Fighter(0), "none")
    assert res.defence is None and res.winner == "attacker" and res.damage.total == 6 and not res.extreme


@pytest.mark.rule("COC-MELEE-07", "COC-MELEE-10")
def test_no_response_extreme_gives_extreme_damage():
    dice = Dice.forced(12, 3)  # 12 ≤ 60/5: extreme; then the impale roll
    res = m.resolve_melee(dice, m.Fighter(60, "+1D4", KNIFE), m.Fighter(0), "none")
    assert res.extreme and res.damage == m.DamageRoll(11, 4, 4, extra=3, extreme=True, impaled=True)
    assert faces(dice) == [("Fighting", "d100", 12), ("impale", "d4", 3)]


# --- damage ------------------------------------------------------------------------------


@pytest.mark.rule("COC-MELEE-08")
def test_unarmed_damage_with_negative_db_never_below_zero():
    dice = Dice.forced(1)
    assert m.damage_roll(dice, m.UNARMED_DAMAGE, "-2") == m.DamageRoll(total=0, weapon=1, bonus=-2)
    assert m.damage_roll(Dice.forced(3), "1D3", "-1") == m.DamageRoll(total=2, weapon=3, bonus=-1)


@pytest.mark.rule("COC-MELEE-08", "COC-COMBAT-06")
def test_half_db_and_no_db():
    assert m.damage_roll(Dice.forced(3, 5), "1D4", "+1D6", "half") == m.DamageRoll(5, 3, 2)
    assert m.damage_roll(Dice.forced(3, 1), "1D4", "+1D4", "half") == m.DamageRoll(3, 3, 0)
    dice = Dice.forced(9)
    assert m.damage_roll(dice, "1D10", "+2D6", "none") == m.DamageRoll(9, 9, 0)
    assert len(dice.drawn) == 1  # no damage-bonus dice drawn for a gun


@pytest.mark.rule("COC-MELEE-09")
def test_extreme_non_impaling_is_max_weapon_plus_max_db_no_dice():
    dice = Dice.forced()
    assert m.extreme_damage(dice, "1D8", "+1D4") == m.DamageRoll(12, 8, 4, extreme=True)
    assert m.extreme_damage(dice, "1D8", "-1") == m.DamageRoll(7, 8, -1, extreme=True)
    assert m.extreme_damage(dice, "1D3", "+2D6") == m.DamageRoll(15, 3, 12, extreme=True)
    assert dice.drawn == []


@pytest.mark.rule("COC-MELEE-10")
def test_extreme_impaling_adds_one_weapon_roll_without_second_db():
    dice = Dice.forced(5)
    res = m.extreme_damage(dice, "1D6+1", "+1D6", impaling=True)  # the extra roll is 1D6+1 = 6
    assert res == m.DamageRoll(total=7 + 6 + 6, weapon=7, bonus=6, extra=6, extreme=True, impaled=True)
    assert faces(dice) == [("impale", "d6", 5)]


@pytest.mark.rule("COC-MELEE-09", "COC-MELEE-11")
def test_critical_counts_as_extreme_for_the_attacker_only():
    assert m.extreme_applies("attacker", L.CRITICAL)
    assert m.extreme_applies("attacker", L.EXTREME)
    assert not m.extreme_applies("attacker", L.HARD)
    assert not m.extreme_applies("defender", L.CRITICAL)
    res = m.resolve_melee(Dice.forced(1, 90), m.Fighter(50, "+1D4", CLUB), m.Fighter(50), "fight back")
    assert res.attack.level == L.CRITICAL and res.extreme and res.damage.total == 12


@pytest.mark.rule("COC-MELEE-12", "COC-DICE-06")
def test_combat_rolls_cannot_be_pushed():
    assert may_push(combat_roll=True) is False
    assert may_push(combat_roll=False) is True


@pytest.mark.rule("COC-MELEE-13")
def test_fleeing_needs_a_way_out_and_freedom():
    assert m.may_flee()
    assert not m.may_flee(has_escape_route=False)
    assert not m.may_flee(restrained=True)


# --- percentile edge cases in combat ----------------------------------------------------------


@pytest.mark.rule("COC-DICE-01", "COC-DICE-02")
def test_skill_of_100_and_more():
    assert level_of(24, 120) == L.EXTREME
    assert level_of(99, 120) == L.REGULAR
    assert level_of(96, 100) == L.REGULAR  # needed ≥ 50: 96–99 are no fumble
    assert level_of(100, 120) == L.FUMBLE
    res = m.resolve_melee(Dice.forced(99, 60, 2), m.Fighter(110), m.Fighter(50), "dodge")
    assert res.attack.level == L.REGULAR and res.defence.level == L.FAILURE and res.winner == "attacker"


@pytest.mark.rule("COC-DICE-01", "COC-DICE-02")
def test_skill_under_5_has_no_extreme_but_01_is_critical():
    assert level_of(1, 4) == L.CRITICAL
    assert level_of(2, 4) == L.HARD
    assert level_of(3, 4) == L.REGULAR
    assert level_of(5, 4) == L.FAILURE
    assert level_of(96, 4) == L.FUMBLE
    assert level_of(1, 0) == L.CRITICAL


@pytest.mark.rule("COC-DICE-02")
@pytest.mark.parametrize(("skill", "level"), [(49, L.FUMBLE), (50, L.FAILURE)])
def test_fumble_band_switches_at_50(skill: int, level: Level):
    res = m.resolve_melee(Dice.forced(96, 30), m.Fighter(skill), m.Fighter(40), "dodge")
    assert res.attack.level == level and res.winner == "defender"


@pytest.mark.rule("COC-DICE-04")
def test_00_and_0_on_penalty_die_reads_100_a_fumble():
    dice = Dice.forced(0, 0, 5, 30)  # units 0; tens 00 and 50 → 100 and 50; penalty keeps 100
    res = m.resolve_melee(dice, m.Fighter(80), m.Fighter(40), "dodge", penalty=1)
    assert res.attack.roll == 100 and res.attack.level == L.FUMBLE
    assert res.defence.roll == 30 and res.winner == "defender"
    assert faces(dice)[:3] == [("Fighting", "units", 0), ("Fighting", "tens", 0), ("Fighting", "tens", 50)]


@pytest.mark.rule("COC-DICE-04")
def test_00_and_0_on_bonus_die_reads_100_and_loses_to_the_other_die():
    r = skill_roll(Dice.forced(0, 0, 30), "Fighting", 50, bonus=1)
    assert r.roll == 30 and r.level == L.REGULAR
    r = skill_roll(Dice.forced(0, 0, 0), "Fighting", 50, bonus=1)
    assert r.roll == 100 and r.level == L.FUMBLE


def test_damage_expression_checks():
    assert m.max_damage("1D8+1D4+2") == 14
    assert m.max_damage("0") == 0
    assert m.damage_terms("2D6+4") == ((1, 2, 6), (1, 4, 0))
    with pytest.raises(ValueError):
        m.damage_terms("1D6*2")
