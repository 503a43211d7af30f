"""The Initiative tab: the fight's order, rounds and turns, the acting character's actions.

Everything here drives the command language (``fight …``, ``attack``,
``melee``, ``shoot`` …): a key or a form builds the line a GM could type and
runs it through the app, so the rules live only in the domain.  The table is
redrawn from ``state.encounter`` (the order survives a restart because it is
folded from the log); the panel shows the last action's result (kept from
the events the engine reports) and what is due for the acting character.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.events import Resize
from textual.widgets import DataTable, Static

from fhtagn_tui.domain.actions import defender_may_choose
from fhtagn_tui.domain.commands import Command
from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.features.encounter import (
    ActNow,
    EndFight,
    NextTurn,
    ReadyFirearm,
    RemoveCombatant,
    SetOrder,
    WaitTurn,
)
from fhtagn_tui.domain.state import Character, State
from fhtagn_tui.domain.systems import pool_max

from ..forms.action import ActionForm, ActionMenu, run_action
from ..forms.action_add import FightersForm
from ..forms.action_specs import ActionSpec, Ctx, actions_for, command_text, defaults
from ..forms.confirm import Confirm
from ..keymap import key_markup, key_text
from ..role_keys import offered, works
from ..widgets.fit import fit_widths
from ..widgets.owed_line import OwedLine
from ..widgets.row_table import RowTable
from ..widgets.steady import same_content, update_steady
from .base import GameTab
from .initiative_view import (
    BAR_POOLS,
    TOPICS,
    TURN_EVENTS,
    due,
    head_text,
    init_cell,
    marks,
    name_cell,
    summary,
    turn_only,
)
from .party import NOT_FOR_MONSTERS, bar

if TYPE_CHECKING:
    from ..base import AppBase

MUTATING = {"start", "act", "hit", "next", "add", "wait", "go", "remove", "ready", "end", "move"}
#: Keys a read-only view (players, review, a second GM) has no use for: they write, fill in the command
#: line (c: the check due) or ask players for a roll (k).
NOT_READ_ONLY = frozenset({*MUTATING, "check", "ask"})


class EmptyNote(Static):
    """The no-fight message; focusable so the tab's keys work while it shows."""

    can_focus = True


#: From this width the log stands beside the fight, the table taking this share of the width.
WIDE = 110
LOG_MIN = 32  # columns the log keeps at least
#: The Status column's least width: the Name is cut (with …) before the Status gets fewer ("UNCONSCIOUS").
STATUS_LEAST = 12
#: Beside the log, the Status column is at least this wide (more when its content is): a mark or a
#: condition coming or going does not widen the table and narrow the log.
STATUS_BESIDE = 16
LOG_LINES = 60


class LogBeside(Static):
    """The latest lines of the log beside the fight; filled again to its new size when resized."""

    def on_resize(self) -> None:
        tab = next((a for a in self.ancestors if isinstance(a, InitiativeTab)), None)
        if tab is not None:
            tab.fit_log()


#: The empty tab's template example, in the campaign's own system's stats and skills.
TEMPLATE_EXAMPLE = {"fhtagn": 'STR=13 DEX=10 "Melee Weapons"=50',
                    "coc7": 'STR=60 CON=50 SIZ=60 DEX=50 "Fighting (Brawl)"=50',
                    "gurps": "ST=11 DX=10 IQ=9 HT=10 Brawling=12"}


