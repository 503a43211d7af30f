"""Poison, antidote, disease, hospital, radiation, falls, impacts and crashes (FH-HAZ-01…08)."""

from __future__ import annotations

from msgspec.structs import replace

from fhtagn_tui.rules.dice import Dice, DiceError, check_expr
from fhtagn_tui.rules.fhtagn import hazards as rules
from fhtagn_tui.rules.fhtagn.dice import FhTest
from fhtagn_tui.rules.fhtagn.hazards import OngoingHazard
from fhtagn_tui.rules.fhtagn.healing import skill_of

from ...decide import Rejected, decide, decider
from ...events import Event
from ...lookup import did_you_mean, find_character
from ...state import Character, State
from ..campaign import ConditionAdded, ConditionRemoved, check_fh_step
from ..fh_combat import Exhaust
from .commands import (
    ApplyPoison,
    CarCrash,
    GiveAntidote,
    Hospitalize,
    Infect,
    Irradiate,
    TakeFall,
    TakeImpact,
)
from .common import Fold, alive, con_now, hazard_of, require_fhtagn, test_fields, test_mods
from .events import (
    AntidoteGiven,
    CrashResolved,
    FallResolved,
    HazardEnded,
    HazardStarted,
    ImpactResolved,
    PoisonResolved,
    RadiationExposed,
)


def kind_of(text: str) -> str:
    key = text.strip().casefold()
    aliases = {"suffocating": "suffocation", "air": "suffocation", "diseased": "disease", "poisoned": "poison",
               "freezing": "cold", "contact": "fire"}
    key = aliases.get(key, key)
    if key not in rules.KINDS:
        raise Rejected(f"{text!r} is not a hazard that lasts{did_you_mean(key, rules.KINDS)} ({', '.join(rules.KINDS)})")
    return key


def victim(state: State, name: str, what: str) -> Character:
    require_fhtagn(state, what)
    char = find_character(state, name)
    alive(char, f"suffer {what}")
    return char


def start_hazard(fold: Fold, char: Character, hazard: OngoingHazard, rule_ids: tuple[str, ...]) -> None:
    existing = hazard_of(fold.char(char.id), hazard.kind)
    if existing is not None:
        raise Rejected(f"{char.name} already suffers {existing.label}; 'hazard end {char.name} {hazard.kind}' first")
    fold.emit(HazardStarted(character=char.id, kind=hazard.kind, hazard=hazard, rules=rule_ids))


def _check_expr(expr: str, what: str) -> None:
    try:
        check_expr(expr)
    except DiceError as exc:
        raise Rejected(f"{what}: {exc}") from None


def _stun_after(fold: Fold, char_id: str, test: FhTest | None, rule_id: str) -> None:
    if test is not None and not test.success:
        fold.condition(char_id, "stunned", (rule_id, "FH-DMG-02"), note="CON×5 failed")


# --- poison, antidote, disease, hospital, radiation ----------------------------------------------


def resolve_poison(fold: Fold, char_id: str, h: OngoingHazard, dice: Dice, pending: bool) -> None:
    char = fold.char(char_id)
    hosp = rules.hospital_bonus(char.has("hospitalized"))
    out = rules.poison(dice, con_now(char), h.lethality, h.damage, test_mods(char, hosp))
    rule_ids: tuple[str, ...] = ("FH-HAZ-01", "FH-DICE-07") if h.lethality else ("FH-HAZ-01",)
    rule_ids += ("FH-HAZ-03",) if hosp else ()
    fold.emit(PoisonResolved(
        character=char.id, source=h.source, lethality=h.lethality, lethality_roll=out.hit.roll,
        killed=out.hit.killed, base=out.hit.damage, damage=out.damage, hazard=None,
        rules=rule_ids, dice=tuple(dice.take()), **test_fields(out.test),  # type: ignore[arg-type]
    ))
    if pending:
        fold.uncondition(char.id, "poisoned", ("FH-HAZ-01",))
    fold.hurt(char.id, out.damage, h.source or "poison", dice, ("FH-HAZ-01",), killed=out.hit.killed)


@decider(ApplyPoison)
def _poison(state: State, cmd: ApplyPoison, dice: Dice) -> list[Event]:
    char = victim(state, cmd.name, "poison")
    if bool(cmd.lethality) == bool(cmd.damage.strip()):
        raise Rejected("give the poison either lethality=N (%) or damage=EXPR (e.g. damage=2d6), not both")
    if not 0 <= cmd.lethality <= 100:
        raise Rejected(f"a lethality rating is 1–100 %, not {cmd.lethality}")
    if cmd.damage:
        _check_expr(cmd.damage, "poison damage")
    h = OngoingHazard(kind="poison", source=cmd.source.strip(), lethality=cmd.lethality,
                      damage=cmd.damage.strip(), speed=cmd.speed.strip())
    fold = Fold(state)
    if h.speed:
        start_hazard(fold, char, h, ("FH-HAZ-01",))
        fold.condition(char.id, "poisoned", ("FH-HAZ-01", "FH-PARTY-08"), note=f"acts after {h.speed}")
    else:
        resolve_poison(fold, char.id, h, dice, pending=False)
    return fold.events


