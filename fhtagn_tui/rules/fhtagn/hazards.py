"""FHTAGN other threats (catalogue FH-HAZ-01 … 12).

Pure functions and tables.  Draw orders (what tests force):

* poison: the lethality d100 (or the damage dice), then CON×5 unless killed;
* disease interval: the damage dice, then CON×5;
* fall / impact: the damage dice or lethality d100, then CON×5 (stun) if alive;
* crash: each occupant's 1d6/2d6 in the order given;
* fire contact: the damage dice or lethality d100, then DEX×5 (catch fire);
* burning, suffocation, cold: the dice of one tick.

:class:`OngoingHazard` is what a character carries while a hazard lasts
(``Character.hazards``); ticking it is the domain's business.
"""

import msgspec

from fhtagn_tui.rules.dice import Dice, roll_expr
from fhtagn_tui.rules.fhtagn.dice import FhTest, ceil_half, lethality_roll, percentile_test, stat_x5
from fhtagn_tui.rules.registry import rule

KINDS = ("fire", "burning", "suffocation", "cold", "disease", "poison")


class OngoingHazard(msgspec.Struct, frozen=True):
    """A hazard that lasts and ticks (one per kind per character)."""

    kind: str  # fire | burning | suffocation | cold | disease | poison
    source: str = ""  # what it is: "torch", "typhus", "curare", "blizzard"
    intensity: str = ""  # fire, burning: minor | moderate | large | major
    damage: str = ""  # disease, poison: the damage expression
    lethality: int = 0  # poison: the lethality rating
    speed: str = ""  # disease, poison: the interval, in the GM's words
    ticks: int = 0  # ticks resolved so far
    grace: int = 0  # suffocation: turns of held breath left; cold: minutes before tests begin
    elapsed: int = 0  # cold: minutes of exposure so far
    loss: int = 0  # cold: CON lost to the cold (temporary)
    exposed: bool = True  # cold: still in the cold (False: warming up)

    @property
    def label(self) -> str:
        what = self.source or self.intensity
        return f"{self.kind} ({what})" if what else self.kind


class Hit(msgspec.Struct, frozen=True):
    """Damage from a hazard: a lethality roll or dice."""

    damage: int  # HP lost (0 when killed: the domain takes all HP)
    rating: int = 0  # lethality rating rolled against (0: dice damage)
    roll: int = 0  # the lethality d100 (0: none)
    killed: bool = False
    rolled: int = 0  # the dice total before doubling/halving


def _lethal(dice: Dice, purpose: str, rating: int) -> Hit:
    let = lethality_roll(dice, purpose, rating)
    return Hit(damage=let.damage, rating=let.rating, roll=let.roll, killed=let.killed, rolled=let.damage)


def stun_test(dice: Dice, con: int, mods: tuple[int, ...] = ()) -> FhTest:
    """FH-HAZ-06/07: CON×5 after a fall or impact; a failure stuns."""
    return percentile_test(dice, "CON×5 or stunned", stat_x5(con), mods)


# --- poison, disease, hospital, antidote, radioactivity ---------------------------------

#: FH-HAZ-01: the CON×5 result → damage taken from the base damage.
POISON_TABLE: dict[str, str] = {
    "critical": "1 HP",
    "success": "half (round up)",
    "failure": "full",
    "fumble": "double",
}


def poison_damage(level: str, base: int) -> int:
    if level == "critical":
        return 1
    if level == "success":
        return ceil_half(base)
    if level == "fumble":
        return 2 * base
    return base


class PoisonOutcome(msgspec.Struct, frozen=True):
    hit: Hit  # the lethality roll or damage dice (base damage)
    test: FhTest | None  # CON×5 (None when the lethality killed)
    damage: int  # HP lost after the CON×5 result (0 when killed)


@rule(
    "FH-HAZ-01",
    summary="Poison, once its speed has passed: lethality (kills) or damage dice, then CON×5 — "
    "critical 1 HP, success half, failure full, fumble double.",
)
def poison(dice: Dice, con: int, lethality: int = 0, damage: str = "", mods: tuple[int, ...] = ()) -> PoisonOutcome:
    if lethality:
        hit = _lethal(dice, "poison lethality", lethality)
        if hit.killed:
            return PoisonOutcome(hit=hit, test=None, damage=0)
    else:
        rolled = roll_expr(dice, "poison damage", damage)
        hit = Hit(damage=rolled, rolled=rolled)
    test = percentile_test(dice, "poison CON×5", stat_x5(con), mods)
    return PoisonOutcome(hit=hit, test=test, damage=poison_damage(test.level, hit.damage))


