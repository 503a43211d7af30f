"""The public projection: the one boundary between the GM's log and anything a player reads.

The player view (``open --player``, over SSH, on the web), the players' recap (Markdown, HTML) and
any other player output read the campaign through :class:`PublicLog` only.  It is fed the whole log,
in order, and gives

* ``entries`` — the events players may read, each with its **players' text** (see
  :mod:`fhtagn_tui.domain.readings`) and its **public number** (1, 2, 3… without gaps: the log's own
  seq would tell how many secret things happened in between);
* ``state`` — the state **folded from the public events only**, then with hidden characters blanked.

What players never see:

* **secret events and all their effects.**  An event stamped ``secret`` (the ``secret`` flag or
  ``ctrl+g``) is not told and is not folded: a value only secret events changed shows as players
  last saw it.  A character or a session created in secret does not exist for players, and a later
  public event naming such a character is left out too, as is any public event that cannot be
  folded without the secret ones (it depends on them).  Undo and redo of a secret action are secret.
* **hidden characters' numbers.**  A character created with ``--hidden`` keeps its name, kind and
  status (conditions); its stats, skills, pools, bonds, initiative value, chase speed and MOV are
  blank in the state, and any event whose text names it is read in its type's players' reading,
  which holds no number (or is not told at all, for a change of its numbers).
* the GM's character notes.

**Reveal.**  A :class:`~fhtagn_tui.domain.features.reveal.Revealed` event makes a secret action
group public: the projection is rebuilt as if that group had never been secret (its events are
told in their place, their effects folded), so the public numbering after a reveal counts them.
Undoing the reveal (or redoing it) rebuilds it again.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import msgspec
from msgspec.structs import replace

from .events import Event
from .features.campaign import (
    CharacterCreated,
    PoolChanged,
    SessionEnded,
    SessionStarted,
    SkillChanged,
    StatChanged,
)
from .features.encounter import DamageApplied
from .features.reveal import Revealed
from .history import Projection, Redone, Undone, names_of
from .readings import players_reading
from .state import Character, State


class PublicEntry(msgspec.Struct, frozen=True, gc=False):
    """One line players may read."""

    no: int  # the public number: 1, 2, 3… without gaps
    text: str  # the players' reading of the event
    event: Event  # the event itself (its seq, ts and dice are the GM's: never show them raw)
    session: int = 0  # the public session it happened in (0: between sessions)

    @property
    def ts(self) -> float:
        return self.event.ts


def _refs(ev: Event) -> set[str]:
    """Every string an event holds in its own fields (ids of characters among them)."""
    out: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, str):
            out.add(value)
        elif isinstance(value, tuple | list):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for key in value:
                walk(key)
        elif isinstance(value, msgspec.Struct):
            for field in value.__struct_fields__:
                walk(getattr(value, field))

    for field in ev.__struct_fields__:
        if field not in Event.__struct_fields__:
            walk(getattr(ev, field))
    return out


def _reveal_group_map(events: Iterable[Event]) -> set[int]:
    """The secret groups revealed at the end of ``events`` (reveals undone are not)."""
    reveals: dict[int, int] = {}  # reveal group → target
    active: dict[int, bool] = {}
    for ev in events:
        if isinstance(ev, Revealed):
            reveals[ev.group] = ev.target
            active[ev.group] = True
        elif isinstance(ev, Undone) and ev.target in reveals:
            active[ev.target] = False
        elif isinstance(ev, Redone) and ev.target in reveals:
            active[ev.target] = True
    return {reveals[g] for g, on in active.items() if on}


class PublicLog:
    """The public projection of a growing log (fed from its start, in order)."""

    def __init__(self) -> None:
        self.events: list[Event] = []  # the whole log fed so far: a reveal rebuilds from it
        self._reveals: set[int] = set()  # reveal groups seen (their undo/redo rebuilds)
        self.revealed: set[int] = set()
        self._reset()

    def _reset(self) -> None:
        self.fold = Projection(checkpoint_every=0)
        self.entries: list[PublicEntry] = []
        #: Every event folded, with its entry (None: folded but not told) and its public session.
        self.applied: list[tuple[Event, PublicEntry | None, int]] = []
        self.secret_groups: set[int] = set()  # groups players may not read (secret, or depending on one)
        self.withheld: set[int] = set()  # groups told without a hidden character's numbers (or not at all)
        self.ghosts: set[str] = set()  # characters created in secret
        self._told: dict[int, str] = {}  # group → its first line as players read it (their undo label)
        self.secret_sessions: set[int] = set()
        self._state_cache: tuple[State, State] | None = None

    # --- feeding ------------------------------------------------------------------------------

    def feed(self, events: Iterable[Event]) -> tuple[list[PublicEntry], bool]:
        """Take the next events of the log; returns the new entries, and True when the projection
        was rebuilt (a reveal, or its undo/redo: the whole public log changed, read ``entries``)."""
        new: list[PublicEntry] = []
        rebuilt = False
        for ev in events:
            self.events.append(ev)
            if self._changes_reveals(ev):
                self.rebuild()
                rebuilt = True
                continue
            entry = self._one(ev)
            if entry is not None:
                new.append(entry)
        return (list(self.entries) if rebuilt else new), rebuilt

    def filter(self, events: Iterable[Event]) -> list[PublicEntry]:
        """Feed ``events``; the entries they added (all entries if a reveal rebuilt the log)."""
        return self.feed(events)[0]

    def _changes_reveals(self, ev: Event) -> bool:
        if isinstance(ev, Revealed):
            self._reveals.add(ev.group)
            return True
        return isinstance(ev, Undone | Redone) and ev.target in self._reveals

    def rebuild(self) -> None:
        """Fold the whole log again (the revealed groups as they stand at its end)."""
        self._reveals = {ev.group for ev in self.events if isinstance(ev, Revealed)}
        self.revealed = _reveal_group_map(self.events)
        self._reset()
        for ev in self.events:
            self._one(ev)

    def _is_secret(self, ev: Event) -> bool:
        if isinstance(ev, Undone | Redone) and ev.target in self.secret_groups:
            return True
        if ev.secret and ev.group not in self.revealed:
            return True
        if isinstance(ev, SessionEnded) and ev.session in self.secret_sessions:
            return True
        return bool(self.ghosts) and not isinstance(ev, CharacterCreated) and bool(_refs(ev) & self.ghosts)

    def _one(self, ev: Event) -> PublicEntry | None:
        if self._is_secret(ev):
            self.secret_groups.add(ev.group)
            if isinstance(ev, CharacterCreated):
                self.ghosts.add(ev.id)
            elif isinstance(ev, SessionStarted):
                self.secret_sessions.add(ev.number)
            return None
        if isinstance(ev, CharacterCreated):
            self.ghosts.discard(ev.id)
        before = self.fold.state
        session = ev.session if ev.session not in self.secret_sessions else before.session_number
        try:
            self.fold.apply(ev)
        except Exception:  # it needs what players never saw: it stays with the secrets
            self.fold.state = before
            self.secret_groups.add(ev.group)
            return None
        state = self.fold.state
        names = names_of(before) | names_of(state)
        hidden = {c.name for c in (*before.characters.values(), *state.characters.values()) if c.hidden}
        if isinstance(ev, Undone | Redone) and ev.target in self._reveals:  # its label tells the secret
            text: str | None = "The GM hides a revealed secret again" if isinstance(ev, Undone) else "The GM reveals it again"
        elif isinstance(ev, Undone | Redone) and ev.target in self._told:  # as players read the action
            text = ("Undo: " if isinstance(ev, Undone) else "Redo: ") + self._told[ev.target]
        elif isinstance(ev, Undone | Redone) and ev.target in self.withheld:
            text = ("Undo" if isinstance(ev, Undone) else "Redo") + " of an action on a hidden character"
        else:
            told = _as_players_saw(ev, before)
            text = players_reading(told, names, hidden)
            if text is not None and isinstance(ev, PoolChanged) and told is ev:  # a loss (SanLost…) told as
                seen = _seen(before, ev)  # "loses 2 SAN: now 67" when a secret moved it before
                if seen is not None and seen != ev.old:
                    text = text.replace(f"{ev.old} → {ev.new}", f"now {ev.new}")
            if text is None or (hidden and text != told.describe(names)):
                self.withheld.add(ev.group)
        if text is None:
            self.applied.append((ev, None, session))
            return None
        if isinstance(ev, Revealed):
            first = next((e for e in self.entries if e.event.group == ev.target), None)
            text = f"The GM reveals a secret: {first.text} (#{first.no})" if first is not None else "The GM reveals a secret"
        self._told.setdefault(ev.group, text)
        entry = PublicEntry(no=len(self.entries) + 1, text=text, event=ev, session=session)
        self.entries.append(entry)
        self.applied.append((ev, entry, entry.session))
        return entry

    # --- reading --------------------------------------------------------------------------------

    @property
    def state(self) -> State:
        """The state as players know it: the public fold, hidden characters blanked."""
        folded = self.fold.state
        if self._state_cache is None or self._state_cache[0] is not folded:
            before = self._state_cache
            state = public_state(folded)
            if before is not None and before[0].characters is folded.characters:
                state = replace(state, characters=before[1].characters)  # unchanged: the screens can tell
            self._state_cache = (folded, state)
        return self._state_cache[1]


def _seen(before: State, ev: PoolChanged) -> int | None:
    char = before.characters.get(ev.character)
    return char.current.get(ev.pool) if char is not None else None


def _as_players_saw(ev: Event, before: State) -> Event:
    """A change told from the value players last saw (a secret change before it stays untold):
    ``Ada Vance: HP 11 → 5`` rather than the GM's ``HP 8 → 5`` after a secret loss of 3."""
    kind = type(ev)
    if kind not in (PoolChanged, StatChanged, SkillChanged, DamageApplied):
        return ev
    char = before.characters.get(getattr(ev, "character", ""))
    if char is None:
        return ev
    if kind is DamageApplied:
        seen = char.current.get("HP")
        return replace(ev, hp_before=seen) if seen is not None and seen != ev.hp_before else ev
    if kind is PoolChanged:
        seen = char.current.get(ev.pool)
    elif kind is StatChanged:
        seen = char.stats.get(ev.stat)
    else:
        seen = char.skills.get(ev.skill)
    return replace(ev, old=seen) if seen != ev.old and (seen is not None or kind is not PoolChanged) else ev


