"""FHTAGN damage and conditions (catalogue FH-DMG-01 … 08).

Pure functions; :func:`assess` combines FH-DMG-01, -02, -03 and -05 for one
damage instance.  The permanent-injury and stun-recovery tests draw their
d100 through :func:`fhtagn_tui.rules.fhtagn.dice.percentile_test`.
"""

from __future__ import annotations

import msgspec

from fhtagn_tui.rules.dice import Dice
from fhtagn_tui.rules.fhtagn.dice import FhTest, percentile_test, stat_x5
from fhtagn_tui.rules.registry import rule


@rule("FH-DMG-01", summary="Damage comes off HP, never below 0; then check stun, unconsciousness, death.")
def apply_damage(hp: int, damage: int) -> int:
    return max(0, hp - max(0, damage))


@rule("FH-DMG-02", summary="One damage instance of at least half the HP before it stuns (2 × damage ≥ HP).")
def stunned_by(damage: int, hp_before: int) -> bool:
    return damage > 0 and 2 * damage >= hp_before


@rule("FH-DMG-03", summary="Dropping from above 2 HP to 1 or 2 HP knocks the character unconscious.")
def knocked_out(hp_before: int, hp_after: int) -> bool:
    return hp_before > 2 and 1 <= hp_after <= 2


class Injury(msgspec.Struct, frozen=True):
    test: FhTest
    points: int  # how much the chosen stat drops (0 when the CON×5 test succeeds)


def units_die(roll: int) -> int:
    """The units die of a d100 result, 0 counting as 10 (AMB-06)."""
    return roll % 10 or 10


@rule(
    "FH-DMG-04",
    summary="When knocked out, test CON×5; a failure lowers a stat of choice by the units die "
    "(0 = 10), to no less than 3.",
)
def permanent_injury(dice: Dice, con: int, mods: tuple[int, ...] = ()) -> Injury:
    test = percentile_test(dice, "permanent injury CON×5", stat_x5(con), mods)
    return Injury(test=test, points=0 if test.success else units_die(test.roll))


def injured_stat(value: int, points: int) -> int:
    """A stat after a permanent injury: lowered by ``points``, never below 3."""
    return max(3, value - points) if value > 3 else value


@rule("FH-DMG-05", summary="At 0 HP the character is dead (also a lethality kill or a coup de grâce).")
def is_dead(hp: int) -> bool:
    return hp <= 0


@rule(
    "FH-DMG-06",
    summary="Stunned: no dodging or fighting back; at the start of each turn test CON×5 — "
    "success ends it, failure loses the turn.",
)
def stun_recovery(dice: Dice, con: int, mods: tuple[int, ...] = ()) -> FhTest:
    return percentile_test(dice, "stun recovery CON×5", stat_x5(con), mods)


@rule(
    "FH-DMG-07",
    summary="Unconscious: one attack kills without a roll (coup de grâce); wakes after an hour or at 3+ HP, whatever raised them.",
)
def coup_de_grace(hp: int) -> int:
    """The damage a coup de grâce deals: all remaining HP."""
    return max(0, hp)


def regains_consciousness(hp: int, hours: float = 0.0) -> bool:
    """FH-DMG-07: awake again after one hour, or once HP is 3 or more."""
    return hp >= 3 or hours >= 1


EXHAUSTION_PENALTY = -20


@rule(
    "FH-DMG-08",
    summary="Exhaustion: lose 1d6 WP once; every test is at −20 % until a full night's sleep "
    "(stimulants suspend the penalty).",
)
def exhaustion_modifier(exhausted: bool, stimulated: bool = False) -> int:
    return EXHAUSTION_PENALTY if exhausted and not stimulated else 0


def exhaustion_wp_loss(dice: Dice) -> int:
    """FH-DMG-08: the one-time 1d6 WP loss."""
    return dice.draw("exhaustion WP loss", "d6")


class DamageOutcome(msgspec.Struct, frozen=True):
    hp_before: int
    hp_after: int
    stunned: bool
    unconscious: bool
    dead: bool


def assess(hp_before: int, damage: int) -> DamageOutcome:
    """FH-DMG-01, then -02, -03 and -05 for one damage instance.

    A killed character gets only the death (no stun, no unconsciousness).
    """
    after = apply_damage(hp_before, damage)
    dead = is_dead(after) and damage > 0
    return DamageOutcome(
        hp_before=hp_before,
        hp_after=after,
        stunned=not dead and stunned_by(damage, hp_before),
        unconscious=not dead and knocked_out(hp_before, after),
        dead=dead,
    )
