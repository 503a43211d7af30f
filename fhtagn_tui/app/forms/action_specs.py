"""The combat actions a form can ask for, per system, as data.

Each :class:`ActionSpec` lists the fields the rules need (and when each one
matters) and builds the action as a :class:`Line`: the command's name and its
words and options one by one.  The line's text — the very line a GM would type
— is for display; the typed command is built from the same words by the
command's own builder (``commands.language.build``: what the parser does after
splitting a line), so the two cannot disagree and nothing is quoted and read
back.  The form (:mod:`.action`) only renders the fields and runs the command.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from fhtagn_tui.domain import actions
from fhtagn_tui.domain.state import Character, State
from fhtagn_tui.rules.coc import maneuver as coc_maneuver
from fhtagn_tui.rules.coc.firearms import FIREARM_MODIFIERS
from fhtagn_tui.rules.weapons import Weapon, find_weapon, weapons_for

from ..run import Line, Part, line


class Ctx:
    """What a field's choices, visibility and the command text depend on."""

    def __init__(self, state: State, actor: Character, values: dict[str, str] | None = None) -> None:
        self.state = state
        self.actor = actor
        self.values: dict[str, str] = dict(values or {})

    def get(self, key: str) -> str:
        return self.values.get(key, "")

    @property
    def weapon(self) -> Weapon | None:
        name = self.get("weapon")
        return find_weapon(self.state.system, self.state.armory, name, self.actor.attacks) if name else None


Choices = Callable[[Ctx], list[tuple[str, str]]]


class Field(msgspec.Struct, frozen=True):
    key: str
    label: str
    kind: str  # choice | int | text | check | toggles
    choices: Choices | None = None  # choice and toggles: (label, value); the first is the default
    when: Callable[[Ctx], bool] | None = None  # asked only when this holds
    placeholder: str = ""


class ActionSpec(msgspec.Struct, frozen=True):
    key: str
    label: str
    hotkey: str
    topic: str  # a reference topic (rule family) for F1
    fields: tuple[Field, ...]
    build: Callable[[Ctx], Line | str]  # a str: a line taken whole (a note)
    dice: bool = True  # the action draws dice (a Dice field is offered)
    available: Callable[[Ctx], bool] | None = None
    hint: Callable[[Ctx], str] | None = None


#: One key for one act in every system (a GM who plays two systems keeps their fingers): the act
#: menu offers only the acts of the campaign's system that apply now, each under this key.
ACT_KEYS: dict[str, str] = {
    "attack": "a", "melee": "a",  # an attack (CoC: the Fighting attack)
    "shoot": "s", "burst": "b", "auto": "u", "aim": "i", "reload": "r",
    "maneuver": "v", "disarm": "d", "pin": "p", "escape": "e", "coup": "c",
    "move": "m", "flee": "l", "other": "o",
}


# --- helpers -----------------------------------------------------------------------------


def _skill(char: Character, name: str) -> int:
    key = name.casefold()
    for skill, value in char.skills.items():
        k = skill.casefold()
        if k == key or (("(" in key) and k == key.partition("(")[2].rstrip(")").strip()):
            return value
    return 0


def fighters(ctx: Ctx) -> list[Character]:
    """The other combatants in acting order, enemies of the actor first; the dead left out."""
    enc = ctx.state.encounter
    if enc is None:
        return []
    me = enc.get(ctx.actor.id)
    side = me.side if me is not None else ""
    chars = [ctx.state.characters[c] for c in enc.order if c != ctx.actor.id and c in ctx.state.characters]
    alive = [c for c in chars if not c.has("dead")]
    return sorted(alive, key=lambda c: enc.combatants[c.id].side == side)


def target_choices(ctx: Ctx) -> list[tuple[str, str]]:
    out = []
    for c in fighters(ctx):
        hp = c.current.get("HP")
        tag = " — unconscious" if c.has("unconscious") else ""
        out.append((f"{c.name} (HP {hp}){tag}" if hp is not None else c.name, c.id))
    return out


def weapon_choices(keep: Callable[[Weapon], bool], theirs: bool = False) -> Choices:
    """Weapons that ``keep`` allows; the one its user is best with first (``theirs``: the target's)."""

    def choices(ctx: Ctx) -> list[tuple[str, str]]:
        user = ctx.state.characters.get(ctx.get("target"), ctx.actor) if theirs else ctx.actor
        table = [w for w in weapons_for(ctx.state.system, ctx.state.armory, user.attacks).values() if keep(w)]
        best = max(table, key=lambda w: _skill(user, w.skill), default=None)
        if best is not None and _skill(user, best.skill) > 0:
            table = [best] + [w for w in table if w is not best]
        own = [w for w in user.attacks if keep(w)]  # its own attacks first, the default at the top
        table = own + [w for w in table if w.key not in {o.key for o in own}]
        return [(f"{w.name} ({w.skill})", w.name) for w in table]

    return choices


