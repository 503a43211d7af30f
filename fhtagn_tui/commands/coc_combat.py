"""Commands of Call of Cthulhu 7e combat: melee, maneuver, shoot, burst, auto, reload, take aim, flee.

The shared ``attack`` command (the encounter's) also works in coc7 campaigns:
it is routed to the same melee/maneuver deciders.
"""

from __future__ import annotations

from fhtagn_tui.domain import attack_words as aw
from fhtagn_tui.domain.features.coc_combat import (
    CocAim,
    CocAutoFire,
    CocFlee,
    CocManeuver,
    CocMelee,
    CocReload,
    CocSetFighter,
    CocShoot,
)
from fhtagn_tui.domain.lookup import did_you_mean
from fhtagn_tui.rules.coc.firearms import MODIFIER_KEYS
from fhtagn_tui.rules.coc.melee import Response

from .language import Args, ParseError, command, to_int

#: The firearm flags a GM types: large/small follow the target's Build, handgun-shots follows shots=.
_FLAGS = tuple(k for k in MODIFIER_KEYS if k not in ("large", "small", "handgun-shots"))
_TOGGLES = " ".join(f"[--{k}]" for k in _FLAGS)


def _distance(args: Args) -> float | None:
    raw = args.opt("range")
    if raw is None:
        return None
    text = raw.strip().lower().removesuffix("yd").removesuffix("yards").removesuffix("y").strip()
    try:
        value = float(text)
    except ValueError:
        raise args.fail(f"range= is a distance in yards, not {raw!r}") from None
    if value < 0:
        raise args.fail("range= cannot be negative")
    return value


