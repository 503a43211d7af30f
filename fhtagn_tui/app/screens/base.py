"""What every tab has: it is redrawn from the state, and told of new events by the app."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.containers import Container

from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.state import State

from ..access import GmAccess
from ..messages import EventsAppended

if TYPE_CHECKING:
    from ..base import AppBase


class GameTab(GmAccess, Container):
    """A tab of the app; ``show(state)`` redraws it from the campaign state."""

    can_focus = False

    @classmethod
    def offers(cls, app: AppBase, action: str, parameters: tuple[object, ...] = ()) -> bool:
        """The tab's ``action`` ever works in ``app``'s role (app/role_keys.py): a key it does not offer
        is shown nowhere there — not on the key bar, in a hint line or in the help.  Asked of the class:
        the help lists the keys of a tab not built yet."""
        return True

    def on_mount(self) -> None:
        self.gm.tab_mounted(self)

    def on_unmount(self) -> None:
        self.gm.tabs_changed()

    def on_events_appended(self, message: EventsAppended) -> None:
        """New events (from the app: at once when on screen, else posted): keep what this tab needs of
        them, then redraw if on screen."""
        self.take(message.events)
        if message.redraw or not self.gm.is_stale(self):  # on screen, or opened since it was posted
            self.show(self.gm.view_state)  # the view's state now (a later one, if more came meanwhile)

    def take(self, events: list[Event]) -> None:
        """What the tab keeps of the events just appended (the last result …), before it redraws."""

    def show(self, state: State) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def reference_topic(self) -> str:
        """Where the GM screen (f1) opens from this tab: a table id ("coc-firearm-modifiers"),
        a rule ID or prefix ("COC-CHASE-18", "COC-CHASE"), or a word ("chase", "firearms");
        "" lets the app decide from the tab's id."""
        return ""
