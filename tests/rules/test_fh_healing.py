"""FHTAGN healing (FH-HEAL-01…06): rules with forced dice, then the commands through the Engine."""

from __future__ import annotations

import pytest

from fhtagn_tui.domain.features.campaign import ConditionAdded, ConditionRemoved, PoolChanged
from fhtagn_tui.domain.features.encounter import DamageApplied
from fhtagn_tui.domain.features.fh_healing import (
    ExertionTaken,
    FirstAidAttempted,
    RecuperationRolled,
    ResuscitationAttempted,
    TreatmentRolled,
)
from fhtagn_tui.rules.dice import Dice
from fhtagn_tui.rules.fhtagn import healing as h
from tests.helpers import do, engine, events_of, rejected, replayed

PARTY = (
    'char new Ada STR=12 CON=11 DEX=13 "First Aid=60" Medicine=50',
    "char new Bob STR=10 CON=10 DEX=10",
)


def party(*more: str):
    return engine("fhtagn", *PARTY, *more)


def hp(eng, name: str = "bob") -> int:
    return eng.state.character(name).current["HP"]


def conds(eng, name: str = "bob") -> tuple[str, ...]:
    return eng.state.character(name).conditions


# --- rules ---------------------------------------------------------------------------------


@pytest.mark.rule("FH-HEAL-01")
@pytest.mark.parametrize(
    ("faces", "level", "heal", "damage", "draws"),
    [
        ((22, 3), "critical", 6, 0, 2),  # 2 × 1d4
        ((30, 3), "success", 3, 0, 2),
        ((70,), "failure", 0, 0, 1),  # no d4 drawn
        ((100, 2), "fumble", 0, 2, 2),
        ((77, 4), "fumble", 0, 4, 2),  # a failed double
    ],
)
def test_first_aid_table(faces, level, heal, damage, draws):
    dice = Dice.forced(*faces)
    out = h.first_aid(dice, 60)
    assert (out.test.level, out.heal, out.damage) == (level, heal, damage)
    assert [r.die for r in dice.drawn] == ["d100", "d4"][:draws]


@pytest.mark.rule("FH-HEAL-01")
def test_first_aid_flag_allows_one_attempt():
    assert h.may_first_aid(False) is True
    assert h.may_first_aid(True) is False


@pytest.mark.rule("FH-HEAL-02")
@pytest.mark.parametrize(
    ("faces", "heal", "damage"),
    [((44, 2), 4, 0), ((45, 2), 2, 0), ((60,), 0, 0), ((66, 3), 0, 3)],
)
def test_treatment_table(faces, heal, damage):
    out = h.treatment(Dice.forced(*faces), 50)
    assert (out.heal, out.damage) == (heal, damage)


@pytest.mark.rule("FH-HEAL-03")
def test_exertion_draws_a_d4_only_when_wounded():
    unhurt = Dice.forced()
    assert h.exertion_damage(unhurt, 10, 10) == 0 and unhurt.drawn == []
    dice = Dice.forced(3)
    assert h.exertion_damage(dice, 9, 10) == 3
    assert [(r.purpose, r.die) for r in dice.drawn] == [("exertion while wounded", "d4")]


@pytest.mark.rule("FH-HEAL-04")
@pytest.mark.parametrize(
    ("roll", "level", "heal", "damage"),
    [(44, "critical", 2, 0), (45, "success", 1, 0), (51, "failure", 0, 0), (100, "fumble", 0, 1), (55, "fumble", 0, 1)],
)
def test_recuperation_table(roll, level, heal, damage):
    out = h.recuperation(Dice.forced(roll), 10)  # CON 10: target 50
    assert (out.test.target, out.test.level, out.heal, out.damage) == (50, level, heal, damage)


@pytest.mark.rule("FH-HEAL-05")
def test_resuscitation_window_and_table():
    assert h.in_time(10, 10) and h.in_time(0, 10)
    assert not h.in_time(11, 10)
    assert h.resuscitation(Dice.forced(11, 4), 60).heal == 8  # critical: 2 × 1d4
    assert h.resuscitation(Dice.forced(59, 4), 60).heal == 4
    fumble = Dice.forced(100)
    out = h.resuscitation(fumble, 60)
    assert (out.heal, out.damage, len(fumble.drawn)) == (0, 0, 1)  # stays dead, no extra harm


