"""Review's index read from the log's records and kept beside the log (``NAME.fhtagn.review``): the
saved index plus the records after it is the index of the whole log; a saved index of another log,
of a log rewritten since, or damaged, is never used; records this fast path cannot read are decoded."""

from __future__ import annotations

import shutil
from pathlib import Path

import msgspec
import pytest
from msgspec.structs import replace

from fhtagn_tui.app.review import ReviewController
from fhtagn_tui.domain import codec
from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.features.campaign import NoteAdded
from fhtagn_tui.domain.replay import Projection, Undone
from fhtagn_tui.door import open_campaign
from fhtagn_tui.store import CampaignStore
from fhtagn_tui.store import review_index as saved_index
from fhtagn_tui.store.layout import HEADER_LINE
from fhtagn_tui.store.view import record_index
from tests.review.test_chunked_index import index_of, index_one_by_one, long_log

MARKED = ("ChaseRoundStarted", "RoundStarted", "SessionStarted")


def write(path: Path, events: list[Event]) -> None:
    path.write_bytes(b"\n".join([HEADER_LINE, *(codec.encode(ev) for ev in events)]) + b"\n")
    path.chmod(0o600)


def written_and_snapshotted(path: Path, events: list[Event]) -> Projection:
    """The log written, opened once (its snapshot saved at close), and its whole fold in memory to
    compare with."""
    write(path, events)
    fold = Projection()
    fold.apply_all(events)
    open_campaign(path, True).close()
    return fold


def index(path: Path) -> tuple[object, ...] | None:
    with CampaignStore.open(path, readonly=True) as store:
        saved = saved_index.review_index(store, MARKED, len(store))
    if saved is None:
        return None
    found = saved.found
    marks = [(ev.seq, getattr(ev, "number", getattr(ev, "round", None))) for ev in found.marked]
    return (found.group_first, found.group_last, [m for m, ev in zip(marks, found.marked, strict=True)
                                                  if type(ev).__name__ == "SessionStarted"],
            [m for m, ev in zip(marks, found.marked, strict=True) if type(ev).__name__ != "SessionStarted"])


