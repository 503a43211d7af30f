"""Call of Cthulhu 7e percentile rolls (catalogue COC-DICE)."""

from __future__ import annotations

from enum import IntEnum

import msgspec

from fhtagn_tui.rules.dice import Dice, d100
from fhtagn_tui.rules.registry import rule


class Level(IntEnum):
    """Levels of success, ordered (COC-DICE-01)."""

    FUMBLE = 0
    FAILURE = 1
    REGULAR = 2
    HARD = 3
    EXTREME = 4
    CRITICAL = 5

    @property
    def label(self) -> str:
        return self.name.lower()

    @property
    def succeeded(self) -> bool:
        return self >= Level.REGULAR


class Difficulty(IntEnum):
    REGULAR = 2
    HARD = 3
    EXTREME = 4


class CocRoll(msgspec.Struct, frozen=True):
    skill: int
    roll: int
    level: Level
    difficulty: Difficulty = Difficulty.REGULAR

    @property
    def success(self) -> bool:
        return meets(self.level, self.difficulty)


def needed(skill: int, difficulty: Difficulty) -> int:
    """The value needed for success at a difficulty (halves and fifths round down)."""
    if difficulty == Difficulty.EXTREME:
        return skill // 5
    if difficulty == Difficulty.HARD:
        return skill // 2
    return skill


@rule("COC-DICE-02", summary="Fumble on 100; on 96–100 when the value needed for success is under 50.")
def is_fumble(roll: int, skill: int, difficulty: Difficulty = Difficulty.REGULAR) -> bool:
    if roll == 100:
        return True
    return needed(skill, difficulty) < 50 and roll >= 96


@rule(
    "COC-DICE-01",
    summary="Levels of success: critical 01, extreme ≤ skill/5, hard ≤ skill/2, regular ≤ skill.",
)
def level_of(roll: int, skill: int, difficulty: Difficulty = Difficulty.REGULAR) -> Level:
    if roll == 1:
        return Level.CRITICAL
    if is_fumble(roll, skill, difficulty):
        return Level.FUMBLE
    if roll <= skill // 5:
        return Level.EXTREME
    if roll <= skill // 2:
        return Level.HARD
    if roll <= skill:
        return Level.REGULAR
    return Level.FAILURE


@rule("COC-DICE-03", summary="A Regular, Hard or Extreme roll succeeds at that level or better.")
def meets(level: Level, difficulty: Difficulty) -> bool:
    return level == Level.CRITICAL or level >= difficulty


@rule(
    "COC-DICE-04",
    summary="Bonus/penalty dice: extra tens dice, keep the lowest/highest; they cancel; at most two.",
)
def roll_d100(dice: Dice, purpose: str, bonus: int = 0, penalty: int = 0) -> int:
    return d100(dice, purpose, bonus, penalty)


def skill_roll(
    dice: Dice,
    purpose: str,
    skill: int,
    difficulty: Difficulty = Difficulty.REGULAR,
    bonus: int = 0,
    penalty: int = 0,
) -> CocRoll:
    roll = roll_d100(dice, purpose, bonus, penalty)
    return CocRoll(skill=skill, roll=roll, level=level_of(roll, skill, difficulty), difficulty=difficulty)
