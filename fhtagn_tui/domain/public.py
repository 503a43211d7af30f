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
  last saw it.  A character or a session created in secret does not exist for players.  **By
  reference**: the things a kept event refers to (:func:`refs`: characters, participants, vehicles,
  weapons, templates, the fight or chase it is in) are *touched*, and every later event referring to
  a touched thing is kept too (and touches in turn) — which things, not how, so what players read
  depends on no secret value.  Any public event that cannot be folded without the secret ones is
  kept as well.  Undo and redo of a secret action are secret.  Numbers players see count only what
  they saw (a numbered NPC's name, a chase's number, a session's).
* **hidden characters' numbers.**  A character created with ``--hidden`` keeps its name, kind and
  status (conditions); its stats, skills, pools, bonds, initiative value, chase speed and MOV are
  blank in the state, and any event that refers to it (or to a vehicle it drives or rides in) is
  read in its type's players' reading, which holds no number (or is not told at all, for a change
  of its numbers).
* the GM's character notes.
* **what is addressed to others** (``Event.addressed``: a whisper, a handout).  The projection is
  made for a ``viewer``: the id of the character a player's view is bound to, or None (a watcher,
  the players' recap).  An addressed event is told to a viewer it is addressed to; for every other
  viewer it is as if it had never happened — not told, not folded, not numbered, touching nothing;
  its undo and redo (and a reveal of it, kept secret) go with it.
* **the other investigators' private numbers** (the campaign's privacy setting,
  :mod:`fhtagn_tui.domain.privacy`; ``own`` by default).  The projection is made for a ``viewer``:
  the character a player's key is bound to, or None for a watcher (a follower, the generic players'
  recap), for whom every investigator is "another".  The others' private parts are blanked in the
  state; an event that may tell one of them (:func:`~fhtagn_tui.domain.privacy.event_fields`) is read
  in its players' reading, as a hidden character's is.  A change of the setting (or its undo or
  redo) rebuilds the projection: the setting in force governs the whole log.

**Reveal.**  A :class:`~fhtagn_tui.domain.features.reveal.Revealed` event makes a secret action
group public: the projection is rebuilt as if that group had never been secret (its events are
told in their place, their effects folded), so the public numbering after a reveal counts them.
Undoing the reveal (or redoing it) rebuilds it again.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import msgspec
from msgspec.structs import replace

from . import replay
from .events import Event
from .features.campaign import (
    CharacterCreated,
    SessionEnded,
    SessionStarted,
)
from .features.reveal import Revealed
from .privacy import (
    UNTOLD_MIND,
    event_fields,
    others,
    private_fields,
    veiled_character,
    veiled_requisitions,
)
from .readings import players_reading
from .replay import UNDO_DEPTH, Projection, Redone, Undone, names_of
from .state import Character, Privacy, State

_UNDO_REDO = (Undone, Redone)

#: How many action groups back a following view's folds keep (:class:`PublicLog` ``depth``): the GM's
#: undo or redo of a group past them rebuilds the projection from the log (it holds every event).
FOLLOW_DEPTH = 32


class PublicEntry(msgspec.Struct, frozen=True, gc=False):
    """One line players may read."""

    no: int  # the public number: 1, 2, 3… without gaps
    text: str  # the players' reading of the event
    event: Event  # the event itself (its seq, ts and dice are the GM's: never show them raw)
    session: int = 0  # the public session it happened in (0: between sessions)

    @property
    def ts(self) -> float:
        return self.event.ts


def refs(ev: Event) -> tuple[str, ...]:
    """What ``ev`` refers to, as data, in its fields' order: every string its own fields hold (the ids
    of characters, chase participants and vehicles, weapons, templates… and words besides, which
    refer to nothing) but its fields of free text (``Event.free_text``), and what it happens in (``Event.within``: the fight; the chase of its number).
    The public projection decides what players read of an event from these and from the secrets in
    force — never from its text."""
    kind = type(ev)
    own = _OWN_FIELDS.get(kind)
    if own is None:
        own = _OWN_FIELDS[kind] = tuple(f for f in ev.__struct_fields__
                                        if f not in Event.__struct_fields__ and f not in kind.free_text)
    out: dict[str, None] = {}
    within = kind.within
    if within:
        out[_within_key(ev, within)] = None
    for field in own:
        value = getattr(ev, field)
        if isinstance(value, str):
            out[value] = None
        elif not isinstance(value, int | float | bool) and value is not None:
            _walk(value, out)
    return tuple(out)


def _within_key(ev: Event, within: str) -> str:
    """The reference to what ``ev`` happens in: NUL + ``fight``, NUL + ``chase 2`` (no user text
    starts so: text holds no control character)."""
    return f"\0{within} {getattr(ev, within)}" if within == "chase" else f"\0{within}"


def _walk(value: object, out: dict[str, None]) -> None:
    """Add the strings ``value`` holds to ``out`` (in order).  (A module function: a nested one would make a
    reference cycle per call, left for the collector — which rests while a long log is folded.)"""
    if isinstance(value, str):
        out[value] = None
    elif isinstance(value, tuple | list):
        for item in value:
            _walk(item, out)
    elif isinstance(value, dict):
        for key in value:
            _walk(key, out)
    elif isinstance(value, msgspec.Struct):
        for field in value.__struct_fields__:
            if field not in _WORDS:  # a nested struct's free text refers to nothing either (a hazard's source)
                _walk(getattr(value, field), out)


#: The names of the fields of free text (``Event.free_text``), in a struct an event holds.
_WORDS = Event.free_text

#: Event type → its own fields (those not common to every event).
_OWN_FIELDS: dict[type, tuple[str, ...]] = {}


