"""RowTable works out each kind of row's style (header, odd, even) once (kept from frame to frame until a new style), not once a line
(each asks every ancestor of the table for its styles: ~0.15 ms a line), and paints exactly what a
plain DataTable paints, styles included (the Party table at start-up, issue 20)."""

from __future__ import annotations

import pytest
from rich.style import Style
from textual.geometry import Region
from textual.widgets import DataTable

from fhtagn_tui.app.widgets.row_table import RowTable

from .test_row_table import ROWS, Pair, _fill


def _segments(table: DataTable[object]) -> list[list[tuple[str, Style | None]]]:
    """Every segment painted, text and style, as the compositor asks for them (no cache kept)."""
    table._styles_cache.clear()  # noqa: SLF001 - a fresh paint, not Textual's lines of the last one
    if isinstance(table, RowTable):
        table._rows_cache.clear()  # noqa: SLF001
    for cache in (table._line_cache, table._row_render_cache, table._cell_render_cache):  # noqa: SLF001
        cache.clear()
    return [[(seg.text, seg.style) for seg in strip] for strip in table.render_lines(Region(0, 0, *table.size))]


async def test_each_kind_of_rows_style_is_worked_out_once_a_frame(monkeypatch: pytest.MonkeyPatch):
    asked: list[int] = []
    row_style = DataTable._get_row_style

    def spy(self: DataTable[object], row_index: int, base_style: Style) -> Style:
        asked.append(row_index)
        return row_style(self, row_index, base_style)

    app = Pair()
    async with app.run_test(size=(80, 24)) as pilot:
        _fill(app, ROWS)
        app.set_focus(None)  # neither has the focus (it styles the cursor's row)
        await pilot.pause()
        rows, plain = app.query_one("#rows", RowTable), app.query_one("#plain", DataTable)
        monkeypatch.setattr(DataTable, "_get_row_style", spy)
        rows._row_styles.clear()  # noqa: SLF001 - as a new style would
        painted = _segments(rows)
        assert sorted(set(asked)) == sorted(asked) and len(asked) == 3  # header, one odd row, one even row
        asked.clear()
        assert _segments(rows) == painted and asked == []  # the next frame: kept
        rows.notify_style_update()  # a new style (a theme): asked again
        assert _segments(rows) == painted and len(asked) == 3
        asked.clear()
        assert painted == _segments(plain)  # the same text in the same styles, line by line
        assert len(asked) == 1 + len(ROWS)  # DataTable: once a line
        rows.move_cursor(row=3)
        plain.move_cursor(row=3)
        await pilot.pause()
        assert _segments(rows) == _segments(plain)
