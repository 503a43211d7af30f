"""The investigator card: what a GM looks for mid-scene about the highlighted character, beside the
Party table when the terminal has the room (120×40 and up) — key skills, weapons with their damage,
armour, MOV/Build/DB and the like, Luck, bonds, and what is due.

Pure text from the state (:func:`card_text`); the widget only shows it.  Everything on it is on the
sheet under the table too: the card gathers it where the eye already is."""

from __future__ import annotations

import textwrap

from rich.text import Text
from textual.widgets import Static

from fhtagn_tui.domain import skills as skill_rules
from fhtagn_tui.domain.state import Character, State
from fhtagn_tui.domain.systems import derived
from fhtagn_tui.rules.names import fold
from fhtagn_tui.rules.weapons import UNARMED, Weapon, damage_text, weapons_for

from ..screens.party_sheet import due_lines
from .steady import update_steady

__all__ = ["CARD_WIDTH", "InvestigatorCard", "card_text", "key_skills", "ready_weapons"]

#: The card's width in columns (its border included): the Party table keeps 80 beside it at 120.
CARD_WIDTH = 40
#: How many skills and weapons it lists.
SKILLS = 6
WEAPONS = 4
#: The derived values it shows, in this order (each system has some of them).
_DERIVED = ("MOV", "Basic Move", "Build", "DB", "Dodge", "Will", "Per")


def key_skills(state: State, char: Character, limit: int = SKILLS) -> list[tuple[str, int]]:
    """The character's best skills the GM raised above their base, best first."""
    if not char.stats or state.system not in skill_rules.LISTS:
        return sorted(char.skills.items(), key=lambda kv: -kv[1])[:limit]
    return sorted(skill_rules.raised(state.system, char), key=lambda kv: -kv[1])[:limit]


def _skill(char: Character, name: str) -> int | None:
    key = fold(name)
    return next((v for k, v in char.skills.items() if fold(k) == key), None)


def ready_weapons(state: State, char: Character, limit: int = WEAPONS) -> list[tuple[Weapon, int | None]]:
    """Its own attacks first, then the campaign's weapons whose skill it has raised (best first);
    unarmed when it has none of them."""
    own = [(w, _skill(char, w.skill)) for w in char.attacks]
    known = [(w, _skill(char, w.skill)) for key, w in weapons_for(state.system, state.armory).items()
             if all(key != o.key for o in char.attacks)]
    skilled = sorted(((w, v) for w, v in known if v is not None), key=lambda wv: -(wv[1] or 0))
    out = (own + skilled)[:limit]
    if not out:
        unarmed = weapons_for(state.system, state.armory).get(UNARMED.get(state.system, "unarmed"))
        if unarmed is not None:
            out = [(unarmed, _skill(char, unarmed.skill))]
    return out


#: The label column's width, and the room for what follows it on a line.
_LABEL = 8
_ROOM = CARD_WIDTH - 2 - 1 - _LABEL  # (the padding, the border)


def _row(text: Text, label: str, value: Text | str, style: str = "") -> None:
    text.append("\n")
    text.append(f"{label:<{_LABEL}}", style="bold")
    text.append(value if isinstance(value, Text) else Text(value, style=style))


def _packed(text: Text, label: str, items: list[str], style: str = "", sep: str = "  ") -> None:
    """``items`` on as few lines as fit the card, each line under the label's column (never cut
    inside an item: a long one has a line of its own)."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + len(sep) + len(item) <= _ROOM:
            lines[-1] += sep + item
        else:
            lines.append(item)
    for i, line in enumerate(lines):
        _row(text, label if i == 0 else "", line, style)


def _weapon_groups(state: State, char: Character) -> list[list[str]]:
    """Per skill, its value and the weapons it fires or swings with their damage:
    ``["Firearms (Handgun) 45%", ".38 revolver 1d10", ".45 automatic 1d10+2"]``."""
    unit = "" if state.system == "gurps" else "%"
    groups: dict[str, list[str]] = {}
    values: dict[str, int | None] = {}
    for weapon, value in ready_weapons(state, char, limit=12):
        groups.setdefault(weapon.skill, []).append(f"{weapon.name} {damage_text(weapon)}"
                                                   + (f" ×{weapon.per_round}" if weapon.per_round > 1 else ""))
        values[weapon.skill] = value
    out = []
    for skill, weapons in list(groups.items())[:2]:
        value = values[skill]
        if len(weapons) > 3:  # (FHTAGN's Firearms fires a dozen): the first three, and how many more
            weapons = [*weapons[:3], f"+{len(weapons) - 3} more"]
        out.append([f"{skill}{f' {value}{unit}' if value is not None else ''}", *weapons])
    return out


def card_text(state: State, char: Character, commands: bool = True) -> Text:
    """The card of ``char``: a head, then a line each for what it holds (none for what it has not)."""
    text = Text(char.name, style="bold")
    text.append(f"  {char.kind}", style="dim")
    if not char.stats:  # a hidden character in the players' view: its name and status only
        if char.conditions:
            _packed(text, "Status", list(char.conditions), "yellow", ", ")
        return text
    values = derived(state.system, char)
    body = [f"{k} {values[k]}" for k in _DERIVED if k in values]
    if "Luck" in char.current:
        body.append(f"Luck {char.current['Luck']}")
    _packed(text, "Body", body, "cyan")
    armour = state.armory.armor.get(char.id, 0)
    worn = state.armory.armor_names.get(char.id, "")
    _row(text, "Armour", (f"{armour}" + (f" ({worn})" if worn else "")) if armour or worn else "none")
    unit = "" if state.system == "gurps" else "%"
    skills = key_skills(state, char)
    if skills:
        _packed(text, "Skills", [f"{name} {value}{unit}" for name, value in skills], "", " · ")
    for i, (skill, *weapons) in enumerate(_weapon_groups(state, char)):
        _row(text, "Weapons" if i == 0 else "", Text(skill, style="bold"))
        _packed(text, "", weapons, "", ", ")
    if char.bonds:
        _packed(text, "Bonds", [f"{b.name} {b.score}" + (" ✗ broken" if b.broken else "") for b in char.bonds],
                "", " · ")
    if char.conditions:
        _packed(text, "Status", list(char.conditions), "yellow", ", ")
    due = due_lines(state, char, commands=commands)
    _row(text, "Due", due[0] if due else "nothing", "" if due else "dim")
    for line in due[1:]:
        _row(text, "", line)
    if commands:  # the GM's: what the GM owes this character (issue 31's list, o), with what settles it
        from fhtagn_tui.domain.owed import owed

        for i, item in enumerate(o for o in owed(state) if o.who == char.id):
            words = item.text.removeprefix(f"{char.name}: ")
            lines = textwrap.wrap(f"{words} → {item.command.strip()}", _ROOM, break_on_hyphens=False)
            for j, line in enumerate(lines):  # under the value column, as the other rows
                _row(text, "Owed" if i == 0 and j == 0 else "", line, "yellow")
    return text


class InvestigatorCard(Static):
    """The card of the highlighted character (see :func:`card_text`)."""

    DEFAULT_CSS = f"""
    InvestigatorCard {{
        width: {CARD_WIDTH};
        height: auto;
        padding: 0 1;
        border-left: solid $primary-darken-2;
    }}
    """

    def show(self, state: State, char: Character | None, commands: bool = True) -> None:
        update_steady(self, card_text(state, char, commands) if char is not None else Text())
