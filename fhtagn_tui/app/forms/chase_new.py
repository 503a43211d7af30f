"""A new chase: its title, the era of its vehicles and how dangerous the ground is."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from fhtagn_tui.domain.features.chase import NewChase
from fhtagn_tui.rules.coc import chase as rc

from ..keymap import key_markup
from ..run import Run

ERAS = (("modern vehicles", "modern"), ("1920s vehicles (MOV × 0.8)", "1920s"))
GROUND = {"normal": "normal", "hazardous": "hazardous (penalty die on random locations)",
          "safe": "safe (bonus die on random locations)"}


class ChaseNewForm(ModalScreen[bool]):
    """Dismissed with True once the chase is set up."""
    CSS_PATH = "chase_forms.tcss"  # loaded when first opened, not at start-up

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="form.cancel"), Binding("ctrl+s", "save", "Save", id="form.save")]

    def __init__(self, submit: Run) -> None:
        super().__init__()
        self.submit = submit

    def compose(self) -> ComposeResult:
        with Vertical(id="cn-form", classes="chase-form"):
            yield Static("[b]New chase[/b]  (one per pursuing group)", classes="chase-form-title")
            with Grid(classes="chase-grid"):
                yield Label("Title")
                yield Input(placeholder="Through the docks", id="cn-title", compact=True)
                yield Label("Era")
                yield Select(ERAS, value="modern", allow_blank=False, id="cn-era", compact=True)
                yield Label("Ground")
                yield Select([(GROUND[e], e) for e in rc.ENVIRONMENTS], value="normal", allow_blank=False,
                             id="cn-env", compact=True)
            yield Static("Next: the participants, then locations, then g to start.", classes="chase-form-hint")
            yield Static("", id="cn-error", classes="chase-form-error")
            with Horizontal(classes="chase-form-buttons"):
                yield Button(f"Set up ({key_markup(self.app, 'form.save', 'ctrl+s')})", variant="primary", id="cn-save", compact=True)
                yield Button(f"Cancel ({key_markup(self.app, 'form.cancel', 'esc')})", id="cn-cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#cn-title", Input).focus()

    def build(self) -> NewChase:
        era = self.query_one("#cn-era", Select).value
        env = self.query_one("#cn-env", Select).value
        return NewChase(title=self.query_one("#cn-title", Input).value.strip(),
                        era=era if isinstance(era, str) else "modern",
                        environment=env if isinstance(env, str) else "normal")

    def action_save(self) -> None:
        refusal, _events = self.submit(self.build())
        if refusal:
            self.query_one("#cn-error", Static).update(refusal)
            return
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "cn-save":
            self.action_save()
        else:
            self.action_cancel()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_save()
