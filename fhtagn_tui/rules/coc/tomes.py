"""Call of Cthulhu 7e tomes and magic (catalogue COC-TOME-01 … 15).

Tomes and spells are campaign data (:class:`Tome`, :class:`Spell`), kept with
the Keeper's edits to the madness tables in :class:`CocLore` (the one CoC lore
field of the campaign state).  The functions are the pure rules: reading and
study, references, believers, magic points, learning and casting spells, and
POW gains.
"""

import msgspec

from fhtagn_tui.rules.coc import dice as coc_dice
from fhtagn_tui.rules.coc.dice import Difficulty
from fhtagn_tui.rules.dice import Dice, roll_expr
from fhtagn_tui.rules.registry import rule

CTHULHU_MYTHOS = "Cthulhu Mythos"


class Tome(msgspec.Struct, frozen=True):
    name: str
    language: str  # the reading roll is Language (this) — AMB-60
    rating: int  # Mythos Rating (reference use, full-study halving)
    cmi: int  # Cthulhu Mythos gained by the initial reading
    cmf: int  # Cthulhu Mythos gained by a full study
    san: str = "0"  # SAN loss for reading it (a dice expression)
    weeks: int = 1  # full study time
    difficulty: str = "regular"  # regular | hard | extreme (by the book's condition)
    spells: tuple[str, ...] = ()  # spells that can be learned from it ("" : the Keeper decides)

    @property
    def key(self) -> str:
        return self.name.casefold()


class Spell(msgspec.Struct, frozen=True):
    name: str
    mp: int  # normal magic-point cost
    san: str = "0"  # normal SAN cost (a dice expression)
    time: str = "instant"  # "instant" or a number of rounds
    opposed: bool = False  # resisted by an opposed POW roll (COC-TOME-14)

    @property
    def key(self) -> str:
        return self.name.casefold()


class CocLore(msgspec.Struct, frozen=True):
    """The campaign's CoC library and the Keeper's table edits."""

    tomes: dict[str, Tome] = {}  # key (name casefolded) → tome
    spells: dict[str, Spell] = {}  # key → spell
    madness: dict[str, str] = {}  # "realtime:3" → "Name: effect" (COC-INSANITY-16 overrides)


# --- COC-TOME-01 … 06: reading ---------------------------------------------------------------------


class BookCondition(msgspec.Struct, frozen=True):
    key: str
    description: str
    difficulty: Difficulty


BOOK_CONDITIONS: tuple[BookCondition, ...] = (
    BookCondition("printed", "printed within the last century, in good condition", Difficulty.REGULAR),
    BookCondition("handwritten", "handwritten, especially if old", Difficulty.HARD),
    BookCondition("ancient", "the most challenging ancient, moldering tomes", Difficulty.EXTREME),
)

DIFFICULTIES: dict[str, Difficulty] = {
    "regular": Difficulty.REGULAR,
    "hard": Difficulty.HARD,
    "extreme": Difficulty.EXTREME,
    **{c.key: c.difficulty for c in BOOK_CONDITIONS},
}


def reading_difficulty(text: str) -> Difficulty | None:
    """A difficulty by name or by the book's condition (printed, handwritten, ancient)."""
    return DIFFICULTIES.get(text.strip().casefold())


@rule("COC-TOME-01", summary="Reading roll: Language (the tome's) at Regular, Hard or Extreme by the book's condition; it may be pushed.")
def reading_roll(
    dice: Dice, language: int, difficulty: Difficulty, bonus: int = 0, penalty: int = 0, pushed: bool = False
) -> coc_dice.CocRoll:
    purpose = "pushed reading roll" if pushed else "reading roll"
    return coc_dice.skill_roll(dice, purpose, language, difficulty, bonus, penalty)


@rule("COC-TOME-02", summary="A completed initial reading adds the tome's CMI to Cthulhu Mythos in full; an unfinished one adds nothing.")
def initial_reading_gain(cmi: int, completed: bool) -> int:
    return cmi if completed else 0


@rule("COC-TOME-03", summary="Full study adds CMF, or half of it (rounded down) when Cthulhu Mythos already exceeds the tome's rating.")
def full_study_gain(cmf: int, cthulhu_mythos: int, rating: int) -> int:
    return cmf // 2 if cthulhu_mythos > rating else cmf


@rule("COC-TOME-04", summary="Each further full study of the same tome takes twice as long as the one before.")
def study_weeks(base_weeks: int, study_number: int) -> int:
    return int(base_weeks * 2 ** (study_number - 1))


class Reference(msgspec.Struct, frozen=True):
    hours: int
    roll: int
    rating: int
    success: bool


@rule("COC-TOME-05", summary="Consulting a fully studied tome takes 1D4 hours and finds the answer on 1D100 at or under its Mythos Rating.")
def consult(dice: Dice, rating: int) -> Reference:
    hours = dice.draw("reference hours", "d4")
    roll = dice.draw("reference roll", "d100")
    return Reference(hours, roll, rating, roll <= rating)


class BelieverOutcome(msgspec.Struct, frozen=True):
    loss: int  # SAN actually lost
    believer: bool  # afterwards
    converted: int = 0  # the extra loss equal to Cthulhu Mythos on conversion


@rule("COC-TOME-06", summary="Non-believers lose no SAN to reading; their first Mythos SAN loss adds their Cthulhu Mythos and makes them believers.")
def believer_loss(believer: bool, cause: str, loss: int, cthulhu_mythos: int) -> BelieverOutcome:
    """``cause`` is ``"reading"``, ``"mythos"`` (direct experience) or anything else."""
    if believer:
        return BelieverOutcome(loss, True)
    if cause == "reading":
        return BelieverOutcome(0, False)
    if cause == "mythos" and loss > 0:
        return BelieverOutcome(loss + cthulhu_mythos, True, converted=cthulhu_mythos)
    return BelieverOutcome(loss, False)


