"""What the Sanity dialog asks the rules: the command text built from the GM's choices, and
which die the rules need next (a dry run of the pure decider with the dice given so far).

No widgets here.  The dry run uses the very decider the Engine runs, so the dice it asks for
are the dice the command will draw, in the same order; nothing is recorded by it.
"""

from __future__ import annotations

from typing import Any

import msgspec

from fhtagn_tui.commands import ParseError, parse
from fhtagn_tui.domain.commands import Command
from fhtagn_tui.domain.decide import Rejected, decide
from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.state import State
from fhtagn_tui.rules.dice import Dice, DiceError, DiceNeeded, ForcedSource, ProbeSource, Roll

from ..run import Line, Part, line

#: What each die is for, in the GM's words (by the purpose the rules give the draw).
HINTS: dict[str, str] = {
    "SAN test": "the SAN test: d100, at or under current SAN succeeds (FH-SAN-01)",
    "SAN loss": "the loss: the left side of the notation on a success, the right on a failure",
    "projection WP": "projection onto the bond: 1d4 WP, taken off the loss and the bond (FH-SAN-03)",
    "repression WP": "repression: 1d4 WP, taken off the bond too (FH-SAN-08)",
    "repression SAN": "repression: a SAN roll; a success suppresses the episode (FH-SAN-08)",
    "acute episode SAN": "a disorder is present: a SAN roll, failure is an acute episode (FH-SAN-05, 13)",
    "Sanity roll": "the Sanity roll: d100, at or under SAN succeeds; a fumble loses the maximum (COC-INSANITY-01)",
    "INT roll (insanity)": "5+ SAN lost at once: an INT roll — success means temporary insanity (COC-INSANITY-02)",
    "underlying insanity hours": "temporary insanity lasts 1D10 hours (COC-INSANITY-02)",
    "Fright Check": "the Fright Check: 3d against Will + modifiers, at most 13 (GURPS-FRIGHT-01)",
    "Fright table": "a failure: 3d + the margin of failure on the Fright Check table (GURPS-FRIGHT-02)",
    "FP lost": "the table result costs fatigue points",
    "HT roll": "the table result calls for an HT roll at once (3d)",
    "injury": "the table result causes injury",
    "panic reaction": "total panic: 3d for the reaction (GURPS-FRIGHT-30)",
}


def hint_for(purpose: str) -> str:
    if purpose in HINTS:
        return HINTS[purpose]
    if purpose.startswith("adapted to"):
        return "three boxes checked: adapted — 1d6 off CHA and every bond (violence) or POW (helplessness) (FH-SAN-11)"
    if purpose.startswith("bout of madness"):
        return "a bout of madness: 1D10 on its table (COC-INSANITY-05)"
    if purpose.startswith("bout length"):
        return "how long the bout lasts: 1D10 (COC-INSANITY-05)"
    if purpose.endswith(" duration"):
        return f"how long the {purpose[: -len(' duration')]} lasts (GURPS-FRIGHT-40)"
    return purpose


# --- the command text ---------------------------------------------------------------------------




def _opt(key: str, value: str) -> Part | None:
    return (key, value) if value else None


def fhtagn_line(
    name: str, loss: str, kind: str = "unnatural", project: str = "", repress: bool = False, repress_bond: str = "",
    reaction: str = "", disorder: str = "", mod: int = 0,
) -> Line:
    """``san NAME LOSS [kind=…] [project=BOND] [repress|repress=BOND] [reaction=…] [disorder=…] [mod=±N]``."""
    repress_part: Part | None = (("repress", repress_bond) if repress_bond else "repress") if repress else None
    return line(
        "san", name, loss.strip(), None if kind == "unnatural" else _opt("kind", kind),
        _opt("project", project), repress_part, _opt("reaction", reaction), _opt("disorder", disorder.strip()),
        ("mod", f"{mod:+d}") if mod else None,
    )


def coc_line(
    name: str, loss: str, source: str = "", cap: int | None = None, mythos: bool = False, bout: str = "realtime",
    phobia: str = "", mania: str = "", bonus: int = 0, penalty: int = 0,
) -> Line:
    """``sanity NAME LOSS [source=ENTITY] [max=N] [mythos] [bout=…] [phobia=…] [mania=…] [bonus=N] [penalty=N]``."""
    return line(
        "sanity", name, loss.strip(), _opt("source", source.strip()),
        ("max", str(cap)) if cap is not None else None, "mythos" if mythos else None,
        None if bout == "realtime" else _opt("bout", bout), _opt("phobia", phobia.strip()), _opt("mania", mania.strip()),
        ("bonus", str(bonus)) if bonus else None, ("penalty", str(penalty)) if penalty else None,
    )


