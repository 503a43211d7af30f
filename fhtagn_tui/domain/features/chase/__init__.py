"""Call of Cthulhu 7e chases and vehicles: events, commands, deciders, evolvers.

One module per job: ``events``, ``commands``, ``resolve`` (shared steps), ``setup``,
``moves``, ``attacks``, ``rounds`` and ``evolve``.

The chase model (:class:`Chase`, :class:`Participant`, :class:`Location`) lives
in :mod:`fhtagn_tui.rules.coc.chase` so that ``State.chases`` can hold it.
Locations are numbered toward the front: the slowest pursuer starts at 0 and
everybody moves to higher numbers.  Each event carries the values the fold
needs (positions, actions left, Build after), so replay never re-rolls.
Damage to people is a ``PoolChanged`` of HP with a reason starting "chase:".
"""

from __future__ import annotations

from . import attacks, evolve, moves, rounds, setup  # noqa: F401  (register deciders and evolvers)
from .commands import (
    AddParticipant,
    Barrier,
    Catch,
    ChaseCommand,
    CrossHazard,
    Drop,
    EndChase,
    Escape,
    Move,
    Navigate,
    NewChase,
    NextRound,
    Pedal,
    PlaceLocation,
    RamVehicle,
    RandomLocation,
    Shoot,
    StartChase,
    SuddenHazard,
    Switch,
)
from .events import (
    BarrierResolved,
    ChaseCreated,
    ChaseEnded,
    ChaseEvent,
    ChaseRoundStarted,
    HazardResolved,
    LocationGenerated,
    LocationPlaced,
    ModeSwitched,
    MovementActionsAllocated,
    NavigatorRolled,
    ParticipantCaught,
    ParticipantDropped,
    ParticipantEscaped,
    ParticipantJoined,
    ParticipantMoved,
    ParticipantPlaced,
    RamResolved,
    ShotFired,
    SpeedRolled,
    SuddenHazardCalled,
    VehicleBuildChanged,
    VehicleWrecked,
)

__all__ = [
    "AddParticipant",
    "Barrier",
    "BarrierResolved",
    "Catch",
    "ChaseCommand",
    "ChaseCreated",
    "ChaseEnded",
    "ChaseEvent",
    "ChaseRoundStarted",
    "CrossHazard",
    "Drop",
    "EndChase",
    "Escape",
    "HazardResolved",
    "LocationGenerated",
    "LocationPlaced",
    "ModeSwitched",
    "Move",
    "MovementActionsAllocated",
    "Navigate",
    "NavigatorRolled",
    "NewChase",
    "NextRound",
    "ParticipantCaught",
    "ParticipantDropped",
    "ParticipantEscaped",
    "ParticipantJoined",
    "ParticipantMoved",
    "ParticipantPlaced",
    "Pedal",
    "PlaceLocation",
    "RamResolved",
    "RamVehicle",
    "RandomLocation",
    "Shoot",
    "ShotFired",
    "SpeedRolled",
    "StartChase",
    "SuddenHazard",
    "SuddenHazardCalled",
    "Switch",
    "VehicleBuildChanged",
    "VehicleWrecked",
]
