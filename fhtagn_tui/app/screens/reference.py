"""The GM screen: rules and tables by system and topic, search as you type, roll on a table.

Everything shown is read from :mod:`fhtagn_tui.reference` (the tables are built
from the rules modules' own data).  A roll on a table goes through the app
like any other command, so it is logged and can be undone.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import (
    DataTable,
    Input,
    Label,
    OptionList,
    Select,
    Static,
    TabPane,
)
from textual.widgets.option_list import Option

from fhtagn_tui.domain.features.reference import RollTable, TableRolled
from fhtagn_tui.domain.state import State
from fhtagn_tui.reference import (
    HELP,
    Entry,
    Hit,
    Param,
    RefTable,
    Rollable,
    context_entry,
    entries,
    entry,
    load_rollables,
    load_tables,
    search,
    tables_for_rule,
    topic_name,
)
from fhtagn_tui.reference.catalogue import SYSTEM_NAMES, SYSTEM_ORDER, rule_span
from fhtagn_tui.rules.dice import DiceError, parse_typed

from ..access import gm_app
from ..keymap import key_markup, key_text, keys_of, typed_key
from ..messages import EventsAppended
from ..role_keys import offered, works
from ..widgets.fit import fit_widths, longest_word
from ..widgets.key_bar import KeyBar
from ..widgets.outline import Branch, Leaf, Outline
from .base import GameTab

if TYPE_CHECKING:
    from ..base import AppBase

#: Where the GM screen opens from a tab whose ``reference_topic()`` says nothing.
TAB_TOPICS: dict[str, str] = {"party": "party", "initiative": "combat", "chase": "chase",
                              "requisitions": "requisitions"}

def keys_text(app: object) -> str:
    """The keys of the app and of each tab that work in this view's role (app/role_keys.py), read from
    their bindings under the user's keymap (they never drift, and a remapped key is shown as the user
    typed it).  A key the role does not offer is not listed: the players' help has no GM's key."""
    from textual.app import App

    assert isinstance(app, App)
    view = gm_app(app)
    gm = key_text(app, "app.gm_screen", "f1")
    own = [b for b in Binding.make_bindings(type(app).BINDINGS) if offered(app, view, b.action)]
    review = [b for b in own if (b.id or "").startswith("review.")]
    lines = ["Keys", f"  everywhere: {_binding_words(app, [b for b in own if b not in review])} · "
                     f"{gm} the rules of the tab on screen"]
    if review and offered(app, view, "toggle_review"):
        lines.append(f"  Review ({key_text(app, 'app.review', 'R')}): {_binding_words(app, review)}")
    elif review and view.reviewing:  # `fhtagn review`: review only
        lines.append(f"  Review: {_binding_words(app, review)}")
    from importlib import import_module

    from ..base import LATE_TABS, SYSTEM_TABS

    system = view.state.system
    for pane in app.screen_stack[0].query(TabPane):
        if SYSTEM_TABS.get(str(pane.id), system) != system:
            continue  # another system's tab (hidden)
        found: list[BindingType] = []
        for widget in pane.query(GameTab):
            for w in (widget, *widget.query("*")):
                if type(w).__module__.startswith("fhtagn_tui.app"):
                    found.extend(b for b in _this_systems(w, type(w).__dict__.get("BINDINGS", []))
                                 if offered(w, view, b.action))
        late = LATE_TABS.get(str(pane.id))
        if not found and late is not None:  # a tab not opened yet (built when first opened): its class's keys
            cls = getattr(import_module(f"fhtagn_tui.app.screens.{late[0]}"), late[1])
            found.extend(b for b in Binding.make_bindings(cls.BINDINGS) if offered(cls, view, b.action))
        if words := _binding_words(app, found, hidden=True):
            lines.append(f"  {str(pane.id).capitalize()}: {words}")
    roll = (f"{key_text(app, 'gm_screen.roll', 'ctrl+r')} roll on the table · "
            if ReferenceScreen.offers(view, "roll") else "")
    lines.append(f"  GM screen: type to search · {key_text(app, 'gm_screen.results', '↓')} to the results · "
                 f"{roll}{key_text(app, 'gm_screen.close', 'Esc')} close")
    return "\n".join(lines)


def _this_systems(widget: Widget, bindings: Iterable[BindingType]) -> list[Binding]:
    """The bindings less those of another system: of two bindings with one id (Party's ``s`` is Sanity…
    in FHTAGN and CoC, Fright… in GURPS), the ones the widget does not take now are left out."""
    from textual.actions import parse

    made = list(Binding.make_bindings(bindings))
    actions: dict[str, set[str]] = {}
    for b in made:
        if b.id:
            actions.setdefault(b.id, set()).add(b.action)
    kept = []
    for b in made:
        if b.id and len(actions[b.id]) > 1:  # one id, two actions (not one action on two keys: + and =)
            _, name, params = parse(b.action)
            if widget.check_action(name, params) is False:
                continue
        kept.append(b)
    return kept


def _binding_words(app: object, bindings: Iterable[BindingType], hidden: bool = False) -> str:
    """``n new · e edit · Del/x delete``: each action once, its keys as typed, joined by ``/``. ``hidden``:
    the keys the key bar leaves out for room are listed too (a tab's: the help is where they are found)."""
    keys: dict[tuple[str, str], list[str]] = {}
    for b in Binding.make_bindings(bindings):
        if not b.description or not (b.show or hidden):
            continue
        shown = keys.setdefault((b.action, b.description.lower()), [])
        mine = keys_of(app, b)
        for key in ([b.key_display] if b.key_display and mine == [b.key] else [typed_key(k) for k in mine]):
            if key not in shown:
                shown.append(key)
    return " · ".join(f"{'/'.join(shown)} {description}" for (_action, description), shown in keys.items())


class ReferenceScreen(Screen[None]):
    """Search at the top, entries on the left, the selected entry on the right."""
    CSS_PATH = "reference.tcss"  # loaded when first opened, not at start-up

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", id="gm_screen.close"),
        Binding("f1", "close", "Close", show=False, id="app.gm_screen"),
        Binding("ctrl+r", "roll", "Roll on table", id="gm_screen.roll"),
        Binding("ctrl+f", "search", "Search", show=False, id="gm_screen.search"),  # typing searches at once
        Binding("down", "results", "Results", show=False, id="gm_screen.results"),
    ]

    @classmethod
    def offers(cls, app: AppBase, action: str, parameters: tuple[object, ...] = ()) -> bool:
        """A roll on a table is logged: not in a read-only view (app/role_keys.py)."""
        return not (action == "roll" and app.readonly)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.offers(gm_app(self), action, parameters)

    def __init__(self, topic: str = "", system: str = "") -> None:
        super().__init__(id="reference")
        self.topic = topic
        self.system = system
        self.current: Entry | None = None
        self.table: RefTable | None = None  # the table on the right
        self.hits: list[Hit] = []
        self.rolled: dict[str, Text] = {}  # table id → the last roll on it, as shown
        self._table_width = 0  # the room the table on the right was fitted to

    # --- layout ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Input(placeholder="search: kevlar · fright 23 · COC-CHASE-18", id="ref-search", compact=True,
                    select_on_focus=False)  # a letter typed in the list and sent here is kept
        with Horizontal(id="ref-body"):
            with Vertical(id="ref-left"):
                yield Outline(id="ref-tree")  # entries wrap: each is read whole
                yield OptionList(id="ref-hits")
            with Vertical(id="ref-right"):
                yield Static("", id="ref-title")
                with VerticalScroll(id="ref-scroll"):
                    yield Static("", id="ref-text")
                yield DataTable(id="ref-table", cursor_type="row", zebra_stripes=True)
                yield Static("", id="ref-result")
        yield KeyBar()

    def on_mount(self) -> None:
        start = context_entry(self.topic, self.system)
        self._fill_tree(start)
        self.query_one("#ref-hits").display = False
        self.show_entry(start.id)
        self._move_tree_to(start.id)
        self.query_one("#ref-search", Input).focus()  # typing searches at once; ↓ goes to the list

    def _fill_tree(self, start: Entry) -> None:
        """Every entry by system and topic; this campaign's system first and open, and the topic of
        the entry shown open too."""
        every = entries()
        roots: list[Branch | Leaf] = [Leaf(HELP, every[0].title)]
        rollable = load_rollables()
        for system in sorted(SYSTEM_ORDER, key=lambda s: s != self.system):
            branch = Branch(f"system:{system}", SYSTEM_NAMES[system])
            topics: dict[str, Branch] = {}
            for e in (e for e in every if e.system == system):
                if e.topic not in topics:
                    topics[e.topic] = Branch(f"topic:{system}:{e.topic}", topic_name(e.topic))
                    branch.children.append(topics[e.topic])
                if e.kind == "table":
                    label = ("⚄ " if e.id in rollable else "▦ ") + e.title
                else:
                    label = f"{e.id.rsplit('-', 1)[1]} {e.summary}"
                topics[e.topic].children.append(Leaf(e.id, label))
            roots.append(branch)
        self.query_one("#ref-tree", Outline).set_roots(roots, {f"system:{self.system}"})

    def _move_tree_to(self, entry_id: str) -> None:
        self.query_one("#ref-tree", Outline).highlight_key(entry_id)

    # --- showing an entry -------------------------------------------------------------------

    def show_entry(self, entry_id: str, row: int = -1) -> None:
        found = entry(entry_id)
        if found is None:
            return
        self.current = found
        title = self.query_one("#ref-title", Static)
        text = self.query_one("#ref-text", Static)
        where = f"{SYSTEM_NAMES.get(found.system, '')} · {topic_name(found.topic)}" if found.system else ""
        if found.kind == "help":
            title.update(Text(found.title, style="bold"))
            text.update(Text(keys_text(self.app) + "\n\n" + gm_app(self).help_text()))
            self._show_table(None)
        elif found.kind == "rule":
            title.update(Text(found.id, style="bold"))
            related = tables_for_rule(found.id)
            more = f"\nTable: {related[0].title}" + self._roll_hint(related[0]) if related else ""
            text.update(Text.assemble((where, "dim"), "\n", found.summary, more))
            self._show_table(related[0] if related else None, row)
        else:
            table = load_tables()[found.id]
            title.update(Text(table.title, style="bold"))
            rules = f"rules {rule_span(table.rules)}" if table.rules else "a standard table"
            text.update(Text.assemble((f"{where} · {rules}", "dim"), self._roll_hint(table)))
            self._show_table(table, row)
        self.query_one("#ref-scroll").scroll_home(animate=False)

    def _table_room(self) -> int:
        """Columns the table on the right may use (its scroll bar and the left list taken off)."""
        right = self.query_one("#ref-right").content_size.width
        if right <= 0:  # not laid out yet: the screen less the list on the left
            right = self.app.size.width - 32
        return max(20, right - 1)

    def on_resize(self, event: events.Resize) -> None:
        if self.table is not None:
            self.call_after_refresh(self._refit)

    def _refit(self) -> None:
        if self.table is not None and self._table_room() != self._table_width:
            table, self.table = self.table, None
            self._show_table(table, self.query_one("#ref-table", DataTable).cursor_row)

    def _roll_hint(self, table: RefTable) -> str:
        roll = load_rollables().get(table.id)
        return f"\n{key_text(self.app, 'gm_screen.roll', 'ctrl+r')} rolls {roll.dice}" if roll and works(self, "roll") else ""

    def _show_table(self, table: RefTable | None, row: int = -1) -> None:
        result = self.query_one("#ref-result", Static)
        result.update(self.rolled.get(table.id, "") if table is not None else "")
        grid = self.query_one("#ref-table", DataTable)
        right = self.query_one("#ref-right")
        right.set_class(table is not None, "with-table")
        grid.display = table is not None
        if table is None:
            self.table = None
            return
        room = self._table_room()
        if self.table is None or self.table.id != table.id or room != self._table_width:
            self._table_width = room
            columns, rows = table.build()
            natural = [max((Text(str(c)).cell_len for c in (head, *col)), default=1)
                       for head, *col in zip(columns, *rows, strict=False)] if rows else [len(c) for c in columns]
            # cut nowhere: a column too wide for the room wraps, its row as tall as it needs
            words = [max((longest_word(str(c)) for c in (head, *col)), default=1)
                     for head, *col in zip(columns, *rows, strict=False)] if rows else natural
            widths = fit_widths(natural, room - 2 * len(natural), floor=6, minimum=words)
            grid.clear(columns=True)
            # a header wider than its column wraps too (one row cut "Typical sources" to "Typical sourc")
            grid.header_height = max((len(Text(str(head)).wrap(self.app.console, max(1, width)))
                                      for head, width in zip(columns, widths, strict=False)), default=1)
            for head, width in zip(columns, widths, strict=False):
                grid.add_column(Text(str(head), style="bold"), width=width)
            for cells in rows:
                grid.add_row(*(Text(str(c)) for c in cells), height=None)
        self.table = table
        if row >= 0:
            grid.move_cursor(row=row, animate=False)

    # --- the tree and the search --------------------------------------------------------------

    def on_outline_highlighted(self, event: Outline.Highlighted) -> None:
        if self.current is None or self.current.id != event.key:
            self.show_entry(event.key)

    def on_outline_chosen(self, event: Outline.Chosen) -> None:
        if self.table is not None:
            self.query_one("#ref-table", DataTable).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id != "ref-search":
            return
        query = event.value.strip()
        tree = self.query_one("#ref-tree", Outline)
        hits_list = self.query_one("#ref-hits", OptionList)
        tree.display = not query
        hits_list.display = bool(query)
        if not query:
            return
        self.hits = search(query, limit=60)
        hits_list.clear_options()
        if not self.hits:
            hits_list.add_option(Option(Text(f"nothing found for {query!r}"), disabled=True))  # text, not markup
            return
        hits_list.add_options(Option(Text(self._hit_label(h))) for h in self.hits)  # wrapped, whole
        hits_list.highlighted = 0
        self._show_hit(self.hits[0])

    @staticmethod
    def _hit_label(hit: Hit) -> str:
        if hit.kind == "row":
            return f"{hit.text}  [{hit.title}]"
        if hit.kind == "rule":
            return f"{hit.entry} {hit.text}"
        return f"▦ {hit.title}" if hit.kind == "table" else hit.title

    def _show_hit(self, hit: Hit) -> None:
        self.show_entry(hit.entry, hit.row)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "ref-search":
            self.action_results()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id != "ref-hits":
            return
        index = event.option_index
        if 0 <= index < len(self.hits):
            self._show_hit(self.hits[index])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id != "ref-hits":
            return
        index = event.option_index
        if 0 <= index < len(self.hits):
            self._show_hit(self.hits[index])
            if self.table is not None:
                self.query_one("#ref-table", DataTable).focus()

    def on_key(self, event: events.Key) -> None:
        """A letter typed anywhere on the screen (the list, the table) goes to the search."""
        search = self.query_one("#ref-search", Input)
        if self.focused is search or not event.is_printable or event.character is None:
            return
        if event.character == " ":
            return  # space opens a branch of the list
        event.stop()
        event.prevent_default()
        search.focus()
        search.insert_text_at_cursor(event.character)

    # --- actions ---------------------------------------------------------------------------------

    def action_close(self) -> None:
        self.dismiss(None)

    def action_search(self) -> None:
        self.query_one("#ref-search", Input).focus()

    def action_results(self) -> None:
        if self.focused is not self.query_one("#ref-search", Input):
            return
        hits_list = self.query_one("#ref-hits", OptionList)
        if hits_list.display and self.hits:
            hits_list.focus()
        elif not hits_list.display:
            self.query_one("#ref-tree", Outline).focus()

    def action_roll(self) -> None:
        table = self.table
        roll = load_rollables().get(table.id) if table is not None else None
        if table is None or roll is None:
            rollable = ", ".join(load_tables()[t].title for t in load_rollables())
            self.notify(f"Nothing to roll here: this is a table to read. Rollable: {rollable}.", severity="warning")
            return
        if not self.offers(gm_app(self), "roll"):
            return  # (not offered: no key runs it)
        state = gm_app(self).state
        self.app.push_screen(TableRollForm(table, roll, _defaults(state, roll)))

    def on_events_appended(self, message: EventsAppended) -> None:
        """The app tells the screen over the tabs of every action: a table roll shows its result here."""
        for ev in message.events:
            if isinstance(ev, TableRolled):
                self.show_rolled(ev)

    def show_rolled(self, ev: TableRolled) -> None:
        faces = ", ".join(str(r.value) for r in ev.dice)
        how = f" ({ev.detail})" if ev.detail else ""
        self.rolled[ev.table] = Text.assemble(
            (f"Rolled {ev.roll}", "bold"), f" [{faces}]{how} → ", (ev.result, "bold"),
            (f"  {rule_span(ev.rules)} · logged", "dim"),
        )
        if self.table is not None and self.table.id == ev.table:
            self.query_one("#ref-result", Static).update(self.rolled[ev.table])
            self.query_one("#ref-table", DataTable).move_cursor(row=ev.row, animate=False)


