"""The character form: create or edit a character, validated as you type."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from fhtagn_tui.commands import ParseError
from fhtagn_tui.commands.bonds import parse_bonds as read_bonds
from fhtagn_tui.domain.commands import Command
from fhtagn_tui.domain.features.campaign import CreateCharacter, EditCharacter
from fhtagn_tui.domain.skills import RELATIVE
from fhtagn_tui.domain.state import Bond, Character
from fhtagn_tui.domain.systems import KINDS, SHEETS, check_skill, check_stat

from ..keymap import key_markup
from ..run import Run
from ..widgets.tick_box import TickBox


def parse_skills(text: str) -> tuple[dict[str, int], str | None]:
    """``"Firearms 50, Dodge 40"`` → {"Firearms": 50, "Dodge": 40}."""
    skills: dict[str, int] = {}
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        name, _, value = part.rpartition(" ")
        if name and RELATIVE.match(value):  # GURPS "Stealth DX+1": see relative_parts
            continue
        if not name or not value.strip().rstrip("%").isdigit():
            return {}, f"skills are 'Name value' pairs separated by commas, e.g. 'Firearms 50, Dodge 40' (not {part!r})"
        number = int(value.strip().rstrip("%"))
        problem = check_skill(number)
        if problem:
            return {}, f"{name}: {problem}"
        name = name.strip()
        if name.casefold().startswith("custom:"):  # a new skill close to a listed one, confirmed
            name = name.split(":", 1)[1].strip()
        skills[name] = number
    return skills, None


def relative_parts(text: str) -> dict[str, str]:
    """GURPS skills written relative to their attribute: ``"Stealth DX+1"`` → {"Stealth": "DX+1"}."""
    out = {}
    for part in text.split(","):
        name, _, value = part.strip().rpartition(" ")
        if name and RELATIVE.match(value):
            name = name.strip()
            out[name.split(":", 1)[1].strip() if name.casefold().startswith("custom:") else name] = value.strip()
    return out


def custom_names(text: str) -> tuple[str, ...]:
    """The names written ``custom:NAME value`` in the skills field: confirmed as new skills."""
    out = []
    for part in text.split(","):
        name = part.strip().rpartition(" ")[0].strip()
        if name.casefold().startswith("custom:"):
            out.append(name.split(":", 1)[1].strip())
    return tuple(out)


def parse_bonds(text: str) -> tuple[tuple[Bond, ...], str | None]:
    """The bonds field, read by the command line's parser (the same bonds, the same refusals)."""
    try:
        return read_bonds(text), None
    except ParseError as exc:
        return (), str(exc)


#: What a skill line looks like in each system (GURPS skills are levels, not percentages).
SKILL_HINTS: dict[str, str] = {
    "fhtagn": "Firearms 50, Alertness 60, Search 40",
    "coc7": "Spot Hidden 60, Firearms (Handgun) 50, Dodge 35",
    "gurps": "Guns (Pistol) 13, Brawling 12, Stealth 11",
}


