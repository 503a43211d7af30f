"""NPC and monster templates: stat blocks saved in the campaign, spawned as numbered characters.

``template add Cultist kind=npc STR=13 DEX=10 "Melee Weapons"=50`` saves a stat
block (checked against the campaign's NPC ranges).  ``fight add 3 cultist``
creates "Cultist 1", "Cultist 2", "Cultist 3" through the campaign's own
:class:`~.campaign.CreateCharacter` decider (so they are ordinary
``CharacterCreated`` events) and puts them into the running fight through the
encounter's :class:`~.encounter.AddCombatants` decider.  Numbers continue after
the highest one already in the campaign ("Cultist 4" next time).

A template is stored as a :class:`~fhtagn_tui.domain.state.Character` (``id``,
``name``, ``kind``, ``stats``, ``skills``, ``hidden``) in ``State.templates``.
"""

from msgspec.structs import replace

from fhtagn_tui.rules.dice import Dice
from fhtagn_tui.rules.names import matches as names_matches
from fhtagn_tui.rules.weapons import Weapon

from ..commands import Command
from ..decide import Rejected, decide, decider, evolve, evolver
from ..events import Event
from ..lookup import did_you_mean, find_character
from ..state import Bond, Character, Mind, State, TemplateExtras, char_key
from ..systems import NPC_KINDS, SHEETS, check_skill, check_stat, complete_stats
from .campaign import CharacterCreated, CreateCharacter, check_attacks
from .encounter import AddCombatants
from .entry import Entry

#: The most characters one quick-add may create.
MAX_SPAWN = 30

# --- events -------------------------------------------------------------------------


class TemplateSaved(Event):
    """A stat block saved (new, or replacing the template of the same name)."""

    name: str
    kind: str
    stats: dict[str, int]
    skills: dict[str, int] = {}
    hidden: bool = False
    attacks: tuple[Weapon, ...] = ()  # its own attacks, given to every character made from it
    san_loss: str = ""
    # kept from an imported stat block (``import --as-template``): the whole entry, not only the numbers
    notes: str = ""  # GM notes (never shown to players: the public state blanks a template's notes)
    pools: dict[str, int] = {}
    armor: int = 0
    armor_item: str = ""
    spells: tuple[str, ...] = ()
    vary: dict[str, str] = {}  # characteristic → the roll the book gives
    bonds: tuple[Bond, ...] = ()  # an FHTAGN block's bonds
    conditions: tuple[str, ...] = ()  # an exported character's conditions

    def describe(self, names: dict[str, str]) -> str:
        stats = " ".join(f"{k} {v}" for k, v in self.stats.items())
        attacks = f"; attacks {', '.join(w.name for w in self.attacks)}" if self.attacks else ""
        return f"Template {self.name} ({self.kind}): {stats}{attacks}"


class TemplateRemoved(Event):
    name: str

    def describe(self, names: dict[str, str]) -> str:
        return f"Template {self.name} removed"


# --- commands -----------------------------------------------------------------------


class SaveTemplate(Command):
    label = "save template"
    name: str
    kind: str = "npc"
    stats: dict[str, int] = {}
    skills: dict[str, int] = {}
    hidden: bool = False
    source: str = ""  # copy the stat block of this character (stats= and skills= then override)
    attacks: tuple[Weapon, ...] = ()  # given: these; else the source character's


class RemoveTemplate(Command):
    label = "remove template"
    name: str


class SpawnFromTemplate(Command):
    """``fight add N TEMPLATE``: N numbered characters from a template, into the fight."""

    label = "quick-add"
    template: str
    count: int = 1
    side: str = ""
    readied: bool = False
    book: tuple[Entry, ...] = ()  # the bestiary (the Engine fills it): no template of that name → an entry


# --- helpers ------------------------------------------------------------------------


def find_template(state: State, name: str) -> Character:
    key = char_key(name)
    found = state.templates.get(key)
    if found is not None:
        return found
    starts = names_matches(name, [t.name for t in state.templates.values()])
    if key and len(starts) == 1:
        return next(t for t in state.templates.values() if t.name == starts[0])
    names = [t.name for t in state.templates.values()]
    if not names:
        raise Rejected(
            f"no template called {name!r}: the campaign has none yet "
            "(save one with 'template add NAME kind=npc STAT=N … Skill=N')"
        )
    raise Rejected(f"no template called {name!r}{did_you_mean(name, names)} (templates: {', '.join(names)})")


def next_numbers(state: State, base: str, count: int) -> list[str]:
    """``count`` free names "BASE n", numbered after the highest one in the campaign."""
    prefix = char_key(base) + " "
    used = [
        int(key[len(prefix):]) for key in state.characters
        if key.startswith(prefix) and key[len(prefix):].isdigit()
    ]
    start = max(used, default=0) + 1
    return [f"{base} {n}" for n in range(start, start + count)]


