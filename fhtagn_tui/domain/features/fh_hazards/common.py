"""Shared steps of the FHTAGN hazard and healing deciders: checks, modifiers, the event fold."""

from __future__ import annotations

from fhtagn_tui.rules.dice import Dice
from fhtagn_tui.rules.fhtagn.dice import FhTest
from fhtagn_tui.rules.fhtagn.hazards import OngoingHazard

from ...decide import Rejected, evolve
from ...events import Event
from ...imposed import con_now as imposed_con_now
from ...imposed import imposed
from ...state import Character, State
from ..campaign import ConditionAdded, ConditionRemoved
from ..fh_combat import damage_events


def who(names: dict[str, str], char_id: str) -> str:
    return names.get(char_id, char_id)


def require_fhtagn(state: State, what: str) -> None:
    if state.system != "fhtagn":
        raise Rejected(f"{what} is an FHTAGN rule; this campaign plays {state.system}")


def alive(char: Character, what: str) -> None:
    if char.has("dead"):
        raise Rejected(f"{char.name} is dead and cannot {what}")


def test_mods(char: Character, *extra: int) -> tuple[int, ...]:
    """Modifiers of a test by ``char``: what the state imposes (exhaustion, FH-DMG-08) and the given ones."""
    mods = (imposed("fhtagn", char).modifier, *extra)
    return tuple(m for m in mods if m)


def hazard_of(char: Character, kind: str) -> OngoingHazard | None:
    return next((h for h in char.hazards if h.kind == kind), None)


con_now = imposed_con_now  # CON after any temporary loss to the cold (FH-HAZ-12)


def test_fields(test: FhTest | None) -> dict[str, int | str]:
    if test is None:
        return {}
    return {"con_roll": test.roll, "con_target": test.target, "con_level": test.level}


class Fold:
    """Events of one decision, with the state they lead to (for later steps)."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Event] = []

    def emit(self, *events: Event) -> None:
        for ev in events:
            self.events.append(ev)
            self.state = evolve(self.state, ev)

    def char(self, char_id: str) -> Character:
        return self.state.characters[char_id]

    def hurt(self, char_id: str, amount: int, source: str, dice: Dice, rules_used: tuple[str, ...],
             killed: bool = False) -> None:
        """Damage through the combat module (FH-DMG-01…05); a lethality kill takes all HP."""
        char = self.char(char_id)
        if killed:
            amount = char.current.get("HP", 0)
        if amount <= 0 or char.has("dead"):
            return
        self.emit(*damage_events(self.state, char, amount, source, dice, rules_used=rules_used))

    def condition(self, char_id: str, condition: str, rule_ids: tuple[str, ...], note: str = "") -> None:
        if not self.char(char_id).has(condition):
            self.emit(ConditionAdded(character=char_id, condition=condition, note=note, rules=rule_ids))

    def uncondition(self, char_id: str, condition: str, rule_ids: tuple[str, ...]) -> None:
        if self.char(char_id).has(condition):
            self.emit(ConditionRemoved(character=char_id, condition=condition, rules=rule_ids))


