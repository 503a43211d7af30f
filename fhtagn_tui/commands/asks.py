"""Commands of rolls at the table: ``ask``, ``ask cancel``, ``answer``."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from msgspec.structs import replace

from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.features.asks import (
    AnswerRoll,
    AskRoll,
    CancelAsk,
    answer_result,
    result_text,
)
from fhtagn_tui.domain.state import Ask, State

from .language import Args, Query, command, to_int


def _targets(raw: str) -> tuple[str, ...]:
    names = tuple(part.strip() for part in raw.split(",") if part.strip())
    return names


@command(
    "ask",
    "ask NAME[,NAME…]|all SKILL|STAT|san LOSS|fright|luck|SKILL vs DEFENDER SKILL [difficulty=regular|hard|extreme] "
    "[mod=±N] [roll=VALUES] [secret]",
    "ask players for a roll: each addressed player's screen shows it; they roll, or type the dice they threw",
    details=(
        "Each answer is the GM's own command for that character (test, san / sanity, fright), with its dice,\n"
        "and names the request and who answered.  'secret': the players roll, only the GM sees the results.\n"
        "Open requests show above the command line with who has not answered; answer N NAME rolls for a\n"
        "player; ask cancel N closes one.\n"
        "luck: a Luck roll (FH-DEV-01, COC-DICE-07).  SKILL vs DEFENDER SKILL: an opposed roll; the player rolls\n"
        "their side, the GM's side (the defender's) is rolled when asking (roll= types it)."
    ),
    dice=True,
    examples=("ask ada,jonah Search", 'ask all "Spot Hidden" difficulty=hard', "ask ada san 1/1d6",
              "ask ilse fright mod=-2", "ask ada Search secret", "ask ada luck",
              "ask ada Stealth vs watchman Listen"),
)
def _ask(args: Args) -> AskRoll:
    targets = _targets(args.pos(0, "NAME[,NAME…] or all"))
    rest = args.rest(1).strip()
    if not rest:
        raise args.fail("ask: which test? a skill or stat, 'san LOSS' or 'fright'")
    head, _, tail = rest.partition(" ")
    test, what, vs, vs_what = "skill", rest, "", ""
    words = args.positional[1:]
    if head.casefold() == "san" and tail.strip():
        test, what = "san", tail.strip()
    elif head.casefold() == "fright" and not tail.strip():
        test, what = "fright", ""
    elif head.casefold() == "luck" and not tail.strip():
        test, what = "luck", ""
    elif any(w.casefold() == "vs" for w in words):
        at = next(i for i, w in enumerate(words) if w.casefold() == "vs")
        left, right = words[:at], words[at + 1:]
        if not left or len(right) < 2:
            raise args.fail("ask: an opposed roll is ask NAME SKILL vs DEFENDER SKILL (the GM rolls the defender's side)")
        test, what, vs, vs_what = "oppose", " ".join(left), right[0], " ".join(right[1:])
    return AskRoll(
        targets=targets,
        test=test,
        what=what,
        vs=vs,
        vs_what=vs_what,
        difficulty=(args.opt("difficulty", "regular") or "regular").casefold(),
        modifier=args.int_opt("mod", 0),
    )


@command("ask cancel", "ask cancel [N]", "close a roll request (the latest open one without N)",
         examples=("ask cancel 3",))
def _ask_cancel(args: Args) -> CancelAsk:
    raw = args.pos_opt(0, "")
    args.max_positional(1)
    return CancelAsk(number=to_int(raw, "request number", args) if raw else 0)


@command("ask dismiss", "ask dismiss [N]",
         "the GM's app: the results of closed requests leave the requests line (all, or request N); the Log keeps them",
         examples=("ask dismiss", "ask dismiss 3"))
def _ask_dismiss(args: Args) -> Query:
    raw = args.pos_opt(0, "")
    args.max_positional(1)
    if raw:
        to_int(raw, "request number", args)
    return Query(run=lambda state: "ask dismiss: the GM's app clears its requests line (D); nothing to do here")


@command("ask list", "ask list", "the roll requests: each one's answers so far (who, roll, level) and who is still owed",
         details="The open requests, then the latest closed ones whose results the GM's screen keeps.")
def _ask_list(args: Args) -> Query:
    args.max_positional(0)
    return Query(run=open_requests, log=requests_with_results)


@command("answer", "answer N NAME [roll=VALUES]", "answer a roll request on a player's behalf (the GM rolls)",
         examples=("answer 3 ilse", "answer 3 ilse roll=42"), dice=True)
def _answer(args: Args) -> AnswerRoll:
    number = to_int(args.pos(0, "N"), "request number", args)
    name = args.rest(1)
    if not name:
        raise args.fail("answer N NAME: for whom?")
    return AnswerRoll(number=number, name=name, by="GM")


#: How far past an answer its roll is looked for (an answer's action is a handful of events).
_RESULT_SPAN = 64


def results(state: State, ask: Ask, read: Callable[[int, int], Sequence[Event]],
            names: dict[str, str] | None = None, label: bool = True) -> list[str]:
    """Each answer of ``ask`` so far as ``Ada Vance: Search 34 → Hard success``, in the order they came: who
    answered comes from the state (folded from RollAnswered), the roll from that answer's own action in the log."""
    names = names if names is not None else {c.id: c.name for c in state.characters.values()}
    out = []
    for answer in ask.answers:
        found = answer_result(answer.seq, read(answer.seq, answer.seq + _RESULT_SPAN))
        out.append(result_text(names, ask.label if label else "", answer.character, found))
    return out


def request_lines(state: State, read: Callable[[int, int], Sequence[Event]], closed: Sequence[Ask] = (),
                  names: dict[str, str] | None = None) -> list[str]:
    """One line per request: the open ones (``#2 Listen — Ada Vance 12 → Success · waiting: Jonah Reyes``),
    then the closed ones given (their results)."""
    names = names if names is not None else {c.id: c.name for c in state.characters.values()}
    lines = []
    for ask in (*state.asks, *closed):
        head = f"#{ask.number} {ask.label}" + (" (secret)" if ask.hidden else "")
        parts = results(state, ask, read, names, label=False)
        if ask in state.asks:
            parts.append("waiting: " + ", ".join(names.get(c, c) for c in ask.pending))
        elif ask.pending:
            parts.append("cancelled: " + ", ".join(names.get(c, c) for c in ask.pending))
        lines.append(f"{head} — " + " · ".join(parts))
    return lines


def requests_with_results(state: State, read: Callable[[int, int], Sequence[Event]]) -> str:
    """``ask list``: the open requests and the latest closed ones, each with its answers and who is owed."""
    if not state.asks and not state.asks_closed:
        return "No roll request is open."
    lines = request_lines(state, read)
    if state.asks_closed:
        lines = lines[:len(state.asks)] + ["Closed:"] + request_lines(
            replace(state, asks=()), read, state.asks_closed)
    return "\n".join(lines) if state.asks else "No roll request is open.\n" + "\n".join(lines)


def open_requests(state: State) -> str:
    """One line per open request: its number, test, who it asks and who has not answered."""
    if not state.asks:
        return "No roll request is open."
    names = {c.id: c.name for c in state.characters.values()}
    lines = []
    for ask in state.asks:
        waiting = ", ".join(names.get(c, c) for c in ask.pending)
        lines.append(f"#{ask.number} {ask.label}" + (" (secret)" if ask.hidden else "") + f" — waiting: {waiting}")
    return "\n".join(lines)
