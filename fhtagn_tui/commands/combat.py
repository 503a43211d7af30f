"""Combat commands: attack (every system), weapons and armour, and the FHTAGN actions."""

from __future__ import annotations

from msgspec.structs import replace

from fhtagn_tui.domain import attack_words as aw
from fhtagn_tui.domain.features.coc_wounds import DyingRoll
from fhtagn_tui.domain.features.encounter import Attack, DefineWeapon, SetArmor
from fhtagn_tui.domain.features.fh_combat import (
    PACES,
    Aim,
    ApplyDamage,
    AssignInjury,
    CoupDeGrace,
    EscapeWith,
    Exhaust,
    Grapple,
    GrappleAction,
    Move,
    OtherAction,
)
from fhtagn_tui.domain.lookup import did_you_mean
from fhtagn_tui.domain.state import State
from fhtagn_tui.rules.dice import DiceError, check_expr
from fhtagn_tui.rules.fhtagn import combat as fh_rules
from fhtagn_tui.rules.weapons import Weapon, weapons_for

from .language import Args, Query, command, to_int


@command(
    "attack",
    "attack ATTACKER TARGET [weapon=W] [OPTIONS …] [roll=…]",
    "one whole exchange: attack roll, defence, damage, armour and its consequences",
    details=aw.help_lines(),
    examples=(
        "attack ada cultist weapon=pistol partly",
        "attack cultist ada weapon=knife defend=dodge roll=34,21,3",
        "attack ada cultist weapon=smg mow=5",
        "attack ilse ghoul weapon=pistol defend=dodge",
    ),
    dice=True,
    aliases=("hit",),
)
def _attack(args: Args) -> Attack:
    attacker = args.pos(0, "ATTACKER")
    target = args.pos(1, "TARGET")
    opts: dict[str, str] = {}
    for raw_key, value in args.remaining_options().items():
        args.opt(raw_key)
        key = raw_key.casefold()
        if key not in aw.OPTIONS_BY_KEY:
            known = tuple(aw.OPTIONS_BY_KEY)
            raise args.fail(f"attack: unknown option {raw_key}={value}{did_you_mean(key, known)} "
                            f"(options: {', '.join(known)})")
        if key in opts:
            raise args.fail(f"attack: {key}= is given twice")
        opts[key] = value
    words = [w.casefold() for w in args.positional[2:]] + sorted(args.flags)
    for flag in args.flags:
        args.flag(flag)
    called: list[str] = []
    specials: list[str] = []
    asked: list[tuple[str, aw.Defence]] = []
    gap = False
    for word in words:
        if word not in aw.WORDS:
            raise args.fail(f"attack: unknown word {word!r}{did_you_mean(word, aw.WORDS)} "
                            f"({aw.word_list()})")
        field = aw.WORDS[word][0]
        if field == "called":
            called.append(word)
        elif field == "special":
            specials.append(word)
        elif field == "gap":
            gap = True
        else:
            asked.append((word, aw.DEFENCE_SPELLINGS[word]))
    for key in ("defend", "response"):
        if key in opts:
            asked.append((f"{key}={opts[key]}", _defence(args, key, opts[key])))
    if "called" in opts:
        value = opts["called"].casefold()
        if value not in aw.CALLED:
            raise args.fail(f"attack: called={opts['called']}: a called shot is {', '.join(aw.CALLED)}")
        called.append(value)
    crowd: tuple[str, ...] | None = None
    if "crowd" in opts:
        crowd = tuple(n.strip() for n in opts["crowd"].split(",") if n.strip())
        if "crowd" not in called:
            called.append("crowd")
    if len(set(called)) > 1:
        raise args.fail(f"attack: one called shot per attack, not {' and '.join(sorted(set(called)))}")
    rounds = 0
    if "mow" in opts:
        specials.append("mow")
        rounds = to_int(opts["mow"], "mow=ROUNDS", args)
    if len(set(specials)) > 1:
        raise args.fail(f"attack: one special attack at a time, not {' and '.join(dict.fromkeys(specials))}")
    if len({d for _, d in asked}) > 1:
        raise args.fail(f"attack: one defence per attack, not {' and '.join(dict.fromkeys(w for w, _ in asked))}")
    surprise: aw.Surprise | None = None
    if "surprise" in opts:
        surprise = _surprise(args, opts["surprise"])

    def num(key: str) -> int | None:
        return to_int(opts[key], f"{key}=", args) if key in opts else None

    return Attack(
        attacker=attacker, target=target, weapon=opts.get("weapon", ""),
        defend=asked[0][1] if asked else None, mod=num("mod"), skill=num("skill"),
        called=aw.CALLED_BY_WORD[called[0]] if called else None, gap=gap, crowd=crowd,
        special=aw.SPECIAL_BY_WORD[specials[0]] if specials else None, rounds=rounds,
        alt=opts.get("alt", ""), injury=opts.get("injury", ""), dmod=num("dmod"),
        with_weapon=opts.get("with", ""), counter=opts.get("counter", ""), goal=opts.get("goal", ""),
        bonus=num("bonus"), penalty=num("penalty"), surprise=surprise, notice=opts.get("notice", ""),
    )


