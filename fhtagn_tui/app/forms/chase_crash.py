"""The Keeper's call on the occupants of a wrecked or halted vehicle (COC-VEHICLE-04/05, COC-CHASE-14).

Offered when a vehicle with people inside is wrecked or grinds to a halt: nobody is hurt until the
Keeper picks — hurt, a Luck roll each, spared, or (a spectacular wreck) killed. The dice may be typed
in from the table; blank rolls them. Escape leaves the call for later (``x`` on the Chase tab, or
``chase crash VEHICLE CHOICE``).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.widgets import Button, Input, Label, Select, Static

from fhtagn_tui.domain.features.chase import Crash
from fhtagn_tui.rules.coc import vehicles as rv
from fhtagn_tui.rules.dice import DiceError, parse_typed

from ..keymap import key_markup, key_text
from ..run import Run
from .keeper_call import KeeperCall

WRECK_CHOICES = (
    ("luck — a Luck roll each: thrown clear (2D10) or killed", "luck"),
    ("hurt — everyone thrown clear, 2D10 each", "hurt"),
    ("killed — the full consequence", "killed"),
    ("spared — nobody is hurt", "spared"),
)
ACCIDENT_CHOICES = (
    ("hurt — 1D10 to each occupant", "hurt"),
    ("luck — a Luck roll each: unhurt, or 1D10", "luck"),
    ("spared — nobody is hurt", "spared"),
)


class ChaseCrashForm(KeeperCall):
    """Dismissed with True once the Keeper's call is made, False when left for later."""

    PREFIX = "cc"
    CSS_PATH = "chase_forms.tcss"  # loaded when first opened, not at start-up
    BINDINGS = [Binding("escape", "cancel", "Later", id="form.cancel"), Binding("ctrl+s", "save", "Decide", id="form.save")]

    def __init__(self, chase: int, vehicle: str, consequence: str, occupants: Sequence[str], submit: Run) -> None:
        super().__init__()
        self.chase = chase
        self.vehicle = vehicle
        self.consequence = consequence
        self.occupants = tuple(occupants)
        self.submit = submit

    def compose(self) -> ComposeResult:
        wreck = self.consequence == rv.WRECK
        what = ("is spectacularly wrecked: the occupants likely die; you may allow Luck rolls (COC-VEHICLE-04)"
                if wreck else "is out: an accident may deal 1D10 to each occupant — your call (COC-VEHICLE-05)")
        with Vertical(id="cc-form", classes="chase-form"):
            yield Static(Text.assemble(("Occupants: ", "bold"), self.vehicle), classes="chase-form-title")
            yield Static(Text(f"{self.vehicle} {what}. Inside: {', '.join(self.occupants)}."), classes="chase-form-hint")
            with Grid(classes="chase-grid"):
                yield Label("Keeper")
                yield Select(WRECK_CHOICES if wreck else ACCIDENT_CHOICES, prompt="choose…", id="cc-choice",
                             compact=True)
                yield Label("Dice")
                yield Input(placeholder="blank: roll; or each occupant's Luck d100, then damage", id="cc-dice",
                            compact=True)
            yield Static("", id="cc-error", classes="chase-form-error")
            with Horizontal(classes="chase-form-buttons"):
                yield Button(f"Decide ({key_markup(self.app, 'form.save', 'ctrl+s')})", variant="primary", id="cc-save", compact=True)
                yield Button(f"Later ({key_markup(self.app, 'form.cancel', 'esc')})", id="cc-cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#cc-choice", Select).focus()

    def action_save(self) -> None:
        choice = self.query_one("#cc-choice", Select).value
        if not isinstance(choice, str):
            self._error(f"Choose what happens to the occupants (or {key_text(self.app, 'form.cancel', 'esc')} to decide later).")
            return
        raw = self.query_one("#cc-dice", Input).value.strip()
        try:
            typed = parse_typed(raw) if raw else None
        except DiceError as exc:
            self._error(str(exc))
            return
        refusal, _events = self.submit(Crash(chase=self.chase, name=self.vehicle, choice=choice), typed)
        self._decided(refusal)


    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_save()
