"""Dice and character-sheet rules of the foundation, with forced dice."""

from __future__ import annotations

import pytest

from fhtagn_tui.rules.coc import dice as coc
from fhtagn_tui.rules.coc import party as coc_party
from fhtagn_tui.rules.dice import Dice, DiceError, d100, roll_expr
from fhtagn_tui.rules.fhtagn import dice as fh
from fhtagn_tui.rules.fhtagn import party as fh_party
from fhtagn_tui.rules.gurps import dice as gurps

# --- FHTAGN dice ------------------------------------------------------------------------


@pytest.mark.rule("FH-DICE-01")
@pytest.mark.parametrize(
    ("base", "mods", "roll", "target", "success"),
    [
        (50, (), 50, 50, True),
        (50, (), 51, 50, False),
        (120, (), 99, 99, True),  # skill ≥ 100 clamps to 99
        (120, (), 100, 99, False),  # 100 always fails
        (3, (-20,), 1, 1, True),  # clamps to 1: a 01 still succeeds
        (3, (-20,), 2, 1, False),
    ],
)
def test_fh_percentile_test(base, mods, roll, target, success):
    t = fh.percentile_test(Dice.forced(roll), "test", base, list(mods))
    assert (t.target, t.roll, t.success) == (target, roll, success)


@pytest.mark.rule("FH-DICE-02")
@pytest.mark.parametrize(("roll", "target", "critical"), [(1, 5, True), (33, 40, True), (44, 40, False), (40, 40, False), (99, 99, True)])
def test_fh_critical(roll, target, critical):
    assert fh.judge(roll, target).critical is critical


@pytest.mark.rule("FH-DICE-03")
@pytest.mark.parametrize(("roll", "target", "fumble"), [(100, 99, True), (44, 40, True), (33, 40, False), (41, 40, False)])
def test_fh_fumble(roll, target, fumble):
    assert fh.judge(roll, target).fumble is fumble


@pytest.mark.rule("FH-DICE-04")
def test_fh_stat_x5():
    assert fh.stat_x5(13) == 65


@pytest.mark.rule("FH-DICE-08")
def test_fh_halves_round_up():
    assert [fh.half_up(v) for v in (7, 8, 1)] == [4, 4, 1]


# --- FHTAGN sheet -----------------------------------------------------------------------


@pytest.mark.rule("FH-PARTY-01")
def test_fh_max_hp_rounds_up():
    assert fh_party.max_hp(11, 12) == 12
    assert fh_party.max_hp(10, 10) == 10


@pytest.mark.rule("FH-PARTY-02")
def test_fh_max_wp_is_pow():
    assert fh_party.max_wp(13) == 13


@pytest.mark.rule("FH-PARTY-03")
def test_fh_san():
    assert fh_party.starting_san(14) == 70
    assert fh_party.max_san(6) == 93


@pytest.mark.rule("FH-PARTY-04")
def test_fh_breaking_point():
    assert fh_party.breaking_point(70, 14) == 56
    assert fh_party.breaking_point(5, 14) == 0


@pytest.mark.rule("FH-PARTY-05")
def test_fh_bond_floor():
    assert fh_party.bond_score(-3) == 0
    assert fh_party.bond_score(7) == 7


@pytest.mark.rule("FH-PARTY-06")
@pytest.mark.parametrize(
    ("str_", "expected"),
    [(4, (-2, None)), (5, (-1, None)), (12, (0, None)), (13, (1, None)), (18, (2, None)), (20, (3, None)),
     (21, (0, 11)), (30, (0, 15))],
)
def test_fh_damage_bonus(str_, expected):
    assert fh_party.damage_bonus(str_) == expected


@pytest.mark.rule("FH-PARTY-07")
def test_fh_adaptation_tracks():
    assert fh_party.adaptation_tracks() == {"violence": 0, "helplessness": 0}
    assert fh_party.ADAPTATION_BOXES == 3


@pytest.mark.rule("FH-PARTY-08")
def test_fh_condition_registry():
    assert fh_party.is_condition("stunned") and fh_party.is_condition("first-aid-used")
    assert not fh_party.is_condition("sleepy")


# --- CoC dice ------------------------------------------------------------------------------


@pytest.mark.rule("COC-DICE-01")
@pytest.mark.parametrize(
    ("roll", "skill", "level"),
    [(1, 40, coc.Level.CRITICAL), (8, 40, coc.Level.EXTREME), (9, 40, coc.Level.HARD), (20, 40, coc.Level.HARD),
     (21, 40, coc.Level.REGULAR), (40, 40, coc.Level.REGULAR), (41, 40, coc.Level.FAILURE),
     (1, 3, coc.Level.CRITICAL), (4, 3, coc.Level.FAILURE), (99, 120, coc.Level.REGULAR), (24, 120, coc.Level.EXTREME)],
)
def test_coc_levels(roll, skill, level):
    assert coc.level_of(roll, skill) == level


@pytest.mark.rule("COC-DICE-02")
@pytest.mark.parametrize(
    ("roll", "skill", "difficulty", "fumble"),
    [(96, 49, coc.Difficulty.REGULAR, True), (96, 50, coc.Difficulty.REGULAR, False), (100, 50, coc.Difficulty.REGULAR, True),
     (99, 50, coc.Difficulty.REGULAR, False), (96, 60, coc.Difficulty.HARD, True), (96, 100, coc.Difficulty.HARD, False), (96, 98, coc.Difficulty.HARD, True),
     (95, 49, coc.Difficulty.REGULAR, False)],
)
def test_coc_fumble_band_switches_at_50(roll, skill, difficulty, fumble):
    assert coc.is_fumble(roll, skill, difficulty) is fumble


