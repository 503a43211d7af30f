"""A replay reads the log's records as the fold needs them (``codec.decode_for_replay``,
``store.iter_for_replay``): each counted event (free roll, table roll, note) as its head — type,
seq, group and schema version —, each event whose evolver reads only a few fields (a pool change, a
condition) as its head holding those fields too, and every other event whole.  What it reads must be what the
codec reads (old shapes, control characters, newer schemas refused), errors are numbered in the
whole log, and opening a campaign without its snapshot folds to the state of the log."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import msgspec
import pytest

from fhtagn_tui.domain import codec
from fhtagn_tui.domain.features.campaign import ConditionAdded, DiceRolled, NoteAdded, PoolChanged
from fhtagn_tui.domain.history import fold
from fhtagn_tui.domain.replay import Projection
from fhtagn_tui.domain.replay.declared import COUNTED, LEAN
from fhtagn_tui.domain.replay.heads import Head
from fhtagn_tui.store import CampaignStore, snapshot
from fhtagn_tui.store.errors import CorruptRecord, NewerSchema

from .support import new_campaign, play, played

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "schema1_campaign.fhtagn"


def _lines(store: CampaignStore) -> list[bytes]:
    return list(store.records())


def _long_log(tmp_path: Path, rounds: int = 700) -> Path:
    """A campaign of more than two pieces of the codec (codec.PIECE records each)."""
    store, eng = new_campaign(tmp_path)
    play(eng, 'char new "Ada Vance" STR=12 CON=11 DEX=13 INT=15 POW=14 CHA=10 Firearms=50')
    for i in range(rounds):
        play(eng, f"roll {1 + i % 3}d6", f"note Clue {i}", f"char pool ada HP={1 + i % 9}")
    store.close()
    return tmp_path / "night.fhtagn"


def test_counted_events_come_as_their_heads_and_the_others_whole(tmp_path: Path) -> None:
    store, _ = played(tmp_path)
    lines = _lines(store)
    full, heads = codec.decode_many(lines), codec.decode_for_replay(lines)
    assert len(full) == len(heads) and any(isinstance(h, Head) for h in heads)
    read_as: dict[str, set[type]] = {"counted": set(), "lean": set(), "whole": set()}
    for ev, read in zip(full, heads, strict=True):
        if type(ev) in COUNTED or type(ev) in LEAN:
            assert isinstance(read, Head) and read.of is type(ev)
            fields = read.__struct_fields__
            assert fields[:3] == ("v", "seq", "group") and (len(fields) == 3) == (type(ev) in COUNTED)
            assert [getattr(read, f) for f in fields] == [getattr(ev, f) for f in fields]
            read_as["counted" if type(ev) in COUNTED else "lean"].add(type(ev))
        else:
            assert type(read) is type(ev) and read == ev
            read_as["whole"].add(type(ev))
    assert {DiceRolled, NoteAdded} <= read_as["counted"] and {PoolChanged, ConditionAdded} <= read_as["lean"]
    assert len(read_as["whole"]) > 3


def test_an_old_log_is_read_whole_as_the_codec_reads_it() -> None:
    with CampaignStore.open(FIXTURE, readonly=True) as store:
        lines = _lines(store)
        read = list(store.iter_for_replay())
        events = store.events()
    assert any(b'"v":1,' in line and b'"DiceRolled"' in line for line in lines)
    assert read == events and not any(isinstance(r, Head) for r in read)  # lifted by its upcasters, in full
    fold_ = Projection()
    fold_.apply_all(read, log=lines)
    assert fold_.state == fold(events) and fold_.state.rolls == 1


def test_a_record_with_control_characters_is_read_whole_and_made_safe(tmp_path: Path) -> None:
    store, eng = new_campaign(tmp_path)
    play(eng, "note The door", "roll 1d6")
    lines = _lines(store)
    raw = json.loads(lines[-2])
    raw["text"] = "The door \x1b[31mred\x1b[0m"  # an older log's raw escape sequence
    lines[-2] = json.dumps(raw, separators=(",", ":")).encode()
    read = codec.decode_for_replay(lines)
    assert isinstance(read[-1], Head)
    note = read[-2]
    assert isinstance(note, NoteAdded) and "\x1b" not in note.text and note == codec.decode_many(lines)[-2]


def test_a_counted_record_of_a_newer_schema_is_refused(tmp_path: Path) -> None:
    store, eng = new_campaign(tmp_path)
    play(eng, "roll 1d6", "note x")
    lines = _lines(store)
    lines[-1] = lines[-1].replace(b'"v":2,', b'"v":9,')
    with pytest.raises(codec.SchemaTooNew, match=f"record {len(lines)} was written by a newer"):
        codec.decode_for_replay(lines)
    path = store.path
    store.close()
    path.write_bytes(path.read_bytes().replace(b'"v":2,"seq":%d,' % len(lines), b'"v":9,"seq":%d,' % len(lines)))
    with CampaignStore.open(path, readonly=True) as reader, pytest.raises(NewerSchema):
        snapshot.open_projection(reader)


def test_a_record_of_an_older_schema_amid_current_ones_is_lifted_by_its_upcasters(tmp_path: Path) -> None:
    """A piece of records is decoded at once only when all are current (``events.Version``): an
    old record that fits its type all the same is still lifted, and one of a newer schema refused."""
    with CampaignStore.open(_long_log(tmp_path, rounds=400), readonly=True) as store:
        lines = _lines(store)
    at = {kind: next(i for i, line in enumerate(lines) if i > codec.PIECE and line.startswith(b'{"type":"%s"' % kind))
          for kind in (b"PoolChanged", b"DiceRolled", b"NoteAdded")}
    old = list(lines)
    for i in at.values():
        old[i] = old[i].replace(b'"v":2,', b'"v":1,')  # schema 1 wrote these as they are but for their dice
    lifted = [codec.decode_one(line) for line in old]
    assert all(ev.v == 2 for ev in lifted) and lifted == codec.decode_many(lines)
    assert codec.decode_many(old) == lifted
    read = codec.decode_for_replay(old)
    for i in at.values():  # read whole, as the codec reads an old record
        assert not isinstance(read[i], Head) and read[i] == lifted[i]
    newer = list(lines)
    newer[at[b"PoolChanged"]] = newer[at[b"PoolChanged"]].replace(b'"v":2,', b'"v":3,')
    for decode in (codec.decode_many, codec.decode_for_replay):
        with pytest.raises(codec.SchemaTooNew) as caught:
            decode(newer)
        assert caught.value.index == at[b"PoolChanged"]


def test_errors_are_numbered_in_the_whole_log_past_the_first_piece(tmp_path: Path) -> None:
    with CampaignStore.open(_long_log(tmp_path), readonly=True) as store:
        lines = _lines(store)
    bad = codec.PIECE + 500
    assert len(lines) > bad
    broken = lines[:bad] + [b'{"type":"DiceRolled","v":2,"seq":"x"}'] + lines[bad + 1 :]
    for decode in (codec.decode_many, codec.decode_for_replay):
        with pytest.raises(codec.RecordError) as caught:
            decode(broken)
        assert caught.value.index == bad and f"record {bad + 1} " in str(caught.value)
    swapped = lines[:bad] + [lines[bad + 1], lines[bad]] + lines[bad + 2 :]
    with pytest.raises(codec.OutOfPlace) as out:
        codec.decode_many(swapped, seq=1)
    assert (out.value.index, out.value.seq, out.value.expected) == (bad, bad + 2, bad + 1)
    with pytest.raises(codec.OutOfPlace) as out:
        Projection().apply_all(codec.decode_for_replay(swapped), log=swapped)
    assert (out.value.index, out.value.seq, out.value.expected) == (bad, bad + 2, bad + 1)


def test_opening_without_the_snapshot_folds_the_state_of_the_log(tmp_path: Path) -> None:
    path = _long_log(tmp_path, rounds=400)
    with CampaignStore.open(path, readonly=True) as store:
        projection, worth_saving = snapshot.open_projection(store)
        events = store.events()
        lines = _lines(store)
    assert worth_saving and not projection.resuming and projection.seq == len(events)
    ref = Projection(checkpoint_every=projection.checkpoint_every)
    ref.apply_all(events)
    assert projection.state == ref.state and projection.state.rolls == 400 and projection.state.notes == 400
    assert [(r.group, r.first, r.before, r.label) for r in projection.done] == [
        (r.group, r.first, r.before, r.label) for r in ref.done]
    assert any(isinstance(r.head, Head) for r in projection.done)  # read as heads, real when asked
    assert all(r.first == events[r.first_seq - 1] for r in projection.done)
    assert lines[-1].startswith(b'{"type":"PoolChanged"')


def test_opening_a_log_with_a_record_out_of_place_says_which(tmp_path: Path) -> None:
    path = _long_log(tmp_path, rounds=20)
    lines = path.read_bytes().split(b"\n")
    lines[30], lines[31] = lines[31], lines[30]  # records of seq 30 and 31 (line 1 is the header)
    path.write_bytes(b"\n".join(lines))
    with CampaignStore.open(path, readonly=True) as store:
        with pytest.raises(CorruptRecord, match="line 31.*holds seq 31 where seq 30 belongs") as replayed:
            snapshot.open_projection(store)
        with pytest.raises(CorruptRecord) as decoded:
            store.events()
    assert str(replayed.value) == str(decoded.value)


def test_a_head_reads_its_event_from_the_log_when_asked(tmp_path: Path) -> None:
    store, eng = new_campaign(tmp_path)
    play(eng, ("roll 2d6", [3, 4]))
    lines = _lines(store)
    fold_ = Projection()
    fold_.apply_all(codec.decode_for_replay(lines), log=lines)
    record = fold_.done[-1]
    assert isinstance(record.head, Head) and record.log is lines
    first = record.first
    assert isinstance(first, DiceRolled) and first.total == 7 and first == store.events()[-1]
    assert record.label == fold_.can_undo == "Roll 2d6 → 7 [3, 4]"
    lines[-1] = msgspec.json.encode({**json.loads(lines[-1]), "seq": 1})  # the log given is not the one read
    with pytest.raises(ValueError, match="is not the one"):
        _ = record.first


def test_a_resumed_projection_folds_the_heads_of_the_tail_as_events(tmp_path: Path) -> None:
    """A projection resumed from a saved state (its history not built) folds the rest of the log
    read as a replay reads it: each head is read whole first; a record out of place is refused."""
    store, eng = played(tmp_path)
    play(eng, "roll 1d6", "note More", "char pool ada HP=3", "roll 2d6")
    lines, events = _lines(store), store.events()
    cut = len(events) - 4
    ref = Projection()
    ref.apply_all(events)
    start = fold(events[:cut])
    resumed = Projection.resumed(start, cut, events[cut - 1].group, lambda seq: events[:seq])
    resumed.apply_all(codec.decode_for_replay(lines)[cut:], log=lines)
    assert resumed.resuming and resumed.seq == len(events) and resumed.state == ref.state
    again = Projection.resumed(start, cut, events[cut - 1].group, lambda seq: events[:seq])
    tail = codec.decode_for_replay(lines)[cut:]
    with pytest.raises(codec.OutOfPlace):
        again.apply_all(tail[1:], log=lines)


def _settled(path: Path) -> None:
    """The campaign opened once (its snapshot written) and its file older than the snapshot's
    racy window, so that the next opening resumes from the snapshot."""
    with CampaignStore.open(path) as store:
        projection, _ = snapshot.open_projection(store)
    old = time.time_ns() - 10 * snapshot.RACY_COARSE_NS
    os.utime(path, ns=(old, old))
    time.sleep(snapshot.RACY_NS / 1e9 * 1.2)
    with CampaignStore.open(path) as store:
        assert snapshot.save(store, projection)


def test_the_history_of_a_projection_opened_from_the_snapshot_is_the_fold_of_the_log(tmp_path: Path) -> None:
    """Opened from its snapshot, a campaign folds its undo history when first needed as a replay
    reads the log (counted events as heads, from the records): the same stacks, labels, states
    and checkpoints as the fold of every event in full, and real events when asked."""
    path = _long_log(tmp_path, rounds=450)
    _settled(path)
    with CampaignStore.open(path, readonly=True, unread=snapshot.unread(snapshot.peek(path))) as store:
        projection, worth_saving = snapshot.open_projection(store)
        assert projection.resuming and not worth_saving
        assert store.table.log._lines is None  # not read yet: the history is folded when first needed
        label = projection.can_undo  # (builds the history)
        events = store.events()
        lines = _lines(store)
    ref = Projection(checkpoint_every=projection.checkpoint_every)
    ref.apply_all(events)
    assert not projection.resuming and label == ref.can_undo
    assert projection.state == ref.state and projection.seq == ref.seq == len(events)
    assert [(r.group, r.first, r.before, r.label) for r in projection.done] == [
        (r.group, r.first, r.before, r.label) for r in ref.done]
    assert any(isinstance(r.head, Head) and r.log is not None for r in projection.done)  # read as heads
    assert [(c.seq, c.state, c.open_group) for c in projection.checkpoints] == [
        (c.seq, c.state, c.open_group) for c in ref.checkpoints] and projection.checkpoints
    assert all([r.first for r in c.done] == [r.first for r in d.done]
               for c, d in zip(projection.checkpoints, ref.checkpoints, strict=True))
    assert projection.at(len(events) - 700, events).state == ref.at(len(events) - 700, events).state
    assert lines[-1].startswith(b'{"type":"PoolChanged"')


def test_a_record_out_of_place_met_by_the_history_is_told_in_the_stores_words(tmp_path: Path) -> None:
    path = _long_log(tmp_path, rounds=20)
    _settled(path)
    with CampaignStore.open(path, readonly=True, unread=snapshot.unread(snapshot.peek(path))) as store:
        projection, _ = snapshot.open_projection(store)
        assert projection.resuming
        # the file rewritten in place behind the store's back (same size), two records swapped
        lines = path.read_bytes().split(b"\n")
        lines[30], lines[31] = lines[31], lines[30]
        stat = path.stat()
        path.write_bytes(b"\n".join(lines))
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
        with pytest.raises(CorruptRecord, match="line 31.*holds seq 31 where seq 30 belongs"):
            _ = projection.can_undo
