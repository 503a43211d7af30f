"""Call of Cthulhu 7e insanity (catalogue COC-INSANITY-01 … 17) with forced dice,
and an end-to-end night of horror through the in-memory Engine."""

from __future__ import annotations

import pytest

from fhtagn_tui.domain.codec import decode_one, encode
from fhtagn_tui.domain.features.campaign import (
    ConditionAdded,
    ConditionRemoved,
    PoolChanged,
    SkillChanged,
)
from fhtagn_tui.domain.features.coc_insanity import (
    BoutOfMadness,
    CumulativeLossUpdated,
    InsanityStruck,
    InsanityTreatmentRolled,
    MadnessTableSet,
    RealityChecked,
    SanityDayStarted,
    SanityLost,
    SanityRolled,
    SideEffectFaced,
)
from fhtagn_tui.rules.coc import insanity as ins
from fhtagn_tui.rules.dice import Dice
from fhtagn_tui.service import Engine
from tests.helpers import do, engine, events_of, rejected, replayed

# Harvey: INT 80, POW 60 → SAN 60 (max SAN 99), a fifth of 60 is 12; MP 12, HP 13.
HARVEY = 'char new Harvey STR=50 CON=60 SIZ=70 DEX=60 INT=80 POW=60 EDU=70 Luck=50 "Language (French)=40"'
REALTIME = [
    "Amnesia", "Psychosomatic disability", "Violence", "Paranoia", "Significant person", "Faint",
    "Flee in panic", "Physical hysterics or emotional outburst", "Phobia", "Mania",
]
SUMMARY = [
    "Amnesia", "Robbed", "Battered", "Violence", "Ideology or beliefs", "Significant people",
    "Institutionalised", "Flee in panic", "Phobia", "Mania",
]


@pytest.fixture
def eng() -> Engine:
    return engine("coc7", HARVEY)


def harvey(eng: Engine):  # noqa: ANN201
    char = eng.state.character("harvey")
    assert char is not None
    return char


def san(eng: Engine) -> int:
    return harvey(eng).current["SAN"]


def types(events: list) -> list[str]:
    return [type(e).__name__ for e in events]


# --- COC-INSANITY-01: the Sanity roll -----------------------------------------------------------------


@pytest.mark.rule("COC-INSANITY-01")
def test_success_loses_the_left_part(eng):
    evs = do(eng, "sanity harvey 1/1d6", 30)
    (roll,) = events_of(evs, SanityRolled)
    assert (roll.roll, roll.target, roll.level, roll.amount, roll.maxed) == (30, 60, "hard", 1, False)
    assert [(r.purpose, r.die, r.value) for r in roll.dice] == [("Sanity roll", "d100", 30)]
    assert types(evs) == ["SanityRolled", "SanityLost"]
    assert san(eng) == 59


@pytest.mark.rule("COC-INSANITY-01")
def test_failure_rolls_the_right_part(eng):
    evs = do(eng, "sanity harvey 1/1d6", 70, 4)
    (roll,) = events_of(evs, SanityRolled)
    assert (roll.level, roll.amount) == ("failure", 4)
    assert [(r.purpose, r.value) for r in roll.dice] == [("Sanity roll", 70), ("SAN loss", 4)]
    assert san(eng) == 56


@pytest.mark.rule("COC-INSANITY-01", "COC-DICE-02")
def test_a_fumble_loses_the_maximum_without_rolling(eng):
    do(eng, "char pool harvey SAN=40")
    evs = do(eng, "sanity harvey 1/1d6", 97, 90)  # 97 fumbles under 50; 6 lost → INT roll 90 fails
    (roll,) = events_of(evs, SanityRolled)
    assert (roll.level, roll.amount, roll.maxed) == ("fumble", 6, True)
    assert [r.die for r in roll.dice] == ["d100"]
    assert san(eng) == 34


@pytest.mark.rule("COC-INSANITY-01")
def test_100_fumbles_even_with_high_san_but_96_does_not(eng):
    (roll,) = events_of(do(eng, "sanity harvey 0/1d4+1", 100, 90), SanityRolled)
    assert (roll.level, roll.amount) == ("fumble", 5)
    (roll,) = events_of(do(eng, "sanity harvey 0/1d4", 96, 2), SanityRolled)
    assert (roll.level, roll.amount) == ("failure", 2)
    assert san(eng) == 53


