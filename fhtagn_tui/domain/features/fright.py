"""GURPS Fright Checks: the check, the table result, recovery rolls, GM override, traits.

HP, FP, HT and IQ changes and the conditions the party sees go through the
campaign events; the events here carry the dice and change the sheet's
``mind`` (timers, acquired traits, the last fright result).
"""

from collections.abc import Callable

from msgspec.structs import replace

from fhtagn_tui.rules.clock import TIMER_UNITS
from fhtagn_tui.rules.dice import Dice, roll_expr
from fhtagn_tui.rules.gurps import dice as gurps_dice
from fhtagn_tui.rules.gurps import fright as fr
from fhtagn_tui.rules.gurps.fright import FrightRecord, Timer, Trait

from ..able import acting
from ..commands import Command
from ..decide import Rejected, decider, evolve, evolver
from ..events import Event
from ..lookup import did_you_mean, find_character
from ..state import Character, Mind, State
from ..systems import derived
from .campaign import ConditionAdded, ConditionRemoved, PoolChanged, StatChanged
from .clock import LastingSet

# --- events -------------------------------------------------------------------


def _who(names: dict[str, str], key: str) -> str:
    return names.get(key, key)


class FrightCheckRolled(Event):
    character: str
    will: int
    modifier: int
    effective: int  # after the Rule of 14
    roll: int
    level: str
    margin: int = 0  # margin of failure
    table: int = 0  # table total (0 on a success)

    def describe(self, names: dict[str, str]) -> str:
        who = _who(names, self.character)
        cap = " (Rule of 14)" if self.effective < self.will + self.modifier else ""
        head = f"{who}: Fright Check {self.roll} vs {self.effective}{cap} → {self.level}"
        return head if not self.table else f"{head}, margin {self.margin}; table {self.table}"


class FrightResultApplied(Event):
    character: str
    total: int
    entry: str  # rule ID of the table band
    summary: str
    record: FrightRecord
    timers: tuple[Timer, ...] = ()
    ht_roll: int = 0
    ht_level: str = ""
    panic_reaction: int = 0

    def describe(self, names: dict[str, str]) -> str:
        who = _who(names, self.character)
        parts = [t.label() for t in self.timers]
        if self.ht_roll:
            parts.append(f"HT roll {self.ht_roll}: {self.ht_level}")
        if self.panic_reaction:
            parts.append(f"panic reaction {self.panic_reaction}")
        tail = f" [{'; '.join(parts)}]" if parts else ""
        return f"{who}: fright result {self.total} — {self.summary}{tail}"


class FrightOverridden(Event):
    character: str
    old_total: int
    new_total: int
    reroll: bool
    origin: int  # the result taken back
    restore_trait: str = ""
    restore_self_control: int = 0

    def describe(self, names: dict[str, str]) -> str:
        how = "rerolls" if self.reroll else "substitutes"
        return f"GM {how} {_who(names, self.character)}'s fright result: {self.old_total} → {self.new_total}"


class TraitAcquired(Event):
    character: str
    trait: Trait

    def describe(self, names: dict[str, str]) -> str:
        t = self.trait
        sc = f", self-control {t.self_control}" if t.self_control else ""
        return f"{_who(names, self.character)} acquires {t.name} ({t.kind}, {t.points} points{sc})"


class TraitRemoved(Event):
    character: str
    name: str

    def describe(self, names: dict[str, str]) -> str:
        return f"{_who(names, self.character)} loses the trait {self.name}"


class SelfControlWorsened(Event):
    character: str
    trait: str
    old: int
    new: int

    def describe(self, names: dict[str, str]) -> str:
        return f"{_who(names, self.character)}: {self.trait} self-control {self.old} → {self.new}"


class RecoveryRolled(Event):
    character: str
    index: int  # which timer
    condition: str
    target: int | None  # None: automatic (the time is up)
    roll: int = 0
    success: bool = True
    next_amount: int = 0  # a failed roll: the next span
    panic_reaction: int = 0
    after: Timer | None = None  # an after-effect that starts now

    def describe(self, names: dict[str, str]) -> str:
        who = _who(names, self.character)
        if self.target is None:
            head = f"{who} comes out of {self.condition}"
        elif self.success:
            head = f"{who} recovers from {self.condition} ({self.roll} vs {self.target})"
        else:
            head = f"{who} stays {self.condition} ({self.roll} vs {self.target}), next roll in {self.next_amount}"
            if self.panic_reaction:
                head += f"; panic reaction {self.panic_reaction}"
        if self.after is not None:
            head += f"; then {self.after.condition} for {self.after.amount} {self.after.unit}"
        return head


