"""Commands of Call of Cthulhu 7e tomes and magic: the library, reading, spells, MP, POW."""

from __future__ import annotations

from fhtagn_tui.domain.features.coc_tomes import (
    CastSpell,
    ConsultTome,
    DefineSpell,
    DefineTome,
    LearnSpell,
    PowGainCheck,
    ReadTome,
    RestMagic,
    StudyTome,
)
from fhtagn_tui.domain.state import State
from fhtagn_tui.rules.coc.tomes import Spell, Tome

from .coc_insanity import words
from .language import Args, Query, command, to_int


def _need_int(args: Args, key: str) -> int:
    value = args.int_opt_none(key)
    if value is None:
        raise args.fail(f"{args.spec.words}: missing {key}=N")
    return value


@command(
    "tome add",
    "tome add NAME lang=LANGUAGE rating=N cmi=N cmf=N [san=EXPR] [weeks=N] "
    "[difficulty=regular|hard|extreme|printed|handwritten|ancient] [spells=\"A,B\"]",
    "put a Mythos tome in the campaign's library (or redefine one)",
    examples=(
        'tome add "Cultes des Goules" lang=French rating=36 cmi=4 cmf=9 san=1d10 weeks=20 difficulty=handwritten '
        'spells="Contact Ghoul,Call Nyogtha"',
    ),
)
def _tome_add(args: Args) -> DefineTome:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    spells = tuple(s.strip() for s in (args.opt("spells", "") or "").split(",") if s.strip())
    return DefineTome(
        tome=Tome(
            name=name,
            language=args.opt("lang", "") or "",
            rating=_need_int(args, "rating"),
            cmi=_need_int(args, "cmi"),
            cmf=_need_int(args, "cmf"),
            san=args.opt("san", "0") or "0",
            weeks=args.int_opt("weeks", 1),
            difficulty=args.opt("difficulty", "regular") or "regular",
            spells=spells,
        )
    )


@command(
    "spell add",
    "spell add NAME mp=N [san=EXPR] [time=instant|N] [opposed]",
    "put a spell in the campaign's grimoire (or redefine one)",
    examples=('spell add "Wrack" mp=6 san=1d6 time=instant opposed', 'spell add "Contact Ghoul" mp=8 san=1d6 time=2'),
)
def _spell_add(args: Args) -> DefineSpell:
    name = args.pos(0, "NAME")
    flags = words(args, 1, ("opposed",))
    return DefineSpell(
        spell=Spell(
            name=name,
            mp=_need_int(args, "mp"),
            san=args.opt("san", "0") or "0",
            time=args.opt("time", "instant") or "instant",
            opposed="opposed" in flags,
        )
    )


@command("tome list", "tome list", "the campaign's Mythos tomes", aliases=("tomes",))
def _tome_list(args: Args) -> Query:
    args.max_positional(0)

    def run(state: State) -> str:
        tomes = state.coc_lore.tomes.values()
        if not tomes:
            return "the library is empty: add a tome with 'tome add NAME lang=… rating=… cmi=… cmf=…'"
        return "\n".join(
            f"{t.name} ({t.language}, {t.difficulty}): rating {t.rating}, CMI +{t.cmi}, CMF +{t.cmf}, "
            f"SAN {t.san}, {t.weeks} weeks" + (f"; spells: {', '.join(t.spells)}" if t.spells else "")
            for t in tomes
        )

    return Query(run=run)


@command("spell list", "spell list", "the campaign's grimoire", aliases=("spells",))
def _spell_list(args: Args) -> Query:
    args.max_positional(0)

    def run(state: State) -> str:
        spells = state.coc_lore.spells.values()
        if not spells:
            return "the grimoire is empty: add a spell with 'spell add NAME mp=N'"
        return "\n".join(
            f"{s.name}: {s.mp} MP, {s.san} SAN, {s.time}" + (", opposed" if s.opposed else "") for s in spells
        )

    return Query(run=run)


@command(
    "read",
    "read NAME TOME [difficulty=…] [push] [noroll] [bonus=N] [penalty=N] [roll=VALUES]",
    "an initial reading: the Language reading roll, then the tome's SAN loss (believers) and CMI",
    details="difficulty defaults to the tome's; noroll when the Keeper waives the roll; push right after a failure.",
    examples=('read harvey "Cultes des Goules"', 'read harvey "Cultes des Goules" push roll=12,4'),
    dice=True,
)
def _read(args: Args) -> ReadTome:
    name = args.pos(0, "NAME")
    tome = args.pos(1, "TOME")
    flags = words(args, 2, ("push", "noroll"))
    return ReadTome(
        name=name,
        tome=tome,
        difficulty=args.opt("difficulty", "") or "",
        push="push" in flags,
        noroll="noroll" in flags,
        bonus=args.int_opt("bonus", 0),
        penalty=args.int_opt("penalty", 0),
    )


