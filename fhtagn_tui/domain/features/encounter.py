"""The encounter: who fights, in which order, whose turn it is — shared by all systems.

API contract for the system combat modules (FHTAGN, CoC 7e, GURPS)
=================================================================

State
    ``state.encounter`` is an :class:`~fhtagn_tui.rules.encounter.Encounter`
    (``None`` when no fight is running).  ``enc.round`` (0 before the first
    ``fight next``), ``enc.order`` (character ids, first to act first),
    ``enc.current`` (the id acting now, ``""`` between turns), ``enc.acting``
    (its :class:`~fhtagn_tui.rules.encounter.Combatant`) and
    ``enc.get(char_id)``.  A combatant carries ``acted``, ``defence`` (the
    defensive action taken this round, ``""`` for none; ``.defended``),
    ``waiting``, ``out``, ``readied``, ``initiative``, ``side``, and two
    dicts for system-specific numbers: ``counters`` (cleared when a round
    starts: dodges used, times defended for CoC outnumbered, …) and
    ``flags`` (kept all encounter: ammo left, aim target, …).  Do not add
    struct fields per system; use these dicts with namespaced keys
    (``"coc:defences"``, ``"fh:no-defence"``).

Changing it (only in evolvers)
    Use the pure helpers below inside your own event's evolver; each
    returns the state unchanged when there is no encounter or the character
    is not in it, so your events work outside fights too:

    * :func:`mark_acted(state, char_id)` — the character used this round's action;
    * :func:`mark_defended(state, char_id, defence)` — a defensive action this round;
    * :func:`bump_counter(state, char_id, key, by=1)` / :func:`set_flag(state, char_id, key, value)`.

    Read helpers for deciders: :func:`combatant(state, char_id)` and
    :func:`is_in_fight(state, char_id)`.

Hooks (register at import time of your feature module)
    * :func:`register_initiative` — the order key for a system: a function
      ``(state, character, combatant) -> tuple[float, ...]`` compared highest
      first, then PCs first (``pc_first``), then a roll-off die (``roll_off``,
      e.g. ``"d6"``; drawn once per tied combatant and recorded), then entry
      order.  FHTAGN (FH-COMBAT-02) and GURPS (Basic Speed, DX) are
      registered here; CoC has a default (DEX, or DEX+50 with
      ``combatant.readied``; then the best Firearms/Fighting skill; PCs first)
      that the CoC module should replace with its rule functions
      (COC-MELEE-01, COC-FIREARM-02).
    * :func:`register_turn_start` — ``(state, char_id, dice) -> list[Event]``
      run when a character's turn begins (FHTAGN: the stunned CON×5 test).
      If the returned events mark the character as acted, the turn is lost
      and the next one begins.
    * :func:`register_attack` — ``(state, Attack, dice) -> list[Event]`` for
      the shared ``attack ATTACKER TARGET [key=value …] [word …]`` command
      (:class:`Attack` holds typed options, read once by the parser; the
      options a system does not take are refused before its decider runs).

Commands: ``fight start [TITLE]``, ``fight add NAME… [--readied] [side=S]``,
``fight remove NAME``, ``fight next``, ``fight wait NAME``, ``fight act NAME``,
``fight ready NAME [--off]``, ``fight order NAME…``, ``fight end``, ``fight show``.
"""

from collections.abc import Callable

import msgspec
from msgspec.structs import replace

from fhtagn_tui.rules.dice import Dice, DiceError, check_expr
from fhtagn_tui.rules.encounter import Combatant, Encounter, OrderEntry, acting_order, tied_groups
from fhtagn_tui.rules.fhtagn import combat as fh_combat
from fhtagn_tui.rules.gurps import combat as gurps_combat
from fhtagn_tui.rules.weapons import (
    ACTIONS,
    DB_KINDS,
    GURPS_DAMAGE_TYPES,
    KINDS,
    Weapon,
    resolve_gurps_damage,
)

from ..able import OUT_COLD, acting
from ..attack_words import Called, Defence, Given, Special, Surprise, foreign
from ..commands import Command
from ..decide import Rejected, decider, evolve, evolver
from ..events import Event
from ..lookup import did_you_mean, find_character
from ..state import Character, State
from ..systems import derived
from . import clock

__all__ = [
    "Attack",
    "combatant",
    "is_in_fight",
    "mark_acted",
    "mark_defended",
    "bump_counter",
    "set_flag",
    "register_initiative",
    "register_turn_start",
    "register_round_end",
    "register_attack",
    "can_act",
]

# --- hooks ------------------------------------------------------------------------

KeyFn = Callable[[State, Character, Combatant], tuple[float, ...]]


class InitiativeRule(msgspec.Struct, frozen=True):
    key: KeyFn
    pc_first: bool = True
    roll_off: str = ""  # a die for ties left after key and PC standing ("" → entry order)
    rules: tuple[str, ...] = ()


