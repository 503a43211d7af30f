"""Skill play and development rules (FH-DEV, COC-DICE-06 … 10, COC-DEV, GURPS-DICE-04,
COC-MANEUVER-06), with forced dice and exact outcomes."""

from __future__ import annotations

import pytest

from fhtagn_tui.rules.coc import development as cdev
from fhtagn_tui.rules.coc.dice import (
    CocRoll,
    Difficulty,
    Level,
    combined,
    level_of,
    luck_to_spend,
    meets,
    opposed,
    push_refusal,
)
from fhtagn_tui.rules.coc.maneuver import maneuver_skill
from fhtagn_tui.rules.dice import Dice
from fhtagn_tui.rules.fhtagn import development as fdev
from fhtagn_tui.rules.gurps.dice import judge, quick_contest

L = Level
D = Difficulty


@pytest.mark.rule("FH-DEV-01")
def test_fh_luck_is_a_flat_fifty():
    assert fdev.luck_test(Dice.forced(50), "Ada").success
    t = fdev.luck_test(Dice.forced(51), "Ada")
    assert (t.target, t.success) == (50, False)
    assert fdev.luck_test(Dice.forced(44), "Ada").critical  # a successful double
    assert fdev.luck_test(Dice.forced(55), "Ada").fumble  # a failed double
    assert fdev.luck_test(Dice.forced(60), "Ada", (20,)).success  # a GM's modifier still applies


@pytest.mark.rule("FH-DEV-02")
def test_fh_opposed_outside_combat_ties_and_double_failures_to_the_defender():
    r = fdev.opposed_test(Dice.forced(40, 30), ("Stealth", 50), ("Alertness", 60))
    assert (r.active.roll, r.defender.roll, r.winner) == (40, 30, "active")  # same rank: the higher roll
    assert fdev.opposed_test(Dice.forced(35, 35), ("Stealth", 50), ("Alertness", 60)).winner == "defender"
    assert fdev.opposed_test(Dice.forced(70, 80), ("Stealth", 50), ("Alertness", 60)).winner == ""
    assert fdev.opposed_test(Dice.forced(70, 20), ("Stealth", 50), ("Alertness", 60)).winner == "defender"
    assert fdev.opposed_test(Dice.forced(33, 40), ("Stealth", 50), ("Alertness", 60)).winner == "active"  # critical


@pytest.mark.rule("FH-DEV-03")
def test_fh_failed_skill_marks_once_never_stats_luck_san_unnatural():
    assert fdev.marks("skill", "Stealth", True, ())
    assert fdev.marks("base", "Stealth", True, ())
    assert not fdev.marks("skill", "Stealth", False, ())  # a success does not mark
    assert not fdev.marks("skill", "Stealth", True, ("stealth",))  # once
    assert not fdev.marks("stat", "STR×5", True, ())
    assert not fdev.marks("luck", "Luck", True, ())
    assert not fdev.marks("san", "SAN", True, ())
    assert not fdev.marks("skill", "Unnatural", True, ())


@pytest.mark.rule("FH-DEV-04")
def test_fh_improvement_is_one_d4_capped_at_99():
    g = fdev.improve(Dice.forced(3), "Ada", "Stealth", 50)
    assert (g.old, g.die, g.new) == (50, 3, 53)
    assert fdev.improve(Dice.forced(4), "Ada", "Stealth", 97).new == 99
    d = Dice.forced(2)
    fdev.improve(d, "Ada", "Stealth", 50)
    assert [(r.die, r.value) for r in d.take()] == [("d4", 2)]


@pytest.mark.rule("COC-DICE-06")
def test_push_refusals_and_the_one_allowed():
    assert push_refusal("Library Use", "skill", L.FAILURE, False) == ""
    assert push_refusal("STR", "stat", L.FAILURE, False) == ""
    assert "already pushed" in push_refusal("Library Use", "skill", L.FAILURE, True)
    assert "fumbled" in push_refusal("Library Use", "skill", L.FUMBLE, False)
    assert "succeeded" in push_refusal("Library Use", "skill", L.REGULAR, False)
    assert "combat" in push_refusal("Fighting (Brawl)", "skill", L.FAILURE, False)
    assert "combat" in push_refusal("Firearms (Handgun)", "skill", L.FAILURE, False)
    assert "combat" in push_refusal("Dodge", "base", L.FAILURE, False)
    assert "Luck roll" in push_refusal("Luck", "luck", L.FAILURE, False)
    assert "SAN roll" in push_refusal("SAN", "san", L.FAILURE, False)
    assert "Mythos" in push_refusal("Cthulhu Mythos", "skill", L.FAILURE, False)
    assert all("COC-DICE-06" in push_refusal(*a) for a in [("Dodge", "skill", L.FAILURE, False),
                                                            ("Luck", "luck", L.FAILURE, False)])


