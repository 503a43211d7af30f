"""Attacks in a chase: ramming and shooting (tyres, armour, wounded drivers)."""

from __future__ import annotations

from msgspec.structs import replace

from fhtagn_tui.rules.coc import chase as rc
from fhtagn_tui.rules.coc import vehicles as rv
from fhtagn_tui.rules.coc.dice import skill_roll
from fhtagn_tui.rules.dice import Dice, DiceError, check_expr, roll_expr

from ...able import acting
from ...decide import Rejected, decider
from ...events import Event
from ...state import State
from ...systems import pool_max
from .commands import RamVehicle, Shoot
from .events import (
    RamResolved,
    ShotFired,
)
from .resolve import (
    Acc,
    character_of,
    damage_vehicle,
    dice_errors,
    enter_hazard,
    find_participant,
    find_shooter,
    finish,
    hurt_person,
    need_actions,
    open_chase,
    operating_skill,
    original_build,
    skill_value,
    vehicle_penalty,
)


@decider(RamVehicle)
@dice_errors
def _ram(state: State, cmd: RamVehicle, dice: Dice) -> list[Event]:
    chase = open_chase(state, cmd.chase, started=True)
    p = find_participant(state, chase, cmd.name)
    t = find_participant(state, chase, cmd.target)
    if not p.vehicle:
        raise Rejected(f"{p.name} is on foot: only a vehicle rams (fight on foot in the combat tab)")
    if t.id == p.id:
        raise Rejected("a vehicle cannot ram itself")
    cost = rc.attack_cost("ram", p.position == t.position)
    if cost is None:
        raise Rejected(f"{p.name} (at {p.position}) must be in the same location as {t.name} (at {t.position}) to ram")
    need_actions(p, cost, "a ram")
    driver = character_of(state, p.character)
    _, attack, more = skill_value(driver, operating_skill(p), p.aptitude)
    a_pen, imp_rules = vehicle_penalty(p)
    t_char = character_of(state, t.character)
    defence_skill = operating_skill(t) if t.vehicle else "Dodge"
    _, defence, more_t = skill_value(t_char, defence_skill, t.aptitude)
    d_pen, _ = vehicle_penalty(t)
    r = rc.ram(dice, p.name, attack, t.name, defence, p.build, original_build(state, t), a_pen, d_pen)
    acc = Acc(state, dice, cmd.occupants)
    n = chase.number
    acc.emit(RamResolved(chase=n, participant=p.id, name=p.name, target=t.id, target_name=t.name, attack=r.attack,
                         attack_level=r.attack_level.label, defence=r.defence, defence_level=r.defence_level.label,
                         hit=r.hit, damage=r.damage, actions=p.actions - cost,
                         rules=("COC-CHASE-16", "COC-CHASE-17") + more + more_t + imp_rules))
    if r.hit:
        if t.vehicle:
            damage_vehicle(acc, n, t.id, rv.build_loss(r.damage), f"rammed by {p.name} for {r.damage} HP",
                            ("COC-CHASE-17", "COC-VEHICLE-02"))
        else:
            hurt_person(acc, n, t.character, r.damage, f"rammed by {p.name}", ("COC-CHASE-17",))
        if r.recoil_build and acc.part(n, p.id).active:
            damage_vehicle(acc, n, p.id, r.recoil_build, f"ramming {t.name}", ("COC-CHASE-17", "COC-VEHICLE-02"))
    finish(acc, n)
    return acc.events


@decider(Shoot)
@dice_errors
def _shoot(state: State, cmd: Shoot, dice: Dice) -> list[Event]:
    chase = open_chase(state, cmd.chase, started=True)
    p, shooter = find_shooter(state, chase, cmd.name)
    target_char = state.character(cmd.target.strip())
    if target_char is not None:
        t = next((q for q in chase.participants if target_char.id in q.occupants), None)
        if t is None:
            raise Rejected(f"{target_char.name} is not in chase {chase.number}")
        if not t.active:
            raise Rejected(f"{t.name} is no longer in the chase ({t.status})")
    else:
        t = find_participant(state, chase, cmd.target)
    if t.id == p.id:
        raise Rejected("a participant cannot shoot at itself")
    aim_person = target_char is not None and not cmd.tyre
    if cmd.tyre and not t.vehicle:
        raise Rejected(f"{t.name} has no tyres")
    difficulty = cmd.difficulty.casefold()
    if difficulty not in rc.DIFFICULTIES:
        raise Rejected(f"difficulty is regular, hard or extreme, not {cmd.difficulty!r}")
    try:
        check_expr(cmd.damage)
    except DiceError as exc:
        raise Rejected(str(exc)) from None
    penalty, cost = rc.firearm_terms(cmd.stationary)
    rules: tuple[str, ...] = ("COC-CHASE-16", "COC-CHASE-25")
    if cmd.tyre:
        penalty += 1
        rules += ("COC-CHASE-26",)
    need_actions(p, cost, "standing still to shoot")
    skill, value, more = skill_value(shooter, cmd.skill, p.aptitude)
    r = skill_roll(dice, f"{shooter.name} shoots ({skill})", value, rc.DIFFICULTIES[difficulty], 0, penalty)
    damage = max(0, roll_expr(dice, f"{shooter.name} damage", cmd.damage)) if r.success else 0
    n = chase.number
    acc = Acc(state, dice, cmd.occupants)
    tname = target_char.name if aim_person and target_char else (f"{t.name}'s tyre" if cmd.tyre else t.name)
    acc.emit(ShotFired(chase=n, participant=p.id, shooter=shooter.id, name=shooter.name, target=t.id,
                       target_name=tname, skill=skill, target_value=value, roll=r.roll, level=r.level.label,
                       hit=r.success, penalty=penalty, damage=damage, actions=p.actions - cost,
                       rules=rules + ("COC-DICE-01",) + more + (("COC-DICE-04",) if penalty else ())))
    if not r.success:
        return acc.events
    if cmd.tyre:
        if rc.tyre_hit(damage):
            damage_vehicle(acc, n, t.id, 1, "a tyre is shot out", ("COC-CHASE-26",))
    elif aim_person and target_char is not None:
        wound = rv.armour_for_people(damage, t.armor) if t.vehicle else damage
        rules_p: tuple[str, ...] = ("COC-VEHICLE-07",) if t.vehicle else ()
        hurt_person(acc, n, target_char.id, wound, f"shot by {shooter.name}", rules_p)
        top = pool_max(acc.state.system, target_char, "HP") or 0
        still = acc.part(n, t.id)
        if t.vehicle and target_char.id == t.character and still.active and rc.driver_loses_control(wound, top, True):
            loc = replace(acc.chase(n).location(still.position), difficulty="hard", kind=rc.HAZARD,
                          incident="", damage="")
            enter_hazard(acc, n, t.id, loc, 0, 0, 0, "", ("COC-CHASE-27",))
    else:
        if t.vehicle:
            damage_vehicle(acc, n, t.id, rv.build_loss(damage), f"shot for {damage} HP", ("COC-VEHICLE-02",))
        else:
            hurt_person(acc, n, t.character, damage, f"shot by {shooter.name}", ())
    finish(acc, n)
    return acc.events


# Who cannot (issue 31): the dead and the unconscious neither ram nor shoot (domain/able.py).
acting(RamVehicle, "name", doing="ram")
acting(Shoot, "name", doing="shoot")