@pytest.mark.rule("FH-HEAL-06")
def test_healing_caps_and_disease_block():
    assert h.healed_hp(8, 4, 10) == 10
    assert h.healed_hp(3, 4, 10) == 7
    assert h.healed_hp(3, 4, 10, diseased=True) == 3
    assert h.healed_hp(12, 1, 10) == 12  # never lowered by a cap


# --- first aid through the engine ---------------------------------------------------------------


@pytest.mark.rule("FH-HEAL-01", "FH-HEAL-06")
def test_first_aid_heals_sets_flag_and_refuses_a_second_time():
    eng = party("char pool bob HP=4")
    evs = do(eng, "firstaid ada bob", 22, 3)
    (fa,) = events_of(evs, FirstAidAttempted)
    assert (fa.roll, fa.target, fa.level, fa.d4, fa.heal) == (22, 60, "critical", 3, 6)
    assert [(r.die, r.value) for r in fa.dice] == [("d100", 22), ("d4", 3)]
    assert "FH-HEAL-01" in fa.rules
    (pool,) = events_of(evs, PoolChanged)
    assert (pool.old, pool.new) == (4, 10)  # 4 + 6 capped at max HP 10
    assert "first-aid-used" in conds(eng)
    msg = rejected(eng, "firstaid ada bob", 30, 2)
    assert "once until new damage" in msg


@pytest.mark.rule("FH-HEAL-01")
def test_new_damage_clears_first_aid_used():
    eng = party("char pool bob HP=4")
    do(eng, "firstaid ada bob", 30, 2)
    assert hp(eng) == 6 and "first-aid-used" in conds(eng)
    evs = do(eng, "damage bob 1")
    assert any(isinstance(e, ConditionRemoved) and e.condition == "first-aid-used" for e in evs)
    do(eng, "firstaid ada bob", 30, 1)
    assert hp(eng) == 6
    assert replayed(eng) == eng.state


@pytest.mark.rule("FH-HEAL-01", "FH-DMG-01")
def test_first_aid_fumble_hurts_and_still_uses_the_attempt():
    eng = party("char pool bob HP=8")
    evs = do(eng, "firstaid ada bob", 100, 3)
    (dmg,) = events_of(evs, DamageApplied)
    assert (dmg.hp_before, dmg.hp_after, dmg.source) == (8, 5, "first aid")
    assert hp(eng) == 5 and "first-aid-used" in conds(eng)  # its own fumble does not reopen first aid


@pytest.mark.rule("FH-HEAL-01")
def test_first_aid_failure_changes_no_hp_and_uses_skill_base():
    eng = party("char pool ada HP=5")
    (fa, added) = do(eng, "firstaid bob ada", 50)  # Bob has no First Aid: base 10
    assert isinstance(fa, FirstAidAttempted)
    assert (fa.target, fa.level, fa.d4, fa.heal, fa.damage) == (10, "failure", 0, 0, 0)
    assert isinstance(added, ConditionAdded) and added.condition == "first-aid-used"
    assert hp(eng, "ada") == 5


@pytest.mark.rule("FH-HEAL-01", "FH-DMG-07")
def test_first_aid_to_three_hp_wakes_the_unconscious():
    eng = party()
    do(eng, "damage bob 8", 90)  # 10 → 2: unconscious, CON×5 90 failed → injury pending
    assert "unconscious" in conds(eng) and hp(eng) == 2
    do(eng, "firstaid ada bob", 40, 1)
    assert hp(eng) == 3 and "unconscious" not in conds(eng)


def test_first_aid_refusals():
    eng = party()
    assert "unhurt" in rejected(eng, "firstaid ada bob")
    assert "did you mean" in rejected(eng, "firstaid ada bobb")
    assert "not suffocating" in rejected(eng, "firstaid ada bob airway")
    do(eng, "char pool bob HP=0")
    assert "resuscitate" in rejected(eng, "firstaid ada bob")
    coc = engine("coc7", "char new Harvey")
    assert "not dying" in rejected(coc, "firstaid harvey harvey")  # CoC First Aid stabilises the dying
    assert "FHTAGN rule" in rejected(coc, "medical harvey by=harvey")


@pytest.mark.rule("FH-HEAL-06", "FH-HEAL-01")
def test_first_aid_on_a_diseased_patient_regains_nothing():
    eng = party("char pool bob HP=4", "disease bob damage=1d6 speed=1day")
    evs = do(eng, "firstaid ada bob", 30, 3)
    (fa,) = events_of(evs, FirstAidAttempted)
    assert fa.heal == 3 and fa.blocked
    assert events_of(evs, PoolChanged) == []
    assert hp(eng) == 4


