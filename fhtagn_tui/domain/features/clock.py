"""Game time (issue 31): the campaign clock, and the conditions that end by themselves.

``time +2h`` (or ``+10m``, ``+1d``, ``next morning``) moves the clock; every lasting condition whose
time is up ends in the same action, each with an event that says why (or, where the rule calls for
a roll at the end — a GURPS coma's HT roll — the roll is owed instead: ``domain/owed.py``).  A fight's
round end counts the round-long ones down (a CoC bout of madness of 1D10 rounds) and moves the clock
where the rules give a round its length (a GURPS turn is a second).  The lengths come from the rule
that set the condition (``LastingSet.rules``) or from the GM (``cond add NAME X for=3r``).

Pure: the events carry the times, the evolvers only write them down; one undo takes a time step
back with everything that ended in it.
"""


from msgspec.structs import replace

from fhtagn_tui.rules import clock as rc
from fhtagn_tui.rules.dice import Dice
from fhtagn_tui.rules.gurps.fright import Timer
from fhtagn_tui.rules.quoting import quote

from ..commands import Command
from ..decide import Rejected, decider, evolve, evolver
from ..events import Event
from ..state import State

# --- events -------------------------------------------------------------------------------------


class ClockAdvanced(Event):
    """Game time passes (``time``, a fight's round, a hazard's interval)."""

    kind_label = "time passes"

    old: int
    new: int
    why: str = ""

    def describe(self, names: dict[str, str]) -> str:
        why = f" ({self.why})" if self.why else ""
        return f"Time passes: {rc.show(self.old)} → {rc.show(self.new)}, +{rc.span(self.new - self.old)}{why}"


class RoundTimePassed(ClockAdvanced):
    """The game time a fight's round takes (GURPS: a second), told at the round's end.  Part of the
    fight's course (``within``): a secret fight's rounds keep it from players, as they keep the round."""

    within = "fight"


class LastingSet(Event):
    """A condition's length: from now on the clock (``seconds``) or the fight's rounds (``rounds``)."""

    kind_label = "duration"

    character: str
    condition: str
    seconds: int = 0
    rounds: int = 0
    due: str = ""  # what its end calls for instead of ending it ("HT roll")
    note: str = ""

    def describe(self, names: dict[str, str]) -> str:
        who = names.get(self.character, self.character)
        length = f"{self.rounds} round{'s' if self.rounds != 1 else ''}" if self.rounds else rc.span(self.seconds)
        then = f", then {self.due}" if self.due else ""
        by = f" ({', '.join(self.rules)})" if self.rules else " (the GM's)"
        return f"{who}: {self.condition} for {length}{then}{by}" + (f" — {self.note}" if self.note else "")


class LastingEnded(Event):
    """A lasting condition's time is up: it ends (or, with ``due``, the roll its rule calls for is owed)."""

    kind_label = "duration over"

    character: str
    condition: str
    why: str  # "its 5h are up", "3 rounds are over"
    due: str = ""

    def describe(self, names: dict[str, str]) -> str:
        who = names.get(self.character, self.character)
        if self.due:
            return f"{who}: {self.condition} — {self.why}; {self.due} now (the condition stays until it is made)"
        return f"{who}: no longer {self.condition} — {self.why}"


class RoundCounted(Event):
    """The end of a fight's round counts the round-long conditions down by one."""

    kind_label = "round counted"
    within = "fight"  # the fight's course: a secret fight's rounds keep it from players

    round: int

    def describe(self, names: dict[str, str]) -> str:
        return f"Round {self.round} over: conditions that last rounds count down"


# --- commands -----------------------------------------------------------------------------------


class AdvanceClock(Command):
    label = "time passes"
    amount: str  # "+2h", "10m", "next morning"
    why: str = ""


# --- what ends ----------------------------------------------------------------------------------


def expired(state: State) -> list[Event]:
    """The ends of every clock-timed condition whose time is up on ``state``'s clock, earliest first."""
    out: list[Event] = []
    for lasting in sorted(state.lasting, key=lambda x: x.until):
        if lasting.over or lasting.rounds or lasting.until > state.clock:
            continue
        why = f"its {rc.span(lasting.length)} are up" if lasting.length else "its time is up"
        why += f" ({rc.show(lasting.until)})"
        out.append(LastingEnded(character=lasting.character, condition=lasting.condition, why=why, due=lasting.due,
                                rules=(lasting.rule,) if lasting.rule else (), secret=lasting.secret))
    return out


def pass_time(state: State, seconds: int, why: str, kind: type[ClockAdvanced] = ClockAdvanced) -> list[Event]:
    """``seconds`` of game time, and every end it brings (``kind``: a round's is :class:`RoundTimePassed`)."""
    if seconds <= 0:
        return []
    moved = kind(old=state.clock, new=state.clock + seconds, why=why)
    events: list[Event] = [moved, *expired(evolve(state, moved))]
    if state.system == "coc7" and (state.clock + seconds) // rc.DAY > state.clock // rc.DAY:
        events += _new_sanity_day(state, events)
    return events


def _new_sanity_day(state: State, events: list[Event]) -> list[Event]:
    """A CoC game day that begins on the clock begins for indefinite insanity too (COC-INSANITY-03: the
    loss "within one game day" counts from the SAN at the start of the day), in the same action."""
    from .coc_insanity import SanityDayStarted  # (coc_insanity imports this module)

    after = state
    for ev in events:
        after = evolve(after, ev)
    starts = {c.id: c.current["SAN"] for c in after.characters.values() if "SAN" in c.current}
    return [SanityDayStarted(starts=starts, rules=("COC-INSANITY-03",))] if starts else []


