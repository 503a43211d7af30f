"""``app/textual_private.py``: each private thing of Textual it relies on is there, with the
signature and the behaviour it was written against (``textual==8.2.8``).  A Textual release that
changes one fails its test here, by name ("Textual changed …: fhtagn_tui/app/textual_private.py
must be updated"), not somewhere in the app.  The last tests check that nothing else in
``fhtagn_tui`` touches Textual's private internals (issue 33)."""

from __future__ import annotations

import ast
import asyncio
import inspect
import io
import re
import sys
import types
from collections.abc import Callable
from pathlib import Path
from queue import Queue
from types import SimpleNamespace
from typing import Any

import pytest
from rich import cells
from rich.style import Style
from rich.text import Text
from textual import events
from textual import filter as filters
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingsMap
from textual.command import CommandPalette
from textual.geometry import Region
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import DataTable, Input, Static

from fhtagn_tui.app import textual_private as tp

FIX = "fhtagn_tui/app/textual_private.py must be updated"
PACKAGE = Path(tp.__file__).resolve().parents[1]
TEXTUAL = Path(inspect.getfile(App)).resolve().parent


def changed(what: str) -> str:
    return f"Textual changed {what}: {FIX}"


def require(condition: object, what: str) -> None:
    if not condition:
        pytest.fail(changed(what), pytrace=False)


def params(func: Callable[..., Any]) -> list[str]:
    return list(inspect.signature(func).parameters)


def require_method(owner: type, name: str, expected: list[str], what: str = "") -> None:
    func = inspect.getattr_static(owner, name, None)
    require(func is not None, f"{owner.__name__}.{name} (gone){what}")
    if isinstance(func, property):
        func = func.fget
    require(callable(func) and params(func) == expected,
            f"{owner.__name__}.{name}'s signature ({params(func) if callable(func) else func!r}, was {expected})")


def source_has(func: Any, text: str, what: str) -> None:
    require(text in inspect.getsource(func), what)


# --- bindings -------------------------------------------------------------------------------------


def test_node_bindings_is_each_nodes_bindings_map() -> None:
    field = Input()
    bindings = tp.node_bindings(field)
    require(isinstance(bindings, BindingsMap), "DOMNode._bindings (no longer a BindingsMap)")
    require("backspace" in bindings.key_to_bindings, "DOMNode._bindings (Input's keys not in it)")
    require(tp.node_bindings(field) is bindings, "DOMNode._bindings (a copy each time)")


def test_keymap_is_the_keymap_the_app_applies() -> None:
    app: App[None] = App()
    require(tp.keymap(app) == {}, "App._keymap (not an empty dict before set_keymap)")
    app.set_keymap({"some.id": "f5"})
    require(dict(tp.keymap(app)) == {"some.id": "f5"}, "App._keymap (set_keymap no longer keeps it there)")
    assert tp.keymap(object()) == {}


class _Chain(App[None]):
    BINDINGS = [Binding("f2", "app.bell", "Bell")]

    def __init__(self, screen: Screen[None] | None = None) -> None:
        super().__init__()
        self.first = screen

    def compose(self) -> ComposeResult:
        if self.first is None:
            yield Input(id="field")

    def get_default_screen(self) -> Screen[Any]:
        return self.first or super().get_default_screen()


def test_modal_binding_chain_runs_from_the_focused_widget_to_the_app() -> None:
    require(isinstance(inspect.getattr_static(Screen, "_modal_binding_chain", None), property),
            "Screen._modal_binding_chain (no longer a property)")

    async def run() -> None:
        app = _Chain()
        async with app.run_test() as pilot:
            app.query_one("#field").focus()
            await pilot.pause()
            chain = tp.modal_binding_chain(app.screen)
            nodes = [node for node, _bindings in chain]
            require(nodes[0] is app.query_one("#field") and nodes[-1] is app
                    and all(isinstance(b, BindingsMap) for _n, b in chain),
                    "Screen._modal_binding_chain (not [(node, BindingsMap)] from the focus up to the app)")

    asyncio.run(run())


class _Holder(Static):
    BINDINGS = [Binding("f3", "hold", "Hold")]
    held = 0

    def action_hold(self) -> None:
        self.held += 1


