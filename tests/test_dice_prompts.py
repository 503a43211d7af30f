"""Typed-in dice: a refusal for too few names every die still needed, in draw order, at once."""

from __future__ import annotations

import pytest

from fhtagn_tui.rules.dice import ProbeSource, needed_text
from tests.helpers import engine, rejected


@pytest.mark.rule("COC-DICE-04")
def test_a_penalty_test_with_one_die_names_the_two_tens_dice_still_needed():
    eng = engine("coc7", "char new Harvey DEX=60")
    msg = rejected(eng, "test harvey Listen penalty=1 roll=3")
    assert "not enough dice typed in (1 given)" in msg
    assert "still needed, in order" in msg and "2 tens dice for 'Listen'" in msg


def test_a_sanity_roll_names_the_loss_die_after_the_san_roll():
    eng = engine("coc7", "char new Harvey POW=60 INT=70")
    msg = rejected(eng, "sanity harvey 1/1d10 source=ghoul roll=90")
    assert "a d10 for 'SAN loss'" in msg
    first, later = msg.index("SAN loss"), msg.index("INT roll")
    assert first < later  # in draw order


@pytest.mark.rule("GURPS-FRIGHT-01")
def test_a_fright_check_names_its_third_die_then_the_table_dice():
    eng = engine("gurps", "char new Ilse IQ=12")
    msg = rejected(eng, "fright ilse roll=6,6")
    assert "(2 given)" in msg and msg.index("a d6 for 'Fright Check'") < msg.index("3d6 for 'Fright table'")


def test_needed_text_groups_repeats():
    assert needed_text([("a", "d6"), ("a", "d6"), ("a", "d6"), ("b", "tens"), ("c", "d100")]) == (
        "3d6 for 'a', then a tens die for 'b', then a d100 for 'c'")
    probe = ProbeSource(limit=2)
    assert (probe.value("x", "d100"), probe.value("y", "d6")) == (98, 6)