def privacy_of(events: Iterable[Event]) -> Privacy:
    """The privacy setting in force at the end of ``events`` (a setting undone is not; the default:
    ``own``) — read from the log as the reveals are, whether players could read the event or not."""
    sets: dict[int, Privacy] = {}
    active: dict[int, bool] = {}
    for ev in events:
        kind = type(ev)
        if kind.__name__ == "PrivacySet":
            sets[ev.group] = Privacy(mode=ev.mode, fields=tuple(ev.fields))  # type: ignore[attr-defined]
            active[ev.group] = True
        elif (kind is Undone or kind is Redone) and ev.target in sets:  # type: ignore[attr-defined]
            active[ev.target] = kind is Redone  # type: ignore[attr-defined]
    on = [g for g, yes in active.items() if yes]
    return sets[max(on)] if on else Privacy()


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
    """The public projection of a growing log (fed from its start, in order).

    ``depth``: how many action groups back its folds keep the states to undo to (a follower — the
    players' view — never undoes, it folds the GM's undo and redo: :data:`FOLLOW_DEPTH` there).  An
    undo or redo :meth:`feed` meets that reaches past them rebuilds the projection from the log at
    the GM's own depth (``UNDO_DEPTH``): the result is exactly the one a projection keeping every
    state would have.  Memory: each kept group holds a state (two folds: the public one, the GM's).
    """

    def __init__(self, depth: int = UNDO_DEPTH, viewer: str | None = None) -> None:
        self.depth = max(1, min(depth, UNDO_DEPTH))
        #: Whose eyes it is for: the id of the character a player's view is bound to; None for a
        #: watcher and the players' recap.  Addressed events (``Event.addressed``) reach only theirs,
        #: and the other investigators' private parts are blanked for it (``domain.privacy``).
        self.viewer = viewer
        self._setting(Privacy())
        self._privacy_groups: set[int] = set()  # groups that set the privacy (their undo/redo may change it)
        self._keep = UNDO_DEPTH  # the folds' depth while (re)built; ``depth`` once fed
        self.events: list[Event] = []  # the whole log fed so far: a reveal rebuilds from it
        self._reveals: set[int] = set()  # reveal groups seen (their undo/redo rebuilds)
        self.revealed: set[int] = set()
        #: ``None``: entries kept (a growing log).  A set: read once (:meth:`streamed`): no
        #: entry is kept but the first of each of these groups (the targets of the log's reveals).
        self._targets: set[int] | None = None
        #: Whether the groups' undo labels are kept (``_told``): a log read once that holds no undo
        #: or redo (:meth:`streamed` ``undo=False``) never asks for one.
        self._labels = True
        self._reset()

    def _reset(self) -> None:
        self.fold = replay.fold()
        self.fold.done = deque(maxlen=self._keep)
        #: The GM's own fold (every event): a public roll against a value that secret events moved
        #: (SAN 69 after a secret loss, players knew 70) is told without its numbers.  ``None``
        #: until the first secret event: up to it both folds are fed the same events (the same
        #: values), so it starts then as a copy of the public fold.
        self.gm: Projection | None = None
        self.entries: list[PublicEntry] = []
        #: Every event folded, with its entry (None: folded but not told) and its public session.
        self.applied: list[tuple[Event, PublicEntry | None, int]] = []
        self.secret_groups: set[int] = set()  # groups players may not read (secret, or depending on one)
        self.withheld: set[int] = set()  # groups told without a hidden character's numbers (or not at all)
        self._by_hidden: set[int] = set()  # … of them, those withheld for a hidden character (not another's privacy)
        self.ghosts: set[str] = set()  # characters created in secret
        self._told: dict[int, str] = {}  # group → its first line as players read it (their undo label)
        self.secret_sessions: set[int] = set()
        self._session_no: dict[int, int] = {}  # the GM's session number → the players' (public ones only)
        self._chase_no: dict[int, int] = {}  # the GM's chase number → the players' (where they differ)
        self._request_no: dict[int, int] = {}  # the GM's roll request number → the players' (where they differ)
        #: The things (references: :func:`refs`) an event kept from players referred to — created,
        #: changed or only named in secret: every later event referring to one is kept too.
        self.touched: set[str] = set()
        self._fight = 0  # fights begun so far: a fight's events refer to "\0fight N"
        self._renamed: dict[str, str] = {}  # a numbered character's GM name → the players' (chases copy names)
        self._state_cache: tuple[State, State] | None = None
        self._others: tuple[object, object, frozenset[str], frozenset[str]] = (None, None, frozenset(), frozenset())
        #: :meth:`view`'s characters: key → (the fold's character, system, private fields, as the viewer reads it)
        self._viewed: dict[str, tuple[Character, str, frozenset[str], Character]] = {}
        #: :meth:`view`'s other fields: (who is blanked, the fold's fields, the others, as the viewer reads them)
        self._view_rest: tuple[frozenset[str], tuple[object, ...], frozenset[str], dict[str, Any]] | None = None
        self._numbered = 0  # entries numbered so far
        self._first: dict[int, PublicEntry] = {}  # streamed: a reveal target group → its first entry
        #: (characters before, after, names of both, hidden names of both, names after, hidden after)
        self._names: tuple[Any, ...] = (None, None, {}, set(), {}, set())
        #: The groups holding an event addressed to others than the viewer (and the undos, redos and
        #: reveals of such groups): as if they had never happened, unless in ``_mixed``.
        self._away: set[int] = set()
        #: Groups of ``_away`` that hold events this viewer folded or kept secret too (``one_action``):
        #: their undo and redo act on those.
        self._mixed: set[int] = set()

    # --- feeding ------------------------------------------------------------------------------

    def feed(self, events: Iterable[Event]) -> tuple[list[PublicEntry], bool]:
        """Take the next events of the log; returns the new entries, and True when the projection
        was rebuilt (a reveal, or its undo/redo: the whole public log changed, read ``entries``)."""
        new: list[PublicEntry] = []
        rebuilt = False
        self._shallow()
        for ev in events:
            self.events.append(ev)
            if self._away and self._goes_away(ev):  # the undo, redo or reveal of what this viewer never saw
                self._one(ev)
                continue
            if self._changes_reveals(ev) or self._changes_privacy(ev) or self._out_of_reach(ev):
                self.rebuild()
                rebuilt = True
                continue
            entry = self._one(ev)
            if entry is not None:
                new.append(entry)
        return (list(self.entries) if rebuilt else new), rebuilt

    def view_as(self, viewer: str | None) -> None:
        """Make it the projection for ``viewer`` (a player's view bound once its character is found in
        the public state: addressed events are the same for every viewer until one is told, so it
        is folded again only when some event was addressed away — or, the privacy setting keeping
        the others' numbers, when it tells them otherwise to this viewer)."""
        if viewer == self.viewer:
            return
        before, self.viewer = self.viewer, viewer
        self._viewed, self._view_rest = {}, None
        if self._away or before is not None or self._private:
            self.rebuild()
        else:
            self._state_cache, self._others = None, (None, None, frozenset(), frozenset())

    def filter(self, events: Iterable[Event]) -> list[PublicEntry]:
        """Feed ``events``; the entries they added (all entries if a reveal rebuilt the log)."""
        return self.feed(events)[0]

    @classmethod
    def streamed(cls, reveals: set[int], revealed: set[int], targets: set[int], undo: bool = True,
                 since: int = 1, viewer: str | None = None, privacy: Privacy | None = None) -> PublicLog:
        """The projection of a whole log read once, in order, told an event at a time by :meth:`tell`
        (what the public stream (``domain.replay``) yields; the players' recap takes its steps so, without a
        generator between).  Its arguments are that stream's.  Never rebuilt: ``fold`` is
        the same fold from the first event to the last; no entry is kept (``entries`` stays empty)."""
        log = cls(viewer=viewer)
        log._setting(privacy or Privacy())  # the log's setting at its end (read from it first, as its reveals)
        log._reveals, log.revealed, log._targets = set(reveals), set(revealed), set(targets)
        if not undo or since > 1:
            log.fold, log._labels = replay.fold(since=since if undo else 0, count=False), False
        return log

    def keep_history(self) -> None:
        """From the next event on, the folds keep the undo history and the groups' undo labels (a log
        streamed with ``since``: at its first seq or group that an undo or redo is at or reaches)."""
        self.fold = replay.with_history(self.fold)
        if self.gm is not None:
            self.gm = replay.with_history(self.gm)
        self._labels = True

    def _changes_reveals(self, ev: Event) -> bool:
        if isinstance(ev, Revealed):
            self._reveals.add(ev.group)
            return True
        return isinstance(ev, _UNDO_REDO) and ev.target in self._reveals

    def _setting(self, privacy: Privacy) -> None:
        """The privacy setting the projection applies (its private fields)."""
        self.privacy = privacy
        self._private = private_fields(privacy)

    def _changes_privacy(self, ev: Event) -> bool:
        """Whether ``ev`` changes the privacy setting in force (a setting, or an undo or redo of one):
        then the projection is rebuilt."""
        kind = type(ev)
        if kind.__name__ == "PrivacySet":
            self._privacy_groups.add(ev.group)
        elif not ((kind is Undone or kind is Redone) and ev.target in self._privacy_groups):  # type: ignore[attr-defined]
            return False
        return privacy_of(self.events) != self.privacy

    def rebuild(self) -> None:
        """Fold the whole log again (the revealed groups and the privacy setting as they stand at
        its end), keeping the GM's depth of undo states while it folds, then only ``depth`` of them."""
        self._reveals = {ev.group for ev in self.events if isinstance(ev, Revealed)}
        self.revealed = _reveal_group_map(self.events)
        self._privacy_groups = {ev.group for ev in self.events if type(ev).__name__ == "PrivacySet"}
        self._setting(privacy_of(self.events))
        self._keep = UNDO_DEPTH
        self._reset()
        for ev in self.events:
            self._one(ev)
        self._shallow()

    def _shallow(self) -> None:
        """Keep only ``depth`` groups of undo states in the folds (the newest)."""
        if self._keep == self.depth:
            return
        self._keep = self.depth
        for fold in (self.fold, self.gm):
            if fold is not None:
                fold.done = deque(fold.done, maxlen=self.depth)

    def _out_of_reach(self, ev: Event) -> bool:
        """Whether ``ev`` undoes or redoes a group the folds no longer hold (past ``depth``): the
        GM's fold (every event; the public one until the first secret) must have it on top."""
        kind = type(ev)
        if kind is not Undone and kind is not Redone or self._keep == UNDO_DEPTH:
            return False
        fold = self.gm if self.gm is not None else self.fold
        stack = fold.done if kind is Undone else fold.undone
        return not stack or stack[-1].group != ev.target  # type: ignore[attr-defined]

    def _is_secret(self, ev: Event, flags: int | None = None) -> bool:
        if flags is None:
            flags = _flags(type(ev))
        if flags & _UNDO_REDO_F and ev.target in self.secret_groups:  # type: ignore[attr-defined]
            # a group partly secret: players undo (redo) the part they folded; secret when none
            stack = self.fold.done if flags & _UNDONE_F else self.fold.undone
            return not stack or stack[-1].group != ev.target  # type: ignore[attr-defined]
        if ev.secret and ev.group not in self.revealed:
            return True
        return bool(flags & _ENDED_F) and ev.session in self.secret_sessions

    def _goes_away(self, ev: Event) -> bool:
        """Whether ``ev`` undoes, redoes or reveals a group this viewer never saw (:attr:`_away`, not
        mixed): then it goes the same way."""
        target = getattr(ev, "target", None)
        return (type(ev) in _AWAY_FOLLOWERS and isinstance(target, int) and target in self._away
                and target not in self._mixed)

    def _addressed_away(self, ev: Event, kind: type[Event]) -> bool:
        """Whether ``ev`` (addressed) is addressed to others than the viewer: then its group is
        ``_away`` — mixed when this viewer folded (or kept secret) an event of the group before."""
        if self.viewer is not None and self.viewer in getattr(ev, kind.addressed):
            return False
        group = ev.group
        if group not in self._away:
            self._away.add(group)
            if group in self.secret_groups or (self.applied and self.applied[-1][0].group == group) or any(
                    stack and stack[-1].group == group
                    for fold in (self.fold, self.gm) if fold is not None
                    for stack in (getattr(fold, "done", None),)):
                self._mixed.add(group)  # after an event of its group this viewer folded or kept secret
        return True

    def _one(self, ev: Event) -> PublicEntry | None:
        kind = type(ev)
        flags = _FLAGS.get(kind)
        if flags is None:
            flags = _flags(kind)
        if flags & _ADDRESSED_F and self._addressed_away(ev, kind):
            return None  # addressed to others: as if it never happened
        if self._away:
            if ev.group in self._away:
                self._mixed.add(ev.group)  # a group holding what this viewer reads too
            elif flags & (_UNDO_REDO_F | _REVEALED_F) and self._goes_away(ev):
                self._away.add(ev.group)  # the undo, redo or reveal of what it never saw: the same
                return None
        if flags & _SPECIAL_F or ev.secret or self.ghosts or self.gm is not None:
            return self._any(ev, kind, flags)
        # An ordinary public event before any secret (most of a log): what :meth:`_any` does of it,
        # without what cannot apply — it is not secret (no secret yet, and it is none of the kinds
        # that can be by another's secret: an undo or redo, a session's end), no session is secret,
        # the GM's fold is not started (players know what the GM knows), it neither creates, starts,
        # ends nor reveals.  ``tests/serve/test_public_short_path.py`` holds the two paths equal.
        fold = self.fold
        before = fold.state
        session = self._session_no.get(ev.session, 0)
        if not self._applies(fold, ev, before):
            return None
        characters = fold.state.characters
        known = self._names
        if known[1] is characters and known[0] is before.characters:
            names, hidden = known[2], known[3]
        elif known[1] is characters is before.characters:  # an event after a change of them: the names after it
            names, hidden = known[4], known[5]
        else:
            known = self._names_around(before.characters, fold.state)
            names, hidden = known[2], known[3]
        veil = self._veil(ev, before, fold.state) if self._private else _NO_VEIL
        if hidden or veil:
            text, changed = self._players_text(ev, names, hidden, before, fold.state, veil)
        else:
            text, changed = ev.describe(names), False
        if text is None or changed:
            self._withhold(ev, hidden)
            if text is None:
                self.applied.append((ev, None, session))
                return None
        return self._enter(ev, text, session)

    def _withhold(self, ev: Event, hidden: set[str]) -> None:
        """``ev``'s group told without numbers (or not at all): because of a hidden character it
        refers to, or else of another's private sheet (the privacy setting) — its undo says which."""
        self.withheld.add(ev.group)
        if hidden and not hidden.isdisjoint(refs(ev)):
            self._by_hidden.add(ev.group)

    def _veil(self, ev: Event, before: State, after: State) -> frozenset[str]:
        """The others (``domain.privacy``) whose private parts ``ev`` may tell: the investigators other
        than the viewer, when the event is of a kind that may tell a private field (else none)."""
        if self._private.isdisjoint(event_fields(ev)):
            return _NO_VEIL
        chars_before, chars_after = before.characters, after.characters
        known = self._others  # (characters before, after, the others of either, the others after)
        if known[0] is not chars_before or known[1] is not chars_after:
            # the characters before an event are most often those after the event before
            ids_before = known[3] if known[1] is chars_before else others(chars_before, self.viewer)
            ids_after = ids_before if chars_after is chars_before else others(chars_after, self.viewer)
            known = self._others = (chars_before, chars_after,
                                    ids_before if ids_after == ids_before else ids_before | ids_after, ids_after)
        return known[2]

    def _players_text(self, ev: Event, names: dict[str, str], hidden: set[str], before: State, after: State,
              veil: frozenset[str]) -> tuple[str | None, bool]:
        """What players read of ``ev`` (:func:`_reading`, the others ``veil`` read as hidden ones; a
        change of another's mind — a disorder, a phobia — not told at all when disorders are private),
        and whether that is other than the GM's text (then its group is withheld)."""
        if veil:
            name = type(ev).__name__
            if "disorders" in self._private and name in UNTOLD_MIND and not veil.isdisjoint(refs(ev)):
                return None, True
            if name == "PoolChanged" and getattr(ev, "pool", "") in ("HP", "FP") and getattr(ev, "character", "") in veil:
                who = names.get(ev.character, ev.character)  # type: ignore[attr-defined]
                return (f"{who} is hurt" if ev.new < ev.old else f"{who} recovers"), True  # type: ignore[attr-defined]  # wounds in words
        named, secret = _named(ev, names, hidden, before, after, veil)
        text = ev.describe(names)
        if not secret:
            return text, False
        told = players_reading(ev, names, named, secret, text)
        return told, told is None or told != text

    def veiled(self, state: State) -> frozenset[str]:
        """The characters of ``state`` whose whole sheet is private to this viewer (``own``: the others)."""
        return others(state.characters, self.viewer) if self.privacy.mode == "own" else frozenset()

    def _applies(self, fold: Projection, ev: Event, before: State) -> bool:
        """``ev`` folded in the public ``fold``; or, when it cannot be (it needs what players never
        saw), ``fold`` left at ``before`` and its group kept with the secrets."""
        try:
            fold.apply(ev)
        except Exception:  # it stays with the secrets
            fold.state = before
            self.secret_groups.add(ev.group)
            return False
        return True

    def _enter(self, ev: Event, text: str, session: int) -> PublicEntry:
        """The next entry of the public log: ``ev`` as players read it (``text``), numbered, kept
        (or, streamed, kept only as the first of a reveal's target group) and in ``applied``."""
        if self._labels:
            self._told.setdefault(ev.group, text)
        number = self._numbered = self._numbered + 1
        entry = PublicEntry(number, text, ev, session)
        if self._targets is None:
            self.entries.append(entry)
        elif ev.group in self._targets:
            self._first.setdefault(ev.group, entry)
        self.applied.append((ev, entry, session))
        return entry

    @property
    def tell(self) -> Callable[[Event], PublicEntry | None]:
        """What folds and tells the next event of a log read once (:meth:`streamed`): given it, its
        entry (None when not told); when it was folded, ``applied`` ends with (the event as folded,
        its entry, its public session) — take it off as it comes (the public stream (``domain.replay``)).  (The
        projection's own ``_one``, asked for once before the loop: no call more per event.)"""
        return self._one

    def _names_around(self, before: dict[str, Character], state: State) -> tuple[Any, ...]:
        """The names and hidden names before and after an event (``before``: the characters before
        it, ``state``: the state after it), worked out again only when the characters changed."""
        known = self._names
        characters = state.characters
        if before is characters is known[1]:  # the event after a change of them
            known = self._names = (before, before, *known[4:], *known[4:])
            return known
        if before is known[1] and same_names(before, characters):  # (most changes: a pool, a condition)
            names, hidden = known[4], known[5]
            known = self._names = (before, characters, names, hidden, names, hidden)
            return known
        after_names, after_hidden = _names_of(state, known)
        before_names, before_hidden = _names_of_characters(before, known)
        known = self._names = (
            before,
            state.characters,
            before_names | after_names,
            before_hidden | after_hidden,
            after_names,
            after_hidden,
        )
        return known

    def _any(self, ev: Event, kind: type, flags: int) -> PublicEntry | None:
        """:meth:`_one` of any event (secret, or of a kind that asks more, or after a secret)."""
        if flags & _UNDO_REDO_F and not self._labels:
            raise ValueError(f"{kind.__name__} in a log streamed as holding no undo or redo (streamed undo=False)")
        secret = self._is_secret(ev, flags) if flags or ev.secret else False
        if self.gm is None and secret:
            self.gm = replay.fork(self.fold)
        fold, gm = self.fold, self.gm
        told: Event | None = ev  # the players' copy: without its secret parts, in their numbers
        if flags & _FIGHT_F:
            self._fight += 1
        keys = self._keys(ev, kind) if self.touched or secret or flags & _FIGHT_F else ()
        if flags & _CREATED_F or kind.__name__ == "ChaseCreated":  # a new thing under a free id (or
            # number): what was touched under it is gone (a secret creation undone)
            self.touched.discard(ev.id if flags & _CREATED_F else f"\0chase {ev.chase}")  # type: ignore[attr-defined]
        # a thing created, changed or named in secret stays secret in every event that refers to it
        if not secret and self.touched and not flags & _UNDO_REDO_F:
            told = self._without_touched_parts(ev, kind)
            secret = told is None or not self.touched.isdisjoint(keys if told is ev else self._keys(told, kind))
        if gm is not None:
            gm_before = gm.state
            try:
                gm.apply(ev)
            except Exception:  # the GM's fold is only compared with: a log it cannot fold is the app's to report
                gm.state = gm_before
        if secret or told is None:
            self._keep_secret(ev, flags, keys)
            return None
        ev = told
        if flags & _CREATED_F:
            self.ghosts.discard(ev.id)  # type: ignore[attr-defined]
        before = fold.state
        if gm is not None:
            ev = self._renumbered(ev, kind, flags, before)
        if flags & (_STARTED_F | _ENDED_F):
            number: int = ev.number  # type: ignore[attr-defined]
            if flags & _STARTED_F:  # players count their sessions 1, 2, 3…: a secret one takes no number
                self._session_no[number] = len(self._session_no) + 1
            if self._session_no.get(number, number) != number:
                ev = replace(ev, number=self._session_no[number])
        session = self._session_no.get(ev.session, 0) if ev.session not in self.secret_sessions else before.session_number
        if session != ev.session and gm is not None:  # what it folds holds the players' session (a requisition's)
            ev = replace(ev, session=session)
        if not self._applies(fold, ev, before):
            self._keep_secret(ev, flags, keys or self._keys(ev, kind))
            return None
        state = fold.state
        # names and hidden names before and after, worked out again only when the characters changed
        known = self._names
        if known[0] is not before.characters or known[1] is not state.characters:
            known = self._names_around(before.characters, state)
        names, hidden = known[2], known[3]
        target = ev.target if flags & _UNDO_REDO_F else None  # type: ignore[attr-defined]  # an undo or redo: the group it acts on
        if target is not None and target in self._reveals:  # its label tells the secret
            text: str | None = "The GM hides a revealed secret again" if flags & _UNDONE_F else "The GM reveals it again"
        elif target is not None and target in self._told:  # as players read the action
            text = ("Undo: " if flags & _UNDONE_F else "Redo: ") + self._told[target]
        elif target is not None and target in self.withheld:
            what = " of an action on a hidden character" if target in self._by_hidden or not self._private else " of a private change"
            text = ("Undo" if flags & _UNDONE_F else "Redo") + what
        else:
            veil = self._veil(ev, before, state) if self._private else _NO_VEIL
            if hidden or veil:
                text, changed = self._players_text(ev, names, hidden, before, state, veil)
            else:
                text, changed = ev.describe(names), False
            if text is None or changed:
                self._withhold(ev, hidden)
        if text is None:
            self.applied.append((ev, None, session))
            return None
        if flags & _REVEALED_F:
            aim = ev.target  # type: ignore[attr-defined]
            if self._targets is None:
                first = next((e for e in self.entries if e.event.group == aim), None)
            else:
                first = self._first.get(aim)
            text = f"The GM reveals a secret: {first.text} (#{first.no})" if first is not None else "The GM reveals a secret"
        return self._enter(ev, text, session)

    def _keys(self, ev: Event, kind: type[Event]) -> tuple[str, ...]:
        """``ev``'s references (:func:`refs`), its fight told apart from the others (``\0fight N``)."""
        keys = refs(ev)
        if kind.within == "fight":
            fight = f"\0fight {self._fight}"
            keys = tuple(fight if key == "\0fight" else key for key in keys)
        if kind.aspect:  # the part of its things it reads or changes besides (``ada\0dev``)
            keys += tuple(f"{key}\0{kind.aspect}" for key in keys if key[:1] != "\0")
        return keys

    def _keep_secret(self, ev: Event, flags: int, keys: tuple[str, ...]) -> None:
        """``ev`` kept from players: its group, and the things it refers to (what it created, changed
        or named — which, not how: the same whatever its values) from now on."""
        self.secret_groups.add(ev.group)
        if flags & _ADDRESSED_F:  # a whisper, a handout: it changes only what its readers read
            return
        if flags & _CREATED_F:
            self.ghosts.add(ev.id)  # type: ignore[attr-defined]
        elif flags & _STARTED_F:
            self.secret_sessions.add(ev.number)  # type: ignore[attr-defined]
        if flags & _UNDO_REDO_F:
            return
        if replay.only_counted(type(ev)):  # a roll, a note: changes nothing …
            part = type(ev).leaves
            who = getattr(ev, "character", "") if part else ""
            if who and getattr(ev, "target", None) is not None:
                # … but a test may have left something in a part of its character (``Event.leaves``:
                # a check or a mark), whatever its outcome: what rests on that part is kept from now on
                self.touched.add(f"{who}\0{part}")
            return
        if self.gm is None:
            return
        gm, public = self.gm.state, self.fold.state
        kind = type(ev)
        read = _read_keys(ev, kind.reads) if kind.reads else ()  # what it only read
        things = [key for key in keys if key not in read and (key[:1] == "\0" or _is_thing(gm, key) or _is_thing(public, key))]
        # a thing kept by its name's key (a template, weapon, tome, spell: "Goon" → "goon") is referred to so too
        things += [folded for key in things if (folded := key.casefold()) != key]
        if kind.aspect_only:  # it changed only a part of them (a secret roll's experience check): that part
            things = [key if key[:1] == "\0" else f"{key}\0{kind.aspect}" for key in things]
        within = kind.within
        if within:  # the fight's or chase's own course (who acts, who moves): every one in it
            things += _everyone_in(gm, ev, within) + _everyone_in(public, ev, within)
        self.touched.update(things)
        # the fight or chase a thing is in goes on as that thing stands (who may act, who is caught…)
        for state in (gm, public):
            if state.encounter is not None and any(key in state.encounter.combatants for key in things):
                self.touched.add(f"\0fight {self._fight}")
            for chase in state.chases:
                if any(key == p.id or key in p.occupants for p in chase.participants for key in things):
                    self.touched.add(f"\0chase {chase.number}")

    def _without_touched_parts(self, ev: Event, kind: type[Event]) -> Event | None:
        """``ev`` without the things of its ``parts`` fields players may not know of (None: none left)."""
        parts = kind.parts
        if not parts:
            return ev
        changes: dict[str, tuple[str, ...]] = {}
        for field in parts:
            ids: tuple[str, ...] = getattr(ev, field)
            kept = tuple(i for i in ids if i not in self.touched)
            if not kept:
                return None
            if len(kept) != len(ids):
                changes[field] = kept
        return replace(ev, **changes) if changes else ev

    def _renumbered(self, ev: Event, kind: type[Event], flags: int, before: State) -> Event:
        """``ev`` in the numbers players know (after a secret took some): a numbered character's
        name ("Cultist 1", not the GM's "Cultist 4"), a chase's number."""
        if flags & _CREATED_F and getattr(ev, "numbered", False):
            name: str = ev.name  # type: ignore[attr-defined]
            base = name.rsplit(" ", 1)[0]
            prefix = base.casefold() + " "
            used = [int(c.name[len(prefix):]) for c in before.characters.values()
                    if c.name.casefold().startswith(prefix) and c.name[len(prefix):].isdigit()]
            theirs = f"{base} {max(used, default=0) + 1}"
            if theirs == name:
                return ev
            self._renamed[name] = theirs
            return replace(ev, name=theirs)
        if kind.__name__ in _REQUEST_KINDS:  # a roll request's number (one players never saw takes none)
            asked: int = ev.number  # type: ignore[attr-defined]
            if kind.__name__ == "RollAsked":
                mine = before.asks_made + 1
                if mine != asked:
                    self._request_no[asked] = mine
            theirs_no = self._request_no.get(asked, asked)
            return replace(ev, number=theirs_no) if theirs_no != asked else ev
        if kind.within == "chase":
            number: int = ev.chase  # type: ignore[attr-defined]
            if kind.__name__ == "ChaseCreated":
                mine = max((c.number for c in before.chases), default=0) + 1
                if mine != number:
                    self._chase_no[number] = mine
            mapped = self._chase_no.get(number, number)
            if mapped != number:
                ev = replace(ev, chase=mapped)
        if self._renamed:  # an event that copies a character's name ("Cultist 4 flees on foot", "Cultist 4
            ev = _with_names(ev, self._renamed)  # removed from the campaign"): the players' name
        return ev

    # --- reading --------------------------------------------------------------------------------

    def gm_request(self, number: int) -> int:
        """The GM's number of the roll request players know as ``number`` (a player's answer goes
        to the GM's request)."""
        return next((gm for gm, theirs in self._request_no.items() if theirs == number), number)

    def names(self) -> dict[str, str]:
        """The characters' names (id → name) in the public fold's state (those the last event
        folded worked out, when they are of this state)."""
        known, characters = self._names, self.fold.state.characters
        return known[4] if known[1] is characters else names_of(self.fold.state)

    def view(self, state: State) -> State:
        """A state of the public fold as this projection's viewer reads it (:func:`public_view`, the
        others' private parts blanked too): the players' recap's timeline."""
        if not self._private:
            return public_view(state)
        known = self._others  # the others after the event folded last (most often, ``state``'s)
        ids = known[3] if known[1] is state.characters else others(state.characters, self.viewer)
        if not ids:
            return public_view(state)
        # Equal to :func:`veil_state` of :func:`public_state` (tests/serve/test_privacy.py::
        # test_view_is_veil_state), built from what the last call built: each character as the viewer
        # reads it depends on that character alone (its kind, hidden flag and key decide whether it
        # is one of the others), the system and the setting — a character the fold left as it was is
        # read as it was (the same object: the recap's timeline compares characters by identity); the
        # rest of the state is blanked again only when it, or who is blanked, changed.
        fields, system, memo = self._private, state.system, self._viewed
        chars: dict[str, Character] = {}
        hidden: set[str] = set()
        for key, char in state.characters.items():
            if char.hidden:
                hidden.add(key)
            hit = memo.get(key)
            if hit is not None and (hit[1] != system or hit[2] != fields):
                hit = None
            if hit is not None and hit[0] is char:
                chars[key] = hit[3]
                continue
            out = public_character(char)
            if key in ids:
                out = veiled_character(out, fields, system)
            if hit is not None and out == hit[3]:  # a change the viewer does not see (another's pool): the same reading
                out = hit[3]
            memo[key] = (char, system, fields, out)
            chars[key] = out
        blanked = frozenset(hidden) | ids if "stats" in fields else frozenset(hidden)  # + their initiative, chase speed, armour
        parts = (state.encounter, state.chases, state.templates, state.template_extras, state.armory, state.coc_ammo,
                 state.requisitions)
        last = self._view_rest
        if last is None or last[0] != blanked or last[2] != ids or any(a is not b for a, b in zip(last[1], parts, strict=True)):
            rest = _public_rest(state, blanked)
            rest["requisitions"] = veiled_requisitions(state.requisitions, ids, fields)
            last = self._view_rest = (blanked, parts, ids, rest)
        return replace(state, characters=chars, **last[3])

    @property
    def state(self) -> State:
        """The state as players know it: the public fold, hidden characters blanked (and the others'
        private parts, for this viewer)."""
        folded = self.fold.state
        if self._state_cache is None or self._state_cache[0] is not folded:
            before = self._state_cache
            state = self.view(folded) if self._private else public_state(folded)
            if before is not None and before[0].characters is folded.characters:
                state = replace(state, characters=before[1].characters)  # unchanged: the screens can tell
            self._state_cache = (folded, state)
        return self._state_cache[1]


