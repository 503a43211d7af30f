"""Chase events: each carries what the fold needs (positions, actions left, Build after)."""

from fhtagn_tui.rules.coc import chase as rc
from fhtagn_tui.rules.coc import vehicles as rv
from fhtagn_tui.rules.coc.chase import FLEE, Location, Participant

from ...events import Event


class ChaseEvent(Event):
    chase: int

    within = "chase"


class ChaseCreated(ChaseEvent):
    title: str = ""
    era: str = "modern"
    environment: str = "normal"

    def describe(self, names: dict[str, str]) -> str:
        era = " (1920s vehicles)" if self.era == "1920s" else ""
        return f"Chase {self.chase} set up" + (f": {self.title}" if self.title else "") + era


class ParticipantJoined(ChaseEvent):
    participant: Participant

    def describe(self, names: dict[str, str]) -> str:
        p = self.participant
        role = "flees" if p.side == FLEE else "pursues"
        if p.vehicle:
            driver = names.get(p.character, p.character)
            extra = f", with {', '.join(names.get(x, x) for x in p.passengers)}" if p.passengers else ""
            return f"{p.name} ({p.vehicle}, MOV {p.base_mov}, Build {rv.format_build(p.build)}, driven by {driver}{extra}) {role}"
        return f"{p.name} (MOV {p.base_mov}) {role} on foot"


class LocationPlaced(ChaseEvent):
    location: Location
    roll: int = 0  # the 1D100 of a random location; 0 when placed by hand

    def describe(self, names: dict[str, str]) -> str:
        loc = self.location
        how = f"rolled {self.roll}: " if self.roll else ""
        if loc.kind == rc.BARRIER:
            what = f"barrier ({loc.hp} HP)"
        elif loc.kind == rc.HAZARD:
            what = f"{loc.difficulty} hazard"
        else:
            what = "open"
        name = f" {loc.name!r}" if loc.name else ""
        return f"Chase {self.chase}: location {loc.index} {how}{what}{name}"


class LocationGenerated(LocationPlaced):
    """A location rolled on the random location table."""


class SpeedRolled(ChaseEvent):
    participant: str
    name: str
    skill: str
    target: int
    roll: int
    level: str
    old_mov: int
    new_mov: int
    penalty: int = 0

    def describe(self, names: dict[str, str]) -> str:
        change = "unchanged" if self.old_mov == self.new_mov else f"{self.old_mov} → {self.new_mov}"
        pen = f", {self.penalty} penalty die" if self.penalty else ""
        return f"{self.name} speed roll {self.skill} {self.roll} vs {self.target}{pen}: {self.level}; MOV {change}"


class ParticipantEscaped(ChaseEvent):
    participant: str
    name: str
    reason: str = ""

    def describe(self, names: dict[str, str]) -> str:
        return f"{self.name} escapes" + (f" ({self.reason})" if self.reason else "")


class ParticipantDropped(ChaseEvent):
    participant: str
    name: str
    reason: str = ""

    def describe(self, names: dict[str, str]) -> str:
        return f"{self.name} is out of the chase" + (f" ({self.reason})" if self.reason else "")


class ParticipantCaught(ChaseEvent):
    participant: str
    name: str
    by: str = ""

    def describe(self, names: dict[str, str]) -> str:
        return f"{self.name} is caught" + (f" by {self.by}" if self.by else "")


class ParticipantPlaced(ChaseEvent):
    participant: str
    name: str
    position: int

    def describe(self, names: dict[str, str]) -> str:
        return f"{self.name} starts at location {self.position}"


class MovementActionsAllocated(ChaseEvent):
    round: int
    slowest: int
    actions: dict[str, int]
    deficits: dict[str, int] = {}

    def describe(self, names: dict[str, str]) -> str:
        parts = ", ".join(f"{k} {v}" for k, v in self.actions.items())
        return f"Chase {self.chase} round {self.round}: movement actions (slowest MOV {self.slowest}): {parts}"


