"""A served app that fails (issue 30): one line for the client, the traceback (no locals) for serve's
log; and Textual's palette crash on a page key before its list is laid out (Ctrl+P then PageDown in
one read, found over SSH)."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from textual import events

from fhtagn_tui.app.app import open_door
from fhtagn_tui.app.crash import CRASH_FD, PLAYER_MESSAGE
from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.app.player import PlayerApp

from ..helpers import role_app


async def test_the_palette_then_page_down_in_one_read_does_not_crash(demo_path: Path):
    for kwargs in ({"served": True, "player": True}, {"served": True}):
        door = open_door(demo_path, True)
        app = role_app(door, **kwargs)
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                for key in ("ctrl+p", "pagedown", "pageup", "pagedown"):  # one read: before the list is drawn
                    app.post_message(events.Key(key, None))
                await pilot.pause()
                await pilot.pause(0.3)
                await pilot.press("pagedown", "pageup")  # and once it is
                await pilot.pause()
                assert app._exception is None and app.return_code in (None, 0)
                assert app.screen.id == "--command-palette"
        finally:
            app.door.close(save=False)


async def test_a_served_app_shows_one_line_for_any_failure(demo_path: Path, monkeypatch: pytest.MonkeyPatch):
    read, write = os.pipe()
    monkeypatch.setenv(CRASH_FD, str(write))
    door = open_door(demo_path, True)
    app = GmApp(door, served=True)
    try:
        with pytest.raises(RuntimeError):
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()

                def fail() -> None:
                    state_of_the_table = app.door.state  # noqa: F841 - a local Rich would have shown
                    raise RuntimeError("boom")

                app.call_later(fail)
                await pilot.pause()
        rendered = " ".join(str(r) for r in app._exit_renderables)
        assert app.return_code == 1
        os.close(write)
        report = os.read(read, 65536).decode()
        assert "RuntimeError: boom" in report and "state_of_the_table =" not in report
        assert "Traceback" in report
        assert "State(" not in rendered
    finally:
        os.close(read)
        app.door.close(save=False)


async def test_a_served_app_s_panic_shows_one_line(demo_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]):
    """Textual's input thread reports its failures with ``panic`` (a Rich traceback of the server's
    files for whoever is connected): a served app shows the one line instead, the log gets it."""
    import rich.traceback

    read, write = os.pipe()
    monkeypatch.setenv(CRASH_FD, str(write))
    door = open_door(demo_path, True)
    app = PlayerApp(door, served=True)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            try:
                b"\xff".decode("utf-8")
            except UnicodeDecodeError:
                app.call_later(app.panic, rich.traceback.Traceback())  # as the input thread does
            await asyncio.sleep(0.5)
        shown = capsys.readouterr()
        assert PLAYER_MESSAGE in shown.err
        for leak in ("Traceback", "UnicodeDecodeError", "test_served_crash"):
            assert leak not in shown.out + shown.err
        assert app.return_code == 1
        os.close(write)
        report = os.read(read, 65536).decode()
        assert "UnicodeDecodeError" in report
    finally:
        os.close(read)
        app.door.close(save=False)


@pytest.mark.parametrize("keys", [
    ("ctrl+p", "enter", "enter", "enter"),  # a choice made twice: the palette dismissed twice (ScreenStackError)
    ("ctrl+p", *"theme", "enter", "pagedown", "pageup", "pagedown"),  # the theme list paged before it is laid out
    ("ctrl+p", *"keys", "enter", "enter", "pagedown"),
])
async def test_palette_keys_in_one_read_do_not_crash(demo_path: Path, keys: tuple[str, ...]):
    """Found fuzzing a web player's input: Ctrl+P then Enter twice in one read popped the screen under
    the palette too (Textual's ScreenStackError); the theme palette (Ctrl+P, "theme", Enter) is Textual's
    own CommandPalette, whose page keys still raised KeyError: 0."""
    door = open_door(demo_path, True)
    app = PlayerApp(door, served=True)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for key in keys:  # one read: before anything is drawn
                app.post_message(events.Key(key, key if len(key) == 1 else None))
            await pilot.pause()
            await pilot.pause(0.3)
            await pilot.press("pagedown", "pageup")
            await pilot.pause()
            assert app._exception is None and app.return_code in (None, 0)
            assert len(app.screen_stack) >= 1 and app.is_running
    finally:
        app.door.close(save=False)
