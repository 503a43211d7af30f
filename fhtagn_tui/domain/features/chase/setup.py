"""Setting a chase up: new chase, participants, locations, and the setup order of chase start."""

from __future__ import annotations

from msgspec.structs import replace

from fhtagn_tui.rules.coc import chase as rc
from fhtagn_tui.rules.coc import vehicles as rv
from fhtagn_tui.rules.coc.chase import FLEE, PURSUE, Chase, Location, Participant
from fhtagn_tui.rules.dice import Dice

from ...decide import Rejected, decider
from ...events import Event
from ...lookup import did_you_mean, find_character
from ...state import State, char_key
from .commands import AddParticipant, NewChase, PlaceLocation, RandomLocation, StartChase
from .events import (
    ChaseCreated,
    ChaseEnded,
    LocationGenerated,
    LocationPlaced,
    ParticipantDropped,
    ParticipantEscaped,
    ParticipantJoined,
    ParticipantPlaced,
)
from .resolve import (
    Acc,
    allocate,
    find_participant,
    foot_mov,
    open_chase,
    outcome_text,
    require_coc,
    speed_event,
)


@decider(NewChase)
def _new(state: State, cmd: NewChase, dice: Dice) -> list[Event]:
    require_coc(state)
    era = cmd.era.casefold()
    if era not in ("modern", "1920s"):
        raise Rejected(f"era is modern or 1920s, not {cmd.era!r}")
    env = cmd.environment.casefold()
    if env not in rc.ENVIRONMENTS:
        raise Rejected(f"environment is {', '.join(rc.ENVIRONMENTS)}, not {cmd.environment!r}")
    number = max((c.number for c in state.chases), default=0) + 1
    return [ChaseCreated(chase=number, title=cmd.title, era=era, environment=env, rules=("COC-CHASE-01",))]


@decider(AddParticipant)
def _add(state: State, cmd: AddParticipant, dice: Dice) -> list[Event]:
    chase = open_chase(state, cmd.chase, started=False)
    side = {"flee": FLEE, "fleeing": FLEE, "pursue": PURSUE, "pursuer": PURSUE, "pursuing": PURSUE}.get(cmd.side.casefold())
    if side is None:
        raise Rejected(f"role is flee or pursue, not {cmd.side!r}")
    if cmd.aptitude not in rc.APTITUDES:
        raise Rejected(f"aptitude is {', '.join(rc.APTITUDES)}, not {cmd.aptitude!r}")
    taken = {o for p in chase.participants for o in p.occupants}
    if cmd.vehicle:
        spec = rv.vehicle_spec(cmd.vehicle)
        if spec is None:
            raise Rejected(f"no vehicle {cmd.vehicle!r} on the charts{did_you_mean(cmd.vehicle, rv.vehicle_names())} (see 'chase vehicles')")
        if not cmd.driver:
            raise Rejected(f"who drives the {spec.name}? add driver=NAME")
        driver = find_character(state, cmd.driver)
        passengers = tuple(find_character(state, n).id for n in cmd.passengers)
        people = (driver.id,) + passengers
        if len(set(people)) != len(people):
            raise Rejected("a character can be aboard only once")
        label = cmd.name.strip()
        pid = char_key(label)
        if state.character(pid) is not None and pid not in people:
            raise Rejected(f"{label!r} is a character's name: name the vehicle something else, e.g. '{label}s {spec.name}'")
        base = cmd.mov if cmd.mov is not None else rv.era_mov(spec.mov, chase.era)
        part = Participant(id=pid, name=label, side=side, character=driver.id, vehicle=spec.name,
                           passengers=passengers, aptitude=cmd.aptitude, base_mov=base, mov=base,
                           build=spec.build, start_build=spec.build, armor=spec.armor)
        rules: tuple[str, ...] = ("COC-VEHICLE-10", "COC-VEHICLE-08") + (("COC-VEHICLE-09",) if chase.era == "1920s" else ())
    else:
        if cmd.driver or cmd.passengers:
            raise Rejected("driver= and passengers= need a vehicle=TYPE")
        char = find_character(state, cmd.name)
        people = (char.id,)
        base = cmd.mov if cmd.mov is not None else foot_mov(char)
        part = Participant(id=char.id, name=char.name, side=side, character=char.id, aptitude=cmd.aptitude,
                           base_mov=base, mov=base)
        rules = ("COC-PARTY-03",) if cmd.mov is None else ()
    if part.id in {p.id for p in chase.participants}:
        raise Rejected(f"{part.name} is already in chase {chase.number}")
    for cid in people:
        if cid in taken:
            raise Rejected(f"{state.characters[cid].name} is already in chase {chase.number}")
    if not 0 < part.base_mov <= 99:
        raise Rejected(f"MOV {part.base_mov} is impossible: give mov=1…99")
    return [ParticipantJoined(chase=chase.number, participant=part, rules=("COC-CHASE-01",) + rules)]


