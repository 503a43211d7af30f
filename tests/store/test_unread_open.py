"""A campaign opened from its snapshot while the file is exactly what the snapshot was taken of
(its identity: ``store/snapshot.py``) opens without reading its log: the records are read, and split
into lines, when first needed — after the first frame (start-up, issue 20: ~8 ms at 20k events).
Read then, they are the file's records; anything that moved the file on sends the opening back to
reading it whole, as before."""

from __future__ import annotations

import os
import shutil
import threading
import time
from pathlib import Path

import pytest

from fhtagn_tui.door import Door
from fhtagn_tui.store import CampaignStore, snapshot, storage
from fhtagn_tui.store.errors import StoreError

from .test_snapshot_identity import _settled_campaign


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The log's reads, in order: "open" (whole, at opening) or "late" (when first needed)."""
    done: list[str] = []
    load, late = storage.AppendOnlyStorage._load, storage.AppendOnlyStorage._read_known

    def at_open(self: storage.AppendOnlyStorage) -> storage.Layout:
        done.append("open")
        return load(self)

    def when_needed(self: storage.AppendOnlyStorage) -> list[bytes]:
        done.append("late")
        return late(self)

    monkeypatch.setattr(storage.AppendOnlyStorage, "_load", at_open)
    monkeypatch.setattr(storage.AppendOnlyStorage, "_read_known", when_needed)
    return done


def _full(path: Path) -> list[object]:
    store = CampaignStore.open(path, readonly=True)
    try:
        return list(store.events())
    finally:
        store.close()


@pytest.mark.parametrize("readonly", [True, False])
def test_an_untouched_campaign_opens_without_reading_its_log(tmp_path, reads, readonly):
    path, state = _settled_campaign(tmp_path)
    events = _full(path)
    reads.clear()
    door = Door.open(path, readonly=readonly)
    try:
        assert door.from_snapshot and door.state == state
        assert reads == []  # opened and folded: not one record read
        assert door.latest(3) == events[-3:]  # the first need reads them, once
        assert reads == ["late"]
        assert list(door.events()) == events and reads == ["late"]
    finally:
        door.close()


def test_the_writer_appends_after_an_unread_opening(tmp_path, reads):
    path, _ = _settled_campaign(tmp_path)
    reads.clear()
    door = Door.open(path)
    try:
        assert reads == []
        door.execute("note the lights went out")  # the records are read first, then the new one written
        assert reads == ["late"]
        assert door.latest(1)[0].seq == len(_full(path)) == door.seq
    finally:
        door.close()
    assert _full(path)[-1].seq == door.seq


def test_a_file_appended_to_after_its_snapshot_is_read_at_opening(tmp_path, reads):
    path, _ = _settled_campaign(tmp_path)
    store = CampaignStore.open(path)
    before = len(store)
    store.close()
    known = snapshot.unread(snapshot.peek(path))
    assert known is not None and known.records == before
    with path.open("ab") as f:  # another writer's append, after the snapshot was looked at
        f.write(path.read_bytes().splitlines(keepends=True)[-1])
    reads.clear()
    store = CampaignStore.open(path, readonly=True, unread=known)
    try:
        assert reads == ["open"]  # the file is not what the snapshot knew: read whole, now
        assert len(store) == before + 1
    finally:
        store.close()


def test_a_file_replaced_by_a_copy_is_read_at_opening(tmp_path, reads):
    path, state = _settled_campaign(tmp_path)
    known = snapshot.unread(snapshot.peek(path))
    copy = tmp_path / "copy"
    shutil.copy2(path, copy)
    os.replace(copy, path)  # the same bytes, another file (inode)
    reads.clear()
    store = CampaignStore.open(path, readonly=True, unread=known)
    try:
        assert reads == ["open"] and len(store) == known.records  # type: ignore[union-attr]
    finally:
        store.close()


def test_two_threads_asking_at_once_read_the_log_once(tmp_path, reads, monkeypatch):
    path, _ = _settled_campaign(tmp_path)
    events = _full(path)
    reads.clear()
    pread = os.pread

    def slow(fd: int, n: int, offset: int) -> bytes:
        time.sleep(0.05)  # both threads are in by now
        return pread(fd, n, offset)

    monkeypatch.setattr(storage.os, "pread", slow)
    store = CampaignStore.open(path, readonly=True, unread=snapshot.unread(snapshot.peek(path)))
    got: list[object] = []
    try:
        threads = [threading.Thread(target=lambda: got.append(list(store.events()))) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        monkeypatch.undo()
        assert got == [events, events]
        assert reads == ["late"]  # one read; the other thread waited for it
    finally:
        store.close()


@pytest.mark.parametrize("piece", [1, 7, 64, 1 << 20])
def test_read_a_piece_at_a_time_the_records_are_the_files(tmp_path, monkeypatch, piece):
    """Pieces end anywhere: in a record, on its line end, in the header."""
    path, _ = _settled_campaign(tmp_path)
    events = _full(path)
    monkeypatch.setattr(storage, "READ_PIECE", piece)
    store = CampaignStore.open(path, readonly=True, unread=snapshot.unread(snapshot.peek(path)))
    whole = CampaignStore.open(path, readonly=True)
    try:
        assert list(store.records()) == list(whole.records())  # byte for byte, record by record
        assert list(store.events()) == events
    finally:
        store.close()
        whole.close()


def test_records_asked_for_after_closing_are_refused_clearly(tmp_path):
    path, _ = _settled_campaign(tmp_path)
    store = CampaignStore.open(path, readonly=True, unread=snapshot.unread(snapshot.peek(path)))
    store.close()
    with pytest.raises(StoreError, match="closed"):
        store.events_between(1, 3)


def test_a_read_that_fails_is_a_clear_store_error(tmp_path, monkeypatch):
    path, _ = _settled_campaign(tmp_path)
    store = CampaignStore.open(path, readonly=True, unread=snapshot.unread(snapshot.peek(path)))

    def broken(fd: int, n: int, offset: int) -> bytes:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(storage.os, "pread", broken)
    try:
        with pytest.raises(StoreError, match="cannot read .*Input/output error"):
            store.events_between(1, 3)
    finally:
        monkeypatch.undo()
        store.close()
