"""Searching the log: by character, kind of event, rule ID, words and session.

A :class:`LogFilter` becomes one TinyDB query over the event records (the
documents of ``store.table``): ``where("type")``, ``where("rules")`` and
``where("session")`` tests plus a walk of each record's values for the
character and the words.  The same query object runs over a campaign file
(:func:`search_store`, through ``store.table.search``) or over events in
memory (:func:`search_events`, on their dict form).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

import msgspec
from tinydb import Query, where
from tinydb.queries import QueryInstance
from tinydb.table import Table

from fhtagn_tui.domain import codec
from fhtagn_tui.domain.events import EVENT_TYPES, Event
from fhtagn_tui.domain.features import load_all
from fhtagn_tui.domain.lookup import did_you_mean

__all__ = ["FilterError", "KINDS", "LogFilter", "build_query", "event_kinds", "known_names", "search_events",
           "search_store"]

#: Record fields holding free text (never taken for a character's id).
_FREE_TEXT = frozenset({"text", "label", "reason", "title", "notes", "note", "item", "outcome", "expr"})


#: What a user calls the kinds of events (the review search's choices, ``fhtagn log --type``): the
#: campaign's own events by name, every other feature's by the module it is written in.
_BY_NAME = {
    "rolls and tests": ("DiceRolled", "TableRolled"),
    "HP, SAN and other pools": ("PoolChanged",),
    "conditions": ("ConditionAdded", "ConditionRemoved"),
    "bonds": ("BondChanged",),
    "characters": ("CharacterCreated", "CharacterDeleted", "StatChanged", "SkillChanged", "CharacterNotesSet",
                   "AttackAdded", "AttackRemoved", "TemplateSaved", "TemplateRemoved"),
    "notes": ("NoteAdded",),
    "sessions": ("SessionStarted", "SessionEnded", "CampaignCreated"),
    "undo and redo": ("Undone", "Redone"),
    "secrets revealed": ("Revealed",),
}
_BY_MODULE = {
    "sanity": ("sanity", "coc_insanity", "fright"),
    "fights": ("encounter", "fh_combat", "coc_combat", "gurps_combat"),
    "wounds and healing": ("fh_healing", "coc_wounds"),
    "chases": ("chase",),
    "hazards": ("fh_hazards",),
    "requisitions": ("requisition",),
    "roll requests": ("asks",),
    "tomes and spells": ("coc_tomes",),
}
#: The kinds in the order a user picks from.
KINDS = ("rolls and tests", "fights", "wounds and healing", "HP, SAN and other pools", "sanity", "conditions",
         "bonds", "chases", "hazards", "requisitions", "roll requests", "tomes and spells", "characters",
         "notes", "sessions", "undo and redo", "secrets revealed")


def _feature(module: str) -> str:
    """``fhtagn_tui.domain.features.chase.events`` → ``chase`` ("" for a module outside the features)."""
    parts = module.split(".")
    return parts[parts.index("features") + 1] if "features" in parts[:-1] else ""


def event_kinds() -> dict[str, tuple[str, ...]]:
    """Each of :data:`KINDS` → the event types it stands for."""
    load_all()
    out = {kind: tuple(t for t in names if t in EVENT_TYPES) for kind, names in _BY_NAME.items()}
    for kind, modules in _BY_MODULE.items():
        found = []
        for name, cls in sorted(EVENT_TYPES.items()):
            if _feature(cls.__module__) in modules:
                found.append(name)
        out[kind] = tuple(found)
    return {kind: out[kind] for kind in KINDS}


class FilterError(ValueError):
    """A filter that cannot be used; the message says what would work."""


class LogFilter(msgspec.Struct, frozen=True):
    character: str = ""  # a name, id or unique prefix
    type: str = ""  # a kind in a user's words (KINDS: "sanity"), an event type (DiceRolled), or part of one
    rule: str = ""  # a rule ID (FH-SAN-03) or a family (FH-SAN, FH)
    text: str = ""  # words that must appear (in the record or a named character's name)
    session: int | None = None

    @property
    def empty(self) -> bool:
        return not (self.character or self.type or self.rule or self.text) and self.session is None


class _Store(Protocol):
    @property
    def table(self) -> Table: ...

    def events_between(self, start_seq: int, stop_seq: int) -> list[Event]: ...


def _strings(value: Any, key: str = "") -> Iterable[tuple[str, str]]:
    """Every string in a record, with the field it sits under."""
    if isinstance(value, str):
        yield key, value
    elif isinstance(value, dict):
        for k, v in value.items():
            if k != "type":
                yield from _strings(v, k)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v, key)


def _mentions(ids: frozenset[str]) -> Any:
    def test(record: dict[str, Any]) -> bool:
        return any(s in ids for k, s in _strings(record) if k not in _FREE_TEXT)

    return test


def _has_words(words: list[str], names: dict[str, str]) -> Any:
    def test(record: dict[str, Any]) -> bool:
        hay = []
        for k, s in _strings(record):
            hay.append(s.casefold())
            if k not in _FREE_TEXT and s in names:
                hay.append(names[s].casefold())
        blob = "\n".join(hay)
        return all(w in blob for w in words)

    return test


def _character_ids(name: str, names: dict[str, str]) -> frozenset[str]:
    key = name.strip().casefold()
    exact = {i for i, n in names.items() if i == key or n.casefold() == key}
    if exact:
        return frozenset(exact)
    prefix = {i for i, n in names.items() if i.startswith(key) or n.casefold().startswith(key)}
    if len(prefix) == 1:
        return frozenset(prefix)
    shown = sorted(set(names.values()))
    if len(prefix) > 1:
        several = ", ".join(sorted(names[i] for i in prefix))
        raise FilterError(f"{name!r} could be {several} — give more of the name")
    known = ", ".join(shown) or "none yet"
    raise FilterError(f"no character called {name!r}{did_you_mean(name, shown)} (characters: {known})")


def _types(word: str) -> list[str]:
    key = word.strip().casefold()
    load_all()  # every event type registered (the feature modules load when first needed)
    kinds = event_kinds()
    for kind, types in kinds.items():  # a kind in a user's words first ("sanity", "chases")
        if kind.casefold() == key:
            return list(types)
    every = sorted(EVENT_TYPES)
    exact = [t for t in every if t.casefold() == key]
    if exact:
        return exact
    part = [t for t in every if key in t.casefold()]
    if part:
        return part
    raise FilterError(f"no kind of event called {word!r}{did_you_mean(word, [*kinds, *every])} "
                      f"(kinds: {', '.join(kinds)}; or an event type, e.g. PoolChanged)")


def _rule_test(rule: str) -> Any:
    want = rule.strip().upper()
    if not want:
        raise FilterError("give a rule ID, e.g. FH-SAN-03, or a family, e.g. FH-SAN")

    def test(rules: Any) -> bool:
        return isinstance(rules, list) and any(r == want or r.startswith(want + "-") for r in rules)

    return test


def build_query(f: LogFilter, names: dict[str, str]) -> QueryInstance:
    """The TinyDB query for ``f``; ``names`` maps character ids to names (see :func:`known_names`)."""
    q = Query().noop()
    if f.session is not None:
        q &= where("session") == f.session
    if f.type:
        kinds = _types(f.type)
        q &= where("type").one_of(kinds)
    if f.rule:
        q &= where("rules").test(_rule_test(f.rule))
    if f.character:
        ids = _character_ids(f.character, names)
        q &= QueryInstance(_mentions(ids), ("mentions", ids))
    if f.text.strip():
        words = [w.casefold() for w in f.text.split()]
        q &= QueryInstance(_has_words(words, names), ("words", tuple(words), tuple(sorted(names.items()))))
    return q


def known_names(events: Iterable[Event]) -> dict[str, str]:
    """Every character that ever joined the log: id → name (the last name wins)."""
    out: dict[str, str] = {}
    for ev in events:
        ident, name = getattr(ev, "id", None), getattr(ev, "name", None)
        if type(ev).__name__ == "CharacterCreated" and isinstance(ident, str) and isinstance(name, str):
            out[ident] = name
    return out


def store_names(store: _Store) -> dict[str, str]:
    """:func:`known_names` read through the store's TinyDB table."""
    return {str(d["id"]): str(d["name"]) for d in store.table.search(where("type") == "CharacterCreated")}


def search_store(store: _Store, f: LogFilter) -> list[Event]:
    """The events of a campaign file matching ``f``, in log order."""
    query = build_query(f, store_names(store))
    seqs = sorted(doc.doc_id for doc in store.table.search(query))
    runs: list[list[int]] = []  # [start, stop) of consecutive seqs, decoded together
    for seq in seqs:
        if runs and runs[-1][1] == seq:
            runs[-1][1] = seq + 1
        else:
            runs.append([seq, seq + 1])
    out: list[Event] = []
    for start, stop in runs:
        out += store.events_between(start, stop)
    return out


def search_events(events: Sequence[Event], f: LogFilter) -> list[Event]:
    """The events in memory matching ``f`` (the same query, run on each event's record)."""
    query = build_query(f, known_names(events))
    return [ev for ev in events if query(codec.to_dict(ev))]
