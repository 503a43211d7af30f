"""Issue 31 found by a stranger at the table: a dead investigator was given a bout of madness
(``bout ada`` after she died of a major wound), which then counted down beside her name.  The dead
suffer no bout, reality check or phobia/mania; the refusal names the killing event."""

from __future__ import annotations

import pytest

from tests.helpers import do, engine, rejected

COC = ("char new Harvey Luck=50 STR=60 CON=60 SIZ=60 DEX=60 POW=60 INT=70",)


@pytest.mark.rule("COC-INSANITY-05")
@pytest.mark.parametrize("line", [
    "bout harvey",
    "bout harvey summary roll=7,3",
    "reality harvey",
    'phobia face harvey "deep water"',
    'mania face harvey "counting things"',
])
def test_the_dead_suffer_no_bout_reality_check_or_phobia(line: str) -> None:
    eng = engine("coc7", *COC)
    (ev,) = do(eng, 'cond add harvey dead note="torn apart"')
    before = len(eng.state.characters["harvey"].conditions)
    msg = rejected(eng, line)
    assert msg == (f"Harvey is dead (event #{ev.seq}: torn apart) and cannot "
                   + ("suffer a bout of madness" if line.startswith("bout") else
                      "make a reality check" if line.startswith("reality") else "face a phobia or mania")
                   + "; if that is wrong, 'undo' takes back the last action, 'cond remove Harvey dead' the condition")
    assert len(eng.state.characters["harvey"].conditions) == before


@pytest.mark.rule("COC-INSANITY-05")
def test_the_living_still_get_their_bout() -> None:
    eng = engine("coc7", *COC)
    do(eng, "bout harvey roll=7,3")
    assert eng.state.characters["harvey"].has("bout of madness")


GURPS = ("char new Ilse ST=11 DX=12 IQ=13 HT=10", "char new Bruno ST=14 DX=10 HT=12")


@pytest.mark.rule("GURPS-FRIGHT-26")
def test_a_character_in_a_coma_cannot_test_or_attack_until_the_ht_roll_wakes_them() -> None:
    """A stranger's Ilse, in a 3-hour coma from a Fright Check, still made an IQ test (10: success)."""
    eng = engine("gurps", *GURPS)
    # Will 13 −10 = 3: 18 is a critical failure, margin 15; the table 5+5+4+15 = 29, coma for 3 hours
    evs = do(eng, "fright ilse mod=-10 roll=6,6,6,5,5,4,3")
    coma = next(e.seq for e in evs if "coma" in str(getattr(e, "condition", "")))
    tail = "; if that is wrong, 'undo' takes back the last action, 'cond remove Ilse coma' the condition"
    assert rejected(eng, "test ilse IQ") == (
        f"Ilse is in a coma (event #{coma}: fright result 29) and cannot make a test" + tail)
    assert rejected(eng, "attack ilse bruno") == (
        f"Ilse is in a coma (event #{coma}: fright result 29) and cannot attack" + tail)
    do(eng, "time +3h")
    do(eng, "fright recover ilse roll=3,3,3")  # 9 vs HT 10: she wakes
    assert not eng.state.characters["ilse"].has("coma")
    do(eng, "test ilse IQ roll=3,3,3")


@pytest.mark.rule("GURPS-FRIGHT-14")
def test_a_fainted_character_cannot_test() -> None:
    eng = engine("gurps", *GURPS)
    do(eng, "cond add ilse fainted")
    assert rejected(eng, "test ilse IQ").startswith("Ilse is out in a faint")


@pytest.mark.parametrize(("system", "setup", "line", "pool"), [
    ("coc7", COC[0], "char set harvey san=40", "SAN"),
    ("coc7", COC[0], "char set harvey Mp=3", "MP"),
    ("fhtagn", "char new Harvey", "char set harvey wp=5", "WP"),
    ("fhtagn", "char new Harvey", "char set harvey bp=40", "BP"),
])
def test_a_current_value_written_like_a_stat_is_refused_not_made_a_skill(system: str, setup: str, line: str,
                                                                         pool: str) -> None:
    """A stranger's ``char set zed san=40`` said "san – → 40%" and made a skill called "san"."""
    eng = engine(system, setup)
    before = dict(eng.state.characters["harvey"].skills)
    value = line.rsplit("=", 1)[1]
    raw = line.split()[-1].split("=")[0]
    assert rejected(eng, line) == (f"{pool} is a current value, not a skill or characteristic: 'char pool Harvey "
                                   f"{pool}={value}' sets it; custom:{raw}=N keeps a skill by that name")
    assert eng.state.characters["harvey"].skills == before


