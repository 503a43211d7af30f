"""Reference tables as plain text (the CLI's ``rules --tables`` and ``table show``)."""

from __future__ import annotations

from .catalogue import SYSTEM_NAMES, SYSTEM_ORDER, rule_span, topic_name
from .registry import RefTable, load_tables
from .rolls import load_rollables


def table_text(table: RefTable) -> str:
    columns, rows = table.build()
    widths = [max(len(c), *(len(r[i]) for r in rows)) if rows else len(c) for i, c in enumerate(columns)]

    def line(cells: tuple[str, ...]) -> str:
        return "  ".join(cell.ljust(w) for cell, w in zip(cells, widths, strict=True)).rstrip()

    where = f"{SYSTEM_NAMES.get(table.system, table.system)} · {topic_name(table.topic)}"
    rules = f" · rules {rule_span(table.rules)}" if table.rules else ""
    roll = load_rollables().get(table.id)
    rolled = f"\nroll: table roll {table.id} ({roll.dice})" if roll else ""
    head = f"{table.title} [{table.id}]\n{where}{rules}{rolled}"
    body = [line(columns), line(tuple("-" * w for w in widths)), *(line(r) for r in rows)]
    return head + "\n" + "\n".join(body)


def ordered_tables() -> list[RefTable]:
    """Every table, FHTAGN first, then Call of Cthulhu, then GURPS."""
    order = {s: i for i, s in enumerate(SYSTEM_ORDER)}
    return sorted(load_tables().values(), key=lambda t: order.get(t.system, len(order)))


def all_tables_text() -> str:
    return "\n\n".join(table_text(t) for t in ordered_tables())


def table_list_text() -> str:
    rolls = load_rollables()
    width = max(len(t) for t in load_tables())
    lines = ["Reference tables (table show ID; rollable ones: table roll ID):"]
    for table in ordered_tables():
        mark = f"  [roll {rolls[table.id].dice}]" if table.id in rolls else ""
        lines.append(f"  {table.id.ljust(width)}  {table.title}{mark}")
    return "\n".join(lines)
