"""A read-only follower sees what a writer appends."""

from __future__ import annotations

from tinydb import where

from fhtagn_tui.domain.features.campaign import NoteAdded
from fhtagn_tui.domain.history import fold
from fhtagn_tui.service import Engine
from fhtagn_tui.store import CampaignStore
from fhtagn_tui.store.check import repair

from .support import PARTY, new_campaign, play


def test_follower_sees_new_events(tmp_path):
    store, eng = new_campaign(tmp_path)
    with CampaignStore.open(store.path, readonly=True) as reader:
        view = Engine(reader, reader.events(), readonly=True)
        assert reader.follow() == []
        play(eng, *PARTY, ("roll 1d6", [6]))
        new = reader.follow()
        assert [e.seq for e in new] == [2, 3, 4]
        assert new == store.events()[1:]
        view.absorb(new)
        assert view.state == eng.state
        assert reader.follow() == []
        play(eng, "note more")
        (note,) = reader.follow()
        assert isinstance(note, NoteAdded) and note.text == "more" and note.seq == 5
        assert reader.next_seq == store.next_seq == 6


def test_follower_waits_for_an_incomplete_line(tmp_path):
    store, eng = new_campaign(tmp_path)
    store.close()
    line = b'{"type":"NoteAdded","text":"slow","seq":2}\n'
    with CampaignStore.open(store.path, readonly=True) as reader:
        with open(store.path, "ab") as f:
            f.write(line[:10])
        assert reader.follow() == []
        with open(store.path, "ab") as f:
            f.write(line[10:])
        (ev,) = reader.follow()
        assert isinstance(ev, NoteAdded) and ev.text == "slow"
        assert reader.warnings == []


def test_follower_query_cache_sees_followed_events(tmp_path):
    store, eng = new_campaign(tmp_path)
    with CampaignStore.open(store.path, readonly=True) as reader:
        assert reader.table.search(where("type") == "NoteAdded") == []
        play(eng, "note seen")
        reader.follow()
        assert [d["text"] for d in reader.table.search(where("type") == "NoteAdded")] == ["seen"]


def test_follower_of_a_torn_file_picks_up_after_repair(tmp_path):
    store, eng = new_campaign(tmp_path)
    play(eng, "note one")
    store.close()
    with open(store.path, "ab") as f:
        f.write(b'{"type":"NoteAdded","te')
    with CampaignStore.open(store.path, readonly=True) as reader:
        assert len(reader.warnings) == 1
        assert reader.follow() == []
        assert repair(store.path).repaired
        with CampaignStore.open(store.path) as writer:
            writer.append([NoteAdded(text="two", seq=3)])
        (ev,) = reader.follow()
        assert ev.seq == 3 and reader.warnings == []
        assert fold(reader.events()).notes == 2
