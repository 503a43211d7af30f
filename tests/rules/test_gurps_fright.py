"""GURPS Fright Checks (catalogue GURPS-FRIGHT-01 … 41) with forced dice."""

from __future__ import annotations

import pytest

from fhtagn_tui.domain.codec import decode_one, encode
from fhtagn_tui.domain.features.campaign import ConditionRemoved, PoolChanged, StatChanged
from fhtagn_tui.domain.features.fright import (
    FrightCheckRolled,
    FrightOverridden,
    FrightResultApplied,
    RecoveryRolled,
    SelfControlWorsened,
    TraitAcquired,
)
from fhtagn_tui.rules.dice import Dice
from fhtagn_tui.rules.gurps import fright as fr
from fhtagn_tui.rules.gurps.fright import Timer, Trait
from fhtagn_tui.service import Engine
from tests.helpers import do, engine, events_of, rejected, replayed

# Ilse: IQ 12 → Will 12; HT 10 → FP 10; ST 10 → HP 10.
ILSE = "char new Ilse ST=10 DX=11 IQ=12 HT=10"


@pytest.fixture
def eng() -> Engine:
    return engine("gurps", ILSE)


def ilse(eng: Engine):  # noqa: ANN201
    char = eng.state.character("ilse")
    assert char is not None
    return char


def result(events: list) -> FrightResultApplied:
    (ev,) = events_of(events, FrightResultApplied)
    assert isinstance(ev, FrightResultApplied)
    return ev


# --- GURPS-FRIGHT-01 / 02: the check and the table roll ------------------------------------------


@pytest.mark.rule("GURPS-FRIGHT-01")
def test_success_against_will_plus_modifier(eng):
    (ev,) = do(eng, "fright ilse mod=-2", 3, 3, 4)  # 10 vs 10
    assert isinstance(ev, FrightCheckRolled)
    assert (ev.effective, ev.roll, ev.level, ev.table) == (10, 10, "success", 0)
    assert ilse(eng).mind.last_fright is None


@pytest.mark.rule("GURPS-FRIGHT-01")
def test_rule_of_14_caps_effective_will_at_13(eng):
    do(eng, "char set ilse Will=15")
    evs = do(eng, "fright ilse mod=+2", 5, 5, 4, 1, 1, 2)  # 14 vs 13 (not 17): fails by 1
    check = events_of(evs, FrightCheckRolled)[0]
    assert (check.effective, check.margin, check.table) == (13, 1, 5)
    assert "Rule of 14" in check.describe(eng.names)
    assert fr.effective_will(15, 2) == 13 and fr.effective_will(10, 2) == 12


@pytest.mark.rule("GURPS-FRIGHT-01")
def test_a_very_low_will_still_succeeds_on_3_or_4(eng):
    (ev,) = do(eng, "fright ilse mod=-15", 1, 1, 2)
    assert (ev.effective, ev.level) == (-3, "critical success")


@pytest.mark.rule("GURPS-FRIGHT-02")
def test_table_total_is_3d_plus_margin_of_failure(eng):
    evs = do(eng, "fright ilse", 6, 6, 3, 2, 2, 2)  # 15 vs 12: margin 3; 6 + 3 = 9
    check = events_of(evs, FrightCheckRolled)[0]
    assert (check.margin, check.table) == (3, 9)
    r = result(evs)
    assert (r.total, r.entry) == (9, "GURPS-FRIGHT-07")
    assert [x.purpose for x in r.dice] == []  # 8–9 draws nothing more
    assert [x.purpose for x in check.dice] == ["Fright Check"] * 3 + ["Fright table"] * 3
    assert fr.table_total(3, 1) == 4


def test_fright_is_refused_outside_gurps():
    eng = engine("fhtagn", "char new Ada")
    assert "san NAME LOSS" in rejected(eng, "fright ada", 6, 6, 6)
    assert "did you mean" in rejected(engine("gurps", ILSE), "fright ilsa", 6, 6, 6)


# --- the table, band by band (GURPS-FRIGHT-05 … 37) -----------------------------------------------