@pytest.mark.rule("COC-INSANITY-01", "COC-DICE-04")
def test_bonus_die_keeps_the_lower_tens(eng):
    (roll,) = events_of(do(eng, "sanity harvey 1/1d6 bonus=1", 5, 70, 20), SanityRolled)
    assert (roll.roll, roll.level, roll.amount) == (25, "hard", 1)
    assert "COC-DICE-04" in roll.rules
    assert [r.die for r in roll.dice] == ["units", "tens", "tens"]


@pytest.mark.rule("COC-INSANITY-01")
def test_bad_sanity_rolls_are_refused(eng):
    assert "not a SAN loss" in rejected(eng, "sanity harvey 1-1d6")
    assert "did you mean 'Harvey'" in rejected(eng, "sanity harvy 1/1d6", 30)
    assert "not a kind of bout" in rejected(eng, "sanity harvey 1/1d6 bout=weekly", 30)
    fh = engine("fhtagn", "char new Ada")
    assert "san NAME LOSS" in rejected(fh, "sanity ada 1/1d6", 30)


# --- COC-INSANITY-02: temporary insanity -------------------------------------------------------------------


@pytest.mark.rule("COC-INSANITY-02")
def test_five_lost_and_int_success_is_temporary_insanity_with_a_bout(eng):
    evs = do(eng, "sanity harvey 1/1d6", 70, 5, 40, 6, 3, 5)
    # (issue 31) each with its length: 6 hours of insanity, a bout of 5 rounds on the sheet
    assert types(evs) == ["SanityRolled", "SanityLost", "InsanityStruck", "ConditionAdded", "LastingSet", "BoutOfMadness",
                          "ConditionAdded", "LastingSet"]
    (struck,) = events_of(evs, InsanityStruck)
    assert (struck.phase, struck.roll, struck.target, struck.repressed, struck.hours) == ("temporary", 40, 80, False, 6)
    assert [(r.purpose, r.value) for r in struck.dice] == [("INT roll (insanity)", 40), ("underlying insanity hours", 6)]
    (bout,) = events_of(evs, BoutOfMadness)
    assert (bout.row, bout.name, bout.duration, bout.unit) == (3, "Violence", 5, "rounds")
    assert "COC-INSANITY-02" in bout.rules
    assert harvey(eng).conditions == ("temporarily insane", "bout of madness")
    assert harvey(eng).mind.insane_hours == 6


@pytest.mark.rule("COC-INSANITY-02")
def test_int_failure_represses_the_memory(eng):
    evs = do(eng, "sanity harvey 1/1d6", 70, 5, 81)
    (struck,) = events_of(evs, InsanityStruck)
    assert (struck.repressed, struck.hours) == (True, 0)
    assert "repressed" in struck.describe(eng.names)
    assert harvey(eng).conditions == ()
    assert not events_of(evs, BoutOfMadness)


@pytest.mark.rule("COC-INSANITY-02")
def test_four_lost_needs_no_int_roll(eng):
    evs = do(eng, "sanity harvey 1/1d6", 70, 4)  # exactly two dice: no INT roll drawn
    assert not events_of(evs, InsanityStruck)
    assert ins.temporary_insanity(Dice.forced(), 4, 80) is None


# --- COC-INSANITY-03: indefinite insanity -------------------------------------------------------------------


@pytest.mark.rule("COC-INSANITY-03")
def test_a_fifth_of_the_days_san_lost_is_indefinite_insanity(eng):
    (day,) = do(eng, "sanity day")
    assert isinstance(day, SanityDayStarted) and day.starts == {"harvey": 60}
    do(eng, "sanity harvey 1/1d6", 70, 4)
    do(eng, "sanity harvey 1/1d6", 70, 4)
    assert harvey(eng).mind.day_loss == 8
    evs = do(eng, "sanity harvey 1/1d6", 70, 4, 2, 7)  # 12 today = 60 // 5
    assert types(evs) == ["SanityRolled", "SanityLost", "InsanityStruck", "ConditionAdded", "BoutOfMadness",
                          "ConditionAdded", "LastingSet"]
    (lost,) = events_of(evs, SanityLost)
    assert (lost.day_start, lost.day_loss, lost.new) == (60, 12, 48)
    assert events_of(evs, InsanityStruck)[0].phase == "indefinite"
    assert (events_of(evs, BoutOfMadness)[0].name, events_of(evs, BoutOfMadness)[0].duration) == ("Psychosomatic disability", 7)
    assert harvey(eng).conditions == ("indefinitely insane", "bout of madness")
    do(eng, "sanity day")
    assert (harvey(eng).mind.day_start, harvey(eng).mind.day_loss) == (48, 0)


