"""Chase evolvers: state changes read only the event."""

from __future__ import annotations

from collections.abc import Callable

from msgspec.structs import replace

from fhtagn_tui.rules.coc.chase import Chase, Location

from ...decide import evolver
from ...state import State
from .events import (
    AccidentResolved,
    BarrierResolved,
    ChaseCreated,
    ChaseEnded,
    ChaseRoundStarted,
    HazardResolved,
    LocationGenerated,
    LocationPlaced,
    ModeSwitched,
    MovementActionsAllocated,
    NavigatorRolled,
    ParticipantCaught,
    ParticipantDropped,
    ParticipantEscaped,
    ParticipantJoined,
    ParticipantMoved,
    ParticipantPlaced,
    RamResolved,
    ShotFired,
    SpeedRolled,
    SuddenHazardCalled,
    VehicleBuildChanged,
    VehicleWrecked,
)


def _with_chase(state: State, number: int, fn: Callable[[Chase], Chase]) -> State:
    chases = tuple(fn(c) if c.number == number else c for c in state.chases)
    return replace(state, chases=chases)


def _with_part(state: State, number: int, pid: str, **changes: object) -> State:
    def change(c: Chase) -> Chase:
        parts = tuple(replace(p, **changes) if p.id == pid else p for p in c.participants)
        return replace(c, participants=parts)

    return _with_chase(state, number, change)


def _with_location(chase: Chase, loc: Location) -> Chase:
    others = tuple(x for x in chase.locations if x.index != loc.index)
    return replace(chase, locations=tuple(sorted(others + (loc,), key=lambda x: x.index)))


@evolver(ChaseCreated)
def _ev_created(state: State, ev: ChaseCreated) -> State:
    chase = Chase(number=ev.chase, title=ev.title, era=ev.era, environment=ev.environment)
    return replace(state, chases=state.chases + (chase,))


@evolver(ParticipantJoined)
def _ev_joined(state: State, ev: ParticipantJoined) -> State:
    return _with_chase(state, ev.chase, lambda c: replace(c, participants=c.participants + (ev.participant,)))


@evolver(LocationPlaced, LocationGenerated)
def _ev_location(state: State, ev: LocationPlaced) -> State:
    return _with_chase(state, ev.chase, lambda c: _with_location(c, ev.location))


@evolver(SpeedRolled)
def _ev_speed(state: State, ev: SpeedRolled) -> State:
    state = _with_part(state, ev.chase, ev.participant, mov=ev.new_mov)
    if not _started(state, ev.chase):  # a chase start waiting on the Keeper (COC-CHASE-04) keeps the rolls made
        state = _with_chase(state, ev.chase, lambda c: replace(c, rolled=c.rolled + (ev.participant,)))
    return state


def _started(state: State, number: int) -> bool:
    return any(c.started for c in state.chases if c.number == number)


@evolver(ParticipantEscaped)
def _ev_escaped(state: State, ev: ParticipantEscaped) -> State:
    return _with_part(state, ev.chase, ev.participant, status="escaped", actions=0)


@evolver(ParticipantDropped)
def _ev_dropped(state: State, ev: ParticipantDropped) -> State:
    return _with_part(state, ev.chase, ev.participant, status="dropped", actions=0)


@evolver(ParticipantCaught)
def _ev_caught(state: State, ev: ParticipantCaught) -> State:
    return _with_part(state, ev.chase, ev.participant, status="caught", actions=0)


@evolver(ParticipantPlaced)
def _ev_placed(state: State, ev: ParticipantPlaced) -> State:
    return _with_part(state, ev.chase, ev.participant, position=ev.position)


@evolver(MovementActionsAllocated)
def _ev_actions(state: State, ev: MovementActionsAllocated) -> State:
    def change(c: Chase) -> Chase:
        parts = tuple(
            replace(p, actions=ev.actions[p.id], allowance=ev.actions[p.id], deficit=ev.deficits.get(p.id, 0))
            if p.id in ev.actions else p
            for p in c.participants
        )
        return replace(c, participants=parts)

    return _with_chase(state, ev.chase, change)


@evolver(ChaseRoundStarted)
def _ev_round(state: State, ev: ChaseRoundStarted) -> State:
    return _with_chase(state, ev.chase, lambda c: replace(c, started=True, round=ev.round, order=ev.order))


@evolver(ParticipantMoved)
def _ev_moved(state: State, ev: ParticipantMoved) -> State:
    if ev.navigator_used:
        return _with_part(state, ev.chase, ev.participant, position=ev.end, actions=ev.actions, navigator=False)
    return _with_part(state, ev.chase, ev.participant, position=ev.end, actions=ev.actions)


@evolver(HazardResolved)
def _ev_hazard(state: State, ev: HazardResolved) -> State:
    return _with_part(state, ev.chase, ev.participant, position=ev.position, actions=ev.actions, deficit=ev.deficit)


@evolver(BarrierResolved)
def _ev_barrier(state: State, ev: BarrierResolved) -> State:
    state = _with_part(state, ev.chase, ev.participant, position=ev.position, actions=ev.actions)

    def change(c: Chase) -> Chase:
        loc = replace(c.location(ev.location), hp=ev.barrier_hp, broken=ev.method == "break" and ev.barrier_hp <= 0)
        return _with_location(c, loc)

    return _with_chase(state, ev.chase, change)


@evolver(VehicleBuildChanged)
def _ev_build(state: State, ev: VehicleBuildChanged) -> State:
    return _with_part(state, ev.chase, ev.participant, build=ev.new)


@evolver(VehicleWrecked)
def _ev_wrecked(state: State, ev: VehicleWrecked) -> State:
    pending = ev.consequence if ev.occupants == "pending" else ""
    return _with_part(state, ev.chase, ev.participant, status=ev.how, build=0.0, actions=0, accident=pending)


@evolver(AccidentResolved)
def _ev_accident(state: State, ev: AccidentResolved) -> State:
    return _with_part(state, ev.chase, ev.participant, accident="")


@evolver(RamResolved)
def _ev_ram(state: State, ev: RamResolved) -> State:
    return _with_part(state, ev.chase, ev.participant, actions=ev.actions)


@evolver(ShotFired)
def _ev_shot(state: State, ev: ShotFired) -> State:
    return _with_part(state, ev.chase, ev.participant, actions=ev.actions)


@evolver(NavigatorRolled)
def _ev_navigator(state: State, ev: NavigatorRolled) -> State:
    return _with_part(state, ev.chase, ev.participant, navigator=ev.success)


@evolver(SuddenHazardCalled)
def _ev_sudden(state: State, ev: SuddenHazardCalled) -> State:
    return _with_chase(state, ev.chase, lambda c: replace(c, sudden_caller=ev.caller, sudden_round=ev.round))


@evolver(ModeSwitched)
def _ev_switched(state: State, ev: ModeSwitched) -> State:
    def change(c: Chase) -> Chase:
        if c.participant(ev.participant.id) is None:
            return replace(c, participants=c.participants + (ev.participant,))
        parts = tuple(ev.participant if p.id == ev.participant.id else p for p in c.participants)
        return replace(c, participants=parts)

    return _with_chase(state, ev.chase, change)


@evolver(ChaseEnded)
def _ev_ended(state: State, ev: ChaseEnded) -> State:
    return _with_chase(state, ev.chase, lambda c: replace(c, ended=True, outcome=ev.outcome))
