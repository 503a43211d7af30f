"""Call of Cthulhu 7e combat: melee, maneuvers, shots, bursts, full auto, reloads.

Builds on the shared encounter (:mod:`.encounter`): the CoC initiative key
(COC-MELEE-01, COC-FIREARM-02), the shared ``attack`` command for coc7
campaigns (``register_attack``: a Fighting attack, or a maneuver with
``goal=``), and per-combatant numbers under namespaced keys:

* counters (cleared each round): ``coc:attacks`` (attacks made, COC-MELEE-03),
  ``coc:defences`` (dodges / fights back, COC-COMBAT-01);
* flags (all encounter): ``coc:attacks-per-round``, ``coc:never-outnumbered``,
  ``coc:aim`` (the round the character aimed in, COC-FIREARM-06).

Loaded ammunition lives in ``State.coc_ammo`` (character → weapon → rounds;
a weapon not listed is full).  Damage lands through the shared
:class:`DamageApplied` event, one per wound (one per bullet in auto fire),
and the conditions ``major wound``, ``dying``, ``unconscious`` (COC-PARTY-04)
and maneuver results (``prone``, ``held`` …) through the campaign's
:class:`ConditionAdded` / :class:`ConditionRemoved`.
"""

from __future__ import annotations

from msgspec import Struct
from msgspec.structs import replace

from fhtagn_tui.rules.coc import auto as coc_auto
from fhtagn_tui.rules.coc import combat as coc_combat
from fhtagn_tui.rules.coc import firearms as fa
from fhtagn_tui.rules.coc import maneuver as mv
from fhtagn_tui.rules.coc import melee as ml
from fhtagn_tui.rules.coc.dice import CocRoll, Difficulty, Level, skill_roll
from fhtagn_tui.rules.coc.party import damage_bonus_and_build, max_hp
from fhtagn_tui.rules.dice import Dice
from fhtagn_tui.rules.encounter import Combatant
from fhtagn_tui.rules.weapons import UNARMED, Weapon, find_weapon, weapons_for

from ..commands import Command
from ..decide import Rejected, decider, evolver
from ..events import Event
from ..lookup import did_you_mean, find_character
from ..state import Character, State
from ..systems import derived
from .campaign import ConditionAdded, ConditionRemoved
from .encounter import (
    Attack,
    DamageApplied,
    bump_counter,
    combatant,
    mark_acted,
    mark_defended,
    register_attack,
    register_initiative,
    set_flag,
)

ATTACKS = "coc:attacks"
DEFENCES = "coc:defences"
PER_ROUND = "coc:attacks-per-round"
NEVER_OUTNUMBERED = "coc:never-outnumbered"
AIM = "coc:aim"

_RESPONSES = {
    "dodge": "dodge", "d": "dodge",
    "fight": "fight back", "fight back": "fight back", "fightback": "fight back", "fight-back": "fight back",
    "fb": "fight back", "maneuver": "maneuver", "manoeuvre": "maneuver", "counter": "maneuver",
    "none": "none", "no": "none", "nothing": "none",
}
_OUT = ("dead", "dying", "unconscious")


# --- the initiative key (replaces the encounter's default for coc7) -------------------------


def _coc_initiative(state: State, char: Character, comb: Combatant) -> tuple[float, ...]:
    best = max([v for k, v in char.skills.items() if k.casefold().startswith(("firearms", "fighting"))] or [0])
    entry = ml.Initiative(id=char.id, dex=char.stats.get("DEX", 0), skill=best, readied_firearm=comb.readied)
    return float(ml.effective_dex(entry)), float(best)


register_initiative("coc7", _coc_initiative, pc_first=True, rules=("COC-MELEE-01", "COC-FIREARM-02"))


# --- records inside events -------------------------------------------------------------------


class Shot(Struct, frozen=True):
    """One single shot of a ``shoot`` (COC-FIREARM-*)."""

    roll: CocRoll
    bonus: int = 0
    penalty: int = 0
    hit: bool = False
    malfunction: bool = False
    fumble: bool = False
    extreme: bool = False
    impaled: bool = False
    damage: int = 0  # rolled, before armour
    ally_hit: str = ""  # a fumble into melee hit this ally instead


# --- events -----------------------------------------------------------------------------------


def _who(names: dict[str, str], cid: str) -> str:
    return names.get(cid, cid)


def _roll_text(r: CocRoll | None) -> str:
    if r is None:
        return "no roll"
    need = "" if r.difficulty == Difficulty.REGULAR else f", needs {r.difficulty.name.lower()}"
    return f"{r.roll} vs {r.skill} ({r.level.label}{need})"


class CocMeleeResolved(Event):
    """A Fighting attack and the target's response (COC-MELEE-04 … 11)."""

    attacker: str
    target: str
    weapon: str
    response: str  # dodge | fight back | maneuver | none
    attack: CocRoll | None = None  # None: hit automatically (surprise)
    defence: CocRoll | None = None
    bonus: int = 0
    penalty: int = 0
    winner: str = "none"  # attacker | defender | none
    extreme: bool = False
    impaled: bool = False
    damage: int = 0  # rolled by the winner, before armour
    dealt_to: str = ""
    goal: str = ""  # a counter-maneuver's goal achieved by the target
    outnumbered: bool = False
    surprise: str = ""  # "" | auto hit | bonus die | noticed
    notice: CocRoll | None = None
    ends_turn: bool = True  # the attacker has used this round's attacks

    def describe(self, names: dict[str, str]) -> str:
        a, t = _who(names, self.attacker), _who(names, self.target)
        head = f"{a} attacks {t} with {self.weapon}"
        if self.surprise:
            head += f" (surprise: {self.surprise})"
        if self.attack is None:
            body = "hits automatically"
        else:
            body = f"Fighting {_roll_text(self.attack)}"
            if self.defence is not None:
                body += f"; {t} {self.response}s {_roll_text(self.defence)}".replace("fight backs", "fights back")
            elif self.response == "none":
                body += f"; {t} does not respond"
        dice = ", ".join(x for x in (f"{self.bonus} bonus" if self.bonus else "", f"{self.penalty} penalty" if self.penalty else "") if x)
        if dice:
            body += f" [{dice} dice{', outnumbered' if self.outnumbered else ''}]"
        if self.winner == "none":
            end = "no harm done"
        elif self.goal:
            end = f"{t} wins and achieves: {self.goal}"
        elif self.dealt_to:
            how = " (extreme, impaling)" if self.impaled else " (extreme)" if self.extreme else ""
            end = f"{_who(names, self.dealt_to)} takes {self.damage}{how} before armour"
        else:
            end = f"{t} evades"
        return f"{head}: {body} → {end}"


