"""Moving in a chase: plain moves, hazards, barriers, pedal to the metal, navigation."""

from __future__ import annotations

from fhtagn_tui.rules.coc import chase as rc
from fhtagn_tui.rules.coc import vehicles as rv
from fhtagn_tui.rules.coc.dice import skill_roll
from fhtagn_tui.rules.dice import Dice, roll_expr

from ...able import acting
from ...decide import Rejected, decider
from ...events import Event
from ...lookup import find_character
from ...state import State
from .commands import Barrier, CrossHazard, Move, Navigate, Pedal
from .events import (
    BarrierResolved,
    NavigatorRolled,
    ParticipantMoved,
    VehicleBuildChanged,
)
from .resolve import (
    Acc,
    blocker,
    character_of,
    damage_vehicle,
    dice_errors,
    enter_hazard,
    fail_damage,
    find_participant,
    finish,
    need_actions,
    open_chase,
    operating_skill,
    skill_value,
    vehicle_penalty,
    wrecked,
)


@decider(Move)
def _move(state: State, cmd: Move, dice: Dice) -> list[Event]:
    chase = open_chase(state, cmd.chase, started=True)
    p = find_participant(state, chase, cmd.name)
    if cmd.steps < 1:
        raise Rejected("move at least 1 location")
    need_actions(p, cmd.steps, f"moving {cmd.steps}")
    pos = p.position
    note = ""
    for _ in range(cmd.steps):
        block = blocker(chase, pos + 1, p.id)
        if block:
            note = f"stops before {block}"
            break
        pos += 1
    spent = pos - p.position
    if spent == 0:
        raise Rejected(f"{p.name} is at {p.position}; the way on is blocked by {block}")
    return [ParticipantMoved(chase=chase.number, participant=p.id, name=p.name, start=p.position, end=pos,
                             spent=spent, actions=p.actions - spent, note=note, rules=("COC-CHASE-11",))]


@decider(CrossHazard)
@dice_errors
def _hazard(state: State, cmd: CrossHazard, dice: Dice) -> list[Event]:
    chase = open_chase(state, cmd.chase, started=True)
    p = find_participant(state, chase, cmd.name)
    if cmd.cautious not in (0, 1, 2):
        raise Rejected("a cautious approach spends 1 or 2 movement actions")
    loc = chase.location(p.position + 1)
    if loc.kind != rc.HAZARD:
        raise Rejected(f"the next location ({loc.index}) is {'a barrier' if loc.kind == rc.BARRIER else 'open'}: "
                       f"use 'chase {'barrier' if loc.kind == rc.BARRIER else 'move'} {p.id}'")
    bonus = rc.cautious_bonus(cmd.cautious)
    need_actions(p, 1 + bonus, "this hazard" + (f" with a cautious approach of {bonus}" if bonus else ""))
    acc = Acc(state, dice, cmd.occupants)
    enter_hazard(acc, chase.number, p.id, loc, 1 + bonus, bonus, 0, cmd.skill, ())
    finish(acc, chase.number)
    return acc.events


@decider(Barrier)
@dice_errors
def _barrier(state: State, cmd: Barrier, dice: Dice) -> list[Event]:
    chase = open_chase(state, cmd.chase, started=True)
    p = find_participant(state, chase, cmd.name)
    method = cmd.method.casefold()
    if method not in ("pass", "break"):
        raise Rejected(f"get past a barrier with pass (a skill roll) or break, not {cmd.method!r}")
    loc = chase.location(p.position + 1)
    if loc.kind != rc.BARRIER or loc.broken:
        raise Rejected(f"there is no barrier in the way at {loc.index}: use 'chase move {p.id}'")
    need_actions(p, 1, "the barrier")
    acc = Acc(state, dice, cmd.occupants)
    n = chase.number
    if method == "pass":
        char = character_of(state, p.character)
        wanted = operating_skill(p) if p.vehicle else (cmd.skill or loc.skill)
        if not wanted:
            raise Rejected(f"which skill gets {p.name} past the barrier? give skill=NAME (e.g. Climb, Jump)")
        skill, target, more = skill_value(char, wanted, p.aptitude)
        imp, imp_rules = vehicle_penalty(p)
        r = rc.barrier_roll(dice, p.name, skill, target, loc.difficulty, imp)
        acc.emit(BarrierResolved(chase=n, participant=p.id, name=p.name, location=loc.index, method="pass",
                                 passed=r.passed, skill=skill, target=target, roll=r.roll, level=r.level.label,
                                 barrier_hp=loc.hp, position=loc.index if r.passed else p.position,
                                 actions=p.actions - 1, rules=("COC-CHASE-13",) + more + imp_rules))
        if not r.passed:
            fail_damage(acc, n, p.id, loc, default_incident=False)
    elif p.vehicle:
        b = rc.vehicle_breaks_barrier(dice, p.name, p.build, loc.hp)
        acc.emit(BarrierResolved(chase=n, participant=p.id, name=p.name, location=loc.index, method="break",
                                 passed=b.destroyed, damage=b.damage, barrier_hp=b.barrier_hp,
                                 position=loc.index if b.destroyed else p.position, actions=p.actions - 1,
                                 rules=("COC-CHASE-13", "COC-CHASE-14")))
        if b.destroyed:
            damage_vehicle(acc, n, p.id, rv.build_loss(b.vehicle_hp_damage),
                            f"{b.vehicle_hp_damage} HP breaking through", ("COC-CHASE-14", "COC-VEHICLE-02"))
        else:
            q = acc.part(n, p.id)
            acc.emit(VehicleBuildChanged(chase=n, participant=p.id, name=p.name, old=q.build, new=0.0,
                                         reason="failed to break the barrier", rules=("COC-CHASE-14", "COC-VEHICLE-06")))
            wrecked(acc, n, p.id, "wrecked", rv.ACCIDENT, ("COC-CHASE-14", "COC-VEHICLE-05"))
    else:
        if not cmd.damage:
            raise Rejected(f"how hard does {p.name} hit the barrier? give damage=EXPR, e.g. damage=1d3+1d4")
        dmg = max(0, roll_expr(dice, f"{p.name} breaks at the barrier", cmd.damage))
        left = max(0, loc.hp - dmg)
        acc.emit(BarrierResolved(chase=n, participant=p.id, name=p.name, location=loc.index, method="break",
                                 passed=left == 0, damage=dmg, barrier_hp=left, position=p.position,
                                 actions=p.actions - 1, rules=("COC-CHASE-13", "COC-CHASE-15")))
    finish(acc, n)
    return acc.events


