"""``CampaignStore``: the façade the rest of the program uses for one campaign file.

It is the Engine's ``EventSink`` (``next_seq``, ``append`` — durable before it
returns), reads the whole log as events in one decode, lets a read-only
opener follow what another process appends, and holds the writer lock.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable, Iterator, Sequence
from itertools import chain
from pathlib import Path
from types import TracebackType
from typing import Any

import msgspec

from fhtagn_tui.domain import codec
from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.replay import Replayed
from fhtagn_tui.private import create

from .errors import AppendOnly, CorruptRecord, NewerSchema, StoreError
from .files import fsync_dir, write_fully, write_new
from .layout import HEADER_LINE
from .lock import WriterLock
from .records import CHUNK, decode_for_replay, decode_lines
from .storage import EVENTS, AppendOnlyStorage, Unread
from .table import EventDB, EventTable


class CampaignStore:
    def __init__(self, db: EventDB, lock: WriterLock | None) -> None:
        """Use :meth:`open` or :meth:`create`."""
        self._db = db
        self._lock = lock
        storage = db.storage
        assert isinstance(storage, AppendOnlyStorage)
        self._storage = storage
        table = db.table(EVENTS)
        assert isinstance(table, EventTable)
        self._table = table

    # --- opening ----------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path, readonly: bool = False, unread: Unread | None = None) -> CampaignStore:
        """``unread``: the file as the start-up snapshot knows it (``AppendOnlyStorage``): its records
        are then read when first needed, if the file is still exactly that once open."""
        path = Path(path)
        if readonly:
            return cls(EventDB(path, readonly=True, unread=unread), None)
        if not path.is_file():
            raise StoreError(f"there is no campaign file {path}; check the name, or create the campaign")
        lock = WriterLock.acquire(path)
        try:
            _make_private(path)
            return cls(EventDB(path, readonly=False, unread=unread), lock)
        except BaseException:
            lock.release()
            raise

    @classmethod
    def create(cls, path: Path, first: Sequence[Event]) -> CampaignStore:
        """A new campaign file holding ``first`` (seqs 1..n); never overwrites a file."""
        path = Path(path)
        if path.exists():
            raise StoreError(f"{path} already exists; nothing was overwritten (open it, or choose another name)")
        if not path.parent.is_dir():
            raise StoreError(f"the folder {path.parent} does not exist; create it first")
        for i, ev in enumerate(first):
            if ev.seq != i + 1:
                raise StoreError(f"cannot create {path}: event {i + 1} ({ev.type_name}) has seq {ev.seq}, not {i + 1}")
        data = HEADER_LINE + b"\n" + b"".join(codec.encode(ev) + b"\n" for ev in first)
        lock = WriterLock.acquire(path)
        try:
            _publish(path, data)
            return cls(EventDB(path, readonly=False), lock)
        except BaseException:
            lock.release()
            raise

    # --- properties -------------------------------------------------------------------

    @property
    def path(self) -> Path:
        return self._storage.path

    @property
    def readonly(self) -> bool:
        return self._storage.readonly

    @property
    def next_seq(self) -> int:
        return self._storage.count + 1

    @property
    def warnings(self) -> list[str]:
        return self._storage.warnings

    @property
    def db(self) -> EventDB:
        return self._db

    @property
    def table(self) -> EventTable:
        return self._table

    @property
    def line_count(self) -> int:
        """Lines in the file's good part: the header plus one per event."""
        return self._storage.count + 1

    def __len__(self) -> int:
        return self._storage.count

    # --- reading ----------------------------------------------------------------------

    def events(self) -> list[Event]:
        """Every event of the log (old shapes lifted by the codec)."""
        return self._decode(self._storage.lines, 1)

    def records(self) -> Sequence[bytes]:
        """The log's records as written (JSON lines, seq 1 first), not decoded: for a pass that
        reads a field or two of each (an export's marks)."""
        return self._storage.lines

    def iter_events(self, chunk: int = CHUNK, stop: int | None = None) -> Iterator[Event]:
        """Every event of the log (or its first ``stop``), decoded ``chunk`` records at a time:
        for one pass over a long log (an export, the printed log) without a list of all its events."""
        return chain.from_iterable(self.iter_chunks(chunk, stop))

    def iter_chunks(self, chunk: int = CHUNK, stop: int | None = None) -> Iterator[list[Event]]:
        """:meth:`iter_events` a list of ``chunk`` events at a time (for a pass that does part of its
        work a chunk at a time)."""
        lines = self._storage.lines
        count = len(lines) if stop is None else min(stop, len(lines))  # what was there when asked
        for start in range(0, count, chunk):
            yield self._decode(lines[start : min(start + chunk, count)], start + 1)

    def iter_for_replay(self, chunk: int = CHUNK, stop: int | None = None, checked: bool = False) -> Iterator[Replayed]:
        """:meth:`iter_events` as a replay reads the log: the events the fold only counts (free rolls,
        table rolls, notes) as their heads (``codec.decode_for_replay``), for
        ``replay.fold(…, log=store.records())``, which decodes one when it is asked for.
        That fold checks that each record holds the seq of its place (``codec.OutOfPlace``; see
        :meth:`out_of_place`): a check here as well would cost the replay ~7%.  ``checked``: checked
        here all the same, so that a record out of place is told in the store's words
        (:class:`CorruptRecord`) where no caller maps the fold's (a resumed projection's history)."""
        lines = self._storage.lines
        count = len(lines) if stop is None else min(stop, len(lines))
        decode = decode_for_replay if checked else _for_replay
        return chain.from_iterable(
            self._decode(lines[start : min(start + chunk, count)], start + 1, decode)
            for start in range(0, count, chunk)
        )

    def out_of_place(self, exc: codec.OutOfPlace) -> CorruptRecord:
        """The error to raise for a record found out of its place (the store's own words)."""
        return CorruptRecord(self.path, exc.index + 2, f"it holds seq {exc.seq} where seq {exc.expected} belongs")

    def events_between(self, start_seq: int, stop_seq: int) -> list[Event]:
        """Events with ``start_seq <= seq < stop_seq`` (like ``range``)."""
        start = max(1, start_seq)
        stop = min(stop_seq, self.next_seq)
        if stop <= start:
            return []
        return self._decode(self._storage.lines[start - 1 : stop - 1], start)

    def prefix_digest(self, seq: int) -> tuple[int, str]:
        """Size and SHA-256 digest of the file from its start to the end of record ``seq``."""
        return self._storage.prefix_digest(seq)

    def follow(self) -> list[Event]:
        """For a read-only opener: the events another process appended since the last look."""
        if not self.readonly:
            return []
        first = self.next_seq
        return self._decode(self._storage.refresh(), first)

    def _decode(self, lines: Sequence[bytes], first_seq: int,
                decode: Callable[[Sequence[bytes], int, int], list[Any]] = decode_lines) -> list[Any]:
        first_index = first_seq - 1  # records are numbered from 0 = seq 1 = file line 2
        try:
            return decode(lines, first_index, first_seq)  # each record's seq checked against its place
        except codec.OutOfPlace as exc:
            raise self.out_of_place(exc) from None
        except codec.SchemaTooNew as exc:
            local = exc.index - first_index
            version = _version_of(lines[local]) if 0 <= local < len(lines) else "?"
            raise NewerSchema(self.path, exc.index + 2, version) from None
        except codec.RecordError as exc:
            raise CorruptRecord(self.path, exc.index + 2, str(exc)) from None

    # --- appending --------------------------------------------------------------------

    def append(self, events: Sequence[Event]) -> None:
        """Save stamped events (seqs next_seq, next_seq+1, …); durable when this returns."""
        if self.readonly:
            raise AppendOnly(f"{self.path} is open read-only: nothing can be saved from here")
        if not events:
            return
        expected = self.next_seq
        for i, ev in enumerate(events):
            if ev.seq != expected + i:
                raise StoreError(
                    f"cannot save {ev.type_name} with seq {ev.seq} to {self.path}: the next seq is "
                    f"{expected + i} (events must be stamped in order); nothing was saved"
                )
        try:
            lines = [codec.encode(ev) for ev in events]
        except (msgspec.EncodeError, TypeError) as exc:
            raise StoreError(f"cannot encode an event for {self.path}: {exc}; nothing was saved") from None
        self._table.append_lines(lines)

    # --- closing ----------------------------------------------------------------------

    def close(self) -> None:
        try:
            self._db.close()
        finally:
            if self._lock is not None:
                self._lock.release()

    def __enter__(self) -> CampaignStore:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        mode = "read-only" if self.readonly else "writer"
        return f"<CampaignStore {self.path} {mode} {self._storage.count} events>"