INITIATIVE: dict[str, InitiativeRule] = {}
TURN_START: dict[str, Callable[[State, str, Dice], list[Event]]] = {}
ROUND_END: dict[str, Callable[[State, Dice], list[Event]]] = {}
ATTACKS: "dict[str, Callable[[State, Attack, Dice], list[Event]]]" = {}


def register_initiative(
    system: str, key: KeyFn, pc_first: bool = True, roll_off: str = "", rules: tuple[str, ...] = ()
) -> None:
    INITIATIVE[system] = InitiativeRule(key=key, pc_first=pc_first, roll_off=roll_off, rules=rules)


def register_turn_start(system: str, hook: Callable[[State, str, Dice], list[Event]]) -> None:
    TURN_START[system] = hook


def register_round_end(system: str, hook: Callable[[State, Dice], list[Event]]) -> None:
    """Events at the end of each round, after ``RoundEnded`` (CoC: the dying roll CON)."""
    ROUND_END[system] = hook


def register_attack(system: str, fn: "Callable[[State, Attack, Dice], list[Event]]") -> None:
    ATTACKS[system] = fn


def _fh_key(state: State, char: Character, comb: Combatant) -> tuple[float, ...]:
    return fh_combat.initiative_key(char.stats.get("DEX", 0), char.skills)


def _coc_key(state: State, char: Character, comb: Combatant) -> tuple[float, ...]:
    dex = char.stats.get("DEX", 0)
    best = max([v for k, v in char.skills.items() if k.casefold().startswith(("firearms", "fighting"))] or [0])
    return float(dex + 50 if comb.readied else dex), float(best)


def _gurps_key(state: State, char: Character, comb: Combatant) -> tuple[float, ...]:
    speed = float(derived("gurps", char)["Basic Speed"])
    return gurps_combat.initiative_key(speed, char.stats.get("DX", 0))


register_initiative("fhtagn", _fh_key, pc_first=True, rules=("FH-COMBAT-02",))
register_initiative("coc7", _coc_key, pc_first=True)
register_initiative("gurps", _gurps_key, pc_first=False, roll_off="d6")


# --- read helpers -------------------------------------------------------------------


def combatant(state: State, char_id: str) -> Combatant | None:
    return state.encounter.get(char_id) if state.encounter is not None else None


def is_in_fight(state: State, char_id: str) -> bool:
    return combatant(state, char_id) is not None


def can_act(char: Character | None) -> bool:
    """Not dead and not out cold: unconscious, or a GURPS coma, faint, catatonia, seizure (domain/able.py)."""
    return char is not None and not char.has("dead") and not any(char.has(c) for c in OUT_COLD)


# --- evolver helpers ------------------------------------------------------------------


def _with_combatant(state: State, char_id: str, change: Callable[[Combatant], Combatant]) -> State:
    enc = state.encounter
    if enc is None or char_id not in enc.combatants:
        return state
    fighters = dict(enc.combatants)
    fighters[char_id] = change(fighters[char_id])
    return replace(state, encounter=replace(enc, combatants=fighters))


def mark_acted(state: State, char_id: str) -> State:
    return _with_combatant(state, char_id, lambda c: replace(c, acted=True, waiting=False))


def mark_defended(state: State, char_id: str, defence: str) -> State:
    return _with_combatant(state, char_id, lambda c: replace(c, defence=defence))


def bump_counter(state: State, char_id: str, key: str, by: int = 1) -> State:
    def change(c: Combatant) -> Combatant:
        counters = dict(c.counters)
        counters[key] = counters.get(key, 0) + by
        return replace(c, counters=counters)

    return _with_combatant(state, char_id, change)


def set_flag(state: State, char_id: str, key: str, value: int | None) -> State:
    """Set (or with ``None`` remove) an encounter-long flag."""

    def change(c: Combatant) -> Combatant:
        flags = dict(c.flags)
        if value is None:
            flags.pop(key, None)
        else:
            flags[key] = value
        return replace(c, flags=flags)

    return _with_combatant(state, char_id, change)


# --- events ---------------------------------------------------------------------------


def _who(names: dict[str, str], char_id: str) -> str:
    return names.get(char_id, char_id)


class EncounterStarted(Event):
    title: str = ""

    within = "fight"

    def describe(self, names: dict[str, str]) -> str:
        return "A fight begins" + (f": {self.title}" if self.title else "")


class CombatantAdded(Event):
    character: str
    side: str
    entry: int
    readied: bool = False

    within = "fight"

    def describe(self, names: dict[str, str]) -> str:
        ready = " with a readied firearm" if self.readied else ""
        return f"{_who(names, self.character)} joins the fight ({self.side}){ready}"


class CombatantRemoved(Event):
    character: str

    within = "fight"

    def describe(self, names: dict[str, str]) -> str:
        return f"{_who(names, self.character)} leaves the fight"


