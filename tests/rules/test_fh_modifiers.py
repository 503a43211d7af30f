"""FH-DICE-05: FHTAGN modifiers come in steps of 20 and their total is capped at ±40."""

from __future__ import annotations

import pytest

from fhtagn_tui.commands import help_text
from tests.helpers import do, engine, rejected

ADA = "char new Ada STR=10 CON=11 DEX=13 INT=16 POW=14 CHA=11 Firearms=50"


@pytest.mark.rule("FH-DICE-05")
@pytest.mark.parametrize(("mod", "hint"), [("-25", "mod=-40 or mod=-20"), ("+7", "mod=+0 or mod=+20"), ("-10", "mod=-20 or mod=+0")])
def test_a_modifier_off_the_steps_of_20_is_refused(mod, hint):
    eng = engine("fhtagn", ADA)
    msg = rejected(eng, f"test ada Firearms mod={mod}", 30)
    assert "FHTAGN modifiers come in steps of 20 (FH-DICE-05)" in msg
    assert hint in msg


@pytest.mark.rule("FH-DICE-05")
@pytest.mark.parametrize(("mod", "target"), [("-20", 30), ("+40", 90), ("-40", 10)])
def test_steps_of_20_up_to_40_apply_as_given(mod, target):
    eng = engine("fhtagn", ADA)
    ev, *_ = do(eng, f"test ada Firearms mod={mod}", 5)
    assert (ev.target, ev.note) == (target, "")  # type: ignore[attr-defined]
    assert "FH-DICE-05" in ev.rules


@pytest.mark.rule("FH-DICE-05")
def test_a_total_beyond_40_is_capped_and_the_event_says_so():
    eng = engine("fhtagn", ADA)
    ev, *_ = do(eng, "test ada Firearms mod=-60", 12)  # the GM summed −60: capped at −40
    assert (ev.target, ev.level) == (10, "failure")  # type: ignore[attr-defined]
    assert ev.note == "mod -60 capped at -40, FH-DICE-05"  # type: ignore[attr-defined]
    assert "capped at -40" in ev.describe(eng.names)


def test_help_test_gives_the_fhtagn_steps():
    text = help_text("test")
    assert "±20/±40" in text and "steps of 20" in text


@pytest.mark.rule("FH-DICE-05")
@pytest.mark.parametrize(
    "line",
    [
        "san ada 1/1d6 mod=-25",
        "firstaid bob ada mod=-10",
        "attack ada bob mod=+30",
    ],
)
def test_every_fhtagn_command_with_mod_takes_steps_of_20(line):
    eng = engine("fhtagn", ADA, 'char new Bob "First Aid"=50 Medicine=40', "char pool ada HP=5",
                 "fight start", "fight add ada bob")
    assert "steps of 20 (FH-DICE-05)" in rejected(eng, line, *[50] * 8)
