"""Call of Cthulhu 7e tomes and magic (catalogue COC-TOME-01 … 15) with forced dice."""

from __future__ import annotations

import pytest

from fhtagn_tui.domain.codec import decode_one, encode
from fhtagn_tui.domain.features.campaign import (
    ConditionAdded,
    PoolChanged,
    SkillChanged,
    StatChanged,
)
from fhtagn_tui.domain.features.coc_insanity import BecameBeliever, InsanityStruck, SanityLost
from fhtagn_tui.domain.features.coc_tomes import (
    FullStudyCompleted,
    InitialReadingCompleted,
    PowIncreaseRolled,
    ReadingRolled,
    ReferenceConsulted,
    SpellCast,
    SpellLearned,
)
from fhtagn_tui.domain.features.encounter import DamageApplied
from fhtagn_tui.domain.systems import derived
from fhtagn_tui.rules.coc import tomes as tm
from fhtagn_tui.rules.coc.dice import Difficulty
from fhtagn_tui.rules.dice import Dice
from fhtagn_tui.service import Engine
from tests.helpers import do, engine, events_of, rejected, replayed

# Harvey: DEX 60, INT 80, POW 60 → SAN 60, MP 12, HP 13; Language (French) 40.
HARVEY = 'char new Harvey STR=50 CON=60 SIZ=70 DEX=60 INT=80 POW=60 EDU=70 "Language (French)=40"'
CULTES = 'tome add "Cultes des Goules" lang=French rating=36 cmi=4 cmf=9 san=1d10 weeks=20 difficulty=handwritten spells="Wrack,Contact Ghoul"'
WRACK = "spell add Wrack mp=6 san=1d6 time=instant opposed"
GHOUL = 'spell add "Contact Ghoul" mp=8 time=2'
TOME = '"Cultes des Goules"'


@pytest.fixture
def eng() -> Engine:
    return engine("coc7", HARVEY, CULTES, WRACK, GHOUL)


def harvey(eng: Engine):  # noqa: ANN201
    char = eng.state.character("harvey")
    assert char is not None
    return char


def types(events: list) -> list[str]:
    return [type(e).__name__ for e in events]


def cm(eng: Engine) -> int | None:
    return harvey(eng).skills.get("Cthulhu Mythos")


def believe(eng: Engine) -> None:
    """A first Mythos loss with Cthulhu Mythos 0: a believer at the cost of 1 SAN."""
    do(eng, "sanity harvey 1/1d6 mythos", 30)
    assert harvey(eng).mind.believer


# --- the library -----------------------------------------------------------------------------------------


def test_library_commands(eng):
    assert eng.state.coc_lore.tomes["cultes des goules"].spells == ("Wrack", "Contact Ghoul")
    assert "exactly like that" in rejected(eng, CULTES)
    assert "0–99" in rejected(eng, "tome add X lang=Latin rating=120 cmi=1 cmf=2")
    assert "missing cmf=N" in rejected(eng, "tome add X lang=Latin rating=12 cmi=1")
    assert "not regular, hard" in rejected(eng, "tome add X lang=Latin rating=12 cmi=1 cmf=2 difficulty=easy")
    assert "san=" in rejected(eng, "tome add X lang=Latin rating=12 cmi=1 cmf=2 san=lots")
    assert "casting time" in rejected(eng, "spell add X mp=1 time=soon")
    assert "Cultes des Goules" in eng.execute("tome list").answer
    assert "Wrack: 6 MP" in eng.execute("spell list").answer
    assert "did you mean 'Cultes des Goules'" in rejected(eng, 'read harvey "Cultes des Goule"', 10)
    fh = engine("fhtagn", "char new Ada")
    assert "fhtagn campaign" in rejected(fh, CULTES)


# --- COC-TOME-01: the reading roll ------------------------------------------------------------------------


@pytest.mark.rule("COC-TOME-01")
def test_handwritten_tomes_need_a_hard_language_roll(eng):
    (roll,) = events_of(do(eng, f"read harvey {TOME}", 21), ReadingRolled)
    assert (roll.skill, roll.value, roll.difficulty, roll.roll, roll.level, roll.success) == (
        "Language (French)", 40, "hard", 21, "regular", False,
    )
    assert harvey(eng).mind.tomes == {"cultes des goules": -1}
    evs = do(eng, f"read harvey {TOME}", 20)
    assert types(evs)[:2] == ["ReadingRolled", "InitialReadingCompleted"]


