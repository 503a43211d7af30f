"""``AppendOnlyStorage``: a TinyDB storage over one campaign file of JSON lines.

Line 1 is the header ``{"fhtagn":"campaign-log","format":1}``; every further
line is one event (``codec.encode``), its ``seq`` being its TinyDB doc_id.  The
storage keeps the raw lines (bytes) in memory; :class:`LazyTable` decodes a
line only when TinyDB asks for that document.  Appends are one ``os.write``
plus one ``os.fsync``: durable before acknowledged.  A failed append is taken
back to the byte (``ftruncate`` to the size before it) and nothing else is
ever rewritten.  ``write`` (TinyDB's whole-database rewrite) is refused.
"""

from __future__ import annotations

import errno
import os
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import msgspec
from tinydb.storages import Storage

from fhtagn_tui.domain.codec import SchemaTooNew, upcast
from fhtagn_tui.domain.events import SCHEMA_VERSION

from .errors import AppendOnly, CorruptRecord, NewerSchema, SaveFailed, StoreError, TornTail
from .files import read_all
from .layout import Layout, Torn, check_header, decodes, split

EVENTS = "events"
#: Bytes read at once when records are read late (``Unread``): one piece is held beside the records.
READ_PIECE = 1 << 20

_record = msgspec.json.Decoder(dict[str, Any])

_WHY = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.EROFS: "the file system is read-only",
    errno.EIO: "the disk reported an input/output error",
}


def torn_warning(path: Path, torn: Torn) -> str:
    return (
        f"{path} ends with an incomplete record (line {torn.line}: {torn.size} bytes from byte "
        f"{torn.offset}); it is left out here. Run `fhtagn check {path.name.removesuffix('.fhtagn')} "
        f"--repair` before playing on"
    )


class Unread(NamedTuple):
    """What a caller already knows of the file (the start-up snapshot, ``store/snapshot.py``): it holds
    ``records`` records in its first ``end`` bytes, all of it, while ``os.fstat`` gives ``identity``
    (device, inode, size, mtime_ns, ctime_ns).  Opened with it, the records are read when first needed."""

    records: int
    end: int
    identity: tuple[int, int, int, int, int]
    #: SHA-256 of those ``end`` bytes, taken when the file had that identity ("" if not known):
    #: :meth:`AppendOnlyStorage.prefix_digest` of those records gives it without hashing them again.
    digest: str = ""


class LazyTable(Mapping[str, dict[str, Any]]):
    """The ``events`` table as TinyDB sees it: str(doc_id) → document, decoded on access."""

    def __init__(self, storage: AppendOnlyStorage) -> None:
        self._storage = storage

    def __getitem__(self, key: str) -> dict[str, Any]:
        try:
            doc_id = int(key)
        except (TypeError, ValueError):
            raise KeyError(key) from None
        if not 1 <= doc_id <= self._storage.count:
            raise KeyError(key)
        return self._storage.document(doc_id)

    def __contains__(self, key: object) -> bool:
        try:
            doc_id = int(key)  # type: ignore[call-overload]
        except (TypeError, ValueError):
            return False
        return bool(1 <= doc_id <= self._storage.count)

    def __iter__(self) -> Iterator[str]:
        return (str(i) for i in range(1, self._storage.count + 1))

    def __len__(self) -> int:
        return self._storage.count


