"""The read side: how a log is folded into state — the one place that knows it.

Everything that replays a log (the GM's projection, review, exports, the start-up snapshot, the
door, the players' public log) asks this package for the fold it needs (:func:`fold` chooses it);
evolvers only declare what they read of an event (``decide.evolver(…, reads=…)``,
``decide.counted``: :mod:`.declared` keeps it) and this package decides how a replay reads and folds
it.  Its modules, one job each, are its own (an import-linter contract keeps the rest of the program
to this package's names):

* :mod:`.projection` — the fold that honours undo and redo (:class:`Projection`: its undo stack,
  its checkpoints; an event at a time), with the events it honours (``Undone``, ``Redone``);
* :mod:`.heads` — what a replay reads of a record: the event, or its head (a few fields of it);
* :mod:`.declared` — what each evolver reads (counted events, lean ones), as a replay looks it up;
* :mod:`.fast` — the fold that keeps the undo history, a whole log in one tight loop;
* :mod:`.plain` — the fold without the undo history (a log no undo reaches);
* :mod:`.public_stream` — the players' public fold of a whole log read once;
* :mod:`.entry` — :func:`fold`, the one entry point;
* :mod:`.pause` — the garbage collector paused while a log is folded or loaded.

Only :mod:`.pause` is loaded with the package (start-up pauses the collector with it before its
imports); the rest is loaded when first asked for.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .pause import gc_paused

if TYPE_CHECKING:
    from .declared import (
        COUNTED,
        LEAN,
        NOTES,
        REGISTERED,
        ROLLS,
        declare,
        declare_counted,
        only_counted,
        read_as_head,
    )
    from .entry import fold
    from .heads import HEAD_TYPES, Replayed, event_of, head_of, is_head_type
    from .plain import fork, with_history
    from .projection import (
        CHECKPOINTS,
        UNDO_DEPTH,
        Checkpoint,
        GroupRecord,
        Projection,
        Redone,
        StateMark,
        Undone,
        checkpoint_interval,
        names_of,
        undo_stack,
    )
    from .public_stream import stream_public

#: name -> the module of this package that holds it (loaded when the name is first asked for)
_LAZY = {
    **dict.fromkeys(("COUNTED", "LEAN", "NOTES", "REGISTERED", "ROLLS", "declare", "declare_counted",
                     "only_counted", "read_as_head"), "declared"),
    "fold": "entry",
    **dict.fromkeys(("HEAD_TYPES", "Replayed", "event_of", "head_of", "is_head_type"), "heads"),
    **dict.fromkeys(("fork", "with_history"), "plain"),
    **dict.fromkeys(("CHECKPOINTS", "UNDO_DEPTH", "Checkpoint", "GroupRecord", "Projection", "Redone", "StateMark",
                     "Undone", "checkpoint_interval", "names_of", "undo_stack"), "projection"),
    "stream_public": "public_stream",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # asked once
    return value


__all__ = [
    "CHECKPOINTS",
    "COUNTED",
    "Checkpoint",
    "GroupRecord",
    "Projection",
    "Redone",
    "StateMark",
    "UNDO_DEPTH",
    "Undone",
    "checkpoint_interval",
    "names_of",
    "undo_stack",
    "HEAD_TYPES",
    "LEAN",
    "NOTES",
    "REGISTERED",
    "ROLLS",
    "Replayed",
    "fork",
    "declare",
    "declare_counted",
    "event_of",
    "fold",
    "gc_paused",
    "head_of",
    "is_head_type",
    "only_counted",
    "read_as_head",
    "stream_public",
    "with_history",
]
