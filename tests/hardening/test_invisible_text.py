"""Invisible formatting characters in user text (issue 30): bidi controls, zero-width characters and
line/paragraph separators are refused in names and notes, with a message that shows them, and
nothing is changed; the one text check (domain/text.py) does it for every command."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fhtagn_tui.commands import ParseError
from fhtagn_tui.domain.decide import Rejected
from fhtagn_tui.domain.features.campaign import CreateCampaign
from fhtagn_tui.domain.text import INVISIBLE, TextRefused, check_text, visible
from fhtagn_tui.service import Engine, MemorySink

REFUSED = [*"\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c",
           *"\u200b\u200c\u200d\u2060\ufeff", *"\u2028\u2029"]


def engine() -> Engine:
    e = Engine(MemorySink())
    e.run(CreateCampaign(name="x", system="fhtagn"))
    return e


def test_a_form_s_command_is_checked_too():
    from fhtagn_tui.domain.features.campaign import AddNote

    e = engine()
    with pytest.raises(Rejected, match="U\\+2028"):
        e.run(AddNote(text="first\u2028second"))


@pytest.mark.parametrize("char", REFUSED, ids=[f"U+{ord(c):04X}" for c in REFUSED])
def test_names_and_notes_refuse_invisible_characters(char: str):
    e = engine()
    before = e.projection.seq
    for line in (f"char new Ada{char}Vance kind=agent", f"note the cellar{char}door is open",
                 f"session start Night{char}One"):
        with pytest.raises((Rejected, ParseError)) as refused:
            e.execute(line)
        message = str(refused.value)
        assert f"U+{ord(char):04X}" in message and "invisible" in message
        assert char not in message  # the message shows it, written out
        assert f"\\u{ord(char):04x}" in message
    assert e.projection.seq == before  # nothing changed


def test_plain_accents_and_other_scripts_are_kept():
    e = engine()
    e.execute("char new \"Zoë Ångström-Ôkafor\" kind=agent")
    e.execute("note Смит и Ли: 東京 — 'ok'")
    names = [c.name for c in e.state.characters.values()]
    assert "Zoë Ångström-Ôkafor" in names


@given(st.text(min_size=1, max_size=20))
def test_visible_text_holds_no_invisible_character(text: str):
    shown = visible(text)
    assert not INVISIBLE.search(shown)
    if not INVISIBLE.search(text):
        try:
            check_text(text, "x", 64)
        except TextRefused as exc:
            assert "invisible" not in str(exc)


def test_a_stat_block_copied_with_invisible_characters_imports_clean():
    from fhtagn_tui.importers.statblock import parse
    from tests.bestiary.samples import COC

    text, expect = COC[0]
    name = expect["name"]
    dirty = text.replace(name, name[:2] + "\u200b\u202e" + name[2:], 1).replace("\n", "\u2028", 1)
    (block,) = parse(dirty)
    assert block.entry.name.casefold() == name.casefold()
    assert not INVISIBLE.search(block.entry.name)


@pytest.mark.parametrize("title", ["Night \u202eshift", "Night \x1b]0;owned\x07shift", "x" * 200])
def test_a_new_campaign_s_bad_title_is_a_message_not_a_traceback(tmp_path: Path, title: str):
    """Found with ``fhtagn new t --title …``: the refusal came out as a traceback."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "fhtagn_tui", "--saves", str(tmp_path), "new", "t", "--system",
                          "coc7", "--title", title], capture_output=True, text=True, timeout=60)
    assert out.returncode == 1
    assert "Traceback" not in out.stderr and "title" in out.stderr and "nothing was changed" in out.stderr
    assert not list(tmp_path.glob("t.fhtagn*"))
