"""Call of Cthulhu 7e percentile rolls (catalogue COC-DICE)."""

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


# --- opposed rolls, pushing, Luck (COC-DICE-05 … 07) --------------------------


@rule(
    "COC-DICE-05",
    summary="Opposed roll outside combat: the better level wins; a tie goes to the higher skill.",
)
def opposed_winner(a: CocRoll, b: CocRoll) -> int | None:
    """0 if ``a`` wins, 1 if ``b`` wins, ``None`` when level and skill are both equal.

    Levels are compared as ordered by COC-DICE-01 (a Failure beats a Fumble).
    """
    if a.level != b.level:
        return 0 if a.level > b.level else 1
    if a.skill != b.skill:
        return 0 if a.skill > b.skill else 1
    return None


@rule("COC-MELEE-12", summary="Combat rolls can never be pushed; other skill rolls may be.")
def may_push(combat_roll: bool) -> bool:
    return not combat_roll


#: Skills whose rolls are combat rolls (COC-DICE-06): never pushed.
COMBAT_SKILLS = ("fighting", "firearms", "dodge")
#: Rolls never pushed whatever they are of (COC-DICE-06).
NEVER_PUSHED = {"san": "a SAN roll", "luck": "a Luck roll", "cthulhu mythos": "a Cthulhu Mythos roll"}


def is_combat_skill(skill: str) -> bool:
    return skill.casefold().startswith(COMBAT_SKILLS)


@rule(
    "COC-DICE-06",
    summary="Pushing: a failed (not fumbled) skill or characteristic roll, once, never combat, SAN, Luck or "
    "Cthulhu Mythos; same skill, difficulty and dice; the Keeper words a failed push's consequence.",
)
def push_refusal(skill: str, kind: str, level: Level, pushed: bool) -> str:
    """Why this roll may not be pushed ("" when it may).  ``kind``: skill, base, stat, luck, san."""
    what = NEVER_PUSHED.get(kind) or NEVER_PUSHED.get(skill.casefold())
    if what:
        return f"{what} is never pushed (COC-DICE-06)"
    if is_combat_skill(skill):
        return f"{skill} is a combat roll: combat rolls are never pushed (COC-DICE-06)"
    if pushed:
        return f"the {skill} roll was already pushed: a roll is pushed once (COC-DICE-06)"
    if level == Level.FUMBLE:
        return f"the {skill} roll was fumbled: only a failed roll may be pushed (COC-DICE-06)"
    if level.succeeded:
        return f"the {skill} roll succeeded: only a failed roll may be pushed (COC-DICE-06)"
    return ""


class LuckRoll(msgspec.Struct, frozen=True):
    roller: str  # who rolled (for a group: the lowest Luck)
    luck: int
    roll: int
    success: bool


@rule(
    "COC-DICE-07",
    summary="Luck roll: d100 at or under Luck; for the group, whoever has the lowest Luck rolls.",
)
def luck_roll(dice: Dice, lucks: dict[str, int] | list[tuple[str, int]]) -> LuckRoll:
    """A Luck roll for one (a list of one) or a group; ties go to the first listed."""
    pairs = list(lucks.items()) if isinstance(lucks, dict) else list(lucks)
    if not pairs:
        raise ValueError("a Luck roll needs at least one participant")
    roller, luck = min(pairs, key=lambda p: p[1])
    roll = d100(dice, f"Luck ({roller})")
    return LuckRoll(roller=roller, luck=luck, roll=roll, success=roll <= luck)


# --- combined rolls, spending Luck, opposed rolls (COC-DICE-08 … 10) ------------------------


class Combined(msgspec.Struct, frozen=True):
    roll: int
    rolls: tuple[CocRoll, ...]  # one per skill, in the order given, each at its own difficulty
    need: str  # all | any
    success: bool


@rule(
    "COC-DICE-08",
    summary="Combined roll: one d100 against two or more skills, each at its difficulty; the Keeper says "
    "beforehand whether it needs all or any.",
)
def combined(roll: int, skills: list[tuple[int, Difficulty]], need: str) -> Combined:
    if len(skills) < 2:
        raise ValueError("a combined roll is one d100 against two or more skills (COC-DICE-08): name another skill")
    if need not in ("all", "any"):
        raise ValueError("a combined roll needs the Keeper's word beforehand: need=all or need=any (COC-DICE-08)")
    rolls = tuple(CocRoll(skill=v, roll=roll, level=level_of(roll, v, d), difficulty=d) for v, d in skills)
    ok = all(r.success for r in rolls) if need == "all" else any(r.success for r in rolls)
    return Combined(roll=roll, rolls=rolls, need=need, success=ok)


@rule(
    "COC-DICE-09",
    summary="Spending Luck (optional, off by default): after a failed (not fumbled) roll, Luck 1 for 1 lowers "
    "the result to the level needed; never Luck, SAN, damage or pushed rolls, nor beyond the Luck held.",
)
def luck_to_spend(skill: str, kind: str, roll: CocRoll, pushed: bool, luck: int) -> int:
    """The Luck points that make ``roll`` a success at its difficulty; ValueError says why not."""
    if kind in ("luck", "san") or skill.casefold() in ("luck", "san"):
        raise ValueError(f"Luck is never spent on {NEVER_PUSHED.get(kind, 'that roll')} (COC-DICE-09)")
    if pushed:
        raise ValueError(f"the {skill} roll was pushed: Luck is never spent on a pushed roll (COC-DICE-09)")
    if roll.level == Level.FUMBLE:
        raise ValueError(f"the {skill} roll was fumbled: Luck buys up a failure only (COC-DICE-09)")
    if roll.success:
        raise ValueError(f"the {skill} roll succeeded: nothing to buy (COC-DICE-09)")
    target = needed(roll.skill, roll.difficulty)
    if target < 1:
        raise ValueError(f"no roll but a critical succeeds at {roll.difficulty.name.lower()} difficulty against "
                         f"{roll.skill}: Luck cannot buy it (COC-DICE-09)")
    points = roll.roll - target
    if points > luck:
        raise ValueError(f"{points} Luck is needed and only {luck} is left (COC-DICE-09)")
    return points


@rule(
    "COC-DICE-10",
    summary="Opposed roll outside combat, as a command: each side rolls; the better level wins, then the higher "
    "skill; a full tie goes to the named defender.",
)
def opposed(active: CocRoll, defender: CocRoll) -> str:
    """``"active"`` or ``"defender"``."""
    return "active" if opposed_winner(active, defender) == 0 else "defender"
