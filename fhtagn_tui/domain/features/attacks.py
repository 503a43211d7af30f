"""A character's own attacks (natural attacks, a cultist's knife) and GM notes.

``char attack add ghoul Claw skill="Fighting (Claw)" damage=1d6+DB kind=melee apr=2``
gives the ghoul a claw: a :class:`~fhtagn_tui.rules.weapons.Weapon` kept on the
character (``Character.attacks``), so ``weapon=claw`` works without a campaign
``weapon add``.  The first attack is the character's default: ``attack``/``melee``
without ``weapon=`` use it, and so does fighting back.  ``per_round`` is the
attacks per round it gives (CoC: the round's attack count, COC-MELEE-03).
"""

from msgspec.structs import replace

from fhtagn_tui.rules.dice import Dice
from fhtagn_tui.rules.weapons import Weapon

from ..commands import Command
from ..decide import Rejected, decider, evolver
from ..events import Event
from ..lookup import did_you_mean, find_character
from ..state import State
from .campaign import check_attacks

#: GM notes on a character are at most this long (an import keeps what it did not understand).
MAX_NOTES = 8000


# --- events -------------------------------------------------------------------------


class AttackAdded(Event):
    """An attack given to a character (or replacing its attack of the same name)."""

    character: str
    attack: Weapon
    first: bool = False  # made the default (put first)

    def describe(self, names: dict[str, str]) -> str:
        who = names.get(self.character, self.character)
        w = self.attack
        dmg = f"lethality {w.lethality}%" if w.lethality else w.damage + ("+DB" if w.db == "full" else "+½DB" if w.db == "half" else "")
        apr = f", {w.per_round} per round" if w.per_round > 1 else ""
        return f"{who}: attack {w.name} ({w.skill}, {dmg}{apr})" + (" — the default" if self.first else "")


class AttackRemoved(Event):
    character: str
    name: str

    def describe(self, names: dict[str, str]) -> str:
        return f"{names.get(self.character, self.character)}: attack {self.name} removed"


class CharacterNotesSet(Event):
    """The GM's notes on a character (never shown to the players)."""

    character: str
    notes: str

    def describe(self, names: dict[str, str]) -> str:
        who = names.get(self.character, self.character)
        return f"{who}: GM notes " + ("cleared" if not self.notes else "set")


# --- commands -----------------------------------------------------------------------


class AddAttack(Command):
    label = "add attack"
    name: str  # the character
    attack: Weapon
    first: bool = False


class RemoveAttack(Command):
    label = "remove attack"
    name: str
    attack: str


class SetCharacterNotes(Command):
    label = "GM notes"
    name: str
    notes: str
    append: bool = False


# --- deciders -----------------------------------------------------------------------


@decider(AddAttack)
def _add(state: State, cmd: AddAttack, dice: Dice) -> list[Event]:
    char = find_character(state, cmd.name)
    (attack,) = check_attacks(state.system, (cmd.attack,))
    others = tuple(w for w in char.attacks if w.key != attack.key)
    old = next((w for w in char.attacks if w.key == attack.key), None)
    if old == attack and (not cmd.first or (char.attacks and char.attacks[0].key == attack.key)):
        raise Rejected(f"{char.name} already has the attack {attack.name} like that")
    check_attacks(state.system, others + (attack,))  # the limit on how many
    return [AttackAdded(character=char.id, attack=attack, first=cmd.first)]


@decider(RemoveAttack)
def _remove(state: State, cmd: RemoveAttack, dice: Dice) -> list[Event]:
    char = find_character(state, cmd.name)
    key = cmd.attack.strip().casefold()
    found = next((w for w in char.attacks if w.key == key), None)
    if found is None:
        starts = [w for w in char.attacks if w.key.startswith(key)]
        found = starts[0] if key and len(starts) == 1 else None
    if found is None:
        names = [w.name for w in char.attacks]
        if not names:
            raise Rejected(f"{char.name} has no attacks of their own")
        raise Rejected(f"{char.name} has no attack {cmd.attack!r}{did_you_mean(cmd.attack, names)} (attacks: {', '.join(names)})")
    return [AttackRemoved(character=char.id, name=found.name)]


@decider(SetCharacterNotes)
def _notes(state: State, cmd: SetCharacterNotes, dice: Dice) -> list[Event]:
    char = find_character(state, cmd.name)
    text = cmd.notes.strip()
    if cmd.append and char.notes and text:
        text = char.notes + "\n" + text
    if len(text) > MAX_NOTES:
        raise Rejected(f"GM notes are at most {MAX_NOTES} characters, not {len(text)}")
    if text == char.notes:
        raise Rejected(f"{char.name}'s notes already say that")
    return [CharacterNotesSet(character=char.id, notes=text, secret=True)]  # the GM's own, never public


# --- evolvers -----------------------------------------------------------------------


@evolver(AttackAdded)
def _ev_added(state: State, ev: AttackAdded) -> State:
    char = state.characters.get(ev.character)
    if char is None:
        return state
    attack = replace(ev.attack, system=state.system)
    if ev.first:
        attacks = (attack,) + tuple(w for w in char.attacks if w.key != attack.key)
    elif any(w.key == attack.key for w in char.attacks):
        attacks = tuple(attack if w.key == attack.key else w for w in char.attacks)
    else:
        attacks = char.attacks + (attack,)
    return state.with_character(replace(char, attacks=attacks))


@evolver(AttackRemoved)
def _ev_removed(state: State, ev: AttackRemoved) -> State:
    char = state.characters.get(ev.character)
    if char is None:
        return state
    key = ev.name.casefold()
    return state.with_character(replace(char, attacks=tuple(w for w in char.attacks if w.key != key)))


@evolver(CharacterNotesSet)
def _ev_notes(state: State, ev: CharacterNotesSet) -> State:
    char = state.characters.get(ev.character)
    if char is None:
        return state
    return state.with_character(replace(char, notes=ev.notes))


__all__ = [
    "MAX_NOTES", "AddAttack", "AttackAdded", "AttackRemoved", "CharacterNotesSet", "RemoveAttack",
    "SetCharacterNotes",
]