@decider(GiveAntidote)
def _antidote(state: State, cmd: GiveAntidote, dice: Dice) -> list[Event]:
    require_fhtagn(state, "an antidote")
    healer = find_character(state, cmd.healer)
    patient = find_character(state, cmd.patient)
    for c in (healer, patient):
        alive(c, "take part")
    if healer.has("unconscious"):
        raise Rejected(f"{healer.name} is unconscious")
    h = hazard_of(patient, "poison")
    if h is None:
        raise Rejected(f"{patient.name} has no poison waiting to act (an antidote works only before the effect)")
    if cmd.skill:
        skill = next((s for s in ("Medicine", "Pharmacy") if s.casefold() == cmd.skill.strip().casefold()), None)
        if skill is None:
            raise Rejected(f"an antidote needs Medicine or Pharmacy, not {cmd.skill!r}")
    else:
        skill = max(("Medicine", "Pharmacy"), key=lambda s: skill_of(healer.skills, s))
    value = cmd.skill_value if cmd.skill_value is not None else skill_of(healer.skills, skill)
    check_fh_step(cmd.modifier)
    test = rules.antidote(dice, value, test_mods(healer, cmd.modifier))
    fold = Fold(state)
    rule_ids = ("FH-HAZ-04", "FH-DICE-01") + (("FH-DICE-05",) if cmd.modifier else ())
    fold.emit(AntidoteGiven(healer=healer.id, patient=patient.id, skill=skill, roll=test.roll, target=test.target,
                            level=test.level, success=test.success, rules=rule_ids, dice=tuple(dice.take())))
    if test.success:
        fold.emit(HazardEnded(character=patient.id, kind="poison", reason="antidote", rules=("FH-HAZ-04",)))
        fold.uncondition(patient.id, "poisoned", ("FH-HAZ-04",))
    return fold.events


@decider(Infect)
def _disease(state: State, cmd: Infect, dice: Dice) -> list[Event]:
    char = victim(state, cmd.name, "disease")
    if not cmd.damage.strip() or not cmd.speed.strip():
        raise Rejected("a disease needs damage=EXPR and speed=INTERVAL (e.g. damage=1d6 speed=1day)")
    _check_expr(cmd.damage, "disease damage")
    fold = Fold(state)
    start_hazard(fold, char, OngoingHazard(kind="disease", source=cmd.source.strip(), damage=cmd.damage.strip(),
                                     speed=cmd.speed.strip()), ("FH-HAZ-02",))
    fold.condition(char.id, "diseased", ("FH-HAZ-02", "FH-HEAL-06"), note="no HP can be regained")
    return fold.events


@decider(Hospitalize)
def _hospital(state: State, cmd: Hospitalize, dice: Dice) -> list[Event]:
    char = victim(state, cmd.name, "hospital care")
    if cmd.off:
        if not char.has("hospitalized"):
            raise Rejected(f"{char.name} is not in hospital")
        return [ConditionRemoved(character=char.id, condition="hospitalized", rules=("FH-HAZ-03",))]
    if char.has("hospitalized"):
        raise Rejected(f"{char.name} is already in hospital ('hospital {char.name} --off' discharges)")
    return [ConditionAdded(character=char.id, condition="hospitalized", note="+20 to CON×5 against poison and disease",
                           rules=("FH-HAZ-03",))]


@decider(Irradiate)
def _radiation(state: State, cmd: Irradiate, dice: Dice) -> list[Event]:
    char = victim(state, cmd.name, "radiation")
    fresh = rules.radiation_exhausts(char.has("exhausted"))
    events: list[Event] = [RadiationExposed(character=char.id, dose=cmd.dose.strip(), exhausted=fresh,
                                            rules=("FH-HAZ-05",))]
    if fresh:  # FH-DMG-08 through the combat module's own decider
        events += [replace(ev, rules=tuple(ev.rules) + ("FH-HAZ-05",)) for ev in decide(state, Exhaust(name=char.id), dice)]
    return events


# --- fall, impact, crash -----------------------------------------------------------------------------