_S = "stunned"
BANDS = [
    # (rule, total, dice drawn for the entry, timers (condition, amount, unit, recovery, again), fp, hp, ht, iq, traits)
    ("GURPS-FRIGHT-05", 4, [], [(_S, 1, "s", "auto", "")], 0, 0, 0, 0, []),
    ("GURPS-FRIGHT-05", 5, [], [(_S, 1, "s", "auto", "")], 0, 0, 0, 0, []),
    ("GURPS-FRIGHT-06", 6, [], [(_S, 1, "s", "will", "")], 0, 0, 0, 0, []),
    ("GURPS-FRIGHT-06", 7, [], [(_S, 1, "s", "will", "")], 0, 0, 0, 0, []),
    ("GURPS-FRIGHT-07", 8, [], [(_S, 1, "s", "modified will", "")], 0, 0, 0, 0, []),
    ("GURPS-FRIGHT-08", 10, [4], [(_S, 4, "s", "modified will", "")], 0, 0, 0, 0, []),
    ("GURPS-FRIGHT-09", 11, [3, 5], [(_S, 8, "s", "modified will", "")], 0, 0, 0, 0, []),
    ("GURPS-FRIGHT-10", 12, [], [("retching", 15, "s", "HT", "")], 0, 0, 0, 0, []),
    ("GURPS-FRIGHT-11", 13, [], [], 0, 0, 0, 0, [("quirk", -1)]),
    ("GURPS-FRIGHT-12", 14, [2, 5], [(_S, 2, "s", "modified will", "")], 5, 0, 0, 0, []),
    ("GURPS-FRIGHT-12", 15, [6, 1], [(_S, 6, "s", "modified will", "")], 1, 0, 0, 0, []),
    ("GURPS-FRIGHT-13", 16, [6], [(_S, 6, "s", "modified will", "")], 0, 0, 0, 0, [("quirk", -1)]),
    ("GURPS-FRIGHT-14", 17, [3], [("fainted", 3, "min", "HT", "")], 0, 0, 0, 0, []),
    ("GURPS-FRIGHT-15", 18, [2, 6, 6, 6], [("fainted", 2, "min", "HT", "")], 0, 1, 0, 0, []),
    ("GURPS-FRIGHT-16", 19, [4, 5], [("fainted", 9, "min", "HT", "")], 0, 1, 0, 0, []),
    ("GURPS-FRIGHT-17", 20, [1, 2, 3, 4, 5], [("fainted", 10, "min", "auto", "")], 5, 0, 0, 0, []),
    ("GURPS-FRIGHT-18", 21, [4], [("panicked", 4, "min", "will", "")], 0, 0, 0, 0, []),
    ("GURPS-FRIGHT-19", 22, [], [], 0, 0, 0, 0, [("delusion", -10)]),
    ("GURPS-FRIGHT-20", 23, [], [], 0, 0, 0, 0, [("mental", -10)]),
    ("GURPS-FRIGHT-21", 24, [], [], 0, 0, 0, 0, [("physical", -15)]),
    ("GURPS-FRIGHT-22", 25, [], [], 0, 0, 0, 0, [("worsen", -10)]),
    ("GURPS-FRIGHT-23", 26, [3, 1, 1, 1], [("fainted", 3, "min", "HT", "")], 0, 0, 0, 0, [("delusion", -10)]),
    ("GURPS-FRIGHT-24", 27, [3, 5, 5, 5], [("fainted", 3, "min", "HT", "")], 0, 1, 0, 0, [("mental", -10)]),
    ("GURPS-FRIGHT-25", 28, [], [("light coma", 30, "min", "HT", "30")], 0, 0, 0, 0, []),
    ("GURPS-FRIGHT-26", 29, [4], [("coma", 4, "h", "HT", "1d")], 0, 0, 0, 0, []),
    ("GURPS-FRIGHT-27", 30, [2], [("catatonic", 2, "days", "HT", "1d")], 0, 0, 0, 0, []),
    ("GURPS-FRIGHT-28", 31, [3, 4, 6, 6, 5, 5], [("seizure", 3, "min", "auto", "")], 4, 5, 1, 0, []),
    ("GURPS-FRIGHT-29", 32, [3, 4], [], 0, 7, 0, 0, []),
    ("GURPS-FRIGHT-30", 33, [6, 5, 4], [("total panic", 1, "reaction", "modified will", "1")], 0, 0, 0, 0, []),
    ("GURPS-FRIGHT-31", 34, [], [], 0, 0, 0, 0, [("delusion", -15)]),
    ("GURPS-FRIGHT-32", 35, [], [], 0, 0, 0, 0, [("mental", -15)]),
    ("GURPS-FRIGHT-33", 36, [], [], 0, 0, 0, 0, [("physical", -20)]),
    ("GURPS-FRIGHT-34", 37, [], [], 0, 0, 0, 0, [("physical", -30)]),
    ("GURPS-FRIGHT-35", 38, [2], [("coma", 2, "h", "HT", "1d")], 0, 0, 0, 0, [("delusion", -15)]),
    ("GURPS-FRIGHT-36", 39, [5], [("coma", 5, "h", "HT", "1d")], 0, 0, 0, 0, [("mental", -15)]),
    ("GURPS-FRIGHT-37", 40, [1], [("coma", 1, "h", "HT", "1d")], 0, 0, 0, 1, [("mental", -15)]),
    ("GURPS-FRIGHT-37", 47, [6], [("coma", 6, "h", "HT", "1d")], 0, 0, 0, 1, [("mental", -15)]),
]


