"""A yes/no question."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


class Confirm(ModalScreen[bool]):
    CSS_PATH = "confirm.tcss"  # loaded when first opened, not at start-up
    BINDINGS = [Binding("y", "answer(True)", "Yes", id="confirm.yes"), Binding("n,escape", "answer(False)", "No", id="confirm.no")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm"):
            yield Static(self.question)
            yield Static("[b]y[/b] yes   [b]n[/b] no")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