#: No other's private parts told (``PublicLog._veil``).
_NO_VEIL: frozenset[str] = frozenset()

#: The events of a roll request that carry its number (``number``): players read it in their count.
_REQUEST_KINDS = frozenset({"RollAsked", "RollAnswered", "RollCancelled"})

#: What :meth:`PublicLog._one` asks of an event's type, worked out once per type (:func:`_flags`).
_UNDO_REDO_F, _UNDONE_F, _CREATED_F, _STARTED_F, _ENDED_F, _REVEALED_F, _FIGHT_F, _ADDRESSED_F = (
    1 << i for i in range(8))
_FLAGS: dict[type, int] = {}
#: The flags of the kinds :meth:`PublicLog._one` does not tell on its short path.
_SPECIAL_F = _UNDO_REDO_F | _UNDONE_F | _CREATED_F | _STARTED_F | _ENDED_F | _REVEALED_F | _FIGHT_F | _ADDRESSED_F
#: The kinds that go the way of the group they act on (undo, redo, reveal).
_AWAY_FOLLOWERS = (Undone, Redone, Revealed)


def _flags(kind: type) -> int:
    """The event type's flags: what ``isinstance`` would tell of its events, asked once."""
    flags = 0
    for cls, flag in ((_UNDO_REDO, _UNDO_REDO_F), (Undone, _UNDONE_F), (CharacterCreated, _CREATED_F),
                      (SessionStarted, _STARTED_F), (SessionEnded, _ENDED_F), (Revealed, _REVEALED_F)):
        if issubclass(kind, cls):
            flags |= flag
    if kind.__name__ == "EncounterStarted":  # a new fight (its events refer to it: ``PublicLog._keys``)
        flags |= _FIGHT_F
    if getattr(kind, "addressed", ""):  # for some players' eyes only
        flags |= _ADDRESSED_F
    _FLAGS[kind] = flags
    return flags


