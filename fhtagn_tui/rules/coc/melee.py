"""Call of Cthulhu 7e melee: order, surprise, responses, damage (catalogue COC-MELEE).

The pure pieces of a Fighting attack.  :func:`resolve_melee` puts them
together: the attacker's Fighting roll, the defender's response roll (Dodge
or Fighting), who wins, and the damage the winner deals, every die drawn
through :class:`~fhtagn_tui.rules.dice.Dice`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

import msgspec

from fhtagn_tui.rules.coc.dice import CocRoll, Level, skill_roll
from fhtagn_tui.rules.dice import Dice, roll_expr
from fhtagn_tui.rules.registry import rule

Winner = Literal["attacker", "defender", "none"]
Response = Literal["dodge", "fight back", "maneuver", "none"]
DbMode = Literal["full", "half", "none"]

RESPONSES: tuple[Response, ...] = ("dodge", "fight back", "maneuver", "none")

#: The unarmed human attack (COC-MELEE-08).
UNARMED_DAMAGE = "1D3"


# --- order of attack, surprise, actions ---------------------------------------------


class Initiative(msgspec.Struct, frozen=True):
    """One combatant's claim to a place in the order of attack."""

    id: str
    dex: int
    skill: int = 0  # the skill of the declared action (tie-break 1)
    is_pc: bool = False  # tie-break 2
    entry: int = 0  # tie-break 3: order of entry into the fight
    readied_firearm: bool = False  # firing a readied firearm this round: DEX+50
    instant_spell: bool = False  # an instantaneous spell: DEX+50


def effective_dex(entry: Initiative) -> int:
    from fhtagn_tui.rules.coc.firearms import readied_dex  # firearms builds on this module

    if entry.instant_spell and not entry.readied_firearm:
        return entry.dex + 50
    return readied_dex(entry.dex, entry.readied_firearm)


@rule(
    "COC-MELEE-01",
    summary="Act in DEX order (readied guns and instant spells at DEX+50); ties: skill, PCs, entry.",
)
def order_of_attack(entries: Sequence[Initiative]) -> list[str]:
    ranked = sorted(entries, key=lambda e: (-effective_dex(e), -e.skill, not e.is_pc, e.entry))
    return [e.id for e in ranked]


class Surprise(msgspec.Struct, frozen=True):
    noticed: bool
    auto_hit: bool
    bonus: int  # bonus dice on the surprise attack


@rule(
    "COC-MELEE-02",
    summary="Surprise: a target who fails to notice is hit automatically or the attack gains a bonus die.",
)
def surprise(noticed: bool, keeper_auto_hit: bool = False, ranged: bool = False) -> Surprise:
    """``keeper_auto_hit`` is the Keeper's choice; firearm and thrown attacks always roll."""
    if noticed:
        return Surprise(noticed=True, auto_hit=False, bonus=0)
    if keeper_auto_hit and not ranged:
        return Surprise(noticed=False, auto_hit=True, bonus=0)
    return Surprise(noticed=False, auto_hit=False, bonus=1)


@rule("COC-MELEE-03", summary="One action a round; NPCs and monsters may have several attacks a round.")
def attacks_allowed(attacks_per_round: int = 1) -> int:
    return max(1, attacks_per_round)


@rule(
    "COC-MELEE-04",
    summary="The attacker declares harm or a maneuver; the target fights back, dodges, maneuvers or takes it.",
)
def allowed_responses(intent: Literal["damage", "maneuver"]) -> tuple[Response, ...]:
    """The target's choices; a response does not use up the target's own action."""
    if intent not in ("damage", "maneuver"):
        raise ValueError(f"intent {intent!r} is not damage or maneuver")
    return RESPONSES


# --- who wins ------------------------------------------------------------------------


def _fails(level: Level) -> bool:
    """Failure and Fumble both count as 'fail' between opposed combat rolls."""
    return not level.succeeded


@rule(
    "COC-MELEE-05",
    summary="Fight back: the better level wins and deals damage; a draw goes to the attacker; both fail, nothing.",
)
def fight_back(attack: Level, defence: Level) -> Winner:
    if _fails(attack) and _fails(defence):
        return "none"
    if _fails(defence) or attack >= defence:
        return "attacker"
    return "defender"


