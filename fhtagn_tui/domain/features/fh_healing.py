"""FHTAGN healing (FH-HEAL-01…06): first aid, treatment, recuperation, resuscitation, exertion.

HP gains are :class:`PoolChanged` events (capped at max HP, none while
diseased — FH-HEAL-06); damage (a fumble, exertion) goes through
:func:`fh_combat.damage_events`.  First aid sets the ``first-aid-used``
condition (FH-PARTY-08); the combat module's damage events clear it.
Healing to 3+ HP wakes an unconscious character (FH-DMG-07).
"""

from fhtagn_tui.rules.dice import Dice
from fhtagn_tui.rules.fhtagn import healing as rules
from fhtagn_tui.rules.fhtagn.dice import percentile_test
from fhtagn_tui.rules.fhtagn.healing import Healing

from ..commands import Command
from ..decide import Rejected, decider
from ..events import Event
from ..lookup import find_character
from ..state import Character, State
from ..systems import pool_max
from .campaign import PoolChanged, check_fh_step
from .coc_wounds import first_aid as coc_first_aid
from .fh_hazards import Fold, HazardEnded, alive, con_now, hazard_of, require_fhtagn, test_mods, who

FIRST_AID_USED = "first-aid-used"
RESUSCITATION_TRIED = "resuscitation-tried"


# --- events ------------------------------------------------------------------------------


def _result(heal: int, damage: int, blocked: bool) -> str:
    if heal and blocked:
        return f"would heal {heal}, but no HP can be regained while diseased"
    if heal:
        return f"heals {heal}"
    if damage:
        return f"{damage} damage"
    return "no effect"


class FirstAidAttempted(Event):
    """FH-HEAL-01 (or FH-HAZ-09: clearing an airway)."""

    healer: str
    patient: str
    roll: int
    target: int
    level: str
    d4: int = 0
    heal: int = 0
    damage: int = 0
    blocked: bool = False  # diseased: no HP regained (FH-HEAL-06)
    airway: bool = False  # clearing an obstructed airway, not stabilising
    cleared: bool = False

    def describe(self, names: dict[str, str]) -> str:
        h, p = who(names, self.healer), who(names, self.patient)
        test = f"First Aid {self.roll} vs {self.target} {self.level}"
        if self.airway:
            return f"{h} clears {p}'s airway: {test} — " + ("breathing again" if self.cleared else "still blocked")
        return f"{h} gives {p} first aid: {test} — {_result(self.heal, self.damage, self.blocked)}"


class TreatmentRolled(Event):
    """FH-HEAL-02: one week of medical treatment."""

    patient: str
    healer: str = ""  # empty: medical staff outside the party
    week: int = 1
    roll: int = 0
    target: int = 0
    level: str = ""
    d4: int = 0
    heal: int = 0
    damage: int = 0
    blocked: bool = False

    def describe(self, names: dict[str, str]) -> str:
        by = who(names, self.healer) if self.healer else "medical staff"
        return (f"{who(names, self.patient)}, week {self.week} of treatment by {by}: Medicine {self.roll} vs "
                f"{self.target} {self.level} — {_result(self.heal, self.damage, self.blocked)}")


class RecuperationRolled(Event):
    """FH-HEAL-04: one day of rest."""

    character: str
    day: int = 1
    roll: int = 0
    target: int = 0
    level: str = ""
    heal: int = 0
    damage: int = 0
    blocked: bool = False

    def describe(self, names: dict[str, str]) -> str:
        return (f"{who(names, self.character)} rests, day {self.day}: CON×5 {self.roll} vs {self.target} "
                f"{self.level} — {_result(self.heal, self.damage, self.blocked)}")


class ResuscitationAttempted(Event):
    """FH-HEAL-05: First Aid on a dead character within CON minutes."""

    healer: str
    patient: str
    minutes: int
    roll: int
    target: int
    level: str
    d4: int = 0
    heal: int = 0
    success: bool = False

    def describe(self, names: dict[str, str]) -> str:
        h, p = who(names, self.healer), who(names, self.patient)
        outcome = f"{p} lives again with {self.heal} HP" if self.success else f"{p} stays dead"
        return f"{h} tries to resuscitate {p} after {self.minutes} min: First Aid {self.roll} vs {self.target} {self.level} — {outcome}"