class DiseaseOutcome(msgspec.Struct, frozen=True):
    base: int
    test: FhTest
    damage: int
    recovered: bool


@rule(
    "FH-HAZ-02",
    summary="Disease, each speed interval: CON×5 — success takes half and recovers, failure full and "
    "goes on, fumble double and goes on.",
)
def disease_interval(dice: Dice, con: int, damage: str, mods: tuple[int, ...] = ()) -> DiseaseOutcome:
    base = roll_expr(dice, "disease damage", damage)
    test = percentile_test(dice, "disease CON×5", stat_x5(con), mods)
    if test.success:
        return DiseaseOutcome(base=base, test=test, damage=ceil_half(base), recovered=True)
    return DiseaseOutcome(base=base, test=test, damage=2 * base if test.fumble else base, recovered=False)


HOSPITAL_BONUS = 20


@rule("FH-HAZ-03", summary="Hospital care gives +20 % to the CON×5 tests against poison and disease.")
def hospital_bonus(hospitalized: bool) -> int:
    return HOSPITAL_BONUS if hospitalized else 0


@rule(
    "FH-HAZ-04",
    summary="An antidote with a successful Medicine or Pharmacy test, before the poison acts, "
    "prevents all its effects.",
)
def antidote(dice: Dice, skill: int, mods: tuple[int, ...] = ()) -> FhTest:
    return percentile_test(dice, "antidote", skill, mods)


@rule(
    "FH-HAZ-05",
    summary="Radioactivity brings exhaustion first; acute and late effects are the GM's, by dose.",
)
def radiation_exhausts(already_exhausted: bool) -> bool:
    """Whether exposure makes the character newly exhausted (FH-DMG-08 applies)."""
    return not already_exhausted


# --- falls, impacts, crashes ---------------------------------------------------------------