def _defence(args: Args, key: str, value: str) -> aw.Defence:
    defence = aw.DEFENCE_SPELLINGS.get(value.casefold().strip())
    if defence is None:
        listed = "; ".join(f"{aw.SYSTEM_NAMES[s]}: {aw.defence_names(s)}" for s in aw.ALL)
        raise args.fail(f"attack: {key}={value} is no defence{did_you_mean(value.casefold(), aw.DEFENCE_SPELLINGS)} "
                        f"({listed})")
    return defence


def _surprise(args: Args, value: str) -> aw.Surprise:
    surprise = aw.surprise_of(value)
    if surprise is None:
        raise args.fail(f"attack: surprise={value} — {aw.SURPRISE_HELP}")
    return surprise


def _grapple(action: GrappleAction, args: Args) -> Grapple:
    actor = args.pos(0, "NAME")
    opponent = args.pos(1, "OPPONENT")
    args.max_positional(2)
    raw = (args.opt("with", "") or "").strip()
    using: EscapeWith = ""
    if raw:
        if action != "escape":
            raise args.fail(f"{action}: with= is for escape (with=str or with=unarmed)")
        if raw.casefold() not in ("str", "unarmed"):
            raise args.fail(f"escape: with={raw} — use with=str (STR×5) or with=unarmed (Unarmed Combat)")
        using = "str" if raw.casefold() == "str" else "unarmed"
    return Grapple(action=action, actor=actor, opponent=opponent, resist=args.opt("vs", "") or "", using=using)


@command("disarm", "disarm NAME OPPONENT [vs=SKILL]",
         "FHTAGN: opposed Unarmed Combat vs the opponent's weapon skill (default Melee Weapons)",
         examples=("disarm ada cultist",), dice=True)
def _disarm(args: Args) -> Grapple:
    return _grapple("disarm", args)


@command("pin", "pin NAME OPPONENT", "FHTAGN: opposed Unarmed Combat; a win pins (+20 to attacks on them)",
         examples=("pin ada cultist",), dice=True)
def _pin(args: Args) -> Grapple:
    return _grapple("pin", args)


@command("escape", "escape NAME PINNER [with=str|unarmed]",
         "FHTAGN: break a pin with STR×5 or Unarmed Combat against the pinner",
         examples=("escape ada cultist with=str",), dice=True)
def _escape(args: Args) -> Grapple:
    return _grapple("escape", args)


@command("move", "move NAME step|jog|run|sprint", "FHTAGN: 10/20/30 m as the action, or a 3 m step and another action",
         examples=("move ada run",))
def _move(args: Args) -> Move:
    name = args.pos(0, "NAME")
    raw = args.pos(1, "PACE")
    args.max_positional(2)
    pace = next((p for p in PACES if p == raw.casefold()), None)
    if pace is None:
        paces = ", ".join(f"{n} ({m} m)" for n, m in fh_rules.MOVES)
        raise args.fail(f"move: pace {raw!r} is not known{did_you_mean(raw.casefold(), PACES)} ({paces})")
    return Move(name=name, pace=pace)