@pytest.mark.rule("COC-TOME-01")
@pytest.mark.parametrize(
    ("difficulty", "passes", "fails"),
    [("printed", 40, 41), ("regular", 40, 41), ("handwritten", 20, 21), ("ancient", 8, 9), ("extreme", 8, 9)],
)
def test_difficulty_by_the_books_condition(eng, difficulty, passes, fails):
    assert not events_of(do(eng, f"read harvey {TOME} difficulty={difficulty}", fails), ReadingRolled)[0].success
    assert events_of(do(eng, f"read harvey {TOME} difficulty={difficulty}", passes), ReadingRolled)[0].success
    assert tm.reading_difficulty(difficulty) in (Difficulty.REGULAR, Difficulty.HARD, Difficulty.EXTREME)


@pytest.mark.rule("COC-TOME-01", "COC-DICE-06")
def test_a_failed_reading_roll_may_be_pushed_once(eng):
    assert "nothing to push" in rejected(eng, f"read harvey {TOME} push", 10)
    do(eng, f"read harvey {TOME}", 50)
    (roll,) = events_of(do(eng, f"read harvey {TOME} push", 60), ReadingRolled)
    assert roll.pushed and not roll.success and "COC-DICE-06" in roll.rules
    assert harvey(eng).mind.tomes == {"cultes des goules": -2}
    assert "already failed" in rejected(eng, f"read harvey {TOME} push", 10)
    do(eng, f"read harvey {TOME}", 50)
    evs = do(eng, f"read harvey {TOME} push", 15)
    assert types(evs)[:2] == ["ReadingRolled", "InitialReadingCompleted"]


@pytest.mark.rule("COC-TOME-01")
def test_reading_needs_the_language(eng):
    do(eng, 'tome add "R\'lyeh Text" lang=Chinese rating=54 cmi=7 cmf=15 difficulty=ancient')
    msg = rejected(eng, 'read harvey "R\'lyeh Text"', 5)
    assert "no Language (Chinese)" in msg and '"Language (Chinese)=40"' in msg
    assert "noroll" in msg


# --- COC-TOME-02: the initial reading -------------------------------------------------------------------------


@pytest.mark.rule("COC-TOME-02")
def test_initial_reading_adds_cmi_in_full(eng):
    evs = do(eng, f"read harvey {TOME}", 10)  # a non-believer: no SAN die drawn
    (done,) = events_of(evs, InitialReadingCompleted)
    assert (done.tome, done.cm_gain, done.san_rolled) == ("Cultes des Goules", 4, 0)
    (skill,) = events_of(evs, SkillChanged)
    assert (skill.old, skill.new) == (None, 4)
    assert harvey(eng).current["SAN"] == 60 and harvey(eng).mind.tomes == {"cultes des goules": 0}
    assert "already read" in rejected(eng, f"read harvey {TOME}", 10)
    assert tm.initial_reading_gain(4, completed=False) == 0


@pytest.mark.rule("COC-TOME-02")
def test_a_believer_rolls_the_tomes_san_loss(eng):
    believe(eng)
    evs = do(eng, f"read harvey {TOME}", 10, 7, 90)  # 1D10 = 7 → INT roll for 5+ (90 fails: repressed)
    assert events_of(evs, InitialReadingCompleted)[0].san_rolled == 7
    (lost,) = events_of(evs, SanityLost)
    assert (lost.old, lost.new) == (59, 52)
    assert events_of(evs, InsanityStruck)[0].repressed
    assert cm(eng) == 4


@pytest.mark.rule("COC-TOME-02")
def test_the_keeper_may_waive_the_roll_and_a_failure_reads_nothing(eng):
    evs = do(eng, f"read harvey {TOME}", 90)
    assert types(evs) == ["ReadingRolled"] and cm(eng) is None
    evs = do(eng, f"read harvey {TOME} noroll")
    assert types(evs) == ["InitialReadingCompleted", "SkillChanged"] and cm(eng) == 4


