"""The Log tab: the live event log in plain words."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.coordinate import Coordinate
from textual.events import Resize
from textual.widgets import DataTable, Static
from textual.widgets.data_table import RowDoesNotExist

from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.features.reveal import Reveal
from fhtagn_tui.domain.state import State

from ..messages import EventsAppended
from ..role_keys import works
from ..widgets.row_table import RowTable
from ..widgets.steady import update_steady
from .base import GameTab

if TYPE_CHECKING:  # a players' view's rows (the GM's app does not import the public projection)
    from fhtagn_tui.domain.public import PublicEntry

    from ..base import AppBase

#: How many of the latest events the tab holds (older ones: review mode / `fhtagn log`).
WINDOW = 1000

#: The detail line keeps up to this many rows (its rule and three lines: what happened, the dice,
#: the rules) from one row to the next while the tab stays open.
DETAIL_FLOOR = 4


#: The fixed columns' widths (#, S, Time) and the cells' padding (a cell each side, four columns).
_FIXED = (6, 2, 5)
_PADDING = 2 * 4


def _cut(text: str) -> Text:
    """A row's words on one line: cut with "…" at the column's edge (the detail line below, or
    ctrl+o, reads the highlighted one whole)."""
    return Text(text, no_wrap=True, overflow="ellipsis")


def clock(ts: float) -> str:
    return time.strftime("%H:%M", time.localtime(ts)) if ts else "--:--"


class LogTab(GameTab):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("v", "reveal", "Reveal", id="log.reveal"),
        Binding("slash", "search", "Search", key_display="/", id="log.search"),
    ]

    def __init__(self) -> None:
        super().__init__(id="log-tab")
        self._names: dict[str, str] = {}
        self._count = 0
        self._loader: Callable[[], Sequence[Event | PublicEntry]] | None = None
        self._shown: dict[str, Event | PublicEntry] = {}  # row key → event, for the detail line
        self._built = False  # the table and its lines (built when first needed: _table)
        self._detail_floor = 0  # the detail line's least rows (see fit_detail)

    def compose(self) -> ComposeResult:
        # The table and its lines are built when first needed (_table): out of sight at start-up,
        # the Log costs no widgets (their styles, layout, the table's own CSS) before the first frame.
        yield from ()

    def _table(self) -> DataTable[object]:
        """The log's table, built (with the detail line and the empty notice) the first time it is needed."""
        if not self._built:
            self._built = True
            # rows drawn once and kept by row (not re-rendered on every append), caches a screen's worth
            table: DataTable[object] = RowTable(id="log-table", cursor_type="row", zebra_stripes=True)
            # labels as Text: a str label is read as markup, and Rich's markup loads its emoji table
            # (~2 ms and ~0.5 MiB before the first paint; a player's process never needs it)
            table.add_column(Text("#"), key="seq", width=6)
            table.add_column(Text("S"), key="session", width=2)
            table.add_column(Text("Time"), key="time", width=5)
            table.add_column(Text("What happened"), key="what")
            self._fit(table)
            empty = Static("The log is empty.", id="log-empty")
            empty.display = self._count == 0
            self.mount(table, Static(id="log-detail", markup=False), empty)
        return self.query_one("#log-table", DataTable)

    def _fit(self, table: DataTable[object]) -> None:
        """The words' column takes the width there is (its rows cut with "…", never past the edge)."""
        width = self.size.width - 2  # (the table's scrollbar)
        if width > 0 and isinstance(table, RowTable):
            table.set_widths((*_FIXED, max(20, width - sum(_FIXED) - _PADDING)))

    def on_resize(self, event: Resize) -> None:
        if self._built:
            self._fit(self.query_one("#log-table", DataTable))

    def on_events_appended(self, message: EventsAppended) -> None:
        """The events of an action (or another process's): the names as they are now, then the rows."""
        self.show(message.state)
        self.append(message.events)

    def show(self, state: State) -> None:
        self._names = {c.id: c.name for c in state.characters.values()}
        if self._built:
            self.query_one("#log-empty").display = self._count == 0

    def defer(self, loader: Callable[[], Sequence[Event | PublicEntry]]) -> None:
        """Fill the tab from ``loader`` when it is first shown (keeps start-up fast)."""
        self._loader = loader

    def ensure_loaded(self) -> None:
        """Filled (and built) now: the tab is shown, or review mode places its cursor in it."""
        if self._loader is not None:
            loader, self._loader = self._loader, None
            self.load(loader(), self._names)
        self._table()

    def load(self, events: Sequence[Event | PublicEntry], names: dict[str, str]) -> None:
        """Fill the tab with the latest events of the log."""
        self._names = names
        table = self._table()
        table.clear()
        self._shown.clear()
        self._count = 0
        self.append(events[-WINDOW:])

    def append(self, events: Sequence[Event | PublicEntry]) -> None:
        """Add rows: the GM's events, or the players' entries (public number and players' words only)."""
        if self._loader is not None:
            return  # not filled yet: the loader will read these from the log
        table = self._table()
        for item in events:
            if isinstance(item, Event):
                key, words, session = str(item.seq), _cut(item.describe(self._names)), item.session
                if item.secret:
                    words.stylize("italic magenta")
                    words.append("  (secret)", style="dim")
            else:  # a players' entry
                key, words, session = str(item.no), _cut(item.text), item.session
            table.add_row(key, str(session or ""), clock(item.ts), words, key=key)
            self._shown[key] = item
            self._count += 1
        while table.row_count > WINDOW:
            first = table.coordinate_to_cell_key(Coordinate(0, 0)).row_key
            self._shown.pop(str(first.value), None)
            table.remove_row(first)
        if events:
            if isinstance(table, RowTable):
                table.settle_rows()  # measured now: the cursor scrolls to the new row in this frame
            table.move_cursor(row=table.row_count - 1)
        self.query_one("#log-empty").display = self._count == 0

    def detail(self, ev: Event | PublicEntry) -> str:
        """The whole of one event: what happened, every die with its purpose, the rules applied.

        A players' entry shows its words only (its dice may be a hidden character's)."""
        from fhtagn_tui.domain.text import visible

        body = getattr(ev if isinstance(ev, Event) else ev.event, "body", None)  # a handout's text (issue 34)
        handout = f"\n\n{visible(body)}" if isinstance(body, str) else ""
        if not isinstance(ev, Event):  # a players' entry
            return f"#{ev.no} · {ev.text}{handout}"
        lines = [f"#{ev.seq} · {ev.describe(self._names)}" + ("  (secret — v: reveal to the players)" if ev.secret and works(self, "reveal") else "")]
        if ev.dice:
            lines.append("dice: " + ", ".join(f"{r.purpose} {r.die}={r.value}" for r in ev.dice))
        if ev.rules:
            lines.append("rules: " + " ".join(ev.rules))
        return "\n".join(lines) + handout

    @classmethod
    def offers(cls, app: AppBase, action: str, parameters: tuple[object, ...] = ()) -> bool:
        if action == "reveal":  # the GM's: never in a read-only or players' view
            return not app.readonly
        if action == "search":  # the GM's whole log (a players' view holds the public entries only)
            return not app.player
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.offers(self.gm, action, parameters)

    def action_search(self) -> None:
        """Search the whole log (who, kind, rule, words); enter on a hit puts the Log's cursor on it."""
        from fhtagn_tui.domain.replay import names_of

        from ..forms.search import SearchForm

        app = self.gm
        self.gm.push_screen(SearchForm(lambda flt: app.door.search(flt), self.go_to, names_of(app.door.state)))

    def go_to(self, seq: int) -> None:
        """The Log's cursor on event ``seq`` (its detail below), when the Log still holds it."""
        table = self._table()
        try:
            row = table.get_row_index(str(seq))
        except RowDoesNotExist:
            self.gm.notify(f"#{seq} is older than the Log's last {WINDOW} events: review mode (R) reaches it",
                           severity="warning")
            return
        table.move_cursor(row=row)
        table.focus()

    def highlighted(self) -> Event | PublicEntry | None:
        table = self._table()
        if not table.row_count:
            return None
        row_key = table.coordinate_to_cell_key(Coordinate(table.cursor_row, 0)).row_key
        return self._shown.get(str(row_key.value))

    def action_reveal(self) -> None:
        """Reveal the highlighted secret action to the players (undo hides it again)."""
        app = self.gm
        ev = self.highlighted()
        if not isinstance(ev, Event) or app.readonly:
            return
        if not ev.secret:
            app.notify(f"#{ev.seq} is not secret: the players already see it", severity="warning")
            return
        app.submit(Reveal(seq=ev.seq))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        ev = self._shown.get(str(event.row_key.value))
        line = self.query_one("#log-detail", Static)
        line.display = ev is not None
        if ev is not None:
            text = self.detail(ev)
            # It does not shrink back (up to DETAIL_FLOOR rows) while the tab stays open: a request
            # (two lines) and its answers (three) alternate at the foot of the log, and every change
            # of height laid the tab out and drew the whole table again, twice (a resized container
            # asks Textual for a second pass).
            rows = 1 + len(Text(text).wrap(self.app.console, max(20, self.size.width - 2)))
            if self._detail_floor < min(rows, DETAIL_FLOOR):
                self._detail_floor = min(rows, DETAIL_FLOOR)
                line.styles.min_height = self._detail_floor
            update_steady(line, text)  # no layout pass when it keeps its height

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter on a row: the whole event in a panel (what happened, every die, the rules), for one
        longer than the detail line's half of the tab."""
        ev = self._shown.get(str(event.row_key.value))
        if ev is None or event.data_table.id != "log-table":
            return
        from ..forms.text_view import TextView

        self.gm.push_screen(TextView("The whole event", self.detail(ev)))

    def fit_detail(self) -> None:
        """The tab has just been opened: the detail line takes its event's rows again, no more."""
        if self._detail_floor and self._built:
            self._detail_floor = 0
            self.query_one("#log-detail", Static).styles.min_height = None
