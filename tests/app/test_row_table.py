"""RowTable: the table the Initiative tab redraws row by row — it shows exactly what a plain
DataTable shows, and a change of one row renders that row again, not the others."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.widgets import DataTable

from fhtagn_tui.app.widgets.row_table import RowTable

ROWS = [(f"c{i}", [f"fighter {i}", str(20 - i), Text(f"HP {i}", style="green"), ""]) for i in range(8)]


class Pair(App[None]):
    def compose(self) -> ComposeResult:
        yield RowTable(id="rows", cursor_type="row", zebra_stripes=True)
        yield DataTable(id="plain", cursor_type="row", zebra_stripes=True)

    def on_mount(self) -> None:
        for table in self.query(DataTable):
            table.styles.height = 10
            for name in ("Name", "Init", "Pools", "Status"):
                table.add_column(name, key=name.lower())


def _lines(table: DataTable[object]) -> list[str]:
    """What Textual paints of the table (as the compositor asks for it)."""
    return [strip.text for strip in table.render_lines(Region(0, 0, *table.size))]


def _fill(app: Pair, rows: list[tuple[str, list[object]]]) -> None:
    app.query_one("#rows", RowTable).set_rows(rows)
    plain = app.query_one("#plain", DataTable)
    plain.clear()
    for key, cells in rows:
        plain.add_row(*cells, key=key)


async def _filled(app: Pair, pilot: Any) -> tuple[RowTable, DataTable[object]]:
    """Both tables given ``ROWS`` and drawn: they draw alike."""
    _fill(app, ROWS)
    await pilot.pause()
    rows = app.query_one("#rows", RowTable)
    plain: DataTable[object] = app.query_one("#plain", DataTable)
    assert _lines(rows) == _lines(plain)
    return rows, plain


async def _cursor_on_both(pilot: Any, rows: RowTable, plain: DataTable[object], row: int) -> None:
    """The cursor moved to ``row`` in both tables: they draw alike."""
    rows.move_cursor(row=row)
    plain.move_cursor(row=row)
    await pilot.pause()
    assert _lines(rows) == _lines(plain)


@contextmanager
def _spying(name: str, table: DataTable[object], seen: Callable[..., object]) -> Iterator[None]:
    """DataTable's method ``name`` reports each call for ``table`` (its arguments) to ``seen``."""
    original = getattr(DataTable, name)

    def spy(self: DataTable[object], *args: object, **kwargs: object) -> object:
        if self is table:
            seen(*args)
        return original(self, *args, **kwargs)

    setattr(DataTable, name, spy)
    try:
        yield
    finally:
        setattr(DataTable, name, original)


async def test_it_draws_what_a_plain_data_table_draws_and_only_changed_rows_again() -> None:
    app = Pair()
    async with app.run_test(size=(80, 24)) as pilot:
        rows, plain = await _filled(app, pilot)
        stamps = dict(rows._stamp)  # noqa: SLF001
        rendered: list[object] = []
        with _spying("_render_line_in_row", rows, lambda row_key, *_: rendered.append(row_key.value)):
            _fill(app, ROWS)  # the same rows: nothing changes
            assert rows._stamp == stamps  # noqa: SLF001
            changed = [(key, list(cells)) for key, cells in ROWS]
            changed[3][1][2] = Text("HP 0", style="red")
            _fill(app, changed)
            await pilot.pause()
            assert [k for k, v in rows._stamp.items() if stamps[k] != v] == ["c3"]  # noqa: SLF001
            rendered.clear()
            assert _lines(rows) == _lines(plain)
            assert set(rendered) <= {"c3"}  # the other rows came from the cache
            # a new order (or a new fighter) rebuilds the rows, drawn as a plain table draws them
            _fill(app, list(reversed(changed)) + [("c9", ["new", "1", "", "prone"])])
            await pilot.pause()
            assert _lines(rows) == _lines(plain)
            await _cursor_on_both(pilot, rows, plain, 4)


