"""FHTAGN other threats (FH-HAZ-01…12): rules with forced dice, commands through the Engine."""

from __future__ import annotations

import pytest

from fhtagn_tui.domain.features.campaign import PoolChanged
from fhtagn_tui.domain.features.encounter import DamageApplied
from fhtagn_tui.domain.features.fh_hazards import (
    AntidoteGiven,
    ColdTick,
    ColdWarmed,
    CrashResolved,
    DiseaseIntervalResolved,
    FallResolved,
    FireTick,
    HazardEnded,
    ImpactResolved,
    PoisonResolved,
    RadiationExposed,
    SuffocationTick,
)
from fhtagn_tui.domain.features.fh_healing import FirstAidAttempted, RecuperationRolled
from fhtagn_tui.rules.dice import Dice
from fhtagn_tui.rules.fhtagn import hazards as hz
from tests.helpers import do, engine, events_of, rejected, replayed

PARTY = (
    'char new Ada STR=12 CON=11 DEX=13 "First Aid=60" Medicine=50 Pharmacy=30',
    "char new Bob STR=10 CON=10 DEX=10",
)


def party(*more: str):
    return engine("fhtagn", *PARTY, *more)


def bob(eng):
    return eng.state.character("bob")


def kinds(eng) -> list[str]:
    return [h.kind for h in bob(eng).hazards]


# --- FH-HAZ-01 poison ----------------------------------------------------------------------------


@pytest.mark.rule("FH-HAZ-01")
@pytest.mark.parametrize(
    ("con_roll", "level", "damage"),
    [(22, "critical", 1), (30, "success", 6), (70, "failure", 11), (77, "fumble", 22)],
)
def test_poison_con_table_after_a_failed_lethality(con_roll, level, damage):
    dice = Dice.forced(47, con_roll)  # 47 > 15: not killed, base 4 + 7 = 11
    out = hz.poison(dice, 10, lethality=15)
    assert (out.hit.killed, out.hit.damage) == (False, 11)
    assert out.test is not None and (out.test.target, out.test.level) == (50, level)
    assert out.damage == damage


@pytest.mark.rule("FH-HAZ-01")
def test_poison_lethality_kill_makes_no_con_test_and_damage_expr_poison():
    dice = Dice.forced(15)
    out = hz.poison(dice, 10, lethality=15)
    assert out.hit.killed and out.test is None and len(dice.drawn) == 1
    out = hz.poison(Dice.forced(3, 5, 40), 10, damage="2d6")
    assert (out.hit.damage, out.damage) == (8, 4)


@pytest.mark.rule("FH-HAZ-01", "FH-DMG-05")
def test_poison_now_through_the_engine():
    eng = party()
    evs = do(eng, "poison bob lethality=15 source=curare", 47, 30)
    (p,) = events_of(evs, PoisonResolved)
    assert (p.lethality_roll, p.base, p.con_roll, p.con_level, p.damage) == (47, 11, 30, "success", 6)
    assert [r.purpose for r in p.dice] == ["poison lethality", "poison CON×5"]
    assert bob(eng).current["HP"] == 4
    eng = party()
    do(eng, "poison bob lethality=15", 9)
    assert bob(eng).current["HP"] == 0 and bob(eng).has("dead")


@pytest.mark.rule("FH-HAZ-01")
def test_poison_with_speed_waits_for_a_tick():
    eng = party()
    evs = do(eng, "poison bob damage=1d6 speed=1hour source=arsenic")
    assert evs[0].dice == () and bob(eng).has("poisoned") and kinds(eng) == ["poison"]
    evs = do(eng, "hazard tick bob", 6, 80)
    (p,) = events_of(evs, PoisonResolved)
    assert (p.base, p.con_level, p.damage) == (6, "failure", 6)
    assert bob(eng).current["HP"] == 4 and not bob(eng).has("poisoned") and kinds(eng) == []


