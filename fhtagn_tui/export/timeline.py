"""Timelines: how HP, WP, SAN (FP in GURPS) and vehicle Build moved, event by event.

Pure: a fold of events, comparing each character's pools (and each chase
vehicle's Build) before and after every event.  Any event that moved a value
becomes a point of its series, with the event's own words — so damage,
sanity loss, a pool set by hand, an undo and a redo all show up, whatever
feature wrote them.  Feeds the Timeline screen's sparklines and the export's
per-character summary.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.replay import Projection, names_of
from fhtagn_tui.domain.state import State

#: The pools followed, in display order (each system has some of them).
TRACKED = ("HP", "WP", "SAN", "FP")
BUILD = "Build"

__all__ = ["BUILD", "TRACKED", "Point", "Track", "Tracker", "created_name", "track"]


class Point(msgspec.Struct, frozen=True):
    seq: int  # the event that set the value (the window's start for the first point)
    value: float
    text: str  # the event in plain words ("start" for the first point)


class Track(msgspec.Struct):
    key: str  # a character id, or "chase N:participant" for a vehicle
    name: str
    kind: str  # the character's kind, or "vehicle"
    hidden: bool = False
    series: dict[str, list[Point]] = {}

    def values(self, label: str) -> list[float]:
        return [p.value for p in self.series.get(label, [])]

    @property
    def moved(self) -> bool:
        return any(len(points) > 1 for points in self.series.values())


def created_name(ev: Event) -> dict[str, str]:
    ident, name = getattr(ev, "id", None), getattr(ev, "name", None)
    return {ident: name} if isinstance(ident, str) and isinstance(name, str) else {}


class Tracker:
    """Collects the series while the caller folds (see :func:`track`)."""

    def __init__(self, pools: tuple[str, ...] = TRACKED) -> None:
        self.pools = pools
        self.tracks: dict[str, Track] = {}

    # --- what the fold reports ---------------------------------------------------------

    def begin(self, state: State, seq: int) -> None:
        """The values at the start of the window (after event ``seq``)."""
        for char in state.characters.values():
            self._character(char.id, state, seq, "start")
        for chase in state.chases:
            for p in chase.participants:
                if p.vehicle:
                    self._vehicle(chase.number, p.id, p.name, p.build, seq, "start")

    def observe(self, before: State, after: State, ev: Event, words: str | None = None, seq: int = 0) -> None:
        """One event folded: ``before`` → ``after``.  ``words`` and ``seq``: how the event is told and
        numbered when not in the GM's words (the players' recap: their reading, the public number)."""
        told = words  # the event in words, once (when a series takes a point)
        at = (seq or ev.seq) if words is not None else ev.seq
        if after.characters is not before.characters:
            tracks = self.tracks
            previous = before.characters
            get = previous.get
            characters = after.characters
            # (most events change one character, or none: the others are the same objects)
            for key, char in characters.items():
                old = get(key)
                if old is char:
                    continue
                track = tracks.get(key)
                if track is not None and old is None and track.name != char.name:
                    # an id taken again under another name (the players' view names a numbered NPC
                    # by what they saw: "Cultist 1" for the GM's "cultist 2" after an undone one):
                    # another character — its own row, the earlier one kept in its place
                    self.tracks = tracks = {(f"{k}\0{len(tracks)}" if k == key else k): t for k, t in tracks.items()}
                    track = None
                if track is None:
                    if told is None:
                        told = ev.describe(names_of(after) | created_name(ev))
                    self._character(key, after, at, told)
                    continue
                track.name, track.hidden = char.name, char.hidden
                current = char.current
                if old is None:
                    pools: dict[str, int] = {}
                elif old.current is current:  # (a condition, a skill: no pool moved)
                    continue
                else:
                    pools = old.current
                for pool in self.pools:
                    value = current.get(pool)  # (a pool's value is a number: None is a pool it has not)
                    if value is not None and pools.get(pool) != value:
                        if told is None:
                            told = ev.describe(names_of(after) | created_name(ev))
                        track.series.setdefault(pool, []).append(Point(at, value, told))
        if after.chases is not before.chases:
            for chase in after.chases:
                was = next((c for c in before.chases if c.number == chase.number), None)
                if was is chase:
                    continue
                for p in chase.participants:
                    if not p.vehicle:
                        continue
                    prev = was.participant(p.id) if was is not None else None
                    if prev is None or prev.build != p.build:
                        text = words if words is not None else ev.describe(names_of(after))
                        self._vehicle(chase.number, p.id, p.name, p.build, at, text)

    # --- series ----------------------------------------------------------------------------

    def _character(self, key: str, state: State, seq: int, text: str) -> None:
        char = state.characters[key]
        track = self.tracks.setdefault(key, Track(key=key, name=char.name, kind=char.kind, hidden=char.hidden, series={}))
        for pool in self.pools:
            if pool in char.current:
                track.series.setdefault(pool, []).append(Point(seq, char.current[pool], text))

    def _vehicle(self, chase: int, pid: str, name: str, build: float, seq: int, text: str) -> None:
        key = f"chase {chase}:{pid}"
        track = self.tracks.setdefault(key, Track(key=key, name=name, kind="vehicle", series={}))
        track.series.setdefault(BUILD, []).append(Point(seq, build, text))

    def result(self) -> list[Track]:
        return list(self.tracks.values())


def track(window: Iterable[Event], start: Projection | None = None, pools: tuple[str, ...] = TRACKED) -> list[Track]:
    """The series over ``window``, folded on from ``start`` (a projection just before it).

    ``start`` is consumed (folded forward); without it the window is folded
    from the empty state, so it must then begin with the log's first event.
    """
    proj = start if start is not None else Projection(checkpoint_every=0)
    tracker = Tracker(pools)
    tracker.begin(proj.state, proj.seq)
    for ev in window:
        before = proj.state
        proj.apply(ev)
        tracker.observe(before, proj.state, ev)
    return tracker.result()

