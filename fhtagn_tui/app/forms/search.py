"""Review mode's forms: search the log (character, kind, rule, words) and go to a place."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Input, Label, Select, Static

from fhtagn_tui.domain.events import Event
from fhtagn_tui.export.search import KINDS, FilterError, LogFilter

from ..access import gm_app
from ..keymap import key_markup

#: A rule ID and a family of the campaign's system, as the Rule field's hint.
RULE_HINTS = {"fhtagn": "FH-SAN-03, FH-SAN", "coc7": "COC-INSANITY-02, COC-CHASE", "gurps": "GURPS-FRIGHT-02, GURPS"}

#: How many hits the result table shows (the most recent ones are kept).
SHOWN = 500


class SearchForm(ModalScreen[None]):
    """Filters on top, hits below; enter on a hit moves the review cursor there."""
    CSS_PATH = "search.tcss"  # loaded when first opened, not at start-up

    BINDINGS = [
        Binding("escape", "close", "Close", id="form.cancel"),
        Binding("ctrl+s", "search", "Search", show=False, id="form.save"),
    ]

    def __init__(
        self,
        find: Callable[[LogFilter], list[Event]],
        pick: Callable[[int], None],
        names: dict[str, str],
    ) -> None:
        super().__init__()
        self.find = find
        self.pick = pick
        self.names = names

    def compose(self) -> ComposeResult:
        with Vertical(id="search-form"):
            yield Static("[b]Search the log[/b]  [dim]enter: search · enter on a hit: go there · "
                         f"{key_markup(self.app, 'form.cancel', 'esc')}: close[/dim]")
            with Horizontal(classes="search-row"):
                yield Label("Who", classes="search-label")
                yield Input(placeholder="character", id="s-character", compact=True)
                yield Label("Kind", classes="search-label")
                yield Select([(kind, kind) for kind in KINDS], prompt="any kind", id="s-type", compact=True)
            with Horizontal(classes="search-row"):
                yield Label("Rule", classes="search-label")
                yield Input(placeholder=RULE_HINTS.get(gm_app(self).state.system, RULE_HINTS["fhtagn"]), id="s-rule",
                            compact=True)
                yield Label("Words", classes="search-label")
                yield Input(placeholder="text", id="s-text", compact=True)
            yield Static("", id="search-status")
            table: DataTable[object] = DataTable(id="search-results", cursor_type="row", zebra_stripes=True)
            table.add_column("#", key="seq", width=6)
            table.add_column("S", key="session", width=2)
            table.add_column("What happened", key="what")
            yield table

    def on_mount(self) -> None:
        self.query_one("#s-character", Input).focus()

    def _filter(self) -> LogFilter:
        def value(key: str) -> str:
            return self.query_one(f"#s-{key}", Input).value.strip()

        kind = self.query_one("#s-type", Select).value
        return LogFilter(character=value("character"), type=kind if isinstance(kind, str) else "", rule=value("rule"),
                         text=value("text"))

    def action_search(self) -> None:
        status = self.query_one("#search-status", Static)
        table = self.query_one("#search-results", DataTable)
        flt = self._filter()
        if flt.empty:
            status.update("[b]Give at least one filter[/b] (who, kind, rule or words).")
            return
        try:
            hits = self.find(flt)
        except FilterError as exc:
            status.update(Text(str(exc), style="bold red"))
            return
        table.clear()
        for ev in hits[-SHOWN:]:
            words = Text(ev.describe(self.names))
            if ev.secret:
                words.append("  (secret)", style="dim")
            table.add_row(str(ev.seq), str(ev.session or ""), words, key=str(ev.seq))
        more = f" (the last {SHOWN} shown)" if len(hits) > SHOWN else ""
        status.update(f"{len(hits)} event{'' if len(hits) == 1 else 's'} found{more}")
        if hits:
            table.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_search()

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        if not self._filter().empty:
            self.action_search()  # a kind picked: its events at once

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        key = event.row_key.value
        if key is not None:
            self.dismiss(None)
            self.pick(int(key))

    def action_close(self) -> None:
        self.dismiss(None)


class GotoForm(ModalScreen[None]):
    """One line: an event number, s2 (a session start), r3 (a round), start or end."""
    CSS_PATH = "search.tcss"  # loaded when first opened, not at start-up

    BINDINGS = [Binding("escape", "close", "Close", id="form.cancel")]

    def __init__(self, go: Callable[[str], str | None], total: int) -> None:
        super().__init__()
        self.go = go
        self.total = total

    def compose(self) -> ComposeResult:
        with Vertical(id="goto-form"):
            yield Static(f"[b]Go to[/b]  [dim]event 0–{self.total} · s2 session 2 · r3 round 3 · start · end[/dim]")
            yield Input(placeholder="123, s2, r3", id="goto-input", compact=True)
            yield Static("", id="goto-error")

    def on_mount(self) -> None:
        self.query_one("#goto-input", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        problem = self.go(event.value)
        if problem is None:
            self.dismiss(None)
        else:
            self.query_one("#goto-error", Static).update(Text(problem, style="bold red"))

    def action_close(self) -> None:
        self.dismiss(None)
