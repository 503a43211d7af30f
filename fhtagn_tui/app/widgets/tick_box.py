"""A checkbox that reads as what it is: ``[x]`` when ticked, ``[ ]`` when not.

Textual's compact checkbox draws ``▐X▌`` either way and tells the two apart by colour only (an
unticked one reads as ticked in many terminals)."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox

__all__ = ["TickBox"]


class TickBox(Checkbox):
    DEFAULT_CSS = """
    TickBox > .toggle--button, TickBox.-on > .toggle--button {
        background: transparent;
        color: $text-success;
        text-style: bold;
    }
    """

    def render(self) -> Content:
        """ToggleButton's (the button, then the label), with this button: as wide as Textual's."""
        style = self.get_visual_style("toggle--button")
        button = Content.assemble("[", ("x" if self.value else " ", style), "]")
        label = self.label.pad(1, 1).stylize_before(self.get_visual_style("toggle--label"))
        return Content.assemble(button, label)
