"""The requisition form: one request, asking only what its category and way need."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from fhtagn_tui.domain.commands import Command
from fhtagn_tui.domain.features.requisition import RequestRequisition
from fhtagn_tui.domain.state import State
from fhtagn_tui.rules.dice import DiceError, parse_typed
from fhtagn_tui.rules.fhtagn import requisition as req

from ..keymap import key_markup
from ..run import Run
from ..widgets.tick_box import TickBox

AUTO = "auto"
NONE = ""


class RequisitionForm(ModalScreen[None]):
    CSS_PATH = "requisition.tcss"  # loaded when first opened, not at start-up
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="form.cancel"), Binding("ctrl+s", "save", "Save", id="form.save")]

    def __init__(self, state: State, submit: Run, agent: str = "") -> None:
        super().__init__()
        self.state = state
        self.submit = submit
        self.agents = [c for c in state.characters.values() if c.is_pc]
        self.agent = agent or (self.agents[0].id if self.agents else "")

    def compose(self) -> ComposeResult:
        with Vertical(id="req-form"):
            yield Static("[b]Requisition[/b]  (FH-REQ: favour or own money)", id="req-form-title")
            with Grid(id="req-grid"):
                yield Label("Agent")
                yield Select([(c.name, c.id) for c in self.agents], value=self.agent or Select.NULL,
                             id="rf-agent", compact=True)
                yield Label("Item")
                yield Input(placeholder="pistol, plane ticket, used car… or anything",
                            suggester=SuggestFromList(req.item_names(), case_sensitive=False),
                            id="rf-item", compact=True)
                yield Label("Price €")
                yield Input(placeholder="optional", type="integer", id="rf-price", compact=True)
                yield Label("Category")
                yield Select([("from item / price", AUTO)] + [(f"{c.name} ({c.range_text})", c.key) for c in req.CATEGORIES],
                             value=AUTO, allow_blank=False, id="rf-category", compact=True)
                yield Label("Paid by")
                yield Select([("a favour (contact bond)", req.FAVOUR), ("own money", req.OWN)],
                             value=req.FAVOUR, allow_blank=False, id="rf-method", compact=True)
                yield Label("Bond", id="rf-bond-label")
                yield Select([], id="rf-bond", compact=True)
                yield Label("Dice")
                yield Input(placeholder="blank: the app rolls; or the d100 then bond dice", id="rf-dice", compact=True)
            with Horizontal(id="req-flags"):
                yield TickBox("profession helps (+20)", id="rf-profession", compact=True)
                yield TickBox("GM approved", id="rf-approved", compact=True)
                yield TickBox("avoidance test", id="rf-test", compact=True)
            yield Static("", id="rf-hint")
            yield Static("", id="rf-error")
            with Horizontal(id="rf-buttons"):
                yield Button(f"Request ({key_markup(self.app, 'form.save', 'ctrl+s')})", variant="primary", id="rf-save", compact=True)
                yield Button(f"Cancel ({key_markup(self.app, 'form.cancel', 'esc')})", id="rf-cancel", compact=True)

    def on_mount(self) -> None:
        self._bonds()
        self._hint()
        self.query_one("#rf-item", Input).focus()

    # --- what the request needs ---------------------------------------------------------------

    def _value(self, selector: str) -> str:
        value = self.query_one(selector, Select).value
        return value if isinstance(value, str) else ""

    def _bonds(self) -> None:
        char = self.state.characters.get(self._value("#rf-agent"))
        bonds = [(f"{b.name} ({b.score}{', broken' if b.broken else ''})", b.name) for b in char.bonds] if char else []
        select = self.query_one("#rf-bond", Select)
        select.set_options([("(none)", NONE)] + bonds)
        select.value = NONE
        favour = self._value("#rf-method") == req.FAVOUR
        self.query_one("#rf-bond-label", Label).update("Contact" if favour else "Bond pays")

    def _category(self) -> req.Category | None:
        chosen = self._value("#rf-category")
        if chosen and chosen != AUTO:
            return req.CATEGORY_BY_KEY[chosen]
        price = self.query_one("#rf-price", Input).value.strip()
        if price.isdigit():
            return req.classify(int(price))
        item = req.suggest(self.query_one("#rf-item", Input).value)
        return req.CATEGORY_BY_KEY[item.category] if item else None

    def _hint(self) -> None:
        cat = self._category()
        method = self._value("#rf-method")
        if cat is None:
            self.query_one("#rf-hint", Static).update("Category: give a price or pick one (the item is not in the catalogue)")
            return
        if method == req.FAVOUR:
            how = "favour — " + req.favour_words(req.FAVOUR_ROWS[cat.key])
        else:
            how = "own money — " + req.own_words(req.OWN_ROWS[cat.key])
        approval = " · needs GM approval" if cat.approval else ""
        self.query_one("#rf-hint", Static).update(f"{cat.name} ({cat.range_text}) · {how}{approval}")

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id in ("rf-agent", "rf-method"):
            self._bonds()
        self._hint()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id in ("rf-item", "rf-price"):
            self._hint()

    # --- saving --------------------------------------------------------------------------------

    def build(self) -> tuple[Command | None, list[str] | None, str | None]:
        agent = self._value("#rf-agent")
        if not agent:
            return None, None, "pick the agent"
        item = self.query_one("#rf-item", Input).value.strip()
        if not item:
            return None, None, "name the item"
        price_text = self.query_one("#rf-price", Input).value.strip()
        price = int(price_text) if price_text.lstrip("-").isdigit() else None
        category = self._value("#rf-category")
        method = self._value("#rf-method")
        bond = self._value("#rf-bond")
        dice_text = self.query_one("#rf-dice", Input).value.strip()
        try:
            dice = parse_typed(dice_text) if dice_text else None
        except DiceError as exc:
            return None, None, str(exc)
        test = self.query_one("#rf-test", Checkbox).value
        command = RequestRequisition(
            agent=agent,
            item=item,
            method=method,
            category="" if category == AUTO else category,
            price=price,
            contact=bond if method == req.FAVOUR else "",
            bond=bond if method == req.OWN else "",
            profession=self.query_one("#rf-profession", Checkbox).value,
            approved=self.query_one("#rf-approved", Checkbox).value,
            test=True if test else None,
        )
        return command, dice, None

    def action_save(self) -> None:
        command, dice, problem = self.build()
        if command is None:
            self.query_one("#rf-error", Static).update(problem or "")
            return
        refusal, _events = self.submit(command, dice)
        if refusal:
            self.query_one("#rf-error", Static).update(refusal)
            return
        self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "rf-save":
            self.action_save()
        else:
            self.action_cancel()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_save()
