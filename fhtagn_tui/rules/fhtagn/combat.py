"""FHTAGN combat (catalogue FH-COMBAT-01 … 24): order, defences, attack options, damage.

Pure functions and tables; :mod:`fhtagn_tui.domain.features.fh_combat` draws
the dice and turns the results into events.
"""

from __future__ import annotations

import msgspec

from fhtagn_tui.rules.fhtagn.dice import ATTACKER, FhTest, ceil_half, opposed
from fhtagn_tui.rules.fhtagn.skills import BASES
from fhtagn_tui.rules.registry import rule

#: The skills FH-COMBAT-02 breaks DEX ties with (the highest, when no action is declared).
COMBAT_SKILLS = ("Firearms", "Melee Weapons", "Unarmed Combat")

#: Delta Green base values, used when a sheet does not list the skill [STD DG] (the FHTAGN skill list).
SKILL_BASE: dict[str, int] = BASES


def skill_value(skills: dict[str, int], name: str) -> int:
    """A skill from a sheet (any case), else its base value."""
    key = name.casefold()
    for skill, value in skills.items():
        if skill.casefold() == key:
            return value
    return SKILL_BASE.get(name, 0)


@rule("FH-COMBAT-01", summary="Each participant has one action per turn.")
def may_act(acted: bool) -> bool:
    return not acted


@rule(
    "FH-COMBAT-02",
    summary="Act by DEX, highest first; ties: the best combat skill, then PCs, then entry order.",
)
def initiative_key(dex: int, skills: dict[str, int]) -> tuple[float, float]:
    """The sort key (highest first); PCs-first and entry order come after it."""
    return float(dex), float(max(skill_value(skills, s) for s in COMBAT_SKILLS))


# --- defences -----------------------------------------------------------------

DEFENCES = ("dodge", "fight")
GRAPPLES = ("disarm", "pin", "escape")  # also count as the turn's defence roll


@rule(
    "FH-COMBAT-03",
    summary="Dodge/fight back before your DEX slot uses up your action; after acting you cannot "
    "defend this turn; fighting back only against close combat; dodging a shot means diving for cover.",
)
def defence_problem(defence: str, close_attack: bool, acted: bool) -> str | None:
    """Why the defence is not allowed, or ``None`` when it is.

    A defence already taken this turn opposes later close attacks by itself
    (FH-COMBAT-04); any other defence needs the turn's action still unused.
    """
    if defence not in DEFENCES:
        return f"{defence!r} is not a defence (dodge or fight)"
    if defence == "fight" and not close_attack:
        return "fighting back works only against melee and unarmed attacks (dodge = dive for cover)"
    if acted:
        return "has already acted this turn and cannot dodge or fight back until next turn"
    return None


@rule(
    "FH-COMBAT-04",
    summary="After a defensive action this turn, every further close-combat attack is opposed "
    "automatically by a fresh roll of the same skill, at no action cost.",
)
def automatic_defence(taken: str, close_attack: bool) -> str | None:
    """The defence that opposes this attack automatically, if any."""
    if not taken or not close_attack:
        return None
    return "dodge" if taken == "dodge" else "fight"


@rule(
    "FH-COMBAT-05",
    summary="An unopposed attack hits on a success; an opposed one only if the attacker wins "
    "(a winning defender only negates it).",
)
def attack_hits(attack: FhTest, defence: FhTest | None) -> bool:
    if defence is None:
        return attack.success
    return opposed(attack, defence) == ATTACKER


@rule(
    "FH-COMBAT-06",
    summary="Damage is the weapon roll (+ STR bonus for unarmed/melee), at least 0; a critical "
    "doubles it (lethality attacks double L instead).",
)
def damage_total(rolled: int, bonus: int, critical: bool) -> int:
    total = max(0, rolled + bonus)
    return total * 2 if critical else total


# --- move, wait, anything else, aim ---------------------------------------------

#: FH-COMBAT-07: pace → metres in one move action; "step" is 3 m plus another action.
MOVES: tuple[tuple[str, int], ...] = (("step", 3), ("jog", 10), ("run", 20), ("sprint", 30))


@rule("FH-COMBAT-07", summary="A move covers 10 m jog, 20 m run, 30 m sprint — or 3 m and another action.")
def move_distance(pace: str) -> int | None:
    for name, metres in MOVES:
        if name == pace:
            return metres
    return None


@rule(
    "FH-COMBAT-08",
    summary="Wait: once your DEX slot comes, act later, immediately before someone else's action "
    "(never interrupting one).",
)
def may_wait(is_current: bool, acted: bool) -> bool:
    return is_current and not acted


#: FH-COMBAT-09 examples of "anything else" (putting out a fire on oneself ends Burning).
ANYTHING_ELSE: tuple[str, ...] = ("drink", "open a door", "grab a rope", "reload", "get up", "put out fire")


@rule("FH-COMBAT-09", summary="Anything else (reload, open a door, get up, put out a fire on oneself) takes the action.")
def anything_else_ends(action: str) -> str:
    """The condition this action ends (``""`` for none)."""
    key = action.strip().casefold()
    if "fire" in key or "extinguish" in key:
        return "burning"
    return ""


AIM_BONUS = 20


