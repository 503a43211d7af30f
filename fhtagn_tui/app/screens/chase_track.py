"""The chase track drawn as text: a window of locations with who stands where.

Pure drawing (Rich ``Text`` from a :class:`Chase`); the Chase tab decides the width,
whom to keep in view and how far the Keeper has panned.
"""

from __future__ import annotations

from rich.text import Text

from fhtagn_tui.rules.coc import chase as rc
from fhtagn_tui.rules.coc.chase import FLEE, Chase, Location, Participant

CELL = 9  # characters per location, the gap included
MAX_STACK = 3  # participants drawn per location before "+N"
MAX_TALL_STACK = 10  # …and at most this many where the tab has the height

SIDE_STYLE = {FLEE: "bold green", rc.PURSUE: "bold red"}
HAZARD_STYLE = {"regular": "yellow", "hard": "dark_orange", "extreme": "bold red"}
HAZARD_WORD = {"regular": "reg", "hard": "hard", "extreme": "extr"}


NAME_MAX = 16  # a location widens for a longer name up to this, then the name ends in …


def short(p: Participant, room: int = CELL - 1) -> str:
    """A participant as it fits ``room`` columns: ``Harvey``, ``[Ford]`` for a vehicle, … when cut."""
    name = f"[{p.name}]" if p.vehicle else p.name
    if len(name) <= room:
        return name
    return name[: room - 2] + "…]" if p.vehicle else name[: room - 1] + "…"


def current_actor(chase: Chase) -> Participant | None:
    """Whose turn it is: the first in DEX order still in, with movement actions left."""
    if not chase.started or chase.ended:
        return None
    for pid in chase.order:
        p = chase.participant(pid)
        if p is not None and p.active and p.actions > 0:
            return p
    return None


def extent(chase: Chase) -> tuple[int, int]:
    """The first and last location worth drawing (one open location past the lead)."""
    spots = [p.position for p in chase.active if chase.started] + [loc.index for loc in chase.locations]
    lo = min([0, *spots])
    hi = max([1, *spots]) + 1
    return lo, hi


