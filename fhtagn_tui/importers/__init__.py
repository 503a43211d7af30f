"""Importers: stat-block text, Dhole's House JSON, the project's own JSON → one import command.

:func:`plan` reads a text (what a file or a paste holds) and returns an
:class:`ImportPlan`: the :class:`~fhtagn_tui.domain.features.bestiary.ImportCharacters`
command (every character in one undoable group) and the lines of a report — what was
imported, what was not understood (kept in each character's GM notes).  Bad input
raises :class:`ImportError_` with a message that says what was expected.  Pure: no IO.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from fhtagn_tui.domain.features.bestiary import Entry, ImportCharacters, clean_entry
from fhtagn_tui.domain.state import Character
from fhtagn_tui.domain.systems import SHEETS, complete_stats, derived

from . import dholes, native, statblock
from .statblock import StatBlockError

ImportError_ = StatBlockError
MAX_INPUT = 2_000_000


@dataclass
class ImportPlan:
    command: ImportCharacters
    kind: str  # "stat blocks" | "Dhole's House investigator" | "fhtagn character"
    report: list[str] = field(default_factory=list)


def _remarks(entry: Entry) -> list[str]:
    """Where the block's HP/MP/WP differ from what the sheet derives (the sheet wins)."""
    if entry.system not in SHEETS:
        return []
    try:
        stats = complete_stats(entry.system, entry.stats)
        d = derived(entry.system, Character(id="", name=entry.name, kind=entry.kind, stats=stats,
                                            skills=entry.skills))
    except (KeyError, ValueError, TypeError, ZeroDivisionError):
        return []
    out = []
    for pool, value in entry.pools.items():
        top = d.get(f"max {pool}")
        if isinstance(top, int) and value > top:
            out.append(f"{entry.name}: the block gives {pool} {value}, the sheet's maximum is {top} (kept at {top})")
    return out


def _block_line(b: statblock.Block) -> list[str]:
    e = b.entry
    parts = [f"{e.name}: {statblock.LABELS.get(e.system, e.system)} {e.kind}, {len(e.stats)} characteristics, "
             f"{len(e.skills)} skills, {len(e.attacks)} attacks"]
    if e.armor:
        parts.append(f"armour {e.armor}" + (f" ({e.armor_item})" if e.armor_item else ""))
    if e.san_loss:
        parts.append(f"SAN loss {e.san_loss}")
    if e.spells:
        parts.append(f"spells {', '.join(e.spells)}")
    lethal = [f"{w.name} lethality {w.lethality}%" for w in e.attacks if w.lethality]
    if lethal:
        parts.append(", ".join(lethal))
    out = [", ".join(parts)]
    out += [f"  as the book states: {s.replace(' as the book states', '', 1)}" for s in b.stated]
    if e.vary:
        out.append("  rolls given (the character takes the averages): "
                   + ", ".join(f"{k} {v}" for k, v in e.vary.items()))
    if b.languages:
        out.append(f"  languages (in GM notes): {', '.join(b.languages)}")
    out += [f"  in GM notes: {x}" for x in b.traits]
    out += [f"  {w.name}: {w.notes}" for w in e.attacks if w.notes]
    if e.spells == () and "Spells: " in e.notes:
        out.append("  spells (in GM notes: this system keeps no spells on a sheet)")
    out += [f"  not understood (kept in GM notes): {u}" for u in b.unknown]
    out += ["  " + r for r in _remarks(e)]
    if e.system in SHEETS:
        missing = [spec for spec in SHEETS[e.system].stats if spec.name not in e.stats]
        if missing:  # said, not guessed silently: the sheet needs every characteristic
            out.append("  not given (the sheet uses the default): "
                       + ", ".join(f"{spec.name} {spec.default}" for spec in missing))
    return out


def plan(text: str, source: str = "", fight: bool = False, as_template: bool = False) -> ImportPlan:
    if len(text) > MAX_INPUT:
        raise ImportError_(f"{source or 'the input'} is larger than {MAX_INPUT // 1_000_000} MB")
    stripped = text.lstrip("\ufeff").strip()
    if not stripped:
        raise ImportError_("nothing to import: the input is empty")
    if stripped[0] in "{[":
        try:
            data = json.loads(stripped)
        except json.JSONDecodeError as exc:
            raise ImportError_(f"{source or 'the input'} is not valid JSON (line {exc.lineno}, column {exc.colno}: "
                               f"{exc.msg}); nothing was imported") from None
        if dholes.is_dholes(data):
            entry, left = dholes.read(data)
            report = [f"{entry.name}: Dhole's House investigator, {len(entry.skills)} skills, "
                      f"{len(entry.attacks)} weapons"] + [f"not read: {x}" for x in left] + _remarks(entry)
            return ImportPlan(ImportCharacters(entries=(clean_entry(entry),), fight=fight, source=source,
                                               as_template=as_template), "Dhole's House investigator", report)
        if native.is_native(data):
            entry = native.read(data)
            return ImportPlan(ImportCharacters(entries=(clean_entry(entry),), fight=fight, source=source,
                                               as_template=as_template), "fhtagn character",
                              [f"{entry.name}: {entry.kind}, {len(entry.skills)} skills, {len(entry.attacks)} attacks"])
        raise ImportError_(
            "this JSON is neither a Dhole's House investigator (it has no \"Investigator\") nor a character "
            "exported by fhtagn (no \"fhtagn\": \"character\"); nothing was imported"
        )
    blocks = statblock.parse(stripped)
    report = []
    for b in blocks:
        report += _block_line(b)
    return ImportPlan(ImportCharacters(entries=tuple(clean_entry(b.entry) for b in blocks), fight=fight, source=source,
                                       as_template=as_template), "stat blocks", report)


__all__ = ["ImportError_", "ImportPlan", "plan"]
