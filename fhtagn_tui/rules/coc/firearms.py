"""Call of Cthulhu 7e firearms (catalogue COC-FIREARM).

A shot is one unopposed d100 roll against the Firearms skill; range sets the
difficulty, every other circumstance is a bonus or penalty die (the
modifiers are data: :data:`FIREARM_MODIFIERS`).  :func:`resolve_shot` draws
the shot, checks malfunction, impales and the fumble into melee, and rolls
damage.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import msgspec

from fhtagn_tui.rules.coc.dice import CocRoll, Difficulty, Level, is_fumble, skill_roll
from fhtagn_tui.rules.coc.melee import DamageRoll, DbMode, damage_roll, extreme_damage
from fhtagn_tui.rules.dice import Dice
from fhtagn_tui.rules.registry import rule


@rule(
    "COC-FIREARM-01",
    summary="A shot is one unopposed Firearms roll at the range's difficulty; a failure never deals damage.",
)
def firearm_roll(
    dice: Dice, skill: int, difficulty: Difficulty = Difficulty.REGULAR, bonus: int = 0, penalty: int = 0
) -> CocRoll:
    return skill_roll(dice, "Firearms", skill, difficulty, bonus, penalty)


@rule("COC-FIREARM-02", summary="Firing a firearm readied at the start of the round acts at DEX+50.")
def readied_dex(dex: int, firing_readied: bool) -> int:
    return dex + 50 if firing_readied else dex


@rule(
    "COC-FIREARM-03",
    summary="Range sets the difficulty: base range Regular, double Hard, quadruple Extreme, beyond impossible.",
)
def range_difficulty(distance: float, base_range: float) -> Difficulty | None:
    if base_range <= 0:
        raise ValueError("a base range must be above 0")
    if distance <= base_range:
        return Difficulty.REGULAR
    if distance <= 2 * base_range:
        return Difficulty.HARD
    if distance <= 4 * base_range:
        return Difficulty.EXTREME
    return None


@rule(
    "COC-FIREARM-04",
    summary="At Extreme range an Extreme success is only a hit; only a roll of 01 impales (single shots).",
)
def shot_is_extreme(roll: CocRoll) -> bool:
    """Whether a successful single shot deals extreme damage."""
    if not roll.success:
        return False
    if roll.difficulty == Difficulty.EXTREME:
        return roll.roll == 1
    return roll.level >= Level.EXTREME


class Modifier(msgspec.Struct, frozen=True):
    key: str  # the toggle word typed in a command
    label: str
    bonus: int = 0
    penalty: int = 0


#: COC-FIREARM-05: every bonus and penalty die a shot can take.
FIREARM_MODIFIERS: tuple[Modifier, ...] = (
    Modifier("aim", "aiming for one round", bonus=1),
    Modifier("point-blank", "point-blank range (within DEX/5 feet)", bonus=1),
    Modifier("large", "large target (Build 4+)", bonus=1),
    Modifier("cover", "target diving for cover (Dodge success)", penalty=1),
    Modifier("concealed", "target partially concealed (50%+)", penalty=1),
    Modifier("fast", "fast-moving target (MOV 8+)", penalty=1),
    Modifier("small", "small target (Build -2 or less)", penalty=1),
    Modifier("load-one", "loading one bullet and firing this round", penalty=1),
    Modifier("handgun-shots", "2+ handgun shots this round", penalty=1),
    Modifier("melee", "firing into melee", penalty=1),
)

MODIFIER_KEYS = tuple(m.key for m in FIREARM_MODIFIERS)


def modifier(key: str) -> Modifier | None:
    for m in FIREARM_MODIFIERS:
        if m.key == key:
            return m
    return None


class ModifierDice(msgspec.Struct, frozen=True):
    bonus: int
    penalty: int
    applied: tuple[str, ...]  # modifier keys, in table order

    @property
    def net(self) -> int:
        return self.bonus - self.penalty


@rule(
    "COC-FIREARM-05",
    summary="Shot modifiers: aim, point blank, large target give bonus dice; cover, concealment, fast, small, "
    "loading, handgun shots, melee give penalty dice.",
)
def modifier_dice(
    keys: Iterable[str] = (),
    target_build: int | None = None,
    target_mov: int | None = None,
    distance_ft: float | None = None,
    shooter_dex: int | None = None,
) -> ModifierDice:
    """Dice for the toggles given, plus those the numbers imply (Build, MOV, point blank)."""
    chosen = set(keys)
    unknown = chosen - set(MODIFIER_KEYS)
    if unknown:
        raise ValueError(f"unknown firearm modifier {sorted(unknown)[0]!r} (known: {', '.join(MODIFIER_KEYS)})")
    if target_build is not None and target_build >= 4:
        chosen.add("large")
    if target_build is not None and target_build <= -2:
        chosen.add("small")
    if target_mov is not None and target_mov >= 8:
        chosen.add("fast")
    if distance_ft is not None and shooter_dex is not None and point_blank(distance_ft, shooter_dex):
        chosen.add("point-blank")
    applied = tuple(m.key for m in FIREARM_MODIFIERS if m.key in chosen)
    bonus = sum(m.bonus for m in FIREARM_MODIFIERS if m.key in chosen)
    penalty = sum(m.penalty for m in FIREARM_MODIFIERS if m.key in chosen)
    return ModifierDice(bonus=bonus, penalty=penalty, applied=applied)


def point_blank(distance_ft: float, shooter_dex: int) -> bool:
    """Point-blank range: within a fifth of the shooter's DEX in feet."""
    return distance_ft <= shooter_dex // 5