def window(chase: Chase, width: int, focus: int | None, pan: int = 0) -> tuple[int, int]:
    """(first location, how many) that fit ``width``, keeping ``focus`` in view before any pan."""
    lo, hi = extent(chase)
    count = max(1, (width - 1) // CELL)  # a gutter each side; the last cell needs no gap
    total = hi - lo + 1
    if total <= count:
        return lo, total
    start = lo if focus is None else focus - count // 3  # more room ahead: everybody moves forward
    spots = [p.position for p in chase.active if chase.started] + ([focus] if focus is not None else [])
    if spots and max(spots) - min(spots) < count:  # everybody fits: nobody is left off the screen
        start = max(max(spots) - count + 1, min(start, min(spots)))
    start += pan
    return max(lo, min(start, hi - count + 1)), count


def terrain(loc: Location, w: int = CELL - 1) -> Text:
    """One location's ground, ``w`` wide."""
    if loc.kind == rc.HAZARD:
        return Text(f"▲ {HAZARD_WORD.get(loc.difficulty, loc.difficulty)}".ljust(w), style=HAZARD_STYLE.get(loc.difficulty, "yellow"))
    if loc.kind == rc.BARRIER:
        if loc.broken:
            return Text("░ broken".ljust(w), style="grey50")
        return Text(f"█ {loc.hp} HP".ljust(w), style="bold magenta")
    return Text("─" * w, style="grey42")


Column = tuple[int, int, int]  # (first location, last location, width): one location, or a run of empty ones


def _placed(chase: Chase) -> dict[int, list[Participant]]:
    by_spot: dict[int, list[Participant]] = {}
    order = {pid: i for i, pid in enumerate(chase.order)}
    placed = chase.active if chase.started else ()  # nobody has a place before the start
    for p in sorted(placed, key=lambda p: (order.get(p.id, len(order)), p.side != FLEE)):
        by_spot.setdefault(p.position, []).append(p)
    return by_spot


def _cell_width(spot: list[Participant]) -> int:
    """A location as wide as its longest name (up to ``NAME_MAX``), at least ``CELL``."""
    longest = max((len(f"[{p.name}]" if p.vehicle else p.name) for p in spot[:MAX_STACK]), default=0)
    return max(CELL, min(longest, NAME_MAX) + 1)


def columns(chase: Chase, width: int, focus: int | None) -> list[Column] | None:
    """Every location from the last pursuer to past the lead in ``width``, or None when they cannot fit.

    Each location is as wide as the names standing on it; when that is too wide, runs of two or more
    empty open locations are drawn as one narrow ``4‥7`` column, so that nobody leaves the screen."""
    lo, hi = extent(chase)
    by_spot = _placed(chase)
    whole = [(i, i, _cell_width(by_spot.get(i, []))) for i in range(lo, hi + 1)]
    if 1 + sum(w for _a, _b, w in whole) <= width:
        return whole

    def empty(i: int) -> bool:
        return (lo < i < hi and i != focus and not by_spot.get(i) and chase.location(i).kind == rc.OPEN)

    out: list[Column] = []
    i = lo
    while i <= hi:
        j = i
        while j + 1 <= hi and empty(i) and empty(j + 1):
            j += 1
        if j > i:
            out.append((i, j, len(f"{i}‥{j}") + 1))
        else:
            out.append(whole[i - lo])
        i = j + 1
    return out if 1 + sum(w for _a, _b, w in out) <= width else None


def draw(chase: Chase, width: int, focus: Participant | None, turn: Participant | None, pan: int = 0,
         stack: int = MAX_STACK) -> Text:
    """The track: numbers, ground, then up to ``stack`` rows of participants (``MAX_STACK``; more
    when the tab has the height).

    All of it when it fits (empty stretches compressed); else a window of ``CELL``-wide locations
    that keeps ``focus`` in view and pans."""
    lo, hi = extent(chase)
    fitted = columns(chase, width, focus.position if focus else None)
    if fitted is None:
        start, count = window(chase, width, focus.position if focus else None, pan)
        fitted = [(i, i, CELL) for i in range(start, start + count)]
    start, end = fitted[0][0], fitted[-1][1]
    by_spot = _placed(chase)
    rows = max([1] + [min(len(by_spot.get(a, [])), stack) for a, _b, _w in fitted])

    numbers = Text("◀" if start > lo else " ", style="bold")
    ground = Text(" ")
    people = [Text(" ") for _ in range(rows)]
    for n, (i, last, w) in enumerate(fitted):
        if last > i:  # a run of empty open locations, drawn narrow
            numbers.append(f"{i}‥{last}".center(w - 1), style="grey50")
            numbers.append(" ")
            ground.append("┄" * (w - 1) + " ", style="grey42")
            for line in people:
                line.append(" " * w)
            continue
        here = focus is not None and focus.position == i
        numbers.append(f"{i:^{w - 1}}", style="bold reverse" if here else "bold")
        numbers.append(" ")
        ground.append_text(terrain(chase.location(i), w - 1))
        following = fitted[n + 1] if n + 1 < len(fitted) else None
        joined = (following is not None and chase.location(i).kind == rc.OPEN
                  and chase.location(following[0]).kind == rc.OPEN)
        ground.append("─" if joined else " ", style="grey42")
        spot = by_spot.get(i, [])
        shown = spot[:stack]
        if len(spot) > stack:
            shown = spot[:stack - 1]
        for row in range(rows):
            line = people[row]
            if row < len(shown):
                p = shown[row]
                style = SIDE_STYLE.get(p.side, "")
                if focus is not None and p.id == focus.id:
                    style += " reverse"
                if turn is not None and p.id == turn.id:
                    style += " underline"
                label = short(p, w - 1)
                line.append(label, style=style)
                line.append(" " * (w - len(label)))
            elif row == len(shown) and len(spot) > len(shown):
                line.append(f"+{len(spot) - len(shown)} more".ljust(w))
            else:
                line.append(" " * w)
    if end < hi:
        numbers.pad_right(max(0, width - 1 - numbers.cell_len))
        numbers.append("▶", style="bold")
    out = Text("\n").join([numbers, ground, *people])
    out.no_wrap = True
    return out


def ahead_text(chase: Chase, p: Participant | None) -> Text:
    """What lies in front of one participant: the next location in words."""
    if p is None:
        return Text("")
    if not p.active:
        return Text(f"{p.name}: {p.status}", style="grey50")
    loc = chase.location(p.position + 1)
    text = Text(f"{p.name} at {p.position} · ahead ({loc.index}): ", style="grey70")
    if loc.kind == rc.HAZARD:
        text.append(f"{loc.difficulty} hazard", style=HAZARD_STYLE.get(loc.difficulty, "yellow"))
    elif loc.kind == rc.BARRIER and not loc.broken:
        text.append(f"barrier {loc.hp} HP", style="bold magenta")
    elif loc.kind == rc.BARRIER:
        text.append("broken barrier (open)")
    else:
        text.append("open")
    details = [x for x in (repr(loc.name) if loc.name else "", loc.skill, loc.damage and f"{loc.damage} damage") if x]
    if details:
        text.append(" " + ", ".join(details), style="grey70")
    return text
