"""The live Log: `/` searches the whole log in a user's words (kinds, not event class names) and
enter on a hit puts the Log's cursor on it; a row too long for the screen ends in "…" and the
detail line below reads it whole."""

from __future__ import annotations

from textual.widgets import DataTable, Select, Static

from fhtagn_tui.app.widgets.row_table import RowTable
from fhtagn_tui.export.search import KINDS, LogFilter, event_kinds, search_events
from tests.app.screen_text import joined, screen_lines

LONG = ("The cellar stairs creak under every step, and somewhere below a radio plays a hymn "
        "that nobody in Harlan Creek has sung for forty years")


async def test_slash_searches_the_live_log_by_kind_and_goes_to_the_hit(make_app) -> None:
    app = make_app()
    app.door.execute("note The vicar keeps a ledger")
    for i in range(30):
        app.door.execute(f"roll 1d6 label=filler{i}")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("5")
        await pilot.pause()
        await pilot.press("slash")
        await pilot.pause()
        form = app.screen
        kind = form.query_one("#s-type", Select)
        assert [value for _label, value in kind._options if isinstance(value, str)] == list(KINDS)
        kind.value = "notes"  # picked: searched at once
        await pilot.pause()
        results = form.query_one("#search-results", DataTable)
        texts = [str(results.get_row_at(i)[2]) for i in range(results.row_count)]
        assert any("The vicar keeps a ledger" in t for t in texts), texts
        assert all("Note:" in t for t in texts)
        row = next(i for i, t in enumerate(texts) if "vicar" in t)
        seq = str(results.get_row_at(row)[0])
        results.move_cursor(row=row)
        results.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is not form  # closed
        table = app.query_one("#log-table", DataTable)
        assert str(table.get_row_at(table.cursor_row)[0]) == seq
        assert "The vicar keeps a ledger" in str(app.query_one("#log-detail", Static).render())


async def test_a_long_row_ends_in_an_ellipsis_and_the_detail_reads_it_whole(make_app) -> None:
    app = make_app()
    app.door.execute(f"note {LONG}")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("5")
        await pilot.pause()
        table = app.query_one("#log-table", RowTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width  # no row past the edge
        row = next(line for line in screen_lines(app) if "Note: The cellar stairs creak" in line)
        assert row.rstrip().rstrip("▁▂▃▄▅▆▇█ ").endswith("…") and "forty years" not in row
        detail = str(app.query_one("#log-detail", Static).render())
        assert "forty years" in detail.replace("\n", " ")
        table.focus()
        await pilot.press("enter")  # the whole event in a panel
        await pilot.pause()
        assert type(app.screen).__name__ == "TextView"
        assert "Harlan Creek has sung for forty years" in joined(app)


def test_a_kind_in_words_finds_its_events_and_class_names_still_work() -> None:
    from fhtagn_tui.service import Engine

    eng = Engine.memory("fhtagn")
    eng.execute('char new "Ada Vance" STR=12 CON=11 DEX=13 INT=15 POW=14 CHA=10')
    eng.execute("note a clue")
    eng.execute("char pool ada HP=5")
    events = list(eng.sink.events)  # type: ignore[attr-defined]
    assert [type(e).__name__ for e in search_events(events, LogFilter(type="notes"))] == ["NoteAdded"]
    assert [type(e).__name__ for e in search_events(events, LogFilter(type="HP, SAN and other pools"))] == ["PoolChanged"]
    assert [type(e).__name__ for e in search_events(events, LogFilter(type="PoolChanged"))] == ["PoolChanged"]
    kinds = event_kinds()
    assert set(kinds) == set(KINDS) and all(kinds.values())  # every kind stands for some events
