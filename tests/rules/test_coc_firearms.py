"""CoC 7e firearms (COC-FIREARM-01 … 11) with forced dice."""

from __future__ import annotations

import pytest

from fhtagn_tui.rules.coc import firearms as f
from fhtagn_tui.rules.coc.dice import CocRoll, Difficulty, Level
from fhtagn_tui.rules.coc.melee import DamageRoll
from fhtagn_tui.rules.dice import Dice

D = Difficulty
L = Level
REVOLVER = f.Gun(".38 revolver", "1D10", malfunction=100, handgun=True)
SHOTGUN = f.Gun("12-gauge", "4D6", impaling=False, malfunction=100)
NONE = f.ModifierDice(0, 0, ())


def faces(dice: Dice) -> list[tuple[str, str, int]]:
    return [(r.purpose, r.die, r.value) for r in dice.drawn]


@pytest.mark.rule("COC-FIREARM-01")
def test_shot_is_unopposed_and_a_failure_never_damages():
    dice = Dice.forced(40, 7)
    shot = f.resolve_shot(dice, 50, REVOLVER, D.REGULAR, NONE)
    assert shot.hit and shot.damage == DamageRoll(7, 7, 0)
    assert faces(dice) == [("Firearms", "d100", 40), ("damage", "d10", 7)]
    dice = Dice.forced(51)
    miss = f.resolve_shot(dice, 50, REVOLVER, D.REGULAR, NONE)
    assert not miss.hit and miss.damage is None and len(dice.drawn) == 1


@pytest.mark.rule("COC-FIREARM-02")
def test_readied_firearm_acts_at_dex_plus_50():
    assert f.readied_dex(60, True) == 110
    assert f.readied_dex(60, False) == 60


@pytest.mark.rule("COC-FIREARM-03")
@pytest.mark.parametrize(
    ("distance", "difficulty"),
    [(0, D.REGULAR), (15, D.REGULAR), (16, D.HARD), (30, D.HARD), (31, D.EXTREME), (60, D.EXTREME), (61, None)],
)
def test_range_sets_difficulty(distance: int, difficulty: Difficulty | None):
    assert f.range_difficulty(distance, 15) == difficulty


@pytest.mark.rule("COC-FIREARM-03")
def test_hard_range_needs_half_skill_and_moves_the_fumble_band():
    shot = f.resolve_shot(Dice.forced(30), 50, REVOLVER, D.HARD, NONE)
    assert shot.roll.level == L.REGULAR and not shot.hit
    # skill 99 at Hard needs 49: 96 is a fumble there
    assert f.resolve_shot(Dice.forced(96), 99, REVOLVER, D.HARD, NONE).fumble
    at_regular = f.resolve_shot(Dice.forced(96, 3, 4), 99, f.Gun("rifle", "2D6+4"), D.REGULAR, NONE)
    assert not at_regular.fumble and at_regular.hit and at_regular.damage.total == 11


@pytest.mark.rule("COC-FIREARM-04")
def test_at_extreme_range_extreme_success_is_a_plain_hit_and_only_01_impales():
    assert not f.shot_is_extreme(CocRoll(60, 12, L.EXTREME, D.EXTREME))
    assert f.shot_is_extreme(CocRoll(60, 1, L.CRITICAL, D.EXTREME))
    assert f.shot_is_extreme(CocRoll(60, 12, L.EXTREME, D.REGULAR))
    assert not f.shot_is_extreme(CocRoll(60, 13, L.HARD, D.REGULAR))
    dice = Dice.forced(10, 4)
    shot = f.resolve_shot(dice, 60, REVOLVER, D.EXTREME, NONE)
    assert shot.hit and not shot.extreme and shot.damage == DamageRoll(4, 4, 0)
    dice = Dice.forced(1, 4)
    shot = f.resolve_shot(dice, 60, REVOLVER, D.EXTREME, NONE)
    assert shot.extreme and shot.damage == DamageRoll(14, 10, 0, extra=4, extreme=True, impaled=True)


@pytest.mark.rule("COC-FIREARM-05")
def test_modifier_dice_from_toggles_and_numbers():
    mods = f.modifier_dice(["aim", "cover", "melee"])
    assert (mods.bonus, mods.penalty, mods.applied) == (1, 2, ("aim", "cover", "melee"))
    mods = f.modifier_dice((), target_build=4, target_mov=8, distance_ft=12, shooter_dex=60)
    assert mods.applied == ("point-blank", "large", "fast") and mods.net == 1
    mods = f.modifier_dice(("concealed",), target_build=-2, distance_ft=13, shooter_dex=60)
    assert mods.applied == ("concealed", "small") and mods.net == -2
    assert f.modifier_dice((), target_build=3, target_mov=7).applied == ()
    assert {m.key for m in f.FIREARM_MODIFIERS} == {
        "aim", "point-blank", "large", "cover", "concealed", "fast", "small", "load-one", "handgun-shots", "melee"
    }
    with pytest.raises(ValueError, match="unknown firearm modifier"):
        f.modifier_dice(["blindfolded"])


@pytest.mark.rule("COC-FIREARM-05", "COC-DICE-04")
def test_modifiers_roll_bonus_and_penalty_dice():
    # aim + large: 2 bonus dice — units 3, tens 60, 20, 90 → 63, 23, 93 → 23
    dice = Dice.forced(3, 60, 20, 90, 5)
    shot = f.resolve_shot(dice, 50, REVOLVER, D.REGULAR, f.modifier_dice(["aim", "large"]))
    assert shot.roll.roll == 23 and shot.roll.level == L.HARD and shot.damage.total == 5
    # bonus and penalty cancel: one plain d100
    dice = Dice.forced(45, 2)
    shot = f.resolve_shot(dice, 50, REVOLVER, D.REGULAR, f.modifier_dice(["aim", "cover"]))
    assert faces(dice)[0] == ("Firearms", "d100", 45)


