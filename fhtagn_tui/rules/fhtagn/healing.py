"""FHTAGN healing (catalogue FH-HEAL-01 … 06).

Pure functions.  Draw order: the d100 test first, then the d4 of the
healing (or of the fumble's damage); a failure draws no d4.
"""

from __future__ import annotations

import msgspec

from fhtagn_tui.rules.dice import Dice
from fhtagn_tui.rules.fhtagn.dice import FhTest, percentile_test, stat_x5
from fhtagn_tui.rules.fhtagn.skills import BASES
from fhtagn_tui.rules.registry import rule

#: Skill bases used when a healer's sheet lacks the skill [STD DG].
SKILL_BASE: dict[str, int] = BASES  # the FHTAGN skill list: First Aid 10, Medicine 0, Pharmacy 0

#: Skill-test healing (FH-HEAL-01, -02, -05): level → (d4 dice healed, d4 dice of damage).
HEAL_TABLE: dict[str, tuple[int, int]] = {
    "critical": (2, 0),  # 2 × (1d4): one d4, doubled
    "success": (1, 0),
    "failure": (0, 0),
    "fumble": (0, 1),
}

#: Recuperation (FH-HEAL-04): level → (HP gained, damage taken).
RECUPERATION_TABLE: dict[str, tuple[int, int]] = {
    "critical": (2, 0),
    "success": (1, 0),
    "failure": (0, 0),
    "fumble": (0, 1),
}


class Healing(msgspec.Struct, frozen=True):
    """One healing roll: its test, the d4 shown (0: none) and what came of it."""

    test: FhTest
    d4: int  # the d4 drawn (0 when none was)
    heal: int  # HP restored before caps
    damage: int  # HP lost (a fumble)


def skill_of(skills: dict[str, int], name: str) -> int:
    """A healing skill from a sheet (any case), else its base."""
    key = name.casefold()
    for skill, value in skills.items():
        if skill.casefold() == key:
            return value
    return SKILL_BASE.get(name, 0)


def _d4_table(dice: Dice, test: FhTest, what: str, allow_fumble: bool = True) -> Healing:
    heal_mult, damage_mult = HEAL_TABLE[test.level]
    if not allow_fumble:
        damage_mult = 0
    if heal_mult:
        d4 = dice.draw(f"{what} HP restored", "d4")
        return Healing(test=test, d4=d4, heal=heal_mult * d4, damage=0)
    if damage_mult:
        d4 = dice.draw(f"{what} fumble damage", "d4")
        return Healing(test=test, d4=d4, heal=0, damage=d4)
    return Healing(test=test, d4=0, heal=0, damage=0)


def may_first_aid(used: bool) -> bool:
    """FH-HEAL-01: first aid only while the patient's first-aid-used flag is clear."""
    return not used


@rule(
    "FH-HEAL-01",
    summary="First aid: once until hurt again; First Aid test heals 1d4 (critical 2×1d4), "
    "a fumble deals 1d4, a failure does nothing.",
)
def first_aid(dice: Dice, skill: int, mods: tuple[int, ...] = ()) -> Healing:
    return _d4_table(dice, percentile_test(dice, "First Aid", skill, mods), "first aid")


@rule(
    "FH-HEAL-02",
    summary="Treatment: a Medicine test once a week; heals 1d4 (critical 2×1d4), a fumble deals 1d4.",
)
def treatment(dice: Dice, skill: int, mods: tuple[int, ...] = ()) -> Healing:
    return _d4_table(dice, percentile_test(dice, "Medicine", skill, mods), "treatment")


@rule(
    "FH-HEAL-03",
    summary="While below max HP, a GM-flagged grave physical test costs 1d4 HP whatever its result.",
)
def exertion_damage(dice: Dice, hp: int, max_hp: int) -> int:
    """The 1d4 drawn, or 0 (no die) when the character is unhurt."""
    if hp >= max_hp:
        return 0
    return dice.draw("exertion while wounded", "d4")


@rule(
    "FH-HEAL-04",
    summary="Recuperation: CON×5 once a day in safety; critical +2 HP, success +1, fumble 1 damage.",
)
def recuperation(dice: Dice, con: int, mods: tuple[int, ...] = ()) -> Healing:
    test = percentile_test(dice, "recuperation CON×5", stat_x5(con), mods)
    heal, damage = RECUPERATION_TABLE[test.level]
    return Healing(test=test, d4=0, heal=heal, damage=damage)


def in_time(minutes: int, con: int) -> bool:
    """FH-HEAL-05: resuscitation must begin within CON minutes."""
    return 0 <= minutes <= con


@rule(
    "FH-HEAL-05",
    summary="Resuscitation: First Aid within CON minutes of death, once per death; success revives "
    "with 1d4 HP (critical 2×1d4).",
)
def resuscitation(dice: Dice, skill: int, mods: tuple[int, ...] = ()) -> Healing:
    return _d4_table(dice, percentile_test(dice, "resuscitation First Aid", skill, mods), "resuscitation",
                     allow_fumble=False)


@rule(
    "FH-HEAL-06",
    summary="Healing never raises HP above max; a diseased character regains no HP at all.",
)
def healed_hp(hp: int, gain: int, max_hp: int, diseased: bool = False) -> int:
    """HP after a gain of ``gain``, capped at ``max_hp`` (no gain while diseased)."""
    if diseased or gain <= 0:
        return hp
    return max(hp, min(max_hp, hp + gain))
