"""Esc and the key after it, read together (a fast hand, an SSH link that bunches keys), are Esc
then that key: the form Esc closes is closed and the key is the screen's below — not ``alt+X``
typed into the form, nor Esc 2 read as "™".  An Alt key a user's keymap binds stays that key."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from textual import events
from textual.drivers import linux_driver
from textual.widgets import Input, TabbedContent

from fhtagn_tui.app.escape_then import EscapeAwareParser, plain_key
from fhtagn_tui.app.forms.character import CharacterForm
from fhtagn_tui.app.gm import GmApp

from .test_at_the_table import fhtagn
from .test_keymap_app import keymap_in


def read(raw: str) -> list[events.Key]:
    """The keys the drivers' parser gives for ``raw`` arriving in one read (then nothing more)."""
    parser = EscapeAwareParser()
    return [ev for ev in [*parser.feed(raw), *parser.feed("")] if isinstance(ev, events.Key)]


@pytest.mark.parametrize(("raw", "keys"), [
    ("\x1b2", ["escape", "2"]),  # Textual: "™"
    ("\x1b-", ["escape", "minus"]),  # Textual: "–"
    ("\x1b ", ["escape", "space"]),  # Textual: space, the Esc dropped
    ("\x1b!", ["escape", "exclamation_mark"]),
    ("\x1bt", ["alt+t"]),  # left to the app, which knows whether a binding takes alt+t
    ("\x1b[A", ["up"]),  # the terminal's own sequences stay whole
    ("\x1bOP", ["f1"]),
    ("\x1bb", ["ctrl+left"]),  # the readline word move, as Textual reads it
    ("\x1b\x1b", ["escape", "escape"]),
])
def test_the_parser_reads_esc_and_a_key_as_the_two_keys(raw, keys):
    assert [ev.key for ev in read(raw)] == keys


def keyed(event: events.Key | None) -> tuple[str, str | None] | None:
    return None if event is None else (event.key, event.character)


def test_a_key_number_past_unicode_is_no_key_and_no_crash():
    """Found by an attacker's probe: Textual's parser raised on it, which ended the input thread of
    the session (a player's keys went nowhere after)."""
    keys = read("\x1b[9999999u" + "x")
    assert [ev.key for ev in keys][-1:] == ["x"]  # what follows is read as ever


@pytest.mark.parametrize("number", ["99999999999999999999", "1114112", "9999999999"])
def test_a_key_number_past_a_c_int_is_no_key_and_no_crash(number: str):
    """Found by fuzzing a player's SSH input: past a C int Textual's chr() raises OverflowError (not
    ValueError); the input thread ended and the view closed."""
    keys = read(f"\x1b[{number}u" + "x")
    assert [ev.key for ev in keys][-1:] == ["x"]


FRAGMENTS = ["\x1b", "[", "O", "<", ">", "?", ";", ":", "u", "~", "M", "m", "R", "c", "I", "Z", "P", "\\", "]",
             "_", "0", "1", "-1", "200~", "201~", "a", "\x07", "\x00", "\x7f", "\u00e9", "\ufffd",
             "99999999999999999999", "1114112", "55296"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(FRAGMENTS), min_size=1, max_size=30))
def test_no_input_makes_the_parser_raise(parts: list[str]):
    read("".join(parts))


def test_the_plain_key_after_esc():
    assert keyed(plain_key(events.Key("alt+t", "t"))) == ("t", "t")
    assert keyed(plain_key(events.Key("alt+shift+t", "T"))) == ("T", "T")
    assert plain_key(events.Key("alt+left_square_bracket", "[")) is None  # a sequence of the terminal's
    assert plain_key(events.Key("alt+ctrl+t", None)) is None and plain_key(events.Key("t", "t")) is None


def test_the_app_has_its_drivers_read_with_the_escape_aware_parser(make_app):
    app = make_app()
    driver = app.get_driver_class()
    assert driver.__module__ == linux_driver.__name__ and linux_driver.XTermParser is EscapeAwareParser


async def typed(app: GmApp, pilot, raw: str) -> None:
    for key in read(raw):
        app.post_message(key)
    await pilot.pause()
    await pilot.pause()


async def new_character_form(app: GmApp, pilot) -> tuple[CharacterForm, Input]:
    """Party's n: the new character's form, and its name field (which has the focus)."""
    await pilot.press("n")
    await pilot.pause()
    form = app.screen
    assert isinstance(form, CharacterForm)
    return form, form.query_one("#f-name", Input)


async def test_esc_and_a_tab_key_in_one_read_close_the_form_and_change_tab(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        _form, name = await new_character_form(app, pilot)
        await typed(app, pilot, "\x1b2")
        assert len(app.screen_stack) == 1 and app.query_one(TabbedContent).active == "initiative"
        assert name.value == ""  # not "™"


async def test_esc_and_a_letter_in_one_read_close_the_form_and_the_letter_acts(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        first, name = await new_character_form(app, pilot)
        await typed(app, pilot, "\x1bn")  # Esc, then n: a new form again, with an empty name
        second = app.screen
        assert isinstance(second, CharacterForm) and second is not first and len(app.screen_stack) == 2
        assert second.query_one("#f-name", Input).value == "" and name.value == ""


async def test_an_alt_key_the_users_keymap_binds_stays_that_key(tmp_path):
    user = keymap_in(tmp_path / "saves", '[keys]\n"initiative.next" = "alt+n"\n')
    app = fhtagn("fight start Barn", 'fight add "Ada Vance" "The Caretaker"', keymap=user)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2")
        await pilot.pause()
        await typed(app, pilot, "\x1bn")
        enc = app.door.state.encounter
        assert enc is not None and enc.round == 1  # alt+n: the next turn, not Esc then n


async def test_esc_and_a_tab_key_in_one_read_leave_the_command_line_and_change_tab(make_app):
    """Found in tmux (``send-keys -l $'\\e2'``): the line was left, but the 2 was typed into it."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("colon", *"test ada")
        await pilot.pause()
        line = app.command_line()
        assert line is not None and app.focused is line and line.value == "test ada"
        await typed(app, pilot, "\x1b2")
        assert app.query_one(TabbedContent).active == "initiative"
        assert line.value == "" and app.focused is not line
