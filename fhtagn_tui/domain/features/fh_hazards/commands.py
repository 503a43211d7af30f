"""Commands of FHTAGN hazards (built by :mod:`fhtagn_tui.commands.hazards`)."""

from __future__ import annotations

from ...commands import Command


class ApplyPoison(Command):
    label = "poison"
    name: str
    lethality: int = 0
    damage: str = ""
    speed: str = ""  # empty: acts now
    source: str = ""


class GiveAntidote(Command):
    label = "antidote"
    healer: str
    patient: str
    skill: str = ""  # Medicine | Pharmacy (default: the better)
    skill_value: int | None = None
    modifier: int = 0


class Infect(Command):
    label = "disease"
    name: str
    damage: str
    speed: str
    source: str = ""


class Hospitalize(Command):
    label = "hospital"
    name: str
    off: bool = False


class Irradiate(Command):
    label = "radiation"
    name: str
    dose: str = ""


class TakeFall(Command):
    label = "fall"
    name: str
    meters: float
    uncontrolled: bool = False


class TakeImpact(Command):
    label = "impact"
    name: str
    speed: int
    head_on: bool = False
    damage: str = ""


class CarCrash(Command):
    label = "crash"
    names: tuple[str, ...]
    role: str  # rammed | ramming
    halved: bool = False
    massive: bool = True


class StartSuffocation(Command):
    label = "suffocation"
    name: str
    turns: int | None = None  # breath held (default CON×5)


class TouchFire(Command):
    label = "fire"
    name: str
    intensity: str
    source: str = ""


class ExposeToCold(Command):
    label = "cold"
    name: str
    preparation: str = "unprepared"
    source: str = ""


class WarmUp(Command):
    label = "warm up"
    name: str
    minutes: int


class HazardTick(Command):
    label = "hazard tick"
    name: str  # a character, or "all"
    kind: str = ""  # only this kind


class HazardEnd(Command):
    label = "hazard end"
    name: str
    kind: str


