"""Lookups and shared steps of the CoC 7e combat deciders: weapons, skills, wounds, goals."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from fhtagn_tui.rules.coc import combat as coc_combat
from fhtagn_tui.rules.coc import maneuver as mv
from fhtagn_tui.rules.coc import melee as ml
from fhtagn_tui.rules.coc.party import damage_bonus_and_build, damage_bonus_of_build
from fhtagn_tui.rules.dice import Dice
from fhtagn_tui.rules.weapons import (
    UNARMED,
    Weapon,
    attacks_per_round,
    default_weapon,
    find_weapon,
    weapons_for,
)

from ...decide import Rejected
from ...events import Event
from ...imposed import imposed
from ...lookup import did_you_mean, find_character
from ...state import Character, State
from ..campaign import ConditionAdded, ConditionRemoved
from ..coc_wounds import wound_all
from ..encounter import DamageApplied, combatant
from .events import CocAimed

ATTACKS = "coc:attacks"
DEFENCES = "coc:defences"
PER_ROUND = "coc:attacks-per-round"
NEVER_OUTNUMBERED = "coc:never-outnumbered"
AIM = "coc:aim"

OUT_OF_FIGHT = ("dead", "dying", "unconscious")


# --- lookups ----------------------------------------------------------------------------------


def require_coc(state: State) -> None:
    if state.system != "coc7":
        raise Rejected(f"this is a Call of Cthulhu 7e command; the campaign plays {state.system}")


def weapon_named(state: State, name: str, who: Character | None = None, close: bool | None = True) -> Weapon:
    """A weapon by name; no name: ``who``'s default attack (its first own one), else unarmed."""
    own = who.attacks if who is not None else ()
    key = name.strip() or (default_weapon("coc7", own, close) if who is not None else UNARMED["coc7"])
    found = find_weapon("coc7", state.armory, key, own)
    if found is None:
        table = weapons_for("coc7", state.armory, own)
        raise Rejected(
            f"no weapon called {name!r}{did_you_mean(key, list(table))} (weapons: {', '.join(sorted(table))}; "
            "add one with 'weapon add')"
        )
    return found


def skill_of(char: Character, name: str) -> int:
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


def dodge_of(char: Character) -> int:
    return skill_of(char, "Dodge")


def db_build(char: Character) -> tuple[str, int]:
    """The damage bonus and Build: from STR+SIZ, or from the Build the book states (a creature's)."""
    if "Build" in char.stats:
        return damage_bonus_of_build(char.stats["Build"]), char.stats["Build"]
    return damage_bonus_and_build(char.stats.get("STR", 0), char.stats.get("SIZ", 0))


def able(char: Character) -> bool:
    return not any(char.has(c) for c in OUT_OF_FIGHT)


def loaded_rounds(state: State, char_id: str, weapon: Weapon) -> int:
    return state.coc_ammo.get(char_id, {}).get(weapon.key, weapon.magazine)


def attacker_and_target(state: State, attacker: str, target: str) -> tuple[Character, Character]:
    require_coc(state)
    att = find_character(state, attacker)
    tgt = find_character(state, target)
    if att.id == tgt.id:
        raise Rejected(f"{att.name} cannot attack themselves")
    if not able(att):
        raise Rejected(f"{att.name} is {next(c for c in OUT_OF_FIGHT if att.has(c))} and cannot attack")
    return att, tgt


def attack_slot(state: State, att: Character) -> bool:
    """Check COC-MELEE-03 in a running round; return whether this attack ends the attacker's turn."""
    comb = combatant(state, att.id)
    if comb is None or state.encounter is None or not state.encounter.started:
        return True
    allowed = ml.attacks_allowed(comb.flags.get(PER_ROUND, attacks_per_round(att.attacks)))
    used = comb.counters.get(ATTACKS, 0)
    if used >= allowed or (comb.acted and used == 0):
        raise Rejected(
            f"{att.name} has already acted this round ({used} of {allowed} attack{'s' if allowed != 1 else ''})"
            " — wait for the next round ('fight next')"
        )
    return used + 1 >= allowed


