"""A collapsible outline whose entries wrap: every entry is read whole, however narrow the list.

Textual's ``Tree`` draws each node on one line and cuts it at the list's width (three GURPS
entries read ``Stunned 1 second, the``).  This is an ``OptionList`` (whose options wrap) drawn as
an outline: branches open and close with enter, space, → and ←; an entry's wrapped lines are
indented under its first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from rich.padding import Padding
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option


@dataclass
class Branch:
    key: str
    label: str
    children: list[Branch | Leaf] = field(default_factory=list)


@dataclass
class Leaf:
    key: str  # what the outline reports when it is highlighted or chosen
    label: str


class Outline(OptionList):
    """Branches and leaves; ``Highlighted``/``Chosen`` name the leaf's key."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "toggle", "Open/close", show=False, id="outline.toggle"),
        Binding("right", "open", "Open", show=False, id="outline.open"),
        Binding("left", "close", "Close", show=False, id="outline.close"),
    ]

    class Highlighted(Message):
        def __init__(self, outline: Outline, key: str) -> None:
            super().__init__()
            self.outline = outline
            self.key = key

    class Chosen(Message):
        def __init__(self, outline: Outline, key: str) -> None:
            super().__init__()
            self.outline = outline
            self.key = key

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)
        self.roots: list[Branch | Leaf] = []
        self.opened: set[str] = set()
        self._rows: list[tuple[Branch | Leaf, list[str]]] = []  # each option: its node and its branches' keys

    # --- building ----------------------------------------------------------------------------

    def set_roots(self, roots: list[Branch | Leaf], opened: set[str] | None = None) -> None:
        self.roots = roots
        self.opened = set(opened or ())
        self._draw()

    def _draw(self, keep: str | None = None) -> None:
        rows: list[tuple[Branch | Leaf, list[str]]] = []

        def walk(nodes: list[Branch | Leaf], path: list[str]) -> None:
            for node in nodes:
                rows.append((node, path))
                if isinstance(node, Branch) and node.key in self.opened:
                    walk(node.children, [*path, node.key])

        walk(self.roots, [])
        self._rows = rows
        self.clear_options()
        self.add_options(Option(self._prompt(node, len(path))) for node, path in rows)
        if keep is not None:
            self.highlight_key(keep)

    def _prompt(self, node: Branch | Leaf, depth: int) -> Padding:
        if isinstance(node, Branch):
            mark = "▼ " if node.key in self.opened else "▶ "
            text = Text(mark + node.label, style="bold" if depth == 0 else "")
        else:
            text = Text(node.label)
        # wrapped lines stand under the first one's text, not under the marks
        return Padding(text, (0, 0, 0, 2 * depth))

    # --- where we are ------------------------------------------------------------------------

    def node_at(self, index: int | None) -> Branch | Leaf | None:
        return self._rows[index][0] if index is not None and 0 <= index < len(self._rows) else None

    def highlight_key(self, key: str) -> bool:
        """Open the branches above ``key`` and move the highlight to it."""
        path = self._path_to(key, self.roots, [])
        if path is None:
            return False
        if not set(path) <= self.opened:
            self.opened |= set(path)
            self._draw()
        for i, (node, _path) in enumerate(self._rows):
            if node.key == key:
                self.highlighted = i
                self.scroll_to_highlight()
                return True
        return False

    def _path_to(self, key: str, nodes: list[Branch | Leaf], path: list[str]) -> list[str] | None:
        for node in nodes:
            if node.key == key:
                return path
            if isinstance(node, Branch):
                found = self._path_to(key, node.children, [*path, node.key])
                if found is not None:
                    return found
        return None

    # --- keys and events ---------------------------------------------------------------------------

    def _set(self, node: Branch, opened: bool) -> None:
        if (node.key in self.opened) != opened:
            if opened:
                self.opened.add(node.key)
            else:
                self.opened.discard(node.key)
            self._draw(keep=node.key)

    def action_toggle(self) -> None:  # type: ignore[override]  # opens/closes a branch (DOMNode's toggles an attribute)
        node = self.node_at(self.highlighted)
        if isinstance(node, Branch):
            self._set(node, node.key not in self.opened)

    def action_open(self) -> None:
        node = self.node_at(self.highlighted)
        if isinstance(node, Branch):
            self._set(node, True)

    def action_close(self) -> None:
        """Close the branch here, or the one this entry is in."""
        index = self.highlighted
        node = self.node_at(index)
        if isinstance(node, Branch) and node.key in self.opened:
            self._set(node, False)
        elif index is not None and self._rows[index][1]:
            parent = self._rows[index][1][-1]
            self.opened.discard(parent)
            self._draw(keep=parent)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list is not self:
            return
        event.stop()
        node = self.node_at(event.option_index)
        if isinstance(node, Leaf):
            self.post_message(self.Highlighted(self, node.key))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list is not self:
            return
        event.stop()
        node = self.node_at(event.option_index)
        if isinstance(node, Branch):
            self._set(node, node.key not in self.opened)
        elif isinstance(node, Leaf):
            self.post_message(self.Chosen(self, node.key))