class CombatantReadied(Event):
    character: str
    readied: bool

    within = "fight"

    def describe(self, names: dict[str, str]) -> str:
        return f"{_who(names, self.character)} " + ("readies a firearm" if self.readied else "lowers the firearm")


class InitiativeOrdered(Event):
    order: tuple[str, ...]
    initiative: dict[str, float] = {}
    tiebreaks: dict[str, int] = {}  # roll-off dice drawn for ties (recorded in ``dice`` too)
    manual: bool = False  # set by the GM

    within = "fight"

    def describe(self, names: dict[str, str]) -> str:
        parts = []
        for cid in self.order:
            value = self.initiative.get(cid)
            shown = "" if value is None else f" {value:g}"
            parts.append(f"{_who(names, cid)}{shown}")
        head = "Order set by the GM" if self.manual else "Order"
        return f"{head}: " + ", ".join(parts)


class RoundStarted(Event):
    round: int

    within = "fight"

    def describe(self, names: dict[str, str]) -> str:
        return f"Round {self.round} begins"


class RoundEnded(Event):
    round: int

    within = "fight"

    def describe(self, names: dict[str, str]) -> str:
        return f"Round {self.round} ends"


class TurnAdvanced(Event):
    current: str  # who acts now ("" — nobody)
    done: str = ""  # who finished acting (marked as acted)
    from_wait: bool = False  # a waiting character acts now (FH-COMBAT-08)

    within = "fight"

    def describe(self, names: dict[str, str]) -> str:
        if not self.current:
            return "Nobody else can act this round"
        how = " (after waiting)" if self.from_wait else ""
        return f"{_who(names, self.current)} acts now{how}"


class CombatantWaited(Event):
    character: str

    within = "fight"

    def describe(self, names: dict[str, str]) -> str:
        return f"{_who(names, self.character)} waits"


class WeaponDefined(Event):
    """A campaign weapon (new, or replacing one of the same name)."""

    weapon: Weapon

    def describe(self, names: dict[str, str]) -> str:
        w = self.weapon
        dmg = f"lethality {w.lethality}%" if w.lethality else w.damage
        return f"Weapon {w.name}: {w.skill}, {dmg}" + (f", range {w.base_range}" if w.base_range else "")


class ArmorSet(Event):
    """FH-COMBAT-24 / COC-COMBAT-08 / GURPS DR: what a character wears (0 removes it)."""

    character: str
    rating: int
    item: str = ""

    def describe(self, names: dict[str, str]) -> str:
        what = f" ({self.item})" if self.item else ""
        if self.rating == 0:
            return f"{_who(names, self.character)} wears no armour"
        return f"{_who(names, self.character)} wears armour {self.rating}{what}"


class DamageApplied(Event):
    """Damage taken by one character, any system: HP ``hp_before`` → ``hp_after``.

    FHTAGN adds the permanent-injury test (FH-DMG-04): ``injury_points`` > 0
    with ``injury_stat`` empty leaves the points waiting for the GM's choice
    (``state.armory.injuries``); a chosen stat is changed by a StatChanged event.
    """

    character: str
    amount: int  # damage after armour
    hp_before: int
    hp_after: int
    armor: int = 0  # armour points that came off
    source: str = ""
    injury_roll: int = 0  # FH-DMG-04 CON×5 roll (0: no test)
    injury_target: int = 0
    injury_points: int = 0
    injury_stat: str = ""
    by: str = ""  # who dealt it (a character id) when one did: named in ``source``'s words too
    #: ``source`` is what ``by`` dealt it with ("Hunting knife"), told as "BY's SOURCE" in the names of
    #: whoever reads it (the players' "Cultist 1", not the GM's "Cultist 3").  (Older records: False,
    #: their ``source`` holds the dealer's name as it was then.)
    owned: bool = False

    def describe(self, names: dict[str, str]) -> str:
        who = _who(names, self.character)
        armor = f", armour stopped {self.armor}" if self.armor else ""
        source = f"{_who(names, self.by)}'s {self.source}" if self.owned and self.by else self.source
        src = f" from {source}" if source else ""
        text = f"{who} takes {self.amount} damage{src}{armor}: HP {self.hp_before} → {self.hp_after}"
        if self.injury_roll:
            text += f"; CON×5 {self.injury_roll} vs {self.injury_target}"
            if self.injury_points:
                where = self.injury_stat or "a stat of the GM's choice"
                text += f" failed — permanent injury: {where} −{self.injury_points}"
            else:
                text += " — no permanent injury"
        return text


def dealt_by(events: list[Event], dealer: str) -> list[Event]:
    """``events`` with their damage told as dealt by ``dealer`` (a character id) with what their
    ``source`` names (:attr:`DamageApplied.owned`): the dealer is named by reference, not in words."""
    return [replace(ev, by=dealer, owned=True) if isinstance(ev, DamageApplied) else ev for ev in events]


