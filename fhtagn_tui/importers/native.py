"""The project's own JSON form of one character (``fhtagn char export NAME CHARACTER``).

``{"fhtagn": "character", "format": 1, "system": "coc7", "character": {"name", "kind",
"stats", "skills", "current", "bonds", "conditions", "hidden", "notes", "attacks", "san_loss",
"armor", "armor_item", "spells"}}`` — read back by ``fhtagn import`` / ``char import`` into any
campaign of the same system, so a character moves between campaigns.  Pure: no IO.
"""

from __future__ import annotations

from typing import Any

import msgspec

from fhtagn_tui.domain.features.bestiary import Entry
from fhtagn_tui.domain.state import Bond, Character, State
from fhtagn_tui.rules.weapons import Weapon

from .statblock import StatBlockError

FORMAT = 1


class _Bond(msgspec.Struct):
    name: str
    score: int


class Sheet(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    kind: str
    stats: dict[str, int]
    skills: dict[str, int] = {}
    current: dict[str, int] = {}
    bonds: list[_Bond] = []
    conditions: list[str] = []
    hidden: bool = False
    notes: str = ""
    attacks: list[Weapon] = []
    san_loss: str = ""
    armor: int = 0
    armor_item: str = ""
    spells: list[str] = []  # Call of Cthulhu: the spells the character knows


class Export(msgspec.Struct, forbid_unknown_fields=True):
    fhtagn: str
    format: int
    system: str
    character: Sheet


def is_native(data: object) -> bool:
    return isinstance(data, dict) and data.get("fhtagn") == "character"


def export(state: State, char: Character) -> dict[str, Any]:
    """A character as plain JSON data."""
    sheet = Sheet(
        name=char.name, kind=char.kind, stats=dict(char.stats), skills=dict(char.skills),
        current=dict(char.current), bonds=[_Bond(b.name, b.score) for b in char.bonds],
        conditions=list(char.conditions), hidden=char.hidden, notes=char.notes, attacks=list(char.attacks),
        san_loss=char.san_loss, armor=state.armory.armor.get(char.id, 0),
        armor_item=state.armory.armor_names.get(char.id, ""),
        spells=[k for k, v in char.mind.spells.items() if v >= 0],
    )
    data: dict[str, Any] = msgspec.to_builtins(Export(fhtagn="character", format=FORMAT, system=state.system,
                                                      character=sheet))
    return data


def encode(state: State, char: Character) -> str:
    return msgspec.json.format(msgspec.json.encode(export(state, char)), indent=2).decode("utf-8")


def read(data: dict[str, Any]) -> Entry:
    try:
        doc = msgspec.convert(data, Export)
    except msgspec.ValidationError as exc:
        raise StatBlockError(f"not a character exported by fhtagn: {exc}") from None
    if doc.format > FORMAT:
        raise StatBlockError(f"this character was exported by a newer fhtagn (format {doc.format}); update first")
    c = doc.character
    return Entry(
        name=c.name, system=doc.system, kind=c.kind, stats=dict(c.stats), skills=dict(c.skills),
        attacks=tuple(msgspec.structs.replace(w, system=doc.system) for w in c.attacks), armor=c.armor,
        armor_item=c.armor_item, san_loss=c.san_loss, pools=dict(c.current), notes=c.notes, hidden=c.hidden,
        bonds=tuple(Bond(b.name, b.score) for b in c.bonds), conditions=tuple(c.conditions),
        spells=tuple(c.spells),
    )


__all__ = ["FORMAT", "encode", "export", "is_native", "read"]