def fixed(*pairs: tuple[str, str]) -> Choices:
    return lambda ctx: list(pairs)


def _any(keep: Callable[[Weapon], bool]) -> Callable[[Ctx], bool]:
    return lambda ctx: any(keep(w) for w in weapons_for(ctx.state.system, ctx.state.armory).values())


def _num(ctx: Ctx, key: str) -> str:
    raw = ctx.get(key).strip()
    return raw if raw.lstrip("-+").isdigit() and int(raw) != 0 else ""


def _dice_opts(ctx: Ctx) -> list[Part]:
    return [(k, _num(ctx, k)) for k in ("bonus", "penalty") if _num(ctx, k)]


def _target_state(ctx: Ctx) -> str:
    """What the target can do about an attack now (the domain says: :func:`actions.target_outlook`)."""
    return actions.target_outlook(ctx.state, ctx.get("target"), ctx.weapon)


MOD_HINT = "±N (blank: none)"

# --- FHTAGN ----------------------------------------------------------------------------


def _fh_called(ctx: Ctx) -> list[tuple[str, str]]:
    return actions.called_shots(ctx.weapon)


def _fh_special(ctx: Ctx) -> list[tuple[str, str]]:
    return actions.special_attacks(ctx.weapon)


def _defence(ctx: Ctx) -> list[tuple[str, str]]:
    return actions.defence_choices(ctx.state.system, ctx.weapon)


def _fh_attack(ctx: Ctx) -> Line:
    parts: list[Part] = [ctx.actor.id, ctx.get("target"), ("weapon", ctx.get("weapon"))]
    called, special = ctx.get("called"), ctx.get("special")
    if called:
        parts.append(called)
        if called == "crowd" and ctx.get("crowd").strip():
            parts.append(("crowd", ctx.get("crowd").strip()))
        if called in ("partly", "mostly") and ctx.get("gap"):
            parts.append("gap")
    if special == "mow":
        parts.append(("mow", ctx.get("rounds").strip() or "3"))
    elif special:
        parts.append(special)
    if special in ("rapid", "savage") and ctx.get("alt"):
        parts.append(("alt", ctx.get("alt")))
    if ctx.get("defend"):
        parts.append(("defend", ctx.get("defend")))
    if _num(ctx, "mod"):
        parts.append(("mod", _num(ctx, "mod")))
    return Line("attack", tuple(parts))


def _others(ctx: Ctx) -> list[tuple[str, str]]:
    return [("(none)", "")] + [(c.name, c.id) for c in fighters(ctx) if c.id != ctx.get("target")]


def _unconscious(ctx: Ctx) -> list[tuple[str, str]]:
    return [(c.name, c.id) for c in fighters(ctx) if c.has("unconscious")]


def _ranged(w: Weapon) -> bool:
    return not w.close_combat


def _fh_attack_fields(keep: Callable[[Weapon], bool]) -> tuple[Field, ...]:
    return (
            Field("target", "Target", "choice", target_choices),
            Field("weapon", "Weapon", "choice", weapon_choices(keep)),
            Field("called", "Called shot", "choice", _fh_called),
            Field("crowd", "Crowd", "text", when=lambda c: c.get("called") == "crowd", placeholder="others in the crowd: A,B"),
            Field("gap", "Around armour", "check", when=lambda c: c.get("called") in ("partly", "mostly")),
            Field("special", "Special", "choice", _fh_special),
            Field("rounds", "Rounds", "int", when=lambda c: c.get("special") == "mow", placeholder="3–4: −20, 5+: −40"),
            Field("alt", "2nd target", "choice", _others, when=lambda c: c.get("special") in ("rapid", "savage")),
            Field("defend", "Defender", "choice", _defence),
            Field("mod", "GM modifier", "int", placeholder=MOD_HINT),
    )