# --- commands -----------------------------------------------------------------


class FrightCheck(Command):
    label = "Fright Check"
    name: str
    modifier: int = 0
    trait: str = ""  # the name the GM gives a trait the result grants
    worsen: str = ""  # an existing related disadvantage for result 25
    self_control: int = 0


class OverrideFright(Command):
    label = "override fright result"
    name: str
    total: int | None = None  # None: reroll the table
    trait: str = ""
    worsen: str = ""
    self_control: int = 0


class RecoverFright(Command):
    label = "recovery roll"
    name: str
    condition: str = ""
    care: bool = False  # catatonia under medical care


class AddTrait(Command):
    label = "add trait"
    name: str
    trait: str
    points: int = -1
    kind: str = "quirk"
    self_control: int = 0


class RemoveTrait(Command):
    label = "remove trait"
    name: str
    trait: str


# --- helpers ------------------------------------------------------------------

TRAIT_KINDS = ("quirk", "delusion", "mental", "physical")
_DEFAULT_NAMES = {"quirk": "quirk", "delusion": "Delusion", "mental": "Phobia or mental disadvantage",
                  "physical": "physical disadvantages"}


def _gurps_char(state: State, name: str) -> Character:
    if state.system != "gurps":
        raise Rejected(
            f"Fright Checks belong to GURPS, and this is a {state.system} campaign"
            + (" — use 'san NAME LOSS' for a SAN test" if state.system == "fhtagn" else "")
        )
    return find_character(state, name)


def _will(state: State, char: Character) -> int:
    return int(derived(state.system, char)["Will"])


def _find_trait(char: Character, name: str) -> Trait:
    key = name.strip().casefold()
    found = next((t for t in char.mind.traits if t.name.casefold() == key), None)
    if found is None:
        names = [t.name for t in char.mind.traits]
        have = ", ".join(names) or "none"
        raise Rejected(f"{char.name} has no trait {name!r}{did_you_mean(name, names)} (traits: {have})")
    return found


def _check_self_control(value: int) -> None:
    if value and value not in fr.SELF_CONTROL_LADDER:
        raise Rejected(f"a self-control number is 15, 12, 9 or 6, not {value}")


def _apply(state: State, char: Character, total: int, margin: int, mod: int, dice: Dice, cmd_trait: str,
           worsen: str, self_control: int) -> list[Event]:
    """The events of one table result for ``char`` (as it is in ``state``)."""
    origin = char.mind.frights + 1
    ht = char.stats.get("HT", 10)
    r = fr.resolve(dice, total, ht, mod, origin)
    entry = r.entry
    new_conditions: list[str] = []
    for timer in r.timers:
        if not char.has(timer.condition) and timer.condition not in new_conditions:
            new_conditions.append(timer.condition)
    traits: list[Trait] = []
    worsened = ""
    worsened_from = 0
    worsened_to = 0
    for gain in entry.traits:
        kind = gain.kind
        if kind == "worsen":
            related = _find_trait(char, worsen) if worsen else None
            better = fr.worse_self_control(related.self_control) if related and related.self_control else None
            if related is not None and better is not None:
                worsened, worsened_from, worsened_to = related.name, related.self_control, better
                continue
            kind = "mental"
        name = cmd_trait.strip() or f"{_DEFAULT_NAMES[kind]} from fright {origin} (GM to name)"
        sc = self_control if kind in ("mental", "delusion") else 0
        traits.append(Trait(name=name, points=gain.points, kind=kind, self_control=sc, origin=origin))
    record = FrightRecord(
        origin=origin, total=total, margin=margin, mod=mod, fp=r.fp, hp=r.hp, ht=r.ht, iq=r.iq,
        conditions=tuple(new_conditions), worsened=worsened, worsened_from=worsened_from,
    )
    rules = (entry.rule, "GURPS-FRIGHT-02") + (("GURPS-FRIGHT-40",) if r.timers else ())
    if r.ht_roll:
        rules += ("GURPS-DICE-01", "GURPS-DICE-02")
    events: list[Event] = [
        FrightResultApplied(
            character=char.id, total=total, entry=entry.rule, summary=entry.summary, record=record,
            timers=r.timers, ht_roll=r.ht_roll, ht_level=r.ht_level, panic_reaction=r.panic_reaction,
            rules=rules, dice=tuple(dice.take()),
        )
    ]
    for pool, amount in (("FP", r.fp), ("HP", r.hp)):
        if amount:
            old = char.current.get(pool, 0)
            events.append(PoolChanged(character=char.id, pool=pool, old=old, new=fr.lose(old, amount),
                                      reason=f"fright result {total}", rules=(entry.rule, "GURPS-FRIGHT-41")))
    for stat, amount in (("HT", r.ht), ("IQ", r.iq)):
        if amount:
            old = char.stats.get(stat, 10)
            events.append(StatChanged(character=char.id, stat=stat, old=old, new=max(1, old - amount), rules=(entry.rule,)))
    for trait in traits:
        rules_t = ("GURPS-FRIGHT-04", entry.rule) + (("GURPS-FRIGHT-38",) if trait.kind == "quirk" else ())
        events.append(TraitAcquired(character=char.id, trait=trait, rules=rules_t))
    if worsened:
        events.append(SelfControlWorsened(character=char.id, trait=worsened, old=worsened_from, new=worsened_to,
                                          rules=(entry.rule, "GURPS-FRIGHT-39")))
    for cond in new_conditions:
        events.append(ConditionAdded(character=char.id, condition=cond, note=f"fright result {total}", rules=("GURPS-FRIGHT-40",)))
    for timer in r.timers:  # the clock ends each span (issue 31): by itself, or with the recovery roll owed
        events += timer_lasting(char.id, timer, entry.rule)
    return events