def test_poison_refusals():
    eng = party()
    assert "either lethality" in rejected(eng, "poison bob")
    assert "either lethality" in rejected(eng, "poison bob lethality=10 damage=1d6")
    assert "1–100" in rejected(eng, "poison bob lethality=120")
    assert "not a dice expression" in rejected(eng, "poison bob damage=banana")


# --- FH-HAZ-02 disease, FH-HAZ-03 hospital, FH-HAZ-04 antidote, FH-HAZ-05 radiation -----------------


@pytest.mark.rule("FH-HAZ-02")
@pytest.mark.parametrize(
    ("faces", "damage", "recovered"),
    [((5, 30), 3, True), ((5, 22), 3, True), ((5, 70), 5, False), ((5, 88), 10, False)],
)
def test_disease_interval_table(faces, damage, recovered):
    out = hz.disease_interval(Dice.forced(*faces), 10, "1d6")
    assert (out.base, out.damage, out.recovered) == (5, damage, recovered)


@pytest.mark.rule("FH-HAZ-02", "FH-HEAL-06")
def test_disease_ticks_until_recovery():
    eng = party()
    do(eng, "disease bob damage=1d6 speed=1day source=typhus")
    assert bob(eng).has("diseased")
    evs = do(eng, "hazard tick bob", 2, 70)
    (d,) = events_of(evs, DiseaseIntervalResolved)
    assert (d.interval, d.damage, d.recovered) == (1, 2, False)
    assert bob(eng).current["HP"] == 8 and bob(eng).has("diseased")
    # no HP regained while diseased
    (rest,) = do(eng, "recuperate bob", 40)
    assert isinstance(rest, RecuperationRolled) and rest.blocked and bob(eng).current["HP"] == 8
    evs = do(eng, "hazard tick bob disease", 3, 40)
    (d,) = events_of(evs, DiseaseIntervalResolved)
    assert (d.interval, d.damage, d.recovered) == (2, 2, True)
    assert bob(eng).current["HP"] == 6 and not bob(eng).has("diseased") and kinds(eng) == []
    assert "already suffers" in rejected(engine_with_disease(), "disease bob damage=1d4 speed=1week")


def engine_with_disease():
    return party("disease bob damage=1d6 speed=1day")


@pytest.mark.rule("FH-HAZ-03")
def test_hospital_adds_twenty_to_con_against_poison_and_disease():
    assert (hz.hospital_bonus(True), hz.hospital_bonus(False)) == (20, 0)
    eng = party("hospital bob", "disease bob damage=1d6 speed=1day")
    evs = do(eng, "hazard tick bob", 4, 65)
    (d,) = events_of(evs, DiseaseIntervalResolved)
    assert (d.con_target, d.con_level, d.recovered) == (70, "success", True)
    assert "FH-HAZ-03" in d.rules
    do(eng, "hospital bob --off")
    assert not bob(eng).has("hospitalized")
    assert "not in hospital" in rejected(eng, "hospital bob --off")


@pytest.mark.rule("FH-HAZ-04")
def test_antidote_before_the_effect_prevents_it():
    eng = party("poison bob lethality=20 speed=10min")
    assert "Medicine or Pharmacy" in rejected(eng, "antidote ada bob skill=Occult", 10)
    evs = do(eng, "antidote ada bob", 60)  # Medicine 50 is Ada's better skill
    (a,) = events_of(evs, AntidoteGiven)
    assert (a.skill, a.target, a.success) == ("Medicine", 50, False)
    assert kinds(eng) == ["poison"]
    evs = do(eng, "antidote ada bob skill=Pharmacy", 30)
    (a,) = events_of(evs, AntidoteGiven)
    assert (a.skill, a.target, a.level, a.success) == ("Pharmacy", 30, "success", True)
    assert kinds(eng) == [] and not bob(eng).has("poisoned")
    assert "no poison waiting" in rejected(eng, "antidote ada bob", 10)