class ExertionTaken(Event):
    """FH-HEAL-03: a grave physical activity while wounded."""

    character: str
    activity: str = ""
    d4: int = 0

    def describe(self, names: dict[str, str]) -> str:
        what = f" ({self.activity})" if self.activity else ""
        return f"{who(names, self.character)} exerts themselves while wounded{what}: {self.d4} damage"


# --- commands ------------------------------------------------------------------------------


class GiveFirstAid(Command):
    label = "first aid"
    healer: str
    patient: str
    airway: bool = False
    skill_value: int | None = None
    modifier: int = 0


class MedicalTreatment(Command):
    label = "medical treatment"
    patient: str
    healer: str = ""
    skill_value: int | None = None
    weeks: int = 1
    modifier: int = 0


class Recuperate(Command):
    label = "recuperation"
    name: str
    days: int = 1


class Resuscitate(Command):
    label = "resuscitation"
    healer: str
    patient: str
    minutes: int
    skill_value: int | None = None
    modifier: int = 0


class Exert(Command):
    label = "exertion"
    name: str
    activity: str = ""


# --- helpers -----------------------------------------------------------------------------------


def _max_hp(state: State, char: Character) -> int:
    top = pool_max(state.system, char, "HP")
    return top if top is not None else char.current.get("HP", 0)


def _healer(state: State, name: str) -> Character:
    char = find_character(state, name)
    alive(char, "heal anyone")
    if char.has("unconscious"):
        raise Rejected(f"{char.name} is unconscious and cannot heal anyone")
    return char


def _skill(healer: Character, skill: str, override: int | None) -> int:
    if override is not None:
        if not 0 <= override <= 999:
            raise Rejected(f"skill={override} is impossible: a skill is 0–999 %")
        return override
    return rules.skill_of(healer.skills, skill)


def _mod_rules(modifier: int) -> tuple[str, ...]:
    return ("FH-DICE-05",) if modifier else ()


def _apply(fold: Fold, char_id: str, heal: Healing, rule_id: str, source: str, dice: Dice) -> None:
    """The HP gain (capped, blocked while diseased) or the fumble's damage of one healing roll."""
    char = fold.char(char_id)
    if heal.damage:
        fold.hurt(char_id, heal.damage, source, dice, (rule_id,))
        return
    hp = char.current.get("HP", 0)
    new = rules.healed_hp(hp, heal.heal, _max_hp(fold.state, char), char.has("diseased"))
    if new != hp:
        fold.emit(PoolChanged(character=char_id, pool="HP", old=hp, new=new, reason=source,
                              rules=(rule_id, "FH-HEAL-06")))
    if new >= 3:
        fold.uncondition(char_id, "unconscious", ("FH-DMG-07",))


def _wounded(state: State, char: Character, what: str) -> None:
    alive(char, what)
    top = _max_hp(state, char)
    if char.current.get("HP", 0) >= top:
        raise Rejected(f"{char.name} is unhurt (HP {char.current.get('HP', 0)}/{top}): nothing to heal")


# --- deciders ------------------------------------------------------------------------------------