class InjuryAssigned(Event):
    """The GM picks the stat a pending permanent injury lowers (FH-DMG-04)."""

    character: str
    stat: str
    points: int

    def describe(self, names: dict[str, str]) -> str:
        return f"{_who(names, self.character)}: permanent injury lowers {self.stat} by {self.points}"


class EncounterEnded(Event):
    rounds: int = 0

    within = "fight"

    def describe(self, names: dict[str, str]) -> str:
        return f"The fight ends after {self.rounds} round{'s' if self.rounds != 1 else ''}"


# --- commands ---------------------------------------------------------------------------


class StartFight(Command):
    label = "start fight"
    title: str = ""


class AddCombatants(Command):
    label = "add to fight"
    names: tuple[str, ...]
    readied: bool = False
    side: str = ""


class RemoveCombatant(Command):
    label = "remove from fight"
    name: str


class NextTurn(Command):
    label = "next turn"


class WaitTurn(Command):
    label = "wait"
    name: str


class ActNow(Command):
    label = "act now"
    name: str


class ReadyFirearm(Command):
    label = "ready firearm"
    name: str
    readied: bool = True


class SetOrder(Command):
    label = "set order"
    names: tuple[str, ...]


class EndFight(Command):
    label = "end fight"


class Attack(Command):
    """``attack ATTACKER TARGET [key=value …] [word …]``: one exchange, resolved by the system.

    The words are read once, by the parser, with the table of
    :mod:`~fhtagn_tui.domain.attack_words`; a field left at its default was
    not given.  The decider refuses the options the campaign's system does not
    take (:meth:`given`), then the system's decider reads the typed values.
    """

    label = "attack"
    attacker: str
    target: str
    weapon: str = ""  # "" → the attacker's own or the system's default
    defend: Defence | None = None  # None → the system's default (FHTAGN: the rules', CoC/GURPS: dodge)
    mod: int | None = None  # FHTAGN, GURPS: the GM's modifier to the attack
    skill: int | None = None  # FHTAGN, GURPS: the attack skill instead of the sheet's
    # FHTAGN
    called: Called | None = None
    gap: bool = False  # aim around armour (with partly / mostly)
    crowd: tuple[str, ...] | None = None  # crowd=NAME,NAME (the others in the crowd)
    special: Special | None = None
    rounds: int = 0  # mow=ROUNDS
    alt: str = ""  # a second target in reach (rapid / savage)
    injury: str = ""  # the stat a permanent injury lowers
    # GURPS
    dmod: int | None = None  # the GM's modifier to the defence
    # Call of Cthulhu
    with_weapon: str = ""  # with=W: the target's weapon when fighting back
    counter: str = ""  # the target's goal for a counter-maneuver
    goal: str = ""  # a maneuver instead of a hit
    bonus: int | None = None
    penalty: int | None = None
    surprise: Surprise | None = None
    notice: str = ""  # the skill the target rolls to notice the surprise

    def given(self) -> list[Given]:
        """The options this attack was given, as typed (for the system check)."""
        out: list[Given] = []
        if self.defend is not None:
            out.append(Given(self.defend, "defend", self.defend))
        if self.called is not None:  # a called shot is a word of its own (``partly``), as the help writes it
            out.append(Given(self.called, "called"))
        for key, value in (("mod", self.mod), ("skill", self.skill),
                           ("crowd", self.crowd), ("alt", self.alt or None), ("injury", self.injury or None),
                           ("dmod", self.dmod), ("with", self.with_weapon or None), ("counter", self.counter or None),
                           ("goal", self.goal or None), ("bonus", self.bonus), ("penalty", self.penalty),
                           ("surprise", self.surprise), ("notice", self.notice or None)):
            if value is not None:
                shown = ",".join(value) if isinstance(value, tuple) else str(value)
                out.append(Given(f"{key}={shown}", key))
        if self.special is not None:
            out.append(Given(f"mow={self.rounds}" if self.special == "mow" else self.special,
                             "mow" if self.special == "mow" else self.special))
        if self.gap:
            out.append(Given("gap", "gap"))
        return out


class DefineWeapon(Command):
    """``weapon add``: a campaign weapon for the campaign's system."""

    label = "define weapon"
    weapon: Weapon


class SetArmor(Command):
    label = "armour"
    name: str
    rating: int
    item: str = ""


# --- deciders ------------------------------------------------------------------------------


def _encounter(state: State) -> Encounter:
    if state.encounter is None:
        raise Rejected("no fight is running: start one with 'fight start [TITLE]'")
    return state.encounter


def _fighter(state: State, name: str) -> tuple[Character, Combatant]:
    enc = _encounter(state)
    char = find_character(state, name)
    comb = enc.get(char.id)
    if comb is None:
        names = [state.characters[c].name for c in enc.order if c in state.characters]
        listed = ", ".join(names) or "nobody yet"
        raise Rejected(f"{char.name} is not in the fight (fighting: {listed}); add with 'fight add {char.name}'")
    return char, comb