def test_a_skill_called_san_is_kept_when_asked_for() -> None:
    eng = engine("coc7", *COC)
    do(eng, "char set harvey custom:san=40")
    assert eng.state.characters["harvey"].skills.get("san") == 40


@pytest.mark.rule("COC-PARTY-04")
def test_fight_show_lists_the_urgent_conditions_first_with_what_is_left() -> None:
    """``fight show`` read "major wound, prone, dying, unconscious" and "temporarily insane, bout of madness"."""
    eng = engine("coc7", COC[0], "char new Ada Luck=50 DEX=70", "fight start", "fight add harvey ada")
    do(eng, "sanity harvey 1/1d10 roll=80,7,40,6,7,3")  # temporarily insane 6h, flee in panic 3 rounds
    do(eng, "damage ada 5")
    do(eng, "damage ada 6")
    shown = eng.execute("fight show").answer
    lines = {line.split()[0]: line for line in shown.splitlines()[1:]}
    assert lines["Ada"].endswith("HP 0  dying, unconscious, major wound, prone"), shown
    assert lines["Harvey"].endswith("bout of madness 3r, temporarily insane 6h"), shown


@pytest.mark.rule("GURPS-FRIGHT-08", "GURPS-FRIGHT-40")
def test_a_fright_stun_asks_for_the_will_roll_not_ht_and_the_clock_shows_its_seconds() -> None:
    """A stranger's Ilse, stunned 2 s by a Fright Check, was told "roll HT each turn" (`test Ilse HT`), and
    the log read "Day 1, 08:00 → Day 1, 08:00, +1s" at each round's end."""
    from fhtagn_tui.domain.actions import due

    eng = engine("gurps", *GURPS, "fight start", "fight add ilse bruno")
    # 14 vs Will 13: margin 1; the table 3+3+3+1 = 10: stunned 1d (2) seconds, then modified Will
    do(eng, "fright ilse roll=5,5,4,3,3,3,2")
    do(eng, "fight next")
    assert due(eng.state, "ilse")[0] == ("stunned (Fright Check): no action but Do Nothing; modified will roll "
                                         "when its 2s are up", "")
    do(eng, "fight next")
    (moved,) = [e for e in do(eng, "fight next") if type(e).__name__ == "RoundTimePassed"]  # a round's time
    assert moved.describe({}) == "Time passes: Day 1, 08:00 → Day 1, 08:00:01, +1s (round 1)"
    do(eng, "fight next")
    do(eng, "fight next")  # round 2 over: the 2 s are up
    assert due(eng.state, "ilse")[0] == ("stunned (Fright Check): no action but Do Nothing; modified will roll now",
                                         "fright recover Ilse")


@pytest.mark.rule("GURPS-FRIGHT-08")
def test_a_stunned_gurps_character_cannot_attack() -> None:
    """Stunned by a Fright Check, Ilse punched Bruno ("no action except Do Nothing")."""
    eng = engine("gurps", *GURPS, "fight start", "fight add ilse bruno")
    do(eng, "fright ilse roll=5,5,4,3,3,3,2")
    do(eng, "fight next")
    assert rejected(eng, "attack ilse bruno") == (
        "Ilse is stunned and can do nothing but Do Nothing until they recover ('fright recover Ilse' when its time "
        "is up, or 'cond remove Ilse stunned')")


@pytest.mark.rule("GURPS-FRIGHT-26")
def test_a_character_in_a_coma_is_skipped_in_the_fight_order() -> None:
    """Ilse, in a coma, still got "Ilse acts now" each turn."""
    eng = engine("gurps", *GURPS, "char new Carl", "fight start", "fight add ilse bruno carl")
    do(eng, "fright ilse mod=-10 roll=6,6,6,5,5,4,3")
    turns = []
    for _ in range(4):
        do(eng, "fight next")
        turns.append(eng.state.encounter.current if eng.state.encounter else "")
    assert "ilse" not in turns and turns.count("bruno") == 2
