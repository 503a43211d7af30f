"""The Party tab: characters with their pools, and the selected one's sheet — body and mind,
the pools' history as sparklines, and what is due next.  ``s`` opens the Sanity dialog."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from importlib import import_module
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.events import Resize
from textual.widget import Widget
from textual.widgets import DataTable, Static
from textual.worker import Worker, WorkerState

from fhtagn_tui.domain import replay
from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.features import load_all
from fhtagn_tui.domain.privacy import label as privacy_label
from fhtagn_tui.domain.replay import Projection
from fhtagn_tui.domain.state import Character, State
from fhtagn_tui.domain.systems import SHEETS, pool_max

from ..keymap import key_markup, key_text
from ..role_keys import offered
from ..widgets.investigator_card import CARD_WIDTH, InvestigatorCard
from ..widgets.owed_line import OwedLine
from ..widgets.row_table import RowTable, settle
from ..widgets.status_text import status_text
from ..widgets.steady import update_steady
from .base import GameTab

if TYPE_CHECKING:
    from fhtagn_tui.door import Door

    from ..base import AppBase
from .party_sheet import body_text, due_lines, due_text, head_text, mind_text, skills_text
from .party_sheet import sheet_text as sheet_text  # re-exported: the whole sheet as one text

#: Pools whose history is followed (each system has some of them).
HISTORY_POOLS = ("SAN", "BP", "WP", "HP", "FP", "MP", "Luck")
#: How many events back the history reaches when the tab opens (the log may be long).
HISTORY_WINDOW = 2000
#: At most this many points per series are kept.
HISTORY_POINTS = 240
ROWS = 4  # pool rows on the sheet
POOL_NAME = 19  # columns for ``SAN  68/99 ▮▮▮▯▯``
SPARK_WIDTH = 20
SPARK_BARS = "▁▂▃▄▅▆▇█"
WIDE = 110  # from this width the sheet's body and mind stand side by side
TALL = (120, 33)  # from this size of the tab (a 120×40 terminal: 34 rows under the tab bar) the investigator card stands beside the table
WIDE_BAR = 10  # the pools' bars in the table, that wide
STATUS_MIN = 12  # the Status column is cut no narrower (a narrower window scrolls the table)
#: The main screen's rows around the tabs' content: header, tab bar (and its underline), message line, key bar.
CHROME_ROWS = 5


def bar(value: int, top: int | None, width: int = 5) -> Text:
    """``12/14 ▮▮▮▮▯`` — a value with a small bar, coloured by how much is left."""
    if top is None or top <= 0:
        return Text(str(value))
    frac = max(0.0, min(1.0, value / top))
    filled = round(frac * width)
    style = "green" if frac > 0.5 else "yellow" if frac > 0.25 else "red"
    text = Text(f"{value:>2}/{top:<2} ")
    text.append("▮" * filled, style=style)
    text.append("▯" * (width - filled), style="grey42")
    return text


def status(char: Character, state: State | None = None, room: int | None = None) -> Text:
    """The conditions, most urgent first (dead, dying, unconscious, insane …), shortened to fit (issue 31)."""
    return status_text(char, state, room)


#: The key of the one row the folded NPCs stand in
FOLDED_ROW = "\x00npcs"
#: Pools that mean nothing for a monster: shown as "–" (issue 31)
NOT_FOR_MONSTERS = frozenset({"SAN", "Luck", "BP"})


def party_order(state: State) -> list[Character]:
    """Investigators (agents) first, then NPCs, then monsters, each in the order they joined."""
    kinds = {"npc": 1, "monster": 2}
    return sorted(state.characters.values(), key=lambda c: 0 if c.is_pc else kinds.get(c.kind, 1))


def _n(x: float) -> str:
    return f"{x:g}"


def span(values: Sequence[float]) -> str:
    """``70→62 (low 58)``: how a pool went."""
    if not values:
        return ""
    if len(values) == 1 or values[0] == values[-1]:
        text = "steady" if len(values) == 1 else f"{_n(values[0])}→{_n(values[-1])}"
    else:
        text = f"{_n(values[0])}→{_n(values[-1])}"
    if len(values) > 1 and min(values) < min(values[0], values[-1]):
        text += f" (low {_n(min(values))})"
    return text


def spark(values: Sequence[float], width: int = SPARK_WIDTH) -> Text:
    """A sparkline as text: the series in ``width`` buckets (each shown by its lowest value, a
    short series stretched), scaled between its low and high: red near the low, green near the high."""
    low, high = (min(values), max(values)) if values else (0, 0)
    if low == high:  # nothing to show: no history, or a pool that never moved
        return Text(SPARK_BARS[0] * width, style="grey42")
    extent = high - low
    n = len(values)
    text = Text()
    for i in range(width):  # a short series is stretched over the width
        start = i * n // width
        bucket = values[start : max(start + 1, (i + 1) * n // width)]
        frac = (min(bucket) - low) / extent
        style = "green" if frac > 0.66 else "yellow" if frac > 0.33 else "red"
        text.append(SPARK_BARS[min(len(SPARK_BARS) - 1, int(frac * len(SPARK_BARS)))], style=style)
    return text


class PoolHistory:
    """Each character's pools over the log: loaded once from the log, then followed."""

    def __init__(self) -> None:
        self.series: dict[str, dict[str, list[float]]] = {}

    def load(self, events: Sequence[Event], start: Projection) -> None:
        # (after the first frame: the history is read then)
        from fhtagn_tui.export.timeline import track

        for t in track(events, start=start, pools=HISTORY_POOLS):
            if t.kind != "vehicle":
                self.series[t.key] = {pool: t.values(pool)[-HISTORY_POINTS:] for pool in t.series}

    def follow(self, state: State) -> None:
        """Add the values that changed since the last look."""
        for char in state.characters.values():
            pools = self.series.setdefault(char.id, {})
            for pool in HISTORY_POOLS:
                if pool in char.current:
                    values = pools.setdefault(pool, [])
                    if not values or values[-1] != char.current[pool]:
                        values.append(char.current[pool])
                        del values[:-HISTORY_POINTS]

    def values(self, key: str, pool: str) -> list[float]:
        return self.series.get(key, {}).get(pool, [])