class CocManeuverResolved(Event):
    """A fighting maneuver (COC-MANEUVER-01 … 05)."""

    attacker: str
    target: str
    goal: str
    response: str
    attack: CocRoll
    defence: CocRoll | None = None
    build_penalty: int = 0
    bonus: int = 0
    penalty: int = 0
    winner: str = "none"
    counter_goal: str = ""  # achieved by a defender who won a counter-maneuver
    damage: int = 0  # dealt by a defender who won fighting back, before armour
    outnumbered: bool = False
    ends_turn: bool = True

    def describe(self, names: dict[str, str]) -> str:
        a, t = _who(names, self.attacker), _who(names, self.target)
        build = f" ({self.build_penalty} penalty dice for Build)" if self.build_penalty else ""
        body = f"{a} tries to {self.goal} {t}{build}: {_roll_text(self.attack)}"
        if self.defence is not None:
            body += f"; {t} ({self.response}) {_roll_text(self.defence)}"
        if self.winner == "attacker":
            return f"{body} → success: {self.goal}"
        if self.winner == "defender" and self.counter_goal:
            return f"{body} → {t} wins: {self.counter_goal}"
        if self.winner == "defender" and self.damage:
            return f"{body} → foiled; {a} takes {self.damage} before armour"
        return f"{body} → the maneuver fails"


class CocShotsFired(Event):
    """Single shots of one firearm or missile at one target (COC-FIREARM-*)."""

    attacker: str
    target: str
    weapon: str
    difficulty: int  # 2 regular, 3 hard, 4 extreme (from range)
    distance: float | None = None  # yards
    modifiers: tuple[str, ...] = ()
    dive: CocRoll | None = None  # the target's Dodge when diving for cover
    shots: tuple[Shot, ...] = ()
    spent: int = 0  # bullets fired
    loaded: int = 0  # rounds left after firing (-1: not a firearm)
    loaded_one: bool = False  # one round loaded before firing (COC-FIREARM-08)
    aim_used: bool = False
    ends_turn: bool = True

    def describe(self, names: dict[str, str]) -> str:
        a, t = _who(names, self.attacker), _who(names, self.target)
        rng = f" at {self.distance:g} yd" if self.distance is not None else ""
        mods = f" [{', '.join(self.modifiers)}]" if self.modifiers else ""
        parts = []
        if self.dive is not None:
            parts.append(f"{t} dives for cover: Dodge {_roll_text(self.dive)}")
        for s in self.shots:
            if s.malfunction:
                parts.append(f"{s.roll.roll}: the {self.weapon} malfunctions")
            elif s.ally_hit:
                parts.append(f"{_roll_text(s.roll)}: fumble — hits {_who(names, s.ally_hit)} for {s.damage}")
            elif s.hit:
                how = " impaling" if s.impaled else " extreme" if s.extreme else ""
                parts.append(f"{_roll_text(s.roll)}: hit for {s.damage}{how}")
            else:
                parts.append(f"{_roll_text(s.roll)}: miss")
        ammo = f" ({self.loaded} left)" if self.loaded >= 0 else ""
        return f"{a} fires {self.weapon} at {t}{rng}{mods}: " + "; ".join(parts) + ammo


class CocAutoFired(Event):
    """A burst or full-auto fire, volley by volley, armour per bullet (COC-AUTO-*)."""

    attacker: str
    weapon: str
    burst: bool
    volleys: tuple[coc_auto.Volley, ...]
    spent: int
    gap_spent: int = 0
    jammed: bool = False
    loaded: int = 0
    distance: float | None = None
    modifiers: tuple[str, ...] = ()
    aim_used: bool = False
    ends_turn: bool = True

    def describe(self, names: dict[str, str]) -> str:
        kind = "a burst" if self.burst else "full auto"
        parts = []
        for v in self.volleys:
            head = f"volley {v.number} ({v.bullets}) at {_who(names, v.target)}"
            if v.jammed:
                parts.append(f"{head}: {v.roll.roll if v.roll else '?'} — malfunction, firing stops")
            elif v.roll is None:
                parts.append(f"{head}: beyond Extreme, cannot hit")
            elif not v.hits:
                parts.append(f"{head}: {_roll_text(v.roll)} miss")
            else:
                each = ", ".join(f"{b.taken}{'*' if b.impaled else ''}" for b in v.hits)
                parts.append(f"{head}: {_roll_text(v.roll)} {len(v.hits)} hit ({each} after armour)")
        gap = f", {self.gap_spent} between targets" if self.gap_spent else ""
        return f"{_who(names, self.attacker)} fires {kind} with {self.weapon}: " + "; ".join(parts) + (
            f" — {self.spent} rounds spent{gap}, {self.loaded} left"
        )


class CocReloaded(Event):
    character: str
    weapon: str  # weapon key
    kind: str
    rounds: int
    before: int
    after: int

    def describe(self, names: dict[str, str]) -> str:
        r = "round" if self.rounds == 1 else "rounds"
        return f"{_who(names, self.character)} reloads the {self.weapon} ({self.kind}, {self.rounds} {r}): {self.before} → {self.after}"


class CocAimed(Event):
    character: str
    round: int = 0  # the round of aiming; 0 when the aim is lost
    reason: str = ""

    def describe(self, names: dict[str, str]) -> str:
        who = _who(names, self.character)
        if not self.round:
            return f"{who} loses the aim" + (f" ({self.reason})" if self.reason else "")
        return f"{who} takes aim (round {self.round}): a bonus die on next round's shot"


class CocFled(Event):
    character: str

    def describe(self, names: dict[str, str]) -> str:
        return f"{_who(names, self.character)} flees the melee"


class CocFighterSet(Event):
    """Attacks per round and 'never outnumbered' for a combatant (COC-MELEE-03, COC-COMBAT-01/02)."""

    character: str
    attacks: int = 1
    never_outnumbered: bool = False

    def describe(self, names: dict[str, str]) -> str:
        never = ", never outnumbered" if self.never_outnumbered else ""
        return f"{_who(names, self.character)}: {self.attacks} attack{'s' if self.attacks != 1 else ''} a round{never}"


# --- commands ---------------------------------------------------------------------------------


class CocMelee(Command):
    label = "melee attack"
    attacker: str
    target: str
    weapon: str = ""
    response: str = "dodge"
    defender_weapon: str = ""  # for fighting back
    counter: str = ""  # the target's goal for a counter-maneuver
    bonus: int = 0
    penalty: int = 0
    surprise: str = ""  # "" | auto | bonus
    notice: str = ""  # the skill the target rolls to notice the surprise


class CocManeuver(Command):
    label = "maneuver"
    attacker: str
    target: str
    goal: str
    response: str = "dodge"
    defender_weapon: str = ""
    counter: str = ""
    bonus: int = 0
    penalty: int = 0


class CocShoot(Command):
    label = "shoot"
    attacker: str
    target: str
    weapon: str
    distance: float | None = None  # yards
    shots: int = 1
    toggles: tuple[str, ...] = ()  # firearm modifier keys (COC-FIREARM-05)
    allies: tuple[str, ...] | None = None  # in the line of fire (None: the shooter's side)
    response: str = ""  # thrown weapons: dodge | fight back | none
    bonus: int = 0
    penalty: int = 0
    surprise: bool = False


