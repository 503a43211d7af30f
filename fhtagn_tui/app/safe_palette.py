"""The command palette, without Textual's crash on paging a list not laid out yet.

Ctrl+P then PageDown in one read (a quick typist, keys bunched over SSH) paged
the palette's option list before it had any line: Textual's ``_move_page`` read
``_index_to_line[0]`` and the app died (``KeyError: 0``).  Here a page key on a
list with nothing to page is nothing.

A choice made twice in one read (Ctrl+P, Enter, Enter) dismissed the palette twice: the second
dismissal popped the screen under it (``ScreenStackError`` with one screen left).  Here a palette
that is no longer on top dismisses nothing.  The app opens its other palettes (themes, a list of
commands) as this one too, so their page keys are as safe.
"""

from __future__ import annotations

import asyncio
from typing import Any

from textual.await_complete import AwaitComplete
from textual.command import CommandList

from .textual_private import PagingPaletteHook


class SafeCommandPalette(PagingPaletteHook):
    def command_list(self, action: str) -> None:
        if action in ("page_up", "page_down"):
            if not any(found.option_count for found in self.query(CommandList)):
                return  # nothing listed: nothing to page
            try:
                super().command_list(action)
            except KeyError:  # listed but not laid out yet (Textual's KeyError: 0): nothing to page yet
                pass
            return
        super().command_list(action)

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if self.app.screen is not self:  # dismissed already (a choice made twice in one read)
            return AwaitComplete(asyncio.sleep(0))
        return super().dismiss(result)