def _checked(state: State, cmd: SaveTemplate) -> tuple[str, dict[str, int], dict[str, int], tuple[Weapon, ...], str]:
    kind = cmd.kind.strip().casefold() or "npc"
    if kind not in NPC_KINDS:
        raise Rejected(f"a template is for NPCs and monsters: kind={kind} — use kind=npc or kind=monster")
    sheet = SHEETS[state.system]
    stats: dict[str, int] = {}
    skills: dict[str, int] = {}
    attacks = cmd.attacks
    san_loss = ""
    if cmd.source:
        char = find_character(state, cmd.source)
        stats, skills = dict(char.stats), dict(char.skills)
        attacks = attacks or char.attacks
        san_loss = char.san_loss
    for name, value in cmd.stats.items():
        spec = sheet.spec(name)
        if spec is None:
            known = [s.name for s in sheet.stats + sheet.optional]
            raise Rejected(f"{name!r} is not a characteristic in {state.system}{did_you_mean(name, known)}")
        problem = check_stat(state.system, spec.name, value, kind)
        if problem:
            raise Rejected(problem)
        stats[spec.name] = value
    for name, value in cmd.skills.items():
        problem = check_skill(value)
        if not name.strip():
            raise Rejected("a skill needs a name")
        if problem:
            raise Rejected(f"{name}: {problem}")
        skills[name] = value
    return kind, complete_stats(state.system, stats), skills, check_attacks(state.system, attacks), san_loss


# --- deciders -----------------------------------------------------------------------


@decider(SaveTemplate)
def _save(state: State, cmd: SaveTemplate, dice: Dice) -> list[Event]:
    name = " ".join(cmd.name.split())
    if not name:
        raise Rejected("a template needs a name: template add NAME kind=npc STAT=N …")
    if name[-1].isdigit():
        raise Rejected(f"{name!r} ends in a number; quick-add numbers the characters itself (call it e.g. 'Cultist')")
    kind, stats, skills, attacks, san_loss = _checked(state, cmd)
    old = state.templates.get(char_key(name))
    if old is not None and (old.kind, old.stats, old.skills, old.hidden, old.attacks) == (
        kind, stats, skills, cmd.hidden, attacks
    ):
        raise Rejected(f"template {old.name} already has that stat block")
    return [TemplateSaved(name=name, kind=kind, stats=stats, skills=skills, hidden=cmd.hidden, attacks=attacks,
                          san_loss=san_loss)]


@decider(RemoveTemplate)
def _remove(state: State, cmd: RemoveTemplate, dice: Dice) -> list[Event]:
    found = find_template(state, cmd.name)
    return [TemplateRemoved(name=found.name)]


def spawn_from_template(state: State, cmd: SpawnFromTemplate, dice: Dice) -> list[Event]:
    """The template's quick-add (the decider, in :mod:`.bestiary`, falls back to the bestiary)."""
    if state.encounter is None:
        raise Rejected("no fight is running: start one with 'fight start [TITLE]', then 'fight add N TEMPLATE'")
    if not 1 <= cmd.count <= MAX_SPAWN:
        raise Rejected(f"quick-add makes 1–{MAX_SPAWN} characters at a time, not {cmd.count}")
    found = find_template(state, cmd.template)
    events: list[Event] = []
    s = state
    names = next_numbers(state, found.name, cmd.count)
    for name in names:
        create = CreateCharacter(name=name, kind=found.kind, stats=dict(found.stats), skills=dict(found.skills),
                                 hidden=found.hidden, attacks=found.attacks, san_loss=found.san_loss,
                                 new_skill=True)  # a saved stat block's names stand
        for ev in decide(s, create, dice):
            if isinstance(ev, CharacterCreated):
                # (the players' view numbers it in what they saw; what the template is, it reads by reference)
                ev = replace(ev, numbered=True, template=found.id)
            events.append(ev)
            s = evolve(s, ev)
    join = AddCombatants(names=tuple(char_key(n) for n in names), side=cmd.side, readied=cmd.readied)
    events += decide(s, join, dice)
    return events


# --- evolvers -----------------------------------------------------------------------


@evolver(TemplateSaved)
def _ev_saved(state: State, ev: TemplateSaved) -> State:
    block = Character(id=char_key(ev.name), name=ev.name, kind=ev.kind, stats=dict(ev.stats),
                      skills=dict(ev.skills), hidden=ev.hidden,
                      attacks=tuple(replace(w, system=state.system) for w in ev.attacks), san_loss=ev.san_loss,
                      notes=ev.notes, current=dict(ev.pools), bonds=ev.bonds, conditions=ev.conditions,
                      mind=Mind(spells={sp.casefold(): 0 for sp in ev.spells}) if ev.spells else Mind())
    templates = dict(state.templates)
    templates[block.id] = block
    extras = {k: v for k, v in state.template_extras.items() if k != block.id}
    if ev.armor or ev.vary:
        extras[block.id] = TemplateExtras(armor=ev.armor, armor_item=ev.armor_item, vary=dict(ev.vary))
    return replace(state, templates=templates, template_extras=extras)


@evolver(TemplateRemoved)
def _ev_removed(state: State, ev: TemplateRemoved) -> State:
    templates = {k: v for k, v in state.templates.items() if k != char_key(ev.name)}
    if char_key(ev.name) in state.template_extras:
        state = replace(state, template_extras={k: v for k, v in state.template_extras.items()
                                                if k != char_key(ev.name)})
    return replace(state, templates=templates)


__all__ = [
    "MAX_SPAWN", "RemoveTemplate", "SaveTemplate", "SpawnFromTemplate", "TemplateRemoved", "TemplateSaved",
    "find_template", "next_numbers",
]