# --- COC-TOME-03, 04: full study ------------------------------------------------------------------------------------


@pytest.mark.rule("COC-TOME-03")
def test_full_study_adds_cmf_below_the_rating(eng):
    assert "initial reading" in rejected(eng, f"study harvey {TOME}")
    do(eng, f"read harvey {TOME} noroll")
    evs = do(eng, f"study harvey {TOME}")  # a non-believer: no SAN
    (study,) = events_of(evs, FullStudyCompleted)
    assert (study.number, study.weeks, study.cm_gain, study.halved) == (1, 20, 9, False)
    assert cm(eng) == 13


@pytest.mark.rule("COC-TOME-03", "COC-INSANITY-17")
def test_full_study_adds_half_above_the_rating(eng):
    believe(eng)  # SAN 59
    do(eng, f"read harvey {TOME} noroll", 1)  # a believer now: 1D10 = 1 SAN for reading → 58
    do(eng, 'char set harvey "Cthulhu Mythos=40"')  # max SAN 59
    evs = do(eng, f"study harvey {TOME}", 1)  # SAN 57; CM 44 → max SAN 55
    (study,) = events_of(evs, FullStudyCompleted)
    assert (study.cm_gain, study.halved, study.san_rolled) == (4, True, 1)
    assert cm(eng) == 44
    clamp = [(e.old, e.new, e.rules) for e in evs if type(e) is PoolChanged]
    assert clamp == [(57, 55, ("COC-INSANITY-17", "COC-PARTY-05"))]
    assert harvey(eng).current["SAN"] == 55
    assert (tm.full_study_gain(9, 36, 36), tm.full_study_gain(9, 37, 36), tm.full_study_gain(9, 35, 36)) == (9, 4, 9)


@pytest.mark.rule("COC-TOME-04")
def test_each_full_study_takes_twice_as_long(eng):
    do(eng, f"read harvey {TOME} noroll")
    weeks = [events_of(do(eng, f"study harvey {TOME}"), FullStudyCompleted)[0].weeks for _ in range(3)]
    assert weeks == [20, 40, 80]
    assert harvey(eng).mind.tomes == {"cultes des goules": 3}
    assert (tm.study_weeks(20, 1), tm.study_weeks(20, 4)) == (20, 160)


# --- COC-TOME-05: a tome as a reference -------------------------------------------------------------------------------


@pytest.mark.rule("COC-TOME-05")
def test_consulting_a_studied_tome(eng):
    do(eng, f"read harvey {TOME} noroll")
    assert "full study" in rejected(eng, f"consult harvey {TOME}", 3, 36)
    do(eng, f"study harvey {TOME}")
    (ref,) = do(eng, f"consult harvey {TOME}", 3, 36)
    assert isinstance(ref, ReferenceConsulted) and (ref.hours, ref.roll, ref.rating, ref.success) == (3, 36, 36, True)
    assert [(r.purpose, r.die) for r in ref.dice] == [("reference hours", "d4"), ("reference roll", "d100")]
    (ref,) = do(eng, f"consult harvey {TOME}", 4, 37)
    assert (ref.hours, ref.success) == (4, False)


# --- COC-TOME-06: believers ---------------------------------------------------------------------------------------------------


@pytest.mark.rule("COC-TOME-06")
def test_the_first_mythos_loss_costs_cthulhu_mythos_more(eng):
    do(eng, f"read harvey {TOME} noroll")  # CM 4, no SAN lost
    assert types(do(eng, "sanity harvey 1/1d6", 30)) == ["SanityRolled", "SanityLost"]  # not Mythos: still a non-believer
    evs = do(eng, "sanity harvey 1/1d6 mythos", 30)  # 1 + 4 lost; only the 1 counts for the INT roll
    (conv,) = events_of(evs, BecameBeliever)
    assert conv.extra == 4
    assert (events_of(evs, SanityLost)[0].old, events_of(evs, SanityLost)[0].new) == (59, 54)
    evs = do(eng, "sanity harvey 1/1d6 mythos", 30)
    assert not events_of(evs, BecameBeliever) and harvey(eng).current["SAN"] == 53
    assert tm.believer_loss(False, "reading", 7, 4) == tm.BelieverOutcome(0, False)
    assert tm.believer_loss(False, "mythos", 0, 4) == tm.BelieverOutcome(0, False)
    assert tm.believer_loss(False, "", 3, 4) == tm.BelieverOutcome(3, False)
    assert tm.believer_loss(True, "reading", 7, 4) == tm.BelieverOutcome(7, True)


