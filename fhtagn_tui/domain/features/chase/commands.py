"""Chase commands: what the Keeper asks for."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fhtagn_tui.rules.coc import chase as rc

from ...commands import Command


class ChaseCommand(Command, kw_only=True):
    chase: int = 0  # 0: the latest chase still running
    occupants: str = ""  # the Keeper's call if a vehicle is wrecked or halted: spared|hurt|luck|killed


class Crash(ChaseCommand):
    """The Keeper decides the harm to the occupants of a wrecked or halted vehicle (COC-VEHICLE-04/05)."""

    label = "chase crash"
    name: str
    choice: str


class NewChase(Command):
    label = "new chase"
    title: str = ""
    era: str = "modern"
    environment: str = "normal"


class AddParticipant(ChaseCommand):
    label = "join chase"
    name: str
    side: str
    vehicle: str = ""
    driver: str = ""
    passengers: tuple[str, ...] = ()
    mov: int | None = None
    aptitude: str = "neither"


class PlaceLocation(ChaseCommand):
    label = "place chase location"
    at: int | None = None
    kind: str = rc.HAZARD
    difficulty: str = "regular"
    name: str = ""
    skill: str = ""
    damage: str = ""
    incident: str = ""
    hp: int | None = None


class RandomLocation(ChaseCommand):
    label = "random chase location"
    at: int | None = None
    count: int = 1


class StartChase(ChaseCommand):
    label = "start chase"
    hold: tuple[str, ...] = ()  # fleeing who may escape but the Keeper keeps in (COC-CHASE-04)
    escape: tuple[str, ...] = ()  # fleeing who may escape and the Keeper lets go (COC-CHASE-04)

    def waiting(self, state: Any, events: Sequence[Any]) -> str:
        """A start that stopped after the speed rolls: who may escape, and how the Keeper decides."""
        numbers = {getattr(e, "chase", None) for e in events}
        return next((offer for c in state.chases if c.number in numbers and (offer := rc.escape_offer(c))), "")


class Move(ChaseCommand):
    label = "chase move"
    name: str
    steps: int = 1


class CrossHazard(ChaseCommand):
    label = "chase hazard"
    name: str
    cautious: int = 0
    skill: str = ""


class Barrier(ChaseCommand):
    label = "chase barrier"
    name: str
    method: str  # pass | break
    skill: str = ""
    damage: str = ""  # people breaking a barrier: their damage roll


class Pedal(ChaseCommand):
    label = "pedal to the metal"
    name: str
    locations: int


class Navigate(ChaseCommand):
    label = "navigate"
    name: str
    passenger: str = ""
    skill: str = ""


class RamVehicle(ChaseCommand):
    label = "ram"
    name: str
    target: str


class Shoot(ChaseCommand):
    label = "shoot in a chase"
    name: str
    target: str
    damage: str
    skill: str = "Firearms (Handgun)"
    difficulty: str = "regular"
    stationary: bool = False
    tyre: bool = False


class SuddenHazard(ChaseCommand):
    label = "sudden hazard"
    caller: str


class Switch(ChaseCommand):
    label = "switch running/driving"
    name: str
    vehicle: str = ""  # "" → on foot
    label_text: str = ""


class Escape(ChaseCommand):
    label = "escape"
    name: str


class Drop(ChaseCommand):
    label = "drop out"
    name: str
    reason: str = ""


class Catch(ChaseCommand):
    label = "catch"
    name: str
    by: str = ""


class NextRound(ChaseCommand):
    label = "next chase round"


class EndChase(ChaseCommand):
    label = "end chase"
    outcome: str = ""
