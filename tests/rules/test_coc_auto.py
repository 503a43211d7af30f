"""CoC 7e full-auto and burst fire (COC-AUTO-01 … 11) with forced dice."""

from __future__ import annotations

import pytest

from fhtagn_tui.rules.coc import auto as a
from fhtagn_tui.rules.coc.dice import CocRoll, Difficulty, Level
from fhtagn_tui.rules.coc.firearms import Gun
from fhtagn_tui.rules.dice import Dice

D = Difficulty
L = Level
TOMMY = Gun("thompson", "1D10+2", malfunction=96)


@pytest.mark.rule("COC-AUTO-01")
def test_declaration_is_checked_against_the_magazine():
    assert a.check_declaration([10], loaded=30) is None
    assert a.check_declaration([10, 10], loaded=22, gap_bullets=2) is None
    assert a.check_declaration([10, 10], loaded=22, gap_bullets=3) == (
        "20 bullets plus 3 spent moving between targets is more than the 22 loaded"
    )
    assert a.check_declaration([], loaded=30) == "declare at least one target"
    assert a.check_declaration([0], loaded=30) == "each target needs at least one bullet"


@pytest.mark.rule("COC-AUTO-02")
@pytest.mark.parametrize(("skill", "size"), [(0, 3), (4, 3), (39, 3), (40, 4), (45, 4), (99, 9), (120, 12)])
def test_volley_size(skill: int, size: int):
    assert a.volley_size(skill) == size


@pytest.mark.rule("COC-AUTO-03")
def test_split_into_volleys_with_the_remainder_last():
    assert a.split_volleys(10, 4) == (4, 4, 2)
    assert a.split_volleys(8, 4) == (4, 4)
    assert a.split_volleys(2, 4) == (2,)
    assert a.split_volleys(0, 4) == ()


@pytest.mark.rule("COC-AUTO-04")
def test_burst_is_one_volley():
    assert a.burst_volleys(3) == (3,)
    with pytest.raises(ValueError, match="cannot fire bursts"):
        a.burst_volleys(0)


@pytest.mark.rule("COC-AUTO-05")
def test_one_bullet_per_yard_between_targets():
    assert a.gap_bullets(3) == 3
    assert a.gap_bullets(2.5) == 3
    assert a.gap_bullets(0) == 0


@pytest.mark.rule("COC-AUTO-06", "COC-AUTO-07")
def test_penalty_die_progression_and_difficulty_steps():
    got = [a.volley_dice(k, D.REGULAR, 0) for k in range(1, 7)]
    assert [(v.bonus, v.penalty, v.difficulty, v.steps) for v in got] == [
        (0, 0, D.REGULAR, 0),
        (0, 1, D.REGULAR, 0),
        (0, 2, D.REGULAR, 0),
        (0, 2, D.HARD, 1),  # a third penalty die: stay at two, one step harder
        (0, 2, D.EXTREME, 2),
        (0, 2, None, 3),  # beyond Extreme: impossible
    ]
    # a bonus die from the modifiers is removed first
    assert [(v.bonus, v.penalty) for v in (a.volley_dice(k, D.REGULAR, 1) for k in (1, 2, 3))] == [(1, 0), (0, 0), (0, 1)]
    # starting at Hard (long range)
    assert a.volley_dice(4, D.HARD, 0).difficulty == D.EXTREME


@pytest.mark.rule("COC-AUTO-07")
def test_fourth_penalty_die_raises_two_steps():
    # one penalty die from the modifiers; the 4th volley would need four penalty dice
    v4 = a.volley_dice(4, D.REGULAR, -1)
    assert (v4.penalty, v4.steps, v4.difficulty) == (2, 2, D.EXTREME)


@pytest.mark.rule("COC-AUTO-08")
@pytest.mark.parametrize(("volley", "hits"), [(1, 1), (2, 1), (3, 1), (5, 2), (8, 4)])
def test_half_the_shots_hit(volley: int, hits: int):
    assert a.half_hits(volley) == hits


@pytest.mark.rule("COC-AUTO-09")
def test_extreme_volley_all_hit_half_impale():
    assert a.extreme_volley(5) == a.Hits(5, 2)
    assert a.extreme_volley(1) == a.Hits(1, 1)
    assert a.volley_hits(CocRoll(50, 10, L.EXTREME, D.HARD), 4)[0] == a.Hits(4, 2)


@pytest.mark.rule("COC-AUTO-10")
def test_volley_at_extreme_difficulty_never_impales_even_on_01():
    assert not a.volley_can_impale(D.EXTREME)
    assert a.volley_can_impale(D.HARD)
    assert a.volley_hits(CocRoll(50, 1, L.CRITICAL, D.EXTREME), 6)[0] == a.Hits(3, 0)


