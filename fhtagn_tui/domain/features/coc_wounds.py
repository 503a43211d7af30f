"""Call of Cthulhu 7e wounds: the one rule every damage to a person goes through (COC-PARTY-04).

Attacks, chase collisions, rams and shots, hazards, vehicle accidents, falls, fire, drowning,
poison, spells and a GM's ``char pool`` that lowers HP all call :func:`wound` (or
:func:`wound_all` for several hits in a row). One damage instance:

* ``DamageApplied`` (armour off, HP clamped at 0);
* at least max HP in one go: ``dead`` (killed outright);
* a major wound (2 × damage ≥ max HP): ``major wound`` and ``prone``; at 0 HP ``dying``
  (and ``unconscious``), otherwise a CON roll (``CocConRolled``) whose failure is ``unconscious``;
* any other wound bringing HP to 0: ``dying`` after an earlier major wound, else ``unconscious``.

A dying character rolls CON at the end of each round (:func:`dying_rolls`, from the fight's
and the chase's round end, or ``dying NAME`` outside them); a failure is death. First Aid
stabilises (``stabilised`` replaces ``dying``; the rolls stop).
"""

from msgspec.structs import replace

from fhtagn_tui.rules.coc.combat import land_damage
from fhtagn_tui.rules.coc.dice import skill_roll
from fhtagn_tui.rules.dice import Dice, DiceError, DiceNeeded, roll_expr

from ..commands import Command
from ..decide import Rejected, decider, evolve, evolver
from ..events import Event
from ..lookup import find_character
from ..state import Character, State
from ..systems import pool_max
from .campaign import ConditionAdded, ConditionRemoved, PoolChanged, register_hp_change
from .encounter import DamageApplied, register_round_end

PARTY_04 = "COC-PARTY-04"
#: conditions after which a character takes no more turns or movement
DOWN = ("dead", "dying", "unconscious")


class CocConRolled(Event):
    """A CON roll a wound calls for: against unconsciousness (major wound) or death (dying)."""

    character: str
    why: str  # "major wound" | "dying"
    con: int
    roll: int
    passed: bool

    def describe(self, names: dict[str, str]) -> str:
        who = names.get(self.character, self.character)
        if self.why == "dying":
            outcome = "holds on" if self.passed else "dies"
            return f"{who} is dying: CON roll {self.roll} vs {self.con} — {outcome}"
        outcome = "stays conscious" if self.passed else "falls unconscious"
        return f"{who}'s major wound: CON roll {self.roll} vs {self.con} — {outcome}"


class CocFirstAidRolled(Event):
    """First Aid on a dying character (COC-PARTY-04): a success stabilises."""

    kind_label = "First Aid on the dying"

    healer: str
    patient: str
    skill: int
    roll: int
    passed: bool

    def describe(self, names: dict[str, str]) -> str:
        healer, patient = names.get(self.healer, self.healer), names.get(self.patient, self.patient)
        outcome = f"{patient} is stabilised" if self.passed else f"{patient} is still dying"
        return f"{healer} gives {patient} First Aid: {self.roll} vs {self.skill} — {outcome}"


class CocDamage(Command):
    """Damage from anything but an attack (a fall, fire, drowning, poison, a spell…)."""

    label = "damage"
    name: str
    damage: str  # a number or a dice expression
    source: str = ""
    armor: bool = False


class DyingRoll(Command):
    """The end-of-round CON roll of a dying character, outside a fight or a chase."""

    label = "dying roll"
    name: str


def _max_hp(state: State, char: Character) -> int:
    top = pool_max(state.system, char, "HP")
    return top if top is not None else char.current.get("HP", 0)


class _Fold:
    def __init__(self, state: State, dice: Dice) -> None:
        self.state = state
        self.dice = dice
        self.events: list[Event] = []

    def emit(self, ev: Event) -> None:
        if not ev.dice:
            ev = replace(ev, dice=tuple(self.dice.take()))
        self.events.append(ev)
        self.state = evolve(self.state, ev)

    def char(self, cid: str) -> Character:
        return self.state.characters[cid]

    def add(self, cid: str, condition: str, note: str = "") -> None:
        if not self.char(cid).has(condition):
            self.emit(ConditionAdded(character=cid, condition=condition, note=note, rules=(PARTY_04,)))

    def drop(self, cid: str, condition: str) -> None:
        if self.char(cid).has(condition):
            self.emit(ConditionRemoved(character=cid, condition=condition, rules=(PARTY_04,)))


