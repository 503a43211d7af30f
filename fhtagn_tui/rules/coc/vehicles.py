"""Call of Cthulhu 7e vehicles: reference charts, collisions and Build (catalogue COC-VEHICLE).

Vehicle Build may be fractional (the bicycle is 0.5), so Build values are floats.
"""

from __future__ import annotations

import math

import msgspec

from fhtagn_tui.rules.dice import Dice, d100, roll_expr
from fhtagn_tui.rules.registry import rule


class VehicleSpec(msgspec.Struct, frozen=True):
    """One row of the vehicle reference charts."""

    name: str
    chart: str  # road | air | heavy | other | water
    skill: str  # the operating skill (hazards, ramming, speed rolls)
    mov: int
    build: float
    armor: int  # armour for the people inside, against attacks from outside
    passengers: str  # as printed: "3 or 4", "2+", "400+"
    speed_skill: str = ""  # "" = the operating skill; "CON" for self-propelled vehicles

    @property
    def key(self) -> str:
        return self.name.casefold()

    @property
    def min_passengers(self) -> int:
        return passengers_min(self.passengers)

    @property
    def speed_roll_skill(self) -> str:
        return self.speed_skill or self.skill


DRIVE = "Drive Auto"
PILOT = "Pilot"
HEAVY = "Operate Heavy Machinery"
RIDE = "Ride"


def _v(name: str, chart: str, skill: str, mov: int, build: float, armor: int, pax: str, speed: str = "") -> VehicleSpec:
    return VehicleSpec(name, chart, skill, mov, build, armor, pax, speed)


#: The vehicle reference charts (COC-VEHICLE-10), in chart order.
VEHICLES: tuple[VehicleSpec, ...] = (
    _v("Car, economy", "road", DRIVE, 13, 4, 1, "3 or 4"),
    _v("Car, standard", "road", DRIVE, 14, 5, 2, "4"),
    _v("Car, deluxe", "road", DRIVE, 15, 6, 2, "4"),
    _v("Sports car", "road", DRIVE, 16, 5, 2, "1"),
    _v("Pickup truck", "road", DRIVE, 14, 6, 2, "2+"),
    _v("6-ton truck", "road", DRIVE, 13, 7, 2, "2+"),
    _v("18-wheeler", "road", DRIVE, 13, 9, 2, "3+"),
    _v("Motorcycle, light", "road", DRIVE, 13, 1, 0, "1"),
    _v("Motorcycle, heavy", "road", DRIVE, 16, 3, 0, "1"),
    _v("Dirigible", "air", PILOT, 12, 10, 2, "112+"),
    _v("Propeller plane", "air", PILOT, 15, 5, 1, "4+"),
    _v("Bomber plane", "air", PILOT, 17, 11, 2, "10+"),
    _v("Jet plane", "air", PILOT, 18, 11, 3, "50+"),
    _v("Helicopter", "air", PILOT, 15, 5, 2, "15+"),
    _v("Tank", "heavy", HEAVY, 11, 20, 24, "4"),
    _v("Steam train", "heavy", HEAVY, 12, 12, 1, "400+"),
    _v("Modern train", "heavy", HEAVY, 15, 14, 2, "400+"),
    _v("Horse (with rider)", "other", RIDE, 11, 4, 0, "1"),
    _v("4-horse carriage", "other", RIDE, 10, 3, 0, "6+"),
    _v("Bicycle", "other", RIDE, 10, 0.5, 0, "1", speed="CON"),  # AMB-43
    _v("Row boat", "water", PILOT, 4, 2, 0, "3"),
    _v("Hovercraft", "water", PILOT, 12, 4, 0, "22"),
    _v("Speedboat", "water", PILOT, 14, 3, 0, "6"),  # AMB-42: the seed says "Bicycle"
    _v("Cruise ship", "water", PILOT, 11, 32, 0, "2200+"),
    _v("Battleship", "water", PILOT, 11, 65, 0, "1800+"),
    _v("Aircraft carrier", "water", PILOT, 11, 75, 0, "3200+"),
    _v("Submarine", "water", PILOT, 12, 24, 0, "120+"),
)

CHARTS: dict[str, str] = {
    "road": "Drive Auto",
    "air": "Air vehicles (Pilot)",
    "heavy": "Heavy vehicles (Operate Heavy Machinery)",
    "other": "Other transport (Ride)",
    "water": "Water vehicles (Pilot)",
}

