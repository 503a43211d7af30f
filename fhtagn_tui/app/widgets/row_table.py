"""``RowTable``: a DataTable that redraws only the rows that changed.

Textual's DataTable keys every render cache (cells, rows, lines) by one
counter that any change bumps: updating one cell, adding a row or moving the
cursor re-renders every visible cell through Rich.  On a fight of a dozen
combatants that was most of the CPU of a key press.  Here each row carries a
stamp that changes only when that row's data does, and the rendered rows are
cached as lines by (row, stamp, its place, whether the cursor or the mouse is on it,
widths, styles): after an action only the rows whose cells changed are
rendered again.  :meth:`set_rows` gives the table its rows and touches only
those that differ.

Only the plain row-cursor layout the app uses is cached (no fixed columns, no
row labels); anything else is drawn by DataTable itself.  DataTable's private
rendering steps and state are reached through ``RowTableBase``
(``app/textual_private.py``, written against the pinned ``textual==8.2.8``).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import count
from typing import Any

from rich.style import Style
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import DataTable
from textual.widgets.data_table import CellType, ColumnKey, RowKey

from ..textual_private import RowTableBase, settle_new_rows

__all__ = ["RowTable"]

_stamps = count(1)


class RowTable(RowTableBase):
    #: Rendered lines kept at most (a few screens' worth: cursor and hover variants of each row).
    CACHE_LIMIT = 128

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # DataTable's own caches are keyed by a counter every change bumps, so they fill up with
        # entries nobody asks for again (10000 cells, 1000 rows and lines: ~15 MiB on a followed
        # log).  Here they only serve the rows being rendered anew: a screen's worth is plenty.
        self.limit_render_caches(rows=48, cells=160, renderables=48, lines=48)
        self._stamp: dict[RowKey, int] = {}
        self._rows_cache: dict[tuple[object, ...], Strip] = {}
        self._cells_cache: dict[tuple[object, ...], tuple[object, Any]] = {}  # (the cell's value, its lines)
        self._header_stamp = next(_stamps)
        self._frame: tuple[Any, ...] | None = None
        # each kind of row's style (_get_row_style), by the table's style and pseudo-classes: kept
        # from frame to frame (each asks every ancestor for its styles); a new style clears them
        self._row_styles: dict[tuple[object, ...], Style] = {}

    # --- data -------------------------------------------------------------------------

    def add_row(self, *cells: CellType, height: int | None = 1, key: str | None = None,
                label: Any = None) -> RowKey:
        row_key = super().add_row(*cells, height=height, key=key, label=label)
        self._stamp[row_key] = next(_stamps)
        return row_key

    def update_cell(self, row_key: RowKey | str, column_key: Any, value: CellType, *,
                    update_width: bool = False) -> None:
        row = RowKey(row_key) if isinstance(row_key, str) else row_key
        column = ColumnKey(column_key) if isinstance(column_key, str) else column_key
        if update_width or self.row_index(row) is None or self.column_index(column) is None:
            super().update_cell(row_key, column_key, value, update_width=update_width)  # or its error
            self._stamp[row] = next(_stamps)
            return
        # DataTable.update_cell, but only that row is painted again (it refreshes the whole table)
        self.table_data[row][column] = value
        self.data_changed()
        self._stamp[row] = next(_stamps)
        index = self.row_index(row)
        if index is not None:
            self.refresh_row(index)

    def remove_row(self, row_key: RowKey | str) -> None:
        super().remove_row(row_key)
        self._stamp.pop(RowKey(row_key) if isinstance(row_key, str) else row_key, None)

    def clear(self, columns: bool = False) -> RowTable:
        super().clear(columns)
        if columns:
            self._header_stamp = next(_stamps)
        self._stamp.clear()
        self._rows_cache.clear()
        self._cells_cache.clear()
        return self

    def set_rows(self, rows: Sequence[tuple[str, Sequence[CellType]]]) -> None:
        """Show exactly ``rows`` (key, cells) in this order, changing only the cells that differ.

        When the keys are those already shown, in the same order, each changed cell is updated
        in place (the other rows keep their rendering); otherwise the rows are rebuilt.
        """
        keys = [key for key, _ in rows]
        current = [row.key.value for row in self.ordered_rows] if self.row_count == len(keys) else None
        if current != keys:
            self.clear()
            for key, cells in rows:
                self.add_row(*cells, key=key)
            return
        columns = [column.key for column in self.ordered_columns]
        data = self.table_data
        for key, cells in rows:
            old = data[RowKey(key)]
            for column, after in zip(columns, cells, strict=False):
                before = old.get(column)
                if before is not after and before != after:
                    self.update_cell(key, column, after)

    def set_widths(self, widths: Sequence[int]) -> bool:
        """Give the columns (in order) these fixed widths, keeping every row: only what is drawn
        changes (``clear(columns=True)`` and the rows added again rebuilt the whole table).  False,
        and nothing changed, when the widths are not one a column."""
        columns = self.ordered_columns
        if len(widths) != len(columns):
            return False
        if all(not c.auto_width and c.width == w for c, w in zip(columns, widths, strict=True)):
            return True
        for column, width in zip(columns, widths, strict=True):
            column.width, column.auto_width = width, False
        self.data_changed()  # DataTable's render caches are not keyed by width
        self.clear_table_caches()
        self._rows_cache.clear()
        self._cells_cache.clear()
        self._header_stamp = next(_stamps)
        self.measure_rows(())  # the virtual width (a layout only if it changed)
        self.refresh()
        return True

    def measure_rows(self, new_rows: Any) -> None:
        """DataTable's, but rows added to a table that already scrolls do not lay the screen out
        again: the table's own size does not depend on them (a followed log gains a row per
        action; a layout pass moved and redrew every widget of the screen each time).  Only its
        scroll bar changes, and that is updated here."""
        before = self.virtual_size
        scrolled = self.show_vertical_scrollbar and before.height > self.size.height > 0
        super().measure_rows(new_rows)
        after = self.virtual_size
        height = self.styles.height
        if (scrolled and height is not None and not height.is_auto and after.width == before.width
                and after.height >= before.height):
            self.skip_layout()  # asked for by virtual_size (a layout reactive)
            self.scroll_update(after)
            self.refresh()
        elif not all(node.display for node in self.ancestors_with_self):
            # out of sight (a tab not open, the Log at start-up): nothing on screen moves, so no
            # layout pass of the whole screen; opening its tab lays the screen out anyway
            self.skip_layout()

    def settle_rows(self) -> None:
        """Work out the size of the rows just added now, not when the table is next idle.

        DataTable measures new rows when idle, so a cursor moved to a row just added scrolls
        only after the next frame: a followed log drew every append twice, the table whole each
        time (before and after the scroll).  Settled first, the cursor scrolls in the same frame."""
        settle(self)

    # --- drawing ------------------------------------------------------------------------

    def notify_style_update(self) -> None:
        self._rows_cache.clear()
        self._cells_cache.clear()
        self._row_styles.clear()
        super().notify_style_update()

    def add_column(self, label: Any, *, width: int | None = None, key: str | None = None,
                   default: CellType | None = None) -> Any:
        self._header_stamp = next(_stamps)
        return super().add_column(label, width=width, key=key, default=default)

    def render_lines(self, crop: Region) -> list[Strip]:
        # what every line of this frame shares, worked out once (not once a line)
        self._frame = (
            self.rich_style, self.size.width, self.cursor_coordinate.row, self.hover_coordinate.row,
            self.show_cursor, self.hover_cursor_shown, self.get_pseudo_class_state(),
            tuple(column.get_render_width(self) for column in self.ordered_columns),
        )
        try:
            return super().render_lines(crop)
        finally:
            self._frame = None

    def table_row_style(self, row_index: int, base_style: Style) -> Style:
        """DataTable's, worked out once for each kind of row (header, fixed, odd, even) and the
        table's style, not once a line: each asks every ancestor of the table for its styles."""
        frame = self._frame
        if frame is None or not (row_index == -1 or row_index < self.fixed_rows or self.zebra_stripes):
            return super().table_row_style(row_index, base_style)
        kind = -1 if row_index == -1 else -2 if row_index < self.fixed_rows else row_index % 2
        key = (kind, base_style, frame[6])  # frame[6]: the pseudo-classes (focus …)
        style = self._row_styles.get(key)
        if style is None:
            if len(self._row_styles) >= 32:
                self._row_styles.clear()
            style = self._row_styles[key] = super().table_row_style(row_index, base_style)
        return style

    def table_cell(self, row_index: int, column_index: int, base_style: Style, width: int,
                   cursor: bool = False, hover: bool = False) -> Any:
        """DataTable's, kept per cell: keyed by the cell's value itself (not the counter every change
        bumps), so a row with one cell changed renders that cell alone again (an attack changes the
        HP bars or the Status, not the Name and Init)."""
        frame = self._frame
        if frame is None or row_index < 0 or column_index < 0 or self.fixed_rows or self.fixed_columns:
            return super().table_cell(row_index, column_index, base_style, width, cursor, hover)
        row_key = self.row_key_at(row_index)
        column_key = self.column_key_at(column_index)
        row = self.rows.get(row_key) if row_key is not None else None
        cells = self.table_data.get(row_key) if row_key is not None else None
        if row is None or cells is None or column_key not in cells or row.height != 1:
            return super().table_cell(row_index, column_index, base_style, width, cursor, hover)
        value = cells[column_key]
        show_cursor, hover_cursor, pseudo_classes = frame[4:7]  # (the pseudo-classes DataTable keys its cells by)
        key = (row_key, column_key, id(value), row_index, base_style, width, cursor, hover,
               hover_cursor, show_cursor, pseudo_classes)
        entry = self._cells_cache.get(key)
        if entry is not None and entry[0] is value:
            return entry[1]
        lines = super().table_cell(row_index, column_index, base_style, width, cursor, hover)
        if len(self._cells_cache) >= 4 * self.CACHE_LIMIT:
            self._cells_cache.clear()
        self._cells_cache[key] = (value, lines)
        return lines

    def render_line(self, y: int) -> Strip:
        frame = self._frame
        if frame is None or self.fixed_rows:
            return super().render_line(y)
        scroll_x, scroll_y = self.scroll_offset
        if y >= (self.header_height if self.show_header else 0):
            y += scroll_y
        return self.table_line(y, scroll_x, scroll_x + frame[1], frame[0])

    def table_line(self, y: int, x1: int, x2: int, base_style: Style) -> Strip:
        frame = self._frame
        if (frame is None or self.cursor_type != "row" or self.fixed_columns
                or (self.labelled_row_exists and self.show_row_labels)):
            return super().table_line(y, x1, x2, base_style)
        try:
            row_key, line_no = self.row_offsets(y)
        except LookupError:
            return super().table_line(y, x1, x2, base_style)
        stamp: int | None
        row_index: int | None
        if row_key is self.header_row_key:
            stamp, row_index = self._header_stamp, -1
        else:
            stamp, row_index = self._stamp.get(row_key), self.row_index(row_key)
        if stamp is None or row_index is None:
            return super().table_line(y, x1, x2, base_style)
        _, width, cursor_row, hover_row, *shared = frame
        key = (row_key, stamp, line_no, row_index, y, x1, x2, base_style, width,
               cursor_row == row_index, hover_row == row_index, *shared)
        strip = self._rows_cache.get(key)
        if strip is None:
            strip = super().table_line(y, x1, x2, base_style)
            if len(self._rows_cache) >= self.CACHE_LIMIT:
                self._rows_cache.clear()
            self._rows_cache[key] = strip
        return strip


def settle(table: DataTable[Any]) -> None:
    """Measure the rows just added to ``table`` now (columns as wide as their cells), not when it is
    next idle, as DataTable does.

    A frame drawn in between (a real terminal's resize draws at once) shows the columns as wide
    as their headings, and DataTable keeps those rows in its caches after they are measured (its
    caches are keyed by a counter that measuring does not bump): the Party table stayed cut to its
    headings after a resize until the next change."""
    settle_new_rows(table)  # DataTable's own idle step, run now