@pytest.mark.rule("COC-DICE-08")
def test_combined_roll_all_or_any_each_at_its_difficulty():
    c = combined(30, [(60, D.REGULAR), (50, D.HARD)], "all")
    assert [r.level for r in c.rolls] == [L.HARD, L.REGULAR]  # 30: hard of 60; only regular of 50 (hard needed)
    assert [r.success for r in c.rolls] == [True, False] and not c.success
    assert combined(30, [(60, D.REGULAR), (50, D.HARD)], "any").success
    assert combined(20, [(60, D.REGULAR), (50, D.HARD)], "all").success
    with pytest.raises(ValueError, match="two or more"):
        combined(20, [(60, D.REGULAR)], "all")
    with pytest.raises(ValueError, match="need=all or need=any"):
        combined(20, [(60, D.REGULAR), (50, D.HARD)], "")


@pytest.mark.rule("COC-DICE-09")
def test_spending_luck_buys_a_failure_up_to_the_level_needed():
    assert luck_to_spend("Spot Hidden", "skill", CocRoll(50, 58, L.FAILURE), False, 60) == 8
    assert luck_to_spend("Spot Hidden", "skill", CocRoll(50, 40, L.REGULAR, D.HARD), False, 60) == 15
    with pytest.raises(ValueError, match="only 7"):
        luck_to_spend("Spot Hidden", "skill", CocRoll(50, 58, L.FAILURE), False, 7)
    with pytest.raises(ValueError, match="pushed"):
        luck_to_spend("Spot Hidden", "skill", CocRoll(50, 58, L.FAILURE), True, 60)
    with pytest.raises(ValueError, match="fumbled"):
        luck_to_spend("Spot Hidden", "skill", CocRoll(40, 98, L.FUMBLE), False, 99)
    with pytest.raises(ValueError, match="succeeded"):
        luck_to_spend("Spot Hidden", "skill", CocRoll(50, 20, L.REGULAR), False, 60)
    with pytest.raises(ValueError, match="Luck roll"):
        luck_to_spend("Luck", "luck", CocRoll(50, 58, L.FAILURE), False, 60)
    with pytest.raises(ValueError, match="no roll but a critical"):
        luck_to_spend("Spot Hidden", "skill", CocRoll(4, 30, L.FAILURE, D.EXTREME), False, 60)
    with pytest.raises(ValueError, match="SAN roll"):
        luck_to_spend("SAN", "san", CocRoll(50, 58, L.FAILURE), False, 60)


@pytest.mark.rule("COC-DICE-10")
def test_opposed_outside_combat_full_tie_to_the_defender():
    assert opposed(CocRoll(50, 10, L.EXTREME), CocRoll(80, 30, L.HARD)) == "active"
    assert opposed(CocRoll(50, 40, L.REGULAR), CocRoll(80, 60, L.REGULAR)) == "defender"  # higher skill
    assert opposed(CocRoll(80, 40, L.REGULAR), CocRoll(50, 45, L.REGULAR)) == "active"
    assert opposed(CocRoll(50, 40, L.REGULAR), CocRoll(50, 45, L.REGULAR)) == "defender"  # full tie


@pytest.mark.rule("GURPS-DICE-04")
def test_quick_contest():
    assert quick_contest(judge(10, 12), judge(15, 14)) == 0  # success beats failure
    assert quick_contest(judge(13, 12), judge(9, 14)) == 1
    assert quick_contest(judge(8, 12), judge(9, 14)) == 1  # margins 4 and 5
    assert quick_contest(judge(14, 12), judge(15, 12)) == 0  # both fail: the smaller margin of failure
    assert quick_contest(judge(8, 12), judge(10, 14)) is None  # equal margins: the status quo


@pytest.mark.rule("COC-MANEUVER-06")
def test_maneuver_rolls_the_fitting_fighting_skill():
    assert maneuver_skill({"Fighting (Brawl)": 25, "Fighting (Claw)": 40}) == ("Fighting (Claw)", 40)
    assert maneuver_skill({"Fighting (Brawl)": 25, "Fighting (Claw)": 40}, "fighting (brawl)") == ("Fighting (Brawl)", 25)
    assert maneuver_skill({"Fighting (Brawl)": 50}) == ("Fighting (Brawl)", 50)
    with pytest.raises(ValueError, match="COC-MANEUVER-06"):
        maneuver_skill({"Fighting (Brawl)": 25}, "Fighting (Sword)")