@pytest.mark.rule("FH-HAZ-05", "FH-DMG-08")
def test_radiation_exhausts_first():
    assert hz.radiation_exhausts(False) and not hz.radiation_exhausts(True)
    eng = party()
    evs = do(eng, "radiation bob dose=high", 4)
    (r,) = events_of(evs, RadiationExposed)
    assert r.exhausted and r.dose == "high"
    (wp,) = events_of(evs, PoolChanged)
    assert (wp.old, wp.new) == (10, 6) and "FH-HAZ-05" in wp.rules
    assert bob(eng).has("exhausted")
    (again,) = do(eng, "radiation bob")
    assert isinstance(again, RadiationExposed) and not again.exhausted


# --- FH-HAZ-06 falling, FH-HAZ-07 impact, FH-HAZ-08 crash -------------------------------------------


@pytest.mark.rule("FH-HAZ-06")
def test_fall_damage_by_height():
    assert hz.fall_damage(Dice.forced(4), 3).damage == 4
    assert hz.fall_damage(Dice.forced(4, 6), 3.9, uncontrolled=True).damage == 10
    four = hz.fall_damage(Dice.forced(5), 4.2)  # floor: 4 m → lethality 4 %
    assert (four.rating, four.killed) == (4, False) and four.damage == 15  # 05 → 10 + 5
    assert hz.fall_damage(Dice.forced(4), 4.0, uncontrolled=True).killed
    assert hz.fall_damage(Dice.forced(), 0.9).damage == 0


@pytest.mark.rule("FH-HAZ-06", "FH-DMG-02")
def test_fall_through_the_engine_stuns_on_a_failed_con():
    eng = party()
    evs = do(eng, "fall bob meters=3 uncontrolled", 2, 1, 70)
    (f,) = events_of(evs, FallResolved)
    assert (f.height, f.damage, f.con_roll, f.con_target, f.stunned) == (3, 3, 70, 50, True)
    assert bob(eng).current["HP"] == 7 and bob(eng).has("stunned")
    eng = party()
    evs = do(eng, "fall bob meters=2", 5, 20)  # 5 ≥ half of 10: FH-DMG-02 stuns even with CON passed
    assert bob(eng).has("stunned") and not events_of(evs, FallResolved)[0].stunned


@pytest.mark.rule("FH-HAZ-06", "FH-DMG-05")
def test_fatal_fall_and_refusals():
    eng = party()
    evs = do(eng, "fall bob meters=30", 25)
    (f,) = events_of(evs, FallResolved)
    assert (f.rating, f.killed, f.con_roll) == (30, True, 0)
    assert bob(eng).has("dead")
    assert "dead" in rejected(eng, "fall bob meters=3", 1, 1)
    assert "does no harm" in rejected(party(), "fall bob meters=0.5")
    assert "meters must be a number" in rejected(party(), "fall bob meters=high")


@pytest.mark.rule("FH-HAZ-07")
def test_impact_rating_and_head_on():
    assert [hz.impact_rating(v) for v in (39, 40, 79, 80, 130)] == [0, 10, 10, 20, 30]
    hit = hz.impact_damage(Dice.forced(47), 90, head_on=True)
    assert (hit.rating, hit.killed, hit.damage) == (20, False, 22)
    assert hz.impact_damage(Dice.forced(47), 90).damage == 11
    assert hz.impact_damage(Dice.forced(20), 90, head_on=True).killed
    assert hz.impact_damage(Dice.forced(3), 30, damage="1d6").damage == 3


@pytest.mark.rule("FH-HAZ-07", "FH-DMG-03")
def test_impact_through_the_engine():
    eng = party()
    evs = do(eng, "impact bob speed=45", 61, 44)  # 6 + 1 = 7 → HP 3; CON 44 critical; no KO (3 HP)
    (i,) = events_of(evs, ImpactResolved)
    assert (i.rating, i.roll, i.damage, i.con_level, i.stunned) == (10, 61, 7, "critical", False)
    assert bob(eng).current["HP"] == 3 and bob(eng).has("stunned")  # 7 ≥ half of 10
    assert "damage=" in rejected(party(), "impact bob speed=20")
    assert "only for impacts under 40" in rejected(party(), "impact bob speed=60 damage=1d6")