@decider(GiveFirstAid)
def _first_aid(state: State, cmd: GiveFirstAid, dice: Dice) -> list[Event]:
    if state.system == "coc7" and not cmd.airway:  # stabilising the dying (COC-PARTY-04)
        if cmd.modifier:
            raise Rejected("Call of Cthulhu takes no mod=: give bonus or penalty dice through the state")
        return coc_first_aid(state, dice, cmd.healer, cmd.patient, cmd.skill_value)
    require_fhtagn(state, "first aid")
    healer = _healer(state, cmd.healer)
    patient = find_character(state, cmd.patient)
    if patient.has("dead") or (patient.current.get("HP", 1) <= 0):
        raise Rejected(f"{patient.name} is dead: try 'resuscitate {healer.name} {patient.name} minutes=M' "
                       "within CON minutes")
    skill = _skill(healer, "First Aid", cmd.skill_value)
    check_fh_step(cmd.modifier)
    mods = test_mods(healer, cmd.modifier)
    fold = Fold(state)
    if cmd.airway:
        if hazard_of(patient, "suffocation") is None:
            raise Rejected(f"{patient.name} is not suffocating: no airway to clear")
        test = percentile_test(dice, "First Aid (airway)", skill, mods)
        fold.emit(FirstAidAttempted(
            healer=healer.id, patient=patient.id, roll=test.roll, target=test.target, level=test.level,
            airway=True, cleared=test.success, rules=("FH-HAZ-09", "FH-DICE-01") + _mod_rules(cmd.modifier),
            dice=tuple(dice.take()),
        ))
        if test.success:
            fold.emit(HazardEnded(character=patient.id, kind="suffocation", reason="airway cleared",
                                  rules=("FH-HAZ-09",)))
            fold.uncondition(patient.id, "suffocating", ("FH-HAZ-09",))
        return fold.events
    if not rules.may_first_aid(patient.has(FIRST_AID_USED)):
        raise Rejected(f"{patient.name} has had first aid since last being hurt: first aid works once until "
                       "new damage (medical treatment or recuperation still can)")
    _wounded(state, patient, "be healed")
    heal = rules.first_aid(dice, skill, mods)
    fold.emit(FirstAidAttempted(
        healer=healer.id, patient=patient.id, roll=heal.test.roll, target=heal.test.target, level=heal.test.level,
        d4=heal.d4, heal=heal.heal, damage=heal.damage, blocked=bool(heal.heal) and patient.has("diseased"),
        rules=("FH-HEAL-01", "FH-DICE-01") + _mod_rules(cmd.modifier), dice=tuple(dice.take()),
    ))
    _apply(fold, patient.id, heal, "FH-HEAL-01", "first aid", dice)
    fold.condition(patient.id, FIRST_AID_USED, ("FH-HEAL-01", "FH-PARTY-08"), note=f"by {healer.name}")
    return fold.events


@decider(MedicalTreatment)
def _treatment(state: State, cmd: MedicalTreatment, dice: Dice) -> list[Event]:
    require_fhtagn(state, "medical treatment")
    patient = find_character(state, cmd.patient)
    _wounded(state, patient, "be treated")
    if not 1 <= cmd.weeks <= 52:
        raise Rejected(f"weeks={cmd.weeks}: treatment is rolled once per week, for 1–52 weeks")
    healer = _healer(state, cmd.healer) if cmd.healer else None
    if healer is None and cmd.skill_value is None:
        raise Rejected("who treats? give by=HEALER (their Medicine) or skill=N for medical staff")
    if healer is not None and healer.id == patient.id:
        raise Rejected(f"{patient.name} cannot treat themselves: medical staff treat patients")
    skill = _skill(healer or patient, "Medicine", cmd.skill_value)
    check_fh_step(cmd.modifier)
    mods = test_mods(healer, cmd.modifier) if healer else ((cmd.modifier,) if cmd.modifier else ())
    fold = Fold(state)
    for week in range(1, cmd.weeks + 1):
        now = fold.char(patient.id)
        if now.has("dead") or now.current.get("HP", 0) >= _max_hp(fold.state, now):
            break
        heal = rules.treatment(dice, skill, mods)
        fold.emit(TreatmentRolled(
            patient=patient.id, healer=healer.id if healer else "", week=week, roll=heal.test.roll,
            target=heal.test.target, level=heal.test.level, d4=heal.d4, heal=heal.heal, damage=heal.damage,
            blocked=bool(heal.heal) and now.has("diseased"),
            rules=("FH-HEAL-02", "FH-DICE-01") + _mod_rules(cmd.modifier), dice=tuple(dice.take()),
        ))
        _apply(fold, patient.id, heal, "FH-HEAL-02", "medical treatment", dice)
    return fold.events


