"""The Keeper's call on a fleeing participant who may escape at the start of a chase (COC-CHASE-04).

Offered by the Chase tab's start key once the speed rolls are made and someone fleeing is faster than
every pursuer: nobody escapes until the Keeper picks, for each of them, "let them go" or "keep them in
the chase". The speed rolls are already in the log: deciding draws no die. Escape leaves the call for
later (the start key offers it again, or ``chase start escape=NAME`` / ``hold=NAME``).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Select, Static

from fhtagn_tui.domain.features.chase import StartChase

from ..keymap import key_markup, key_text
from ..run import Run
from .keeper_call import KeeperCall

LET_GO = "escape"
KEEP_IN = "hold"
CHOICES = (
    ("let them go — they escape", LET_GO),
    ("keep them in the chase", KEEP_IN),
)


class ChaseEscapeForm(KeeperCall):
    """Dismissed with True once the chase is started with the Keeper's calls, False when left for later."""

    PREFIX = "ce"
    CSS_PATH = "chase_forms.tcss"  # loaded when first opened, not at start-up
    BINDINGS = [Binding("escape", "cancel", "Later", id="form.cancel"), Binding("ctrl+s", "save", "Decide", id="form.save")]

    def __init__(self, chase: int, offers: Sequence[tuple[str, str, int]], fastest_pursuer: int, submit: Run) -> None:
        super().__init__()
        self.chase = chase
        self.offers = tuple(offers)
        self.fastest_pursuer = fastest_pursuer
        self.submit = submit

    def compose(self) -> ComposeResult:
        with Vertical(id="ce-form", classes="chase-form"):
            yield Static(Text.assemble(("May escape", "bold"), " — the Keeper decides (COC-CHASE-04)"),
                         classes="chase-form-title")
            for i, (_, name, mov) in enumerate(self.offers):
                yield Static(Text(f"{name} may escape (MOV {mov} > every pursuer's, {self.fastest_pursuer} at most):"),
                             classes="ce-who")
                yield Select(CHOICES, prompt="choose…", id=f"ce-choice-{i}", compact=True, classes="ce-choice")
            yield Static(Text("The speed rolls are made: deciding rolls nothing. Kept in, they are placed with the "
                              "others; a pursuer slower than the slowest fleeing still drops out (COC-CHASE-05)."),
                         classes="chase-form-hint")
            yield Static("", id="ce-error", classes="chase-form-error")
            with Horizontal(classes="chase-form-buttons"):
                yield Button(f"Decide ({key_markup(self.app, 'form.save', 'ctrl+s')})", variant="primary", id="ce-save", compact=True)
                yield Button(f"Later ({key_markup(self.app, 'form.cancel', 'esc')})", id="ce-cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#ce-choice-0", Select).focus()

    def action_save(self) -> None:
        escape: list[str] = []
        hold: list[str] = []
        for i, (pid, name, _) in enumerate(self.offers):
            choice = self.query_one(f"#ce-choice-{i}", Select).value
            if choice == LET_GO:
                escape.append(pid)
            elif choice == KEEP_IN:
                hold.append(pid)
            else:
                self._error(f"Choose for {name}: let them go or keep them in "
                            f"(or {key_text(self.app, 'form.cancel', 'esc')} to decide later).")
                return
        refusal, _events = self.submit(StartChase(chase=self.chase, escape=tuple(escape), hold=tuple(hold)))
        self._decided(refusal)

