"""``EventTable``: a TinyDB table that only ever appends.

Stock ``Table.insert`` reads the whole table, adds one document and writes the
whole table back.  Here an insert hands just the new record to
:meth:`AppendOnlyStorage.append_lines`; the next doc_id is the line count
plus one (O(1)); reads go through the storage's lazy mapping, so TinyDB's
query API (``search``, ``get``, ``count``, ``where``, ``Query``) works as
usual.  Changing or deleting documents is refused: the log is append-only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NoReturn

import msgspec
from tinydb import TinyDB
from tinydb.queries import QueryLike
from tinydb.table import Document, Table

from fhtagn_tui.domain import codec

from .errors import AppendOnly, StoreError
from .storage import EVENTS, AppendOnlyStorage

_REFUSAL = (
    "the campaign log is append-only: recorded events are never changed or deleted "
    "(to take an action back, undo it — that appends an event)"
)


class EventTable(Table):
    def __init__(self, storage: AppendOnlyStorage, name: str, **kwargs: Any) -> None:
        kwargs.pop("persist_empty", None)
        super().__init__(storage, name, **kwargs)
        self._seen = -1

    @property
    def log(self) -> AppendOnlyStorage:
        storage = self.storage
        if not isinstance(storage, AppendOnlyStorage):
            raise StoreError("an EventTable needs an AppendOnlyStorage")
        return storage

    # --- appending ----------------------------------------------------------------------

    def insert(self, document: Mapping[str, Any]) -> int:
        return self.insert_multiple([document])[0]

    def insert_multiple(self, documents: Iterable[Mapping[str, Any]]) -> list[int]:
        first = self._get_next_id()
        lines = [self._record(doc, first + i) for i, doc in enumerate(documents)]
        return self.append_lines(lines)

    def append_lines(self, lines: Sequence[bytes]) -> list[int]:
        """Append records already encoded by ``codec.encode`` (their seqs must follow on)."""
        if self.name != EVENTS:
            raise AppendOnly(f"a campaign file has only the {EVENTS!r} table, not {self.name!r}")
        first = self._get_next_id()
        self.log.append_lines(lines)
        self.clear_cache()
        self._seen = self.log.generation
        return list(range(first, first + len(lines)))

    def _record(self, document: Mapping[str, Any], doc_id: int) -> bytes:
        """A document as an event record with seq == doc_id (checked by decoding it as an event)."""
        if not isinstance(document, Mapping):
            raise ValueError("Document is not a Mapping")
        if isinstance(document, Document) and document.doc_id != doc_id:
            raise AppendOnly(f"document {document.doc_id} cannot be inserted: the next doc_id is {doc_id}")
        record = dict(document)
        seq = record.get("seq") or doc_id
        if seq != doc_id:
            raise StoreError(f"an event with seq {seq} cannot go here: the next seq is {doc_id}")
        record["seq"] = doc_id
        try:
            event = codec.decode_one(msgspec.json.encode(record), doc_id - 1)
        except (ValueError, TypeError, msgspec.EncodeError) as exc:
            raise StoreError(f"not an event record, nothing was saved: {exc}") from None
        return codec.encode(event)

    def _get_next_id(self) -> int:
        return self.log.count + 1

    # --- reading ------------------------------------------------------------------------

    def search(self, cond: QueryLike) -> list[Document]:
        if self._seen != self.log.generation:  # lines came in (ours or a followed writer's)
            self.clear_cache()
            self._seen = self.log.generation
        return super().search(cond)

    # --- refused ------------------------------------------------------------------------

    def update(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise AppendOnly(_REFUSAL)

    def update_multiple(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise AppendOnly(_REFUSAL)

    def upsert(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise AppendOnly(_REFUSAL)

    def remove(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise AppendOnly(_REFUSAL)

    def truncate(self) -> NoReturn:
        raise AppendOnly(_REFUSAL)

    def _update_table(self, updater: Any) -> NoReturn:
        raise AppendOnly(_REFUSAL)


class EventDB(TinyDB):
    """TinyDB over a campaign file: ``EventTable`` tables, ``events`` by default."""

    table_class = EventTable  # type: ignore[assignment]  # its __init__ takes our storage, not any Storage
    default_table_name = EVENTS
    default_storage_class = AppendOnlyStorage  # type: ignore[assignment]  # TinyDB types it as JSONStorage only