@pytest.mark.rule("COC-INSANITY-03")
def test_without_a_day_started_the_first_loss_sets_the_base(eng):
    do(eng, "sanity harvey 1/1d6", 30)
    assert (harvey(eng).mind.day_start, harvey(eng).mind.day_loss) == (60, 1)


@pytest.mark.rule("COC-INSANITY-03")
def test_indefinite_insanity_takes_the_place_of_the_int_roll(eng):
    evs = do(eng, "sanity harvey 1/2d6", 70, 6, 6, 1, 2)  # 12 at once: indefinite, no INT roll
    assert [e.phase for e in events_of(evs, InsanityStruck)] == ["indefinite"]
    assert events_of(evs, BoutOfMadness)[0].name == "Amnesia"
    assert ins.indefinite_insanity(60, 11) is False
    assert ins.indefinite_insanity(4, 0) is False  # nothing lost, nothing happens


# --- COC-INSANITY-04: permanent insanity ---------------------------------------------------------------------


@pytest.mark.rule("COC-INSANITY-04")
def test_san_zero_is_permanent_insanity(eng):
    do(eng, "char pool harvey SAN=3")
    evs = do(eng, "sanity harvey 1/1d6", 70, 5)  # no INT roll, no bout: it is over
    assert types(evs) == ["SanityRolled", "SanityLost", "InsanityStruck", "ConditionAdded"]
    assert events_of(evs, InsanityStruck)[0].phase == "permanent"
    assert harvey(eng).conditions == ("permanently insane",)
    assert san(eng) == 0
    assert "permanently insane" in rejected(eng, "sanity harvey 1/1d6", 30)


# --- COC-INSANITY-05, 16: bouts of madness ---------------------------------------------------------------------


@pytest.mark.rule("COC-INSANITY-05")
def test_bout_in_real_time_and_in_summary(eng):
    (bout,) = events_of(do(eng, "bout harvey", 3, 5), BoutOfMadness)
    assert (bout.kind, bout.row, bout.name, bout.duration, bout.unit) == ("realtime", 3, "Violence", 5, "rounds")
    assert [(r.purpose, r.value) for r in bout.dice] == [("bout of madness (realtime)", 3), ("bout length (rounds)", 5)]
    (bout,) = events_of(do(eng, "bout harvey summary", 7, 4), BoutOfMadness)
    assert (bout.kind, bout.name, bout.duration, bout.unit) == ("summary", "Institutionalised", 4, "hours")
    assert "4 hours" in bout.describe(eng.names)
    assert "not both" in rejected(eng, "bout harvey realtime summary")


@pytest.mark.rule("COC-INSANITY-05")
def test_a_bout_adds_the_keepers_phobia_or_mania(eng):
    (bout,) = events_of(do(eng, 'bout harvey phobia="deep water"', 9, 2), BoutOfMadness)
    assert bout.phobia == "deep water"
    (bout,) = events_of(do(eng, "bout harvey mania=pyromania", 10, 2), BoutOfMadness)
    assert (harvey(eng).mind.phobias, harvey(eng).mind.manias) == (("deep water",), ("pyromania",))
    (bout,) = events_of(do(eng, "bout harvey", 9, 1), BoutOfMadness)
    assert "the Keeper names it" in bout.describe(eng.names)


@pytest.mark.rule("COC-INSANITY-16")
@pytest.mark.parametrize("row", range(1, 11))
def test_every_row_of_both_bout_tables(eng, row):
    (bout,) = events_of(do(eng, "bout harvey", row, 1), BoutOfMadness)
    assert bout.name == REALTIME[row - 1]
    (bout,) = events_of(do(eng, "bout harvey summary", row, 10), BoutOfMadness)
    assert (bout.name, bout.duration) == (SUMMARY[row - 1], 10)


