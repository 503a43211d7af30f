"""Commands of Call of Cthulhu 7e insanity: Sanity rolls, bouts, side effects, recovery.

``san`` stays the FHTAGN SAN test; CoC campaigns use ``sanity`` (the options
differ: entities, Mythos, bouts, bonus/penalty dice).
"""

from __future__ import annotations

from fhtagn_tui.domain.features.coc_insanity import (
    CocBout,
    CocFaceTrait,
    CocMindTrait,
    CocRealityCheck,
    CocSanityRoll,
    DevelopAwfulness,
    RecoverInsanity,
    SetMadnessRow,
    StartSanityDay,
    TreatInsanity,
    investigator,
)
from fhtagn_tui.domain.state import State
from fhtagn_tui.rules.coc import insanity as ins

from .language import Args, Query, command, to_int


def words(args: Args, start: int, allowed: tuple[str, ...]) -> set[str]:
    """Bare words after the positional arguments (``mythos``, ``push`` …), checked."""
    found = {p.casefold() for p in args.positional[start:]}
    stray = [p for p in args.positional[start:] if p.casefold() not in allowed]
    if stray:
        raise args.fail(f"{args.spec.words}: unexpected {stray[0]!r} (words allowed here: {', '.join(allowed)})")
    return found | {f for f in allowed if args.flag(f)}


@command(
    "sanity",
    "sanity NAME LOSS [source=ENTITY] [max=N] [mythos] [bout=realtime|summary] [phobia=TEXT] [mania=TEXT] "
    "[bonus=N] [penalty=N] [roll=VALUES]",
    "a CoC 7e Sanity roll: loss, getting used to an entity, insanity, bouts of madness",
    details=(
        "LOSS is SUCCESS/FAILURE, e.g. 1/1d6; a fumble loses the maximum of FAILURE.\n"
        "source= names the entity: losses to it add up to at most max= (default: the maximum of FAILURE).\n"
        "mythos marks direct Mythos experience: a non-believer's first loss adds their Cthulhu Mythos,\n"
        "and a bout it causes adds Cthulhu Mythos (+5 the first time, +1 later).\n"
        "Dice in order: the d100, the loss, the INT roll and 1D10 hours (5+ lost), then the bout's 1D10 row\n"
        "and 1D10 length.  phobia=/mania= is the backstory entry a bout adds."
    ),
    examples=("sanity harvey 1/1d6", "sanity harvey 1/1d10 source=\"deep one\" mythos roll=70,8,40,6,3,5"),
    dice=True,
)
def _sanity(args: Args) -> CocSanityRoll:
    name = args.pos(0, "NAME")
    loss = args.pos(1, "LOSS (e.g. 1/1d6)")
    flags = words(args, 2, ("mythos",))
    return CocSanityRoll(
        name=name,
        loss=loss,
        source=args.opt("source", "") or "",
        cap=args.int_opt_none("max"),
        mythos="mythos" in flags,
        bout=args.opt("bout", "realtime") or "realtime",
        phobia=args.opt("phobia", "") or "",
        mania=args.opt("mania", "") or "",
        bonus=args.int_opt("bonus", 0),
        penalty=args.int_opt("penalty", 0),
    )


@command(
    "bout",
    "bout NAME [realtime|summary] [mythos] [phobia=TEXT] [mania=TEXT] [roll=VALUES]",
    "a bout of madness: 1D10 on the real-time (rounds) or summary (hours) table, 1D10 long",
    examples=("bout harvey", "bout harvey summary mythos phobia=\"deep water\" roll=9,4"),
    dice=True,
)
def _bout(args: Args) -> CocBout:
    name = args.pos(0, "NAME")
    flags = words(args, 1, ("realtime", "summary", "mythos"))
    if {"realtime", "summary"} <= flags:
        raise args.fail("bout: realtime or summary, not both")
    return CocBout(
        name=name,
        kind="summary" if "summary" in flags else "realtime",
        mythos="mythos" in flags,
        phobia=args.opt("phobia", "") or "",
        mania=args.opt("mania", "") or "",
    )