#: Short names a GM types, for the vehicles whose chart names are long.
ALIASES: dict[str, str] = {
    "car": "Car, standard",
    "economy car": "Car, economy",
    "deluxe car": "Car, deluxe",
    "pickup": "Pickup truck",
    "truck": "6-ton truck",
    "lorry": "6-ton truck",
    "semi": "18-wheeler",
    "motorcycle": "Motorcycle, heavy",
    "motorbike": "Motorcycle, heavy",
    "heavy motorcycle": "Motorcycle, heavy",
    "light motorcycle": "Motorcycle, light",
    "horse": "Horse (with rider)",
    "carriage": "4-horse carriage",
    "bike": "Bicycle",
    "boat": "Row boat",
    "rowboat": "Row boat",
    "plane": "Propeller plane",
    "train": "Modern train",
}


def _norm(text: str) -> str:
    return " ".join(text.replace("_", " ").replace("-", " ").replace(",", " ").casefold().split())


@rule("COC-VEHICLE-10", summary="Vehicle charts (road, air, heavy, other, water): MOV, Build, armour, passengers, skill.")
def vehicle_spec(name: str) -> VehicleSpec | None:
    """The chart row for a typed vehicle name ("car", "6-ton truck", "sports_car"), or None."""
    key = _norm(name)
    alias = {_norm(k): v for k, v in ALIASES.items()}.get(key)
    for spec in VEHICLES:
        if _norm(spec.name) == key or spec.name == alias:
            return spec
    return None


def vehicle_names() -> list[str]:
    return [v.name for v in VEHICLES] + list(ALIASES)


@rule("COC-VEHICLE-08", summary="Passenger capacity kept as printed ('3 or 4', '2+') with its smallest number.")
def passengers_min(raw: str) -> int:
    digits = ""
    for ch in raw:
        if ch.isdigit():
            digits += ch
        elif digits:
            break
    return int(digits) if digits else 0


@rule("COC-VEHICLE-09", summary="1920s option: listed vehicle MOV × 0.8, rounded to the nearest whole number.")
def era_mov(mov: int, era: str = "modern") -> int:
    if era != "1920s":
        return mov
    return math.floor(mov * 0.8 + 0.5)


class Incident(msgspec.Struct, frozen=True):
    name: str
    typical: str  # the hazards it usually goes with
    damage: str  # dice expression, rolled directly in Build points
    examples: str


#: Table VI, vehicular collisions (COC-VEHICLE-01).
INCIDENTS: tuple[Incident, ...] = (
    Incident("minor", "most Regular hazards", "1d3-1",
             "glancing blow from a vehicle; grazing a lamp post; hitting a post or a person-sized creature"),
    Incident("moderate", "most Hard hazards", "1d6",
             "hitting a cow or large deer; collision with a heavy motorbike or economy car"),
    Incident("severe", "most Extreme hazards", "1d10", "collision with a standard car, lamp post or young tree"),
    Incident("mayhem", "", "2d10", "collision with a truck, coach or mature tree"),
    Incident("road kill", "", "5d10", "collision with a juggernaut or a train; hit by a meteor"),
)

#: The default incident for a failed hazard roll of each difficulty [RES].
INCIDENT_BY_DIFFICULTY: dict[str, str] = {"regular": "minor", "hard": "moderate", "extreme": "severe"}


def incident(name: str) -> Incident | None:
    key = _norm(name).replace("roadkill", "road kill")
    return next((i for i in INCIDENTS if i.name == key), None)


@rule("COC-VEHICLE-01", summary="Collision incidents Minor…Road kill roll Build damage 1D3−1, 1D6, 1D10, 2D10, 5D10.")
def collision_damage(dice: Dice, name: str) -> int:
    row = incident(name)
    if row is None:
        raise ValueError(f"no collision incident {name!r}")
    return max(0, roll_expr(dice, f"collision ({row.name})", row.damage))


@rule("COC-VEHICLE-02", summary="Each full 10 HP of damage in one incident costs a vehicle 1 Build; the rest is ignored.")
def build_loss(hp_damage: int) -> int:
    return max(0, hp_damage) // 10


@rule("COC-VEHICLE-03", summary="A vehicle at half its starting Build (rounded down) or less is impaired: one penalty die.")
def impaired(build: float, start_build: float) -> bool:
    return build <= math.floor(start_build / 2)