@pytest.mark.rule("COC-INSANITY-16")
def test_the_keeper_rewrites_a_row(eng):
    (ev,) = do(eng, 'madness table set realtime 3 "Rage: smashes the nearest lamp"')
    assert isinstance(ev, MadnessTableSet) and ev.rules == ("COC-INSANITY-16",)
    (bout,) = events_of(do(eng, "bout harvey", 3, 2), BoutOfMadness)
    assert (bout.name, bout.effect) == ("Rage", "smashes the nearest lamp")
    assert "* 3 Rage" in eng.execute("madness table realtime").answer
    assert "already reads" in rejected(eng, 'madness table set realtime 3 "Rage: smashes the nearest lamp"')
    do(eng, "madness table set realtime 3 default")
    assert events_of(do(eng, "bout harvey", 3, 2), BoutOfMadness)[0].name == "Violence"
    assert "already the standard" in rejected(eng, "madness table set realtime 3 default")
    assert "rows 1–10" in rejected(eng, 'madness table set summary 11 "X: y"')
    assert "not a kind of bout" in rejected(eng, 'madness table set weekly 1 "X: y"')
    assert ins.bout_row("summary", 2, {"summary:2": "Fleeced"}).name == "Fleeced"


# --- COC-INSANITY-06: underlying insanity -------------------------------------------------------------------------


@pytest.mark.rule("COC-INSANITY-06")
def test_any_loss_while_insane_brings_a_bout(eng):
    assert types(do(eng, "sanity harvey 1/1d6", 30)) == ["SanityRolled", "SanityLost"]
    do(eng, 'cond add harvey "temporarily insane"')
    evs = do(eng, "sanity harvey 1/1d6", 30, 4, 2)
    (bout,) = events_of(evs, BoutOfMadness)
    assert (bout.name, bout.rules) == ("Paranoia", ("COC-INSANITY-05", "COC-INSANITY-16", "COC-INSANITY-06"))
    evs = do(eng, "sanity harvey 1/1d6", 70, 6, 8, 1)  # already insane: no INT roll, just the bout
    assert types(evs) == ["SanityRolled", "SanityLost", "BoutOfMadness", "LastingSet"]  # (a new length, issue 31)
    assert ins.further_bout(True, 0) is False


# --- COC-INSANITY-07, 08: phobias and manias ------------------------------------------------------------------------


@pytest.mark.rule("COC-INSANITY-07")
def test_facing_a_phobia_while_insane(eng):
    do(eng, "phobia add harvey spiders")
    assert "already has" in rejected(eng, "phobia add harvey Spiders")
    assert "not insane" in rejected(eng, "phobia face harvey spiders resist")
    do(eng, 'cond add harvey "indefinitely insane"')
    (ev, mark) = do(eng, "phobia face harvey spiders")
    assert isinstance(ev, SideEffectFaced) and (ev.response, ev.penalty) == ("resist", 1)
    assert mark.condition == "resisting phobia"  # the next skill roll takes the die (tests/rules/test_rules_gaps.py)
    assert "1 penalty die" in ev.describe(eng.names)
    assert do(eng, "phobia face harvey spiders flee")[0].penalty == 0
    assert do(eng, "phobia face harvey spiders fight")[0].penalty == 0
    assert "(fight, flee, resist)" in rejected(eng, "phobia face harvey spiders submit")
    assert "did you mean 'spiders'" in rejected(eng, "phobia face harvey spider flee")
    do(eng, "phobia remove harvey spiders")
    assert harvey(eng).mind.phobias == ()
    assert (ins.phobia_penalty(False, False), ins.phobia_penalty(True, False), ins.phobia_penalty(True, True)) == (0, 1, 0)


@pytest.mark.rule("COC-INSANITY-08")
def test_a_mania_while_insane(eng):
    do(eng, "mania add harvey kleptomania")
    do(eng, 'cond add harvey "temporarily insane"')
    assert do(eng, "mania face harvey kleptomania submit")[0].penalty == 0
    assert do(eng, "mania face harvey kleptomania resist")[0].penalty == 1
    assert "not a response" in rejected(eng, "mania face harvey kleptomania flee")
    assert (ins.mania_penalty(False, False), ins.mania_penalty(True, False), ins.mania_penalty(True, True)) == (0, 1, 0)


