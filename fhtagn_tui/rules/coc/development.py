"""Call of Cthulhu 7e experience and development (catalogue COC-DEV)."""

from __future__ import annotations

import msgspec

from fhtagn_tui.rules.dice import Dice, d100, roll_expr
from fhtagn_tui.rules.registry import rule

#: Never checked (COC-DEV-01); characteristics, Luck and SAN rolls are told by their kind.
NEVER_CHECKED = frozenset({"cthulhu mythos", "credit rating", "luck", "san"})


@rule(
    "COC-DEV-01",
    summary="A successful skill roll without Luck spent checks the skill once; never Cthulhu Mythos, Credit Rating, "
    "characteristics, Luck or SAN; winning an opposed or combat roll counts.",
)
def earns_check(skill: str, kind: str, success: bool, luck_spent: bool, checked: tuple[str, ...]) -> bool:
    """Whether this roll checks ``skill`` (``kind``: skill, base, stat, luck, san)."""
    if not success or luck_spent or kind not in ("skill", "base"):
        return False
    if skill.casefold() in NEVER_CHECKED:
        return False
    return skill.casefold() not in {c.casefold() for c in checked}


class Improvement(msgspec.Struct, frozen=True):
    skill: str
    old: int
    roll: int  # the 1D100
    gain: int  # the 1D10, 0 when the roll did not improve
    new: int
    san_gain: int = 0  # the 2D6 for first reaching 90 (before max SAN caps it)


@rule(
    "COC-DEV-02",
    summary="Development phase: each checked skill rolls 1D100; over the skill or over 95 gains 1D10; reaching "
    "90 the first time gives 2D6 SAN; the checks clear.",
)
def improvement_roll(dice: Dice, who: str, skill: str, value: int, reached_90_before: bool) -> Improvement:
    roll = d100(dice, f"{who}: {skill} improvement")
    if not (roll > value or roll > 95):
        return Improvement(skill=skill, old=value, roll=roll, gain=0, new=value)
    gain = roll_expr(dice, f"{who}: {skill} gain", "1d10")
    new = value + gain
    san = 0
    if new >= 90 and value < 90 and not reached_90_before:
        san = roll_expr(dice, f"{who}: {skill} reached 90, SAN", "2d6")
    return Improvement(skill=skill, old=value, roll=roll, gain=gain, new=new, san_gain=san)


class LuckRecovery(msgspec.Struct, frozen=True):
    old: int
    roll: int
    gain: int
    new: int


@rule("COC-DEV-03", summary="Development phase: roll 1D100 for Luck; over current Luck gains 1D10 (max 99).")
def luck_recovery(dice: Dice, who: str, luck: int) -> LuckRecovery:
    roll = d100(dice, f"{who}: Luck recovery")
    if roll <= luck:
        return LuckRecovery(old=luck, roll=roll, gain=0, new=luck)
    gain = roll_expr(dice, f"{who}: Luck gain", "1d10")
    return LuckRecovery(old=luck, roll=roll, gain=gain, new=min(99, luck + gain))


@rule(
    "COC-DEV-04",
    summary="Development phase, also: each entity's cumulative SAN loss drops by 1; the Keeper may allow recovery "
    "from indefinite insanity; one action, undone as one.",
)
def lower_cumulative(cumulative: dict[str, int]) -> dict[str, int]:
    """Each entity's cumulative SAN loss one lower (none below 0; an entity at 0 drops out)."""
    return {k: v - 1 for k, v in cumulative.items() if v - 1 > 0}


__all__ = ["Improvement", "LuckRecovery", "earns_check", "improvement_roll", "lower_cumulative", "luck_recovery"]
