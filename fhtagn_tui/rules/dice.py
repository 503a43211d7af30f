"""Dice: one interface for every random draw.

Every die the engine draws goes through :class:`Dice.draw` with a *purpose*
(what the die is for) and a *die* kind.  The draw is recorded as a
:class:`Roll`, and the recorded rolls travel inside the event that used them,
so replaying a log never rolls again.

Die kinds:

* ``dN``     one die with faces 1..N (``d4``, ``d6``, ``d8``, ``d10``, ``d20``, ``d100``)
* ``tens``   a percentile tens die: 0, 10, ... 90 ("00" reads 0)
* ``units``  a percentile units die: 0..9

Where a value comes from is the :class:`DiceSource`'s business: a seedable RNG,
values typed in by the GM (physical dice at the table), or values forced by a
test.  All sources are validated the same way, so a typed ``d6`` showing 7 is
refused with a message that names the die and its purpose.
"""

import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import msgspec

if TYPE_CHECKING:
    from d20 import diceast

__all__ = [
    "DiceError",
    "DiceNeeded",
    "Dice",
    "DiceSource",
    "ForcedSource",
    "ProbeSource",
    "needed_text",
    "RandomSource",
    "Roll",
    "d100",
    "die_faces",
    "parse_typed",
    "roll_expr",
    "check_expr",
    "MAX_DICE",
    "MAX_SIDES",
]


class DiceError(ValueError):
    """A die value or a dice expression that cannot be used."""


#: Bounds of what a dice expression may ask for (checked where it is parsed, and again where it is
#: rolled, so an out-of-bounds expression already in a log is refused, never worked out).
MAX_DICE = 1000  # dice in one expression, all terms together
MAX_SIDES = 1000
MAX_NUMBER = 10_000  # a modifier or multiplier
MAX_EXPR = 64  # characters
MAX_TOTAL = 1_000_000  # the largest total an expression may reach
_HIGHEST = "\0highest"  # the purpose of a check that counts every die at its highest
BOUNDS = (f"at most {MAX_DICE} dice of at most {MAX_SIDES} sides, numbers up to {MAX_NUMBER}, "
          f"{MAX_EXPR} characters")


class DiceNeeded(DiceError):
    """Typed-in dice ran out before the resolution finished."""

    def __init__(self, purpose: str, die: str, given: int) -> None:
        self.purpose = purpose
        self.die = die
        self.given = given
        super().__init__(
            f"not enough dice typed in: {given} given, the next one needed is "
            f"a {die} for {purpose!r}"
        )


class Roll(msgspec.Struct, frozen=True, gc=False, array_like=True):
    """One die drawn: what it was for, which die, the value shown."""

    purpose: str
    die: str
    value: int

    def __str__(self) -> str:
        return f"{self.purpose} {self.die}={self.value}"


def die_faces(die: str) -> range:
    """The faces a die kind can show."""
    if die == "tens":
        return range(0, 91, 10)
    if die == "units":
        return range(0, 10)
    if die.startswith("d") and die[1:].isdigit() and len(die) <= 8 and 1 <= int(die[1:]) <= MAX_SIDES:
        return range(1, int(die[1:]) + 1)
    if die.startswith("d") and die[1:].isdigit():
        raise DiceError(f"a die has at most {MAX_SIDES} sides, not {_short(die[1:])}")
    raise DiceError(f"unknown die {_short(die)!r}")


def _short(text: str) -> str:
    """A number or name quoted in a message, cut to a readable length."""
    return text if len(text) <= 12 else f"{text[:6]}…({len(text)} digits)"


def _coerce(die: str, raw: int | str) -> int:
    """Read a typed value for a die, accepting the ways dice are read aloud."""
    if isinstance(raw, str):
        text = raw.strip()
        if not text.lstrip("-").isdigit() or len(text) > 7:
            raise DiceError(f"{_short(raw)!r} is not a die's number")
        if die == "d100" and text in ("00", "0"):
            return 100
        value = int(text)
    else:
        value = int(raw)
    if die == "tens" and 0 <= value <= 9:
        value *= 10  # a tens die typed as its digit
    return value


def validate(die: str, value: int, purpose: str = "") -> int:
    faces = die_faces(die)
    if value not in faces:
        what = f" for {purpose!r}" if purpose else ""
        shown = f"{faces.start}..{faces[-1]}" if faces.step == 1 else "00, 10, ... 90"
        raise DiceError(f"a {die} cannot show {value}{what} (it shows {shown})")
    return value


class DiceSource(Protocol):
    def value(self, purpose: str, die: str) -> int: ...


