"""The action menu and the action form of the Initiative tab.

The menu lists what the current combatant can do in this system (one key
each); the form asks only the fields that action needs, shows the command
line it will run (the same text the GM could type), and runs the command it
stands for.  A refusal stays in the form; success closes it and the tab shows
the result.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from fhtagn_tui.domain.state import Character, State
from fhtagn_tui.rules.dice import DiceError, parse_typed

from ..keymap import key_markup
from ..run import Run, command_of
from ..widgets.tick_box import TickBox
from .action_specs import ActionSpec, Ctx, Field, actions_for, command_text, defaults


def run_action(app: App[Any], run: Run, spec: ActionSpec, ctx: Ctx, dice: str = "") -> str | None:
    """The action as the form (or ``t``) set it, built as its typed command and run by ``run`` with the
    dice typed in; what cannot be built is said in a notice too.  The refusal, or None when done."""
    from fhtagn_tui.commands import ParseError  # (loaded with the first line run)

    built = spec.build(ctx)
    typed = parse_typed(dice) if dice and spec.dice else None
    try:
        if isinstance(built, str):  # a line taken whole (a note): read once
            command, read, secret = command_of(built)
            typed = typed if typed is not None else read
        else:
            command, secret = built.command(), False
    except ParseError as exc:
        message = str(exc).replace("\n", " · ")
        app.notify(message, severity="warning")
        return message
    return run(command, typed, secret)[0]


def open_reference(screen: ModalScreen[None] | ModalScreen[str | None], topic: str) -> None:
    """F1: the app's reference screen on ``topic``, where the app has one."""
    reference = getattr(screen.app, "action_reference", None)
    if callable(reference):
        reference(topic)
    else:
        screen.notify(f"Rules: {topic} (see 'help' on the command line)", timeout=4)


class ActionMenu(ModalScreen[str | None]):
    """What the acting character does: one line per action, picked by its key."""
    CSS_PATH = "action.tcss"  # loaded when first opened, not at start-up

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="form.cancel"), Binding("f1", "reference", "Rules", id="app.gm_screen")]

    def __init__(self, state: State, actor: Character) -> None:
        super().__init__()
        self.actions: list[ActionSpec] = actions_for(state, actor)
        self.actor = actor

    def compose(self) -> ComposeResult:
        with Vertical(id="act-menu"):
            yield Static(f"[b]{self.actor.name}[/b] acts — pick an action (key or ⏎, {key_markup(self.app, 'form.cancel', 'esc')} cancels)", id="act-menu-title")
            yield OptionList(*[Option(f"[b]{a.hotkey}[/b]  {a.label}", id=a.key) for a in self.actions], id="act-list")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_key(self, event: events.Key) -> None:
        for a in self.actions:
            if event.key == a.hotkey:
                event.stop()
                self.dismiss(a.key)
                return

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_reference(self) -> None:
        list_ = self.query_one(OptionList)
        index = list_.highlighted or 0
        topic = self.actions[index].topic if self.actions else ""
        open_reference(self, topic)


#: What an empty Select holds (``Select.NULL`` in Textual 8; ``Select.BLANK`` before).
NO_CHOICE = getattr(Select, "NULL", Select.BLANK)


def _choice_id(key: str) -> str:
    return f"af-{key}"