class AppendOnlyStorage(Storage):
    """One campaign file.  A writer refuses a torn tail; a read-only opener leaves it out and warns."""

    def __init__(self, path: str | os.PathLike[str], readonly: bool = False, unread: Unread | None = None) -> None:
        """``unread``: the file as the caller knows it; when ``fstat`` still says so once it is open,
        its records are read (and split into lines) when first asked for, not now — a campaign
        opened from its snapshot draws its first frame without reading its log (~8 ms at 20k)."""
        super().__init__()
        self.path = Path(path)
        self.readonly = readonly
        self.warnings: list[str] = []
        self.torn: Torn | None = None
        self.generation = 0  # bumped whenever lines are added (query caches compare it)
        flags = (os.O_RDONLY if readonly else os.O_RDWR | os.O_APPEND) | os.O_CLOEXEC
        try:
            self._fd = os.open(self.path, flags)
        except FileNotFoundError:
            raise StoreError(f"there is no campaign file {self.path}; check the name, or create the campaign") from None
        except IsADirectoryError:
            raise StoreError(f"{self.path} is a folder, not a campaign file") from None
        except OSError as exc:
            raise StoreError(f"cannot open {self.path}: {exc.strerror}") from None
        self._reading = threading.Lock()  # the records are read once, by whichever thread asks first
        self._lines: list[bytes] | None = None
        self._count = 0  # records, while they are not read yet
        #: (records, size, SHA-256) of the file's prefix known when it was opened (``Unread.digest``)
        self._known: tuple[int, int, str] | None = None
        try:
            if unread is not None and _identity(os.fstat(self._fd)) == unread.identity and unread.end == unread.identity[2]:
                self._count, self._end = unread.records, unread.end
                if unread.digest:
                    self._known = (unread.records, unread.end, unread.digest)
            else:
                layout = self._load()
                self._lines, self._end = layout.lines, layout.end
        except BaseException:
            os.close(self._fd)
            raise
        self._digested: tuple[int, Any] | None = None  # (size, SHA-256 of the file's first size bytes)
        self._table = LazyTable(self)

    def _records(self) -> list[bytes]:
        """The records, read from the file the first time they are needed when opened ``unread``."""
        lines = self._lines
        if lines is None:
            with self._reading:
                lines = self._lines
                if lines is None:
                    lines = self._lines = self._read_known()
        return lines

    def _read_known(self) -> list[bytes]:
        """The records of the file's first ``end`` bytes (what was known of it: a writer may have
        appended since), read a piece at a time: the records and one piece are held at once, never
        the whole file beside them (this read comes while the app lives, in the history's worker)."""
        if self._fd < 0:
            raise StoreError(f"{self.path} is closed")
        lines: list[bytes] = []
        rest, pos = b"", 0
        try:
            while pos < self._end:
                piece = os.pread(self._fd, min(READ_PIECE, self._end - pos), pos)
                if not piece:
                    break
                pos += len(piece)
                parts = piece.split(b"\n")
                if rest:  # (joined to its first line alone: no copy of the whole piece)
                    parts[0] = rest + parts[0]
                rest = parts.pop()  # the start of a line the next piece ends
                lines.extend(parts)
        except OSError as exc:
            raise StoreError(f"cannot read {self.path}: {exc.strerror}") from None
        if pos != self._end or rest or not lines:
            raise StoreError(f"{self.path} is not what it was when it was opened; reopen the campaign")
        check_header(self.path, lines[0] + b"\n")
        del lines[0]
        if len(lines) != self._count or (lines and not decodes(lines[-1])):
            raise StoreError(f"{self.path} is not what it was when it was opened; reopen the campaign")
        return lines

    def _load(self) -> Layout:
        layout = split(self.path, read_all(self._fd))
        if layout.torn is not None and self.readonly:
            time.sleep(0.05)  # a writer may be in the middle of an append: look once more
            layout = split(self.path, read_all(self._fd))
        if layout.torn is not None:
            if not self.readonly:
                t = layout.torn
                raise TornTail(self.path, t.offset, t.size, t.line)
            self.torn = layout.torn
            self.warnings.append(torn_warning(self.path, layout.torn))
        return layout

    # --- what TinyDB calls ------------------------------------------------------------

    def read(self) -> dict[str, Mapping[str, dict[str, Any]]]:  # type: ignore[override]  # a read-only Mapping, lazily decoded
        return {EVENTS: self._table}

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        raise AppendOnly(
            f"{self.path} is an append-only log: recorded events are never rewritten or deleted "
            f"(to take an action back, undo it — that appends an event)"
        )

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    # --- the lines --------------------------------------------------------------------

    @property
    def lines(self) -> list[bytes]:
        """The raw event records (do not modify)."""
        return self._records()

    @property
    def count(self) -> int:
        lines = self._lines
        return self._count if lines is None else len(lines)

    @property
    def end(self) -> int:
        """Byte size of the good part of the file (header and complete records)."""
        return self._end

    def prefix_digest(self, count: int) -> tuple[int, str]:
        """Size and SHA-256 digest of the file's bytes up to the end of record ``count`` (header
        included), read in chunks: no copy of a big file is held at once.  (SHA-256 is hashed in
        hardware here: twice as fast as BLAKE2 on a 20k-event log, 2 ms against 4.)

        The digest of the records the file held when it was opened ``unread`` with its digest (the
        start-up snapshot's, taken of exactly those bytes while ``fstat`` said what it says at
        opening) is given as it was taken: the file is append-only, those bytes stay as they were
        (a review's index and the snapshot written at closing check them without hashing the
        whole log again: ~20 ms at 100k events)."""
        if not 0 <= count <= self.count:
            raise StoreError(f"{self.path} has {self.count} records, not {count}")
        if self._fd < 0:
            raise StoreError(f"{self.path} is closed")
        known = self._known
        if known is not None and known[0] == count:
            return known[1], known[2]
        import hashlib  # (loads OpenSSL: not before a first frame drawn from an untouched snapshot)

        records = self._records()
        tail = records[count:]  # usually none or few: the snapshot is taken at the end of the log
        size = self._end - sum(map(len, tail)) - len(tail)
        # The file is append-only: a digest of a shorter prefix taken earlier (the snapshot's check
        # at opening) is carried on over the bytes after it, not the whole file hashed again.
        pos, digest = 0, hashlib.sha256()
        if self._digested is not None and self._digested[0] <= size:
            pos, digest = self._digested[0], self._digested[1].copy()
        buffer = memoryview(bytearray(min(1 << 20, size - pos) or 1))  # one buffer, read into again and again
        while pos < size:
            n = os.preadv(self._fd, [buffer[: min(len(buffer), size - pos)]], pos)
            if n <= 0:
                raise StoreError(f"{self.path} is shorter than what was read from it")
            digest.update(buffer[:n])
            pos += n
        self._digested = (size, digest.copy())
        return size, digest.hexdigest()

    def document(self, doc_id: int) -> dict[str, Any]:
        """The record with this doc_id (= seq) as a dict, lifted to the current schema."""
        line = doc_id + 1
        try:
            record = _record.decode(self._records()[doc_id - 1])
        except msgspec.DecodeError as exc:
            raise CorruptRecord(self.path, line, f"not a JSON object: {exc}") from None
        if record.get("v", 1) != SCHEMA_VERSION:
            try:
                record = upcast(record, doc_id - 1)
            except SchemaTooNew:
                raise NewerSchema(self.path, line, record.get("v")) from None
            except ValueError as exc:
                raise CorruptRecord(self.path, line, str(exc)) from None
        return record

    # --- appending --------------------------------------------------------------------

    def append_lines(self, lines: Sequence[bytes]) -> None:
        """Append records: one write, one fsync; on failure the file is as before."""
        if self.readonly:
            raise AppendOnly(f"{self.path} is open read-only: nothing can be saved from here")
        if self._fd < 0:
            raise StoreError(f"{self.path} is closed")
        if not lines:
            return
        for line in lines:
            if b"\n" in line or not line:
                raise StoreError(f"refusing to save a record that is empty or spans lines into {self.path}")
        records = self._records()  # read first (opened unread): a failed read must not follow a write
        data = b"\n".join(lines) + b"\n"
        before = self._end
        size = os.fstat(self._fd).st_size
        if size != before:
            raise StoreError(
                f"{self.path} changed on disk behind this program's back ({size} bytes, expected "
                f"{before}); nothing was saved. Close the campaign and run `fhtagn check`"
            )
        try:
            view = memoryview(data)
            while view:  # one write, unless the kernel accepts only part of it
                n = os.write(self._fd, view)
                if n <= 0:
                    raise OSError(errno.EIO, "the write made no progress")
                view = view[n:]
            os.fsync(self._fd)
        except OSError as exc:
            self._take_back(before, exc)
        records.extend(lines)
        self._end = before + len(data)
        self.generation += 1

    def _take_back(self, before: int, exc: OSError) -> None:
        why = _WHY.get(exc.errno or 0, exc.strerror or str(exc))
        try:
            os.ftruncate(self._fd, before)
            os.fsync(self._fd)
        except OSError as again:
            raise SaveFailed(
                f"could not save to {self.path} ({why}), and could not take the partial save back "
                f"({again.strerror}); the action was NOT saved. Fix the disk problem, then run "
                f"`fhtagn check {self.path.name.removesuffix('.fhtagn')} --repair` before playing on"
            ) from exc
        raise SaveFailed(
            f"could not save to {self.path}: {why}. The action was NOT saved and the campaign file "
            f"is exactly as before it; free some space (or fix the problem) and try again"
        ) from exc

    # --- following another writer -----------------------------------------------------------

    def refresh(self) -> list[bytes]:
        """Complete records appended since the last look (an incomplete last line waits)."""
        if self._fd < 0:
            raise StoreError(f"{self.path} is closed")
        size = os.fstat(self._fd).st_size
        if size < self._end:
            raise StoreError(
                f"{self.path} became shorter than what was already read ({size} < {self._end} bytes); "
                f"reopen the campaign"
            )
        if size == self._end:
            return []
        data = read_all(self._fd, self._end)
        complete = data[: data.rfind(b"\n") + 1]
        if not complete:
            return []
        new = complete.split(b"\n")
        new.pop()
        for i, line in enumerate(new):
            if not decodes(line):
                if i < len(new) - 1:
                    raise CorruptRecord(self.path, self.count + i + 2, "not a JSON object")
                new = new[:i]  # the last record is torn: wait for it (or for a repair)
                break
        if not new:
            return []
        self._records().extend(new)
        self._end += sum(len(line) + 1 for line in new)
        self.generation += 1
        if self.torn is not None and self._end > self.torn.offset:
            stale = torn_warning(self.path, self.torn)
            self.warnings[:] = [w for w in self.warnings if w != stale]
            self.torn = None  # it was completed (or replaced after a repair)
        return new


def _identity(st: os.stat_result) -> tuple[int, int, int, int, int]:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
