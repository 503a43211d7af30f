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

from .textual_private import render_cache_clearers

__all__ = ["trim"]

_CLEARERS = render_cache_clearers()


def trim() -> None:
    """Empty the render caches (see the module's doc)."""
    for clear in _CLEARERS:
        clear()
