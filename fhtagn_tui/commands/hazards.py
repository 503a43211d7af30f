"""Commands of FHTAGN hazards: poison, disease, falls, impacts, crashes, fire, cold, suffocation, ticks."""

from __future__ import annotations

from fhtagn_tui.domain.features.fh_hazards import (
    ApplyPoison,
    CarCrash,
    ExposeToCold,
    GiveAntidote,
    HazardEnd,
    HazardTick,
    Hospitalize,
    Infect,
    Irradiate,
    StartSuffocation,
    TakeFall,
    TakeImpact,
    TouchFire,
    WarmUp,
    format_hazards,
)
from fhtagn_tui.domain.state import State

from .healing import words
from .language import Args, Query, command


@command(
    "poison",
    "poison NAME lethality=N|damage=EXPR [speed=TEXT] [source=TEXT] [roll=…]",
    "FHTAGN poison: lethality or damage, then CON×5 (critical 1 HP, success half, fumble double)",
    details="Without speed= it acts at once; with speed= it waits ('poisoned') until 'hazard tick NAME poison'.\n"
    "In hospital (+20, 'hospital NAME') the CON×5 is easier.  Dice: lethality d100 or the damage dice, then CON×5.",
    examples=("poison bob lethality=15 source=curare", "poison bob damage=2d6 speed=1hour source=arsenic"),
    dice=True,
)
def _poison(args: Args) -> ApplyPoison:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    return ApplyPoison(name=name, lethality=args.int_opt("lethality", 0), damage=args.dice_opt("damage"),
                       speed=args.opt("speed", "") or "", source=args.opt("source", "") or "")


@command(
    "antidote",
    "antidote HEALER PATIENT [skill=Medicine|Pharmacy] [value=N] [mod=±N] [roll=…]",
    "FHTAGN: an antidote and a Medicine or Pharmacy test before a poison acts prevents it",
    examples=("antidote ada bob", "antidote ada bob skill=Pharmacy"),
    dice=True,
)
def _antidote(args: Args) -> GiveAntidote:
    healer = args.pos(0, "HEALER")
    patient = args.pos(1, "PATIENT")
    args.max_positional(2)
    return GiveAntidote(healer=healer, patient=patient, skill=args.opt("skill", "") or "",
                        skill_value=args.int_opt_none("value"), modifier=args.int_opt("mod", 0))


@command(
    "disease",
    "disease NAME damage=EXPR speed=TEXT [source=TEXT]",
    "FHTAGN disease: each 'hazard tick' is one interval — CON×5 or damage; no HP regained meanwhile",
    examples=("disease bob damage=1d6 speed=1day source=typhus",),
)
def _disease(args: Args) -> Infect:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    return Infect(name=name, damage=args.dice_opt("damage"), speed=args.opt("speed", "") or "",
                  source=args.opt("source", "") or "")


@command(
    "hospital",
    "hospital NAME [--off]",
    "FHTAGN: in hospital, +20 to CON×5 against poison and disease (--off discharges)",
    examples=("hospital bob", "hospital bob --off"),
)
def _hospital(args: Args) -> Hospitalize:
    name = args.pos(0, "NAME")
    flags = words(args, 1, ("off",))
    return Hospitalize(name=name, off="off" in flags)


@command(
    "radiation",
    "radiation NAME [dose=TEXT] [roll=…]",
    "FHTAGN radioactivity: exhaustion first (1d6 WP, −20 to tests); further effects are the GM's",
    examples=("radiation bob dose=high",),
    dice=True,
)
def _radiation(args: Args) -> Irradiate:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    return Irradiate(name=name, dose=args.opt("dose", "") or "")


def _float(args: Args, key: str) -> float:
    raw = args.opt(key)
    if raw is None:
        raise args.fail(f"{args.spec.words}: give {key}=N")
    try:
        return float(raw.replace(",", ".").removesuffix("m"))
    except ValueError:
        raise args.fail(f"{key} must be a number, not {raw!r}") from None


@command(
    "fall",
    "fall NAME meters=N [uncontrolled] [roll=…]",
    "FHTAGN fall: up to 3 m 1d6 (2d6 uncontrolled), from 4 m lethality 1 %/m; then CON×5 or stunned",
    examples=("fall bob meters=3 uncontrolled", "fall bob meters=12"),
    dice=True,
)
def _fall(args: Args) -> TakeFall:
    name = args.pos(0, "NAME")
    flags = words(args, 1, ("uncontrolled",))
    return TakeFall(name=name, meters=_float(args, "meters"), uncontrolled="uncontrolled" in flags)


@command(
    "impact",
    "impact NAME speed=KMH [head-on] [damage=EXPR] [roll=…]",
    "FHTAGN impact: lethality 10 % per 40 km/h (head-on doubles the damage); then CON×5 or stunned",
    details="Under 40 km/h there is no lethality: give damage=EXPR.",
    examples=("impact bob speed=90 head-on", "impact bob speed=30 damage=1d6"),
    dice=True,
)
def _impact(args: Args) -> TakeImpact:
    name = args.pos(0, "NAME")
    flags = words(args, 1, ("head-on",))
    speed = args.int_opt_none("speed")
    if speed is None:
        raise args.fail("impact: give speed=KMH")
    return TakeImpact(name=name, speed=speed, head_on="head-on" in flags, damage=args.dice_opt("damage"))