def fall_height(meters: float) -> int:
    """AMB-10: whole metres, rounded down."""
    return int(meters // 1)


@rule(
    "FH-HAZ-06",
    summary="Falling: up to 3 m 1d6 (2d6 uncontrolled); from 4 m lethality 1 % per metre; "
    "then CON×5 or stunned.",
)
def fall_damage(dice: Dice, meters: float, uncontrolled: bool = False) -> Hit:
    h = fall_height(meters)
    if h < 1:
        return Hit(damage=0)
    if h >= 4:
        return _lethal(dice, "fall lethality", h)
    rolled = roll_expr(dice, "fall damage", "2d6" if uncontrolled else "1d6")
    return Hit(damage=rolled, rolled=rolled)


def impact_rating(speed_kmh: int) -> int:
    """AMB-11: 10 % per full 40 km/h."""
    return 10 * (max(0, speed_kmh) // 40)


@rule(
    "FH-HAZ-07",
    summary="Impact: lethality 10 % per 40 km/h (below 40 the GM gives damage); a blunt head-on "
    "impact doubles the damage; then CON×5 or stunned.",
)
def impact_damage(dice: Dice, speed_kmh: int, head_on: bool = False, damage: str = "") -> Hit:
    rating = impact_rating(speed_kmh)
    if rating == 0:
        rolled = roll_expr(dice, "impact damage", damage) if damage else 0
        return Hit(damage=rolled, rolled=rolled)
    hit = _lethal(dice, "impact lethality", rating)
    if hit.killed or not head_on:
        return hit
    return msgspec.structs.replace(hit, damage=2 * hit.damage)


CRASH_DICE: dict[str, str] = {"rammed": "2d6", "ramming": "1d6"}


@rule(
    "FH-HAZ-08",
    summary="Crash: occupants of the rammed vehicle take 2d6, of the ramming one 1d6 (none if the "
    "target was not massive); seatbelt, airbag or low speed halve once.",
)
def crash_damage(dice: Dice, role: str, halved: bool = False, massive: bool = True) -> Hit:
    if role == "ramming" and not massive:
        return Hit(damage=0)
    rolled = roll_expr(dice, f"crash damage ({role})", CRASH_DICE[role])
    return Hit(damage=ceil_half(rolled) if halved else rolled, rolled=rolled)


# --- suffocation ---------------------------------------------------------------------------


@rule(
    "FH-HAZ-09",
    summary="Suffocation: a deep breath lasts CON×5 turns; then CON×5 each turn — 1 HP on a "
    "success, 1d6 on a failure; First Aid clears an airway.",
)
def hold_breath_turns(con: int) -> int:
    return stat_x5(con)


def suffocation_turn(dice: Dice, con: int, mods: tuple[int, ...] = ()) -> tuple[FhTest, int]:
    """FH-HAZ-09 after the held breath: the CON×5 test and the damage."""
    test = percentile_test(dice, "suffocation CON×5", stat_x5(con), mods)
    damage = 1 if test.success else dice.draw("suffocation damage", "d6")
    return test, damage


# --- fire ------------------------------------------------------------------------------------


class FireIntensity(msgspec.Struct, frozen=True):
    name: str
    example: str
    damage: str  # dice per turn of contact ("" for a lethality fire)
    lethality: int  # per turn of contact (0 for a dice fire)
    catches: bool  # the asterisk: a DEX×5 test or catch fire


#: FH-HAZ-10 (damage per turn of contact).  Minor has no catch-fire test (AMB-13).
FIRE_TABLE: tuple[FireIntensity, ...] = (
    FireIntensity("minor", "candle", "1", 0, False),
    FireIntensity("moderate", "torch", "1d6", 0, True),
    FireIntensity("large", "campfire", "2d6", 0, True),
    FireIntensity("major", "blast furnace", "", 10, True),
)


def fire_intensity(name: str) -> FireIntensity | None:
    key = name.strip().casefold()
    return next((f for f in FIRE_TABLE if f.name == key or f.example == key), None)


@rule(
    "FH-HAZ-10",
    summary="Fire per turn of contact: minor 1, moderate 1d6, large 2d6, major lethality 10 %.",
)
def fire_contact(dice: Dice, fire: FireIntensity) -> Hit:
    if fire.lethality:
        return _lethal(dice, f"{fire.name} fire lethality", fire.lethality)
    rolled = roll_expr(dice, f"{fire.name} fire damage", fire.damage)
    return Hit(damage=rolled, rolled=rolled)


def catch_fire(dice: Dice, dex: int, mods: tuple[int, ...] = ()) -> FhTest:
    """FH-HAZ-11: DEX×5 each turn of contact with a * fire; a failure sets Burning."""
    return percentile_test(dice, "DEX×5 or catch fire", stat_x5(dex), mods)


@rule(
    "FH-HAZ-11",
    summary="Catching fire: DEX×5 each turn of contact with a * fire or burn; burning out of contact "
    "deals half the fire's damage (major: lethality 5 %) each turn until put out.",
)
def burning_damage(dice: Dice, fire: FireIntensity) -> Hit:
    if fire.lethality:
        return _lethal(dice, f"burning ({fire.name}) lethality", ceil_half(fire.lethality))
    rolled = roll_expr(dice, f"burning ({fire.name}) damage", fire.damage)
    return Hit(damage=ceil_half(rolled), rolled=rolled)


# --- cold --------------------------------------------------------------------------------------

#: FH-HAZ-12 grace period by preparation: (name, what it means, minutes per point of CON).
COLD_GRACE: tuple[tuple[str, str, int], ...] = (
    ("unprepared", "CON minutes", 1),
    ("partial", "CON×5 minutes (partially protected or prepared)", 5),
    ("full", "CON hours (fully prepared and well equipped)", 60),
)

COLD_INTERVAL = 5  # minutes between cold tests


@rule(
    "FH-HAZ-12",
    summary="Cold: after CON minutes (partial CON×5 min, full CON hours) CON×5 every 5 minutes, "
    "each failure −1 CON (every CON×5 test uses the lowered CON); at CON 1, 1d8 HP every 5 minutes; "
    "warmth restores 1 CON a minute.",
)
def cold_grace(con: int, preparation: str) -> int | None:
    """Minutes of grace before the tests begin (None: unknown preparation)."""
    for name, _, per in COLD_GRACE:
        if name == preparation:
            return con * per
    return None


class ColdOutcome(msgspec.Struct, frozen=True):
    tested: bool  # a CON×5 test was made
    test: FhTest | None
    con_lost: int  # 0 or 1
    damage: int  # 1d8 once CON is 1


def cold_interval(dice: Dice, con_now: int, mods: tuple[int, ...] = ()) -> ColdOutcome:
    """FH-HAZ-12, one 5-minute interval past the grace, with the current (lowered) CON."""
    if con_now <= 1:
        return ColdOutcome(tested=False, test=None, con_lost=0, damage=dice.draw("cold damage", "d8"))
    test = percentile_test(dice, "cold CON×5", stat_x5(con_now), mods)
    return ColdOutcome(tested=True, test=test, con_lost=0 if test.success else 1, damage=0)