# --- COC-INSANITY-09: reality checks -----------------------------------------------------------------------------------


@pytest.mark.rule("COC-INSANITY-09")
def test_reality_check(eng):
    (ev,) = do(eng, "reality harvey", 30)
    assert isinstance(ev, RealityChecked) and ev.success and san(eng) == 60
    evs = do(eng, "reality check harvey", 70)
    assert types(evs) == ["RealityChecked", "SanityLost"] and san(eng) == 59
    do(eng, 'cond add harvey "temporarily insane"')
    evs = do(eng, "reality harvey", 70, 10, 1)
    (bout,) = events_of(evs, BoutOfMadness)
    assert bout.name == "Mania" and "COC-INSANITY-09" in bout.rules
    assert san(eng) == 58


# --- COC-INSANITY-10, 17: Cthulhu Mythos from madness, max SAN ---------------------------------------------------------------


@pytest.mark.rule("COC-INSANITY-10")
def test_mythos_bouts_add_five_then_one(eng):
    evs = do(eng, "bout harvey mythos", 5, 5)
    (skill,) = events_of(evs, SkillChanged)
    assert (skill.skill, skill.old, skill.new) == ("Cthulhu Mythos", None, 5)
    (skill,) = events_of(do(eng, "bout harvey mythos", 5, 5), SkillChanged)
    assert (skill.old, skill.new) == (5, 6)
    assert not events_of(do(eng, "bout harvey", 5, 5), SkillChanged)
    assert harvey(eng).mind.mythos_bouts == 2
    assert (ins.mythos_from_madness(0), ins.mythos_from_madness(3)) == (5, 1)


@pytest.mark.rule("COC-INSANITY-17", "COC-PARTY-05")
def test_max_san_follows_cthulhu_mythos(eng):
    do(eng, "char new Nora POW=99")
    evs = do(eng, "bout nora mythos", 5, 5)
    (pool,) = [e for e in evs if type(e) is PoolChanged]
    assert (pool.pool, pool.old, pool.new, pool.rules) == ("SAN", 99, 94, ("COC-INSANITY-17", "COC-PARTY-05"))
    assert eng.state.character("nora").current["SAN"] == 94
    assert (ins.max_san_clamp(99, 5), ins.max_san_clamp(50, 5)) == (94, 50)


# --- COC-INSANITY-11: recovery from temporary insanity ---------------------------------------------------------------------------


@pytest.mark.rule("COC-INSANITY-11")
def test_temporary_insanity_ends_after_its_hours_or_a_rest(eng):
    assert "not temporarily insane" in rejected(eng, "recover harvey rest")
    do(eng, "sanity harvey 1/1d6", 70, 5, 40, 6, 3, 5)
    assert "lasts 6 hours" in rejected(eng, "recover harvey hours=5")
    (ev,) = do(eng, "recover harvey hours=6")
    assert isinstance(ev, ConditionRemoved) and ev.rules == ("COC-INSANITY-11",)
    assert harvey(eng).conditions == ("bout of madness",)  # its 5 rounds are the clock's (issue 31)
    do(eng, 'cond remove harvey "bout of madness"')
    do(eng, 'cond add harvey "temporarily insane"')
    do(eng, "recover harvey rest")
    assert harvey(eng).conditions == ()
    assert "say how" in rejected(eng, "recover harvey")


# --- COC-INSANITY-12 … 14: treatment of indefinite insanity -------------------------------------------------------------------------

# (setting, psychoanalysis, dice, band, SAN after from 40, cured)
TREATMENTS = [
    ("care", 0, (1, 2, 30), "success", 42, True),
    ("care", 0, (95, 3, 50), "success", 43, False),
    ("care", 0, (96, 4), "failure", 36, False),
    ("care", 0, (100, 6), "failure", 34, False),
    ("institution", 0, (1, 1, 41), "success", 41, True),
    ("institution", 0, (50, 3, 44), "success", 43, False),
    ("institution", 0, (51,), "no progress", 40, False),
    ("institution", 0, (95,), "no progress", 40, False),
    ("institution", 0, (96, 1), "failure", 39, False),
    ("institution", 0, (100, 6), "failure", 34, False),
    ("institution", 65, (65, 2, 90), "success", 42, False),
    ("institution", 65, (66,), "no progress", 40, False),
    ("institution", 99, (95, 3, 10), "success", 43, True),
    ("institution", 99, (96, 2), "failure", 38, False),
]


