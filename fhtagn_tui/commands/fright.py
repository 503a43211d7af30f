"""Commands of GURPS Fright Checks: the check, GM override, recovery rolls, traits."""

from __future__ import annotations

from fhtagn_tui.domain.features.fright import (
    AddTrait,
    FrightCheck,
    OverrideFright,
    RecoverFright,
    RemoveTrait,
)

from .language import Args, command, to_int

_ORDER = (
    "Dice: the Fright Check 3d, the table 3d, then each timed condition's duration, FP lost,\n"
    "an immediate HT roll 3d and its injury, automatic injury, and a total-panic reaction 3d."
)


@command(
    "fright",
    "fright NAME [mod=±N] [trait=TEXT] [worsen=TRAIT] [sc=15|12|9|6] [roll=VALUES]",
    "a GURPS Fright Check: 3d vs Will+mod (max 13); failure rolls 3d+margin on the table",
    details=(
        "trait= names a quirk or disadvantage the result gives; sc= its self-control number.\n"
        "worsen= names the related disadvantage whose self-control result 25 worsens.\n" + _ORDER
    ),
    examples=("fright ilse mod=-3", "fright ilse roll=6,6,5,4,4,4,3 trait=\"Fear of cellars\""),
    dice=True,
)
def _fright(args: Args) -> FrightCheck:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    return FrightCheck(
        name=name,
        modifier=args.int_opt("mod", 0),
        trait=args.opt("trait", "") or "",
        worsen=args.opt("worsen", "") or "",
        self_control=args.int_opt("sc", 0),
    )


@command(
    "fright override",
    "fright override NAME reroll|RESULT [trait=TEXT] [worsen=TRAIT] [sc=N] [roll=VALUES]",
    "the GM rerolls or replaces the last fright result (both stay in the log)",
    examples=("fright override ilse reroll", "fright override ilse 13 trait=\"Counts the exits\""),
    dice=True,
)
def _override(args: Args) -> OverrideFright:
    name = args.pos(0, "NAME")
    what = args.pos(1, "reroll or a RESULT (4–40)")
    args.max_positional(2)
    total = None if what.casefold() == "reroll" else to_int(what, "RESULT", args)
    return OverrideFright(
        name=name,
        total=total,
        trait=args.opt("trait", "") or "",
        worsen=args.opt("worsen", "") or "",
        self_control=args.int_opt("sc", 0),
    )


@command(
    "fright recover",
    "fright recover NAME [CONDITION] [--care] [roll=VALUES]",
    "the recovery roll when a timed fright condition's time is up (Will or HT, as the result says)",
    details="--care: a catatonic character has medical care (no HP lost per day).",
    examples=("fright recover ilse", "fright recover ilse coma roll=3,4,2,5"),
    dice=True,
)
def _recover(args: Args) -> RecoverFright:
    name = args.pos(0, "NAME")
    condition = args.rest(1)
    return RecoverFright(name=name, condition=condition, care=args.flag("care"))


@command(
    "trait add",
    "trait add NAME TEXT [points=-N] [kind=quirk|delusion|mental|physical] [sc=15|12|9|6]",
    "give a GURPS character a quirk or disadvantage (quirks: at most five)",
    examples=('trait add ilse "Hums when nervous"', 'trait add ilse "Phobia (dark)" points=-15 kind=mental sc=12'),
)
def _trait_add(args: Args) -> AddTrait:
    name = args.pos(0, "NAME")
    text = args.rest(1)
    if not text:
        raise args.fail("trait add: which trait?")
    kind = args.opt("kind", "quirk") or "quirk"
    points = args.int_opt("points", -1 if kind == "quirk" else -10)
    return AddTrait(name=name, trait=text, points=points, kind=kind, self_control=args.int_opt("sc", 0))


@command("trait remove", "trait remove NAME TEXT", "take a quirk or disadvantage away",
         aliases=("trait rm", "trait del"))
def _trait_remove(args: Args) -> RemoveTrait:
    name = args.pos(0, "NAME")
    text = args.rest(1)
    if not text:
        raise args.fail("trait remove: which trait?")
    return RemoveTrait(name=name, trait=text)