def _order_event(state: State, dice: Dice) -> InitiativeOrdered:
    """The acting order of ``state.encounter`` with any roll-off dice drawn."""
    enc = _encounter(state)
    rule = INITIATIVE.get(state.system) or InitiativeRule(key=_fh_key)
    entries: list[OrderEntry] = []
    initiative: dict[str, float] = {}
    for cid, comb in enc.combatants.items():
        char = state.characters.get(cid)
        key = rule.key(state, char, comb) if char is not None else (0.0,)
        initiative[cid] = key[0]
        entries.append(OrderEntry(id=cid, key=key, pc=comb.side == "pc", tiebreak=comb.tiebreak, entry=comb.entry))
    tiebreaks: dict[str, int] = {}
    if rule.roll_off:
        for group in tied_groups(entries, rule.pc_first):
            for e in sorted(group, key=lambda e: e.entry):
                if e.tiebreak == 0:
                    who = state.characters[e.id].name if e.id in state.characters else e.id
                    tiebreaks[e.id] = dice.draw(f"initiative tie: {who}", rule.roll_off)
        entries = [replace(e, tiebreak=tiebreaks.get(e.id, e.tiebreak)) for e in entries]
    return InitiativeOrdered(
        order=acting_order(entries, rule.pc_first),
        initiative=initiative,
        tiebreaks=tiebreaks,
        rules=rule.rules,
        dice=tuple(dice.take()),
    )


def _next_candidate(state: State) -> str | None:
    enc = state.encounter
    if enc is None:
        return None
    for cid in enc.order:
        comb = enc.combatants[cid]
        if comb.acted or comb.waiting or comb.out:
            continue
        if can_act(state.characters.get(cid)):
            return cid
    return None


def _advance(state: State, dice: Dice, done: str) -> list[Event]:
    """Events that move the turn on: round changes, the next actor, turn-start hooks."""
    enc = _encounter(state)
    if not any(can_act(state.characters.get(c)) and not enc.combatants[c].out for c in enc.order):
        raise Rejected("nobody in the fight can act (add someone with 'fight add NAME', or 'fight end')")
    events: list[Event] = []
    s = state

    def emit(ev: Event) -> None:
        nonlocal s
        events.append(ev)
        s = evolve(s, ev)

    fh = ("FH-COMBAT-01",) if state.system == "fhtagn" else ()
    new_round = False
    while True:
        assert s.encounter is not None
        probe = mark_acted(s, done) if done else s
        nxt = _next_candidate(probe) if s.encounter.round > 0 else None
        if nxt is None:
            if new_round:  # everyone lost the turn in the fresh round
                emit(TurnAdvanced(current="", done=done))
                break
            if s.encounter.round > 0:
                emit(RoundEnded(round=s.encounter.round))
                end_hook = ROUND_END.get(state.system)
                if end_hook is not None:
                    for ev in end_hook(s, dice):
                        emit(ev)
                for ev in clock.round_end(s, dice):  # every system: round-long conditions, game time
                    emit(ev)
            emit(RoundStarted(round=s.encounter.round + 1, rules=fh))
            done = ""
            new_round = True
            continue
        emit(TurnAdvanced(current=nxt, done=done))
        done = ""
        hook = TURN_START.get(state.system)
        if hook is not None:
            for ev in hook(s, nxt, dice):
                emit(ev)
        assert s.encounter is not None
        if not s.encounter.combatants[nxt].acted:
            break
    return events


@decider(StartFight)
def _start(state: State, cmd: StartFight, dice: Dice) -> list[Event]:
    if state.encounter is not None:
        title = f" ({state.encounter.title})" if state.encounter.title else ""
        raise Rejected(f"a fight is already running{title}: end it first with 'fight end'")
    return [EncounterStarted(title=cmd.title.strip())]


@decider(AddCombatants)
def _add(state: State, cmd: AddCombatants, dice: Dice) -> list[Event]:
    enc = _encounter(state)
    if not cmd.names:
        raise Rejected("who joins the fight? fight add NAME [NAME …]")
    events: list[Event] = []
    s = state
    seen: set[str] = set()
    for name in cmd.names:
        char = find_character(state, name)
        if char.id in enc.combatants or char.id in seen:
            raise Rejected(f"{char.name} is already in the fight")
        if char.has("dead"):
            raise Rejected(f"{char.name} is dead and cannot join the fight")
        seen.add(char.id)
        assert s.encounter is not None
        side = cmd.side.strip().casefold() or ("pc" if char.is_pc else "npc")
        ev = CombatantAdded(character=char.id, side=side, entry=s.encounter.next_entry, readied=cmd.readied)
        events.append(ev)
        s = evolve(s, ev)
    events.append(_order_event(s, dice))
    return events


