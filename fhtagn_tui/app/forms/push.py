"""The push dialog (``u`` on the Party tab, Call of Cthulhu): the selected character's last failed roll,
what they do differently, dice typed in or rolled; on a failed push, the Keeper's consequence in the
Keeper's own words (COC-DICE-06: the program invents none)."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from fhtagn_tui.domain.features.skill_play import PushRoll, WriteConsequence
from fhtagn_tui.domain.state import Character
from fhtagn_tui.rules.dice import DiceError

from ..keymap import key_text
from ..run import Run, dice_of


def roll_line(char: Character) -> str:
    f = char.dev.failed
    due = char.dev.consequence_due
    if due and (f is None or not f.pushed or f.skill != due):  # a later roll since: the push is what is owed
        return f"{char.name}: the push of {due} failed — the Keeper's consequence is owed"
    if f is None:
        return f"{char.name} has no failed roll to push"
    needed = f", {f.difficulty}" if f.difficulty != "regular" else ""
    dice = "".join([f", {f.bonus} bonus" if f.bonus else "", f", {f.penalty} penalty" if f.penalty else ""])
    return f"{char.name}: {f.skill} {f.roll} vs {f.target}{needed}{dice} — {f.level}"


class PushForm(ModalScreen[None]):
    CSS_PATH = "skill_forms.tcss"  # loaded when first opened
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="form.cancel"), Binding("ctrl+s", "push", "Push", id="form.save")]

    def __init__(self, char: Character, run: Run, ask: Callable[[str], str | None] | None = None) -> None:
        super().__init__()
        self.char = char
        self.run = run
        self.secret = False  # the push was secret (ctrl+g): its consequence is too
        self.ask = ask  # a player's view: the reason is sent to the GM (who confirms), nothing is rolled here
        self.consequence = bool(char.dev.consequence_due)  # the push failed: the Keeper's words next

    def compose(self) -> ComposeResult:
        with Vertical(classes="skill-form", id="push-form"):
            yield Static("Push the roll (COC-DICE-06): once, same skill, difficulty and dice", markup=False)
            yield Static(roll_line(self.char) + (f" · asked by {self.char.dev.push_by}" if self.char.dev.push_asked
                                                 else ""), id="push-roll-line", markup=False)
            with Grid(classes="skill-grid"):
                yield Label("Differently", id="push-reason-label")
                yield Input(self.char.dev.push_asked, id="push-reason", placeholder="what they do differently",
                            max_length=300)
                yield Label("Dice", id="push-dice-label")
                yield Input("", id="push-dice", placeholder="typed in (empty: the app rolls)", max_length=40)
                yield Label("Consequence", id="push-consequence-label")
                yield Input("", id="push-consequence", placeholder="the Keeper's words", max_length=500)
            yield Static("", id="push-result", markup=False)
            yield Static("", classes="skill-error", id="push-error", markup=False)
            yield Static("", classes="skill-keys", id="push-keys", markup=False)

    def on_mount(self) -> None:
        self._stage()

    def _stage(self) -> None:
        later = self.consequence
        for wid in ("#push-reason", "#push-reason-label", "#push-dice", "#push-dice-label"):
            self.query_one(wid).display = not later and (self.ask is None or "dice" not in wid)
        for wid in ("#push-consequence", "#push-consequence-label"):
            self.query_one(wid).display = later
        save, esc = key_text(self.app, "form.save", "ctrl+s"), key_text(self.app, "form.cancel", "Esc")
        keys = (f"{save} record the consequence · {esc} later (consequence NAME \"WORDS\")" if later
                else f"Enter or {save} ask the GM to push · {esc} cancel" if self.ask is not None
                else f"Enter or {save} push · {esc} cancel")
        self.query_one("#push-keys", Static).update(keys)
        self.query_one("#push-consequence" if later else "#push-reason", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_push()

    def _error(self, text: str) -> None:
        self.query_one("#push-error", Static).update(Text(text.replace("\n", " · ")))

    def action_push(self) -> None:
        name = self.char.name
        if self.consequence:
            words = self.query_one("#push-consequence", Input).value.strip()
            if not words:
                self._error("The Keeper's consequence, in the Keeper's words (the program invents none)")
                return
            refusal, _events = self.run(WriteConsequence(name=name, words=words), None, self.secret)
            if refusal:
                self._error(refusal)
                return
            self.dismiss(None)
            return
        reason = self.query_one("#push-reason", Input).value.strip()
        if not reason:
            self._error(f"What does {self.char.name} do differently? (COC-DICE-06)")
            return
        if self.ask is not None:  # a player: the reason to the GM, who confirms and rolls
            refused = self.ask(reason)
            if refused:
                self._error(refused)
                return
            self.dismiss(None)
            return
        typed = self.query_one("#push-dice", Input).value.strip().replace(" ", ",")
        try:
            dice = dice_of(typed)
        except DiceError as exc:
            self._error(str(exc))
            return
        refusal, events = self.run(PushRoll(name=name, reason=reason), dice)
        if refusal:
            self._error(refusal)
            return
        self.secret = any(ev.secret for ev in events)
        pushed = next((ev for ev in events if type(ev).__name__ == "RollPushed"), None)
        if pushed is None or getattr(pushed, "success", True):
            self.dismiss(None)
            return
        self.query_one("#push-result", Static).update(Text(f"The push failed: {getattr(pushed, 'total', '?')} — "
                                                           "the Keeper decides the consequence", style="bold"))
        self._error("")
        self.consequence = True
        self._stage()

    def action_cancel(self) -> None:
        self.dismiss(None)
