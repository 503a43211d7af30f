"""Issue 31, game time: the campaign clock, and conditions that end by themselves when their time
is up — with the length the rule that set them gives (forced dice), or the GM's."""

from __future__ import annotations

import pytest

from fhtagn_tui.domain.features.clock import ClockAdvanced, LastingEnded, LastingSet, RoundCounted
from fhtagn_tui.rules import clock as rc
from fhtagn_tui.service import Engine
from tests.helpers import do, engine, events_of, rejected, replayed

HARVEY = "char new Harvey Luck=50 STR=50 CON=60 SIZ=60 DEX=60 INT=70 POW=60"
GHOUL = "char new Ghoul kind=monster STR=80 CON=65 SIZ=65 DEX=65"


def conds(eng: Engine, who: str) -> tuple[str, ...]:
    char = eng.state.character(who)
    assert char is not None
    return char.conditions


def test_the_clock_starts_on_day_one_and_time_moves_it() -> None:
    eng = engine("coc7", HARVEY)
    assert rc.show(eng.state.clock) == "Day 1, 08:00"
    (ev,) = do(eng, "time +10m")
    assert isinstance(ev, ClockAdvanced) and ev.describe({}) == "Time passes: Day 1, 08:00 → Day 1, 08:10, +10m"
    do(eng, "time +2h")
    do(eng, "time +1d")
    assert rc.show(eng.state.clock) == "Day 2, 10:10"
    do(eng, "time next morning")
    assert rc.show(eng.state.clock) == "Day 3, 07:00"
    assert "not a duration" in rejected(eng, "time +soon")
    assert "rounds pass in a fight" in rejected(eng, "time +3r")


@pytest.mark.rule("COC-INSANITY-05", "COC-INSANITY-16")
def test_a_bout_of_three_rounds_ends_after_three_rounds_of_the_fight() -> None:
    eng = engine("coc7", HARVEY, GHOUL, "fight start", "fight add harvey ghoul")
    do(eng, "fight next")  # round 1
    evs = do(eng, "bout harvey", 2, 3)  # row 2, 3 rounds long
    (ev,) = events_of(evs, LastingSet)
    assert isinstance(ev, LastingSet) and (ev.condition, ev.rounds, ev.rules) == ("bout of madness", 3, ("COC-INSANITY-05",))
    assert "bout of madness" in conds(eng, "harvey")
    assert eng.state.lasting[0].left(eng.state.clock) == "3r"
    ended: list[LastingEnded] = []
    for round_no in (1, 2, 3):
        assert not ended, f"ended before round {round_no} was over"
        for _ in range(2):  # two turns: Harvey, the ghoul; the second ends the round
            evs = do(eng, "fight next")
        assert events_of(evs, RoundCounted)
        ended = [e for e in events_of(evs, LastingEnded) if isinstance(e, LastingEnded)]
        if round_no < 3:
            assert eng.state.lasting[0].left(eng.state.clock) == f"{3 - round_no}r"
    (end,) = ended
    assert end.condition == "bout of madness" and "3 rounds are over (round 3)" in end.describe({"harvey": "Harvey"})
    assert "bout of madness" not in conds(eng, "harvey") and eng.state.lasting == ()
    assert replayed(eng) == eng.state


@pytest.mark.rule("COC-INSANITY-02", "COC-INSANITY-11")
def test_a_five_hour_temporary_insanity_ends_when_the_clock_passes_five_hours() -> None:
    eng = engine("coc7", HARVEY)
    # SAN roll 90 fails, loses 8; INT 30 ≤ 70: insane for 5 hours; a bout (summary? no: real time, row 2, 3 rounds)
    evs = do(eng, "sanity harvey 1/1d10", 90, 8, 30, 5, 2, 3)
    sets = {e.condition: e for e in events_of(evs, LastingSet) if isinstance(e, LastingSet)}
    assert sets["temporarily insane"].seconds == 5 * rc.HOUR and sets["temporarily insane"].rules == ("COC-INSANITY-11",)
    do(eng, "time +4h")
    assert "temporarily insane" in conds(eng, "harvey")
    evs = do(eng, "time +59m")
    assert not events_of(evs, LastingEnded) and "temporarily insane" in conds(eng, "harvey")
    evs = do(eng, "time +2m")
    (end,) = events_of(evs, LastingEnded)
    assert isinstance(end, LastingEnded) and end.condition == "temporarily insane"
    assert end.describe({"harvey": "Harvey"}).startswith("Harvey: no longer temporarily insane — its 5h are up")
    assert "temporarily insane" not in conds(eng, "harvey")
    assert replayed(eng) == eng.state