@command(
    "study",
    "study NAME TOME [roll=VALUES]",
    "a full study (after the initial reading): weeks doubling each time, SAN (believers), CMF or half",
    examples=('study harvey "Cultes des Goules"',),
    dice=True,
)
def _study(args: Args) -> StudyTome:
    name = args.pos(0, "NAME")
    tome = args.pos(1, "TOME")
    args.max_positional(2)
    return StudyTome(name=name, tome=tome)


@command(
    "consult",
    "consult NAME TOME [roll=VALUES]",
    "use a fully studied tome as a reference: 1D4 hours, 1D100 at or under its Mythos Rating",
    examples=('consult harvey "Cultes des Goules" roll=3,20',),
    dice=True,
)
def _consult(args: Args) -> ConsultTome:
    name = args.pos(0, "NAME")
    tome = args.pos(1, "TOME")
    args.max_positional(2)
    return ConsultTome(name=name, tome=tome)


@command(
    "learn",
    "learn NAME SPELL from=book|person|entity [tome=TOME] [weeks=N] [time=TEXT] [check] [roll=VALUES]",
    "learn a spell: from a book (2D6 weeks unless weeks=), a person (time=), or an entity (INT roll)",
    details="check adds the optional Hard INT roll for a book or a person.",
    examples=('learn harvey "Contact Ghoul" from=book tome="Cultes des Goules"', "learn harvey Wrack from=entity roll=40"),
    dice=True,
)
def _learn(args: Args) -> LearnSpell:
    name = args.pos(0, "NAME")
    spell = args.pos(1, "SPELL")
    flags = words(args, 2, ("check",))
    source = args.opt("from")
    if not source:
        raise args.fail("learn: from=book, from=person or from=entity")
    return LearnSpell(
        name=name,
        spell=spell,
        source=source,
        tome=args.opt("tome", "") or "",
        weeks=args.int_opt_none("weeks"),
        time=args.opt("time", "") or "",
        check="check" in flags,
    )


@command(
    "cast",
    "cast NAME SPELL [mp=N] [push] [won] [roll=VALUES]",
    "cast a known spell: first casting Hard POW (push after a failure), MP (then HP), SAN, timing in a fight",
    details="won: the opposed POW roll was won — roll for a POW increase.  mp= overrides the spell's MP cost.",
    examples=("cast harvey Wrack", "cast harvey Wrack push roll=80,3,4", "cast harvey Wrack won"),
    dice=True,
)
def _cast(args: Args) -> CastSpell:
    name = args.pos(0, "NAME")
    spell = args.pos(1, "SPELL")
    flags = words(args, 2, ("push", "won"))
    return CastSpell(name=name, spell=spell, mp=args.int_opt_none("mp"), push="push" in flags, won="won" in flags)


@command(
    "mp",
    "mp NAME rest HOURS [rate=N]",
    "magic points come back with rest: 1 an hour (rate= for the very powerful)",
    examples=("mp harvey rest 4",),
)
def _mp(args: Args) -> RestMagic:
    name = args.pos(0, "NAME")
    if args.pos(1, "rest").casefold() != "rest":
        raise args.fail(f"mp: unknown action {args.positional[1]!r} (mp NAME rest HOURS)")
    hours = to_int(args.pos(2, "HOURS"), "HOURS", args)
    args.max_positional(3)
    return RestMagic(name=name, hours=hours, rate=args.int_opt("rate", 1))


@command(
    "pow",
    "pow NAME gain [luck=01] [roll=VALUES]",
    "a POW increase check: after winning an opposed spell, or on a Luck roll of 01 (luck=01)",
    examples=("pow harvey gain roll=80,6", "pow harvey gain luck=01"),
    dice=True,
)
def _pow(args: Args) -> PowGainCheck:
    name = args.pos(0, "NAME")
    if args.pos(1, "gain").casefold() != "gain":
        raise args.fail(f"pow: unknown action {args.positional[1]!r} (pow NAME gain)")
    args.max_positional(2)
    return PowGainCheck(name=name, luck=args.int_opt_none("luck"))
