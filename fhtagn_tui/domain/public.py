"""What the players may see: the public part of the log and of the state.

The player view (over SSH or the web) shows the party, the initiative order,
the chase track and the log, but never the GM's secrets:

* events marked ``secret`` (secret rolls, GM notes) are left out, and so are
  the undo/redo events of an action group that held one (their label is the
  group's first event in words);
* characters marked ``hidden`` (NPCs whose numbers the players do not know)
  keep their name, kind and conditions (their status) only: in the state their
  stats, skills, pools, bonds and sheet extras are blank, and a hidden
  combatant's initiative value is 0 (the acting order stays); in the log their
  creation is told without numbers, the changes of their stats, skills and
  pools are left out, any other event carrying ``hidden=True`` (a hidden NPC
  template) too, and undoing such a group is told without its label;
* the GM's character notes are left out for everyone.

Used by the app's player mode and by the players' recap (``export``).
"""

from __future__ import annotations

from collections.abc import Iterable

from msgspec.structs import replace

from .events import Event
from .features.campaign import CharacterCreated, PoolChanged, SkillChanged, StatChanged
from .history import Redone, Undone
from .state import Character, State

#: Events that tell a character's numbers.
STAT_EVENTS = (StatChanged, SkillChanged, PoolChanged)


class PublicLog:
    """Filters a growing log (fed from its start, in order) down to what players may read."""

    def __init__(self) -> None:
        self.secret_groups: set[int] = set()  # groups holding a secret event (or undoing one)
        self.redacted_groups: set[int] = set()  # groups that told a hidden character's numbers
        self.hidden: set[str] = set()  # ids of hidden characters

    def filter(self, events: Iterable[Event]) -> list[Event]:
        out: list[Event] = []
        for ev in events:
            shown = self.public(ev)
            if shown is not None:
                out.append(shown)
        return out

    def public(self, ev: Event) -> Event | None:
        """The event as players may read it, or ``None`` when they may not read it at all."""
        if ev.secret:
            self.secret_groups.add(ev.group)
            return None
        if isinstance(ev, Undone | Redone):
            if ev.target in self.secret_groups:
                self.secret_groups.add(ev.group)
                return None
            return replace(ev, label="") if ev.target in self.redacted_groups else ev
        if isinstance(ev, CharacterCreated):
            if not ev.hidden:
                self.hidden.discard(ev.id)
                return ev
            self.hidden.add(ev.id)
            self.redacted_groups.add(ev.group)
            return replace(ev, stats={}, skills={}, current={}, bonds=(), skill_attrs={})
        if getattr(ev, "hidden", False) is True or (
            isinstance(ev, STAT_EVENTS) and ev.character in self.hidden
        ):
            self.redacted_groups.add(ev.group)
            return None
        return ev


def public_events(events: Iterable[Event]) -> list[Event]:
    """The events of a whole log (from its start) as players may read them."""
    return PublicLog().filter(events)


def secret_groups(events: Iterable[Event]) -> set[int]:
    """The action groups of a whole log that hold a secret event (or undo/redo one)."""
    log = PublicLog()
    log.filter(events)
    return log.secret_groups


def is_public(ev: Event, secret: set[int]) -> bool:
    """May players see ``ev`` at all?  ``secret``: :func:`secret_groups` of the log."""
    if ev.secret:
        return False
    return not (isinstance(ev, Undone | Redone) and ev.target in secret)


def public_character(char: Character) -> Character:
    """A character as the players know it: a hidden one by name, kind and status only."""
    if not char.hidden:
        return replace(char, notes="") if char.notes else char
    return Character(id=char.id, name=char.name, kind=char.kind, stats={}, conditions=char.conditions, hidden=True)


def public_state(state: State) -> State:
    """The state with hidden characters blanked (see the module's docstring)."""
    chars = {key: public_character(char) for key, char in state.characters.items()}
    encounter = state.encounter
    if encounter is not None:
        hidden = {key for key, char in state.characters.items() if char.hidden}
        if hidden & encounter.combatants.keys():
            combatants = {
                key: replace(c, initiative=0.0) if key in hidden else c for key, c in encounter.combatants.items()
            }
            encounter = replace(encounter, combatants=combatants)
    return replace(state, characters=chars, encounter=encounter)


__all__ = [
    "PublicLog",
    "STAT_EVENTS",
    "is_public",
    "public_character",
    "public_events",
    "public_state",
    "secret_groups",
]