@rule(
    "COC-MELEE-06",
    summary="Dodge: the attack hits only if it succeeds at a higher level than the dodge; a draw goes to the dodger.",
)
def dodge(attack: Level, defence: Level) -> Winner:
    if _fails(attack) and _fails(defence):
        return "none"
    if not _fails(attack) and (_fails(defence) or attack > defence):
        return "attacker"
    return "defender"  # the dodger evades; a dodger never deals damage


@rule(
    "COC-MELEE-07",
    summary="No response: an unopposed Regular Fighting roll; success hits, Extreme or Critical deals extreme damage.",
)
def unopposed(attack: Level) -> Winner:
    return "attacker" if attack.succeeded else "none"


@rule(
    "COC-MELEE-11",
    summary="Only the initiating attacker can deal extreme damage; a defender who wins by fighting back deals normal damage.",
)
def extreme_applies(winner: Winner, level: Level) -> bool:
    return winner == "attacker" and level >= Level.EXTREME


# --- damage ---------------------------------------------------------------------------

_TERM = re.compile(r"([+-]?)(\d*)(?:[dD](\d+))?")
_EXPR = re.compile(r"^[+-]?(\d*[dD]\d+|\d+)([+-](\d*[dD]\d+|\d+))*$")


def damage_terms(expr: str) -> tuple[tuple[int, int, int], ...]:
    """``"1D8+1D4-1"`` → ((1, 1, 8), (1, 1, 4), (-1, 1, 0)): (sign, count, faces); faces 0 = constant."""
    text = expr.replace(" ", "")
    if text in ("", "0", "+0", "-0"):
        return ()
    if not _EXPR.match(text):
        raise ValueError(f"{expr!r} is not a damage expression (e.g. 1D6, 1D8+1D4, 2D6+2, -1)")
    out = []
    for m in _TERM.finditer(text):
        if not m.group(0):
            continue
        sign = -1 if m.group(1) == "-" else 1
        count = int(m.group(2) or "1")
        if m.group(3) is None:
            out.append((sign, count, 0))
        else:
            out.append((sign, count, int(m.group(3))))
    return tuple(out)


def max_damage(expr: str) -> int:
    """The highest total an expression can show (a negative flat value counts as itself)."""
    total = 0
    for sign, count, faces in damage_terms(expr):
        if faces == 0:
            total += sign * count
        else:
            total += count * faces if sign > 0 else -count
    return total


def roll_damage_expr(dice: Dice, purpose: str, expr: str) -> int:
    text = expr.replace(" ", "")
    if text in ("", "0", "+0", "-0"):
        return 0
    damage_terms(text)  # validates
    return roll_expr(dice, purpose, text.lstrip("+"))


def _half_toward_zero(value: int) -> int:
    return int(value / 2)


class DamageRoll(msgspec.Struct, frozen=True):
    total: int  # before armour, never below 0
    weapon: int  # the weapon dice (maximum when extreme)
    bonus: int  # the damage bonus added (halved for thrown/muscle missiles)
    extra: int = 0  # the impale roll
    extreme: bool = False
    impaled: bool = False


@rule(
    "COC-MELEE-08",
    summary="Damage is the weapon dice plus damage bonus (unarmed 1D3+DB; half DB thrown; none for guns), at least 0.",
)
def damage_roll(dice: Dice, weapon: str, db: str = "0", db_mode: DbMode = "full") -> DamageRoll:
    dealt = roll_damage_expr(dice, "damage", weapon)
    bonus = 0
    if db_mode != "none":
        bonus = roll_damage_expr(dice, "damage bonus", db)
        if db_mode == "half":
            bonus = _half_toward_zero(bonus)
    return DamageRoll(total=max(0, dealt + bonus), weapon=dealt, bonus=bonus)


@rule(
    "COC-MELEE-09",
    "COC-MELEE-10",
    summary="Extreme damage: maximum weapon dice plus maximum DB, and an impaling weapon adds one more weapon roll.",
)
def extreme_damage(
    dice: Dice, weapon: str, db: str = "0", db_mode: DbMode = "full", impaling: bool = False
) -> DamageRoll:
    top = max_damage(weapon)
    bonus = 0
    if db_mode != "none":
        bonus = max_damage(db)
        if db_mode == "half":
            bonus = _half_toward_zero(bonus)
    extra = roll_damage_expr(dice, "impale", weapon) if impaling else 0
    return DamageRoll(
        total=max(0, top + bonus + extra), weapon=top, bonus=bonus, extra=extra, extreme=True, impaled=impaling
    )


