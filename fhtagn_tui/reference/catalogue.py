"""The entries of the GM screen: the help, every implemented rule and every table,
by system and topic, and the entry a screen of the app asks for (its context)."""

from __future__ import annotations

import msgspec

from fhtagn_tui.rules.registry import load_all, sort_key

from .registry import RefTable, load_tables

HELP = "help"
SYSTEM_ORDER = ("fhtagn", "coc7", "gurps")
SYSTEM_NAMES = {"fhtagn": "FHTAGN", "coc7": "Call of Cthulhu 7e", "gurps": "GURPS"}
PREFIXES = {"fhtagn": "FH", "coc7": "COC", "gurps": "GURPS"}

#: Rule topic codes in words (an unknown code reads as itself).
TOPIC_NAMES: dict[str, str] = {
    "DICE": "Dice and tests",
    "PARTY": "Character sheet",
    "COMBAT": "Combat",
    "DMG": "Damage and injuries",
    "HEAL": "Healing",
    "HAZ": "Other threats",
    "SAN": "Sanity",
    "REQ": "Requisitions",
    "MELEE": "Melee",
    "MANEUVER": "Fighting maneuvers",
    "FIREARM": "Firearms",
    "AUTO": "Full auto and bursts",
    "CHASE": "Chases",
    "VEHICLE": "Vehicles",
    "INSANITY": "Insanity",
    "TOME": "Tomes and magic",
    "FRIGHT": "Fright Checks",
}

#: Topics in the catalogue's order, per system (a topic not listed goes last).
TOPIC_ORDER: dict[str, tuple[str, ...]] = {
    "fhtagn": ("DICE", "PARTY", "COMBAT", "DMG", "HEAL", "HAZ", "SAN", "REQ"),
    "coc7": ("DICE", "PARTY", "MELEE", "MANEUVER", "COMBAT", "FIREARM", "AUTO", "CHASE", "VEHICLE", "INSANITY", "TOME"),
    "gurps": ("DICE", "COMBAT", "FRIGHT"),
}

#: Words a screen may give as its context, and the rule topics they mean per system.
CONTEXT_TOPICS: dict[str, dict[str, str]] = {
    "chase": {"coc7": "CHASE"},
    "vehicle": {"coc7": "VEHICLE"},
    "combat": {"fhtagn": "COMBAT", "coc7": "COMBAT", "gurps": "COMBAT"},
    "initiative": {"fhtagn": "COMBAT", "coc7": "COMBAT", "gurps": "COMBAT"},
    "firearms": {"coc7": "FIREARM", "fhtagn": "COMBAT"},
    "shot": {"coc7": "FIREARM", "fhtagn": "COMBAT"},
    "melee": {"coc7": "MELEE", "fhtagn": "COMBAT"},
    "requisitions": {"fhtagn": "REQ"},
    "req": {"fhtagn": "REQ"},
    "party": {"fhtagn": "PARTY", "coc7": "PARTY", "gurps": "DICE"},
    "sanity": {"fhtagn": "SAN", "coc7": "INSANITY", "gurps": "FRIGHT"},
    "fright": {"gurps": "FRIGHT"},
    "hazards": {"fhtagn": "HAZ", "coc7": "CHASE"},
}


class Entry(msgspec.Struct, frozen=True):
    id: str  # a rule ID, a table id, or "help"
    kind: str  # "help" | "rule" | "table"
    system: str  # "" for the help
    topic: str  # rule topic code ("CHASE"); "" for the help
    title: str
    summary: str = ""
    rules: tuple[str, ...] = ()  # a table's rule IDs; a rule's own ID


def rule_span(ids: tuple[str, ...]) -> str:
    """Rule IDs in short: runs of one topic join up ("GURPS-FRIGHT-02, 05–37")."""
    groups: list[tuple[str, list[int]]] = []  # (ID head, consecutive numbers)
    for rule_id in ids:
        head, _, num = rule_id.rpartition("-")
        if groups and groups[-1][0] == head and int(num) == groups[-1][1][-1] + 1:
            groups[-1][1].append(int(num))
        else:
            groups.append((head, [int(num)]))
    out: list[str] = []
    last_head = ""
    for head, nums in groups:
        text = f"{nums[0]:02d}" if len(nums) == 1 else f"{nums[0]:02d}–{nums[-1]:02d}"
        out.append(text if head == last_head else f"{head}-{text}")
        last_head = head
    return ", ".join(out)


def topic_name(topic: str) -> str:
    return TOPIC_NAMES.get(topic, topic.capitalize())


_CACHE: dict[tuple[int, int], tuple[Entry, ...]] = {}


def entries() -> tuple[Entry, ...]:
    """Every entry in screen order: the help, then per system and topic its tables, then its rules."""
    rules = load_all()
    tables = load_tables()
    key = (len(rules), len(tables))
    if key not in _CACHE:
        _CACHE.clear()
        _CACHE[key] = _entries()
    return _CACHE[key]


def _entries() -> tuple[Entry, ...]:
    rules = load_all()
    tables = load_tables()
    out = [Entry(HELP, "help", "", "", "Keys and commands", "How to drive the app: keys by tab, and every command.")]
    for system in SYSTEM_ORDER:
        for topic in topics(system):
            out.extend(table_entry(t) for t in tables.values() if t.system == system and t.topic == topic)
            ids = sorted((r.id for r in rules.values() if r.system == system and r.topic == topic), key=sort_key)
            out.extend(Entry(i, "rule", system, topic, i, rules[i].summary, (i,)) for i in ids)
    return tuple(out)


def table_entry(table: RefTable) -> Entry:
    return Entry(table.id, "table", table.system, table.topic, table.title, "", table.rules)


def topics(system: str) -> list[str]:
    """The topics of a system, in catalogue order (rule topics first, then topics only tables have)."""
    seen: list[str] = []
    for info in sorted(load_all().values(), key=lambda r: sort_key(r.id)):
        if info.system == system and info.topic not in seen:
            seen.append(info.topic)
    for table in load_tables().values():
        if table.system == system and table.topic not in seen:
            seen.append(table.topic)
    order = TOPIC_ORDER.get(system, ())
    return sorted(seen, key=lambda t: order.index(t) if t in order else len(order))


def entry(entry_id: str) -> Entry | None:
    key = entry_id.casefold()
    return next((e for e in entries() if e.id.casefold() == key), None)


def tables_for_rule(rule_id: str) -> list[RefTable]:
    """The tables that serve a rule (shown beside the rule)."""
    return [t for t in load_tables().values() if rule_id in t.rules]


def context_entry(context: str, system: str) -> Entry:
    """The entry to open for a screen's context: a table id, a rule ID, an ID prefix
    ("COC-CHASE"), or a word ("chase", "firearms"); the help when nothing fits."""
    key = context.strip()
    if not key:
        return entries()[0]
    found = entry(key)
    if found is not None:
        return found
    every = entries()
    upper = key.upper()
    by_prefix = [e for e in every if e.kind == "rule" and e.id.startswith(upper)]
    topic = ""
    if by_prefix:
        topic = by_prefix[0].topic
        system = by_prefix[0].system
    else:
        topic = CONTEXT_TOPICS.get(key.casefold(), {}).get(system, "")
    if topic:
        in_topic = [e for e in every if e.system == system and e.topic == topic]
        tables = [e for e in in_topic if e.kind == "table"]
        if tables:
            return tables[0]
        if in_topic:
            return in_topic[0]
    return every[0]
