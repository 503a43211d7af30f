"""Stat blocks into play: ``npc add cultist x4`` from the bestiary, and imported stat blocks.

An :class:`Entry` is one stat block — from the bundled bestiary
(``fhtagn_tui/data/bestiary/``), the GM's own (``saves/bestiary.json``), a
campaign template, or a stat block or investigator read by an importer.  The
core does no IO: the Engine puts the bestiary of the campaign's system into
:attr:`SpawnNpcs.book` before deciding, and importers put their entries into
:class:`ImportCharacters`.  Both decide into ordinary ``CharacterCreated``
events (through :class:`~.campaign.CreateCharacter`), plus ``ArmorSet`` for
worn armour and ``AddCombatants`` when they go straight into the fight — one
command, one undoable group.

Rolled variation (``--vary``): an entry may give a dice expression per
characteristic (``vary={"STR": "(3d6)*5"}``); each character made rolls its own,
the dice kept in its ``CharacterCreated`` event (typeable with ``roll=…``).
"""

from __future__ import annotations

from msgspec.structs import replace

from fhtagn_tui.rules.dice import Dice, DiceError, roll_expr

from ..commands import Command
from ..decide import Rejected, decide, decider, evolve
from ..events import Event
from ..lookup import did_you_mean
from ..state import SYSTEM_LABELS, Bond, Character, State, TemplateExtras, char_key
from ..systems import NPC_KINDS, SHEETS, stat_range
from ..text import CONTROL, LONG, NAME
from .campaign import CharacterCreated, ConditionAdded, CreateCharacter
from .encounter import AddCombatants, ArmorSet
from .entry import Entry
from .templates import (
    MAX_SPAWN,
    SaveTemplate,
    SpawnFromTemplate,
    TemplateSaved,
    find_template,
    next_numbers,
)
from .templates import spawn_from_template as _template_spawn

# --- commands -----------------------------------------------------------------------


class SpawnNpcs(Command):
    """``npc add ENTRY [xN] [--hidden] [--vary] [--fight] [as=NAME]``."""

    label = "npc add"
    entry: str
    count: int = 1
    hidden: bool = False
    vary: bool = False
    fight: bool = False  # also into the running fight
    side: str = ""
    readied: bool = False  # CoC: with a readied firearm (DEX+50, COC-FIREARM-02)
    name: str = ""  # one character under its own name instead of "Cultist 3"
    book: tuple[Entry, ...] = ()  # the bestiary of the campaign's system (the Engine fills it)


class ImportCharacters(Command):
    """Imported stat blocks or investigators: every character in one group."""

    label = "import"
    entries: tuple[Entry, ...]
    fight: bool = False
    source: str = ""  # what was imported (a file name), for the log
    as_template: bool = False  # kept as the campaign's templates (bestiary entries), no characters made


# --- helpers ------------------------------------------------------------------------

MAX_NOTES = LONG  # the bound of typed notes (domain/text.py)


def _safe(text: str, limit: int, lines: bool = False) -> str:
    """Text from a file or a paste: no control characters (a newline only in notes), bounded."""
    out = CONTROL.sub(" ", text.replace("\t", " "))
    if not lines:
        out = " ".join(out.split())
    return out.strip()[:limit]


def clean_entry(e: Entry) -> Entry:
    """An entry from outside made safe to store and show."""
    attacks = tuple(replace(w, name=_safe(w.name, 40), skill=_safe(w.skill, 60), damage=_safe(w.damage, 40),
                            notes=_safe(w.notes, 200)) for w in e.attacks)
    return replace(e, name=_safe(e.name, NAME), notes=_safe(e.notes, MAX_NOTES, lines=True),
                   skills={_safe(k, 60): v for k, v in e.skills.items()}, attacks=attacks,
                   armor_item=_safe(e.armor_item, 60), san_loss=_safe(e.san_loss, 20),
                   conditions=tuple(_safe(c, 40) for c in e.conditions),
                   spells=tuple(_safe(sp, 60) for sp in e.spells),
                   bonds=tuple(Bond(_safe(b.name, 60), b.score) for b in e.bonds))


MAX_SPELLS = 40
#: How much one entry from outside (a stat block, a JSON file) may hold: checked where it enters.
ENTRY_BOUNDS = {"stats": 24, "skills": 300, "pools": 12, "spells": MAX_SPELLS, "bonds": 24, "conditions": 40}