def _one(fold: _Fold, cid: str, rolled: int, armour: int, source: str, rules: tuple[str, ...], by: str = "") -> None:
    char = fold.char(cid)
    if rolled <= 0:
        return
    top = _max_hp(fold.state, char)
    w = land_damage(rolled, max(0, armour), char.current.get("HP", top), top, char.has("major wound"))
    fold.emit(DamageApplied(character=cid, amount=w.taken, hp_before=w.hp_before, hp_after=w.hp_after,
                            armor=rolled - w.taken, source=source, by=by, rules=tuple(dict.fromkeys((*rules, PARTY_04)))))
    if w.taken == 0 or char.has("dead"):
        return
    if w.killed:
        fold.add(cid, "dead", f"{w.taken} damage in one wound, max HP {top}")
        for gone in ("dying", "stabilised"):
            fold.drop(cid, gone)
        return
    if w.major:
        fold.add(cid, "major wound")
        fold.add(cid, "prone")
    if w.dying:
        fold.drop(cid, "stabilised")
        fold.add(cid, "dying")
        fold.add(cid, "unconscious")
    elif w.unconscious:
        fold.add(cid, "unconscious")
    elif w.con_roll and not fold.char(cid).has("unconscious"):
        con = fold.char(cid).stats.get("CON", 0)
        r = skill_roll(fold.dice, f"{char.name} CON against unconsciousness", con)
        fold.emit(CocConRolled(character=cid, why="major wound", con=con, roll=r.roll, passed=r.success,
                               rules=(PARTY_04, "COC-DICE-01"), dice=tuple(fold.dice.take())))
        if not r.success:
            fold.add(cid, "unconscious")


def wound_all(state: State, dice: Dice, cid: str, rolls: list[int], source: str, armour: int = 0,
              rules: tuple[str, ...] = (), by: str = "") -> list[Event]:
    """The events of several hits on one person, one after the other (each its own instance; ``by``:
    who dealt them, when ``source`` names them)."""
    fold = _Fold(state, dice)  # dice drawn and not yet taken (the damage roll) go into DamageApplied
    for rolled in rolls:
        _one(fold, cid, rolled, armour, source, rules, by)
    return fold.events


def wound(state: State, dice: Dice, cid: str, damage: int, source: str, armour: int = 0,
          rules: tuple[str, ...] = ()) -> list[Event]:
    """The events of one damage instance to a person (COC-PARTY-04)."""
    return wound_all(state, dice, cid, [damage], source, armour, rules)


def _dying_roll(fold: _Fold, cid: str) -> None:
    char = fold.char(cid)
    con = char.stats.get("CON", 0)
    r = skill_roll(fold.dice, f"{char.name} CON while dying", con)
    fold.emit(CocConRolled(character=cid, why="dying", con=con, roll=r.roll, passed=r.success,
                           rules=(PARTY_04, "COC-DICE-01"), dice=tuple(fold.dice.take())))
    if not r.success:
        fold.add(cid, "dead", "died of a major wound")
        fold.drop(cid, "dying")


def needs_dying_roll(char: Character | None) -> bool:
    return char is not None and char.has("dying") and not char.has("dead") and not char.has("stabilised")


def dying_rolls(state: State, dice: Dice, who: list[str]) -> list[Event]:
    """The end-of-round CON rolls of the dying among ``who`` (COC-PARTY-04)."""
    if state.system != "coc7":
        return []
    fold = _Fold(state, dice)
    for cid in who:
        if needs_dying_roll(fold.state.characters.get(cid)):
            _dying_roll(fold, cid)
    return fold.events


def stabilise(state: State, cid: str) -> list[Event]:
    """A successful First Aid on a dying character: the CON rolls stop."""
    char = state.characters[cid]
    if not char.has("dying"):
        return []
    return [ConditionRemoved(character=cid, condition="dying", rules=(PARTY_04,)),
            ConditionAdded(character=cid, condition="stabilised", note="First Aid", rules=(PARTY_04,))]