def _next_index(chase: Chase) -> int:
    used = [loc.index for loc in chase.locations] + [p.position for p in chase.participants]
    return max(used, default=-1) + 1


@decider(PlaceLocation)
def _place(state: State, cmd: PlaceLocation, dice: Dice) -> list[Event]:
    chase = open_chase(state, cmd.chase)
    kind = cmd.kind.casefold()
    difficulty = cmd.difficulty.casefold()
    hp = cmd.hp if cmd.hp is not None else 0
    if kind == rc.BARRIER and cmd.hp is None:
        known = rc.barrier_hp(cmd.name) if cmd.name else None
        if known is None:
            raise Rejected("how strong is the barrier? give hp=N or a name from the table "
                           "(door 10, fence 5, external door 15, wall 25, tree 50, bridge 100)")
        hp = known
    problem = rc.location_problem(kind, difficulty, hp)
    if problem:
        raise Rejected(problem)
    if cmd.damage and rc.other_damage_expr(cmd.damage) is None:
        raise Rejected(f"damage is one of {', '.join(s for s, _ in rc.OTHER_DAMAGE)}, not {cmd.damage!r}")
    if cmd.incident and cmd.incident != "none" and rv.incident(cmd.incident) is None:
        raise Rejected(f"incident is one of {', '.join(i.name for i in rv.INCIDENTS)} or none, not {cmd.incident!r}")
    at = cmd.at if cmd.at is not None else _next_index(chase)
    if at < 0:
        raise Rejected("locations are numbered from 0 (the slowest pursuer) upward")
    loc = Location(index=at, kind=kind, difficulty=difficulty, name=cmd.name, skill=cmd.skill,
                   damage=cmd.damage.casefold(), incident=cmd.incident.casefold(), hp=hp)
    rules = ("COC-CHASE-08",) + (("COC-CHASE-15",) if kind == rc.BARRIER and cmd.hp is None else ())
    return [LocationPlaced(chase=chase.number, location=loc, rules=rules)]


@decider(RandomLocation)
def _random(state: State, cmd: RandomLocation, dice: Dice) -> list[Event]:
    chase = open_chase(state, cmd.chase)
    if not 1 <= cmd.count <= 20:
        raise Rejected("roll 1 to 20 locations at a time")
    at = cmd.at if cmd.at is not None else _next_index(chase)
    if at < 0:
        raise Rejected("locations are numbered from 0 (the slowest pursuer) upward")
    events: list[Event] = []
    for i in range(cmd.count):
        r = rc.random_location(dice, chase.environment)
        rules = ("COC-CHASE-08", "COC-CHASE-18") + (("COC-CHASE-19", "COC-DICE-04") if chase.environment != "normal" else ())
        loc = Location(index=at + i, kind=r.kind, difficulty=r.difficulty)
        events.append(LocationGenerated(chase=chase.number, location=loc, roll=r.roll, rules=rules, dice=tuple(dice.take())))
    return events


