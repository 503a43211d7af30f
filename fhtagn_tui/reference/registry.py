"""The table registry of the GM screen.

A reference table is a function returning ``(columns, rows)`` built from the
data objects of a rules module (the very tuples the rules read, never a
copy), registered with :func:`reference_table`.  Table modules live in
:mod:`fhtagn_tui.reference.tables`; :func:`load_tables` imports them all, so
a new table only has to be a decorated function there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import msgspec

Row = tuple[str, ...]
Columns = tuple[str, ...]
Built = tuple[Columns, tuple[Row, ...]]
Builder = Callable[[], Built]
B = TypeVar("B", bound=Builder)


class RefTable(msgspec.Struct, frozen=True):
    id: str  # "coc-armour"
    title: str  # "Armour"
    system: str  # "fhtagn" | "coc7" | "gurps"
    topic: str  # the rule topic it belongs to: "COMBAT", "CHASE", ...
    rules: tuple[str, ...]  # catalogue IDs the table serves
    build: Builder

    @property
    def columns(self) -> Columns:
        return self.build()[0]

    @property
    def rows(self) -> tuple[Row, ...]:
        return self.build()[1]


TABLES: dict[str, RefTable] = {}


def reference_table(
    id: str, title: str, system: str, topic: str, rules: tuple[str, ...] = ()
) -> Callable[[B], B]:
    """Register a table builder under ``id`` (unique, lower-case words joined by '-')."""

    def register(fn: B) -> B:
        existing = TABLES.get(id)
        if existing is not None and existing.build is not fn:
            qual = f"{fn.__module__}.{fn.__qualname__}"
            raise RuntimeError(f"reference table {id!r} registered twice ({qual})")
        TABLES[id] = RefTable(id=id, title=title, system=system, topic=topic, rules=rules, build=fn)
        return fn

    return register


def load_tables() -> dict[str, RefTable]:
    """Import every table module so that every table is registered."""
    import importlib
    import pkgutil

    import fhtagn_tui.reference.tables as pkg

    for mod in pkgutil.walk_packages(pkg.__path__, prefix="fhtagn_tui.reference.tables."):
        importlib.import_module(mod.name)
    return TABLES


def find_table(word: str) -> RefTable | None:
    """A table by id, unique id prefix or unique title word ("location", "fright", "armour")."""
    load_tables()
    key = "-".join(word.strip().casefold().replace("_", " ").split())
    if not key:
        return None
    if key in TABLES:
        return TABLES[key]
    words = key.replace("-", " ")
    tries = (
        lambda t: t.id.startswith(key),
        lambda t: words in t.id.replace("-", " ").split() or words in t.title.casefold().split(),
        lambda t: key in t.id or words in t.title.casefold(),
    )
    for matches in tries:
        hits = [t for t in TABLES.values() if matches(t)]
        if len(hits) == 1:
            return hits[0]
    return None