class CocAutoFire(Command):
    label = "automatic fire"
    attacker: str
    targets: tuple[tuple[str, int], ...]  # (name, bullets); a burst names one target
    weapon: str
    burst: bool = False
    distance: float | None = None
    gap: float = 0.0  # yards between consecutive targets
    toggles: tuple[str, ...] = ()
    bonus: int = 0
    penalty: int = 0


class CocReload(Command):
    label = "reload"
    name: str
    weapon: str
    rounds: int | None = None
    kind: str = ""


class CocAim(Command):
    label = "aim"
    name: str
    off: bool = False


class CocFlee(Command):
    label = "flee"
    name: str
    cornered: bool = False


class CocSetFighter(Command):
    label = "attacks per round"
    name: str
    attacks: int = 1
    never_outnumbered: bool = False


# --- lookups ----------------------------------------------------------------------------------


def _coc(state: State) -> None:
    if state.system != "coc7":
        raise Rejected(f"this is a Call of Cthulhu 7e command; the campaign plays {state.system}")


def _weapon(state: State, name: str) -> Weapon:
    key = name.strip() or UNARMED["coc7"]
    found = find_weapon("coc7", state.armory, key)
    if found is None:
        table = weapons_for("coc7", state.armory)
        raise Rejected(
            f"no weapon called {name!r}{did_you_mean(key, list(table))} (weapons: {', '.join(sorted(table))}; "
            "add one with 'weapon add')"
        )
    return found


def _skill(char: Character, name: str) -> int:
    """A combat skill: the exact entry, the specialisation alone, the general skill, else the base."""
    folded = {k.casefold(): v for k, v in char.skills.items()}
    key = name.casefold()
    if key in folded:
        return folded[key]
    if "(" in key:
        general, _, spec = key.partition("(")
        spec = spec.rstrip(")").strip()
        for option in (spec, *spec.split("/"), general.strip()):
            if option in folded:
                return folded[option]
    if key == "dodge":
        return char.stats.get("DEX", 0) // 2
    return {k.casefold(): v for k, v in coc_combat.SKILL_BASES.items()}.get(key, 0)


def _dodge(char: Character) -> int:
    return _skill(char, "Dodge")


def _db_build(char: Character) -> tuple[str, int]:
    return damage_bonus_and_build(char.stats.get("STR", 0), char.stats.get("SIZ", 0))


def _able(char: Character) -> bool:
    return not any(char.has(c) for c in _OUT)


def _loaded(state: State, char_id: str, weapon: Weapon) -> int:
    return state.coc_ammo.get(char_id, {}).get(weapon.key, weapon.magazine)


def _response(text: str) -> str:
    key = " ".join(text.casefold().split())
    if key not in _RESPONSES:
        raise Rejected(f"response {text!r} is not known — use dodge, fight, maneuver or none")
    return _RESPONSES[key]


def _pair(state: State, attacker: str, target: str) -> tuple[Character, Character]:
    _coc(state)
    att = find_character(state, attacker)
    tgt = find_character(state, target)
    if att.id == tgt.id:
        raise Rejected(f"{att.name} cannot attack themselves")
    if not _able(att):
        raise Rejected(f"{att.name} is {next(c for c in _OUT if att.has(c))} and cannot attack")
    return att, tgt


def _attack_slot(state: State, att: Character) -> bool:
    """Check COC-MELEE-03 in a running round; return whether this attack ends the attacker's turn."""
    comb = combatant(state, att.id)
    if comb is None or state.encounter is None or not state.encounter.started:
        return True
    allowed = ml.attacks_allowed(comb.flags.get(PER_ROUND, 1))
    used = comb.counters.get(ATTACKS, 0)
    if used >= allowed or (comb.acted and used == 0):
        raise Rejected(
            f"{att.name} has already acted this round ({used} of {allowed} attack{'s' if allowed != 1 else ''})"
            " — wait for the next round ('fight next')"
        )
    return used + 1 >= allowed


def _outnumbered(state: State, tgt: Character) -> int:
    comb = combatant(state, tgt.id)
    if comb is None:
        return 0
    return coc_combat.outnumbered_bonus(
        comb.counters.get(DEFENCES, 0), comb.flags.get(PER_ROUND, 1), bool(comb.flags.get(NEVER_OUTNUMBERED, 0))
    )


def _check_dice(bonus: int, penalty: int) -> None:
    if bonus < 0 or penalty < 0:
        raise Rejected("bonus= and penalty= count dice: 0, 1 or 2")


def _wounds(state: State, target: Character, rolls: list[int], source: str) -> list[Event]:
    """DamageApplied per wound, then the conditions they cause (COC-COMBAT-08, COC-PARTY-04)."""
    armour = state.armory.armor.get(target.id, 0)
    top = max_hp(target.stats.get("CON", 0), target.stats.get("SIZ", 0))
    hp = target.current.get("HP", top)
    had_major = target.has("major wound")
    conditions = set(target.conditions)
    events: list[Event] = []
    for rolled in rolls:
        w = coc_combat.land_damage(rolled, armour, hp, top, had_major)
        if w.taken == 0 and rolled == 0:
            continue
        events.append(
            DamageApplied(
                character=target.id, amount=w.taken, hp_before=w.hp_before, hp_after=w.hp_after,
                armor=rolled - w.taken, source=source, rules=("COC-COMBAT-08", "COC-PARTY-04"),
            )
        )
        hp = w.hp_after
        had_major = had_major or w.major
        new = (["major wound"] if w.major else []) + (["dying", "unconscious"] if w.dying else [])
        new += ["unconscious"] if w.unconscious else []
        for cond in new:
            if cond not in conditions:
                conditions.add(cond)
                events.append(ConditionAdded(character=target.id, condition=cond, rules=("COC-PARTY-04",)))
    if any(isinstance(e, DamageApplied) and e.amount > 0 for e in events):
        comb = combatant(state, target.id)
        if comb is not None and comb.flags.get(AIM):
            events.append(CocAimed(character=target.id, round=0, reason="took damage", rules=("COC-FIREARM-06",)))
    return events


def _melee_weapon(w: Weapon) -> ml.MeleeWeapon:
    return ml.MeleeWeapon(w.name, w.damage, w.impaling, w.db if w.db in ("full", "half", "none") else "full")  # type: ignore[arg-type]


def _fighter(char: Character, weapon: Weapon, skill: int) -> ml.Fighter:
    return ml.Fighter(skill=skill, db=_db_build(char)[0], weapon=_melee_weapon(weapon))


def _close_weapon(state: State, name: str, who: Character) -> Weapon:
    w = _weapon(state, name)
    if not w.close_combat:
        raise Rejected(f"{w.name} is a {w.kind} weapon: {who.name} uses it with 'shoot', not in melee")
    return w