@command(
    "reality",
    "reality NAME [mythos] [bonus=N] [penalty=N] [roll=VALUES]",
    "a reality check: SAN roll to see through a delusion; failure costs 1 SAN (and a bout if insane)",
    examples=("reality harvey roll=45",),
    dice=True,
    aliases=("reality check",),
)
def _reality(args: Args) -> CocRealityCheck:
    name = args.pos(0, "NAME")
    flags = words(args, 1, ("mythos",))
    return CocRealityCheck(name=name, mythos="mythos" in flags, bonus=args.int_opt("bonus", 0), penalty=args.int_opt("penalty", 0))


def _trait_command(kind: str, remove: bool) -> None:
    verb = "remove" if remove else "add"

    @command(
        f"{kind} {verb}",
        f"{kind} {verb} NAME TEXT",
        f"{'take away' if remove else 'give'} a {kind} (CoC 7e)",
        examples=(f"{kind} {verb} harvey {'spiders' if kind == 'phobia' else 'kleptomania'}",),
        aliases=(f"{kind} rm",) if remove else (),
    )
    def build(args: Args) -> CocMindTrait:
        name = args.pos(0, "NAME")
        text = args.rest(1)
        if not text:
            raise args.fail(f"{kind} {verb}: which {kind}?")
        return CocMindTrait(name=name, kind=kind, text=text, remove=remove)


for _kind in ("phobia", "mania"):
    for _remove in (False, True):
        _trait_command(_kind, _remove)


@command(
    "phobia face",
    "phobia face NAME PHOBIA [fight|flee|resist]",
    "an insane investigator meets their phobia: fight or flee, or resist with a penalty die",
    examples=("phobia face harvey spiders flee", "phobia face harvey \"deep water\" resist"),
)
def _phobia_face(args: Args) -> CocFaceTrait:
    return _face(args, "phobia")


@command(
    "mania face",
    "mania face NAME MANIA [submit|resist]",
    "an insane investigator's mania calls: submit, or resist with a penalty die",
    examples=("mania face harvey kleptomania submit",),
)
def _mania_face(args: Args) -> CocFaceTrait:
    return _face(args, "mania")


def _face(args: Args, kind: str) -> CocFaceTrait:
    name = args.pos(0, "NAME")
    text = args.pos(1, kind.upper())
    args.max_positional(3)
    return CocFaceTrait(name=name, kind=kind, text=text, response=args.pos_opt(2, "resist"))


@command(
    "treat",
    "treat NAME care|institution [psychoanalysis=N] [roll=VALUES]",
    "a month of treatment for indefinite insanity (1D100; progress: +1D3 SAN and a curing SAN roll)",
    details="care: 01–95 progress, 96–100 −1D6 SAN.  institution: up to max(50, psychoanalysis) progress,\n"
    "to 95 no progress, 96–100 −1D6 SAN.  Dice: the d100, then 1D3 and the d100 Sanity roll, or the 1D6.",
    examples=("treat harvey care roll=40,2,30", "treat harvey institution psychoanalysis=65"),
    dice=True,
)
def _treat(args: Args) -> TreatInsanity:
    name = args.pos(0, "NAME")
    setting = args.pos(1, "care|institution")
    args.max_positional(2)
    return TreatInsanity(name=name, setting=setting, psychoanalysis=args.int_opt("psychoanalysis", 0))


@command(
    "recover",
    "recover NAME rest|hours=N|development",
    "end an insanity: temporary after its hours or a good rest; indefinite at development (Keeper)",
    examples=("recover harvey rest", "recover harvey hours=8", "recover harvey development"),
)
def _recover(args: Args) -> RecoverInsanity:
    name = args.pos(0, "NAME")
    flags = words(args, 1, ("rest", "development"))
    hours = args.int_opt_none("hours")
    if not flags and hours is None:
        raise args.fail("recover: say how: rest, hours=N or development")
    return RecoverInsanity(name=name, rested="rest" in flags, hours=hours, development="development" in flags)


