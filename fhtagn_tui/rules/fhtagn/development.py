"""FHTAGN skill play and development (catalogue FH-DEV): Luck, opposed tests outside combat,
failed skills marked, improvement at the end of a session."""

from __future__ import annotations

import msgspec

from fhtagn_tui.rules.dice import Dice
from fhtagn_tui.rules.fhtagn.dice import FhTest, opposed, percentile_test
from fhtagn_tui.rules.registry import rule

#: FH-DEV-01: the flat Luck target.
LUCK = 50
#: Never marked (FH-DEV-03): SAN, Luck and Unnatural (stat tests are told by their kind).
NEVER_MARKED = frozenset({"luck", "san", "unnatural"})
#: FH-DEV-04: no skill rises past this.
SKILL_CAP = 99


@rule("FH-DEV-01", summary="Luck roll: a plain test against a flat 50 %; for a group, one roll by the character the GM names.")
def luck_test(dice: Dice, roller: str, mods: tuple[int, ...] = ()) -> FhTest:
    return percentile_test(dice, f"Luck ({roller})", LUCK, mods)


class FhOpposed(msgspec.Struct, frozen=True):
    active: FhTest
    defender: FhTest
    winner: str  # "active" | "defender" | "" (both failed: the status quo stands)


@rule("FH-DEV-02", summary="Opposed test outside combat: FH-DICE-06 between two characters; ties and double failures go to the defender.")
def opposed_test(dice: Dice, active: tuple[str, int], defender: tuple[str, int],
                 active_mods: tuple[int, ...] = (), defender_mods: tuple[int, ...] = ()) -> FhOpposed:
    a = percentile_test(dice, active[0], active[1], active_mods)
    d = percentile_test(dice, defender[0], defender[1], defender_mods)
    won = opposed(a, d)
    return FhOpposed(active=a, defender=d, winner="active" if won == "attacker" else "defender" if won else "")


@rule("FH-DEV-03", summary="A failed skill test marks the skill once; stat tests, Luck, SAN and Unnatural never mark.")
def marks(kind: str, skill: str, failed: bool, marked: tuple[str, ...]) -> bool:
    """Whether this test marks ``skill`` (``kind``: skill, base, stat, luck, san)."""
    if not failed or kind not in ("skill", "base"):
        return False
    if skill.casefold() in NEVER_MARKED:
        return False
    return skill.casefold() not in {m.casefold() for m in marked}


class FhGain(msgspec.Struct, frozen=True):
    skill: str
    old: int
    die: int
    new: int


@rule("FH-DEV-04", summary="End of session: each marked skill gains 1D4 (one die per skill, capped at 99); then the marks clear.")
def improve(dice: Dice, who: str, skill: str, value: int) -> FhGain:
    die = dice.draw(f"{who}: {skill} improvement", "d4")
    return FhGain(skill=skill, old=value, die=die, new=min(SKILL_CAP, value + die))


__all__ = ["LUCK", "FhGain", "FhOpposed", "improve", "luck_test", "marks", "opposed_test"]
