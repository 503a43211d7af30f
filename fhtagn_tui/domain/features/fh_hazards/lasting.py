"""Hazards that last: suffocation, fire and burning, cold, disease and pending poison ticks (FH-HAZ)."""

from __future__ import annotations

from collections.abc import Iterable

from msgspec.structs import replace

from fhtagn_tui.rules.clock import MINUTE
from fhtagn_tui.rules.dice import Dice
from fhtagn_tui.rules.fhtagn import hazards as rules
from fhtagn_tui.rules.fhtagn.dice import FhTest
from fhtagn_tui.rules.fhtagn.hazards import OngoingHazard

from ...decide import Rejected, decider
from ...events import Event
from ...lookup import did_you_mean, find_character
from ...state import Character, State
from ..clock import pass_time
from .commands import ExposeToCold, HazardEnd, HazardTick, StartSuffocation, TouchFire, WarmUp
from .common import Fold, alive, con_now, hazard_of, require_fhtagn, test_fields, test_mods
from .events import (
    ColdTick,
    ColdWarmed,
    DiseaseIntervalResolved,
    FireTick,
    HazardEnded,
    HazardStarted,
    SuffocationTick,
)
from .oneshot import kind_of, resolve_poison, start_hazard, victim

# --- lasting hazards: start ------------------------------------------------------------------------


@decider(StartSuffocation)
def _suffocate(state: State, cmd: StartSuffocation, dice: Dice) -> list[Event]:
    char = victim(state, cmd.name, "suffocation")
    turns = rules.hold_breath_turns(con_now(char)) if cmd.turns is None else cmd.turns
    if turns < 0:
        raise Rejected(f"turns={turns}: the breath held is 0 turns or more (default CON×5)")
    fold = Fold(state)
    start_hazard(fold, char, OngoingHazard(kind="suffocation", grace=turns), ("FH-HAZ-09",))
    fold.condition(char.id, "suffocating", ("FH-HAZ-09", "FH-PARTY-08"))
    return fold.events


@decider(TouchFire)
def _fire(state: State, cmd: TouchFire, dice: Dice) -> list[Event]:
    char = victim(state, cmd.name, "fire")
    fire = rules.fire_intensity(cmd.intensity)
    if fire is None:
        names = [f.name for f in rules.FIRE_TABLE]
        table = ", ".join(f"{f.name} ({f.example})" for f in rules.FIRE_TABLE)
        raise Rejected(f"intensity {cmd.intensity!r} is not known{did_you_mean(cmd.intensity, names)} ({table})")
    fold = Fold(state)
    start_hazard(fold, char, OngoingHazard(kind="fire", intensity=fire.name, source=cmd.source.strip()), ("FH-HAZ-10",))
    _tick_fire(fold, char.id, dice)  # the first turn of contact
    return fold.events


@decider(ExposeToCold)
def _cold(state: State, cmd: ExposeToCold, dice: Dice) -> list[Event]:
    char = victim(state, cmd.name, "cold")
    prep = cmd.preparation.strip().casefold()
    prep = {"partially": "partial", "prepared": "partial", "fully": "full", "none": "unprepared"}.get(prep, prep)
    grace = rules.cold_grace(con_now(char), prep)
    if grace is None:
        options = [name for name, _, _ in rules.COLD_GRACE]
        raise Rejected(f"prep={cmd.preparation!r} is not known{did_you_mean(prep, options)} "
                       f"({'; '.join(f'{n}: {m}' for n, m, _ in rules.COLD_GRACE)})")
    existing = hazard_of(char, "cold")
    fold = Fold(state)
    if existing is not None and not existing.exposed:  # back into the cold while still warming up
        fold.emit(HazardStarted(character=char.id, kind="cold", rules=("FH-HAZ-12",),
                                hazard=replace(existing, exposed=True, grace=grace, elapsed=0, source=cmd.source.strip())))
        return fold.events
    start_hazard(fold, char, OngoingHazard(kind="cold", source=cmd.source.strip(), grace=grace), ("FH-HAZ-12",))
    return fold.events


