"""The garbage collector paused while a log is folded or loaded (the one copy of that pause).

A fold allocates states that live on and frees little: the collector would only walk them again
and again (a third of a replay's time).  Start-up's imports and a campaign's loading alike.
:class:`gc_paused` rests the collector for a ``with`` block (or between :meth:`gc_paused.pause` and
:meth:`gc_paused.resume`, for a pause that spans calls: the app's until its first frame), and wakes
it after — only when it was awake before (a caller's own pause is left as it is).  ``freeze``: what
was made meanwhile lives as long as the process, later collections skip it (``gc.freeze``).
"""

from __future__ import annotations

import gc
from types import TracebackType


class gc_paused:  # noqa: N801  (used as a function: ``with gc_paused():``)
    """Rest the collector (see the module); ``freeze``: freeze what survived before waking it."""

    __slots__ = ("freeze", "_was_enabled")

    def __init__(self, freeze: bool = False) -> None:
        self.freeze = freeze
        self._was_enabled = False

    def pause(self) -> gc_paused:
        self._was_enabled = gc.isenabled()
        gc.disable()
        return self

    def resume(self) -> None:
        """Wake the collector if it was awake when paused (once: a second call does nothing)."""
        if self._was_enabled:
            self._was_enabled = False
            if self.freeze:
                gc.freeze()
            gc.enable()

    def __enter__(self) -> gc_paused:
        return self.pause()

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.resume()