FH_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("attack", "Attack (any weapon, unarmed)", "a", "FH-COMBAT", fields=_fh_attack_fields(lambda w: True),
               build=_fh_attack, hint=_target_state),
    ActionSpec("shoot", "Shoot / throw (firearms, thrown)", "s", "FH-COMBAT", fields=_fh_attack_fields(_ranged),
               build=_fh_attack, hint=_target_state),
    ActionSpec("aim", "Aim (+20 next turn)", "i", "FH-COMBAT-10",
               fields=(Field("target", "At", "choice", lambda c: [("(anyone)", "")] + target_choices(c)),),
               build=lambda c: line("aim", c.actor.id, c.get("target")),
               dice=False),
    ActionSpec("move", "Move", "m", "FH-COMBAT-07",
               fields=(Field("pace", "Pace", "choice", fixed(("run 20 m", "run"), ("jog 10 m", "jog"),
                                                            ("sprint 30 m", "sprint"), ("step 3 m and act", "step"))),),
               build=lambda c: line("move", c.actor.id, c.get("pace")), dice=False),
    ActionSpec("disarm", "Disarm", "d", "FH-COMBAT-21",
               fields=(Field("target", "Opponent", "choice", target_choices),
                       Field("vs", "Their skill", "text", placeholder="blank: Melee Weapons")),
               build=lambda c: line("disarm", c.actor.id, c.get("target"),
                                    ("vs", c.get("vs").strip()) if c.get("vs").strip() else None)),
    ActionSpec("pin", "Pin", "p", "FH-COMBAT-22",
               fields=(Field("target", "Opponent", "choice", target_choices),),
               build=lambda c: Line("pin", (c.actor.id, c.get("target")))),
    ActionSpec("escape", "Escape a pin", "e", "FH-COMBAT-23",
               fields=(Field("target", "Pinner", "choice", target_choices),
                       Field("with", "With", "choice", fixed(("the better", ""), ("STR×5", "str"), ("Unarmed Combat", "unarmed")))),
               build=lambda c: line("escape", c.actor.id, c.get("target"),
                                    ("with", c.get("with")) if c.get("with") else None),
               available=lambda c: c.actor.has("pinned")),
    ActionSpec("coup", "Coup de grâce", "c", "FH-DMG-07",
               fields=(Field("target", "Target", "choice", _unconscious),),
               build=lambda c: Line("coup", (c.actor.id, c.get("target"))), dice=False,
               available=lambda c: bool(_unconscious(c))),
    ActionSpec("reload", "Reload", "r", "FH-COMBAT-09", fields=(),
               build=lambda c: line("action", c.actor.id, "reload"), dice=False),
    ActionSpec("other", "Anything else (get up, put out fire…)", "o", "FH-COMBAT-09",
               fields=(Field("text", "What", "text", placeholder="get up, open the door, put out fire"),),
               build=lambda c: line("action", c.actor.id, *c.get("text").split()), dice=False),
)

# --- Call of Cthulhu 7e ---------------------------------------------------------------------

RESPONSES = fixed(*actions.coc_responses())
GOALS = fixed(*[(g.name, g.name) for g in coc_maneuver.GOALS])
TOGGLES = fixed(*[(m.key, m.key) for m in FIREARM_MODIFIERS if m.key != "handgun-shots"])


def _close_weapons(ctx: Ctx) -> list[tuple[str, str]]:
    return weapon_choices(lambda w: w.close_combat)(ctx)


def _response_opts(ctx: Ctx) -> list[Part]:
    parts: list[Part] = [("response", ctx.get("response"))]
    if ctx.get("response") in ("fight back", "maneuver") and ctx.get("with"):
        parts.append(("with", ctx.get("with")))
    if ctx.get("response") == "maneuver" and ctx.get("counter"):
        parts.append(("counter", ctx.get("counter")))
    return parts


def _coc_melee(ctx: Ctx) -> Line:
    parts: list[Part] = [ctx.actor.id, ctx.get("target"), ("weapon", ctx.get("weapon")), *_response_opts(ctx)]
    if ctx.get("surprise"):
        parts.append(("surprise", ctx.get("surprise")))
    return Line("melee", tuple(parts + _dice_opts(ctx)))


def _coc_maneuver(ctx: Ctx) -> Line:
    parts: list[Part] = [ctx.actor.id, ctx.get("target"), ctx.get("goal"), *_response_opts(ctx)]
    return Line("maneuver", tuple(parts + _dice_opts(ctx)))


def _ranged_opts(ctx: Ctx) -> list[Part]:
    parts: list[Part] = [("weapon", ctx.get("weapon"))]
    if ctx.get("range").strip():
        parts.append(("range", ctx.get("range").strip()))
    parts += [f"--{t}" for t in ctx.get("toggles").split(",") if t]
    return parts


