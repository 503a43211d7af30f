"""The Engine: one action end to end.

``text → parse → decide(state, command, dice) → stamp → sink.append (durable)
→ fold``.  The CLI, the app and the tests all act through an Engine, so the
same path is exercised everywhere.  The sink is the campaign store (fsync'd
appends) or, in tests, a list in memory.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Protocol

import msgspec
from msgspec.structs import replace

from fhtagn_tui.commands import Parsed, ParseError, parse
from fhtagn_tui.domain.codec import encode
from fhtagn_tui.domain.commands import Command
from fhtagn_tui.domain.decide import Rejected, decide
from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.features.campaign import CreateCampaign, SessionStarted
from fhtagn_tui.domain.history import Projection, Redo, Undo, names_of
from fhtagn_tui.domain.state import State
from fhtagn_tui.rules.dice import (
    Dice,
    DiceError,
    DiceSource,
    ForcedSource,
    ProbeSource,
    RandomSource,
    needed_text,
)


class EventSink(Protocol):
    """Where stamped events go; ``append`` returns only once they are durable."""

    @property
    def next_seq(self) -> int: ...

    def append(self, events: Sequence[Event]) -> None: ...


class MemorySink:
    """An in-memory log (tests, previews)."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    @property
    def next_seq(self) -> int:
        return len(self.events) + 1

    def append(self, events: Sequence[Event]) -> None:
        for ev in events:
            encode(ev)  # the same serialisation check a file store does
        self.events.extend(events)


class Outcome(msgspec.Struct):
    """What one command line did."""

    text: str  # the command as typed
    events: list[Event] = []
    answer: str = ""  # the output of a query (help, char list)

    def lines(self, names: dict[str, str]) -> list[str]:
        if self.answer:
            return [self.answer]
        return [ev.describe(names) for ev in self.events]


class Engine:
    def __init__(
        self,
        sink: EventSink,
        events: Sequence[Event] = (),
        source: DiceSource | None = None,
        clock: Callable[[], float] = time.time,
        readonly: bool = False,
        projection: Projection | None = None,
    ) -> None:
        """``projection``: the log already folded (then ``events`` is not used)."""
        self.sink = sink
        if projection is None:
            projection = Projection()
            projection.apply_all(events)
        self.projection = projection
        self.source: DiceSource = source if source is not None else RandomSource()
        self.clock = clock
        self.readonly = readonly
        self.listeners: list[Callable[[list[Event]], None]] = []

    # --- construction -----------------------------------------------------------

    @classmethod
    def memory(cls, system: str, name: str = "test", source: DiceSource | None = None) -> Engine:
        """A fresh campaign in memory (for tests and previews)."""
        engine = cls(MemorySink(), source=source, clock=lambda: 0.0)
        engine.run(CreateCampaign(name=name, system=system))
        return engine

    # --- reading ----------------------------------------------------------------

    @property
    def state(self) -> State:
        return self.projection.state

    @property
    def names(self) -> dict[str, str]:
        return names_of(self.state)

    # --- acting -----------------------------------------------------------------

    def execute(self, text: str, dice: Sequence[int | str] | None = None) -> Outcome:
        """Parse and run one command line.

        ``dice`` forces the dice (tests); ``roll=…`` in the text types them in.
        Raises :class:`ParseError` or :class:`Rejected`; nothing is appended then.
        """
        parsed: Parsed = parse(text)
        if parsed.query is not None:
            return Outcome(text=text, answer=parsed.query.run(self.state))
        assert parsed.command is not None
        typed = parsed.dice
        if dice is not None:
            typed = [str(d) for d in dice] if typed is None else typed
        events = self.run(parsed.command, typed=typed, secret=parsed.secret)
        return Outcome(text=text, events=events)

    def run(self, command: Command, typed: Sequence[int | str] | None = None, secret: bool = False) -> list[Event]:
        """Decide, append durably, then fold.  Returns the stamped events."""
        if self.readonly:
            raise Rejected("this campaign is open read-only: nothing can be changed here")
        events = self._decide(command, typed)
        stamped = self._stamp(events, secret)
        self.sink.append(stamped)  # durable before anything is shown
        for ev in stamped:
            self.projection.apply(ev)
        for listener in list(self.listeners):
            listener(stamped)
        return stamped

    def _decide(self, command: Command, typed: Sequence[int | str] | None) -> list[Event]:
        if isinstance(command, Undo):
            return [self.projection.undo_event()]
        if isinstance(command, Redo):
            return [self.projection.redo_event()]
        strict = typed is not None
        source = ForcedSource(typed or (), then=None if strict else self.source)
        dice = Dice(source)
        try:
            events = decide(self.state, command, dice)
        except (DiceError, Rejected) as exc:
            if strict and source.short is not None:  # the typed-in dice ran out: name every die still needed
                raise Rejected(self._missing(command, list(typed or ()))) from None
            if isinstance(exc, Rejected):
                raise
            raise Rejected(str(exc)) from None
        if strict and source.remaining:
            raise Rejected(
                f"{source.remaining} typed-in dice were not needed: this needs {len(dice.drawn)} "
                f"({', '.join(f'{r.die} for {r.purpose}' for r in dice.drawn)})"
            )
        undrawn = dice.take()
        if undrawn and events:
            # dice drawn but not attached by the decider: keep them on the last event
            last = events[-1]
            events[-1] = replace(last, dice=tuple(last.dice) + tuple(undrawn))
        if not events:
            raise Rejected("nothing to do")
        return events

    def _missing(self, command: Command, typed: list[int | str]) -> str:
        """The refusal for too few typed-in dice: every die still needed, in draw order, found
        by running the rule on with stand-in dice (a failing face each)."""
        probe = ProbeSource()
        try:
            decide(self.state, command, Dice(ForcedSource(typed, then=probe)))
        except (DiceError, Rejected):
            pass
        given = f"{len(typed)} given" if typed else "none given"
        if not probe.wanted:
            return f"not enough dice typed in ({given}); give every die with roll=…"
        return (f"not enough dice typed in ({given}); still needed, in order (if each roll goes badly): "
                f"{needed_text(probe.wanted)} "
                f"— give them all with roll=…")

    def _stamp(self, events: list[Event], secret: bool) -> list[Event]:
        seq = self.sink.next_seq
        now = self.clock()
        session = self.state.session_number
        out = []
        for i, ev in enumerate(events):
            if isinstance(ev, SessionStarted):
                session = ev.number  # a started session belongs to itself
            out.append(replace(ev, seq=seq + i, ts=now, session=session, group=seq, secret=ev.secret or secret))
        return out

    # --- following (read-only views) ----------------------------------------------

    def absorb(self, events: Sequence[Event]) -> None:
        """Fold events appended by another process (a follower's refresh)."""
        for ev in events:
            self.projection.apply(ev)
        if events:
            for listener in list(self.listeners):
                listener(list(events))


__all__ = ["Engine", "EventSink", "MemorySink", "Outcome", "ParseError", "Rejected"]