def _names_of(state: State, known: tuple[Any, ...]) -> tuple[dict[str, str], set[str]]:
    """The names and the hidden characters' names of ``state`` (those of the last event's state
    after it when its characters are the same: the names of the state before an event are most
    often those of the state after the one before)."""
    return _names_of_characters(state.characters, known)


def _names_of_characters(characters: dict[str, Character], known: tuple[Any, ...]) -> tuple[dict[str, str], set[str]]:
    """:func:`_names_of` of a state's characters."""
    if known[1] is characters:
        return known[4], known[5]
    return {c.id: c.name for c in characters.values()}, {c.id for c in characters.values() if c.hidden}


def same_names(before: dict[str, Character], after: dict[str, Character]) -> bool:
    """Whether ``after`` holds the characters of ``before`` under the same names, hidden alike (only
    the characters that are not the same objects are looked into)."""
    if len(before) != len(after):
        return False
    get = before.get
    for key, char in after.items():
        old = get(key)
        if old is not char and (old is None or old.id != char.id or old.name != char.name or old.hidden != char.hidden):
            return False
    return True


def _with_names(ev: Event, renamed: dict[str, str]) -> Event:
    """An event with the names it copied (its ``name``, a chase participant's, its ``order_names``)
    as players know them."""
    changes: dict[str, object] = {}
    name = getattr(ev, "name", None)
    if isinstance(name, str) and name in renamed:
        changes["name"] = renamed[name]
    p = getattr(ev, "participant", None)
    if isinstance(p, msgspec.Struct) and getattr(p, "name", None) in renamed:
        changes["participant"] = replace(p, name=renamed[p.name])  # type: ignore[attr-defined]
    order = getattr(ev, "order_names", None)
    if isinstance(order, tuple) and any(n in renamed for n in order):
        changes["order_names"] = tuple(renamed.get(n, n) for n in order)
    return replace(ev, **changes) if changes else ev


