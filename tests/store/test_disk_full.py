"""A failed append (full disk, I/O error) saves nothing and leaves the file exactly as it was."""

from __future__ import annotations

import errno
import os

import pytest

from fhtagn_tui.domain.history import fold
from fhtagn_tui.store import CampaignStore, SaveFailed, StoreError
from fhtagn_tui.store import storage as storage_module

from .support import play, played


def test_full_disk_mid_write_is_taken_back(tmp_path, monkeypatch):
    store, eng = played(tmp_path)
    before_bytes = store.path.read_bytes()
    before_state, before_seq = eng.state, store.next_seq
    real_write = os.write
    calls = []

    def half_then_enospc(fd, data):
        calls.append(len(data))
        real_write(fd, bytes(data[: len(data) // 2]))
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage_module.os, "write", half_then_enospc)
    with pytest.raises(SaveFailed) as info:
        eng.execute('char new "Cora Lynd" STR=9')
    assert isinstance(info.value, StoreError)
    msg = str(info.value)
    assert str(store.path) in msg and "the disk is full" in msg and "NOT saved" in msg and "exactly as before" in msg
    assert len(calls) == 1  # one write for the whole append
    assert store.path.read_bytes() == before_bytes
    assert eng.state is before_state and store.next_seq == before_seq
    monkeypatch.undo()

    play(eng, "note after freeing space")  # the same seq is used again
    assert store.next_seq == before_seq + 1
    store.close()
    with CampaignStore.open(store.path) as again:
        events = again.events()
        assert [e.seq for e in events] == list(range(1, before_seq + 1))
        assert fold(events) == eng.state


def test_short_write_then_failure_is_taken_back(tmp_path, monkeypatch):
    store, eng = played(tmp_path)
    before = store.path.read_bytes()
    real_write = os.write
    state = {"n": 0}

    def short_then_fail(fd, data):
        state["n"] += 1
        if state["n"] == 1:
            return real_write(fd, bytes(data[:5]))
        raise OSError(errno.EDQUOT, "Disk quota exceeded")

    monkeypatch.setattr(storage_module.os, "write", short_then_fail)
    with pytest.raises(SaveFailed, match="disk quota is used up"):
        play(eng, "note x")
    assert state["n"] == 2
    assert store.path.read_bytes() == before


def test_fsync_failure_is_taken_back(tmp_path, monkeypatch):
    store, eng = played(tmp_path)
    before = store.path.read_bytes()
    real_fsync = os.fsync
    calls = []

    def fail_first(fd):
        calls.append(fd)
        if len(calls) == 1:
            raise OSError(errno.EIO, "Input/output error")
        return real_fsync(fd)

    monkeypatch.setattr(storage_module.os, "fsync", fail_first)
    with pytest.raises(SaveFailed, match="input/output error"):
        play(eng, "note x")
    assert store.path.read_bytes() == before
    assert len(calls) == 2  # the failed one, then the one after taking the bytes back


def test_failure_to_take_back_says_to_repair(tmp_path, monkeypatch):
    store, eng = played(tmp_path)
    real_write = os.write

    def half_then_enospc(fd, data):
        real_write(fd, bytes(data[: len(data) // 2]))
        raise OSError(errno.ENOSPC, "No space left on device")

    def no_truncate(fd, size):
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(storage_module.os, "write", half_then_enospc)
    monkeypatch.setattr(storage_module.os, "ftruncate", no_truncate)
    with pytest.raises(SaveFailed, match="fhtagn check night --repair"):
        play(eng, "note x")
    monkeypatch.undo()
    store.close()
    with pytest.raises(StoreError, match="incomplete record"):
        CampaignStore.open(store.path)


def test_file_changed_behind_the_writers_back_is_refused(tmp_path):
    store, eng = played(tmp_path)
    with open(store.path, "ab") as f:
        f.write(b"junk")
    with pytest.raises(StoreError, match="changed on disk"):
        play(eng, "note x")
    assert store.path.read_bytes().endswith(b"junk")
