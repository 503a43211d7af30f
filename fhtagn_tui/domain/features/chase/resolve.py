"""Shared steps of chase deciders: lookups, skills, damage to people and vehicles, the end check."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from msgspec.structs import replace

from fhtagn_tui.rules.coc import chase as rc
from fhtagn_tui.rules.coc import vehicles as rv
from fhtagn_tui.rules.coc.chase import FLEE, PURSUE, Chase, Location, Participant
from fhtagn_tui.rules.coc.party import damage_bonus_and_build, mov
from fhtagn_tui.rules.dice import Dice, DiceError, DiceNeeded
from fhtagn_tui.rules.names import matches as names_matches

from ... import skills as skill_rules
from ...decide import Rejected, evolve
from ...events import Event
from ...lookup import did_you_mean
from ...state import Character, State
from ...systems import NPC_KINDS, pool_max
from ..coc_wounds import DOWN, wound
from .commands import ChaseCommand
from .events import (
    AccidentResolved,
    ChaseEnded,
    ChaseRoundStarted,
    HazardResolved,
    MovementActionsAllocated,
    OccupantLuck,
    ParticipantDropped,
    ParticipantEscaped,
    SpeedRolled,
    VehicleBuildChanged,
    VehicleWrecked,
)


class Acc:
    """Events of one command, folded as they are made so that later steps see earlier ones."""

    def __init__(self, state: State, dice: Dice, occupants: str = "") -> None:
        self.state = state
        self.dice = dice
        self.events: list[Event] = []
        self.occupants = occupants  # the Keeper's choice for occupants if a vehicle is wrecked

    def emit(self, ev: Event) -> None:
        if not ev.dice:
            ev = replace(ev, dice=tuple(self.dice.take()))
        self.events.append(ev)
        self.state = evolve(self.state, ev)

    def chase(self, number: int) -> Chase:
        found = next(c for c in self.state.chases if c.number == number)
        return found

    def part(self, number: int, pid: str) -> Participant:
        p = self.chase(number).participant(pid)
        assert p is not None
        return p


def require_coc(state: State) -> None:
    if state.system != "coc7":
        raise Rejected("chases are a Call of Cthulhu 7e rule; this campaign plays " + state.system)


def open_chase(state: State, number: int, started: bool | None = None) -> Chase:
    require_coc(state)
    if not state.chases:
        raise Rejected("no chase yet: set one up with 'chase new [TITLE]'")
    if number:
        chase = next((c for c in state.chases if c.number == number), None)
        if chase is None:
            raise Rejected(f"no chase {number} (chases: {', '.join(str(c.number) for c in state.chases)})")
    else:
        open_chases = [c for c in state.chases if not c.ended]
        if not open_chases:
            raise Rejected("every chase has ended: set up a new one with 'chase new [TITLE]'")
        chase = open_chases[-1]
    if chase.ended:
        raise Rejected(f"chase {chase.number} has ended ({chase.outcome})")
    if started is True and not chase.started:
        offer = rc.escape_offer(chase)
        if offer:  # the speed rolls are made; the start waits on the Keeper (COC-CHASE-04)
            raise Rejected(f"chase {chase.number} waits on the Keeper before it starts: {offer}")
        raise Rejected(f"chase {chase.number} has not started: run the setup with 'chase start'")
    if started is False and chase.started:
        raise Rejected(f"chase {chase.number} is already running")
    return chase


def find_participant(state: State, chase: Chase, name: str, active: bool = True) -> Participant:
    key = name.strip().casefold()
    p = next((p for p in chase.participants if p.id == key or p.name.casefold() == key), None)
    if p is None:  # the start of any word of the name, then a piece of it (rules.names)
        found = names_matches(name, [q.name for q in chase.participants])
        if len(found) == 1:
            p = next(q for q in chase.participants if q.name == found[0])
    if p is None:  # a driver or passenger stands for the vehicle
        aboard = {c.name: c.id for c in state.characters.values() if any(c.id in q.occupants for q in chase.participants)}
        found = [state.character(key).name] if state.character(key) is not None else names_matches(name, aboard)  # type: ignore[union-attr]
        if len(found) == 1 and found[0] in aboard:
            p = next((q for q in chase.participants if aboard[found[0]] in q.occupants), None)
    if p is None:
        names = [q.name for q in chase.participants]
        listed = ", ".join(names) if names else "none yet — add them with 'chase add NAME role=flee|pursue'"
        raise Rejected(f"no one called {name!r} in chase {chase.number}{did_you_mean(name, names)} (participants: {listed})")
    if active and not p.active:
        raise Rejected(f"{p.name} is no longer in the chase ({p.status})")
    return p


def skill_value(char: Character, skill: str, aptitude: str = "neither") -> tuple[str, int, tuple[str, ...]]:
    """(skill name, value, rules) for a roll by ``char``; NPCs fall back on DEX (COC-CHASE-29)."""
    key = skill.strip().casefold()
    for stat, value in char.stats.items():
        if stat.casefold() == key:
            return stat, value, ()
    for name, value in char.skills.items():
        if name.casefold() == key:
            return name, value, ()
    if key == "dodge":
        return "Dodge", char.stats.get("DEX", 0) // 2, ()
    if char.kind in NPC_KINDS:  # a stat block lists what the NPC has; anything else is COC-CHASE-29's
        own = names_matches(skill, char.skills)
        if len(own) == 1:
            return own[0], char.skills[own[0]], ()
        return skill, rc.npc_skill(char.stats.get("DEX", 0), aptitude), ("COC-CHASE-29",)
    for name, value in rc.BASE_SKILLS.items():
        if name.casefold() == key:
            return name, value, ()
    found = skill_rules.value_of("coc7", char, skill)  # any word of a name: the sheet's, else the list's base
    if found is not None:
        return found[0], found[1], ()
    raise Rejected(f"{char.name} has no {skill!r} skill{did_you_mean(skill, char.skills)}: set it with 'char set {char.id} \"{skill}=N\"'")


def character_of(state: State, cid: str) -> Character:
    char = state.characters.get(cid)
    if char is None:
        raise Rejected(f"the character {cid!r} is no longer in the campaign")
    return char


def vehicle_penalty(p: Participant) -> tuple[int, tuple[str, ...]]:
    if p.vehicle and rv.impaired(p.build, p.start_build):
        return 1, ("COC-VEHICLE-03",)
    return 0, ()


def operating_skill(p: Participant) -> str:
    spec = rv.vehicle_spec(p.vehicle)
    return spec.skill if spec else rv.DRIVE


def actions_after(actions: int, cost: int) -> tuple[int, int]:
    """(actions left, deficit owed) after spending ``cost``."""
    left = actions - cost
    return (left, 0) if left >= 0 else (0, -left)


def hurt_person(acc: Acc, chase: int, cid: str, damage: int, reason: str, rules: tuple[str, ...]) -> None:
    """HP damage to a person through the wound rule (COC-PARTY-04); a runner who is down leaves the chase."""
    char = acc.state.characters.get(cid)
    if char is None or damage <= 0:
        return
    for ev in wound(acc.state, acc.dice, cid, damage, f"chase: {reason}", rules=rules):
        acc.emit(ev)
    now = acc.state.characters[cid]
    c = acc.chase(chase)
    runner = next((p for p in c.participants if p.id == cid and not p.vehicle and p.active), None)
    down = now.current.get("HP", 0) == 0 or any(now.has(x) for x in DOWN)
    if down and runner is not None:
        why = next((x for x in DOWN if now.has(x)), "down at 0 HP")
        acc.emit(ParticipantDropped(chase=chase, participant=runner.id, name=runner.name, reason=why))


def damage_vehicle(acc: Acc, chase: int, pid: str, build_lost: float, reason: str, rules: tuple[str, ...],
                    record_zero: bool = False) -> None:
    """Build loss in one incident, with a wreck (COC-VEHICLE-04) or a halt (COC-VEHICLE-05)."""
    p = acc.part(chase, pid)
    if build_lost <= 0:
        if record_zero:  # the rolled dice go into the log with the incident
            acc.emit(VehicleBuildChanged(chase=chase, participant=pid, name=p.name, old=p.build, new=p.build,
                                         reason=f"{reason}: no Build lost", rules=rules))
        return
    result = rv.lose_build(p.build, p.start_build, build_lost)
    acc.emit(VehicleBuildChanged(chase=chase, participant=pid, name=p.name, old=result.old, new=result.new,
                                 reason=reason, rules=rules + ("COC-VEHICLE-06",)))
    if result.wrecked or result.undrivable:
        how = "wrecked" if result.wrecked else "halted"
        consequence = rv.WRECK if result.wrecked else rv.ACCIDENT
        rule = "COC-VEHICLE-04" if result.wrecked else "COC-VEHICLE-05"
        wrecked(acc, chase, pid, how, consequence, (rule, "COC-VEHICLE-06"))


def wrecked(acc: Acc, chase: int, pid: str, how: str, consequence: str, rules: tuple[str, ...]) -> None:
    """The vehicle is out; its occupants' harm is the Keeper's call: given with the command
    (``occupants=``) it is resolved at once, otherwise it waits for 'chase crash'."""
    p = acc.part(chase, pid)
    choice = acc.occupants
    if choice:
        error = rv.occupant_choice_error(consequence, choice)
        if error:
            raise Rejected(error)
    mark = choice if choice else ("pending" if p.occupants else "")
    acc.emit(VehicleWrecked(chase=chase, participant=pid, name=p.name, how=how, consequence=consequence,
                            occupants=mark, rules=rules))
    if choice and p.occupants:
        harm_occupants(acc, chase, pid, consequence, choice)


def harm_occupants(acc: Acc, chase: int, pid: str, consequence: str, choice: str) -> None:
    """The Keeper's choice for every occupant: spared, hurt, a Luck roll each, or killed."""
    p = acc.part(chase, pid)
    rule = "COC-VEHICLE-04" if consequence == rv.WRECK else "COC-VEHICLE-05"
    acc.emit(AccidentResolved(chase=chase, participant=pid, name=p.name, consequence=consequence, choice=choice,
                              rules=(rule,)))
    for cid in p.occupants:
        char = acc.state.characters.get(cid)
        if char is None or char.has("dead"):
            continue
        luck = char.current.get("Luck", char.stats.get("Luck", 0))
        fate = rv.occupant_fate(acc.dice, char.name, luck, consequence, choice)
        if fate.luck_roll:
            acc.emit(OccupantLuck(chase=chase, character=cid, luck=luck, roll=fate.luck_roll,
                                  passed=fate.luck_roll <= luck, consequence=consequence,
                                  rules=(rule, "COC-DICE-07"), dice=tuple(acc.dice.take())))
        if fate.killed:
            top = pool_max(acc.state.system, char, "HP") or char.current.get("HP", 0)
            hurt_person(acc, chase, cid, max(top, 1), "killed in the wreck", (rule,))
        elif fate.damage:
            why = "thrown clear of the wreck" if fate.thrown_clear else "the vehicle crashes"
            hurt_person(acc, chase, cid, fate.damage, why, (rule,))


