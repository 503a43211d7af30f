"""What every view of a campaign shares (the GM's app, a players' view): the tabs, the message line,
the screens over them, the keys that move between them, following the file.  Each role is its own
app over this base: :class:`~fhtagn_tui.app.gm.GmApp` (the GM: writes, reviews, reads the players'
answers; read-only for a second GM or ``fhtagn review``) and :class:`~fhtagn_tui.app.player.PlayerApp`
(the players' view: the public log, follows live, a bound player's roll requests).  The base is a
read-only view: a role that writes overrides the actions that refuse here."""

from __future__ import annotations

import gc

from fhtagn_tui.domain.replay import gc_paused

# Start-up: the imports below (Textual, the domain's ~200 event and command types, the tabs) allocate
# many objects and free none; collections in between only walk them (~15 ms of CPU before the first
# paint, tests/bench/bench_startup.py).  The collector rests while they load, and is woken after
# (what they made frozen: it lives as long as the process, later collections skip it).
with gc_paused(freeze=True):
    import asyncio
    from collections.abc import Callable, Sequence
    from importlib import import_module
    from pathlib import Path, PurePath
    from typing import TYPE_CHECKING, Any, ClassVar

    from rich.text import Text
    from textual import events
    from textual.app import App, ComposeResult
    from textual.binding import Binding, BindingType
    from textual.dom import DOMNode
    from textual.screen import Screen
    from textual.widget import Widget
    from textual.widgets import DataTable, Header, Static, TabbedContent, TabPane

    from fhtagn_tui.domain.commands import Command
    from fhtagn_tui.domain.decide import Rejected
    from fhtagn_tui.domain.events import Event
    from fhtagn_tui.domain.state import SYSTEM_LABELS, State
    from fhtagn_tui.door import Door, StoreError
    from fhtagn_tui.rules.clock import show as show_clock

    from .access import gm_app
    from .crash import QuietCrashMixin
    from .escape_then import EscapeThenKeyMixin
    from .hangup import Hangup
    from .input_bound import InputBoundMixin
    from .keymap import UserKeymap, key_text
    from .messages import EventsAppended
    from .no_files import NoFilesMixin
    from .screens.base import GameTab
    from .screens.log import WINDOW as LOG_WINDOW
    from .screens.log import LogTab
    from .screens.party import PartyTab
    from .textual_private import LeadingBindingsScreen, node_bindings
    from .widgets.key_bar import KeyBar
    from .widgets.review_bar import ReviewBar
    from .widgets.steady import update_steady

    if TYPE_CHECKING:
        from textual.command import CommandListItem, Provider
        from textual.timer import Timer
        from textual.widget import AwaitMount

        from fhtagn_tui.domain.owed import Owed
        from fhtagn_tui.domain.public import PublicEntry
        from fhtagn_tui.door import FileWatch

        from .forms.roll_request import RollRequest
        from .widgets.command_line import CommandLine  # only a view that types builds one (compose)

HERE = Path(__file__).parent
#: The app's own styles and those of the tabs built at start.  Each form and full screen brings its
#: own (CSS_PATH), and each late tab its .tcss (build_tab), read when first opened: start-up parses
#: only what the first screen needs.
TAB_CSS = ("party", "log")
CSS_FILES: list[str | PurePath] = [HERE / "app.tcss", *(HERE / "screens" / f"{name}.tcss" for name in TAB_CSS)]
#: A player's roll request prompt: its styles read at start in a player's view (it must not wait for them).
PROMPT_CSS = HERE / "forms" / "roll_request.tcss"

TABS = ("party", "initiative", "chase", "requisitions", "log")
#: Tabs of one system's rules only: Chases are Call of Cthulhu's, Requisitions FHTAGN's.
SYSTEM_TABS: dict[str, str] = {"chase": "coc7", "requisitions": "fhtagn"}
#: The tabs built (and their modules imported) when first opened, not at start-up.
LATE_TABS = {"initiative": ("initiative", "InitiativeTab"), "chase": ("chase", "ChaseTab"),
             "requisitions": ("requisitions", "RequisitionsTab")}


#: Keys of the main screen only: under the GM screen or a form they would act on a screen out of sight
#: (a letter typed in the GM screen's list searches; it must not switch the tab behind it).
MAIN_SCREEN_ACTIONS = frozenset({"tab", "command_line", "toggle_review", "timeline", "help", "reference", "owed",
                                 "handouts"})


#: Rows of the message line; a longer message shows its beginning and ctrl+o opens it whole.
STATUS_ROWS = 10
ASKS_ROWS = 4  # the open-requests line's most rows (app.tcss: #asks max-height)
#: Seconds after the last open request closed (none asked since) that the rows kept for requests
#: (the open-requests line, the Log's detail line) are given back: no blank rows left for long.
ROWS_BACK_AFTER = 4.0

