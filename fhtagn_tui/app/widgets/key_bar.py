"""The key bar at the foot of the screen: the keys that work here, on one line, clickable.

Textual's ``Footer`` mounts one widget per key and composes them again on every change of
focus; with a dozen keys that was a sixth of the app's start-up (styles, layout, a second
compose before the first frame).  This bar is one widget that draws one line of text, and
maps a click (or a tap on a tablet) back to the key under it.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import ClassVar, NamedTuple, cast

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import ActiveBinding
from textual.screen import Screen

from ..textual_private import RenderMemoWidget, keymap, modal_binding_chain, node_bindings

#: The command palette's action (its key is ``ctrl+p`` unless the user's keymap moves ``app.palette``).
PALETTE_ACTIONS = frozenset({"command_palette", "app.command_palette"})


class Key(NamedTuple):
    key: str  # what the app is sent when the key is clicked
    display: str  # what is shown: "^z", "del", ":"
    description: str
    enabled: bool


def _in_default_order(screen: Screen[object], active: list[ActiveBinding]) -> list[ActiveBinding]:
    """The keys in the order they have without a keymap (Textual puts a remapped key last): each
    binding at the place its default key has in the chain of bindings (focused widget … app)."""
    place: dict[str, int] = {}
    default: dict[tuple[int, str], str] = {}  # (node, binding id) → its default key there
    for node, _bindings in modal_binding_chain(screen):
        for key, binding in node_bindings(node):
            place.setdefault(key, len(place))
            if binding.id:
                default.setdefault((id(node), binding.id), key)

    def where(item: ActiveBinding) -> int:
        key = default.get((id(item.node), item.binding.id or ""), item.binding.key)
        return place.get(key, len(place))

    return sorted(active, key=where)


class KeyBar(RenderMemoWidget, can_focus=False):
    """One line of ``key description`` pairs; the command palette's key at the right."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"key-bar--key", "key-bar--hover"}
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        color: $footer-description-foreground;
        background: $footer-background;
        & > .key-bar--key {
            color: $footer-key-foreground;
            text-style: bold;
        }
        & > .key-bar--hover {
            background: $block-hover-background;
        }
    }
    """

    GAP = 2  # columns between two keys

    def __init__(self, *, id: str | None = None, show_palette: bool = True) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)
        self.show_palette = show_palette
        self.keys: list[Key] = []
        self.palette: Key | None = None
        self._spans: list[tuple[int, int, Key]] = []  # columns of each key drawn on the last render
        self._hover: Key | None = None
        # the lines drawn for each set of keys (an action turns a few keys off, the next turn on
        # again): drawn once, then taken from the render memo (Text → Content → strips cost a
        # millisecond a key), with the spans the mouse reads

    # --- which keys ------------------------------------------------------------------------

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: object) -> None:
        if screen is not self.screen:
            return
        app = self.app
        keys: list[Key] = []
        actions: set[str] = set()
        show_palette = app.ENABLE_COMMAND_PALETTE and self.show_palette
        palette: Key | None = None
        active = list(self.screen.active_bindings.values())
        if keymap(app):  # Textual moves a remapped key to the end of its screen's keys: put it back in place
            active = _in_default_order(self.screen, active)
        for _node, binding, enabled, _tooltip in active:
            item = Key(binding.key, app.get_key_display(binding), binding.description, enabled)
            if show_palette and binding.action in PALETTE_ACTIONS:  # by action: a keymap may move its key
                palette = item
            elif binding.show and binding.action not in actions:  # one entry per action, as Footer
                actions.add(binding.action)
                keys.append(item)
        if (keys, palette) != (self.keys, self.palette):  # a key enabled or disabled is a change too
            self.keys, self.palette = keys, palette
            self.refresh()

    # --- drawing ---------------------------------------------------------------------------

    def render_memo_key(self) -> Hashable:
        """The lines are kept by what the bar shows (keys, palette, the key under the mouse, size)."""
        return (tuple(self.keys), self.palette, self._hover, self.size)

    def render_memo_save(self) -> object:
        return list(self._spans)  # render() → the strips, and the spans the mouse reads

    def render_memo_restore(self, saved: object) -> None:
        self._spans = list(cast("list[tuple[int, int, Key]]", saved))

    def notify_style_update(self) -> None:
        self.render_memo.clear()  # a new theme or style: drawn anew
        super().notify_style_update()

    def _piece(self, item: Key, key_style: Style, hover_style: Style) -> Text:
        text = Text()
        text.append(item.display, style=key_style)
        if item.description:
            text.append(" " + item.description)
        if not item.enabled:
            text.stylize("dim")
        if item == self._hover:
            text.stylize(hover_style)
        return text

    def render(self) -> Text:
        key_style = self.get_component_rich_style("key-bar--key", partial=True)
        hover_style = self.get_component_rich_style("key-bar--hover", partial=True)
        width = self.size.width
        tail = Text()
        if self.palette is not None:
            tail.append("▏", style="dim")  # as Footer: the palette's key set apart at the right
            tail.append(self._piece(self.palette, key_style, hover_style))
        room = width - (tail.cell_len + 1 if tail else 0)
        line = Text(no_wrap=True, overflow="crop")
        spans: list[tuple[int, int, Key]] = []
        column = 1
        for item in self.keys:
            piece = self._piece(item, key_style, hover_style)
            if column + piece.cell_len > room:
                break  # whole keys or none: a cut-off key helps nobody
            line.append(" " * (column - line.cell_len))
            line.append(piece)
            spans.append((column, column + piece.cell_len, item))
            column += piece.cell_len + self.GAP
        if self.palette is not None and tail.cell_len < width:
            start = width - tail.cell_len - 1
            line.append(" " * (start - line.cell_len))
            line.append(tail)
            spans.append((start, start + tail.cell_len, self.palette))
        self._spans = spans
        return line

    def key_at(self, x: int) -> Key | None:
        for start, end, item in self._spans:
            if start <= x < end:
                return item
        return None

    # --- the mouse -------------------------------------------------------------------------

    def on_mouse_down(self, event: events.MouseDown) -> None:
        item = self.key_at(event.x)
        if item is None:
            return
        if item.enabled:
            self.app.simulate_key(item.key)
        else:
            self.app.bell()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        item = self.key_at(event.x)
        if item != self._hover:
            self._hover = item
            self.refresh()

    def on_leave(self, event: events.Leave) -> None:
        if self._hover is not None:
            self._hover = None
            self.refresh()