def collision(acc: Acc, chase: int, pid: str, incident: str, why: str) -> None:
    row = rv.incident(incident)
    if row is None:
        return
    lost = rv.collision_damage(acc.dice, row.name)
    damage_vehicle(acc, chase, pid, lost, f"{row.name} collision: {why}", ("COC-VEHICLE-01",), record_zero=True)


def fail_damage(acc: Acc, chase: int, pid: str, loc: Location, default_incident: bool) -> None:
    """Damage after a failed hazard or barrier roll: Table III for people, Table VI for vehicles."""
    p = acc.part(chase, pid)
    what = loc.name or f"{loc.difficulty} hazard"
    if p.vehicle:
        name = loc.incident or (rv.INCIDENT_BY_DIFFICULTY[loc.difficulty] if default_incident else "")
        if name and name != "none":
            collision(acc, chase, pid, name, what)
    elif loc.damage:
        dmg = rc.other_damage(acc.dice, p.name, loc.damage)
        hurt_person(acc, chase, p.character, dmg, f"{what}, {loc.damage}", ("COC-CHASE-11",))


def finish(acc: Acc, number: int) -> None:
    """End the chase when no one flees any more, or no one pursues."""
    chase = acc.chase(number)
    if not chase.started or chase.ended:
        return
    fleeing = [p for p in chase.active if p.side == FLEE]
    pursuing = [p for p in chase.active if p.side == PURSUE]
    if fleeing and not pursuing:
        for p in fleeing:
            acc.emit(ParticipantEscaped(chase=number, participant=p.id, name=p.name, reason="no pursuer left"))
    chase = acc.chase(number)
    if not [p for p in chase.active if p.side == FLEE]:
        acc.emit(ChaseEnded(chase=number, outcome=outcome_text(chase)))


