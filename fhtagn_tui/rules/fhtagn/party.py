"""FHTAGN character sheet: derived values (catalogue FH-PARTY)."""

from __future__ import annotations

from fhtagn_tui.rules.fhtagn.dice import ceil_half
from fhtagn_tui.rules.registry import rule


@rule("FH-PARTY-01", summary="Max HP is (STR + CON) / 2, rounded up; current HP never exceeds it.")
def max_hp(str_: int, con: int) -> int:
    return ceil_half(str_ + con)


@rule("FH-PARTY-02", summary="Max WP equals POW; WP never drops below 0.")
def max_wp(pow_: int) -> int:
    return pow_


@rule("FH-PARTY-03", summary="Starting SAN is POW×5; max SAN is 99 − Unnatural.")
def starting_san(pow_: int) -> int:
    return pow_ * 5


def max_san(unnatural: int) -> int:
    return 99 - unnatural


@rule("FH-PARTY-04", summary="Breaking point is SAN − POW (never below 0).")
def breaking_point(san: int, pow_: int) -> int:
    return max(0, san - pow_)


@rule("FH-PARTY-05", summary="A bond starts at CHA, never drops below 0, and is broken at 0.")
def bond_score(score: int) -> int:
    return max(0, score)


# FH-PARTY-06: (low STR, high STR, damage bonus); STR 21+ attacks by lethality.
DAMAGE_BONUS_TABLE: tuple[tuple[int, int, int], ...] = (
    (1, 4, -2),
    (5, 8, -1),
    (9, 12, 0),
    (13, 16, 1),
    (17, 18, 2),
    (19, 20, 3),
)


@rule(
    "FH-PARTY-06",
    summary="Damage bonus by STR (−2 … +3) for unarmed/melee; STR 21+ attacks as lethality STR/2 %.",
)
def damage_bonus(str_: int) -> tuple[int, int | None]:
    """(damage bonus, lethality %) for a STR score; lethality only at STR 21+."""
    if str_ >= 21:
        return 0, ceil_half(str_)
    for low, high, bonus in DAMAGE_BONUS_TABLE:
        if low <= str_ <= high:
            return bonus, None
    return -2, None  # STR below 1 is not a legal score; treat as the weakest band


ADAPTATION_TRACKS = ("violence", "helplessness")
ADAPTATION_BOXES = 3


@rule("FH-PARTY-07", summary="Two adaptation tracks, Violence and Helplessness, of three boxes each.")
def adaptation_tracks() -> dict[str, int]:
    return {track: 0 for track in ADAPTATION_TRACKS}


CONDITIONS = (
    "stunned",
    "unconscious",
    "dead",
    "exhausted",
    "burning",
    "pinned",
    "aiming",
    "insane-flee",
    "insane-struggle",
    "insane-submit",
    "acute-episode",
    "lost-control",
    "permanently-insane",
    "diseased",
    "poisoned",
    "suffocating",
    "first-aid-used",
)


@rule("FH-PARTY-08", summary="The conditions an FHTAGN character can carry (stunned, unconscious, …).")
def is_condition(name: str) -> bool:
    return name in CONDITIONS