@pytest.mark.parametrize(
    ("rule_id", "total", "drawn", "timers", "fp", "hp", "ht", "iq", "traits"),
    [pytest.param(*b, marks=pytest.mark.rule(b[0]), id=str(b[1])) for b in BANDS],
)
def test_every_band_of_the_table(rule_id, total, drawn, timers, fp, hp, ht, iq, traits):
    dice = Dice.forced(*drawn)
    r = fr.resolve(dice, total, ht=10, mod=-2, origin=1)
    assert r.entry.rule == rule_id
    assert [(t.condition, t.amount, t.unit, t.recovery, t.again) for t in r.timers] == timers
    assert all(t.mod == -2 and t.origin == 1 for t in r.timers)
    assert (r.fp, r.hp, r.ht, r.iq) == (fp, hp, ht, iq)
    assert [(g.kind, g.points) for g in r.entry.traits] == traits
    assert len(dice.drawn) == len(drawn)  # every forced die used, none more


# Each band cited once more, by the ID the table registers (the coverage check reads these marks).
@pytest.mark.rule(
    "GURPS-FRIGHT-05", "GURPS-FRIGHT-06", "GURPS-FRIGHT-07", "GURPS-FRIGHT-08", "GURPS-FRIGHT-09",
    "GURPS-FRIGHT-10", "GURPS-FRIGHT-11", "GURPS-FRIGHT-12", "GURPS-FRIGHT-13", "GURPS-FRIGHT-14",
    "GURPS-FRIGHT-15", "GURPS-FRIGHT-16", "GURPS-FRIGHT-17", "GURPS-FRIGHT-18", "GURPS-FRIGHT-19",
    "GURPS-FRIGHT-20", "GURPS-FRIGHT-21", "GURPS-FRIGHT-22", "GURPS-FRIGHT-23", "GURPS-FRIGHT-24",
    "GURPS-FRIGHT-25", "GURPS-FRIGHT-26", "GURPS-FRIGHT-27", "GURPS-FRIGHT-28", "GURPS-FRIGHT-29",
    "GURPS-FRIGHT-30", "GURPS-FRIGHT-31", "GURPS-FRIGHT-32", "GURPS-FRIGHT-33", "GURPS-FRIGHT-34",
    "GURPS-FRIGHT-35", "GURPS-FRIGHT-36", "GURPS-FRIGHT-37",
)
def test_band_boundaries_cover_4_to_40_plus_without_gaps():
    expected = {4: "05", 5: "05", 6: "06", 7: "06", 8: "07", 9: "07", 10: "08", 11: "09", 12: "10", 13: "11",
                14: "12", 15: "12", 16: "13", 17: "14", 18: "15", 19: "16", 20: "17", 21: "18", 22: "19",
                23: "20", 24: "21", 25: "22", 26: "23", 27: "24", 28: "25", 29: "26", 30: "27", 31: "28",
                32: "29", 33: "30", 34: "31", 35: "32", 36: "33", 37: "34", 38: "35", 39: "36", 40: "37", 60: "37"}
    assert {t: fr.lookup(t).rule[-2:] for t in expected} == expected
    assert [e.rule for e in fr.FRIGHT_TABLE] == [f"GURPS-FRIGHT-{n:02d}" for n in range(5, 38)]


@pytest.mark.rule("GURPS-FRIGHT-10")
def test_retching_time_never_goes_below_zero():
    r = fr.resolve(Dice.forced(), 12, ht=26, mod=0, origin=1)
    assert r.timers[0].amount == 0


