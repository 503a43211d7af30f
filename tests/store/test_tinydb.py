"""TinyDB's query API over the append-only log."""

from __future__ import annotations

import pytest
from tinydb import Query, where

from fhtagn_tui.store import AppendOnly, CampaignStore, StoreError
from fhtagn_tui.store.storage import AppendOnlyStorage
from fhtagn_tui.store.table import EventTable

from .support import new_campaign, play, played


def test_where_and_query_search(tmp_path):
    store, _ = played(tmp_path)
    db = store.db
    rolls = db.table("events").search(where("type") == "DiceRolled")
    assert [(d.doc_id, d["total"]) for d in rolls] == [(5, 47), (6, 8)]
    assert [d["dice"] for d in rolls] == [[["Firearms", "d100", 47]], [["2d6", "d6", 3], ["2d6", "d6", 5]]]
    ada = Query().character == "ada vance"
    assert [d.doc_id for d in store.table.search(ada)] == [5, 7]
    assert store.table.count(where("type") == "NoteAdded") == 1
    assert store.table.contains(where("type") == "Undone")
    assert not store.table.contains(where("type") == "SanLost")


def test_reads_by_doc_id_len_iter_all(tmp_path):
    store, _ = played(tmp_path)
    table = store.table
    assert isinstance(table, EventTable) and isinstance(table.storage, AppendOnlyStorage)
    n = store.next_seq - 1
    assert len(table) == len(store.db) == n == 11
    first = table.get(doc_id=1)
    assert first is not None and first["type"] == "CampaignCreated" and first.doc_id == 1
    assert table.get(doc_id=n + 1) is None and table.get(doc_id=0) is None
    assert table.contains(doc_id=n) and not table.contains(doc_id=n + 1)
    assert [d.doc_id for d in table] == list(range(1, n + 1))
    assert [d["seq"] for d in table.all()] == list(range(1, n + 1))
    assert [d["seq"] for d in table.get(doc_ids=[2, 4])] == [2, 4]
    assert store.db.tables() == {"events"}


def test_insert_appends_an_event_record_with_the_next_id(tmp_path):
    store, _ = new_campaign(tmp_path)
    doc_id = store.table.insert({"type": "NoteAdded", "text": "by TinyDB"})
    assert doc_id == 2 and store.next_seq == 3
    ids = store.table.insert_multiple([{"type": "NoteAdded", "text": "a"}, {"type": "NoteAdded", "text": "b", "seq": 4}])
    assert ids == [3, 4]
    assert [e.text for e in store.events()[1:]] == ["by TinyDB", "a", "b"]  # type: ignore[attr-defined]
    store.close()
    assert [e.seq for e in CampaignStore.open(tmp_path / "night.fhtagn", readonly=True).events()] == [1, 2, 3, 4]


def test_insert_refuses_what_is_not_an_event(tmp_path):
    store, _ = new_campaign(tmp_path)
    before = store.path.read_bytes()
    with pytest.raises(StoreError, match="not an event record"):
        store.table.insert({"type": "Nonsense", "x": 1})
    with pytest.raises(StoreError, match="next seq is 2"):
        store.table.insert({"type": "NoteAdded", "text": "x", "seq": 7})
    with pytest.raises(AppendOnly, match="only the 'events' table"):
        store.db.table("other").insert({"type": "NoteAdded", "text": "x"})
    assert store.path.read_bytes() == before


def test_insert_clears_the_query_cache(tmp_path):
    store, eng = new_campaign(tmp_path)
    notes = where("type") == "NoteAdded"
    assert store.table.search(notes) == []
    play(eng, "note one")
    assert [d["text"] for d in store.table.search(notes)] == ["one"]
    store.table.insert({"type": "NoteAdded", "text": "two"})
    assert [d["text"] for d in store.table.search(notes)] == ["one", "two"]


def test_insert_does_not_rewrite_the_table(tmp_path, monkeypatch):
    store, eng = new_campaign(tmp_path)
    reads = []
    real = store.db.storage.read
    monkeypatch.setattr(store.db.storage, "read", lambda: reads.append(1) or real())
    for i in range(5):
        store.table.insert({"type": "NoteAdded", "text": str(i)})
    assert reads == []  # neither the next id nor the insert reads the table


@pytest.mark.parametrize(
    "change",
    [
        lambda t: t.update({"text": "changed"}, where("type") == "NoteAdded"),
        lambda t: t.update_multiple([({"text": "x"}, where("type") == "NoteAdded")]),
        lambda t: t.upsert({"type": "NoteAdded", "text": "x"}, where("text") == "x"),
        lambda t: t.remove(where("type") == "NoteAdded"),
        lambda t: t.remove(doc_ids=[1]),
        lambda t: t.truncate(),
    ],
    ids=["update", "update_multiple", "upsert", "remove", "remove-ids", "truncate"],
)
def test_changes_and_deletes_are_refused(tmp_path, change):
    store, eng = new_campaign(tmp_path)
    play(eng, "note keep me")
    before = store.path.read_bytes()
    with pytest.raises(AppendOnly, match="append-only"):
        change(store.table)
    assert store.path.read_bytes() == before
    assert len(store.table) == 2


def test_whole_database_rewrites_are_refused(tmp_path):
    store, _ = new_campaign(tmp_path)
    before = store.path.read_bytes()
    with pytest.raises(AppendOnly, match="append-only"):
        store.db.drop_tables()
    with pytest.raises(AppendOnly, match="append-only"):
        store.db.storage.write({"events": {}})
    assert store.path.read_bytes() == before
