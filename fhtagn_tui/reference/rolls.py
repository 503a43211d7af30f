"""Rolling on a reference table: one function per rollable table.

Each rollable resolves through the rules functions (never a table of its
own) and returns a :class:`TableResult`: the roll, the row it lands on and
the words of that row.  Its inputs are :class:`Param` specs, checked here the
same way for the command line and the app's form.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

import msgspec

from fhtagn_tui.rules.dice import Dice


class Param(msgspec.Struct, frozen=True):
    name: str  # "margin", "environment"
    help: str  # "margin of failure of the Fright Check"
    choices: tuple[str, ...] = ()  # for a word; () for a whole number
    default: str | None = None  # None: required
    low: int | None = None  # least whole number allowed
    high: int | None = None
    aliases: tuple[str, ...] = ()  # other option names ("env")

    @property
    def integer(self) -> bool:
        return not self.choices


class TableResult(msgspec.Struct, frozen=True):
    table: str  # the table id
    roll: int  # what was read on the table (the die roll, or 3d + margin)
    row: int  # index of the row in the table's rows
    text: str  # the row's result, in words
    rules: tuple[str, ...]  # catalogue IDs applied
    detail: str = ""  # how the roll was read ("3d 11 + margin 5")


RollFn = Callable[..., TableResult]
R = TypeVar("R", bound=RollFn)


class Rollable(msgspec.Struct, frozen=True):
    table: str
    dice: str  # what is rolled, in words: "1D100", "3d + margin"
    params: tuple[Param, ...]
    roll: RollFn  # roll(dice, **values) -> TableResult


ROLLABLES: dict[str, Rollable] = {}


def rollable(table: str, dice: str, params: tuple[Param, ...] = ()) -> Callable[[R], R]:
    """Register the roll function of the reference table ``table``."""

    def register(fn: R) -> R:
        ROLLABLES[table] = Rollable(table=table, dice=dice, params=params, roll=fn)
        return fn

    return register


def _param(rollable: Rollable, key: str) -> Param | None:
    key = key.casefold()
    return next((p for p in rollable.params if key == p.name or key in p.aliases), None)


def check_values(rollable: Rollable, given: Mapping[str, str]) -> dict[str, int | str]:
    """The inputs of a roll, checked; ``ValueError`` says what is wrong and what would be right."""
    values: dict[str, int | str] = {}
    for key, raw in given.items():
        param = _param(rollable, key)
        if param is None:
            known = ", ".join(f"{p.name}=" for p in rollable.params) or "none"
            raise ValueError(f"this table takes no {key}= (it takes: {known})")
        values[param.name] = _read(param, raw)
    for param in rollable.params:
        if param.name not in values:
            if param.default is None:
                raise ValueError(f"give the {param.help}: {param.name}=N")
            values[param.name] = _read(param, param.default)
    return values


def _read(param: Param, raw: str) -> int | str:
    text = raw.strip()
    if param.integer:
        number = text.replace("−", "-")
        if not number.lstrip("+-").isdigit():
            raise ValueError(f"{param.name} must be a whole number, not {raw!r}")
        value = int(number)
        if param.low is not None and value < param.low:
            raise ValueError(f"{param.name} cannot be {value}: the {param.help} is {param.low} or more")
        if param.high is not None and value > param.high:
            raise ValueError(f"{param.name} cannot be {value}: the {param.help} is at most {param.high}")
        return value
    word = text.casefold()
    hits = [c for c in param.choices if c == word] or [c for c in param.choices if c.startswith(word)]
    if word and len(hits) == 1:
        return hits[0]
    raise ValueError(f"{param.name} is {', '.join(param.choices)}, not {raw!r}")


def load_rollables() -> dict[str, Rollable]:
    from .registry import load_tables

    load_tables()  # rollables are registered beside their tables
    return ROLLABLES


def roll_on(dice: Dice, table: str, given: Mapping[str, str]) -> TableResult:
    """Roll on a rollable table with checked inputs (``ValueError`` when it cannot be done)."""
    found = load_rollables().get(table)
    if found is None:
        names = ", ".join(sorted(ROLLABLES)) or "none"
        raise ValueError(f"the table {table!r} is not rolled on (rollable tables: {names})")
    return found.roll(dice, **check_values(found, given))
