"""The Requisitions tab (FHTAGN): the ledger of requests, filters, and a request form."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import DataTable, Select, Static

from fhtagn_tui.domain.state import State
from fhtagn_tui.rules.fhtagn import requisition as req
from fhtagn_tui.rules.fhtagn.requisition import Requisition

from ..keymap import key_markup
from ..role_keys import works
from ..widgets.row_table import settle
from .base import GameTab

if TYPE_CHECKING:
    from ..base import AppBase


ALL = "*"


def outcome_text(r: Requisition) -> Text:
    text = Text("acquired" if r.acquired else "refused", style="green" if r.acquired else "red")
    if r.debt:
        text.append(f" ({r.debt})", style="yellow")
    return text


def test_text(r: Requisition) -> Text:
    if not r.test:
        return Text("no test", style="dim")
    mark = "✓" if r.success else "✗"
    return Text(f"{r.roll} vs {r.test} {r.target} {mark}", style="green" if r.success else "red")


def cost_text(r: Requisition) -> Text:
    if not r.losses:
        return Text("–", style="dim")
    text = Text()
    for i, loss in enumerate(r.losses):
        if i:
            text.append(", ")
        text.append(f"{loss.bond} −{loss.old - loss.new}", style="red" if loss.broken else "")
        if loss.broken:
            text.append(" broken", style="bold red")
    return text


class RequisitionsTab(GameTab):
    BINDINGS = [
        Binding("r", "request", "Request", id="requisitions.request"),
        Binding("a", "focus_agent", "Agent filter", id="requisitions.agent_filter"),
        Binding("c", "focus_category", "Category filter", id="requisitions.category_filter"),
    ]

    def __init__(self) -> None:
        super().__init__(id="requisitions-tab")
        self._state: State | None = None
        self._agent = ALL
        self._category = ALL
        self._option_keys: list[str] = []
        self._filters_built = False

    def compose(self) -> ComposeResult:
        yield Horizontal(id="req-filters")  # the drop-downs are built when first needed: see _filters
        yield Static(id="req-summary")
        table: DataTable[object] = DataTable(id="req-table", cursor_type="row", zebra_stripes=True)
        table.add_column("S", key="session", width=2)
        table.add_column("Agent", key="agent")
        table.add_column("Item", key="item")
        table.add_column("Category", key="category")
        table.add_column("Paid by", key="way")
        table.add_column("Outcome", key="outcome")
        table.add_column("Bonds lost", key="cost")
        yield table
        yield Static(id="req-detail")
        yield Static(id="req-empty")

    @classmethod
    def offers(cls, app: AppBase, action: str, parameters: tuple[object, ...] = ()) -> bool:
        return not (action == "request" and app.readonly)  # a read-only view (players, review, a second GM) requests nothing

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.offers(self.gm, action, parameters):
            return False
        return True

    def show(self, state: State) -> None:
        self._state = state
        fhtagn = state.system == "fhtagn"
        self.query_one("#req-filters").display = fhtagn
        agents = [(c.name, c.id) for c in state.characters.values()]
        options = [("all agents", ALL)] + agents
        if [o[1] for o in options] != self._option_keys:
            self._option_keys = [o[1] for o in options]
            if self._agent not in self._option_keys:
                self._agent = ALL
            if self._filters(options) is not None:  # built already: new agents
                select = self.query_one("#req-agent", Select)
                select.set_options(options)
                select.value = self._agent
        self._fill()

    def _filters(self, agents: list[tuple[str, str]] | None = None) -> Horizontal | None:
        """The filter drop-downs, built when the tab is first drawn or a filter key is pressed
        (two Selects cost start-up while the tab is hidden); None when they were built just now."""
        box = self.query_one("#req-filters", Horizontal)
        if self._filters_built:
            return box
        self._filters_built = True
        if agents is None:
            state = self._state
            agents = [("all agents", ALL)] + ([(c.name, c.id) for c in state.characters.values()] if state else [])
            self._option_keys = [o[1] for o in agents]
        box.mount_all([
            Static("Agent", classes="req-label"),
            Select(agents, value=self._agent, allow_blank=False, id="req-agent", compact=True),
            Static("Category", classes="req-label"),
            Select(
                [("all categories", ALL)] + [(c.name, c.key) for c in req.CATEGORIES],
                value=self._category, allow_blank=False, id="req-category", compact=True,
            ),
        ])
        return None

    def rows(self) -> list[Requisition]:
        if self._state is None:
            return []
        return [
            r for r in self._state.requisitions
            if (self._agent == ALL or r.agent == self._agent) and (self._category == ALL or r.category == self._category)
        ]

    def _fill(self) -> None:
        state = self._state
        if state is None:
            return
        table = self.query_one("#req-table", DataTable)
        empty = self.query_one("#req-empty", Static)
        summary = self.query_one("#req-summary", Static)
        if state.system != "fhtagn":
            table.display = False
            summary.display = False
            empty.display = True
            empty.update("Requisitions are an FHTAGN rule; this campaign plays " + state.system + ".")
            return
        rows = self.rows()
        table.clear()
        names = {c.id: c.name for c in state.characters.values()}
        for r in reversed(rows):  # newest first
            way = "favour" if r.method == req.FAVOUR else "own money"
            table.add_row(
                str(r.session or ""), names.get(r.agent, r.agent), r.item,
                req.CATEGORY_BY_KEY[r.category].name, way, outcome_text(r), cost_text(r),
                key=str(r.seq),
            )
        settle(table)  # measured now, not when idle: a frame drawn before shows whole columns
        current = state.session_number
        this_op = [r for r in state.requisitions if current and r.session == current]
        lost = sum(r.bond_cost for r in this_op)
        where = f"Session {current}: {len(this_op)} request(s), {lost} bond point(s) lost" if current else "No session open"
        new = f" · [b]{key_markup(self.app, 'requisitions.request', 'r')}[/b] new request" if works(self, "request") else ""
        summary.update(f"{where} · {len(state.requisitions)} in the campaign{new}")
        summary.display = True
        table.display = bool(rows)
        empty.display = not rows
        self._detail()
        if not rows:
            empty.update(
                "No requisitions yet." if not state.requisitions else "No requisitions match the filters."
            )

    def _detail(self) -> None:
        """The highlighted request in full: who paid how, the test, every bond's loss."""
        detail = self.query_one("#req-detail", Static)
        table = self.query_one("#req-table", DataTable)
        r = None
        if self._state is not None and table.row_count:
            try:
                seq = int(str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value))
            except Exception:  # noqa: BLE001 - no row under the cursor
                seq = -1
            r = next((x for x in self._state.requisitions if x.seq == seq), None)
        detail.display = r is not None
        if r is None:
            return
        text = Text()
        via = f"favour from {r.contact}" if r.method == req.FAVOUR else "own money"
        if r.method == req.OWN and r.chosen:
            via += f" (pays with {r.chosen})"
        price = f" · {req.money(r.price)}" if r.price is not None else ""
        text.append(f"{r.item}", style="bold")
        text.append(f"{price} · {via} · ")
        text.append_text(test_text(r))
        text.append(" · ")
        text.append_text(outcome_text(r))
        text.append("\nBonds: ")
        text.append_text(cost_text(r))
        detail.update(text)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._detail()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "req-agent":
            self._agent = str(event.value)
        elif event.select.id == "req-category":
            self._category = str(event.value)
        self._fill()

    def action_request(self) -> None:
        self.gm.action_requisition()

    def action_focus_agent(self) -> None:
        self._filters()
        self.query_one("#req-agent", Select).focus()

    def action_focus_category(self) -> None:
        self._filters()
        self.query_one("#req-category", Select).focus()
