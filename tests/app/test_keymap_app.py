"""A user's keymap in the real app (Pilot, 80×24): swapped keys work swapped and are shown swapped;
a bad keymap is told at start and the defaults stay."""

from __future__ import annotations

import inspect
from pathlib import Path

from textual.widgets import Button, Static

from fhtagn_tui.app import keymap as km
from fhtagn_tui.app.forms.action import ActionMenu
from fhtagn_tui.app.forms.character import CharacterForm
from fhtagn_tui.app.player import PlayerApp
from fhtagn_tui.app.screens.reference import ReferenceScreen, keys_text
from fhtagn_tui.app.widgets.key_bar import KeyBar

from .test_at_the_table import fhtagn, status

SWAP = """# the GM's keys
[keys]
"party.new" = "e"
"party.edit" = "n"
"initiative.act" = "n"
"initiative.next" = "a"
"form.save" = "ctrl+w"
"""


def keymap_in(saves: Path, text: str | bytes) -> km.UserKeymap:
    saves.mkdir(parents=True, exist_ok=True)
    path = saves / "keymap.toml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return km.load(km.keymap_paths(saves))


def bar(app) -> str:
    return str(app.query_one(KeyBar).render())


async def test_swapped_keys_work_swapped_and_are_shown_swapped(tmp_path):
    user = keymap_in(tmp_path / "saves", SWAP)
    assert user.problems == []
    app = fhtagn('fight start Barn', 'fight add "Ada Vance" "The Caretaker"', 'fight next', keymap=user)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        assert not app._notifications  # a good keymap says nothing
        assert bar(app).startswith(" e New  n Edit  s Sanity…")  # the key bar shows the user's keys
        await pilot.press("e")  # e is New now
        await pilot.pause()
        assert isinstance(app.screen, CharacterForm) and app.screen.char is None
        assert str(app.screen.query_one("#save", Button).label) == "Save (ctrl+w)"  # the form's hint too
        await pilot.press("escape")
        await pilot.press("n")  # n is Edit now
        await pilot.pause()
        assert isinstance(app.screen, CharacterForm) and app.screen.char is not None
        await pilot.press("escape")
        await pilot.pause()

        await pilot.press("2")  # the Initiative tab: n acts, a is the next turn
        await pilot.pause()
        assert " n Act " in bar(app) and " a Next " in bar(app)
        current = app.state.encounter.current if app.state.encounter else None
        await pilot.press("a")
        await pilot.pause()
        assert not isinstance(app.screen, ActionMenu)
        assert app.state.encounter is not None and app.state.encounter.current != current  # the turn moved on
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ActionMenu)
        await pilot.press("escape")
        await pilot.pause()

        text = keys_text(app)  # the help (the GM screen's first entry) lists the user's keys
        assert "e new · n edit" in text and "n act · t hit · a next" in text and "ctrl+up move up" in text
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, ReferenceScreen)
        shown = str(app.screen.query_one("#ref-text", Static).render())
        assert "e new · n edit" in shown


async def test_a_toml_syntax_error_is_told_and_the_defaults_stay(tmp_path):
    user = keymap_in(tmp_path / "saves", '[keys]\n"party.new" = "e"\n"party.edit" = n\n')
    app = fhtagn(keymap=user)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        told = [n.message for n in app._notifications]
        path = tmp_path / "saves" / "keymap.toml"
        assert len(told) == 1 and told[0].startswith(f"keymap {path} is not valid TOML")
        assert "line 3" in told[0] and "the default keys are used" in told[0]
        assert "keymap" in status(app) and "not valid TOML" in status(app)  # and on the message line
        assert bar(app).startswith(" n New  e Edit")
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, CharacterForm) and app.screen.char is None


async def test_an_unknown_id_and_a_bad_key_are_told_the_rest_applies(tmp_path):
    user = keymap_in(tmp_path / "saves", '[keys]\n"party.nwe" = "N"\n"party.edit" = "ctrl+ee"\n'
                                         '"app.undo" = "ctrl+u"\n"party.test" = "e"\n')
    app = fhtagn("char new Bea STR=10 CON=10 DEX=10 INT=10 POW=10 CHA=10", keymap=user)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        told = app._notifications
        assert len(told) == 1
        lines = next(iter(told)).message.splitlines()
        assert lines == [f"keymap {tmp_path / 'saves' / 'keymap.toml'}:",
                         "  line 2: 'party.nwe' is no binding of the app (did you mean 'party.new'?)",
                         "  line 3: 'party.edit' = 'ctrl+ee': 'ee' is no key (a character such as a or ?, or a name "
                         "such as esc, enter, space, up, f1); its default is kept",
                         "  line 5: 'party.test' = 'e' clashes with party.edit on the same screen; its default is kept"]
        assert bar(app).startswith(" n New  e Edit  s Sanity…  p HP/SAN…  t Test")
        await pilot.press("ctrl+u")  # the good entry applies: ctrl+u undoes the new character
        await pilot.pause()
        assert "Bea" not in {c.name for c in app.state.characters.values()}


async def test_the_players_view_keeps_the_default_keys(tmp_path):
    user = keymap_in(tmp_path / "saves", SWAP)
    gm = fhtagn(keymap=user)
    player = fhtagn(player=True)  # the players' app takes no keymap: it keeps the keys its players read
    assert "keymap" not in inspect.signature(PlayerApp).parameters
    assert gm._keymap["party.new"] == "e"
    assert player._keymap == {} and player.keymap.problems == []


async def test_review_keys_move_and_the_review_bar_names_them(tmp_path):
    from fhtagn_tui import campaigns
    from fhtagn_tui.app.app import open_door
    from fhtagn_tui.app.gm import GmApp
    from fhtagn_tui.app.widgets.review_bar import ReviewBar

    user = keymap_in(tmp_path / "saves", '[keys]\n"review.event_back" = "b"\n"review.event_forward" = "f"\n'
                                         '"review.leave" = "ctrl+l"\n')
    assert user.problems == []
    door = open_door(campaigns.create_demo(tmp_path / "saves"), False)
    app = GmApp(door, keymap=user)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("R")
            await pilot.pause()
            ctl = app.review_ctl
            assert ctl is not None and ctl.cursor == ctl.total
            text = str(app.query_one(ReviewBar).render())
            assert "b f event  [ ] action" in text and "ctrl+l leave" in text
            # in their places: without a keymap " ^q Quit  ? Help  esc Leave review  , ◀ event  . event ▶  g Go to"
            assert bar(app).startswith(" ^q Quit  ? Help  ^l Leave review  b ◀ event  f event ▶  g Go to")
            await pilot.press("b", "b")
            assert ctl.cursor == ctl.total - 2
            await pilot.press("comma")  # the default key does nothing now
            assert ctl.cursor == ctl.total - 2
            await pilot.press("f")
            assert ctl.cursor == ctl.total - 1
            await pilot.press("ctrl+l")
            await pilot.pause()
            assert not app.reviewing
    finally:
        door.close(save=False)