def _defence(state: State, tgt: Character, response: str, weapon_name: str) -> tuple[ml.Fighter, Weapon | None]:
    if response != "none" and not _able(tgt):
        raise Rejected(f"{tgt.name} is {next(c for c in _OUT if tgt.has(c))} and cannot {response}: use response=none")
    if response == "dodge":
        return ml.Fighter(skill=_dodge(tgt), db=_db_build(tgt)[0]), None
    w = _close_weapon(state, weapon_name, tgt)
    return _fighter(tgt, w, _skill(tgt, w.skill)), w


def _goal(name: str) -> mv.Goal:
    goal = mv.goal_named(name)
    if goal is None:
        names = [g.name for g in mv.GOALS]
        raise Rejected(f"maneuver goal {name!r} is not known{did_you_mean(name, names)} (goals: {', '.join(names)})")
    return goal


def _goal_events(winner: Character, loser: Character, goal: mv.Goal) -> list[Event]:
    if goal.frees:
        return [ConditionRemoved(character=winner.id, condition=c, rules=("COC-MANEUVER-05",))
                for c in ("held", "restrained") if winner.has(c)]
    if goal.condition and not loser.has(goal.condition):
        return [ConditionAdded(character=loser.id, condition=goal.condition, rules=("COC-MANEUVER-05",))]
    return []


# --- melee -------------------------------------------------------------------------------------


@decider(CocMelee)
def decide_coc_melee(state: State, cmd: CocMelee, dice: Dice) -> list[Event]:
    att, tgt = _pair(state, cmd.attacker, cmd.target)
    _check_dice(cmd.bonus, cmd.penalty)
    weapon = _close_weapon(state, cmd.weapon, att)
    response = _response(cmd.response or "dodge")
    if cmd.surprise not in ("", "auto", "bonus"):
        raise Rejected(f"surprise={cmd.surprise} — use surprise=auto (automatic hit) or surprise=bonus (a bonus die)")
    if response == "maneuver":
        if not cmd.counter:
            raise Rejected("a counter-maneuver needs the target's goal: counter=GOAL (e.g. counter=disarm)")
        return _counter_maneuver(state, cmd, att, tgt, weapon, dice)
    if cmd.counter:
        raise Rejected("counter= goes with response=maneuver")
    ends_turn = _attack_slot(state, att)
    rules: list[str] = []
    notice: CocRoll | None = None
    surprise = ""
    auto_hit = False
    bonus = cmd.bonus
    if cmd.surprise:
        noticed = False
        if cmd.notice:
            notice = skill_roll(dice, cmd.notice, _skill(tgt, cmd.notice))
            noticed = notice.success
        effect = ml.surprise(noticed, keeper_auto_hit=cmd.surprise == "auto")
        rules.append("COC-MELEE-02")
        if noticed:
            surprise = "noticed"
        else:
            response = "none"  # a surprised target cannot respond
            auto_hit = effect.auto_hit
            bonus += effect.bonus
            surprise = "auto hit" if auto_hit else "bonus die"
    extra = 0 if auto_hit else _outnumbered(state, tgt)
    if extra:
        rules += ["COC-COMBAT-01", "COC-COMBAT-02"]
    defender, _ = _defence(state, tgt, response, cmd.defender_weapon)
    res = ml.resolve_melee(
        dice, _fighter(att, weapon, _skill(att, weapon.skill)), defender, response,  # type: ignore[arg-type]
        bonus=bonus + extra, penalty=cmd.penalty, auto_hit=auto_hit,
    )
    dealt_to = ""
    if res.damage is not None:
        dealt_to = tgt.id if res.winner == "attacker" else att.id
    ev = CocMeleeResolved(
        attacker=att.id, target=tgt.id, weapon=weapon.name, response=response, attack=res.attack,
        defence=res.defence, bonus=bonus + extra, penalty=cmd.penalty, winner=res.winner, extreme=res.extreme,
        impaled=bool(res.damage and res.damage.impaled), damage=res.damage.total if res.damage else 0,
        dealt_to=dealt_to, outnumbered=bool(extra), surprise=surprise, notice=notice, ends_turn=ends_turn,
        rules=tuple(dict.fromkeys([*rules, *res.rules, "COC-MELEE-03"])), dice=tuple(dice.take()),
    )
    events: list[Event] = [ev]
    if dealt_to:
        victim = tgt if dealt_to == tgt.id else att
        events += _wounds(state, victim, [ev.damage], f"{weapon.name if victim is tgt else 'fighting back'}")
    return events


def _counter_maneuver(
    state: State, cmd: CocMelee, att: Character, tgt: Character, weapon: Weapon, dice: Dice
) -> list[Event]:
    """A damage attack met by the target's own maneuver (COC-MELEE-04, COC-MANEUVER-04)."""
    goal = _goal(cmd.counter)
    ends_turn = _attack_slot(state, att)
    if not _able(tgt):
        raise Rejected(f"{tgt.name} cannot maneuver: use response=none")
    penalty = mv.build_penalty(_db_build(tgt)[1], _db_build(att)[1])
    if penalty is None:
        raise Rejected(f"{tgt.name} is too small to counter {att.name} with a maneuver (Build 3 or more apart)")
    extra = _outnumbered(state, tgt)
    a_roll = skill_roll(dice, "Fighting", _skill(att, weapon.skill), bonus=cmd.bonus + extra, penalty=cmd.penalty)
    twpn = _close_weapon(state, cmd.defender_weapon, tgt)
    d_roll = skill_roll(dice, "Counter-maneuver", _skill(tgt, twpn.skill), penalty=penalty)
    winner = mv.counter_maneuver(a_roll.level, d_roll.level)
    rules = ["COC-MELEE-04", "COC-MANEUVER-01", "COC-MANEUVER-04", "COC-MELEE-12", "COC-DICE-01", "COC-DICE-02"]
    damage = None
    if winner == "attacker":
        extreme = ml.extreme_applies("attacker", a_roll.level)
        damage, more = ml.deal_damage(dice, _fighter(att, weapon, a_roll.skill), extreme)
        rules += ["COC-MELEE-11", *more]
    elif winner == "defender":
        rules.append("COC-MANEUVER-05")
    if extra:
        rules.append("COC-COMBAT-01")
    ev = CocMeleeResolved(
        attacker=att.id, target=tgt.id, weapon=weapon.name, response="maneuver", attack=a_roll, defence=d_roll,
        bonus=cmd.bonus + extra, penalty=cmd.penalty, winner=winner, extreme=bool(damage and damage.extreme),
        impaled=bool(damage and damage.impaled), damage=damage.total if damage else 0,
        dealt_to=tgt.id if damage else "", goal=goal.name if winner == "defender" else "",
        outnumbered=bool(extra), ends_turn=ends_turn, rules=tuple(dict.fromkeys(rules)), dice=tuple(dice.take()),
    )
    events: list[Event] = [ev]
    if damage is not None:
        events += _wounds(state, tgt, [damage.total], weapon.name)
    elif winner == "defender":
        events += _goal_events(tgt, att, goal)
    return events


