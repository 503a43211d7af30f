"""The Ask dialog (``k`` on the Party and Initiative tabs): ask players for a roll.

Who (names separated by commas, or ``all``), the test (a skill or stat, ``san 1/1d6``,
``fright``), difficulty (Call of Cthulhu), a modifier, secret.  The command text a GM could type
(``ask …``) is shown as it is built; the typed command is built from the same words and run through
the app, secret as ``secret=``.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Input, Label, Static

from fhtagn_tui.commands import ParseError
from fhtagn_tui.commands.language import tokenize

from ..keymap import key_text
from ..run import Line, Part, Run
from ..widgets.tick_box import TickBox


class AskForm(ModalScreen[None]):
    CSS_PATH = "ask.tcss"  # loaded when first opened
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="form.cancel"), Binding("ctrl+s", "ask", "Ask", id="form.save")]

    def __init__(self, system: str, who: str, run: Run) -> None:
        super().__init__()
        self.system = system
        self.who = who
        self.run = run

    def compose(self) -> ComposeResult:
        test = "fright" if self.system == "gurps" else ""
        with Vertical(id="ask-form"):
            yield Static("Ask for a roll — each player rolls on their own screen", markup=False)
            with Grid(id="ask-grid"):
                yield Label("Who")
                yield Input(self.who or "all", id="ask-who", placeholder="ada,jonah or all", max_length=300)
                yield Label("Test")
                yield Input(test, id="ask-test", placeholder="Listen · luck · san 1/1d6 · Stealth vs NAME Listen",
                            max_length=120)
                if self.system == "coc7":
                    yield Label("Difficulty")
                    yield Input("regular", id="ask-difficulty", placeholder="regular · hard · extreme", max_length=10)
                else:
                    yield Label("Modifier")
                    yield Input("", id="ask-mod", placeholder="-20 / +20" if self.system == "fhtagn" else "-2",
                                max_length=6)
                yield Label("Secret")
                yield TickBox("only I see the results", id="ask-secret")
            yield Static("", id="ask-command", markup=False)
            yield Static("", id="ask-error", markup=False)
            yield Static(f"Enter or {key_text(self.app, 'form.save', 'ctrl+s')} ask · "
                         f"{key_text(self.app, 'form.cancel', 'Esc')} cancel", markup=False)

    def on_mount(self) -> None:
        self.query_one("#ask-test" if self.who else "#ask-who", Input).focus()
        self._show()

    def text(self) -> str:
        """The command a GM could type (shown as it is built)."""
        return self.line().text() + (" secret" if self._secret() else "")

    def _secret(self) -> bool:
        return self.query_one("#ask-secret", Checkbox).value

    def line(self) -> Line:
        """The request without its secret (the test as the command line takes it)."""
        who = ",".join(part.strip() for part in self.query_one("#ask-who", Input).value.split(",") if part.strip())
        test = self.query_one("#ask-test", Input).value.strip()
        parts: list[Part] = [who or "all"]
        head, _, rest = test.partition(" ")
        if head.casefold() == "san" and rest.strip():
            parts += ["san", rest.strip()]
        elif any(w.casefold() == "vs" for w in test.split()):  # an opposed roll: SKILL vs DEFENDER SKILL, as typed
            try:
                parts += tokenize(test)  # (a defender's name in quotes: "Cultist 1")
            except ParseError:
                parts += test.split()
        elif test:
            parts.append(test)
        for key, option in (("#ask-difficulty", "difficulty"), ("#ask-mod", "mod")):
            found = self.query(key)
            value = found.first(Input).value.strip() if found else ""
            if value and value != "regular":
                parts.append((option, value))
        return Line("ask", tuple(parts))

    def _show(self) -> None:
        self.query_one("#ask-command", Static).update(self.text())

    def on_input_changed(self, event: Input.Changed) -> None:
        self._show()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self._show()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_ask()

    def action_ask(self) -> None:
        if not self.query_one("#ask-test", Input).value.strip():
            self.query_one("#ask-error", Static).update("Which test? a skill or stat, luck, san LOSS, fright, or SKILL vs NAME SKILL")
            return
        try:
            command = self.line().command()
        except ParseError as exc:
            problem: str | None = str(exc)
        else:  # a secret request: the players roll, only the GM sees the results (the engine says how)
            problem = self.run(command, None, self._secret())[0]
        if problem:
            self.query_one("#ask-error", Static).update(problem.replace("\n", " · "))
            return
        self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)
