"""The review index beside a campaign file: ``NAME.fhtagn.review``.

Review mode indexes the whole log when it opens (where every action group begins and ends, where
sessions and rounds start).  Reading a field or two of 100k records costs about as much as
decoding them (~0.065 s), so the index is kept, like the start-up snapshot, as a cache: the
index of records 1..seq with the size and SHA-256 digest of the file up to record seq.  It is
used only when those match the log (the snapshot's own check, :meth:`CampaignStore.prefix_digest`)
and was made for the same event types; the records after it are indexed from the log.  Anything
else (missing, unreadable, corrupt, another log, a log rewritten) means the whole log is read.
It holds seqs and group numbers only, nothing of what the GM wrote; written atomically, mode 600.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from pathlib import Path
from typing import NamedTuple

import msgspec

from fhtagn_tui.domain.replay import StateMark

from .campaign import CampaignStore
from .errors import StoreError
from .files import replace_private
from .snapshot import code_digest
from .view import RecordIndex, record_index

FORMAT = 1
SUFFIX = ".review"
#: Records indexed from the log after the saved index that make it worth writing again.
REWRITE_AFTER = 2000


class SavedIndex(msgspec.Struct, frozen=True):
    format: int
    seq: int  # the index of records 1..seq
    size: int  # bytes of the campaign file up to the end of record seq
    digest: str  # SHA-256 of those bytes
    marked: list[str]  # the event types whose seqs are in ``marks`` (sorted)
    groups: list[int]
    firsts: list[int]  # groups[i]'s first seq
    lasts: list[int]  # groups[i]'s last seq (up to seq)
    marks: list[int]  # the seqs of the events of the marked types
    code: str = ""  # signature of the sources that folded ``states`` (the snapshot's)
    states: list[StateMark] = []  # states of the log at some seqs <= seq (review's checkpoints)


class Saved(NamedTuple):
    found: RecordIndex
    seq: int  # the index is of records 1..seq
    states: list[StateMark]  # states of the log saved with it (by seq; none if folded by other code)


_decoder = msgspec.msgpack.Decoder(SavedIndex)
_encoder = msgspec.msgpack.Encoder()


def path_for(campaign: Path) -> Path:
    return campaign.with_name(campaign.name + SUFFIX)


def _load(store: CampaignStore, marked: list[str], stop: int) -> SavedIndex | None:
    try:
        saved = _decoder.decode(path_for(store.path).read_bytes())
    except (OSError, msgspec.DecodeError, msgspec.ValidationError):
        return None
    if (saved.format != FORMAT or saved.marked != marked or not 0 < saved.seq <= stop
            or not len(saved.groups) == len(saved.firsts) == len(saved.lasts)):
        return None
    try:
        if store.prefix_digest(saved.seq) != (saved.size, saved.digest):
            return None
    except (OSError, StoreError):
        return None
    return saved


def _drop(store: CampaignStore) -> None:
    try:
        path_for(store.path).unlink(missing_ok=True)
    except OSError:
        pass


def _save(store: CampaignStore, index: RecordIndex, seq: int, marked: list[str],
          states: Sequence[StateMark] = ()) -> bool:
    try:
        size, digest = store.prefix_digest(seq)
    except (OSError, StoreError):  # (a store closed meanwhile: nothing saved)
        return False
    groups = list(index.group_first)
    kept = [m for m in states if m.seq <= seq]
    saved = SavedIndex(FORMAT, seq, size, digest, marked, groups, list(index.group_first.values()),
                       list(map(index.group_last.__getitem__, groups)), [ev.seq for ev in index.marked], code_digest(), kept)
    data = _encoder.encode(saved)
    # only states that come back exactly (types and order included) are worth keeping
    if kept and msgspec.json.encode([m.state for m in _decoder.decode(data).states]) != msgspec.json.encode(
            [m.state for m in kept]):
        data = _encoder.encode(msgspec.structs.replace(saved, states=[]))
    return replace_private(path_for(store.path), data)


def review_index(store: CampaignStore, marked: Collection[str], stop: int) -> Saved | None:
    """The review index of the log's first ``stop`` records: the saved one when it matches the log,
    and the records after it read (:func:`record_index`); saved again when that was many.  With it,
    the states saved beside it when the same code folded them.  ``None`` when a record does not read
    so (then decode the events to index them)."""
    names = sorted(marked)
    lines: Sequence[bytes] = store.records()
    stop = min(stop, len(lines))
    saved = _load(store, names, stop)
    start = saved.seq if saved is not None else 0
    tail = record_index(lines[start:stop], marked, first_seq=start + 1)
    if tail is None:
        return None
    states: list[StateMark] = []
    if saved is None:
        index = tail
    else:
        first = dict(zip(saved.groups, saved.firsts, strict=True))
        for group, seq in tail.group_first.items():
            first.setdefault(group, seq)  # a group begun before the saved index ends keeps its first seq
        last = dict(zip(saved.groups, saved.lasts, strict=True))
        last.update(tail.group_last)
        events = [store.events_between(seq, seq + 1)[0] for seq in saved.marks]
        if any(type(ev).__name__ not in marked for ev in events):  # not what it says: read the whole log
            _drop(store)
            return review_index(store, marked, stop)
        index = RecordIndex(first, last, events + tail.marked)
        if saved.code == code_digest():
            states = sorted((m for m in saved.states if 0 < m.seq <= saved.seq), key=lambda m: m.seq)
    if stop - start >= REWRITE_AFTER:
        _save(store, index, stop, names, states)
    return Saved(index, stop, states)


def save_states(store: CampaignStore, index: RecordIndex, seq: int, marked: Collection[str],
                states: Sequence[StateMark]) -> bool:
    """Save ``index`` (of records 1..``seq``) with ``states`` of the log (a fold's checkpoints) beside
    the log, for the next review to start from; False if not written."""
    return 0 < seq <= len(store) and _save(store, index, seq, sorted(marked), states)
