"""The flow of a chase: sudden hazards, switching modes, escapes, captures, rounds, the end."""

from __future__ import annotations

from msgspec.structs import replace

from fhtagn_tui.rules.coc import chase as rc
from fhtagn_tui.rules.coc import vehicles as rv
from fhtagn_tui.rules.coc.chase import FLEE, PURSUE, Participant
from fhtagn_tui.rules.dice import Dice

from ...decide import Rejected, decider
from ...events import Event
from ...lookup import did_you_mean
from ...state import State
from ..coc_wounds import dying_rolls
from .commands import Catch, Crash, Drop, EndChase, Escape, NextRound, SuddenHazard, Switch
from .events import (
    ChaseEnded,
    ModeSwitched,
    ParticipantCaught,
    ParticipantDropped,
    ParticipantEscaped,
    SuddenHazardCalled,
)
from .resolve import (
    Acc,
    allocate,
    character_of,
    dice_errors,
    find_participant,
    finish,
    foot_mov,
    harm_occupants,
    open_chase,
    outcome_text,
    require_coc,
    speed_event,
)


@decider(SuddenHazard)
@dice_errors
def _sudden(state: State, cmd: SuddenHazard, dice: Dice) -> list[Event]:
    chase = open_chase(state, cmd.chase, started=True)
    caller = {"keeper": "keeper", "gm": "keeper", "players": "players", "player": "players"}.get(cmd.caller.casefold())
    if caller is None:
        raise Rejected(f"a sudden hazard is called by the keeper or the players, not {cmd.caller!r}")
    if chase.sudden_round == chase.round:
        raise Rejected(f"a sudden hazard was already called in round {chase.round}: one per round")
    lucks = {cid: state.characters[cid].current.get("Luck", 0)
             for p in chase.active for cid in p.occupants
             if cid in state.characters and state.characters[cid].is_pc}
    s = rc.sudden_hazard(dice, caller, lucks, chase.sudden_caller)
    return [SuddenHazardCalled(chase=chase.number, round=chase.round, caller=caller, roller=s.roller, luck=s.luck,
                               roll=s.roll, winner=s.winner, rules=("COC-CHASE-20", "COC-DICE-07"),
                               dice=tuple(dice.take()))]


@decider(Switch)
@dice_errors
def _switch(state: State, cmd: Switch, dice: Dice) -> list[Event]:
    chase = open_chase(state, cmd.chase, started=True)
    p = find_participant(state, chase, cmd.name)
    n = chase.number
    slowest = min(q.mov for q in chase.active)
    riders: list[Participant] = []
    if cmd.vehicle:
        if p.vehicle:
            raise Rejected(f"{p.name} is already in a {p.vehicle}")
        spec = rv.vehicle_spec(cmd.vehicle)
        if spec is None:
            raise Rejected(f"no vehicle {cmd.vehicle!r} on the charts{did_you_mean(cmd.vehicle, rv.vehicle_names())}")
        new_p = replace(p, vehicle=spec.name, base_mov=rv.era_mov(spec.mov, chase.era), build=spec.build,
                        start_build=spec.build, armor=spec.armor, name=cmd.label_text or p.name)
    else:
        if not p.vehicle:
            raise Rejected(f"{p.name} is already on foot")
        driver = character_of(state, p.character)
        new_p = replace(p, vehicle="", passengers=(), base_mov=foot_mov(driver), build=0.0, start_build=0.0,
                        armor=0, name=driver.name, navigator=False)
        for cid in p.passengers:
            rider = character_of(state, cid)
            riders.append(Participant(id=cid, name=rider.name, side=p.side, character=cid, base_mov=foot_mov(rider),
                                      mov=foot_mov(rider), position=p.position, aptitude=p.aptitude))
    acc = Acc(state, dice)
    speed = speed_event(state, dice, n, new_p)
    left = rc.switched_actions(p.actions, 1 + p.mov - slowest, 1 + speed.new_mov - slowest)
    acc.emit(ModeSwitched(chase=n, participant=replace(new_p, mov=new_p.base_mov, actions=left), was=p.vehicle,
                          rules=("COC-CHASE-28", "COC-CHASE-09")))
    acc.emit(speed)
    for on_foot in riders:
        speed = speed_event(acc.state, dice, n, on_foot)
        left = rc.switched_actions(0, 0, 1 + speed.new_mov - slowest)
        acc.emit(ModeSwitched(chase=n, participant=replace(on_foot, actions=left), was=p.vehicle,
                              rules=("COC-CHASE-28", "COC-CHASE-09")))
        acc.emit(speed)
    return acc.events