#: The app's own keys that write (or open the command line): none of them in a read-only view.
WRITING_ACTIONS = frozenset({"command_line", "undo", "redo", "toggle_secret", "owed"})
#: The app's actions that open a form that writes (the tabs' keys call them: Party's b, i, k…).
WRITING_FORMS = frozenset({"ask", "bestiary", "import_text", "new_character", "edit_character", "requisition",
                           "delete_character"})


def game_commands() -> type[Provider]:
    """The command palette's game commands: their module (and the command language) loads when the
    palette first opens, not at start-up (Textual calls this then)."""
    from .palette import GameCommands

    return GameCommands


class MainScreen(LeadingBindingsScreen):
    """The app's screen with the tabs (its styles are app.tcss)."""

    AUTO_FOCUS = "#party-table"  # focused as it is composed: a later focus() would restyle the screen

    def leading_bindings_node(self) -> DOMNode | None:
        """A player's roll request prompt while it is shown: first in the chain of bindings, it holds
        the keys without the focus (a modal, the view's own keys wait: ``RollRequest.is_modal``)."""
        box = gm_app(self).roll_prompt
        return box if box is not None and box.shown else None


#: A text field's editing keys (Textual's Input binds them): handed to the field in the order typed
#: (AppBase._field_key_now).
FIELD_EDIT_KEYS = frozenset({
    "backspace", "delete", "left", "right", "home", "end", "ctrl+left", "ctrl+right", "shift+left", "shift+right",
    "shift+home", "shift+end", "ctrl+shift+left", "ctrl+shift+right", "ctrl+a", "ctrl+e", "ctrl+k", "ctrl+u",
    "ctrl+w", "ctrl+d", "ctrl+backspace", "ctrl+shift+a", "ctrl+x", "ctrl+v",
})


#: The keys every view has, in the order the key bar and help show them (each role's BINDINGS put them
#: among its own): the tabs, help, the GM screen, quit, the whole message; then the palette.
TAB_BINDINGS: list[BindingType] = [
    Binding("1", "tab('party')", "Party", show=False, id="app.tab_party"),
    Binding("2", "tab('initiative')", "Initiative", show=False, id="app.tab_initiative"),
    Binding("3", "tab('chase')", "Chase", show=False, id="app.tab_chase"),
    Binding("4", "tab('requisitions')", "Req", show=False, id="app.tab_requisitions"),
    Binding("5", "tab('log')", "Log", show=False, id="app.tab_log"),
    Binding("question_mark", "help", "Help", key_display="?", id="app.help"),
    Binding("f1", "reference", "GM screen", show=False, id="app.gm_screen"),
    Binding("ctrl+q", "quit", "Quit", priority=True, id="app.quit"),
    Binding("ctrl+o", "message", "Whole message", show=False, id="app.message"),
]
PALETTE_BINDINGS: list[BindingType] = [
    # Textual's own palette key, named here so that a keymap can move it (app.palette)
    Binding("ctrl+p", "command_palette", "palette", show=False, priority=True, id="app.palette",
            tooltip="Open the command palette"),
]