async def test_rows_added_to_a_scrolling_table_draw_and_scroll_as_a_plain_one() -> None:
    """A followed log gains a row per action without a layout pass (RowTable._update_dimensions):
    the lines, the scroll offset and the scroll bar are those a plain DataTable has."""
    app = Pair()
    async with app.run_test(size=(80, 24)) as pilot:
        tables = (app.query_one("#rows", RowTable), app.query_one("#plain", DataTable))
        for i in range(25):
            for table in tables:
                table.add_row(f"event {i}", str(i), "", "x" * (i % 7), key=f"e{i}")
                table.move_cursor(row=table.row_count - 1)
            await pilot.pause()
            rows, plain = tables
            assert _lines(rows) == _lines(plain), i
            assert rows.virtual_size == plain.virtual_size
            assert rows.scroll_offset == plain.scroll_offset
            if i > 10:  # scrolling: the bar is shown, sized and placed as the plain table's
                bars = [t.vertical_scrollbar for t in tables]
                assert [(b.window_virtual_size, b.window_size, b.position) for b in bars][0] == \
                    [(b.window_virtual_size, b.window_size, b.position) for b in bars][1]
                assert rows.show_vertical_scrollbar and plain.show_vertical_scrollbar


async def test_a_row_added_and_settled_scrolls_the_cursor_to_it_at_once() -> None:
    """A followed log adds a row and moves the cursor to it: settled, it scrolls there in the same
    frame (DataTable alone scrolls only after the next one, and the table is drawn twice)."""
    app = Pair()
    async with app.run_test(size=(60, 30)) as pilot:
        rows, plain = app.query_one("#rows", RowTable), app.query_one("#plain", DataTable)
        for table in (rows, plain):
            for i in range(30):
                table.add_row(f"fighter {i}", "", "", "", key=f"r{i}")
        await pilot.pause()
        for table in (rows, plain):
            table.move_cursor(row=table.row_count - 1, animate=False)
        await pilot.pause()
        top = rows.scroll_y
        assert top == plain.scroll_y > 0
        rows.add_row("fighter new", "", "", "", key="new")
        rows.settle_rows()
        rows.move_cursor(row=rows.row_count - 1, animate=False)
        plain.add_row("fighter new", "", "", "", key="new")
        plain.move_cursor(row=plain.row_count - 1, animate=False)
        assert rows.scroll_y == top + 1  # scrolled now, before any frame
        assert plain.scroll_y == top  # DataTable waits for a frame
        await pilot.pause()
        assert plain.scroll_y == rows.scroll_y == top + 1
        assert _lines(rows) == _lines(plain)


async def test_a_row_with_one_cell_changed_renders_that_cell_alone_again() -> None:
    app = Pair()
    async with app.run_test(size=(80, 24)) as pilot:
        rows, plain = await _filled(app, pilot)
        rendered: list[tuple[int, int]] = []
        with _spying("_render_cell", rows, lambda row, column, *_: rendered.append((row, column))):
            changed = [(key, list(cells)) for key, cells in ROWS]
            changed[3][1][3] = Text("prone", style="yellow")
            rendered.clear()
            _fill(app, changed)
            await pilot.pause()  # the frame that shows it
            assert rendered == [(3, 3)]  # its Name, Init and HP came from the cache
            assert _lines(rows) == _lines(plain)
            # the cursor on it: the cells are drawn with the cursor's style, as a plain table's
            await _cursor_on_both(pilot, rows, plain, 3)


async def test_new_widths_keep_the_rows_and_draw_as_a_table_built_with_them() -> None:
    app = Pair()
    async with app.run_test(size=(80, 24)) as pilot:
        rows = app.query_one("#rows", RowTable)
        plain = app.query_one("#plain", DataTable)
        rows.clear(columns=True)
        for name, width in (("Name", 12), ("Init", 4), ("Pools", 8), ("Status", 6)):
            rows.add_column(name, key=name.lower(), width=width)
        _fill(app, ROWS)
        await pilot.pause()
        stamps = dict(rows._stamp)  # noqa: SLF001
        assert rows.set_widths((10, 4, 9, 30))
        plain.clear(columns=True)
        for name, width in (("Name", 10), ("Init", 4), ("Pools", 9), ("Status", 30)):
            plain.add_column(name, key=name.lower(), width=width)
        for key, cells in ROWS:
            plain.add_row(*cells, key=key)
        await pilot.pause()
        assert rows._stamp == stamps  # noqa: SLF001 - the same rows, none added again
        assert _lines(rows) == _lines(plain)
        assert rows.virtual_size == plain.virtual_size
        assert not rows.set_widths((10, 4))  # not one a column: nothing changed
        assert [c.width for c in rows.ordered_columns] == [10, 4, 9, 30]
