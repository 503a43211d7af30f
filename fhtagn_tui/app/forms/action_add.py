"""Who joins the fight: party members and NPCs picked from a list, or N numbered NPCs from the
bestiary or a template (a searchable list).

Runs the commands of the lines the command line takes: ``fight start TITLE`` (when no
fight is running), ``fight add NAME …`` and ``npc add ENTRY xN --fight``, as one action.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, SelectionList, Static

from fhtagn_tui.domain.commands import Command
from fhtagn_tui.domain.features.bestiary import Entry
from fhtagn_tui.domain.features.encounter import AddCombatants, StartFight
from fhtagn_tui.domain.state import State
from fhtagn_tui.rules.dice import DiceError

from ..access import gm_app
from ..keymap import key_markup
from ..run import Run, dice_of
from ..widgets.book_picker import BookPicker
from ..widgets.tick_box import TickBox
from .bestiary import npc_command


class FightersForm(ModalScreen[None]):
    CSS_PATH = "action.tcss"  # loaded when first opened, not at start-up
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="form.cancel"), Binding("ctrl+s", "save", "Add", id="form.save")]

    def __init__(self, state: State, run: Run, book: tuple[Entry, ...] = ()) -> None:
        super().__init__()
        self.state = state
        self.book = book
        self.run = run
        self.started = state.encounter is not None
        fighting = set(state.encounter.combatants) if state.encounter is not None else set()
        self.free = [c for c in state.characters.values() if c.id not in fighting and not c.has("dead")]
        self._group: int | None = None  # the action of a try refused partway: the next try goes on with it

    def compose(self) -> ComposeResult:
        title = "Add to the fight" if self.started else "Start a fight"
        with Vertical(id="add-form"):
            yield Static(f"[b]{title}[/b]  (space picks, {key_markup(self.app, 'form.save', 'ctrl+s')} adds, {key_markup(self.app, 'form.cancel', 'esc')} cancels)", id="add-title")
            with Grid(id="add-grid"):
                yield Label("Title", id="add-title-label")
                yield Input(placeholder="optional, e.g. Ambush at the mill", id="add-fight-title", compact=True)
                yield Label("How many NPCs")
                yield Input(value="0", type="integer", id="add-count", compact=True,
                            tooltip="0: none; N: N numbered ones from the bestiary entry picked below")
                yield Label("Dice")
                yield Input(placeholder="blank: the app rolls (GURPS ties: a d6 each)", id="add-dice", compact=True)
            yield SelectionList[str](
                *[(f"{c.name} ({c.kind}, {self._speed(c.id)})", c.id) for c in self.free], id="add-people"
            )
            yield Static("[dim]NPCs: how many above, which below (the bestiary and templates; type to search)[/dim]",
                         id="add-book-hint")
            yield BookPicker(self.state, self.book, id="add-book")
            yield TickBox("readied firearm (DEX+50, COC-FIREARM-02)", id="add-readied", compact=True)
            yield Static("", id="add-error")
            with Horizontal(id="add-buttons"):
                yield Button(f"Add ({key_markup(self.app, 'form.save', 'ctrl+s')})", variant="primary", id="add-save", compact=True)
                yield Button(f"Cancel ({key_markup(self.app, 'form.cancel', 'esc')})", id="add-cancel", compact=True)

    def _speed(self, cid: str) -> str:
        char = self.state.characters[cid]
        if self.state.system == "gurps":
            return f"DX {char.stats.get('DX', 0)}"
        return f"DEX {char.stats.get('DEX', 0)}"

    def on_mount(self) -> None:
        self.query_one("#add-title-label").display = not self.started
        self.query_one("#add-fight-title").display = not self.started
        self.query_one("#add-readied").display = self.state.system == "coc7"
        if not self.free:
            self.query_one("#add-people").display = False
        # where the GM types first: a new fight's title, else whom to add
        first = "#add-fight-title" if not self.started else "#add-people" if self.free else "#book-search"
        self.query_one(first).focus()

    def commands(self) -> tuple[list[tuple[Command, list[str] | None]], str | None]:
        """The commands to run with their typed dice, or a problem."""
        people: list[str] = list(self.query_one("#add-people", SelectionList).selected)
        picker = self.query_one(BookPicker)
        count = str(picker.count) if picker.count is not None else self.query_one("#add-count", Input).value.strip() or "0"
        if not count.isdigit() or int(count) > 30:
            return [], "how many NPCs: 0–30"
        entry = picker.chosen if int(count) else None
        if int(count) and entry is None:
            return [], "no bestiary entry matches the search"
        readied = self.query_one("#add-readied", Checkbox).value
        raw = self.query_one("#add-dice", Input).value.strip()
        try:
            dice = dice_of(raw)
        except DiceError as exc:
            return [], str(exc)
        out: list[tuple[Command, list[str] | None]] = []
        if not self.started:
            title = self.query_one("#add-fight-title", Input).value
            out.append((StartFight(title=" ".join(title.split())), None))  # as ``fight start TITLE`` reads it
        if people and entry is not None and dice:
            return [], "type dice for one group at a time (people, or the NPCs)"
        if people:
            out.append((AddCombatants(names=tuple(people), readied=readied), dice))
        if entry is not None:
            out.append((npc_command(entry, int(count), fight=True, readied=readied), dice))
        if self.started and len(out) == 0:
            return [], "pick who joins (space), or how many NPCs and which (the search below)"
        return out, None

    def action_save(self) -> None:
        error = self.query_one("#add-error", Static)
        commands, problem = self.commands()
        if problem:
            self._tell(error, problem)
            return
        door = gm_app(self).door
        # the fight and its fighters: one ctrl+z undoes them all, a second try after a refusal too
        # (secret as a whole when the first is: the engine's one action)
        with door.one_action(continuing=self._group):
            for command, dice in commands:
                refusal, _events = self.run(command, dice)
                if refusal:
                    self._tell(error, refusal.replace("\n", " · "))
                    return
                self._group = door.last_group
                if isinstance(command, StartFight):
                    self.started = True
                    self.query_one("#add-title-label").display = False
                    self.query_one("#add-fight-title").display = False
                elif isinstance(command, AddCombatants):
                    self.query_one("#add-people", SelectionList).deselect_all()  # they are in: not again
        self.dismiss(None)

    def _tell(self, error: Static, text: str) -> None:
        """The refusal, scrolled into sight (at 80×24 the form runs past the window's bottom)."""
        error.update(text)
        self.call_after_refresh(error.scroll_visible, animate=False)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "add-save":
            self.action_save()
        else:
            self.action_cancel()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_save()