class AppBase(NoFilesMixin, InputBoundMixin, EscapeThenKeyMixin, QuietCrashMixin, App[int]):
    """A view of a campaign through its door (see the module's doc): read-only here."""

    CSS_PATH: ClassVar = CSS_FILES
    COMMANDS: ClassVar = App.COMMANDS | {game_commands}  # imported when the palette first opens
    #: Seconds between two looks at the campaign file where no watch wakes the view.
    FOLLOW_POLL: ClassVar[float] = 0.1

    #: The view may not write (the GM's app writes while its door is the writer and no review runs).
    readonly: bool = True
    #: A view that can write has a command line; a read-only one (players, a second GM, `fhtagn
    #: review`) never types, so it is not built there (start-up; review mode only disables it).
    typing: bool = False
    #: The players' view (public state and log only): the tabs that draw what only the GM sees ask it.
    player: ClassVar[bool] = False
    own = ""  # a bound player's own character (PlayerApp): its sheet, its roll requests
    roll_prompt: RollRequest | None = None  # a bound player's roll request prompt (PlayerApp; MainScreen asks)
    secret_next: bool = False  # the GM's "next action is secret" switch (GmApp's review mode)

    def __init__(self, door: Door, served: bool = False, keymap: UserKeymap | None = None) -> None:
        """``door``: the campaign's :class:`~fhtagn_tui.door.Door` (the app's one way to it)."""
        super().__init__()
        # The user's keys (app/keymap.py): the GM's app only; a players' view keeps the keys its players read
        self.keymap = keymap if keymap is not None else UserKeymap()
        if self.keymap.keys:
            self.set_keymap(self.keymap.keys)
        self._writing_keys = frozenset(k for i, default in (("app.command_line", "colon"), ("app.undo", "ctrl+z"),
                                                            ("app.redo", "ctrl+y"))
                                       for k in self.keymap.keys.get(i, default).split(","))
        self.screenshots = not served  # nothing a remote user does writes a file
        self.bound_input = served  # a remote client cannot make the app queue input without limit
        self.quiet_crash = served  # a failure: one line to the client, the traceback to serve's log
        self.door = door
        self.notice = door.notice
        self._stale: set[GameTab] = set()  # tabs to redraw when they are next opened
        # the tabs a redraw visits, found once (two queries a key walked and matched the whole DOM);
        # found again when a tab is mounted or unmounted, or another screen is the one queried
        self._tabs_found: tuple[object, list[GameTab], dict[object, set[GameTab]]] | None = None
        self._collect_pending = False
        self._view: tuple[bool, str] | None = None  # (read-only, system) the screen was fitted to
        self._message = ""  # the last message on the message line, whole
        self._status_floor = 1  # the message line's rows: it grows with a message, shrinks on a tab change
        self._asks_floor = 0  # the open-requests line's rows: kept when the requests close, for a while
        self._rows_back: Timer | None = None  # gives them back when no request has come for a while
        self._watch: FileWatch | None = None  # wakes a follower when the campaign file is written
        self._inbox_watch: FileWatch | None = None  # wakes the writer when a player answers

    def subscribe(self) -> None:
        """The door's one subscriber: the tabs hear of events from the app (each role's ``__init__``
        calls it last, once the role is set up)."""
        self.door.subscribe(self._on_events)

    # --- the role's own parts (each role overrides what it has) ----------------------------------

    @property
    def reviewing(self) -> bool:
        """A review of the log runs (the GM's app only)."""
        return False

    def review_state(self, state: State) -> State:
        return state

    def view_marker(self) -> str:
        """What kind of view this is, first on the sub-title ("" for the GM's own)."""
        return ""

    def secret_mark(self, text: str) -> str:
        return text

    def secret_used(self) -> None:
        pass

    def review_follow(self, events: list[Event]) -> None:
        pass

    @property
    def prompt_shown(self) -> bool:
        """A roll request prompt holds the keys: the view's own keys wait (a bound player's only)."""
        return False

    def compose_prompt(self) -> ComposeResult:
        """What stands first on the screen (a bound player's roll request prompt)."""
        return iter(())

    def compose_command_line(self) -> ComposeResult:
        """The command line (a view that types)."""
        return iter(())

    def mounted(self) -> None:
        """The role's own start, once the screen is drawn the first time (from on_mount)."""

    def started(self) -> None:
        """The role's last step of on_mount, after the notices.  (Textual runs the on_mount of every class
        of the app's: a role overrides these hooks, not on_mount.)"""

    def _on_events(self, events: list[Event]) -> None:
        """The events the door just appended (or another process's, followed)."""
        raise NotImplementedError

    def _show_asks(self, state: State) -> None:
        """The open roll requests, as this view shows them."""
        raise NotImplementedError

    def requests_shown(self, state: State) -> bool:
        """Whether the requests line has something to show (its rows are kept while it has)."""
        return bool(state.asks)

    def ask_push(self, reason: str) -> str | None:
        """A player asks to push their own character's failed roll (a bound player's view only)."""
        return "only a player asks the GM to push their roll"

    # --- layout ------------------------------------------------------------------------


    def get_default_screen(self) -> Screen[Any]:
        return MainScreen(id="_default")

    def compose(self) -> ComposeResult:
        yield from self.compose_prompt()
        yield Header(show_clock=False, icon="🐙")
        yield ReviewBar()
        with TabbedContent(id="tabs", initial="party"):
            with TabPane("1 Party", id="party"):
                yield PartyTab()
            # built when first opened (build_tab): every widget costs start-up time
            yield TabPane("2 Initiative", id="initiative")
            yield TabPane("3 Chase", id="chase")
            yield TabPane("4 Requisitions", id="requisitions")
            with TabPane("5 Log", id="log"):  # built now: every action appends to it
                yield LogTab()
        yield Static("", id="asks", markup=False)  # the GM's open roll requests and who has not answered
        yield Static("", id="status", markup=False)  # refusals quote usage like [cautious=1|2]
        yield from self.compose_command_line()
        yield KeyBar(id="keys")


    async def run_async(self, **kwargs: Any) -> int | None:
        """Run the app; the garbage collector rests until the first frame is painted.

        Start-up allocates many objects and frees few: collections then would only walk
        them (a full one costs tens of ms on a long log).  ``on_mount`` wakes it again.
        """
        self._gc_pause = gc_paused().pause()
        try:
            return await super().run_async(**kwargs)
        finally:
            self._stop_watch()
            self._wake_gc()

    def _collect_when_idle(self) -> None:
        if not self._collect_pending:
            self._collect_pending = True
            self.set_timer(0.02, self._collect)

    def _collect(self) -> None:
        self._collect_pending = False
        if gc.isenabled():
            gc.collect()
            if len(self.screen_stack) == 1:
                # What survived lives with the app: frozen, later collections (ours and the
                # automatic ones, in the middle of a key press) walk only what is new since.
                # Not while a form is open: its garbage must stay collectable.
                gc.freeze()

    def _wake_gc(self) -> None:
        pause: gc_paused | None = getattr(self, "_gc_pause", None)
        if pause is not None:
            pause.resume()

    def on_mount(self) -> None:
        self.call_after_refresh(self._wake_gc)  # after the first frame (see run_async)
        # then what start-up built is collected once and frozen (_collect), as after a GM's action: the
        # first roll request, or the first action, no longer walks it all.  (A player's first request
        # paid a generation-1 collection of every start-up object, 40-80 ms with nine apps on 2 cores.)
        self.call_after_refresh(self._collect_when_idle)
        self._hangup_on_signals()
        self._show_all()
        table = self.query_one("#party-table")
        if self.focused is None:
            table.focus()
        elif self.focused is not table:  # (styled as focused from the start: PartyTab.compose)
            table.has_focus = False
        self.mounted()  # the role's own: following the file, the players' answers, a player's prompt
        if self.notice:
            self.notify(self.notice, severity="warning", timeout=8)
            self._status(self.notice, error=True)
        if problems := self.keymap.notice():
            self.notify(problems, title="Keymap: the default keys are kept for these", severity="warning", timeout=10,
                        markup=False)  # the file's words, never markup
            if not self.notice:
                self._status(problems, error=True)
        self.started()

    def log_backlog(self) -> list[Event] | list[PublicEntry]:
        """The latest events of the log, as this view may show them."""
        return self.door.latest(LOG_WINDOW)

    def _hangup_on_signals(self) -> None:
        """SIGHUP (a dropped connection), SIGTERM and a terminal gone away end the app cleanly
        (``app/hangup.py``; every acknowledged event is already on disk)."""
        self.hangup = Hangup(self)
        self.hangup.install()

    # --- state → screen -------------------------------------------------------------------

    @property
    def state(self) -> State:
        return self.door.state

    @property
    def view_state(self) -> State:
        """The state this view shows: at the review cursor, and only what players may see."""
        return self.review_state(self.state)

    def _show_all(self, events: list[Event] | None = None) -> None:
        """Redraw from the state.  With ``events`` (an action, or another process's writes), the
        tabs are told with an :class:`EventsAppended` message: each keeps what it needs of the
        events, then redraws itself if it is on screen — in that order, in its one handler (the
        Initiative tab's result panel is drawn from the events it kept).

        The tabs on screen (and the Log) handle it at once; the others that keep something of the
        events (``take``), and the screens over the main one that listen, get it posted.  Posted to the tab on screen, it was handled only after the form
        that ran the action had been dismissed and the main screen restyled and painted, so the
        tab's redraw cost a second pass: 19 → 45 ms of CPU per attack key (tests/bench/bench_ui.py).
        At once, the redraw lands under the form and is painted with its dismissal."""
        state = self.view_state
        self.title = state.name or "fhtagn"
        system = SYSTEM_LABELS.get(state.system, state.system)
        session = state.session
        if session is not None:
            where = f"Session {session.number}" + (f": {session.title}" if session.title else "")
        elif state.sessions:
            where = f"between sessions (last: {state.sessions[-1].number})"
        else:
            where = "no session yet (: session start)"
        # what kind of view this is comes first: at 80 columns the end of the line is cut off
        marker = self.view_marker()
        # the game clock (issue 31) before the session: the end of the line is what 80 columns cut
        self.sub_title = (f"{marker} · " if marker else "") + f"{system} · {show_clock(state.clock)} · {where}"
        # Only the tab on screen (and the Log, which appends) is drawn now; the others are marked
        # stale and drawn when opened.  Drawing five tabs per action cost start-up and key latency.
        pane = self.query_one(TabbedContent).active_pane
        tabs, by_pane = self._game_tabs()
        if pane is None:
            on_screen = None
        elif (on_screen := by_pane.get(pane)) is None:
            on_screen = by_pane[pane] = set(pane.query(GameTab))
        for tab in tabs:
            shown = on_screen is None or tab in on_screen or isinstance(tab, LogTab)
            if events is not None:
                if shown:
                    tab.on_events_appended(EventsAppended(events, state))  # handled now: see above
                elif type(tab).take is not GameTab.take:  # out of sight: kept in the tab's own turn
                    tab.post_message(EventsAppended(events, state, redraw=False))
            elif shown:
                tab.show(state)
            if shown:
                self._stale.discard(tab)
            else:
                self._stale.add(tab)
        if events is not None:
            for screen in self.screen_stack[1:]:  # the GM screen over the tabs logs its table rolls
                if hasattr(screen, "on_events_appended"):  # (not the form that ran the action)
                    screen.post_message(EventsAppended(events, state, redraw=False))
        if (line := self.command_line()) is not None:
            line.set_state(state)
        self._fit_to_view(state.system)
        self._show_asks(state)

    def _fit_to_view(self, system: str) -> None:
        """Only what works in this view: no command line in a read-only one (nothing to type), only
        this system's tabs; the keys are worked out again when either changes."""
        view = (self.readonly, system)
        if view == self._view:
            return
        before, self._view = self._view, view
        if (line := self.command_line()) is not None:
            line.display = not self.readonly
            line.disabled = self.readonly
        tabs = self.query_one(TabbedContent)
        for tab, own in SYSTEM_TABS.items():
            mine = system == own
            was = before is None or before[1] == own  # every tab starts shown
            if mine != was:
                if mine:
                    tabs.show_tab(tab)
                else:
                    tabs.hide_tab(tab)
        self.refresh_bindings()

    def _game_tabs(self) -> tuple[list[GameTab], dict[object, set[GameTab]]]:
        """``self.query(GameTab)`` (in the screen queried now), and the tabs in each pane, kept."""
        root = self.children[0] if self.children else None
        found = self._tabs_found
        if found is None or found[0] is not root:
            found = self._tabs_found = (root, list(self.query(GameTab)), {})
        return found[1], found[2]

    def tabs_changed(self) -> None:
        """A tab was mounted or unmounted: the tabs are found again on the next redraw."""
        self._tabs_found = None

    def tab_mounted(self, tab: GameTab) -> None:
        """A tab has just been mounted: drawn now if on screen, else when first opened."""
        self.tabs_changed()
        if isinstance(tab, LogTab):
            tab.defer(self.log_backlog)  # the Log fills itself when first shown
        pane = self.query_one(TabbedContent).active_pane
        if pane is not None and tab in pane.query(GameTab):
            # opened before it was mounted: draw it and give it the keys now
            tab.show(self.view_state)
            if not self._typing_a_command():
                self.call_after_refresh(self.focus_tab)
        else:
            self._stale.add(tab)

    def is_stale(self, tab: GameTab) -> bool:
        """The tab is out of sight and behind the state: it is drawn when next opened."""
        return tab in self._stale

    def _show_stale(self, pane: TabPane) -> None:
        """Draw the tabs of a pane just opened if the state moved on while they were hidden."""
        stale = [tab for tab in pane.query(GameTab) if tab in self._stale]
        if stale:
            state = self.view_state
            for tab in stale:
                tab.show(state)
                self._stale.discard(tab)

    def _follow_writes(self) -> None:
        """Follow what another process appends: woken by the file's writes (inotify) where the
        system has it — no polling delay on top of the write — else by polling."""
        self._watch = _on_wake(self.door.watch(), self._file_written)
        if self._watch is not None:
            self.set_interval(1.0, self._follow)  # a safety net only
        else:
            self.set_interval(self.FOLLOW_POLL, self._follow)

    def _file_written(self) -> None:
        if self._watch is not None and self._watch.drain() and self.is_running:
            self._follow()

    def on_unmount(self) -> None:
        self._stop_watch()

    def _stop_watch(self) -> None:
        for watch in (self._watch, self._inbox_watch):
            if watch is not None:
                try:
                    asyncio.get_running_loop().remove_reader(watch.fileno())
                except (RuntimeError, ValueError, OSError):
                    pass
                watch.close()
        self._watch = self._inbox_watch = None

    def _follow(self) -> None:
        try:
            self.door.follow()  # what another process wrote: folded, and told to _on_events
        except StoreError as exc:
            self._status(str(exc), error=True)

    def _give_rows_back(self) -> None:
        """No request for a while: the rows kept for requests are given back in one layout pass."""
        self._rows_back = None
        if self.requests_shown(self.view_state):
            return
        if self._asks_floor:
            self._asks_floor = 0
            self.query_one("#asks", Static).styles.min_height = None
            self._show_asks(self.view_state)
        if self.query_one(TabbedContent).active == "log":
            self.query_one(LogTab).fit_detail()

    def action_command_palette(self) -> None:
        """Textual's palette, without its crash on a page key before the list is laid out."""
        from textual.command import CommandPalette

        from .safe_palette import SafeCommandPalette

        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(SafeCommandPalette(id="--command-palette"))

    def search_commands(self, commands: Sequence[CommandListItem],
                        placeholder: str = "Search for commands…") -> AwaitMount:
        """Textual's, opened as the safe palette (its page keys, a choice made twice)."""
        from textual.command import SimpleProvider

        from .safe_palette import SafeCommandPalette

        provider = SimpleProvider(self.screen, list(commands))  # an instance, as Textual's own passes
        return self.push_screen(SafeCommandPalette(providers=[provider],  # type: ignore[list-item]
                                                   placeholder=placeholder))

    def search_themes(self) -> None:
        """Textual's theme list (the palette's "Theme"), opened as the safe palette."""
        from textual.theme import ThemeProvider

        from .safe_palette import SafeCommandPalette

        self.push_screen(SafeCommandPalette(providers=[ThemeProvider], placeholder="Search for themes…"))

    def _status(self, text: str, error: bool = False, whole: str | None = None) -> None:
        """The message line: the whole message, wrapped; past ``STATUS_ROWS`` rows, its beginning and
        ctrl+o for the rest (``whole``: the message ctrl+o shows when ``text`` is only its beginning)."""
        status = self.query_one("#status", Static)
        status.set_class(error, "error")
        text = self.secret_mark(text)
        self._message = whole or text
        width = max(20, (status.size.width or self.size.width) - 2)  # its padding
        rows = Text(text).wrap(self.console, width)
        # Within a tab the line does not shrink back from one message to the next (a miss is one
        # row, a hit two): the tab above keeps its size, not laid out and drawn again per result.
        floor = max(self._status_floor, min(len(rows), STATUS_ROWS))
        if floor != self._status_floor:
            self._status_floor = floor
            status.styles.min_height = floor
        if len(rows) > STATUS_ROWS:
            shown = Text("\n").join(rows[: STATUS_ROWS - 1])
            shown.append(f"\n… {key_text(self, 'app.message', 'ctrl+o')} shows the whole message", style="bold")
            update_steady(status, shown)
        else:
            update_steady(status, text)  # laid out again only when its height changes

    @property
    def message(self) -> str:
        """What the message line says now, whole."""
        return self._message

    def action_message(self) -> None:
        """The last message whole, in a panel (a long one is cut on the message line)."""
        if self._message:
            from .forms.text_view import TextView

            self.push_screen(TextView("The whole message", self._message))

    # --- acting (a view that writes: the GM's app) ----------------------------------------------

    def run_line(self, text: str) -> str | None:
        """Run one command line as if typed; returns the refusal, or None when it was done."""
        return self.run_line_recorded(text)[0]

    def run_line_recorded(self, text: str) -> tuple[str | None, list[Event]]:
        """Run one command line as if typed; (the refusal or None, the events it wrote).  The line is
        read into its typed command once and run as :meth:`run_recorded` runs a form's."""
        from .run import run_line

        return run_line(self.run_recorded, text)

    def run_recorded(self, command: Command, typed: Sequence[int | str] | None = None,
                     secret: bool = False) -> tuple[str | None, list[Event]]:
        """Run a command a form built (a :class:`~.run.Run`): secret when asked or when the switch
        (ctrl+g) is on; (the refusal or None, the events it wrote).  The refusal is the form's to
        show (the message line says what was done)."""
        try:
            events = self.door.run(command, typed=typed, secret=secret or self.secret_next)
        except (Rejected, StoreError) as exc:
            return str(exc), []
        if events:
            self.secret_used()
            self._report(events)
            self.offer_development(events)
        return None, events

    def offer_development(self, events: Sequence[Event]) -> None:
        """A session just ended: the development phase is offered (FH-DEV-04, COC-DEV-02), never rolled
        unasked — its screen lists the checks and rolls them when the GM says so."""
        if self.readonly or self.state.system not in ("fhtagn", "coc7"):
            return
        if not any(type(ev).__name__ == "SessionEnded" for ev in events):
            return
        if not any(c.dev.checks for c in self.state.characters.values()) and self.state.system == "fhtagn":
            return
        from .forms.development import DevelopmentForm

        self.push_screen(DevelopmentForm(self.state, self.run_recorded))

    def submit(self, command: Command, typed: Sequence[int | str] | None = None, secret: bool = False) -> str | None:
        """Run a command; returns the refusal message, or None when it was done."""
        return self.submit_recorded(command, typed, secret)[0]

    def submit_recorded(self, command: Command, typed: Sequence[int | str] | None = None,
                        secret: bool = False) -> tuple[str | None, list[Event]]:
        """Run a command; (the refusal message or None, the events it wrote)."""
        try:
            events = self.door.run(command, typed=typed, secret=secret or self.secret_next)
        except Rejected as exc:
            self._status(str(exc), error=True)
            return str(exc), []
        except StoreError as exc:
            self._status(str(exc), error=True)
            self.notify(str(exc), severity="error", timeout=10)
            return str(exc), []
        self.secret_used()
        self._report(events)
        return None, events

    def _report(self, events: list[Event]) -> None:
        names = self.door.names
        lines = [ev.describe(names) for ev in events]
        if events and all(ev.secret for ev in events):  # said, as the Log says it: the GM knows it stayed hidden
            lines[0] = "🔒 secret (GM only): " + lines[0]
        # Undo and redo say what they did here ("Undo: …"), not in a notice over the message line:
        # a notice would hide the next message for as long as it stays up.
        if len(lines) <= 3:
            self._status(" · ".join(lines))
            return
        # the first three (the line stays short), how many more and the key that shows them all
        # (a bare "…" hid the turn that was next: "Felix Brandt acts now …" when Ada acted)
        more = f" … {len(lines) - 3} more: {key_text(self, 'app.message', 'ctrl+o')} shows them"
        self._status(" · ".join(lines[:3]) + more, whole=" · ".join(lines))

    def settle_owed(self, entry: Owed | None) -> None:
        """What settles ``entry``: a reaction to choose opens its choice; otherwise its command line is
        filled in (a roll's dice are typed with roll=, or rolled by the app when it runs)."""
        if entry is None:
            return
        if entry.kind == "reaction":
            from .forms.owed import ReactionChoice

            def chosen(reaction: str | None) -> None:
                if reaction:
                    from .run import run_line

                    # the reaction to a secret roll is secret too (secret=, not a word added to the line)
                    refusal, _events = run_line(self.run_recorded, entry.command + reaction, secret=entry.secret)
                    if refusal is not None:
                        self._status(refusal, error=True)

            self.push_screen(ReactionChoice(entry), chosen)
            return
        if entry.command.strip():
            self.prefill(entry.command)

    def prefill(self, text: str) -> None:
        line = self.command_line()
        if line is None:
            return
        line.value = text
        line.cursor_position = len(text)
        line.focus()

    def command_line(self) -> CommandLine | None:
        """The command line (None in a view that does not type: see ``typing``)."""
        return None

    def _typing_a_command(self) -> bool:
        """The command line has the focus (its module is imported only where one is built)."""
        focused = self.focused
        return focused is not None and focused.id == "command-line"

    async def run_key_bindings(self, key: str, priority: bool = False) -> bool:
        """Tab and shift+Tab in a form are taken as the app reads them, like ``:`` (a priority key): the
        keys read with them ("looks again<Tab>93" in one read: a fast typist, a slow link, tmux) are the
        next field's, not the one left.  Not a binding: Tab is not a key a keymap moves."""
        if priority and key in ("tab", "shift+tab") and self._form_focus(1 if key == "tab" else -1):
            return True
        if await super().run_key_bindings(key, priority):
            return True
        return priority and self._field_key_now(key)  # (after the app's priority keys: they win)

    def _field_key_now(self, key: str) -> bool:
        """A text field's own editing key (backspace, delete, the arrows, home, end…) handed to the field
        as the app reads it, in the order typed.  Textual runs a field's key bindings only once the key
        has come back up from the field, after the keys read with it were handed on: "abc", then backspace and "d" in one read, gave "abc" ("d"
        typed, then deleted) and left then "d" gave "abcd".  Printable keys and Enter are the field's as
        before (Enter submits: what follows is the next line's); so are the keys a field may pass on
        (up, down, page keys, copy with nothing selected)."""
        from textual.widgets import Input

        focused = self.focused
        if not isinstance(focused, Input) or key not in FIELD_EDIT_KEYS:
            return False
        for binding in node_bindings(focused).key_to_bindings.get(key, ()):  # as Textual reads them
            # Textual's own editing keys only (they have no id); the app's (the command line's history,
            # completion…) and what a keymap moves go the usual way
            if binding.id is None and not binding.priority:
                # in the field's own queue, after the keys already handed to it: in the order typed
                focused.call_later(focused.run_action, binding.action)
                return True
        return False

    def _form_focus(self, step: int) -> bool:
        """In a form (a screen over the main one) the next / previous field, now; False elsewhere, or
        when the focused widget has its own use for the key (it is handed on as usual)."""
        if len(self.screen_stack) < 2:
            return False
        screen = self.screen
        key = "tab" if step > 0 else "shift+tab"
        if getattr(screen.focused, "tab_behavior", "focus") != "focus":  # a text area that indents on Tab
            return False
        node: DOMNode | None = screen.focused
        while node is not None and node is not screen:
            if key in node_bindings(node).key_to_bindings:  # the widget's own Tab
                return False
            node = node.parent
        if step > 0:
            screen.focus_next()
        else:
            screen.focus_previous()
        return True

    # --- actions ----------------------------------------------------------------------------------

    def offers(self, app: object, action: str, parameters: tuple[object, ...] = ()) -> bool:
        """The app's ``action`` ever works in this role (app/role_keys.py): a read-only view offers
        nothing that writes; a role's own keys are its own (``app`` is this app)."""
        return not (self.readonly and (action in WRITING_ACTIONS or action in WRITING_FORMS))

    def help_text(self) -> str:
        """What the help (``?``) says after the keys: what this view is and what one does in it."""
        return ("A read-only view of the campaign: it follows the GM's app as the GM plays.  Nothing is typed "
                "or recorded here.")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.offers(self, action, parameters):
            return False
        if action in MAIN_SCREEN_ACTIONS and (len(self.screen_stack) > 1 or self.prompt_shown):
            return False
        if action == "tab" and parameters and SYSTEM_TABS.get(str(parameters[0]), self.state.system) != self.state.system:
            return False  # another system's tab: not there
        return super().check_action(action, parameters)


    def _taking_text(self) -> bool:
        """The widget with the focus is a line that text is typed into."""
        # (imported here: built by then wherever there is one, and a lean start-up imports no more)
        from textual.widgets import Input

        return isinstance(self.focused, Input)

    def on_key(self, event: events.Key) -> None:
        """A key that writes, pressed in a read-only view: it is not offered here, but say why."""
        if self.readonly and event.key in self._writing_keys and len(self.screen_stack) == 1:
            self.notify("read-only: commands, undo and redo are off in this view", severity="warning")

    def action_tab(self, tab: str) -> None:
        tabs = self.query_one(TabbedContent)
        tabs.active = tab
        # The focus moves now, not once the tab says it is open: a key read with this one ("2s" in
        # one read) is the new tab's, not the one just left (Party's s opened a SAN test).  A tab
        # not built yet: nothing has the focus until it is (on_tabbed_content_tab_activated).
        pane = tabs.get_pane(tab)
        if str(pane.id) in LATE_TABS and not pane.query(GameTab):
            self.screen.set_focus(None)
        else:
            self.focus_tab(now=True)

    def build_tab(self, pane: TabPane) -> bool:
        """Mount the pane's tab if this is the first time it is opened (True if it was).

        The new tab draws itself and takes the focus once mounted (``tab_mounted``)."""
        late = LATE_TABS.get(str(pane.id))
        if late is None or pane.query(GameTab):
            return False
        module, name = late
        tab: GameTab = getattr(import_module(f"{__package__}.screens.{module}"), name)()
        css = HERE / "screens" / f"{module}.tcss"  # its styles: its own widgets' only (#ids in the tab)
        if not self.stylesheet.has_source(str(css)):
            self.stylesheet.read(css)
            self.stylesheet.parse()  # (the sources read before are not parsed again: Textual caches them)
        pane.mount(tab)
        return True

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        """Put the focus inside the tab, so that its keys work at once."""
        pane = event.pane
        if self._status_floor != 1:  # the message line fits its message again
            self._status_floor = 1
            self.query_one("#status", Static).styles.min_height = None
        if self._asks_floor:  # the open-requests line too (gone if none is open)
            self._asks_floor = 0
            self.query_one("#asks", Static).styles.min_height = None
            self._show_asks(self.view_state)
        if self.build_tab(pane):
            # Drawn and focused once mounted.  Until then nothing has the focus: left in the pane
            # just hidden, it would pass to a sibling there, and that pane would be opened again.
            if not self._typing_a_command():
                self.set_focus(None)
            return
        if pane.id == "log":
            self.query_one(LogTab).ensure_loaded()
            self.query_one(LogTab).fit_detail()
        self._show_stale(pane)
        if not self._typing_a_command():  # ":" typed right after the tab key keeps the line
            self.focus_tab()

    def focus_tab(self, now: bool = False) -> None:
        """Focus the active tab's main table (or its first focusable widget); ``now``: before the
        next key is read (Widget.focus() moves it later)."""
        tabs = self.query_one(TabbedContent)
        pane = tabs.get_pane(tabs.active) if tabs.active else None
        if pane is None:
            return
        target: Widget | None = next((t for t in pane.query(DataTable) if t.display), None)
        if target is None:
            target = next((w for w in pane.query("*") if w.focusable), None)
        if target is not None and target is not self.focused:  # focus() repaints the whole table
            if now:
                self.screen.set_focus(target)
            else:
                target.focus()

    def action_help(self) -> None:
        """The GM screen at its first entry: keys and commands."""
        self.action_reference("help")

    def action_reference(self, topic: str = "") -> None:
        """The GM screen (rules and tables), opened at ``topic`` or at what the active tab shows."""
        from .screens.reference import TAB_TOPICS, ReferenceScreen

        if isinstance(self.screen, ReferenceScreen):
            return
        if not topic:
            pane = self.query_one(TabbedContent).active_pane
            tab = next(iter(pane.query(GameTab)), None) if pane is not None else None
            topic = (tab.reference_topic() if tab is not None else "") or TAB_TOPICS.get(str(pane.id if pane else ""), "")
        self.push_screen(ReferenceScreen(topic, self.state.system))

    # --- what only a view that writes does: refused here (GmApp overrides them) ---------------------

    def action_ask(self, who: str = "") -> None:
        """The Ask dialog (``k`` on the Party and Initiative tabs)."""
        self.notify("read-only: only the GM asks for rolls", severity="warning")

    def action_bestiary(self, fight: bool = False) -> None:
        """NPCs and creatures from the bestiary (the Party tab's b, the Initiative add dialog)."""
        self.notify("read-only: nothing can be added here", severity="warning")

    def action_import_text(self) -> None:
        """``char import``: paste stat blocks or an investigator's JSON."""
        self.notify("read-only: nothing can be imported here", severity="warning")

    def action_owed(self) -> None:
        pass

    def action_new_character(self) -> None:
        pass

    def action_edit_character(self, key: str) -> None:
        pass

    def action_requisition(self, agent: str = "") -> None:
        pass

    def action_delete_character(self, key: str) -> None:
        pass



def _on_wake(watch: FileWatch | None, woken: Callable[[], None]) -> FileWatch | None:
    """``watch`` read by the event loop, ``woken`` called when its file is written; None (closed)
    where the loop cannot read it: then the caller polls."""
    if watch is not None:
        try:
            asyncio.get_running_loop().add_reader(watch.fileno(), woken)
        except (NotImplementedError, RuntimeError, ValueError, OSError):
            watch.close()
            return None
    return watch


__all__ = ["AppBase", "PALETTE_BINDINGS", "TAB_BINDINGS"]
