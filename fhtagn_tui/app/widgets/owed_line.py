"""One line on the Party and Initiative tabs: what the GM still owes (issue 31).  Hidden when
nothing is owed (and in a players' view); ``o`` (or a click) opens the whole list."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widgets import Static

from fhtagn_tui.domain.owed import owed
from fhtagn_tui.domain.state import State

from ..access import gm_app


def owed_summary(state: State, key: str = "o") -> Text | None:
    """``Owed (2): Harvey is dying: … · 1 more — o: the list``, or None when nothing is owed."""
    items = owed(state)
    if not items:
        return None
    text = Text(f"Owed ({len(items)}): ", style="bold black on yellow")
    text.append(items[0].text, style="bold")
    if len(items) > 1:
        text.append(f" · {len(items) - 1} more", style="yellow")
    if key:  # "": the list is not opened in this view (a read-only one)
        text.append(f" — {key}: the list", style="dim")
    return text


class OwedLine(Static):
    """The first owed decision and how many more; hidden when there is none."""

    DEFAULT_CSS = """
    OwedLine { height: 1; width: 1fr; }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__("", markup=False, **kwargs)  # type: ignore[arg-type]
        self._shown: Text | None = None
        self.display = False

    def show_owed(self, state: State, key: str = "o") -> None:
        app = gm_app(self)
        summary = None if app.player else owed_summary(state, key)
        if summary is None:
            if self.display:
                self.display = False
            self._shown = None
            return
        if self._shown is None or self._shown.plain != summary.plain:
            self.update(summary)
            self._shown = summary
        if not self.display:
            self.display = True

    def on_click(self, event: events.Click) -> None:
        event.stop()
        gm_app(self).action_owed()