@decider(Escape)
def _escape(state: State, cmd: Escape, dice: Dice) -> list[Event]:
    chase = open_chase(state, cmd.chase, started=True)
    p = find_participant(state, chase, cmd.name)
    if p.side != FLEE:
        raise Rejected(f"{p.name} is a pursuer: pursuers drop out ('chase drop'), they do not escape")
    acc = Acc(state, dice)
    acc.emit(ParticipantEscaped(chase=chase.number, participant=p.id, name=p.name, reason="the Keeper rules it",
                                rules=("COC-CHASE-04",)))
    finish(acc, chase.number)
    return acc.events


@decider(Drop)
def _drop(state: State, cmd: Drop, dice: Dice) -> list[Event]:
    chase = open_chase(state, cmd.chase, started=True)
    p = find_participant(state, chase, cmd.name)
    acc = Acc(state, dice)
    acc.emit(ParticipantDropped(chase=chase.number, participant=p.id, name=p.name,
                                reason=cmd.reason or "gives up", rules=("COC-CHASE-05",)))
    finish(acc, chase.number)
    return acc.events


@decider(Catch)
def _catch(state: State, cmd: Catch, dice: Dice) -> list[Event]:
    chase = open_chase(state, cmd.chase, started=True)
    p = find_participant(state, chase, cmd.name)
    if p.side != FLEE:
        raise Rejected(f"{p.name} is a pursuer: only the fleeing are caught")
    by = ""
    if cmd.by:
        q = find_participant(state, chase, cmd.by)
        if q.side != PURSUE:
            raise Rejected(f"{q.name} does not pursue")
        if q.position != p.position:
            raise Rejected(f"{q.name} (at {q.position}) has not reached {p.name} (at {p.position})")
        by = q.name
    else:
        here = [q for q in chase.active if q.side == PURSUE and q.position == p.position]
        if not here:
            raise Rejected(f"no pursuer is at {p.name}'s location ({p.position})")
        by = here[0].name
    acc = Acc(state, dice)
    acc.emit(ParticipantCaught(chase=chase.number, participant=p.id, name=p.name, by=by, rules=("COC-CHASE-16",)))
    finish(acc, chase.number)
    return acc.events


@decider(NextRound)
def _next(state: State, cmd: NextRound, dice: Dice) -> list[Event]:
    chase = open_chase(state, cmd.chase, started=True)
    acc = Acc(state, dice)
    people = list(dict.fromkeys(cid for p in chase.participants for cid in p.occupants))
    for ev in dying_rolls(state, dice, people):  # the round ends: the dying roll CON (COC-PARTY-04)
        acc.emit(ev)
    allocate(acc, chase.number, chase.round + 1)
    return acc.events


@decider(Crash)
@dice_errors
def _crash(state: State, cmd: Crash, dice: Dice) -> list[Event]:
    require_coc(state)
    numbers = [cmd.chase] if cmd.chase else [c.number for c in reversed(state.chases)]
    for number in numbers:
        chase = next((c for c in state.chases if c.number == number), None)
        if chase is None:
            raise Rejected(f"no chase {number}")
        pending = [p for p in chase.participants if p.accident]
        if not pending:
            continue
        p = find_participant(state, chase, cmd.name, active=False)
        if not p.accident:
            names = ", ".join(q.name for q in pending)
            raise Rejected(f"{p.name}'s occupants wait for no decision (waiting: {names})")
        choice = cmd.choice.strip().casefold()
        error = rv.occupant_choice_error(p.accident, choice)
        if error:
            raise Rejected(error.replace("occupants=", ""))
        acc = Acc(state, dice)
        harm_occupants(acc, number, p.id, p.accident, choice)
        return acc.events
    raise Rejected("no wrecked or halted vehicle waits for the Keeper's call on its occupants")


@decider(EndChase)
def _end(state: State, cmd: EndChase, dice: Dice) -> list[Event]:
    chase = open_chase(state, cmd.chase)
    return [ChaseEnded(chase=chase.number, outcome=outcome_text(chase, cmd.outcome.strip()))]