@pytest.mark.rule("FH-HAZ-08")
def test_crash_damage_rules():
    assert hz.crash_damage(Dice.forced(3, 4), "rammed").damage == 7
    assert hz.crash_damage(Dice.forced(3, 4), "rammed", halved=True).damage == 4  # ceil(7/2)
    assert hz.crash_damage(Dice.forced(5), "ramming").damage == 5
    none = Dice.forced()
    assert hz.crash_damage(none, "ramming", massive=False).damage == 0 and none.drawn == []


@pytest.mark.rule("FH-HAZ-08")
def test_crash_each_occupant_rolls():
    eng = party()
    evs = do(eng, "crash ada bob as=rammed belt", 1, 2, 6, 5)
    crashes = events_of(evs, CrashResolved)
    assert [(c.character, c.rolled, c.damage, c.halved) for c in crashes] == [
        ("ada", 3, 2, True), ("bob", 11, 6, True)]
    assert (eng.state.character("ada").current["HP"], bob(eng).current["HP"]) == (10, 4)
    (c,) = do(eng, "crash bob as=ramming light")
    assert isinstance(c, CrashResolved) and c.damage == 0 and bob(eng).current["HP"] == 4
    assert "rammed" in rejected(eng, "crash bob as=sideways", 3)


# --- FH-HAZ-09 suffocation -------------------------------------------------------------------------


@pytest.mark.rule("FH-HAZ-09")
def test_suffocation_rules():
    assert hz.hold_breath_turns(10) == 50
    test, dmg = hz.suffocation_turn(Dice.forced(30), 10)
    assert (test.level, dmg) == ("success", 1)
    test, dmg = hz.suffocation_turn(Dice.forced(60, 5), 10)
    assert (test.level, dmg) == ("failure", 5)


@pytest.mark.rule("FH-HAZ-09")
def test_suffocation_ticks_and_first_aid_clears_the_airway():
    eng = party()
    do(eng, "suffocate bob")
    assert bob(eng).hazards[0].grace == 50 and bob(eng).has("suffocating")
    do(eng, "hazard end bob suffocation")
    assert kinds(eng) == [] and not bob(eng).has("suffocating")
    do(eng, "suffocate bob turns=1")
    (held,) = do(eng, "hazard tick bob")
    assert isinstance(held, SuffocationTick) and held.held and held.turns_left == 0 and held.dice == ()
    evs = do(eng, "hazard tick bob", 60, 5)
    (t,) = events_of(evs, SuffocationTick)
    assert (t.con_level, t.damage) == ("failure", 5) and bob(eng).current["HP"] == 5
    evs = do(eng, "firstaid ada bob airway", 70)
    assert not events_of(evs, FirstAidAttempted)[0].cleared and kinds(eng) == ["suffocation"]
    evs = do(eng, "firstaid ada bob airway", 40)
    assert events_of(evs, FirstAidAttempted)[0].cleared
    assert kinds(eng) == [] and not bob(eng).has("suffocating") and not bob(eng).has("first-aid-used")


# --- FH-HAZ-10 fire table, FH-HAZ-11 catching fire ----------------------------------------------------


@pytest.mark.rule("FH-HAZ-10")
def test_fire_table_and_contact_damage():
    assert [(f.name, f.damage, f.lethality, f.catches) for f in hz.FIRE_TABLE] == [
        ("minor", "1", 0, False), ("moderate", "1d6", 0, True), ("large", "2d6", 0, True), ("major", "", 10, True)]
    assert hz.fire_intensity("Torch").name == "moderate"
    assert hz.fire_contact(Dice.forced(), hz.fire_intensity("minor")).damage == 1
    assert hz.fire_contact(Dice.forced(2, 6), hz.fire_intensity("large")).damage == 8
    major = hz.fire_contact(Dice.forced(10), hz.fire_intensity("major"))
    assert (major.rating, major.killed) == (10, True)


