"""Property tests over the forms' validation: any input gets a value or a message, never a crash."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from fhtagn_tui.app.forms.character import parse_bonds, parse_skills
from fhtagn_tui.domain.decide import Rejected
from fhtagn_tui.domain.features.campaign import CreateCharacter
from fhtagn_tui.domain.state import SYSTEMS
from fhtagn_tui.domain.systems import SHEETS, check_stat
from fhtagn_tui.service import Engine

TEXT = st.text(st.characters(blacklist_categories=("Cs",), max_codepoint=0x2FFF), max_size=40)


@given(TEXT)
def test_skill_field_parses_or_explains(text):
    skills, problem = parse_skills(text)
    assert (problem is None) or (skills == {} and problem)
    assert all(isinstance(v, int) and 0 <= v <= 999 for v in skills.values())


@given(TEXT)
def test_bond_field_parses_or_explains(text):
    bonds, problem = parse_bonds(text)
    assert (problem is None) or (bonds == () and problem)


@settings(max_examples=200, deadline=None)
@given(
    system=st.sampled_from(SYSTEMS),
    kind=st.sampled_from(["", "agent", "investigator", "npc", "monster", "dragon"]),
    values=st.lists(st.integers(-50, 700), min_size=8, max_size=8),
    name=TEXT,
)
def test_character_form_values_are_created_or_refused(system, kind, values, name):
    engine = Engine.memory(system)
    sheet = SHEETS[system]
    stats = {spec.name: v for spec, v in zip(sheet.stats, values, strict=False)}
    before = engine.state
    try:
        engine.run(CreateCharacter(name=name, kind=kind, stats=stats))
    except Rejected as exc:
        assert str(exc) and engine.state is before
    else:
        char = next(iter(engine.state.characters.values()))
        for stat, value in char.stats.items():
            assert check_stat(system, stat, value, char.kind) is None
