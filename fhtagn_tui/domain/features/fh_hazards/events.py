"""Events of FHTAGN hazards, and the evolver that keeps ``Character.hazards``."""

from msgspec.structs import replace

from fhtagn_tui.rules.fhtagn.hazards import OngoingHazard

from ...decide import evolver
from ...events import Event
from ...state import State
from .common import who


def _con_text(roll: int, target: int, level: str) -> str:
    """A CON×5 test in words: ``CON×5 47 vs 55 success``."""
    return f"CON×5 {roll} vs {target} {level}"


def _stun_text(roll: int, target: int, level: str, stunned: bool) -> str:
    """The stun test after a big hit (FH-DMG-02), or nothing when none was rolled."""
    if not roll:
        return ""
    return f"; {_con_text(roll, target, level)}" + (" — stunned" if stunned else "")


def _hit_text(rating: int, roll: int, killed: bool, damage: int) -> str:
    if rating:
        return f"lethality {rating}% rolled {roll}: " + ("killed" if killed else f"{damage} damage")
    return f"{damage} damage"


class HazardStarted(Event):
    """A lasting hazard begins (FH-HAZ-01/02/09/10/11/12)."""

    character: str
    kind: str
    hazard: OngoingHazard | None = None

    def describe(self, names: dict[str, str]) -> str:
        h = self.hazard
        extra = ""
        if h is not None and h.kind == "suffocation":
            extra = f" — breath held for {h.grace} turn{'' if h.grace == 1 else 's'}"
        elif h is not None and h.kind == "cold":
            extra = f" — {h.grace} minutes before the cold tests begin"
        elif h is not None and h.speed:
            extra = f" — takes effect every {h.speed}" if h.kind == "disease" else f" — acts after {h.speed}"
        label = h.label if h is not None else self.kind
        return f"{who(names, self.character)}: {label} begins{extra}"


class HazardEnded(Event):
    """A lasting hazard is over: left the fire, put out, cured, antidote, warmed up…"""

    character: str
    kind: str
    hazard: OngoingHazard | None = None
    reason: str = ""

    def describe(self, names: dict[str, str]) -> str:
        why = f" ({self.reason})" if self.reason else ""
        return f"{who(names, self.character)}: {self.kind} is over{why}"


class PoisonResolved(Event):
    """FH-HAZ-01: a poison takes effect."""

    character: str
    kind: str = "poison"
    hazard: OngoingHazard | None = None
    source: str = ""
    lethality: int = 0
    lethality_roll: int = 0
    killed: bool = False
    base: int = 0
    con_roll: int = 0
    con_target: int = 0
    con_level: str = ""
    damage: int = 0

    def describe(self, names: dict[str, str]) -> str:
        what = self.source or "poison"
        text = f"{who(names, self.character)}: {what} takes effect — "
        if self.lethality:
            text += f"lethality {self.lethality}% rolled {self.lethality_roll}"
            if self.killed:
                return text + ": killed"
            text += f", {self.base} base damage"
        else:
            text += f"{self.base} base damage"
        return text + f"; {_con_text(self.con_roll, self.con_target, self.con_level)} → {self.damage} damage"


class AntidoteGiven(Event):
    """FH-HAZ-04: an antidote with a Medicine or Pharmacy test."""

    healer: str
    patient: str
    skill: str
    roll: int
    target: int
    level: str
    success: bool

    def describe(self, names: dict[str, str]) -> str:
        result = "the poison is neutralised" if self.success else "the poison still works"
        return (f"{who(names, self.healer)} gives {who(names, self.patient)} an antidote: {self.skill} "
                f"{self.roll} vs {self.target} {self.level} — {result}")


class DiseaseIntervalResolved(Event):
    """FH-HAZ-02: one speed interval of a disease."""

    character: str
    kind: str = "disease"
    hazard: OngoingHazard | None = None
    source: str = ""
    interval: int = 1
    base: int = 0
    con_roll: int = 0
    con_target: int = 0
    con_level: str = ""
    damage: int = 0
    recovered: bool = False

    def describe(self, names: dict[str, str]) -> str:
        what = self.source or "disease"
        outcome = "recovers" if self.recovered else "stays ill"
        return (f"{who(names, self.character)}: {what}, interval {self.interval} — "
                f"{_con_text(self.con_roll, self.con_target, self.con_level)}; {self.damage} damage (of {self.base}), {outcome}")


class RadiationExposed(Event):
    """FH-HAZ-05: exposure; exhaustion comes first (the exhaustion events follow)."""

    character: str
    dose: str = ""
    exhausted: bool = False  # newly exhausted by it

    def describe(self, names: dict[str, str]) -> str:
        dose = f" ({self.dose})" if self.dose else ""
        first = "exhaustion sets in" if self.exhausted else "already exhausted"
        return f"{who(names, self.character)} is exposed to radiation{dose}: {first}; further effects are the GM's"


class FallResolved(Event):
    """FH-HAZ-06: a fall."""

    character: str
    meters: float
    height: int
    uncontrolled: bool = False
    rating: int = 0
    roll: int = 0
    killed: bool = False
    damage: int = 0
    con_roll: int = 0
    con_target: int = 0
    con_level: str = ""
    stunned: bool = False

    def describe(self, names: dict[str, str]) -> str:
        how = " (uncontrolled)" if self.uncontrolled else ""
        text = f"{who(names, self.character)} falls {self.meters:g} m{how}: "
        text += _hit_text(self.rating, self.roll, self.killed, self.damage)
        return text + _stun_text(self.con_roll, self.con_target, self.con_level, self.stunned)


