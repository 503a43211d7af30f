"""The one entry point: :func:`fold` chooses how a log is folded, once, from what the caller needs."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .fast import fold_onto
from .heads import Replayed
from .plain import PlainFold, with_history
from .projection import Projection


def fold(
    events: Iterable[Replayed] | None = None, *, log: Sequence[bytes] | None = None, since: int = 1,
    count: bool = True, checkpoint_every: int = 0, onto: Projection | None = None,
) -> Projection:
    """The fold of a log: ``events`` (from its first, or from where ``onto`` stands) folded, or — no
    ``events`` — a fold to fold it into (an event at a time: ``apply``).

    ``since``: the first seq or group an undo or redo of the log is at or reaches (an export's first
    pass tells: ``LogMarks.since``), which chooses the fold:

    * ``1`` (the default: an undo may reach anything) — the undo history kept from the start, the
      log folded in one tight loop (:mod:`.fast`), a checkpoint every ``checkpoint_every`` seqs
      (0: none).  ``events`` may hold what a replay read of the records of ``log``
      (``codec.decode_for_replay``: heads, which keep ``log`` and are decoded when asked for).
    * ``0`` — the log holds no undo or redo: a plain fold, without the undo history (:mod:`.plain`;
      an undo met is refused); ``count=False``: free rolls and notes not counted either (an export
      never reads ``rolls`` or ``notes``).
    * more — plain up to that seq or group, with the history from there on (for ``events`` given;
      a caller that folds an event at a time calls :func:`~.plain.with_history` there itself).

    ``onto``: a fold already standing somewhere (a projection resumed from a snapshot, whose history
    is built from the log when first needed), folded on: ``since`` and ``count`` do not apply."""
    fold = onto if onto is not None else (
        Projection(checkpoint_every=checkpoint_every) if since == 1 else PlainFold(count=count))
    if events is None:
        return fold
    if not isinstance(fold, PlainFold):
        fold_onto(fold, events, log)
        return fold
    switch = since if since > 1 else 0
    it = iter(events)
    for ev in it:
        if switch and (ev.seq >= switch or ev.group >= switch):
            history = with_history(fold)
            history.apply(ev)  # type: ignore[arg-type]  # (a plain fold is given events, never heads)
            fold_onto(history, it, log)
            return history
        fold.apply(ev)  # type: ignore[arg-type]
    return fold
