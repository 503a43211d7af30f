"""Rolling on a table of the GM screen: the roll goes to the log like any other."""

from msgspec.structs import replace

from fhtagn_tui.rules.dice import Dice, DiceError

from ..commands import Command
from ..decide import Rejected, counted, decider
from ..events import Event
from ..lookup import did_you_mean
from ..state import State


class TableRolled(Event):
    """A roll on a reference table: which table, what was read and the row it gave."""

    table: str  # the table id ("coc-locations")
    title: str  # the table's title when rolled
    roll: int  # what was read on the table (a 1D100 roll; 3d + margin)
    row: int  # the row's index in the table
    result: str  # the row's result, in words
    inputs: dict[str, str] = {}  # the roll's inputs ("environment": "hazardous", "margin": "5")
    detail: str = ""  # how the roll was read

    def describe(self, names: dict[str, str]) -> str:
        faces = ", ".join(str(r.value) for r in self.dice)
        given = ", ".join(f"{k} {v}" for k, v in self.inputs.items())
        how = f" ({given})" if given else ""
        return f"{self.title}{how}: rolled {self.roll} [{faces}] → {self.result}"


class RollTable(Command):
    label = "table roll"
    table: str  # a table id or a unique part of one
    inputs: dict[str, str] = {}  # NAME → value, checked against the table's inputs


@decider(RollTable)
def _roll_table(state: State, cmd: RollTable, dice: Dice) -> list[Event]:
    # the GM screen's reference loads with the first table roll: a player's process, which folds
    # TableRolled events but never rolls, does not import it (issue 20: memory per player app)
    from fhtagn_tui.reference import check_values, find_table, load_rollables
    from fhtagn_tui.reference.catalogue import SYSTEM_NAMES

    rollables = load_rollables()
    table = find_table(cmd.table)
    if table is None or table.id not in rollables:
        names = sorted(rollables)
        hint = did_you_mean(cmd.table, names)
        if table is not None:
            raise Rejected(f"{table.title} is a table to read, not to roll on{hint} (rollable: {', '.join(names)})")
        raise Rejected(f"no rollable table {cmd.table!r}{hint} (rollable: {', '.join(names)})")
    if table.system != state.system:
        where = SYSTEM_NAMES.get(table.system, table.system)
        here = SYSTEM_NAMES.get(state.system, state.system)
        raise Rejected(f"{table.title} is a {where} table and this campaign plays {here}: it can be read, not rolled here")
    rollable = rollables[table.id]
    try:
        values = check_values(rollable, cmd.inputs)
        result = rollable.roll(dice, **values)
    except DiceError:
        raise  # the engine words it (typed dice missing or impossible)
    except ValueError as exc:
        raise Rejected(str(exc)) from None
    return [
        TableRolled(
            table=table.id,
            title=table.title,
            roll=result.roll,
            row=result.row,
            result=result.text,
            inputs={p.name: str(values[p.name]) for p in rollable.params if str(values[p.name]) != p.default},
            detail=result.detail,
            rules=result.rules,
            dice=tuple(dice.take()),
        )
    ]


@counted("rolls", TableRolled)
def _ev_table_rolled(state: State, ev: TableRolled) -> State:
    return replace(state, rolls=state.rolls + 1)
