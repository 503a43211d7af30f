"""Every use of Textual's private internals, in one place (issue 33).

Written against the pinned Textual (``textual==8.2.8``).  Nothing else in ``fhtagn_tui`` imports a
private Textual module (``textual._x``, ``textual.widgets._x``) or reads, writes or overrides a
``_name`` of a Textual object: it calls the small functions here, or subclasses the classes here,
which route Textual's private steps to hooks with names of our own.  Each says what it reaches and
why no public API of the pinned release serves.  ``tests/app/test_textual_private.py`` has a test
per use that fails, naming this module, when a Textual release changes what it relies on.

Where a public API serves, it is used instead (and is not here): ``MessagePump.message_queue_size``
(the input bound), ``Widget.get_pseudo_class_state`` (RowTable's cell key), ``Widget.render`` (the
tick box), ``textual.widgets.data_table`` (the table's key types).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from rich import cells
from rich.style import Style
from textual import events
from textual import filter as filters
from textual._ansi_sequences import ANSI_SEQUENCES_KEYS
from textual._xterm_parser import XTermParser
from textual.binding import BindingsMap
from textual.cache import LRUCache
from textual.command import CommandPalette
from textual.dom import DOMNode
from textual.geometry import Region, Size
from textual.keys import _character_to_key
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import DataTable
from textual.widgets.data_table import RowKey

if TYPE_CHECKING:
    from rich.console import RenderableType
    from textual.app import App
    from textual.driver import Driver
    from textual.widgets import Input

    _AppBase = App[Any]
else:  # the mixins below are mixed into the App: the type checker reads them as that App
    _AppBase = object

__all__ = [
    "ExceptionHook",
    "KeyBindingsHook",
    "KeyParser",
    "LeadingBindingsScreen",
    "PagingPaletteHook",
    "RenderMemoWidget",
    "RowTableBase",
    "character_to_key",
    "clear_arrangement_cache",
    "end_with_message",
    "install_decoder",
    "install_parser",
    "is_single_key_sequence",
    "keymap",
    "loaded_text_area",
    "modal_binding_chain",
    "node_bindings",
    "render_cache_clearers",
    "set_suggestion",
    "settle_new_rows",
    "writer_queue",
]


# --- bindings -------------------------------------------------------------------------------------


def node_bindings(node: DOMNode) -> BindingsMap:
    """``node._bindings``: the bindings a widget, screen or app has (its class's, merged, with what
    ``bind`` added), not a copy.  Textual has no public getter (``BINDINGS`` is the class's own list,
    not merged); ``active_bindings`` gives the chain's bindings after the keymap, not a node's own."""
    return node._bindings


def keymap(app: object) -> Mapping[str, str]:
    """``App._keymap``: the keymap Textual applies (set by ``App.set_keymap``/``update_keymap``;
    there is no getter).  An empty one for anything that is not an App."""
    from textual.app import App

    return app._keymap if isinstance(app, App) else {}


def modal_binding_chain(screen: Screen[Any]) -> list[tuple[DOMNode, BindingsMap]]:
    """``Screen._modal_binding_chain``: each node from the focused widget up to the first modal one
    (or the app), with its bindings.  ``active_bindings`` merges the chain into one map by key,
    losing the node order the key bar keeps."""
    return screen._modal_binding_chain


class LeadingBindingsScreen(Screen[None]):
    """A screen whose :meth:`leading_bindings_node` (a widget that holds keys without the focus) is
    first in the chain Textual looks up keys in.  Textual builds that chain in the private
    ``Screen._binding_chain`` (overridden here); no public hook adds a node to it."""

    def leading_bindings_node(self) -> DOMNode | None:
        """The node whose bindings come first, or None (Textual's chain as it is)."""
        return None

    @property
    def _binding_chain(self) -> list[tuple[DOMNode, BindingsMap]]:
        chain: list[tuple[DOMNode, BindingsMap]] = super()._binding_chain
        node = self.leading_bindings_node()
        if node is None or any(each is node for each, _ in chain):
            return chain
        bindings = node._bindings.copy()  # as Textual builds the chain: a copy, with the keymap
        if self.app._keymap:
            bindings.apply_keymap(self.app._keymap)
        return [(node, bindings), *chain]


class KeyBindingsHook(_AppBase):
    """The App's private ``_check_bindings`` (runs the binding of a key, priority bindings from the
    app down, the others from the focused widget up; True when one ran) routed to
    :meth:`run_key_bindings`.  Public ``simulate_key`` posts a key event instead: it neither runs
    at once nor says whether a binding took the key."""

    async def _check_bindings(self, key: str, priority: bool = False) -> bool:
        return await self.run_key_bindings(key, priority)

    async def run_key_bindings(self, key: str, priority: bool = False) -> bool:
        """Textual's ``_check_bindings``: override to take keys before or after it."""
        return await super()._check_bindings(key, priority)


# --- input ----------------------------------------------------------------------------------------


class KeyParser(XTermParser):
    """Textual's input parser (``textual._xterm_parser.XTermParser``, private: no public parser or
    hook reads the terminal's bytes as keys), its private ``_sequence_to_key_events`` routed to
    :meth:`sequence_keys`."""

    def _sequence_to_key_events(self, sequence: str, alt: bool = False) -> Iterable[events.Key]:
        return self.sequence_keys(sequence, alt)

    def sequence_keys(self, sequence: str, alt: bool = False) -> Iterable[events.Key]:
        """The keys of ``sequence`` (``alt``: an Esc came before it), as Textual reads them."""
        return super()._sequence_to_key_events(sequence, alt)


def install_parser(driver: type[Driver], parser: type[KeyParser]) -> None:
    """Have ``driver`` (Textual's Linux or web driver) read its input with ``parser``: each builds
    the ``XTermParser`` its module imported when it starts reading, so that module's name is set to
    ``parser``.  No public API chooses a driver's parser.  Left as it is when the module's name is
    not Textual's parser (set already, or a driver that reads otherwise)."""
    module = sys.modules.get(driver.__module__)
    if module is not None and getattr(module, "XTermParser", None) is XTermParser:
        module.XTermParser = parser  # type: ignore[attr-defined]


def install_decoder(driver: type[Driver], original: Callable[..., Any], factory: Callable[..., Any]) -> None:
    """Have ``driver`` (Textual's Linux or web driver) make its input decoder with ``factory``: each
    calls the ``getincrementaldecoder`` its module imported (``original``) when it starts reading,
    so that module's name is set to ``factory``.  No public API sets a driver's decoding."""
    module = sys.modules.get(driver.__module__)
    if module is not None and getattr(module, "getincrementaldecoder", None) is original:
        module.getincrementaldecoder = factory  # type: ignore[attr-defined]


def is_single_key_sequence(sequence: str) -> bool:
    """Whether Textual's private table of terminal sequences (``textual._ansi_sequences``) reads
    ``sequence`` as one character (Esc 2 → ``™``: a string, not a key).  Not public."""
    return isinstance(ANSI_SEQUENCES_KEYS.get(sequence), str)


def character_to_key(character: str) -> str:
    """``textual.keys._character_to_key``: the key name Textual gives a character (``!`` →
    ``exclamation_mark``).  The public ``key_to_character`` goes the other way only."""
    return _character_to_key(character)


def loaded_text_area() -> type[Widget] | None:
    """Textual's ``TextArea`` class if its private module (``textual.widgets._text_area``) is loaded,
    else None: ``textual.widgets.TextArea`` would import it (the import form's widget, not loaded at
    start-up), and nothing can be one before it is loaded."""
    module = sys.modules.get("textual.widgets._text_area")
    return module.TextArea if module is not None else None


def set_suggestion(field: Input, suggestion: str) -> None:
    """``Input._suggestion``: the completion drawn after the cursor (→ or End takes it), shown now.
    The public way (a ``Suggester``) runs a worker per key and posts the suggestion as a message."""
    field._suggestion = suggestion


# --- the app's life -------------------------------------------------------------------------------


def writer_queue(app: App[Any]) -> Any:
    """The queue of the output thread of the app's driver (``app._driver._writer_thread._queue``,
    a ``queue.Queue`` 30 writes deep), or None (a headless or web driver, not started yet).  No
    public API reaches the output thread."""
    writer = getattr(getattr(app, "_driver", None), "_writer_thread", None)
    return getattr(writer, "_queue", None)


class ExceptionHook(_AppBase):
    """The App's private ``_handle_exception`` (an unhandled exception: Textual shows a traceback
    and exits) routed to :meth:`unhandled_exception`.  No public hook sees the exception first."""

    def _handle_exception(self, error: Exception) -> None:
        self.unhandled_exception(error)

    def unhandled_exception(self, error: Exception) -> None:
        """Textual's ``_handle_exception``: override to report ``error`` otherwise."""
        super()._handle_exception(error)


def end_with_message(app: App[Any], message: RenderableType, error: Exception | None = None) -> None:
    """The app's exit after a failure, as Textual's ``_handle_exception`` does it (return code 1,
    ``error`` kept for a test under Pilot, the messages closed at once) but showing ``message`` on
    exit instead of a traceback.  Its private ``_return_code``, ``_exception``, ``_exception_event``,
    ``_exit_renderables`` and ``_close_messages_no_wait``: public ``exit`` waits for the message
    queue (stopped by the failure) and keeps no exception."""
    app._return_code = 1
    if error is not None and app._exception is None:
        app._exception = error
        app._exception_event.set()
    app._exit_renderables.append(message)
    app._close_messages_no_wait()


class PagingPaletteHook(CommandPalette):
    """The command palette's private action ``_action_command_list`` (its page and cursor keys,
    handed to its list) routed to :meth:`command_list`.  The keys are bound to it by Textual."""

    def _action_command_list(self, action: str) -> None:
        self.command_list(action)

    def command_list(self, action: str) -> None:
        """Textual's ``_action_command_list``: ``action`` run by the palette's list."""
        super()._action_command_list(action)


# --- drawing --------------------------------------------------------------------------------------


def clear_arrangement_cache(widget: Widget) -> None:
    """``Widget._clear_arrangement_cache``: forget the arrangements ``widget`` keeps (by its size),
    now.  Textual clears them only when a child is next idle; ``refresh(layout=True)`` does not."""
    widget._clear_arrangement_cache()


class RenderMemoWidget(Widget):
    """A widget whose rendered lines are kept by :meth:`render_memo_key`, with what
    :meth:`render_memo_save` returns: drawn once, then taken from here.  Widget's private
    ``_render_content`` (render → the strips kept in ``_render_cache``, the dirty regions) is the
    step overridden; no public hook skips ``render``."""

    #: Sets of lines kept at most.
    RENDER_MEMO_LIMIT = 16

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.render_memo: dict[Hashable, tuple[Any, object]] = {}

    def render_memo_key(self) -> Hashable:
        """What the lines drawn depend on."""
        return self.size

    def render_memo_save(self) -> object:
        """What the widget keeps with its lines (restored with them)."""
        return None

    def render_memo_restore(self, saved: object) -> None:
        """Restore what :meth:`render_memo_save` kept."""

    def _render_content(self) -> None:
        key = self.render_memo_key()
        drawn = self.render_memo.get(key)
        if drawn is None:
            super()._render_content()
            if len(self.render_memo) >= self.RENDER_MEMO_LIMIT:
                self.render_memo.clear()
            self.render_memo[key] = (self._render_cache, self.render_memo_save())
            return
        self._render_cache, saved = drawn
        self.render_memo_restore(saved)
        self._dirty_regions.clear()


def render_cache_clearers() -> tuple[Callable[[], None], ...]:
    """The ``cache_clear`` of each process-wide render cache of Textual and Rich (their names are
    implementation details, Rich's ``Style._add`` private): ``Strip.render_ansi``, Rich's style sums
    and links, the filters' styles, cell widths, and every cached method of ``Region``.  Neither has
    a public way to empty them."""
    owners: list[tuple[Any, tuple[str, ...]]] = [
        (Strip, ("render_ansi",)),
        (Style, ("_add", "clear_meta_and_links")),
        (filters.ANSIToTruecolor, ("truecolor_style",)),
        (filters, ("monochrome_style", "dim_color", "dim_style")),
        (cells, ("cached_cell_len", "get_character_cell_size")),
        (Region, tuple(name for name, value in vars(Region).items() if hasattr(value, "cache_clear"))),
    ]
    found: list[Callable[[], None]] = []
    for owner, names in owners:
        for name in names:
            clear = getattr(getattr(owner, name, None), "cache_clear", None)
            if callable(clear):
                found.append(clear)
    return tuple(found)


# --- DataTable ------------------------------------------------------------------------------------


class RowTableBase(DataTable[Any]):
    """DataTable with its private rendering steps routed to hooks of our own and the private state
    :class:`~fhtagn_tui.app.widgets.row_table.RowTable` reads given names: it caches rendered rows
    by a stamp per row, which needs DataTable's own steps (``_render_line``, ``_render_cell``,
    ``_get_row_style``, ``_update_dimensions``).  DataTable has no public rendering hooks: its
    ``render_line`` draws through all of these."""

    # --- hooks (DataTable's private steps) ---

    def _render_line(self, y: int, x1: int, x2: int, base_style: Style) -> Strip:
        return self.table_line(y, x1, x2, base_style)

    def table_line(self, y: int, x1: int, x2: int, base_style: Style) -> Strip:
        """DataTable's ``_render_line``: line ``y`` (of the whole table) from column x1 to x2."""
        return super()._render_line(y, x1, x2, base_style)

    def _render_cell(self, row_index: int, column_index: int, base_style: Style, width: int,
                     cursor: bool = False, hover: bool = False) -> Any:
        return self.table_cell(row_index, column_index, base_style, width, cursor, hover)

    def table_cell(self, row_index: int, column_index: int, base_style: Style, width: int,
                   cursor: bool = False, hover: bool = False) -> Any:
        """DataTable's ``_render_cell``: the lines of a cell."""
        return super()._render_cell(row_index, column_index, base_style, width, cursor, hover)

    def _get_row_style(self, row_index: int, base_style: Style) -> Style:
        return self.table_row_style(row_index, base_style)

    def table_row_style(self, row_index: int, base_style: Style) -> Style:
        """DataTable's ``_get_row_style``: the style of a row (-1: the header)."""
        return super()._get_row_style(row_index, base_style)

    def _update_dimensions(self, new_rows: Iterable[RowKey]) -> None:
        self.measure_rows(new_rows)

    def measure_rows(self, new_rows: Iterable[RowKey]) -> None:
        """DataTable's ``_update_dimensions``: the columns' widths and the virtual size, with
        ``new_rows`` measured."""
        super()._update_dimensions(new_rows)

    # --- DataTable's private state ---

    def limit_render_caches(self, rows: int, cells: int, renderables: int, lines: int) -> None:
        """DataTable's own render caches (``_row_render_cache``…), made that small."""
        self._row_render_cache = LRUCache(rows)
        self._cell_render_cache = LRUCache(cells)
        self._row_renderable_cache = LRUCache(renderables)
        self._line_cache = LRUCache(lines)

    @property
    def table_data(self) -> dict[RowKey, dict[Any, Any]]:
        """``_data``: each row's cells by column key (the table's own dict, not a copy)."""
        return self._data

    def row_index(self, row_key: RowKey) -> int | None:
        """The index of a row (``_row_locations``), None if there is none."""
        return self._row_locations.get(row_key)

    def row_key_at(self, row_index: int) -> RowKey | None:
        return self._row_locations.get_key(row_index)

    def column_index(self, column_key: Any) -> int | None:
        return self._column_locations.get(column_key)

    def column_key_at(self, column_index: int) -> Any:
        return self._column_locations.get_key(column_index)

    def data_changed(self) -> None:
        """``_update_count += 1``: DataTable's render caches (keyed by that counter) drawn anew."""
        self._update_count += 1

    def clear_table_caches(self) -> None:
        """``_clear_caches``: DataTable's render caches emptied."""
        self._clear_caches()

    @property
    def hover_cursor_shown(self) -> bool:
        """``_show_hover_cursor``: whether the row under the mouse is highlighted."""
        return self._show_hover_cursor

    @property
    def header_row_key(self) -> RowKey:
        """``_header_row_key``: the key ``row_offsets`` gives the header."""
        return self._header_row_key

    @property
    def labelled_row_exists(self) -> bool:
        return self._labelled_row_exists

    def row_offsets(self, y: int) -> tuple[RowKey, int]:
        """``_get_offsets``: the row at line ``y`` and the line within it (LookupError: none)."""
        return self._get_offsets(y)

    def skip_layout(self) -> None:
        """``_layout_required = False``: the layout a virtual size change asked for, not done."""
        self._layout_required = False

    def scroll_update(self, virtual_size: Size) -> None:
        """``_scroll_update``: the scroll bars updated to ``virtual_size``."""
        self._scroll_update(virtual_size)


def settle_new_rows(table: DataTable[Any]) -> None:
    """DataTable's own idle step, run now: the rows added since (``_new_rows``) measured, if it is
    due (``_require_update_dimensions``), through ``_update_dimensions``.  No public API measures
    them before the table is idle."""
    if table._require_update_dimensions:
        table._require_update_dimensions = False
        new_rows = table._new_rows.copy()
        table._new_rows.clear()
        table._update_dimensions(new_rows)
