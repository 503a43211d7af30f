"""The start-up snapshot beside a campaign file: ``NAME.fhtagn.state``.

Opening a long campaign folds its whole log (tens of ms for 20k events).  The
snapshot keeps the folded state at some seq so that the next opening starts
from it and folds only the events after it.  It is a cache, never the truth:
it is used only when it matches the log byte for byte — its seq, the size and
SHA-256 digest of the file up to that record, and a signature of the domain and
rules sources the state was folded with (a new version of the program folds
again).  Anything else (missing, unreadable, corrupt, stale, another log) means
a full replay.  It is written atomically (a temporary file renamed over it);
the campaign file itself is never touched.  The undo history is not in it: the
projection rebuilds it from the log when first needed.
"""

from __future__ import annotations

import hashlib
import os
from functools import cache
from pathlib import Path

import msgspec

from fhtagn_tui import domain, rules
from fhtagn_tui.domain.history import Projection, checkpoint_interval
from fhtagn_tui.domain.state import State

from .campaign import CampaignStore
from .files import replace_private

FORMAT = 2  # 2: SHA-256 of the log's prefix, a signature of the sources
SUFFIX = ".state"


class Snapshot(msgspec.Struct, frozen=True):
    format: int
    code: str  # signature of the domain and rules sources that folded the state
    seq: int  # the state is the fold of records 1..seq
    size: int  # bytes of the campaign file up to the end of record seq
    digest: str  # SHA-256 of those bytes
    open_group: int
    state: State


_decoder = msgspec.msgpack.Decoder(Snapshot)
_encoder = msgspec.msgpack.Encoder()


def path_for(campaign: Path) -> Path:
    return campaign.with_name(campaign.name + SUFFIX)


@cache
def code_digest() -> str:
    """A signature of every source file that decides what a fold gives: each one's name, size
    and modification time (an edited, reinstalled or checked-out file changes it).  Reading
    and hashing the sources themselves cost 4 ms of every start-up."""
    h = hashlib.sha256()
    for package in (domain, rules):
        root = os.path.dirname(str(package.__file__))  # both are packages on disk: __file__ is set
        base = os.path.dirname(root)
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(f for f in files if f.endswith(".py")):
                path = os.path.join(folder, name)
                st = os.stat(path)
                h.update(f"{os.path.relpath(path, base)}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return h.hexdigest()[:32]


def _prefix(store: CampaignStore, seq: int) -> tuple[int, str]:
    return store.prefix_digest(seq)


def load(store: CampaignStore) -> Snapshot | None:
    """The snapshot of this campaign if it matches the log exactly, else None."""
    try:
        raw = path_for(store.path).read_bytes()
        snap = _decoder.decode(raw)
    except (OSError, msgspec.DecodeError, msgspec.ValidationError):
        return None
    if snap.format != FORMAT or snap.code != code_digest() or not 0 < snap.seq <= len(store):
        return None
    try:
        if _prefix(store, snap.seq) != (snap.size, snap.digest):
            return None
    except OSError:
        return None
    return snap


def save(store: CampaignStore, projection: Projection) -> bool:
    """Write the snapshot of ``projection`` (folded over all of ``store``); False if not written."""
    state = projection.state
    if projection.seq != len(store) or projection.seq == 0:
        return False
    data = _encoder.encode(
        Snapshot(FORMAT, code_digest(), projection.seq, *_prefix(store, projection.seq), projection.open_group, state)
    )
    # only a state that comes back exactly (types and order included) is worth keeping
    if msgspec.json.encode(_decoder.decode(data).state) != msgspec.json.encode(state):
        return False
    return replace_private(path_for(store.path), data)  # mode 600, like the campaign: the GM's secrets


def open_projection(store: CampaignStore) -> tuple[Projection, bool]:
    """The fold of the store's log: from the snapshot and the events after it when the snapshot
    matches, else by a full replay.  Also says whether the snapshot is worth writing again."""
    snap = load(store)
    every = checkpoint_interval(len(store))  # checkpoints sized to the memory budget
    if snap is None:
        projection = Projection(checkpoint_every=every)
        projection.apply_all(store.iter_events())
        return projection, True
    projection = Projection.resumed(snap.state, snap.seq, snap.open_group, lambda seq: store.iter_events(stop=seq),
                                    checkpoint_every=every)
    tail = store.events_between(snap.seq + 1, store.next_seq)
    projection.apply_all(tail)
    return projection, len(tail) > 0