@decider(WarmUp)
def _warm(state: State, cmd: WarmUp, dice: Dice) -> list[Event]:
    require_fhtagn(state, "warming up")
    char = find_character(state, cmd.name)
    h = hazard_of(char, "cold")
    if h is None:
        raise Rejected(f"{char.name} is not suffering from the cold")
    if cmd.minutes < 1:
        raise Rejected(f"minutes={cmd.minutes}: warming takes 1 minute or more (1 CON a minute)")
    restored = min(h.loss, cmd.minutes)
    after = replace(h, loss=h.loss - restored, exposed=False)
    return [ColdWarmed(character=char.id, minutes=cmd.minutes, restored=restored,
                       hazard=after if after.loss else None, rules=("FH-HAZ-12",))]


# --- lasting hazards: ticks --------------------------------------------------------------------------


def _tick_fire(fold: Fold, char_id: str, dice: Dice) -> None:
    char = fold.char(char_id)
    h = hazard_of(char, "fire")
    assert h is not None
    fire = rules.fire_intensity(h.intensity)
    assert fire is not None
    hit = rules.fire_contact(dice, fire)
    catch: FhTest | None = None
    survives = not hit.killed and char.current.get("HP", 0) - hit.damage > 0
    if fire.catches and not char.has("burning") and survives:
        catch = rules.catch_fire(dice, char.stats.get("DEX", 0), test_mods(char))
    caught = catch is not None and not catch.success
    rule_ids = ("FH-HAZ-10",) + (("FH-DICE-07",) if hit.rating else ()) + (("FH-HAZ-11", "FH-DICE-04") if catch else ())
    fold.emit(FireTick(
        character=char.id, kind="fire", hazard=replace(h, ticks=h.ticks + 1), intensity=fire.name, rating=hit.rating,
        roll=hit.roll, killed=hit.killed, damage=hit.damage, rolled=hit.rolled, caught=caught,
        catch_roll=catch.roll if catch else 0, catch_target=catch.target if catch else 0,
        catch_level=catch.level if catch else "", rules=rule_ids, dice=tuple(dice.take()),
    ))
    fold.hurt(char.id, hit.damage, f"{fire.name} fire", dice, ("FH-HAZ-10",), killed=hit.killed)
    if caught and not fold.char(char.id).has("dead"):
        fold.emit(HazardStarted(character=char.id, kind="burning", rules=("FH-HAZ-11",),
                                hazard=OngoingHazard(kind="burning", intensity=fire.name, source=h.source)))
        fold.condition(char.id, "burning", ("FH-HAZ-11", "FH-PARTY-08"), note=f"{fire.name} fire")


def _tick_burning(fold: Fold, char_id: str, dice: Dice) -> None:
    char = fold.char(char_id)
    h = hazard_of(char, "burning")
    assert h is not None
    if hazard_of(char, "fire") is not None:
        return  # still in contact: only the contact damage applies (FH-HAZ-11)
    if not char.has("burning"):  # put out by an action or by hand
        fold.emit(HazardEnded(character=char.id, kind="burning", reason="put out", rules=("FH-HAZ-11",)))
        return
    fire = rules.fire_intensity(h.intensity)
    assert fire is not None
    hit = rules.burning_damage(dice, fire)
    rule_ids = ("FH-HAZ-11", "FH-DICE-08") + (("FH-DICE-07",) if hit.rating else ())
    fold.emit(FireTick(
        character=char.id, kind="burning", hazard=replace(h, ticks=h.ticks + 1), intensity=fire.name,
        rating=hit.rating, roll=hit.roll, killed=hit.killed, damage=hit.damage, rolled=hit.rolled,
        rules=rule_ids, dice=tuple(dice.take()),
    ))
    fold.hurt(char.id, hit.damage, "burning", dice, ("FH-HAZ-11",), killed=hit.killed)