@rule(
    "COC-FIREARM-06",
    summary="Aim on your turn, shoot in the same slot next round with a bonus die; damage or moving loses it.",
)
def aim_holds(aimed_round: int, current_round: int, disturbed: bool = False) -> bool:
    return current_round == aimed_round + 1 and not disturbed


@rule(
    "COC-FIREARM-07",
    summary="Firing into melee: a penalty die, and a fumble hits the ally in the line of fire with the lowest Luck.",
)
def line_of_fire_victim(allies: Sequence[tuple[str, int]]) -> str | None:
    """The ally hit on a fumble: lowest Luck (the first listed on a tie), ``None`` with no ally."""
    if not allies:
        return None
    return min(allies, key=lambda a: a[1])[0]


class Reload(msgspec.Struct, frozen=True):
    kind: str
    rounds: int  # combat rounds spent
    before: int
    after: int


#: COC-FIREARM-08: how a weapon is loaded, and how much one round of loading does.
RELOAD_KINDS: dict[str, str] = {
    "shells": "2 shells or rounds per combat round (handguns, rifles, shotguns)",
    "magazine": "1 round to exchange a clip or magazine",
    "belt": "2 rounds to change a machine-gun belt",
}


@rule(
    "COC-FIREARM-08",
    summary="Reloading: 2 shells a round into a handgun, rifle or shotgun; 1 round per magazine; 2 per belt.",
)
def reload(kind: str, loaded: int, capacity: int, rounds: int | None = None) -> Reload:
    """Load for ``rounds`` combat rounds (``None``: until full).  Raises on an impossible request."""
    if kind not in RELOAD_KINDS:
        raise ValueError(f"reload kind {kind!r} is not one of {', '.join(RELOAD_KINDS)}")
    if capacity <= 0:
        raise ValueError("the weapon holds no ammunition")
    if loaded >= capacity:
        raise ValueError(f"already full ({loaded}/{capacity})")
    if rounds is not None and rounds < 1:
        raise ValueError("reloading takes at least one round")
    if kind == "shells":
        needed = -(-(capacity - loaded) // 2)
        spent = needed if rounds is None else min(rounds, needed)
        return Reload(kind, spent, loaded, min(capacity, loaded + 2 * spent))
    needed = 1 if kind == "magazine" else 2
    if rounds is not None and rounds < needed:
        raise ValueError(f"changing a {kind} takes {needed} rounds")
    return Reload(kind, needed, loaded, capacity)


@rule("COC-FIREARM-09", summary="Two or more handgun shots in one round: every one of them takes a penalty die.")
def handgun_shots_penalty(shots: int, handgun: bool) -> int:
    return 1 if handgun and shots >= 2 else 0


@rule(
    "COC-FIREARM-10",
    summary="Bullets impale: an Extreme hit deals maximum damage plus a damage roll (max only for shotguns and blunt).",
)
def firearm_damage(
    dice: Dice, damage: str, extreme: bool, impaling: bool = True, db: str = "0", db_mode: DbMode = "none"
) -> DamageRoll:
    """Firearms add no damage bonus; bows and slings resolved as firearms add half (COC-COMBAT-06)."""
    if extreme:
        return extreme_damage(dice, damage, db, db_mode, impaling)
    return damage_roll(dice, damage, db, db_mode)


@rule(
    "COC-FIREARM-11",
    summary="A final roll at or over the malfunction number jams the gun: no shot, no hit, no ammunition spent.",
)
def malfunctions(roll: int, malfunction: int | None) -> bool:
    return malfunction is not None and roll >= malfunction


# --- one shot ------------------------------------------------------------------------------


class Gun(msgspec.Struct, frozen=True):
    name: str
    damage: str  # the damage dice at this range
    impaling: bool = True
    malfunction: int | None = None
    handgun: bool = False
    db: str = "0"  # the shooter's damage bonus (used only with db_mode)
    db_mode: DbMode = "none"  # "half" for bows and slings (COC-COMBAT-03/06)


class ShotResult(msgspec.Struct, frozen=True):
    roll: CocRoll | None  # None: out of range, no roll
    bonus: int
    penalty: int
    applied: tuple[str, ...]  # modifier keys
    hit: bool
    malfunction: bool
    extreme: bool
    damage: DamageRoll | None
    fumble: bool
    rules: tuple[str, ...]
    ally_hit: str | None = None  # a fumble into melee hit this ally (``damage`` is theirs)


def resolve_shot(
    dice: Dice,
    skill: int,
    gun: Gun,
    difficulty: Difficulty,
    mods: ModifierDice,
    extra_bonus: int = 0,
    allies_in_line: Sequence[tuple[str, int]] = (),
) -> ShotResult:
    """One single shot: the roll, malfunction, hit, extreme/impale, damage (in that dice order).

    ``extra_bonus`` carries bonus dice from outside the firearm list (surprise, outnumbered).
    ``allies_in_line`` ((id, Luck) pairs) are at risk when firing into melee: on a fumble the
    one with the lowest Luck takes a normal damage roll.
    """
    bonus = mods.bonus + extra_bonus
    roll = firearm_roll(dice, skill, difficulty, bonus, mods.penalty)
    rules = ["COC-FIREARM-01", "COC-FIREARM-03", "COC-MELEE-12", "COC-DICE-01", "COC-DICE-02", "COC-DICE-03"]
    if mods.applied or extra_bonus:
        rules += ["COC-FIREARM-05", "COC-DICE-04"]
    if "melee" in mods.applied:
        rules.append("COC-FIREARM-07")
    if "handgun-shots" in mods.applied:
        rules.append("COC-FIREARM-09")
    rules.append("COC-FIREARM-11")
    fumble = is_fumble(roll.roll, skill, difficulty)
    if malfunctions(roll.roll, gun.malfunction):
        return ShotResult(roll, bonus, mods.penalty, mods.applied, False, True, False, None, fumble, tuple(rules))
    if fumble and "melee" in mods.applied:
        ally = line_of_fire_victim(allies_in_line)
        if ally is not None:
            dmg = firearm_damage(dice, gun.damage, False, gun.impaling, gun.db, gun.db_mode)
            return ShotResult(
                roll, bonus, mods.penalty, mods.applied, False, False, False, dmg, True, tuple(rules), ally
            )
    if not roll.success:
        return ShotResult(roll, bonus, mods.penalty, mods.applied, False, False, False, None, fumble, tuple(rules))
    extreme = shot_is_extreme(roll)
    if difficulty == Difficulty.EXTREME:
        rules.append("COC-FIREARM-04")
    if extreme:
        rules.append("COC-FIREARM-10")
    dmg = firearm_damage(dice, gun.damage, extreme, gun.impaling, gun.db, gun.db_mode)
    return ShotResult(roll, bonus, mods.penalty, mods.applied, True, False, extreme, dmg, False, tuple(rules))
