"""One stat block as data: what the bestiary, templates and importers turn into characters."""

from __future__ import annotations

import msgspec

from fhtagn_tui.rules.weapons import Weapon

from ..state import Bond, char_key


class Entry(msgspec.Struct, frozen=True, kw_only=True):
    """One stat block, ready to become a character."""

    name: str
    system: str = ""
    kind: str = "npc"  # npc | monster | investigator | agent
    description: str = ""
    stats: dict[str, int] = {}
    vary: dict[str, str] = {}  # characteristic → dice expression rolled with --vary
    skills: dict[str, int] = {}
    attacks: tuple[Weapon, ...] = ()
    armor: int = 0
    armor_item: str = ""
    san_loss: str = ""
    pools: dict[str, int] = {}  # current values the block gives (SAN 45, Luck 60 …)
    notes: str = ""  # GM notes: what an import did not understand, a backstory
    hidden: bool = False  # made hidden from the players by default (a creature)
    tags: tuple[str, ...] = ()  # for the searchable list: human, animal, creature …
    bonds: tuple[Bond, ...] = ()  # an exported FHTAGN agent's bonds
    conditions: tuple[str, ...] = ()  # an exported character's conditions
    spells: tuple[str, ...] = ()  # the spells a stat block gives (CoC: the character knows them)

    @property
    def key(self) -> str:
        return char_key(self.name)


__all__ = ["Entry"]