def check_entry(entry: Entry) -> None:
    """An entry from outside, bounded: too many skills, spells, bonds… is refused, saying which."""
    for what, most in ENTRY_BOUNDS.items():
        have = len(getattr(entry, what))
        if have > most:
            raise Rejected(f"{entry.name}: at most {most} {what}, not {have}")


def _spells(state: State, entry: Entry, name: str) -> list[Event]:
    """The spells a stat block gives, known to the character (CoC: ``SpellLearned``, as from an entity
    without the INT roll: the book says the NPC knows them)."""
    if not entry.spells:
        return []
    if state.system != "coc7":
        raise Rejected(f"{entry.name}: spells as a character's own are Call of Cthulhu's; this campaign plays "
                       f"{SYSTEM_LABELS.get(state.system, state.system)} (they belong in the notes)")
    if len(entry.spells) > MAX_SPELLS:
        raise Rejected(f"{entry.name}: at most {MAX_SPELLS} spells, not {len(entry.spells)}")
    from .coc_tomes import SpellLearned

    out: list[Event] = []
    for spell in dict.fromkeys(" ".join(s.split())[:60] for s in entry.spells):
        if spell:
            out.append(SpellLearned(character=char_key(name), spell=spell, source="stat block", time="known",
                                    learned=True))
    return out


def template_entry(t: Character, extras: TemplateExtras | None = None) -> Entry:
    x = extras or TemplateExtras()
    return Entry(name=t.name, kind=t.kind, stats=dict(t.stats), skills=dict(t.skills), attacks=t.attacks,
                 san_loss=t.san_loss, hidden=t.hidden, tags=("template",), notes=t.notes, pools=dict(t.current),
                 armor=x.armor, armor_item=x.armor_item, vary=dict(x.vary), spells=tuple(t.mind.spells),
                 bonds=t.bonds, conditions=t.conditions)


def find_entry(state: State, book: tuple[Entry, ...], name: str) -> Entry:
    """An entry by name: the campaign's templates first, then the bestiary; a unique prefix
    or word start is enough, and a plural (``cultists``, ``witches``) finds its entry."""
    pool = [template_entry(t, state.template_extras.get(t.id)) for t in state.templates.values()]
    pool += [e for e in book if e.key not in {p.key for p in pool}]
    key = " ".join(char_key(name).split())
    if not key:
        raise Rejected("which entry? (bestiary lists them)")
    found = _lookup(pool, key, name)
    if found is None and key.endswith("s"):  # "npc add 3 cultists"
        found = _lookup(pool, key[:-1], name) or (_lookup(pool, key[:-2], name) if key.endswith("es") else None)
    if found is not None:
        return found
    names = [e.name for e in pool]
    if not names:
        raise Rejected(f"the bestiary has no {SYSTEM_LABELS.get(state.system, state.system)} entries")
    raise Rejected(f"no template or bestiary entry called {name!r}{did_you_mean(name, names)} ('bestiary' lists them)")


def _lookup(pool: list[Entry], key: str, name: str) -> Entry | None:
    """The one entry ``key`` names (whole, a prefix, a word's start, a part); None: none does."""
    if not key:
        return None
    for e in pool:
        if e.key == key:
            return e
    for test in (lambda k: k.startswith(key), lambda k: any(w.startswith(key) for w in k.split()),
                 lambda k: key in k):
        hits = [e for e in pool if test(e.key)]
        if len(hits) == 1:
            return hits[0]
        if len(hits) > 1:
            raise Rejected(f"{name!r} could be {', '.join(e.name for e in hits[:8])} — which one?")
    return None


def _varied(state: State, entry: Entry, who: str, kind: str, dice: Dice) -> dict[str, int]:
    sheet = SHEETS[state.system]
    stats = dict(entry.stats)
    for stat, expr in entry.vary.items():
        spec = sheet.spec(stat)
        if spec is None:
            raise Rejected(f"bestiary entry {entry.name}: {stat!r} is not a characteristic in {state.system}")
        try:
            value = roll_expr(dice, f"{who} {spec.name}", expr)
        except DiceError as exc:
            raise Rejected(f"bestiary entry {entry.name}: {spec.name} {expr!r}: {exc}") from None
        low, high = stat_range(state.system, spec.name, kind)
        stats[spec.name] = max(low, min(high, value))
    return stats