@command(
    "sanity day",
    "sanity day",
    "a new game day: each investigator's SAN now is the base of indefinite insanity",
    examples=("sanity day",),
)
def _day(args: Args) -> StartSanityDay:
    args.max_positional(0)
    return StartSanityDay()


@command(
    "sanity develop",
    "sanity develop [NAME]",
    "development phase: cumulative SAN loss to each entity goes down by 1",
    examples=("sanity develop", "sanity develop harvey"),
)
def _develop(args: Args) -> DevelopAwfulness:
    args.max_positional(1)
    return DevelopAwfulness(name=args.pos_opt(0))


@command(
    "madness table set",
    "madness table set realtime|summary ROW \"Name: effect\"|default",
    "rewrite a row of a bouts-of-madness table for this campaign (default restores it)",
    examples=('madness table set realtime 6 "Faint: swoons for the bout"', "madness table set realtime 6 default"),
)
def _madness_set(args: Args) -> SetMadnessRow:
    kind = args.pos(0, "realtime|summary")
    row = to_int(args.pos(1, "ROW"), "ROW", args)
    text = args.rest(2)
    if not text:
        raise args.fail('madness table set: give the row as "Name: effect", or default')
    return SetMadnessRow(kind=kind, row=row, text=text)


@command(
    "madness table",
    "madness table [realtime|summary]",
    "show the bouts-of-madness tables (rows the Keeper changed are marked *)",
)
def _madness_show(args: Args) -> Query:
    args.max_positional(1)
    only = args.pos_opt(0).casefold()
    if only and only not in ins.BOUT_KINDS:
        raise args.fail(f"madness table: {only!r} is not realtime or summary")

    def run(state: State) -> str:
        out = []
        for kind in ins.BOUT_KINDS:
            if only and kind != only:
                continue
            out.append(f"Bouts of madness — {kind} (1D10, lasting 1D10 {ins.BOUT_UNITS[kind]}):")
            for n in range(1, 11):
                row = ins.bout_row(kind, n, state.coc_lore.madness)
                mark = "*" if f"{kind}:{n}" in state.coc_lore.madness else " "
                out.append(f" {mark}{n:>2} {row.name}: {row.effect}")
        return "\n".join(out)

    return Query(run=run)


@command("sanity show", "sanity show NAME", "a CoC investigator's mind: insanity, phobias, manias, entities, tomes, spells")
def _show(args: Args) -> Query:
    name = args.pos(0, "NAME")
    args.max_positional(1)

    def run(state: State) -> str:
        char = investigator(state, name)
        m = char.mind
        phase = [c for c in char.conditions if c in ins.INSANE.values()]
        lines = [f"{char.name}: SAN {char.current.get('SAN', 0)}, {'believer' if m.believer else 'non-believer'}"]
        lines.append("  insanity: " + (", ".join(phase) or "none"))
        lines.append(f"  today: lost {m.day_loss} of a fifth of {m.day_start}" if m.day_start else "  today: no day started")
        for label, items in (("phobias", m.phobias), ("manias", m.manias)):
            if items:
                lines.append(f"  {label}: " + ", ".join(items))
        if m.cumulative:
            lines.append("  SAN lost to: " + ", ".join(f"{k} {v}" for k, v in m.cumulative.items()))
        if m.tomes:
            lines.append("  tomes: " + ", ".join(f"{k} ({_progress(v)})" for k, v in m.tomes.items()))
        if m.spells:
            lines.append("  spells: " + ", ".join(f"{k} ({_cast(v)})" for k, v in m.spells.items()))
        return "\n".join(lines)

    return Query(run=run)


def _progress(value: int) -> str:
    return {-2: "pushed reading failed", -1: "reading failed", 0: "read"}.get(value, f"{value} full studies")


def _cast(value: int) -> str:
    return {-1: "first casting failed", 0: "never cast"}.get(value, f"cast {value}×")