@decider(RemoveCombatant)
def _remove(state: State, cmd: RemoveCombatant, dice: Dice) -> list[Event]:
    char, _ = _fighter(state, cmd.name)
    return [CombatantRemoved(character=char.id)]


@decider(ReadyFirearm)
def _ready(state: State, cmd: ReadyFirearm, dice: Dice) -> list[Event]:
    char, comb = _fighter(state, cmd.name)
    if comb.readied == cmd.readied:
        raise Rejected(f"{char.name} has {'already' if cmd.readied else 'no'} readied firearm")
    ev = CombatantReadied(character=char.id, readied=cmd.readied)
    return [ev, _order_event(evolve(state, ev), dice)]


@decider(SetOrder)
def _set_order(state: State, cmd: SetOrder, dice: Dice) -> list[Event]:
    enc = _encounter(state)
    ids = tuple(find_character(state, n).id for n in cmd.names)
    if sorted(ids) != sorted(enc.order) or len(set(ids)) != len(ids):
        names = ", ".join(state.characters[c].name for c in enc.order if c in state.characters)
        raise Rejected(f"name every fighter exactly once, in the new order (fighting: {names})")
    if ids == enc.order:
        raise Rejected("that is already the order")
    initiative = {cid: enc.combatants[cid].initiative for cid in ids}
    return [InitiativeOrdered(order=ids, initiative=initiative, manual=True)]


@decider(NextTurn)
def _next(state: State, cmd: NextTurn, dice: Dice) -> list[Event]:
    enc = _encounter(state)
    if not enc.order:
        raise Rejected("nobody is in the fight yet: fight add NAME [NAME …]")
    acting = enc.acting
    done = acting.id if acting is not None and not acting.acted and not acting.waiting else ""
    return _advance(state, dice, done)


@decider(WaitTurn)
def _wait(state: State, cmd: WaitTurn, dice: Dice) -> list[Event]:
    enc = _encounter(state)
    char, comb = _fighter(state, cmd.name)
    if not fh_combat.may_wait(enc.current == char.id, comb.acted):
        if comb.acted:
            raise Rejected(f"{char.name} has already acted this round")
        raise Rejected(f"{char.name} can wait only once their turn comes (now: {_current_name(state)})")
    rules = ("FH-COMBAT-08",) if state.system == "fhtagn" else ()
    ev = CombatantWaited(character=char.id, rules=rules)
    after = evolve(state, ev)
    if _next_candidate(after) is None:
        raise Rejected(f"nobody acts after {char.name} this round: waiting would lose the action")
    return [ev, *_advance(after, dice, "")]


def _current_name(state: State) -> str:
    enc = state.encounter
    if enc is None or not enc.current:
        return "nobody"
    char = state.characters.get(enc.current)
    return char.name if char else enc.current


@decider(ActNow)
def _act(state: State, cmd: ActNow, dice: Dice) -> list[Event]:
    _encounter(state)
    char, comb = _fighter(state, cmd.name)
    if not comb.waiting:
        raise Rejected(f"{char.name} is not waiting (use 'fight wait {char.name}' when their turn comes)")
    rules = ("FH-COMBAT-08",) if state.system == "fhtagn" else ()
    return [TurnAdvanced(current=char.id, from_wait=True, rules=rules)]


@decider(EndFight)
def _end(state: State, cmd: EndFight, dice: Dice) -> list[Event]:
    enc = _encounter(state)
    return [EncounterEnded(rounds=enc.round)]


@decider(DefineWeapon)
def _define_weapon(state: State, cmd: DefineWeapon, dice: Dice) -> list[Event]:
    w = replace(cmd.weapon, system=state.system, name=cmd.weapon.name.strip())
    problem = check_weapon(w)
    if problem:
        raise Rejected(problem)
    old = state.armory.weapons.get(w.key)
    if old == w:
        raise Rejected(f"{w.name} is already defined like that")
    return [WeaponDefined(weapon=w)]


def check_weapon(w: Weapon) -> str | None:
    """What is wrong with a weapon definition, or ``None``."""
    if not w.name:
        return "a weapon needs a name"
    if not w.skill.strip():
        return "a weapon needs the skill it is used with: skill=NAME"
    if w.kind not in KINDS:
        return f"kind={w.kind} is not known{did_you_mean(w.kind, KINDS)} ({', '.join(KINDS)})"
    if w.action and w.action not in ACTIONS:
        return f"action={w.action} is not known{did_you_mean(w.action, ACTIONS)} ({', '.join(ACTIONS)})"
    if w.db not in DB_KINDS:
        return f"db={w.db} must be full, half or none (left out: melee full, thrown half, firearms none)"
    if w.system == "gurps" and w.damage_type not in GURPS_DAMAGE_TYPES:
        return f"type={w.damage_type or '?'}: a GURPS weapon needs a damage type ({', '.join(GURPS_DAMAGE_TYPES)})"
    if not 0 <= w.lethality <= 99:
        return f"lethality={w.lethality} must be 0–99 %"
    if w.system == "fhtagn" and w.lethality:
        return None
    for part in w.damage.split("/"):
        text = resolve_gurps_damage(part, 10) if w.system == "gurps" else part
        try:
            check_expr(text)
        except DiceError as exc:
            return f"damage={w.damage}: {exc}"
    for name in ("base_range", "shots", "magazine", "malfunction", "burst"):
        if getattr(w, name) < 0:
            return f"{name} cannot be negative"
    if w.malfunction > 100:
        return "malfunction is a d100 result, at most 100"
    return None