@decider(CocManeuver)
def decide_coc_maneuver(state: State, cmd: CocManeuver, dice: Dice) -> list[Event]:
    att, tgt = _pair(state, cmd.attacker, cmd.target)
    _check_dice(cmd.bonus, cmd.penalty)
    goal = _goal(cmd.goal)
    if goal.frees and not (att.has("held") or att.has("restrained")):
        raise Rejected(f"{att.name} is not held or restrained: nothing to break free from")
    response = _response(cmd.response or "dodge")
    counter = _goal(cmd.counter) if response == "maneuver" else None
    if response == "maneuver" and not cmd.counter:
        raise Rejected("a counter-maneuver needs the target's goal: counter=GOAL")
    a_build, t_build = _db_build(att)[1], _db_build(tgt)[1]
    if mv.build_penalty(a_build, t_build) is None:
        raise Rejected(
            f"{att.name} (Build {a_build}) cannot {goal.name} {tgt.name} (Build {t_build}): "
            "a target 3 or more Build bigger is beyond any maneuver — attack to harm instead"
        )
    ends_turn = _attack_slot(state, att)
    brawl = _weapon(state, "")
    defender, _ = _defence(state, tgt, "dodge" if response == "dodge" else "none", "")
    if response in ("fight back", "maneuver"):
        twpn = _close_weapon(state, cmd.defender_weapon, tgt)
        defender = _fighter(tgt, twpn, _skill(tgt, twpn.skill))
    extra = _outnumbered(state, tgt)
    try:
        res = mv.resolve_maneuver(
            dice, _fighter(att, brawl, _skill(att, brawl.skill)), defender, a_build, t_build, response,  # type: ignore[arg-type]
            bonus=cmd.bonus + extra, penalty=cmd.penalty,
        )
    except ValueError as exc:
        raise Rejected(str(exc)) from None
    rules = list(res.rules) + (["COC-COMBAT-01"] if extra else []) + ["COC-MELEE-03"]
    ev = CocManeuverResolved(
        attacker=att.id, target=tgt.id, goal=goal.name, response=response, attack=res.attack, defence=res.defence,
        build_penalty=res.penalty, bonus=cmd.bonus + extra, penalty=cmd.penalty, winner=res.winner,
        counter_goal=counter.name if (counter and res.defender_goal) else "",
        damage=res.damage.total if res.damage else 0, outnumbered=bool(extra), ends_turn=ends_turn,
        rules=tuple(dict.fromkeys(rules)), dice=tuple(dice.take()),
    )
    events: list[Event] = [ev]
    if res.winner == "attacker":
        events += _goal_events(att, tgt, goal)
    elif res.defender_goal and counter is not None:
        events += _goal_events(tgt, att, counter)
    elif res.damage is not None:
        events += _wounds(state, att, [res.damage.total], "fighting back")
    return events


# --- firearms, missiles, thrown ----------------------------------------------------------------


def _ranged_weapon(state: State, name: str, who: Character) -> Weapon:
    if not name.strip():
        raise Rejected("which weapon? give weapon=NAME (e.g. weapon=\".38 revolver\")")
    w = _weapon(state, name)
    if w.close_combat:
        raise Rejected(f"{w.name} is a close-combat weapon: {who.name} uses it with 'melee'")
    return w


def _band_damage(w: Weapon, distance: float | None) -> str:
    """A shotgun's damage for the range band (``4d6/2d6/1d6``)."""
    bands = [b.strip() for b in w.damage.split("/")]
    if len(bands) == 1 or distance is None or w.base_range <= 0:
        return bands[0]
    index = 0 if distance <= w.base_range else 1 if distance <= 2 * w.base_range else 2
    return bands[min(index, len(bands) - 1)]


def _difficulty(w: Weapon, distance: float | None) -> Difficulty:
    if distance is None or w.base_range <= 0:
        return Difficulty.REGULAR
    if distance < 0:
        raise Rejected("range= is a distance in yards, 0 or more")
    diff = fa.range_difficulty(distance, w.base_range)
    if diff is None:
        raise Rejected(
            f"{distance:g} yards is beyond four times the {w.name}'s base range ({w.base_range} yd): no shot is possible"
        )
    return diff


def _aim(state: State, shooter: Character, toggles: set[str]) -> bool:
    """Whether the aim bonus applies (COC-FIREARM-06); refuses an --aim that is not held."""
    comb = combatant(state, shooter.id)
    enc = state.encounter
    if comb is None or enc is None:
        return "aim" in toggles
    aimed = comb.flags.get(AIM, 0)
    holds = bool(aimed) and fa.aim_holds(aimed, enc.round)
    if "aim" in toggles and not holds:
        raise Rejected(
            f"{shooter.name} has no aim to use (aim on their turn with 'take aim {shooter.name}', shoot next round)"
        )
    return holds


def _mods(state: State, shooter: Character, target: Character, w: Weapon, cmd_toggles: tuple[str, ...],
          distance: float | None, handgun_shots: int) -> fa.ModifierDice:
    toggles = {t.casefold() for t in cmd_toggles}
    unknown = toggles - set(fa.MODIFIER_KEYS) - {"large", "small"}
    if unknown:
        bad = sorted(unknown)[0]
        raise Rejected(f"--{bad} is not a firearm modifier{did_you_mean(bad, fa.MODIFIER_KEYS)} "
                       f"(modifiers: {', '.join('--' + k for k in fa.MODIFIER_KEYS)})")
    if toggles & {"large", "small"}:
        raise Rejected("large and small targets follow the target's Build (4+ / −2 or less); no flag needed")
    if "fast" in toggles:
        mov = int(derived("coc7", target).get("MOV", 0))
        if mov < 8:
            raise Rejected(f"{target.name} has MOV {mov}: only a target with MOV 8+ counts as fast-moving")
    if _aim(state, shooter, toggles):
        toggles.add("aim")
    else:
        toggles.discard("aim")
    if fa.handgun_shots_penalty(handgun_shots, "handgun" in w.skill.casefold()):
        toggles.add("handgun-shots")
    toggles.discard("cover")  # rolled: the target's Dodge decides it
    feet = distance * 3 if distance is not None else None
    return fa.modifier_dice(
        toggles, target_build=_db_build(target)[1], distance_ft=feet, shooter_dex=shooter.stats.get("DEX", 0)
    )


def _allies(state: State, shooter: Character, target: Character, names: tuple[str, ...] | None) -> list[tuple[str, int]]:
    if names is not None:
        chars = [find_character(state, n) for n in names]
    else:
        enc = state.encounter
        me = combatant(state, shooter.id)
        if enc is None or me is None:
            return []
        chars = [state.characters[c] for c, comb in enc.combatants.items()
                 if comb.side == me.side and c not in (shooter.id, target.id) and c in state.characters]
    return [(c.id, c.current.get("Luck", c.stats.get("Luck", 50))) for c in chars]


