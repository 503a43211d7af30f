"""One bond parser: the command line and the character form read ``Name[:SCORE],…`` alike."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fhtagn_tui.app.forms.character import parse_bonds as form_bonds
from fhtagn_tui.commands import ParseError, parse
from fhtagn_tui.commands.bonds import parse_bonds
from fhtagn_tui.domain.state import Bond


def by_command_line(text: str) -> tuple[tuple[Bond, ...], str | None]:
    try:
        cmd = parse(f'char new Ada bonds="{text}"').command
    except ParseError as exc:
        return (), str(exc).split("\nusage:")[0]
    return cmd.bonds, None  # type: ignore[union-attr]


@pytest.mark.parametrize(("text", "bonds"), [
    ("Sister", (Bond("Sister", -1),)),
    ("Sister, Partner:9", (Bond("Sister", -1), Bond("Partner", 9))),
    ("Sister Claire,Partner:9%, ,", (Bond("Sister Claire", -1), Bond("Partner", 9))),
    ("Dr. Who: the Doctor:7", (Bond("Dr. Who: the Doctor", 7),)),
    ("", ()),
])
def test_both_doors_read_the_same_bonds(text, bonds):
    assert parse_bonds(text) == bonds
    assert form_bonds(text) == (bonds, None)
    assert by_command_line(text) == (bonds, None)


@pytest.mark.parametrize(("text", "words"), [
    ("Partner:nine", "the bond 'Partner' needs a score 0–99 after ':', not 'nine'"),
    ("Sister,:9", "the bond ':9' has no name"),
    ("Partner:", "the bond 'Partner' needs a score 0–99 after ':', not ''"),
    ("Partner:-3", "the bond 'Partner' needs a score 0–99 after ':', not '-3'"),  # not CHA in disguise
    ("Partner:" + "9" * 5000, "the bond 'Partner' needs a score 0–99 after ':', not '999"),
])
def test_both_doors_refuse_with_the_same_words(text, words):
    with pytest.raises(ParseError, match=words.replace("(", r"\(").replace(".", r"\.")):
        parse_bonds(text)
    bonds, problem = form_bonds(text)
    assert bonds == () and problem is not None and problem.startswith(words)
    assert by_command_line(text) == ((), problem)


SAFE = st.text(st.sampled_from("abc XYZ:,9%-"), max_size=30)


@given(SAFE)
def test_the_command_line_and_the_form_always_agree(text):
    assert by_command_line(text) == form_bonds(text)