def public_log(events: Iterable[Event]) -> PublicLog:
    """The public projection of a whole log (from its start)."""
    log = PublicLog()
    log.events = list(events)
    log.rebuild()
    return log


def public_events(events: Iterable[Event]) -> list[PublicEntry]:
    """The entries players may read of a whole log (from its start)."""
    return public_log(events).entries


def public_character(char: Character) -> Character:
    """A character as the players know it: a hidden one by name, kind and status only."""
    if not char.hidden:
        return replace(char, notes="") if char.notes else char
    return Character(id=char.id, name=char.name, kind=char.kind, stats={}, conditions=char.conditions, hidden=True)


def public_state(state: State) -> State:
    """A (public) fold with hidden characters blanked: no number of theirs is left in it."""
    chars = {key: public_character(char) for key, char in state.characters.items()}
    hidden = {key for key, char in state.characters.items() if char.hidden}
    encounter = state.encounter
    if encounter is not None and hidden & encounter.combatants.keys():
        combatants = {
            key: replace(c, initiative=0.0, tiebreak=0) if key in hidden else c for key, c in encounter.combatants.items()
        }
        encounter = replace(encounter, combatants=combatants)
    chases = tuple(_public_chase(chase, hidden) for chase in state.chases) if hidden else state.chases
    templates = {key: public_character(t) for key, t in state.templates.items()} if state.templates else {}
    return replace(state, characters=chars, encounter=encounter, chases=chases, templates=templates)