def outcome_text(chase: Chase, extra: str = "") -> str:
    parts = []
    for status, word in (("escaped", "escaped"), ("caught", "caught"), ("in", "still running")):
        who = [p.name for p in chase.participants if p.side == FLEE and p.status == status]
        if who:
            parts.append(f"{word}: {', '.join(who)}")
    lost = [p.name for p in chase.participants if p.side == FLEE and p.status in ("dropped", "wrecked", "halted")]
    if lost:
        parts.append(f"stopped: {', '.join(lost)}")
    text = "; ".join(parts) or "no one fled"
    return f"{text} — {extra}" if extra else text


C = TypeVar("C", bound=ChaseCommand)


def dice_errors(fn: Callable[[State, C, Dice], list[Event]]) -> Callable[[State, C, Dice], list[Event]]:
    def wrapped(state: State, cmd: C, dice: Dice) -> list[Event]:
        try:
            return fn(state, cmd, dice)
        except (ValueError, DiceError) as exc:
            if isinstance(exc, DiceNeeded):
                raise
            raise Rejected(str(exc)) from None

    return wrapped


def speed_event(state: State, dice: Dice, number: int, p: Participant) -> SpeedRolled:
    """A speed roll from the participant's base MOV, with its dice."""
    char = character_of(state, p.character)
    spec = rv.vehicle_spec(p.vehicle) if p.vehicle else None
    wanted = spec.speed_roll_skill if spec else "CON"
    skill, target, rules = skill_value(char, wanted, p.aptitude)
    penalty, more = vehicle_penalty(p)
    r = rc.speed_roll(dice, p.name, skill, target, penalty)
    new = max(1, p.base_mov + r.delta)
    return SpeedRolled(chase=number, participant=p.id, name=p.name, skill=skill, target=target, roll=r.roll,
                       level=r.level.label, old_mov=p.base_mov, new_mov=new, penalty=penalty,
                       rules=("COC-CHASE-02", "COC-DICE-01") + rules + more, dice=tuple(dice.take()))


