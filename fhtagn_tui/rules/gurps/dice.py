"""GURPS 3d6 success rolls (catalogue GURPS-DICE)."""

from __future__ import annotations

import msgspec

from fhtagn_tui.rules.dice import Dice
from fhtagn_tui.rules.registry import rule


class GurpsRoll(msgspec.Struct, frozen=True):
    skill: int  # effective skill
    roll: int  # 3..18
    success: bool
    critical_success: bool
    critical_failure: bool

    @property
    def margin(self) -> int:
        """Margin of success (positive) or of failure (negative)."""
        return self.skill - self.roll

    @property
    def level(self) -> str:
        if self.critical_success:
            return "critical success"
        if self.critical_failure:
            return "critical failure"
        return "success" if self.success else "failure"


@rule("GURPS-DICE-01", summary="Success roll: 3d6 at or under effective skill; 3–4 always succeed, 17–18 always fail.")
def succeeds(roll: int, skill: int) -> bool:
    if roll <= 4:
        return True
    if roll >= 17:
        return False
    return roll <= skill


@rule("GURPS-DICE-02", summary="Criticals: 3–4 (5 at skill 15+, 6 at 16+); 18, 17 at skill ≤15, or 10+ over skill.")
def criticals(roll: int, skill: int) -> tuple[bool, bool]:
    crit_success = roll <= 4 or (roll == 5 and skill >= 15) or (roll == 6 and skill >= 16)
    crit_failure = roll == 18 or (roll == 17 and skill <= 15) or roll >= skill + 10
    return crit_success, crit_failure and not crit_success


@rule("GURPS-DICE-03", summary="Margin of failure = roll − skill; margin of success = skill − roll.")
def margin_of_failure(roll: int, skill: int) -> int:
    return roll - skill


def judge(roll: int, skill: int) -> GurpsRoll:
    cs, cf = criticals(roll, skill)
    return GurpsRoll(skill=skill, roll=roll, success=succeeds(roll, skill), critical_success=cs, critical_failure=cf)


def success_roll(dice: Dice, purpose: str, skill: int) -> GurpsRoll:
    roll = sum(dice.draw(purpose, "d6") for _ in range(3))
    return judge(roll, skill)


@rule(
    "GURPS-DICE-04",
    summary="Quick contest: a success beats a failure; otherwise the larger margin of success (or smaller margin "
    "of failure) wins; equal margins tie and the status quo stands.",
)
def quick_contest(a: GurpsRoll, b: GurpsRoll) -> int | None:
    """0 if ``a`` wins, 1 if ``b`` wins, ``None`` on a tie (the status quo stands)."""
    if a.success != b.success:
        return 0 if a.success else 1
    if a.margin == b.margin:
        return None
    return 0 if a.margin > b.margin else 1