def _coc_shoot(ctx: Ctx) -> Line:
    parts: list[Part] = [ctx.actor.id, ctx.get("target"), *_ranged_opts(ctx)]
    w = ctx.weapon
    if w is not None and w.shots > 1 and _num(ctx, "shots") not in ("", "1"):
        parts.append(("shots", _num(ctx, "shots")))
    if w is not None and w.kind == "thrown" and ctx.get("response"):
        parts.append(("response", ctx.get("response")))
    return Line("shoot", tuple(parts + _dice_opts(ctx)))


def _coc_auto(ctx: Ctx, burst: bool) -> Line:
    if burst:
        return Line("burst", tuple([ctx.actor.id, ctx.get("target"), *_ranged_opts(ctx)] + _dice_opts(ctx)))
    bullets = _num(ctx, "bullets") or "10"
    return Line("auto", tuple([ctx.actor.id, f"{ctx.get('target')}:{bullets}", *_ranged_opts(ctx)] + _dice_opts(ctx)))


def _reload_choices(ctx: Ctx) -> list[tuple[str, str]]:
    table = [w for w in weapons_for("coc7", ctx.state.armory).values() if w.magazine > 0]
    loaded = {w.key: actions.rounds_loaded(ctx.state, ctx.actor.id, w) for w in table}
    table.sort(key=lambda w: loaded[w.key] - w.magazine)  # the emptiest first
    return [(f"{w.name} ({loaded[w.key]}/{w.magazine})", w.name) for w in table]


def _ammo_hint(ctx: Ctx) -> str:
    w = ctx.weapon
    if w is None or w.magazine <= 0:
        return _target_state(ctx)
    left = actions.rounds_loaded(ctx.state, ctx.actor.id, w)
    malf = f" · malfunctions on {w.malfunction}+" if w.malfunction and w.malfunction < 100 else ""
    return f"{w.name}: {left}/{w.magazine} loaded, base range {w.base_range} yd{malf}"


BONUS = Field("bonus", "Bonus dice", "int", placeholder="0–2 (blank: none)")
PENALTY = Field("penalty", "Penalty dice", "int", placeholder="0–2 (blank: none)")
RANGE = Field("range", "Range (yd)", "int", placeholder="blank: within base range")


def _with_field() -> Field:
    return Field("with", "Their weapon", "choice", weapon_choices(lambda w: w.close_combat, theirs=True),
                 when=lambda c: c.get("response") in ("fight back", "maneuver"))


COUNTER = Field("counter", "Their goal", "choice", GOALS, when=lambda c: c.get("response") == "maneuver")


def _is(kind: str) -> Callable[[Ctx], bool]:
    return lambda c: c.weapon is not None and c.weapon.kind == kind


def _multi_shot(ctx: Ctx) -> bool:
    return ctx.weapon is not None and ctx.weapon.shots > 1


def _note(ctx: Ctx) -> str:
    return f"note {ctx.actor.name}: {ctx.get('text').strip()}"