def allocate(acc: Acc, number: int, round_: int) -> None:
    chase = acc.chase(number)
    active = chase.active
    slowest = min(p.mov for p in active)
    actions: dict[str, int] = {}
    deficits: dict[str, int] = {}
    for p in active:
        got, owed = rc.movement_actions(p.mov, slowest, p.deficit)
        actions[p.id] = got
        if owed:
            deficits[p.id] = owed
    acc.emit(MovementActionsAllocated(chase=number, round=round_, slowest=slowest, actions=actions,
                                      deficits=deficits, rules=("COC-CHASE-09",)))
    entries = []
    for p in active:
        char = acc.state.characters.get(p.character)
        entries.append((p.id, char.stats.get("DEX", 0) if char else 0, char.is_pc if char else False))
    order = tuple(rc.dex_order(entries))
    names = {p.id: p.name for p in active}
    acc.emit(ChaseRoundStarted(chase=number, round=round_, order=order, order_names=tuple(names[i] for i in order),
                               rules=("COC-CHASE-10",)))


def blocker(chase: Chase, index: int, pid: str) -> str:
    """What stops a plain move into location ``index`` ("" when it is open)."""
    loc = chase.location(index)
    if loc.kind == rc.HAZARD:
        return f"the {loc.difficulty} hazard at {index}: cross it with 'chase hazard {pid} [cautious=1|2]'"
    if loc.kind == rc.BARRIER and not loc.broken:
        return f"the barrier at {index} ({loc.hp} HP): 'chase barrier {pid} pass|break'"
    return ""


