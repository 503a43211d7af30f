"""Call of Cthulhu 7e: other combat situations and armour (catalogue COC-COMBAT).

Outnumbering, monsters with several attacks, missiles and thrown weapons,
half damage bonus, armour (the table is data), and how one wound lands on
hit points (COC-PARTY-04: major wound, dying, unconscious).
"""

from __future__ import annotations

import msgspec

from fhtagn_tui.rules.coc.dice import CocRoll, Difficulty, Level, skill_roll
from fhtagn_tui.rules.coc.melee import Winner, dodge
from fhtagn_tui.rules.coc.party import is_major_wound
from fhtagn_tui.rules.coc.skills import BASES
from fhtagn_tui.rules.dice import Dice
from fhtagn_tui.rules.registry import rule


@rule(
    "COC-COMBAT-02",
    summary="A monster with N attacks a round may dodge or fight back N times before it is outnumbered.",
)
def defences_before_outnumbered(attacks_per_round: int = 1) -> int:
    return max(1, attacks_per_round)


@rule(
    "COC-COMBAT-01",
    summary="Outnumbered: once a target has used up its defences this round, every later attack gets a bonus die.",
)
def outnumbered_bonus(defences_this_round: int, attacks_per_round: int = 1, never_outnumbered: bool = False) -> int:
    if never_outnumbered:
        return 0
    return 1 if defences_this_round >= defences_before_outnumbered(attacks_per_round) else 0


class DiveForCover(msgspec.Struct, frozen=True):
    roll: CocRoll
    penalty: int  # penalty dice on the shot


@rule(
    "COC-COMBAT-03",
    summary="Missiles (bows …) are resolved like firearms; a target diving for cover with a Dodge success costs a penalty die.",
)
def dive_for_cover(dice: Dice, dodge_skill: int) -> DiveForCover:
    roll = skill_roll(dice, "Dodge (diving for cover)", dodge_skill)
    return DiveForCover(roll=roll, penalty=1 if roll.success else 0)


@rule("COC-COMBAT-04", summary="A thrown weapon may be dodged exactly as a Fighting attack is.")
def thrown_vs_dodge(attack: Level, defence: Level) -> Winner:
    return dodge(attack, defence)


@rule(
    "COC-COMBAT-05",
    summary="No fighting back against missiles or thrown weapons unless within DEX/5 feet of the attacker.",
)
def may_fight_back_ranged(distance_ft: float, attacker_dex: int) -> bool:
    return distance_ft <= attacker_dex // 5


@rule(
    "COC-COMBAT-06",
    summary="Thrown weapons, bows and slings (not crossbows) add half the damage bonus, rounded toward zero.",
)
def half_db(db_rolled: int) -> int:
    return int(db_rolled / 2)


@rule("COC-COMBAT-07", summary="Ranged and thrown attacks take their difficulty from range, as firearms do.")
def thrown_difficulty(distance: float, base_range: float) -> Difficulty | None:
    from fhtagn_tui.rules.coc.firearms import range_difficulty

    return range_difficulty(distance, base_range)


@rule("COC-COMBAT-08", summary="Armour points come off every hit (every bullet in auto fire), to no less than 0.")
def after_armour(damage: int, armour: int) -> int:
    return max(0, damage - max(0, armour))


class Armour(msgspec.Struct, frozen=True):
    name: str
    points: int


#: COC-COMBAT-09 armour table.
ARMOUR_TABLE: tuple[Armour, ...] = (
    Armour("Heavy leather jacket", 1),
    Armour("WWI helmet", 2),
    Armour('1" hardwood', 3),
    Armour("Present U.S. helmet", 5),
    Armour("Heavy Kevlar vest", 8),
    Armour("Military body armor", 12),
    Armour('1.5" bulletproof glass', 15),
    Armour('1" steel plate', 19),
    Armour("Large sand bag", 20),
)


def _key(text: str) -> str:
    return "".join(ch for ch in text.casefold().replace("armour", "armor") if ch.isalnum())


@rule("COC-COMBAT-09", summary="The armour table: leather jacket 1 … Kevlar vest 8, military armour 12 … sand bag 20.")
def armour_named(name: str) -> Armour | None:
    """An armour by its name (case, spaces, punctuation and armour/armor spelling ignored; unique prefix ok)."""
    key = _key(name)
    if not key:
        return None
    for armour in ARMOUR_TABLE:
        if _key(armour.name) == key:
            return armour
    matches = [a for a in ARMOUR_TABLE if _key(a.name).startswith(key) or key in _key(a.name)]
    return matches[0] if len(matches) == 1 else None


#: Base chances of the skills rolled in combat (CoC 7e sheet), for a sheet that does not list
#: one (Dodge is half DEX).
SKILL_BASES: dict[str, int] = BASES  # the CoC 7e skill list (rules/coc/skills.py)


class Wound(msgspec.Struct, frozen=True):
    rolled: int  # damage before armour
    armour: int
    taken: int  # damage after armour
    hp_before: int
    hp_after: int  # clamped at 0
    major: bool  # this wound is a major wound
    dying: bool
    unconscious: bool  # at 0 HP without a major wound
    killed: bool = False  # one wound of max HP or more
    con_roll: bool = False  # a major wound short of 0 HP: prone, and a CON roll against unconsciousness


@rule(
    "COC-PARTY-04",
    summary="One wound of half max HP or more is a major wound: prone and a CON roll (failure: unconscious); "
    "max HP or more kills; 0 HP with a major wound is dying (CON each round, First Aid stabilises), without one unconscious.",
)
def land_damage(rolled: int, armour: int, hp: int, max_hp: int, had_major_wound: bool = False) -> Wound:
    """One wound on a person, from any source: armour (COC-COMBAT-08), then COC-PARTY-04."""
    taken = after_armour(rolled, armour)
    killed = taken > 0 and max_hp > 0 and taken >= max_hp
    major = taken > 0 and is_major_wound(taken, max_hp)
    after = max(0, hp - taken)
    at_zero = after == 0 and taken > 0
    dying = at_zero and (major or had_major_wound) and not killed
    return Wound(
        rolled=rolled,
        armour=armour,
        taken=taken,
        hp_before=hp,
        hp_after=after,
        major=major,
        dying=dying,
        unconscious=at_zero and not dying and not killed,
        killed=killed,
        con_roll=major and not at_zero and not killed,
    )