def _public_chase(chase: object, hidden: set[str]) -> object:
    """A chase whose hidden participants (and vehicles driven by one) show no speed, MOV or Build."""
    participants = getattr(chase, "participants", None)
    if not isinstance(participants, dict | tuple):
        return chase
    items = participants.items() if isinstance(participants, dict) else enumerate(participants)
    changed = {}
    for key, p in items:
        if getattr(p, "character", None) in hidden:
            changed[key] = _blank_numbers(p)
    if not changed:
        return chase
    if isinstance(participants, dict):
        return replace(chase, participants={k: changed.get(k, p) for k, p in participants.items()})  # type: ignore[type-var]
    return replace(chase, participants=tuple(changed.get(i, p) for i, p in enumerate(participants)))  # type: ignore[type-var]


#: A hidden chase participant's numbers (kept by the GM only).
_SECRET_NUMBERS = ("base_mov", "mov", "build", "start_build", "armor")


def _blank_numbers(p: msgspec.Struct) -> msgspec.Struct:
    fields = {f: type(getattr(p, f))(0) for f in _SECRET_NUMBERS if f in p.__struct_fields__}
    return replace(p, **fields) if fields else p


def visible_entries(entries: Sequence[PublicEntry]) -> list[str]:
    """The public log as numbered lines (what a player's log shows)."""
    return [f"{e.no}. {e.text}" for e in entries]


__all__ = [
    "PublicEntry",
    "PublicLog",
    "public_character",
    "public_events",
    "public_log",
    "public_state",
    "visible_entries",
]