# --- COC-TOME-07, 08: magic points ---------------------------------------------------------------------


class Payment(msgspec.Struct, frozen=True):
    mp: int  # MP after
    hp: int  # HP after
    from_hp: int  # the part of the cost paid in HP


@rule("COC-TOME-07", summary="Magic points spent beyond those left are paid from hit points, one for one.")
def pay_magic_points(mp: int, hp: int, cost: int) -> Payment:
    from_mp = min(mp, cost)
    from_hp = cost - from_mp
    return Payment(mp - from_mp, max(0, hp - from_hp), from_hp)


@rule("COC-TOME-08", summary="Magic points come back at 1 an hour (a configurable rate), up to the maximum.")
def recover_magic_points(mp: int, top: int, hours: int, rate: int = 1) -> int:
    return max(mp, min(top, mp + hours * rate))


# --- COC-TOME-09 … 13: spells ---------------------------------------------------------------------------

SOURCES = ("book", "person", "entity")


class Learning(msgspec.Struct, frozen=True):
    source: str
    time: str  # how long it took ("7 weeks", "Keeper's call", "moments")
    learned: bool
    roll: int = 0  # the INT roll (0: none)
    target: int = 0
    hard: bool = False


def _optional_hard_int(dice: Dice, int_value: int, check: bool) -> tuple[int, int, bool]:
    if not check:
        return 0, 0, True
    r = coc_dice.skill_roll(dice, "Hard INT roll (learning)", int_value, Difficulty.HARD)
    return r.roll, int_value, r.success


@rule("COC-TOME-09", summary="A spell from a book needs a finished initial reading, typically 2D6 weeks, and optionally a Hard INT roll.")
def learn_from_book(dice: Dice, int_value: int, weeks: int | None = None, check: bool = False) -> Learning:
    if weeks is None:
        weeks = roll_expr(dice, "weeks of learning", "2d6")
    roll, target, ok = _optional_hard_int(dice, int_value, check)
    return Learning("book", f"{weeks} weeks", ok, roll, target, hard=check)


@rule("COC-TOME-10", summary="A spell taught by a person is learned as from a book, only faster (the Keeper sets the time).")
def learn_from_person(dice: Dice, int_value: int, time: str = "", check: bool = False) -> Learning:
    roll, target, ok = _optional_hard_int(dice, int_value, check)
    return Learning("person", time or "the Keeper's call", ok, roll, target, hard=check)


@rule("COC-TOME-11", summary="A spell from an entity is learned at once, and kept only with a successful INT roll.")
def learn_from_entity(dice: Dice, int_value: int) -> Learning:
    r = coc_dice.skill_roll(dice, "INT roll (retain spell)", int_value)
    return Learning("entity", "moments", r.success, r.roll, int_value)


class FirstCasting(msgspec.Struct, frozen=True):
    roll: int
    pow_value: int
    success: bool
    pushed: bool
    cast: bool  # the spell takes effect (a failed push still casts)
    multiplier: int = 1  # costs × 1D6 after a failed push


@rule("COC-TOME-12", summary="First casting needs a Hard POW roll; it may be pushed, and a failed push casts at one 1D6 × the MP and SAN costs.")
def first_casting(dice: Dice, pow_value: int, pushed: bool = False) -> FirstCasting:
    purpose = "pushed Hard POW roll (first casting)" if pushed else "Hard POW roll (first casting)"
    r = coc_dice.skill_roll(dice, purpose, pow_value, Difficulty.HARD)
    if r.success:
        return FirstCasting(r.roll, pow_value, True, pushed, cast=True)
    if not pushed:
        return FirstCasting(r.roll, pow_value, False, False, cast=False)
    multiplier = dice.draw("failed push cost multiplier", "d6")
    return FirstCasting(r.roll, pow_value, False, True, cast=True, multiplier=multiplier)


def casting_rounds(time: str) -> int | None:
    """0 for instantaneous, N for N rounds, ``None`` if unreadable."""
    text = time.strip().casefold().removesuffix("rounds").removesuffix("round").strip()
    if text in ("instant", "instantaneous", "0", ""):
        return 0
    return int(text) if text.isdigit() else None


class Timing(msgspec.Struct, frozen=True):
    round: int  # the round the spell takes effect in
    initiative: int  # on which initiative value
    label: str


@rule("COC-TOME-13", summary="Instant spells act on DEX+50 this round, 1-round spells on DEX, n-round spells on DEX n−1 rounds later.")
def spell_timing(rounds: int, dex: int, current_round: int) -> Timing:
    if rounds <= 0:
        return Timing(current_round, dex + 50, f"at DEX+50 ({dex + 50}) this round")
    when = current_round + rounds - 1
    label = "this round" if rounds == 1 else f"in round {when}"
    return Timing(when, dex, f"at DEX ({dex}) {label}")


# --- COC-TOME-14, 15: POW ----------------------------------------------------------------------------------


class PowGain(msgspec.Struct, frozen=True):
    roll: int
    pow_value: int
    success: bool
    gain: int = 0


@rule("COC-TOME-14", summary="Winning an opposed spell: 1D100 over POW (or 96+) raises POW by 1D10 for good.")
def pow_increase(dice: Dice, pow_value: int) -> PowGain:
    roll = dice.draw("POW increase", "d100")
    if roll > pow_value or roll >= 96:
        return PowGain(roll, pow_value, True, dice.draw("POW gained", "d10"))
    return PowGain(roll, pow_value, False)


@rule("COC-TOME-15", summary="A Luck roll of 01 calls for the same POW increase check.")
def luck_calls_for_pow_check(luck_roll: int) -> bool:
    return luck_roll == 1
