"""The public fold of a whole log read once (an export of a long log): the players' projection
(:class:`~fhtagn_tui.domain.public.PublicLog`) streamed, its folds plain where no undo reaches."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..events import Event
from ..public import PublicEntry, PublicLog
from ..state import Privacy, State


def stream_public(
    events: Iterable[Event], reveals: set[int], revealed: set[int], targets: set[int], undo: bool = True,
    since: int = 1, viewer: str | None = None, privacy: Privacy | None = None,
) -> Iterator[tuple[Event, PublicEntry | None, int, State, PublicLog]]:
    """The public projection of a whole log read once, in order (an export of a long log): the
    same entries and folds as ``public.public_log`` gives, step by step, nothing of the log kept.

    ``reveals``, ``revealed`` and ``targets`` are the whole log's (``public.reveal_marks``, or read
    from its records): what a reveal would rebuild is known from the start.  Yields, for each
    event folded, (the event as folded, its entry or None when not told, its public session, the
    public state before it, the projection — its ``fold.state`` is the state after it).

    ``undo=False``: the log holds no undo or redo at all (an export's first pass tells): then the
    folds keep no undo history (:class:`~.plain.PlainFold`) and no group's undo
    label is kept, and they do not count the free rolls and notes (an export never reads ``rolls``
    or ``notes``) — the same entries, the same states but for those counts, less work per event; an
    undo met is refused.  ``since`` (with ``undo``): the first seq or group an undo or redo of the log is
    at or reaches (``LogMarks.since``): the folds are plain before it, and keep the history from it.
    ``viewer``: whose eyes (``PublicLog``): None, a watcher's and the players' recap's; ``privacy``:
    the log's setting at its end (``public.privacy_of``, ``LogMarks.privacy``)."""
    log = PublicLog.streamed(reveals, revealed, targets, undo, since, viewer, privacy)
    applied, pop, tell, fold = log.applied, log.applied.pop, log.tell, log.fold  # (a stream is never rebuilt)
    switch = since if undo and since > 1 else 0
    for ev in events:
        if switch and (ev.seq >= switch or ev.group >= switch):
            switch = 0
            log.keep_history()
            fold = log.fold
        before = fold.state
        tell(ev)
        if applied:  # (one step at most: taken at once)
            folded, entry, session = pop()
            yield folded, entry, session, before, log