def spawn_events(state: State, entry: Entry, names: list[str], dice: Dice, *, hidden: bool, vary: bool,
                 fight: bool, side: str = "", readied: bool = False, numbered: bool = False,
                 template: str = "") -> list[Event]:
    """CharacterCreated (+ ArmorSet) for each name, then AddCombatants when ``fight`` (``numbered``:
    the names are ``next_numbers``'s, which the players' view numbers in what they saw; ``template``:
    the campaign template ``entry`` is, named in each ``CharacterCreated``)."""
    if entry.system and entry.system != state.system:
        raise Rejected(
            f"{entry.name} is a {SYSTEM_LABELS.get(entry.system, entry.system)} stat block; "
            f"this campaign plays {SYSTEM_LABELS.get(state.system, state.system)}"
        )
    if fight and state.encounter is None:
        raise Rejected("no fight is running: start one with 'fight start [TITLE]' (or leave out --fight)")
    entry = clean_entry(entry)
    if not entry.name:
        raise Rejected("a stat block needs a name")
    if vary and not entry.vary:
        raise Rejected(f"{entry.name} gives no ranges to roll (its numbers are fixed): leave out --vary")
    events: list[Event] = []
    s = state
    for name in names:
        stats = _varied(s, entry, name, entry.kind, dice) if vary else dict(entry.stats)
        rolled = dice.take()
        create = CreateCharacter(
            name=name, kind=entry.kind, stats=stats, skills=dict(entry.skills), hidden=hidden or entry.hidden,
            attacks=entry.attacks, notes=entry.notes, san_loss=entry.san_loss, current=dict(entry.pools),
            bonds=entry.bonds,
        )
        made = decide(s, create, dice)
        if rolled and made:
            made[0] = replace(made[0], dice=tuple(rolled) + tuple(made[0].dice))
        if (numbered or template) and isinstance(made[0], CharacterCreated):
            made[0] = replace(made[0], numbered=numbered, template=template)
        if entry.armor:
            if not 0 <= entry.armor <= 99:
                raise Rejected(f"{name}: armour {entry.armor} is impossible (0–99)")
            made.append(ArmorSet(character=char_key(name), rating=entry.armor, item=entry.armor_item[:60]))
        made += [ConditionAdded(character=char_key(name), condition=c) for c in dict.fromkeys(entry.conditions)
                 if c.strip()]
        made += _spells(state, entry, name)
        for ev in made:
            events.append(ev)
            s = evolve(s, ev)
    if fight:
        events += decide(s, AddCombatants(names=tuple(char_key(n) for n in names), side=side, readied=readied), dice)
    return events


# --- deciders -----------------------------------------------------------------------


@decider(SpawnNpcs)
def _spawn(state: State, cmd: SpawnNpcs, dice: Dice) -> list[Event]:
    if not 1 <= cmd.count <= MAX_SPAWN:
        raise Rejected(f"npc add makes 1–{MAX_SPAWN} characters at a time, not {cmd.count}")
    entry = find_entry(state, cmd.book, cmd.entry)
    if entry.kind not in NPC_KINDS:
        entry = replace(entry, kind="npc")
    if cmd.name.strip():
        if cmd.count != 1:
            raise Rejected("as=NAME names one character: leave out the count (or as=)")
        names = [" ".join(cmd.name.split())]
    else:
        names = next_numbers(state, entry.name, cmd.count)
    return spawn_events(state, entry, names, dice, hidden=cmd.hidden, vary=cmd.vary, fight=cmd.fight,
                        side=cmd.side, readied=cmd.readied, numbered=not cmd.name.strip(),
                        template=entry.key if "template" in entry.tags else "")


@decider(ImportCharacters)
def _import(state: State, cmd: ImportCharacters, dice: Dice) -> list[Event]:
    if not cmd.entries:
        raise Rejected("nothing to import: no stat block was found")
    if len(cmd.entries) > 100:
        raise Rejected(f"one import brings at most 100 characters, not {len(cmd.entries)}")
    if cmd.as_template:
        return _import_templates(state, cmd, dice)
    seen: set[str] = set()
    events: list[Event] = []
    s = state
    for entry in (clean_entry(e) for e in cmd.entries):
        check_entry(entry)
        if entry.key in seen:
            raise Rejected(f"{entry.name} is twice in what is imported")
        seen.add(entry.key)
        made = spawn_events(s, entry, [entry.name], dice, hidden=entry.hidden, vary=False, fight=False)
        for ev in made:
            events.append(ev)
            s = evolve(s, ev)
    if cmd.fight:
        names = tuple(e.key for e in cmd.entries)
        events += decide(s, AddCombatants(names=names), dice)
    return events