# --- treatment, recuperation, exertion, resuscitation ---------------------------------------------


@pytest.mark.rule("FH-HEAL-02")
def test_treatment_one_roll_per_week_stops_at_max_hp():
    eng = party("char pool bob HP=3")
    evs = do(eng, "medical bob by=ada weeks=4", 20, 4, 60, 30, 3)
    weeks = events_of(evs, TreatmentRolled)
    assert [(t.week, t.roll, t.level, t.heal) for t in weeks] == [
        (1, 20, "success", 4), (2, 60, "failure", 0), (3, 30, "success", 3)]
    assert hp(eng) == 10  # 3 + 4 + 3; week 4 not rolled (max HP)
    assert [r.purpose for r in weeks[0].dice] == ["Medicine", "treatment HP restored"]


@pytest.mark.rule("FH-HEAL-02")
def test_treatment_by_staff_skill_and_refusals():
    eng = party("char pool bob HP=5")
    (t, pool) = do(eng, "medical bob skill=70", 69, 2)
    assert (t.healer, t.target, t.heal) == ("", 70, 2) and pool.new == 7
    assert "who treats" in rejected(eng, "medical bob")
    assert "themselves" in rejected(eng, "medical bob by=bob")
    assert "1–52 weeks" in rejected(eng, "medical bob skill=50 weeks=0")


@pytest.mark.rule("FH-HEAL-04", "FH-HEAL-06")
def test_recuperation_days_and_fumble():
    eng = party("char pool bob HP=5")
    evs = do(eng, "recuperate bob days=3", 33, 80, 99)
    days = events_of(evs, RecuperationRolled)
    assert [(d.day, d.level, d.heal, d.damage) for d in days] == [
        (1, "critical", 2, 0), (2, "failure", 0, 0), (3, "fumble", 0, 1)]
    assert hp(eng) == 6  # 5 + 2 − 1
    eng = party("char pool bob HP=9")
    evs = do(eng, "recuperate bob days=5", 11)  # critical: +2 capped at 10, then stop
    assert len(events_of(evs, RecuperationRolled)) == 1 and hp(eng) == 10
    assert "unhurt" in rejected(eng, "recuperate bob")


@pytest.mark.rule("FH-HEAL-03")
def test_exertion_while_wounded():
    eng = party("char pool bob HP=7")
    evs = do(eng, "exert bob climbing the cliff", 4)
    (ex,) = events_of(evs, ExertionTaken)
    assert (ex.activity, ex.d4) == ("climbing the cliff", 4)
    assert hp(eng) == 3
    eng = party()
    assert "unhurt" in rejected(eng, "exert bob")


@pytest.mark.rule("FH-HEAL-05", "FH-DMG-07")
def test_resuscitation_success_revives_once():
    eng = party("damage bob 10")
    assert "dead" in conds(eng)
    assert "too late" in rejected(eng, "resuscitate ada bob minutes=11", 20, 2)
    evs = do(eng, "resuscitate ada bob minutes=10", 20, 2)
    (r,) = events_of(evs, ResuscitationAttempted)
    assert (r.roll, r.target, r.level, r.heal, r.success) == (20, 60, "success", 2, True)
    assert hp(eng) == 2
    c = conds(eng)
    assert "dead" not in c and "unconscious" in c and "first-aid-used" in c
    assert "not dead" in rejected(eng, "resuscitate ada bob minutes=1")


@pytest.mark.rule("FH-HEAL-05")
def test_resuscitation_failure_is_the_only_attempt():
    eng = party("damage bob 10")
    evs = do(eng, "resuscitate ada bob minutes=2", 61)
    (r,) = events_of(evs, ResuscitationAttempted)
    assert (r.level, r.success, len(r.dice)) == ("failure", False, 1)
    assert hp(eng) == 0 and "dead" in conds(eng)
    assert "one resuscitation attempt" in rejected(eng, "resuscitate ada bob minutes=3", 10, 1)
    assert replayed(eng) == eng.state


@pytest.mark.rule("FH-HEAL-05", "FH-HEAL-06")
def test_resuscitation_refused_while_diseased_or_by_the_dead():
    eng = party("disease bob damage=1d6 speed=1day", "damage bob 10")
    assert "diseased" in rejected(eng, "resuscitate ada bob minutes=2", 20, 2)
    assert "dead and cannot" in rejected(eng, "resuscitate bob ada minutes=2", 20, 2)