def _tick_suffocation(fold: Fold, char_id: str, dice: Dice) -> None:
    char = fold.char(char_id)
    h = hazard_of(char, "suffocation")
    assert h is not None
    if h.grace > 0:
        after = replace(h, grace=h.grace - 1, ticks=h.ticks + 1)
        fold.emit(SuffocationTick(character=char.id, hazard=after, held=True, turns_left=after.grace,
                                  rules=("FH-HAZ-09",)))
        return
    test, damage = rules.suffocation_turn(dice, con_now(char), test_mods(char))
    fold.emit(SuffocationTick(character=char.id, hazard=replace(h, ticks=h.ticks + 1), damage=damage,
                              rules=("FH-HAZ-09", "FH-DICE-04"), dice=tuple(dice.take()),
                              **test_fields(test)))  # type: ignore[arg-type]
    fold.hurt(char.id, damage, "suffocation", dice, ("FH-HAZ-09",))


def _tick_cold(fold: Fold, char_id: str, dice: Dice) -> None:
    char = fold.char(char_id)
    h = hazard_of(char, "cold")
    assert h is not None
    if not h.exposed:
        return  # warming up: nothing to tick
    minutes = h.elapsed + rules.COLD_INTERVAL
    con = con_now(char)
    if minutes <= h.grace:
        fold.emit(ColdTick(character=char.id, hazard=replace(h, elapsed=minutes, ticks=h.ticks + 1),
                           minutes=minutes, con_now=con, rules=("FH-HAZ-12",)))
        return
    out = rules.cold_interval(dice, con, test_mods(char))
    after = replace(h, elapsed=minutes, ticks=h.ticks + 1, loss=h.loss + out.con_lost)
    fold.emit(ColdTick(
        character=char.id, hazard=after, minutes=minutes, tested=out.tested, con_now=con, con_lost=out.con_lost,
        damage=out.damage, rules=("FH-HAZ-12",) + (("FH-DICE-04",) if out.tested else ()),
        dice=tuple(dice.take()), **test_fields(out.test),  # type: ignore[arg-type]
    ))
    fold.hurt(char.id, out.damage, "cold", dice, ("FH-HAZ-12",))


def _tick_disease(fold: Fold, char_id: str, dice: Dice) -> None:
    char = fold.char(char_id)
    h = hazard_of(char, "disease")
    assert h is not None
    hosp = rules.hospital_bonus(char.has("hospitalized"))
    out = rules.disease_interval(dice, con_now(char), h.damage, test_mods(char, hosp))
    after = None if out.recovered else replace(h, ticks=h.ticks + 1)
    fold.emit(DiseaseIntervalResolved(
        character=char.id, hazard=after, source=h.source, interval=h.ticks + 1, base=out.base, damage=out.damage,
        recovered=out.recovered, rules=("FH-HAZ-02", "FH-DICE-08") + (("FH-HAZ-03",) if hosp else ()),
        dice=tuple(dice.take()), **test_fields(out.test),  # type: ignore[arg-type]
    ))
    if out.recovered:
        fold.uncondition(char.id, "diseased", ("FH-HAZ-02",))
    fold.hurt(char.id, out.damage, h.source or "disease", dice, ("FH-HAZ-02",))


def _tick_poison(fold: Fold, char_id: str, dice: Dice) -> None:
    h = hazard_of(fold.char(char_id), "poison")
    assert h is not None
    resolve_poison(fold, char_id, h, dice, pending=True)


_TICKS = {
    "fire": _tick_fire,
    "burning": _tick_burning,
    "suffocation": _tick_suffocation,
    "cold": _tick_cold,
    "disease": _tick_disease,
    "poison": _tick_poison,
}


def _due(char: Character, kind: str) -> list[str]:
    kinds = [k for k in rules.KINDS if hazard_of(char, k) is not None and (not kind or k == kind)]
    cold = hazard_of(char, "cold")
    if cold is not None and not cold.exposed:
        kinds = [k for k in kinds if k != "cold"]
    return kinds