# --- COC-TOME-07, 08: magic points ------------------------------------------------------------------------------------------------


@pytest.mark.rule("COC-TOME-07")
def test_magic_points_beyond_those_left_come_from_hit_points(eng):
    do(eng, 'learn harvey "Contact Ghoul" from=entity', 40)
    evs = do(eng, 'cast harvey "Contact Ghoul" mp=15', 25)
    pools = [(e.pool, e.old, e.new) for e in events_of(evs, PoolChanged)]
    assert pools == [("MP", 12, 0)]
    # the HP paid are a wound like any other (COC-PARTY-04)
    assert [(e.hp_before, e.hp_after, e.source) for e in events_of(evs, DamageApplied)] == [(13, 10, "3 MP overspent on Contact Ghoul")]
    evs = do(eng, 'cast harvey "Contact Ghoul" mp=30')  # no first-casting roll any more: no dice
    assert [(e.hp_before, e.hp_after) for e in events_of(evs, DamageApplied)] == [(10, 0)]
    # 10 of 13 HP in one go is a major wound: at 0 HP, dying
    assert [e.condition for e in events_of(evs, ConditionAdded)] == ["major wound", "prone", "dying", "unconscious"]
    assert "unconscious" in rejected(eng, 'cast harvey "Contact Ghoul"')
    assert tm.pay_magic_points(5, 10, 3) == tm.Payment(2, 10, 0)


@pytest.mark.rule("COC-TOME-08")
def test_magic_points_return_with_rest(eng):
    assert "already at their maximum (12)" in rejected(eng, "mp harvey rest 2")
    do(eng, "char pool harvey MP=0")
    (ev,) = do(eng, "mp harvey rest 4")
    assert (ev.old, ev.new, ev.rules) == (0, 4, ("COC-TOME-08",))
    do(eng, "mp harvey rest 3 rate=2")
    assert harvey(eng).current["MP"] == 10
    do(eng, "mp harvey rest 10")
    assert harvey(eng).current["MP"] == 12
    assert "1 hour or more" in rejected(eng, "mp harvey rest 0")
    assert "rate=0 is impossible" in rejected(eng, "mp harvey rest 2 rate=0")
    assert "mp NAME rest HOURS" in rejected(eng, "mp harvey sleep 3")
    assert tm.recover_magic_points(3, 12, 2, 5) == 12


# --- COC-TOME-09 … 11: learning spells -----------------------------------------------------------------------------------------------


@pytest.mark.rule("COC-TOME-09")
def test_learning_from_a_book(eng):
    assert "initial reading" in rejected(eng, f"learn harvey Wrack from=book tome={TOME}", 3, 4)
    do(eng, f"read harvey {TOME} noroll")
    (ev,) = do(eng, f"learn harvey Wrack from=book tome={TOME}", 3, 4)
    assert isinstance(ev, SpellLearned) and (ev.time, ev.learned, ev.roll, ev.tome) == ("7 weeks", True, 0, "Cultes des Goules")
    assert [r.purpose for r in ev.dice] == ["weeks of learning", "weeks of learning"]
    assert "already knows" in rejected(eng, f"learn harvey Wrack from=book tome={TOME}", 3, 4)
    (ev,) = do(eng, f'learn harvey "Contact Ghoul" from=book tome={TOME} weeks=2 check', 41)
    assert (ev.time, ev.hard, ev.roll, ev.target, ev.learned) == ("2 weeks", True, 41, 80, False)
    (ev,) = do(eng, f'learn harvey "Contact Ghoul" from=book tome={TOME} weeks=2 check', 40)
    assert ev.learned and harvey(eng).mind.spells == {"wrack": 0, "contact ghoul": 0}
    do(eng, "spell add Shrivelling mp=5")
    assert "does not hold Shrivelling" in rejected(eng, f"learn harvey Shrivelling from=book tome={TOME}", 3, 4)
    assert "tome=NAME" in rejected(eng, "learn harvey Shrivelling from=book", 3, 4)


