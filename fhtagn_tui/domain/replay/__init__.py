"""The read side: how a log is folded into state — the one place that knows it.

Everything that replays a log (the GM's projection, review, exports, the start-up snapshot, the
door, the players' public log) asks this package for the fold it needs; evolvers only declare what
they read of an event (``decide.evolver(…, reads=…)``, ``decide.counted``) and this package decides
how a replay reads and folds it.  Its modules, one job each, are its own (an import-linter contract
keeps the rest of the program to this package's names):

* :mod:`.pause` — the garbage collector paused while a log is folded or loaded.
"""

from __future__ import annotations

from .pause import gc_paused

__all__ = ["gc_paused"]