@decider(SetArmor)
def _set_armor(state: State, cmd: SetArmor, dice: Dice) -> list[Event]:
    char = find_character(state, cmd.name)
    if cmd.rating == -1 and cmd.item:  # by name, from the armour table
        return _armour_by_name(state, char.id, char.name, cmd.item)
    if not 0 <= cmd.rating <= 99:
        raise Rejected(f"armour {cmd.rating} is impossible: give 0 (none) to 99")
    if state.armory.armor.get(char.id, 0) == cmd.rating and state.armory.armor_names.get(char.id, "") == cmd.item:
        raise Rejected(f"{char.name} already wears armour {cmd.rating}")
    rules = ("FH-COMBAT-24",) if state.system == "fhtagn" else ()
    return [ArmorSet(character=char.id, rating=cmd.rating, item=cmd.item.strip(), rules=rules)]


def _armour_by_name(state: State, char_id: str, char_name: str, item: str) -> list[Event]:
    from fhtagn_tui.rules.coc.combat import ARMOUR_TABLE, armour_named

    if state.system != "coc7":
        raise Rejected(f"give the armour rating as a number in {state.system} (e.g. armor {char_name} 3 item=\"{item}\")")
    armour = armour_named(item)
    if armour is None:
        known = ", ".join(f"{a.name} {a.points}" for a in ARMOUR_TABLE)
        raise Rejected(f"{item!r} is not in the armour table{did_you_mean(item, [a.name for a in ARMOUR_TABLE])} "
                       f"(known: {known}); or give a number")
    if state.armory.armor.get(char_id, 0) == armour.points and state.armory.armor_names.get(char_id, "") == armour.name:
        raise Rejected(f"{char_name} already wears {armour.name}")
    return [ArmorSet(character=char_id, rating=armour.points, item=armour.name, rules=("COC-COMBAT-08", "COC-COMBAT-09"))]


@decider(Attack)
def _attack(state: State, cmd: Attack, dice: Dice) -> list[Event]:
    fn = ATTACKS.get(state.system)
    if fn is None:
        raise Rejected(f"attacks in {state.system} are not available yet")
    misfit = foreign(cmd.given(), state.system)
    if misfit:
        raise Rejected(misfit)
    return fn(state, cmd, dice)


# --- evolvers ---------------------------------------------------------------------------------


@evolver(EncounterStarted)
def _ev_started(state: State, ev: EncounterStarted) -> State:
    return replace(state, encounter=Encounter(title=ev.title))


@evolver(CombatantAdded)
def _ev_added(state: State, ev: CombatantAdded) -> State:
    enc = state.encounter
    if enc is None:
        return state
    fighters = dict(enc.combatants)
    fighters[ev.character] = Combatant(id=ev.character, side=ev.side, entry=ev.entry, readied=ev.readied)
    order = enc.order + ((ev.character,) if ev.character not in enc.order else ())
    return replace(state, encounter=replace(enc, combatants=fighters, order=order, next_entry=ev.entry + 1))


@evolver(CombatantRemoved)
def _ev_removed(state: State, ev: CombatantRemoved) -> State:
    enc = state.encounter
    if enc is None:
        return state
    fighters = {k: v for k, v in enc.combatants.items() if k != ev.character}
    order = tuple(c for c in enc.order if c != ev.character)
    current = "" if enc.current == ev.character else enc.current
    return replace(state, encounter=replace(enc, combatants=fighters, order=order, current=current))


@evolver(CombatantReadied)
def _ev_readied(state: State, ev: CombatantReadied) -> State:
    return _with_combatant(state, ev.character, lambda c: replace(c, readied=ev.readied))


@evolver(InitiativeOrdered)
def _ev_ordered(state: State, ev: InitiativeOrdered) -> State:
    enc = state.encounter
    if enc is None:
        return state
    fighters = {}
    for cid, comb in enc.combatants.items():
        fighters[cid] = replace(
            comb,
            initiative=ev.initiative.get(cid, comb.initiative),
            tiebreak=ev.tiebreaks.get(cid, comb.tiebreak),
        )
    order = tuple(c for c in ev.order if c in fighters)
    return replace(state, encounter=replace(enc, combatants=fighters, order=order))


