"""A recap of a campaign's log: sessions, action groups, who acted, how everyone fared.

Pure: events in, a :class:`Recap` out (the Markdown and HTML writers only
format it).  The log is folded once; every event is put in words with its own
``describe(names)``, events are grouped by session and by action group (one
command), and each session ends with a summary per character of how the
tracked pools (HP, WP, SAN, FP) and vehicle Build moved.

For the players (``players=True``) what the GM marked secret is left out
(:func:`fhtagn_tui.domain.public.public_events`), and hidden characters
appear by name only: their creation is told without stats, the changes of
their stats, skills and pools are left out, and their summary has no numbers.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from itertools import repeat
from operator import itemgetter

import msgspec

from fhtagn_tui.domain import replay
from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.features.campaign import (
    CharacterCreated,
    PoolChanged,
    SessionStarted,
    SkillChanged,
    StatChanged,
)
from fhtagn_tui.domain.features.privacy import PrivacySet
from fhtagn_tui.domain.features.reveal import Revealed
from fhtagn_tui.domain.public import PublicEntry, PublicLog
from fhtagn_tui.domain.public import same_names as same_names_of
from fhtagn_tui.domain.replay import Redone, Undone, names_of
from fhtagn_tui.domain.state import SYSTEM_LABELS, Privacy, State

from .moments import Moment, moments_of, status_of
from .timeline import BUILD, TRACKED, Track, Tracker, created_name

Progress = Callable[[int, int], None]

#: Event fields naming the character who acted, in order of preference.
ACTOR_FIELDS = ("attacker", "agent", "shooter", "driver", "character", "participant", "id")
#: Event types that tell a hidden character's numbers (left out for the players).
_STAT_EVENTS = (StatChanged, SkillChanged, PoolChanged)

__all__ = ["Line", "Group", "Moment", "PoolMove", "Summary", "SessionRecap", "Recap", "build_recap", "actor_of", "log_marks", "log_marks_of_records"]


class Line(msgspec.Struct, frozen=True, gc=False):  # atoms only: never in a cycle
    seq: int
    text: str
    kind: str  # the event type
    secret: bool = False


class Group(msgspec.Struct, gc=False):  # its lines: no reference back to it
    group: int
    lines: list[Line]
    actor: str = ""  # the name of who acted ("" for the GM / nobody in particular)
    round: int = 0  # the fight round it happened in (0: no fight)
    fight: str = ""  # the fight's title, when in a fight
    undone: bool = False  # taken back later (and not redone)

    @property
    def secret(self) -> bool:
        return all(line.secret for line in self.lines)


class PoolMove(msgspec.Struct, frozen=True):
    label: str  # HP, WP, SAN, FP, Build
    start: float
    end: float
    low: float
    high: float
    changes: int

    @property
    def text(self) -> str:
        def n(x: float) -> str:
            return f"{x:g}"

        if not self.changes:
            return f"{n(self.end)} (unchanged)"
        extra = []
        if self.low < min(self.start, self.end):
            extra.append(f"low {n(self.low)}")
        if self.high > max(self.start, self.end):
            extra.append(f"high {n(self.high)}")
        times = "1 change" if self.changes == 1 else f"{self.changes} changes"
        extra.append(times)
        return f"{n(self.start)} → {n(self.end)} ({', '.join(extra)})"


class Summary(msgspec.Struct, frozen=True):
    key: str
    name: str
    kind: str
    hidden: bool  # name only (players' export)
    actions: int
    moves: tuple[PoolMove, ...] = ()
    changes: tuple[tuple[int, str, str], ...] = ()  # (seq, label and new value, the event's words)
    status: str = ""  # how they ended the session when it is grave: "dead", "insane: flee"…


class SessionRecap(msgspec.Struct):
    number: int  # 0: before the first session, or between sessions
    title: str = ""
    after: int = 0  # for number 0: the session it follows (0: none)
    started_ts: float = 0.0
    open: bool = False  # not ended yet
    groups: list[Group] = []
    moments: list[Moment] = []  # its key moments (deaths, insanity, wounds, broken bonds, development)
    summaries: list[Summary] = []
    counts: dict[str, int] = {}

    @property
    def heading(self) -> str:
        if self.number == 0:
            return f"After session {self.after}" if self.after else "Before the first session"
        return f"Session {self.number}" + (f": {self.title}" if self.title else "")


class Recap(msgspec.Struct):
    name: str
    title: str
    system: str
    players: bool
    sessions: list[SessionRecap]
    events: int = 0  # events in the recap

    @property
    def system_label(self) -> str:
        return SYSTEM_LABELS.get(self.system, self.system)


def actor_of(ev: Event, names: dict[str, str]) -> str:
    """The name of the character who acted in ``ev`` ("" when none is named)."""
    kind = type(ev)
    fields = _ACTOR_FIELDS_OF.get(kind)
    if fields is None:
        if isinstance(ev, msgspec.Struct):  # its fields (and properties) are its type's
            fields = _ACTOR_FIELDS_OF[kind] = tuple(f for f in ACTOR_FIELDS if hasattr(kind, f))
        else:
            fields = ACTOR_FIELDS
    for field in fields:
        value = getattr(ev, field, None)
        if isinstance(value, str) and value in names:
            return names[value]
    participant = getattr(ev, "participant", None) if "participant" in fields else None
    character = getattr(participant, "character", None)
    if isinstance(character, str) and character in names:
        return names[character]
    return ""


#: Event type → the names of ``ACTOR_FIELDS`` it has (an event's fields are those of its type).
_ACTOR_FIELDS_OF: dict[type, tuple[str, ...]] = {}


def _same(state: State) -> State:
    return state


def _hidden_ids(state: State) -> set[str]:
    return {c.id for c in state.characters.values() if c.hidden}


def _words(ev: Event, names: dict[str, str], hidden: set[str], players: bool) -> str | None:
    """The event in words; ``None`` when the players may not read it at all."""
    if players:
        if isinstance(ev, CharacterCreated) and ev.hidden:
            return f"{ev.name} appears ({ev.kind})"
        if isinstance(ev, _STAT_EVENTS) and ev.character in hidden:
            return None
    return ev.describe(names)


def _level_extra(level: str) -> str:
    """:func:`_level_count`, kept for the next roll of this outcome."""
    extra = _level_count(level)
    if len(_LEVEL_COUNTS) < 4096:  # (the outcomes are a few words: a bound all the same)
        _LEVEL_COUNTS[level] = extra
    return extra


def _level_count(level: str) -> str:
    """What a roll of this outcome counts as besides a roll: "fumbles", "criticals" or ""."""
    low = level.casefold()
    if "fumble" in low or "critical failure" in low:
        return "fumbles"
    return "criticals" if "critical" in low else ""


#: A roll's outcome (``level``) → what it counts as besides a roll (the few outcomes, worked out once).
_LEVEL_COUNTS: dict[str, str] = {}


_UNDO_REDO = (Undone, Redone)
_NO_MOMENTS: list[tuple[str, str, str]] = []  # (never added to)


KindInfo = tuple[str, bool, str | None, bool, tuple[str, ...] | None, str | None]


def _kind_info(kind: type) -> KindInfo:
    """What the recap asks of an event's type, once: (its name, whether it has a ``level`` — a
    roll's outcome, counted —, what it counts as in a session's glance, whether it is an
    undo or a redo, the ``ACTOR_FIELDS`` its events have — None: ask :func:`actor_of` —, and
    that field when it is the only one)."""
    leveled = not issubclass(kind, msgspec.Struct) or hasattr(kind, "level")
    fields: tuple[str, ...] | None = None
    if issubclass(kind, msgspec.Struct):  # its fields (and properties) are its type's
        fields = tuple(f for f in ACTOR_FIELDS if hasattr(kind, f))
        if "participant" in fields:  # a participant's character: actor_of looks into it
            fields = None
    field = fields[0] if fields is not None and len(fields) == 1 else None
    return kind.__name__, leveled, _COUNTED.get(kind.__name__), issubclass(kind, _UNDO_REDO), fields, field


#: Event type → :func:`_kind_info`.
_KINDS: dict[type, KindInfo] = {}


#: Event type name → what it counts as in a session's glance.
_COUNTED = {"RequisitionResolved": "requisitions", "EncounterStarted": "fights", "ChaseCreated": "chases",
            "NoteAdded": "notes"}


def _summaries(tracks: list[Track], state: State, actions: dict[str, int], players: bool,
               veiled: frozenset[str] = frozenset()) -> list[Summary]:
    """``veiled``: the characters whose sheets the players' recap's reader may not see (privacy)."""
    out = []
    for t in tracks:
        char = state.characters.get(t.key)
        hidden = players and (t.hidden or (char is not None and char.hidden) or t.key in veiled)
        status = status_of(char)  # (conditions are public: a hidden character's too)
        if hidden:
            out.append(Summary(key=t.key, name=t.name, kind=t.kind, hidden=True, actions=actions.get(t.name, 0),
                               status=status))
            continue
        moves = []
        changes = []
        for label in (*TRACKED, BUILD):
            points = t.series.get(label)
            if not points:
                continue
            values = [p.value for p in points]
            moves.append(PoolMove(label, values[0], values[-1], min(values), max(values), len(points) - 1))
            changes += [(p.seq, f"{label} {p.value:g}", p.text) for p in points[1:]]
        changes.sort(key=_SEQ)
        out.append(Summary(key=t.key, name=t.name, kind=t.kind, hidden=False, actions=actions.get(t.name, 0),
                           moves=tuple(moves), changes=tuple(changes), status=status))
    return out


_SEQ = itemgetter(0)


def _add_moments(moments: list[Moment], found: list[tuple[str, str, str]], group: int, head: Line,
                 line: Line) -> None:
    """Add an event's key moments (``line``: the event's), told by the action they came of (``head``:
    its group's first line); one of the same kind for the same character in the same action is
    joined to it ("suffers a major wound and falls unconscious").  A bond, a skill or a condition
    set by hand is its own action: its words are not told twice."""
    for kind, who, what in found:
        by_itself = kind in _TOLD_BY_ITSELF or (line.kind in _SET_BY_HAND and "(" not in line.text)
        text = "" if head is line and by_itself else head.text
        last = moments[-1] if moments else None
        if last is not None and last.group == group and last.kind == kind and last.who == who:
            moments[-1] = msgspec.structs.replace(last, what=f"{last.what} and {what}",
                                                  secret=last.secret and head.secret)
        else:
            moments.append(Moment(head.seq, kind, who, what, text, head.secret, group))


#: Moments whose event, alone, says no more than the moment (a bond broken or a skill raised by hand).
_TOLD_BY_ITSELF = ("bond", "development")
#: Events that are the moment itself when the GM wrote them alone ("Tomás: temporarily insane"):
#: their words are not told again unless they say more (a note in brackets: "dead (shotgun)").
_SET_BY_HAND = ("ConditionAdded", "DisorderGained")


def _counts(levels: dict[object, int], tallies: dict[str, int]) -> dict[str, int]:
    """A session's counts: its rolls (the events with an outcome — a ``level`` — that is a word),
    their criticals and fumbles, and what else its events count as (notes, fights…)."""
    counts: dict[str, int] = {}
    for level, n in levels.items():
        if isinstance(level, str) and level:
            counts["rolls"] = counts.get("rolls", 0) + n
            extra = _LEVEL_COUNTS.get(level)
            if extra is None:
                extra = _level_extra(level)
            if extra:
                counts[extra] = counts.get(extra, 0) + n
    for counted, n in tallies.items():
        counts[counted] = counts.get(counted, 0) + n
    return counts


class LogMarks(msgspec.Struct):
    """What a recap must know of the whole log before telling it (one pass over it)."""

    undone: set[int]  # groups taken back and not redone
    sessions: list[int]  # session numbers started in the log
    #: The log's reveals (the players' recap): the reveal groups, the groups revealed at its
    #: end, every group a reveal targets (see the public stream of ``fhtagn_tui.domain.replay``).
    reveals: set[int] = set()
    revealed: set[int] = set()
    targets: set[int] = set()
    #: Whether the log holds an undo or a redo at all (False: its fold needs no undo history).
    undo: bool = True
    #: With ``undo``: the first seq (and group) any of the log's undos and redos reaches or is at —
    #: the folds keep the undo history from there on and fold plainly before it (1: from the start,
    #: what marks made without asking say).
    since: int = 1
    #: The privacy setting in force at the log's end (the players' recap tells the whole log under it).
    privacy: Privacy = Privacy()


class _Marker:
    """Collects :class:`LogMarks` from the log's events in order (their type name and fields)."""

    def __init__(self) -> None:
        self.state: dict[int, bool] = {}
        self.sessions: list[int] = []
        self.reveals: dict[object, object] = {}  # reveal group → its target
        self.active: dict[object, bool] = {}
        self.targets: set[int] = set()
        self.since: int | None = None  # the least seq or group an undo or redo is at or reaches
        self.privacy: dict[object, Privacy] = {}  # privacy group → its setting

    def see(self, kind: object, target: object, number: object, group: object, seq: object = None,
            setting: Privacy | None = None) -> None:
        if kind == "Undone" or kind == "Redone":
            self._reach(target, seq)
        if kind == "Undone":
            self.state[target] = True  # type: ignore[index]
            if target in self.reveals or target in self.privacy:
                self.active[target] = False
        elif kind == "Redone":
            self.state[target] = False  # type: ignore[index]
            if target in self.reveals or target in self.privacy:
                self.active[target] = True
        elif kind == "PrivacySet" and setting is not None:
            self.privacy[group] = setting
            self.active[group] = True
        elif kind == "SessionStarted":
            self.sessions.append(number)  # type: ignore[arg-type]
        elif kind == "Revealed":
            self.reveals[group] = target
            self.active[group] = True
            self.targets.add(target)  # type: ignore[arg-type]

    def _reach(self, target: object, seq: object) -> None:
        least = 1  # a record read otherwise than this program writes it: the history from the start
        if type(target) is int and type(seq) is int:
            least = max(1, min(target, seq))
        self.since = least if self.since is None else min(self.since, least)

    def marks(self) -> LogMarks:
        revealed = {self.reveals[g] for g, on in self.active.items() if on and g in self.reveals}
        on = [g for g in self.privacy if self.active.get(g)]
        privacy = self.privacy[max(on)] if on else Privacy()  # type: ignore[type-var]
        return LogMarks({g for g, undone in self.state.items() if undone}, self.sessions,
                        set(self.reveals), revealed, self.targets, bool(self.state),  # type: ignore[arg-type]
                        self.since or 1, privacy)


#: The event types :func:`log_marks` reads.
_MARKED = (Undone, Redone, SessionStarted, Revealed, PrivacySet)


def log_marks(events: Iterable[Event]) -> LogMarks:
    marker = _Marker()
    for ev in events:
        if isinstance(ev, _MARKED):
            setting = Privacy(mode=ev.mode, fields=tuple(ev.fields)) if isinstance(ev, PrivacySet) else None
            marker.see(type(ev).__name__, getattr(ev, "target", None), getattr(ev, "number", None), ev.group, ev.seq,
                       setting)
    return marker.marks()


class _Mark(msgspec.Struct):
    """What :func:`log_marks` reads of a record (the rest of it is skipped, not decoded)."""

    type: object = None
    target: object = None  # other events have a target of their own kind (any JSON value)
    number: object = None
    group: object = None
    seq: object = None
    mode: object = None  # a privacy setting's
    fields: object = None


_MARK_DECODER = msgspec.json.Decoder(_Mark)


def log_marks_of_records(lines: Sequence[bytes]) -> LogMarks | None:
    """:func:`log_marks` read straight from the log's records (JSON lines), decoding only the
    fields it needs, and only in the chunks where a record of a marked type is (:func:`_none_marked`);
    ``None`` when a record does not read so (then decode the events: their errors are the ones to
    tell; a damaged record elsewhere is told by the second pass, which decodes every record)."""
    marker = _Marker()
    see = marker.see
    for start in range(0, len(lines), 8192):
        part = lines[start : start + 8192]
        joined = b"\n".join(part)
        if _none_marked(joined, part):
            continue
        try:
            marks = _MARK_DECODER.decode_lines(joined)
        except (msgspec.ValidationError, msgspec.DecodeError):
            return None
        if len(marks) != len(part):
            return None
        for mark in marks:
            if mark.type in _MARKED_NAMES:
                see(mark.type, mark.target, mark.number, mark.group, mark.seq, _setting(mark))
    return marker.marks()


_MARKED_NAMES = frozenset(t.__name__ for t in _MARKED)


def _setting(mark: _Mark) -> Privacy | None:
    """A privacy setting's record read as the setting (None: not one, or not as this program writes it)."""
    if mark.type != "PrivacySet" or not isinstance(mark.mode, str):
        return None
    fields = mark.fields if isinstance(mark.fields, list) else []
    return Privacy(mode=mark.mode, fields=tuple(str(f) for f in fields))
#: How every record this program writes begins: its type first (the tag), without spaces.
_HEAD = b'{"type":"'
_MARKED_HEAD = re.compile(b'"type":"(?:%s)"' % b"|".join(name.encode() for name in sorted(_MARKED_NAMES)))
#: A type tag with an escape in it (``"\\u0055ndone"`` reads as ``"Undone"``): not written by this program.
_ESCAPED_TYPE = re.compile(rb'\{"type":"[^"\\]*\\')


def _none_marked(joined: bytes, records: Sequence[bytes]) -> bool:
    """True when none of ``records`` (``joined``: them joined by newlines) is of a type
    :func:`log_marks` reads: each begins with its type (as this program writes them), and no marked
    type's head is anywhere (a quote inside a JSON string is escaped: the head can only be a key's),
    and no type is spelled with an escape (``"\\u0055ndone"``).  Then the chunk is not decoded at all; anything else (a record written otherwise) is decoded."""
    if not all(map(bytes.startswith, records, repeat(_HEAD))):  # (each record's own start: no newline in one)
        return False
    if b"\\" in joined and _ESCAPED_TYPE.search(joined):  # a type spelled with an escape: decoded
        return False
    return _MARKED_HEAD.search(joined) is None


def build_recap(
    events: Iterable[Event],
    session: int | None = None,
    players: bool = False,
    progress: Progress | None = None,
    *,
    total: int | None = None,
    marks: LogMarks | None = None,
    viewer: str | None = None,
) -> Recap:
    """The recap of ``events`` (a whole log from seq 1), or of one session of it.

    The players' recap is built from the public projection only (:mod:`fhtagn_tui.domain.public`):
    public events, in the players' words, numbered 1, 2, 3…, values as players saw them.
    ``events`` (the GM's and the players') may be an iterator read once (a long log decoded chunk by chunk) when
    ``marks`` (:func:`log_marks` of the same log, a first pass) and ``total`` are given.
    ``viewer`` (the players' recap): the character whose player reads it (None: the generic
    recap, a watcher's — every investigator is another's, ``domain.privacy``)."""
    if marks is None:
        events = list(events)
        marks = log_marks(events)
        total = len(events)
    # the recap keeps what it builds: the collector would only walk it again and again
    with replay.gc_paused():
        return _build(events, session, players, progress, total or 0, marks, viewer)


def _build(
    events: Iterable[Event], session: int | None, players: bool, progress: Progress | None, total: int,
    marks: LogMarks,
    viewer: str | None = None,
) -> Recap:
    undone = marks.undone
    # a log without any undo or redo is folded without the undo history (no one asks for it), and
    # without counting free rolls and notes (the recap counts its rolls itself; neither is told);
    # a log with some, so up to the first seq or group they are at or reach (``marks.since``: no
    # undo or redo reads what comes before), then with the history from there on
    since = marks.since if marks.undo else 0
    proj = replay.fold(since=since, count=False)  # (the strategy chosen once, by the read side)
    switch = since if since > 1 else 0  # where the folds start keeping the history (0: they do or never will)
    sessions: list[SessionRecap] = []
    current: SessionRecap | None = None
    current_no: int | None = None  # its number (None: no session yet)
    levels: dict[object, int] = {}  # its rolls' outcomes (``level``), each counted, and…
    tallies: dict[str, int] = {}  # …what its events count as (notes, fights…): its counts, when it ends
    groups: list[Group] = []  # its groups
    last_lines: list[Line] = []  # its last group's lines, and…
    last_group = 0  # …its number (0: none to add to)
    moments: list[Moment] = []  # its key moments
    tracker = Tracker()
    actions: dict[str, int] = {}
    view = _same
    known_before: object = None  # the characters the names below are of: before the last event…
    known_after: object = None  # …and after it
    names: dict[str, str] = {}
    same_names = True
    after_names: dict[str, str] = {}
    seen: tuple[State | None, State] = (None, State())  # (the last state the players' view was made of, that view)
    kinds = _KINDS
    gm = not players
    # For the GM: every event, in the GM's words, under its seq, folded in ``proj``.  For the players:
    # the public projection's events only (``domain.public``), in the players' reading, under the
    # public number; no words: folded but not told (a hidden character's numbers).  Their fold is
    # the public projection's own (it folds exactly the events it gives: an event it cannot fold
    # changes nothing in it), not a second one beside it.  The public projection is read as it
    # goes, an event at a time (the public stream (``domain.replay``)'s steps, taken without a generator between): what
    # the log's reveals change is known from ``marks``.
    public = PublicLog.streamed(marks.reveals, marks.revealed, marks.targets, marks.undo, since, viewer,
                                marks.privacy)
    tell, applied = public.tell, public.applied
    if players:
        view = public.view  # (public_view, and the others' private parts for this viewer)
        proj = public.fold  # (a streamed projection is never rebuilt: the same fold to the end)
    number = seq = 0
    told: str | None = ""
    tick = 0  # the next event to report progress at
    more = 0  # lines added to a group after its first
    entry: PublicEntry | None
    for i, ev in enumerate(events):
        if i == tick:
            tick += 500
            if progress is not None:
                progress(i, total)
        if switch and (ev.seq >= switch or ev.group >= switch):
            switch = 0
            public.keep_history()
            proj = public.fold if players else replay.with_history(proj)
        before = proj.state
        if players:
            tell(ev)
            if not applied:
                continue  # (not folded: a secret, or what depends on one)
            ev, entry, ev_session = applied.pop()
            if entry is not None:
                number = entry.no
                told = entry.text
            else:
                told = None
            start = number  # a session starting with it: the number its window begins at
        else:
            proj.apply(ev)
            ev_session = ev.session
            start, seq = seq, ev.seq  # (the seq folded before it)
            number = seq
        if ev_session != current_no:
            if session is not None and ev_session != session:
                continue  # (not the session asked for)
            if current is not None:
                current.summaries = _summaries(tracker.result(), before, actions, players,
                                               public.veiled(before) if players else frozenset())
                current.counts = _counts(levels, tallies)
            after = max((s.number for s in before.sessions), default=0) if ev_session == 0 else 0
            current = SessionRecap(number=ev_session, after=after, groups=[], moments=[], summaries=[], counts={})
            sessions.append(current)
            current_no, groups, last_group, levels, tallies = ev_session, current.groups, 0, {}, {}
            moments = current.moments
            tracker = Tracker()
            tracker.begin(view(before), start)
            actions = {}
        # the names before and after the event, worked out again only when the characters changed:
        # most events leave them as they were
        now = proj.state
        chars_before, chars_now = before.characters, now.characters
        if chars_before is not known_before or chars_now is not known_after:
            if chars_before is chars_now is known_after:  # the event after a change of them: the names after it stay
                known_before = chars_now
                names = after_names
                same_names = True
            else:
                # the names after the event before stay when no one was renamed, hidden, added or
                # removed (most changes: a pool moved) — the public projection keeps its own then
                fresh = public.names() if players else None
                if chars_before is known_after and (
                        fresh is after_names if players else same_names_of(chars_before, chars_now)):
                    names = after_names
                    same_names = True
                else:
                    # the names before are most often those after the event before
                    before_names = after_names if chars_before is known_after else names_of(before)
                    after_names = fresh if fresh is not None else names_of(now)
                    names = after_names | before_names
                    same_names = players or before_names == after_names  # (for the GM's tracker only)
                known_before, known_after = chars_before, chars_now
        text = told if players else ev.describe(names)
        # the tracker reads characters and chases only: an event that changed neither adds nothing
        found = _NO_MOMENTS
        if chars_now is not chars_before or now.chases is not before.chases:
            if players:
                # the tracker reads the characters and chases of the players' view only: the view
                # of the last state that had these characters and chases serves for this one
                last = seen[0]
                same = last is not None and (last is before or (last.characters is before.characters
                                                                and last.chases is before.chases))
                public_before = seen[1] if same else view(before)
                seen = (now, view(now))
                tracker.observe(public_before, seen[1], ev, text or "", number)
                if text is not None:
                    found = moments_of(public_before, seen[1])
            else:
                # the tracker tells a moved value in the event's words with the names after it: the
                # words just made, when those are the same names (no one named or created by it)
                plain = same_names and not created_name(ev)
                tracker.observe(before, now, ev, text if plain else None, ev.seq)
                found = moments_of(before, now)
        if text is None:
            continue
        kind = type(ev)
        info = kinds.get(kind)
        if info is None:
            info = kinds[kind] = _kind_info(kind)
        kind_name, leveled, counted, undo_redo, fields, field = info
        if leveled:  # a roll (most events): its outcome counted (what it counts as, when the session ends)
            level = getattr(ev, "level", None)
            levels[level] = levels.get(level, 0) + 1
        if counted is not None:
            tallies[counted] = tallies.get(counted, 0) + 1
        line = Line(number, text, kind_name, ev.secret and gm)
        group = ev.group
        if found and not undo_redo and group not in undone:  # (a death taken back was none)
            _add_moments(moments, found, group, last_lines[0] if group and group == last_group else line, line)
        if group and group == last_group:
            last_lines.append(line)
            more += 1
            continue
        if field is not None:  # (actor_of, inlined: the one field of ACTOR_FIELDS its type has)
            value = getattr(ev, field, None)
            actor = names.get(value, "") if isinstance(value, str) else ""
        elif fields is None:
            actor = actor_of(ev, names)
        else:  # (actor_of, inlined)
            actor = ""
            for name in fields:
                value = getattr(ev, name, None)
                if isinstance(value, str) and value in names:
                    actor = names[value]
                    break
        taken_back = group in undone
        if actor and not undo_redo and not taken_back:
            actions[actor] = actions.get(actor, 0) + 1
        last_group, last_lines = group, [line]
        enc = now.encounter if now.encounter is not None else before.encounter
        if enc is None:
            groups.append(Group(group, last_lines, actor, 0, "", taken_back))
        else:
            groups.append(Group(group, last_lines, actor, enc.round, getattr(enc, "title", ""), taken_back))
    if current is not None:
        current.summaries = _summaries(tracker.result(), proj.state, actions, players,
                                       public.veiled(proj.state) if players else frozenset())
        current.counts = _counts(levels, tallies)
    infos = {s.number: s for s in proj.state.sessions}
    for rec in sessions:
        started = infos.get(rec.number)
        if started is not None:
            rec.title, rec.started_ts, rec.open = started.title, started.started_ts, started.ended_seq == 0
    if progress is not None:
        progress(total, total)
    state = proj.state
    kept = sum(len(rec.groups) for rec in sessions) + more  # (a line for each event told: a group's first, the others)
    return Recap(name=state.name, title=state.title, system=state.system, players=players, sessions=sessions, events=kept)
