"""A progress bar on stderr for long replays and exports (only on a terminal, or when asked)."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import TextIO

from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.replay import Projection

__all__ = ["ProgressBar", "fold_with_progress"]


class ProgressBar:
    """``label ██████░░░░  60%  3000/5000`` redrawn in place; silent unless enabled."""

    WIDTH = 24

    def __init__(self, label: str, stream: TextIO | None = None, force: bool = False, min_total: int = 2000) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.label = label
        isatty = getattr(self.stream, "isatty", lambda: False)
        self.enabled = force or bool(isatty())
        self.min_total = 0 if force else min_total  # short jobs need no bar on a terminal
        self._shown = -1
        self._drawn = False

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled or total < self.min_total or total <= 0:
            return
        pct = min(100, done * 100 // total)
        if pct == self._shown:
            return
        self._shown = pct
        filled = pct * self.WIDTH // 100
        bar = "█" * filled + "░" * (self.WIDTH - filled)
        self.stream.write(f"\r{self.label} {bar} {pct:3d}%  {done}/{total}")
        self.stream.flush()
        self._drawn = True

    def close(self) -> None:
        if self._drawn:
            self.stream.write("\n")
            self.stream.flush()
            self._drawn = False


def fold_with_progress(proj: Projection, events: Iterable[Event], total: int, bar: ProgressBar) -> Projection:
    """Fold ``events`` into ``proj``, reporting every 2000 events."""
    for i, ev in enumerate(events):
        if i % 2000 == 0:
            bar(i, total)
        proj.apply(ev)
    bar(total, total)
    bar.close()
    return proj
