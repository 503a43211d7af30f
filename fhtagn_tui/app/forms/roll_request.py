"""A player's roll request prompt: the GM asked this player's character for a roll.

``r`` (or Enter) lets the app roll; ``t`` opens a line for the dice the player threw (checked by the
writer like any typed dice); ``Esc`` puts it aside (it comes back with the next change, or ``a``).
The answer goes to the writer through the campaign's inbox; this screen shows "sent" until the
public log shows the request answered, then closes.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from fhtagn_tui.domain.state import Ask

from ..keymap import key_text


class RollRequest(ModalScreen[None]):
    # In a player's view (the only one where a request comes) its styles are among the app's own: read
    # at start-up, not when the request comes (app.py, CSS_FILES); anywhere else they load when it opens.
    CSS_PATH = "roll_request.tcss"
    AUTO_FOCUS = None  # the keys are the screen's until t opens the dice line
    BINDINGS = [
        Binding("r,enter", "roll", "Roll", id="roll_request.roll"),
        Binding("t", "type", "Type dice", id="roll_request.type"),
        Binding("escape", "later", "Later", id="roll_request.later"),
    ]

    def __init__(self, ask: Ask, who: str, target: str, send: Callable[[Ask, list[int] | None], str | None],
                 dice_hint: str = "") -> None:
        super().__init__()
        self.dice_hint = dice_hint or "the dice you threw, e.g. 42"
        self.ask = ask
        self.who = who
        self.target = target
        self.send = send
        self.sent = False

    def _keys_help(self) -> str:
        return (f"{key_text(self.app, 'roll_request.roll', 'r')} roll · {key_text(self.app, 'roll_request.type', 't')} "
                f"type your dice · {key_text(self.app, 'roll_request.later', 'Esc')} later")

    def compose(self) -> ComposeResult:
        with Vertical(id="roll-request"):
            yield Static(f"The GM asks for a roll · request {self.ask.number}", classes="rr-title", markup=False)
            yield Static(f"{self.who}: {self.ask.label}", classes="rr-test", markup=False)
            if self.target:
                yield Static(self.target, classes="rr-target", markup=False)
            if self.ask.hidden:
                yield Static("Secret: only the GM sees the result.", markup=False)
            yield Static(self._keys_help(), id="rr-help", markup=False)
            yield Input(placeholder=self.dice_hint, id="rr-dice", max_length=64, disabled=True)
            yield Static("", id="rr-error", markup=False, classes="empty")

    def action_roll(self) -> None:
        if not self.sent:
            self._send(None)

    def action_type(self) -> None:
        if self.sent:
            return
        self.query_one("#roll-request").add_class("typing")
        line = self.query_one("#rr-dice", Input)
        line.disabled = False
        line.focus()

    def action_later(self) -> None:
        self.dismiss(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        raw = [p for p in event.value.replace(",", " ").split() if p]
        if not raw or len(raw) > 16 or not all(p.isdigit() and 0 < int(p) <= 1000 for p in raw):
            self._error("type the dice as numbers, e.g. 42 or 42 3")
            return
        self._send([int(p) for p in raw])

    def _send(self, dice: list[int] | None) -> None:
        problem = self.send(self.ask, dice)
        if problem:
            self._error(problem)
            return
        self.sent = True
        self.query_one("#roll-request").remove_class("typing")
        self.query_one("#rr-dice", Input).disabled = True
        self.query_one("#rr-help", Static).update("Sent — waiting for the GM's screen…")
        self._error("")
        self.focus()

    def _error(self, text: str) -> None:
        line = self.query_one("#rr-error", Static)
        line.update(text)
        line.set_class(not text, "empty")

    def refused(self, text: str) -> None:
        """The writer refused the answer (the typed dice did not fit): try again."""
        self.sent = False
        self.query_one("#rr-help", Static).update(self._keys_help())
        self._error(text)