class _Leading(tp.LeadingBindingsScreen):
    def compose(self) -> ComposeResult:
        yield Input(id="field")
        yield _Holder("holds f3", id="holder")

    def leading_bindings_node(self) -> Widget | None:
        return next(iter(self.query(_Holder)), None)


def test_the_leading_node_of_the_binding_chain_takes_keys_without_the_focus() -> None:
    require(isinstance(inspect.getattr_static(Screen, "_binding_chain", None), property),
            "Screen._binding_chain (no longer a property)")
    source_has(Screen._modal_binding_chain.fget, "self._binding_chain",  # type: ignore[attr-defined]
               "Screen._modal_binding_chain (no longer built from _binding_chain)")

    async def run() -> None:
        app = _Chain(_Leading())
        async with app.run_test() as pilot:
            app.query_one("#field").focus()
            await pilot.pause()
            require("f3" in app.active_bindings, "Screen._binding_chain (active_bindings does not read it)")
            await pilot.press("f3")
            require(app.query_one(_Holder).held == 1, "Screen._binding_chain (keys are not looked up in it)")

    asyncio.run(run())


class _Hooked(tp.KeyBindingsHook, App[None]):
    BINDINGS = [Binding("f4", "count", "Count")]

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[str, bool]] = []
        self.counted = 0

    def action_count(self) -> None:
        self.counted += 1

    async def run_key_bindings(self, key: str, priority: bool = False) -> bool:
        self.seen.append((key, priority))
        return await super().run_key_bindings(key, priority)


def test_check_bindings_runs_a_keys_binding_and_says_so() -> None:
    require(inspect.iscoroutinefunction(App._check_bindings), "App._check_bindings (no longer a coroutine)")
    require_method(App, "_check_bindings", ["self", "key", "priority"])
    require(inspect.signature(App._check_bindings).parameters["priority"].default is False,
            "App._check_bindings (priority no longer defaults to False)")

    async def run() -> None:
        app = _Hooked()
        async with app.run_test() as pilot:
            await pilot.press("f4")
            require(("f4", True) in app.seen and app.counted == 1,
                    "App._check_bindings (a key press no longer goes through it)")
            require(await app.run_key_bindings("f4") is True and app.counted == 2,
                    "App._check_bindings (does not run the binding, or says False)")
            require(await app.run_key_bindings("f9") is False, "App._check_bindings (True for an unbound key)")

    asyncio.run(run())


# --- input ----------------------------------------------------------------------------------------


class _Recording(tp.KeyParser):
    def __init__(self) -> None:
        super().__init__()
        self.asked: list[tuple[str, bool]] = []

    def sequence_keys(self, sequence: str, alt: bool = False) -> Any:
        self.asked.append((sequence, alt))
        return super().sequence_keys(sequence, alt)


def test_the_parser_reads_sequences_through_its_sequence_to_key_events() -> None:
    from textual._xterm_parser import XTermParser

    require_method(XTermParser, "_sequence_to_key_events", ["self", "sequence", "alt"])
    parser = _Recording()
    keys = [ev.key for ev in [*parser.feed("a\x1bb\x1b[A"), *parser.feed("")] if isinstance(ev, events.Key)]
    require(keys == ["a", "ctrl+left", "up"], f"XTermParser's keys ({keys})")
    require(("a", False) in parser.asked and any(seq == "\x1b[A" for seq, _alt in parser.asked),
            f"XTermParser._sequence_to_key_events (no longer asked for each key: {parser.asked})")


@pytest.mark.parametrize("module_name", ["textual.drivers.linux_driver", "textual.drivers.web_driver"])
def test_each_driver_builds_the_parser_its_module_names(module_name: str) -> None:
    from textual._xterm_parser import XTermParser

    from fhtagn_tui.app.escape_then import EscapeAwareParser

    module = __import__(module_name, fromlist=["_"])
    require(getattr(module, "XTermParser", None) in (XTermParser, EscapeAwareParser),
            f"{module_name} (no longer imports XTermParser)")
    source_has(module, "parser = XTermParser(", f"{module_name} (no longer builds its parser by that name)")