@command("aim", "aim NAME [TARGET]", "FHTAGN: spend the action aiming: +20 to next turn's attack",
         examples=("aim ada cultist",))
def _aim(args: Args) -> Aim:
    name = args.pos(0, "NAME")
    at = args.pos_opt(1)
    args.max_positional(2)
    return Aim(name=name, at=at)


@command("action", "action NAME TEXT", "FHTAGN: anything else that takes the action (reload, get up, put out fire)",
         examples=("action ada reload", "action bob put out fire"))
def _action(args: Args) -> OtherAction:
    name = args.pos(0, "NAME")
    return OtherAction(name=name, text=args.rest(1))


@command("coup", "coup ATTACKER TARGET", "FHTAGN: kill an unconscious character without a roll",
         aliases=("coup de grace",))
def _coup(args: Args) -> CoupDeGrace:
    attacker = args.pos(0, "ATTACKER")
    target = args.pos(1, "TARGET")
    args.max_positional(2)
    return CoupDeGrace(attacker=attacker, target=target)


@command(
    "damage",
    "damage NAME AMOUNT|DICE [--armor] [injury=STAT] [source=TEXT]",
    "the GM deals damage (a fall, fire, drowning, poison…); the system's wound rules follow",
    details="FHTAGN: stun, unconsciousness, permanent injury (injury=STAT) and death (FH-DMG). "
    "Call of Cthulhu: the major wound rule (COC-PARTY-04): half max HP or more in one go knocks prone and "
    "calls for a CON roll against unconsciousness; max HP or more kills; 0 HP with a major wound is dying.",
    examples=("damage ada 4 source=fall", "damage bob 9 --armor injury=DEX", "damage harvey 2d6 source=fall"),
    dice=True,
)
def _damage(args: Args) -> ApplyDamage:
    name = args.pos(0, "NAME")
    raw = args.pos(1, "AMOUNT")
    args.max_positional(2)
    expr = ""
    if raw.strip().lstrip("-").isdigit():
        amount = to_int(raw, "AMOUNT", args)
    else:
        try:
            check_expr(raw)
        except DiceError as exc:
            raise args.fail(f"damage: AMOUNT is a number or dice such as 2d6 ({exc})") from None
        amount, expr = 0, raw.strip()
    return ApplyDamage(name=name, amount=amount, armor=args.flag("armor"), expr=expr,
                       injury=args.opt("injury", "") or "", source=args.opt("source", "") or "")


@command("injury", "injury NAME STAT", "FHTAGN: pick the stat a waiting permanent injury lowers",
         examples=("injury ada DEX",))
def _injury(args: Args) -> AssignInjury:
    name = args.pos(0, "NAME")
    stat = args.pos(1, "STAT")
    args.max_positional(2)
    return AssignInjury(name=name, stat=stat)


@command("exhaust", "exhaust NAME", "FHTAGN: exhaustion: lose 1d6 WP, −20 on every test until slept off",
         examples=("exhaust ada",), dice=True)
def _exhaust(args: Args) -> Exhaust:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    return Exhaust(name=name)


@command("armor", "armor NAME RATING|ARMOUR [item=TEXT]",
         "the armour a character wears (0 takes it off; GURPS: DR; CoC: or a name from the armour table)",
         examples=('armor ada 3 item="kevlar vest"', "armor ada 0", 'armor harvey "heavy kevlar vest"'),
         aliases=("armour",))
def _armor(args: Args) -> SetArmor:
    name = args.pos(0, "NAME")
    what = args.rest(1)
    if not what:
        raise args.fail("armor: give a rating, or (CoC) an armour from the table")
    if what.strip().lstrip("-").isdigit():
        args.max_positional(2)
        return SetArmor(name=name, rating=to_int(what, "RATING", args), item=args.opt("item", "") or "")
    # a name: the decider looks it up in the system's armour table
    return SetArmor(name=name, rating=-1, item=what)


_WEAPON_INTS = ("range", "shots", "magazine", "malfunction", "burst", "lethality")


