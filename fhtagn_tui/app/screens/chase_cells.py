"""The Chase tab's table cells and result line, drawn from the state (pure: Rich text only)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.features.campaign import PoolChanged
from fhtagn_tui.domain.features.chase import ChaseEvent
from fhtagn_tui.domain.state import State
from fhtagn_tui.domain.systems import derived, pool_max
from fhtagn_tui.rules.coc import vehicles as rv
from fhtagn_tui.rules.coc.chase import FLEE, Chase, Participant

from .chase_track import SIDE_STYLE


def is_chase_event(ev: Event) -> bool:
    return isinstance(ev, ChaseEvent) or (isinstance(ev, PoolChanged) and ev.reason.startswith("chase:"))


def result_line(events: Sequence[Event], names: dict[str, str]) -> str:
    """The last chase result in words ('' when none of ``events`` is about a chase)."""
    return " · ".join(ev.describe(names) for ev in events if is_chase_event(ev))


def person_build(state: State, cid: str) -> int | None:
    char = state.characters.get(cid)
    if char is None or not char.stats:  # not known (a hidden NPC in the players' view)
        return None
    value = derived(state.system, char).get("Build")
    return int(value) if isinstance(value, int | float) else None


def build_text(p: Participant, state: State) -> Text:
    if not p.vehicle:
        build = person_build(state, p.character)
        return Text("–" if build is None else str(build), style="grey70")
    text = Text(f"{rv.format_build(p.build)}/{rv.format_build(p.start_build)}")
    if p.status == "wrecked":
        text.append(" wreck", style="bold red")
    elif p.status == "halted":
        text.append(" halt", style="bold red")
    elif rv.impaired(p.build, p.start_build):
        text.append(" imp", style="yellow")
    return text


def hp_text(p: Participant, state: State) -> Text:
    char = state.characters.get(p.character)
    if char is None or not char.stats:
        return Text("?" if char is not None else "–", style="grey50")
    hp = char.current.get("HP", 0)
    top = pool_max(state.system, char, "HP") or 0
    style = "red" if top and hp * 2 < top else ""
    return Text(f"{hp}/{top}", style=style)


def actions_text(p: Participant, started: bool) -> Text:
    if not p.active or not started:
        return Text("–", style="grey50")
    text = Text(f"{p.actions}/{p.allowance}")
    if p.deficit:
        text.append(f" −{p.deficit}", style="red")
    return text


def role_text(p: Participant) -> Text:
    if p.active:
        return Text("flee" if p.side == FLEE else "pursue", style=SIDE_STYLE.get(p.side, ""))
    return Text(p.status, style="grey50")


def table_order(chase: Chase) -> list[Participant]:
    """DEX order first (a running chase), then the rest in entry order."""
    first = [chase.participant(pid) for pid in chase.order]
    ordered = [p for p in first if p is not None and p.active]
    seen = {p.id for p in ordered}
    return ordered + [p for p in chase.participants if p.id not in seen]
