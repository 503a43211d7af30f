"""Review's index (action groups, sessions, rounds) made a decoded chunk at a time over the store
is the index made event by event — also for groups and rounds across the chunks' edges."""

from __future__ import annotations

from pathlib import Path

from msgspec.structs import replace

from fhtagn_tui.app.review import ROUND_TYPES, ReviewController
from fhtagn_tui.domain import codec
from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.features.campaign import NoteAdded, SessionStarted
from fhtagn_tui.domain.features.encounter import RoundStarted
from fhtagn_tui.domain.replay import Projection, Undone
from fhtagn_tui.door import open_campaign
from fhtagn_tui.store.layout import HEADER_LINE
from fhtagn_tui.store.records import CHUNK
from tests.bench.bench_store import template


def long_log() -> list[Event]:
    """Over two chunks: groups of one to five events (one across each chunk's edge), sessions,
    rounds, an undo, and events of no group."""
    setup, _play = template(n_play=10)
    events = list(setup)
    seq = len(events)
    group = 0
    while seq < 2 * CHUNK + 300:
        group = seq + 1
        size = 1 + seq % 5
        for edge in (CHUNK, 2 * CHUNK):  # a group across the edge: its last event before it, its next after it
            if seq < edge < seq + 6:
                size = edge - seq + 2
        for k in range(size):
            seq += 1
            if seq % 997 == 0:
                ev: Event = SessionStarted(number=seq, seq=seq, group=group)
            elif seq % 701 == 0:
                ev = RoundStarted(round=seq % 7, seq=seq, group=group)
            elif seq % 389 == 0:
                ev = NoteAdded(text="no group", seq=seq, group=0)
            else:
                ev = NoteAdded(text=f"n{seq}.{k}", seq=seq, group=group)
            events.append(ev)
    events.append(Undone(target=group, seq=seq + 1, group=seq + 1))
    return [replace(ev, session=1) if ev.seq > len(setup) else ev for ev in events]


def index_one_by_one(events: list[Event]) -> tuple[object, ...]:
    first: dict[int, int] = {}
    last: dict[int, int] = {}
    sessions, rounds = [], []
    for ev in events:
        if ev.group:
            first.setdefault(ev.group, ev.seq)
            last[ev.group] = ev.seq
        if isinstance(ev, SessionStarted):
            sessions.append((ev.seq, ev.number))
        elif type(ev).__name__ in ROUND_TYPES:
            rounds.append((ev.seq, ev.round))  # type: ignore[attr-defined]
    return first, last, sessions, rounds


def index_of(ctl: ReviewController) -> tuple[object, ...]:
    return (ctl.group_first, ctl.group_last, list(zip(ctl.session_starts, ctl.session_numbers, strict=True)),
            list(zip(ctl.round_starts, ctl.round_numbers, strict=True)))


def test_the_index_made_chunk_by_chunk_is_the_one_made_event_by_event(tmp_path: Path) -> None:
    events = long_log()
    assert len(events) > 2 * CHUNK
    path = tmp_path / "long.fhtagn"
    path.write_bytes(b"\n".join([HEADER_LINE, *(codec.encode(ev) for ev in events)]) + b"\n")
    path.chmod(0o600)
    expected = index_one_by_one(events)
    assert len(expected[2]) >= 8 and len(expected[3]) >= 10  # type: ignore[arg-type]
    first, last = expected[0], expected[1]
    assert any(first[g] <= CHUNK < last[g] for g in first)  # type: ignore[index, attr-defined]
    fold = Projection()
    fold.apply_all(events)
    # a list, a view over the store folded by review itself, and the view over a campaign opened
    # from its snapshot (the index read from the records, then from the one saved beside the log; the
    # undo history built when the cursor first leaves the end)
    assert index_of(ReviewController(events)) == expected
    open_campaign(path, True).close()  # writes the snapshot
    opened = open_campaign(path, True)
    try:
        assert opened.from_snapshot
        own = ReviewController(opened.event_view())
        shared = opened.review_controller(ReviewController)
        again = opened.review_controller(ReviewController)  # the saved index
        assert shared.projection.resuming  # the history is built when first needed, not at opening
        assert shared.state == fold.state
        before_last = fold.at(len(events) - 1, events).state
        for ctl in (own, shared, again):
            assert index_of(ctl) == expected
            assert ctl.projection.state == fold.state
            ctl.step(-1)
            assert ctl.state == before_last
            assert [r.group for r in ctl.projection.done] == [r.group for r in fold.done]
            assert [c.seq for c in ctl.projection.checkpoints] == [c.seq for c in fold.checkpoints]
    finally:
        opened.close()
