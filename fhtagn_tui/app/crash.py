"""A served app that fails: the player reads one line, the server's log gets the details.

Textual shows an unhandled exception as a Rich traceback with ``show_locals=True``:
source lines, the server's paths and every local variable (the whole ``State``,
the GM's secrets) written to the terminal of whoever is connected.  In a served
app (``open --served``) :class:`QuietCrashMixin` writes instead
:data:`PLAYER_MESSAGE` to the client, and the plain traceback — no locals, at
most :data:`REPORT_LIMIT` bytes — to the file descriptor ``serve`` named in
``FHTAGN_CRASH_FD`` (its log shows it).  The same for Textual's ``panic`` (how its input thread
reports a failure: a Rich traceback of the server's files).  A local app keeps Textual's report.
"""

from __future__ import annotations

import io
import os
import traceback
from typing import TYPE_CHECKING

from .textual_private import ExceptionHook, end_with_message

if TYPE_CHECKING:
    from rich.console import RenderableType

PLAYER_MESSAGE = "fhtagn: the view closed unexpectedly; reconnect"
CRASH_FD = "FHTAGN_CRASH_FD"
REPORT_LIMIT = 16384


def report_crash(error: BaseException) -> None:
    """The traceback of ``error`` (no locals) to ``serve``'s crash pipe, if it gave one."""
    report_text("".join(traceback.format_exception(error)))


def report_text(text: str) -> None:
    """``text`` (a failure's report, at most :data:`REPORT_LIMIT` bytes) to ``serve``'s crash pipe."""
    try:
        fd = int(os.environ.get(CRASH_FD, ""))
    except ValueError:
        return
    data = text.encode("utf-8", "replace")
    if len(data) > REPORT_LIMIT:
        data = data[: REPORT_LIMIT // 4] + b"\n[...]\n" + data[-(REPORT_LIMIT // 2):]
    try:
        os.write(fd, data)
    except OSError:
        pass


class _AsciiText(io.StringIO):
    encoding = "ascii"  # Rich draws its boxes in ASCII for such a file


class QuietCrashMixin(ExceptionHook):
    quiet_crash: bool = False  # a served app: no traceback for the client

    def unhandled_exception(self, error: Exception) -> None:
        if not self.quiet_crash:
            super().unhandled_exception(error)
            return
        from rich.text import Text

        report_crash(error)
        end_with_message(self, Text(PLAYER_MESSAGE), error)  # as Textual's: a test under Pilot still sees it

    def panic(self, *renderables: RenderableType) -> None:
        if not self.quiet_crash:
            super().panic(*renderables)
            return
        from rich.console import Console
        from rich.text import Text

        out = _AsciiText()  # the report's boxes drawn in ASCII: the log escapes everything else
        Console(file=out, width=100, color_system=None, force_terminal=False).print(*renderables)
        report_text(out.getvalue())
        end_with_message(self, Text(PLAYER_MESSAGE))
