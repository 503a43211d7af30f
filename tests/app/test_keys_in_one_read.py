"""A command typed in one read with its ``:`` (a fast typist over SSH, a slow link that bunches
keys, tmux send-keys) is the command line's.

The app hands each key to the widget with the focus as it reads it; ``:`` moved the focus only when
the Party table handled it, after the keys behind it had been handed to that table: ``n`` opened a
new character's form and the rest went into its name (found with tmux).  ``:`` is now a priority
key, taken by the app as it reads it, and the focus moves at once.
"""

from __future__ import annotations

from textual import events

from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.domain.features.campaign import CharacterCreated, ConditionAdded


def _keys(app: GmApp, text: str) -> None:
    """Every key of ``text`` queued at once, as one read from the terminal delivers them."""
    for ch in text:
        key = {" ": "space", ":": "colon", "\r": "enter"}.get(ch, ch)
        app.post_message(events.Key(key, None if ch == "\r" else ch))


async def test_a_command_typed_in_one_read_after_colon(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = app.door.seq
        _keys(app, ":cond add ada stunned\r")
        await pilot.pause()
        await pilot.pause()
        assert len(app.screen_stack) == 1  # no form opened by a letter of the command
        new = app.door.events_between(before + 1, app.door.seq + 1)
        assert [type(ev) for ev in new] == [ConditionAdded]
        assert not any(isinstance(ev, CharacterCreated) for ev in new)


async def test_colon_typed_into_a_line_is_text(make_app):
    """The priority ``:`` does not take the key from a line being typed in ("Note: …", bonds "Partner:9")."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("colon", "n", "o", "t", "e", "space", "a", "colon", "b")
        await pilot.pause()
        line = app.command_line()
        assert line is not None and line.value == "note a:b"
        await pilot.press("enter")
        await pilot.pause()
        assert app.door.events_between(app.door.seq, app.door.seq + 1)[0].describe(
            app.door.names).endswith("a:b")


async def test_colon_in_a_form_is_text(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")  # the Party tab's new character form, its name field focused
        await pilot.pause()
        assert len(app.screen_stack) == 2
        await pilot.press("a", "colon", "b")
        await pilot.pause()
        assert getattr(app.focused, "value", None) == "a:b"


async def test_a_tab_key_and_the_tabs_key_in_one_read(make_app):
    """"2s" read at once: the Initiative tab opens and its s (start a fight) acts — not the Party
    tab's s (a SAN test), which had the focus when the keys were read (found with tmux)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("2", "1")  # the Initiative tab built (tabs are built when first opened)
        await pilot.pause()
        _keys(app, "2s")
        await pilot.pause()
        await pilot.pause()
        assert app.query_one("TabbedContent").active == "initiative"
        assert len(app.screen_stack) == 2
        assert type(app.screen).__name__ == "FightersForm", type(app.screen).__name__


async def test_a_tab_opened_the_first_time_takes_no_key_of_the_tab_left(make_app):
    """A tab not built yet has no widget to take the key read with its tab key: it is dropped, not
    given to the tab just left."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        _keys(app, "2s")
        await pilot.pause()
        await pilot.pause()
        assert app.query_one("TabbedContent").active == "initiative"
        assert len(app.screen_stack) == 1  # no SAN test
        assert app.focused is not None and app.focused.id == "ini-empty"  # no fight: its keys work once built
