"""One way to open a campaign, for everybody: the app, the CLI (``do``, ``script``,
``replay``, ``log``, ``export``, ``review``) and the served views.

``open_campaign(path)`` takes the writer lock (or opens read-only), folds the log
from the start-up snapshot when the snapshot matches the log byte for byte (else
by a full replay, and then writes a fresh snapshot for the next opening), and
hands back an :class:`OpenCampaign` holding the store and an :class:`Engine` on
that fold.  Closing it saves the snapshot at the end of the log when the log
moved on, then releases the file.

Loading runs with the garbage collector off, then freezes what was loaded: the
folded state lives as long as the process, and later collections skip it.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType

from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.history import Projection
from fhtagn_tui.domain.state import State
from fhtagn_tui.rules.dice import DiceSource
from fhtagn_tui.service import Engine
from fhtagn_tui.store import CampaignStore, Locked, snapshot

__all__ = ["OpenCampaign", "open_campaign"]


class OpenCampaign:
    """A campaign file opened and folded (see :func:`open_campaign`)."""

    def __init__(self, store: CampaignStore, engine: Engine, notice: str, from_snapshot: bool,
                 snapshot_current: bool = False) -> None:
        self.store = store
        self.engine = engine
        self.notice = notice  # why it is read-only, a torn tail … ("" when all is well)
        self.from_snapshot = from_snapshot  # the fold started from the start-up snapshot
        self._saved_seq = engine.projection.seq if snapshot_current else -1

    @property
    def state(self) -> State:
        return self.engine.state

    @property
    def projection(self) -> Projection:
        return self.engine.projection

    @property
    def readonly(self) -> bool:
        return self.engine.readonly

    def events(self) -> list[Event]:
        """Every event of the log (for what needs them all: a recap, review, the log)."""
        return self.store.events()

    def iter_events(self) -> Iterator[Event]:
        """Every event of the log, decoded a chunk at a time (no list of the whole log)."""
        return self.store.iter_events()

    def save_snapshot(self) -> bool:
        """Write the snapshot if the fold moved past the one on disk (True if written)."""
        projection = self.engine.projection
        if projection.seq == self._saved_seq or projection.seq != len(self.store):
            return False
        written = snapshot.save(self.store, projection)
        if written:
            self._saved_seq = projection.seq
        return written

    def close(self, save: bool = True) -> None:
        try:
            if save:
                self.save_snapshot()
        finally:
            self.store.close()

    def __enter__(self) -> OpenCampaign:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close(save=kind is None)


def open_campaign(
    path: Path, readonly: bool = False, *, fall_back_to_readonly: bool = False, source: DiceSource | None = None,
) -> OpenCampaign:
    """Open the campaign file at ``path``, folded from its snapshot when the snapshot matches.

    ``readonly``: never the writer.  ``fall_back_to_readonly``: when another process holds the
    writer lock, open read-only with a notice instead of raising :class:`Locked`.
    Raises :class:`~fhtagn_tui.store.StoreError` for a file that cannot be opened.
    """
    notice = ""
    collecting = gc.isenabled()
    gc.disable()  # the fold builds tens of thousands of objects that live on: collecting them now is wasted
    try:
        try:
            store = CampaignStore.open(path, readonly=readonly)
        except Locked as exc:
            if not fall_back_to_readonly:
                raise
            store = CampaignStore.open(path, readonly=True)
            notice = f"{exc} — opened read-only."
            readonly = True
        try:
            if store.warnings:
                notice = " ".join(store.warnings + ([notice] if notice else []))
            projection, stale = snapshot.open_projection(store)
            from_snapshot = projection.resuming
            engine = Engine(store, readonly=readonly, projection=projection, source=source)
            opened = OpenCampaign(store, engine, notice, from_snapshot, snapshot_current=not stale)
            if stale:
                opened.save_snapshot()  # the next opening starts from here
        except BaseException:
            store.close()
            raise
    finally:
        if collecting:
            gc.freeze()  # what is loaded lives as long as the process: later collections skip it
            gc.enable()
    return opened
