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

    @property
    def _button(self) -> Content:  # (Textual's ToggleButton draws its button here)
        style = self.get_visual_style("toggle--button")
        return Content.assemble("[", ("x" if self.value else " ", style), "]")