@pytest.mark.rule("COC-FIREARM-06")
def test_aim_holds_only_for_next_round_undisturbed():
    assert f.aim_holds(2, 3)
    assert not f.aim_holds(2, 3, disturbed=True)
    assert not f.aim_holds(2, 2)
    assert not f.aim_holds(2, 4)


@pytest.mark.rule("COC-FIREARM-07")
def test_fumble_into_melee_hits_the_ally_with_lowest_luck():
    assert f.line_of_fire_victim([("ada", 50), ("bob", 30), ("cy", 30)]) == "bob"
    assert f.line_of_fire_victim([]) is None
    dice = Dice.forced(0, 90, 0)  # penalty die: units 0, tens 90 and 00 → 90, 100 → 100 fumble
    shot = f.resolve_shot(dice, 50, REVOLVER, D.REGULAR, f.modifier_dice(["melee"]), allies_in_line=[("ada", 55), ("bob", 40)])
    assert shot.roll.roll == 100 and shot.fumble and not shot.hit
    # 100 also reaches the revolver's malfunction number: the gun jams and nobody is hit
    assert shot.malfunction and shot.ally_hit is None
    dice = Dice.forced(7, 90, 40, 6)  # → 97, 47: penalty keeps 97, a fumble for skill 40
    shot = f.resolve_shot(dice, 40, f.Gun("rifle", "1D10"), D.REGULAR, f.modifier_dice(["melee"]),
                          allies_in_line=[("ada", 55), ("bob", 40)])
    assert shot.fumble and shot.ally_hit == "bob" and shot.damage == DamageRoll(6, 6, 0)


@pytest.mark.rule("COC-FIREARM-08")
def test_reloading():
    assert f.reload("shells", 0, 6) == f.Reload("shells", 3, 0, 6)
    assert f.reload("shells", 1, 6, rounds=1) == f.Reload("shells", 1, 1, 3)
    assert f.reload("shells", 5, 6) == f.Reload("shells", 1, 5, 6)
    assert f.reload("magazine", 3, 30) == f.Reload("magazine", 1, 3, 30)
    assert f.reload("belt", 0, 250) == f.Reload("belt", 2, 0, 250)
    with pytest.raises(ValueError, match="takes 2 rounds"):
        f.reload("belt", 0, 250, rounds=1)
    with pytest.raises(ValueError, match="already full"):
        f.reload("shells", 6, 6)


@pytest.mark.rule("COC-FIREARM-09")
def test_multiple_handgun_shots_each_take_a_penalty_die():
    assert f.handgun_shots_penalty(2, handgun=True) == 1
    assert f.handgun_shots_penalty(1, handgun=True) == 0
    assert f.handgun_shots_penalty(3, handgun=False) == 0


@pytest.mark.rule("COC-FIREARM-10")
def test_impale_and_shotgun_extreme():
    dice = Dice.forced(10, 5)  # 10 ≤ 60/5: extreme at regular range → 10 + roll 5
    shot = f.resolve_shot(dice, 60, REVOLVER, D.REGULAR, NONE)
    assert shot.extreme and shot.damage == DamageRoll(15, 10, 0, extra=5, extreme=True, impaled=True)
    dice = Dice.forced(10)
    shot = f.resolve_shot(dice, 60, SHOTGUN, D.REGULAR, NONE)
    assert shot.damage == DamageRoll(24, 24, 0, extreme=True) and len(dice.drawn) == 1


@pytest.mark.rule("COC-FIREARM-11")
def test_malfunction_overrides_success():
    assert f.malfunctions(96, 96) and f.malfunctions(99, 96) and not f.malfunctions(95, 96)
    assert not f.malfunctions(100, None)
    gun = f.Gun("thompson", "1D10+2", malfunction=96)
    dice = Dice.forced(97)
    shot = f.resolve_shot(dice, 99, gun, D.REGULAR, NONE)  # 97 ≤ 99 would succeed
    assert shot.malfunction and not shot.hit and shot.damage is None and len(dice.drawn) == 1
    # the final value after bonus dice is what counts: units 7, tens 90, 10 → 97, 17 → 17
    shot = f.resolve_shot(Dice.forced(7, 90, 10, 3), 99, gun, D.REGULAR, f.modifier_dice(["aim"]))
    assert not shot.malfunction and shot.hit


@pytest.mark.rule("COC-COMBAT-03", "COC-COMBAT-06", "COC-FIREARM-01")
def test_bow_is_resolved_as_a_firearm_with_half_damage_bonus():
    bow = f.Gun("bow", "1D6", impaling=True, malfunction=97, db="+1D4", db_mode="half")
    dice = Dice.forced(40, 4, 3)  # regular hit; 1D6 4 + half of 1D4 3 (1)
    shot = f.resolve_shot(dice, 50, bow, D.REGULAR, NONE)
    assert shot.hit and shot.damage == DamageRoll(5, 4, 1)
    dice = Dice.forced(5, 2)  # extreme: max 6 + half max DB (2) + impale roll 2
    shot = f.resolve_shot(dice, 50, bow, D.REGULAR, NONE)
    assert shot.damage == DamageRoll(10, 6, 2, extra=2, extreme=True, impaled=True)