@decider(Pedal)
@dice_errors
def _pedal(state: State, cmd: Pedal, dice: Dice) -> list[Event]:
    chase = open_chase(state, cmd.chase, started=True)
    p = find_participant(state, chase, cmd.name)
    if not p.vehicle:
        raise Rejected(f"{p.name} is on foot: only a driver can put the pedal to the metal")
    base_penalty = rc.pedal_penalty(cmd.locations)
    need_actions(p, 1, "pedal to the metal")
    penalty = rc.navigated_penalty(base_penalty, p.navigator)
    rules: tuple[str, ...] = ("COC-CHASE-22",) if cmd.locations <= 3 else ("COC-CHASE-23",)
    if p.navigator:
        rules += ("COC-CHASE-24",)
    acc = Acc(state, dice, cmd.occupants)
    n = chase.number
    pos = p.position
    remaining = cmd.locations
    first = True
    while True:
        start = pos
        while remaining and chase.location(pos + 1).kind == rc.OPEN or (
            remaining and chase.location(pos + 1).kind == rc.BARRIER and chase.location(pos + 1).broken
        ):
            pos += 1
            remaining -= 1
        block = blocker(chase, pos + 1, p.id) if remaining else ""
        barrier = block and chase.location(pos + 1).kind == rc.BARRIER
        if first or pos != start:
            q = acc.part(n, p.id)
            spent = 1 if first else 0
            note = f"pedal to the metal ({cmd.locations})" + (f"; stops before {block}" if barrier else "")
            acc.emit(ParticipantMoved(chase=n, participant=p.id, name=p.name, start=start, end=pos, spent=spent,
                                      actions=q.actions - spent, note=note, navigator_used=first and p.navigator,
                                      rules=rules))
            first = False
        if not remaining or barrier:
            break
        loc = chase.location(pos + 1)
        remaining -= 1
        passed = enter_hazard(acc, n, p.id, loc, 0, 0, penalty, "", rules)
        pos = loc.index
        if not passed or not acc.part(n, p.id).active:
            break  # a failed hazard ends the move [RES]
    finish(acc, n)
    return acc.events


@decider(Navigate)
@dice_errors
def _navigate(state: State, cmd: Navigate, dice: Dice) -> list[Event]:
    chase = open_chase(state, cmd.chase, started=True)
    p = find_participant(state, chase, cmd.name)
    if not p.vehicle:
        raise Rejected(f"{p.name} is on foot: navigation helps a vehicle's driver")
    if not p.passengers:
        raise Rejected(f"{p.name} has no passenger to navigate")
    if p.navigator:
        raise Rejected(f"{p.name} already has a navigator's help for the next acceleration")
    if cmd.passenger:
        who = find_character(state, cmd.passenger)
        if who.id not in p.passengers:
            raise Rejected(f"{who.name} is not a passenger of {p.name}")
    else:
        who = character_of(state, p.passengers[0])
    if cmd.skill:
        if cmd.skill.casefold() not in ("spot hidden", "navigate"):
            raise Rejected(f"a navigator rolls Spot Hidden or Navigate, not {cmd.skill!r}")
        skill, target, rules = skill_value(who, cmd.skill, "neither")
    else:
        options = [skill_value(who, s, "neither") for s in ("Spot Hidden", "Navigate")]
        skill, target, rules = max(options, key=lambda o: o[1])
    r = skill_roll(dice, f"{who.name} navigates ({skill})", target)
    return [NavigatorRolled(chase=chase.number, participant=p.id, name=p.name, passenger=who.id, skill=skill,
                            target=target, roll=r.roll, level=r.level.label, success=r.success,
                            rules=("COC-CHASE-24",) + rules, dice=tuple(dice.take()))]


# Who cannot (issue 31): the dead and the unconscious make no move in a chase (domain/able.py).
for _kind, _doing in ((Move, "move in a chase"), (CrossHazard, "cross a hazard"), (Barrier, "pass a barrier"),
                      (Pedal, "drive"), (Navigate, "drive")):
    acting(_kind, "name", doing=_doing)