@pytest.mark.rule("COC-DEV-01")
def test_experience_check_on_success_without_luck_once():
    assert cdev.earns_check("Library Use", "skill", True, False, ())
    assert cdev.earns_check("Spot Hidden", "base", True, False, ())
    assert not cdev.earns_check("Library Use", "skill", False, False, ())
    assert not cdev.earns_check("Library Use", "skill", True, True, ())  # Luck spent
    assert not cdev.earns_check("Library Use", "skill", True, False, ("library use",))
    for skill, kind in (("Cthulhu Mythos", "skill"), ("Credit Rating", "skill"), ("STR", "stat"),
                        ("Luck", "luck"), ("SAN", "san")):
        assert not cdev.earns_check(skill, kind, True, False, ())


@pytest.mark.rule("COC-DEV-02")
def test_improvement_rolls():
    i = cdev.improvement_roll(Dice.forced(70, 6), "Ada", "Library Use", 60, False)
    assert (i.roll, i.gain, i.new, i.san_gain) == (70, 6, 66, 0)
    i = cdev.improvement_roll(Dice.forced(40), "Ada", "Library Use", 60, False)
    assert (i.roll, i.gain, i.new) == (40, 0, 60)
    i = cdev.improvement_roll(Dice.forced(96, 1), "Ada", "Library Use", 97, False)  # over 95
    assert (i.gain, i.new) == (1, 98)
    i = cdev.improvement_roll(Dice.forced(95), "Ada", "Library Use", 97, False)
    assert i.gain == 0
    i = cdev.improvement_roll(Dice.forced(99, 5, 3, 4), "Ada", "Library Use", 86, False)  # 91: first time 90+
    assert (i.new, i.san_gain) == (91, 7)
    i = cdev.improvement_roll(Dice.forced(99, 5), "Ada", "Library Use", 86, True)  # not the first time
    assert (i.new, i.san_gain) == (91, 0)


@pytest.mark.rule("COC-DEV-03")
def test_luck_recovery():
    r = cdev.luck_recovery(Dice.forced(70, 4), "Ada", 45)
    assert (r.roll, r.gain, r.new) == (70, 4, 49)
    assert cdev.luck_recovery(Dice.forced(45), "Ada", 45).gain == 0  # not greater
    assert cdev.luck_recovery(Dice.forced(100, 10), "Ada", 95).new == 99


@pytest.mark.rule("COC-DEV-04")
def test_cumulative_san_loss_lowered_by_one_per_entity():
    assert cdev.lower_cumulative({"ghoul": 3, "deep one": 1}) == {"ghoul": 2}
    assert cdev.lower_cumulative({}) == {}


# --- promises that hold for every roll -------------------------------------------------------------

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_skill = st.integers(min_value=1, max_value=99)
_diff = st.sampled_from(list(D))


@pytest.mark.rule("COC-DICE-08")
@given(roll=st.integers(1, 100), skills=st.lists(st.tuples(_skill, _diff), min_size=2, max_size=4))
def test_a_combined_roll_needing_all_succeeds_only_if_any_does_and_each_level_is_the_single_rolls(roll, skills):
    every, some = combined(roll, skills, "all"), combined(roll, skills, "any")
    assert not every.success or some.success
    assert every.success == all(r.success for r in every.rolls)
    for (value, diff), r in zip(skills, every.rolls, strict=True):
        single = CocRoll(skill=value, roll=roll, level=level_of(roll, value, diff), difficulty=diff)
        assert (r.level, r.success) == (single.level, single.success)


@pytest.mark.rule("COC-DEV-02", "COC-DEV-03")
@given(value=st.integers(1, 99), roll=st.integers(1, 100), gain=st.integers(1, 10))
def test_improvement_never_lowers_and_gains_at_most_a_d10(value, roll, gain):
    i = cdev.improvement_roll(Dice.forced(roll, gain, 1, 1), "Ada", "Skill", value, True)
    assert value <= i.new <= value + 10
    assert (i.new > value) == (roll > value or roll > 95)
    r = cdev.luck_recovery(Dice.forced(roll, gain), "Ada", value)
    assert value <= r.new <= min(99, value + 10)


@pytest.mark.rule("COC-DICE-09")
@given(value=st.integers(1, 99), roll=st.integers(1, 100), diff=_diff, luck=st.integers(0, 99))
def test_luck_spent_buys_exactly_the_level_needed(value, roll, diff, luck):
    r = CocRoll(skill=value, roll=roll, level=level_of(roll, value, diff), difficulty=diff)
    try:
        points = luck_to_spend("Spot Hidden", "skill", r, False, luck)
    except ValueError:
        return
    bought = roll - points
    assert 0 < points <= luck
    assert meets(level_of(bought, value, diff), diff) and not meets(level_of(bought + 1, value, diff), diff)
