"""Messages the app posts to its tabs."""

from __future__ import annotations

from textual.message import Message

from fhtagn_tui.domain.events import Event


class EventsAppended(Message):
    """New events are in the log (ours, or another process's when following)."""

    def __init__(self, events: list[Event]) -> None:
        super().__init__()
        self.events = events