def test_install_parser_swaps_the_name_in_the_drivers_module_once() -> None:
    from textual._xterm_parser import XTermParser

    module = types.ModuleType("fake_driver_module")
    module.XTermParser = XTermParser  # type: ignore[attr-defined]
    driver = type("FakeDriver", (), {"__module__": module.__name__})
    sys.modules[module.__name__] = module
    try:
        tp.install_parser(driver, _Recording)  # type: ignore[arg-type]
        assert module.XTermParser is _Recording  # type: ignore[attr-defined]
        tp.install_parser(driver, tp.KeyParser)  # type: ignore[arg-type]  # not Textual's any more: left
        assert module.XTermParser is _Recording  # type: ignore[attr-defined]
    finally:
        del sys.modules[module.__name__]


@pytest.mark.parametrize("module_name", ["textual.drivers.linux_driver", "textual.drivers.web_driver"])
def test_each_driver_makes_its_decoder_with_the_getincrementaldecoder_its_module_names(module_name: str) -> None:
    module = __import__(module_name, fromlist=["_"])
    require(callable(getattr(module, "getincrementaldecoder", None)),
            f"{module_name} (no longer imports getincrementaldecoder)")
    source_has(module, 'getincrementaldecoder("utf-8")', f"{module_name} (no longer makes its decoder by that name)")


def test_install_decoder_swaps_the_name_in_the_drivers_module_once() -> None:
    import codecs

    module = types.ModuleType("fake_decoder_module")
    module.getincrementaldecoder = codecs.getincrementaldecoder  # type: ignore[attr-defined]
    driver = type("FakeDriver", (), {"__module__": module.__name__})
    sys.modules[module.__name__] = module

    def mine(name: str) -> Any:
        return codecs.getincrementaldecoder(name)

    try:
        tp.install_decoder(driver, codecs.getincrementaldecoder, mine)  # type: ignore[arg-type]
        assert module.getincrementaldecoder is mine  # type: ignore[attr-defined]
        tp.install_decoder(driver, codecs.getincrementaldecoder, len)  # type: ignore[arg-type]
        assert module.getincrementaldecoder is mine  # type: ignore[attr-defined]
    finally:
        del sys.modules[module.__name__]


def test_the_table_of_sequences_reads_esc_and_a_digit_as_one_character() -> None:
    from textual import _ansi_sequences

    require(isinstance(getattr(_ansi_sequences, "ANSI_SEQUENCES_KEYS", None), dict),
            "textual._ansi_sequences.ANSI_SEQUENCES_KEYS (gone)")
    require(tp.is_single_key_sequence("\x1b2"), "ANSI_SEQUENCES_KEYS (Esc 2 is no longer one character)")
    require(not tp.is_single_key_sequence("\x1b[A"), "ANSI_SEQUENCES_KEYS (an arrow reads as a character)")


def test_character_to_key_names_characters_as_textual_does() -> None:
    from textual import keys

    require(callable(getattr(keys, "_character_to_key", None)), "textual.keys._character_to_key (gone)")
    names = {char: tp.character_to_key(char) for char in "a!  T-"}
    require(names == {"a": "a", "!": "exclamation_mark", " ": "space", "T": "T", "-": "minus"},
            f"textual.keys._character_to_key ({names})")


def test_text_area_lives_in_its_private_module() -> None:
    from textual.widgets import TextArea

    require(TextArea.__module__ == "textual.widgets._text_area",
            f"the module of TextArea ({TextArea.__module__}, was textual.widgets._text_area)")
    require(tp.loaded_text_area() is TextArea, "the module of TextArea (not found in sys.modules)")


def test_an_inputs_suggestion_is_drawn_after_the_cursor_and_taken_by_right() -> None:
    from textual.reactive import Reactive

    require(isinstance(inspect.getattr_static(Input, "_suggestion", None), Reactive),
            "Input._suggestion (no longer a reactive)")

    async def run() -> None:
        app = _Chain()
        async with app.run_test() as pilot:
            field = app.query_one("#field", Input)
            field.focus()
            field.value = "sk"
            field.cursor_position = 2
            await pilot.pause()
            tp.set_suggestion(field, "skill")
            await pilot.pause()
            line = "".join(segment.text for segment in field.render_line(0))
            require("skill" in line, f"Input._suggestion (not drawn: {line!r})")
            field.action_cursor_right()
            require(field.value == "skill", "Input._suggestion (right does not take it)")

    asyncio.run(run())


# --- the app's life -------------------------------------------------------------------------------


