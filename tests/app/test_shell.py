"""The app shell driven through Textual's Pilot at 80×24."""

from __future__ import annotations

from textual.widgets import DataTable, Static

from fhtagn_tui.app.forms.character import CharacterForm
from fhtagn_tui.domain.history import fold
from fhtagn_tui.store import CampaignStore


def status_text(app) -> str:
    return str(app.query_one("#status", Static).render())


async def test_create_character_through_the_form(make_app, demo_path):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, CharacterForm)
        await pilot.click("#f-name")
        await pilot.press(*"Wendell")
        app.screen.query_one("#f-stat-STR").value = "14"
        app.screen.query_one("#f-stat-CON").value = "13"
        app.screen.query_one("#f-stat-POW").value = "12"
        app.screen.query_one("#f-skills").value = "Firearms 55, Dodge 30"
        app.screen.query_one("#f-bonds").value = "Brother:10"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, CharacterForm)
        wendell = app.door.state.character("wendell")
        assert wendell is not None
        assert wendell.current["HP"] == 14 and wendell.current["WP"] == 12 and wendell.current["SAN"] == 60
        assert wendell.skills == {"Firearms": 55, "Dodge": 30}
        table = app.query_one("#party-table", DataTable)
        assert "wendell" in [row.value for row in table.rows]
    # durable: a fresh open of the file folds to the same state
    with CampaignStore.open(demo_path, readonly=True) as store:
        assert fold(store.events()).character("wendell") == wendell


async def test_form_refuses_an_impossible_stat_and_keeps_the_form(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        before = app.door.state
        await pilot.press("n")
        app.screen.query_one("#f-name").value = "Hulk"
        app.screen.query_one("#f-stat-STR").value = "25"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, CharacterForm)
        assert "STR 25 is impossible" in str(app.screen.query_one("#form-error", Static).render())
        assert app.door.state is before


async def test_command_line_runs_a_command_and_undo_takes_it_back(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        before = app.door.state
        await pilot.press("colon")
        await pilot.press(*"char pool ada HP=4")
        await pilot.press("enter")
        await pilot.pause()
        assert app.door.state.character("ada vance").current["HP"] == 4
        assert "Ada Vance: HP 11 → 4" in status_text(app)
        await pilot.press("escape", "ctrl+z")
        await pilot.pause()
        assert app.door.state == before
        # said on the message line, where the next message replaces it (no notice over it)
        assert "Undo: Ada Vance: HP 11 → 4" in status_text(app)
        assert not app._notifications


async def test_a_typo_gets_a_suggestion_and_changes_nothing(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        before = app.door.state
        await pilot.press("colon")
        await pilot.press(*"chr pool ada HP=4")
        await pilot.press("enter")
        await pilot.pause()
        assert "did you mean" in status_text(app)
        assert app.door.state is before


async def test_log_tab_shows_new_events_live(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("5")
        await pilot.press("colon")
        await pilot.press(*"note The dog will not stop barking.")
        await pilot.press("enter")
        await pilot.pause()
        table = app.query_one("#log-table", DataTable)
        last = table.get_row_at(table.row_count - 1)
        assert "Note: The dog will not stop barking." in str(last[3])


async def test_readonly_follower_sees_new_events(make_app, demo_path):
    from fhtagn_tui.service import Engine

    follower = make_app(readonly=True)
    async with follower.run_test(size=(80, 24)) as pilot:
        writer_store = CampaignStore.open(demo_path)
        try:
            writer = Engine(writer_store, writer_store.events())
            writer.execute("char pool ada HP=3")
        finally:
            writer_store.close()
        for _ in range(20):
            await pilot.pause(0.05)
            if follower.door.state.character("ada vance").current["HP"] == 3:
                break
        assert follower.door.state.character("ada vance").current["HP"] == 3
        assert "READ-ONLY" in follower.sub_title


async def test_hidden_tabs_are_built_when_first_opened(make_app):
    """Start-up builds the Party and Log tabs only; another tab is built, drawn and focused
    when first opened, with what happened while it was not there."""
    from fhtagn_tui.app.screens.base import GameTab
    from fhtagn_tui.app.screens.initiative import InitiativeTab

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert sorted(type(t).__name__ for t in app.query(GameTab)) == ["LogTab", "PartyTab"]
        app.door.execute('fight start "The cellar"')
        await pilot.press("2")
        await pilot.pause()
        tab = app.query_one(InitiativeTab)
        assert "The cellar" in str(app.query_one("#ini-head", Static).render())
        assert app.focused is not None and tab in app.focused.ancestors_with_self
        assert app.query_one("TabbedContent").active == "initiative"
        await pilot.press("1", "2")  # built once
        await pilot.pause()
        assert len(app.query(InitiativeTab)) == 1 and app.query_one("TabbedContent").active == "initiative"
