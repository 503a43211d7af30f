"""GURPS tables of the GM screen, built from the rules modules' own data."""

from __future__ import annotations

from fhtagn_tui.rules import weapons
from fhtagn_tui.rules.dice import Dice
from fhtagn_tui.rules.gurps import fright

from ..registry import Built, reference_table
from ..rolls import Param, TableResult, rollable


def _band(low: int, high: int) -> str:
    if high >= 99:
        return f"{low}+"
    return str(low) if low == high else f"{low}–{high}"


@reference_table(
    "gurps-fright", "Fright Check table (3d + margin of failure)", "gurps", "FRIGHT",
    rules=("GURPS-FRIGHT-02",) + tuple(e.rule for e in fright.FRIGHT_TABLE),
)
def fright_table() -> Built:
    return ("3d+margin", "Result"), tuple((_band(e.low, e.high), e.summary) for e in fright.FRIGHT_TABLE)


@rollable(
    "gurps-fright", "3d + margin of failure",
    params=(Param("margin", "margin of failure of the Fright Check", low=0, high=99),),
)
def roll_fright(dice: Dice, margin: int) -> TableResult:
    total = fright.table_roll(dice, margin)
    entry = fright.lookup(total)
    row = fright.FRIGHT_TABLE.index(entry)
    detail = f"3d {total - margin} + margin {margin}"
    return TableResult("gurps-fright", total, row, entry.summary, ("GURPS-FRIGHT-02", entry.rule), detail)


@reference_table("gurps-st-damage", "Basic damage by ST (thrust and swing)", "gurps", "COMBAT")
def st_damage() -> Built:
    return ("ST", "Thrust", "Swing"), tuple((str(st), thr, sw) for st, thr, sw in weapons.GURPS_ST_DAMAGE)
