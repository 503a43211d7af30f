"""The Start-a-fight form runs several commands (the fight, the party, the NPCs): they are one action,
so one ctrl+z takes the whole fight back, not just its last command (which left an empty fight)."""

from __future__ import annotations

from textual.widgets import Input, SelectionList

from fhtagn_tui.app.forms.action_add import FightersForm


async def test_one_undo_takes_back_the_fight_the_form_started(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2", "s")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, FightersForm)
        form.query_one("#add-fight-title", Input).value = "Mill"
        form.query_one("#add-people", SelectionList).select_all()
        form.query_one("#book-search", Input).value = "hollow x2"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        enc = app.engine.state.encounter
        assert not isinstance(app.screen, FightersForm) and enc is not None and enc.title == "Mill"
        assert {"hollow hound 1", "hollow hound 2"} <= set(enc.combatants) and len(enc.combatants) > 2
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.engine.state.encounter is None  # the whole fight, in one undo
        assert "hollow hound 1" not in app.engine.state.characters
        await pilot.press("ctrl+y")
        await pilot.pause()
        enc = app.engine.state.encounter
        assert enc is not None and {"hollow hound 1", "hollow hound 2"} <= set(enc.combatants)
