"""Tabs whose features have not landed yet: a clear empty state, no fake data."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Static

from fhtagn_tui.domain.state import State

from .base import GameTab


class EmptyTab(GameTab):
    def __init__(self, tab_id: str, title: str, message: str) -> None:
        super().__init__(id=tab_id, classes="empty-tab")
        self.title = title
        self.message = message

    def compose(self) -> ComposeResult:
        yield Static(f"[b]{self.title}[/b]\n\n{self.message}", classes="empty-message")

    def show(self, state: State) -> None:
        return None
