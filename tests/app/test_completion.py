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
    from fhtagn_tui.app.app import FhtagnApp
    from fhtagn_tui.app.forms.character import CharacterForm
    from fhtagn_tui.service import Engine

    eng = Engine.memory("gurps")
    app = FhtagnApp(eng, None, "")  # type: ignore[arg-type]
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