@decider(CocShoot)
def decide_coc_shoot(state: State, cmd: CocShoot, dice: Dice) -> list[Event]:
    att, tgt = _pair(state, cmd.attacker, cmd.target)
    _check_dice(cmd.bonus, cmd.penalty)
    w = _ranged_weapon(state, cmd.weapon, att)
    if w.kind == "thrown":
        return _throw(state, cmd, att, tgt, w, dice)
    if cmd.response:
        raise Rejected("response= is for thrown weapons; a shot is not opposed (use --cover for diving for cover)")
    if cmd.shots < 1 or cmd.shots > max(1, w.shots):
        raise Rejected(f"the {w.name} fires at most {max(1, w.shots)} shot{'s' if w.shots > 1 else ''} a round")
    difficulty = _difficulty(w, cmd.distance)
    ends_turn = _attack_slot(state, att)
    toggles = set(t.casefold() for t in cmd.toggles)
    loaded = _loaded(state, att.id, w) if w.magazine else -1
    loaded_one = "load-one" in toggles
    if loaded_one:
        if w.magazine == 0 or loaded >= w.magazine:
            raise Rejected(f"the {w.name} is full: --load-one loads a round into a gun that has room")
        loaded += 1
    if w.magazine and loaded < cmd.shots:
        raise Rejected(
            f"{att.name}'s {w.name} has {loaded} round{'s' if loaded != 1 else ''} loaded, "
            f"not enough for {cmd.shots}: reload with 'reload {att.name} weapon=\"{w.name}\"'"
        )
    mods = _mods(state, att, tgt, w, cmd.toggles, cmd.distance, cmd.shots)
    rules: list[str] = []
    dive: CocRoll | None = None
    if "cover" in toggles:
        if not _able(tgt):
            raise Rejected(f"{tgt.name} cannot dive for cover")
        d = coc_combat.dive_for_cover(dice, _dodge(tgt))
        dive = d.roll
        if d.penalty:
            mods = replace(mods, penalty=mods.penalty + 1, applied=(*mods.applied, "cover"))
        rules += ["COC-COMBAT-03", "COC-FIREARM-05"]
    extra = cmd.bonus
    if cmd.surprise:
        extra += ml.surprise(False, ranged=True).bonus
        rules.append("COC-MELEE-02")
    if cmd.penalty:
        mods = replace(mods, penalty=mods.penalty + cmd.penalty)
    if "load-one" in mods.applied:
        rules.append("COC-FIREARM-08")
    if w.kind == "ranged" and w.db == "half":
        rules += ["COC-COMBAT-03", "COC-COMBAT-06"]
    gun = fa.Gun(w.name, _band_damage(w, cmd.distance), w.impaling, w.malfunction or None,
                 "handgun" in w.skill.casefold(), _db_build(att)[0], "half" if w.db == "half" else "none")
    allies = _allies(state, att, tgt, cmd.allies) if "melee" in mods.applied else []
    skill = _skill(att, w.skill)
    shots: list[Shot] = []
    spent = 0
    for _ in range(cmd.shots):
        r = fa.resolve_shot(dice, skill, gun, difficulty, mods, extra, allies)
        rules += r.rules
        assert r.roll is not None
        shots.append(Shot(
            roll=r.roll, bonus=r.bonus, penalty=r.penalty, hit=r.hit, malfunction=r.malfunction, fumble=r.fumble,
            extreme=r.extreme, impaled=bool(r.damage and r.damage.impaled), damage=r.damage.total if r.damage else 0,
            ally_hit=r.ally_hit or "",
        ))
        if r.malfunction:
            break
        spent += 1
    aim_used = "aim" in mods.applied and combatant(state, att.id) is not None
    ev = CocShotsFired(
        attacker=att.id, target=tgt.id, weapon=w.name, difficulty=int(difficulty), distance=cmd.distance,
        modifiers=mods.applied, dive=dive, shots=tuple(shots), spent=spent,
        loaded=loaded - spent if w.magazine else -1, loaded_one=loaded_one, aim_used=aim_used,
        ends_turn=ends_turn, rules=tuple(dict.fromkeys([*rules, "COC-MELEE-03"])), dice=tuple(dice.take()),
    )
    events: list[Event] = [ev]
    hits = [s.damage for s in shots if s.hit]
    if hits:
        events += _wounds(state, tgt, hits, w.name)
    for s in shots:
        if s.ally_hit:
            events += _wounds(state, state.characters[s.ally_hit], [s.damage], f"{att.name}'s stray shot")
    return events


def _throw(state: State, cmd: CocShoot, att: Character, tgt: Character, w: Weapon, dice: Dice) -> list[Event]:
    """A thrown weapon: range difficulty, may be dodged; fought back only from close by (COC-COMBAT-04/05/07)."""
    if cmd.shots != 1:
        raise Rejected("a thrown weapon is thrown once a round")
    response = _response(cmd.response or "dodge")
    if response == "maneuver":
        raise Rejected("a thrown weapon can be dodged (or fought back from close by), not countered with a maneuver")
    if response == "fight back":
        feet = cmd.distance * 3 if cmd.distance is not None else None
        if feet is None or not coc_combat.may_fight_back_ranged(feet, att.stats.get("DEX", 0)):
            raise Rejected(
                f"{tgt.name} can fight back against a thrown weapon only within {att.stats.get('DEX', 0) // 5} feet "
                "(give range=YARDS) — dodge instead"
            )
    difficulty = _difficulty(w, cmd.distance)
    ends_turn = _attack_slot(state, att)
    extra = _outnumbered(state, tgt) + cmd.bonus + (1 if cmd.surprise else 0)
    if cmd.surprise:
        response = "none"
    defender, _ = _defence(state, tgt, response, "")
    a_roll = skill_roll(dice, w.skill, _skill(att, w.skill), difficulty, extra, cmd.penalty)
    d_roll = skill_roll(dice, "Dodge" if response == "dodge" else "Fighting back", defender.skill) if response != "none" else None
    rules = ["COC-COMBAT-07", "COC-FIREARM-03", "COC-DICE-01", "COC-DICE-02", "COC-DICE-03", "COC-MELEE-03"]
    if not a_roll.success:
        winner = "none" if d_roll is None or not d_roll.level.succeeded else "defender"
    elif response == "dodge":
        assert d_roll is not None
        winner = coc_combat.thrown_vs_dodge(a_roll.level, d_roll.level)
        rules.append("COC-COMBAT-04")
    elif response == "fight back":
        assert d_roll is not None
        winner = ml.fight_back(a_roll.level, d_roll.level)
        rules += ["COC-COMBAT-05", "COC-MELEE-05"]
    else:
        winner = "attacker"
    damage = None
    if winner == "attacker":
        extreme = fa.shot_is_extreme(a_roll)
        wpn = ml.MeleeWeapon(w.name, w.damage, w.impaling, "half" if w.db == "half" else "full" if w.db == "full" else "none")
        damage, more = ml.deal_damage(dice, ml.Fighter(a_roll.skill, _db_build(att)[0], wpn), extreme)
        rules += [*more, "COC-COMBAT-06"]
    elif winner == "defender" and response == "fight back":
        twpn = _weapon(state, "")
        damage, more = ml.deal_damage(dice, _fighter(tgt, twpn, d_roll.skill if d_roll else 0), False)
        rules += more
    ev = CocMeleeResolved(
        attacker=att.id, target=tgt.id, weapon=w.name, response=response, attack=a_roll, defence=d_roll,
        bonus=extra, penalty=cmd.penalty, winner=winner, extreme=bool(damage and damage.extreme),
        impaled=bool(damage and damage.impaled), damage=damage.total if damage else 0,
        dealt_to=(tgt.id if winner == "attacker" else att.id) if damage else "",
        surprise="bonus die" if cmd.surprise else "", ends_turn=ends_turn,
        rules=tuple(dict.fromkeys(rules)), dice=tuple(dice.take()),
    )
    events: list[Event] = [ev]
    if damage is not None:
        events += _wounds(state, tgt if winner == "attacker" else att, [damage.total], w.name)
    return events