@pytest.mark.rule("FH-HAZ-11")
def test_burning_damage_is_half_rounded_up():
    assert hz.burning_damage(Dice.forced(5), hz.fire_intensity("moderate")).damage == 3
    assert hz.burning_damage(Dice.forced(2, 5), hz.fire_intensity("large")).damage == 4
    major = hz.burning_damage(Dice.forced(6), hz.fire_intensity("major"))
    assert (major.rating, major.killed, major.damage) == (5, False, 16)
    assert hz.catch_fire(Dice.forced(66), 13).success is False  # DEX×5 65


@pytest.mark.rule("FH-HAZ-10", "FH-HAZ-11")
def test_minor_fire_has_no_catch_test():
    eng = party()
    (tick, dmg) = do(eng, "burn bob intensity=candle")[1:]
    assert isinstance(tick, FireTick) and tick.damage == 1 and tick.catch_roll == 0 and tick.dice == ()
    assert isinstance(dmg, DamageApplied) and bob(eng).current["HP"] == 9


@pytest.mark.rule("FH-HAZ-11")
def test_burning_in_contact_does_not_stack_and_is_put_out_by_an_action():
    eng = party()
    do(eng, "burn bob intensity=moderate", 2, 90)  # catches fire
    assert bob(eng).has("burning") and kinds(eng) == ["fire", "burning"]
    evs = do(eng, "hazard tick bob", 1)  # in contact: contact damage only, no DEX test (already burning)
    assert [(t.kind, t.damage, t.catch_roll) for t in events_of(evs, FireTick)] == [("fire", 1, 0)]
    do(eng, "action bob put out fire")
    assert not bob(eng).has("burning")
    do(eng, "hazard end bob fire")
    (ended,) = do(eng, "hazard tick bob")
    assert isinstance(ended, HazardEnded) and ended.kind == "burning" and kinds(eng) == []


def test_fire_refusals():
    eng = party()
    assert "is not known" in rejected(eng, "burn bob intensity=volcano")
    do(eng, "burn bob intensity=minor")
    assert "already suffers" in rejected(eng, "burn bob intensity=minor")
    assert "does not suffer burning" in rejected(eng, "hazard end bob burning")
    assert "not a hazard" in rejected(eng, "hazard tick bob lava")


# --- FH-HAZ-12 cold ----------------------------------------------------------------------------------


@pytest.mark.rule("FH-HAZ-12")
def test_cold_grace_and_interval():
    assert [hz.cold_grace(10, p) for p in ("unprepared", "partial", "full")] == [10, 50, 600]
    assert hz.cold_grace(10, "naked") is None
    out = hz.cold_interval(Dice.forced(60), 10)
    assert (out.tested, out.con_lost, out.damage) == (True, 1, 0)
    out = hz.cold_interval(Dice.forced(7), 1)
    assert (out.tested, out.con_lost, out.damage) == (False, 0, 7)