@pytest.mark.rule("GURPS-FRIGHT-15")
def test_faint_18_with_a_good_ht_roll_takes_no_injury():
    r = fr.resolve(Dice.forced(2, 1, 2, 3), 18, ht=10, mod=0, origin=1)
    assert (r.hp, r.ht_roll, r.ht_level) == (0, 6, "success")


@pytest.mark.rule("GURPS-FRIGHT-28")
def test_seizure_plain_failure_costs_injury_but_no_ht():
    r = fr.resolve(Dice.forced(3, 4, 5, 5, 5, 2), 31, ht=12, mod=0, origin=1)  # 15 vs 12: not critical
    assert (r.fp, r.hp, r.ht, r.ht_level) == (4, 2, 0, "failure")


@pytest.mark.rule("GURPS-FRIGHT-21", "GURPS-FRIGHT-33", "GURPS-FRIGHT-34")
def test_physical_effects_in_years_of_age():
    assert [fr.years_of_age(p) for p in (-15, -20, -30)] == [5, 6, 10]


# --- results through the engine ------------------------------------------------------------------


@pytest.mark.rule("GURPS-FRIGHT-12", "GURPS-FRIGHT-41")
def test_fp_loss_and_stun_reach_the_sheet(eng):
    # 15 vs 12: margin 3; table 4+4+3 = 11 + 3 = 14 → 1d FP (5) and 1d s stunned (2)
    evs = do(eng, "fright ilse", 6, 6, 3, 4, 4, 3, 2, 5)
    r = result(evs)
    assert r.entry == "GURPS-FRIGHT-12"
    assert [(p.pool, p.old, p.new) for p in events_of(evs, PoolChanged)] == [("FP", 10, 5)]
    assert ilse(eng).current["FP"] == 5
    assert ilse(eng).conditions == ("stunned",)
    assert [t.label() for t in ilse(eng).mind.timers] == ["stunned 2 s, then modified will rolls"]


@pytest.mark.rule("GURPS-FRIGHT-41", "GURPS-FRIGHT-29")
def test_injury_may_take_hp_below_zero(eng):
    do(eng, "char pool ilse HP=3")
    evs = do(eng, "fright ilse mod=-9", 6, 6, 6, 6, 6, 5, 6, 6)  # 18 vs 3 → 15; 17 + 15 = 32: 2d injury = 12
    assert result(evs).entry == "GURPS-FRIGHT-29"
    assert [(p.pool, p.old, p.new) for p in events_of(evs, PoolChanged)] == [("HP", 3, -9)]
    assert ilse(eng).current["HP"] == -9
    assert fr.lose(2, 5) == -3
    assert replayed(eng) == eng.state


@pytest.mark.rule("GURPS-FRIGHT-37")
def test_40_plus_costs_one_iq_for_good(eng):
    evs = do(eng, "fright ilse mod=-20", 6, 6, 6, 6, 6, 6, 3)  # 18 vs −8 → 26; 18 + 26 = 44; coma 3 h
    assert result(evs).total == 44 and result(evs).entry == "GURPS-FRIGHT-37"
    assert [(s.stat, s.old, s.new) for s in events_of(evs, StatChanged)] == [("IQ", 12, 11)]
    assert ilse(eng).stats["IQ"] == 11
    assert [(t.kind, t.points) for t in ilse(eng).mind.traits] == [("mental", -15)]
    assert ilse(eng).conditions == ("coma",)


# --- GURPS-FRIGHT-04 / 11 / 13 / 38: acquired traits and the quirk limit -------------------------------


@pytest.mark.rule("GURPS-FRIGHT-04", "GURPS-FRIGHT-11")
def test_result_13_gives_the_named_quirk(eng):
    evs = do(eng, 'fright ilse trait="Counts the exits"', 5, 5, 5, 3, 3, 4)  # 15 vs 12 → 3; 10 + 3 = 13
    (t,) = events_of(evs, TraitAcquired)
    assert t.trait == Trait(name="Counts the exits", points=-1, kind="quirk", origin=1)
    assert fr.point_total(ilse(eng).mind.traits) == -1


