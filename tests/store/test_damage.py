"""Torn tails, damaged records, files that are not campaigns, newer schemas — and check/repair."""

from __future__ import annotations

import pytest

from fhtagn_tui.domain.codec import SchemaTooNew, encode
from fhtagn_tui.domain.features.campaign import NoteAdded
from fhtagn_tui.domain.history import fold
from fhtagn_tui.store import (
    CampaignStore,
    CorruptRecord,
    Locked,
    NewerSchema,
    NotACampaign,
    StoreError,
    TornTail,
)
from fhtagn_tui.store.check import check, repair

from .support import played

TORN = b'{"type":"NoteAdded","text":"half a rec'


def torn_file(tmp_path, tail: bytes = TORN):
    """A played campaign whose file ends with ``tail``; returns (path, good bytes, state, events)."""
    store, eng = played(tmp_path)
    state, n = eng.state, store.next_seq - 1
    store.close()
    path = tmp_path / "night.fhtagn"
    good = path.read_bytes()
    path.write_bytes(good + tail)
    return path, good, state, n


def test_writer_refuses_a_torn_tail_and_says_what_to_do(tmp_path):
    path, good, _, n = torn_file(tmp_path)
    with pytest.raises(TornTail) as info:
        CampaignStore.open(path)
    msg = str(info.value)
    assert str(path) in msg and "fhtagn check night --repair" in msg
    assert f"line {n + 2}: {len(TORN)} bytes from byte {len(good)}" in msg
    assert info.value.offset == len(good) and info.value.size == len(TORN)
    assert path.read_bytes() == good + TORN  # never truncated
    with pytest.raises(TornTail):  # not Locked: the failed open released the writer lock
        CampaignStore.open(path)


def test_readonly_opens_without_the_torn_record_and_warns(tmp_path):
    path, good, state, n = torn_file(tmp_path)
    with CampaignStore.open(path, readonly=True) as store:
        assert store.next_seq == n + 1
        assert fold(store.events()) == state
        (warning,) = store.warnings
        assert "incomplete record" in warning and f"from byte {len(good)}" in warning and "--repair" in warning
    assert path.read_bytes() == good + TORN


def test_a_last_line_that_does_not_decode_is_a_torn_tail(tmp_path):
    tail = b"\0\0\0\0\0\0\n"  # a crash can leave zeros where the record should be
    path, good, _, n = torn_file(tmp_path, tail)
    with pytest.raises(TornTail) as info:
        CampaignStore.open(path)
    assert info.value.offset == len(good) and info.value.size == len(tail) and info.value.line == n + 2
    report = check(path)
    assert [p.kind for p in report.problems] == ["torn-tail"]


def test_check_reports_the_torn_tail_and_repair_keeps_a_backup(tmp_path):
    path, good, state, n = torn_file(tmp_path)
    report = check(path)
    assert not report.ok and report.events == n
    torn = report.torn
    assert torn is not None and (torn.offset, torn.size, torn.line) == (len(good), len(TORN), n + 2)
    assert "fhtagn check night --repair" in report.text()
    assert path.read_bytes() == good + TORN  # check changes nothing

    fixed = repair(path)
    assert fixed.ok and fixed.repaired and fixed.events == n
    backups = list(tmp_path.glob("night.fhtagn.bak-*"))
    torns = list(tmp_path.glob("night.fhtagn.torn-*"))
    assert [str(b) for b in backups] == [fixed.backup] and [str(t) for t in torns] == [fixed.torn_file]
    assert backups[0].read_bytes() == good + TORN
    assert torns[0].read_bytes() == TORN
    assert path.read_bytes() == good
    assert "repaired" in fixed.text() and fixed.backup in fixed.text()
    with CampaignStore.open(path) as store:  # a writer opens it again
        assert fold(store.events()) == state
        store.append([NoteAdded(text="onwards", seq=n + 1)])
    assert check(path).ok and check(path).events == n + 1


def test_repair_of_a_clean_file_changes_nothing(tmp_path):
    store, _ = played(tmp_path)
    store.close()
    before = store.path.read_bytes()
    report = repair(store.path)
    assert report.ok and not report.repaired and "nothing to repair" in report.text()
    assert store.path.read_bytes() == before
    assert not list(tmp_path.glob("night.fhtagn.bak-*"))


def test_repair_refuses_while_a_writer_holds_the_lock(tmp_path):
    store, _ = played(tmp_path)
    # a torn tail cannot appear under a live writer of ours; write one behind its back to test the refusal
    with open(store.path, "ab") as f:
        f.write(TORN)
    before = store.path.read_bytes()
    with pytest.raises(Locked, match="being played by process"):
        repair(store.path)
    assert store.path.read_bytes() == before
    assert not list(tmp_path.glob("night.fhtagn.bak-*"))
    store.close()
    assert repair(store.path).repaired


def _damage_line(path, line_no: int, new: bytes) -> bytes:
    lines = path.read_bytes().split(b"\n")
    lines[line_no - 1] = new
    data = b"\n".join(lines)
    path.write_bytes(data)
    return data


