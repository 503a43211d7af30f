"""The GM screen driven through Textual's Pilot at 80×24."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable, Input, OptionList, Static

from fhtagn_tui import campaigns
from fhtagn_tui.app.app import open_door
from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.app.screens.reference import ReferenceScreen, TableRollForm
from fhtagn_tui.domain.features.reference import TableRolled
from fhtagn_tui.domain.history import fold
from fhtagn_tui.reference import TABLES
from fhtagn_tui.rules.dice import RandomSource
from fhtagn_tui.store import CampaignStore


@pytest.fixture
def coc_app(tmp_path: Path):
    path = tmp_path / "arkham.fhtagn"
    campaigns.create_campaign(path, "coc7", "Arkham").close()
    door = open_door(path, False)
    door.dice = RandomSource(3)
    yield GmApp(door), path
    door.close(save=False)


def text_of(screen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


@pytest.mark.rule("COC-CHASE-18")
async def test_from_the_chase_tab_f1_opens_the_locations_and_a_typed_roll_is_logged(coc_app):
    app, path = coc_app
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("3")
        await pilot.press("f1")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReferenceScreen)
        assert screen.current is not None and screen.current.id == "coc-locations"
        grid = screen.query_one("#ref-table", DataTable)
        assert [str(c) for c in grid.get_row_at(1)] == ["60–84", "Regular hazard"]
        await pilot.press("ctrl+r")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, TableRollForm)
        form.query_one("#tr-dice", Input).value = "72"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen  # the form closed, the reference stays open
        (ev,) = [e for e in app.door.events() if isinstance(e, TableRolled)]
        assert (ev.table, ev.roll, ev.row, ev.result) == ("coc-locations", 72, 1, "Regular hazard")
        assert [(r.die, r.value) for r in ev.dice] == [("d100", 72)]
        assert ev.rules == ("COC-CHASE-18",)
        assert "Rolled 72" in text_of(screen, "#ref-result") and "Regular hazard" in text_of(screen, "#ref-result")
        assert grid.cursor_row == 1
        await pilot.press("ctrl+r")  # a refused roll keeps the form and logs nothing
        await pilot.pause()
        form = app.screen
        form.query_one("#tr-dice", Input).value = "4,7"  # one d100 is needed, not two
        before = app.door.state
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form and "not needed" in text_of(form, "#tr-error")
        assert app.door.state is before
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert not isinstance(app.screen, ReferenceScreen)
    with CampaignStore.open(path, readonly=True) as store:
        assert [e for e in store.events() if isinstance(e, TableRolled)] == [ev]
        assert fold(store.events()).rolls == 1


async def test_search_as_you_type_finds_the_kevlar_row(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReferenceScreen)
        assert screen.current is not None and screen.current.id == "help"
        assert "Party: n new" in text_of(screen, "#ref-text")
        await pilot.press("ctrl+f", *"kevlar")
        await pilot.pause()
        hits = screen.query_one("#ref-hits", OptionList)
        assert hits.display and not screen.query_one("#ref-tree").display
        assert screen.table is TABLES["coc-armour"]
        grid = screen.query_one("#ref-table", DataTable)
        assert [str(c) for c in grid.get_row_at(grid.cursor_row)] == ["Heavy Kevlar vest", "8"]
        await pilot.press("ctrl+r")  # the armour table is for reading
        await pilot.pause()
        assert app.screen is screen


async def test_a_gurps_table_cannot_be_rolled_in_a_fhtagn_campaign(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        screen = app.screen
        screen.show_entry("gurps-fright")
        await pilot.press("ctrl+r")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, TableRollForm)
        form.query_one("#tr-margin", Input).value = "4"
        form.query_one("#tr-dice", Input).value = "3,3,3"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "GURPS table" in text_of(form, "#tr-error")


@pytest.mark.parametrize("query", ["[x='", "[b]zzqq", "[/]", "[@click=app.quit]zzqq"])
async def test_a_search_that_finds_nothing_shows_the_query_as_text(make_app, query: str):
    """Found fuzzing a player's SSH input: "nothing found for '[x=''" was read as Textual markup
    (MarkupError) and the view closed."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReferenceScreen)
        screen.query_one("#ref-search", Input).value = query
        await pilot.pause()
        assert app._exception is None and app.is_running
        hits = screen.query_one("#ref-hits", OptionList)
        assert query in str(hits.get_option_at_index(0).prompt)
