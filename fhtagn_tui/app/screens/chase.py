"""The Chase tab (Call of Cthulhu 7e): the track, the participants in DEX order, keys for each action."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.events import Resize
from textual.widget import Widget
from textual.widgets import DataTable, Select, Static

from fhtagn_tui.domain.commands import Command
from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.features.chase import (
    Barrier,
    CrossHazard,
    Move,
    NextRound,
    RandomLocation,
    SpeedRolled,
    StartChase,
    VehicleWrecked,
    escape_offer,
    may_escape,
)
from fhtagn_tui.domain.replay import Undone
from fhtagn_tui.domain.state import State
from fhtagn_tui.rules.coc import chase as rc
from fhtagn_tui.rules.coc.chase import Chase, Participant
from fhtagn_tui.rules.quoting import quote

from ..keymap import key_markup, key_text
from ..role_keys import works
from ..widgets.row_table import settle
from .base import GameTab
from .chase_cells import (
    actions_text,
    build_text,
    hp_text,
    is_chase_event,
    result_line,
    role_text,
    table_order,
)
from .chase_track import (
    MAX_STACK,
    MAX_TALL_STACK,
    SIDE_STYLE,
    ahead_text,
    current_actor,
    draw,
    window,
)

if TYPE_CHECKING:
    from ..base import AppBase

EMPTY = (
    "[b]No chase[/b]\n\n"
    "Press [b]{new}[/b] to set one up: a title, then the participants (party, NPCs, vehicles from the charts), "
    "locations, and [b]{start}[/b] to start.\n\nOr type [b]:chase new TITLE[/b]."
)

#: The action of each key the keys' line names (it names only those that work now: app/role_keys.py).
HINT_ACTIONS = {"n": "next_round", "e": "end", "l": "random_location", "w": "which", "h": "hazard", "c": "cautious",
                "b": "barrier", "B": "barrier", "m": "move", "M": "move_more", "p": "pedal", "r": "ram", "s": "shoot",
                "k": "catch", "x": "crash", "N": "new_chase", "a": "join", "o": "place_location", "g": "start"}
EMPTY_READONLY = "[b]No chase[/b]\n\nNone is being run at this point of the log."
NOT_COC = "[b]No chases here[/b]\n\nChases are a Call of Cthulhu 7e rule; this campaign plays {system}."
WHEN = ("empty", "setup", "running", "ended")


class ChaseTab(GameTab):
    can_focus = True  # the tab's keys work even before there is a table to focus

    BINDINGS = [
        Binding("N", "new_chase", "New chase", id="chase.new"),
        Binding("a", "join", "Add", id="chase.join"),
        Binding("l", "random_location", "Location", id="chase.location"),
        Binding("o", "place_location", "Place loc.", show=False, id="chase.place_location"),
        Binding("g", "start", "Start", id="chase.start"),
        Binding("m", "move", "Move", id="chase.move"),
        Binding("M", "move_more", "Move n", show=False, id="chase.move_more"),
        Binding("h", "hazard", "Hazard", id="chase.hazard"),
        Binding("c", "cautious", "Cautious", show=False, id="chase.cautious"),
        Binding("b", "barrier('pass')", "Barrier", id="chase.barrier"),
        Binding("B", "barrier('break')", "Break", show=False, id="chase.break"),
        Binding("p", "pedal", "Pedal", show=False, id="chase.pedal"),
        Binding("r", "ram", "Ram", show=False, id="chase.ram"),
        Binding("s", "shoot", "Shoot", show=False, id="chase.shoot"),
        Binding("k", "catch", "Catch", show=False, id="chase.catch"),
        Binding("n", "next_round", "Next round", id="chase.next_round"),
        Binding("e", "end", "End", show=False, id="chase.end"),
        Binding("w", "which", "Which chase", show=False, id="chase.which"),
        Binding("x", "crash", "Occupants", show=False, id="chase.crash"),
        Binding("left_square_bracket", "pan(-1)", "Pan ◀", show=False, id="chase.pan_left"),
        Binding("right_square_bracket", "pan(1)", "Pan ▶", show=False, id="chase.pan_right"),
    ]

    SETUP_ACTIONS = frozenset({"join", "start"})
    RUN_ACTIONS = frozenset({"move", "move_more", "hazard", "cautious", "barrier", "pedal", "ram", "shoot", "catch",
                             "next_round", "pan"})
    OPEN_ACTIONS = frozenset({"random_location", "place_location", "end"})

    def __init__(self) -> None:
        super().__init__(id="chase-tab")
        self._state: State | None = None
        self._number = 0  # the chase on screen
        self._count = 0  # chases known, to follow a new one
        self._selected = ""  # the highlighted participant
        self._turn = ""  # whose turn it was at the last redraw
        self._pan = 0
        self._refocus = False
        self._last_chases: object = None
        self._last_upto: int | None = None  # the log's end at mount: its latest result is drawn when first needed
        self._said = ""  # the last result this tab drew (off its line while the message line says it)

    def compose(self) -> ComposeResult:
        # the chase selector (a Select) is built when first needed: two chases or more, or its key
        with Vertical(id="chase-track-box"):
            yield Static(id="chase-track")
            yield Static(id="chase-ahead")
        table: DataTable[object] = DataTable(id="chase-table", cursor_type="row", zebra_stripes=True)
        table.add_column("", key="turn", width=1)
        table.add_column("Name", key="name")
        table.add_column("Role", key="role")
        table.add_column("MOV", key="mov")
        table.add_column("Act", key="actions")
        table.add_column("Pos", key="pos")
        table.add_column("Build", key="build")
        table.add_column("HP", key="hp")
        yield table
        yield Static(id="chase-last")
        yield Static(id="chase-keys")
        yield Static(id="chase-empty")

    def on_mount(self) -> None:
        door = self.door
        self._last_chases = door.state.chases
        # the latest result already in the log is read when a chase is first drawn (decoding
        # the log's tail at start-up cost every campaign, chase or not)
        self._last_upto = door.next_seq
        self.watch(self.screen, "focused", self._focus_moved, init=False)

    def reference_topic(self) -> str:
        return "COC-CHASE"

    # --- what is on screen ------------------------------------------------------------------

    @property
    def chase(self) -> Chase | None:
        if self._state is None:
            return None
        return next((c for c in self._state.chases if c.number == self._number), None)

    def default_number(self, state: State) -> int:
        """The chase that commands without chase=N act on: the latest still running."""
        running = [c for c in state.chases if not c.ended]
        return (running or state.chases)[-1].number if state.chases else 0

    def mode(self) -> str:
        chase = self.chase
        if chase is None:
            return "empty"
        if chase.ended:
            return "ended"
        return "running" if chase.started else "setup"

    def selected(self) -> Participant | None:
        chase = self.chase
        return chase.participant(self._selected) if chase else None

    def show(self, state: State) -> None:
        self._state = state
        coc = state.system == "coc7"
        if len(state.chases) != self._count or self.chase is None:
            self._count = len(state.chases)
            self._number = self.default_number(state)
        chase = self.chase
        empty = self.query_one("#chase-empty", Static)
        has = coc and chase is not None
        for selector in ("#chase-track-box", "#chase-table", "#chase-keys"):
            self.query_one(selector).display = has
        if not has:
            self.query_one("#chase-last").display = False
        else:
            self._once_said()
        empty.display = not has
        if has and self._last_upto is not None:
            self._load_last(self._last_upto)
        self._fill_select(state if coc else None)
        if not coc:
            empty.update(NOT_COC.format(system=state.system or "no system"))
        elif chase is None:
            empty.update(EMPTY_READONLY if self._readonly() else
                         EMPTY.format(new=key_markup(self.app, "chase.new", "N"),
                                      start=key_markup(self.app, "chase.start", "g")))
        else:
            self._fill_table(state, chase)
            self._draw()
        self.refresh_bindings()
        if has and self.app.focused is self:
            self.query_one("#chase-table", DataTable).focus()

    def _chase_select(self, options: list[tuple[str, int]] | None = None) -> Select[int] | None:
        """The chase selector; built on first need (None when built just now, with ``options``)."""
        found = self.query("#chase-select")
        if found:
            return found.first(Select)
        select: Select[int] = Select(options or [], id="chase-select", allow_blank=True, compact=True,
                                     prompt="which chase",
                                     value=self._number if any(v == self._number for _, v in options or []) else Select.NULL)
        select.display = options is not None
        self.mount(select, before=0)
        return None if options else select

    def _fill_select(self, state: State | None) -> None:
        chases = state.chases if state is not None else ()
        if len(chases) <= 1:
            if self.query("#chase-select"):
                self.query_one("#chase-select", Select).display = False
            return
        options = []
        for c in chases:
            status = "ended" if c.ended else f"round {c.round}" if c.started else "setting up"
            options.append((f"Chase {c.number}{': ' + c.title if c.title else ''} ({status})", c.number))
        select = self._chase_select(options)
        if select is None:
            return
        select.display = True
        select.set_options(options)
        with select.prevent(Select.Changed):
            select.value = self._number

    def _fill_table(self, state: State, chase: Chase) -> None:
        table = self.query_one("#chase-table", DataTable)
        turn = current_actor(chase)
        turn_id = turn.id if turn else ""
        if (turn_id and turn_id != self._turn) or chase.participant(self._selected) is None:
            self._selected = turn_id or (chase.participants[0].id if chase.participants else "")
            self._pan = 0
        self._turn = turn_id
        rows = table_order(chase)
        table.clear()
        for p in rows:
            name = Text(p.name, style=SIDE_STYLE.get(p.side, "") if p.active else "grey50")
            if p.vehicle:
                name.append(f" ({p.vehicle})", style="grey62")
            char = state.characters.get(p.character)
            unknown = char is not None and char.hidden and not char.stats  # hidden, in the players' view
            table.add_row(
                Text("▶", style="bold yellow") if p.id == turn_id else "",
                name, role_text(p), Text("?", style="grey50") if unknown else str(p.mov),
                Text("?", style="grey50") if unknown else actions_text(p, chase.started),
                str(p.position) if chase.started and p.active else "–",
                Text("?", style="grey50") if unknown and p.vehicle else build_text(p, state),
                hp_text(p, state), key=p.id,
            )
        settle(table)  # measured now, not when idle: a frame drawn before shows whole columns
        keys = [p.id for p in rows]
        if self._selected in keys:
            table.move_cursor(row=keys.index(self._selected), animate=False)

    def _draw(self) -> None:
        chase = self.chase
        if chase is None:
            return
        box = self.query_one("#chase-track-box")
        width = box.content_size.width or (self.size.width - 2) or 78
        turn = current_actor(chase)
        focus = self.selected()
        self.query_one("#chase-track", Static).update(draw(chase, width, focus, turn, self._pan, self._stack(chase)))
        if chase.ended:
            ahead = Text(f"Ended: {chase.outcome}", style="grey70")
        else:
            ahead = ahead_text(chase, focus) if chase.started else self._setup_hint(chase)
        self.query_one("#chase-ahead", Static).update(ahead)
        box.border_title = self._title(chase)
        # the pan keys named where they may work (the GM's view names them always)
        pan = r"\[ ] pan · " if not self.gm.readonly or works(self, "pan(-1)") or works(self, "pan(1)") else ""
        box.border_subtitle = pan + r"green flee · red pursue · \[x] vehicle"
        self.query_one("#chase-keys", Static).update(self._keys_hint())

    def _track_width(self) -> int:
        box = self.query_one("#chase-track-box")
        return box.content_size.width or (self.size.width - 2) or 78

    def _pans(self, step: int) -> bool:
        """``[``/``]`` move the track's window: it is narrower than the track (a whole track does not pan)."""
        chase = self.chase
        if chase is None:
            return False
        focus = self.selected()
        width, at = self._track_width(), focus.position if focus else None
        return window(chase, width, at, self._pan + 3 * step) != window(chase, width, at, self._pan)

    def _stack(self, chase: Chase) -> int:
        """How many participants the track stacks on a location: what the height leaves once the
        table has a row each (3 at 80×24; up to 10 in a taller terminal)."""
        height = self.size.height or (self.app.size.height - 6)
        # the box (borders, numbers, ground, the line ahead), the table (a row each and its head), the
        # last result and the keys
        room = height - 5 - (len(chase.participants) + 1) - 2
        return max(MAX_STACK, min(room, MAX_TALL_STACK))

    def _title(self, chase: Chase) -> str:
        head = f"Chase {chase.number}" + (f": {chase.title}" if chase.title else "")
        if chase.ended:
            return f"{head} — ended: {chase.outcome}"
        if not chase.started:
            return f"{head} — setting up"
        env = f" · {chase.environment}" if chase.environment != "normal" else ""
        era = " · 1920s" if chase.era == "1920s" else ""
        return f"{head} — round {chase.round}{era}{env}"

    def _setup_hint(self, chase: Chase) -> Text:
        if self._readonly() or self.gm.player:  # no keys to name, nor the Keeper's calls (made on the GM's numbers)
            return Text(f"{len(chase.participants)} participant(s), {len(chase.locations)} location(s). "
                        "The Keeper is setting up the chase.", style="grey70")
        sides = {p.side for p in chase.participants}
        if rc.FLEE not in sides:
            need = f"someone fleeing ({key_text(self.app, 'chase.join', 'a')})"
        elif rc.PURSUE not in sides:
            need = f"a pursuer ({key_text(self.app, 'chase.join', 'a')})"
        else:
            need = ""
        offered = may_escape(chase)
        if offered:  # the speed rolls are made; the start waits on the Keeper (COC-CHASE-04)
            who = ", ".join(f"{p.name} (MOV {p.mov})" for p in offered)
            text = Text(f"Speed rolls made. {who} may escape: ", style="grey70")
            text.append(f"{key_text(self.app, 'chase.start', 'g')} to let them go or keep them in.", style="yellow")
            return text
        text = Text(f"{len(chase.participants)} participant(s), {len(chase.locations)} location(s). ", style="grey70")
        text.append(f"Next: {need}" if need else f"Ready: {key_text(self.app, 'chase.start', 'g')} starts the chase.", style="yellow" if need else "green")
        return text

    def _keys_hint(self) -> Text:
        mode = self.mode()
        pairs: list[tuple[str, str]]
        if self._readonly():
            pan = " ".join(key for key, step in (("[", -1), ("]", 1)) if works(self, f"pan({step})"))
            pairs = ([(pan, "pan the track")] if pan else []) + ([("w", "which chase")] if self._count > 1 else [])
        elif self._pending():
            pairs = [("x", f"{self._pending()[0][1].name}'s occupants: your call")]
            pairs += [("N", "new chase")] if mode == "ended" else self._run_keys()
        elif mode == "setup":
            pairs = [("a", "add participant"), ("l", "random location"), ("o", "place location"), ("g", "start"),
                     ("e", "end")]
        elif mode == "ended":
            pairs = [("N", "new chase")] + ([("w", "which chase")] if self._count > 1 else [])
        else:
            pairs = self._run_keys()
        pairs = [(key, what) for key, what in pairs  # only what works now
                 if key not in HINT_ACTIONS or works(self, HINT_ACTIONS[key])]
        text = Text()
        for i, (key, what) in enumerate(pairs):
            if i:
                text.append("  ")
            text.append(key, style="bold")
            text.append(f" {what}")
        return text

    def _run_keys(self) -> list[tuple[str, str]]:
        chase, p = self.chase, self.selected()
        pairs: list[tuple[str, str]] = []
        more = [("w", "chase")] if self._count > 1 else []
        if chase is not None and current_actor(chase) is None:
            return [("n", "next round: every movement action is spent"), ("e", "end"), ("l", "location")] + more
        if chase is not None and p is not None and p.active:
            ahead = chase.location(p.position + 1)
            if ahead.kind == rc.HAZARD:
                pairs += [("h", "hazard"), ("c", "cautious")]
            elif ahead.kind == rc.BARRIER and not ahead.broken:
                pairs += [("b", "pass"), ("B", "break")]
            else:
                pairs += [("m", "move"), ("M", "move n")]
            if p.vehicle:
                pairs += [("p", "pedal")]
                if self._nearest_foe(p, same_place=True) is not None:
                    pairs += [("r", "ram")]
            pairs += [("s", "shoot")]
            if p.side == rc.PURSUE and self._nearest_foe(p, same_place=True) is not None:
                pairs += [("k", "catch")]
        return pairs + [("n", "next round"), ("e", "end"), ("l", "location")] + more

    def on_resize(self, event: Resize) -> None:
        self.call_after_refresh(self._draw)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        key = event.row_key.value if event.row_key is not None else None
        if key and key != self._selected:
            self._selected = str(key)
            self._pan = 0
            self._draw()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "chase-select" and isinstance(event.value, int) and event.value != self._number:
            self._number = event.value
            self._turn = ""
            if self._state is not None:
                self.show(self._state)
            self.query_one("#chase-table", DataTable).focus()

    @classmethod
    def offers(cls, app: AppBase, action: str, parameters: tuple[object, ...] = ()) -> bool:
        """A read-only view (players, review, a second GM) only looks: which chase, panning the track."""
        return not app.readonly or action in ("which", "pan")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        mode = self.mode()
        if not self.offers(self.gm, action, parameters):
            return False
        if action in self.SETUP_ACTIONS:
            return mode == "setup"
        if action == "pan":
            return mode == "running" and self._pans(int(str(parameters[0])) if parameters else 1)
        if action in self.RUN_ACTIONS:
            return mode == "running"
        if action in self.OPEN_ACTIONS:
            return mode in ("setup", "running")
        if action == "which":
            return self._count > 1
        if action == "crash":
            return bool(self._pending())
        if action == "new_chase":
            return self._state is not None and self._state.system == "coc7"
        return True

    # --- the last result -----------------------------------------------------------------------

    def _player(self) -> bool:
        return self.gm.player

    def take(self, events: list[Event]) -> None:
        """The last chase result (and the Keeper's call on a crash), kept before the tab redraws."""
        if self._player():
            return  # the players' view reads results in its Log only (the public projection's words)
        state = self.door.state
        line = result_line(events, self.door.names)
        first = events[0] if events else None
        if not line and first is not None and state.chases != self._last_chases and not self._player():
            label = getattr(first, "label", "")
            word = "Undone" if isinstance(first, Undone) else "Redone" if type(first).__name__ == "Redone" else ""
            line = f"{word}: {label}" if word else ""
        self._last_chases = state.chases
        if line:
            self._last_upto = None  # newer than anything the log held at mount
            self.query_one("#chase-last", Static).update(Text(line, style="italic"))
            self._said = line
            self.call_after_refresh(self._once_said)
        if self._refocus:
            self.call_after_refresh(self.refocus_after_command)
        if not self._player() and not self._readonly() and any(
            isinstance(e, VehicleWrecked) and e.occupants == "pending" for e in events
        ):  # the Keeper's call on the occupants: offered at once (COC-VEHICLE-04/05)
            self.call_after_refresh(self.action_crash)
        waiting = {e.chase for e in events if isinstance(e, SpeedRolled)}
        for c in state.chases:
            if c.number in waiting and not self._readonly() and escape_offer(c):
                # the start waits on the Keeper's call on who may escape: offered at once (COC-CHASE-04)
                self.call_after_refresh(self.offer_escape, c.number)
                break

    def _once_said(self) -> None:
        """The last result stays off its own line while the message line below says it (at 80×24
        the same words were on the screen twice); it is back once the message line says another."""
        message = self.gm.message
        same = bool(self._said and message) and (message == self._said or message.endswith(self._said)
                                     or self._said.startswith(message[:60]))
        last = self.query_one("#chase-last", Static)
        chase = self._state is not None and self.chase is not None
        if last.display == (same or not chase):
            last.display = chase and not same

    def _load_last(self, upto: int) -> None:
        """The latest chase result in the log before seq ``upto``, for a campaign opened mid-chase."""
        self._last_upto = None
        events = self.door.events_between(max(1, upto - 300), upto)
        if self._player():
            self.query_one("#chase-last", Static).update(Text("Results: see the Log (5).", style="grey50"))
            return
        chase_events = [e for e in events if is_chase_event(e)]
        if chase_events:
            group = chase_events[-1].group
            line = result_line([e for e in events if e.group == group], self.door.names)
            self.query_one("#chase-last", Static).update(Text(line, style="italic"))
        else:
            self.query_one("#chase-last", Static).update(Text("No result yet.", style="grey50"))

    # --- acting -------------------------------------------------------------------------------

    def _submit(self, command: Command) -> str | None:
        return self.gm.submit(command)

    def _prefill(self, text: str) -> None:
        number = self._number
        if self._state is not None and number != self.default_number(self._state):
            text = text.rstrip() + f" chase={number} "
        line = self.gm.command_line()
        if line is None:  # a read-only view has none
            return
        self._refocus = True
        # focusing an Input selects all of it, and typing would replace the command: not this time
        line.select_on_focus = False
        self.gm.prefill(text)
        self.app.call_later(lambda: line.call_later(setattr, line, "select_on_focus", True))

    def refocus_after_command(self) -> None:
        """Back to the table once a command prefilled from this tab has run."""
        if not self._refocus:
            return
        line = self.gm.command_line()
        if line is not None and self.app.focused is line and not line.value:
            self._refocus = False
            self.query_one("#chase-table", DataTable).focus()

    def _focus_moved(self, focused: Widget | None) -> None:
        """Escape from a command prefilled here comes back to the table, not to the tab bar."""
        if not self._refocus or focused is None or focused.id == "command-line":
            return
        self._refocus = False
        table = self.query_one("#chase-table", DataTable)
        if focused is not table and self.parent is not None and self.parent.display and table.display:
            self.call_later(table.focus)

    def _actor(self) -> Participant | None:
        p = self.selected()
        if p is None:
            self.app.notify("No participant selected: pick one in the table.", severity="warning")
        return p

    def _readonly(self) -> bool:
        return self.gm.readonly

    def action_new_chase(self) -> None:
        if self._readonly():
            return
        state = self._state
        if state is None or state.system != "coc7":
            self.app.notify("Chases are a Call of Cthulhu 7e rule.", severity="warning")
            return

        def created(made: bool | None) -> None:
            if made:
                self._count = -1  # follow the new chase
                self.show(self.gm.view_state)
                self.action_join()

        # forms load when first opened: start-up stays fast
        from ..forms.chase_new import ChaseNewForm

        self.app.push_screen(ChaseNewForm(self.gm.submit_recorded), created)

    def action_join(self) -> None:
        chase = self.chase
        if chase is None or self._state is None or self._readonly():
            return
        from ..forms.chase_join import ChaseJoinForm

        self.app.push_screen(ChaseJoinForm(self._state, chase.number, self.gm.submit_recorded))

    def action_random_location(self) -> None:
        if self.chase is not None:
            self._submit(RandomLocation(chase=self._number))

    def action_place_location(self) -> None:
        self._prefill("chase location add hazard=regular ")

    def action_start(self) -> None:
        chase = self.chase
        if chase is None:
            return
        if escape_offer(chase):  # the speed rolls are made: the start waits on the Keeper (COC-CHASE-04)
            self.offer_escape(chase.number)
            return
        self._submit(StartChase(chase=self._number))

    def offer_escape(self, number: int) -> None:
        """The Keeper's call on each fleeing participant who may escape as the chase starts (COC-CHASE-04)."""
        from ..forms.chase_escape import ChaseEscapeForm

        if self._readonly() or self._player() or isinstance(self.app.screen, ChaseEscapeForm):
            return
        chase = next((c for c in self.door.state.chases if c.number == number), None)
        if chase is None or chase.started:
            return
        offered = may_escape(chase)
        if not offered:
            return
        fastest = max((p.mov for p in chase.participants if p.side == rc.PURSUE and p.active), default=0)
        self.app.push_screen(ChaseEscapeForm(number, [(p.id, p.name, p.mov) for p in offered], fastest, self.gm.submit_recorded))

    def action_move(self) -> None:
        p = self._actor()
        if p is not None:
            self._submit(Move(chase=self._number, name=p.id, steps=1))

    def action_move_more(self) -> None:
        p = self._actor()
        if p is not None:
            self._prefill(f"chase move {quote(p.name)} {max(2, p.actions)}")

    def _needs_skill(self, p: Participant) -> bool:
        chase = self.chase
        return chase is not None and not p.vehicle and not chase.location(p.position + 1).skill

    def action_hazard(self) -> None:
        p = self._actor()
        if p is None:
            return
        if self._needs_skill(p) and self.chase is not None and self.chase.location(p.position + 1).kind == rc.HAZARD:
            self._prefill(f"chase hazard {quote(p.name)} skill=")
            return
        self._submit(CrossHazard(chase=self._number, name=p.id))

    def action_cautious(self) -> None:
        p = self._actor()
        if p is not None:
            skill = " skill=" if self._needs_skill(p) else ""
            self._prefill(f"chase hazard {quote(p.name)} cautious=1{skill}")

    def action_barrier(self, method: str) -> None:
        p = self._actor()
        if p is None:
            return
        if p.vehicle:
            self._submit(Barrier(chase=self._number, name=p.id, method=method))
        elif method == "break":
            self._prefill(f"chase barrier {quote(p.name)} break damage=")
        elif self._needs_skill(p):
            self._prefill(f"chase barrier {quote(p.name)} pass skill=")
        else:
            self._submit(Barrier(chase=self._number, name=p.id, method="pass"))

    def action_pedal(self) -> None:
        p = self._actor()
        if p is None:
            return
        if not p.vehicle:
            self.app.notify(f"{p.name} is on foot: only a driver can put the pedal to the metal.", severity="warning")
            return
        self._prefill(f"chase pedal {quote(p.name)} 2")

    def _nearest_foe(self, p: Participant, same_place: bool) -> Participant | None:
        chase = self.chase
        if chase is None:
            return None
        foes = [q for q in chase.active if q.side != p.side and (q.position == p.position or not same_place)]
        return min(foes, key=lambda q: abs(q.position - p.position), default=None)

    def action_ram(self) -> None:
        p = self._actor()
        if p is None:
            return
        if not p.vehicle:
            self.app.notify(f"{p.name} is on foot: only a vehicle rams.", severity="warning")
            return
        foe = self._nearest_foe(p, same_place=True)
        self._prefill(f"chase ram {quote(p.name)} {quote(foe.name) if foe else ''}")

    def action_shoot(self) -> None:
        p = self._actor()
        if p is not None:
            foe = self._nearest_foe(p, same_place=False)
            shooter = p.passengers[0] if p.vehicle and p.passengers else p.character
            who = self._state.characters[shooter].name if self._state and shooter in self._state.characters else p.name
            self._prefill(f"chase shoot {quote(who)} {quote(foe.name) if foe else 'TARGET'} damage=")

    def action_catch(self) -> None:
        p = self._actor()
        if p is None:
            return
        foe = self._nearest_foe(p, same_place=True)
        if p.side != rc.PURSUE or foe is None:
            self.app.notify(f"{p.name} has no one to catch here.", severity="warning")
            return
        self._prefill(f"chase catch {quote(foe.name)} by={quote(p.name)}")

    def action_next_round(self) -> None:
        if self.chase is not None:
            self._submit(NextRound(chase=self._number))

    def action_end(self) -> None:
        self._prefill("chase end ")

    def action_which(self) -> None:
        select = self._chase_select()
        if select is not None:
            select.focus()

    def _pending(self) -> list[tuple[int, Participant]]:
        """Wrecked or halted vehicles whose occupants wait for the Keeper, the chase on screen first."""
        state = self.door.state
        chases = sorted(state.chases, key=lambda c: c.number != self._number)
        return [(c.number, p) for c in chases for p in c.participants if p.accident]

    def action_crash(self) -> None:
        from ..forms.chase_crash import ChaseCrashForm

        pending = self._pending()
        if not pending or self._readonly() or self._player() or isinstance(self.app.screen, ChaseCrashForm):
            return
        number, p = pending[0]
        state = self.door.state
        names = [state.characters[c].name if c in state.characters else c for c in p.occupants]
        self.app.push_screen(ChaseCrashForm(number, p.name, p.accident, names, self.gm.submit_recorded))

    def action_pan(self, step: int) -> None:
        self._pan += step * 3
        self._draw()