def timer_lasting(char_id: str, timer: Timer, rule: str) -> list[Event]:
    """The length of a timed fright condition on the campaign clock (GURPS-FRIGHT-40): at its end it
    ends by itself ("auto"), or the recovery roll it calls for is owed ("HT roll")."""
    unit = TIMER_UNITS.get(timer.unit)
    if unit is None or timer.amount <= 0:  # "1 reaction": not a time
        return []
    due = "" if timer.recovery == "auto" else f"{timer.recovery} roll ('fright recover NAME')"
    return [LastingSet(character=char_id, condition=timer.condition, seconds=timer.amount * unit, due=due,
                       rules=(rule, "GURPS-FRIGHT-40"))]


def _validate_options(char: Character, worsen: str, self_control: int) -> None:
    if worsen:
        _find_trait(char, worsen)
    _check_self_control(self_control)


# --- deciders -----------------------------------------------------------------


@decider(FrightCheck)
def _fright(state: State, cmd: FrightCheck, dice: Dice) -> list[Event]:
    char = _gurps_char(state, cmd.name)
    _validate_options(char, cmd.worsen, cmd.self_control)
    will = _will(state, char)
    check = fr.fright_check(dice, will, cmd.modifier)
    rules = ("GURPS-FRIGHT-01", "GURPS-DICE-01", "GURPS-DICE-02", "GURPS-DICE-03")
    if check.success:
        return [FrightCheckRolled(character=char.id, will=will, modifier=cmd.modifier, effective=check.effective,
                                  roll=check.roll, level=check.level, rules=rules, dice=tuple(dice.take()))]
    total = fr.table_roll(dice, check.margin)
    events: list[Event] = [
        FrightCheckRolled(character=char.id, will=will, modifier=cmd.modifier, effective=check.effective,
                          roll=check.roll, level=check.level, margin=check.margin, table=total,
                          rules=rules + ("GURPS-FRIGHT-02",), dice=tuple(dice.take()))
    ]
    return events + _apply(state, char, total, check.margin, cmd.modifier, dice, cmd.trait, cmd.worsen, cmd.self_control)


@decider(OverrideFright)
def _override(state: State, cmd: OverrideFright, dice: Dice) -> list[Event]:
    char = _gurps_char(state, cmd.name)
    last = char.mind.last_fright
    if last is None:
        raise Rejected(f"{char.name} has no fright result to override (a failed Fright Check makes one)")
    if cmd.total is not None and not 4 <= cmd.total <= 40:
        raise Rejected(f"a fright result is 4–40 (40 stands for 40+), not {cmd.total}")
    _validate_options(char, cmd.worsen, cmd.self_control)
    events: list[Event] = []
    # take the old result back
    for pool, amount in (("FP", last.fp), ("HP", last.hp)):
        if amount:
            old = char.current.get(pool, 0)
            events.append(PoolChanged(character=char.id, pool=pool, old=old, new=old + amount,
                                      reason="fright result overridden", rules=("GURPS-FRIGHT-03",)))
    for stat, amount in (("HT", last.ht), ("IQ", last.iq)):
        if amount:
            old = char.stats.get(stat, 10)
            events.append(StatChanged(character=char.id, stat=stat, old=old, new=old + amount, rules=("GURPS-FRIGHT-03",)))
    remaining = {t.condition for t in char.mind.timers if t.origin != last.origin}
    for cond in last.conditions:
        if char.has(cond) and cond not in remaining:
            events.append(ConditionRemoved(character=char.id, condition=cond, rules=("GURPS-FRIGHT-03",)))
    total = fr.override_total(dice, last.margin, cmd.total)
    events.append(
        FrightOverridden(
            character=char.id, old_total=last.total, new_total=total, reroll=cmd.total is None, origin=last.origin,
            restore_trait=last.worsened, restore_self_control=last.worsened_from,
            rules=("GURPS-FRIGHT-03",), dice=tuple(dice.take()),
        )
    )
    after = state
    for ev in events:
        after = evolve(after, ev)
    fresh = after.characters[char.id]
    return events + _apply(after, fresh, total, last.margin, last.mod, dice, cmd.trait, cmd.worsen, cmd.self_control)


