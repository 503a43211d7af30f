"""The one name resolver: characters, skills, weapons, tables and commands found the same way."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fhtagn_tui.commands import ParseError, parse
from fhtagn_tui.rules.names import NameProblem, distance, fold, matches, resolve, suggest
from tests.helpers import do, engine, rejected

PEOPLE = ["Dr. Elias Crane", "Zoë Hart", "Ada Vance", "Adam Pike", "Sheriff Dale"]


def test_case_and_accents_do_not_matter():
    assert resolve("zoe", PEOPLE) == "Zoë Hart"
    assert resolve("ZOË HART", PEOPLE) == "Zoë Hart"
    assert fold("  Zoë   Hart ") == "zoe hart"


def test_the_start_of_a_later_word_is_enough():
    assert resolve("elias", PEOPLE) == "Dr. Elias Crane"
    assert resolve("crane", PEOPLE) == "Dr. Elias Crane"
    assert resolve("hart", PEOPLE) == "Zoë Hart"
    assert resolve("elias cr", PEOPLE) == "Dr. Elias Crane"  # the starts of consecutive words


def test_the_start_of_the_whole_name_breaks_a_tie_of_word_starts():
    assert resolve("pist", ["pistol", "heavy pistol"]) == "pistol"
    assert matches("pis", ["heavy pistol", "light pistol"]) == ["heavy pistol", "light pistol"]


def test_a_unique_piece_is_enough_when_no_word_starts_so():
    assert resolve("lias", PEOPLE) == "Dr. Elias Crane"
    assert resolve("eriff", PEOPLE) == "Sheriff Dale"


def test_the_whole_name_wins_over_longer_names():
    assert resolve("ada vance", PEOPLE) == "Ada Vance"
    assert resolve("Ada", ["Ada", "Adam"]) == "Ada"


def test_an_ambiguous_name_lists_the_candidates():
    with pytest.raises(NameProblem) as info:
        resolve("ad", PEOPLE, "character")
    assert info.value.candidates == ("Ada Vance", "Adam Pike")
    assert "could be more than one character: Ada Vance, Adam Pike" in info.value.message


def test_nothing_found_suggests_by_edit_distance():
    with pytest.raises(NameProblem) as info:
        resolve("Elais", PEOPLE, "character")
    assert info.value.suggestions == ("Dr. Elias Crane",)
    assert "did you mean 'Dr. Elias Crane'?" in info.value.message
    assert suggest("tset", ["test", "tome", "table", "trait"]) == ["test"]
    assert distance("tset", "test") == 1  # a swap of two letters is one edit


def test_command_typos_suggest_by_edit_distance():
    with pytest.raises(ParseError) as info:
        parse("tset ada Listen")
    assert "did you mean 'test'?" in str(info.value)
    assert "tome" not in str(info.value)
    with pytest.raises(ParseError) as info:
        parse("char nwe Ada")
    assert "did you mean 'char new'?" in str(info.value)


def test_characters_are_found_by_any_word_through_the_engine():
    eng = engine("coc7", 'char new "Dr. Elias Crane" DEX=60', "char new Zoë DEX=50", "char new Ghoul kind=monster",
                 "fight start Crypt")
    do(eng, "fight add elias zoe ghoul")
    enc = eng.state.encounter
    assert enc is not None and set(enc.combatants) == {"dr. elias crane", "zoë", "ghoul"}
    ev, *_ = do(eng, "test elias listen", 12)
    assert ev.character == "dr. elias crane"  # type: ignore[attr-defined]


def test_an_ambiguous_character_is_refused_with_the_candidates():
    eng = engine("fhtagn", 'char new "Ada Vance"', 'char new "Adam Pike"')
    msg = rejected(eng, "test ad Firearms", 5)
    assert "could be more than one character: Ada Vance, Adam Pike" in msg


def test_weapons_are_found_by_any_word():
    eng = engine("coc7", "char new Harvey DEX=60", "char new Ghoul kind=monster DEX=50", "fight start", "fight add harvey ghoul")
    evs = do(eng, "shoot harvey ghoul weapon=thompson range=10", 5, 1)
    assert "thompson" in evs[0].describe(eng.names).casefold()
    msg = rejected(eng, "shoot harvey ghoul weapon=claw range=10", 5, 1)
    assert "no weapon called 'claw'" in msg and "'club'" not in msg.split("(")[0]


@given(st.lists(st.text(alphabet="abcdéëzo .", min_size=1, max_size=12), min_size=1, max_size=6, unique=True))
def test_a_whole_name_always_finds_itself(names):
    for name in names:
        if not fold(name):
            continue
        same = [n for n in names if fold(n) == fold(name)]
        assert matches(name, names)[0] in same