def first_aid(state: State, dice: Dice, healer_name: str, patient_name: str, skill_value: int | None,
              bonus: int = 0, penalty: int = 0) -> list[Event]:
    """First Aid on a dying character: the roll, and on a success the CON rolls stop."""
    healer = find_character(state, healer_name)
    patient = find_character(state, patient_name)
    if patient.has("dead"):
        raise Rejected(f"{patient.name} is dead")
    if not patient.has("dying"):
        why = "already stabilised" if patient.has("stabilised") else "not dying"
        raise Rejected(f"{patient.name} is {why}: First Aid here stabilises a dying character (COC-PARTY-04); "
                       "heal HP with 'char pool NAME HP=N'")
    if any(healer.has(c) for c in DOWN):
        raise Rejected(f"{healer.name} is {next(c for c in DOWN if healer.has(c))} and cannot give First Aid")
    skill = skill_value if skill_value is not None else next(
        (v for k, v in healer.skills.items() if k.casefold() == "first aid"), 30)
    r = skill_roll(dice, f"{healer.name} First Aid", skill, bonus=bonus, penalty=penalty)
    events: list[Event] = [CocFirstAidRolled(healer=healer.id, patient=patient.id, skill=skill, roll=r.roll,
                                             passed=r.success, rules=(PARTY_04, "COC-DICE-01"),
                                             dice=tuple(dice.take()))]
    if r.success:
        events += stabilise(state, patient.id)
    return events


def recovered(state: State, cid: str, new_hp: int) -> list[Event]:
    """HP raised above 0 (Medicine, the Keeper): the dying or stabilised state ends."""
    char = state.characters.get(cid)
    if char is None or new_hp <= 0 or char.has("dead"):
        return []
    return [ConditionRemoved(character=cid, condition=c, rules=(PARTY_04,))
            for c in ("dying", "stabilised") if char.has(c)]


@decider(CocDamage)
def decide_damage(state: State, cmd: CocDamage, dice: Dice) -> list[Event]:
    if state.system != "coc7":
        raise Rejected("this is the Call of Cthulhu 7e damage command")
    char = find_character(state, cmd.name)
    if char.has("dead"):
        raise Rejected(f"{char.name} is already dead")
    text = cmd.damage.strip()
    try:
        amount = int(text) if text.lstrip("-").isdigit() else roll_expr(dice, f"damage to {char.name}", text)
    except DiceNeeded:
        raise
    except (DiceError, ValueError) as exc:
        raise Rejected(f"damage: {exc}") from None
    if amount < 0:
        raise Rejected("damage is 0 or more (raise HP with 'char pool NAME HP=N')")
    if amount == 0:
        raise Rejected(f"0 damage: {char.name} is unhurt, nothing to record")
    armour = state.armory.armor.get(char.id, 0) if cmd.armor else 0
    return wound(state, dice, char.id, amount, cmd.source.strip() or "the Keeper", armour)


@decider(DyingRoll)
def _dying(state: State, cmd: DyingRoll, dice: Dice) -> list[Event]:
    if state.system != "coc7":
        raise Rejected("the dying roll is a Call of Cthulhu 7e rule")
    char = find_character(state, cmd.name)
    if not needs_dying_roll(char):
        state_word = "stabilised" if char.has("stabilised") else ("dead" if char.has("dead") else "not dying")
        raise Rejected(f"{char.name} is {state_word}: no dying roll to make")
    return dying_rolls(state, dice, [char.id])


def _round_end(state: State, dice: Dice) -> list[Event]:
    enc = state.encounter
    return dying_rolls(state, dice, list(enc.order)) if enc is not None else []


register_round_end("coc7", _round_end)


def _hp_set(state: State, dice: Dice, char: Character, old: int, new: int, reason: str) -> list[Event]:
    """``char pool NAME HP=N``: a drop is a wound like any other; a rise ends dying."""
    if new < old:
        return wound(state, dice, char.id, old - new, reason.strip() or "HP lowered by the Keeper")
    return [PoolChanged(character=char.id, pool="HP", old=old, new=new, reason=reason)] + recovered(state, char.id, new)


register_hp_change("coc7", _hp_set)


@evolver(CocFirstAidRolled)
def _ev_first_aid(state: State, ev: CocFirstAidRolled) -> State:
    """COC-DEV-01: a First Aid that works checks the skill."""
    if not ev.passed:
        return state
    from .skill_play import checked

    return checked(state, ev.healer, "First Aid")