# --- bursts and full auto -----------------------------------------------------------------------


@decider(CocAutoFire)
def decide_coc_auto(state: State, cmd: CocAutoFire, dice: Dice) -> list[Event]:
    _coc(state)
    if not cmd.targets:
        raise Rejected("name a target: auto SHOOTER TARGET:BULLETS [TARGET:BULLETS …]")
    att = find_character(state, cmd.attacker)
    if not _able(att):
        raise Rejected(f"{att.name} cannot fire")
    _check_dice(cmd.bonus, cmd.penalty)
    w = _ranged_weapon(state, cmd.weapon, att)
    if cmd.burst:
        if w.burst < 1:
            raise Rejected(f"the {w.name} cannot fire bursts (no burst size); use 'shoot' or 'auto'")
        if len(cmd.targets) != 1:
            raise Rejected("a burst is one volley at one target")
    elif not w.auto:
        raise Rejected(f"the {w.name} cannot fire full auto" + (" — fire a burst with 'burst'" if w.burst else ""))
    targets = [(find_character(state, n), bullets) for n, bullets in cmd.targets]
    for char, _ in targets:
        if char.id == att.id:
            raise Rejected(f"{att.name} cannot shoot themselves")
    if cmd.burst:
        targets = [(targets[0][0], w.burst)]
    difficulty = _difficulty(w, cmd.distance)
    ends_turn = _attack_slot(state, att)
    loaded = _loaded(state, att.id, w)
    gap = coc_auto.gap_bullets(cmd.gap) if len(targets) > 1 else 0
    problem = coc_auto.check_declaration([b for _, b in targets], loaded, gap * (len(targets) - 1))
    if problem:
        if loaded == 0:
            problem = f"the {w.name} is empty: reload with 'reload {att.name} weapon=\"{w.name}\"'"
        raise Rejected(problem)
    auto_targets = []
    if "cover" in {t.casefold() for t in cmd.toggles}:
        raise Rejected("--cover (diving for cover) applies to single shots, not to bursts or full auto")
    applied: tuple[str, ...] = ()
    for char, bullets in targets:
        mods = _mods(state, att, char, w, cmd.toggles, cmd.distance, 1)
        applied = applied or mods.applied
        net = mods.net + cmd.bonus - cmd.penalty
        auto_targets.append(coc_auto.AutoTarget(char.id, bullets, difficulty, net, state.armory.armor.get(char.id, 0)))
    gun = fa.Gun(w.name, _band_damage(w, cmd.distance), w.impaling, w.malfunction or None)
    res = coc_auto.resolve_auto(dice, _skill(att, w.skill), gun, auto_targets, gap=gap, burst=w.burst if cmd.burst else 0)
    rules = list(res.rules) + (["COC-FIREARM-05"] if applied else []) + ["COC-MELEE-03"]
    ev = CocAutoFired(
        attacker=att.id, weapon=w.name, burst=cmd.burst, volleys=res.volleys, spent=res.spent,
        gap_spent=res.gap_spent, jammed=res.jammed, loaded=loaded - res.spent, distance=cmd.distance,
        modifiers=applied, aim_used="aim" in applied and combatant(state, att.id) is not None,
        ends_turn=ends_turn, rules=tuple(dict.fromkeys(rules)), dice=tuple(dice.take()),
    )
    events: list[Event] = [ev]
    for char, _ in targets:
        rolled = [b.rolled for v in res.volleys if v.target == char.id for b in v.hits]
        if rolled:
            events += _wounds(state, char, rolled, f"{w.name} fire")
    return events


# --- reload, aim, flee, attacks per round -----------------------------------------------------


def reload_kind(w: Weapon) -> str:
    """How a weapon is reloaded (COC-FIREARM-08): belts for machine guns, magazines for
    automatics, shells otherwise (revolvers, rifles, shotguns)."""
    if "machine gun" in w.skill.casefold() and w.magazine >= 50:
        return "belt"
    if w.action in ("semi", "auto") and "revolver" not in w.name.casefold():
        return "magazine"
    return "shells"


@decider(CocReload)
def decide_coc_reload(state: State, cmd: CocReload, dice: Dice) -> list[Event]:
    _coc(state)
    char = find_character(state, cmd.name)
    w = _ranged_weapon(state, cmd.weapon, char)
    if w.magazine <= 0:
        raise Rejected(f"the {w.name} takes no ammunition")
    kind = cmd.kind.casefold() or reload_kind(w)
    loaded = _loaded(state, char.id, w)
    try:
        r = fa.reload(kind, loaded, w.magazine, cmd.rounds)
    except ValueError as exc:
        raise Rejected(f"{char.name} cannot reload the {w.name}: {exc}") from None
    return [CocReloaded(character=char.id, weapon=w.key, kind=r.kind, rounds=r.rounds, before=r.before,
                        after=r.after, rules=("COC-FIREARM-08",))]


@decider(CocAim)
def decide_coc_aim(state: State, cmd: CocAim, dice: Dice) -> list[Event]:
    _coc(state)
    char = find_character(state, cmd.name)
    comb = combatant(state, char.id)
    if comb is None or state.encounter is None or not state.encounter.started:
        raise Rejected(f"aiming is a combat action: put {char.name} in a running fight ('fight add', 'fight next')")
    if cmd.off:
        if not comb.flags.get(AIM):
            raise Rejected(f"{char.name} is not aiming")
        return [CocAimed(character=char.id, round=0, reason="moved", rules=("COC-FIREARM-06",))]
    if comb.acted:
        raise Rejected(f"{char.name} has already acted this round")
    if not _able(char):
        raise Rejected(f"{char.name} cannot aim")
    return [CocAimed(character=char.id, round=state.encounter.round, rules=("COC-FIREARM-06",))]


