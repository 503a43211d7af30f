"""Game time: ``time`` (issue 31)."""

from __future__ import annotations

from fhtagn_tui.domain.features.clock import AdvanceClock
from fhtagn_tui.domain.state import State
from fhtagn_tui.rules import clock as rc

from .language import Args, Query, command


def clock_text(state: State) -> str:
    """The clock and every lasting condition, with what is left of it."""
    lines = [f"Game time: {rc.show(state.clock)}"]
    for x in sorted(state.lasting, key=lambda x: (x.over, x.rounds or 0, x.until)):
        char = state.characters.get(x.character)
        who = char.name if char is not None else x.character
        by = f" ({x.rule})" if x.rule else ""
        when = "" if x.over or x.rounds else f", until {rc.show(x.until)}"
        lines.append(f"  {who}: {x.condition} — {x.left(state.clock)}{when}{by}")
    if len(lines) == 1:
        lines.append("  nothing lasting (cond add NAME CONDITION for=3r|10m|2h gives a condition a length)")
    return "\n".join(lines)


@command(
    "time",
    "time [+10m|+2h|+1d|next morning] [why=TEXT]",
    "the campaign clock: show it, or let game time pass (conditions whose time is up end by themselves)",
    details="Durations: s (seconds), m (minutes), h (hours), d (days). 'time next morning' moves to the next 07:00.\n"
    "A fight's round ends count down conditions that last rounds; a GURPS turn also moves the clock a second "
    "(the CoC and FHTAGN rules give a round no length: let time pass after the fight).\n"
    "A condition whose rule calls for a roll at its end (a GURPS coma's HT roll) stays, and the roll is owed.\n"
    "'undo' takes a time step back with everything that ended in it.",
    examples=("time", "time +10m", "time +2h why=\"the drive to Arkham\"", "time next morning"),
    aliases=("clock",),
)
def _time(args: Args) -> AdvanceClock | Query:
    amount = " ".join(args.positional)
    why = args.opt("why", "") or ""
    if not amount:
        return Query(run=clock_text)
    return AdvanceClock(amount=amount, why=why)