def _toggles(args: Args, taken: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The firearm modifier flags (``--aim``, ``--cover`` …), checked here once (COC-FIREARM-05)."""
    found = sorted(f for f in args.flags if f not in taken)
    for name in found:
        args.flag(name)
        if name in ("large", "small"):
            raise args.fail("large and small targets follow the target's Build (4+ / −2 or less); no flag needed")
        if name not in MODIFIER_KEYS:
            raise args.fail(f"--{name} is not a firearm modifier{did_you_mean(name, MODIFIER_KEYS)} "
                            f"(modifiers: {', '.join('--' + k for k in _FLAGS)})")
    return tuple(found)


def _response(args: Args, default: Response | None) -> Response | None:
    """``response=`` read once, with the attack table's spellings (``fb``, ``fight back``, ``counter`` …)."""
    raw = args.opt("response")
    if raw is None:
        return default
    response = aw.coc_response(raw)
    if response is None:
        raise args.fail(f"{args.spec.words}: response={raw} is not known — use "
                        f"{', '.join(aw.COC_RESPONSES[d.value] for d in aw.defences(aw.COC))}")
    return response


def _surprise(args: Args) -> aw.Surprise | None:
    raw = args.opt("surprise")
    if raw is None or not raw.strip():
        return None
    surprise = aw.surprise_of(raw)
    if surprise is None:
        raise args.fail(f"surprise={raw} — {aw.SURPRISE_HELP}")
    return surprise


def _dice(args: Args) -> tuple[int, int]:
    return args.int_opt("bonus", 0), args.int_opt("penalty", 0)


@command(
    "melee",
    "melee ATTACKER TARGET [weapon=W] [response=dodge|fight|maneuver|none] [with=W] [counter=GOAL] "
    "[bonus=N] [penalty=N] [surprise=auto|bonus] [notice=SKILL] [roll=…]",
    "CoC: a Fighting attack; the target dodges, fights back, counters with a maneuver, or takes it",
    details=(
        "response= is the target's choice (default dodge); with= is the target's weapon when fighting back;\n"
        "counter=GOAL makes response=maneuver (e.g. counter=disarm). surprise=auto|bonus: the target failed\n"
        "to notice (notice=SKILL rolls it first). Outnumbered bonus dice come from the fight's round.\n"
        "Dice order: [notice], attack, response, damage (weapon, damage bonus, impale)."
    ),
    examples=(
        "melee ada cultist weapon=knife response=dodge",
        "melee ghoul ada response=fight with=club roll=40,25,6,3",
        "melee cultist ada surprise=auto",
    ),
    dice=True,
)
def _melee(args: Args) -> CocMelee:
    attacker = args.pos(0, "ATTACKER")
    target = args.pos(1, "TARGET")
    args.max_positional(2)
    bonus, penalty = _dice(args)
    counter = args.opt("counter", "") or ""
    response = _response(args, "maneuver" if counter else "dodge") or "dodge"
    return CocMelee(
        attacker=attacker, target=target, weapon=args.opt("weapon", "") or "", response=response,
        defender_weapon=args.opt("with", "") or "", counter=counter, bonus=bonus, penalty=penalty,
        surprise=_surprise(args), notice=args.opt("notice", "") or "",
    )


@command(
    "maneuver",
    "maneuver ATTACKER TARGET GOAL [response=dodge|fight|maneuver|none] [with=W] [counter=GOAL] "
    "[skill=SKILL] [bonus=N] [penalty=N] [roll=…]",
    "CoC: a fighting maneuver (disarm, knock down, hold, restrain, push, break free); Build decides penalty dice",
    details="A target 3+ Build bigger cannot be maneuvered. Dice order: maneuver roll, response, damage.\n"
    "Rolled with the best fighting skill usable unarmed (Brawl, or a creature's Claw), or the one named by skill= "
    "(COC-MANEUVER-06).",
    examples=("maneuver ada cultist disarm", "maneuver ada ghoul knock down response=fight", "maneuver bob cultist break free"),
    dice=True,
    aliases=("manoeuvre",),
)
def _maneuver(args: Args) -> CocManeuver:
    attacker = args.pos(0, "ATTACKER")
    target = args.pos(1, "TARGET")
    goal = args.rest(2)
    if not goal:
        raise args.fail("maneuver: which goal? disarm, knock down, hold, restrain, push, break free")
    bonus, penalty = _dice(args)
    counter = args.opt("counter", "") or ""
    return CocManeuver(
        attacker=attacker, target=target, goal=goal,
        response=_response(args, "maneuver" if counter else "dodge") or "dodge",
        defender_weapon=args.opt("with", "") or "", counter=counter, bonus=bonus, penalty=penalty,
        skill=args.opt("skill", "") or "",
    )


@command(
    "shoot",
    f"shoot SHOOTER TARGET weapon=W [range=YARDS] [shots=N] {_TOGGLES} [allies=A,B] [response=dodge|fight|none] "
    "[bonus=N] [penalty=N] [--surprise] [roll=…]",
    "CoC: fire a gun or bow (unopposed, range sets difficulty) or throw a weapon (may be dodged)",
    details=(
        "Modifiers: --aim (needs 'take aim' last round in a fight), --point-blank (also from range), --cover (the target\n"
        "rolls Dodge to dive), --concealed, --fast (MOV 8+), --load-one, --melee (a fumble hits the ally with the\n"
        "lowest Luck: allies= or the shooter's side). Large/small targets follow Build. shots=N: handguns take a\n"
        "penalty die on every shot. Thrown weapons: response= (fight back only within DEX/5 feet).\n"
        "Dice order: [Dodge for cover], then per shot: the roll, damage."
    ),
    examples=(
        'shoot harvey cultist weapon=".38 revolver" range=20',
        'shoot harvey ghoul weapon=".45 automatic" shots=2 --cover',
        'shoot ada cultist weapon="thrown knife" range=5 response=dodge',
    ),
    dice=True,
    aliases=("fire",),
)
def _shoot(args: Args) -> CocShoot:
    attacker = args.pos(0, "SHOOTER")
    target = args.pos(1, "TARGET")
    args.max_positional(2)
    bonus, penalty = _dice(args)
    allies_raw = args.opt("allies")
    allies = tuple(a.strip() for a in allies_raw.split(",") if a.strip()) if allies_raw is not None else None
    surprise = args.flag("surprise")
    return CocShoot(
        attacker=attacker, target=target, weapon=args.opt("weapon", "") or "", distance=_distance(args),
        shots=args.int_opt("shots", 1), toggles=_toggles(args, taken=("surprise",)), allies=allies,
        response=_response(args, None), bonus=bonus, penalty=penalty, surprise=surprise,
    )


def _targets(args: Args) -> tuple[tuple[str, int], ...]:
    out = []
    for token in args.positional[1:]:
        name, sep, count = token.rpartition(":")
        if not sep or not name:
            raise args.fail(f"how many bullets at {token!r}? write {token}:N (e.g. {token}:10)")
        out.append((name, to_int(count, f"bullets at {name}", args)))
    if not out:
        raise args.fail("auto: at which target? TARGET:BULLETS")
    return tuple(out)


@command(
    "auto",
    f"auto SHOOTER TARGET:BULLETS [TARGET:BULLETS …] weapon=W [range=YARDS] [gap=YARDS] {_TOGGLES} "
    "[bonus=N] [penalty=N] [roll=…]",
    "CoC: full-automatic fire in volleys of skill/10 bullets (at least 3), each a roll; armour per bullet",
    details=(
        "Every volley after the first adds a penalty die; past two the difficulty rises a step.\n"
        "gap= yards between targets costs one bullet per yard. A malfunction stops the firing.\n"
        "Dice order per volley: the roll, then damage per bullet that hits."
    ),
    examples=("auto harvey ghoul:10 weapon=thompson range=15", "auto harvey ghoul:6 cultist:6 weapon=thompson gap=3"),
    dice=True,
    aliases=("full auto",),
)
def _auto(args: Args) -> CocAutoFire:
    attacker = args.pos(0, "SHOOTER")
    targets = _targets(args)
    bonus, penalty = _dice(args)
    gap_raw = args.opt("gap")
    try:
        gap = float(gap_raw) if gap_raw is not None else 0.0
    except ValueError:
        raise args.fail(f"gap= is yards between targets, not {gap_raw!r}") from None
    return CocAutoFire(
        attacker=attacker, targets=targets, weapon=args.opt("weapon", "") or "", distance=_distance(args),
        gap=gap, toggles=_toggles(args), bonus=bonus, penalty=penalty,
    )


@command(
    "burst",
    f"burst SHOOTER TARGET weapon=W [range=YARDS] {_TOGGLES} [bonus=N] [penalty=N] [roll=…]",
    "CoC: a burst — one volley of the weapon's burst size, one roll",
    examples=('burst ada cultist weapon="m16 assault rifle" range=30',),
    dice=True,
)
def _burst(args: Args) -> CocAutoFire:
    attacker = args.pos(0, "SHOOTER")
    target = args.pos(1, "TARGET")
    args.max_positional(2)
    bonus, penalty = _dice(args)
    return CocAutoFire(
        attacker=attacker, targets=((target, 0),), weapon=args.opt("weapon", "") or "", burst=True,
        distance=_distance(args), toggles=_toggles(args), bonus=bonus, penalty=penalty,
    )


@command(
    "reload",
    "reload NAME weapon=W [rounds=N] [kind=shells|magazine|belt]",
    "CoC: reload — 2 shells a round, a magazine in 1 round, a belt in 2 (default: until full)",
    examples=('reload harvey weapon=".38 revolver"', 'reload harvey weapon=".38 revolver" rounds=1'),
)
def _reload(args: Args) -> CocReload:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    kind = (args.opt("kind", "") or "").casefold()
    if kind and kind not in ("shells", "magazine", "belt"):
        raise args.fail(f"kind={kind} — use shells, magazine or belt")
    return CocReload(name=name, weapon=args.opt("weapon", "") or "", rounds=args.int_opt_none("rounds"), kind=kind)


@command(
    "take aim",
    "take aim NAME [--off]",
    "CoC: spend this turn aiming: next round's shot gets a bonus die (--off: the aim is lost by moving)",
    details="('aim' is the FHTAGN action; in Call of Cthulhu use 'take aim'.)",
    examples=("take aim harvey",),
)
def _aim(args: Args) -> CocAim:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    return CocAim(name=name, off=args.flag("off"))


@command(
    "flee",
    "flee NAME [--cornered]",
    "CoC: use the turn to escape close combat (not while held or restrained)",
    examples=("flee ada",),
)
def _flee(args: Args) -> CocFlee:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    return CocFlee(name=name, cornered=args.flag("cornered"))


@command(
    "attacks",
    "attacks NAME N [--never-outnumbered]",
    "CoC: a monster's attacks per round (it also defends that often before being outnumbered)",
    examples=("attacks ghoul 3", "attacks shoggoth 1 --never-outnumbered"),
)
def _attacks(args: Args) -> CocSetFighter:
    name = args.pos(0, "NAME")
    raw = args.pos(1, "N")
    args.max_positional(2)
    try:
        count = int(raw)
    except ValueError:
        raise ParseError(f"attacks: N must be a whole number, not {raw!r}") from None
    return CocSetFighter(name=name, attacks=count, never_outnumbered=args.flag("never-outnumbered"))
