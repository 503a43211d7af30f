"""The start-up snapshot (``NAME.fhtagn.state``): used only when it matches the log exactly,
else a full replay; never changes the campaign file; undo still works after a restart."""

from __future__ import annotations

import hashlib
from pathlib import Path

import msgspec
import pytest

from fhtagn_tui.app.app import open_door
from fhtagn_tui.domain.history import Redo, Undo, fold
from fhtagn_tui.domain.replay import Projection
from fhtagn_tui.service import Engine
from fhtagn_tui.store import CampaignStore, snapshot

from .support import played


def _campaign(tmp_path: Path) -> tuple[Path, object]:
    store, eng = played(tmp_path)
    state = eng.state
    store.close()
    return tmp_path / "night.fhtagn", state


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _reopen(path: Path, readonly: bool = False) -> tuple[Engine, CampaignStore]:
    door = open_door(path, readonly)
    assert door.notice == ""
    assert door._store is not None  # noqa: SLF001 - the snapshot is the door's inside: its fold and its file
    return door._engine, door._store  # noqa: SLF001


def test_first_opening_replays_and_writes_the_snapshot_the_next_resumes_from_it(tmp_path):
    path, state = _campaign(tmp_path)
    before = _digest(path)
    assert not snapshot.path_for(path).exists()
    engine, store = _reopen(path)
    assert not engine.projection.resuming  # no snapshot yet: the whole log was folded
    assert engine.state == state
    store.close()
    assert snapshot.path_for(path).exists()
    engine, store = _reopen(path)
    assert engine.projection.resuming  # started from the snapshot
    assert engine.projection.seq == len(store) == 11
    assert engine.state == state
    assert msgspec.json.encode(engine.state) == msgspec.json.encode(state)
    store.close()
    assert _digest(path) == before  # the campaign file was only read


def test_events_after_the_snapshot_are_folded_on_it(tmp_path):
    path, _ = _campaign(tmp_path)
    engine, store = _reopen(path)  # writes the snapshot at seq 11
    store.close()
    with CampaignStore.open(path) as store:  # another program plays on, without the snapshot
        eng = Engine(store, store.events())
        eng.execute("char pool ada HP=5")
        eng.execute("note The well is dry.")
        expected = eng.state
    engine, store = _reopen(path)
    assert engine.projection.resuming and engine.projection.seq == 13
    assert engine.state == expected and engine.state.character("ada vance").current["HP"] == 5
    store.close()
    assert snapshot.load(CampaignStore.open(path, readonly=True)).seq == 13  # written again at the end


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda snap: snap.write_bytes(b"\x93not a snapshot"), id="corrupt"),
        pytest.param(lambda snap: snap.write_bytes(b""), id="empty"),
        pytest.param(lambda snap: snap.write_bytes(snap.read_bytes()[:-7]), id="cut-short"),
        pytest.param(lambda snap: snap.unlink(), id="missing"),
    ],
)
def test_a_damaged_snapshot_means_a_full_replay_and_is_written_again(tmp_path, damage):
    path, state = _campaign(tmp_path)
    _reopen(path)[1].close()
    before = _digest(path)
    damage(snapshot.path_for(path))
    engine, store = _reopen(path)
    assert not engine.projection.resuming
    assert engine.state == state
    store.close()
    assert _digest(path) == before
    assert snapshot.load(CampaignStore.open(path, readonly=True)) is not None


def test_a_log_changed_under_the_snapshot_is_replayed(tmp_path):
    path, state = _campaign(tmp_path)
    _reopen(path)[1].close()
    raw = path.read_bytes()
    edited = raw.replace(b"The cellar door is nailed shut.", b"The cellar door is wide open!!!")
    assert len(edited) == len(raw) and edited != raw  # same size, other bytes
    path.write_bytes(edited)
    engine, store = _reopen(path)
    assert not engine.projection.resuming
    assert engine.state == fold(store.events())
    store.close()
    assert path.read_bytes() == edited


def test_a_shorter_log_or_another_campaigns_snapshot_is_not_used(tmp_path):
    path, _ = _campaign(tmp_path)
    _reopen(path)[1].close()
    other = tmp_path / "other"
    other.mkdir()
    lines = path.read_bytes().split(b"\n")
    short = other / "night.fhtagn"
    short.write_bytes(b"\n".join(lines[:6]) + b"\n")  # the first 5 events only
    snapshot.path_for(short).write_bytes(snapshot.path_for(path).read_bytes())
    engine, store = _reopen(short)
    assert not engine.projection.resuming and engine.projection.seq == 5
    assert engine.state == fold(store.events())
    store.close()