class ChaseRoundStarted(ChaseEvent):
    round: int
    order: tuple[str, ...]  # participant ids in DEX order
    order_names: tuple[str, ...] = ()

    def describe(self, names: dict[str, str]) -> str:
        return f"Chase {self.chase} round {self.round}; DEX order: {', '.join(self.order_names or self.order)}"


class ParticipantMoved(ChaseEvent):
    participant: str
    name: str
    start: int
    end: int
    spent: int
    actions: int  # left after the move
    note: str = ""
    navigator_used: bool = False  # a navigator's help was spent on this acceleration

    def describe(self, names: dict[str, str]) -> str:
        note = f"; {self.note}" if self.note else ""
        return f"{self.name} moves {self.start} → {self.end} ({self.spent} action{'s' if self.spent != 1 else ''}, {self.actions} left){note}"


class HazardResolved(ChaseEvent):
    participant: str
    name: str
    location: int
    skill: str
    target: int
    difficulty: str
    roll: int
    level: str
    passed: bool
    bonus: int = 0
    penalty: int = 0
    delay: int = 0
    position: int = 0  # where the participant is afterwards
    actions: int = 0  # left afterwards
    deficit: int = 0  # owed to the next round

    def describe(self, names: dict[str, str]) -> str:
        dice = (f" +{self.bonus} bonus" if self.bonus else "") + (f" +{self.penalty} penalty" if self.penalty else "")
        result = "passes" if self.passed else f"fails, delayed {self.delay}"
        owed = f", owes {self.deficit}" if self.deficit else ""
        return (f"{self.name} at the {self.difficulty} hazard (location {self.location}): {self.skill} "
                f"{self.roll} vs {self.target}{dice} — {self.level}, {result} ({self.actions} actions left{owed})")


class BarrierResolved(ChaseEvent):
    participant: str
    name: str
    location: int
    method: str  # pass | break
    passed: bool  # through (passed the roll, or the barrier is down)
    skill: str = ""
    target: int = 0
    roll: int = 0
    level: str = ""
    damage: int = 0  # dealt to the barrier
    barrier_hp: int = 0  # left afterwards
    position: int = 0
    actions: int = 0

    def describe(self, names: dict[str, str]) -> str:
        if self.method == "pass":
            how = f"{self.skill} {self.roll} vs {self.target} — {self.level}"
            what = "gets past" if self.passed else "is stopped"
        else:
            how = f"{self.damage} damage"
            what = "breaks it down" if self.barrier_hp <= 0 else f"leaves it at {self.barrier_hp} HP"
        return f"{self.name} at the barrier (location {self.location}): {how}; {what}"


class VehicleBuildChanged(ChaseEvent):
    participant: str
    name: str
    old: float
    new: float
    reason: str = ""

    def describe(self, names: dict[str, str]) -> str:
        why = f" ({self.reason})" if self.reason else ""
        return f"{self.name}: Build {rv.format_build(self.old)} → {rv.format_build(self.new)}{why}"


class VehicleWrecked(ChaseEvent):
    participant: str
    name: str
    how: str  # wrecked | halted
    consequence: str = ""  # wreck (COC-VEHICLE-04) | accident (COC-VEHICLE-05); "" in older logs
    occupants: str = ""  # the Keeper's choice given with the command; "pending" asks for it

    def describe(self, names: dict[str, str]) -> str:
        text = f"{self.name} grinds to a halt, undrivable" if self.how == "halted" else f"{self.name} is wrecked"
        if self.occupants == "pending":
            text += f" — the occupants' harm is the Keeper's call ('chase crash {self.name} hurt|luck|spared"
            text += "|killed')" if self.consequence == rv.WRECK else "')"
        return text


