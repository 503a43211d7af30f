"""What every tab has: it is redrawn from the state."""

from __future__ import annotations

from textual.containers import Container

from fhtagn_tui.domain.state import State


class GameTab(Container):
    """A tab of the app; ``show(state)`` redraws it from the campaign state."""

    can_focus = False

    def on_mount(self) -> None:
        tab_mounted = getattr(self.app, "tab_mounted", None)
        if callable(tab_mounted):
            tab_mounted(self)

    def show(self, state: State) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def reference_topic(self) -> str:
        """Where the GM screen (f1) opens from this tab: a table id ("coc-firearm-modifiers"),
        a rule ID or prefix ("COC-CHASE-18", "COC-CHASE"), or a word ("chase", "firearms");
        "" lets the app decide from the tab's id."""
        return ""