@pytest.mark.rule("GURPS-FRIGHT-38", "GURPS-FRIGHT-13")
def test_quirk_limit_is_five_but_a_fright_may_pass_it(eng):
    for i in range(5):
        do(eng, f'trait add ilse "Quirk {i}"')
    assert "5 quirks" in rejected(eng, 'trait add ilse "Quirk 5"')
    # 15 vs 12 → 3; 4+4+5 = 13 + 3 = 16: stunned 1d (2) and a quirk
    do(eng, "fright ilse", 5, 5, 5, 4, 4, 5, 2)
    quirks = [t for t in ilse(eng).mind.traits if t.kind == "quirk"]
    assert len(quirks) == 6 and quirks[-1].name == "quirk from fright 1 (GM to name)"
    assert fr.quirk_allowed(tuple(quirks), from_fright=True)
    assert not fr.quirk_allowed(tuple(quirks), from_fright=False)


@pytest.mark.rule("GURPS-FRIGHT-04")
def test_trait_add_refuses_bad_values(eng):
    assert "−1 point" in rejected(eng, 'trait add ilse "Odd" points=-5')
    assert "negative" in rejected(eng, 'trait add ilse "Odd" kind=mental points=5')
    assert "15, 12, 9 or 6" in rejected(eng, 'trait add ilse "Phobia" kind=mental sc=10')
    assert "did you mean 'mental'" in rejected(eng, 'trait add ilse "Phobia" kind=mentl')


# --- GURPS-FRIGHT-22 / 39: self-control --------------------------------------------------------------


@pytest.mark.rule("GURPS-FRIGHT-39")
def test_self_control_ladder():
    assert [fr.worse_self_control(n) for n in (15, 12, 9, 6)] == [12, 9, 6, None]


@pytest.mark.rule("GURPS-FRIGHT-22", "GURPS-FRIGHT-39")
def test_result_25_worsens_a_related_self_control(eng):
    do(eng, 'trait add ilse "Phobia (dark)" kind=mental points=-15 sc=12')
    # mod=-2: 18 vs 10 → 8; 6+6+5 = 17 + 8 = 25
    evs = do(eng, 'fright ilse mod=-2 worsen="phobia (dark)"', 6, 6, 6, 6, 6, 5)
    (w,) = events_of(evs, SelfControlWorsened)
    assert (w.trait, w.old, w.new) == ("Phobia (dark)", 12, 9)
    assert events_of(evs, TraitAcquired) == []
    assert ilse(eng).mind.traits[0].self_control == 9


@pytest.mark.rule("GURPS-FRIGHT-22")
def test_result_25_at_self_control_6_gives_a_new_disadvantage(eng):
    do(eng, 'trait add ilse "Phobia (dark)" kind=mental points=-15 sc=6')
    evs = do(eng, 'fright ilse mod=-2 worsen="Phobia (dark)" trait="Nyctophobia"', 6, 6, 6, 6, 6, 5)
    (t,) = events_of(evs, TraitAcquired)
    assert (t.trait.name, t.trait.kind, t.trait.points) == ("Nyctophobia", "mental", -10)
    assert "did you mean" in rejected(eng, "fright ilse worsen=Phobia", 6, 6, 6, 6, 6, 5)


# --- GURPS-FRIGHT-03: GM override ------------------------------------------------------------------------


@pytest.mark.rule("GURPS-FRIGHT-03")
def test_gm_substitutes_a_result_and_the_old_one_is_taken_back(eng):
    do(eng, "fright ilse", 6, 6, 3, 4, 4, 3, 2, 5)  # result 14: FP 10 → 5, stunned 2 s
    evs = do(eng, "fright override ilse 13 trait=\"Whistles in the dark\"")
    assert [type(e).__name__ for e in evs] == [
        "PoolChanged", "ConditionRemoved", "FrightOverridden", "FrightResultApplied", "TraitAcquired",
    ]
    (o,) = events_of(evs, FrightOverridden)
    assert (o.old_total, o.new_total, o.reroll) == (14, 13, False)
    char = ilse(eng)
    assert char.current["FP"] == 10 and char.conditions == () and char.mind.timers == ()
    assert [t.name for t in char.mind.traits] == ["Whistles in the dark"]
    assert char.mind.last_fright is not None and char.mind.last_fright.total == 13
    assert replayed(eng) == eng.state