def test_the_drivers_output_thread_has_a_bounded_queue() -> None:
    from textual.drivers import _writer_thread
    from textual.drivers.linux_driver import LinuxDriver

    source_has(LinuxDriver, "self._writer_thread = WriterThread(", "LinuxDriver._writer_thread (gone)")
    writer = _writer_thread.WriterThread(io.StringIO())
    queue = getattr(writer, "_queue", None)
    require(isinstance(queue, Queue) and queue.maxsize > 0, "WriterThread._queue (no longer a bounded Queue)")
    app = SimpleNamespace(_driver=SimpleNamespace(_writer_thread=writer))
    assert tp.writer_queue(app) is queue  # type: ignore[arg-type]
    assert tp.writer_queue(App()) is None  # no driver yet


class _Failing(tp.ExceptionHook, App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.errors: list[Exception] = []

    def unhandled_exception(self, error: Exception) -> None:
        self.errors.append(error)
        super().unhandled_exception(error)

    def on_mount(self) -> None:
        self.call_later(self.fail)

    def fail(self) -> None:
        raise RuntimeError("boom")


def test_an_unhandled_exception_goes_through_handle_exception() -> None:
    require_method(App, "_handle_exception", ["self", "error"])

    app = _Failing()
    asyncio.run(app.run_async(headless=True, size=(40, 10)))
    require([str(e) for e in app.errors] == ["boom"] and app.return_code == 1,
            "App._handle_exception (not called with the error)")


class _Ending(App[None]):
    def on_mount(self) -> None:
        self.call_later(tp.end_with_message, self, Text("bye"))


def test_end_with_message_exits_with_code_1_and_the_message(capfd: pytest.CaptureFixture[str]) -> None:
    for name in ("_return_code", "_exception", "_exit_renderables"):
        require(name in inspect.getsource(App.__init__), f"App.{name} (no longer set by App.__init__)")
    require(hasattr(App, "_exception_event"), "App._exception_event (gone)")
    from textual.message_pump import MessagePump

    require_method(MessagePump, "_close_messages_no_wait", ["self"])

    app = _Ending()
    asyncio.run(app.run_async(headless=True, size=(40, 10)))
    require(app.return_code == 1, f"App._return_code (return code {app.return_code})")
    require("bye" in capfd.readouterr().err, "App._exit_renderables (the message is not shown on exit)")


class _Palette(tp.PagingPaletteHook):
    asked: list[str] = []

    def command_list(self, action: str) -> None:
        self.asked.append(action)


class _PaletteApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(_Palette())


def test_the_palettes_list_keys_run_its_command_list_action() -> None:
    require_method(CommandPalette, "_action_command_list", ["self", "action"])
    actions = {b.action for b in CommandPalette.BINDINGS if isinstance(b, Binding)}
    require({"command_list('page_down')", "command_list('page_up')"} <= actions,
            f"CommandPalette's page keys (their actions: {sorted(actions)})")

    async def run() -> None:
        app = _PaletteApp()
        async with app.run_test() as pilot:
            await pilot.pause()
            await pilot.press("pagedown")
            await pilot.pause()
            require("page_down" in _Palette.asked,
                    f"CommandPalette._action_command_list (pagedown is not run by it: {_Palette.asked})")

    asyncio.run(run())


# --- drawing --------------------------------------------------------------------------------------


def test_clear_arrangement_cache_empties_a_widgets_arrangements() -> None:
    require_method(Widget, "_clear_arrangement_cache", ["self"])
    widget = Widget()
    cache = getattr(widget, "_arrangement_cache", None)
    require(cache is not None and hasattr(cache, "clear"), "Widget._arrangement_cache (gone)")
    tp.clear_arrangement_cache(widget)


class _Memo(tp.RenderMemoWidget):
    def __init__(self) -> None:
        super().__init__()
        self.word = "one"
        self.renders = 0

    def render_memo_key(self) -> Any:
        return (self.word, self.size)

    def render(self) -> Text:
        self.renders += 1
        return Text(self.word)


class _MemoApp(App[None]):
    def compose(self) -> ComposeResult:
        yield _Memo()


def test_a_widgets_lines_drawn_before_are_taken_from_the_render_memo() -> None:
    require_method(Widget, "_render_content", ["self"])
    source_has(Widget._render_content, "self._render_cache = ", "Widget._render_content (no longer sets _render_cache)")
    require("_dirty_regions" in inspect.getsource(Widget), "Widget._dirty_regions (gone)")

    async def run() -> None:
        app = _MemoApp()
        async with app.run_test() as pilot:
            memo = app.query_one(_Memo)
            await pilot.pause()
            first = memo.renders
            require(first >= 1 and "one" in "".join(s.text for s in memo.render_line(0)),
                    "Widget._render_content (the widget is not drawn through it)")
            for word in ("two", "one"):
                memo.word = word
                memo.refresh()
                await pilot.pause()
            require(memo.renders == first + 1, f"Widget._render_content ({memo.renders - first} renders, not 1)")
            require("one" in "".join(s.text for s in memo.render_line(0)),
                    "Widget._render_cache (the lines kept are not the ones drawn)")

    asyncio.run(run())


def test_every_render_cache_trimmed_is_there() -> None:
    named = [
        (Strip, "render_ansi"), (Style, "_add"), (Style, "clear_meta_and_links"),
        (filters.ANSIToTruecolor, "truecolor_style"), (filters, "monochrome_style"), (filters, "dim_color"),
        (filters, "dim_style"), (cells, "cached_cell_len"), (cells, "get_character_cell_size"),
    ]
    for owner, name in named:
        require(callable(getattr(getattr(owner, name, None), "cache_clear", None)),
                f"the cache {getattr(owner, '__name__', owner)}.{name} (gone, or no longer a cache)")
    regions = [name for name, value in vars(Region).items() if hasattr(value, "cache_clear")]
    require(regions, "Region's cached methods (none left)")
    assert len(tp.render_cache_clearers()) == len(named) + len(regions)


class _Table(tp.RowTableBase):
    def __init__(self) -> None:
        super().__init__()
        self.hooks: set[str] = set()

    def table_line(self, y: int, x1: int, x2: int, base_style: Style) -> Strip:
        self.hooks.add("line")
        return super().table_line(y, x1, x2, base_style)

    def table_cell(self, row_index: int, column_index: int, base_style: Style, width: int,
                   cursor: bool = False, hover: bool = False) -> Any:
        self.hooks.add("cell")
        return super().table_cell(row_index, column_index, base_style, width, cursor, hover)

    def table_row_style(self, row_index: int, base_style: Style) -> Style:
        self.hooks.add("style")
        return super().table_row_style(row_index, base_style)

    def measure_rows(self, new_rows: Any) -> None:
        self.hooks.add("measure")
        super().measure_rows(new_rows)


class _TableApp(App[None]):
    def compose(self) -> ComposeResult:
        yield _Table()


def test_datatables_private_steps_and_state_are_there() -> None:
    steps = {
        "_render_line": ["self", "y", "x1", "x2", "base_style"],
        "_render_cell": ["self", "row_index", "column_index", "base_style", "width", "cursor", "hover"],
        "_get_row_style": ["self", "row_index", "base_style"],
        "_update_dimensions": ["self", "new_rows"],
        "_get_offsets": ["self", "y"],
        "_clear_caches": ["self"],
        "_scroll_update": ["self", "virtual_size"],
    }
    for name, expected in steps.items():
        require_method(DataTable, name, expected)
    table = DataTable[Any]()
    for name in ("_data", "_row_locations", "_column_locations", "_update_count", "_show_hover_cursor",
                 "_header_row_key", "_labelled_row_exists", "_row_render_cache", "_cell_render_cache",
                 "_row_renderable_cache", "_line_cache", "_layout_required", "_require_update_dimensions",
                 "_new_rows"):
        require(hasattr(table, name), f"DataTable.{name} (gone)")
    for name in ("get", "get_key"):
        require(callable(getattr(table._row_locations, name, None)), f"DataTable._row_locations.{name} (gone)")


def test_datatable_draws_through_the_hooks_and_settles_new_rows() -> None:
    async def run() -> None:
        app = _TableApp()
        async with app.run_test() as pilot:
            table = app.query_one(_Table)
            table.add_column("Name", key="name")
            table.add_row("Ada", key="ada")
            await pilot.pause()
            require({"line", "cell", "style", "measure"} <= table.hooks,
                    f"DataTable's rendering steps (only {sorted(table.hooks)} called)")
            ada = table.row_index(table.row_key_at(0) or table.header_row_key)
            require(ada == 0 and table.table_data[table.row_key_at(0)][table.column_key_at(0)] == "Ada",
                    "DataTable._data / _row_locations / _column_locations")
            key, line = table.row_offsets(0)
            require(key is table.header_row_key and line == 0, "DataTable._get_offsets (the header is not line 0)")
            table.hooks.clear()
            table.add_row("A much longer name", key="long")
            require(table._new_rows and table._require_update_dimensions,
                    "DataTable._new_rows / _require_update_dimensions (not set by add_row)")
            tp.settle_new_rows(table)
            require(not table._new_rows and "measure" in table.hooks
                    and table.ordered_columns[0].content_width == len("A much longer name"),
                    "DataTable's idle step (the new rows are not measured)")

    asyncio.run(run())


# --- nobody else ----------------------------------------------------------------------------------


def _textual_private_names() -> set[str]:
    names: set[str] = set()
    for path in TEXTUAL.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        names |= set(re.findall(r"\b(?:self|cls)\.(_[a-z][a-z0-9_]*)", text))
        names |= set(re.findall(r"def (_[a-z][a-z0-9_]*)", text))
    return names


def _defined(tree: ast.AST) -> set[str]:
    """The names a module of ours defines (functions, methods, classes)."""
    return {node.name for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)}