def _import_templates(state: State, cmd: ImportCharacters, dice: Dice) -> list[Event]:
    """``import --as-template``: each block a template (a bestiary entry of the campaign), one group."""
    if cmd.fight:
        raise Rejected("templates do not fight: leave out --fight (or --as-template)")
    events: list[Event] = []
    seen: set[str] = set()
    for entry in (clean_entry(e) for e in cmd.entries):
        check_entry(entry)
        if entry.system and entry.system != state.system:
            raise Rejected(f"{entry.name} is a {SYSTEM_LABELS.get(entry.system, entry.system)} stat block; "
                           f"this campaign plays {SYSTEM_LABELS.get(state.system, state.system)}")
        if entry.key in seen:
            raise Rejected(f"{entry.name} is twice in what is imported")
        seen.add(entry.key)
        if entry.key in state.templates:
            raise Rejected(f"there is already a template called {entry.name} ('template remove' it first)")
        if entry.spells and state.system != "coc7":
            raise Rejected(f"{entry.name}: spells as a character's own are Call of Cthulhu's")
        if not 0 <= entry.armor <= 99:
            raise Rejected(f"{entry.name}: armour {entry.armor} is impossible (0–99)")
        if len(entry.spells) > MAX_SPELLS:
            raise Rejected(f"{entry.name}: at most {MAX_SPELLS} spells, not {len(entry.spells)}")
        pools = SHEETS[state.system].pools
        for pool, value in entry.pools.items():
            if pool not in pools:
                raise Rejected(f"{entry.name}: {pool!r} is not a current value in {state.system} "
                               f"(values: {', '.join(pools)})")
            if not -999 <= value <= 9999:
                raise Rejected(f"{entry.name}: {pool} {value} is impossible")
        if entry.bonds and state.system != "fhtagn":
            raise Rejected(f"{entry.name}: bonds belong to FHTAGN characters only")
        for bond in entry.bonds:
            if not bond.name or not 0 <= bond.score <= 99:
                raise Rejected(f"{entry.name}: bond {bond.name or '?'} {bond.score} is impossible (0–99)")
        kind = entry.kind if entry.kind in NPC_KINDS else "npc"
        try:
            (saved,) = decide(state, SaveTemplate(name=entry.name, kind=kind, stats=dict(entry.stats),
                                                  skills=dict(entry.skills), hidden=entry.hidden,
                                                  attacks=entry.attacks), dice)
        except Rejected as exc:
            raise Rejected(f"{entry.name}: {exc}") from None
        assert isinstance(saved, TemplateSaved)
        events.append(replace(saved, san_loss=entry.san_loss, notes=entry.notes, pools=dict(entry.pools),
                              armor=entry.armor, armor_item=entry.armor_item, spells=entry.spells, vary=dict(entry.vary),
                              bonds=entry.bonds, conditions=tuple(dict.fromkeys(c for c in entry.conditions if c))))
    return events


@decider(SpawnFromTemplate)
def _spawn_template_or_entry(state: State, cmd: SpawnFromTemplate, dice: Dice) -> list[Event]:
    """``fight add 3 cultist``: the campaign's template if there is one, else the bestiary entry."""
    if cmd.book:
        try:
            find_template(state, cmd.template)
        except Rejected:
            if state.encounter is None:
                raise Rejected("no fight is running: start one with 'fight start [TITLE]', then "
                               "'fight add N NAME'") from None
            if not 1 <= cmd.count <= MAX_SPAWN:
                raise Rejected(f"quick-add makes 1–{MAX_SPAWN} characters at a time, not {cmd.count}") from None
            entry = find_entry(state, cmd.book, cmd.template)
            if entry.kind not in NPC_KINDS:
                entry = replace(entry, kind="npc")
            names = next_numbers(state, entry.name, cmd.count)
            return spawn_events(state, entry, names, dice, hidden=False, vary=False, fight=True, side=cmd.side,
                                readied=cmd.readied, numbered=True)
    return _template_spawn(state, cmd, dice)


__all__ = ["Entry", "ImportCharacters", "SpawnNpcs", "find_entry", "spawn_events", "template_entry"]
