"""The door: the one typed object through which the app, the CLI (``do``, ``script``,
``replay``, ``log``, ``export``, ``review``, ``import``, ``char``) and the served views (their
child processes run the app) reach a campaign.

Opening lives here once.  :meth:`Door.open` takes the writer lock (or opens read-only), folds
the log from the start-up snapshot when the snapshot matches the log byte for byte (else by a
full replay, and then writes a fresh snapshot for the next opening), and hands back a
:class:`Door` holding the store and an :class:`~fhtagn_tui.service.Engine` on that fold.
Closing it saves the snapshot at the end of the log when the log moved on, then releases the
file.  :meth:`Door.memory` is the same door on a campaign in memory (tests, previews).

Through the door: run a command line or a parsed :class:`Command`; read the state, the names,
the bestiary, the events between two seqs; subscribe to the events appended (the app is the
only subscriber: it posts them to its tabs as a Textual message); follow another process's
writes; the players' inbox; what the CLI reads of a file (``summary``, ``export``, the filtered
log).  Nothing above the door imports ``service`` or ``store`` (the import contract
"app-through-door"), and nothing outside it reaches the engine, the store or the fold: they are
the door's own (``_engine``, ``_store``); the door answers for them (``seq``, ``warnings``,
``resuming``, ``nearest_checkpoint``, ``review_controller``…).

Loading runs with the garbage collector off, then freezes what was loaded: the folded state
lives as long as the process, and later collections skip it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from fhtagn_tui.domain.commands import Command
from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.replay import Checkpoint, Projection, gc_paused
from fhtagn_tui.domain.state import State
from fhtagn_tui.rules.dice import DiceSource
from fhtagn_tui.service import Engine, MemorySink, Outcome
from fhtagn_tui.store import CampaignStore, Locked, StoreError, snapshot
from fhtagn_tui.store.view import EventView

if TYPE_CHECKING:  # the types the door hands out, named for those above it (loaded when first used)
    import argparse

    from fhtagn_tui.answers import AnswerDesk as AnswerDesk
    from fhtagn_tui.domain.features.bestiary import Entry
    from fhtagn_tui.export.search import LogFilter
    from fhtagn_tui.store.inbox import Answer
    from fhtagn_tui.store.watch import FileWatch as FileWatch

__all__ = ["Door", "EventView", "Listener", "Outcome", "StoreError", "Summary", "open_campaign"]

#: What a subscriber is handed: the events just appended (stamped, durable, folded).
Listener = Callable[[list[Event]], None]
R = TypeVar("R")


class Summary(NamedTuple):
    """A campaign file read without folding it (``fhtagn list``)."""

    length: int  # how many events the log holds
    first: Event | None
    last: Event | None
    warnings: list[str]  # a torn tail…


class Door:
    """A campaign opened and folded: the one way to it (see the module's doc)."""

    def __init__(self, engine: Engine, store: CampaignStore | None = None, notice: str = "",
                 from_snapshot: bool = False, snapshot_current: bool = False) -> None:
        self._engine = engine  # private: nothing above the door reaches the engine, the file or the fold
        self._store = store  # None: a campaign in memory
        self.notice = notice  # why it is read-only, a torn tail … ("" when all is well)
        self.from_snapshot = from_snapshot  # the fold started from the start-up snapshot
        self._saved_seq = engine.projection.seq if snapshot_current else -1

    # --- opening ----------------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path, readonly: bool = False, *, fall_back_to_readonly: bool = False,
             source: DiceSource | None = None) -> Door:
        """Open the campaign file at ``path``, folded from its snapshot when the snapshot matches.

        ``readonly``: never the writer.  ``fall_back_to_readonly``: when another process holds the
        writer lock, open read-only with a notice instead of raising :class:`Locked`.
        Raises :class:`StoreError` for a file that cannot be opened.
        """
        notice = ""
        # the fold builds tens of thousands of objects that live on: collecting them now is wasted;
        # what is loaded lives as long as the process: frozen, later collections skip it
        with gc_paused(freeze=True):
            # the snapshot first: when the file is still exactly what it was taken of, the store
            # opens without reading the log (read when first needed, after the first frame)
            peeked = snapshot.peek(Path(path))
            unread = snapshot.unread(peeked)
            try:
                store = CampaignStore.open(path, readonly=readonly, unread=unread)
            except Locked as exc:
                if not fall_back_to_readonly:
                    raise
                store = CampaignStore.open(path, readonly=True, unread=unread)
                notice = f"{exc} — opened read-only."
                readonly = True
            try:
                if store.warnings:
                    notice = " ".join(store.warnings + ([notice] if notice else []))
                projection, stale = snapshot.open_projection(store, peeked)
                from_snapshot = projection.resuming
                engine = Engine(store, readonly=readonly, projection=projection, source=source)
                door = cls(engine, store, notice, from_snapshot, snapshot_current=not stale)
                if stale:
                    door.save_snapshot()  # the next opening starts from here
            except BaseException:
                store.close()
                raise
        return door

    @staticmethod
    def summary(path: Path) -> Summary:
        """How many events the file at ``path`` holds, its first and last, what is wrong with it
        (opened read-only, nothing folded).  Raises :class:`StoreError` for a file that cannot be read."""
        with CampaignStore.open(path, readonly=True) as store:
            count = len(store)
            first = store.events_between(1, 2)
            last = store.events_between(count, count + 1) if count else []
            return Summary(count, first[0] if first else None, last[0] if last else None, list(store.warnings))

    @classmethod
    def create(cls, path: Path, system: str, name: str, title: str = "") -> Door:
        """A new campaign file holding its ``CampaignCreated`` event, open as the writer (refuses to
        overwrite: :class:`StoreError`).  No snapshot is written for it until it moves on."""
        engine = Engine(MemorySink())
        from fhtagn_tui.domain.features.campaign import CreateCampaign

        engine.run(CreateCampaign(name=name, system=system, title=title))
        sink = engine.sink
        assert isinstance(sink, MemorySink)
        path.parent.mkdir(parents=True, exist_ok=True)
        store = CampaignStore.create(path, sink.events)
        return cls(Engine(store, sink.events), store, snapshot_current=True)

    @classmethod
    def memory(cls, system: str, name: str = "test", source: DiceSource | None = None) -> Door:
        """A fresh campaign in memory (tests, previews)."""
        return cls(Engine.memory(system, name, source))

    # --- reading ------------------------------------------------------------------------------

    @property
    def state(self) -> State:
        return self._engine.state

    @property
    def names(self) -> dict[str, str]:
        """Character id → name, as the state has them now."""
        return self._engine.names

    @property
    def seq(self) -> int:
        """The seq of the last event folded (the log holds that many events)."""
        return self._engine.projection.seq

    @property
    def warnings(self) -> list[str]:
        """What opening the file found wrong but could read past (a torn tail…); [] in memory."""
        return list(self._store.warnings) if self._store is not None else []

    @property
    def resuming(self) -> bool:
        """Opened from the start-up snapshot and its undo history not built yet: what came before
        the snapshot is not at hand in memory (read it from the file: :meth:`events_between`)."""
        return self._engine.projection.resuming

    def nearest_checkpoint(self, seq: int) -> Checkpoint | None:
        """The fold's nearest checkpoint at or before ``seq`` (None: fold from the start)."""
        return self._engine.projection.nearest_checkpoint(seq)

    def review_controller(self, make: Callable[[EventView | list[Event], Projection], R]) -> R:
        """A review cursor over the log, made by ``make`` from the log read lazily and the fold it
        shares (its checkpoints: the states at the cursor are rebuilt from them, not from the start)."""
        return make(self.event_view(), self._engine.projection)

    @property
    def readonly(self) -> bool:
        return self._engine.readonly

    @readonly.setter
    def readonly(self, value: bool) -> None:
        self._engine.readonly = value  # review mode closes the door for writing while it runs

    @property
    def path(self) -> Path | None:
        """The campaign file (None for a campaign in memory)."""
        return self._store.path if self._store is not None else None

    @property
    def next_seq(self) -> int:
        """The seq the next event appended will get (the log holds ``next_seq - 1`` events)."""
        return self._engine.sink.next_seq

    @property
    def dice(self) -> DiceSource:
        """Where the dice come from when none are typed in (the forms' previews draw from it)."""
        return self._engine.source

    @dice.setter
    def dice(self, source: DiceSource) -> None:
        self._engine.source = source  # tests and benches force the dice

    def bestiary(self) -> tuple[Entry, ...]:
        return self._engine.bestiary()

    def events_between(self, start_seq: int, stop_seq: int) -> list[Event]:
        """The events with ``start_seq <= seq < stop_seq``, from the file or from memory."""
        if self._store is not None:
            return self._store.events_between(start_seq, stop_seq)
        sink = self._engine.sink
        if isinstance(sink, MemorySink):
            return sink.events_between(start_seq, stop_seq)
        return []

    def latest(self, count: int) -> list[Event]:
        """The last ``count`` events of the log."""
        stop = self.next_seq
        return self.events_between(max(1, stop - count), stop)

    def events(self) -> list[Event]:
        """Every event of the log (for what needs them all: a recap, review, the log)."""
        if self._store is not None:
            return self._store.events()
        return self.events_between(1, self.next_seq)

    def iter_events(self) -> Iterator[Event]:
        """Every event of the log, decoded a chunk at a time (no list of the whole log)."""
        if self._store is not None:
            return self._store.iter_events()
        return iter(self.events())

    def event_view(self) -> EventView | list[Event]:
        """The log as a sequence read lazily: a file's decoded a chunk at a time (review mode)."""
        if self._store is not None:
            return EventView(self._store)
        return self.events()

    def search(self, flt: LogFilter, events: Sequence[Event] = ()) -> list[Event]:
        """The events matching ``flt``: a query of the file, else a search of ``events``."""
        from fhtagn_tui.export.search import search_events, search_store

        if self._store is not None:
            return search_store(self._store, flt)
        return search_events(events or self.events(), flt)

    def print_filtered(self, flt: LogFilter, as_json: bool, err: Callable[[str], None]) -> int:
        """``fhtagn log NAME --character … --type …``: the file's events that match, printed."""
        from fhtagn_tui.export.cli import print_filtered

        assert self._store is not None  # opened from a file
        return print_filtered(self._store, flt, as_json, err)

    def export(self, args: argparse.Namespace, err: Callable[[str], None]) -> int:
        """``fhtagn export NAME …``: the file's log as a document (``export.cli.run_export``)."""
        from fhtagn_tui.export.cli import run_export

        assert self._store is not None  # opened from a file
        return run_export(self._store, args, err)

    # --- acting -----------------------------------------------------------------------------------

    def execute(self, text: str, secret: bool = False) -> Outcome:
        """Run one command line (a query answers; a command appends; ``secret``: its command is
        secret, as the word ``secret`` in it makes it).  Raises ParseError, Rejected or StoreError;
        nothing is appended then."""
        return self._engine.execute(text, secret=secret)

    def run(self, command: Command, typed: Sequence[int | str] | None = None, secret: bool = False) -> list[Event]:
        """Run a parsed command (forms build them): decide, append durably, fold; the events."""
        return self._engine.run(command, typed=typed, secret=secret)

    def check(self, command: Command, typed: Sequence[int | str] | None = None) -> list[Event]:
        """What :meth:`run` would decide — the same checks, nothing changed (a dry run); the events."""
        return self._engine.check(command, typed=typed)

    def one_action(self, continuing: int | None = None) -> AbstractContextManager[None]:
        """Run several commands as one action: undone and redone together (``Engine.one_action``);
        ``continuing``: the group of a first try to go on with (``last_group`` after it)."""
        return self._engine.one_action(continuing)

    @property
    def last_group(self) -> int | None:
        """The group of the last action run here."""
        return self._engine.last_group

    # --- subscribing and following ------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener`` with the events of every action once they are durable and folded."""
        if listener not in self._engine.listeners:
            self._engine.listeners.append(listener)

    @property
    def subscribers(self) -> tuple[Listener, ...]:
        """Who hears of the events appended (the app is the only one)."""
        return tuple(self._engine.listeners)

    def unsubscribe(self, listener: Listener) -> None:
        if listener in self._engine.listeners:
            self._engine.listeners.remove(listener)

    def follow(self) -> list[Event]:
        """What another process appended since last asked, folded (and told to the subscribers)."""
        if self._store is None:
            return []
        events = self._store.follow()
        if events:
            self._engine.absorb(events)
        return events

    def watch(self) -> FileWatch | None:
        """A watch woken by the campaign file's writes (None: poll instead)."""
        if self._store is None:
            return None
        # followers only: ctypes stays out of the GM's start-up
        from fhtagn_tui.store.watch import watch

        return watch(self._store.path)

    # --- players' answers (roll requests) ----------------------------------------------------------

    def answer_desk(self) -> AnswerDesk | None:
        """The writer's desk for the players' answers (None: no file, or not the writer)."""
        if self._store is None or self.readonly:
            return None
        from fhtagn_tui.answers import AnswerDesk

        return AnswerDesk(self._engine, self._store.path)

    def send_answer(self, number: int, character: str, who: str, dice: list[int] | None) -> str | None:
        """A player's answer to request ``number``, into the campaign's inbox; the refusal or None."""
        from fhtagn_tui.store.inbox import Answer

        return self._send(Answer(n=number, c=character, p=who, d=dice), "no campaign file to answer through")

    def send_push(self, number: int, character: str, who: str, reason: str) -> str | None:
        """A player asks to push their character's failed roll (COC-DICE-06): their reason, into the inbox for
        the GM to confirm; the refusal or None."""
        from fhtagn_tui.store.inbox import Answer

        return self._send(Answer(n=number, c=character, p=who, w=reason), "no campaign file to send it through")

    def gm_app_running(self) -> bool | None:
        """Whether the campaign's writer (the GM's app, which takes the players' answers) is running now:
        True, False, or None when it cannot be told (in memory; a writer on another host).  Read from the
        writer's lock without taking it (``store.lock.writer_present``)."""
        if self._store is None:
            return None
        from fhtagn_tui.store.lock import writer_present

        return writer_present(self._store.path)

    def answers_unread(self) -> bool:
        """Answers wait in the campaign's inbox, not read by the GM's app yet (it empties it once read)."""
        if self._store is None:
            return False
        from fhtagn_tui.store.inbox import unread

        return unread(self._store.path)

    def _send(self, answer: Answer, no_file: str) -> str | None:
        """``answer`` into the campaign's inbox (the one narrow channel to the writer); the refusal or None."""
        from fhtagn_tui.store.inbox import InboxError, send

        if self._store is None:
            return no_file
        try:
            send(self._store.path, answer)
        except InboxError as exc:
            return str(exc)
        return None

    # --- closing ----------------------------------------------------------------------------------

    def save_snapshot(self) -> bool:
        """Write the snapshot if the fold moved past the one on disk (True if written)."""
        if self._store is None:
            return False
        projection = self._engine.projection
        if projection.seq == self._saved_seq or projection.seq != len(self._store):
            return False
        written = snapshot.save(self._store, projection)
        if written:
            self._saved_seq = projection.seq
        return written

    def close(self, save: bool = True) -> None:
        if self._store is None:
            return
        try:
            if save:
                self.save_snapshot()
        finally:
            self._store.close()

    def __enter__(self) -> Door:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close(save=kind is None)


def open_campaign(path: Path, readonly: bool = False, *, fall_back_to_readonly: bool = False,
                  source: DiceSource | None = None) -> Door:
    """:meth:`Door.open` (the name the CLI and its tests know)."""
    return Door.open(path, readonly, fall_back_to_readonly=fall_back_to_readonly, source=source)
