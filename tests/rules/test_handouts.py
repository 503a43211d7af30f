"""Whispers and handouts (issue 34): the commands, their refusals, a handout read from a file."""

from __future__ import annotations

from pathlib import Path

import pytest

from fhtagn_tui.domain.features.handouts import HandoutGiven, Whispered, handouts_of
from fhtagn_tui.domain.state import Handout
from fhtagn_tui.domain.text import HANDOUT, WHISPER

from ..helpers import do, engine, rejected, replayed

ADA = 'char new "Ada Vance" STR=10 CON=11 DEX=9 INT=16 POW=14 CHA=11'
BOB = "char new Bob STR=12 CON=12 DEX=11 INT=10 POW=10 CHA=10"
SHADE = "char new Shade STR=14 CON=12 DEX=17 INT=10 POW=13 CHA=9 --hidden"
GOON = "char new Goon kind=npc STR=14 CON=12 DEX=17 INT=10 POW=13 CHA=9"


def table() -> object:
    return engine("fhtagn", ADA, BOB, SHADE, GOON)


def test_a_whisper_names_its_players_characters_and_keeps_its_words() -> None:
    eng = table()
    [ev] = do(eng, "whisper ada,bob Don't look at the window.")  # an apostrophe needs no quotes
    assert isinstance(ev, Whispered)
    assert ev.to == ("ada vance", "bob") and ev.text == "Don't look at the window."
    [ev] = do(eng, 'whisper "Ada Vance" "You hear your name."')
    assert ev.to == ("ada vance",) and ev.text == "You hear your name."  # the quotes around it are not words
    assert ev.describe(eng.names) == "The GM whispers to Ada Vance: You hear your name."
    [ev] = do(eng, "whisper ada,ada psst secret")
    assert ev.to == ("ada vance",) and ev.secret


@pytest.mark.parametrize(("line", "says"), [
    ("whisper zed hello", "no character called 'zed'"),
    ("whisper goon hello", "Goon is not a player character"),
    ("whisper shade hello", "Shade is hidden from the players"),
    ("whisper ada", "what do they hear?"),
    ("whisper", "to whom?"),
    ("whisper ada " + "x" * (WHISPER + 1), f"at most {WHISPER}"),
    ("whisper ada look \x1b[2J", "control character"),
    ("whisper ada look \u202eereh", "invisible character"),
    ("handout goon hello", "Goon is not a player character"),
    ("handout ada", "which file, or what text?"),
    ('handout ada "hello" title="\u200bx"', "invisible character"),
])
def test_refusals_say_why_and_change_nothing(line: str, says: str) -> None:
    assert says in rejected(table(), line)


def test_a_typed_handout_takes_its_title_from_its_heading_or_title() -> None:
    eng = table()
    [ev] = do(eng, 'handout bob "# The Vicar\'s Letter\n\nCome alone."')
    assert isinstance(ev, HandoutGiven)
    assert (ev.to, ev.title, ev.body) == (("bob",), "The Vicar's Letter", "# The Vicar's Letter\n\nCome alone.")
    [ev] = do(eng, 'handout bob "Come alone." title="A note"')
    assert ev.title == "A note"
    [ev] = do(eng, 'handout bob "Come alone."')
    assert ev.title == "Handout"


def test_handouts_are_kept_per_character_undone_and_replayed() -> None:
    eng = table()
    do(eng, 'handout ada,bob "One" title=One')
    do(eng, 'handout bob "Two" title=Two')
    assert [h.title for h in handouts_of(eng.state, "bob")] == ["One", "Two"]
    assert handouts_of(eng.state, "ada vance") == (Handout(to=("ada vance", "bob"), title="One", body="One"),)
    do(eng, "undo")
    assert [h.title for h in handouts_of(eng.state, "bob")] == ["One"]
    do(eng, "redo")
    assert replayed(eng) == eng.state
    listed = eng.execute("handout list").answer
    assert listed.splitlines() == ["Handouts given:", "  1. One → Ada Vance, Bob (3 characters)",
                                   "  2. Two → Bob (3 characters)"]


def test_a_handout_file_gives_its_heading_or_its_name_as_title(tmp_path: Path) -> None:
    eng = table()
    letter = tmp_path / "vicar letter.md"
    letter.write_bytes("\ufeff# To Agent Vance\r\n\r\nThe crypt, at *midnight*.\r\n".encode())
    [ev] = do(eng, f'handout ada "{letter}"')
    assert ev.title == "To Agent Vance"
    assert ev.body == "# To Agent Vance\n\nThe crypt, at *midnight*."  # no BOM, no CR
    plain = tmp_path / "clipping.txt"
    plain.write_text("ARKHAM ADVERTISER — Professor missing\n", encoding="utf-8")
    [ev] = do(eng, f"handout ada {plain} secret")
    assert (ev.title, ev.secret) == ("clipping", True)


def test_a_handout_file_is_refused_clearly(tmp_path: Path) -> None:
    eng = table()
    assert "no file" in rejected(eng, f"handout ada {tmp_path / 'missing.md'}")
    latin = tmp_path / "latin1.txt"
    latin.write_bytes("caf\xe9".encode("latin-1"))
    assert "is not UTF-8 text" in rejected(eng, f"handout ada {latin}")
    big = tmp_path / "big.md"
    big.write_text("x" * (4 * HANDOUT + 1), encoding="utf-8")
    assert "larger than" in rejected(eng, f"handout ada {big}")
    long = tmp_path / "long.md"
    long.write_text("x" * (HANDOUT + 1), encoding="utf-8")
    assert f"at most {HANDOUT}" in rejected(eng, f"handout ada {long}")
    binary = tmp_path / "image.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    assert "not a text file" in rejected(eng, f"handout ada {binary}")
    escape = tmp_path / "escape.md"
    escape.write_text("Hello \x1b]52;c;aGk=\x07 there", encoding="utf-8")
    assert "control character" in rejected(eng, f"handout ada {escape}")
    nul = tmp_path / "nul.txt"
    nul.write_bytes(b"a\x00b")
    assert "NUL" in rejected(eng, f"handout ada {nul}")
    folder = tmp_path / "folder.md"
    folder.mkdir()
    assert "folder" in rejected(eng, f"handout ada {folder}")