@pytest.mark.rule("FH-HAZ-12")
def test_cold_through_the_engine_lowers_con_then_hurts_and_warmth_restores():
    eng = party("char set bob CON=3")  # max HP ceil(13/2) = 7
    do(eng, "cold bob")  # unprepared: 3 minutes of grace
    evs = do(eng, "hazard tick bob", 20)  # 5 min > 3: CON×5 = 15, 20 fails → CON 2
    (t,) = events_of(evs, ColdTick)
    assert (t.minutes, t.tested, t.con_now, t.con_target, t.con_lost) == (5, True, 3, 15, 1)
    evs = do(eng, "hazard tick bob", 11)  # CON 2: target 10, 11 is a failed double → CON 1
    assert events_of(evs, ColdTick)[0].con_lost == 1
    assert bob(eng).hazards[0].loss == 2 and bob(eng).stats["CON"] == 3  # the sheet keeps CON
    evs = do(eng, "hazard tick bob", 4)  # CON 1: no test, 1d8 damage
    (t,) = events_of(evs, ColdTick)
    assert (t.tested, t.damage) == (False, 4) and bob(eng).current["HP"] == 3
    (w,) = do(eng, "warm bob minutes=1")
    assert isinstance(w, ColdWarmed) and w.restored == 1 and bob(eng).hazards[0].loss == 1
    assert "no lasting hazard" in rejected(eng, "hazard tick bob")  # warming: nothing ticks
    do(eng, "warm bob minutes=5")
    assert kinds(eng) == []
    assert replayed(eng) == eng.state


@pytest.mark.rule("FH-HAZ-12")
def test_cold_grace_period_ticks_without_dice():
    eng = party()
    do(eng, "cold bob prep=partial")  # 50 minutes
    for minutes in (5, 10):
        (t, moved) = do(eng, "hazard tick bob cold")  # and 5 minutes on the clock (issue 31)
        assert (t.minutes, t.tested, t.dice) == (minutes, False, ())
        assert type(moved).__name__ == "ClockAdvanced" and moved.new - moved.old == 300
    assert "prep=" in rejected(party(), "cold bob prep=naked")


# --- hazard tick all and the end-to-end script ---------------------------------------------------------


def test_tick_all_resolves_every_due_character_in_order():
    eng = party("suffocate ada turns=0", "suffocate bob turns=2")
    evs = do(eng, "hazard tick all", 30)
    ticks = events_of(evs, SuffocationTick)
    assert [(t.character, t.held, t.damage) for t in ticks] == [("ada", False, 1), ("bob", True, 0)]
    assert "nobody" in rejected(party(), "hazard tick all")


@pytest.mark.rule("FH-HAZ-06", "FH-HAZ-10", "FH-HAZ-11", "FH-HEAL-01", "FH-HEAL-04")
def test_end_to_end_fall_fire_first_aid_recuperation_replays():
    eng = party()
    do(eng, "session start The Burning Barn")
    do(eng, "fall bob meters=2", 2, 40)  # 2 damage, CON×5 40 passes
    assert bob(eng).current["HP"] == 8 and not bob(eng).has("stunned")
    do(eng, "burn bob intensity=large source=hayloft", 1, 1, 30)  # turn 1: 2 damage, DEX×5 30 vs 50 passes
    do(eng, "hazard tick bob", 1, 2, 60)  # turn 2: 3 damage, DEX×5 60 fails → burning
    assert bob(eng).current["HP"] == 3 and bob(eng).has("burning")
    do(eng, "hazard end bob fire")  # out of the barn, still burning
    evs = do(eng, "hazard tick bob", 1, 1, 20)  # turn 3: burning, half of 2 = 1; KO: CON×5 20 passes
    (t,) = events_of(evs, FireTick)
    assert (t.kind, t.rolled, t.damage) == ("burning", 2, 1)
    assert bob(eng).current["HP"] == 2 and bob(eng).has("unconscious")  # 3 → 2: knocked out
    do(eng, "hazard end bob burning")
    assert kinds(eng) == [] and not bob(eng).has("burning")
    do(eng, "firstaid ada bob", 40, 3)  # +3 → 5: wakes up
    assert bob(eng).current["HP"] == 5 and not bob(eng).has("unconscious")
    do(eng, "recuperate bob days=2", 50, 10)
    assert bob(eng).current["HP"] == 7
    assert "once until new damage" in rejected(eng, "firstaid ada bob", 40, 3)
    assert replayed(eng) == eng.state
    assert "no lasting hazards" in eng.execute("hazard show").answer
