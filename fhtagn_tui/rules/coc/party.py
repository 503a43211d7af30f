"""Call of Cthulhu 7e investigator sheet (catalogue COC-PARTY)."""

from __future__ import annotations

from fhtagn_tui.rules.registry import rule


@rule("COC-PARTY-01", summary="Max HP is (CON + SIZ) / 10, rounded down.")
def max_hp(con: int, siz: int) -> int:
    return (con + siz) // 10


_DB_TABLE: tuple[tuple[int, int, str, int], ...] = (
    (2, 64, "-2", -2),
    (65, 84, "-1", -1),
    (85, 124, "0", 0),
    (125, 164, "+1D4", 1),
    (165, 204, "+1D6", 2),
    (205, 284, "+2D6", 3),
    (285, 364, "+3D6", 4),
    (365, 444, "+4D6", 5),
)
DAMAGE_BONUS_TABLE = _DB_TABLE


@rule("COC-PARTY-02", summary="Damage bonus and Build from STR+SIZ (−2 … +4D6 and beyond, +1D6/+1 per 80).")
def damage_bonus_and_build(str_: int, siz: int) -> tuple[str, int]:
    total = str_ + siz
    for low, high, db, build in _DB_TABLE:
        if low <= total <= high:
            return db, build
    if total < 2:
        return "-2", -2
    extra = (total - 445) // 80 + 1
    return f"+{4 + extra}D6", 5 + extra


def damage_bonus_of_build(build: int) -> str:
    """The damage bonus that goes with a Build (the same table, COC-PARTY-02): a sheet whose Build
    the book states (a creature's) takes its damage bonus from it."""
    for _low, _high, db, b in _DB_TABLE:
        if b == build:
            return db
    return "-2" if build < -2 else f"+{build - 1}D6"


@rule("COC-PARTY-03", summary="MOV 7, 8 or 9 from DEX and STR against SIZ, less 1 per decade of age from 40.")
def mov(str_: int, dex: int, siz: int, age: int = 25) -> int:
    if dex > siz and str_ > siz:
        base = 9
    elif dex >= siz or str_ >= siz:
        base = 8
    else:
        base = 7
    if age >= 40:
        base -= min(5, (age - 30) // 10)
    return base


def is_major_wound(damage: int, max_hp_: int) -> bool:
    """COC-PARTY-04 (the whole rule: :func:`fhtagn_tui.rules.coc.combat.land_damage`)."""
    return 2 * damage >= max_hp_


@rule("COC-PARTY-05", summary="Starting SAN is POW; max SAN is 99 − Cthulhu Mythos.")
def max_san(cthulhu_mythos: int) -> int:
    return 99 - cthulhu_mythos


@rule("COC-PARTY-06", summary="Max magic points are POW / 5, rounded down.")
def max_mp(pow_: int) -> int:
    return pow_ // 5
