"""FHTAGN percentile tests (catalogue FH-DICE)."""

from __future__ import annotations

import msgspec

from fhtagn_tui.rules.dice import Dice, d100
from fhtagn_tui.rules.registry import rule


class FhTest(msgspec.Struct, frozen=True):
    """The outcome of one FHTAGN percentile test."""

    target: int  # effective target after modifiers and clamps
    roll: int  # 1..100
    success: bool
    critical: bool
    fumble: bool

    @property
    def level(self) -> str:
        if self.critical:
            return "critical"
        if self.fumble:
            return "fumble"
        return "success" if self.success else "failure"

    @property
    def rank(self) -> int:
        """FH-DICE-06 rank: critical 3, success 2, failure or fumble 0."""
        return 3 if self.critical else 2 if self.success else 0


def ceil_half(value: int) -> int:
    """FH-DICE-08: FHTAGN halves round up."""
    return -(-value // 2)


@rule("FH-DICE-08", summary="Every FHTAGN half rounds up.")
def half_up(value: int) -> int:
    return ceil_half(value)


@rule("FH-DICE-05", summary="Modifiers come in ±20/±40 steps; their sum is capped at ±40.")
def total_modifier(mods: list[int] | tuple[int, ...]) -> int:
    return max(-40, min(40, sum(mods)))


@rule(
    "FH-DICE-01",
    summary="Percentile test: roll d100 at or under the target (clamped 1–99); 100 always fails.",
)
def effective_target(base: int, mods: list[int] | tuple[int, ...] = ()) -> int:
    return max(1, min(99, base + total_modifier(mods)))


def is_double(roll: int) -> bool:
    return 11 <= roll <= 99 and roll % 11 == 0


@rule("FH-DICE-02", summary="Critical: a roll of 01, or a successful double (11, 22 … 99).")
def is_critical(roll: int, target: int) -> bool:
    return roll == 1 or (is_double(roll) and roll <= target)


@rule("FH-DICE-03", summary="Fumble: a roll of 100, or a failed double.")
def is_fumble(roll: int, target: int) -> bool:
    return roll == 100 or (is_double(roll) and roll > target)


def judge(roll: int, target: int) -> FhTest:
    """Judge a d100 result against an effective target."""
    success = roll <= target and roll != 100
    return FhTest(
        target=target,
        roll=roll,
        success=success,
        critical=is_critical(roll, target),
        fumble=is_fumble(roll, target),
    )


def percentile_test(
    dice: Dice, purpose: str, base: int, mods: list[int] | tuple[int, ...] = ()
) -> FhTest:
    """Roll a FHTAGN test: FH-DICE-01, -02, -03 and -05 together."""
    target = effective_target(base, mods)
    return judge(d100(dice, purpose), target)


@rule("FH-DICE-04", summary="A STAT×5 test uses five times the statistic as its target.")
def stat_x5(stat: int) -> int:
    return stat * 5


# --- opposed tests and lethality (FH-DICE-06, FH-DICE-07) ---------------------

ATTACKER = "attacker"
DEFENDER = "defender"


@rule(
    "FH-DICE-06",
    summary="Opposed test: critical beats success beats failure; same rank, the higher roll wins; "
    "equal rolls go to the defender; both failing changes nothing.",
)
def opposed(attacker: FhTest, defender: FhTest) -> str | None:
    """``"attacker"``, ``"defender"`` or ``None`` (both failed: the status quo)."""
    if attacker.rank == 0 and defender.rank == 0:
        return None
    if attacker.rank != defender.rank:
        return ATTACKER if attacker.rank > defender.rank else DEFENDER
    if attacker.roll != defender.roll:
        return ATTACKER if attacker.roll > defender.roll else DEFENDER
    return DEFENDER


class Lethality(msgspec.Struct, frozen=True):
    """The outcome of one lethality roll."""

    rating: int  # the rating rolled against (doubled on a critical)
    roll: int  # 1..100
    killed: bool
    damage: int  # the sum of the two digits when not killed (each 0 counts 10)


def digit_damage(roll: int) -> int:
    """Tens digit + units digit of a d100 result, each 0 counting as 10 (100 → 20)."""
    tens, units = divmod(roll % 100, 10)
    return (tens or 10) + (units or 10)


@rule(
    "FH-DICE-07",
    summary="Lethality L%: d100 ≤ L kills; otherwise damage is the two digits added (0 counts 10); "
    "a critical hit doubles L.",
)
def lethality_roll(dice: Dice, purpose: str, rating: int, critical: bool = False) -> Lethality:
    effective = rating * 2 if critical else rating
    roll = d100(dice, purpose)
    killed = roll <= effective
    return Lethality(rating=effective, roll=roll, killed=killed, damage=0 if killed else digit_damage(roll))