class AccidentResolved(ChaseEvent):
    """The Keeper's call for the occupants of a wrecked or halted vehicle (COC-VEHICLE-04/05)."""

    kind_label = "the occupants' fate"

    participant: str
    name: str
    consequence: str  # wreck | accident
    choice: str  # spared | hurt | luck | killed

    def describe(self, names: dict[str, str]) -> str:
        what = {
            "spared": "the occupants are spared",
            "hurt": "everyone is thrown clear (2D10 each)" if self.consequence == rv.WRECK else "1D10 to each occupant",
            "luck": "a Luck roll for each occupant",
            "killed": "the occupants die in the wreck",
        }.get(self.choice, self.choice)
        return f"{self.name}: {what}"


class OccupantLuck(ChaseEvent):
    """One occupant's Luck roll after a wreck or an accident (COC-VEHICLE-04/05)."""

    kind_label = "Luck roll after a wreck"

    character: str
    luck: int
    roll: int
    passed: bool
    consequence: str

    def describe(self, names: dict[str, str]) -> str:
        who = names.get(self.character, self.character)
        if self.consequence == rv.WRECK:
            outcome = "thrown clear" if self.passed else "caught in the wreck"
        else:
            outcome = "unhurt" if self.passed else "hurt"
        return f"{who}: Luck {self.roll} vs {self.luck} — {outcome}"


class RamResolved(ChaseEvent):
    participant: str
    name: str
    target: str
    target_name: str
    attack: int
    attack_level: str
    defence: int
    defence_level: str
    hit: bool
    damage: int = 0
    actions: int = 0

    def describe(self, names: dict[str, str]) -> str:
        result = f"hits for {self.damage}" if self.hit else "misses"
        return (f"{self.name} rams {self.target_name}: Drive Auto {self.attack} ({self.attack_level}) "
                f"vs {self.defence} ({self.defence_level}) — {result}")


class ShotFired(ChaseEvent):
    participant: str  # the shooter's participant
    shooter: str  # the shooter's character id
    name: str
    target: str
    target_name: str
    skill: str
    target_value: int
    roll: int
    level: str
    hit: bool
    penalty: int = 0
    damage: int = 0
    actions: int = 0

    def describe(self, names: dict[str, str]) -> str:
        result = f"hit for {self.damage}" if self.hit else "miss"
        pen = f" +{self.penalty} penalty" if self.penalty else ""
        return f"{self.name} shoots at {self.target_name}: {self.skill} {self.roll} vs {self.target_value}{pen} — {self.level}, {result}"


class NavigatorRolled(ChaseEvent):
    participant: str
    name: str
    passenger: str
    skill: str
    target: int
    roll: int
    level: str
    success: bool

    def describe(self, names: dict[str, str]) -> str:
        who = names.get(self.passenger, self.passenger)
        gain = ": the next acceleration takes one penalty die less" if self.success else ""
        return f"{who} navigates for {self.name}: {self.skill} {self.roll} vs {self.target} — {self.level}{gain}"


class SuddenHazardCalled(ChaseEvent):
    round: int
    caller: str
    roller: str
    luck: int
    roll: int
    winner: str

    def describe(self, names: dict[str, str]) -> str:
        who = names.get(self.roller, self.roller)
        return (f"Sudden hazard called by the {self.caller}: {who} rolls Luck {self.roll} vs {self.luck} — "
                f"the {self.winner} place a Regular hazard")


class ModeSwitched(ChaseEvent):
    participant: Participant  # the participant afterwards
    was: str  # the vehicle before, "" for on foot

    def describe(self, names: dict[str, str]) -> str:
        p = self.participant
        now = f"drives a {p.vehicle}" if p.vehicle else "goes on foot"
        return f"{p.name} {now} (was {'on foot' if not self.was else 'in a ' + self.was}); {p.actions} actions left"


class ChaseEnded(ChaseEvent):
    outcome: str

    def describe(self, names: dict[str, str]) -> str:
        return f"Chase {self.chase} ends: {self.outcome}"
