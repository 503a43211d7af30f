"""Call of Cthulhu 7e full-auto and burst fire (catalogue COC-AUTO).

Fire is declared in advance (bullets and targets), split into volleys of
⌊skill/10⌋ bullets (at least 3), each with its own roll; every roll after the
first costs a penalty die, and past two penalty dice the difficulty rises.
:func:`resolve_auto` draws every volley, its hits and per-bullet damage with
armour taken off each bullet.
"""

from collections.abc import Sequence

import msgspec

from fhtagn_tui.rules.coc.combat import after_armour
from fhtagn_tui.rules.coc.dice import CocRoll, Difficulty, Level
from fhtagn_tui.rules.coc.firearms import Gun, firearm_damage, firearm_roll, malfunctions
from fhtagn_tui.rules.dice import Dice
from fhtagn_tui.rules.registry import rule


@rule(
    "COC-AUTO-01",
    summary="Declare the bullets (no more than are loaded) and the targets before any roll.",
)
def check_declaration(bullets: Sequence[int], loaded: int, gap_bullets: int = 0) -> str | None:
    """A message saying what is wrong with a declaration, or ``None``."""
    if not bullets:
        return "declare at least one target"
    if any(n < 1 for n in bullets):
        return "each target needs at least one bullet"
    total = sum(bullets) + gap_bullets
    if total > loaded:
        gaps = f" plus {gap_bullets} spent moving between targets" if gap_bullets else ""
        return f"{sum(bullets)} bullets{gaps} is more than the {loaded} loaded"
    return None


