"""Textual's and Rich's process-wide render caches, emptied in a view that follows the log.

Rendering memoizes on styles: the ANSI codes of a style (up to 16384 of them), the sum of two
styles, a style's true colours, a text's width, the geometry of regions (up to 4096 each).  A
table's cells carry their row and column in their style (for the mouse), so every row a followed
log gains brings new styles, and the caches fill with lines scrolled past, never asked for again:
~2 MiB in a player's process over 200 actions, up to tens of MiB over a long session (issue 20:
memory per player app).  :func:`trim` empties them once an update is on screen; the next frame
works out again only what it draws (a screen's worth).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich import cells
from rich.style import Style
from textual import filter as filters
from textual.geometry import Region
from textual.strip import Strip

__all__ = ["trim"]


def _clearers() -> tuple[Callable[[], None], ...]:
    """The ``cache_clear`` of each cache (those this version of Textual and Rich has)."""
    owners: list[tuple[Any, tuple[str, ...]]] = [
        (Strip, ("render_ansi",)),
        (Style, ("_add", "clear_meta_and_links")),
        (filters.ANSIToTruecolor, ("truecolor_style",)),
        (filters, ("monochrome_style", "dim_color", "dim_style")),
        (cells, ("cached_cell_len", "get_character_cell_size")),
        (Region, tuple(name for name, value in vars(Region).items() if hasattr(value, "cache_clear"))),
    ]
    found: list[Callable[[], None]] = []
    for owner, names in owners:
        for name in names:
            clear = getattr(getattr(owner, name, None), "cache_clear", None)
            if callable(clear):
                found.append(clear)
    return tuple(found)


_CLEARERS = _clearers()


def trim() -> None:
    """Empty the render caches (see the module's doc)."""
    for clear in _CLEARERS:
        clear()
