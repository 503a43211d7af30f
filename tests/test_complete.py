"""Completion of the command line (pure): what Tab does and what the suggestion shows."""

from __future__ import annotations

import pytest

from fhtagn_tui.commands.complete import complete
from tests.helpers import engine


@pytest.fixture(scope="module")
def state():  # noqa: ANN201
    eng = engine("coc7", 'char new "Dr. Elias Crane" DEX=60 "Spot Hidden"=60', "char new Zoë DEX=50",
                 "char new Harvey", "template add Cultist kind=npc STR=60")
    return eng.state


@pytest.mark.parametrize(
    ("typed", "line"),
    [
        ("tes", "test "),
        ("char ne", "char new "),
        ("tset", "test "),  # a typo: the nearest command word
        ("test eli", 'test "Dr. Elias Crane" '),  # any word of the name
        ("test zoe", "test Zoë "),  # accents
        ('test "Dr. Elias Crane" spo', 'test "Dr. Elias Crane" "Spot Hidden" '),
        ("test harvey lis", "test harvey Listen "),  # a listed skill at base
        ("test harvey Listen diff", "test harvey Listen difficulty="),
        ("test harvey Listen difficulty=h", "test harvey Listen difficulty=hard "),
        ("attack harvey zoe weapon=thom", 'attack harvey zoe weapon="thompson smg" '),
        ("shoot harvey zoe weapon=.38 --ai", "shoot harvey zoe weapon=.38 --aim "),
        ("table roll coc-l", "table roll coc-locations "),
        ("template show cu", "template show Cultist "),
        (":tes", ":test "),
        ("char set zoe spot", 'char set zoe "Spot Hidden"='),  # Skill=N pairs: the character's skills
        ("char set zoe DE", "char set zoe DEX="),
        ("char new Bob lib", 'char new Bob "Library Use"='),  # a new character: the list's skills
        ("fight add elias zo", "fight add elias Zoë "),  # NAME [NAME …]: every name completes
        ("escape zoe harvey with=u", "escape zoe harvey with=unarmed "),  # listed values win over weapons
        ("melee harvey zoe with=kn", "melee harvey zoe with=knife "),
    ],
)
def test_tab_completes_the_word_being_typed(state, typed, line):
    assert complete(typed, state).line == line


def test_several_candidates_extend_to_what_they_share_and_are_listed(state):
    done = complete("test harvey Fir", state)
    assert done.line == "test harvey Fir"  # First Aid, Firearms (…): nothing more in common
    assert {"First Aid", "Firearms (Handgun)", "Firearms (Rifle/Shotgun)"} <= set(done.candidates)
    done = complete("test harvey Firearms (", state)
    assert done.line.startswith("test harvey Firearms (")
    done = complete("fight ", state)
    assert {"add", "next", "start"} <= set(done.candidates)


def test_the_suggestion_only_extends_what_is_typed(state):
    assert complete("tes", state).suggestion == "test"
    assert complete("test ", state).suggestion == 'test "Dr. Elias Crane"'
    assert complete('test "Dr', state).suggestion == 'test "Dr. Elias Crane"'
    assert complete("test Dr", state).suggestion == ""  # would need quotes: Tab puts them in
    assert complete("test Dr", state).line == 'test "Dr. Elias Crane" '
    assert complete("test eli", state).suggestion == ""  # not the start: Tab only


def test_nothing_to_complete_leaves_the_line(state):
    for typed in ("note The cellar", "roll 2d6", "zzz"):
        done = complete(typed, state)
        assert done.line == typed and done.candidates == ()


def test_conditions_and_spells_complete_from_the_state():
    eng = engine("coc7", "char new Zoë", "cond add zoe stunned", "spell add Wrack mp=6 san=1d6 time=instant opposed")
    assert complete("cond remove zoe st", eng.state).line == "cond remove zoe stunned "
    assert complete("cast zoe wr", eng.state).line == "cast zoe Wrack "


def test_new_names_are_not_completed_from_existing_ones(state):
    assert complete("char new Ha", state).candidates == ()
