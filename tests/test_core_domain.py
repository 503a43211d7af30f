"""decide/evolve units for the foundation commands."""

from __future__ import annotations

import pytest

from fhtagn_tui.domain.features.campaign import DiceRolled, PoolChanged
from tests.helpers import do, engine, rejected, replayed


def test_character_creation_fhtagn_derives_values():
    eng = engine("fhtagn", 'char new "Ada Vance" STR=12 CON=11 DEX=13 INT=15 POW=14 CHA=10 bonds="Sister,Partner:9"')
    ada = eng.state.character("ada vance")
    assert ada is not None
    assert ada.current == {"HP": 12, "WP": 14, "SAN": 70, "BP": 56}
    assert [(b.name, b.score) for b in ada.bonds] == [("Sister", 10), ("Partner", 9)]
    assert replayed(eng) == eng.state


@pytest.mark.rule("FH-PARTY-01")
def test_lowering_con_clamps_current_hp():
    eng = engine("fhtagn", "char new Ada STR=12 CON=12")
    assert eng.state.character("ada").current["HP"] == 12
    do(eng, "char set ada CON=6")
    assert eng.state.character("ada").current["HP"] == 9  # ceil((12+6)/2)


def test_undo_returns_exact_prior_state_and_redo_restores():
    eng = engine("coc7", "char new Harvey STR=50 CON=60 SIZ=70 DEX=55 POW=60")
    before = eng.state
    do(eng, "char pool harvey HP=5")
    after = eng.state
    do(eng, "undo")
    assert eng.state == before
    do(eng, "redo")
    assert eng.state == after
    assert replayed(eng) == eng.state


def test_new_action_clears_redo():
    eng = engine("gurps", "char new Ilse ST=10 DX=11 IQ=12 HT=10")
    do(eng, "char pool ilse HP=4")
    do(eng, "undo")
    do(eng, "note onwards")
    assert "nothing to redo" in rejected(eng, "redo")


def test_impossible_stat_is_refused_with_range():
    eng = engine("fhtagn")
    msg = rejected(eng, "char new Bob STR=25")
    assert "STR 25 is impossible" in msg and "3–18" in msg


def test_unknown_character_suggests_closest():
    eng = engine("fhtagn", "char new Alice")
    assert "did you mean 'Alice'" in rejected(eng, "char pool alcie HP=3")


@pytest.mark.rule("FH-DICE-01", "FH-DICE-02", "FH-DICE-04")
def test_typed_dice_are_recorded_in_the_event():
    eng = engine("fhtagn", "char new Ada CON=12")
    ev, *_ = do(eng, "test ada CON roll=33")
    assert isinstance(ev, DiceRolled)
    assert ev.total == 33 and ev.target == 60 and ev.level == "critical"
    assert [(r.die, r.value) for r in ev.dice] == [("d100", 33)]


def test_too_few_typed_dice_are_refused():
    eng = engine("fhtagn")
    assert "not enough dice" in rejected(eng, "roll 2d6 roll=3")


def test_too_many_typed_dice_are_refused():
    eng = engine("fhtagn")
    assert rejected(eng, "roll 1d6 roll=3,4") == "1 typed-in die was not needed: this needs 1 (d6 for 1d6) — type only those"
    assert rejected(eng, "roll 1d6 roll=3,4,5").startswith("2 typed-in dice were not needed: this needs 1 ")
    for line in ('char new Ada STR=10 CON=10 DEX=10 INT=10 POW=10 CHA=10', 'fight start Barn', 'fight add ada'):
        do(eng, line)
    assert rejected(eng, "fight next roll=5") == "1 typed-in die was not needed: this needs no dice — leave roll= out"


def test_die_face_out_of_range_is_refused():
    eng = engine("fhtagn")
    assert "cannot show 7" in rejected(eng, "roll 1d6 roll=7")


def test_sessions_number_and_stamp_events():
    eng = engine("fhtagn", "char new Ada")
    (start,) = do(eng, "session start Night one")
    assert start.session == 1
    (ev,) = do(eng, "char pool ada HP=3")
    assert isinstance(ev, PoolChanged) and ev.session == 1
    do(eng, "session end")
    do(eng, "session start")
    assert eng.state.sessions[-1].number == 2
    assert eng.state.character("ada").current["HP"] == 3  # the party carries over


def test_secret_flag_marks_events():
    eng = engine("fhtagn")
    (ev,) = do(eng, "note The vicar's a cultist secret")
    assert ev.secret and ev.text == "The vicar's a cultist"