def _for_replay(lines: Sequence[bytes], first_index: int, first_seq: int) -> list[Replayed]:
    return decode_for_replay(lines, first_index)  # the seqs are checked by the fold (iter_for_replay)


def _version_of(line: bytes) -> object:
    try:
        return msgspec.json.decode(line, type=dict).get("v", "?")
    except msgspec.DecodeError:
        return "?"


def _make_private(path: Path) -> None:
    """A campaign written by an older version (mode 644): readable by its owner only from now on."""
    try:
        info = path.stat()
        if info.st_mode & 0o077 and info.st_uid == os.geteuid():
            path.chmod(stat.S_IMODE(info.st_mode) & 0o700)
    except OSError:
        pass  # not ours to change: it is played as it is


def _publish(path: Path, data: bytes) -> None:
    """Write a new file whole, then give it its name without ever replacing an existing one."""
    tmp = path.with_name(f".{path.name}.new-{os.getpid()}")
    tmp.unlink(missing_ok=True)
    write_new(tmp, data)
    try:
        try:
            os.link(tmp, path)  # atomic, and refuses an existing name
        except FileExistsError:
            raise StoreError(f"{path} already exists; nothing was overwritten") from None
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
                raise StoreError(f"cannot create {path}: {exc.strerror}") from None
            _publish_without_link(path, data)
    finally:
        tmp.unlink(missing_ok=True)
    fsync_dir(path.parent)


def _publish_without_link(path: Path, data: bytes) -> None:
    """For file systems without hard links: exclusive create, then write."""
    try:
        fd = create(path, os.O_WRONLY | os.O_EXCL | os.O_NOFOLLOW)
    except FileExistsError:
        raise StoreError(f"{path} already exists; nothing was overwritten") from None
    try:
        write_fully(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
