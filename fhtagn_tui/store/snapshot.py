"""The start-up snapshot beside a campaign file: ``NAME.fhtagn.state``.

Opening a long campaign folds its whole log (tens of ms for 20k events).  The
snapshot keeps the folded state at some seq so that the next opening starts
from it and folds only the events after it.  It is a cache, never the truth:
it is used only when it matches the log byte for byte — its seq, the size and
SHA-256 digest of the file up to that record, and a signature of the domain and
rules sources the state was folded with (a new version of the program folds
again).  Anything else (missing, unreadable, corrupt, stale, another log) means
a full replay.

Hashing the file costs ~6 ms at 20k events (SHA-256 of 4.7 MB, and loading
OpenSSL for it) before the first frame.  So the snapshot also records the
campaign file's identity and times when it covers the whole file (device,
inode, size, modification and change times, in ns): a file whose ``stat`` is
still exactly that has not been written since, and the digest is not computed
again.  Any write changes the change time (which no user can set back); the one
blind spot, a write within the file system's clock tick of the last one, is
closed as Git closes its "racily clean" index: the identity is recorded only
when the file's last change is older than the snapshot by more than
``RACY_NS`` (``RACY_COARSE_NS`` on a file system that keeps whole seconds).  Otherwise (moved, touched, appended to, chmod-ed…) the digest
decides, as before.  It is written atomically (a temporary file renamed over it);
the campaign file itself is never touched.  The undo history is not in it: the
projection rebuilds it from the log when first needed.
"""

from __future__ import annotations

import os
import time
from functools import cache
from pathlib import Path

import msgspec

from fhtagn_tui import domain, rules
from fhtagn_tui.domain import replay
from fhtagn_tui.domain.codec import OutOfPlace
from fhtagn_tui.domain.replay import Projection, checkpoint_interval
from fhtagn_tui.domain.state import State

from .campaign import CampaignStore
from .files import replace_private
from .storage import Unread

FORMAT = 3  # 2: SHA-256 of the log's prefix, a signature of the sources; 3: the file's identity, the signature whole
#: A file changed less than this before its snapshot is written may change again within the same
#: clock tick of the file system (its times then stay the same): its identity is not recorded.
RACY_NS = 50_000_000
#: The same on a file system that keeps whole seconds (times all multiples of 1 s; FAT keeps 2 s).
RACY_COARSE_NS = 2_000_000_000
SUFFIX = ".state"


class Snapshot(msgspec.Struct, frozen=True):
    format: int
    code: str  # signature of the domain and rules sources that folded the state
    seq: int  # the state is the fold of records 1..seq
    size: int  # bytes of the campaign file up to the end of record seq
    digest: str  # SHA-256 of those bytes
    open_group: int
    state: State
    #: (device, inode, size, mtime_ns, ctime_ns) of the campaign file when it was exactly these
    #: ``size`` bytes, its last change older than the snapshot by ``RACY_NS``; else None
    file: tuple[int, int, int, int, int] | None = None


_decoder = msgspec.msgpack.Decoder(Snapshot)
_encoder = msgspec.msgpack.Encoder()


def path_for(campaign: Path) -> Path:
    return campaign.with_name(campaign.name + SUFFIX)


@cache
def code_digest() -> str:
    """A signature of every source file that decides what a fold gives: each one's name, size
    and modification time (an edited, reinstalled or checked-out file changes it).  Reading
    and hashing the sources themselves cost 4 ms of every start-up; the signature is kept whole
    (a few kB), not hashed: hashing would load OpenSSL before the first frame (2 ms)."""
    lines: list[str] = []
    for package in (domain, rules):
        root = os.path.dirname(str(package.__file__))  # both are packages on disk: __file__ is set
        base = os.path.dirname(root)
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(f for f in files if f.endswith(".py")):
                path = os.path.join(folder, name)
                st = os.stat(path)
                lines.append(f"{os.path.relpath(path, base)} {st.st_size} {st.st_mtime_ns}\n")
    return "".join(lines)


