"""Rolls at the table: the GM asks players for a roll, and each answer is resolved by the same rules.

``ask ada,jonah Listen`` writes a :class:`RollAsked`; each addressed character answers once
(:class:`AnswerRoll`: the player's app, relayed to the writer, or the GM on the player's behalf).
An answer is the GM's own command for that character (``test``, ``san``, ``sanity``, ``fright``)
decided by its own decider, preceded by a :class:`RollAnswered` naming the request and who
answered.  A secret request (``hidden``) keeps its results secret (their events are stamped
secret); the :class:`RollAnswered` stays public so the player's screen knows it was answered.
"""

from collections.abc import Sequence
from typing import NamedTuple

from msgspec.structs import replace

from fhtagn_tui.rules.dice import Dice

from ..commands import Command
from ..decide import Rejected, decide, decider, evolver
from ..events import Event
from ..lookup import find_character
from ..state import Ask, AskAnswer, State

TESTS = ("skill", "san", "fright", "luck", "oppose")
DIFFICULTIES = ("regular", "hard", "extreme")
#: The most characters one request may address, and the most requests open at once.
MAX_TARGETS = 16
MAX_OPEN = 32
#: The requests closed with answers the state keeps for the GM's screen (their results, until dismissed).
CLOSED_KEPT = 8


class RollAsked(Event):
    kind_label = "roll request"
    parts = ("targets",)
    number: int
    test: str
    what: str
    targets: tuple[str, ...]
    difficulty: str = "regular"
    modifier: int = 0
    hidden: bool = False
    vs: str = ""  # an opposed roll: the defender, whose side is rolled now (its dice are this event's)
    vs_name: str = ""
    vs_what: str = ""
    vs_roll: int = 0

    def ask(self) -> Ask:
        return Ask(number=self.number, test=self.test, what=self.what, targets=self.targets,
                   pending=self.targets, difficulty=self.difficulty, modifier=self.modifier,
                   hidden=self.hidden, seq=self.seq, vs=self.vs, vs_name=self.vs_name, vs_what=self.vs_what,
                   vs_roll=self.vs_roll)

    def describe(self, names: dict[str, str]) -> str:
        who = ", ".join(names.get(t, t) for t in self.targets)
        return f"The GM asks {who} for a roll: {self.ask().label} (request {self.number}" + (
            ", secret results)" if self.hidden else ")")


class RollAnswered(Event):
    kind_label = "roll answered"
    number: int
    character: str
    by: str  # "GM", or "player NAME" (the key that answered)
    label: str = ""  # the request's test, as asked
    hidden: bool = False

    def describe(self, names: dict[str, str]) -> str:
        who = names.get(self.character, self.character)
        by = "the GM for them" if self.by == "GM" else self.by
        return f"{who} answers request {self.number} ({self.label}), rolled by {by}" + (
            ": rolled (result secret)" if self.hidden else "")


class RollCancelled(Event):
    kind_label = "roll request cancelled"
    number: int
    label: str = ""
    waiting: tuple[str, ...] = ()

    def describe(self, names: dict[str, str]) -> str:
        left = ", ".join(names.get(t, t) for t in self.waiting)
        return f"The GM cancels request {self.number} ({self.label})" + (f"; not answered: {left}" if left else "")


class AskRoll(Command):
    label = "ask"
    targets: tuple[str, ...]  # names as typed, or ("all",)
    test: str = "skill"
    what: str = ""
    difficulty: str = "regular"
    modifier: int = 0
    hidden: bool = False
    vs: str = ""  # an opposed roll (test "oppose"): the defender and their skill or stat
    vs_what: str = ""


class AnswerRoll(Command):
    label = "answer"
    number: int
    name: str
    by: str = "GM"


class CancelAsk(Command):
    label = "cancel request"
    number: int = 0  # 0: the latest open one


class AnswerResult(NamedTuple):
    """What came of one answer: its roll, the level (``Hard success``) and what else it cost (a SAN loss)."""

    roll: int | None
    level: str
    extra: str = ""


