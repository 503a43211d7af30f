"""Append → reopen → fold: the file is the campaign."""

from __future__ import annotations

import pytest

from fhtagn_tui.domain.codec import encode
from fhtagn_tui.domain.features.campaign import DiceRolled, NoteAdded
from fhtagn_tui.domain.history import fold
from fhtagn_tui.service import Engine
from fhtagn_tui.store import AppendOnly, CampaignStore, StoreError
from fhtagn_tui.store.layout import HEADER_LINE

from .support import new_campaign, play, played


def test_append_reopen_fold_gives_the_same_state(tmp_path):
    store, eng = played(tmp_path)
    state = eng.state
    n = store.next_seq - 1
    store.close()
    with CampaignStore.open(tmp_path / "night.fhtagn") as again:
        events = again.events()
        assert [e.seq for e in events] == list(range(1, n + 1))
        assert fold(events) == state
        assert Engine(again, events).state == state
        ada = fold(events).character("ada vance")
        assert ada is not None and ada.current["HP"] == 8
        bram = fold(events).character("bram")
        assert bram is not None and bram.conditions == ("stunned",) and bram.current["WP"] == 9  # undone


def test_file_is_header_then_one_line_per_event(tmp_path):
    store, eng = played(tmp_path)
    raw = (tmp_path / "night.fhtagn").read_bytes()
    lines = raw.split(b"\n")
    assert lines[0] == HEADER_LINE == b'{"fhtagn":"campaign-log","format":1}'
    assert lines[-1] == b""  # ends with a line end
    assert lines[1:-1] == [encode(e) for e in store.events()]
    assert store.line_count == len(lines) - 1 == store.next_seq
    assert len(store) == store.next_seq - 1


def test_reopened_writer_continues_the_sequence(tmp_path):
    store, eng = new_campaign(tmp_path)
    play(eng, "note one")
    store.close()
    store = CampaignStore.open(tmp_path / "night.fhtagn")
    eng = Engine(store, store.events(), clock=lambda: 5.0)
    (ev,) = eng.execute("roll 1d6", dice=[4]).events
    assert isinstance(ev, DiceRolled) and ev.seq == 3 and ev.group == 3 and ev.total == 4
    store.close()
    events = CampaignStore.open(tmp_path / "night.fhtagn", readonly=True).events()
    assert [type(e).__name__ for e in events] == ["CampaignCreated", "NoteAdded", "DiceRolled"]
    assert events[2].dice[0].value == 4


def test_events_between_is_half_open(tmp_path):
    store, _ = played(tmp_path)
    assert [e.seq for e in store.events_between(2, 5)] == [2, 3, 4]
    assert [e.seq for e in store.events_between(0, 3)] == [1, 2]
    assert store.events_between(5, 5) == []
    last = store.next_seq - 1
    assert [e.seq for e in store.events_between(last, last + 100)] == [last]


def test_out_of_order_seq_is_refused_and_nothing_is_written(tmp_path):
    store, _ = new_campaign(tmp_path)
    before = store.path.read_bytes()
    with pytest.raises(StoreError, match="next seq is 2"):
        store.append([NoteAdded(text="x", seq=3)])
    with pytest.raises(StoreError, match="next seq is 3"):
        store.append([NoteAdded(text="x", seq=2), NoteAdded(text="y", seq=2)])
    assert store.path.read_bytes() == before
    assert store.next_seq == 2
    store.append([])  # nothing to do
    assert store.path.read_bytes() == before


def test_readonly_store_refuses_to_append(tmp_path):
    store, _ = new_campaign(tmp_path)
    reader = CampaignStore.open(store.path, readonly=True)
    with pytest.raises(AppendOnly, match="read-only"):
        reader.append([NoteAdded(text="x", seq=2)])
    assert reader.readonly and not store.readonly
    assert store.path.read_bytes().count(b"\n") == 2


def test_create_refuses_to_overwrite(tmp_path):
    store, _ = new_campaign(tmp_path)
    store.close()
    before = store.path.read_bytes()
    with pytest.raises(StoreError, match="already exists"):
        CampaignStore.create(store.path, [])
    assert store.path.read_bytes() == before


def test_create_refuses_badly_numbered_events(tmp_path):
    with pytest.raises(StoreError, match="has seq 5, not 1"):
        CampaignStore.create(tmp_path / "x.fhtagn", [NoteAdded(text="x", seq=5)])
    assert not (tmp_path / "x.fhtagn").exists()


def test_create_with_no_events_then_append(tmp_path):
    with CampaignStore.create(tmp_path / "empty.fhtagn", []) as store:
        assert store.next_seq == 1 and store.events() == []
        store.append([NoteAdded(text="first", seq=1)])
    assert (tmp_path / "empty.fhtagn").read_bytes().count(b"\n") == 2
    assert not list(tmp_path.glob(".*new-*"))  # the temporary file is gone