def test_damage_in_the_middle_names_the_file_and_line_and_is_never_repaired(tmp_path):
    store, _ = played(tmp_path)
    store.close()
    data = _damage_line(store.path, 4, b'{"type":"DiceRolled","v":2,"seq":3,"to')
    with CampaignStore.open(store.path, readonly=True) as reader:
        with pytest.raises(CorruptRecord) as info:
            reader.events()
        assert info.value.line == 4
        assert str(store.path) in str(info.value) and "line 4 is damaged" in str(info.value)
        with pytest.raises(CorruptRecord, match="line 4"):
            reader.table.get(doc_id=3)
    report = check(store.path)
    assert [(p.kind, p.line) for p in report.problems] == [("corrupt", 4)]
    assert "not repaired automatically" in report.text()
    after = repair(store.path)
    assert not after.ok and not after.repaired and "not repaired" in after.text()
    assert store.path.read_bytes() == data
    assert not list(tmp_path.glob("night.fhtagn.bak-*"))


def test_a_seq_gap_is_reported(tmp_path):
    store, _ = played(tmp_path)
    store.close()
    lines = store.path.read_bytes().split(b"\n")
    del lines[5]  # the record with seq 5
    store.path.write_bytes(b"\n".join(lines))
    report = check(store.path)
    assert [(p.kind, p.line) for p in report.problems] == [("seq", 6)]
    assert "seq 6 where seq 5 belongs" in report.problems[0].message
    with pytest.raises(CorruptRecord, match="line 6"):
        CampaignStore.open(store.path, readonly=True).events()


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (b"", "the file is empty"),
        (b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0", "binary file"),
        (b'{"_default": {"1": {"type": "NoteAdded"}}}', "holds JSON, but its first line is not the campaign header"),
        (b"Dear diary,\nthe cultists came again.\n", "its first line is not the campaign header"),
        (b'{"fhtagn":"campaign-log","format":"one"}\n', "no valid format number"),
        (b'{"fhtagn":"campaign-log","format":1}', "header line is incomplete"),
    ],
    ids=["empty", "binary", "tinydb-json", "text", "bad-format", "no-line-end"],
)
@pytest.mark.parametrize("readonly", [False, True], ids=["writer", "reader"])
def test_not_a_campaign_names_the_file(tmp_path, content, why, readonly):
    path = tmp_path / "notes.fhtagn"
    path.write_bytes(content)
    with pytest.raises(NotACampaign) as info:
        CampaignStore.open(path, readonly=readonly)
    msg = str(info.value)
    assert msg.startswith(f"{path} is not a fhtagn campaign log") and why in msg and "Open a .fhtagn file" in msg
    assert path.read_bytes() == content
    assert [p.kind for p in check(path).problems] == ["not-a-campaign"]
    # the lock is not left held
    if not readonly:
        with pytest.raises(NotACampaign):
            CampaignStore.open(path)


def test_a_record_from_a_newer_schema(tmp_path):
    store, _ = played(tmp_path)
    n = store.next_seq
    store.close()
    newer = encode(NoteAdded(text="from the future", seq=n)).replace(b'"v":2', b'"v":9')
    with open(store.path, "ab") as f:
        f.write(newer + b"\n")
    with CampaignStore.open(store.path, readonly=True) as reader:
        with pytest.raises(NewerSchema) as info:
            reader.events()
    err = info.value
    assert isinstance(err, SchemaTooNew) and isinstance(err, StoreError)
    assert err.line == n + 1 and err.version == 9
    assert str(store.path) in str(err) and "schema 9" in str(err) and "Upgrade fhtagn-tui" in str(err)
    assert [(p.kind, p.line) for p in check(store.path).problems] == [("newer-schema", n + 1)]


def test_a_file_format_from_a_newer_version(tmp_path):
    path = tmp_path / "future.fhtagn"
    path.write_bytes(b'{"fhtagn":"campaign-log","format":2}\n')
    with pytest.raises(NewerSchema, match="file format 2") as info:
        CampaignStore.open(path, readonly=True)
    assert str(path) in str(info.value)
    assert [p.kind for p in check(path).problems] == ["newer-schema"]


def test_missing_file(tmp_path):
    path = tmp_path / "nobody.fhtagn"
    for readonly in (False, True):
        with pytest.raises(StoreError, match=f"no campaign file {path}"):
            CampaignStore.open(path, readonly=readonly)
    assert [p.kind for p in check(path).problems] == ["missing"]
    assert not path.exists()


def test_damage_is_numbered_in_the_whole_log_across_decode_chunks(tmp_path, monkeypatch):
    from fhtagn_tui.store import records

    monkeypatch.setattr(records, "CHUNK", 4)
    store, _ = played(tmp_path)
    store.close()
    with CampaignStore.open(store.path, readonly=True) as reader:
        assert [e.seq for e in reader.events()] == list(range(1, 12))
        assert [e.seq for e in reader.events_between(6, 11)] == [6, 7, 8, 9, 10]
    _damage_line(store.path, 10, b'{"type":"NoteAdded","v":2,"seq":9,"text":')
    with CampaignStore.open(store.path, readonly=True) as reader:
        with pytest.raises(CorruptRecord, match="line 10 is damaged"):
            reader.events()
        with pytest.raises(CorruptRecord, match="line 10 is damaged"):
            reader.events_between(7, 12)
        assert [e.seq for e in reader.events_between(2, 9)] == list(range(2, 9))
    _damage_line(store.path, 10, encode(NoteAdded(text="later", seq=9)).replace(b'"v":2', b'"v":7'))
    with CampaignStore.open(store.path, readonly=True) as reader:
        with pytest.raises(NewerSchema) as info:
            reader.events_between(7, 12)
    assert info.value.line == 10 and info.value.version == 7
    assert [(p.kind, p.line) for p in check(store.path).problems] == [("newer-schema", 10)]
