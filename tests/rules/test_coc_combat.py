"""CoC 7e other combat situations, armour, wounds, opposed and Luck rolls, with forced dice."""

from __future__ import annotations

import pytest

from fhtagn_tui.rules.coc import combat as c
from fhtagn_tui.rules.coc.dice import CocRoll, Difficulty, Level, luck_roll, opposed_winner
from fhtagn_tui.rules.dice import Dice

L = Level


@pytest.mark.rule("COC-COMBAT-01")
def test_outnumbered_after_one_defence():
    assert c.outnumbered_bonus(0) == 0
    assert c.outnumbered_bonus(1) == 1
    assert c.outnumbered_bonus(2) == 1
    assert c.outnumbered_bonus(5, never_outnumbered=True) == 0


@pytest.mark.rule("COC-COMBAT-02", "COC-COMBAT-01")
def test_monster_with_three_attacks_defends_three_times_first():
    assert c.defences_before_outnumbered(3) == 3
    assert c.defences_before_outnumbered(0) == 1
    assert [c.outnumbered_bonus(n, attacks_per_round=3) for n in range(5)] == [0, 0, 0, 1, 1]


@pytest.mark.rule("COC-COMBAT-03")
def test_dive_for_cover_costs_the_shooter_a_penalty_die_on_success():
    dive = c.dive_for_cover(Dice.forced(21), 40)
    assert dive.roll == CocRoll(40, 21, L.REGULAR) and dive.penalty == 1
    assert c.dive_for_cover(Dice.forced(41), 40).penalty == 0


@pytest.mark.rule("COC-COMBAT-04")
def test_thrown_weapon_dodged_like_a_fighting_attack():
    assert c.thrown_vs_dodge(L.HARD, L.HARD) == "defender"
    assert c.thrown_vs_dodge(L.EXTREME, L.HARD) == "attacker"
    assert c.thrown_vs_dodge(L.FAILURE, L.FUMBLE) == "none"


@pytest.mark.rule("COC-COMBAT-05")
def test_fighting_back_against_ranged_only_within_a_fifth_of_attacker_dex_in_feet():
    assert c.may_fight_back_ranged(12, 60)
    assert not c.may_fight_back_ranged(13, 60)
    assert c.may_fight_back_ranged(0, 4)
    assert not c.may_fight_back_ranged(1, 4)


@pytest.mark.rule("COC-COMBAT-06")
@pytest.mark.parametrize(("rolled", "half"), [(5, 2), (4, 2), (1, 0), (0, 0), (-1, 0), (-2, -1)])
def test_half_db_rounds_toward_zero(rolled: int, half: int):
    assert c.half_db(rolled) == half


@pytest.mark.rule("COC-COMBAT-07")
def test_thrown_difficulty_by_range():
    assert c.thrown_difficulty(10, 10) == Difficulty.REGULAR
    assert c.thrown_difficulty(11, 10) == Difficulty.HARD
    assert c.thrown_difficulty(40, 10) == Difficulty.EXTREME
    assert c.thrown_difficulty(41, 10) is None


@pytest.mark.rule("COC-COMBAT-08")
def test_armour_per_hit_never_below_zero():
    assert c.after_armour(9, 8) == 1
    assert c.after_armour(5, 8) == 0
    assert c.after_armour(5, 0) == 5


@pytest.mark.rule("COC-COMBAT-09")
def test_armour_table_is_data():
    assert [(a.name, a.points) for a in c.ARMOUR_TABLE] == [
        ("Heavy leather jacket", 1), ("WWI helmet", 2), ('1" hardwood', 3), ("Present U.S. helmet", 5),
        ("Heavy Kevlar vest", 8), ("Military body armor", 12), ('1.5" bulletproof glass', 15),
        ('1" steel plate', 19), ("Large sand bag", 20),
    ]
    assert c.armour_named("heavy kevlar vest").points == 8
    assert c.armour_named("Military body armour").points == 12
    assert c.armour_named("kevlar").points == 8
    assert c.armour_named("helmet") is None  # two helmets: ambiguous
    assert c.armour_named("chain mail") is None


@pytest.mark.rule("COC-PARTY-04", "COC-COMBAT-08")
def test_land_damage_major_wound_dying_unconscious():
    w = c.land_damage(rolled=9, armour=1, hp=12, max_hp=12)
    assert (w.taken, w.hp_after, w.major, w.dying, w.unconscious) == (8, 4, True, False, False)
    w = c.land_damage(rolled=5, armour=0, hp=4, max_hp=12)  # 0 HP, no major wound: unconscious
    assert (w.taken, w.hp_after, w.major, w.dying, w.unconscious) == (5, 0, False, False, True)
    w = c.land_damage(rolled=5, armour=0, hp=4, max_hp=12, had_major_wound=True)
    assert (w.hp_after, w.dying, w.unconscious) == (0, True, False)
    w = c.land_damage(rolled=6, armour=0, hp=6, max_hp=12)  # exactly half max HP: major, and 0 HP
    assert (w.major, w.dying, w.unconscious) == (True, True, False)
    w = c.land_damage(rolled=3, armour=5, hp=6, max_hp=12)
    assert (w.taken, w.hp_after, w.major) == (0, 6, False)
    # a major wound short of 0 HP calls for the CON roll; one of max HP or more kills outright
    assert c.land_damage(rolled=9, armour=1, hp=12, max_hp=12).con_roll
    w = c.land_damage(rolled=12, armour=0, hp=12, max_hp=12)
    assert (w.killed, w.dying, w.unconscious, w.con_roll, w.hp_after) == (True, False, False, False, 0)
    w = c.land_damage(rolled=13, armour=1, hp=12, max_hp=12)  # 12 after armour: still kills
    assert w.killed
    assert not c.land_damage(rolled=11, armour=0, hp=12, max_hp=12).killed


@pytest.mark.rule("COC-DICE-05")
def test_opposed_roll_outside_combat():
    assert opposed_winner(CocRoll(50, 20, L.HARD), CocRoll(80, 60, L.REGULAR)) == 0
    assert opposed_winner(CocRoll(50, 40, L.REGULAR), CocRoll(80, 60, L.REGULAR)) == 1  # higher skill
    assert opposed_winner(CocRoll(50, 40, L.REGULAR), CocRoll(50, 45, L.REGULAR)) is None
    assert opposed_winner(CocRoll(50, 60, L.FAILURE), CocRoll(30, 99, L.FUMBLE)) == 0


@pytest.mark.rule("COC-DICE-07")
def test_group_luck_roll_by_lowest_luck():
    r = luck_roll(Dice.forced(35), {"ada": 60, "bob": 35, "cy": 35})
    assert (r.roller, r.luck, r.roll, r.success) == ("bob", 35, 35, True)
    r = luck_roll(Dice.forced(61), [("ada", 60)])
    assert (r.roller, r.success) == ("ada", False)
    with pytest.raises(ValueError):
        luck_roll(Dice.forced(), {})


@pytest.mark.rule("COC-COMBAT-09")
def test_armour_by_name_from_the_table_and_refusals():
    from tests.helpers import do, engine, rejected

    eng = engine("coc7", "char new Harvey STR=50 CON=50 SIZ=50 DEX=50")
    (ev,) = do(eng, 'armor harvey "heavy kevlar vest"')
    assert (ev.rating, ev.item) == (8, "Heavy Kevlar vest")
    assert eng.state.armory.armor["harvey"] == 8
    assert "not in the armour table" in rejected(eng, "armor harvey chainmail")
    fh = engine("fhtagn", "char new Ada")
    assert "as a number" in rejected(fh, "armor ada kevlar")
