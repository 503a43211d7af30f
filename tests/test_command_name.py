"""A suggested command names a character by the shortest form that finds them, and only them:
"san sleep oduya" for "Agent Mara Oduya" beside other agents (not "san sleep agent")."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fhtagn_tui.commands import parse
from fhtagn_tui.domain.lookup import command_name, find_character
from fhtagn_tui.service import Engine

WORDS = ["Agent", "Mara", "Oduya", "Ray", "Cole", "Dr.", "Zoë", "Hart", "Ghoul", "Two", "Marah", "Ana", "An"]


def test_a_title_shared_by_several_is_not_the_name_suggested() -> None:
    eng = Engine.memory("fhtagn")
    for name in ("Agent Mara Oduya", "Agent Ray Cole", "Mara Lindqvist"):
        eng.execute(f'char new "{name}" STR=10 CON=10 DEX=10 INT=10 POW=10 CHA=10')
    state = eng.state
    names = {c.name: command_name(state, c) for c in state.characters.values()}
    assert names == {"Agent Mara Oduya": "oduya", "Agent Ray Cole": "ray", "Mara Lindqvist": "mara"}


def test_the_due_list_suggests_the_unambiguous_name() -> None:
    from fhtagn_tui.app.screens.party_sheet import due_lines

    eng = Engine.memory("fhtagn")
    for name in ("Agent Mara Oduya", "Agent Ray Cole"):
        eng.execute(f'char new "{name}" STR=10 CON=10 DEX=10 INT=10 POW=14 CHA=10')
    eng.execute("san oduya 1/1d8 reaction=flee roll=99,7")  # temporary insanity: insomnia due (FH-SAN-14)
    lines = due_lines(eng.state, eng.state.characters["agent mara oduya"])
    assert any(line.endswith("san sleep mara") for line in lines), lines
    assert not any("san sleep agent" in line for line in lines)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(st.sampled_from(WORDS), min_size=1, max_size=3).map(" ".join), min_size=1, max_size=6,
                unique_by=lambda n: n.casefold()))
def test_the_suggested_name_finds_that_character_and_no_other(names: list[str]) -> None:
    eng = Engine.memory("fhtagn")
    for name in names:
        try:
            eng.execute(f'char new "{name}" STR=10 CON=10 DEX=10 INT=10 POW=10 CHA=10')
        except Exception:  # noqa: BLE001 - a name the campaign refuses (an id taken): not this test's
            pass
    state = eng.state
    for char in state.characters.values():
        word = command_name(state, char)
        assert find_character(state, word.strip('"')).id == char.id
        parsed = parse(f"cond add {word} stunned")  # it reads as one word of a command line
        assert find_character(state, parsed.command.name).id == char.id  # type: ignore[attr-defined]