@command(
    "crash",
    "crash NAME [NAME …] as=rammed|ramming [belt|airbag|slow] [light] [roll=…]",
    "FHTAGN car crash: occupants of the rammed vehicle take 2d6, of the ramming one 1d6",
    details="belt, airbag or slow halve the damage (once).  light: the rammed target was not massive — "
    "the ramming vehicle's occupants take nothing.",
    examples=("crash ada bob as=rammed belt", "crash carl as=ramming light"),
    dice=True,
)
def _crash(args: Args) -> CarCrash:
    options = ("belt", "seatbelt", "airbag", "slow", "light")
    names = [p for p in args.positional if p.casefold() not in options]
    if not names:
        raise args.fail("crash: name the occupants")
    flags = {p.casefold() for p in args.positional if p.casefold() in options}
    for flag in list(args.flags):
        args.flag(flag)
        if flag not in options:
            raise args.fail(f"crash: unexpected --{flag} (words: {', '.join(options)})")
        flags.add(flag)
    role = args.opt("as")
    if role is None:
        raise args.fail("crash: as=rammed or as=ramming")
    return CarCrash(names=tuple(names), role=role, halved=bool(flags & {"belt", "seatbelt", "airbag", "slow"}),
                    massive="light" not in flags)


@command(
    "suffocate",
    "suffocate NAME [turns=N]",
    "FHTAGN suffocation: a deep breath lasts CON×5 turns, then CON×5 each turn (1 HP or 1d6)",
    details="turns= sets the breath held (0: no deep breath).  'hazard tick NAME' is one turn; "
    "'firstaid HEALER NAME airway' or 'hazard end NAME suffocation' ends it.",
    examples=("suffocate bob", "suffocate bob turns=0"),
)
def _suffocate(args: Args) -> StartSuffocation:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    return StartSuffocation(name=name, turns=args.int_opt_none("turns"))


@command(
    "burn",
    "burn NAME intensity=minor|moderate|large|major [source=TEXT] [roll=…]",
    "FHTAGN fire: resolve the first turn of contact (damage, DEX×5 or catch fire); 'hazard tick' goes on",
    details="Intensities: minor (candle) 1, moderate (torch) 1d6, large (campfire) 2d6, major (blast furnace) "
    "lethality 10 %.\n'hazard end NAME fire' leaves the fire; a burning character then takes half damage "
    "each 'hazard tick' until 'hazard end NAME burning' or 'action NAME put out fire'.",
    examples=("burn bob intensity=large", "burn bob intensity=torch roll=4,77"),
    dice=True,
    aliases=("flames",),
)
def _fire(args: Args) -> TouchFire:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    intensity = args.opt("intensity")
    if intensity is None:
        raise args.fail("burn: give intensity=minor|moderate|large|major")
    return TouchFire(name=name, intensity=intensity, source=args.opt("source", "") or "")


@command(
    "cold",
    "cold NAME [prep=unprepared|partial|full] [source=TEXT]",
    "FHTAGN cold: after CON minutes (partial CON×5 min, full CON hours), CON×5 every 5 minutes",
    details="Each 'hazard tick NAME cold' is 5 minutes.  Failures lower CON by 1 (temporary); at CON 1, 1d8 HP "
    "every 5 minutes.  'warm NAME minutes=M' restores 1 CON per minute.",
    examples=("cold bob", "cold bob prep=partial source=blizzard"),
)
def _cold(args: Args) -> ExposeToCold:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    return ExposeToCold(name=name, preparation=args.opt("prep", "unprepared") or "unprepared",
                        source=args.opt("source", "") or "")


@command(
    "warm",
    "warm NAME minutes=M",
    "FHTAGN: out of the cold, warmth restores 1 CON per minute",
    examples=("warm bob minutes=5",),
)
def _warm(args: Args) -> WarmUp:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    minutes = args.int_opt_none("minutes")
    if minutes is None:
        raise args.fail("warm: give minutes=M")
    return WarmUp(name=name, minutes=minutes)


@command(
    "hazard tick",
    "hazard tick NAME|all [KIND] [roll=…]",
    "resolve one tick of every lasting hazard (fire/burning/suffocation: a turn; cold: 5 min; "
    "disease: an interval; poison: its speed)",
    details="KIND limits it to one of fire, burning, suffocation, cold, disease, poison.",
    examples=("hazard tick bob", "hazard tick all fire", "hazard tick bob disease roll=4,63"),
    dice=True,
)
def _tick(args: Args) -> HazardTick:
    name = args.pos(0, "NAME|all")
    args.max_positional(2)
    return HazardTick(name=name, kind=args.pos_opt(1))


@command(
    "hazard end",
    "hazard end NAME KIND",
    "end a lasting hazard: leave the fire, put out, breathe, warm up, cured",
    examples=("hazard end bob fire", "hazard end bob burning", "hazard end bob disease"),
)
def _end(args: Args) -> HazardEnd:
    name = args.pos(0, "NAME")
    kind = args.pos(1, "KIND")
    args.max_positional(2)
    return HazardEnd(name=name, kind=kind)


@command("hazard show", "hazard show [NAME]", "list the lasting hazards (of one character, or everyone's)",
         aliases=("hazard list", "hazards"))
def _show(args: Args) -> Query:
    name = args.pos_opt(0)
    args.max_positional(1)

    def run(state: State) -> str:
        return format_hazards(state, name)

    return Query(run=run)