class InitiativeTab(GameTab):
    BINDINGS = [
        Binding("s", "start", "Start fight", id="initiative.start"),
        Binding("a", "act", "Act", id="initiative.act"),
        Binding("t", "hit", "Hit", show=False, id="initiative.hit"),  # the common attack at once, at the highlighted: no menu, no form
        Binding("n", "next", "Next", id="initiative.next"),
        Binding("plus,equals_sign", "add", "Add", key_display="+", id="initiative.add"),
        Binding("w", "wait", "Wait", id="initiative.wait"),
        Binding("g", "go", "Go now", id="initiative.go"),
        Binding("c", "check", "Check", id="initiative.check"),
        Binding("r", "ready", "Ready", id="initiative.ready"),
        Binding("x", "remove", "Remove", id="initiative.remove"),
        Binding("e", "end", "End", id="initiative.end"),
        Binding("k", "ask", "Ask…", show=False, id="initiative.ask"),  # ask players for a roll
        Binding("ctrl+up", "move(-1)", "Move up", show=False, id="initiative.move_up"),
        Binding("ctrl+down", "move(1)", "Move down", show=False, id="initiative.move_down"),
        Binding("f1", "reference", "Rules", id="app.gm_screen"),
    ]

    def __init__(self) -> None:
        super().__init__(id="initiative-tab")
        self._state: State | None = None
        self._last: list[Event] = []  # the last action's events (the result panel)
        self._stale = False  # the result is from before the turn moved on
        self._current = ""
        self._system = ""
        self._fitted: tuple[int, int, int] = (0, 0, 0)  # the column widths the table was built with
        self._signature: tuple[bool | None, ...] = ()
        self._recent: deque[str] = deque(maxlen=LOG_LINES)  # the latest lines of the log, for the wide layout
        self._backlog_read = False
        self._cells: dict[str, tuple[tuple[object, ...], list[Text]]] = {}  # per combatant, last drawn
        self._width = 0  # the width the columns were last fitted to
        # the tab's own widgets, kept (a query walked the DOM for each, several times a key)
        self._head = Static(id="ini-head")
        self._owed = OwedLine(id="ini-owed")  # what the GM still owes (issue 31): hidden when nothing
        self._table = RowTable(id="ini-table", cursor_type="row", zebra_stripes=True)
        self._log_box = LogBeside(id="ini-log", markup=False)  # the log beside the fight, when the window is wide
        self._panel_box = Static(id="ini-panel")
        self._head_text: Text | None = None
        self._rescroll = True  # the cursor to be scrolled into view even if it stays (a new size)

    def compose(self) -> ComposeResult:
        yield self._head
        yield self._owed
        self._empty_shown = self._empty_text()
        self._empty = EmptyNote(self._empty_shown, id="ini-empty")
        yield self._empty
        with Horizontal(id="ini-body"):
            yield self._table
            yield self._log_box
        yield self._panel_box

    def _empty_text(self) -> str:
        """The no-fight note: how to start one, where that works (the GM's app; not a read-only view)."""
        if not self.offers(self.gm, "start"):
            return "No fight running."
        return (f"No fight running.\n\nPress [b]{key_markup(self.app, 'initiative.start', 's')}[/b] to start one and pick "
                "who fights (party, NPCs, or [i]3 cultists[/i] from a template), or type [b]:fight start TITLE[/b].\n"
                f"Templates: [b]:template add Cultist kind=npc {TEMPLATE_EXAMPLE.get(self.gm.state.system, '')}[/b]")

    def _empty_says(self, text: str) -> None:
        if text != self._empty_shown:  # (review mode comes and goes in the GM's app)
            self._empty_shown = text
            self._empty.update(text)

    def take(self, events: list[Event]) -> None:
        """The last action's result, kept before the tab is redrawn (EventsAppended does both, in order)."""
        if self.gm.player:
            return  # the players' view reads results in its Log only (the public projection's words)
        if self._backlog_read:
            names = self.door.names
            self._recent.extend(self._log_line(ev, names) for ev in events)
        if turn_only(events):
            self._stale = bool(self._last)
        else:
            self._last = list(events)
            self._stale = False

    # --- drawing ------------------------------------------------------------------------------

    def show(self, state: State) -> None:
        self._state = state
        enc = state.encounter
        head = head_text(state, key_text(self.app, "initiative.next", "n") if works(self, "next") else None)
        self._empty_says(self._empty_text())
        if self._head_text is None or not same_content(self._head_text, head):  # one line, always
            self._head.update(head, layout=False)
            self._head_text = head
        self._owed.show_owed(state, key_text(self.app, "app.owed", "o") if offered(self, self.gm, "app.owed") else "")
        table, empty, panel = self._table, self._empty, self._panel_box
        running = enc is not None
        had_focus = empty.has_focus
        for widget, shown in ((empty, not running), (table, running), (panel, running)):
            if widget.display != shown:
                widget.display = shown
        if not running:
            self._current = ""
            if table.has_focus:
                empty.focus()
            self._keys_changed()
            return
        assert enc is not None
        keep = self.highlighted_id()
        pools = BAR_POOLS.get(state.system, ("HP",))
        rows: list[tuple[str, list[Text]]] = []
        made: dict[str, tuple[tuple[object, ...], list[Text]]] = {}
        for cid in enc.order:
            comb = enc.combatants[cid]
            char = state.characters.get(cid)
            # states are immutable: a combatant and character that are the same objects as last
            # time give the same cells, which are not built again
            room = self._fitted[2] or None  # the Status column's width: the urgent conditions kept whole
            ident = (comb, char, cid == enc.current, state.system, state.lasting, state.clock, room)
            last = self._cells.get(cid)
            if last is not None and all(x is y for x, y in zip(last[0], ident, strict=True)):
                cells = last[1]
            else:
                bars = Text(" ").join(self._pool(state, char, pool) for pool in pools)
                init = "?" if char is not None and char.hidden and not char.stats else init_cell(comb)  # "?": hidden (players)
                cells = [name_cell(char, cid, cid == enc.current), Text(init), bars, marks(comb, char, state, room)]
                for cell in (cells[0], cells[3]):  # whole when there is room, … when not
                    cell.no_wrap, cell.overflow = True, "ellipsis"
            made[cid] = (ident, cells)
            rows.append((cid, cells))
        self._cells = made
        widths = self._widths(state.system, [cells for _cid, cells in rows])
        for cid, cells in rows:  # too long for the Status column: shortened, the urgent kept (issue 31)
            if cells[3].cell_len > widths[2]:
                cells[3] = marks(enc.combatants[cid], state.characters.get(cid), state, widths[2])
                cells[3].no_wrap, cells[3].overflow = True, "ellipsis"
        if state.system != self._system or not table.columns or widths != self._fitted:
            self._columns(state.system, widths)
        table.set_rows(rows)  # only the rows that changed are drawn again
        target = enc.current if enc.current and enc.current != self._current else keep
        self._current = enc.current
        if target in enc.order and ((row := enc.order.index(target)) != table.cursor_row or self._rescroll):
            table.move_cursor(row=row, animate=False)  # (and scrolled into view: not again when it stays)
        self._rescroll = False
        if had_focus:
            table.focus()
        # no result yet (the keys' hint): the panel takes its rows only, the order the rest (at 80×24
        # two more fighters in view); from the first result on, a result's usual height (no move)
        if panel.has_class("hint") == bool(self._last):
            panel.set_class(not self._last, "hint")
        update_steady(panel, self._panel(state))  # laid out again only if its height changes
        self._show_log()
        self._keys_changed()

    def _widths(self, system: str, rows: list[list[Text]]) -> tuple[int, int, int]:
        """Name, Init and Status widths.  Name and Init are as wide as their content, the Name cut
        (with …) only when the window is too narrow for it and STATUS_LEAST columns of Status.  The
        Status takes the room that is left, whatever it holds: a condition coming or going changes
        one cell, not the columns (which rebuilt and redrew the whole table).  Beside the log, Name
        and Status share the room by their content (as before), the Status at least STATUS_BESIDE
        wide when there is room (the log the rest): most marks come and go without a new width."""
        pools = BAR_POOLS.get(system, ("HP",))
        pool_width = 10 * len(pools) - 1
        name = max([4, *(cells[0].cell_len for cells in rows)])
        init = max([4, *(cells[1].cell_len for cells in rows)])
        width = self.size.width or self.app.size.width
        beside = self.has_class("wide") and not self.gm.player
        if beside:
            width -= LOG_MIN  # the log stands beside the table: the table takes what it needs of the rest
        room = max(width - 2 * 4 - pool_width - init - 1, 20)  # cell padding, scroll bar
        if not beside:
            name_w = min(name, max(room - STATUS_LEAST, 10))
            return name_w, init, room - name_w
        status = max([6, *(cells[3].cell_len for cells in rows)])
        name_w, status_w = fit_widths([name, status], room, floor=10)
        return name_w, init, max(status_w, min(STATUS_BESIDE, room - name_w))

    def _columns(self, system: str, widths: tuple[int, int, int] = (16, 4, 6)) -> None:
        table = self._table
        name, init, status = widths
        pools_width = 10 * len(BAR_POOLS.get(system, ("HP",))) - 1
        # beside the log, the table is as wide as its columns (cell padding, a scroll bar): the log the rest
        table.styles.width = name + init + pools_width + status + 2 * 4 + 1 if self.has_class("wide") else "1fr"
        self._fitted = widths
        if system == self._system and table.set_widths((name, init, pools_width, status)):
            return  # the same columns, other widths: the rows are kept
        table.clear(columns=True)
        table.add_column("Name", key="name", width=name)
        table.add_column("Init", key="init", width=init)
        pools = BAR_POOLS.get(system, ("HP",))
        table.add_column(" ".join(p.ljust(9) for p in pools), key="pools", width=10 * len(pools) - 1)
        table.add_column("Status", key="status", width=status)
        self._system = system

    @staticmethod
    def _pool(state: State, char: Character | None, pool: str) -> Text:
        if char is None or pool not in char.current or (char.kind == "monster" and pool in NOT_FOR_MONSTERS):
            return Text(" –", style="dim")  # a monster's SAN means nothing (issue 31), as on the Party tab
            # (one space before it, as a value's "40/99" has: the column to its left does not touch it)
        return bar(char.current[pool], pool_max(state.system, char, pool), width=3)

    def _panel(self, state: State) -> Text:
        text = Text()
        if self._last:
            result = summary(self._last, {c.id: c.name for c in state.characters.values()})
            if result.plain:
                if self._stale:
                    result.stylize("dim")
                text.append_text(result)
        enc = state.encounter
        if enc is not None and enc.current:
            char = state.characters.get(enc.current)
            items = due(state, enc.current)
            if char is not None and items:
                if text.plain:
                    text.append("\n")
                text.append(f"Due for {char.name}: ", style="bold")
                text.append(" · ".join(what for what, _ in items[:3]), style="magenta")
        waiting = [state.characters[c].name for c, comb in (enc.combatants.items() if enc else ())
                   if comb.waiting and c in state.characters]
        if waiting:
            if text.plain:
                text.append("\n")
            go = f" ({key_text(self.app, 'initiative.go', 'g')}: act now)" if self.offers(self.gm, "go") else ""
            text.append(f"Waiting: {', '.join(waiting)}{go}", style="cyan")
        if not text.plain and enc is not None:
            # the keys that work here now (app/role_keys.py): none in a read-only view
            pieces = ((("add", "+", "{} adds fighters"), ("next", "n", "{} starts the round")) if not enc.round
                      else (("act", "a", "{}: act"), ("hit", "t", "{}: hit at once"), ("next", "n", "{}: next turn")))
            hint = " · ".join(words.format(key_text(self.app, f"initiative.{action}", default))
                              for action, default, words in pieces if works(self, action))
            if hint:
                text.append(hint, style="dim")
        return text

    def on_resize(self, event: Resize) -> None:
        if event.size.width == self._width:
            return  # only the height changed (the message line below grew): the columns stand
        self._width = event.size.width
        self.set_class(event.size.width >= WIDE, "wide")
        self._fitted = (0, 0, 0)  # fitted again
        self._rescroll = True
        if self._state is not None and self._state.encounter is not None:
            self.show(self._state)  # the columns fitted to the new width

    # --- the log beside the fight (wide windows; not in the players' view, whose log is the public one) ---

    @staticmethod
    def _log_line(ev: Event, names: dict[str, str]) -> str:
        return f"#{ev.seq} {ev.describe(names)}" + ("  (secret)" if ev.secret else "")

    def _show_log(self) -> None:
        app = self.gm
        box = self._log_box
        shown = self.has_class("wide") and not app.player and not app.reviewing
        box.display = shown
        if not shown:
            return
        if not self._backlog_read:
            self._backlog_read = True
            events = app.log_backlog()[-LOG_LINES:]
            names = app.door.names
            self._recent.extend(self._log_line(ev, names) for ev in events if isinstance(ev, Event))
        box.update("\n".join(self._latest(box)))

    def fit_log(self) -> None:
        """The box has a new size: the newest lines that fit it."""
        box = self._log_box
        if box.display and box.content_size.height:
            box.update("\n".join(self._latest(box)))

    def _latest(self, box: Static) -> list[str]:
        """The newest lines that fit the box, wrapped, oldest first."""
        width = max(10, (box.content_size.width or self.app.size.width - self._table.size.width - 3))
        height = max(3, box.content_size.height or self.app.size.height - 10)
        out: list[str] = []
        used = 0
        for line in reversed(self._recent):
            rows = len(Text(line).wrap(self.app.console, width)) or 1
            if used + rows > height:
                break
            out.append(line)
            used += rows
        return out[::-1]

    def _keys_changed(self) -> None:
        """Redraw the footer only when a key comes or goes (the footer is costly to rebuild)."""
        actions = ("start", "act", "hit", "next", "add", "wait", "go", "check", "ready", "remove", "end", "reference")
        signature = tuple(self.check_action(a, ()) for a in actions)
        if signature != self._signature:
            self._signature = signature
            self.refresh_bindings()

    # --- what the keys act on -------------------------------------------------------------------

    def highlighted_id(self) -> str:
        table = self._table
        if not table.row_count:
            return ""
        try:
            return str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)
        except Exception:  # noqa: BLE001 - no row under the cursor
            return ""

    def _acting(self) -> Character | None:
        state = self._state
        if state is None or state.encounter is None or not state.encounter.current:
            return None
        return state.characters.get(state.encounter.current)

    def _waiting_target(self) -> str:
        state = self._state
        if state is None or state.encounter is None:
            return ""
        enc = state.encounter
        high = self.highlighted_id()
        if high and enc.combatants.get(high) is not None and enc.combatants[high].waiting:
            return high
        waiting = [c for c in enc.order if enc.combatants[c].waiting]
        return waiting[0] if len(waiting) == 1 else ""

    def _check_command(self) -> str:
        state = self._state
        acting = self._acting()
        if state is None or acting is None:
            return ""
        return next((cmd for _, cmd in due(state, acting.id) if cmd), "")

    @classmethod
    def offers(cls, app: AppBase, action: str, parameters: tuple[object, ...] = ()) -> bool:
        return not (app.readonly and action in NOT_READ_ONLY)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.offers(self.gm, action, parameters):
            return False
        state = self._state
        if state is None:
            return True
        enc = state.encounter
        if action == "start":
            return enc is None
        if action == "reference":
            return True
        if enc is None:
            return action not in MUTATING and action != "check"
        if action in ("act", "hit"):
            comb = enc.get(enc.current) if enc.current else None
            return self._acting() is not None and comb is not None and not comb.acted
        if action == "wait":
            comb = enc.get(enc.current) if enc.current else None
            return comb is not None and not comb.acted
        if action == "go":
            return bool(self._waiting_target())
        if action == "ready":
            return state.system == "coc7" and bool(enc.order)
        if action == "check":
            return bool(self._check_command())
        if action in ("remove", "move"):
            return bool(enc.order)
        return True

    # --- running commands ------------------------------------------------------------------------

    def run(self, command: Command, typed: Sequence[int | str] | None = None,
            secret: bool = False) -> tuple[str | None, list[Event]]:
        """Run a command through the app (a :class:`~..run.Run`): the refusal on the message line too."""
        return self.gm.submit_recorded(command, typed, secret)

    def action_start(self) -> None:
        self.action_add()

    def action_add(self) -> None:
        if self._state is not None:
            self.app.push_screen(FightersForm(self._state, self.run, self.door.bestiary()))

    def action_act(self) -> None:
        state, actor = self._state, self._acting()
        if state is None or actor is None:
            return
        specs = {a.key: a for a in actions_for(state, actor)}

        def picked(key: str | None) -> None:
            fresh = self._state
            if key is None or fresh is None or key not in specs:
                return
            now = fresh.characters.get(actor.id, actor)
            self.app.push_screen(ActionForm(fresh, now, specs[key], self.run))

        self.app.push_screen(ActionMenu(state, actor), picked)

    def _hit_plan(self) -> tuple[ActionSpec, Ctx] | str:
        """The acting combatant's common attack (the act menu's ``a``) with every field at its default
        — the weapon it is best with — at the highlighted combatant when it is one of the attack's
        targets, else (the cursor on the attacker) at the form's default target; only ever at someone
        on another side. Else why not (a message, "" when nobody acts)."""
        state, actor = self._state, self._acting()
        if state is None or actor is None or state.encounter is None:
            return ""
        enc = state.encounter
        comb = enc.get(actor.id)
        if comb is None or comb.acted:
            return ""
        spec = next((a for a in actions_for(state, actor) if a.hotkey == "a"), None)
        if spec is None:
            return ""
        ctx = Ctx(state, actor)
        target = next((f for f in spec.fields if f.key == "target"), None)
        if target is None or target.choices is None:
            return ""
        act = key_text(self.app, "initiative.act", "a")
        high = self.highlighted_id()
        if high and high != actor.id and any(v == high for _, v in target.choices(ctx)):
            ctx.values["target"] = high
        defaults(spec, ctx)
        aim = enc.get(ctx.get("target")) if ctx.get("target") else None
        if aim is None:
            return f"nobody this attack can reach: {act} opens the act menu"
        if aim.side == comb.side:
            who = state.characters[aim.id].name if aim.id in state.characters else aim.id
            return (f"{who} is on {actor.name}'s side ({comb.side}): t hits only the other side — "
                    f"{act} opens the act menu for anything else")
        return spec, ctx

    def _hit_command(self) -> str:
        """The command line ``t`` runs ("" when there is nobody to hit)."""
        plan = self._hit_plan()
        return command_text(*plan) if not isinstance(plan, str) else ""

    def action_hit(self) -> None:
        """``t``: the acting combatant attacks the highlighted combatant (or its first enemy) with its
        default weapon — the act menu's attack with nothing changed, without opening it. Only someone
        on another side: an ally is never hit at once. When the target is a player's character with a
        defence to choose (the domain says), the choice is theirs: the attack form opens at that target
        instead, its defence to be picked."""
        plan = self._hit_plan()
        if isinstance(plan, str):
            if plan:
                self.app.notify(plan, severity="warning", markup=False)
            return
        spec, ctx = plan
        if self._defender_chooses(ctx):
            self.app.push_screen(ActionForm(ctx.state, ctx.actor, spec, self.run, {"target": ctx.get("target")}))
            return
        run_action(self.app, self.run, spec, ctx)

    def _defender_chooses(self, ctx: Ctx) -> bool:
        """The target of ``t`` is a player's character with a defence of their own to choose now."""
        return defender_may_choose(ctx.state, ctx.get("target"), ctx.weapon)

    def hit_at_once(self) -> bool:
        """``t`` would attack at once (a target, and no player's defence to ask for)."""
        plan = self._hit_plan()
        return not isinstance(plan, str) and not self._defender_chooses(plan[1])

    def action_next(self) -> None:
        self.run(NextTurn())

    def action_wait(self) -> None:
        actor = self._acting()
        if actor is not None:
            self.run(WaitTurn(name=actor.id))

    def action_go(self) -> None:
        who = self._waiting_target()
        if who:
            self.run(ActNow(name=who))

    def action_check(self) -> None:
        cmd = self._check_command()
        if cmd:
            self.gm.prefill(cmd)

    def action_ask(self) -> None:
        """Ask players for a roll: the highlighted combatant first."""
        state, cid = self._state, self.highlighted_id()
        char = state.characters.get(cid) if state is not None and cid else None
        self.gm.action_ask(char.name if char is not None else "")

    def action_ready(self) -> None:
        state, cid = self._state, self.highlighted_id()
        if state is None or state.encounter is None or not cid:
            return
        comb = state.encounter.get(cid)
        self.run(ReadyFirearm(name=cid, readied=not (comb is not None and comb.readied)))

    def action_remove(self) -> None:
        cid = self.highlighted_id()
        if cid:
            self.run(RemoveCombatant(name=cid))

    def action_move(self, step: int) -> None:
        """The GM reorders by hand (FH-COMBAT-02: logged as 'fight order')."""
        state, cid = self._state, self.highlighted_id()
        if state is None or state.encounter is None or not cid:
            return
        order = list(state.encounter.order)
        i = order.index(cid)
        j = i + step
        if not 0 <= j < len(order):
            return
        order[i], order[j] = order[j], order[i]
        if self.run(SetOrder(names=tuple(order)))[0] is None:
            self._table.move_cursor(row=j, animate=False)

    def action_end(self) -> None:
        def answered(yes: bool | None) -> None:
            if yes:
                self.run(EndFight())

        self.app.push_screen(Confirm("End the fight? (the log keeps it; undo brings it back)"), answered)

    def reference_topic(self) -> str:
        """The rule of the last action (its first rule ID), else the system's combat rules."""
        for ev in self._last:
            if ev.rules and not isinstance(ev, TURN_EVENTS):
                return ev.rules[0]
        return TOPICS.get(self._state.system, "combat") if self._state is not None else "combat"

    def action_reference(self) -> None:
        self.gm.action_reference(self.reference_topic())

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """⏎ on the acting character opens the actions; on a waiting one, they act now."""
        state = self._state
        if state is None or state.encounter is None:
            return
        cid = str(event.row_key.value)
        if cid == state.encounter.current:
            self.action_act()
        elif (comb := state.encounter.get(cid)) is not None and comb.waiting:
            self.run(ActNow(name=cid))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._keys_changed()