@pytest.mark.rule("COC-TOME-10")
def test_learning_from_a_person(eng):
    (ev,) = do(eng, 'learn harvey Wrack from=person time="3 days"')
    assert (ev.source, ev.time, ev.learned, ev.dice) == ("person", "3 days", True, ())
    (ev,) = do(eng, 'learn harvey "Contact Ghoul" from=person check', 41)
    assert (ev.hard, ev.learned) == (True, False)
    assert "from a person give time" in rejected(eng, 'learn harvey "Contact Ghoul" from=person weeks=2')


@pytest.mark.rule("COC-TOME-11")
def test_learning_from_an_entity_needs_an_int_roll(eng):
    (ev,) = do(eng, "learn harvey Wrack from=entity", 81)
    assert (ev.learned, ev.roll, ev.target, ev.hard, ev.time) == (False, 81, 80, False, "moments")
    assert harvey(eng).mind.spells == {}
    (ev,) = do(eng, "learn harvey Wrack from=entity", 80)
    assert ev.learned and harvey(eng).mind.spells == {"wrack": 0}
    assert "book, person or entity" in rejected(eng, 'learn harvey "Contact Ghoul" from=dream', 50)
    assert "always takes an INT roll" in rejected(eng, 'learn harvey "Contact Ghoul" from=entity check', 50)


# --- COC-TOME-12, 13: casting -------------------------------------------------------------------------------------------------------


@pytest.mark.rule("COC-TOME-12")
def test_the_first_casting_needs_a_hard_pow_roll(eng):
    assert "does not know" in rejected(eng, "cast harvey Wrack", 25)
    do(eng, "learn harvey Wrack from=entity", 40)
    (ev,) = do(eng, "cast harvey Wrack", 31)
    assert isinstance(ev, SpellCast) and (ev.cast, ev.first, ev.roll, ev.target) == (False, True, 31, 60)
    assert harvey(eng).mind.spells == {"wrack": -1} and harvey(eng).current["MP"] == 12
    assert "push it" in rejected(eng, "cast harvey Wrack", 25)
    evs = do(eng, "cast harvey Wrack push", 30, 2)  # pushed and made: normal costs
    (ev,) = events_of(evs, SpellCast)
    assert (ev.cast, ev.pushed, ev.multiplier, ev.mp, ev.san) == (True, True, 1, 6, 2)
    evs = do(eng, "cast harvey Wrack", 4)  # no POW roll now: only the SAN cost die
    (ev,) = events_of(evs, SpellCast)
    assert (ev.first, ev.roll, ev.san) == (False, 0, 4)
    assert harvey(eng).mind.spells == {"wrack": 2}
    assert "only a failed first casting" in rejected(eng, "cast harvey Wrack push", 5)


@pytest.mark.rule("COC-TOME-12")
def test_a_failed_push_casts_at_one_d6_times_both_costs(eng):
    do(eng, "learn harvey Wrack from=entity", 40)
    do(eng, "cast harvey Wrack", 50)
    evs = do(eng, "cast harvey Wrack push", 50, 3, 2, 90)  # ×3: 18 MP, 2×3 = 6 SAN → INT roll (90: repressed)
    (ev,) = events_of(evs, SpellCast)
    assert (ev.cast, ev.multiplier, ev.mp, ev.san) == (True, 3, 18, 6)
    assert [(e.pool, e.old, e.new) for e in evs if type(e) is PoolChanged] == [("MP", 12, 0)]
    assert [(e.hp_before, e.hp_after) for e in events_of(evs, DamageApplied)] == [(13, 7)]
    assert events_of(evs, SanityLost)[0].new == 54
    assert events_of(evs, InsanityStruck)[0].repressed
    assert "×3" in ev.describe(eng.names)
    assert tm.first_casting(Dice.forced(31), 60) == tm.FirstCasting(31, 60, False, False, cast=False)