def _pick_timer(char: Character, condition: str) -> int:
    timers = char.mind.timers
    if not timers:
        raise Rejected(f"{char.name} has no timed condition to recover from")
    if condition:
        key = condition.strip().casefold()
        for i, t in enumerate(timers):
            if t.condition == key:
                return i
        names = sorted({t.condition for t in timers})
        raise Rejected(f"{char.name} is not {condition}{did_you_mean(condition, names)} (timed: {', '.join(names)})")
    if len({t.condition for t in timers}) > 1:
        raise Rejected(f"{char.name} has several timed conditions: name one ({', '.join(t.condition for t in timers)})")
    return 0


@decider(RecoverFright)
def _recover(state: State, cmd: RecoverFright, dice: Dice) -> list[Event]:
    char = _gurps_char(state, cmd.name)
    index = _pick_timer(char, cmd.condition)
    timer = char.mind.timers[index]
    target = fr.recovery_target(timer, _will(state, char), char.stats.get("HT", 10))
    rules: tuple[str, ...] = ("GURPS-FRIGHT-40",)
    roll = 0
    success = True
    if target is not None:
        g = gurps_dice.success_roll(dice, f"{timer.condition} recovery", target)
        roll, success = g.roll, g.success
        rules += ("GURPS-DICE-01",)
    next_amount = 0
    reaction = 0
    after: Timer | None = None
    if success:
        if timer.after:
            cond, amount, unit = fr.AFTER_EFFECTS[timer.after]
            after = Timer(condition=cond, amount=amount or timer.elapsed + timer.amount, unit=unit, origin=timer.origin)
    elif timer.again and not timer.again.isdigit():
        next_amount = roll_expr(dice, f"{timer.condition} lasts longer", timer.again)
    else:
        next_amount = int(timer.again or "1")
    if not success and timer.condition == "total panic":
        reaction = fr.panic_reaction(dice)
        rules += ("GURPS-FRIGHT-30",)
    events: list[Event] = [
        RecoveryRolled(
            character=char.id, index=index, condition=timer.condition, target=target, roll=roll, success=success,
            next_amount=next_amount, panic_reaction=reaction, after=after, rules=rules, dice=tuple(dice.take()),
        )
    ]
    if timer.condition == "catatonic" and not cmd.care:
        hp = fr.catatonia_hp(timer.elapsed, timer.amount)
        old = char.current.get("HP", 0)
        events.append(PoolChanged(character=char.id, pool="HP", old=old, new=fr.lose(old, hp),
                                  reason=f"catatonic without care, days {timer.elapsed + 1}–{timer.elapsed + timer.amount}",
                                  rules=("GURPS-FRIGHT-27", "GURPS-FRIGHT-41")))
    if not success and next_amount:  # a further span on the clock
        events += timer_lasting(char.id, replace(timer, amount=next_amount), "GURPS-FRIGHT-40")
    if success:
        others = [t for i, t in enumerate(char.mind.timers) if i != index and t.condition == timer.condition]
        if not others and char.has(timer.condition):
            events.append(ConditionRemoved(character=char.id, condition=timer.condition, rules=("GURPS-FRIGHT-40",)))
        if after is not None and not char.has(after.condition):
            events.append(ConditionAdded(character=char.id, condition=after.condition,
                                         note=f"{after.amount} {after.unit}", rules=("GURPS-FRIGHT-40",)))
            events += timer_lasting(char.id, after, "GURPS-FRIGHT-40")
    return events