def gurps_line(name: str, mod: int = 0, trait: str = "", self_control: int = 0, worsen: str = "") -> Line:
    """``fright NAME [mod=±N] [trait=TEXT] [worsen=TRAIT] [sc=N]``."""
    return line(
        "fright", name, ("mod", f"{mod:+d}") if mod else None, _opt("trait", trait.strip()), _opt("worsen", worsen),
        ("sc", str(self_control)) if self_control else None,
    )


def fhtagn_text(*args: Any, **kwargs: Any) -> str:
    """The command text of :func:`fhtagn_line` (what the dialog shows)."""
    return fhtagn_line(*args, **kwargs).text()


def coc_text(*args: Any, **kwargs: Any) -> str:
    """The command text of :func:`coc_line`."""
    return coc_line(*args, **kwargs).text()


def gurps_text(*args: Any, **kwargs: Any) -> str:
    """The command text of :func:`gurps_line`."""
    return gurps_line(*args, **kwargs).text()


def with_roll(text: str, values: list[str]) -> str:
    """The command with its dice typed in, as a GM would write it at the table."""
    return f"{text} roll={','.join(values)}" if values else text


def command_of(text: str) -> Command:
    """The Command the text stands for (raises :class:`ParseError`)."""
    parsed = parse(text)
    if parsed.command is None:
        raise ParseError(f"{text!r} does not act")
    return parsed.command


# --- the dry run --------------------------------------------------------------------------------


class Plan(msgspec.Struct):
    """Where a resolution stands with the dice given so far."""

    drawn: list[Roll]  # the dice used so far, in draw order
    need: tuple[str, str] | None = None  # (purpose, die) of the next die the rules want
    rest: list[tuple[str, str]] = []  # every die still wanted, the next first (if each roll goes badly)
    events: list[Event] = []  # the resolution once every die is in
    error: str = ""  # a refusal: bad input or a die that cannot show that

    @property
    def complete(self) -> bool:
        return self.need is None and not self.error


def plan(state: State, command: Command, values: list[str]) -> Plan:
    """Decide ``command`` with ``values`` as the dice: pure, nothing is recorded."""
    source = ForcedSource(values)
    dice = Dice(source)
    try:
        events = decide(state, command, dice)
    except DiceNeeded as exc:
        return Plan(drawn=list(dice.drawn), need=(exc.purpose, exc.die), rest=still_needed(state, command, values))
    except (DiceError, Rejected) as exc:
        return Plan(drawn=list(dice.drawn), error=str(exc))
    if source.remaining:
        return Plan(drawn=list(dice.drawn), error=(
            f"{source.remaining} die value{'s' if source.remaining > 1 else ''} too many: "
            f"this needs {len(dice.drawn)} ({', '.join(f'{r.die} for {r.purpose}' for r in dice.drawn) or 'none'})"
        ))
    return Plan(drawn=list(dice.drawn), events=events)


def still_needed(state: State, command: Command, values: list[str]) -> list[tuple[str, str]]:
    """Every die the rules would still draw after ``values``, in order (stand-in dice that fail)."""
    probe = ProbeSource()
    try:
        decide(state, command, Dice(ForcedSource(values, then=probe)))
    except (DiceError, Rejected):
        pass
    return probe.wanted


def drawn_text(drawn: list[Roll]) -> list[str]:
    """``SAN test d100: 47``, ``Fright Check 3d6: 6+5+4`` — consecutive dice of one purpose together."""
    lines: list[tuple[str, str, list[int]]] = []
    for r in drawn:
        if lines and lines[-1][0] == r.purpose and lines[-1][1] == r.die:
            lines[-1][2].append(r.value)
        else:
            lines.append((r.purpose, r.die, [r.value]))
    out = []
    for purpose, die, values in lines:
        count = f"{len(values)}{die}" if len(values) > 1 else die
        total = f" = {sum(values)}" if len(values) > 1 else ""
        out.append(f"{purpose} {count}: {'+'.join(str(v) for v in values)}{total}")
    return out