@decider(CocFlee)
def decide_coc_flee(state: State, cmd: CocFlee, dice: Dice) -> list[Event]:
    _coc(state)
    char = find_character(state, cmd.name)
    comb = combatant(state, char.id)
    if comb is None:
        raise Rejected(f"{char.name} is not in the fight")
    held = char.has("held") or char.has("restrained")
    if not _able(char) or not ml.may_flee(not cmd.cornered, held):
        why = "is held — break free first ('maneuver NAME TARGET break free')" if held else (
            "has no way out" if cmd.cornered else "cannot move")
        raise Rejected(f"{char.name} {why}")
    if comb.acted:
        raise Rejected(f"{char.name} has already acted this round: flee on the next turn")
    return [CocFled(character=char.id, rules=("COC-MELEE-13",))]


@decider(CocSetFighter)
def decide_coc_fighter(state: State, cmd: CocSetFighter, dice: Dice) -> list[Event]:
    _coc(state)
    char = find_character(state, cmd.name)
    comb = combatant(state, char.id)
    if comb is None:
        raise Rejected(f"{char.name} is not in the fight: 'fight add {char.name}' first")
    if not 1 <= cmd.attacks <= 20:
        raise Rejected("attacks per round must be 1–20")
    return [CocFighterSet(character=char.id, attacks=cmd.attacks, never_outnumbered=cmd.never_outnumbered,
                          rules=("COC-MELEE-03", "COC-COMBAT-02"))]


# --- the shared 'attack' command (coc7) -----------------------------------------------------------

_ATTACK_OPTIONS = ("weapon", "response", "defend", "with", "counter", "bonus", "penalty", "surprise", "notice", "goal")


def _int(value: str, key: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise Rejected(f"{key}= must be a whole number, not {value!r}") from None


def decide_coc_attack(state: State, cmd: Attack, dice: Dice) -> list[Event]:
    """``attack A T [weapon=…] [response=…|dodge|fight|none] [goal=…] …`` in coc7: a melee attack or maneuver."""
    opts = {k.casefold(): v for k, v in cmd.options.items()}
    unknown = [k for k in opts if k not in _ATTACK_OPTIONS]
    if unknown:
        raise Rejected(f"attack: unknown option {unknown[0]}={opts[unknown[0]]} (CoC options: {', '.join(_ATTACK_OPTIONS)})")
    words = [w.casefold() for w in cmd.flags]
    bad = [w for w in words if w not in _RESPONSES]
    if bad or len(words) > 1:
        what = bad[0] if bad else " ".join(words)
        raise Rejected(f"attack: unexpected {what!r} — the target's response is one word: dodge, fight, maneuver or none")
    response = opts.get("response") or opts.get("defend") or (words[0] if words else "")
    counter = opts.get("counter", "")
    common = dict(
        attacker=cmd.attacker, target=cmd.target, response=response or ("maneuver" if counter else "dodge"),
        defender_weapon=opts.get("with", ""), counter=counter,
        bonus=_int(opts.get("bonus", "0"), "bonus"), penalty=_int(opts.get("penalty", "0"), "penalty"),
    )
    if "goal" in opts:
        return decide_coc_maneuver(state, CocManeuver(goal=opts["goal"], **common), dice)  # type: ignore[arg-type]
    melee = CocMelee(weapon=opts.get("weapon", ""), surprise=opts.get("surprise", "").casefold(),
                     notice=opts.get("notice", ""), **common)  # type: ignore[arg-type]
    return decide_coc_melee(state, melee, dice)


register_attack("coc7", decide_coc_attack)


# --- evolvers ---------------------------------------------------------------------------------------


def _after_attack(state: State, attacker: str, ends_turn: bool) -> State:
    state = bump_counter(state, attacker, ATTACKS)
    return mark_acted(state, attacker) if ends_turn else state


def _defended(state: State, target: str, response: str) -> State:
    if response in ("dodge", "fight back", "maneuver"):
        state = mark_defended(state, target, response)
        state = bump_counter(state, target, DEFENCES)
    return state


@evolver(CocMeleeResolved)
def _ev_melee(state: State, ev: CocMeleeResolved) -> State:
    state = _after_attack(state, ev.attacker, ev.ends_turn)
    return _defended(state, ev.target, ev.response) if ev.defence is not None else state


@evolver(CocManeuverResolved)
def _ev_maneuver(state: State, ev: CocManeuverResolved) -> State:
    state = _after_attack(state, ev.attacker, ev.ends_turn)
    return _defended(state, ev.target, ev.response) if ev.defence is not None else state


def _set_ammo(state: State, char_id: str, weapon_key: str, loaded: int) -> State:
    ammo = dict(state.coc_ammo)
    mine = dict(ammo.get(char_id, {}))
    mine[weapon_key] = loaded
    ammo[char_id] = mine
    return replace(state, coc_ammo=ammo)


@evolver(CocShotsFired)
def _ev_shots(state: State, ev: CocShotsFired) -> State:
    state = _after_attack(state, ev.attacker, ev.ends_turn)
    if ev.loaded >= 0:
        state = _set_ammo(state, ev.attacker, ev.weapon.casefold(), ev.loaded)
    if ev.dive is not None:
        state = _defended(state, ev.target, "dodge")
    return set_flag(state, ev.attacker, AIM, None) if ev.aim_used else state


@evolver(CocAutoFired)
def _ev_auto(state: State, ev: CocAutoFired) -> State:
    state = _after_attack(state, ev.attacker, ev.ends_turn)
    state = _set_ammo(state, ev.attacker, ev.weapon.casefold(), ev.loaded)
    return set_flag(state, ev.attacker, AIM, None) if ev.aim_used else state


@evolver(CocReloaded)
def _ev_reloaded(state: State, ev: CocReloaded) -> State:
    return mark_acted(_set_ammo(state, ev.character, ev.weapon, ev.after), ev.character)


@evolver(CocAimed)
def _ev_aimed(state: State, ev: CocAimed) -> State:
    if not ev.round:
        return set_flag(state, ev.character, AIM, None)
    return mark_acted(set_flag(state, ev.character, AIM, ev.round), ev.character)


@evolver(CocFled)
def _ev_fled(state: State, ev: CocFled) -> State:
    state = mark_acted(state, ev.character)
    enc = state.encounter
    comb = enc.get(ev.character) if enc is not None else None
    if enc is None or comb is None:
        return state
    fighters = dict(enc.combatants)
    fighters[ev.character] = replace(comb, out=True)
    return replace(state, encounter=replace(enc, combatants=fighters))


@evolver(CocFighterSet)
def _ev_fighter(state: State, ev: CocFighterSet) -> State:
    state = set_flag(state, ev.character, PER_ROUND, ev.attacks)
    return set_flag(state, ev.character, NEVER_OUTNUMBERED, 1 if ev.never_outnumbered else None)


__all__ = [
    "CocAim", "CocAimed", "CocAutoFire", "CocAutoFired", "CocFighterSet", "CocFled", "CocFlee", "CocManeuver",
    "CocManeuverResolved", "CocMelee", "CocMeleeResolved", "CocReload", "CocReloaded", "CocSetFighter", "CocShoot",
    "CocShotsFired", "Level", "Shot", "decide_coc_attack", "reload_kind",
]
