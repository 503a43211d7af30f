"""Review mode: the log read-only with a cursor; every tab shows the state at the cursor.

:class:`ReviewController` is the cursor over a log (no Textual in it): it steps
one event or one action group, jumps to a session start, a round (fight or
chase) or any event, and rebuilds the state at the cursor with
``Projection.at()`` — the nearest checkpoint plus at most a checkpoint's worth
of events.  It shares the Engine's projection (and its checkpoints) when
given one, and follows events another process appends.

:class:`ReviewMode` is the app's side (a mixin of ``GmApp``): the keys,
the REVIEW banner (:class:`~fhtagn_tui.app.widgets.review_bar.ReviewBar`),
the Log tab's cursor, the Timeline screen, the search and go-to forms, and the
"next action is secret" switch.  Review never writes: the engine is made
read-only while it lasts.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from itertools import chain
from operator import attrgetter
from typing import TYPE_CHECKING, cast

from textual.actions import SkipAction
from textual.binding import Binding, BindingType
from textual.widgets import DataTable

from fhtagn_tui.domain import replay
from fhtagn_tui.domain.events import EVENT_TYPES, Event
from fhtagn_tui.domain.features import load_all
from fhtagn_tui.domain.replay import Projection, StateMark, checkpoint_interval, names_of
from fhtagn_tui.domain.state import State
from fhtagn_tui.door import EventView

from .keymap import key_text

if TYPE_CHECKING:
    from fhtagn_tui.export.search import LogFilter
    from fhtagn_tui.export.timeline import Track

    from .gm import GmApp

#: Event types that start a round: fights (RoundStarted) and chases (ChaseRoundStarted).
ROUND_TYPES = ("RoundStarted", "ChaseRoundStarted")


@cache
def _marks() -> frozenset[type[Event]]:
    """The types of the events the review index marks (sessions and rounds starting); the feature
    modules that define them are loaded first (they load when first needed)."""
    load_all()
    return frozenset(EVENT_TYPES[n] for n in ("SessionStarted", *ROUND_TYPES) if n in EVENT_TYPES)


_MARK_NAMES = frozenset({"SessionStarted", *ROUND_TYPES})  # (their tags: the names of their types)
_GROUP, _SEQ = attrgetter("group"), attrgetter("seq")

__all__ = ["REVIEW_BINDINGS", "ROUND_TYPES", "ReviewController", "ReviewMode"]


class ReviewController:
    """A cursor over a log: the state after event ``cursor`` (0: before the first event)."""

    def __init__(self, events: Sequence[Event], projection: Projection | None = None,
                 checkpoint_every: int | None = None) -> None:
        # a view over the store decodes the log a chunk at a time; anything else is kept as a list
        self.events: list[Event] | EventView = events if isinstance(events, EventView) else list(events)
        self._known = len(self.events)
        self._own = projection is None or projection.seq != self._known
        self._saved_seq = 0  # the seq up to which the index was read from the records and saved beside the log
        self._states: list[StateMark] = []  # states of the log saved with it (see Projection.at)
        self.group_first: dict[int, int] = {}
        self.group_last: dict[int, int] = {}
        self.session_starts: list[int] = []
        self.session_numbers: list[int] = []
        self.round_starts: list[int] = []
        self.round_numbers: list[int] = []
        log = self.events
        if self._own:
            every = checkpoint_every if checkpoint_every is not None else checkpoint_interval(self._known)
            projection = replay.fold(self._indexing(log), checkpoint_every=every)  # one pass: folded and indexed together
        elif isinstance(log, EventView) and self._index_records(log):
            pass  # a projection opened from the snapshot builds its history when first needed
        elif projection is not None and projection.resuming:
            # opened from the snapshot: its history from these events (not the file again), and
            # the index in the same pass
            projection.build_history(self._indexing(log))
        else:
            for chunk in self._chunks(log):
                self._indexed(chunk)
        assert projection is not None
        self.projection = projection
        self.cursor = self._known
        self._cached: tuple[int, Projection] | None = None

    # --- the log --------------------------------------------------------------------------

    def _indexing(self, events: list[Event] | EventView) -> Iterator[Event]:
        """``events`` passed on, indexed a chunk at a time on their way (to fold and index in one
        pass): the group index is made in C (``dict(zip(…))`` over the chunk's groups and seqs), the
        sessions and rounds looked for only in a chunk that holds one."""
        return chain.from_iterable(map(self._indexed, self._chunks(events)))

    def _chunks(self, events: list[Event] | EventView) -> Iterator[list[Event]]:
        """The log's events known so far, a chunk at a time (a list: one chunk)."""
        return events.chunks(self._known) if isinstance(events, EventView) else iter((events,))

    def _indexed(self, chunk: list[Event]) -> list[Event]:
        groups = list(map(_GROUP, chunk))
        seqs = list(map(_SEQ, chunk))
        first = dict(zip(reversed(groups), reversed(seqs), strict=True))  # the chunk's first seq of each group
        for group in first.keys() & self.group_first.keys():  # a group begun in an earlier chunk
            del first[group]
        self.group_first.update(first)
        self.group_last.update(zip(groups, seqs, strict=True))
        self.group_first.pop(0, None)  # (events of no group are not indexed)
        self.group_last.pop(0, None)
        marks = _marks()
        if marks.intersection(map(type, chunk)):  # a session or a round starts: the rare case
            self._index_marks(ev for ev in chunk if type(ev) in marks)
        return chunk

    def _index_records(self, log: EventView) -> bool:
        """The index read from the log's records, not decoding them and saved beside it (see :meth:`EventView.review_index`);
        False when they do not read so (then the events are decoded to index them)."""
        saved = log.review_index(_MARK_NAMES, self._known)
        if saved is None:
            return False
        index = saved.found
        self.group_first, self.group_last = index.group_first, index.group_last
        self._index_marks(index.marked)
        self._saved_seq, self._states = saved.seq, saved.states
        return True

    def _index(self, events: Iterable[Event]) -> None:
        from fhtagn_tui.domain.features.campaign import SessionStarted  # (loaded when first needed)

        for ev in events:
            if ev.group:
                self.group_first.setdefault(ev.group, ev.seq)
                self.group_last[ev.group] = ev.seq
            if isinstance(ev, SessionStarted) or type(ev).__name__ in ROUND_TYPES:
                self._index_marks((ev,))

    def _index_marks(self, events: Iterable[Event]) -> None:
        """The sessions and rounds that start among ``events``."""
        from fhtagn_tui.domain.features.campaign import SessionStarted

        for ev in events:
            if isinstance(ev, SessionStarted):
                self.session_starts.append(ev.seq)
                self.session_numbers.append(ev.number)
            elif type(ev).__name__ in ROUND_TYPES:
                self.round_starts.append(ev.seq)
                self.round_numbers.append(int(getattr(ev, "round", 0)))

    @property
    def total(self) -> int:
        return self._known  # (a view over the store may already hold events not yet followed)

    @property
    def at_end(self) -> bool:
        return self.cursor == self.total

    def extend(self, events: Sequence[Event], folded: bool = False) -> None:
        """Events appended since (another process playing on); ``folded``: the shared projection has them."""
        known = self._known
        fresh = [ev for ev in events if ev.seq > known]
        if not fresh:
            return
        live = self.at_end
        self._known = fresh[-1].seq
        self.events.extend(fresh)  # (a view over the store has them already)
        if self._own or not folded:
            for ev in fresh:
                if ev.seq > self.projection.seq:
                    self.projection.apply(ev)
        self._index(fresh)
        if live:
            self.cursor = self.total

    def event(self, seq: int | None = None) -> Event | None:
        """The event ``seq`` (default: the one at the cursor)."""
        seq = self.cursor if seq is None else seq
        return self.events[seq - 1] if 1 <= seq <= self.total else None

    # --- the state --------------------------------------------------------------------------

    def projection_at(self, seq: int) -> Projection:
        """A projection positioned after event ``seq`` (a copy: fold it on freely)."""
        seq = max(0, min(seq, self.total))
        projection = self.projection
        at = projection.at(seq, self.events, self._states)
        if self._saved_seq and not self._states and not projection.resuming:
            # the history folded (once): its checkpoints' states kept with the index, for the next review
            self._states = [StateMark(cp.seq, cp.open_group, cp.state) for cp in projection.checkpoints
                            if cp.seq <= self._saved_seq]
            self._saved_seq = 0  # (asked once)
            if self._states and isinstance(self.events, EventView):
                self.events.save_review(self._states)
        return at

    @property
    def state(self) -> State:
        if self._cached is None or self._cached[0] != self.cursor:
            self._cached = (self.cursor, self.projection_at(self.cursor))
        return self._cached[1].state

    def names(self) -> dict[str, str]:
        return names_of(self.state)

    # --- moving ----------------------------------------------------------------------------

    def go(self, seq: int) -> int:
        self.cursor = max(0, min(seq, self.total))
        return self.cursor

    def step(self, by: int) -> int:
        return self.go(self.cursor + by)

    def step_group(self, direction: int) -> int:
        """Forward: to the end of the next action; back: to just before the action at the cursor."""
        if direction > 0:
            nxt = self.event(self.cursor + 1)
            if nxt is None:
                return self.cursor
            return self.go(self.group_last.get(nxt.group, nxt.seq) if nxt.group else nxt.seq)
        here = self.event()
        if here is None:
            return self.cursor
        first = self.group_first.get(here.group, here.seq) if here.group else here.seq
        return self.go(first - 1)

    @staticmethod
    def _neighbour(starts: list[int], cursor: int, direction: int) -> int | None:
        if direction > 0:
            i = bisect.bisect_right(starts, cursor)
            return starts[i] if i < len(starts) else None
        i = bisect.bisect_left(starts, cursor)
        return starts[i - 1] if i > 0 else None

    def jump_session(self, direction: int) -> int | None:
        """The previous (-1) or next (+1) session start; ``None`` when there is none."""
        seq = self._neighbour(self.session_starts, self.cursor, direction)
        return None if seq is None else self.go(seq)

    def jump_round(self, direction: int) -> int | None:
        """The previous or next round start (fights and chases)."""
        seq = self._neighbour(self.round_starts, self.cursor, direction)
        return None if seq is None else self.go(seq)

    def session_start(self, number: int) -> int | None:
        if number in self.session_numbers:
            return self.go(self.session_starts[self.session_numbers.index(number)])
        return None

    def round_start(self, number: int) -> int | None:
        """Round ``number``: the last one begun at or before the cursor, else the first after it."""
        hits = [s for s, n in zip(self.round_starts, self.round_numbers, strict=True) if n == number]
        if not hits:
            return None
        before = [s for s in hits if s <= self.cursor]
        return self.go(before[-1] if before else hits[0])

    def goto(self, text: str) -> str | None:
        """Go where ``text`` says: ``123``/``#123`` an event, ``s2`` a session, ``r3`` a round,
        ``start``/``end``.  Returns what is wrong, or ``None`` when the cursor moved."""
        word = text.strip().casefold().lstrip("#")
        if word in ("start", "begin", "0"):
            self.go(0)
            return None
        if word in ("end", "last", "$"):
            self.go(self.total)
            return None
        kind, number = (word[0], word[1:].strip()) if word[:1] in ("s", "r") else ("", word)
        if not number.isdigit():
            return f"{text!r} is not a place: give an event number (123), a session (s2) or a round (r3)"
        n = int(number)
        if kind == "s":
            if self.session_start(n) is None:
                known = ", ".join(f"s{x}" for x in self.session_numbers) or "none yet"
                return f"there is no session {n} in this log (sessions: {known})"
            return None
        if kind == "r":
            if self.round_start(n) is None:
                return f"no round {n} was played in this log"
            return None
        if not 0 <= n <= self.total:
            return f"there is no event {n}: the log has events 1–{self.total}"
        self.go(n)
        return None

    # --- where the cursor is ---------------------------------------------------------------------

    def where(self) -> str:
        """``#123/456 · Session 2 · Round 3``."""
        state = self.state
        parts = [f"#{self.cursor}/{self.total}"]
        open_session = state.session
        if open_session is not None:
            parts.append(f"Session {open_session.number}")
        elif state.sessions:
            parts.append(f"after session {state.sessions[-1].number}")
        else:
            parts.append("before the first session")
        if state.encounter is not None and state.encounter.round:
            parts.append(f"Round {state.encounter.round}")
        chase = next((c for c in state.chases if c.started and not c.ended), None)
        if chase is not None:
            parts.append(f"Chase {chase.number} round {chase.round}")
        return " · ".join(parts)

    def what(self) -> str:
        ev = self.event()
        if ev is None:
            return "(the start of the log: nothing has happened yet)"
        names = names_of(self.state)
        text = ev.describe(names)
        return text + (" (secret)" if ev.secret else "")

    def session_window(self) -> tuple[int, int]:
        """(first, last) seqs of the session at (or last before) the cursor, up to the cursor."""
        state = self.state
        if not state.sessions:
            return 1, self.cursor
        info = state.sessions[-1]
        last = info.ended_seq if info.ended_seq > 0 else self.cursor
        return info.started_seq, min(last, self.cursor)

    def timelines(self) -> list[Track]:
        from fhtagn_tui.export.timeline import track  # (the timeline screen's: not at start-up)

        first, last = self.session_window()
        return track(self.events[first - 1 : last], start=self.projection_at(first - 1))


def _b(key: str, action: str, description: str, show: bool = False, id: str = "") -> Binding:  # noqa: A002
    return Binding(key, action, description, show=show, priority=True, id=id or None)


#: Review keys (priority: they win over the tabs' own keys while reviewing; inactive otherwise).
REVIEW_BINDINGS: list[BindingType] = [
    Binding("R", "toggle_review", "Review", show=False, id="app.review"),
    Binding("T", "timeline", "Timeline", show=False, id="app.timeline"),
    Binding("ctrl+g", "toggle_secret", "Secret", show=False, priority=True, id="app.secret"),
    _b("escape", "review_leave", "Leave review", show=True, id="review.leave"),  # first: at 80 columns it must be seen
    _b("comma", "review_step(-1)", "◀ event", show=True, id="review.event_back"),
    _b("full_stop", "review_step(1)", "event ▶", show=True, id="review.event_forward"),
    _b("left_square_bracket", "review_group(-1)", "◀ action", id="review.action_back"),
    _b("right_square_bracket", "review_group(1)", "action ▶", id="review.action_forward"),
    _b("left_curly_bracket", "review_session(-1)", "◀ session", id="review.session_back"),
    _b("right_curly_bracket", "review_session(1)", "session ▶", id="review.session_forward"),
    _b("left_parenthesis", "review_round(-1)", "◀ round", id="review.round_back"),
    _b("right_parenthesis", "review_round(1)", "round ▶", id="review.round_forward"),
    _b("g", "review_goto", "Go to", show=True, id="review.goto"),
    _b("slash", "review_search", "Search", show=True, id="review.search"),
]

_REVIEW_ACTIONS = frozenset(
    {"review_step", "review_group", "review_session", "review_round", "review_goto", "review_search", "review_leave"}
)
_ACTING = frozenset(
    {"command_line", "undo", "redo", "new_character", "edit_character", "requisition", "delete_character", "toggle_secret"}
)


class ReviewMode:
    """The app's review mode and secret switch (mixed into ``GmApp``; uses its door and tabs)."""

    review_ctl: ReviewController | None = None
    secret_next: bool = False

    # --- set up ------------------------------------------------------------------------------

    def init_review(self, review: bool, session: int | None) -> None:
        self.review_ctl = None
        self._review_asked = review
        self._review_session = session
        self._review_saved_readonly: tuple[bool, bool] = (False, False)
        self.secret_next = False
        self._last_status = ""

    def _app(self) -> GmApp:
        """The app this is mixed into, typed."""
        return cast("GmApp", self)

    @property
    def reviewing(self) -> bool:
        return self.review_ctl is not None

    def review_state(self, state: State) -> State:
        """What the tabs show: the state at the review cursor, else ``state``."""
        return self.review_ctl.state if self.review_ctl is not None else state

    def review_marker(self) -> str:
        ctl = self.review_ctl
        return f" · REVIEW #{ctl.cursor}/{ctl.total}" if ctl is not None else ""

    def start_review_if_asked(self) -> None:
        if self._review_asked:
            self.start_review(self._review_session)

    def _log_events(self) -> Sequence[Event]:
        return self._app().door.event_view()  # a file's decoded a chunk at a time as review reads it

    def start_review(self, session: int | None = None) -> None:
        app = self._app()
        self.review_ctl = app.door.review_controller(ReviewController)  # the log read a chunk at a time, the fold shared
        self._review_saved_readonly = (app.readonly, app.door.readonly)
        app.readonly = True
        app.door.readonly = True  # review never writes
        if (line := app.command_line()) is not None:
            line.disabled = True
        if session is not None and self.review_ctl.session_start(session) is None:
            known = ", ".join(str(n) for n in self.review_ctl.session_numbers) or "none yet"
            app.notify(f"there is no session {session} (sessions: {known}); showing the end of the log", severity="warning")
        self._review_moved()

    def stop_review(self) -> None:
        app = self._app()
        if self.review_ctl is None:
            return
        self.review_ctl = None
        app.readonly, app.door.readonly = self._review_saved_readonly
        if (line := app.command_line()) is not None:
            line.disabled = app.readonly
        self._refresh_review_bar()
        app._show_all()
        from .screens.log import LogTab

        log = app.query_one(LogTab)
        events = self._log_events()
        log.load(events[-1000:], app.door.names)

    def review_follow(self, events: list[Event]) -> None:
        """Events another process appended (the engine has folded them already)."""
        if self.review_ctl is not None:
            self.review_ctl.extend(events, folded=True)
            self._review_moved()

    # --- drawing --------------------------------------------------------------------------------

    def _refresh_review_bar(self) -> None:
        from .widgets.review_bar import ReviewBar

        app = self._app()
        for bar in app.query(ReviewBar):
            bar.show_cursor(self.review_ctl, can_leave=not self._review_asked)

    def _review_moved(self) -> None:
        app = self._app()
        self._refresh_review_bar()
        app._show_all()
        if not app.title.startswith("REVIEW"):
            app.title = f"REVIEW · {app.title}"
        self._sync_log()
        app.call_after_refresh(self._sync_log)  # again once the Log tab's own updates are drawn
        app.refresh_bindings()

    def _sync_log(self) -> None:
        ctl = self.review_ctl
        if ctl is None:
            return
        from .screens.log import LogTab

        app = self._app()
        log = app.query_one(LogTab)
        loaded = getattr(log, "ensure_loaded", None)
        if loaded is not None:
            loaded()  # a Log tab that fills itself when first shown: fill it now, then place the cursor
        table = log.query_one("#log-table", DataTable)
        key = str(max(1, ctl.cursor))
        if key not in {str(r.value) for r in table.rows}:
            start = max(0, ctl.cursor - 500)
            log.load(ctl.events[start : start + 1000], ctl.names())
        try:
            row = table.get_row_index(key)
        except Exception:  # noqa: BLE001 - an empty log
            return
        table.move_cursor(row=row, scroll=True)

    # --- actions ---------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        app = self._app()
        if action == "review_leave" and self._review_asked:
            return False  # `fhtagn review` is review only: ctrl+q quits
        if action in _REVIEW_ACTIONS:  # priority keys: never while a form is open (its inputs take them)
            if not (self.reviewing and len(app.screen_stack) == 1):
                return False
            ctl = self.review_ctl
            if action in ("review_step", "review_group") and parameters and ctl is not None:
                ahead = int(str(parameters[0])) > 0
                if ctl.at_end if ahead else ctl.cursor <= 0:
                    return None  # nothing further that way: shown dimmed (app/role_keys.py)
            return True
        if action in _ACTING and self.reviewing:
            return False
        return True

    def action_toggle_review(self) -> None:
        if self.reviewing:
            if self._review_asked:
                raise SkipAction()
            self.stop_review()
        else:
            self.start_review()

    def action_review_leave(self) -> None:
        if self._review_asked:
            app = self._app()
            app.notify(f"This is a review of the log (read-only). {key_text(app, 'app.quit', 'ctrl+q')} quits.", timeout=3,
                       markup=False)
            return
        self.stop_review()

    def _moved_or(self, moved: int | None, nothing: str) -> None:
        if moved is None:
            app = self._app()
            app.notify(nothing, timeout=2)
            return
        self._review_moved()

    def action_review_step(self, by: int) -> None:
        assert self.review_ctl is not None
        self.review_ctl.step(by)
        self._review_moved()

    def action_review_group(self, direction: int) -> None:
        assert self.review_ctl is not None
        self.review_ctl.step_group(direction)
        self._review_moved()

    def action_review_session(self, direction: int) -> None:
        assert self.review_ctl is not None
        which = "earlier" if direction < 0 else "later"
        self._moved_or(self.review_ctl.jump_session(direction), f"No {which} session start.")

    def action_review_round(self, direction: int) -> None:
        assert self.review_ctl is not None
        which = "earlier" if direction < 0 else "later"
        self._moved_or(self.review_ctl.jump_round(direction), f"No {which} round.")

    def action_review_goto(self) -> None:
        from .forms.search import GotoForm

        ctl = self.review_ctl
        assert ctl is not None

        def go(text: str) -> str | None:
            problem = ctl.goto(text)
            if problem is None:
                self._review_moved()
            return problem

        app = self._app()
        app.push_screen(GotoForm(go, ctl.total))

    def action_review_search(self) -> None:
        from .forms.search import SearchForm

        ctl = self.review_ctl
        assert ctl is not None
        app = self._app()

        def find(flt: LogFilter) -> list[Event]:
            return app.door.search(flt, ctl.events)

        def pick(seq: int) -> None:
            ctl.go(seq)
            self._review_moved()

        app.push_screen(SearchForm(find, pick, names_of(app.door.state)))

    def action_timeline(self) -> None:
        from .screens.party import PartyTab
        from .screens.timeline import TimelineScreen

        app = self._app()
        ctl = self.review_ctl
        if ctl is None:  # the live campaign: its session so far
            ctl = app.door.review_controller(ReviewController)
        first, last = ctl.session_window()
        tracks = ctl.timelines()
        selected = ""
        try:
            char = app.query_one(PartyTab).selected()
            selected = char.id if char is not None else ""
        except Exception:  # noqa: BLE001 - no Party tab
            pass
        state = ctl.state
        where = (f"Session {state.sessions[-1].number}" if state.sessions else "Before the first session")
        title = f"Timeline — {where}, events {first}–{last}" + (" (REVIEW)" if self.reviewing else "")
        app.push_screen(TimelineScreen(tracks, title, selected))

    # --- GM secrets ---------------------------------------------------------------------------------

    def action_toggle_secret(self) -> None:
        app = self._app()
        if app.readonly:
            app.notify("read-only: nothing is recorded here", severity="warning")
            return
        self.secret_next = not self.secret_next
        app._status(self._last_status)

    def secret_mark(self, text: str) -> str:
        """The status line: the switch shown before the last message."""
        self._last_status = text
        if self.secret_next:
            return f"🔒 SECRET next action (GM only; {key_text(self, 'app.secret', 'ctrl+g')}: off) · " + text
        return text

    def secret_used(self) -> None:
        """The next action was recorded: the switch goes off."""
        if self.secret_next:
            self.secret_next = False
            app = self._app()
            app._status(self._last_status)