def _read_keys(ev: Event, fields: tuple[str, ...]) -> set[str]:
    """What ``ev`` only reads (:attr:`Event.reads`: fields, or dotted paths into them — ``tome.spells``):
    the strings they hold."""
    out: set[str] = set()
    for path in fields:
        value: object = ev
        for part in path.split("."):
            value = getattr(value, part, None)
        if isinstance(value, str):
            out.add(value)
        elif isinstance(value, tuple):
            out.update(item for item in value if isinstance(item, str))
    return out


def _everyone_in(state: State, ev: Event, within: str) -> list[str]:
    """The fighters of the fight ``ev`` is in, or the participants (and their occupants) of its chase."""
    if within == "fight":
        return list(state.encounter.combatants) if state.encounter is not None else []
    number = getattr(ev, "chase", None)
    return [key for chase in state.chases if chase.number == number
            for p in chase.participants for key in (p.id, *p.occupants)]


def _is_thing(state: State, key: str) -> bool:
    """Whether ``key`` names a thing of ``state`` (a character, a chase participant or vehicle, a
    weapon, a template, a tome, a spell, a bouts-of-madness table the Keeper rewrote a row of), not
    a word (a skill, a pool, a condition)."""
    if key in state.characters:
        return True
    if state.chases and any(p.id == key for chase in state.chases for p in chase.participants):
        return True
    folded = key.casefold()
    if folded in state.armory.weapons or folded in state.templates:
        return True
    lore = state.coc_lore
    if folded in lore.tomes or folded in lore.spells:
        return True
    return bool(lore.madness) and any(row.startswith(folded + ":") for row in lore.madness)