@pytest.mark.rule("COC-INSANITY-12", "COC-INSANITY-13", "COC-INSANITY-14")
@pytest.mark.parametrize(("setting", "psych", "dice", "band", "after", "cured"), TREATMENTS)
def test_every_band_of_the_monthly_treatment(eng, setting, psych, dice, band, after, cured):
    do(eng, "char pool harvey SAN=40")
    do(eng, 'cond add harvey "indefinitely insane"')
    extra = f" psychoanalysis={psych}" if psych else ""
    evs = do(eng, f"treat harvey {setting}{extra}", *dice)
    (t,) = events_of(evs, InsanityTreatmentRolled)
    assert (t.band, t.san_before, t.san_after, t.cured) == (band, 40, after, cured)
    assert t.rules[:2] == ("COC-INSANITY-12", "COC-INSANITY-13" if setting == "care" else "COC-INSANITY-14")
    assert san(eng) == after
    assert harvey(eng).has("indefinitely insane") is not cured
    assert bool(events_of(evs, ConditionRemoved)) is cured


@pytest.mark.rule("COC-INSANITY-12")
def test_treatment_edge_cases(eng):
    assert "not indefinitely insane" in rejected(eng, "treat harvey care", 1, 2, 30)
    do(eng, 'cond add harvey "indefinitely insane"')
    assert "changes nothing" in rejected(eng, "treat harvey care psychoanalysis=70")
    assert "care or institution" in rejected(eng, "treat harvey asylum")
    (t,) = events_of(do(eng, "treat harvey care", 10, 3, 99), InsanityTreatmentRolled)
    assert (t.change, t.san_after) == (3, 63)  # well under max SAN 99
    do(eng, "char pool harvey SAN=3")
    evs = do(eng, "treat harvey care", 97, 5)
    assert san(eng) == 0 and harvey(eng).has("permanently insane")
    assert events_of(evs, ConditionAdded)[0].rules == ("COC-INSANITY-04",)
    capped = ins.treatment(Dice.forced(1, 3, 99), "care", 98, 99)
    assert (capped.change, capped.san) == (1, 99)


@pytest.mark.rule("COC-INSANITY-12")
def test_the_keeper_may_end_indefinite_insanity_at_development(eng):
    assert "not indefinitely insane" in rejected(eng, "recover harvey development")
    do(eng, 'cond add harvey "indefinitely insane"')
    (ev,) = do(eng, "recover harvey development")
    assert ev.rules == ("COC-INSANITY-12",) and harvey(eng).conditions == ()


# --- COC-INSANITY-15: getting used to the awfulness ---------------------------------------------------------------------------------


@pytest.mark.rule("COC-INSANITY-15")
def test_losses_to_one_entity_add_up_to_its_maximum(eng):
    evs = do(eng, 'sanity harvey 1/1d10 source="Deep One"', 70, 8, 90)
    (cum,) = events_of(evs, CumulativeLossUpdated)
    assert (cum.entity, cum.old, cum.new, cum.cap, cum.rolled) == ("deep one", 0, 8, 10, 8)
    evs = do(eng, 'sanity harvey 1/1d10 source="deep one"', 70, 9)  # 9 rolled, 2 lost: no INT roll
    assert (events_of(evs, CumulativeLossUpdated)[0].new, events_of(evs, SanityLost)[0].new) == (10, 50)
    evs = do(eng, 'sanity harvey 1/1d10 source="deep one"', 70, 4)
    assert types(evs) == ["SanityRolled", "CumulativeLossUpdated"] and san(eng) == 50
    (dev,) = do(eng, "sanity develop")
    assert (dev.old, dev.new, dev.cap) == (10, 9, 0)
    do(eng, 'sanity harvey 1/1d10 source="deep one"', 70, 3)
    assert (san(eng), harvey(eng).mind.cumulative) == (49, {"deep one": 10})


