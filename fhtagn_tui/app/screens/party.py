"""The Party tab: characters with their derived values, and their sheets."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Static

from fhtagn_tui.domain.state import Character, State
from fhtagn_tui.domain.systems import SHEETS, derived, pool_max

from .base import GameTab


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


def status(char: Character) -> Text:
    if char.has("dead"):
        return Text("DEAD", style="bold white on red")
    if char.has("unconscious"):
        return Text("UNCONSCIOUS", style="bold black on yellow")
    return Text(", ".join(char.conditions), style="yellow")


def sheet_text(state: State, char: Character) -> Text:
    d = derived(state.system, char)
    text = Text()
    text.append(char.name, style="bold")
    text.append(f"  {char.kind}" + ("  (hidden from players)" if char.hidden else "") + "\n", style="dim")
    if char.stats:  # blank for a hidden character in the players' view
        text.append("  ".join(f"{k} {v}" for k, v in char.stats.items()) + "\n")
        text.append("  ".join(f"{k} {v}" for k, v in d.items()) + "\n", style="cyan")
    if char.skills:
        text.append("Skills: ", style="bold")
        text.append(", ".join(f"{k} {v}%" for k, v in char.skills.items()) + "\n")
    if char.bonds:
        text.append("Bonds: ", style="bold")
        for i, b in enumerate(char.bonds):
            if i:
                text.append(", ")
            text.append(f"{b.name} {b.score}", style="red strike" if b.broken else "")
            if b.broken:
                text.append(" (broken)", style="red")
        text.append("\n")
    if char.conditions:
        text.append("Conditions: ", style="bold")
        text.append(", ".join(char.conditions) + "\n", style="yellow")
    return text


class PartyTab(GameTab):
    BINDINGS = [
        Binding("n", "app.new_character", "New"),
        Binding("e", "edit", "Edit"),
        Binding("p", "pools", "HP/SAN…"),
        Binding("t", "test", "Test"),
        Binding("delete,x", "delete", "Delete"),
    ]

    def __init__(self) -> None:
        super().__init__(id="party-tab")
        self._state: State | None = None

    def compose(self) -> ComposeResult:
        table: DataTable[object] = DataTable(id="party-table", cursor_type="row", zebra_stripes=True)
        yield table
        yield Static(id="party-sheet")
        yield Static(
            "No characters yet. Press [b]n[/b] for a new one, or type [b]:char new NAME STR=…[/b]",
            id="party-empty",
        )

    def show(self, state: State) -> None:
        self._state = state
        table = self.query_one("#party-table", DataTable)
        pools = SHEETS[state.system].pools if state.system else ()
        keep = table.cursor_row
        table.clear(columns=True)
        table.add_column("Name", key="name")
        for pool in pools:
            table.add_column(pool, key=pool)
        table.add_column("Status", key="status")
        for char in state.characters.values():
            cells: list[object] = [Text(char.name, style="bold" if char.is_pc else "italic")]
            for pool in pools:
                top = pool_max(state.system, char, pool) if pool != "BP" and char.stats else None
                cells.append(bar(char.current.get(pool, 0), top) if top else Text(str(char.current.get(pool, "–"))))
            cells.append(status(char))
            table.add_row(*cells, key=char.id)
        empty = not state.characters
        self.query_one("#party-empty").display = empty
        table.display = not empty
        if state.characters:
            table.move_cursor(row=min(max(keep, 0), len(state.characters) - 1))
        self._show_sheet()

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
        sheet = self.query_one("#party-sheet", Static)
        char = self.selected()
        sheet.display = char is not None
        if char is not None and self._state is not None:
            sheet.update(sheet_text(self._state, char))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_sheet()

    def action_edit(self) -> None:
        char = self.selected()
        if char is not None:
            self.app.action_edit_character(char.id)  # type: ignore[attr-defined]

    def action_pools(self) -> None:
        char = self.selected()
        if char is not None:
            self.app.prefill(f'char pool "{char.name}" ')  # type: ignore[attr-defined]

    def action_test(self) -> None:
        char = self.selected()
        if char is not None:
            self.app.prefill(f'test "{char.name}" ')  # type: ignore[attr-defined]

    def action_delete(self) -> None:
        char = self.selected()
        if char is not None:
            self.app.action_delete_character(char.id)  # type: ignore[attr-defined]
