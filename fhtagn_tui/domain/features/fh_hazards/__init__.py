"""FHTAGN other threats (FH-HAZ-01…12): poison, disease, falls, impacts, crashes, fire, cold, air.

One-shot hazards (fall, impact, crash, poison without a speed) resolve at once.
Hazards that last are kept on the character (``Character.hazards``, one per
kind) and resolve one tick at a time with ``hazard tick NAME|all [KIND]``:

* ``fire``        one turn of contact (damage, then DEX×5 or catch fire);
* ``burning``     one turn after leaving the fire (half damage) — skipped while in contact;
* ``suffocation`` one turn (held breath first, then CON×5: 1 HP or 1d6);
* ``cold``        five minutes (CON×5 past the grace period, 1d8 once CON is 1);
* ``disease``     one speed interval (CON×5: half and recover, or full/double and go on);
* ``poison``      its speed elapses: the poison takes effect.

Damage goes through :func:`fh_combat.damage_events` (stun, unconsciousness,
permanent injury, death).  Every hazard event carries ``kind`` and the record
after it (``hazard``, ``None`` when it is over); one evolver keeps the record.

Modules: ``common`` (checks, modifiers, the event fold — shared with fh_healing),
``events`` (with the record evolver), ``commands``, ``oneshot`` (FH-HAZ-01…08),
``lasting`` (starting, ticking and ending the hazards that last).
"""

from __future__ import annotations

from . import oneshot  # noqa: F401  (registers the one-shot deciders)
from .commands import (
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
)
from .common import Fold, alive, con_now, hazard_of, require_fhtagn, test_mods, who
from .events import (
    AntidoteGiven,
    ColdTick,
    ColdWarmed,
    CrashResolved,
    DiseaseIntervalResolved,
    FallResolved,
    FireTick,
    HazardEnded,
    HazardStarted,
    ImpactResolved,
    PoisonResolved,
    RadiationExposed,
    SuffocationTick,
)
from .lasting import format_hazards

__all__ = [
    "AntidoteGiven", "ApplyPoison", "CarCrash", "ColdTick", "ColdWarmed", "CrashResolved",
    "DiseaseIntervalResolved", "ExposeToCold", "FallResolved", "FireTick", "Fold", "GiveAntidote",
    "HazardEnd", "HazardEnded", "HazardStarted", "HazardTick", "Hospitalize", "ImpactResolved", "Infect",
    "Irradiate", "PoisonResolved", "RadiationExposed", "StartSuffocation", "SuffocationTick", "TakeFall",
    "TakeImpact", "TouchFire", "WarmUp", "alive", "con_now", "format_hazards", "hazard_of",
    "require_fhtagn", "test_mods", "who",
]