@pytest.mark.rule("GURPS-FRIGHT-26", "GURPS-FRIGHT-40")
def test_a_gurps_coma_ends_at_its_time_with_the_ht_roll_owed() -> None:
    eng = engine("gurps", "char new Ilse")
    # Fright Check 18 vs Will 10−10 fails by 18; table 11 + 18 = 29: coma 1d = 3 hours, then HT rolls
    evs = do(eng, "fright ilse mod=-10", 6, 6, 6, 4, 4, 3, 3)
    (ev,) = events_of(evs, LastingSet)
    assert isinstance(ev, LastingSet) and (ev.condition, ev.seconds) == ("coma", 3 * rc.HOUR) and "HT roll" in ev.due
    assert "coma" in conds(eng, "ilse")
    assert not events_of(do(eng, "time +2h"), LastingEnded)
    (end,) = events_of(do(eng, "time +1h"), LastingEnded)
    assert isinstance(end, LastingEnded) and end.due and "coma" in conds(eng, "ilse")  # the HT roll decides
    assert eng.state.lasting[0].over and eng.state.lasting[0].left(eng.state.clock).startswith("HT roll")
    do(eng, "fright recover ilse", 3, 3, 3)  # HT 10: 9 succeeds, she wakes
    assert "coma" not in conds(eng, "ilse") and eng.state.lasting == ()


@pytest.mark.rule("GURPS-FRIGHT-17")
def test_a_gurps_faint_that_wakes_by_itself_ends_by_itself() -> None:
    eng = engine("gurps", "char new Ilse")
    evs = do(eng, "fright ilse mod=-10", 5, 1, 1, 5, 4, 4, 4, 4, 4, 4, 1)  # 7 fails by 7; 13+7 = 20: faint 4d min, 1d FP
    (ev,) = events_of(evs, LastingSet)
    assert isinstance(ev, LastingSet) and ev.condition == "fainted" and not ev.due
    (end,) = events_of(do(eng, f"time +{ev.seconds // 60}m"), LastingEnded)
    assert isinstance(end, LastingEnded) and "fainted" not in conds(eng, "ilse") and not eng.state.character("ilse").mind.timers  # type: ignore[union-attr]


def test_undo_of_a_time_step_brings_back_what_ended_in_it() -> None:
    eng = engine("fhtagn", "char new Ada")
    do(eng, "cond add ada shaken for=30m")
    before = eng.state
    evs = do(eng, "time +1h")
    assert events_of(evs, LastingEnded) and "shaken" not in conds(eng, "ada")
    do(eng, "undo")
    assert "shaken" in conds(eng, "ada") and eng.state.clock == before.clock and eng.state.lasting == before.lasting
    do(eng, "redo")
    assert "shaken" not in conds(eng, "ada")
    assert replayed(eng) == eng.state


def test_the_gm_sets_and_changes_a_length_and_taking_the_condition_away_forgets_it() -> None:
    eng = engine("coc7", HARVEY)
    do(eng, "cond add harvey stunned for=2r")
    assert eng.state.lasting[0].rounds == 2 and eng.state.lasting[0].rule == ""
    (ev,) = do(eng, "cond add harvey stunned for=10m")  # a condition already there: its length changes
    assert isinstance(ev, LastingSet) and eng.state.lasting[0].until == eng.state.clock + 600
    assert "for=" in rejected(eng, "cond add harvey stunned")
    assert "not a duration" in rejected(eng, "cond add harvey prone for=soon")
    do(eng, "cond remove harvey stunned")
    assert eng.state.lasting == ()


def test_a_secret_length_ends_in_secret() -> None:
    eng = engine("coc7", HARVEY)
    do(eng, "cond add harvey haunted for=1h secret")
    (end,) = events_of(do(eng, "time +2h"), LastingEnded)
    assert end.secret
    (moved,) = events_of(do(eng, "time +1m"), ClockAdvanced)
    assert not moved.secret


@pytest.mark.rule("COC-INSANITY-05")
def test_a_bout_counted_in_rounds_is_over_when_time_passes_outside_a_fight() -> None:
    eng = engine("coc7", HARVEY)
    do(eng, "bout harvey", 2, 7)
    (end,) = events_of(do(eng, "time +10m"), LastingEnded)
    assert isinstance(end, LastingEnded) and "7 rounds left are over: 10m passed" in end.describe({})
    assert "bout of madness" not in conds(eng, "harvey")


@pytest.mark.rule("FH-HAZ-12")
def test_a_cold_interval_moves_the_clock_five_minutes_and_ends_what_is_over() -> None:
    eng = engine("fhtagn", "char new Bob CON=10")
    do(eng, "cold bob prep=partial")  # 50 minutes of grace: ticks without dice
    do(eng, "cond add bob shivering for=8m")
    evs = do(eng, "hazard tick bob")
    (moved,) = events_of(evs, ClockAdvanced)
    assert isinstance(moved, ClockAdvanced) and moved.new - moved.old == 5 * rc.MINUTE and "the cold" in moved.why
    assert not events_of(evs, LastingEnded)
    (end,) = events_of(do(eng, "hazard tick bob"), LastingEnded)
    assert isinstance(end, LastingEnded) and end.condition == "shivering"
    assert rc.show(eng.state.clock) == "Day 1, 08:10"