@decider(Recuperate)
def _recuperate(state: State, cmd: Recuperate, dice: Dice) -> list[Event]:
    require_fhtagn(state, "recuperation")
    char = find_character(state, cmd.name)
    _wounded(state, char, "recuperate")
    if not 1 <= cmd.days <= 365:
        raise Rejected(f"days={cmd.days}: recuperation is rolled once per day, for 1–365 days")
    fold = Fold(state)
    for day in range(1, cmd.days + 1):
        now = fold.char(char.id)
        if now.has("dead") or now.current.get("HP", 0) >= _max_hp(fold.state, now):
            break
        heal = rules.recuperation(dice, con_now(now), test_mods(now))
        fold.emit(RecuperationRolled(
            character=char.id, day=day, roll=heal.test.roll, target=heal.test.target, level=heal.test.level,
            heal=heal.heal, damage=heal.damage, blocked=bool(heal.heal) and now.has("diseased"),
            rules=("FH-HEAL-04", "FH-DICE-04"), dice=tuple(dice.take()),
        ))
        _apply(fold, char.id, heal, "FH-HEAL-04", "recuperation", dice)
    return fold.events


@decider(Resuscitate)
def _resuscitate(state: State, cmd: Resuscitate, dice: Dice) -> list[Event]:
    require_fhtagn(state, "resuscitation")
    healer = _healer(state, cmd.healer)
    patient = find_character(state, cmd.patient)
    if not (patient.has("dead") or patient.current.get("HP", 0) <= 0):
        raise Rejected(f"{patient.name} is not dead: use 'firstaid {healer.name} {patient.name}'")
    if patient.has(RESUSCITATION_TRIED):
        raise Rejected(f"{patient.name} was already given their one resuscitation attempt for this death")
    con = patient.stats.get("CON", 0)
    if not rules.in_time(cmd.minutes, con):
        raise Rejected(f"too late: resuscitation must begin within CON minutes ({con} for {patient.name}), "
                       f"not {cmd.minutes}")
    if patient.has("diseased"):
        raise Rejected(f"{patient.name} is diseased: no HP can be regained (FH-HEAL-06), so resuscitation cannot work")
    skill = _skill(healer, "First Aid", cmd.skill_value)
    check_fh_step(cmd.modifier)
    heal = rules.resuscitation(dice, skill, test_mods(healer, cmd.modifier))
    success = heal.heal > 0
    new = rules.healed_hp(0, heal.heal, _max_hp(state, patient))
    fold = Fold(state)
    fold.emit(ResuscitationAttempted(
        healer=healer.id, patient=patient.id, minutes=cmd.minutes, roll=heal.test.roll, target=heal.test.target,
        level=heal.test.level, d4=heal.d4, heal=new, success=success,
        rules=("FH-HEAL-05", "FH-DICE-01") + _mod_rules(cmd.modifier), dice=tuple(dice.take()),
    ))
    if not success:
        fold.condition(patient.id, RESUSCITATION_TRIED, ("FH-HEAL-05",), note="one attempt per death")
        return fold.events
    old = patient.current.get("HP", 0)
    fold.emit(PoolChanged(character=patient.id, pool="HP", old=old, new=new, reason="resuscitation",
                          rules=("FH-HEAL-05", "FH-HEAL-06")))
    fold.uncondition(patient.id, "dead", ("FH-HEAL-05",))
    if new <= 2:
        fold.condition(patient.id, "unconscious", ("FH-HEAL-05", "FH-DMG-07"), note="revived at 1–2 HP")
    else:
        fold.uncondition(patient.id, "unconscious", ("FH-DMG-07",))
    fold.condition(patient.id, FIRST_AID_USED, ("FH-HEAL-01", "FH-PARTY-08"), note="resuscitation")
    return fold.events


@decider(Exert)
def _exert(state: State, cmd: Exert, dice: Dice) -> list[Event]:
    require_fhtagn(state, "exertion while wounded")
    char = find_character(state, cmd.name)
    alive(char, "exert themselves")
    hp, top = char.current.get("HP", 0), _max_hp(state, char)
    if hp >= top:
        raise Rejected(f"{char.name} is unhurt (HP {hp}/{top}): grave physical activity costs nothing")
    d4 = rules.exertion_damage(dice, hp, top)
    fold = Fold(state)
    fold.emit(ExertionTaken(character=char.id, activity=cmd.activity.strip(), d4=d4, rules=("FH-HEAL-03",),
                            dice=tuple(dice.take())))
    fold.hurt(char.id, d4, "exertion while wounded", dice, ("FH-HEAL-03",))
    return fold.events
