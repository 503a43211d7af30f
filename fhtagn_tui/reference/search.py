"""Search across the GM screen: rule IDs, rule summaries, table titles and table rows.

Tolerant by design: case, dashes and the armour/armor spelling do not matter,
a unique word start is enough, a near-miss spelling still finds, and a
number finds the row whose range holds it ("fright 23" → the 23 row of the
Fright Check table, "location 72" → 60–84).  A query shaped like a rule ID
("COC-CHASE", "coc-chase-18") finds the rules with that ID prefix first.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

import msgspec

from fhtagn_tui.rules.registry import sort_key

from .catalogue import SYSTEM_NAMES, Entry, entries, topic_name
from .registry import RefTable, load_tables

KIND_ORDER = {"row": 0, "table": 1, "rule": 2, "help": 3}
SPELLINGS = {"armor": "armour", "defense": "defence", "maneuvre": "maneuver", "tire": "tyre", "tires": "tyres"}


class Hit(msgspec.Struct, frozen=True):
    kind: str  # "rule" | "table" | "row" | "help"
    entry: str  # the entry id: a rule ID, a table id, "help"
    row: int  # the row's index in its table (-1 unless a row hit)
    title: str  # the rule ID or the table title
    text: str  # the rule summary, or the row's cells
    score: float


def normalise(text: str) -> str:
    out = text.casefold()
    for dash in ("–", "—", "−", "‐"):
        out = out.replace(dash, "-")
    return out


def words(text: str) -> list[str]:
    found = re.findall(r"[a-z]+|\d+", normalise(text))
    return [SPELLINGS.get(w, w) for w in found]


class _Doc:
    """One searchable thing: its own words (strong) and its context words (weak)."""

    def __init__(self, hit: Hit, own: Iterable[str], context: Iterable[str], cells: tuple[str, ...] = ()) -> None:
        self.hit = hit
        self.own = set(own)
        self.context = set(context)
        self.cells = cells

    def score(self, token: str, variants: set[str]) -> float:
        if token.isdigit():
            return self._number(int(token))
        best = 0.0
        for variant in variants:
            fuzzy = variant != token
            for pool, weight in ((self.own, 1.0), (self.context, 0.5)):
                for word in pool:
                    if word == variant:
                        s = 3.0
                    elif len(variant) >= 2 and word.startswith(variant):
                        s = 2.0
                    elif len(variant) >= 4 and variant in word:
                        s = 1.0
                    else:
                        continue
                    best = max(best, s * weight * (0.5 if fuzzy else 1.0))
        return best

    def _number(self, value: int) -> float:
        for cell in self.cells:
            if _cell_holds(normalise(cell).strip(), value):
                return 4.0
        return 2.0 if str(value) in self.own else 1.0 if str(value) in self.context else 0.0


def _cell_holds(cell: str, value: int) -> bool:
    m = re.fullmatch(r"(\d+)\s*-\s*(\d+)", cell)
    if m:
        return int(m.group(1)) <= value <= int(m.group(2))
    m = re.fullmatch(r"(\d+)\s*\+", cell)
    if m:
        return value >= int(m.group(1))
    return cell.isdigit() and int(cell) == value


def _docs() -> list[_Doc]:
    docs: list[_Doc] = []
    tables = load_tables()
    for e in entries():
        if e.kind == "rule":
            context = words(f"{e.id} {e.topic} {topic_name(e.topic)} {SYSTEM_NAMES.get(e.system, '')}")
            docs.append(_Doc(Hit("rule", e.id, -1, e.id, e.summary, 0.0), words(e.summary), context))
        elif e.kind == "table":
            docs.extend(_table_docs(e, tables[e.id]))
        else:
            docs.append(_Doc(Hit("help", e.id, -1, e.title, e.summary, 0.0), words(f"{e.title} {e.summary} keys help"), ()))
    return docs


def _table_docs(e: Entry, table: RefTable) -> list[_Doc]:
    columns, rows = table.build()
    context = words(f"{table.title} {table.id} {table.topic} {topic_name(table.topic)} {SYSTEM_NAMES.get(table.system, '')}")
    docs = [_Doc(Hit("table", table.id, -1, table.title, ", ".join(columns), 0.0), context + words(" ".join(columns)), ())]
    for i, row in enumerate(rows):
        docs.append(_Doc(Hit("row", table.id, i, table.title, " · ".join(row), 0.0), words(" ".join(row)), context, row))
    return docs


def _id_query(query: str) -> str | None:
    """The rule ID prefix a query spells ("coc-chase-8" → "COC-CHASE-08"), or None."""
    text = "-".join(normalise(query).split())
    if not re.fullmatch(r"[a-z]+-[a-z]+(-\d+)?-?|[a-z]+-", text):
        return None
    parts = text.strip("-").upper().split("-")
    if len(parts) == 3:
        parts[2] = parts[2].zfill(2)
    return "-".join(parts)


def _id_hits(prefix: str) -> list[Hit]:
    found = [e for e in entries() if e.kind == "rule" and (e.id == prefix or e.id.startswith(prefix + "-") or e.id.startswith(prefix))]
    found.sort(key=lambda e: sort_key(e.id))
    hits = [Hit("rule", e.id, -1, e.id, e.summary, 100.0) for e in found]
    ids = {e.id for e in found}
    for table in load_tables().values():
        if ids & set(table.rules):
            hits.append(Hit("table", table.id, -1, table.title, ", ".join(table.build()[0]), 50.0))
    return hits


def search(query: str, limit: int = 100) -> list[Hit]:
    """The entries and table rows matching ``query``, best first."""
    text = query.strip()
    if not text:
        return []
    prefix = _id_query(text)
    if prefix is not None:
        hits = _id_hits(prefix)
        if hits:
            return hits[:limit]
    tokens = [t for t in words(text) if t]
    if not tokens:
        return []
    docs = _docs()
    vocabulary = sorted({w for d in docs for w in d.own | d.context if not w.isdigit()})
    variants = {t: _variants(t, vocabulary) for t in tokens}
    scored: list[tuple[float, int, int, Hit]] = []
    for order, doc in enumerate(docs):
        total = 0.0
        for token in tokens:
            s = doc.score(token, variants[token])
            if s <= 0:
                break
            total += s
        else:
            scored.append((-total, KIND_ORDER[doc.hit.kind], order, msgspec.structs.replace(doc.hit, score=total)))
    scored.sort(key=lambda item: item[:3])
    return [hit for *_, hit in scored[:limit]]


def _variants(token: str, vocabulary: list[str]) -> set[str]:
    if token.isdigit() or any(token in w for w in vocabulary):
        return {token}
    return {token, *difflib.get_close_matches(token, vocabulary, n=3, cutoff=0.8)}