def answer_result(answered_seq: int, events: Sequence[Event]) -> AnswerResult | None:
    """The result of the answer whose ``RollAnswered`` is at ``answered_seq``: the first roll after it in
    its action (``events`` from that seq on, as the log holds them; None if none is there)."""
    group = None
    for ev in events:
        if ev.seq < answered_seq:
            continue
        if ev.seq == answered_seq:
            if not isinstance(ev, RollAnswered):
                return None
            group = ev.group
            continue
        if group is None or ev.group != group:
            return None
        if active := getattr(ev, "active_level", ""):  # an opposed roll: the player's side, and who won
            won = getattr(ev, "winner", "")
            extra = "" if not won else ("won" if won == getattr(ev, "active", "") else "lost")
            return AnswerResult(getattr(ev, "active_roll", None), str(active), extra or "status quo")
        level = getattr(ev, "level", "")
        if isinstance(level, str) and level:
            roll = getattr(ev, "roll", None)
            if not isinstance(roll, int) or isinstance(roll, bool):
                total = getattr(ev, "total", None)
                roll = total if isinstance(total, int) and not isinstance(total, bool) else None
            amount = getattr(ev, "amount", None)
            extra = f"loses {amount} SAN" if isinstance(amount, int) and not isinstance(amount, bool) and amount \
                else ""
            return AnswerResult(roll, level, extra)
    return None


#: Call of Cthulhu's success levels, said as successes (``hard`` → ``Hard success``).
_LEVELS = {"regular": "regular success", "hard": "hard success", "extreme": "extreme success"}


def result_text(names: dict[str, str], label: str, character: str, result: AnswerResult | None) -> str:
    """``Ada Vance: Search 34 → Hard success`` (``answered`` when its roll cannot be read); ``label``: the
    request's test (``Ask.label``), "" to leave it out."""
    who = names.get(character, character) + (f": {label}" if label else "")
    if result is None:
        return f"{who} answered"
    roll = f" {result.roll}" if result.roll is not None else ""
    level = _LEVELS.get(result.level, result.level)
    level = level[:1].upper() + level[1:]
    return f"{who}{roll} → {level}" + (f", {result.extra}" if result.extra else "")


def open_ask(state: State, number: int) -> Ask | None:
    return next((a for a in state.asks if a.number == number), None)


def command_for(state: State, ask: Ask, character: str) -> Command:
    """The GM's own command for one character's answer (decided by that command's decider)."""
    from .campaign import TestSkill

    if ask.test == "skill":
        return TestSkill(name=character, skill=ask.what, modifier=ask.modifier, difficulty=ask.difficulty)
    if ask.test == "san":
        if state.system == "coc7":
            from .coc_insanity import CocSanityRoll

            return CocSanityRoll(name=character, loss=ask.what)
        from .sanity import SanTest

        return SanTest(name=character, loss=ask.what, modifier=ask.modifier)
    if ask.test in ("luck", "oppose"):
        from .skill_play import Oppose, RollLuck

        if ask.test == "luck":
            return RollLuck(names=(character,), modifier=ask.modifier)
        return Oppose(active=character, active_skill=ask.what, defender=ask.vs, defender_skill=ask.vs_what,
                      modifier=ask.modifier, vs_roll=ask.vs_roll)
    from .fright import FrightCheck

    return FrightCheck(name=character, modifier=ask.modifier)


def dice_hint(system: str, test: str) -> str:
    """Which dice a player types for a test, in the order the rule draws them."""
    if test in ("skill", "luck", "oppose"):
        return "3 dice, e.g. 4 3 5" if system == "gurps" else "the d100, e.g. 42"
    if test == "san":
        return "the d100, and the loss die if it is rolled: e.g. 80 4"
    return "3 dice; failed: 3 more for the table, e.g. 6 6 5 4 4 4"