def tails_read(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of records read from the log by each index made from now on."""
    read: list[int] = []

    def spy(lines, marked, first_seq=1):  # type: ignore[no-untyped-def]
        read.append(len(lines))
        return record_index(lines, marked, first_seq)

    monkeypatch.setattr(saved_index, "record_index", spy)
    return read


def test_the_saved_index_and_the_records_after_it_are_the_whole_logs_index(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    events = long_log()
    # the saved index ends inside a group: its first seq is before the cut, its last after it
    cut = next(ev.seq for ev in events[3000:] if ev.group and ev.group < ev.seq and events[ev.seq].group == ev.group)
    path = tmp_path / "grow.fhtagn"
    write(path, events[:cut])
    read = tails_read(monkeypatch)
    assert index(path) == index_one_by_one(events[:cut])
    assert saved_index.path_for(path).exists() and read == [cut]
    assert saved_index.path_for(path).stat().st_mode & 0o777 == 0o600  # private, like the campaign
    with path.open("ab") as f:  # the game goes on: more events after the saved index
        f.write(b"".join(codec.encode(ev) + b"\n" for ev in events[cut:]))
    assert index(path) == index_one_by_one(events)
    assert read == [cut, len(events) - cut]  # only the records after the saved index were read
    assert index(path) == index_one_by_one(events) and read[-1] == 0  # saved again at the end


def test_a_saved_index_of_another_or_a_rewritten_log_is_never_used(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    events = long_log()
    # the same log but for the groups of a stretch of it: the same length and the same types
    other = [replace(ev, group=ev.group + 1) if 4000 < ev.seq < 5000 and ev.group else ev for ev in events]
    assert index_one_by_one(other) != index_one_by_one(events)
    a, b = tmp_path / "a.fhtagn", tmp_path / "b.fhtagn"
    write(a, events)
    write(b, other)
    assert index(a) == index_one_by_one(events)
    read = tails_read(monkeypatch)
    shutil.copy(saved_index.path_for(a), saved_index.path_for(b))  # a's index beside b
    assert index(b) == index_one_by_one(other)
    assert read == [len(other)]  # b read whole: a's index was not used
    write(a, other)  # a rewritten (not appended to)
    assert index(a) == index_one_by_one(other) and read[-1] == len(other)
    saved_index.path_for(a).write_bytes(b"\x93not an index")  # damaged
    assert index(a) == index_one_by_one(other) and read[-1] == len(other)
    # one that says the marked events are where none is (a shorter log's, say): not believed
    saved = msgspec.msgpack.decode(saved_index.path_for(a).read_bytes(), type=saved_index.SavedIndex)
    lying = msgspec.structs.replace(saved, marks=[*saved.marks, 5])
    saved_index.path_for(a).write_bytes(msgspec.msgpack.encode(lying))
    assert index(a) == index_one_by_one(other)


def test_records_of_an_older_schema_are_decoded_to_index_them(tmp_path: Path) -> None:
    events = long_log()
    path = tmp_path / "old.fhtagn"
    lines = [codec.encode(ev) for ev in events]
    old = msgspec.json.decode(lines[5000])
    old["v"] = 1  # written by an older version: its upcasters run when it is decoded
    lines[5000] = msgspec.json.encode(old)
    path.write_bytes(b"\n".join([HEADER_LINE, *lines]) + b"\n")
    path.chmod(0o600)
    assert index(path) is None
    open_campaign(path, True).close()
    opened = open_campaign(path, True)
    try:
        ctl = opened.review_controller(ReviewController)
        assert index_of(ctl) == index_one_by_one(events)
    finally:
        opened.close()


def test_review_opened_from_the_snapshot_folds_the_history_when_the_cursor_first_leaves_the_end(
        tmp_path: Path) -> None:
    events = long_log()
    path = tmp_path / "lazy.fhtagn"
    fold = written_and_snapshotted(path, events)
    opened = open_campaign(path, True)
    try:
        ctl = opened.review_controller(ReviewController)
        assert ctl.at_end and ctl.state == fold.state and opened.resuming
        assert ctl.where() and ctl.what()  # the end shown without the history
        assert opened.resuming
        for seq in (len(events) - 1, 1, 4500, len(events)):
            ctl.go(seq)
            assert ctl.state == fold.at(seq, events).state
        assert not opened.resuming
        assert [r.group for r in ctl.projection.done] == [r.group for r in fold.done]
    finally:
        opened.close()


def with_undo_after_a_checkpoint() -> list[Event]:
    """A long log with an undo just after the checkpoint at 5000 (the state saved there cannot undo
    the group before it alone)."""
    events = long_log()[:5000]
    undone = events[-1].group
    events.append(Undone(target=undone, seq=5001, group=5001, session=1))
    events += [NoteAdded(text=f"after {seq}", seq=seq, group=seq, session=1) for seq in range(5002, 9000)]
    return events


def test_the_states_saved_with_the_index_spare_the_next_review_the_whole_fold(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    events = with_undo_after_a_checkpoint()
    path = tmp_path / "states.fhtagn"
    fold = written_and_snapshotted(path, events)

    doors = []

    def review() -> tuple[ReviewController, Projection]:
        opened = open_campaign(path, True)
        doors.append(opened)
        ctl = opened.review_controller(ReviewController)
        return ctl, ctl.projection  # (the door's fold: review shares it)

    first, projection = review()
    first.go(len(events) - 1)
    assert first.state == fold.at(len(events) - 1, events).state and not projection.resuming
    saved = msgspec.msgpack.decode(saved_index.path_for(path).read_bytes(), type=saved_index.SavedIndex)
    assert [m.seq for m in saved.states] == [c.seq for c in fold.checkpoints]
    # the next review: the states saved, no whole fold — until an undo needs the history
    ctl, projection = review()
    for seq in (len(events) - 1, 4999, 1, 5000, 0, len(events)):
        ctl.go(seq)
        assert ctl.state == fold.at(seq, events).state, seq
    assert projection.resuming  # none of those moves folded the whole log
    copy = ctl.projection_at(4990)  # from the saved state at 4000; folded on over the undo by its taker
    assert copy.resuming
    for ev in events[4990:5003]:
        copy.apply(ev)
    assert copy.state == fold.at(5003, events).state and projection.resuming
    ctl.go(5003)  # after the undo at 5001: the history folded (once) to undo, not a saved state's
    assert ctl.state == fold.at(5003, events).state and not projection.resuming
    ctl.go(5004)
    assert ctl.state == fold.at(5004, events).state
    assert ctl.timelines() is not None
    # states folded by other code are not used
    monkeypatch.setattr(saved_index, "code_digest", lambda: "another version")
    ctl, projection = review()
    ctl.go(4999)
    assert ctl.state == fold.at(4999, events).state and not projection.resuming
    for door in doors:
        door.close()


def test_the_index_read_from_the_records_reads_each_records_type_wherever_it_stands() -> None:
    """``record_index`` reads a record's type by its tag (one head type per event type): the same
    index when the type is not the record's first field, none when a type is unknown (the events
    are then decoded, and the error told)."""
    events = long_log()
    lines = [codec.encode(ev) for ev in events]
    found = record_index(lines, MARKED)
    assert found is not None
    expected = index_one_by_one(events)
    assert (found.group_first, found.group_last) == (expected[0], expected[1])
    assert found.marked == [ev for ev in events if type(ev).__name__ in MARKED] and len(found.marked) >= 18
    moved = list(lines)
    for i, ev in enumerate(events):  # every marked record, and a few others, with its type last
        if type(ev).__name__ in MARKED or i % 7 == 0:
            record = msgspec.json.decode(lines[i])
            kind = record.pop("type")
            moved[i] = msgspec.json.encode({**record, "type": kind})
    assert record_index(moved, MARKED) == found
    unknown = list(lines)
    unknown[4000] = lines[4000].replace(b'"type":"', b'"type":"Unheard', 1)
    assert record_index(unknown, MARKED) is None
    for version in (1, 3, None):  # another schema version (or none said): the events are decoded instead
        other = list(lines)
        record = msgspec.json.decode(lines[6000])
        record.pop("v") if version is None else record.update(v=version)
        other[6000] = msgspec.json.encode(record)
        assert record_index(other, MARKED) is None
    with pytest.raises(codec.RecordError, match="unknown event type"):
        codec.decode_many(unknown)
