"""Tab completion and the suggestion in the app's command line, at 80×24 (Pilot)."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from fhtagn_tui.app.widgets.command_line import CommandLine


def status_text(app) -> str:  # noqa: ANN001
    return str(app.query_one("#status", Static).render())


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_tab_completes_command_character_and_skill_and_keeps_the_focus(make_app, size):
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.press("colon")
        line = app.query_one(CommandLine)
        assert app.focused is line
        await pilot.press(*"tes", "tab")
        assert line.value == "test "
        await pilot.press(*"vance", "tab")  # a later word of "Ada Vance"
        assert line.value == 'test "Ada Vance" '
        await pilot.press(*"sea", "tab")  # Search: on Ada's sheet
        assert line.value == 'test "Ada Vance" Search '
        await pilot.press(*"aler", "tab")  # a third word: test takes no more, nothing changes
        assert line.value == 'test "Ada Vance" Search aler'
        assert app.focused is line  # Tab never leaves a line with text in it
        await pilot.press(*["backspace"] * len("Search aler"), *"aler", "tab")  # Alertness: on the list at base
        assert line.value == 'test "Ada Vance" Alertness '
        await pilot.press("enter")
        await pilot.pause()
        assert "Ada Vance rolls Alertness vs 20 (base, never raised)" in status_text(app)


async def test_tab_with_several_candidates_lists_them_and_stays(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("colon", *"char ", "tab")
        line = app.query_one(CommandLine)
        assert line.value == "char "
        assert app.focused is line
        text = status_text(app)
        assert text.startswith("Tab: ") and "new" in text and "set" in text


async def test_the_suggestion_shows_as_you_type_and_right_takes_it(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("colon", *"char sh")
        line = app.query_one(CommandLine)
        await pilot.pause(0.2)
        assert line._suggestion == "char show"  # noqa: SLF001
        await pilot.press("right")
        assert line.value == "char show"


async def test_tab_on_an_empty_line_moves_on_and_a_typo_is_corrected(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("colon", *"tset", "tab")
        line = app.query_one(CommandLine)
        assert line.value == "test "
        await pilot.press("shift+tab")
        assert app.focused is line and line.value == "test "
        line.value = ""
        await pilot.press("tab")
        assert app.focused is not line


async def test_the_character_form_takes_custom_and_relative_gurps_skills(tmp_path):
    from fhtagn_tui.app.forms.character import CharacterForm
    from fhtagn_tui.app.gm import GmApp
    from fhtagn_tui.door import Door
    from fhtagn_tui.service import Engine

    eng = Engine.memory("gurps")
    app = GmApp(Door(eng))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, CharacterForm)
        app.screen.query_one("#f-name").value = "Ilse"
        app.screen.query_one("#f-stat-DX").value = "11"
        app.screen.query_one("#f-stat-IQ").value = "12"
        app.screen.query_one("#f-skills").value = "Stealth DX+1, Occultism 13, custom:Brawl 12"
        await pilot.press("ctrl+s")
        await pilot.pause()
        ilse = eng.state.character("ilse")
        assert ilse is not None and ilse.skills == {"Occultism": 13, "Brawl": 12, "Stealth": 12}
        await pilot.press("n")
        app.screen.query_one("#f-name").value = "Bob"
        app.screen.query_one("#f-skills").value = "Brawl 12"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, CharacterForm)  # refused, the form stays with the suggestion
        assert "did you mean 'Brawling'" in str(app.screen.query_one("#form-error").render())
        assert eng.state.character("bob") is None


async def test_opening_the_command_line_loads_the_command_language(make_app, monkeypatch):
    """``:`` loads every command's module after the line's frame: a line typed or pasted at once
    does not wait for those imports at its Enter."""
    from fhtagn_tui.app.widgets import command_line

    loaded: list[bool] = []
    monkeypatch.setattr(command_line, "load_all", lambda: loaded.append(True))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not loaded  # not at start-up: the first paint does not wait for it
        await pilot.press("colon")
        await pilot.pause()
        assert loaded


async def test_keys_in_one_read_work_out_the_suggestion_once_for_the_newest_line(make_app, monkeypatch):
    """A paste or a fast typist: the keys come in one read.  The suggestion is worked out for the
    line as it stands when its turn comes, not once per key (each cost a completion before the
    Enter that follows them was handled), and it still shows."""
    from textual import events

    import fhtagn_tui.app.widgets.command_line as command_line

    calls: list[str] = []
    original = command_line.complete

    def counted(text, state):  # noqa: ANN001, ANN202
        calls.append(text)
        return original(text, state)

    monkeypatch.setattr(command_line, "complete", counted)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("colon")
        line = app.query_one(CommandLine)
        workers: list[object] = []
        monkeypatch.setattr(line, "run_worker", lambda *a, **k: workers.append(a))  # noqa: ARG005
        changed: list[str] = []
        monkeypatch.setattr(type(app), "on_input_changed", lambda self, event: changed.append(event.value),
                            raising=False)
        for ch in "char sh":
            app.post_message(events.Key("space" if ch == " " else ch, ch))
        await pilot.pause(0.2)
        assert line.value == "char sh"
        assert calls == ["char sh"]
        assert workers == [] and changed == []  # no worker per key; the line's changes stay in the line
        assert line._suggestion == "char show"  # noqa: SLF001
        await pilot.press("o")  # a key on its own: its own suggestion
        await pilot.pause(0.2)
        assert calls == ["char sh", "char sho"] and line._suggestion == "char show"  # noqa: SLF001


async def test_typing_in_the_command_line_lays_nothing_out_and_a_long_line_scrolls(make_app):
    """The command line is one row of a fixed width: a key repaints it, and the screen is not laid
    out again per key (Textual's Input asks for a pass whenever its text grows).  A line longer
    than the window still scrolls to keep the cursor in sight."""
    from textual._compositor import Compositor

    from .screen_text import screen_lines

    app = make_app()
    passes: list[int] = []
    original = Compositor.reflow

    def reflow(self: Compositor, parent: object, size: object) -> object:
        passes.append(1)
        return original(self, parent, size)  # type: ignore[arg-type]

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("colon")
        await pilot.pause(0.1)
        Compositor.reflow = reflow  # type: ignore[method-assign]
        try:
            await pilot.press(*"note ")
            for word in ("the", "lamp", "gutters", "out", "in", "the", "cellar", "and", "something", "breathes"):
                await pilot.press(*word, "space")
                await pilot.pause(0.02)
            await pilot.press(*"under the stairs near the old well")
            await pilot.pause(0.1)
        finally:
            Compositor.reflow = original  # type: ignore[method-assign]
        line = app.query_one(CommandLine)
        assert len(line.value) > 80
        assert passes == []
        row = screen_lines(app)[line.region.y]
        assert "near the old well" in row  # the end of the line, where the cursor is, is in sight
        assert not row.lstrip().startswith("note the lamp")
        await pilot.press("home")
        await pilot.pause(0.1)
        assert screen_lines(app)[line.region.y].lstrip().startswith("note the lamp")