@pytest.mark.rule("COC-AUTO-02", "COC-AUTO-03", "COC-AUTO-07", "COC-AUTO-08", "COC-COMBAT-08")
def test_ten_bullets_three_volleys_armour_per_bullet():
    dice = Dice.forced(
        30, 5, 1,  # volley 1 (4 bullets): 30 regular → 2 hits: 7 and 3, armour 2 → 5, 1
        0, 10, 80,  # volley 2: 1 penalty die: 10 / 80 → 80, a miss
        5, 0, 0, 10,  # volley 3 (2 bullets): 2 penalty dice: 5, 5, 15 → 15, Hard: 1 hit
        8,  # 10 − 2 = 8
    )
    res = a.resolve_auto(dice, 45, TOMMY, [a.AutoTarget("ghoul", 10, D.REGULAR, armour=2)])
    assert [(v.bullets, v.penalty, v.roll.roll) for v in res.volleys] == [(4, 0, 30), (4, 1, 80), (2, 2, 15)]
    assert [[(b.rolled, b.taken, b.impaled) for b in v.hits] for v in res.volleys] == [
        [(7, 5, False), (3, 1, False)],
        [],
        [(10, 8, False)],
    ]
    assert sum(v.damage for v in res.volleys) == 14
    assert res.spent == 10 and not res.jammed


@pytest.mark.rule("COC-AUTO-09", "COC-FIREARM-10")
def test_extreme_volley_impales_the_first_half():
    dice = Dice.forced(5, 2, 7, 1, 2, 3)  # 05 extreme for 50; impales +2 and +7 rolls; 3 normal rolls
    res = a.resolve_auto(dice, 50, TOMMY, [a.AutoTarget("cultist", 5, D.REGULAR, armour=8)])
    (volley,) = res.volleys
    assert [(b.rolled, b.taken, b.impaled) for b in volley.hits] == [
        (12 + 4, 8, True), (12 + 9, 13, True), (3, 0, False), (4, 0, False), (5, 0, False),
    ]


@pytest.mark.rule("COC-AUTO-07", "COC-AUTO-10")
def test_fourth_volley_with_fourth_penalty_die_at_extreme_caps_a_01():
    dice = Dice.forced(
        0, 90, 90,  # v1, 1 penalty: 90 miss
        0, 90, 90, 90,  # v2, 2 penalty dice: miss
        0, 90, 90, 90,  # v3, 2 penalty dice + Hard: miss
        1, 0, 0, 0,  # v4, 2 penalty dice + Extreme: 01
        1, 2, 3,  # three half hits, no impale
    )
    res = a.resolve_auto(dice, 60, TOMMY, [a.AutoTarget("shoggoth", 24, D.REGULAR, net=-1)])
    assert [v.difficulty for v in res.volleys] == [2, 2, 3, 4]
    v4 = res.volleys[3]
    assert v4.roll.roll == 1 and v4.roll.level == L.CRITICAL
    assert [(b.rolled, b.impaled) for b in v4.hits] == [(3, False), (4, False), (5, False)]
    assert "COC-AUTO-10" in res.rules


@pytest.mark.rule("COC-AUTO-07")
def test_impossible_volley_fires_without_a_roll():
    dice = Dice.forced(0, 90, 90, 90, 0, 90, 90, 90, 0, 90, 90, 90)
    res = a.resolve_auto(dice, 30, TOMMY, [a.AutoTarget("x", 12, D.REGULAR, net=-2)])
    assert [v.difficulty for v in res.volleys] == [2, 3, 4, None]
    assert res.volleys[3].roll is None and res.volleys[3].hits == () and res.spent == 12


@pytest.mark.rule("COC-AUTO-05", "COC-AUTO-03")
def test_switching_targets_starts_a_new_volley_and_spends_the_gap():
    dice = Dice.forced(80, 0, 90, 90)  # v1 at A misses; v2 at B: one penalty die, misses
    res = a.resolve_auto(dice, 30, TOMMY, [a.AutoTarget("a", 2, D.REGULAR), a.AutoTarget("b", 3, D.REGULAR)], gap=2)
    assert [(v.target, v.bullets, v.penalty) for v in res.volleys] == [("a", 2, 0), ("b", 3, 1)]
    assert (res.spent, res.gap_spent) == (7, 2)


@pytest.mark.rule("COC-AUTO-04")
def test_burst_one_roll_of_burst_bullets():
    m16 = Gun("m16", "2D6", malfunction=97)
    dice = Dice.forced(20, 3, 4)  # 20 regular for 50 (hard ≤ 25: hard) → 1 hit of 3
    res = a.resolve_auto(dice, 50, m16, [a.AutoTarget("x", 3, D.REGULAR)], burst=3)
    (v,) = res.volleys
    assert v.bullets == 3 and v.roll.level == L.HARD and [b.rolled for b in v.hits] == [7] and res.spent == 3


@pytest.mark.rule("COC-AUTO-11", "COC-FIREARM-11")
def test_jam_ends_the_firing_and_saves_the_rest():
    assert a.volley_jams(96, 96) and not a.volley_jams(95, 96)
    dice = Dice.forced(80, 6, 90, 90)  # v1 (4 bullets) misses; v2 penalty die: 96, 96 → 96 jams
    res = a.resolve_auto(dice, 45, TOMMY, [a.AutoTarget("x", 12, D.REGULAR)])
    assert [v.jammed for v in res.volleys] == [False, True]
    assert res.jammed and res.spent == 4 and len(res.volleys) == 2