def _defaults(state: State, roll: Rollable) -> dict[str, str]:
    """What the screen knows of the inputs: the environment of the chase in play."""
    out: dict[str, str] = {}
    running = [c for c in state.chases if not c.ended]
    for param in roll.params:
        if param.name == "environment" and running:
            out[param.name] = running[-1].environment
    return out


class TableRollForm(ModalScreen[None]):
    """The inputs of a table roll and the dice (blank: the app rolls)."""
    CSS_PATH = "reference.tcss"  # loaded when first opened, not at start-up

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="form.cancel"),
        Binding("ctrl+s", "roll", "Roll", id="form.save"),
    ]

    def __init__(self, table: RefTable, roll: Rollable, defaults: dict[str, str]) -> None:
        super().__init__()
        self.table = table
        self.roll = roll
        self.defaults = defaults

    def compose(self) -> ComposeResult:
        with Vertical(id="table-roll"):
            yield Static(Text.assemble((f"Roll: {self.table.title}", "bold"), "\n", (self.roll.dice, "dim")), id="tr-title")
            with Grid(id="tr-grid"):
                for param in self.roll.params:
                    yield Label(param.name.capitalize())
                    yield self._field(param)
                yield Label("Dice")
                yield Input(placeholder="blank: the app rolls; or the dice shown", id="tr-dice", compact=True)
            yield Static("", id="tr-error", markup=False)
            yield Static(f"[dim]enter / {key_markup(self.app, 'form.save', 'ctrl+s')} roll · {key_markup(self.app, 'form.cancel', 'esc')} cancel[/dim]", id="tr-keys")

    def _field(self, param: Param) -> Input | Select[str]:
        value = self.defaults.get(param.name, param.default or "")
        if param.choices:
            return Select([(c, c) for c in param.choices], value=value or param.choices[0], allow_blank=False,
                          id=f"tr-{param.name}", compact=True)
        return Input(value=value, placeholder=param.help, type="integer", id=f"tr-{param.name}", compact=True)

    def on_mount(self) -> None:
        """Focus the first number to give, else the dice: enter then rolls at once."""
        self.query(Input).first().focus()

    def build(self) -> tuple[RollTable | None, list[str] | None, str]:
        inputs: dict[str, str] = {}
        for param in self.roll.params:
            widget = self.query_one(f"#tr-{param.name}")
            value = widget.value if isinstance(widget, Input | Select) else ""
            text = value.strip() if isinstance(value, str) else ""
            if text:
                inputs[param.name] = text
        raw = self.query_one("#tr-dice", Input).value.strip()
        try:
            typed = parse_typed(raw) if raw else None
        except DiceError as exc:
            return None, None, str(exc)
        return RollTable(table=self.table.id, inputs=inputs), typed, ""

    def action_roll(self) -> None:
        command, typed, problem = self.build()
        error = self.query_one("#tr-error", Static)
        if command is None:
            error.update(problem)
            return
        refusal = gm_app(self).submit(command, typed=typed)
        if refusal:
            error.update(refusal)
            return
        self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_roll()
