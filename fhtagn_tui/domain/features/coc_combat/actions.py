"""Deciders: reload, aim, flee, attacks per round (COC-FIREARM-06/08, COC-MELEE-03/13)."""

from __future__ import annotations

from fhtagn_tui.rules.coc import firearms as fa
from fhtagn_tui.rules.coc import melee as ml
from fhtagn_tui.rules.dice import Dice
from fhtagn_tui.rules.weapons import Weapon

from ...decide import Rejected, decider
from ...events import Event
from ...lookup import find_character
from ...state import State
from ..encounter import (
    combatant,
)
from .events import (
    CocAimed,
    CocFighterSet,
    CocFled,
    CocReloaded,
)
from .orders import (
    CocAim,
    CocFlee,
    CocReload,
    CocSetFighter,
)
from .ranged import ranged_weapon
from .support import (
    AIM,
    able,
    loaded_rounds,
    require_coc,
)

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
    require_coc(state)
    char = find_character(state, cmd.name)
    w = ranged_weapon(state, cmd.weapon, char)
    if w.magazine <= 0:
        raise Rejected(f"the {w.name} takes no ammunition")
    kind = cmd.kind.casefold() or reload_kind(w)
    loaded = loaded_rounds(state, char.id, w)
    try:
        r = fa.reload(kind, loaded, w.magazine, cmd.rounds)
    except ValueError as exc:
        raise Rejected(f"{char.name} cannot reload the {w.name}: {exc}") from None
    return [CocReloaded(character=char.id, weapon=w.key, kind=r.kind, rounds=r.rounds, before=r.before,
                        after=r.after, rules=("COC-FIREARM-08",))]


@decider(CocAim)
def decide_coc_aim(state: State, cmd: CocAim, dice: Dice) -> list[Event]:
    require_coc(state)
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
    if not able(char):
        raise Rejected(f"{char.name} cannot aim")
    return [CocAimed(character=char.id, round=state.encounter.round, rules=("COC-FIREARM-06",))]


@decider(CocFlee)
def decide_coc_flee(state: State, cmd: CocFlee, dice: Dice) -> list[Event]:
    require_coc(state)
    char = find_character(state, cmd.name)
    comb = combatant(state, char.id)
    if comb is None:
        raise Rejected(f"{char.name} is not in the fight")
    held = char.has("held") or char.has("restrained")
    if not able(char) or not ml.may_flee(not cmd.cornered, held):
        why = "is held — break free first ('maneuver NAME TARGET break free')" if held else (
            "has no way out" if cmd.cornered else "cannot move")
        raise Rejected(f"{char.name} {why}")
    if comb.acted:
        raise Rejected(f"{char.name} has already acted this round: flee on the next turn")
    return [CocFled(character=char.id, rules=("COC-MELEE-13",))]


@decider(CocSetFighter)
def decide_coc_fighter(state: State, cmd: CocSetFighter, dice: Dice) -> list[Event]:
    require_coc(state)
    char = find_character(state, cmd.name)
    comb = combatant(state, char.id)
    if comb is None:
        raise Rejected(f"{char.name} is not in the fight: 'fight add {char.name}' first")
    if not 1 <= cmd.attacks <= 20:
        raise Rejected("attacks per round must be 1–20")
    return [CocFighterSet(character=char.id, attacks=cmd.attacks, never_outnumbered=cmd.never_outnumbered,
                          rules=("COC-MELEE-03", "COC-COMBAT-02"))]