@decider(HazardTick)
def _hazard_tick(state: State, cmd: HazardTick, dice: Dice) -> list[Event]:
    require_fhtagn(state, "hazards")
    kind = kind_of(cmd.kind) if cmd.kind else ""
    if cmd.name.strip().casefold() == "all":
        chars: Iterable[Character] = [c for c in state.characters.values() if not c.has("dead") and _due(c, kind)]
        if not chars:
            raise Rejected("nobody suffers a lasting hazard" + (f" of kind {kind}" if kind else ""))
    else:
        char = find_character(state, cmd.name)
        alive(char, "suffer hazards")
        if not _due(char, kind):
            have = ", ".join(h.label for h in char.hazards) or "none"
            raise Rejected(f"{char.name} has no {kind or 'lasting hazard'} to tick (hazards: {have})")
        chars = [char]
    fold = Fold(state)
    for char in chars:
        for k in _due(char, kind):
            if fold.char(char.id).has("dead"):
                break
            if hazard_of(fold.char(char.id), k) is not None:
                _TICKS[k](fold, char.id, dice)
    if any(isinstance(ev, ColdTick) for ev in fold.events):  # a cold interval is 5 minutes of game time (issue 31)
        fold.emit(*pass_time(fold.state, rules.COLD_INTERVAL * MINUTE, f"the cold: {rules.COLD_INTERVAL} minutes"))
    return fold.events


@decider(HazardEnd)
def _hazard_end(state: State, cmd: HazardEnd, dice: Dice) -> list[Event]:
    require_fhtagn(state, "hazards")
    char = find_character(state, cmd.name)
    kind = kind_of(cmd.kind)
    h = hazard_of(char, kind)
    if h is None:
        have = ", ".join(x.kind for x in char.hazards) or "none"
        raise Rejected(f"{char.name} does not suffer {kind} (hazards: {have})")
    reasons = {"fire": "out of the fire", "burning": "put out", "suffocation": "breathing again",
               "cold": "warm again", "disease": "cured", "poison": "ended by the GM"}
    fold = Fold(state)
    fold.emit(HazardEnded(character=char.id, kind=kind, reason=reasons[kind], rules=_END_RULES[kind]))
    cond = {"burning": "burning", "suffocation": "suffocating", "disease": "diseased", "poison": "poisoned"}.get(kind)
    if cond:
        fold.uncondition(char.id, cond, _END_RULES[kind])
    return fold.events


_END_RULES: dict[str, tuple[str, ...]] = {
    "fire": ("FH-HAZ-10",), "burning": ("FH-HAZ-11",), "suffocation": ("FH-HAZ-09",),
    "cold": ("FH-HAZ-12",), "disease": ("FH-HAZ-02",), "poison": ("FH-HAZ-01",),
}


def format_hazards(state: State, name: str = "") -> str:
    """The lasting hazards of one character or of everyone (for ``hazard show``)."""
    chars = [find_character(state, name)] if name else list(state.characters.values())
    lines = []
    for c in chars:
        for h in c.hazards:
            detail = {
                "suffocation": f"{h.grace} turns of breath left" if h.grace else "suffocating (CON×5 each turn)",
                "cold": (f"{h.elapsed}/{h.grace} min of grace, CON −{h.loss}" if h.exposed
                         else f"warming up, CON −{h.loss}"),
                "disease": f"{h.damage} every {h.speed}, {h.ticks} intervals so far",
                "poison": f"{'lethality ' + str(h.lethality) + '%' if h.lethality else h.damage} after {h.speed}",
                "fire": f"in contact, {h.ticks} turn(s) so far",
                "burning": f"{h.ticks} turn(s) so far",
            }[h.kind]
            lines.append(f"{c.name}: {h.label} — {detail}")
    return "\n".join(lines) if lines else "no lasting hazards"