@pytest.mark.rule("COC-TOME-13")
def test_casting_time_in_the_initiative_order(eng):
    do(eng, "char new Cultist kind=npc DEX=50 POW=50")
    do(eng, 'learn harvey "Contact Ghoul" from=entity', 40)
    (ev,) = events_of(do(eng, 'cast harvey "Contact Ghoul"', 25), SpellCast)  # outside a fight: just logged
    assert (ev.timing, "COC-TOME-13" in ev.rules) == ("", False)
    for line in ("fight start", "fight add harvey cultist", "fight next"):
        do(eng, line)
    (ev,) = events_of(do(eng, 'cast harvey "Contact Ghoul"'), SpellCast)
    assert (ev.effect_round, ev.effect_at, ev.timing) == (2, 60, "at DEX (60) in round 2")
    assert "COC-TOME-13" in ev.rules
    assert eng.state.encounter.combatants["harvey"].acted
    assert not eng.state.encounter.combatants["cultist"].acted
    assert tm.spell_timing(0, 60, 3) == tm.Timing(3, 110, "at DEX+50 (110) this round")
    assert tm.spell_timing(1, 60, 3) == tm.Timing(3, 60, "at DEX (60) this round")
    assert tm.spell_timing(3, 60, 3).round == 5
    assert (tm.casting_rounds("instant"), tm.casting_rounds("2 rounds"), tm.casting_rounds("soon")) == (0, 2, None)


# --- COC-TOME-14, 15: POW ---------------------------------------------------------------------------------------------------------------


@pytest.mark.rule("COC-TOME-14", "COC-PARTY-06")
def test_winning_an_opposed_spell_may_raise_pow(eng):
    do(eng, "learn harvey Wrack from=entity", 40)
    evs = do(eng, "cast harvey Wrack won", 25, 1, 61, 7)
    (pow_,) = events_of(evs, PowIncreaseRolled)
    assert (pow_.roll, pow_.pow, pow_.success, pow_.gain) == (61, 60, True, 7)
    (stat,) = events_of(evs, StatChanged)
    assert (stat.stat, stat.old, stat.new) == ("POW", 60, 67)
    assert derived("coc7", harvey(eng))["max MP"] == 13
    (pow_,) = events_of(do(eng, "cast harvey Wrack won", 1, 67), PowIncreaseRolled)
    assert (pow_.success, pow_.gain) == (False, 0)  # 67 is not over POW 67
    do(eng, 'learn harvey "Contact Ghoul" from=entity', 40)
    assert "not opposed" in rejected(eng, 'cast harvey "Contact Ghoul" won')
    evs = do(eng, "pow harvey gain", 80, 6)
    assert harvey(eng).stats["POW"] == 73 and events_of(evs, PowIncreaseRolled)[0].trigger == "opposed spell"
    assert tm.pow_increase(Dice.forced(97, 5), 99) == tm.PowGain(97, 99, True, 5)  # 96+ always
    assert tm.pow_increase(Dice.forced(95), 99) == tm.PowGain(95, 99, False)


@pytest.mark.rule("COC-TOME-15")
def test_a_luck_roll_of_01_calls_for_the_pow_check(eng):
    (pow_, stat) = do(eng, "pow harvey gain luck=01", 70, 2)
    assert (pow_.trigger, pow_.success, stat.new) == ("Luck 01", True, 62)
    assert pow_.rules == ("COC-TOME-15", "COC-TOME-14")
    assert "only 01" in rejected(eng, "pow harvey gain luck=5", 70, 2)
    assert "1–100" in rejected(eng, "pow harvey gain luck=0", 70, 2)
    assert (tm.luck_calls_for_pow_check(1), tm.luck_calls_for_pow_check(100)) == (True, False)


# --- the log --------------------------------------------------------------------------------------------------------------------------------


def test_tome_events_round_trip_replay_and_undo(eng):
    before = eng.state
    believe(eng)
    evs = do(eng, f"read harvey {TOME}", 10, 4)
    evs += do(eng, f"learn harvey Wrack from=book tome={TOME} weeks=1")
    evs += do(eng, "cast harvey Wrack won", 25, 2, 99, 3)
    for ev in evs:
        assert decode_one(encode(ev)) == ev
    assert replayed(eng) == eng.state
    for _ in range(4):
        do(eng, "undo")
    assert eng.state == before
