"""Updating a Static without a layout pass when its height stays the same.

``Static.update`` lays the whole screen out again by default: the widgets around it move and
are drawn again.  A result panel or a message line usually takes as many rows as the text
before it (or fewer than its least height), so a key press need not pay for that.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Size
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Static

from ..textual_private import clear_arrangement_cache


def unwrapped_rows(content: VisualType, width: int) -> int | None:
    """The rows a Text takes at ``width`` when none of its lines is wider (no wrapping to work
    out: one row a line); None when that is not known so cheaply (Textual measures it)."""
    if not isinstance(content, Text) or width <= 0:
        return None
    plain = content.plain
    if not plain or plain.endswith("\n") or "\t" in plain or "\r" in plain:
        return None
    lines = plain.split("\n")
    if any(cell_len(line) > width for line in lines):
        return None
    return len(lines)


#: The rows of the content each widget was last measured with (width, content, rows): the next
#: update's "before" (measuring a wrapped message line twice a key cost a Content wrap each time).
_measured: WeakKeyDictionary[Static, tuple[int, VisualType, int]] = WeakKeyDictionary()


def _height(widget: Static, width: int, content: VisualType) -> int:
    """The rows the widget takes for ``content`` (the content it shows) at ``width``: padding,
    border, least and most height."""
    styles = widget.styles
    seen = _measured.get(widget)
    if seen is not None and seen[0] == width and seen[1] is content:
        rows = seen[2]
    else:
        quick = unwrapped_rows(content, width)
        rows = quick if quick is not None else widget.get_content_height(Size(0, 0), Size(0, 0), width)
        _measured[widget] = (width, content, rows)
    rows += styles.gutter.height
    low, high = styles.min_height, styles.max_height
    if low is not None and low.cells is not None:
        rows = max(rows, low.cells)
    if high is not None and high.cells is not None:
        rows = min(rows, high.cells)
    return rows


def same_content(before: VisualType, after: VisualType) -> bool:
    """The same text (and styles): nothing to draw again.  Rich's ``Text ==`` leaves the base style out."""
    if isinstance(before, str) and isinstance(after, str):
        return before == after
    if isinstance(before, Text) and isinstance(after, Text):
        return (before.plain == after.plain and before.spans == after.spans and before.style == after.style
                and (before.justify, before.overflow, before.no_wrap, before.end, before.tab_size)
                == (after.justify, after.overflow, after.no_wrap, after.end, after.tab_size))
    return False


def update_steady(widget: Static, content: VisualType) -> None:
    """``widget.update(content)``; laid out again only if the rows it takes change (or it has not
    been laid out yet); not drawn again at all when the text is the one it shows (a follow that
    changed nothing of it: a player's sheet under a roll request)."""
    if same_content(widget.content, content):
        return
    width = widget.content_size.width
    if not width or widget.styles.height is None or not widget.styles.height.is_auto:
        widget.update(content)
        return
    before = _height(widget, width, widget.content)
    widget.update(content, layout=False)
    widget.clear_cached_dimensions()
    if _height(widget, width, content) != before:
        widget.refresh(layout=True)
        # Textual clears the arrangements its parents keep (by their size) only when the widget is
        # next idle; a screen laid out before that (its timer runs first, e.g. a GM's request that
        # also shows the #asks line) reused an arrangement with the old height, and a second pass
        # laid the screen out and drew it again a frame later.
        for ancestor in widget.ancestors:
            if not isinstance(ancestor, Widget):
                break
            clear_arrangement_cache(ancestor)  # as Widget._check_refresh does
            if not ancestor.styles.auto_dimensions:
                break