COC_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "melee", "Attack (Fighting)", "a", "COC-MELEE",
        fields=(Field("target", "Target", "choice", target_choices),
                Field("weapon", "Weapon", "choice", _close_weapons),
                Field("response", "Target does", "choice", RESPONSES),
                _with_field(), COUNTER,
                Field("surprise", "Surprise", "choice", fixed(("no", ""), ("auto hit", "auto"), ("bonus die", "bonus"))),
                BONUS, PENALTY),
        build=_coc_melee, hint=_target_state,
    ),
    ActionSpec(
        "shoot", "Shoot / throw", "s", "COC-FIREARM",
        fields=(Field("target", "Target", "choice", target_choices),
                Field("weapon", "Weapon", "choice", weapon_choices(lambda w: not w.close_combat)),
                RANGE,
                Field("shots", "Shots", "int", when=_multi_shot, placeholder="1 (2+: a penalty die each)"),
                Field("response", "Target does", "choice", fixed(("nothing", ""), ("dodge", "dodge"), ("fight back", "fight")),
                      when=_is("thrown")),
                BONUS, PENALTY,
                Field("toggles", "Modifiers", "toggles", TOGGLES)),
        build=_coc_shoot, hint=_ammo_hint,
    ),
    ActionSpec(
        "burst", "Burst", "b", "COC-AUTO-04",
        fields=(Field("target", "Target", "choice", target_choices),
                Field("weapon", "Weapon", "choice", weapon_choices(lambda w: w.burst > 0)),
                RANGE, BONUS, PENALTY, Field("toggles", "Modifiers", "toggles", TOGGLES)),
        build=lambda c: _coc_auto(c, True), hint=_ammo_hint, available=_any(lambda w: w.burst > 0),
    ),
    ActionSpec(
        "auto", "Full auto", "u", "COC-AUTO",
        fields=(Field("target", "Target", "choice", target_choices),
                Field("bullets", "Bullets", "int", placeholder="10"),
                Field("weapon", "Weapon", "choice", weapon_choices(lambda w: w.auto)),
                RANGE, BONUS, PENALTY, Field("toggles", "Modifiers", "toggles", TOGGLES)),
        build=lambda c: _coc_auto(c, False), hint=_ammo_hint, available=_any(lambda w: w.auto),
    ),
    ActionSpec(
        "maneuver", "Maneuver", "v", "COC-MANEUVER",
        fields=(Field("target", "Target", "choice", target_choices),
                Field("goal", "Goal", "choice", GOALS),
                Field("response", "Target does", "choice", RESPONSES),
                _with_field(), COUNTER, BONUS, PENALTY),
        build=_coc_maneuver, hint=_target_state,
    ),
    ActionSpec("aim", "Take aim (bonus die next round)", "i", "COC-FIREARM-06", fields=(),
               build=lambda c: Line("take aim", (c.actor.id,)), dice=False),
    ActionSpec("reload", "Reload", "r", "COC-FIREARM-08",
               fields=(Field("weapon", "Weapon", "choice", _reload_choices),
                       Field("rounds", "Rounds", "int", placeholder="blank: until full")),
               build=lambda c: line("reload", c.actor.id, ("weapon", c.get("weapon")),
                                    ("rounds", _num(c, "rounds")) if _num(c, "rounds") else None),
               dice=False, available=lambda c: bool(_reload_choices(c))),
    ActionSpec("flee", "Flee the melee", "l", "COC-MELEE-13", fields=(),
               build=lambda c: Line("flee", (c.actor.id,)), dice=False),
    ActionSpec("other", "Anything else (a note; then n)", "o", "COC-MELEE-03",
               fields=(Field("text", "What", "text", placeholder="casts a spell, opens the door"),),
               build=_note, dice=False),
)

# --- GURPS -----------------------------------------------------------------------------------


def _gurps_attack(ctx: Ctx) -> Line:
    parts: list[Part] = [ctx.actor.id, ctx.get("target"), ("weapon", ctx.get("weapon")),
                         ("defend", ctx.get("defend") or "dodge")]
    parts += [(k, _num(ctx, k)) for k in ("mod", "dmod") if _num(ctx, k)]
    return Line("attack", tuple(parts))


def _gurps_fields(keep: Callable[[Weapon], bool]) -> tuple[Field, ...]:
    return (Field("target", "Target", "choice", target_choices),
            Field("weapon", "Weapon", "choice", weapon_choices(keep)),
            Field("defend", "Defence", "choice", _defence),
            Field("mod", "Attack mod", "int", placeholder=MOD_HINT),
            Field("dmod", "Defence mod", "int", placeholder=MOD_HINT))


GURPS_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("attack", "Attack (melee or ranged)", "a", "GURPS-DICE", fields=_gurps_fields(lambda w: True),
               build=_gurps_attack),
    ActionSpec("shoot", "Shoot / throw", "s", "GURPS-DICE", fields=_gurps_fields(_ranged), build=_gurps_attack),
    ActionSpec("other", "Anything else (a note; then n)", "o", "GURPS-DICE",
               fields=(Field("text", "What", "text", placeholder="All-Out Defense, ready a weapon"),),
               build=_note, dice=False),
)

ACTIONS: dict[str, tuple[ActionSpec, ...]] = {"fhtagn": FH_ACTIONS, "coc7": COC_ACTIONS, "gurps": GURPS_ACTIONS}


def actions_for(state: State, actor: Character) -> list[ActionSpec]:
    ctx = Ctx(state, actor)
    return [a for a in ACTIONS.get(state.system, ()) if a.available is None or a.available(ctx)]


def defaults(spec: ActionSpec, ctx: Ctx) -> Ctx:
    """The context with every choice at its first (default) value, in field order."""
    for field in spec.fields:
        if field.kind == "choice" and field.choices is not None and field.key not in ctx.values:
            options = field.choices(ctx)
            ctx.values[field.key] = options[0][1] if options else ""
    return ctx


def command_text(spec: ActionSpec, ctx: Ctx, dice: str = "") -> str:
    """The line a GM would type for the action (what the form shows)."""
    built = spec.build(ctx)
    text = built if isinstance(built, str) else built.text()
    return f"{text} roll={dice}" if dice and spec.dice else text