class RandomSource:
    """Seedable pseudo-random dice."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def value(self, purpose: str, die: str) -> int:
        return self._rng.choice(die_faces(die))


class ForcedSource:
    """Values given in advance, used in draw order: typed by the GM or forced by a test.

    When the values run out, ``then`` supplies the rest; without ``then`` the
    draw fails with :class:`DiceNeeded`, which says which die was wanted.
    """

    def __init__(self, values: Iterable[int | str], then: DiceSource | None = None) -> None:
        self._values = list(values)
        self._used = 0
        self._then = then
        self.short: tuple[str, str] | None = None  # (purpose, die) of the first die that was missing

    @property
    def remaining(self) -> int:
        return len(self._values) - self._used

    def value(self, purpose: str, die: str) -> int:
        if self._used < len(self._values):
            raw = self._values[self._used]
            self._used += 1
            return _coerce(die, raw)
        if self._then is None:
            self.short = (purpose, die)
            raise DiceNeeded(purpose, die, self._used)
        return self._then.value(purpose, die)


class ProbeSource:
    """Stands in for dice not typed in, to learn which the rule would still draw: each die
    shows a failing, high face (a d100 98, a d6 6) and is noted; it stops after ``limit``."""

    def __init__(self, limit: int = 40) -> None:
        self.wanted: list[tuple[str, str]] = []
        self.limit = limit

    def value(self, purpose: str, die: str) -> int:
        if len(self.wanted) >= self.limit:
            raise DiceError("too many dice to list")
        self.wanted.append((purpose, die))
        if die == "d100":
            return 98
        if die == "units":
            return 8
        return die_faces(die)[-1]


def needed_text(wanted: Sequence[tuple[str, str]]) -> str:
    """``"d100 for 'SAN roll', then 3d6 for 'Fright Check'"`` — repeats of one die grouped."""
    groups: list[list[object]] = []
    for purpose, die in wanted:
        if groups and groups[-1][0] == purpose and groups[-1][1] == die:
            groups[-1][2] = int(str(groups[-1][2])) + 1
        else:
            groups.append([purpose, die, 1])
    def named(die: object, count: object) -> str:
        if count == 1:
            return f"a {die}" if str(die).startswith("d") else f"a {die} die"
        return f"{count}{die}" if str(die).startswith("d") else f"{count} {die} dice"

    parts = [f"{named(die, count)} for {purpose!r}" for purpose, die, count in groups]
    return ", then ".join(parts)


def parse_typed(text: str) -> list[str]:
    """Split a typed dice list (``"47"``, ``"4,7"``, ``"3 5 6"``) into values."""
    parts = [p for p in text.replace(",", " ").replace("/", " ").split() if p]
    for p in parts:
        if not p.lstrip("-").isdigit():
            raise DiceError(f"typed dice must be numbers, not {p!r}")
    return parts


class Dice:
    """The recorder every rule draws from."""

    def __init__(self, source: DiceSource | None = None) -> None:
        self.source: DiceSource = source if source is not None else RandomSource()
        self.drawn: list[Roll] = []
        self._mark = 0

    @classmethod
    def forced(cls, *values: int | str) -> "Dice":
        return cls(ForcedSource(values))

    @classmethod
    def seeded(cls, seed: int) -> "Dice":
        return cls(RandomSource(seed))

    def draw(self, purpose: str, die: str) -> int:
        value = validate(die, self.source.value(purpose, die), purpose)
        self.drawn.append(Roll(purpose, die, value))
        return value

    def take(self) -> list[Roll]:
        """The rolls drawn since the last ``take`` (to attach to one event)."""
        rolls = self.drawn[self._mark :]
        self._mark = len(self.drawn)
        return rolls


def _clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


def d100(dice: Dice, purpose: str, bonus: int = 0, penalty: int = 0) -> int:
    """A percentile roll, 1..100, with CoC bonus/penalty dice on the tens die.

    Without bonus or penalty dice it is one ``d100`` draw.  With them, one
    units die and 1 + |net| tens dice are drawn and every tens die is
    recorded; 00 + 0 reads 100 (catalogue §0.2, COC-DICE-04).
    """
    net = _clamp(bonus - penalty, -2, 2)
    if net == 0:
        return dice.draw(purpose, "d100")
    units = dice.draw(purpose, "units")
    candidates = []
    for _ in range(1 + abs(net)):
        tens = dice.draw(purpose, "tens")
        candidates.append(100 if tens == 0 and units == 0 else tens + units)
    return min(candidates) if net > 0 else max(candidates)


# --- dice expressions -------------------------------------------------------


def _normalise(expr: str) -> str:
    text = expr.strip().lower().replace(" ", "")
    if not text:
        raise DiceError("empty dice expression")
    if len(text) > MAX_EXPR:
        raise DiceError(f"a dice expression is at most {MAX_EXPR} characters ({len(text)} given); {BOUNDS}")
    out = []
    for i, ch in enumerate(text):
        out.append(ch)
        # GURPS "3d" means 3d6: a 'd' not followed by a number or '%'
        if ch == "d" and (i + 1 == len(text) or not (text[i + 1].isdigit() or text[i + 1] == "%")):
            out.append("6")
    return "".join(out).replace("d%", "d100")


_ALLOWED_OPS = {"+", "-", "*"}


def _count_dice(node: Any) -> int:
    """Every die an expression asks for, bounds checked before any is drawn."""
    from d20 import diceast

    if isinstance(node, diceast.Dice):
        num, size = node.num, node.size
        if not isinstance(size, int) or size < 1:
            raise DiceError(f"a die needs a number of faces, not {_short(str(size))!r}")
        if size > MAX_SIDES:
            raise DiceError(f"a die has at most {MAX_SIDES} sides, not {_short(str(size))}; {BOUNDS}")
        if not isinstance(num, int) or num < 0 or num > MAX_DICE:
            raise DiceError(f"{_short(str(num))} dice is too many; {BOUNDS}")
        return num
    if isinstance(node, diceast.Literal):
        value = node.value
        if isinstance(value, float) and not value.is_integer():
            raise DiceError("dice expressions take whole numbers only")
        if abs(value) > MAX_NUMBER:
            raise DiceError(f"{_short(str(int(value)))} is too large a number; {BOUNDS}")
        return 0
    return sum(_count_dice(child) for child in getattr(node, "children", ()))


def _bounded(expr: Any) -> Any:
    total = _count_dice(expr)
    if total > MAX_DICE:
        raise DiceError(f"{total} dice in all is too many; {BOUNDS}")
    return expr


def _walk(node: Any, dice: Dice | None, purpose: str) -> int:
    value = _eval(node, dice, purpose)
    if abs(value) > MAX_TOTAL:
        raise DiceError(f"this dice expression can reach {_short(str(value))}; a total is at most {MAX_TOTAL}")
    return value


def _eval(node: Any, dice: Dice | None, purpose: str) -> int:
    from d20 import diceast  # imported when first needed: its grammar takes a while to build

    if isinstance(node, diceast.Expression):
        return _eval(node.roll, dice, purpose)
    if isinstance(node, diceast.Parenthetical):
        return _eval(node.value, dice, purpose)
    if isinstance(node, diceast.Literal):
        value = node.value
        if isinstance(value, float) and not value.is_integer():
            raise DiceError("dice expressions take whole numbers only")
        return int(value)
    if isinstance(node, diceast.UnOp):
        inner = _eval(node.value, dice, purpose)
        if node.op == "-":
            return -inner
        if node.op == "+":
            return inner
        raise DiceError(f"operator {node.op!r} is not allowed")
    if isinstance(node, diceast.BinOp):
        if node.op not in _ALLOWED_OPS:
            raise DiceError(f"operator {node.op!r} is not allowed (use + - *)")
        left = _eval(node.left, dice, purpose)
        right = _eval(node.right, dice, purpose)
        return left + right if node.op == "+" else left - right if node.op == "-" else left * right
    if isinstance(node, diceast.Dice):
        num = int(node.num)
        size = node.size
        if not isinstance(size, int) or size < 1:
            raise DiceError(f"a die needs a number of faces, not {size!r}")
        if not 0 <= num <= MAX_DICE:
            raise DiceError(f"{_short(str(num))} dice is too many; {BOUNDS}")
        die = f"d{size}"
        if dice is None:
            return num * size if purpose == _HIGHEST else num  # checking only: every die high, or low
        return sum(dice.draw(purpose, die) for _ in range(num))
    raise DiceError("only NdX, numbers, + - * and parentheses are allowed")


def _parse(expr: str) -> "diceast.Expression":
    import d20

    text = _normalise(expr)
    try:
        return _bounded(d20.parse(text, allow_comments=False))
    except DiceError:
        raise
    except d20.RollSyntaxError as exc:
        raise DiceError(f"{expr!r} is not a dice expression (e.g. 1d6, 2d6+1, 3d): {exc}") from None
    except Exception as exc:  # noqa: BLE001 - the parser raises a few kinds
        raise DiceError(f"{expr!r} is not a dice expression: {exc}") from None


def check_expr(expr: str) -> None:
    """Raise :class:`DiceError` if ``expr`` is not a usable dice expression (bounds included)."""
    parsed = _parse(expr)
    _walk(parsed, None, "")
    _walk(parsed, None, _HIGHEST)


def roll_expr(dice: Dice, purpose: str, expr: str) -> int:
    """Roll a dice expression (``1d6``, ``2D6+1``, ``3d``, ``1d4-1``), drawing each die.

    Its bounds are checked before any die is drawn (:class:`DiceError` if it is out of them).
    """
    parsed = _parse(expr)
    _walk(parsed, None, "")
    _walk(parsed, None, _HIGHEST)
    return _walk(parsed, dice, purpose)


def faces_of(values: Sequence[Roll]) -> list[int]:
    return [r.value for r in values]