def outnumbered_dice(state: State, tgt: Character) -> int:
    comb = combatant(state, tgt.id)
    if comb is None:
        return 0
    return coc_combat.outnumbered_bonus(
        comb.counters.get(DEFENCES, 0), comb.flags.get(PER_ROUND, attacks_per_round(tgt.attacks)),
        bool(comb.flags.get(NEVER_OUTNUMBERED, 0)),
    )


def check_dice(bonus: int, penalty: int) -> None:
    if bonus < 0 or penalty < 0:
        raise Rejected("bonus= and penalty= count dice: 0, 1 or 2")


def wounds(state: State, target: Character, rolls: list[int], source: str, dice: Dice, by: str = "") -> list[Event]:
    """DamageApplied per wound, then what COC-PARTY-04 makes of it (armour first: COC-COMBAT-08)."""
    armour = state.armory.armor.get(target.id, 0)
    events = wound_all(state, dice, target.id, rolls, source, armour, ("COC-COMBAT-08",), by)
    if any(isinstance(e, DamageApplied) and e.amount > 0 for e in events):
        comb = combatant(state, target.id)
        if comb is not None and comb.flags.get(AIM):
            events.append(CocAimed(character=target.id, round=0, reason="took damage", rules=("COC-FIREARM-06",)))
    return events


def melee_weapon(w: Weapon) -> ml.MeleeWeapon:
    return ml.MeleeWeapon(w.name, w.damage, w.impaling, w.db_mode)  # type: ignore[arg-type]


def fighter_of(char: Character, weapon: Weapon, skill: int) -> ml.Fighter:
    return ml.Fighter(skill=skill, db=db_build(char)[0], weapon=melee_weapon(weapon))


def close_weapon(state: State, name: str, who: Character) -> Weapon:
    w = weapon_named(state, name, who, close=True)
    if not w.close_combat:
        raise Rejected(f"{w.name} is a {w.kind} weapon: {who.name} uses it with 'shoot', not in melee")
    return w


def defence_of(state: State, tgt: Character, response: str, weapon_name: str) -> tuple[ml.Fighter, Weapon | None]:
    if response != "none" and not able(tgt):
        raise Rejected(f"{tgt.name} is {next(c for c in OUT_OF_FIGHT if tgt.has(c))} and cannot {response}: use response=none")
    if response == "dodge":
        return ml.Fighter(skill=dodge_of(tgt), db=db_build(tgt)[0]), None
    w = close_weapon(state, weapon_name, tgt)
    return fighter_of(tgt, w, skill_of(tgt, w.skill)), w


def goal_of(name: str) -> mv.Goal:
    goal = mv.goal_named(name)
    if goal is None:
        names = [g.name for g in mv.GOALS]
        raise Rejected(f"maneuver goal {name!r} is not known{did_you_mean(name, names)} (goals: {', '.join(names)})")
    return goal


def goal_events(winner: Character, loser: Character, goal: mv.Goal) -> list[Event]:
    if goal.frees:
        return [ConditionRemoved(character=winner.id, condition=c, rules=("COC-MANEUVER-05",))
                for c in ("held", "restrained") if winner.has(c)]
    if goal.condition and not loser.has(goal.condition):
        return [ConditionAdded(character=loser.id, condition=goal.condition, rules=("COC-MANEUVER-05",))]
    return []


Decider = Callable[[State, Any, Dice], list[Event]]


def state_penalty(fn: Decider) -> Decider:
    """Give an attack the penalty dice the attacker's state imposes (domain.imposed: a resisted
    phobia or mania, COC-INSANITY-07/08), and use them up."""

    @functools.wraps(fn)
    def wrapped(state: State, cmd: Any, dice: Dice) -> list[Event]:
        att = state.character(cmd.attacker) if state.system == "coc7" else None
        part = imposed("coc7", att, "skill") if att is not None else None
        if part is None or not part.penalty:
            return fn(state, cmd, dice)
        events = fn(state, replace(cmd, penalty=cmd.penalty + part.penalty), dice)
        return events + [ConditionRemoved(character=att.id, condition=c, rules=part.rules)  # type: ignore[union-attr]
                         for c in part.consumed]

    return wrapped