@rule("FH-COMBAT-10", summary="Aiming takes the action and gives +20 % to next turn's attack; damage loses it.")
def aim_bonus(aiming: bool) -> int:
    return AIM_BONUS if aiming else 0


# --- called shots and special attacks ----------------------------------------------


class AttackOption(msgspec.Struct, frozen=True):
    name: str
    rule: str
    modifier: int
    close: bool | None  # True: close combat only; False: ranged/thrown only; None: any
    rolls: int = 1
    called: bool = False  # a called shot (at most one per attack)


ATTACK_OPTIONS: tuple[AttackOption, ...] = (
    AttackOption("partly", "FH-COMBAT-11", -20, None, called=True),
    AttackOption("mostly", "FH-COMBAT-12", -40, None, called=True),
    AttackOption("crowd", "FH-COMBAT-13", -20, False, called=True),
    AttackOption("vulnerable", "FH-COMBAT-14", -40, None, called=True),
    AttackOption("assault", "FH-COMBAT-15", -20, True),
    AttackOption("rapid", "FH-COMBAT-16", -20, False, rolls=2),
    AttackOption("mow", "FH-COMBAT-17", -20, False),
    AttackOption("savage", "FH-COMBAT-18", -20, True, rolls=2),
    AttackOption("stun", "FH-COMBAT-19", -20, None),
    AttackOption("flesh", "FH-COMBAT-20", -40, None),
)
OPTIONS_BY_NAME = {o.name: o for o in ATTACK_OPTIONS}


@rule(
    "FH-COMBAT-11",
    "FH-COMBAT-12",
    summary="Called shot at a partly (−20) or mostly (−40) covered target; aimed around armour, a hit ignores it.",
)
def armor_counts(called: str, around_armor: bool) -> bool:
    """Whether the target's armour reduces a hit from this called shot."""
    return not (around_armor and called in ("partly", "mostly"))


@rule(
    "FH-COMBAT-13",
    summary="Shooting into a crowd (−20): a failed roll hits a random other member of the crowd.",
)
def crowd_stray(hit: bool, others: int) -> bool:
    """Whether a random other crowd member is hit instead."""
    return not hit and others > 0


@rule("FH-COMBAT-14", summary="Vulnerable spot (−40): any success is a critical.")
def vulnerable_spot(test: FhTest) -> FhTest:
    if test.success and not test.critical:
        return msgspec.structs.replace(test, critical=True)
    return test


@rule("FH-COMBAT-15", summary="Assault (−20): a move and a melee attack in one action.")
def assault_allowed(close_combat: bool) -> bool:
    return close_combat


@rule(
    "FH-COMBAT-16",
    summary="Rapid fire (−20): two ranged attack rolls at one target; not with bolt-action or single-shot guns.",
)
def rapid_fire_rolls(repeats: bool) -> int:
    """How many attack rolls (0: the weapon cannot fire rapidly)."""
    return 2 if repeats else 0


@rule(
    "FH-COMBAT-17",
    summary="Mowing fire: one roll, 3–4 rounds at −20, 5+ rounds at −40; not with bolt-action or single-shot guns.",
)
def mowing_modifier(rounds: int) -> int | None:
    """The modifier for a burst of ``rounds`` (``None`` below 3 rounds: no mowing fire)."""
    if rounds < 3:
        return None
    return -20 if rounds <= 4 else -40


@rule(
    "FH-COMBAT-18",
    summary="Savage attack (−20): two melee rolls at one target; no defence roll for the rest of the turn.",
)
def savage_rolls(close_combat: bool) -> int:
    return 2 if close_combat else 0


@rule("FH-COMBAT-19", summary="Stun attack (−20): a hit stuns instead of dealing damage.")
def stun_blow(hit: bool) -> tuple[int | None, str]:
    """(damage override, condition): a hit deals no damage and stuns."""
    return (0, "stunned") if hit else (None, "")


@rule("FH-COMBAT-20", summary="Flesh wound (−40): a hit deals half the damage total (round up), before armour.")
def flesh_wound(total: int) -> int:
    return ceil_half(total)


# --- grappling ------------------------------------------------------------------


@rule(
    "FH-COMBAT-21",
    summary="Disarm: opposed Unarmed Combat vs the opponent's weapon skill, both hands free; "
    "counts as the turn's defence.",
)
def disarm(attempt: FhTest, resist: FhTest) -> bool:
    return opposed(attempt, resist) == ATTACKER


PIN_BONUS = 20


@rule(
    "FH-COMBAT-22",
    summary="Pin: opposed Unarmed Combat, both hands free; attacks on the pinned target get +20 %; "
    "counts as the turn's defence.",
)
def pin(attempt: FhTest, resist: FhTest) -> bool:
    return opposed(attempt, resist) == ATTACKER


@rule(
    "FH-COMBAT-23",
    summary="Escape a pin: STR×5 or Unarmed Combat, opposed by the pinner's Unarmed Combat or STR×5; "
    "counts as the turn's defence.",
)
def escape(attempt: FhTest, resist: FhTest) -> bool:
    return opposed(attempt, resist) == ATTACKER


@rule("FH-COMBAT-24", summary="Armour points come off each hit's damage, never below 0.")
def armor_reduce(damage: int, armor: int) -> int:
    return max(0, damage - max(0, armor))
