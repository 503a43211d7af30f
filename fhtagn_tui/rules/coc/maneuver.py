"""Call of Cthulhu 7e fighting maneuvers (catalogue COC-MANEUVER).

A maneuver is a Fighting roll made to achieve one goal (disarm, knock down,
hold …) instead of harm.  :func:`resolve_maneuver` draws the maneuver roll,
the target's response roll and, when a target fighting back wins, the
damage it deals.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from fhtagn_tui.rules.coc.dice import CocRoll, Level, skill_roll
from fhtagn_tui.rules.coc.melee import DamageRoll, Fighter, Winner, deal_damage, dodge, fight_back
from fhtagn_tui.rules.dice import Dice
from fhtagn_tui.rules.registry import rule


@rule(
    "COC-MANEUVER-01",
    summary="Maneuvers compare Build: 1 penalty die per point the target is bigger; 3 or more is impossible.",
)
def build_penalty(attacker_build: int, target_build: int) -> int | None:
    """Penalty dice for the maneuvering character, or ``None`` when the maneuver is impossible."""
    d = target_build - attacker_build
    if d >= 3:
        return None
    return max(0, d)


@rule(
    "COC-MANEUVER-06",
    summary="A maneuver is rolled with the fighting skill that fits: the GM's, else the best fighting skill usable "
    "unarmed (Brawl or a creature's natural attack, e.g. Fighting (Claw)).",
)
def maneuver_skill(unarmed: dict[str, int], named: str = "") -> tuple[str, int]:
    """The skill a maneuver rolls: ``named`` when the GM names one of ``unarmed`` (the fighting skills
    usable unarmed, by name), else the best of them (the first listed on a tie)."""
    if not unarmed:
        raise ValueError("no fighting skill to maneuver with (COC-MANEUVER-06)")
    if named:
        for name, value in unarmed.items():
            if name.casefold() == named.casefold():
                return name, value
        raise ValueError(f"{named!r} is not a fighting skill usable unarmed here (COC-MANEUVER-06): "
                         f"{', '.join(unarmed)}")
    best = max(unarmed.values())
    name = next(n for n, v in unarmed.items() if v == best)
    return name, best


@rule(
    "COC-MANEUVER-02",
    summary="Against a dodge, a maneuver works only with a success at a higher level; a tie means the target evades.",
)
def maneuver_vs_dodge(attack: Level, defence: Level) -> Winner:
    return dodge(attack, defence)


@rule(
    "COC-MANEUVER-03",
    summary="Against fighting back, a tie lets the maneuver succeed; a better defender foils it and deals damage.",
)
def maneuver_vs_fight_back(attack: Level, defence: Level) -> Winner:
    return fight_back(attack, defence)


@rule(
    "COC-MANEUVER-04",
    summary="A counter-maneuver resolves like fighting back, but a winning defender achieves their own maneuver.",
)
def counter_maneuver(attack: Level, defence: Level) -> Winner:
    return fight_back(attack, defence)


class Goal(msgspec.Struct, frozen=True):
    name: str
    condition: str  # the condition the loser gains ("" for none)
    frees: bool = False  # removes hold/restraint from the maneuvering character
    help: str = ""


#: The goals a maneuver may be declared for (data for the GM screen).
GOALS: tuple[Goal, ...] = (
    Goal("disarm", "disarmed", help="the target drops or loses the weapon"),
    Goal("knock down", "prone", help="the target is knocked to the ground"),
    Goal("hold", "held", help="the target is held and cannot flee"),
    Goal("restrain", "restrained", help="the target is pinned and restrained"),
    Goal("push", "", help="the target is pushed back, through a door, off a ledge"),
    Goal("break free", "", frees=True, help="escape a hold or restraint"),
    Goal("other", "", help="any other single goal stated in advance"),
)


@rule(
    "COC-MANEUVER-05",
    summary="A successful maneuver achieves one goal declared in advance (disarm, knock down, hold, push …).",
)
def goal_named(name: str) -> Goal | None:
    key = " ".join(name.casefold().replace("-", " ").replace("_", " ").split())
    for goal in GOALS:
        if goal.name == key:
            return goal
    aliases = {"knockdown": "knock down", "trip": "knock down", "grapple": "hold", "pin": "restrain",
               "escape": "break free", "shove": "push"}
    if key in aliases:
        return goal_named(aliases[key])
    return None


class ManeuverResult(msgspec.Struct, frozen=True):
    response: Literal["dodge", "fight back", "maneuver", "none"]
    penalty: int  # penalty dice from Build
    attack: CocRoll
    defence: CocRoll | None
    winner: Winner  # "attacker": the goal is achieved
    defender_goal: bool  # a counter-maneuver won: the defender achieves their own goal
    damage: DamageRoll | None  # dealt by a defender who won fighting back
    rules: tuple[str, ...]


def resolve_maneuver(
    dice: Dice,
    attacker: Fighter,
    defender: Fighter,
    attacker_build: int,
    defender_build: int,
    response: Literal["dodge", "fight back", "maneuver", "none"],
    bonus: int = 0,
    penalty: int = 0,
    defence_bonus: int = 0,
    defence_penalty: int = 0,
) -> ManeuverResult:
    """Resolve one maneuver; raises ``ValueError`` when Build makes it impossible.

    Dice order: the maneuver roll, the response roll, then damage (if any).
    A counter-maneuver by the defender faces its own Build check (raises if impossible).
    """
    build_dice = build_penalty(attacker_build, defender_build)
    if build_dice is None:
        raise ValueError(
            f"the target's Build is {defender_build - attacker_build} above the attacker's: a maneuver is impossible at 3 or more"
        )
    rules = ["COC-MANEUVER-01", "COC-MELEE-04", "COC-MELEE-12", "COC-DICE-01", "COC-DICE-02"]
    defence_pen = defence_penalty
    if response == "maneuver":
        counter_dice = build_penalty(defender_build, attacker_build)
        if counter_dice is None:
            raise ValueError("the counter-maneuver is impossible: the attacker's Build is 3 or more above the defender's")
        defence_pen += counter_dice
    if bonus or penalty + build_dice or defence_bonus or defence_pen:
        rules.append("COC-DICE-04")
    att = skill_roll(dice, "Maneuver", attacker.skill, bonus=bonus, penalty=penalty + build_dice)
    dfn: CocRoll | None = None
    if response != "none":
        label = {"dodge": "Dodge", "fight back": "Fighting back", "maneuver": "Counter-maneuver"}[response]
        dfn = skill_roll(dice, label, defender.skill, bonus=defence_bonus, penalty=defence_pen)
    damage = None
    if response == "dodge":
        assert dfn is not None
        winner = maneuver_vs_dodge(att.level, dfn.level)
        rules.append("COC-MANEUVER-02")
    elif response == "fight back":
        assert dfn is not None
        winner = maneuver_vs_fight_back(att.level, dfn.level)
        rules.append("COC-MANEUVER-03")
        if winner == "defender":
            damage, more = deal_damage(dice, defender, extreme=False)
            rules += ["COC-MELEE-11", *more]
    elif response == "maneuver":
        assert dfn is not None
        winner = counter_maneuver(att.level, dfn.level)
        rules.append("COC-MANEUVER-04")
    else:
        winner = "attacker" if att.level.succeeded else "none"
        rules.append("COC-MELEE-07")
    if winner == "attacker" or (winner == "defender" and response == "maneuver"):
        rules.append("COC-MANEUVER-05")
    return ManeuverResult(
        response=response,
        penalty=build_dice,
        attack=att,
        defence=dfn,
        winner=winner,
        defender_goal=winner == "defender" and response == "maneuver",
        damage=damage,
        rules=tuple(dict.fromkeys(rules)),
    )