class CharacterForm(ModalScreen[None]):
    """New character (``char is None``) or edit one."""
    CSS_PATH = "character.tcss"  # loaded when first opened, not at start-up

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="form.cancel"),
        Binding("ctrl+s", "save", "Save", id="form.save"),
    ]

    def __init__(self, system: str, submit: Run, char: Character | None = None) -> None:
        super().__init__()
        self.system = system
        self.sheet = SHEETS[system]
        self.submit = submit
        self.char = char

    def compose(self) -> ComposeResult:
        editing = self.char is not None
        title = f"Edit {self.char.name}" if self.char else f"New {self.sheet.pc_kind} or NPC"
        with Vertical(id="char-form"):
            yield Static(f"[b]{title}[/b]  ({self.system})", id="form-title")
            with Horizontal(id="form-top"):
                yield Label("Name", classes="field-label")
                yield Input(value=self.char.name if self.char else "", placeholder="as the players call them",
                            id="f-name", compact=True, disabled=editing)
                kinds = [(k, k) for k in KINDS if not (self.system != "fhtagn" and k == "agent")]
                kind = self.char.kind if self.char else self.sheet.pc_kind
                yield Select(kinds, value=kind, allow_blank=False, id="f-kind", compact=True, disabled=editing)
            with Grid(id="form-stats"):
                for spec in self.sheet.stats + self.sheet.optional:
                    current = self.char.stats.get(spec.name) if self.char else None
                    yield Label(spec.name, classes="stat-label")
                    yield Input(
                        value="" if current is None else str(current),
                        placeholder=str(spec.default) if spec in self.sheet.stats else "auto",
                        id=f"f-stat-{spec.name}",
                        classes="stat-input",
                        compact=True,
                        type="integer",
                    )
            skills = ", ".join(f"{k} {v}" for k, v in self.char.skills.items()) if self.char else ""
            # labels stay when the fields are filled in; the hints are this system's own
            with Horizontal(classes="field-row"):
                yield Label("Skills", classes="field-label")
                yield Input(value=skills, placeholder=SKILL_HINTS.get(self.system, "Skill 50, Other skill 40"),
                            id="f-skills", compact=True)
            if self.system == "fhtagn" and not editing:
                with Horizontal(classes="field-row"):
                    yield Label("Bonds", classes="field-label")
                    yield Input(placeholder="Sister, Partner:9 (a bond starts at CHA)", id="f-bonds", compact=True)
            if not editing:
                yield TickBox("Hide stats from players", id="f-hidden", compact=True)
            yield Static("", id="form-error")
            with Horizontal(id="form-buttons"):
                yield Button(f"Save ({key_markup(self.app, 'form.save', 'ctrl+s')})", variant="primary", id="save", compact=True)
                yield Button(f"Cancel ({key_markup(self.app, 'form.cancel', 'esc')})", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#f-name" if self.char is None else ".stat-input", Input).focus()

    # --- validation as you type -----------------------------------------------------

    def _kind(self) -> str:
        if self.char is not None:
            return self.char.kind
        value = self.query_one("#f-kind", Select).value
        return str(value) if isinstance(value, str) else self.sheet.pc_kind

    def _collect(self) -> tuple[dict[str, int], list[str]]:
        stats: dict[str, int] = {}
        problems: list[str] = []
        kind = self._kind()
        for spec in self.sheet.stats + self.sheet.optional:
            field = self.query_one(f"#f-stat-{spec.name}", Input)
            text = field.value.strip()
            if not text:
                field.remove_class("bad")
                continue
            try:
                value = int(text)
            except ValueError:
                problems.append(f"{spec.name} must be a number")
                field.add_class("bad")
                continue
            problem = check_stat(self.system, spec.name, value, kind)
            field.set_class(problem is not None, "bad")
            if problem:
                problems.append(problem)
            else:
                stats[spec.name] = value
        return stats, problems

    def on_input_changed(self, event: Input.Changed) -> None:
        self._show_problems()

    def on_select_changed(self, event: Select.Changed) -> None:
        self._show_problems()

    def _show_problems(self) -> None:
        _, problems = self._collect()
        self.query_one("#form-error", Static).update("\n".join(problems[:2]))

    # --- saving ------------------------------------------------------------------------

    def build(self) -> tuple[Command | None, str | None]:
        stats, problems = self._collect()
        if problems:
            return None, problems[0]
        skills, problem = parse_skills(self.query_one("#f-skills", Input).value)
        if problem:
            return None, problem
        if self.char is not None:
            changed_stats = {k: v for k, v in stats.items() if self.char.stats.get(k) != v}
            changed_skills: dict[str, int | None] = {k: v for k, v in skills.items() if self.char.skills.get(k) != v}
            for old in self.char.skills:
                if old not in skills:
                    changed_skills[old] = None
            relative = relative_parts(self.query_one("#f-skills", Input).value)
            for name in relative:
                changed_skills.pop(name, None)
            if not changed_stats and not changed_skills and not relative:
                return None, "nothing changed"
            return EditCharacter(name=self.char.id, stats=changed_stats, skills=changed_skills, relative=relative,
                                 custom=custom_names(self.query_one("#f-skills", Input).value)), None
        name = self.query_one("#f-name", Input).value.strip()
        if not name:
            return None, "the character needs a name"
        bonds: tuple[Bond, ...] = ()
        if self.system == "fhtagn":
            bonds, problem = parse_bonds(self.query_one("#f-bonds", Input).value)
            if problem:
                return None, problem
        hidden = self.query_one("#f-hidden", Checkbox).value
        customs = custom_names(self.query_one("#f-skills", Input).value)
        return CreateCharacter(name=name, kind=self._kind(), stats=stats, skills=skills, bonds=bonds, hidden=hidden,
                               custom=customs, relative=relative_parts(self.query_one("#f-skills", Input).value)), None

    def action_save(self) -> None:
        command, problem = self.build()
        if command is None:
            self.query_one("#form-error", Static).update(problem or "")
            return
        refusal, _events = self.submit(command)
        if refusal:
            self.query_one("#form-error", Static).update(refusal)
            return
        self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self.action_save()
        else:
            self.action_cancel()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_save()