def _reading(ev: Event, names: dict[str, str], hidden: set[str], before: State, after: State,
             veil: frozenset[str] = frozenset()) -> str | None:
    """What players read of ``ev`` when some characters are hidden (``hidden``: their ids; ``veil``:
    the others whose private parts it may tell, read as hidden too): its players'
    reading when it refers to one of them — itself, or a chase participant one of them is (or drives,
    or rides in) — decided from its references (:func:`refs`), never from its text."""
    return players_reading(ev, names, *_named(ev, names, hidden, before, after, veil))


def _named(ev: Event, names: dict[str, str], hidden: set[str], before: State, after: State,
           veil: frozenset[str]) -> tuple[list[str], set[str]]:
    """The names of the characters and chase participants ``ev`` refers to (:func:`refs`), and those
    of them that are hidden (or of the others ``veil``)."""
    named: list[str] = []
    secret: set[str] = set()
    for key in refs(ev):
        name = names.get(key)
        if name is not None:
            if name not in named:
                named.append(name)
            if key in hidden or key in veil:
                secret.add(name)
            continue
        for state in (after, before):
            p = next((p for chase in state.chases for p in chase.participants if p.id == key), None) if state.chases else None
            if p is not None:
                if p.name not in named:
                    named.append(p.name)
                if any(cid in hidden or cid in veil for cid in p.occupants):
                    secret.add(p.name)
                break
    return named, secret