@rule("COC-MELEE-13", summary="On their own turn, a character with a way out who is not restrained may flee melee.")
def may_flee(has_escape_route: bool = True, restrained: bool = False) -> bool:
    return has_escape_route and not restrained


# --- one Fighting attack ------------------------------------------------------------------


class MeleeWeapon(msgspec.Struct, frozen=True):
    name: str = "Unarmed"
    damage: str = UNARMED_DAMAGE
    impaling: bool = False
    db_mode: DbMode = "full"


class Fighter(msgspec.Struct, frozen=True):
    skill: int  # Fighting (or Dodge for a dodging defender)
    db: str = "0"
    weapon: MeleeWeapon = MeleeWeapon()


class MeleeResult(msgspec.Struct, frozen=True):
    response: Response
    attack: CocRoll | None  # None: the attack hit automatically (surprise)
    defence: CocRoll | None
    winner: Winner
    extreme: bool  # the winner deals extreme damage
    damage: DamageRoll | None  # dealt by the winner to the loser
    rules: tuple[str, ...]


def winner_for(response: Response, attack: Level, defence: Level | None) -> tuple[Winner, str]:
    if response == "dodge":
        assert defence is not None
        return dodge(attack, defence), "COC-MELEE-06"
    if response == "fight back":
        assert defence is not None
        return fight_back(attack, defence), "COC-MELEE-05"
    return unopposed(attack), "COC-MELEE-07"


def deal_damage(dice: Dice, fighter: Fighter, extreme: bool) -> tuple[DamageRoll, tuple[str, ...]]:
    w = fighter.weapon
    if extreme:
        rules = ("COC-MELEE-09", "COC-MELEE-10") if w.impaling else ("COC-MELEE-09",)
        return extreme_damage(dice, w.damage, fighter.db, w.db_mode, w.impaling), rules
    return damage_roll(dice, w.damage, fighter.db, w.db_mode), ("COC-MELEE-08",)


def resolve_melee(
    dice: Dice,
    attacker: Fighter,
    defender: Fighter,
    response: Literal["dodge", "fight back", "none"],
    bonus: int = 0,
    penalty: int = 0,
    defence_bonus: int = 0,
    defence_penalty: int = 0,
    auto_hit: bool = False,
) -> MeleeResult:
    """A Fighting attack meant to harm.  ``defender.skill`` is Dodge or Fighting per ``response``.

    Dice are drawn in this order: the attack roll, the defence roll, then damage.
    ``auto_hit`` (surprise, Keeper's choice) skips both rolls and deals normal damage.
    """
    rules: list[str] = ["COC-MELEE-04", "COC-MELEE-12"]
    if auto_hit:
        dmg, more = deal_damage(dice, attacker, extreme=False)
        return MeleeResult(response, None, None, "attacker", False, dmg, ("COC-MELEE-02", *rules, *more))
    att = skill_roll(dice, "Fighting", attacker.skill, bonus=bonus, penalty=penalty)
    dfn: CocRoll | None = None
    if response != "none":
        label = "Dodge" if response == "dodge" else "Fighting back"
        dfn = skill_roll(dice, label, defender.skill, bonus=defence_bonus, penalty=defence_penalty)
    rules += ["COC-DICE-01", "COC-DICE-02"]
    if bonus or penalty or defence_bonus or defence_penalty:
        rules.append("COC-DICE-04")
    winner, rid = winner_for(response, att.level, dfn.level if dfn else None)
    rules.append(rid)
    extreme = False
    damage = None
    if winner == "attacker":
        extreme = extreme_applies(winner, att.level)
        rules.append("COC-MELEE-11")
        damage, more = deal_damage(dice, attacker, extreme)
        rules += more
    elif winner == "defender" and response == "fight back":
        rules.append("COC-MELEE-11")
        damage, more = deal_damage(dice, defender, extreme=False)
        rules += more
    return MeleeResult(response, att, dfn, winner, extreme, damage, tuple(dict.fromkeys(rules)))
