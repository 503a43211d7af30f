"""The Sanity dialog: a SAN test (FHTAGN), a Sanity roll (CoC 7e) or a Fright Check (GURPS),
step by step.

1. choose: the loss, its kind or source, projection, repression … — the command text a GM
   could type is shown as it is built;
2. dice: each die the rules need next, with what it is for and the dice so far; typed in
   (physical dice) or rolled here;
3. run: the one command with its dice (``roll=…``), through the app like any other;
4. the outcome: what the events say (rolls, levels, SAN lost, insanity, disorders, bonds).

Bad input is refused with the rules' own message and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from fhtagn_tui.commands import ParseError
from fhtagn_tui.domain.commands import Command
from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.replay import names_of
from fhtagn_tui.domain.state import Character, State
from fhtagn_tui.domain.systems import derived
from fhtagn_tui.rules.dice import DiceError, needed_text, parse_typed
from fhtagn_tui.rules.fhtagn import sanity as fh_san

from ..keymap import key_text
from ..run import Line, Run
from ..screens.party_sheet import adaptation_text, bonds_text
from ..widgets.tick_box import TickBox
from . import sanity_plan as sp

if TYPE_CHECKING:
    from fhtagn_tui.domain.features.sanity import TemporaryInsanity

#: Rolls one die for the GM: (purpose, die) → value.
Roller = Callable[[str, str], int]

NONE = ""
TITLES = {"fhtagn": "SAN test (FHTAGN)", "coc7": "Sanity roll (Call of Cthulhu 7e)", "gurps": "Fright Check (GURPS)"}
DICE_MODS = (("normal dice", "0:0"), ("1 bonus die", "1:0"), ("2 bonus dice", "2:0"),
             ("1 penalty die", "0:1"), ("2 penalty dice", "0:2"))


def _int(text: str, what: str) -> int:
    raw = text.strip().replace(" ", "")
    if not raw:
        return 0
    try:
        return int(raw)
    except ValueError:
        raise ValueError(f"{what} must be a whole number like -3 or +20, not {text!r}") from None


class SanityDialog(ModalScreen[None]):
    CSS_PATH = "sanity.tcss"  # loaded when first opened, not at start-up
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="form.cancel"),
        Binding("ctrl+s", "primary", "Next / Run", id="form.save"),
        Binding("ctrl+r", "roll_one", "Roll the die", id="sanity.roll_one"),
        Binding("ctrl+t", "roll_rest", "Roll the rest", id="sanity.roll_rest"),
        Binding("ctrl+b", "back", "Back", id="sanity.back"),
    ]

    def __init__(self, state: State, character: str, run: Run, roll: Roller) -> None:
        super().__init__()
        self.state = state
        self.system = state.system
        self.run_command = run
        self.pending: TemporaryInsanity | None = None  # temporary insanity whose reaction the GM has still to choose
        self._outcome = Text()
        self.roll = roll
        self.people = [c for c in state.characters.values() if self._eligible(c)]
        self.character = character if any(c.id == character for c in self.people) else (
            self.people[0].id if self.people else "")
        self.step = "choose"
        self.text = ""  # the command text (without roll=)
        self.command: Command | None = None
        self.values: list[str] = []  # the dice so far, as typed or rolled
        self.current = sp.Plan(drawn=[])

    def _eligible(self, char: Character) -> bool:
        if self.system == "gurps":
            return bool(char.stats)
        return "SAN" in char.current

    # --- layout ----------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Vertical(id="sd-form"):
            yield Static(Text(TITLES.get(self.system, "Sanity"), style="bold"), id="sd-title")
            with VerticalScroll(id="sd-body", can_focus=False):  # (it scrolls to the focused field: no stop of its own)
                with Grid(id="sd-choose"):
                    yield from self._choices()
                with Vertical(id="sd-dice"):
                    yield Static("", id="sd-drawn")
                    yield Static("", id="sd-need")
                    yield Input(placeholder="the value(s) shown; blank + enter rolls it here", id="sd-die", compact=True)
                yield Static("", id="sd-outcome")
                with Horizontal(id="sd-react"):  # temporary insanity: the GM chooses the reaction (FH-SAN-07)
                    for r in fh_san.REACTIONS:
                        yield Button(r.name, id=f"sd-react-{r.name}", compact=True)
            yield Static("", id="sd-hint")
            yield Static("", id="sd-command", markup=False)
            yield Static("", id="sd-error", markup=False)
            with Horizontal(id="sd-buttons"):
                yield Button("◀ Back", id="sd-back", compact=True)
                yield Button("Roll (^r)", id="sd-roll", compact=True)
                yield Button("Roll rest (^t)", id="sd-rest", compact=True)
                yield Button("Dice ▶ (^s)", variant="primary", id="sd-next", compact=True)
                yield Button("Cancel", id="sd-cancel", compact=True)

    def _who(self) -> ComposeResult:
        yield Label("Who")
        yield Select([(c.name, c.id) for c in self.people], value=self.character or Select.NULL,
                     id="sd-who", compact=True)

    def _choices(self) -> ComposeResult:
        yield from self._who()
        if self.system == "fhtagn":
            yield Label("Loss")
            yield Input(placeholder="SUCCESS/FAILURE, e.g. 1/1d6", id="sd-loss", compact=True)
            yield Label("Kind")
            yield Select([(s, s) for s in fh_san.SOURCES], value="unnatural", allow_blank=False, id="sd-kind", compact=True)
            yield Label("Project onto")
            yield Select([("(no projection)", NONE)], value=NONE, allow_blank=False, id="sd-project", compact=True)
            yield Label("Repress")
            with Horizontal(classes="sd-pair"):
                yield TickBox("repress", id="sd-repress", compact=True)
                yield Select([("(bond: projection's/only)", NONE)], value=NONE, allow_blank=False,
                             id="sd-repress-bond", compact=True)
            yield Label("Insanity")
            yield Select([("chosen after the roll, if it comes", NONE)]
                         + [(f"{r.name} (typical: {', '.join(r.typical)})", r.name) for r in fh_san.REACTIONS],
                         value=NONE, allow_blank=False, id="sd-reaction", compact=True)
            yield Label("Disorder")
            yield Input(placeholder="its name, if the breaking point is reached", id="sd-disorder", compact=True)
            yield Label("Modifier")
            yield Input(placeholder="±N (optional)", id="sd-mod", compact=True)
        elif self.system == "coc7":
            yield Label("Loss")
            yield Input(placeholder="SUCCESS/FAILURE, e.g. 1/1d6", id="sd-loss", compact=True)
            yield Label("Source")
            yield Input(placeholder="the entity, e.g. deep one (optional)", id="sd-source", compact=True)
            yield Label("Max loss")
            yield Input(placeholder="to this entity, all told (default: max of FAILURE)", id="sd-max", compact=True)
            yield Label("Mythos")
            yield TickBox("direct Mythos experience", id="sd-mythos", compact=True)
            yield Label("Bout")
            yield Select([("real time (rounds)", "realtime"), ("summary (hours)", "summary")], value="realtime",
                         allow_blank=False, id="sd-bout", compact=True)
            yield Label("Phobia")
            yield Input(placeholder="the backstory entry a bout adds (optional)", id="sd-phobia", compact=True)
            yield Label("Mania")
            yield Input(placeholder="(optional)", id="sd-mania", compact=True)
            yield Label("Dice")
            yield Select(list(DICE_MODS), value="0:0", allow_blank=False, id="sd-bp", compact=True)
        elif self.system == "gurps":
            yield Label("Modifier")
            yield Input(placeholder="±N: the monster's fright modifier and others", id="sd-mod", compact=True)
            yield Label("Trait")
            yield Input(placeholder="the name of a trait the result gives (optional)", id="sd-trait", compact=True)
            yield Label("Self-control")
            yield Select([("(none)", "0")] + [(str(n), str(n)) for n in (15, 12, 9, 6)], value="0",
                         allow_blank=False, id="sd-sc", compact=True)
            yield Label("Worsens")
            yield Select([("(no related disadvantage)", NONE)], value=NONE, allow_blank=False, id="sd-worsen", compact=True)

    def on_mount(self) -> None:
        self._fill_character()
        self._show()
        for selector in ("#sd-loss", "#sd-mod"):
            found = self.query(selector)
            if found:
                found.first().focus()
                break
        if not self.people:
            self._error(f"nobody here can take a {TITLES.get(self.system, 'sanity roll')}: no character has "
                        + ("stats" if self.system == "gurps" else "SAN"))

    # --- reading the choices --------------------------------------------------------------------

    def _value(self, selector: str) -> str:
        found = self.query(selector)
        if not found:
            return ""
        widget = found.first()
        if isinstance(widget, Select):
            return widget.value if isinstance(widget.value, str) else ""
        if isinstance(widget, Input):
            return widget.value
        return ""

    def _flag(self, selector: str) -> bool:
        found = self.query(selector)
        return bool(found) and bool(found.first(Checkbox).value)

    def _char(self) -> Character | None:
        return self.state.characters.get(self._value("#sd-who"))

    def build_text(self) -> str:
        """The command text from the choices, as shown (raises ValueError on unreadable input)."""
        return self.build_line().text()

    def build_line(self) -> Line:
        """The command from the choices, its words one by one (raises ValueError on unreadable input)."""
        char = self._char()
        if char is None:
            raise ValueError("choose who takes the roll")
        if self.system in ("fhtagn", "coc7") and not self._value("#sd-loss").strip():
            raise ValueError("give the loss as SUCCESS/FAILURE, e.g. 1/1d6")
        if self.system == "fhtagn":
            return sp.fhtagn_line(
                char.name, self._value("#sd-loss"), self._value("#sd-kind") or "unnatural", self._value("#sd-project"),
                self._flag("#sd-repress"), self._value("#sd-repress-bond") if self._flag("#sd-repress") else "",
                self._value("#sd-reaction"), self._value("#sd-disorder"), _int(self._value("#sd-mod"), "the modifier"),
            )
        if self.system == "coc7":
            cap = self._value("#sd-max").strip()
            bonus, penalty = (int(x) for x in (self._value("#sd-bp") or "0:0").split(":"))
            return sp.coc_line(
                char.name, self._value("#sd-loss"), self._value("#sd-source"),
                _int(cap, "the maximum loss") if cap else None, self._flag("#sd-mythos"),
                self._value("#sd-bout") or "realtime", self._value("#sd-phobia"), self._value("#sd-mania"), bonus, penalty,
            )
        if self.system == "gurps":
            return sp.gurps_line(
                char.name, _int(self._value("#sd-mod"), "the modifier"), self._value("#sd-trait"),
                int(self._value("#sd-sc") or "0"), self._value("#sd-worsen"),
            )
        raise ValueError(f"this campaign's system ({self.system or 'none'}) has no sanity rules here")

    # --- the character's side of it ---------------------------------------------------------------

    def _fill_character(self) -> None:
        char = self._char()
        if self.system == "fhtagn":
            live = [(f"{b.name} ({b.score})", b.name) for b in (char.bonds if char else ()) if not b.broken]
            self.query_one("#sd-project", Select).set_options([("(no projection)", NONE)] + live)
            self.query_one("#sd-repress-bond", Select).set_options([("(bond: projection's/only)", NONE)] + live)
        elif self.system == "gurps":
            traits = [(f"{t.name} (SC {t.self_control})", t.name) for t in (char.mind.traits if char else ()) if t.self_control]
            self.query_one("#sd-worsen", Select).set_options([("(no related disadvantage)", NONE)] + traits)

    def _sheet_hint(self) -> Text:
        char = self._char()
        text = Text()
        if char is None:
            return text
        cur = char.current
        if self.system == "fhtagn":
            text.append(f"SAN {cur.get('SAN', 0)} · BP {cur.get('BP', 0)} · WP {cur.get('WP', 0)} · ")
            text.append(adaptation_text(char))
            if char.bonds:
                text.append("\nBonds: ")
                text.append(bonds_text(char))
            if char.mind.disorders:
                text.append(f"\nDisorders: {', '.join(char.mind.disorders)} (a loss calls for an acute-episode roll)")
        elif self.system == "coc7":
            m = char.mind
            text.append(f"SAN {cur.get('SAN', 0)} · INT {char.stats.get('INT', 0)}")
            if m.day_start:
                text.append(f" · lost today {m.day_loss}, indefinite insanity at {max(1, m.day_start // 5)}")
            insane = [c for c in char.conditions if c.endswith("insane")]
            if insane:
                text.append(f" · {', '.join(insane)}: any loss brings a bout", style="red")
        elif self.system == "gurps" and char.stats:
            will = int(derived(self.system, char).get("Will", 10))
            try:
                mod = _int(self._value("#sd-mod"), "the modifier")
            except ValueError:
                mod = 0
            eff = min(13, will + mod)
            cap = " (Rule of 14: at most 13)" if will + mod > 13 else ""
            text.append(f"Will {will} {mod:+d} → roll 3d against {eff}{cap} · HT {char.stats.get('HT', 10)}")
        return text

    # --- drawing the step -------------------------------------------------------------------------

    def _error(self, message: str) -> None:
        self.query_one("#sd-error", Static).update(message)

    def _show(self) -> None:
        step = self.step
        self.query_one("#sd-choose").display = step == "choose"
        self.query_one("#sd-dice").display = step in ("dice", "ready")
        self.query_one("#sd-die").display = step == "dice"
        self.query_one("#sd-outcome").display = step == "done"
        self.query_one("#sd-hint").display = step != "done"
        for button, shown in (("#sd-back", step in ("dice", "ready")), ("#sd-roll", step == "dice"),
                              ("#sd-rest", step == "dice"), ("#sd-cancel", step != "done")):
            self.query_one(button).display = shown
        label = {"choose": "Dice ▶ (^s)", "dice": "Use (enter)", "ready": "Run (^s)", "done": "Close (^s)"}[step]
        self.query_one("#sd-next", Button).label = label
        if step == "choose":
            self._preview()
            self.query_one("#sd-hint", Static).update(self._sheet_hint())
        elif step in ("dice", "ready"):
            self._show_dice()

    def _preview(self) -> None:
        try:
            text = self.build_text()
        except ValueError as exc:
            self.query_one("#sd-command", Static).update(f"… {exc}")
            return
        self.query_one("#sd-command", Static).update(f":{text}")

    def _show_dice(self) -> None:
        plan = self.current
        drawn = sp.drawn_text(plan.drawn)
        head = Text("Dice so far: ", style="bold")
        if drawn:
            head.append("\n" + "\n".join(f"  {line}" for line in drawn))
        else:
            head.append("none yet", style="dim")
        self.query_one("#sd-drawn", Static).update(head)
        need = Text()
        if plan.need is not None:
            purpose, die = plan.need
            nth = sum(1 for r in plan.drawn if r.purpose == purpose and r.die == die)
            need.append("Next: ", style="bold")
            need.append(f"a {die} for {purpose!r}" + (f" (die {nth + 1})" if nth else ""), style="bold yellow")
            if len(plan.rest) > 1:  # every die still needed, in order: type them all at once
                need.append("\nThen: " + needed_text(plan.rest[1:]) + " (if the rolls go badly)", style="yellow")
            need.append("\n" + sp.hint_for(purpose), style="italic")
        else:
            need.append("All the dice are in: ", style="bold green")
            need.append(f"Run ({key_text(self.app, 'form.save', 'ctrl+s')}) records it.", style="")
        self.query_one("#sd-need", Static).update(need)
        self.query_one("#sd-hint", Static).update(Text("type what the dice show, or roll them here; "
                                                       f"{key_text(self.app, 'sanity.back', 'ctrl+b')} goes back", style="dim"))
        self.query_one("#sd-command", Static).update(":" + sp.with_roll(self.text, self.values))

    # --- steps ------------------------------------------------------------------------------------

    def _start_dice(self) -> None:
        try:
            built = self.build_line()
            self.text = built.text()
            self.command = built.command()  # built from the words, not read back from the text
        except (ValueError, ParseError) as exc:
            self._error(str(exc).replace("\n", " · "))
            return
        self.values = []
        plan = sp.plan(self.state, self.command, self.values)
        if plan.error:
            self._error(plan.error)
            return
        self._error("")
        self.current = plan
        self.step = "dice" if plan.need is not None else "ready"
        self._show()
        if self.step == "dice":
            self.query_one("#sd-die", Input).focus()
        else:
            self.query_one("#sd-next", Button).focus()

    def _advance(self, values: list[str]) -> bool:
        """Try the dice so far plus ``values``; keep them only if the rules accept them."""
        assert self.command is not None
        plan = sp.plan(self.state, self.command, self.values + values)
        if plan.error:
            self._error(plan.error)
            return False
        self._error("")
        self.values += values
        self.current = plan
        self.step = "dice" if plan.need is not None else "ready"
        self._show()
        if self.step == "ready":
            self.query_one("#sd-next", Button).focus()
        return True

    def use_typed(self, text: str) -> None:
        if not text.strip():
            self.action_roll_one()
            return
        try:
            values = parse_typed(text)
        except DiceError as exc:
            self._error(str(exc))
            return
        if self._advance(values):
            self.query_one("#sd-die", Input).value = ""

    def _run(self) -> None:
        assert self.command is not None
        refusal, events = self.run_command(self.command, list(self.values))
        if refusal is not None:
            self._error(refusal)
            return
        self._error("")
        self.step = "done"
        self._show()
        # (the events' module: loaded with the command that wrote them)
        from fhtagn_tui.domain.features.sanity import TemporaryInsanity

        out = Text("Done: ", style="bold green")
        out.append(sp.with_roll(self.text, self.values), style="dim")
        out = self._listed(out, events)
        self.pending = next((ev for ev in events if isinstance(ev, TemporaryInsanity)
                             and not ev.reaction and not ev.suppressed), None)
        self._outcome = out  # (the question below goes once the GM has answered it)
        shown = out
        if self.pending is not None:
            typical = {r.name for r in fh_san.typical(self.pending.source)}
            shown = out.copy()
            shown.append("\nChoose the reaction (FH-SAN-07):", style="bold")
            for r in fh_san.REACTIONS:
                self.query_one(f"#sd-react-{r.name}", Button).label = r.name + (" (typical)" if r.name in typical else "")
            self.query_one("#sd-react").display = True
        self.query_one("#sd-outcome", Static).update(shown)
        self.query_one("#sd-command", Static).update("")
        if self.pending is not None:
            self.query_one(f"#sd-react-{fh_san.REACTIONS[0].name}", Button).focus()
        else:
            self.query_one("#sd-next", Button).focus()

    def _react(self, name: str) -> None:
        """The GM's choice of reaction to the temporary insanity just rolled: its condition, with
        the effect for this agent (``cond add NAME insane-REACTION``)."""
        # (loaded with the game's commands)
        from fhtagn_tui.domain.features.campaign import AddCondition

        pending = self.pending
        if pending is None:
            return
        # secret when the test it answers was (ctrl+g covered that one action only): players learn
        # nothing of a secret test from the reaction chosen after it
        refusal, events = self.run_command(AddCondition(name=pending.character, condition=f"insane-{name}"), [],
                                           secret=pending.secret)
        if refusal is not None:
            self._error(refusal)
            return
        self.pending = None
        self.query_one("#sd-react").display = False
        self._outcome = self._listed(self._outcome.copy(), events)
        self.query_one("#sd-outcome", Static).update(self._outcome)
        self.query_one("#sd-next", Button).focus()

    def _listed(self, text: Text, events: Sequence[Event]) -> Text:
        """``text`` with a line for each event, as the log words it."""
        names = names_of(self.state) | {c.id: c.name for c in self.state.characters.values()}
        for ev in events:
            text.append("\n• " + ev.describe(names))
        return text

    # --- events and keys --------------------------------------------------------------------------

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "sd-who":
            self._fill_character()
        if self.step == "choose":
            self._show()

    def on_input_changed(self, event: Input.Changed) -> None:
        if self.step == "choose":
            self._show()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        if self.step == "choose":
            self._show()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id == "sd-die":
            self.use_typed(event.value)
        else:
            self.action_primary()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        button = event.button.id or ""
        if button.startswith("sd-react-"):
            self._react(button.removeprefix("sd-react-"))
            return
        actions = {"sd-back": self.action_back, "sd-roll": self.action_roll_one, "sd-rest": self.action_roll_rest,
                   "sd-next": self.action_primary, "sd-cancel": self.action_cancel}
        action = actions.get(event.button.id or "")
        if action is not None:
            action()

    def action_primary(self) -> None:
        if self.step == "choose":
            self._start_dice()
        elif self.step == "dice":
            self.use_typed(self.query_one("#sd-die", Input).value)
        elif self.step == "ready":
            self._run()
        else:
            self.dismiss(None)

    def action_roll_one(self) -> None:
        if self.step != "dice" or self.current.need is None:
            return
        purpose, die = self.current.need
        self._advance([str(self.roll(purpose, die))])

    def action_roll_rest(self) -> None:
        while self.step == "dice" and self.current.need is not None:
            purpose, die = self.current.need
            if not self._advance([str(self.roll(purpose, die))]):
                return

    def action_back(self) -> None:
        if self.step not in ("dice", "ready"):
            return
        if self.values:  # one die back
            self.values.pop()
            assert self.command is not None
            self.current = sp.plan(self.state, self.command, self.values)
            self.step = "dice"
            self._show()
            self.query_one("#sd-die", Input).focus()
            return
        self.step = "choose"
        self._error("")
        self._show()

    def action_cancel(self) -> None:
        self.dismiss(None)
