"""``char import``: paste stat blocks (or an investigator's JSON) and import them in one undoable action."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Static, TextArea

from fhtagn_tui.domain.state import State
from fhtagn_tui.importers import ImportError_, plan

from ..access import gm_app
from ..keymap import key_markup, key_text
from ..widgets.tick_box import TickBox


class ImportForm(ModalScreen[None]):
    CSS_PATH = "bestiary.tcss"  # loaded when first opened, not at start-up
    BINDINGS = [Binding("escape", "cancel", "Close", id="form.cancel"), Binding("ctrl+s", "save", "Import", id="form.save")]

    def __init__(self, state: State) -> None:
        super().__init__()
        self.state = state
        self.done = False

    def compose(self) -> ComposeResult:
        with Vertical(id="import-form"):
            yield Static("[b]Import[/b]  paste stat blocks or an investigator's JSON · "
                         f"{key_markup(self.app, 'form.save', 'ctrl+s')} imports · {key_markup(self.app, 'form.cancel', 'esc')}",
                         id="import-title")
            yield TextArea(id="import-text", soft_wrap=True, show_line_numbers=False)
            yield TickBox("into the fight", id="import-fight", compact=True)
            yield Static("", id="import-error")
            with VerticalScroll(id="import-report-box"):  # a whole appendix's report: every line, scrolled
                yield Static("", id="import-report")
            with Horizontal(id="import-buttons"):
                yield Button(f"Import ({key_markup(self.app, 'form.save', 'ctrl+s')})", variant="primary", id="import-save", compact=True)
                yield Button(f"Close ({key_markup(self.app, 'form.cancel', 'esc')})", id="import-cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#import-fight").display = self.state.encounter is not None
        self.query_one("#import-report-box").can_focus = False  # a Tab stop once there is a report to scroll
        self.query_one("#import-text", TextArea).focus()

    def action_save(self) -> None:
        error = self.query_one("#import-error", Static)
        report = self.query_one("#import-report", Static)
        text = self.query_one("#import-text", TextArea).text
        fight = self.query_one("#import-fight", Checkbox).value and self.state.encounter is not None
        try:
            p = plan(text, source="pasted text", fight=fight)
        except ImportError_ as exc:
            error.update(Text(f"{exc} — nothing was changed"))
            return
        refusal = gm_app(self).submit(p.command)
        if refusal:
            error.update(Text(f"{refusal} — nothing was changed"))
            return
        error.update("")
        names = ", ".join(e.name for e in p.command.entries)
        count = len(p.command.entries)
        head = (f"Imported {names}" if count <= 3 else f"Imported {count}: {names}")
        more = " · tab, then ↑↓ scrolls the report" if len(p.report) > 4 else ""
        report.update(Text(f"{head} ({key_text(self.app, 'app.undo', 'ctrl+z')} takes the whole import back){more}\n"
                           + "\n".join(p.report)))
        self.query_one("#import-text", TextArea).text = ""
        self.add_class("reported")  # the paste box shrinks, the report takes the room (not cut at 6 lines)
        box = self.query_one("#import-report-box", VerticalScroll)
        box.can_focus = True
        box.scroll_home(animate=False)
        self.done = True

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "import-save":
            self.action_save()
        else:
            self.action_cancel()
