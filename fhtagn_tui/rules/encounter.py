"""The encounter as data: combatants, the acting order and how ties are broken.

Pure structs and one ordering function; shared by the three systems.  The
domain feature :mod:`fhtagn_tui.domain.features.encounter` holds the events,
commands and evolvers that change an :class:`Encounter` (read its docstring
for the API the system combat modules build on).

These structs live in ``rules/`` (not ``domain/features``) so that
``domain/state.py`` can import them without an import cycle.
"""

from collections.abc import Iterable

import msgspec


class Combatant(msgspec.Struct, frozen=True):
    """One participant of an encounter; ``id`` is the character id."""

    id: str
    side: str = "npc"  # "pc" or "npc" (from the character's kind) — or any GM side name
    entry: int = 0  # order of entry into the encounter (1, 2, …): the last tie-break
    readied: bool = False  # CoC: a readied firearm (COC-FIREARM-02 acts at DEX+50)
    initiative: float = 0.0  # the main order value: DEX, DEX+50, or GURPS Basic Speed
    tiebreak: int = 0  # a roll-off die drawn for a tie the rules settle by dice (0: none)
    acted: bool = False  # has used this round's action (FH-COMBAT-01, COC-MELEE-03)
    defence: str = ""  # defensive action taken this round ("dodge", "fight", "parry", …)
    waiting: bool = False  # delaying the action (FH-COMBAT-08)
    out: bool = False  # out of the fight (fled, surrendered — GM's call); skipped in order
    counters: dict[str, int] = {}  # system-specific, cleared when a new round starts
    flags: dict[str, int] = {}  # system-specific, kept for the whole encounter

    @property
    def defended(self) -> bool:
        return bool(self.defence)


class Encounter(msgspec.Struct, frozen=True):
    title: str = ""
    round: int = 0  # 0 until the first round starts (`fight next`)
    combatants: dict[str, Combatant] = {}
    order: tuple[str, ...] = ()  # character ids, first to act first
    current: str = ""  # the character id acting now ("" before a round / after a removal)
    next_entry: int = 1

    def get(self, char_id: str) -> Combatant | None:
        return self.combatants.get(char_id)

    @property
    def acting(self) -> Combatant | None:
        return self.combatants.get(self.current) if self.current else None

    @property
    def started(self) -> bool:
        return self.round > 0


class OrderEntry(msgspec.Struct, frozen=True):
    """What the ordering needs to know of one combatant."""

    id: str
    key: tuple[float, ...]  # compared highest first, element by element
    pc: bool
    tiebreak: int
    entry: int


def acting_order(entries: Iterable[OrderEntry], pc_first: bool) -> tuple[str, ...]:
    """Sort highest key first; then PCs first (when the system says so), then the
    higher roll-off die, then the earlier entry."""

    def sort_key(e: OrderEntry) -> tuple[object, ...]:
        return (
            tuple(-k for k in e.key),
            0 if (e.pc or not pc_first) else 1,
            -e.tiebreak,
            e.entry,
        )

    return tuple(e.id for e in sorted(entries, key=sort_key))


def tied_groups(entries: Iterable[OrderEntry], pc_first: bool) -> list[list[OrderEntry]]:
    """Groups (two or more) that key and PC/NPC standing cannot separate."""
    groups: dict[tuple[object, ...], list[OrderEntry]] = {}
    for e in entries:
        groups.setdefault((e.key, e.pc if pc_first else None), []).append(e)
    return [g for g in groups.values() if len(g) > 1]
