"""Messages the app posts to its tabs (attributes down, messages up).

The app is the door's one subscriber (:meth:`fhtagn_tui.door.Door.subscribe`): after every
action — or what another process wrote, when following — it tells each tab with
:class:`EventsAppended` (handled at once by the tab on screen, posted to the others and to the
screens over the main one, e.g. the GM screen).  One handler keeps what the tab needs of the
events, then redraws it: never the other way round.
"""

from __future__ import annotations

from textual.message import Message

from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.state import State


class EventsAppended(Message, bubble=False):
    """New events are in the log, durable and folded into ``state`` (the state this view shows).

    ``redraw``: the tab is on screen (or is the Log): redraw from ``state`` after keeping what it
    needs of the events; a tab out of sight only keeps them and is redrawn when opened."""

    def __init__(self, events: list[Event], state: State, redraw: bool = True) -> None:
        super().__init__()
        self.events = events
        self.state = state
        self.redraw = redraw