def public_log(events: Iterable[Event], viewer: str | None = None) -> PublicLog:
    """The public projection of a whole log (from its start), for ``viewer`` (:class:`PublicLog`)."""
    log = PublicLog(viewer=viewer)
    log.events = list(events)
    log.rebuild()
    return log


def reveal_marks(events: Sequence[Event]) -> tuple[set[int], set[int], set[int]]:
    """What a whole log's reveals are, for the public stream (``domain.replay``): (the reveal groups, the groups
    revealed at its end, every group a reveal targets)."""
    reveals = [ev for ev in events if isinstance(ev, Revealed)]
    return {ev.group for ev in reveals}, _reveal_group_map(events), {ev.target for ev in reveals}


def public_events(events: Iterable[Event], viewer: str | None = None) -> list[PublicEntry]:
    """The entries players may read of a whole log (from its start)."""
    return public_log(events, viewer).entries


def public_character(char: Character) -> Character:
    """A character as the players know it: a hidden one by name, kind and status only."""
    if not char.hidden:
        return replace(char, notes="") if char.notes else char
    return Character(id=char.id, name=char.name, kind=char.kind, stats={}, conditions=char.conditions, hidden=True)


def public_state(state: State, blank: frozenset[str] = frozenset()) -> State:
    """A (public) fold with hidden characters blanked: no number of theirs is left in it.  ``blank``:
    characters whose numbers outside their sheets (initiative, chase speed, armour, injuries, rounds
    loaded) are blanked as a hidden one's (the others, for a viewer who may not see their stats)."""
    chars = {key: public_character(char) for key, char in state.characters.items()}
    hidden = frozenset(key for key, char in state.characters.items() if char.hidden) | blank
    return replace(state, characters=chars, **_public_rest(state, hidden))