@pytest.mark.rule("GURPS-FRIGHT-03")
def test_gm_rerolls_the_table_with_the_same_margin(eng):
    do(eng, 'fright ilse trait="Counts the exits"', 5, 5, 5, 3, 3, 4)  # 13: quirk
    evs = do(eng, "fright override ilse reroll", 1, 1, 2)  # 4 + 3 = 7
    (o,) = events_of(evs, FrightOverridden)
    assert (o.old_total, o.new_total, o.reroll) == (13, 7, True)
    assert [(r.purpose, r.value) for r in o.dice] == [("Fright table", 1), ("Fright table", 1), ("Fright table", 2)]
    assert ilse(eng).mind.traits == ()
    assert [t.condition for t in ilse(eng).mind.timers] == ["stunned"]


@pytest.mark.rule("GURPS-FRIGHT-03")
def test_override_needs_a_result_and_a_legal_total(eng):
    assert "no fright result" in rejected(eng, "fright override ilse reroll", 1, 1, 1)
    do(eng, "fright ilse", 5, 5, 5, 3, 3, 4)
    assert "4–40" in rejected(eng, "fright override ilse 3")
    assert fr.override_total(Dice.forced(), 5, 2) == 4


# --- GURPS-FRIGHT-40: timers and recovery rolls ------------------------------------------------------------


@pytest.mark.rule("GURPS-FRIGHT-40", "GURPS-FRIGHT-08")
def test_stun_recovery_uses_modified_will_without_the_cap(eng):
    do(eng, "char set ilse Will=15")
    # mod=+2: effective 13 (cap); 18 vs 13 → 5; table 1+2+2 = 5 + 5 = 10: stunned 1d (3) s
    do(eng, "fright ilse mod=+2", 6, 6, 6, 1, 2, 2, 3)
    evs = do(eng, "fright recover ilse", 6, 5, 5)  # 16 vs 17 (15 + 2, not capped at 13): recovers
    assert [type(e).__name__ for e in evs] == ["RecoveryRolled", "ConditionRemoved"]
    assert (evs[0].target, evs[0].roll, evs[0].success) == (17, 16, True)
    assert ilse(eng).conditions == () and ilse(eng).mind.timers == ()
    do(eng, "undo")
    evs = do(eng, "fright recover ilse", 6, 6, 5)  # 17 always fails: one more second
    (r,) = events_of(evs, RecoveryRolled)
    assert (r.target, r.roll, r.success, r.next_amount) == (17, 17, False, 1)
    (t,) = ilse(eng).mind.timers
    assert (t.elapsed, t.amount) == (3, 1)
    assert ilse(eng).conditions == ("stunned",)


@pytest.mark.rule("GURPS-FRIGHT-06")
def test_result_6_recovers_on_unmodified_will(eng):
    do(eng, "fright ilse mod=-4", 3, 3, 3, 1, 1, 3)  # 9 vs 8 → 1; 5 + 1 = 6
    (r, _) = do(eng, "fright recover ilse", 4, 4, 4)  # 12 vs Will 12 (not 8)
    assert (r.target, r.success) == (12, True)


@pytest.mark.rule("GURPS-FRIGHT-40", "GURPS-FRIGHT-05")
def test_automatic_recovery_needs_no_roll(eng):
    do(eng, "fright ilse", 5, 4, 4, 1, 1, 1)  # 13 vs 12 → 1; 3 + 1 = 4: stunned 1 s, recovers by itself
    (ev, removed) = do(eng, "fright recover ilse")
    assert isinstance(ev, RecoveryRolled) and ev.target is None and ev.dice == ()
    assert isinstance(removed, ConditionRemoved)


@pytest.mark.rule("GURPS-FRIGHT-40", "GURPS-FRIGHT-26")
def test_coma_failure_adds_another_1d_hours(eng):
    # mod=-8: 17 vs 4 → 13; 6+6+4 = 16 + 13 = 29: coma 1d (2) h
    do(eng, "fright ilse mod=-8", 6, 6, 5, 6, 6, 4, 2)
    evs = do(eng, "fright recover ilse coma", 5, 5, 5, 6)  # 15 vs HT 10 fails; another 6 h
    (r,) = events_of(evs, RecoveryRolled)
    assert (r.success, r.next_amount) == (False, 6)
    (t,) = ilse(eng).mind.timers
    assert (t.elapsed, t.amount, t.unit) == (2, 6, "h")
    assert "is not stunned" in rejected(eng, "fright recover ilse stunned", 1, 1, 1)


