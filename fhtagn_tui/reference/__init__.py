"""The GM screen's reference: rules and tables by system and topic, search, rolling on tables.

Pure Python (no UI, no IO): the tables are built from the rules modules' own
data objects, so the reference can never drift from what the rules do.
"""

from .catalogue import HELP, Entry, context_entry, entries, entry, tables_for_rule, topic_name
from .registry import TABLES, RefTable, find_table, load_tables, reference_table
from .rolls import (
    ROLLABLES,
    Param,
    Rollable,
    TableResult,
    check_values,
    load_rollables,
    roll_on,
    rollable,
)
from .search import Hit, search

__all__ = [
    "HELP",
    "ROLLABLES",
    "TABLES",
    "Entry",
    "Hit",
    "Param",
    "RefTable",
    "Rollable",
    "TableResult",
    "check_values",
    "context_entry",
    "entries",
    "entry",
    "find_table",
    "load_rollables",
    "load_tables",
    "reference_table",
    "roll_on",
    "rollable",
    "search",
    "tables_for_rule",
    "topic_name",
]
