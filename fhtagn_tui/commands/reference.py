"""Commands of the GM screen: roll on a reference table, list and show tables, search."""

from __future__ import annotations

from fhtagn_tui.domain.features.reference import RollTable
from fhtagn_tui.domain.lookup import did_you_mean
from fhtagn_tui.reference import find_table, load_rollables, load_tables, search
from fhtagn_tui.reference.text import table_list_text, table_text

from .language import Args, ParseError, Query, command


def _inputs_usage() -> str:
    names = sorted({p.name for r in load_rollables().values() for p in r.params})
    return " ".join(f"[{n}=…]" for n in names)


def _inputs_details() -> str:
    lines = []
    for table_id, roll in load_rollables().items():
        given = ", ".join(
            f"{p.name}={'|'.join(p.choices) if p.choices else 'N'}" + (f" (default {p.default})" if p.default else "")
            for p in roll.params
        )
        lines.append(f"{table_id}: {roll.dice}" + (f"; {given}" if given else ""))
    return "\n".join(lines)


@command(
    "table roll",
    f"table roll TABLE {_inputs_usage()} [roll=…]",
    "roll on a reference table (random chase location, Fright Check table …) and log it",
    details=(
        "TABLE is a table id or a unique part of one ('location', 'fright'); 'table list' shows them.\n"
        + _inputs_details()
    ),
    examples=(
        "table roll location",
        "table roll location environment=hazardous roll=4,3,7",
        "table roll fright margin=5 roll=3,4,6",
        "table roll treatment setting=institution psychoanalysis=60",
    ),
    dice=True,
)
def _table_roll(args: Args) -> RollTable:
    word = args.pos(0, "TABLE")
    args.max_positional(1)
    table = find_table(word)
    rollables = load_rollables()
    if table is None or table.id not in rollables:
        what = f"{table.title} is a table to read, not to roll on" if table else f"no rollable table {word!r}"
        raise args.fail(f"{what}{did_you_mean(word, rollables)} (rollable: {', '.join(rollables)})")
    inputs = dict(args.remaining_options())
    for key in inputs:
        args.opt(key)
    return RollTable(table=table.id, inputs=inputs)


@command("table list", "table list", "list the reference tables of the GM screen")
def _table_list(args: Args) -> Query:
    args.max_positional(0)
    text = table_list_text()
    return Query(run=lambda state: text)


@command("table show", "table show TABLE", "print a reference table", examples=("table show armour", "table show coc-mph"))
def _table_show(args: Args) -> Query:
    word = args.rest(0)
    table = find_table(word)
    if table is None:
        ids = list(load_tables())
        raise ParseError(f"no table {word!r}{did_you_mean(word, ids)}; 'table list' shows them")
    text = table_text(table)
    return Query(run=lambda state: text)


@command("lookup", "lookup WORDS", "search the rules and tables (IDs, words, numbers: 'kevlar', 'fright 23')",
         examples=("lookup kevlar", "lookup fright 23", "lookup COC-CHASE-18"), aliases=("ref",))
def _lookup(args: Args) -> Query:
    query = args.rest(0)
    if not query.strip():
        raise args.fail("lookup: give a word, a number or a rule ID")
    hits = search(query, limit=12)
    if not hits:
        text = f"nothing found for {query!r}"
    else:
        lines = [f"{h.title} — {h.text}" if h.kind != "row" else f"{h.title}: {h.text}" for h in hits]
        text = "\n".join(lines)
    return Query(run=lambda state: text)
