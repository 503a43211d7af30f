"""The door (fhtagn_tui/door.py): the one way to a campaign for the app, the CLI and serve's child apps."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from fhtagn_tui import campaigns
from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.history import fold
from fhtagn_tui.door import Door
from fhtagn_tui.rules.dice import RandomSource
from fhtagn_tui.store import CampaignStore, Locked, snapshot
from tests.helpers import run_cli

from .store.support import played


@pytest.fixture
def campaign(tmp_path: Path) -> Path:
    store, _ = played(tmp_path)
    store.close()
    return tmp_path / "night.fhtagn"


def _replayed(path: Path) -> bytes:
    with CampaignStore.open(path, readonly=True) as store:
        return msgspec.json.encode(fold(store.events()))


def test_opening_from_the_snapshot_gives_the_state_of_a_full_replay(campaign):
    with Door.open(campaign) as first:
        assert not first.from_snapshot  # no snapshot yet: a full replay, which writes one
        first.execute("note the well is dry")
    assert snapshot.path_for(campaign).exists()
    with Door.open(campaign, readonly=True) as door:
        assert door.from_snapshot and door.readonly
        assert msgspec.json.encode(door.state) == _replayed(campaign)
        assert door.seq == door.next_seq - 1 == len(door.events())


def test_events_between_two_seqs_from_a_file_and_from_memory(campaign):
    with Door.open(campaign, readonly=True) as door:
        every = door.events()
        assert [ev.seq for ev in door.events_between(3, 6)] == [3, 4, 5]
        assert door.events_between(3, 6) == every[2:5]
        assert door.latest(2) == every[-2:]
        assert door.events_between(door.next_seq, door.next_seq + 5) == []
        assert list(door.iter_events()) == every
        view = door.event_view()
        assert len(view) == len(every) and view[len(every) - 1] == every[-1]
    memory = Door.memory("coc7", source=RandomSource(1))
    memory.execute('char new "Ada Vance" STR=50 CON=50 SIZ=50 DEX=50 APP=50 INT=50 POW=50 EDU=50')
    assert [ev.seq for ev in memory.events_between(1, 3)] == [1, 2]
    assert memory.events_between(2, 3)[0].seq == 2 and memory.path is None
    assert memory.event_view() == memory.events()


def test_subscribe_unsubscribe():
    door = Door.memory("fhtagn")
    heard: list[list[Event]] = []
    door.subscribe(heard.append)
    door.subscribe(heard.append)  # once is enough: told once
    events = door.execute("note one").events
    assert heard == [events]
    door.unsubscribe(heard.append)
    door.execute("note two")
    assert heard == [events]
    door.unsubscribe(heard.append)  # not subscribed any more: nothing happens


def test_a_reader_follows_the_writer_and_tells_its_subscriber(campaign):
    with Door.open(campaign) as writer, Door.open(campaign, readonly=True) as reader:
        heard: list[list[Event]] = []
        reader.subscribe(heard.append)
        assert reader.follow() == []
        written = writer.execute("note seen from afar").events
        assert reader.follow() == written == heard[-1]
        assert reader.state.notes == writer.state.notes
        assert reader.answer_desk() is None  # only the writer reads the players' answers
        assert writer.answer_desk() is not None


def test_the_writer_lock_and_the_fall_back(campaign):
    with Door.open(campaign):
        with pytest.raises(Locked):
            Door.open(campaign)
        second = Door.open(campaign, fall_back_to_readonly=True)
        try:
            assert second.readonly and "read-only" in second.notice
        finally:
            second.close()


def test_create_writes_the_file_and_refuses_to_overwrite(tmp_path):
    path = tmp_path / "new.fhtagn"
    with campaigns.create_campaign(path, "gurps", "Night") as door:
        assert door.state.system == "gurps" and door.state.name == "new" and door.next_seq == 2
    assert not snapshot.path_for(path).exists()  # a one-event log: nothing to save yet
    with pytest.raises(Exception, match="exists"):
        Door.create(path, "gurps", "new")



def test_the_cli_acts_and_reads_through_the_door(campaign, monkeypatch):
    ran: list[str] = []
    read: list[tuple[int, int]] = []
    execute, between = Door.execute, Door.events_between

    def spy_execute(self: Door, text: str):  # noqa: ANN202
        ran.append(text)
        return execute(self, text)

    def spy_between(self: Door, start: int, stop: int) -> list[Event]:
        read.append((start, stop))
        return between(self, start, stop)

    monkeypatch.setattr(Door, "execute", spy_execute)
    monkeypatch.setattr(Door, "events_between", spy_between)
    run_cli(campaign, "do", "night", "note one", "note two", "--seed", "1")
    assert ran == ["note one", "note two"]
    out = run_cli(campaign, "replay", "night", "--until", "3")
    assert read == [(1, 4)] and "after 3 events" in out


def test_one_action_makes_several_commands_one_group_undone_and_redone_whole():
    door = Door.memory("fhtagn", source=RandomSource(1))
    door.execute("char new Bea STR=10 CON=10 DEX=10 INT=10 POW=10 CHA=10")
    before = msgspec.json.encode(door.state)
    first = door.next_seq
    with door.one_action():
        door.execute("fight start Barn")
        with door.one_action():  # nested: the outer action counts
            door.execute("fight add Bea")
        door.execute("note the barn burns")
    joined = door.events_between(first, door.next_seq)
    assert len(joined) >= 3 and {ev.group for ev in joined} == {first}
    door.execute("undo")
    assert msgspec.json.encode(door.state) == before  # one undo: no fight left, empty or not
    door.execute("redo")
    assert door.state.encounter is not None and "bea" in door.state.encounter.combatants
    door.execute("fight end")  # after the action: a group of its own
    assert door.events_between(door.next_seq - 1, door.next_seq)[0].group == door.next_seq - 1


def test_one_action_refused_half_way_keeps_what_was_done_as_one_group():
    door = Door.memory("fhtagn", source=RandomSource(1))
    first = door.next_seq
    with door.one_action():
        door.execute("fight start Barn")
        with pytest.raises(Exception, match="Nobody"):
            door.execute("fight add Nobody")
    assert door.state.encounter is not None
    assert {ev.group for ev in door.events_between(first, door.next_seq)} == {first}
    with door.one_action():  # the refused first command leaves the group to the next one done
        with pytest.raises(Exception, match="Nobody"):
            door.execute("fight add Nobody")
        door.execute("note after")
    last = door.events_between(door.next_seq - 1, door.next_seq)[0]
    assert last.group == last.seq