@pytest.mark.rule("COC-INSANITY-15")
def test_the_keeper_gives_the_maximum(eng):
    do(eng, "sanity harvey 0/1d4 source=ghoul max=2", 70, 4)
    assert (san(eng), harvey(eng).mind.cumulative) == (58, {"ghoul": 2})
    assert "give source=ENTITY" in rejected(eng, "sanity harvey 0/1d4 max=2", 70, 4)
    assert "impossible" in rejected(eng, "sanity harvey 0/1d4 source=ghoul max=-1", 70, 4)
    do(eng, "sanity develop harvey")
    do(eng, "sanity develop harvey")
    assert harvey(eng).mind.cumulative == {"ghoul": 0}
    assert "no cumulative SAN loss" in rejected(eng, "sanity develop harvey")
    assert (ins.awfulness(8, 10, 0), ins.awfulness(6, 10, 8), ins.awfulness(9, 10, 10)) == (8, 2, 0)
    assert (ins.develop_cumulative(3), ins.develop_cumulative(0)) == (2, 0)


# --- the log --------------------------------------------------------------------------------------------------------------------------


def test_events_round_trip_replay_and_undo(eng):
    before = eng.state
    evs = do(eng, 'sanity harvey 1/1d10 source="deep one" mythos phobia=water', 70, 5, 40, 6, 9, 2)
    for ev in evs:
        assert decode_one(encode(ev)) == ev
    assert replayed(eng) == eng.state
    do(eng, "undo")
    assert eng.state == before


def test_sanity_show(eng):
    do(eng, "sanity harvey 1/1d6", 70, 5, 40, 6, 9, 2)
    shown = eng.execute("sanity show harvey").answer
    assert "temporarily insane" in shown and "non-believer" in shown


# --- a night of horror, end to end --------------------------------------------------------------------------------------------------


NIGHT = [
    ("session start The Night of Horror", ()),
    ('tome add "Cultes des Goules" lang=French rating=36 cmi=4 cmf=9 san=1d10 weeks=20 difficulty=handwritten spells=Wrack', ()),
    ("spell add Wrack mp=6 san=1d6 time=instant opposed", ()),
    ("sanity day", ()),
    ('read harvey "Cultes des Goules"', (10,)),  # hard Language (French) 40: 10 ≤ 20; a non-believer loses no SAN
    ('learn harvey Wrack from=book tome="Cultes des Goules" weeks=3', ()),
    ('sanity harvey 1/1d10 source="deep one" mythos phobia="deep water"', (70, 5, 40, 6, 9, 2)),
    ("fight start Cellar", ()),
    ("fight add harvey cultist", ()),
    ("fight next", ()),
    ("cast harvey Wrack won", (25, 3, 1, 4, 75, 4)),
    ("reality harvey", (70, 6, 3)),
    ("treat harvey institution psychoanalysis=60", (55, 3, 20)),
    ("recover harvey rest", ()),
    ("mp harvey rest 4", ()),
    ("sanity develop", ()),
    ("time +1h", ()),  # (issue 31) the last bout's rounds are over
]


def test_a_night_of_horror():
    eng = engine("coc7", HARVEY, "char new Cultist kind=npc DEX=50 POW=50")
    log = []
    for text, dice in NIGHT:
        log += do(eng, text, *dice)
    h = harvey(eng)
    # SAN: 60 − (5 + 4 on becoming a believer) − 3 (Wrack) − 1 (reality) + 3 (treatment) = 50
    assert h.current == {"HP": 13, "MP": 10, "SAN": 50, "Luck": 50}
    # Cthulhu Mythos: +4 initial reading, +5 first Mythos bout, +1 second
    assert h.skills == {"Language (French)": 40, "Cthulhu Mythos": 10}
    assert h.stats["POW"] == 64
    assert h.conditions == ()
    m = h.mind
    assert (m.believer, m.mythos_bouts, m.phobias, m.cumulative) == (True, 2, ("deep water",), {"deep one": 4})
    assert (m.tomes, m.spells, m.day_start, m.day_loss) == ({"cultes des goules": 0}, {"wrack": 1}, 60, 13)
    assert eng.state.encounter is not None and eng.state.encounter.combatants["harvey"].acted
    phases = [e.phase for e in events_of(log, InsanityStruck)]
    assert phases == ["temporary", "indefinite"]
    assert [b.name for b in events_of(log, BoutOfMadness)] == ["Phobia", "Amnesia", "Faint"]
    assert replayed(eng) == eng.state