class ImpactResolved(Event):
    """FH-HAZ-07: an impact at speed."""

    character: str
    speed: int
    head_on: bool = False
    rating: int = 0
    roll: int = 0
    killed: bool = False
    damage: int = 0
    con_roll: int = 0
    con_target: int = 0
    con_level: str = ""
    stunned: bool = False

    def describe(self, names: dict[str, str]) -> str:
        how = " head-on" if self.head_on else ""
        text = f"{who(names, self.character)}: impact at {self.speed} km/h{how} — "
        text += _hit_text(self.rating, self.roll, self.killed, self.damage)
        return text + _stun_text(self.con_roll, self.con_target, self.con_level, self.stunned)


class CrashResolved(Event):
    """FH-HAZ-08: one occupant of a crashing vehicle."""

    character: str
    role: str  # rammed | ramming
    halved: bool = False
    massive: bool = True
    rolled: int = 0
    damage: int = 0

    def describe(self, names: dict[str, str]) -> str:
        text = f"{who(names, self.character)} ({self.role} vehicle) in a crash: "
        if not self.massive and self.role == "ramming":
            return text + "the target was not massive — no damage"
        half = f" halved from {self.rolled}" if self.halved else ""
        return text + f"{self.damage} damage{half}"


class FireTick(Event):
    """FH-HAZ-10/11: one turn in contact with a fire, or one turn burning."""

    character: str
    kind: str  # fire | burning
    hazard: OngoingHazard | None = None
    intensity: str = ""
    rating: int = 0
    roll: int = 0
    killed: bool = False
    damage: int = 0
    rolled: int = 0
    catch_roll: int = 0
    catch_target: int = 0
    catch_level: str = ""
    caught: bool = False

    def describe(self, names: dict[str, str]) -> str:
        where = f"in a {self.intensity} fire" if self.kind == "fire" else f"burning ({self.intensity})"
        text = f"{who(names, self.character)} {where}: " + _hit_text(self.rating, self.roll, self.killed, self.damage)
        if self.catch_roll:
            text += f"; DEX×5 {self.catch_roll} vs {self.catch_target} {self.catch_level}"
            text += " — catches fire" if self.caught else ""
        return text


class SuffocationTick(Event):
    """FH-HAZ-09: one turn without air."""

    character: str
    kind: str = "suffocation"
    hazard: OngoingHazard | None = None
    held: bool = False  # still on the held breath: no roll
    turns_left: int = 0
    con_roll: int = 0
    con_target: int = 0
    con_level: str = ""
    damage: int = 0

    def describe(self, names: dict[str, str]) -> str:
        name = who(names, self.character)
        if self.held:
            return f"{name} holds their breath ({self.turns_left} turn{'' if self.turns_left == 1 else 's'} left)"
        return f"{name} suffocates: {_con_text(self.con_roll, self.con_target, self.con_level)} — {self.damage} damage"


class ColdTick(Event):
    """FH-HAZ-12: five minutes in the cold."""

    character: str
    kind: str = "cold"
    hazard: OngoingHazard | None = None
    minutes: int = 0  # minutes of exposure after this tick
    tested: bool = False
    con_now: int = 0  # CON the test used
    con_roll: int = 0
    con_target: int = 0
    con_level: str = ""
    con_lost: int = 0
    damage: int = 0

    def describe(self, names: dict[str, str]) -> str:
        name = who(names, self.character)
        if self.damage:
            return f"{name} freezes ({self.minutes} min, CON {self.con_now}): {self.damage} damage"
        if not self.tested:
            return f"{name} endures the cold ({self.minutes} min, still within the grace period)"
        lost = " — CON −1" if self.con_lost else ""
        return f"{name} in the cold ({self.minutes} min): {_con_text(self.con_roll, self.con_target, self.con_level)}{lost}"


class ColdWarmed(Event):
    """FH-HAZ-12: warmth restores 1 CON per minute."""

    character: str
    kind: str = "cold"
    hazard: OngoingHazard | None = None
    minutes: int = 0
    restored: int = 0

    def describe(self, names: dict[str, str]) -> str:
        left = f", {self.hazard.loss} CON still lost" if self.hazard is not None else ", CON fully restored"
        return f"{who(names, self.character)} warms up for {self.minutes} min: CON +{self.restored}{left}"


RecordEvent = (HazardStarted | HazardEnded | PoisonResolved | DiseaseIntervalResolved | FireTick | SuffocationTick
               | ColdTick | ColdWarmed)
_RECORD_EVENTS: tuple[type[RecordEvent], ...] = (HazardStarted, HazardEnded, PoisonResolved, DiseaseIntervalResolved,
                                                 FireTick, SuffocationTick, ColdTick, ColdWarmed)


@evolver(*_RECORD_EVENTS)
def _ev_record(state: State, ev: RecordEvent) -> State:
    """Replace (or drop) the character's record of ``ev.kind`` with the one the event carries."""
    char = state.characters.get(ev.character)
    if char is None:
        return state
    kept: list[OngoingHazard] = []
    placed = False
    for h in char.hazards:
        if h.kind == ev.kind:
            if ev.hazard is not None:
                kept.append(ev.hazard)
            placed = True
        else:
            kept.append(h)
    if not placed and ev.hazard is not None:
        kept.append(ev.hazard)
    return state.with_character(replace(char, hazards=tuple(kept)))