def round_end(state: State, dice: Dice) -> list[Event]:
    """At a fight's round end (every system): round-long conditions count down and end; the clock
    moves by a round where the rules give it a length (GURPS, a second)."""
    enc = state.encounter
    number = enc.round if enc is not None else 0
    events: list[Event] = []
    counting = [x for x in state.lasting if x.rounds and not x.over]
    if counting:
        events.append(RoundCounted(round=number))
        for x in counting:
            if x.rounds == 1:
                events.append(LastingEnded(character=x.character, condition=x.condition, due=x.due,
                                           why=f"its {x.length} round{'s' if x.length != 1 else ''} are over "
                                               f"(round {number})",
                                           rules=(x.rule,) if x.rule else (), secret=x.secret))
    seconds = rc.ROUND_SECONDS.get(state.system, 0)
    if seconds:
        after = state
        for ev in events:
            after = evolve(after, ev)
        events += pass_time(after, seconds, f"round {number}", RoundTimePassed)
    return events


# --- deciders -----------------------------------------------------------------------------------


@decider(AdvanceClock)
def _advance(state: State, cmd: AdvanceClock, dice: Dice) -> list[Event]:
    text = " ".join(cmd.amount.split()).casefold()
    if text in ("next morning", "morning", "tomorrow morning"):
        seconds = rc.until_morning(state.clock)
        why = cmd.why or "until the next morning"
    else:
        try:
            seconds, rounds = rc.parse(text)
        except ValueError as exc:
            raise Rejected(f"time: {exc}, or 'next morning'") from None
        if rounds:
            raise Rejected("time moves in seconds, minutes, hours or days (+10m, +2h, +1d); rounds pass in a fight "
                           "('fight next')")
        why = cmd.why
    for char in state.characters.values():  # a dying investigator rolls CON every round: time cannot jump over it
        if state.system == "coc7" and char.has("dying") and not char.has("dead") and not char.has("stabilised"):
            who = quote(char.name)
            raise Rejected(f"{char.name} is dying (COC-PARTY-04): a CON roll every round ('dying {who}'), failure is "
                           f"death, until First Aid stabilises them ('firstaid HEALER {who}') — time cannot pass over "
                           f"that; nothing changed")
    events = pass_time(state, seconds, why)
    # what lasts rounds is over once time passes outside a fight's count (no rule gives a round a length)
    ending = {(e.character, e.condition) for e in events if isinstance(e, LastingEnded)}
    for x in state.lasting:
        if x.rounds and not x.over and (x.character, x.condition) not in ending:
            events.append(LastingEnded(character=x.character, condition=x.condition, due=x.due,
                                       why=f"its {x.rounds} round{'s' if x.rounds != 1 else ''} left are over: "
                                           f"{rc.span(seconds)} passed", rules=(x.rule,) if x.rule else (),
                                       secret=x.secret))
    return events


# --- evolvers -----------------------------------------------------------------------------------


@evolver(ClockAdvanced, RoundTimePassed)
def _ev_clock(state: State, ev: ClockAdvanced) -> State:
    return replace(state, clock=ev.new)


@evolver(LastingSet)
def _ev_set(state: State, ev: LastingSet) -> State:
    kept = tuple(x for x in state.lasting if (x.character, x.condition) != (ev.character, ev.condition))
    lasting = rc.Lasting(character=ev.character, condition=ev.condition, rounds=ev.rounds,
                         until=state.clock + ev.seconds if not ev.rounds else 0,
                         rule=ev.rules[0] if ev.rules else "", due=ev.due, length=ev.rounds or ev.seconds,
                         secret=ev.secret)
    return replace(state, lasting=kept + (lasting,))


@evolver(LastingEnded)
def _ev_ended(state: State, ev: LastingEnded) -> State:
    key = (ev.character, ev.condition)
    if ev.due:  # the roll is owed; the condition stays
        lasting = tuple(replace(x, over=True, rounds=0) if (x.character, x.condition) == key else x
                        for x in state.lasting)
        return replace(state, lasting=lasting)
    state = replace(state, lasting=tuple(x for x in state.lasting if (x.character, x.condition) != key))
    char = state.characters.get(ev.character)
    if char is None or ev.condition not in char.conditions:
        return state
    timers: tuple[Timer, ...] = tuple(t for t in char.mind.timers if t.condition != ev.condition)
    mind = replace(char.mind, timers=timers) if len(timers) != len(char.mind.timers) else char.mind
    return state.with_character(replace(
        char, conditions=tuple(c for c in char.conditions if c != ev.condition),
        since={k: v for k, v in char.since.items() if k != ev.condition}, mind=mind,
    ))


@evolver(RoundCounted)
def _ev_round(state: State, ev: RoundCounted) -> State:
    return replace(state, lasting=tuple(replace(x, rounds=x.rounds - 1) if x.rounds > 1 and not x.over else x
                                        for x in state.lasting))


def forget(state: State, character: str, condition: str) -> State:
    """``state`` without the length of ``character``'s ``condition`` (the condition was taken away)."""
    if not any((x.character, x.condition) == (character, condition) for x in state.lasting):
        return state
    return replace(state, lasting=tuple(x for x in state.lasting if (x.character, x.condition) != (character, condition)))


__all__ = ["AdvanceClock", "ClockAdvanced", "LastingEnded", "LastingSet", "RoundCounted", "RoundTimePassed", "expired", "forget",
           "pass_time", "round_end"]
