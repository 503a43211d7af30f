"""Call of Cthulhu 7e combat: melee, maneuvers, shots, bursts, full auto, reloads.

Parts: :mod:`.events` (events and their records), :mod:`.orders` (Command
structs), :mod:`.support` (lookups, wounds), deciders in :mod:`.melee`,
:mod:`.ranged` and :mod:`.actions`, evolvers in :mod:`.evolve`.

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

from . import actions, evolve, melee, ranged  # noqa: F401  (registers deciders and evolvers)
from .actions import reload_kind
from .events import (
    CocAimed,
    CocAutoFired,
    CocFighterSet,
    CocFled,
    CocManeuverResolved,
    CocMeleeResolved,
    CocReloaded,
    CocShotsFired,
    Shot,
)
from .melee import decide_coc_attack
from .orders import (
    CocAim,
    CocAutoFire,
    CocFlee,
    CocManeuver,
    CocMelee,
    CocReload,
    CocSetFighter,
    CocShoot,
)

__all__ = [
    "CocAim", "CocAimed", "CocAutoFire", "CocAutoFired", "CocFighterSet", "CocFled", "CocFlee", "CocManeuver",
    "CocManeuverResolved", "CocMelee", "CocMeleeResolved", "CocReload", "CocReloaded", "CocSetFighter", "CocShoot",
    "CocShotsFired", "Shot", "decide_coc_attack", "reload_kind",
]