@decider(AddTrait)
def _add_trait(state: State, cmd: AddTrait, dice: Dice) -> list[Event]:
    char = _gurps_char(state, cmd.name)
    name = cmd.trait.strip()
    if not name:
        raise Rejected("name the trait, e.g. trait add ilse \"Nightmares\" points=-5")
    kind = cmd.kind.casefold()
    if kind not in TRAIT_KINDS:
        raise Rejected(f"{cmd.kind!r} is not a trait kind{did_you_mean(cmd.kind, TRAIT_KINDS)} (kinds: {', '.join(TRAIT_KINDS)})")
    if any(t.name.casefold() == name.casefold() for t in char.mind.traits):
        raise Rejected(f"{char.name} already has {name}")
    if kind == "quirk" and cmd.points != -1:
        raise Rejected(f"a quirk is worth −1 point, not {cmd.points}")
    if cmd.points >= 0:
        raise Rejected(f"an acquired disadvantage has a negative point value, not {cmd.points}")
    _check_self_control(cmd.self_control)
    trait = Trait(name=name, points=cmd.points, kind=kind, self_control=cmd.self_control)
    if kind == "quirk" and not fr.quirk_allowed(char.mind.traits, from_fright=False):
        raise Rejected(f"{char.name} already has {fr.QUIRK_LIMIT} quirks: only a Fright Check (13 or 16) can add more")
    return [TraitAcquired(character=char.id, trait=trait, rules=("GURPS-FRIGHT-04",) + (("GURPS-FRIGHT-38",) if kind == "quirk" else ()))]


@decider(RemoveTrait)
def _remove_trait(state: State, cmd: RemoveTrait, dice: Dice) -> list[Event]:
    char = _gurps_char(state, cmd.name)
    trait = _find_trait(char, cmd.trait)
    return [TraitRemoved(character=char.id, name=trait.name)]


# --- evolvers -----------------------------------------------------------------


def _with_mind(state: State, key: str, change: Callable[[Mind], Mind]) -> State:
    char = state.characters.get(key)
    if char is None:
        return state
    return state.with_character(replace(char, mind=change(char.mind)))


@evolver(FrightResultApplied)
def _ev_result(state: State, ev: FrightResultApplied) -> State:
    def change(m: Mind) -> Mind:
        return replace(m, frights=max(m.frights, ev.record.origin), last_fright=ev.record, timers=m.timers + ev.timers)

    return _with_mind(state, ev.character, change)


@evolver(FrightOverridden)
def _ev_overridden(state: State, ev: FrightOverridden) -> State:
    def change(m: Mind) -> Mind:
        traits = tuple(
            replace(t, self_control=ev.restore_self_control) if ev.restore_trait and t.name == ev.restore_trait else t
            for t in m.traits
            if t.origin != ev.origin
        )
        timers = tuple(t for t in m.timers if t.origin != ev.origin)
        return replace(m, traits=traits, timers=timers, last_fright=None)

    return _with_mind(state, ev.character, change)


@evolver(TraitAcquired)
def _ev_trait(state: State, ev: TraitAcquired) -> State:
    return _with_mind(state, ev.character, lambda m: replace(m, traits=m.traits + (ev.trait,)))


@evolver(TraitRemoved)
def _ev_trait_removed(state: State, ev: TraitRemoved) -> State:
    return _with_mind(state, ev.character, lambda m: replace(m, traits=tuple(t for t in m.traits if t.name != ev.name)))


@evolver(SelfControlWorsened)
def _ev_worse(state: State, ev: SelfControlWorsened) -> State:
    def change(m: Mind) -> Mind:
        return replace(m, traits=tuple(replace(t, self_control=ev.new) if t.name == ev.trait else t for t in m.traits))

    return _with_mind(state, ev.character, change)


@evolver(RecoveryRolled)
def _ev_recovery(state: State, ev: RecoveryRolled) -> State:
    def change(m: Mind) -> Mind:
        if not 0 <= ev.index < len(m.timers):
            return m
        timers = list(m.timers)
        if ev.success:
            del timers[ev.index]
            if ev.after is not None:
                timers.append(ev.after)
        else:
            t = timers[ev.index]
            timers[ev.index] = replace(t, elapsed=t.elapsed + t.amount, amount=ev.next_amount)
        return replace(m, timers=tuple(timers))

    return _with_mind(state, ev.character, change)


# Who cannot (issue 31): the dead, the unconscious where the rules say so (domain/able.py).
acting(FrightCheck, "name", doing="make a Fright Check", unconscious=False)
