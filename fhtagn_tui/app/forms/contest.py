"""The small dialogs of rolls outside combat (Party tab): an opposed roll (``o``: FH-DEV-02, COC-DICE-10,
GURPS-DICE-04) and a combined roll (``c``, Call of Cthulhu: COC-DICE-08).  Each shows the command a GM
could type as it is built, and runs the typed command built from the same words through the app."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from fhtagn_tui.rules.dice import DiceError

from ..keymap import key_text
from ..run import Line, Run, dice_of


class _LineForm(ModalScreen[None]):
    CSS_PATH = "skill_forms.tcss"  # loaded when first opened
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="form.cancel"), Binding("ctrl+s", "run", "Roll", id="form.save")]
    PREFIX = ""

    def __init__(self, run: Run) -> None:
        super().__init__()
        self.run = run

    def line(self) -> Line:
        """The roll as the command language takes it (the skills as typed: words of the line)."""
        raise NotImplementedError

    def dice(self) -> str:
        return self.value("dice").replace(" ", ",")

    def text(self) -> str:
        """The command a GM could type (shown as it is built)."""
        return self.line().text() + (f" roll={self.dice()}" if self.dice() else "")

    def value(self, key: str) -> str:
        return self.query_one(f"#{self.PREFIX}-{key}", Input).value.strip()

    def keys(self) -> Static:
        return Static(f"Enter or {key_text(self.app, 'form.save', 'ctrl+s')} roll · "
                      f"{key_text(self.app, 'form.cancel', 'Esc')} cancel", classes="skill-keys", markup=False)

    #: the Input that takes the focus first, and the one after it when the first is filled in
    FIRST = ("who", "skill")

    def on_mount(self) -> None:
        who = self.query_one(f"#{self.PREFIX}-who", Input)
        who.value = getattr(self, "who", "")
        self.query_one(f"#{self.PREFIX}-{self.FIRST[1] if who.value else self.FIRST[0]}", Input).focus()
        self._show()

    def _show(self) -> None:
        self.query_one(f"#{self.PREFIX}-command", Static).update(Text(self.text()))

    def on_input_changed(self, event: Input.Changed) -> None:
        self._show()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_run()

    def missing(self) -> str:
        return ""

    def action_run(self) -> None:
        problem = self.missing() or self._run()
        if problem:
            self.query_one(f"#{self.PREFIX}-error", Static).update(Text(problem.replace("\n", " · ")))
            return
        self.dismiss(None)

    def _run(self) -> str | None:
        from fhtagn_tui.commands import ParseError

        try:
            command, typed = self.line().command(), dice_of(self.dice())
        except (ParseError, DiceError) as exc:
            return str(exc)
        return self.run(command, typed)[0]

    def action_cancel(self) -> None:
        self.dismiss(None)


class OpposeForm(_LineForm):
    """An opposed roll outside combat: the one acting, and the defender (ties go to them)."""

    PREFIX = "oppose"

    def __init__(self, who: str, run: Run) -> None:
        super().__init__(run)
        self.who = who

    def compose(self) -> ComposeResult:
        with Vertical(classes="skill-form", id="oppose-form"):
            yield Static("Opposed roll — the defender holds ties (FH-DEV-02, COC-DICE-10, GURPS-DICE-04)", markup=False)
            with Grid(classes="skill-grid"):
                yield Label("Acting")
                yield Input("", id="oppose-who", placeholder="who acts", max_length=120)
                yield Label("Skill")
                yield Input("", id="oppose-skill", placeholder="Stealth", max_length=120)
                yield Label("Defender")
                yield Input("", id="oppose-vs", placeholder="who resists", max_length=120)
                yield Label("Their skill")
                yield Input("", id="oppose-vs-skill", placeholder="Listen", max_length=120)
                yield Label("Dice")
                yield Input("", id="oppose-dice", placeholder="typed in: acting's, then defender's", max_length=60)
            yield Static("", classes="skill-command", id="oppose-command", markup=False)
            yield Static("", classes="skill-error", id="oppose-error", markup=False)
            yield self.keys()

    def missing(self) -> str:
        if not all(self.value(k) for k in ("who", "skill", "vs", "vs-skill")):
            return "Who acts with which skill, and who resists with which"
        return ""

    def line(self) -> Line:
        return Line("oppose", (self.value("who"), *self.value("skill").split(), "vs", self.value("vs"),
                               *self.value("vs-skill").split()))


class CombineForm(_LineForm):
    """A combined roll: one d100 against two or more skills; the Keeper says all or any beforehand."""

    PREFIX = "combine"
    FIRST = ("who", "skills")

    def __init__(self, who: str, run: Run) -> None:
        super().__init__(run)
        self.who = who

    def compose(self) -> ComposeResult:
        with Vertical(classes="skill-form", id="combine-form"):
            yield Static("Combined roll (COC-DICE-08) — one d100, each skill at its difficulty", markup=False)
            with Grid(classes="skill-grid"):
                yield Label("Who")
                yield Input("", id="combine-who", max_length=120)
                yield Label("Skills")
                yield Input("", id="combine-skills", placeholder="Spot Hidden, Listen:hard", max_length=200)
                yield Label("Needs")
                yield Input("", id="combine-need", placeholder="all or any (the Keeper says)", max_length=3)
                yield Label("Dice")
                yield Input("", id="combine-dice", placeholder="typed in (empty: the app rolls)", max_length=40)
            yield Static("", classes="skill-command", id="combine-command", markup=False)
            yield Static("", classes="skill-error", id="combine-error", markup=False)
            yield self.keys()

    def missing(self) -> str:
        if self.value("need").casefold() not in ("all", "any"):
            return "Does it need all of the skills or any? (COC-DICE-08: the Keeper says beforehand)"
        return ""

    def line(self) -> Line:
        return Line("combine", (self.value("who"), *self.value("skills").split(), ("need", self.value("need").casefold())))