def need_actions(p: Participant, cost: int, what: str) -> None:
    if p.actions < cost:
        raise Rejected(f"{p.name} has {p.actions} movement action{'s' if p.actions != 1 else ''} left; "
                       f"{what} needs {cost} ('chase next' starts a new round)")


def enter_hazard(acc: Acc, n: int, pid: str, loc: Location, cost: int, bonus: int, penalty: int,
                  skill_override: str, rules: tuple[str, ...]) -> bool:
    """One hazard roll on entering ``loc``; returns whether it was passed."""
    p = acc.part(n, pid)
    char = character_of(acc.state, p.character)
    if p.vehicle:
        wanted = operating_skill(p)
    else:
        wanted = skill_override or loc.skill
        if not wanted:
            raise Rejected(f"which skill for the hazard at {loc.index}? give skill=NAME (e.g. Jump, Climb, Dodge)")
    skill, target, more = skill_value(char, wanted, p.aptitude)
    imp, imp_rules = vehicle_penalty(p)
    r = rc.hazard_roll(acc.dice, p.name, skill, target, loc.difficulty, bonus, penalty + imp)
    left, owed = actions_after(p.actions, cost + r.delay)
    bonus_rules = ("COC-CHASE-12",) if bonus else ()
    dice_rules = ("COC-DICE-04",) if bonus or penalty + imp else ()
    acc.emit(HazardResolved(chase=n, participant=pid, name=p.name, location=loc.index, skill=skill, target=target,
                            difficulty=loc.difficulty, roll=r.roll, level=r.level.label, passed=r.passed,
                            bonus=bonus, penalty=penalty + imp, delay=r.delay, position=loc.index,
                            actions=left, deficit=p.deficit + owed,
                            rules=("COC-CHASE-11",) + bonus_rules + rules + more + imp_rules + dice_rules))
    if not r.passed:
        fail_damage(acc, n, pid, loc, default_incident=True)
    return r.passed


def original_build(state: State, p: Participant) -> float:
    if p.vehicle:
        return p.start_build
    char = state.characters.get(p.character)
    if char is None:
        return 0
    if "Build" in char.stats:  # as the book states it (an imported creature's)
        return char.stats["Build"]
    return damage_bonus_and_build(char.stats.get("STR", 50), char.stats.get("SIZ", 60))[1]


def find_shooter(state: State, chase: Chase, name: str) -> tuple[Participant, Character]:
    char = state.character(name.strip())
    if char is not None:
        p = next((q for q in chase.participants if char.id in q.occupants), None)
        if p is None:
            raise Rejected(f"{char.name} is not in chase {chase.number}")
        if not p.active:
            raise Rejected(f"{p.name} is no longer in the chase ({p.status})")
        return p, char
    p = find_participant(state, chase, name)
    return p, character_of(state, p.character)


def foot_mov(char: Character) -> int:
    st = char.stats
    if "MOV" in st:  # as the book states it (an imported creature's)
        return st["MOV"]
    return mov(st.get("STR", 50), st.get("DEX", 50), st.get("SIZ", 60), st.get("Age", 25))
