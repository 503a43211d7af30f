"""The Engine: one action end to end.

``text → parse → decide(state, command, dice) → stamp → sink.append (durable)
→ fold``.  The CLI, the app and the tests all act through an Engine, so the
same path is exercised everywhere.  The sink is the campaign store (fsync'd
appends) or, in tests, a list in memory.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import msgspec
from msgspec.structs import replace

from fhtagn_tui.domain import replay
from fhtagn_tui.domain.codec import encode
from fhtagn_tui.domain.commands import Command
from fhtagn_tui.domain.decide import Rejected, decide
from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.features.privacy import SetPrivacy
from fhtagn_tui.domain.features.reveal import Reveal, Revealed
from fhtagn_tui.domain.history import Redo, Undo
from fhtagn_tui.domain.replay import Projection, names_of
from fhtagn_tui.domain.state import State
from fhtagn_tui.domain.text import TextRefused, check_command
from fhtagn_tui.rules.dice import (
    Dice,
    DiceError,
    DiceSource,
    ForcedSource,
    ProbeSource,
    RandomSource,
    needed_text,
)

if TYPE_CHECKING:
    from fhtagn_tui.commands import Parsed
    from fhtagn_tui.domain.features.bestiary import Entry

#: Commands that act on the log as it stands: never secret (``commands.language.NEVER_SECRET``).
NEVER_SECRET: tuple[type[Command], ...] = (Undo, Redo, Reveal, SetPrivacy)


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

    def events_between(self, start_seq: int, stop_seq: int) -> list[Event]:
        """Events with ``start_seq <= seq < stop_seq`` (like the campaign store's)."""
        return self.events[max(0, start_seq - 1) : max(0, stop_seq - 1)]


class Outcome(msgspec.Struct):
    """What one command line did."""

    text: str  # the command as typed
    events: list[Event] = []
    answer: str = ""  # the output of a query (help, char list)
    waiting: str = ""  # what the command left waiting on the GM's word (e.g. who may escape a chase)

    def lines(self, names: dict[str, str]) -> list[str]:
        if self.answer:
            return [self.answer]
        return [ev.describe(names) for ev in self.events] + ([self.waiting] if self.waiting else [])


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
            projection = replay.fold(events, checkpoint_every=1000)
        self.projection = projection
        self.source: DiceSource = source if source is not None else RandomSource()
        self.clock = clock
        self.readonly = readonly
        self.listeners: list[Callable[[list[Event]], None]] = []
        path = getattr(sink, "path", None)
        #: where the GM's own bestiary files are looked for (the campaign's saves folder)
        self.saves_dir: Path | None = path.parent if isinstance(path, Path) else None
        self.campaign_file = path.name.removesuffix(".fhtagn") if isinstance(path, Path) else ""
        #: inside :meth:`one_action`: the group every command joins (0 until the first is done)
        self._joining: int | None = None
        self._last_group: int | None = None  # the group of the last action run here (one_action's continuing)
        self._last_secret = False  # whether that action is secret (its first command was)
        self._action_secret = False  # inside one_action: whether the action is secret (as a whole)

    # --- construction -----------------------------------------------------------

    @classmethod
    def memory(cls, system: str, name: str = "test", source: DiceSource | None = None) -> Engine:
        """A fresh campaign in memory (for tests and previews)."""
        from fhtagn_tui.domain.features.campaign import CreateCampaign

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

    def execute(self, text: str, dice: Sequence[int | str] | None = None, secret: bool = False) -> Outcome:
        """Parse and run one command line.

        ``dice`` forces the dice (tests); ``roll=…`` in the text types them in.  ``secret``: the
        command is secret (as the word ``secret`` in the line makes it; a query is never changed).
        Raises :class:`ParseError` or :class:`Rejected`; nothing is appended then.
        """
        # the command language (every command's module) loads with the first line run, not at
        # start-up: a view that only reads never parses one
        from fhtagn_tui.commands import ParseError, parse

        try:
            parsed: Parsed = parse(text)
        except ParseError:
            raise
        except (OverflowError, ValueError, RecursionError) as exc:  # a number or die no rule can hold
            raise ParseError(f"{text[:60]!r} cannot be read ({type(exc).__name__}: {str(exc)[:120]})") from None
        if parsed.query is not None:
            try:
                if parsed.query.book is not None:
                    return Outcome(text=text, answer=parsed.query.book(self.state, self.bestiary()))
                if parsed.query.log is not None:
                    return Outcome(text=text, answer=parsed.query.log(self.state, self.events_between))
                return Outcome(text=text, answer=parsed.query.run(self.state))
            except (OverflowError, ValueError, RecursionError) as exc:
                raise Rejected(f"this cannot be worked out ({type(exc).__name__}: {str(exc)[:120]})") from None
        assert parsed.command is not None
        typed = parsed.dice
        if dice is not None:
            typed = [str(d) for d in dice] if typed is None else typed
        events = self.run(parsed.command, typed=typed, secret=parsed.secret or secret)
        return Outcome(text=text, events=events, waiting=parsed.command.waiting(self.state, events) if events else "")

    def run(self, command: Command, typed: Sequence[int | str] | None = None, secret: bool = False) -> list[Event]:
        """Decide, append durably, then fold.  Returns the stamped events."""
        if self.readonly:
            raise Rejected("this campaign is open read-only: nothing can be changed here")
        command = _with_files(command)
        try:
            check_command(command)  # forms build commands without the parser: the same bounds here
        except TextRefused as exc:
            raise Rejected(str(exc)) from None
        # (the feature modules of these commands load when first needed: not at start-up)
        from fhtagn_tui.domain.features.asks import AskRoll

        if secret and isinstance(command, AskRoll):
            # a secret request: the players see it and roll, only the GM sees the results
            command, secret = replace(command, hidden=True), False
        if secret and isinstance(command, NEVER_SECRET):
            raise Rejected(f"{type(command).__name__.lower()} cannot be secret: it acts on the log as it stands")
        joining = self._joining if not isinstance(command, Undo | Redo) else None
        if joining and self._action_secret and not isinstance(command, NEVER_SECRET) and not isinstance(command, AskRoll):
            secret = True  # a form's later commands: the action is secret as a whole (ctrl+g on a form)
        events = self._decide(command, typed)
        stamped = self._stamp(events, secret, joining or None)
        self.sink.append(stamped)  # durable before anything is shown
        if joining == 0:
            self._joining = stamped[0].seq  # the action's group: the next commands join it
            self._action_secret = secret
        if not joining:  # alone, or an action's first command: the action is as secret as it
            self._last_secret = secret
        self._last_group = stamped[0].group
        for ev in stamped:
            self.projection.apply(ev)
        for listener in list(self.listeners):
            listener(stamped)
        return stamped

    def check(self, command: Command, typed: Sequence[int | str] | None = None) -> list[Event]:
        """What :meth:`run` would decide, by the very same checks — nothing appended, nothing folded
        (``import --dry-run``: it refuses exactly what the import would).  Works on a read-only
        campaign too.  The events returned are not stamped."""
        command = _with_files(command)
        try:
            check_command(command)
        except TextRefused as exc:
            raise Rejected(str(exc)) from None
        return self._decide(command, typed)

    @property
    def last_group(self) -> int | None:
        """The group of the last action run through this engine (None before the first)."""
        return self._last_group

    @contextmanager
    def one_action(self, continuing: int | None = None) -> Iterator[None]:
        """The commands run inside are one action for undo and redo: their events share the group
        of the first one done (a form that starts a fight and adds its fighters is undone whole,
        not one command at a time).  Each command is still decided, appended and folded on its own,
        in order; one refused leaves those before it done.  Nested, the outer one counts.
        ``continuing``: the group of an earlier try of the same form (its commands after a refusal
        join it), taken only while that action is still the last one run.  **Secret as a whole**: when
        its first command is secret (ctrl+g on a form), so is every later one (but an ``ask``, whose
        secret is its results, and the commands that cannot be)."""
        if self._joining is not None:
            yield
            return
        self._joining = continuing if continuing is not None and continuing == self._last_group else 0
        self._action_secret = bool(self._joining) and self._last_secret  # a second try goes on as the first
        try:
            yield
        finally:
            self._joining = None
            self._action_secret = False

    def bestiary(self) -> tuple[Entry, ...]:
        """The bestiary of the campaign's system: the bundled entries and the GM's own."""
        from fhtagn_tui import bestiary

        return bestiary.entries(self.state.system, self.saves_dir, self.campaign_file)

    def _decide(self, command: Command, typed: Sequence[int | str] | None) -> list[Event]:
        from fhtagn_tui.domain.features.bestiary import SpawnNpcs
        from fhtagn_tui.domain.features.templates import SpawnFromTemplate

        if isinstance(command, SpawnNpcs | SpawnFromTemplate) and not command.book:
            command = replace(command, book=self.bestiary())
        if isinstance(command, Undo):
            return [self.projection.undo_event()]
        if isinstance(command, Redo):
            return [self.projection.redo_event()]
        if isinstance(command, Reveal):
            return [self._reveal(command.seq)]
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
        except (OverflowError, ValueError, RecursionError) as exc:  # a value no rule can work with
            raise Rejected(f"this cannot be worked out ({type(exc).__name__}: {str(exc)[:120]}); "
                           "nothing was changed") from None
        if strict and source.remaining:
            extra = "1 typed-in die was" if source.remaining == 1 else f"{source.remaining} typed-in dice were"
            if not dice.drawn:
                raise Rejected(f"{extra} not needed: this needs no dice — leave roll= out")
            raise Rejected(
                f"{extra} not needed: this needs {len(dice.drawn)} "
                f"({', '.join(f'{r.die} for {r.purpose}' for r in dice.drawn)}) — type only those"
            )
        undrawn = dice.take()
        if undrawn and events:
            # dice drawn but not attached by the decider: keep them on the last event
            last = events[-1]
            events[-1] = replace(last, dice=tuple(last.dice) + tuple(undrawn))
        if not events:
            raise Rejected("nothing to do")
        return events

    def events_between(self, start_seq: int, stop_seq: int) -> list[Event]:
        """The events with ``start_seq <= seq < stop_seq`` as the log holds them ([] for a sink that cannot say)."""
        read = getattr(self.sink, "events_between", None)
        return list(read(start_seq, stop_seq)) if read is not None else []

    def _reveal(self, seq: int) -> Revealed:
        """The event revealing the secret action that holds event ``seq`` (read from the log)."""
        read = getattr(self.sink, "events_between", None)
        if seq == 0 and read is not None:  # the latest secret action not revealed yet
            recent = read(max(1, self.sink.next_seq - 2000), self.sink.next_seq)
            seq = next((ev.seq for ev in reversed(recent) if ev.secret and ev.group not in self.state.revealed), 0)
            if seq == 0:
                raise Rejected("no secret action to reveal among the latest 2000 events: give its number (reveal SEQ)")
        found = read(seq, seq + 1) if read is not None and 0 < seq < self.sink.next_seq else []
        if read is None or not found:
            raise Rejected(f"there is no event #{seq} in the log (the Log tab numbers them)")
        group = found[0].group or found[0].seq
        members = [ev for ev in read(group, min(self.sink.next_seq, group + 500)) if ev.group == group]
        if not any(ev.secret for ev in members):
            raise Rejected(f"#{seq} is not secret: the players already see it")
        if group in self.state.revealed:
            raise Rejected(f"#{seq} is revealed already (action {group})")
        first = members[0] if members else found[0]
        return Revealed(target=group, label=first.describe(self.names))

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

    def _stamp(self, events: list[Event], secret: bool, group: int | None = None) -> list[Event]:
        """Seq, time, session and group (``group``, else the first event's seq) on each event."""
        # (the feature modules load when first needed)
        from fhtagn_tui.domain.features.campaign import SessionStarted

        seq = self.sink.next_seq
        group = group or seq
        now = self.clock()
        session = self.state.session_number
        out = []
        for i, ev in enumerate(events):
            if isinstance(ev, SessionStarted):
                session = ev.number  # a started session belongs to itself
            out.append(replace(ev, seq=seq + i, ts=now, session=session, group=group, secret=ev.secret or secret))
        return out

    # --- following (read-only views) ----------------------------------------------

    def absorb(self, events: Sequence[Event]) -> None:
        """Fold events appended by another process (a follower's refresh)."""
        for ev in events:
            self.projection.apply(ev)
        if events:
            for listener in list(self.listeners):
                listener(list(events))



def _with_files(command: Command) -> Command:
    """``command`` with the text file it names read in (a handout: ``GiveHandout.file``), where it
    enters the Engine — the domain and the command language read no file.  Refused: a file that is
    not a bounded UTF-8 text file (``store/text_file.py`` says why)."""
    if not getattr(command, "file", ""):
        return command
    from fhtagn_tui.commands.handouts import MAX_FILE_BYTES, TEXT_SUFFIXES, heading_of, short_title
    from fhtagn_tui.domain.features.handouts import GiveHandout
    from fhtagn_tui.store.text_file import TextFileError, read_text_file

    if not isinstance(command, GiveHandout):
        return command
    try:
        stem, text = read_text_file(command.file, TEXT_SUFFIXES, MAX_FILE_BYTES)
    except TextFileError as exc:
        raise Rejected(str(exc)) from None
    return replace(command, body=text, title=command.title or heading_of(text) or short_title(stem), file="")


__all__ = ["Engine", "EventSink", "MemorySink", "Outcome", "Rejected"]
