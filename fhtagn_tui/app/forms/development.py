"""The development phase (offered when a session ends; ``develop`` typed): every experience check
(CoC, COC-DEV-01) or mark (FHTAGN, FH-DEV-03) listed, rolled when the GM says so — or with the dice typed
in — as one action (undone as one), then a summary of what rose (FH-DEV-04, COC-DEV-02…04).

Where the rules leave a choice to the Keeper (recovery from indefinite insanity, COC-INSANITY-12), the
form offers it, unticked; nothing is rolled before ctrl+s."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Input, Static

from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.features.skill_play import Develop
from fhtagn_tui.domain.state import State
from fhtagn_tui.rules.dice import DiceError
from fhtagn_tui.rules.quoting import opt

from ..keymap import key_text
from ..run import Run, dice_of
from ..widgets.tick_box import TickBox

INSANE = "indefinitely insane"


def checks_of(state: State) -> list[tuple[str, str]]:
    """(character's name, skill) of every check or mark, by name."""
    return [(char.name, skill) for char in sorted(state.characters.values(), key=lambda c: c.name.casefold())
            for skill in char.dev.checks]


def checks_text(state: State) -> Text:
    """What the phase does besides the checks ticked below: the CoC Luck recovery and cumulative SAN loss."""
    text = Text()
    coc = state.system == "coc7"
    if not checks_of(state):
        text.append("No skill is checked.\n" if coc else "No skill is marked.\n", style="italic")
    else:
        text.append("Ticked: rolled · unticked: skipped by the GM (logged; the check clears all the same)\n",
                    style="dim")
    if coc:
        lucky = [c.name for c in state.characters.values() if c.is_pc and "Luck" in c.current]
        if lucky:
            text.append(f"Luck recovery (COC-DEV-03): {', '.join(sorted(lucky))}\n")
        if any(v for c in state.characters.values() for v in c.mind.cumulative.values()):
            text.append("Cumulative SAN loss to each entity drops by 1 (COC-DEV-04)\n")
    return text


def summary(events: list[Event], names: dict[str, str]) -> Text:
    """What rose, then every roll of the phase."""
    from fhtagn_tui.domain.features.campaign import PoolChanged
    from fhtagn_tui.domain.features.skill_play import LuckRecovered, SkillDeveloped

    rose: list[str] = []
    for ev in events:
        if isinstance(ev, SkillDeveloped) and ev.new > ev.old:
            rose.append(f"{names.get(ev.character, ev.character)}: {ev.skill} {ev.old} → {ev.new}")
        elif isinstance(ev, LuckRecovered) and ev.gain:
            rose.append(f"{names.get(ev.character, ev.character)}: Luck {ev.old} → {ev.new}")
        elif isinstance(ev, PoolChanged) and ev.pool == "SAN":
            rose.append(f"{names.get(ev.character, ev.character)}: SAN {ev.old} → {ev.new}")
    text = Text("What rose: ", style="bold")
    text.append(("; ".join(rose) if rose else "nothing this time") + "\n")
    for ev in events:
        text.append("· " + ev.describe(names) + "\n", style="dim")
    return text


class DevelopmentForm(ModalScreen[None]):
    CSS_PATH = "development.tcss"  # loaded when first opened
    BINDINGS = [Binding("escape", "cancel", "Later", id="form.cancel"), Binding("ctrl+s", "roll", "Roll", id="form.save")]

    def __init__(self, state: State, run: Run) -> None:
        super().__init__()
        self.state = state
        self.run = run
        self.done = False
        self.insane = sorted(c.name for c in state.characters.values() if c.has(INSANE)) if state.system == "coc7" else []
        self.checks = checks_of(state)

    def compose(self) -> ComposeResult:
        with Vertical(id="dev-form"):
            yield Static("Development phase — the checks rolled as one action (undo takes it back whole)",
                         markup=False, id="dev-title")
            with VerticalScroll(id="dev-body"):
                for i, (name, skill) in enumerate(self.checks):
                    yield TickBox(f"{name}: {skill}", True, id=f"dev-check-{i}")
                yield Static(checks_text(self.state), id="dev-checks")
                for i, name in enumerate(self.insane):
                    yield TickBox(f"the Keeper allows {name} to recover (COC-INSANITY-12)", id=f"dev-recover-{i}")
            yield Input("", id="dev-dice", placeholder="dice typed in, in order (empty: the app rolls)", max_length=300)
            yield Static("", id="dev-error", markup=False)
            yield Static(f"{key_text(self.app, 'form.save', 'ctrl+s')} roll · "
                         f"{key_text(self.app, 'form.cancel', 'Esc')} later (type develop)", id="dev-keys", markup=False)

    def on_mount(self) -> None:
        self.query_one("#dev-dice", Input).focus()

    def command(self) -> Develop:
        """The phase as the GM set it: the checks unticked skipped, the recoveries allowed."""
        skipped = tuple(f"{name}:{skill}".strip() for i, (name, skill) in enumerate(self.checks)
                        if not self.query_one(f"#dev-check-{i}", Checkbox).value)
        allowed = tuple(name.strip() for i, name in enumerate(self.insane)
                        if self.query_one(f"#dev-recover-{i}", Checkbox).value)
        return Develop(skip=skipped, recover=allowed)

    def typed(self) -> str:
        return self.query_one("#dev-dice", Input).value.strip().replace(" ", ",")

    def text(self) -> str:
        """The command a GM could type for it."""
        command, typed = self.command(), self.typed()
        words = ["develop"]
        if command.skip:
            words.append(opt("skip", ",".join(command.skip)))
        if command.recover:
            words.append(opt("recover", ",".join(command.recover)))
        if typed:
            words.append(f"roll={typed}")
        return " ".join(words)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_roll()

    def action_roll(self) -> None:
        if self.done:
            self.dismiss(None)
            return
        try:
            refusal, events = self.run(self.command(), dice_of(self.typed()))
        except DiceError as exc:
            refusal, events = str(exc), []
        if refusal:
            self.query_one("#dev-error", Static).update(refusal.replace("\n", " · "))
            return
        self.done = True
        names = {c.id: c.name for c in self.state.characters.values()}
        self.query_one("#dev-checks", Static).update(summary(events, names))
        for box in self.query(Checkbox):
            box.display = False
        self.query_one("#dev-dice", Input).display = False
        self.query_one("#dev-error", Static).update("")
        self.query_one("#dev-keys", Static).update(
            f"{key_text(self.app, 'form.save', 'ctrl+s')} or {key_text(self.app, 'form.cancel', 'Esc')} close")
        self.query_one("#dev-body", VerticalScroll).focus()

    def action_cancel(self) -> None:
        self.dismiss(None)
