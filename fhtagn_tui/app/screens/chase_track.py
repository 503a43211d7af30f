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

SIDE_STYLE = {FLEE: "bold green", rc.PURSUE: "bold red"}
HAZARD_STYLE = {"regular": "yellow", "hard": "dark_orange", "extreme": "bold red"}
HAZARD_WORD = {"regular": "reg", "hard": "hard", "extreme": "extr"}


def short(p: Participant) -> str:
    """A participant as it fits a location: ``Harvey``, ``[Ford]`` for a vehicle."""
    if p.vehicle:
        return f"[{p.name[:CELL - 3]}]"
    return p.name[:CELL - 1]


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
    start += pan
    return max(lo, min(start, hi - count + 1)), count


def terrain(loc: Location) -> Text:
    """One location's ground, ``CELL - 1`` wide."""
    w = CELL - 1
    if loc.kind == rc.HAZARD:
        return Text(f"▲ {HAZARD_WORD.get(loc.difficulty, loc.difficulty)}".ljust(w), style=HAZARD_STYLE.get(loc.difficulty, "yellow"))
    if loc.kind == rc.BARRIER:
        if loc.broken:
            return Text("░ broken".ljust(w), style="grey50")
        return Text(f"█ {loc.hp} HP".ljust(w), style="bold magenta")
    return Text("─" * w, style="grey42")


def draw(chase: Chase, width: int, focus: Participant | None, turn: Participant | None, pan: int = 0) -> Text:
    """The track: numbers, ground, then up to ``MAX_STACK`` rows of participants."""
    start, count = window(chase, width, focus.position if focus else None, pan)
    lo, hi = extent(chase)
    cells = range(start, start + count)
    by_spot: dict[int, list[Participant]] = {}
    order = {pid: i for i, pid in enumerate(chase.order)}
    placed = chase.active if chase.started else ()  # nobody has a place before the start
    listed = sorted(placed, key=lambda p: (order.get(p.id, len(order)), p.side != FLEE))
    for p in listed:
        by_spot.setdefault(p.position, []).append(p)
    rows = max([1] + [min(len(by_spot.get(i, [])), MAX_STACK) for i in cells])

    numbers = Text("◀" if start > lo else " ", style="bold")
    ground = Text(" ")
    people = [Text(" ") for _ in range(rows)]
    for i in cells:
        here = focus is not None and focus.position == i
        numbers.append(f"{i:^{CELL - 1}}", style="bold reverse" if here else "bold")
        numbers.append(" ")
        ground.append_text(terrain(chase.location(i)))
        joined = i + 1 < start + count and chase.location(i).kind == rc.OPEN and chase.location(i + 1).kind == rc.OPEN
        ground.append("─" if joined else " ", style="grey42")
        spot = by_spot.get(i, [])
        shown = spot[:MAX_STACK]
        if len(spot) > MAX_STACK:
            shown = spot[:MAX_STACK - 1]
        for row in range(rows):
            line = people[row]
            if row < len(shown):
                p = shown[row]
                style = SIDE_STYLE.get(p.side, "")
                if focus is not None and p.id == focus.id:
                    style += " reverse"
                if turn is not None and p.id == turn.id:
                    style += " underline"
                label = short(p)
                line.append(label, style=style)
                line.append(" " * (CELL - len(label)))
            elif row == len(shown) and len(spot) > len(shown):
                line.append(f"+{len(spot) - len(shown)} more".ljust(CELL))
            else:
                line.append(" " * CELL)
    if start + count - 1 < hi:
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