def _assigned(tree: ast.AST) -> set[str]:
    """The attributes and names a module of ours assigns."""
    return {node.attr if isinstance(node, ast.Attribute) else node.id for node in ast.walk(tree)
            if isinstance(node, ast.Attribute | ast.Name) and isinstance(node.ctx, ast.Store)}


def test_nothing_else_in_fhtagn_tui_touches_textuals_private_internals() -> None:
    """Imports of Textual's private modules or names, their names in strings, and ``_names`` read
    from objects that only Textual defines: only in textual_private.py.  (Assigning a Textual
    ``_name`` counts as defining it here: the runtime test below catches overrides.)"""
    textual_names = _textual_private_names()
    ours = {path: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(PACKAGE.rglob("*.py"))
            if path != Path(tp.__file__).resolve()}
    defined = set().union(*map(_defined, ours.values()))  # (an override of Textual's: the next test)
    found: list[str] = []
    for path, tree in ours.items():
        own = defined | _assigned(tree)
        where = path.relative_to(PACKAGE.parent)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "textual":
                if re.search(r"(^|\.)_", node.module) or any(a.name.startswith("_") for a in node.names):
                    found.append(f"{where}:{node.lineno}: from {node.module} import ...")
            elif isinstance(node, ast.Import):
                found += [f"{where}:{node.lineno}: import {a.name}" for a in node.names
                          if a.name.startswith("textual") and re.search(r"\._", a.name)]
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and re.match(r"textual(\.\w+)*\._", node.value):
                found.append(f"{where}:{node.lineno}: {node.value!r}")
            elif isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__") \
                    and node.attr in textual_names and node.attr not in own \
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("os", "sys")):
                found.append(f"{where}:{node.lineno}: .{node.attr}")
    assert found == [], "Textual's private internals used outside app/textual_private.py:\n" + "\n".join(found)


def test_no_class_of_the_app_overrides_a_private_method_of_textual() -> None:
    import importlib
    import pkgutil

    import fhtagn_tui.app as app_package

    found: list[str] = []
    for info in pkgutil.walk_packages(app_package.__path__, "fhtagn_tui.app."):
        if info.name == tp.__name__:
            continue
        module = importlib.import_module(info.name)
        for cls in vars(module).values():
            if not inspect.isclass(cls) or cls.__module__ != module.__name__:
                continue
            textual_bases = [base for base in cls.__mro__[1:]
                             if base.__module__.split(".")[0] == "textual" or base.__module__ == tp.__name__]
            for name, value in vars(cls).items():
                if not name.startswith("_") or name.startswith("__") or not (
                        inspect.isfunction(value) or isinstance(value, property | staticmethod | classmethod)):
                    continue
                # (a mixin of the app has no Textual base at run time: it is read as the App)
                if any(hasattr(base, name) for base in textual_bases or [App]):
                    found.append(f"{module.__name__}.{cls.__name__}.{name}")
    assert found == [], "private methods of Textual overridden outside app/textual_private.py: " + ", ".join(found)
