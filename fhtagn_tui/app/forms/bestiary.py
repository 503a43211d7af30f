"""Bring NPCs and creatures from the bestiary: search, pick, how many — ``npc add ENTRY xN …``."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Static

from fhtagn_tui.domain.features.bestiary import Entry, SpawnNpcs
from fhtagn_tui.domain.state import State
from fhtagn_tui.rules.dice import DiceError, parse_typed

from ..access import gm_app
from ..keymap import key_markup
from ..widgets.book_picker import BookPicker
from ..widgets.tick_box import TickBox


def npc_command(entry: Entry, count: int, hidden: bool = False, vary: bool = False, fight: bool = False,
                readied: bool = False) -> SpawnNpcs:
    """``npc add ENTRY xN [--hidden] [--vary] [--fight] [--readied]`` for an entry picked from the book
    (its name as the command line reads it: runs of spaces are one)."""
    return SpawnNpcs(entry=" ".join(entry.name.split()), count=count, hidden=hidden, vary=vary, fight=fight,
                     readied=readied)


class BestiaryForm(ModalScreen[None]):
    CSS_PATH = "bestiary.tcss"  # loaded when first opened, not at start-up
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="form.cancel"),
        Binding("ctrl+s", "save", "Add", id="form.save"),
        Binding("down", "move(1)", "Next", show=False, id="bestiary.next"),
        Binding("up", "move(-1)", "Previous", show=False, id="bestiary.previous"),
    ]

    def __init__(self, state: State, book: tuple[Entry, ...], fight: bool = False) -> None:
        super().__init__()
        self.state = state
        self.book = book
        self.fight = fight and state.encounter is not None

    def compose(self) -> ComposeResult:
        with Vertical(id="book-form"):
            yield Static("[b]NPCs from the bestiary[/b]  type to search · "
                         f"{key_markup(self.app, 'bestiary.previous', '↑')}{key_markup(self.app, 'bestiary.next', '↓')} pick · "
                         f"{key_markup(self.app, 'form.save', 'ctrl+s')} adds · {key_markup(self.app, 'form.cancel', 'esc')}", id="book-title")
            yield BookPicker(self.state, self.book, id="book-picker")
            with Horizontal(id="book-row"):
                yield Label("How many ")
                yield Input(value="1", type="integer", id="book-count", compact=True)
                yield TickBox("hidden", id="book-hidden", compact=True)
                yield TickBox("vary", id="book-vary", compact=True)
                yield TickBox("into the fight", value=self.fight, id="book-fight", compact=True)
            with Horizontal(id="book-dice-row"):
                yield Label("Dice ")
                yield Input(placeholder="blank: the app rolls (for vary)", id="book-dice", compact=True)
            yield Static("", id="book-error")
            with Horizontal(id="book-buttons"):
                yield Button(f"Add ({key_markup(self.app, 'form.save', 'ctrl+s')})", variant="primary", id="book-save", compact=True)
                yield Button(f"Cancel ({key_markup(self.app, 'form.cancel', 'esc')})", id="book-cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#book-fight").display = self.state.encounter is not None
        self.query_one("#book-search", Input).focus()

    def action_move(self, step: int) -> None:
        self.query_one(BookPicker).move(step)

    def command(self) -> tuple[SpawnNpcs, list[str] | None] | str:
        """The command and its typed dice, or what is wrong."""
        picker = self.query_one(BookPicker)
        entry = picker.chosen
        if entry is None:
            return "nothing matches the search: try fewer letters"
        raw = str(picker.count) if picker.count is not None else self.query_one("#book-count", Input).value.strip() or "1"
        if not raw.isdigit() or not 1 <= int(raw) <= 30:
            return "how many: 1–30"
        try:
            dice = parse_typed(self.query_one("#book-dice", Input).value.strip()) or None
        except DiceError as exc:
            return str(exc)
        return npc_command(entry, int(raw), self.query_one("#book-hidden", Checkbox).value,
                           self.query_one("#book-vary", Checkbox).value,
                           self.query_one("#book-fight", Checkbox).value and self.state.encounter is not None), dice

    def action_save(self) -> None:
        error = self.query_one("#book-error", Static)
        built = self.command()
        if isinstance(built, str):
            error.update(built)
            return
        refusal, _events = gm_app(self).submit_recorded(*built)
        if refusal:
            error.update(refusal.replace("\n", " · "))
            return
        self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "book-save":
            self.action_save()
        else:
            self.action_cancel()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_save()

    def on_option_list_option_selected(self, event: object) -> None:
        self.action_save()
