"""The Party table fits its tab: a long list of conditions is shortened — the most urgent first,
the least urgent left out and counted ("+2"; issue 31), the sheet lists them all — instead of pushing
the table wider than the window, where a sideways scroll bar no key reaches would hide the end
(Pilot, 80×24, 120×40 and 160×40)."""

from __future__ import annotations

import re

from textual.widgets import DataTable, Static

CONDITIONS = ("frightened", "stunned", "prone", "bleeding", "exhausted")
BY_URGENCY = ("stunned", "prone", "frightened", "bleeding", "exhausted")  # issue 31: the urgent first


def _cut(cell: str) -> bool:
    """Shortened: the least urgent left out, counted at the end."""
    return re.search(r", \+\d$", cell) is not None


async def _burdened(app, pilot) -> None:
    """A new Agent, Wren, with five conditions at once."""
    app.door.execute("char new Wren STR=10 CON=10 DEX=10 INT=10 POW=10 CHA=10")
    for cond in CONDITIONS:
        app.door.execute(f"cond add wren {cond}")
    await pilot.pause()


def _status_cell(app) -> str:
    table = app.query_one("#party-table", DataTable)
    return table.get_cell("wren", "status").plain


async def test_at_80_columns_the_table_fits_and_the_sheet_lists_every_condition(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _burdened(app, pilot)
        table = app.query_one("#party-table", DataTable)
        cell = _status_cell(app)
        assert _cut(cell) and cell.startswith("stunned, prone")
        assert table.virtual_size.width <= table.size.width  # no sideways scroll bar
        assert table.max_scroll_x == 0
        table.move_cursor(row=table.get_row_index("wren"))  # (investigators first, issue 31)
        await pilot.pause()
        sheet = str(app.query_one("#party-notes", Static).render()) + str(app.query_one("#party-sheet", Static).render())
        assert all(cond in sheet for cond in CONDITIONS)


async def test_a_wider_window_shows_the_conditions_whole_and_a_narrower_one_cuts_them_again(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _burdened(app, pilot)
        narrow = _status_cell(app)
        assert _cut(narrow)
        table = app.query_one("#party-table", DataTable)
        await pilot.resize_terminal(120, 30)  # (wider, not tall: at 120×40 the card takes 40 columns beside the table)
        await pilot.pause()
        wider = _status_cell(app)
        assert len(wider.split(", ")) >= len(narrow.split(", ")) and wider.startswith(narrow.rsplit(", ", 1)[0])
        assert table.max_scroll_x == 0
        await pilot.resize_terminal(160, 40)
        await pilot.pause()
        assert _status_cell(app) == ", ".join(BY_URGENCY)
        assert table.max_scroll_x == 0
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert _cut(_status_cell(app))
        assert table.max_scroll_x == 0


async def test_a_frame_drawn_before_the_table_is_idle_shows_whole_columns(make_app):
    """A real terminal's resize draws the screen at once, before the table is next idle: the table,
    just refilled for the new width, was drawn with its columns as wide as their headings, and those
    rows stayed in DataTable's caches once measured — ``Ada   11  14  70/  56  fright`` after a
    resize from 80 to 120 columns in tmux, until the next change.  Pilot's resize waits for idle, so
    the early frame is drawn here by hand: the table is refilled (as on_resize does), drawn at once,
    then drawn again once idle."""
    from fhtagn_tui.app.screens.party import PartyTab

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for cond in ("frightened", "stunned", "prone"):
            app.door.execute(f"cond add ada {cond}")
        await pilot.pause()
        tab = app.query_one(PartyTab)
        table = app.query_one("#party-table", DataTable)
        tab._across = 0  # noqa: SLF001 - as a new width does: the table is refilled
        tab.show(app.door.state)
        early = table.render_line(1).text  # Ada's row, drawn before the table is idle
        await pilot.pause()
        late = table.render_line(1).text
        for row in (early, late):  # beside the investigator card (120×40) the Status holds the most
            # urgent conditions whole and counts the rest (issue 31's order: stunned, prone, then frightened)
            assert "11/11" in row and "70/99" in row and "stunned, prone" in row, row
