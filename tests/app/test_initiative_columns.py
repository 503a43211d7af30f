"""The Initiative table's columns: the Status takes the room that is left, so a mark or a condition
coming or going changes one cell, never the columns (which rebuilt and redrew every row)."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.app.screens.initiative import STATUS_BESIDE, InitiativeTab
from fhtagn_tui.app.widgets.row_table import RowTable

from .screen_text import screen_text
from .test_at_the_table import fhtagn

FIGHT = ("fight start Barn", 'fight add "Ada Vance" "The Caretaker"', "fight next")


def table(app: GmApp) -> RowTable:
    return app.query_one("#ini-table", RowTable)


def widths(app: GmApp) -> list[int]:
    return [column.width for column in table(app).ordered_columns]


def ada_row(app: GmApp) -> str:
    return next(r for r in screen_text(app).splitlines() if "Ada Vance" in r and "Fight:" not in r)


def spy_rebuilds(t: RowTable) -> list[str]:
    """What rebuilt the table's rows since (clear, or a row added)."""
    seen: list[str] = []
    clear, add_row = t.clear, t.add_row

    def clearing(columns: bool = False) -> RowTable:
        seen.append("clear")
        return clear(columns)

    def adding(*cells: object, **kwargs: object) -> object:
        seen.append("add_row")
        return add_row(*cells, **kwargs)  # type: ignore[arg-type]

    t.clear = clearing  # type: ignore[method-assign]
    t.add_row = adding  # type: ignore[method-assign,assignment]
    return seen


@pytest.mark.parametrize("player", [False, True], ids=["gm", "players"])
async def test_at_80_columns_a_condition_coming_and_going_keeps_the_columns_and_rows(player):
    app = fhtagn(*FIGHT, player=player)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2")
        await pilot.pause()
        t = table(app)
        before = widths(app)
        # the Status column takes the room left: the table's columns fill the width (a scroll bar's column aside)
        assert sum(c.get_render_width(t) for c in t.ordered_columns) == t.size.width - 1
        seen = spy_rebuilds(t)
        stamps = dict(t._stamp)  # noqa: SLF001 - each row's stamp changes only when it is drawn anew
        app.door.execute('cond add "Ada Vance" stunned')
        await pilot.pause()
        assert "stunned" in ada_row(app)
        assert widths(app) == before and seen == []
        ada = next(k for k in stamps if k.value == "ada vance")
        assert t._stamp[ada] != stamps[ada]  # noqa: SLF001 - her row, drawn anew
        assert all(t._stamp[k] == s for k, s in stamps.items() if k != ada)  # noqa: SLF001 - no other
        app.door.execute('cond remove "Ada Vance" stunned')
        await pilot.pause()
        assert "stunned" not in ada_row(app) and "Ada Vance" in ada_row(app)
        assert widths(app) == before and seen == []


async def test_the_status_shows_whole_when_there_is_room_and_counts_what_is_left_out_when_not():
    conds = ["stunned", "prone", "shaken"]
    app = fhtagn(*FIGHT, *(f'cond add "Ada Vance" {c}' for c in conds))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2")
        await pilot.pause()
        row = ada_row(app)
        assert " ".join(conds) in row  # the room left is 23 columns
        app.door.execute('cond add "Ada Vance" "hanging by a thread"')
        await pilot.pause()
        row = ada_row(app)
        # (issue 31) too long: the least urgent left out and counted, never cut in the middle
        assert "hanging by a thread" not in row and row.rstrip(" ▁▂▃▄▅▆▇█▕").endswith("stunned prone shaken +1")


async def test_beside_the_log_a_new_width_keeps_the_rows():
    app = fhtagn(*FIGHT)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("2")
        await pilot.pause()
        tab = app.query_one(InitiativeTab)
        assert tab.has_class("wide") and app.query_one("#ini-log", Static).display
        before = widths(app)
        assert before[3] == STATUS_BESIDE  # room for most marks: the log does not narrow when they come
        seen = spy_rebuilds(table(app))
        long = "a very long condition that needs room"
        app.door.execute(f'cond add "Ada Vance" "{long}"')
        await pilot.pause()
        after = widths(app)
        assert after[3] > STATUS_BESIDE and after[:3] == before[:3]
        assert seen == []  # the columns widened in place: no row rebuilt
        text = screen_text(app)
        assert long in text and "Ada Vance" in text
        assert table(app).size.width == sum(c.get_render_width(table(app)) for c in table(app).ordered_columns) + 1