@decider(StartChase)
def _start(state: State, cmd: StartChase, dice: Dice) -> list[Event]:
    chase = open_chase(state, cmd.chase, started=False)
    problem = rc.sides_problem([p.side for p in chase.participants])
    if problem:
        raise Rejected(problem)
    hold = {find_participant(state, chase, n).id for n in cmd.hold}
    escape = {find_participant(state, chase, n).id for n in cmd.escape}
    if hold & escape:
        both = ", ".join(p.name for p in chase.participants if p.id in hold & escape)
        raise Rejected(f"{both}: either escape= (let go) or hold= (kept in), not both")
    acc = Acc(state, dice)
    n = chase.number
    # 1. speed rolls (those already made while the start waited on the Keeper stand: no re-roll)
    for p in chase.participants:
        if p.id not in chase.rolled:
            acc.emit(speed_event(state, dice, n, p))
    chase = acc.chase(n)
    movs = {p.id: p.mov for p in chase.participants}
    order = rc.order_by_mov(movs)
    fleeing = [pid for pid in order if chase.participant(pid).side == FLEE]  # type: ignore[union-attr]
    pursuers = [pid for pid in order if chase.participant(pid).side == PURSUE]  # type: ignore[union-attr]
    # 2. escapes (only those the Keeper lets go) and drop-outs
    offered = {p.id for p in rc.may_escape(chase)}
    if escape - offered or offered - hold - escape:
        if acc.events:  # the speed rolls are made and kept: the start waits on the Keeper's call
            return acc.events
        for pid in escape - offered:
            raise Rejected(f"{acc.part(n, pid).name} cannot escape at the start: only a fleeing participant faster "
                           f"than every pursuer may (COC-CHASE-04){_offer_note(chase)}")
        raise Rejected(rc.escape_offer(chase))
    for pid in fleeing:
        if pid in escape:
            acc.emit(ParticipantEscaped(chase=n, participant=pid, name=acc.part(n, pid).name,
                                        reason=f"MOV {movs[pid]} beats every pursuer", rules=("COC-CHASE-03", "COC-CHASE-04")))
    fleeing_movs = [movs[p] for p in fleeing]
    for pid in pursuers:
        if rc.drops_out(movs[pid], fleeing_movs):
            acc.emit(ParticipantDropped(chase=n, participant=pid, name=acc.part(n, pid).name,
                                        reason=f"MOV {movs[pid]} is below the slowest fleeing", rules=("COC-CHASE-05",)))
    chase = acc.chase(n)
    left_p = {p.id: p.mov for p in chase.active if p.side == PURSUE}
    left_f = {p.id: p.mov for p in chase.active if p.side == FLEE}
    if not (left_p and left_f):
        for pid in left_f:
            acc.emit(ParticipantEscaped(chase=n, participant=pid, name=acc.part(n, pid).name,
                                        reason="no pursuer left", rules=("COC-CHASE-05",)))
        acc.emit(ChaseEnded(chase=n, outcome=outcome_text(acc.chase(n), "over before it began")))
        return acc.events
    # 3–4. placement
    placed = rc.place_pursuers(left_p)
    lead = max(placed.values())
    placed_f = rc.place_fleeing(left_f, lead)
    for pid, pos in placed.items():
        acc.emit(ParticipantPlaced(chase=n, participant=pid, name=acc.part(n, pid).name, position=pos, rules=("COC-CHASE-06",)))
    for pid, pos in placed_f.items():
        acc.emit(ParticipantPlaced(chase=n, participant=pid, name=acc.part(n, pid).name, position=pos, rules=("COC-CHASE-07",)))
    # 5. hazards and barriers are placed with 'chase location'; 6–7. actions and DEX order
    allocate(acc, n, 1)
    last = acc.events[-1]
    acc.events[-1] = replace(last, rules=last.rules + ("COC-CHASE-30",))
    return acc.events


def _offer_note(chase: Chase) -> str:
    offered = rc.may_escape(chase)
    return f"; {', '.join(p.name for p in offered)} may" if offered else "; nobody may escape here"
