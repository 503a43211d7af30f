"""Any text pasted as stat blocks: a report or a clear refusal, never a traceback (issue 35)."""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fhtagn_tui.domain.decide import Rejected
from fhtagn_tui.importers import ImportError_, plan
from tests.bestiary.samples_books import LAYOUTS
from tests.helpers import engine

TOKENS = ("STR", "CON", "SIZ", "DEX", "INT", "APP", "POW", "EDU", "CHA", "ST", "DX", "IQ", "HT", "HP", "MP", "SAN",
          "WP", "BP", "Build", "Move", "DB", "Dodge", "Parry", "Block", "Skills:", "ATTACKS:", "Armor:", "DR",
          "Languages:", "Spells:", "BONDS:", "Sanity loss:", "Lethality", "damage", "%", "(", ")", "[", "]", ",",
          ";", ".", "-", "+", "/", "1D6", "2d-1", "pi+", "cut", "fat", "6O", "lO", "Glock 22", "Knife", "\n",
          "\n\n", "Attacks per round:", "Fright Check", "Basic Speed", "age", "—", "½DB", "\ufb01")
NUMBERS = st.integers(-5, 700).map(str)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(st.sampled_from(TOKENS), NUMBERS, st.text(max_size=6)), max_size=60),
       st.sampled_from(("coc7", "fhtagn", "gurps")))
def test_any_text_is_read_or_refused_clearly(words, system):
    text = " ".join(words)
    try:
        p = plan(text)
    except ImportError_ as exc:
        assert str(exc)
        return
    eng = engine(system)
    try:
        eng.run(p.command)
    except Rejected as exc:
        assert str(exc)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(LAYOUTS), st.data())
def test_a_real_block_with_a_character_changed_is_read_or_refused_clearly(layout, data):
    system, text, _ = layout
    at = data.draw(st.integers(0, len(text) - 1))
    new = data.draw(st.sampled_from(("O", "l", "S", "9", " ", "\n", "%", ",", ":", "(", "")))
    mutated = text[:at] + new + text[at + 1:]
    try:
        p = plan(mutated)
    except ImportError_ as exc:
        assert str(exc)
        return
    eng = engine(system)
    try:
        eng.run(p.command)
    except Rejected as exc:
        assert str(exc)


HEAD = "Name\nSTR 50 CON 50 SIZ 50 DEX 50 INT 50 APP 50 POW 50 EDU 50\n"


@pytest.mark.parametrize("tail", [
    "x" * 100_000, "O" * 100_000, "Languages: " + "x," * 50_000, "Knife 40%, damage 1D4" + " " * 100_000 + ",",
    "Skills: Listen " + "a " * 50_000, "Knife " + "40% " * 30_000, "Knife 40" + " " * 100_000,
], ids=["letters", "Os", "languages", "spaces-after-damage", "skill-no-digits", "percents", "spaces-after-number"])
def test_a_hostile_paste_is_read_in_linear_time(tail):
    # quadratic matching took minutes on these (a run of spaces tried split two ways); linear: well under a second
    start = time.process_time()
    try:
        plan(HEAD + tail)
    except ImportError_:
        pass
    assert time.process_time() - start < 5.0