class BuildResult(msgspec.Struct, frozen=True):
    old: float
    new: float
    lost: float
    wrecked: bool  # spectacularly, in one incident (COC-VEHICLE-04)
    undrivable: bool  # ground to a halt by cumulative damage (COC-VEHICLE-05)

    @property
    def out_of_action(self) -> bool:
        return self.new <= 0


#: The Keeper's choices for the occupants of a wrecked or halted vehicle (COC-VEHICLE-04/05).
OCCUPANT_CHOICES = ("spared", "hurt", "luck", "killed")
WRECK = "wreck"  # spectacularly wrecked in one incident (COC-VEHICLE-04)
ACCIDENT = "accident"  # Build 0 by smaller increments, or wrecked on a barrier (COC-VEHICLE-05, COC-CHASE-14)


class OccupantFate(msgspec.Struct, frozen=True):
    luck_roll: int  # 0: no Luck roll
    luck: int
    thrown_clear: bool  # out of a wreck (COC-VEHICLE-04)
    killed: bool
    damage: int  # rolled HP damage (0 when unhurt or killed)


def occupant_choice_error(consequence: str, choice: str) -> str:
    """"" when ``choice`` fits the accident, else why not."""
    if choice not in OCCUPANT_CHOICES:
        return f"occupants= is one of {', '.join(OCCUPANT_CHOICES)}, not {choice!r}"
    if choice == "killed" and consequence != WRECK:
        return ("occupants=killed is the full consequence of a spectacular wreck (COC-VEHICLE-04); "
                "this vehicle ground to a halt (COC-VEHICLE-05): hurt, luck or spared")
    return ""


@rule(
    "COC-VEHICLE-04", "COC-VEHICLE-05", "COC-VEHICLE-06",
    summary="Build lost in one incident ≥ starting Build wrecks the vehicle (occupants likely die: the Keeper may allow "
    "Luck rolls, thrown clear for 2D10); reaching 0 otherwise halts it (1D10 each, the Keeper's call); 0 is out of action.",
)
def lose_build(build: float, start_build: float, loss: float) -> BuildResult:
    loss = max(0.0, float(loss))
    new = max(0.0, build - loss)
    wrecked = loss > 0 and loss >= start_build
    undrivable = not wrecked and new <= 0 < build
    if wrecked:
        new = 0.0
    return BuildResult(old=build, new=new, lost=build - new, wrecked=wrecked, undrivable=undrivable)


def occupant_fate(dice: Dice, who: str, luck: int, consequence: str, choice: str) -> OccupantFate:
    """One occupant's fate by the Keeper's choice (COC-VEHICLE-04/05).

    Wreck: ``hurt`` throws them clear for 2D10, ``luck`` a Luck roll (success thrown clear for
    2D10, failure killed), ``killed`` the full consequence. Accident: ``hurt`` 1D10, ``luck`` a Luck
    roll (success unhurt, failure 1D10). ``spared``: unhurt.
    """
    wreck = consequence == WRECK
    roll = 0
    if choice == "spared":
        return OccupantFate(0, luck, False, False, 0)
    if choice == "luck":
        roll = d100(dice, f"Luck ({who})")
        lucky = roll <= luck
        if wreck:
            if not lucky:
                return OccupantFate(roll, luck, False, True, 0)
            return OccupantFate(roll, luck, True, False, roll_expr(dice, f"{who} thrown clear of the wreck", "2d10"))
        if lucky:
            return OccupantFate(roll, luck, False, False, 0)
        return OccupantFate(roll, luck, False, False, roll_expr(dice, f"{who} in the accident", "1d10"))
    if choice == "killed":
        return OccupantFate(0, luck, False, True, 0)
    if wreck:
        return OccupantFate(0, luck, True, False, roll_expr(dice, f"{who} thrown clear of the wreck", "2d10"))
    return OccupantFate(0, luck, False, False, roll_expr(dice, f"{who} in the accident", "1d10"))


@rule("COC-VEHICLE-07", summary="The vehicle's armour value is taken off each hit on its occupants from outside.")
def armour_for_people(damage: int, armor: int) -> int:
    return max(0, damage - armor)


def format_build(build: float) -> str:
    return str(int(build)) if float(build).is_integer() else f"{build:g}"
