"""CoC 7e fighting maneuvers (COC-MANEUVER-01 … 05) with forced dice."""

from __future__ import annotations

import pytest

from fhtagn_tui.rules.coc import maneuver as mv
from fhtagn_tui.rules.coc.dice import Level
from fhtagn_tui.rules.coc.melee import DamageRoll, Fighter, MeleeWeapon
from fhtagn_tui.rules.dice import Dice

L = Level
SUCCESSES = [L.REGULAR, L.HARD, L.EXTREME, L.CRITICAL]


@pytest.mark.rule("COC-MANEUVER-01")
@pytest.mark.parametrize(
    ("attacker", "target", "penalty"),
    [(0, 0, 0), (2, 0, 0), (0, 1, 1), (0, 2, 2), (-1, 1, 2), (0, 3, None), (-2, 4, None)],
)
def test_build_difference(attacker: int, target: int, penalty: int | None):
    assert mv.build_penalty(attacker, target) == penalty


@pytest.mark.rule("COC-MANEUVER-01")
def test_build_penalty_dice_are_rolled_and_impossible_is_refused():
    # target 2 Build bigger: 2 penalty dice — units 5, tens 10, 60, 30 → 15, 65, 35 → 65
    dice = Dice.forced(5, 10, 60, 30, 80)
    res = mv.resolve_maneuver(dice, Fighter(70), Fighter(50), 0, 2, "dodge")
    assert res.penalty == 2 and res.attack.roll == 65 and res.attack.level == L.REGULAR
    assert res.defence.roll == 80 and res.winner == "attacker"
    with pytest.raises(ValueError, match="impossible"):
        mv.resolve_maneuver(Dice.forced(), Fighter(70), Fighter(50), 0, 3, "dodge")


@pytest.mark.rule("COC-MANEUVER-02")
@pytest.mark.parametrize("level", SUCCESSES)
def test_tie_against_dodge_means_the_target_evades(level: Level):
    assert mv.maneuver_vs_dodge(level, level) == "defender"


@pytest.mark.rule("COC-MANEUVER-02")
def test_maneuver_vs_dodge_needs_a_higher_success():
    assert mv.maneuver_vs_dodge(L.HARD, L.REGULAR) == "attacker"
    assert mv.maneuver_vs_dodge(L.FAILURE, L.FAILURE) == "none"
    assert mv.maneuver_vs_dodge(L.FAILURE, L.REGULAR) == "defender"
    res = mv.resolve_maneuver(Dice.forced(20, 20), Fighter(50), Fighter(50), 0, 0, "dodge")
    assert (res.attack.level, res.defence.level, res.winner) == (L.HARD, L.HARD, "defender")
    assert "COC-MANEUVER-05" not in res.rules


@pytest.mark.rule("COC-MANEUVER-03")
@pytest.mark.parametrize("level", SUCCESSES)
def test_tie_against_fighting_back_the_maneuver_succeeds(level: Level):
    assert mv.maneuver_vs_fight_back(level, level) == "attacker"


@pytest.mark.rule("COC-MANEUVER-03", "COC-MELEE-11")
def test_better_defender_foils_the_maneuver_and_deals_normal_damage():
    assert mv.maneuver_vs_fight_back(L.FUMBLE, L.FAILURE) == "none"
    assert mv.maneuver_vs_fight_back(L.REGULAR, L.HARD) == "defender"
    # maneuver 40 regular (50); fight back 5 extreme (60) with a club 1D8 + 1D4 → 6 + 2
    dice = Dice.forced(40, 5, 6, 2)
    res = mv.resolve_maneuver(dice, Fighter(50), Fighter(60, "+1D4", MeleeWeapon("club", "1D8")), 0, 0, "fight back")
    assert res.winner == "defender" and not res.defender_goal
    assert res.damage == DamageRoll(total=8, weapon=6, bonus=2)


@pytest.mark.rule("COC-MANEUVER-04")
def test_counter_maneuver_winner_achieves_own_goal_without_damage():
    assert mv.counter_maneuver(L.HARD, L.HARD) == "attacker"
    assert mv.counter_maneuver(L.REGULAR, L.EXTREME) == "defender"
    res = mv.resolve_maneuver(Dice.forced(45, 10), Fighter(50), Fighter(60), 0, 0, "maneuver")
    assert res.winner == "defender" and res.defender_goal and res.damage is None
    assert "COC-MANEUVER-05" in res.rules


@pytest.mark.rule("COC-MANEUVER-04", "COC-MANEUVER-01")
def test_counter_maneuver_has_its_own_build_check():
    # the defender (Build 0) counters an attacker of Build 1: one penalty die on the counter
    dice = Dice.forced(30, 4, 10, 70)  # maneuver 30; counter units 4, tens 10/70 → 74
    res = mv.resolve_maneuver(dice, Fighter(50), Fighter(60), 1, 0, "maneuver")
    assert res.defence.roll == 74 and res.winner == "attacker"
    with pytest.raises(ValueError, match="counter-maneuver is impossible"):
        mv.resolve_maneuver(Dice.forced(), Fighter(50), Fighter(60), 3, 0, "maneuver")


@pytest.mark.rule("COC-MANEUVER-05")
def test_goals_are_data():
    assert mv.goal_named("Disarm") == mv.Goal("disarm", "disarmed", help="the target drops or loses the weapon")
    assert mv.goal_named("knockdown").condition == "prone"
    assert mv.goal_named("hold").condition == "held"
    assert mv.goal_named("escape").frees
    assert mv.goal_named("tickle") is None
    res = mv.resolve_maneuver(Dice.forced(10), Fighter(60), Fighter(50), 0, 0, "none")
    assert res.winner == "attacker" and res.defence is None and "COC-MANEUVER-05" in res.rules


@pytest.mark.rule("COC-MANEUVER-05", "COC-COMBAT-01")
def test_outnumbered_bonus_die_applies_to_maneuvers():
    # bonus die: units 5, tens 70 and 20 → 75, 25 → 25 (Hard for 50)
    res = mv.resolve_maneuver(Dice.forced(5, 70, 20, 60), Fighter(50), Fighter(50), 0, 0, "dodge", bonus=1)
    assert res.attack.roll == 25 and res.attack.level == L.HARD and res.winner == "attacker"
