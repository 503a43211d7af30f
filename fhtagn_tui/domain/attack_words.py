"""The words and options of ``attack``, per system: the one table the parser, the help and the forms read.

``attack ATTACKER TARGET [key=value …] [word …]`` is one command in every
system.  The parser (:mod:`fhtagn_tui.commands.combat`) turns the words into
the typed fields of :class:`~fhtagn_tui.domain.features.encounter.Attack`
once, with this table; the help text is drawn from it (:func:`help_lines`);
the action forms offer the defences it lists (:func:`defences`); the attack
decider refuses, by this table, an option the campaign's system does not
know (:func:`foreign`), and the system deciders then read typed values only.
"""

from __future__ import annotations

from typing import Literal, get_args

import msgspec

from fhtagn_tui.rules.coc.melee import Response

FHTAGN, COC, GURPS = "fhtagn", "coc7", "gurps"
ALL = (FHTAGN, COC, GURPS)
SYSTEM_NAMES = {FHTAGN: "FHTAGN", COC: "Call of Cthulhu", GURPS: "GURPS"}

Defence = Literal["dodge", "fight", "maneuver", "parry", "block", "none"]
Called = Literal["partly", "mostly", "crowd", "vulnerable"]
Special = Literal["assault", "rapid", "mow", "savage", "stun", "flesh"]
Surprise = Literal["auto", "bonus"]


class DefenceWord(msgspec.Struct, frozen=True):
    """One defence (or CoC response) the target may take, with the spellings the parser accepts."""

    value: Defence
    label: str  # what a form shows
    systems: tuple[str, ...]
    spellings: tuple[str, ...]  # the first is the canonical word


DEFENCES: tuple[DefenceWord, ...] = (
    DefenceWord("dodge", "dodge", ALL, ("dodge", "d")),
    DefenceWord("fight", "fight back", (FHTAGN, COC), ("fight", "fight back", "fightback", "fight-back", "fb")),
    DefenceWord("maneuver", "counter-maneuver", (COC,), ("maneuver", "manoeuvre", "counter")),
    DefenceWord("parry", "parry", (GURPS,), ("parry",)),
    DefenceWord("block", "block", (GURPS,), ("block",)),
    DefenceWord("none", "none", ALL, ("none", "no", "nothing")),
)
DEFENCE_SPELLINGS: dict[str, Defence] = {s: d.value for d in DEFENCES for s in d.spellings}
#: Call of Cthulhu's own word for each of its defences (the ``melee``/``maneuver``/``shoot`` response).
COC_RESPONSES: dict[Defence, Response] = {"dodge": "dodge", "fight": "fight back", "maneuver": "maneuver", "none": "none"}


def coc_response(text: str) -> Response | None:
    """A CoC response from any of its spellings (``fb``, ``fight back``, ``counter`` …), None if it is none."""
    defence = DEFENCE_SPELLINGS.get(" ".join(text.casefold().split()))
    return COC_RESPONSES.get(defence) if defence is not None else None


#: FHTAGN's called shots and special attacks (FH-COMBAT-11 … 20), in the order of the rules' own table
#: (``rules.fhtagn.combat.ATTACK_OPTIONS``; a test keeps the two equal).
CALLED: tuple[Called, ...] = get_args(Called)
SPECIALS: tuple[Special, ...] = get_args(Special)
CALLED_BY_WORD: dict[str, Called] = {c: c for c in CALLED}
SPECIAL_BY_WORD: dict[str, Special] = {s: s for s in SPECIALS}
#: The special attacks typed as a bare word (mowing fire is ``mow=ROUNDS``).
SPECIAL_WORDS: tuple[str, ...] = tuple(s for s in SPECIALS if s != "mow")
SURPRISES: tuple[Surprise, ...] = ("auto", "bonus")
SURPRISE_HELP = "use surprise=auto (automatic hit) or surprise=bonus (a bonus die)"


def surprise_of(text: str) -> Surprise | None:
    """``auto``/``bonus`` from any case; None for anything else."""
    key = text.strip().casefold()
    return next((s for s in SURPRISES if s == key), None)


class OptionSpec(msgspec.Struct, frozen=True):
    """One ``key=value`` option of ``attack``."""

    key: str
    meta: str  # the value's shape, as the help shows it
    kind: Literal["text", "int", "names", "called", "defence", "surprise", "rounds"]
    systems: tuple[str, ...]
    help: str


OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("weapon", "W", "text", ALL, "the weapon (default: the attacker's own or best)"),
    OptionSpec("defend", "DEFENCE", "defence", ALL, "the target's defence or response"),
    OptionSpec("mod", "±N", "int", (FHTAGN, GURPS), "the GM's modifier to the attack"),
    OptionSpec("skill", "N", "int", (FHTAGN, GURPS), "the attack skill, instead of the sheet's"),
    OptionSpec("called", "SHOT", "called", (FHTAGN,), "a called shot: " + "|".join(CALLED)),
    OptionSpec("crowd", "NAME,NAME", "names", (FHTAGN,), "the others in the crowd of a 'crowd' shot"),
    OptionSpec("mow", "ROUNDS", "rounds", (FHTAGN,), "mowing fire with that many rounds"),
    OptionSpec("alt", "NAME", "text", (FHTAGN,), "a second target in reach (rapid or savage)"),
    OptionSpec("injury", "STAT", "text", (FHTAGN,), "the stat a permanent injury lowers"),
    OptionSpec("dmod", "±N", "int", (GURPS,), "the GM's modifier to the defence"),
    OptionSpec("response", "RESPONSE", "defence", (COC,), "the target's response (same as defend=)"),
    OptionSpec("with", "W", "text", (COC,), "the target's weapon when fighting back"),
    OptionSpec("counter", "GOAL", "text", (COC,), "the target's goal for a counter-maneuver"),
    OptionSpec("goal", "GOAL", "text", (COC,), "a maneuver instead of a hit (disarm, knock down, …)"),
    OptionSpec("bonus", "N", "int", (COC,), "bonus dice"),
    OptionSpec("penalty", "N", "int", (COC,), "penalty dice"),
    OptionSpec("surprise", "auto|bonus", "surprise", (COC,), "a surprise attack: automatic hit or a bonus die"),
    OptionSpec("notice", "SKILL", "text", (COC,), "the skill the target rolls to notice the surprise"),
)
OPTIONS_BY_KEY = {o.key: o for o in OPTIONS}

#: Bare words and the field each sets (defence spellings of one word set ``defend``).
WORDS: dict[str, tuple[str, tuple[str, ...]]] = {
    **{w: ("called", (FHTAGN,)) for w in CALLED},
    **{w: ("special", (FHTAGN,)) for w in SPECIAL_WORDS},
    "gap": ("gap", (FHTAGN,)),
    **{s: ("defend", d.systems) for d in DEFENCES for s in d.spellings},
}


def defences(system: str) -> tuple[DefenceWord, ...]:
    """The defences (CoC: responses) of ``system``, in the order a form offers them."""
    return tuple(d for d in DEFENCES if system in d.systems)


def defence_names(system: str) -> str:
    return ", ".join(d.value for d in defences(system))


def options(system: str) -> tuple[OptionSpec, ...]:
    return tuple(o for o in OPTIONS if system in o.systems)


def words(system: str) -> tuple[str, ...]:
    return tuple(w for w, (_, systems) in WORDS.items() if system in systems)


def word_list() -> str:
    """The bare words, per system, without the extra spellings: for a refusal of an unknown word."""
    out = []
    for system in ALL:
        own = [w for w in words(system) if WORDS[w][0] != "defend"] + [d.value for d in defences(system)]
        out.append(f"{SYSTEM_NAMES[system]}: {', '.join(own)}")
    return "; ".join(out)


def takes(system: str) -> str:
    """``weapon=W defend=dodge|parry|block|none mod=±N …``: what an attack takes in ``system``."""
    parts = []
    for o in options(system):
        meta = "|".join(d.value for d in defences(system)) if o.kind == "defence" else o.meta
        parts.append(f"{o.key}={meta}")
    extra = [w for w in words(system) if WORDS[w][0] != "defend"]
    return " ".join(parts + extra)


def help_lines() -> str:
    """The per-system part of ``help attack``, drawn from the table."""
    fh = SYSTEM_NAMES[FHTAGN]
    lines = [
        f"{fh}: called shots {'|'.join(CALLED)} (or called=…; 'gap' aims around armour;",
        "  crowd=NAME,NAME lists the crowd), special attacks " + "|".join(SPECIAL_WORDS) + " or mow=ROUNDS,",
        "  alt=NAME (a second target in reach for rapid/savage), defend=" + "|".join(d.value for d in defences(FHTAGN))
        + " (or the bare word),",
        "  mod=±N, skill=N, injury=STAT (the stat a permanent injury lowers).",
        "  Aiming (+20), a pinned target (+20) and exhaustion (−20) are applied from conditions.",
        f"{SYSTEM_NAMES[COC]}: a Fighting attack: defend=|response=" + "|".join(d.value for d in defences(COC))
        + " (or the bare word; default dodge),",
        "  with=W (their weapon), counter=GOAL, goal=GOAL (a maneuver), bonus=N, penalty=N,",
        "  surprise=" + "|".join(SURPRISES) + ", notice=SKILL.",
        f"{SYSTEM_NAMES[GURPS]}: defend=" + "|".join(d.value for d in defences(GURPS))
        + " (default dodge), mod=±N (attack), dmod=±N (defence), skill=N.",
    ]
    return "\n".join(lines)


class Given(msgspec.Struct, frozen=True):
    """One option an attack was given, as the GM would type it (``called=partly``, ``parry``)."""

    shown: str
    key: str  # the option, or the bare word (``stun``, ``gap``), it came from
    defence: Defence | None = None


def foreign(given: list[Given], system: str) -> str:
    """A refusal for the first option ``system`` does not take ("" when all fit)."""
    name = SYSTEM_NAMES.get(system, system)
    for g in given:
        if g.defence is not None:
            if not any(d.value == g.defence and system in d.systems for d in DEFENCES):
                return f"attack: {g.shown} is not a {name} defence ({name} defences: {defence_names(system)})"
            continue
        systems = OPTIONS_BY_KEY[g.key].systems if g.key in OPTIONS_BY_KEY else WORDS[g.key][1]
        if system not in systems:
            return f"attack: unknown option {g.shown} in {name} ({name} takes: {takes(system)})"
    return ""
