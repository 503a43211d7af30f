"""The snapshot's record of the campaign file's identity (issue 20, start-up): a file not written
since its snapshot was taken is not hashed again at opening; any write (even one that keeps the size
and sets the modification time back) sends the opening back to the digest; a file changed just
before its snapshot was written gets no identity (the "racily clean" case)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from fhtagn_tui.domain.history import fold
from fhtagn_tui.store import CampaignStore, snapshot

from .test_snapshot import _campaign, _reopen


def _saved(path: Path) -> snapshot.Snapshot:
    return snapshot._decoder.decode(snapshot.path_for(path).read_bytes())


def _settled_campaign(tmp_path: Path) -> tuple[Path, object]:
    """A campaign whose last write is older than RACY_NS when its snapshot is written."""
    path, state = _campaign(tmp_path)
    time.sleep(snapshot.RACY_NS / 1e9 + 0.05)
    _reopen(path)[1].close()  # full replay: writes the snapshot
    return path, state


def test_an_untouched_file_opens_from_its_snapshot_without_hashing_it(tmp_path, monkeypatch):
    path, state = _settled_campaign(tmp_path)
    st = os.stat(path)
    assert _saved(path).file == (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)

    def hashed(store: CampaignStore, seq: int) -> tuple[int, str]:
        raise AssertionError("the file was hashed")

    monkeypatch.setattr(snapshot, "_prefix", hashed)
    engine, store = _reopen(path, readonly=True)
    assert engine.projection.resuming and engine.state == state
    store.close()


def test_a_write_that_keeps_the_size_and_sets_the_time_back_is_still_caught(tmp_path):
    path, _ = _settled_campaign(tmp_path)
    before = os.stat(path)
    raw = path.read_bytes()
    edited = raw.replace(b"The cellar door is nailed shut.", b"The cellar door is wide open!!!")
    assert len(edited) == len(raw) and edited != raw
    path.write_bytes(edited)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))  # the change time cannot be set back
    assert os.stat(path).st_mtime_ns == before.st_mtime_ns
    engine, store = _reopen(path)
    assert not engine.projection.resuming  # the digest decided: the log changed under the snapshot
    assert engine.state == fold(store.events())
    store.close()


def test_events_appended_after_the_snapshot_are_folded_on_it(tmp_path):
    path, _ = _settled_campaign(tmp_path)
    engine, store = _reopen(path)
    engine.execute("note the lights go out")
    store.close()
    engine, store = _reopen(path, readonly=True)
    assert engine.projection.resuming and engine.state == fold(store.events())
    store.close()


@pytest.mark.parametrize("age_ns", [0, snapshot.RACY_NS])
def test_a_file_changed_just_before_its_snapshot_gets_no_identity(tmp_path, monkeypatch, age_ns):
    path, _ = _campaign(tmp_path)
    st = os.stat(path)
    monkeypatch.setattr(snapshot.time, "time_ns", lambda: max(st.st_mtime_ns, st.st_ctime_ns) + age_ns)
    _reopen(path)[1].close()
    saved = _saved(path)
    assert saved.file is None  # the next opening hashes the file
    engine, store = _reopen(path, readonly=True)
    assert engine.projection.resuming  # and, the digest matching, still starts from the snapshot
    store.close()


@pytest.mark.parametrize(("age_s", "kept"), [(1, False), (3, True)])
def test_on_a_file_system_of_whole_seconds_the_identity_waits_two_seconds(tmp_path, monkeypatch, age_s, kept):
    path, _ = _campaign(tmp_path)
    real = snapshot._identity(path)
    assert real is not None
    whole = (real[0], real[1], real[2], 5_000_000_000, 5_000_000_000)  # times as FAT or ext3 keep them
    monkeypatch.setattr(snapshot, "_identity", lambda p: whole)
    monkeypatch.setattr(snapshot.time, "time_ns", lambda: 5_000_000_000 + age_s * 1_000_000_000)
    _reopen(path)[1].close()
    assert (_saved(path).file == whole) is kept
