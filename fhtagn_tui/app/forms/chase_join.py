"""Adding a participant to a chase being set up: a character on foot, or a vehicle with its crew."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widgets import Button, Input, Label, Select, Static

from fhtagn_tui.domain.features.chase import AddParticipant
from fhtagn_tui.domain.state import State
from fhtagn_tui.rules.coc import chase as rc
from fhtagn_tui.rules.coc import vehicles as rv

from ..access import gm_app
from ..keymap import key_markup
from ..run import Run

FOOT = ""


def vehicle_options() -> list[tuple[str, str]]:
    """On foot, then every chart row with its MOV and Build."""
    return [("on foot", FOOT)] + [
        (f"{v.name} (MOV {v.mov}, Build {rv.format_build(v.build)})", v.name) for v in rv.VEHICLES
    ]


class ChaseJoinForm(ModalScreen[None]):
    """ctrl+s adds and closes; ctrl+n adds and stays open for the next participant."""
    CSS_PATH = "chase_forms.tcss"  # loaded when first opened, not at start-up

    BINDINGS = [
        Binding("escape", "cancel", "Close", id="form.cancel"),
        Binding("ctrl+s", "save(True)", "Add", id="form.save"),
        Binding("ctrl+n", "save(False)", "Add another", id="chase_join.add_another"),
    ]

    def __init__(self, state: State, chase: int, submit: Run) -> None:
        super().__init__()
        self.state = state
        self.number = chase
        self.submit = submit

    def _free(self) -> list[tuple[str, str]]:
        chase = next((c for c in self.state.chases if c.number == self.number), None)
        taken = {o for p in chase.participants for o in p.occupants} if chase else set()
        return [(f"{c.name} ({c.kind})", c.id) for c in self.state.characters.values() if c.id not in taken]

    def compose(self) -> ComposeResult:
        free = self._free()
        names = [c.name for c in self.state.characters.values()]
        with Vertical(id="cj-form", classes="chase-form"):
            yield Static(f"[b]Add to chase {self.number}[/b]", id="cj-title", classes="chase-form-title")
            with Grid(classes="chase-grid"):
                yield Label("Who")
                yield Select(free, value=free[0][1] if free else Select.NULL, id="cj-who", compact=True)
                yield Label("Side")
                yield Select([("flees", rc.FLEE), ("pursues", rc.PURSUE)], value=rc.FLEE, allow_blank=False,
                             id="cj-side", compact=True)
                yield Label("Vehicle")
                yield Select(vehicle_options(), value=FOOT, allow_blank=False, id="cj-vehicle", compact=True)
                yield Label("Called", id="cj-label-label")
                yield Input(placeholder="the vehicle's name, e.g. Ford", id="cj-label", compact=True)
                yield Label("Passengers", id="cj-pax-label")
                yield Input(placeholder="names, comma separated", id="cj-pax", compact=True,
                            suggester=SuggestFromList(names, case_sensitive=False))
                yield Label("MOV")
                yield Input(placeholder="blank: from the sheet or the chart", type="integer", id="cj-mov",
                            compact=True)
                yield Label("No skill")
                yield Select([(f"{a} ({w})", a) for a, w in
                              (("neither", "DEX/2"), ("aptitude", "DEX"), ("ineptitude", "DEX/5"))],
                             value="neither", allow_blank=False, id="cj-aptitude", compact=True)
            yield Static("", id="cj-hint", classes="chase-form-hint")
            yield Static("", id="cj-error", classes="chase-form-error")
            with Horizontal(classes="chase-form-buttons"):
                yield Button(f"Add ({key_markup(self.app, 'form.save', 'ctrl+s')})", variant="primary", id="cj-save", compact=True)
                yield Button(f"Add another ({key_markup(self.app, 'chase_join.add_another', 'ctrl+n')})", id="cj-more", compact=True)
                yield Button(f"Close ({key_markup(self.app, 'form.cancel', 'esc')})", id="cj-cancel", compact=True)

    def on_mount(self) -> None:
        self._side_for_who()
        self._vehicle_fields()
        self.query_one("#cj-who", Select).focus()

    def _value(self, selector: str) -> str:
        value = self.query_one(selector, Select).value
        return value if isinstance(value, str) else ""

    def _side_for_who(self) -> None:
        """Investigators usually flee and the rest pursue; the Keeper may change it."""
        char = self.state.characters.get(self._value("#cj-who"))
        if char is not None:
            self.query_one("#cj-side", Select).value = rc.FLEE if char.is_pc else rc.PURSUE

    def _vehicle_fields(self) -> None:
        vehicle = self._value("#cj-vehicle")
        for selector in ("#cj-label-label", "#cj-label", "#cj-pax-label", "#cj-pax"):
            self.query_one(selector).display = bool(vehicle)
        spec = rv.vehicle_spec(vehicle) if vehicle else None
        hint = self.query_one("#cj-hint", Static)
        if spec is None:
            hint.update("On foot: MOV from the sheet; the speed roll uses CON.")
        else:
            hint.update(f"{spec.name}: {rv.CHARTS.get(spec.chart, spec.chart)} · armour {spec.armor} · "
                        f"passengers {spec.passengers}. Who (above) drives it.")

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "cj-who":
            self._side_for_who()
        elif event.select.id == "cj-vehicle":
            self._vehicle_fields()

    def build(self) -> tuple[AddParticipant | None, str]:
        cid = self._value("#cj-who")
        char = self.state.characters.get(cid)
        if char is None:
            return None, "pick who joins the chase"
        vehicle = self._value("#cj-vehicle")
        mov_text = self.query_one("#cj-mov", Input).value.strip()
        mov = int(mov_text) if mov_text.lstrip("-").isdigit() else None
        side, aptitude = self._value("#cj-side"), self._value("#cj-aptitude") or "neither"
        if not vehicle:
            return AddParticipant(chase=self.number, name=char.name, side=side, mov=mov, aptitude=aptitude), ""
        label = self.query_one("#cj-label", Input).value.strip()
        if not label:
            return None, f"name the {vehicle} (e.g. Ford, Black sedan): the track shows it by that name"
        pax = tuple(n.strip() for n in self.query_one("#cj-pax", Input).value.split(",") if n.strip())
        return AddParticipant(chase=self.number, name=label, vehicle=vehicle, driver=char.name, passengers=pax,
                              side=side, mov=mov, aptitude=aptitude), ""

    def action_save(self, close: bool) -> None:
        command, problem = self.build()
        error = self.query_one("#cj-error", Static)
        if command is None:
            error.update(problem)
            return
        refusal, _events = self.submit(command)
        if refusal:
            error.update(refusal)
            return
        if close:
            self.dismiss(None)
            return
        self._reset(command.name)

    def _reset(self, added: str) -> None:
        """Ready for the next participant: the state has moved on, so ask the app for it."""
        self.state = gm_app(self).state
        free = self._free()
        who = self.query_one("#cj-who", Select)
        who.set_options(free)
        if free:
            who.value = free[0][1]
        for selector in ("#cj-label", "#cj-pax", "#cj-mov"):
            self.query_one(selector, Input).value = ""
        self.query_one("#cj-vehicle", Select).value = FOOT
        self.query_one("#cj-error", Static).update("")
        self.query_one("#cj-title", Static).update(
            f"[b]Add to chase {self.number}[/b]  [green]added {added}[/green] — the next one, or "
            f"{key_markup(self.app, 'form.cancel', 'esc')}")
        who.focus()

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "cj-save":
            self.action_save(True)
        elif event.button.id == "cj-more":
            self.action_save(False)
        else:
            self.action_cancel()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_save(True)