class ActionForm(ModalScreen[None]):
    """One action's fields; ctrl+s (or ⏎ in a text box) runs it."""
    CSS_PATH = "action.tcss"  # loaded when first opened, not at start-up

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="form.cancel"),
        Binding("ctrl+s", "save", "Do it", id="form.save"),
        Binding("f1", "reference", "Rules", id="app.gm_screen"),
    ]

    def __init__(self, state: State, actor: Character, spec: ActionSpec, run: Run,
                 values: dict[str, str] | None = None) -> None:
        """``values``: fields already chosen (the target of ``t``); the others at their defaults."""
        super().__init__()
        self.state = state
        self.actor = actor
        self.spec = spec
        self.run = run
        self.ctx = defaults(spec, Ctx(state, actor, values))
        self._options: dict[str, list[tuple[str, str]]] = {}

    # --- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Vertical(id="act-form"):
            yield Static(f"[b]{self.actor.name}[/b] — {self.spec.label}  [dim]({self.spec.topic}, {key_markup(self.app, 'app.gm_screen', 'F1')})[/dim]",
                         id="act-title")
            with Grid(id="act-grid"):
                for field in self.spec.fields:
                    if field.kind == "toggles":
                        continue
                    yield Label(field.label, id=f"al-{field.key}")
                    yield self._widget(field)
                if self.spec.dice:
                    yield Label("Dice", id="al-dice")
                    yield Input(placeholder="blank: the app rolls; or the values in draw order",
                                id="af-dice", compact=True)
            for field in self.spec.fields:
                if field.kind == "toggles" and field.choices is not None:
                    with Grid(id=_choice_id(field.key), classes="act-toggles"):
                        for label, value in field.choices(self.ctx):
                            yield TickBox(label, id=f"af-t-{value}", compact=True)
            yield Static("", id="act-hint")
            yield Static("", id="act-preview")
            yield Static("", id="act-error")
            with Horizontal(id="act-buttons"):
                yield Button(f"Do it ({key_markup(self.app, 'form.save', 'ctrl+s')})", variant="primary", id="act-save", compact=True)
                yield Button(f"Cancel ({key_markup(self.app, 'form.cancel', 'esc')})", id="act-cancel", compact=True)

    def _widget(self, field: Field) -> Select[str] | Input | Checkbox:
        if field.kind == "choice" and field.choices is not None:
            options = field.choices(self.ctx)
            self._options[field.key] = options
            value = self.ctx.get(field.key)
            return Select([(label, v) for label, v in options], value=value if options else NO_CHOICE,
                          allow_blank=not options, id=_choice_id(field.key), compact=True)
        if field.kind == "check":
            return TickBox("", id=_choice_id(field.key), compact=True)
        return Input(placeholder=field.placeholder, id=_choice_id(field.key), compact=True,
                     type="integer" if field.kind == "int" else "text")

    def on_mount(self) -> None:
        self._refresh()
        first = next((w for w in self.query("#act-grid Select, #act-grid Input, #act-grid Checkbox")
                      if w.display), None)
        if first is not None:
            first.focus()
        else:
            self.query_one("#act-save", Button).focus()

    # --- values ----------------------------------------------------------------------------

    def values(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for field in self.spec.fields:
            if field.kind == "toggles":
                on = [cb.id.removeprefix("af-t-") for cb in self.query(f"#{_choice_id(field.key)} Checkbox")
                      if isinstance(cb, Checkbox) and cb.value and cb.id]
                out[field.key] = ",".join(on)
                continue
            widget = self.query_one(f"#{_choice_id(field.key)}")
            if isinstance(widget, Select):
                out[field.key] = widget.value if isinstance(widget.value, str) else ""
            elif isinstance(widget, Checkbox):
                out[field.key] = "yes" if widget.value else ""
            elif isinstance(widget, Input):
                out[field.key] = widget.value
        return out

    def _refresh(self) -> None:
        self.ctx = Ctx(self.state, self.actor, self.values())
        for field in self.spec.fields:
            shown = field.when is None or field.when(self.ctx)
            widget = self.query_one(f"#{_choice_id(field.key)}")
            parts = [widget] if field.kind == "toggles" else [widget, self.query_one(f"#al-{field.key}")]
            for part in parts:
                if part.display != shown:
                    part.display = shown
            if field.kind == "toggles":
                continue
            if not shown:
                self.ctx.values[field.key] = ""
            if isinstance(widget, Select) and field.choices is not None:
                options = field.choices(self.ctx)
                if options != self._options.get(field.key):
                    self._options[field.key] = options
                    keep = self.ctx.get(field.key)
                    widget.set_options(options)
                    value = keep if any(v == keep for _, v in options) else (options[0][1] if options else "")
                    if options:
                        widget.value = value
                    self.ctx.values[field.key] = value
        hint = self.spec.hint(self.ctx) if self.spec.hint is not None else ""
        self.query_one("#act-hint", Static).update(hint)
        self.query_one("#act-preview", Static).update(f"[dim]:[/dim] {self._text()}", )

    def _dice(self) -> str:
        if not self.spec.dice:
            return ""
        raw = self.query_one("#af-dice", Input).value.strip()
        return ",".join(parse_typed(raw)) if raw else ""

    def _text(self) -> str:
        try:
            dice = self._dice()
        except DiceError:
            dice = "?"
        return command_text(self.spec, self.ctx, dice)

    def on_select_changed(self, event: Select.Changed) -> None:
        self._refresh()

    def on_input_changed(self, event: Input.Changed) -> None:
        self._refresh()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self._refresh()

    # --- running -----------------------------------------------------------------------------

    def action_save(self) -> None:
        self._refresh()
        error = self.query_one("#act-error", Static)
        try:
            dice = self._dice()
        except DiceError as exc:
            error.update(str(exc))
            return
        for field in self.spec.fields:
            if field.kind == "choice" and self.ctx.get(field.key) == "" and field.key == "target":
                error.update("nobody to target: add combatants first")
                return
        refusal = run_action(self.app, self.run, self.spec, self.ctx, dice)
        if refusal:
            error.update(refusal.replace("\n", " · "))
            return
        self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_reference(self) -> None:
        open_reference(self, self.spec.topic)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "act-save":
            self.action_save()
        else:
            self.action_cancel()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_save()