@pytest.mark.rule("COC-DICE-03")
def test_coc_difficulty():
    assert coc.meets(coc.Level.HARD, coc.Difficulty.HARD)
    assert not coc.meets(coc.Level.REGULAR, coc.Difficulty.HARD)
    assert coc.meets(coc.Level.CRITICAL, coc.Difficulty.EXTREME)
    r = coc.skill_roll(Dice.forced(25), "spot", 50, coc.Difficulty.HARD)
    assert r.level == coc.Level.HARD and r.success


@pytest.mark.rule("COC-DICE-04")
def test_coc_bonus_and_penalty_dice():
    # bonus: units 3, tens 40 and 10 → 43 and 13 → keep 13
    dice = Dice.forced(3, 40, 10)
    assert coc.roll_d100(dice, "x", bonus=1) == 13
    assert [(r.die, r.value) for r in dice.drawn] == [("units", 3), ("tens", 40), ("tens", 10)]
    # penalty: units 0, tens 00 and 50 → 100 and 50 → keep 100 (00 + 0 reads 100)
    assert coc.roll_d100(Dice.forced(0, 0, 50), "x", penalty=1) == 100
    # bonus: 00 + 0 is 100, so the other die is kept
    assert coc.roll_d100(Dice.forced(0, 0, 30), "x", bonus=1) == 30
    # they cancel: one plain d100
    assert coc.roll_d100(Dice.forced(57), "x", bonus=1, penalty=1) == 57
    # at most two: three penalty dice draw three tens dice
    dice = Dice.forced(5, 10, 20, 90)
    assert coc.roll_d100(dice, "x", penalty=3) == 95
    assert len(dice.drawn) == 4


# --- CoC sheet -----------------------------------------------------------------------------


@pytest.mark.rule("COC-PARTY-01")
def test_coc_hp():
    assert coc_party.max_hp(60, 65) == 12


@pytest.mark.rule("COC-PARTY-02")
@pytest.mark.parametrize(
    ("str_", "siz", "expected"),
    [(30, 34, ("-2", -2)), (40, 44, ("-1", -1)), (50, 60, ("0", 0)), (60, 65, ("+1D4", 1)), (90, 80, ("+1D6", 2)),
     (120, 100, ("+2D6", 3)), (200, 100, ("+3D6", 4)), (200, 200, ("+4D6", 5)), (300, 200, ("+5D6", 6)),
     (300, 225, ("+6D6", 7))],
)
def test_coc_damage_bonus_and_build(str_, siz, expected):
    assert coc_party.damage_bonus_and_build(str_, siz) == expected


@pytest.mark.rule("COC-PARTY-03")
@pytest.mark.parametrize(
    ("str_", "dex", "siz", "age", "mov"),
    [(40, 40, 60, 25, 7), (60, 40, 60, 25, 8), (70, 70, 60, 25, 9), (70, 70, 60, 45, 8), (70, 70, 60, 85, 4)],
)
def test_coc_mov(str_, dex, siz, age, mov):
    assert coc_party.mov(str_, dex, siz, age) == mov


@pytest.mark.rule("COC-PARTY-04")
def test_coc_major_wound():
    assert coc_party.is_major_wound(6, 12)
    assert not coc_party.is_major_wound(5, 12)


@pytest.mark.rule("COC-PARTY-05")
def test_coc_max_san():
    assert coc_party.max_san(12) == 87


@pytest.mark.rule("COC-PARTY-06")
def test_coc_mp():
    assert coc_party.max_mp(64) == 12


# --- GURPS ------------------------------------------------------------------------------


@pytest.mark.rule("GURPS-DICE-01")
@pytest.mark.parametrize(("roll", "skill", "success"), [(4, 2, True), (12, 12, True), (13, 12, False), (17, 20, False), (16, 20, True)])
def test_gurps_success_roll(roll, skill, success):
    assert gurps.succeeds(roll, skill) is success


@pytest.mark.rule("GURPS-DICE-02")
@pytest.mark.parametrize(
    ("roll", "skill", "crit"),
    [(4, 10, (True, False)), (5, 15, (True, False)), (5, 14, (False, False)), (6, 16, (True, False)),
     (18, 20, (False, True)), (17, 15, (False, True)), (17, 16, (False, False)), (15, 5, (False, True))],
)
def test_gurps_criticals(roll, skill, crit):
    assert gurps.criticals(roll, skill) == crit


@pytest.mark.rule("GURPS-DICE-03")
def test_gurps_margins_from_forced_3d6():
    r = gurps.success_roll(Dice.forced(6, 5, 4), "fright", 11)
    assert r.roll == 15 and r.margin == -4 and gurps.margin_of_failure(15, 11) == 4


# --- dice expressions -----------------------------------------------------------------------


def test_expressions_draw_every_die():
    dice = Dice.forced(3, 5, 2)
    assert roll_expr(dice, "dmg", "2D6+1d4-1") == 9
    assert [r.die for r in dice.drawn] == ["d6", "d6", "d4"]
    assert roll_expr(Dice.forced(1, 2, 3), "fright", "3d") == 6


def test_bad_expressions_say_what_is_wrong():
    with pytest.raises(DiceError, match="not a dice expression"):
        roll_expr(Dice.forced(), "x", "2d6+")
    with pytest.raises(DiceError, match="cannot show 7"):
        roll_expr(Dice.forced(7), "x", "1d6")


def test_plain_d100_reads_00_as_100():
    assert d100(Dice.forced("00"), "x") == 100
