"""A scrollable text panel for longer answers (help, lists)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..keymap import key_markup


class TextView(ModalScreen[None]):
    CSS_PATH = "text_view.tcss"  # loaded when first opened, not at start-up
    BINDINGS = [Binding("escape,q,enter", "close", "Close", id="text_view.close")]

    def __init__(self, title: str, body: str) -> None:
        super().__init__()
        self.title_text = title
        self.body = body

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="text-view"):
            yield Static(f"[b]{self.title_text}[/b]", markup=True)
            yield Static(self.body, markup=False)
            yield Static(f"[dim]{key_markup(self.app, 'text_view.close', 'esc')} to close[/dim]", markup=True)

    def action_close(self) -> None:
        self.dismiss(None)