def test_a_snapshot_from_other_rules_sources_is_not_used(tmp_path, monkeypatch):
    path, state = _campaign(tmp_path)
    _reopen(path)[1].close()
    monkeypatch.setattr(snapshot, "code_digest", lambda: "another version of the rules")
    engine, store = _reopen(path)
    assert not engine.projection.resuming and engine.state == state
    store.close()


def test_undo_and_redo_after_a_restart_rebuild_the_history_from_the_log(tmp_path):
    path, _ = _campaign(tmp_path)
    _reopen(path)[1].close()
    with CampaignStore.open(path, readonly=True) as store:
        full = Engine(store, store.events(), readonly=True).projection
        expected_label = full.can_undo
    engine, store = _reopen(path)
    assert engine.projection.resuming
    engine.execute("char pool ada HP=3")  # folded on the saved state; history still to build
    assert engine.projection.resuming
    (undone,) = engine.run(Undo())
    assert not engine.projection.resuming
    assert engine.state.character("ada vance").current["HP"] == 8
    assert undone.target == 12 and undone.label == "Ada Vance: HP 8 → 3"
    (undone2,) = engine.run(Undo())  # the group before the restart
    assert undone2.label == expected_label
    engine.run(Redo())
    store.close()
    with CampaignStore.open(path, readonly=True) as store:
        assert fold(store.events()) == engine.state


def test_review_from_a_resumed_projection_sees_the_checkpoints(tmp_path):
    path, _ = _campaign(tmp_path)
    _reopen(path)[1].close()
    engine, store = _reopen(path, readonly=True)
    events = store.events()
    assert engine.projection.state_at(4, events) == fold(events[:4])
    assert not engine.projection.resuming
    store.close()


def test_a_snapshot_that_lies_is_corrected_by_the_log_when_the_history_is_built(tmp_path):
    path, state = _campaign(tmp_path)
    with CampaignStore.open(path, readonly=True) as store:
        events = store.events()
        wrong = msgspec.structs.replace(state, notes=99)
        projection = Projection.resumed(wrong, len(events), 10, lambda seq: events[:seq])
        assert projection.state.notes == 99
        assert projection.can_undo is not None
        assert projection.state == state  # the fold of the log wins


def test_the_snapshot_is_not_written_for_a_projection_behind_the_log(tmp_path):
    path, _ = _campaign(tmp_path)
    with CampaignStore.open(path, readonly=True) as store:
        behind = Projection()
        behind.apply_all(store.events()[:3])
        assert snapshot.save(store, behind) is False
    assert not snapshot.path_for(path).exists()


def test_the_prefix_digest_is_the_sha256_of_the_bytes_up_to_each_record(tmp_path):
    path, _ = _campaign(tmp_path)
    raw = path.read_bytes()
    ends = [i + 1 for i, b in enumerate(raw) if b == ord("\n")]  # the header's end, then each record's
    with CampaignStore.open(path, readonly=True) as store:
        for count in (0, 1, len(store) // 2, len(store) - 1, len(store)):
            size = ends[count]
            assert store.prefix_digest(count) == (size, hashlib.sha256(raw[:size]).hexdigest())


def test_the_sources_signature_changes_when_a_source_file_does(tmp_path, monkeypatch):
    import os
    import types

    for package in ("domain", "rules"):
        (tmp_path / "pkg" / package / "sub").mkdir(parents=True)
        (tmp_path / "pkg" / package / "__init__.py").write_text("")
        (tmp_path / "pkg" / package / "sub" / "fold.py").write_text("X = 1\n")
        (tmp_path / "pkg" / package / "sub" / "notes.txt").write_text("not a source")
        fake = types.SimpleNamespace(__file__=str(tmp_path / "pkg" / package / "__init__.py"))
        monkeypatch.setattr(snapshot, package, fake)
    sign = snapshot.code_digest.__wrapped__
    first = sign()
    assert sign() == first
    (tmp_path / "pkg" / "rules" / "sub" / "notes.txt").write_text("still not a source")
    assert sign() == first
    source = tmp_path / "pkg" / "rules" / "sub" / "fold.py"
    source.write_text("X = 2\n")  # same size: the modification time tells
    os.utime(source, ns=(1, 1))
    second = sign()
    assert second != first
    source.write_text("X = 22\n")
    os.utime(source, ns=(1, 1))
    assert sign() not in (first, second)