def _public_rest(state: State, hidden: frozenset[str]) -> dict[str, Any]:
    """:func:`public_state`'s fields of ``state`` other than its characters (``hidden``: the
    characters whose numbers outside their sheets are blanked)."""
    encounter = state.encounter
    if encounter is not None and hidden & encounter.combatants.keys():
        combatants = {
            key: replace(c, initiative=0.0, tiebreak=0) if key in hidden else c for key, c in encounter.combatants.items()
        }
        encounter = replace(encounter, combatants=combatants)
    chases = tuple(_public_chase(chase, set(hidden)) for chase in state.chases) if hidden else state.chases
    templates = {key: public_character(t) for key, t in state.templates.items()} if state.templates else {}
    extras = {k: v for k, v in state.template_extras.items()
              if not (k in state.templates and state.templates[k].hidden)}
    armory, ammo = state.armory, state.coc_ammo
    if hidden and not hidden.isdisjoint((*armory.armor, *armory.armor_names, *armory.injuries)):
        # a hidden one's armour and pending injury points (numbers of theirs outside the sheet)
        armory = replace(armory, armor={k: v for k, v in armory.armor.items() if k not in hidden},
                         armor_names={k: v for k, v in armory.armor_names.items() if k not in hidden},
                         injuries={k: v for k, v in armory.injuries.items() if k not in hidden})
    if hidden and not hidden.isdisjoint(ammo):  # the rounds a hidden one has loaded
        ammo = {k: v for k, v in ammo.items() if k not in hidden}
    return {"encounter": encounter, "chases": chases, "templates": templates, "template_extras": extras,
            "armory": armory, "coc_ammo": ammo}


def public_view(state: State) -> State:
    """:func:`public_state`, to be read only (a timeline of the players' recap): ``state`` itself
    when it has nothing to blank — no hidden character or template, no notes on one — (then equal
    to what :func:`public_state` makes of it), else :func:`public_state` of it."""
    for char in state.characters.values():
        if char.hidden or char.notes:
            return public_state(state)
    for template in state.templates.values():
        if template.hidden or template.notes:
            return public_state(state)
    return state


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
    "public_view",
    "privacy_of",
    "reveal_marks",
    "same_names",
    "visible_entries",
]