@command(
    "weapon add",
    "weapon add NAME skill=SKILL damage=DICE [kind=unarmed|melee|thrown|ranged] [type=cr|cut|imp|pi…] "
    "[range=N] [shots=N] [magazine=N] [malfunction=N] [burst=N] [lethality=N] [action=…] [db=full|half|none] "
    "[--impaling] [--auto] [notes=TEXT]",
    "define a campaign weapon (for this campaign's system; replaces one of the same name)",
    details="db= is the damage bonus the wielder adds. Left out: melee and unarmed weapons take the full bonus "
    "(COC-MELEE-08, FH-PARTY-06), thrown weapons half (COC-COMBAT-06), firearms none; db=none for a melee "
    "weapon that takes none.",
    examples=(
        'weapon add "sawn-off" skill=Firearms damage=2d6 kind=ranged range=10 magazine=2 action=single',
        'weapon add "elephant gun" skill="Firearms (Rifle/Shotgun)" damage=3d6+4 kind=ranged range=100 --impaling malfunction=99',
        "weapon add sabre skill=Broadsword damage=sw+1 type=cut",
    ),
)
def _weapon_add(args: Args) -> DefineWeapon:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    weapon = weapon_from_options(args, name, "weapon add")
    return DefineWeapon(weapon=replace(
        weapon, auto=args.flag("auto"), action=(args.opt("action", "") or "").casefold(),
        notes=args.opt("notes", "") or "",
    ))


def weapon_from_options(args: Args, name: str, what: str) -> Weapon:
    """A weapon from the options ``weapon add`` and ``char attack add`` share: skill=, damage=, kind=,
    type=, range=, shots=, magazine=, malfunction=, burst=, lethality=, db=, --impaling."""
    skill = args.opt("skill")
    damage = args.opt("damage")
    if not skill or damage is None:
        raise args.fail(f"{what}: give skill=SKILL and damage=DICE")
    ints = {k: args.int_opt(k, 0) for k in _WEAPON_INTS}
    kind = (args.opt("kind", "") or "").casefold()
    return Weapon(
        name=name, system="", skill=skill, damage=damage, kind=kind or ("ranged" if ints["range"] else "melee"),
        impaling=args.flag("impaling"), damage_type=(args.opt("type", "") or "").casefold(),
        base_range=ints["range"], shots=ints["shots"] or 1, magazine=ints["magazine"],
        malfunction=ints["malfunction"], burst=ints["burst"], lethality=ints["lethality"],
        db=(args.opt("db", "") or "").casefold(),
    )


def format_weapons(state: State) -> str:
    table = weapons_for(state.system, state.armory)
    lines = []
    for w in table.values():
        dmg = f"lethality {w.lethality}%" if w.lethality else w.damage + (f" {w.damage_type}" if w.damage_type else "")
        extra = []
        if w.base_range:
            extra.append(f"range {w.base_range}")
        if w.magazine:
            extra.append(f"mag {w.magazine}")
        if w.action:
            extra.append(w.action)
        if w.malfunction:
            extra.append(f"malf {w.malfunction}")
        if w.impaling:
            extra.append("impaling")
        mine = " *" if w.key in state.armory.weapons else ""
        lines.append(f"{w.name:<22} {w.skill:<26} {dmg:<14} {', '.join(extra)}{mine}")
    return "\n".join(lines) or "no weapons"


@command("weapon list", "weapon list", "the weapons of this campaign (* = defined by the GM)", aliases=("weapons",))
def _weapon_list(args: Args) -> Query:
    args.max_positional(0)
    return Query(run=format_weapons)


@command("dying", "dying NAME [roll=…]",
         "CoC: a dying character's CON roll at the end of a round, outside a fight or a chase (failure: death)",
         details="Fights and chases make this roll for every dying character at the end of each round; "
         "a successful First Aid ('firstaid HEALER NAME') stabilises them (COC-PARTY-04).",
         examples=("dying harvey", "dying harvey roll=42"), dice=True)
def _dying(args: Args) -> DyingRoll:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    return DyingRoll(name=name)
