"""Evolvers of CoC 7e combat events: encounter counters and flags, ammunition."""

from __future__ import annotations

from msgspec.structs import replace

from fhtagn_tui.rules.weapons import find_weapon

from ...decide import evolver
from ...state import State
from ..encounter import (
    bump_counter,
    mark_acted,
    mark_defended,
    set_flag,
)
from ..skill_play import checked
from .events import (
    CocAimed,
    CocAutoFired,
    CocFighterSet,
    CocFled,
    CocManeuverResolved,
    CocMeleeResolved,
    CocReloaded,
    CocShotsFired,
)
from .support import (
    AIM,
    ATTACKS,
    DEFENCES,
    NEVER_OUTNUMBERED,
    PER_ROUND,
)

# --- evolvers ---------------------------------------------------------------------------------------


def _after_attack(state: State, attacker: str, ends_turn: bool) -> State:
    state = bump_counter(state, attacker, ATTACKS)
    return mark_acted(state, attacker) if ends_turn else state


def _defended(state: State, target: str, response: str) -> State:
    if response in ("dodge", "fight back", "maneuver"):
        state = mark_defended(state, target, response)
        state = bump_counter(state, target, DEFENCES)
    return state


def _checked(state: State, cid: str, skill: str) -> State:
    """COC-DEV-01: winning a combat roll with a skill checks it (once; the sheet shows it)."""
    return checked(state, cid, skill)


def _weapon_skill(state: State, cid: str, weapon: str) -> str:
    char = state.characters.get(cid)
    found = find_weapon("coc7", state.armory, weapon, char.attacks if char is not None else ())
    return found.skill if found is not None else ""


@evolver(CocMeleeResolved)
def _ev_melee(state: State, ev: CocMeleeResolved) -> State:
    state = _after_attack(state, ev.attacker, ev.ends_turn)
    if ev.winner == "attacker" and ev.attack is not None and ev.attack.level.succeeded:  # (an auto hit rolls nothing)
        state = _checked(state, ev.attacker, _weapon_skill(state, ev.attacker, ev.weapon))
    elif ev.winner == "defender" and ev.response == "dodge" and ev.defence is not None and ev.defence.level.succeeded:
        state = _checked(state, ev.target, "Dodge")
    return _defended(state, ev.target, ev.response) if ev.defence is not None else state


@evolver(CocManeuverResolved)
def _ev_maneuver(state: State, ev: CocManeuverResolved) -> State:
    state = _after_attack(state, ev.attacker, ev.ends_turn)
    if ev.winner == "attacker" and ev.attack is not None and ev.attack.level.succeeded:  # (an auto hit rolls nothing)
        state = _checked(state, ev.attacker, ev.skill or "Fighting (Brawl)")
    elif ev.winner == "defender" and ev.response == "dodge" and ev.defence is not None and ev.defence.level.succeeded:
        state = _checked(state, ev.target, "Dodge")
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
    if any(shot.hit for shot in ev.shots):  # COC-DEV-01: a hit is a success with the weapon's skill
        state = _checked(state, ev.attacker, _weapon_skill(state, ev.attacker, ev.weapon))
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