@pytest.mark.rule("GURPS-FRIGHT-27", "GURPS-FRIGHT-40")
def test_catatonia_costs_n_hp_on_day_n_and_leaves_minus_2_as_long(eng):
    # mod=-8: 17 vs 4 → 13; 6+6+5 = 17 + 13 = 30: catatonic 1d (2) days
    do(eng, "fright ilse mod=-8", 6, 6, 5, 6, 6, 5, 2)
    evs = do(eng, "fright recover ilse", 6, 6, 6, 1)  # fails: another 1 day; days 1–2 cost 1 + 2 HP
    assert [(p.old, p.new) for p in events_of(evs, PoolChanged)] == [(10, 7)]
    evs = do(eng, "fright recover ilse", 1, 1, 1)  # day 3 costs 3 HP; wakes
    assert [(p.old, p.new) for p in events_of(evs, PoolChanged)] == [(7, 4)]
    (t,) = ilse(eng).mind.timers
    assert (t.condition, t.amount, t.unit) == ("−2 to all rolls", 3, "days")
    assert ilse(eng).conditions == ("−2 to all rolls",)
    assert fr.catatonia_hp(0, 3) == 6


@pytest.mark.rule("GURPS-FRIGHT-27")
def test_catatonia_under_care_costs_no_hp(eng):
    do(eng, "fright ilse mod=-8", 6, 6, 5, 6, 6, 5, 2)
    evs = do(eng, "fright recover ilse --care", 1, 1, 1)
    assert events_of(evs, PoolChanged) == []


@pytest.mark.rule("GURPS-FRIGHT-25")
def test_light_coma_wakes_on_ht_and_leaves_minus_2_for_6_hours(eng):
    do(eng, "fright ilse mod=-8", 6, 6, 5, 6, 6, 3)  # 15 + 13 = 28
    evs = do(eng, "fright recover ilse", 6, 6, 5)  # 17 fails: 30 more minutes
    assert events_of(evs, RecoveryRolled)[0].next_amount == 30
    evs = do(eng, "fright recover ilse", 2, 2, 2)
    # (issue 31) the −2 lasts 6 hours on the clock
    assert [type(e).__name__ for e in evs] == ["RecoveryRolled", "ConditionRemoved", "ConditionAdded", "LastingSet"]
    assert [(t.condition, t.amount, t.unit) for t in ilse(eng).mind.timers] == [("−2 to all rolls", 6, "h")]


@pytest.mark.rule("GURPS-FRIGHT-30", "GURPS-FRIGHT-40")
def test_total_panic_rolls_a_new_reaction_after_each_failed_will_roll(eng):
    evs = do(eng, "fright ilse mod=-10", 6, 6, 5, 6, 6, 6, 2, 3, 4)  # 18 + 15 = 33; reaction 9
    assert result(evs).panic_reaction == 9
    evs = do(eng, "fright recover ilse", 3, 3, 3, 6, 6, 6)  # 9 vs Will 12 − 10 = 2 fails; new reaction 18
    (r,) = events_of(evs, RecoveryRolled)
    assert (r.target, r.success, r.panic_reaction) == (2, False, 18)
    evs = do(eng, "fright recover ilse", 1, 1, 2)  # 4 always succeeds
    assert events_of(evs, RecoveryRolled)[0].success


@pytest.mark.rule("GURPS-FRIGHT-40")
def test_recover_needs_a_timer_and_a_name_when_several(eng):
    assert "no timed condition" in rejected(eng, "fright recover ilse", 1, 1, 1)
    do(eng, "fright ilse", 5, 4, 4, 1, 1, 1)  # stunned 1 s
    do(eng, "fright ilse mod=-8", 6, 6, 5, 6, 6, 4, 2)  # coma 2 h
    assert "name one" in rejected(eng, "fright recover ilse", 1, 1, 1)
    assert "did you mean 'coma'" in rejected(eng, "fright recover ilse comma", 1, 1, 1)


def test_events_round_trip(eng):
    evs = do(eng, 'fright ilse mod=-2 trait="Nyctophobia" sc=12', 6, 6, 6, 6, 6, 5)
    assert [t.self_control for t in ilse(eng).mind.traits] == [12]
    evs += do(eng, "fright override ilse reroll", 6, 6, 6, 2, 1, 1, 1)  # 18 + 8 = 26: faint 2 min, HT 3, Delusion
    for ev in evs:
        assert decode_one(encode(ev)) == ev
    assert [t.kind for t in ilse(eng).mind.traits] == ["delusion"]
    assert replayed(eng) == eng.state
    assert Timer(condition="x", amount=1, unit="s").label() == "x 1 s"