@rule("COC-AUTO-02", summary="A volley is a tenth of the skill, rounded down, but never fewer than 3 bullets.")
def volley_size(skill: int) -> int:
    return max(3, skill // 10)


@rule(
    "COC-AUTO-03",
    summary="Bullets split into full volleys with the remainder last; each volley and each new target needs a roll.",
)
def split_volleys(bullets: int, size: int) -> tuple[int, ...]:
    if bullets <= 0:
        return ()
    full, rest = divmod(bullets, size)
    return (size,) * full + ((rest,) if rest else ())


@rule("COC-AUTO-04", summary="Burst fire is one volley, one roll, of the weapon's burst size.")
def burst_volleys(burst: int) -> tuple[int, ...]:
    if burst < 1:
        raise ValueError("this weapon cannot fire bursts")
    return (burst,)


@rule("COC-AUTO-05", summary="Swinging fire to another target spends one bullet per metre or yard of gap; they hit nothing.")
def gap_bullets(gap_yards: float) -> int:
    return max(0, -(-int(gap_yards * 1000) // 1000))  # whole yards, part yards round up


class VolleyDice(msgspec.Struct, frozen=True):
    bonus: int
    penalty: int
    difficulty: Difficulty | None  # None: beyond Extreme, the volley cannot hit
    steps: int  # difficulty steps added by excess penalty dice


@rule(
    "COC-AUTO-06",
    "COC-AUTO-07",
    summary="First volley: range difficulty and normal dice; each later roll one more penalty die, "
    "past two penalty dice the difficulty rises a step per die.",
)
def volley_dice(number: int, difficulty: Difficulty | None, net_first: int) -> VolleyDice:
    """The dice of volley ``number`` (1-based) given the first volley's net bonus (+) / penalty (−) dice."""
    net = net_first - (number - 1)
    steps = -2 - net if number >= 2 and net < -2 else 0
    level: Difficulty | None = difficulty
    if difficulty is not None and steps:
        raised = int(difficulty) + steps
        level = Difficulty(raised) if raised <= Difficulty.EXTREME else None
    return VolleyDice(bonus=min(2, max(0, net)), penalty=min(2, max(0, -net)), difficulty=level, steps=steps)


@rule(
    "COC-AUTO-08",
    summary="A successful volley lands half its bullets (rounded down, at least one), each rolled and armoured.",
)
def half_hits(volley: int) -> int:
    return max(1, volley // 2)


class Hits(msgspec.Struct, frozen=True):
    hits: int
    impales: int


@rule(
    "COC-AUTO-09",
    summary="An Extreme volley hits with every bullet and the first half (at least one) impale.",
)
def extreme_volley(volley: int) -> Hits:
    return Hits(hits=volley, impales=half_hits(volley))


@rule("COC-AUTO-10", summary="A volley at Extreme difficulty can at best hit with half; never impales, even on 01.")
def volley_can_impale(difficulty: Difficulty) -> bool:
    return difficulty != Difficulty.EXTREME


def volley_hits(roll: CocRoll, volley: int) -> tuple[Hits, tuple[str, ...]]:
    """Hits and impales of one rolled volley (AUTO-08/09/10)."""
    if not roll.success:
        return Hits(0, 0), ()
    if not volley_can_impale(roll.difficulty):
        return Hits(half_hits(volley), 0), ("COC-AUTO-10", "COC-AUTO-08")
    if roll.level >= Level.EXTREME:
        return extreme_volley(volley), ("COC-AUTO-09",)
    return Hits(half_hits(volley), 0), ("COC-AUTO-08",)


@rule(
    "COC-AUTO-11",
    summary="Every volley roll is checked for malfunction; a jam ends the firing and the rest is not fired.",
)
def volley_jams(roll: int, malfunction: int | None) -> bool:
    return malfunctions(roll, malfunction)


# --- a whole burst or stream of fire ---------------------------------------------------------


class AutoTarget(msgspec.Struct, frozen=True):
    id: str
    bullets: int
    difficulty: Difficulty | None  # from range; None: out of range
    net: int = 0  # bonus (+) / penalty (−) dice from the modifiers, for this target
    armour: int = 0


class Bullet(msgspec.Struct, frozen=True):
    rolled: int
    taken: int  # after armour
    impaled: bool


class Volley(msgspec.Struct, frozen=True):
    target: str
    number: int  # 1-based, counted across targets
    bullets: int
    bonus: int
    penalty: int
    difficulty: int | None  # 2 regular, 3 hard, 4 extreme; None: cannot hit
    roll: CocRoll | None  # None: impossible, no roll
    jammed: bool
    hits: tuple[Bullet, ...]

    @property
    def damage(self) -> int:
        return sum(b.taken for b in self.hits)


class AutoResult(msgspec.Struct, frozen=True):
    volleys: tuple[Volley, ...]
    spent: int  # every bullet fired, gap bullets included
    gap_spent: int
    jammed: bool
    rules: tuple[str, ...]


def resolve_auto(
    dice: Dice,
    skill: int,
    gun: Gun,
    targets: Sequence[AutoTarget],
    gap: int = 0,
    burst: int = 0,
) -> AutoResult:
    """Fire at ``targets`` in order: full auto in volleys, or (``burst``>0) one burst at one target.

    ``gap`` bullets are spent between consecutive targets.  Dice order per volley:
    the roll, then damage for each bullet that hits, in order.
    """
    size = volley_size(skill)
    rules = ["COC-AUTO-01", "COC-FIREARM-01", "COC-FIREARM-03", "COC-DICE-01", "COC-DICE-02", "COC-AUTO-11"]
    rules.append("COC-AUTO-04" if burst else "COC-AUTO-02")
    rules.append("COC-AUTO-03")
    volleys: list[Volley] = []
    spent = gap_spent = 0
    number = 0
    jammed = False
    for t_index, target in enumerate(targets):
        if jammed:
            break
        if t_index:
            spent += gap
            gap_spent += gap
            rules.append("COC-AUTO-05")
        plan = burst_volleys(burst) if burst else split_volleys(target.bullets, size)
        first_net = target.net
        for bullets in plan:
            number += 1
            vd = volley_dice(number if not burst else 1, target.difficulty, first_net)
            rules.append("COC-AUTO-06" if number == 1 else "COC-AUTO-07")
            if vd.bonus or vd.penalty:
                rules.append("COC-DICE-04")
            if vd.difficulty is None:
                spent += bullets
                volleys.append(Volley(target.id, number, bullets, vd.bonus, vd.penalty, None, None, False, ()))
                continue
            roll = firearm_roll(dice, skill, vd.difficulty, vd.bonus, vd.penalty)
            if volley_jams(roll.roll, gun.malfunction):
                jammed = True
                volleys.append(Volley(target.id, number, bullets, vd.bonus, vd.penalty, int(vd.difficulty), roll, True, ()))
                break
            spent += bullets
            hits, more = volley_hits(roll, bullets)
            rules += more
            shots = []
            for i in range(hits.hits):
                impale = i < hits.impales
                dmg = firearm_damage(dice, gun.damage, impale, gun.impaling, gun.db, gun.db_mode)
                shots.append(Bullet(dmg.total, after_armour(dmg.total, target.armour), impale and gun.impaling))
            if shots:
                rules.append("COC-COMBAT-08")
                if hits.impales:
                    rules.append("COC-FIREARM-10")
            volleys.append(
                Volley(target.id, number, bullets, vd.bonus, vd.penalty, int(vd.difficulty), roll, False, tuple(shots))
            )
    return AutoResult(tuple(volleys), spent, gap_spent, jammed, tuple(dict.fromkeys(rules)))