def _history_from_log(door: Door, first: int, last: int, chunk: int = 4096) -> PoolHistory:
    """The pools' series over events ``first..last``, the log before them folded chunk by chunk."""
    start = replay.fold()
    for begin in range(1, first, chunk):
        replay.fold(door.events_between(begin, min(first, begin + chunk)), onto=start)
    history = PoolHistory()
    history.load(door.events_between(first, last + 1), start)
    return history


class PartyTab(GameTab):
    BINDINGS = [
        Binding("n", "new", "New", id="party.new"),
        Binding("e", "edit", "Edit", id="party.edit"),
        # one key, each system's word for it (check_action keeps the one of this campaign)
        Binding("s", "sanity('san')", "Sanity…", id="party.sanity"),
        Binding("s", "sanity('fright')", "Fright…", id="party.sanity"),
        Binding("p", "pools('HP/SAN')", "HP/SAN…", id="party.pools"),
        Binding("p", "pools('HP/FP')", "HP/FP…", id="party.pools"),
        Binding("t", "test", "Test", id="party.test"),
        Binding("k", "ask", "Ask…", show=False, id="party.ask"),  # ask players for a roll (the bar is full at 80 columns)
        # between the fights (in help and the README: the bar is full at 80 columns)
        Binding("u", "push", "Push…", show=False, id="party.push"),
        Binding("l", "luck", "Luck", show=False, id="party.luck"),
        Binding("v", "oppose", "Opposed…", show=False, id="party.oppose"),
        Binding("c", "combine", "Combined…", show=False, id="party.combine"),
        Binding("delete,x", "delete", "Delete", id="party.delete"),
        Binding("b", "app.bestiary", "NPCs…", show=False, id="party.bestiary"),  # the bar is full at 80 columns: in help and the README
        Binding("i", "app.import_text", "Import", show=False, id="party.import"),
        Binding("N", "group_npcs", "NPCs ▸/▾", show=False, id="party.fold_npcs"),  # NPCs below the investigators, folded or not
        Binding("shift+down", "sheet(1)", "Sheet ↓", show=False, id="party.sheet_down"),
        Binding("shift+up", "sheet(-1)", "Sheet ↑", show=False, id="party.sheet_up"),
    ]

    def __init__(self) -> None:
        super().__init__(id="party-tab")
        self._state: State | None = None
        self.history = PoolHistory()
        self._history_loaded = False
        self._on_own = False  # the cursor was put on the player's own character
        self._bar_width = 0  # the width the pools' bars were drawn at (a resize to wide redraws them)
        self._across = 0  # the tab's width the table was fitted to (a resize fits it again)
        #: what the sheet shows, by part (head, body, mind, due, skills), and each pool's series
        self.parts: dict[str, Text] = {}
        self.pool_data: list[tuple[str, list[float]]] = []
        #: What the sheet was last drawn from (character, state, wide): the cursor's highlight message
        #: that follows a redraw (at start-up: before the first paint) does not draw it again.
        self._sheet_of: tuple[str, State, bool] | None = None
        self.npcs_grouped = False  # the NPCs and monsters folded into one row under the investigators (N)
        self._grouped_drawn = False

    def compose(self) -> ComposeResult:
        table: DataTable[object] = RowTable(id="party-table", cursor_type="row", zebra_stripes=True)
        # The app focuses it at start (AppBase.on_mount): styled as focused from its first style,
        # not styled, then restyled with its nine component classes when the focus comes (~1.2 ms)
        table.set_reactive(Widget.has_focus, True)
        yield OwedLine(id="party-owed")  # what the GM still owes (issue 31): hidden when nothing
        with Horizontal(id="party-top"):  # the card beside the table when the terminal is tall and wide
            yield table
            yield InvestigatorCard(id="party-card")
        # Two text widgets, not one per line: every widget costs start-up (styles, layout)
        with VerticalScroll(id="party-scroll"):
            with Horizontal(id="party-cols"):  # stacked when narrow, side by side when wide
                yield Static(id="party-sheet")  # head and pools with their history
                yield Static(id="party-notes")  # body, mind, what is due, skills
        yield Static(self._empty_text(), id="party-empty")

    def _empty_text(self) -> str:
        """No characters: how to make one, where that works (not in a read-only view)."""
        if not self.offers(self.gm, "new"):
            return "No characters yet."
        return (f"No characters yet. Press [b]{key_markup(self.app, 'party.new', 'n')}[/b] for a new one, "
                "or type [b]:char new NAME STR=…[/b]")

    def on_mount(self) -> None:
        # after the first paint (the app's own first callbacks run after the refresh that
        # follows the mount; the history waits one refresh more): start-up stays fast
        self.call_after_refresh(self.call_after_refresh, self._load_history)

    def _tall(self) -> bool:
        """Whether the card stands beside the table (the tab, or before its first layout the window, is
        120×40 or more; the GM's app only: a players' view keeps the table and the sheet)."""
        if not self.size:
            size = self.app.size
            self.set_class(not self.gm.player and size.width >= TALL[0]
                           and size.height - CHROME_ROWS - 1 >= TALL[1], "tall")
        return self.has_class("tall")

    def on_resize(self, event: Resize) -> None:
        tall = not self.gm.player and event.size.width >= TALL[0] and event.size.height >= TALL[1]
        if tall != self.has_class("tall"):
            self.set_class(tall, "tall")
            if self._state is not None:
                self._across = -1  # the table drawn again: its bars and Status fit beside the card or not
                self.show(self._state)
        wide = event.size.width >= WIDE
        if wide != self.has_class("wide"):
            self.set_class(wide, "wide")
            if self._state is not None:
                self.show(self._state)  # longer bars; what is due moves between the head and the notes
        elif self._state is not None and event.size.width != self._across:
            self.show(self._state)  # the Status column fitted to the new width

    # --- history -------------------------------------------------------------------------------

    def _load_history(self) -> None:
        """The pools' series over the last events of the log (not in the players' view)."""
        door = self.door
        if self.gm.player or self._history_loaded:
            return
        self._history_loaded = True
        last = door.seq
        first = max(1, last - HISTORY_WINDOW + 1)
        if door.resuming:
            # Opened from the start-up snapshot: the fold before the window is not at hand (the undo
            # history is built only when needed).  Fold the log in a thread, a chunk at a time, so
            # that the first keys are not kept waiting and little of a long log is held at once.
            # What the fold there imports is imported here first, on the event loop's thread (the
            # feature modules load when first needed): two threads importing at once could meet a
            # module the other has only half loaded.
            load_all()
            import_module("fhtagn_tui.export.timeline")
            self.run_worker(partial(_history_from_log, door, first, last), thread=True, group="pool-history",
                            exit_on_error=False)
            return
        checkpoint = door.nearest_checkpoint(first - 1)
        begin = checkpoint.seq + 1 if checkpoint is not None else 1
        events = door.events_between(begin, last + 1)
        start = Projection(checkpoint_every=0)
        start.restore(checkpoint)
        for ev in events[: first - begin]:
            start.apply(ev)
        self.history.load(events[first - begin :], start)
        if self._state is not None:
            self.show(self._state)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group != "pool-history" or event.state != WorkerState.SUCCESS:
            return
        history = worker.result
        if isinstance(history, PoolHistory):
            if self._state is not None:
                history.follow(self._state)  # what changed while it was read
            self.history = history
            if self._state is not None and not self.gm.reviewing:
                self._show_sheet()

    # --- drawing -------------------------------------------------------------------------------

    def show(self, state: State) -> None:
        shown = self._state
        self._state = state
        self.query_one("#party-owed", OwedLine).show_owed(state, key_text(self.app, "app.owed", "o") if offered(self, self.gm, "app.owed") else "")
        self._show_privacy(state)
        if not self.gm.reviewing:
            self.history.follow(state)
        if not self.size:  # before the first layout: as wide as the window (on_resize would set it after
            self.set_class(self.app.size.width >= WIDE, "wide")  # a first layout, then lay out again)
        across = self.size.width or self.app.size.width  # before the first layout: the window's
        if self._tall():
            across -= CARD_WIDTH  # the card stands beside the table
        # a wide window: longer bars, easier to read; beside the card the short ones, the room left to
        # the Status (the table is 80 wide there at 120×40)
        width = WIDE_BAR if self.has_class("wide") and not self._tall() else 5
        if (shown is not None and state.characters is shown.characters and state.system == shown.system
                and state.lasting is shown.lasting and state.clock == shown.clock  # what is left of a condition
                and self._grouped_drawn == self.npcs_grouped
                and self._on_own == bool(self.gm.own) and width == self._bar_width and across == self._across):
            # the same characters (a roll, a note, a request): the table stands, the sheet is redrawn
            self._show_sheet()
            return
        table = self.query_one("#party-table", DataTable)
        pools = SHEETS[state.system].pools if state.system else ()
        keep = table.cursor_row
        table.clear(columns=True)
        table.add_column(Text("Name"), key="name")  # Text, not markup: see LogTab.compose
        for pool in pools:
            table.add_column(Text(pool), key=pool)
        table.add_column(Text("Status"), key="status")
        self._bar_width = width
        self._across = across
        own = self.gm.own  # a player's own character (its key is bound to it)
        rows: list[list[Text]] = []
        order = party_order(state)
        self._grouped_drawn = self.npcs_grouped
        folded = [c for c in order if not c.is_pc] if self.npcs_grouped else []
        if folded:
            order = [c for c in order if c.is_pc]
        for char in order:
            name = Text(char.name, style="bold" if char.is_pc else "italic")
            if char.id == own:
                name.append(" (you)", style="reverse")
            cells = [name]
            for pool in pools:
                if char.kind == "monster" and pool in NOT_FOR_MONSTERS:
                    cells.append(Text("–", style="grey50"))
                    continue
                top = pool_max(state.system, char, pool) if pool != "BP" and char.stats else None
                cells.append(bar(char.current.get(pool, 0), top, width) if top else Text(str(char.current.get(pool, "–"))))
            cells.append(status(char, state))
            rows.append(cells)
        room = self._status_room(table, ("Name", *pools), rows, across)
        for char, cells in zip(order, rows, strict=True):
            if room is not None and cells[-1].cell_len > room:  # shortened, the most urgent kept; all on the sheet
                cells[-1] = status(char, state, room)
                if cells[-1].cell_len > room:
                    cells[-1].truncate(room, overflow="ellipsis")
            table.add_row(*cells, key=char.id)
        if folded:  # one row for them all: N unfolds
            more = Text(f"▸ {len(folded)} NPC{'s' if len(folded) != 1 else ''} and monsters folded "
                        f"({key_text(self.app, 'party.fold_npcs', 'N')} shows them)", style="italic grey62")
            table.add_row(more, *[Text("") for _ in range(len(pools) + 1)], key=FOLDED_ROW)
        settle(table)  # measured now: a frame drawn before the table is idle shows whole columns
        empty = not state.characters
        note = self.query_one("#party-empty", Static)
        note.display = empty
        if empty and str(note.content) != (words := self._empty_text()):  # (review comes and goes in the GM's app)
            note.update(words)
        table.display = not empty
        if state.characters:
            rows_now = len(order) + (1 if folded else 0)
            if own in state.characters and not self._on_own and own in [c.id for c in order]:  # a player starts on its own sheet
                self._on_own = True
                keep = [c.id for c in order].index(own)
            table.move_cursor(row=min(max(keep, 0), rows_now - 1))
        self._show_sheet()

    def _show_privacy(self, state: State) -> None:
        """The GM: the players' privacy setting on the sheet's top border (what players see of the other
        investigators: ``privacy own`` by default; the ``privacy`` command tells it too)."""
        if self.gm.player:
            return
        title = f"players see: privacy {privacy_label(state.privacy)}"
        scroll = self.query_one("#party-scroll")
        if scroll.border_title != title and (scroll.border_title or title):
            scroll.border_title = title

    def _status_room(self, table: DataTable[object], heads: Sequence[str], rows: Sequence[Sequence[Text]],
                     across: int) -> int | None:
        """How wide the Status column may be for the table to fit the tab, or None when it fits whole.

        A table wider than the tab gets a sideways scroll bar that no key reaches (the cursor moves
        by rows): the conditions cut off at the edge could not be read.  So the Status column takes
        what the other columns leave, its end written as an ellipsis; the sheet lists them all."""
        if not rows:
            return None
        pad = 2 * table.cell_padding
        taken = sum(max(len(head), *(row[i].cell_len for row in rows)) + pad for i, head in enumerate(heads))
        tall = self.size.height or self.app.size.height
        if len(rows) + 1 > max(4, tall // 2):  # more rows than the table's half of the tab: a scroll bar
            taken += table.styles.scrollbar_size_vertical
        room = max(STATUS_MIN, across - taken - pad)
        return None if all(row[-1].cell_len <= room for row in rows) else room

    def selected(self) -> Character | None:
        if self._state is None or not self._state.characters:
            return None
        table = self.query_one("#party-table", DataTable)
        try:
            key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        except Exception:  # noqa: BLE001 - empty table
            return None
        return self._state.characters.get(str(key))

    def _show_sheet(self) -> None:
        char = self.selected()
        state = self._state
        scroll = self.query_one("#party-scroll")
        scroll.display = char is not None
        self._sheet_of = None
        if char is None or state is None:
            self.parts = {}
            self.pool_data = []
            return
        due = due_text(state, char, commands=not self.gm.player) if char.stats else Text()  # players type none
        self.parts = {"head": head_text(state, char), "body": body_text(state, char),
                      "mind": mind_text(state, char), "due": due, "skills": skills_text(state, char)}
        sheet = self.parts["head"].copy()  # the head and, under it, the pools
        # What is due (insomnia after a SAN loss, a recovery roll…) right under the head, above the fold
        # even at 80×24; "nothing due" goes with the notes.
        # (Wide, the notes stand beside the sheet: there it stays with them.)
        urgent = not self.has_class("wide") and bool(char.stats) and bool(due_lines(state, char))
        if urgent:
            sheet.append("\n")
            sheet.append(due)
        for line in self._pool_lines(state, char):
            sheet.append("\n")
            sheet.append(line)
        order = ("body", "mind", "skills") if urgent else ("body", "mind", "due", "skills")
        notes = Text("\n").join(self.parts[k] for k in order if self.parts[k].plain)
        # a follow (a roll, a request) mostly keeps the sheet's height: drawn in place, no layout pass
        if self._tall():
            self.query_one("#party-card", InvestigatorCard).show(state, char, commands=not self.gm.player)
        update_steady(self.query_one("#party-sheet", Static), sheet)
        update_steady(self.query_one("#party-notes", Static), notes)
        if not scroll.size:  # not laid out yet (start-up): see _expect_scroll_bar
            self._expect_scroll_bar(scroll, sheet, notes)
        self._sheet_of = (char.id, state, self.has_class("wide"))

    def _expect_scroll_bar(self, scroll: Widget, sheet: Text, notes: Text) -> None:
        """Before the sheet's first layout, guess whether its lines overflow their box, from the window's size.

        Textual finds out after a layout, then lays the screen out again with the scroll bar and
        draws the sheet and the notes once more, two columns narrower (~3 ms of the first frame at
        80×24).  Told first, the first layout is already the right one.  Only a guess: a wrong one
        costs that second pass, never the look (Textual checks the scroll bar after every layout)."""
        tab = self.app.size.height - CHROME_ROWS - (1 if self.gm.typing else 0)
        rows = len(self._state.characters) if self._state is not None else 0
        table = max(4, min(rows + 1, tab // 2))  # #party-table: auto height, at most half the tab, at least 4
        room = tab - table - 1  # the box's top border
        heights = (sheet.plain.count("\n") + 1, notes.plain.count("\n") + 1 if notes.plain else 0)
        lines = max(heights) if self.has_class("wide") else sum(heights)  # side by side, or stacked
        scroll.show_vertical_scrollbar = lines > room

    def _pool_lines(self, state: State, char: Character) -> list[Text]:
        """``SAN  68/99 ▮▮▮▯▯   ▇▇▅▁   70→62 (low 58)``: the first pools with their history."""
        order = [p for p in HISTORY_POOLS if p in char.current]
        shown = order[:ROWS] if char.stats else []
        private = char.hidden and self.gm.player
        self.pool_data = []
        lines = []
        for pool in shown:
            top = pool_max(state.system, char, pool) if pool != "BP" else None
            now = char.current[pool]
            line = Text(f"{pool:<4} ", style="bold")
            line.append(bar(now, top) if top else Text(str(now)))
            line.pad_right(POOL_NAME - line.cell_len)
            values = [] if private else self.history.values(char.id, pool)
            data = values if len(values) > 1 else [float(now)] * 2
            self.pool_data.append((pool, data))
            line.append(spark(data, SPARK_WIDTH))
            line.append(" " + span(values), style="dim")
            lines.append(line)
        return lines

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        char, drawn = self.selected(), self._sheet_of
        if (char is not None and drawn is not None and drawn[0] == char.id and drawn[1] is self._state
                and drawn[2] == self.has_class("wide")):
            return  # already drawn from these (show() has just drawn it)
        self._show_sheet()

    # --- actions -------------------------------------------------------------------------------

    #: What writes: none of it in a read-only view (players, review, a second GM).
    ACTING = frozenset({"new", "edit", "sanity", "pools", "test", "delete", "push", "luck", "oppose", "combine"})

    @classmethod
    def offers(cls, app: AppBase, action: str, parameters: tuple[object, ...] = ()) -> bool:
        if action == "push" and app.player:  # a bound player asks to push their own roll (a CoC rule)
            return bool(app.own) and app.state.system == "coc7"
        return not (app.readonly and (action in cls.ACTING or action == "ask"))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.offers(self.gm, action, parameters):
            return False
        gurps = self._state is not None and self._state.system == "gurps"
        if action == "sanity":
            return (parameters == ("fright",)) == gurps
        if action == "pools":
            return (parameters == ("HP/FP",)) == gurps
        return True

    def action_new(self) -> None:
        self.gm.action_new_character()

    def action_edit(self) -> None:
        char = self.selected()
        if char is not None:
            self.gm.action_edit_character(char.id)

    def action_pools(self, _pools: str = "") -> None:
        char = self.selected()
        if char is not None:
            self.gm.prefill(f'char pool "{char.name}" ')

    def action_test(self) -> None:
        char = self.selected()
        if char is not None:
            self.gm.prefill(f'test "{char.name}" ')

    def action_ask(self) -> None:
        char = self.selected()
        self.gm.action_ask(char.name if char is not None else "")

    def action_group_npcs(self) -> None:
        """Fold the NPCs and monsters into one row under the investigators, or unfold them."""
        self.npcs_grouped = not self.npcs_grouped
        if self._state is not None:
            self.show(self._state)

    def _acting_on(self) -> Character | None:
        """The selected character, when something may be rolled for them (said on the message line if not)."""
        app = self.gm
        if app.readonly:
            app.notify("read-only: nothing can be rolled here", severity="warning")
            return None
        char = self.selected()
        if char is None:
            app.notify(f"No character selected: create one first ({key_text(app, 'party.new', 'n')}).",
                       severity="warning", markup=False)
        return char

    def action_push(self) -> None:
        """Push the selected character's last failed roll (COC-DICE-06): a small dialog for what they do
        differently, then — if the push fails — the Keeper's consequence in the Keeper's words."""
        from ..forms.push import PushForm

        app = self.gm
        if app.player and app.own:  # the player's own character: their reason goes to the GM, who confirms
            own = app.view_state.characters.get(app.own)
            if own is None or own.dev.failed is None or own.dev.consequence_due:
                app.notify("No failed roll of yours to push (COC-DICE-06)", severity="warning", markup=False)
                return
            app.push_screen(PushForm(own, app.run_recorded, ask=app.ask_push))
            return
        char = self._acting_on()
        if char is None:
            return
        if self.gm.state.system != "coc7":
            self.gm.notify("Pushing a roll is a Call of Cthulhu rule (COC-DICE-06)", severity="warning")
            return
        if char.dev.failed is None and not char.dev.consequence_due:
            self.gm.notify(f"{char.name} has no failed roll to push (COC-DICE-06): test first "
                           f"({key_text(self.gm, 'party.test', 't')})", severity="warning", markup=False)
            return
        self.gm.push_screen(PushForm(char, self.gm.run_recorded))

    def action_luck(self) -> None:
        """A Luck roll for the selected character (FH-DEV-01, COC-DICE-07)."""
        from fhtagn_tui.domain.features.skill_play import RollLuck  # (not at start-up)

        char = self._acting_on()
        if char is not None:
            self.gm.run_recorded(RollLuck(names=(char.name,)))

    def action_oppose(self) -> None:
        from ..forms.contest import OpposeForm

        char = self._acting_on()
        if char is not None:
            self.gm.push_screen(OpposeForm(char.name, self.gm.run_recorded))

    def action_combine(self) -> None:
        from ..forms.contest import CombineForm

        char = self._acting_on()
        if char is None:
            return
        if self.gm.state.system != "coc7":
            self.gm.notify("Combined rolls are a Call of Cthulhu rule (COC-DICE-08)", severity="warning")
            return
        self.gm.push_screen(CombineForm(char.name, self.gm.run_recorded))

    def action_delete(self) -> None:
        char = self.selected()
        if char is not None:
            self.gm.action_delete_character(char.id)

    def action_sheet(self, lines: int) -> None:
        """Scroll the sheet under the table (it may be longer than the screen)."""
        scroll = self.query_one("#party-scroll", VerticalScroll)
        scroll.scroll_relative(y=lines * 3, animate=False)

    def action_sanity(self, _kind: str = "") -> None:
        """The Sanity dialog for the selected character (SAN test, Sanity roll or Fright Check)."""
        from ..forms.sanity import SanityDialog

        app = self.gm
        if app.readonly:
            app.notify("read-only: nothing can be rolled here", severity="warning")
            return
        char = self.selected()
        state = self._state
        if char is None or state is None:
            app.notify(f"No character selected: create one first ({key_text(app, 'party.new', 'n')}).", severity="warning",
                       markup=False)
            return
        if state.system not in ("fhtagn", "coc7", "gurps"):
            app.notify("This campaign has no system yet.", severity="warning")
            return
        # through the app: the status line, the secret switch, refusals; the events it recorded
        app.push_screen(SanityDialog(app.state, char.id, app.submit_recorded, app.door.dice.value))