@evolver(RoundStarted)
def _ev_round_started(state: State, ev: RoundStarted) -> State:
    enc = state.encounter
    if enc is None:
        return state
    fighters = {
        cid: replace(c, acted=False, defence="", waiting=False, counters={}) for cid, c in enc.combatants.items()
    }
    return replace(state, encounter=replace(enc, round=ev.round, combatants=fighters, current=""))


@evolver(RoundEnded)
def _ev_round_ended(state: State, ev: RoundEnded) -> State:
    enc = state.encounter
    return state if enc is None else replace(state, encounter=replace(enc, current=""))


@evolver(TurnAdvanced)
def _ev_turn(state: State, ev: TurnAdvanced) -> State:
    if ev.done:
        state = mark_acted(state, ev.done)
    if ev.current:
        state = _with_combatant(state, ev.current, lambda c: replace(c, waiting=False))
    enc = state.encounter
    return state if enc is None else replace(state, encounter=replace(enc, current=ev.current))


@evolver(CombatantWaited)
def _ev_waited(state: State, ev: CombatantWaited) -> State:
    return _with_combatant(state, ev.character, lambda c: replace(c, waiting=True))


@evolver(WeaponDefined)
def _ev_weapon(state: State, ev: WeaponDefined) -> State:
    weapons = dict(state.armory.weapons)
    weapons[ev.weapon.key] = ev.weapon
    return replace(state, armory=replace(state.armory, weapons=weapons))


@evolver(ArmorSet)
def _ev_armor(state: State, ev: ArmorSet) -> State:
    armor = dict(state.armory.armor)
    names = dict(state.armory.armor_names)
    if ev.rating:
        armor[ev.character] = ev.rating
        names[ev.character] = ev.item
    else:
        armor.pop(ev.character, None)
        names.pop(ev.character, None)
    return replace(state, armory=replace(state.armory, armor=armor, armor_names=names))


@evolver(DamageApplied)
def _ev_damage(state: State, ev: DamageApplied) -> State:
    char = state.characters.get(ev.character)
    if char is None:
        return state
    current = dict(char.current)
    current["HP"] = ev.hp_after
    state = state.with_character(replace(char, current=current))
    if ev.injury_points and not ev.injury_stat:
        pending = dict(state.armory.injuries)
        pending[ev.character] = pending.get(ev.character, 0) + ev.injury_points
        state = replace(state, armory=replace(state.armory, injuries=pending))
    return state


@evolver(InjuryAssigned)
def _ev_injury(state: State, ev: InjuryAssigned) -> State:
    pending = {k: v for k, v in state.armory.injuries.items() if k != ev.character}
    return replace(state, armory=replace(state.armory, injuries=pending))


@evolver(EncounterEnded)
def _ev_ended(state: State, ev: EncounterEnded) -> State:
    return replace(state, encounter=None)


#: The order ``fight show`` lists conditions in (as the Initiative tab does: app/widgets/status_text.py)
_URGENT = ("dead", "dying", "unconscious", "coma", "light coma", "catatonic", "fainted", "seizure",
           "bout of madness", "total panic", "temporarily insane", "indefinitely insane", "permanently insane",
           "major wound", "stunned", "stabilised", "prone")


def format_encounter(state: State) -> str:
    """The fight as text: round, order, who acts, flags."""
    enc = state.encounter
    if enc is None:
        return "no fight is running: start one with 'fight start [TITLE]'"
    head = f"Fight{': ' + enc.title if enc.title else ''} — " + (f"round {enc.round}" if enc.round else "not started")
    lines = [head]
    for cid in enc.order:
        comb = enc.combatants[cid]
        char = state.characters.get(cid)
        name = char.name if char else cid
        marks = []
        if comb.acted:
            marks.append("acted")
        if comb.defence:
            marks.append(f"defended ({comb.defence})")
        if comb.waiting:
            marks.append("waiting")
        if comb.readied:
            marks.append("readied")
        if comb.out:
            marks.append("out")
        if char is not None and char.conditions:  # most urgent first, with what is left of a lasting one
            left = {x.condition: x.left(state.clock) for x in state.lasting if x.character == cid and not x.over}
            conds = sorted(char.conditions, key=lambda c: _URGENT.index(c) if c in _URGENT else len(_URGENT))
            marks.append(", ".join(f"{c} {left[c]}" if c in left else c for c in conds))
        pointer = "▶" if cid == enc.current else " "
        hp = f" HP {char.current['HP']}" if char is not None and "HP" in char.current else ""
        lines.append(f"{pointer} {name:<18} {comb.initiative:g}{hp}  {'; '.join(marks)}".rstrip())
    return "\n".join(lines)


# Who cannot (issue 31): the dead, the unconscious where the rules say so (domain/able.py).
acting(Attack, "attacker", doing="attack")