@decider(TakeFall)
def _fall(state: State, cmd: TakeFall, dice: Dice) -> list[Event]:
    char = victim(state, cmd.name, "a fall")
    height = rules.fall_height(cmd.meters)
    if cmd.meters < 0 or cmd.meters > 10000:
        raise Rejected(f"a fall of {cmd.meters:g} m is impossible: give metres from 1 up")
    if height < 1:
        raise Rejected(f"a fall of {cmd.meters:g} m does no harm: falls count from 1 m (meters=N)")
    hit = rules.fall_damage(dice, cmd.meters, cmd.uncontrolled)
    hp = char.current.get("HP", 0)
    survives = not hit.killed and hp - hit.damage > 0
    test = rules.stun_test(dice, con_now(char), test_mods(char)) if survives else None
    rule_ids = ("FH-HAZ-06",) + (("FH-DICE-07",) if hit.rating else ()) + (("FH-DICE-04",) if test else ())
    fold = Fold(state)
    fold.emit(FallResolved(
        character=char.id, meters=cmd.meters, height=height, uncontrolled=cmd.uncontrolled, rating=hit.rating,
        roll=hit.roll, killed=hit.killed, damage=hit.damage, stunned=test is not None and not test.success,
        rules=rule_ids, dice=tuple(dice.take()), **test_fields(test),  # type: ignore[arg-type]
    ))
    fold.hurt(char.id, hit.damage, f"a {cmd.meters:g} m fall", dice, ("FH-HAZ-06",), killed=hit.killed)
    _stun_after(fold, char.id, test, "FH-HAZ-06")
    return fold.events


@decider(TakeImpact)
def _impact(state: State, cmd: TakeImpact, dice: Dice) -> list[Event]:
    char = victim(state, cmd.name, "an impact")
    if not 0 <= cmd.speed <= 2000:
        raise Rejected(f"a speed of {cmd.speed} km/h is impossible: give speed=KMH from 0 to 2000")
    rating = rules.impact_rating(cmd.speed)
    if rating and cmd.damage:
        raise Rejected(f"at {cmd.speed} km/h the impact has lethality {rating}%; damage= is only for impacts under 40 km/h")
    if not rating and not cmd.damage:
        raise Rejected(f"under 40 km/h an impact has no lethality: give the damage, e.g. damage=1d6 (speed {cmd.speed})")
    if cmd.damage:
        _check_expr(cmd.damage, "impact damage")
    hit = rules.impact_damage(dice, cmd.speed, cmd.head_on, cmd.damage)
    hp = char.current.get("HP", 0)
    survives = not hit.killed and hp - hit.damage > 0
    test = rules.stun_test(dice, con_now(char), test_mods(char)) if survives else None
    rule_ids = ("FH-HAZ-07",) + (("FH-DICE-07",) if hit.rating else ()) + (("FH-DICE-04",) if test else ())
    fold = Fold(state)
    fold.emit(ImpactResolved(
        character=char.id, speed=cmd.speed, head_on=cmd.head_on, rating=hit.rating, roll=hit.roll,
        killed=hit.killed, damage=hit.damage, stunned=test is not None and not test.success,
        rules=rule_ids, dice=tuple(dice.take()), **test_fields(test),  # type: ignore[arg-type]
    ))
    fold.hurt(char.id, hit.damage, f"an impact at {cmd.speed} km/h", dice, ("FH-HAZ-07",), killed=hit.killed)
    _stun_after(fold, char.id, test, "FH-HAZ-07")
    return fold.events


@decider(CarCrash)
def _crash(state: State, cmd: CarCrash, dice: Dice) -> list[Event]:
    require_fhtagn(state, "a crash")
    role = cmd.role.strip().casefold()
    if role not in rules.CRASH_DICE:
        raise Rejected(f"as={cmd.role!r}: the occupants are in the 'rammed' or the 'ramming' vehicle")
    if not cmd.names:
        raise Rejected("name the occupants: crash NAME [NAME …] as=rammed|ramming")
    occupants = [victim(state, n, "a crash") for n in cmd.names]
    ids = [c.id for c in occupants]
    if len(set(ids)) != len(ids):
        raise Rejected("each occupant is named once")
    fold = Fold(state)
    for char in occupants:
        hit = rules.crash_damage(dice, role, cmd.halved, cmd.massive)
        fold.emit(CrashResolved(character=char.id, role=role, halved=cmd.halved, massive=cmd.massive,
                                rolled=hit.rolled, damage=hit.damage, rules=("FH-HAZ-08",), dice=tuple(dice.take())))
        fold.hurt(char.id, hit.damage, f"a crash ({role} vehicle)", dice, ("FH-HAZ-08",))
    return fold.events


