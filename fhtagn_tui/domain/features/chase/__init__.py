"""Call of Cthulhu 7e chases and vehicles: events, commands, deciders, evolvers.

One module per job: ``events``, ``commands``, ``resolve`` (shared steps), ``setup``,
``moves``, ``attacks``, ``rounds`` and ``evolve``.

The chase model (:class:`Chase`, :class:`Participant`, :class:`Location`) lives
in :mod:`fhtagn_tui.rules.coc.chase` so that ``State.chases`` can hold it.
Locations are numbered toward the front: the slowest pursuer starts at 0 and
everybody moves to higher numbers.  Each event carries the values the fold
needs (positions, actions left, Build after), so replay never re-rolls.
Damage to people goes through the wound rule (``coc_wounds``, COC-PARTY-04) with a source
starting "chase:"; the harm to the occupants of a wrecked or halted vehicle is the Keeper's
call (``occupants=`` on the command, or ``Crash`` afterwards).
"""

from __future__ import annotations

from fhtagn_tui.rules.coc.chase import escape_offer, may_escape

from . import attacks, evolve, moves, rounds, setup  # noqa: F401  (register deciders and evolvers)
from .commands import (
    AddParticipant,
    Barrier,
    Catch,
    ChaseCommand,
    Crash,
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
    AccidentResolved,
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
    OccupantLuck,
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
    "AccidentResolved",
    "OccupantLuck",
    "AddParticipant",
    "Barrier",
    "BarrierResolved",
    "Catch",
    "ChaseCommand",
    "Crash",
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
    "escape_offer",
    "may_escape",
]