def target_text(state: State, ask: Ask, character: str) -> str:
    """What the character rolls against, from the state the player sees (``Firearms 45% → 25%``)."""
    char = state.characters.get(character)
    if char is None:
        return ""
    try:
        if ask.test == "skill":
            from .campaign import _test_target

            label, base, _kind = _test_target(state, char, ask.what)
            if state.system == "gurps":
                return f"{label} {base}" + (f" {ask.modifier:+d} → roll 3d ≤ {base + ask.modifier}" if ask.modifier
                                           else f" → roll 3d ≤ {base}")
            if state.system == "coc7":
                need = {"hard": base // 2, "extreme": base // 5}.get(ask.difficulty, base)
                return f"{label} {base}%" + (f" → {ask.difficulty} {need}%" if need != base else "")
            target = max(0, min(99, base + ask.modifier))
            return f"{label} {base}%" + (f" {ask.modifier:+d} → {target}%" if ask.modifier else "")
        if ask.test == "luck":
            luck = 50 if state.system == "fhtagn" else char.current.get("Luck")
            return f"Luck {luck}%" if luck is not None else "Luck"
        if ask.test == "oppose":
            from .campaign import _test_target

            label, base, _kind = _test_target(state, char, ask.what)
            unit = "" if state.system == "gurps" else "%"
            return f"{label} {base}{unit} against {ask.vs_name}'s {ask.vs_what}"
        if ask.test == "san":
            san = char.current.get("SAN")
            return f"SAN {san}%, lose {ask.what}" if san is not None else f"SAN, lose {ask.what}"
        from ..systems import derived

        will = int(derived(state.system, char).get("Will", 0))
        return f"Will {will}" + (f" {ask.modifier:+d}" if ask.modifier else "") + \
            f" → roll 3d ≤ {min(13, will + ask.modifier)}"
    except (Rejected, KeyError, ValueError, TypeError):
        return ""


@decider(AskRoll)
def _ask(state: State, cmd: AskRoll, dice: Dice) -> list[Event]:
    if cmd.test not in TESTS:
        raise Rejected(f"ask: a test is a skill or stat, 'san LOSS' or 'fright', not {cmd.test!r}")
    if cmd.difficulty not in DIFFICULTIES:
        raise Rejected(f"difficulty is regular, hard or extreme, not {cmd.difficulty!r}")
    if cmd.test == "san" and state.system == "gurps":
        raise Rejected("GURPS has no SAN: ask for a Fright Check (ask NAME fright [mod=±N])")
    if cmd.test == "fright" and state.system != "gurps":
        raise Rejected("a Fright Check is GURPS: ask for a SAN roll (ask NAME san 1/1d6)")
    if cmd.test in ("skill", "san", "oppose") and not cmd.what.strip():
        raise Rejected("ask: which skill or stat?" if cmd.test != "san" else "ask NAME san LOSS (e.g. 1/1d6)")
    if cmd.test == "luck" and state.system == "gurps":
        raise Rejected("a Luck roll is a FHTAGN or Call of Cthulhu rule; GURPS has none")
    if cmd.test == "oppose" and not (cmd.vs.strip() and cmd.vs_what.strip()):
        raise Rejected("ask NAME SKILL vs DEFENDER SKILL: who resists, and with what?")
    if len(state.asks) >= MAX_OPEN:
        raise Rejected(f"{MAX_OPEN} requests are open: answer or cancel some first (ask cancel N)")
    if [t.casefold() for t in cmd.targets] == ["all"]:
        chars = [c for c in state.characters.values() if c.is_pc and not c.hidden]
        if not chars:
            raise Rejected("ask all: the campaign has no player characters yet")
        # the dead (and, for a skill, the unconscious) are not asked (issue 31, domain/able.py)
        able = [c for c in chars if not c.has("dead") and not (cmd.test == "skill" and c.has("unconscious"))]
        if not able:
            raise Rejected("ask all: every player character is dead or unconscious")
        chars = able
    else:
        chars = []
        for name in cmd.targets:
            char = find_character(state, name)
            if char not in chars:
                chars.append(char)
    if not chars:
        raise Rejected("ask whom? ask NAME[,NAME…] TEST, or ask all TEST")
    if len(chars) > MAX_TARGETS:
        raise Rejected(f"one request addresses at most {MAX_TARGETS} characters")
    what = cmd.what.strip()
    vs, vs_name, vs_what, vs_roll = "", "", "", 0
    if cmd.test == "oppose":
        from .skill_play import defender_roll

        defender = find_character(state, cmd.vs)
        if any(c.id == defender.id for c in chars):
            raise Rejected(f"{defender.name} cannot oppose their own roll: ask the others")
        # the defender's side is the GM's: rolled now, its dice recorded in the request's event
        vs, vs_name, vs_what, vs_roll = defender.id, defender.name, cmd.vs_what.strip(), defender_roll(
            state, defender, cmd.vs_what.strip(), dice)
    asked = RollAsked(number=state.asks_made + 1, test=cmd.test, what=what, targets=tuple(c.id for c in chars),
                      difficulty=cmd.difficulty, modifier=cmd.modifier, hidden=cmd.hidden, vs=vs, vs_name=vs_name,
                      vs_what=vs_what, vs_roll=vs_roll, dice=tuple(dice.take()))
    # the test must make sense for every character now (the same checks as the GM's own command)
    probe = Dice(_Probe())
    for char in chars:
        try:
            decide(state, command_for(state, asked.ask(), char.id), probe)
        except _Drawn:
            pass
    return [asked]


class _Drawn(Exception):
    pass


class _Probe:
    """A dice source that stops a decider at its first die: the checks before it have passed."""

    def value(self, purpose: str, die: str) -> int:
        raise _Drawn


@decider(AnswerRoll)
def _answer(state: State, cmd: AnswerRoll, dice: Dice) -> list[Event]:
    ask = open_ask(state, cmd.number)
    if ask is None:
        made = state.asks_made
        if 0 < cmd.number <= made:
            raise Rejected(f"request {cmd.number} is closed (answered or cancelled)")
        raise Rejected(f"there is no request {cmd.number}" + (f" (requests 1–{made} were made)" if made else ""))
    try:
        char = find_character(state, cmd.name)
    except Rejected:
        raise Rejected(f"request {cmd.number} is not addressed to {cmd.name!r}") from None
    if char.id not in ask.targets:
        raise Rejected(f"request {cmd.number} is not addressed to {char.name}")
    if char.id not in ask.pending:
        raise Rejected(f"{char.name} has answered request {cmd.number} already")
    events = decide(state, command_for(state, ask, char.id), dice)
    if ask.hidden:
        events = [replace(ev, secret=True) for ev in events]
    answered = RollAnswered(number=ask.number, character=char.id, by=cmd.by, label=ask.label, hidden=ask.hidden)
    return [answered, *events]


@decider(CancelAsk)
def _cancel(state: State, cmd: CancelAsk, dice: Dice) -> list[Event]:
    if not state.asks:
        raise Rejected("no request is open")
    ask = open_ask(state, cmd.number) if cmd.number else state.asks[-1]
    if ask is None:
        raise Rejected(f"request {cmd.number} is not open (open: {', '.join(str(a.number) for a in state.asks)})")
    return [RollCancelled(number=ask.number, label=ask.label, waiting=ask.pending)]


@evolver(RollAsked)
def _ev_asked(state: State, ev: RollAsked) -> State:
    return replace(state, asks=(*state.asks, ev.ask()), asks_made=max(state.asks_made, ev.number))


def _closed(state: State, ask: Ask) -> tuple[Ask, ...]:
    """The requests closed with answers, with ``ask`` (closed now) last; the oldest beyond CLOSED_KEPT go."""
    if not ask.answers:
        return state.asks_closed
    return (*state.asks_closed, ask)[-CLOSED_KEPT:]


@evolver(RollAnswered)
def _ev_answered(state: State, ev: RollAnswered) -> State:
    asks = []
    closed = state.asks_closed
    for ask in state.asks:
        if ask.number == ev.number:
            pending = tuple(c for c in ask.pending if c != ev.character)
            ask = replace(ask, pending=pending, answers=(*ask.answers, AskAnswer(ev.character, ev.seq, ev.by)))
            if not pending:
                closed = _closed(state, ask)
                continue
        asks.append(ask)
    return replace(state, asks=tuple(asks), asks_closed=closed)


@evolver(RollCancelled)
def _ev_cancelled(state: State, ev: RollCancelled) -> State:
    gone = open_ask(state, ev.number)
    closed = _closed(state, gone) if gone is not None else state.asks_closed
    return replace(state, asks=tuple(a for a in state.asks if a.number != ev.number), asks_closed=closed)


__all__ = ["AnswerResult", "CLOSED_KEPT", "answer_result", "result_text", "dice_hint", "target_text", "AnswerRoll", "AskRoll", "CancelAsk", "RollAnswered", "RollAsked", "RollCancelled", "command_for",
           "open_ask"]