def _prefix(store: CampaignStore, seq: int) -> tuple[int, str]:
    return store.prefix_digest(seq)


def _identity(path: Path) -> tuple[int, int, int, int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def _untouched(store: CampaignStore, snap: Snapshot) -> bool:
    """The campaign file is exactly as it was when the snapshot was written, and holds nothing
    after the snapshot's record (so its bytes are those the digest was taken of)."""
    return snap.file is not None and snap.seq == len(store) and _identity(store.path) == snap.file


def peek(campaign: Path) -> Snapshot | None:
    """The snapshot beside the campaign file, of this version of the program, read but not yet
    checked against the log (:func:`load` does that); None when there is none to use."""
    try:
        snap = _decoder.decode(path_for(campaign).read_bytes())
    except (OSError, msgspec.DecodeError, msgspec.ValidationError):
        return None
    return snap if snap.format == FORMAT and snap.code == code_digest() else None


def unread(snap: Snapshot | None) -> Unread | None:
    """What the snapshot knows of the whole campaign file when it recorded its identity: the store
    opens without reading the log (:class:`~fhtagn_tui.store.storage.Unread`) if the file is still
    exactly that, and reads it when first needed — after the first frame."""
    if snap is None or snap.file is None or snap.file[2] != snap.size:
        return None
    return Unread(snap.seq, snap.size, snap.file, snap.digest)


def load(store: CampaignStore, snap: Snapshot | None | bool = True) -> Snapshot | None:
    """The snapshot of this campaign if it matches the log exactly, else None (``snap``: the one
    :func:`peek` read before the store was opened; by default it is read here)."""
    if snap is True:
        snap = peek(store.path)
    if not isinstance(snap, Snapshot) or not 0 < snap.seq <= len(store):
        return None
    if _untouched(store, snap):
        return snap  # not written since its digest was taken: no need to hash it again
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
    size, digest = _prefix(store, projection.seq)
    file = _identity(store.path)
    if file is not None:
        changed = max(file[3], file[4])
        coarse = file[3] % 1_000_000_000 == 0 or file[4] % 1_000_000_000 == 0
        if file[2] != size or time.time_ns() - changed <= (RACY_COARSE_NS if coarse else RACY_NS):
            file = None  # not the whole file, or changed too recently to tell (the module's docstring)
    data = _encoder.encode(
        Snapshot(FORMAT, code_digest(), projection.seq, size, digest, projection.open_group, state, file)
    )
    # only a state that comes back exactly (types and order included) is worth keeping
    if msgspec.json.encode(_decoder.decode(data).state) != msgspec.json.encode(state):
        return False
    return replace_private(path_for(store.path), data)  # mode 600, like the campaign: the GM's secrets


def open_projection(store: CampaignStore, peeked: Snapshot | None | bool = True) -> tuple[Projection, bool]:
    """The fold of the store's log: from the snapshot and the events after it when the snapshot
    matches, else by a full replay.  Also says whether the snapshot is worth writing again.
    ``peeked``: the snapshot :func:`peek` read before the store was opened (by default read here)."""
    snap = load(store, peeked)
    every = checkpoint_interval(len(store))  # checkpoints sized to the memory budget
    if snap is None:
        try:
            projection = replay.fold(store.iter_for_replay(), log=store.records(), checkpoint_every=every)
        except OutOfPlace as exc:
            raise store.out_of_place(exc) from None
        return projection, True
    # the history, when first needed, is folded as a replay reads the log (counted events as heads),
    # each record's seq checked against its place as it is read (the store's words if one is not)
    projection = Projection.resumed(snap.state, snap.seq, snap.open_group,
                                    lambda seq: store.iter_for_replay(stop=seq, checked=True),
                                    checkpoint_every=every, log=store.records)
    tail = store.events_between(snap.seq + 1, store.next_seq)
    replay.fold(tail, onto=projection)
    return projection, len(tail) > 0

