"""Call of Cthulhu 7e chases (catalogue COC-CHASE).

Pure rules: speed rolls, escape and drop-out, placement, movement actions,
hazards and barriers, attacks in a chase, random locations, pedal to the
metal, and the tables they use.  Vehicle charts and collisions live in
:mod:`fhtagn_tui.rules.coc.vehicles`.
"""

from collections.abc import Mapping, Sequence

import msgspec

from fhtagn_tui.rules.coc.dice import Difficulty, Level, level_of, skill_roll
from fhtagn_tui.rules.coc.skills import BASES
from fhtagn_tui.rules.coc.vehicles import build_loss
from fhtagn_tui.rules.dice import Dice, d100, roll_expr
from fhtagn_tui.rules.quoting import quote
from fhtagn_tui.rules.registry import rule

FLEE = "flee"
PURSUE = "pursue"
SIDES = (FLEE, PURSUE)

DIFFICULTIES: dict[str, Difficulty] = {
    "regular": Difficulty.REGULAR,
    "hard": Difficulty.HARD,
    "extreme": Difficulty.EXTREME,
}


# --- establishing the chase -------------------------------------------------------


@rule("COC-CHASE-01", summary="Each pursuing group against the group it chases is its own chase; it needs both sides.")
def sides_problem(sides: Sequence[str]) -> str | None:
    """Why a set of participants cannot make a chase, or None."""
    if FLEE not in sides:
        return "a chase needs someone fleeing (chase add NAME role=flee)"
    if PURSUE not in sides:
        return "a chase needs a pursuer (chase add NAME role=pursue)"
    return None


class SpeedRoll(msgspec.Struct, frozen=True):
    skill: str
    target: int
    roll: int
    level: Level
    delta: int  # change to MOV: +1, 0 or -1
    penalty: int = 0


@rule(
    "COC-CHASE-02",
    summary="Speed roll: CON on foot (and bicycle), vehicle skill otherwise; Extreme/Critical +1 MOV, failure −1.",
)
def speed_roll(dice: Dice, who: str, skill: str, target: int, penalty: int = 0) -> SpeedRoll:
    roll = skill_roll(dice, f"{who} speed roll ({skill})", target, penalty=penalty)
    if roll.level >= Level.EXTREME:
        delta = 1
    elif roll.level.succeeded:
        delta = 0  # AMB-55: Hard is unchanged
    else:
        delta = -1
    return SpeedRoll(skill=skill, target=target, roll=roll.roll, level=roll.level, delta=delta, penalty=penalty)


@rule("COC-CHASE-03", summary="Each side of a chase is ordered by chase MOV, fastest first.")
def order_by_mov(movs: Mapping[str, int]) -> list[str]:
    return sorted(movs, key=lambda k: -movs[k])


@rule("COC-CHASE-04", summary="A fleeing participant faster than every pursuer may escape at once (Keeper confirms).")
def can_escape(mov: int, pursuer_movs: Sequence[int]) -> bool:
    return all(mov > p for p in pursuer_movs)


@rule("COC-CHASE-05", summary="A pursuer slower than the slowest fleeing participant drops out of the chase.")
def drops_out(mov: int, fleeing_movs: Sequence[int]) -> bool:
    return bool(fleeing_movs) and mov < min(fleeing_movs)


@rule("COC-CHASE-06", summary="Slowest pursuer at location 0; other pursuers ahead by their MOV difference.")
def place_pursuers(movs: Mapping[str, int]) -> dict[str, int]:
    if not movs:
        return {}
    slowest = min(movs.values())
    return {k: m - slowest for k, m in movs.items()}


@rule("COC-CHASE-07", summary="Slowest fleeing two locations ahead of the lead pursuer; others ahead by MOV difference.")
def place_fleeing(movs: Mapping[str, int], lead_pursuer: int) -> dict[str, int]:
    if not movs:
        return {}
    slowest = min(movs.values())
    return {k: lead_pursuer + 2 + m - slowest for k, m in movs.items()}


# --- locations --------------------------------------------------------------------

OPEN = "open"
HAZARD = "hazard"
BARRIER = "barrier"


@rule("COC-CHASE-08", summary="Hazards and barriers are placed on locations by the Keeper, or rolled per location.")
def location_problem(kind: str, difficulty: str, hp: int) -> str | None:
    """Why a hand-placed location is not valid, or None."""
    if kind not in (OPEN, HAZARD, BARRIER):
        return f"a location is open, a hazard or a barrier, not {kind!r}"
    if difficulty not in DIFFICULTIES:
        return f"difficulty is regular, hard or extreme, not {difficulty!r}"
    if kind == BARRIER and hp < 0:
        return f"a barrier cannot have {hp} hit points"
    return None


@rule("COC-CHASE-09", summary="Movement actions: 1 + (MOV − slowest remaining MOV), less any deficit carried over.")
def movement_actions(mov: int, slowest: int, deficit: int = 0) -> tuple[int, int]:
    """(actions this round, deficit still owed) for one participant."""
    allowance = 1 + mov - slowest
    actions = allowance - deficit
    if actions < 0:
        return 0, -actions
    return actions, 0


@rule("COC-CHASE-10", summary="Participants act in DEX order, highest first (ties: player characters, then entry order).")
def dex_order(entries: Sequence[tuple[str, int, bool]]) -> list[str]:
    """``entries`` are (id, DEX, is a player character) in entry order."""
    indexed = list(enumerate(entries))
    indexed.sort(key=lambda item: (-item[1][1], not item[1][2], item[0]))
    return [e[0] for _, e in indexed]


#: Table III, other forms of damage (for people failing a hazard).
OTHER_DAMAGE: tuple[tuple[str, str], ...] = (
    ("minor", "1d3"),
    ("moderate", "1d6"),
    ("severe", "1d10"),
    ("deadly", "2d10"),
    ("terminal", "4d10"),
    ("splat", "8d10"),
)


def other_damage_expr(severity: str) -> str | None:
    return dict(OTHER_DAMAGE).get(severity.casefold())


class HazardResult(msgspec.Struct, frozen=True):
    skill: str
    target: int
    difficulty: str
    bonus: int
    penalty: int
    roll: int
    level: Level
    passed: bool
    delay: int = 0  # movement actions lost (failure only)


@rule(
    "COC-CHASE-11",
    summary="Entering a hazard takes a skill roll; on failure damage as the Keeper sets and a 1D3-action delay.",
)
def hazard_roll(
    dice: Dice, who: str, skill: str, target: int, difficulty: str = "regular", bonus: int = 0, penalty: int = 0
) -> HazardResult:
    diff = DIFFICULTIES[difficulty]
    r = skill_roll(dice, f"{who} hazard ({skill})", target, diff, bonus, penalty)
    passed = r.success
    delay = 0 if passed else roll_expr(dice, f"{who} hazard delay", "1d3")
    return HazardResult(skill, target, difficulty, bonus, penalty, r.roll, r.level, passed, delay)


def other_damage(dice: Dice, who: str, severity: str) -> int:
    """Table III damage to a person (COC-CHASE-11)."""
    expr = other_damage_expr(severity)
    if expr is None:
        raise ValueError(f"no damage severity {severity!r}")
    return roll_expr(dice, f"{who} hazard damage ({severity})", expr)


@rule("COC-CHASE-12", summary="Cautious approach: spend 1 or 2 movement actions for as many bonus dice on a hazard.")
def cautious_bonus(spent: int) -> int:
    if not 0 <= spent <= 2:
        raise ValueError("a cautious approach spends 1 or 2 movement actions")
    return spent


@rule("COC-CHASE-13", summary="A barrier blocks the way until broken or passed by a skill roll; failure stays put.")
def barrier_roll(dice: Dice, who: str, skill: str, target: int, difficulty: str = "regular", penalty: int = 0) -> HazardResult:
    diff = DIFFICULTIES[difficulty]
    r = skill_roll(dice, f"{who} barrier ({skill})", target, diff, 0, penalty)
    return HazardResult(skill, target, difficulty, 0, penalty, r.roll, r.level, r.success)


def build_dice(dice: Dice, purpose: str, build: float) -> int:
    """Σ 1D10 per point of Build; half a point rolls half a d10 (rounded down)."""
    whole = int(build)
    total = sum(dice.draw(purpose, "d10") for _ in range(max(0, whole)))
    if build - whole >= 0.5:
        total += dice.draw(f"{purpose} (half die)", "d10") // 2
    return total


class BarrierBreak(msgspec.Struct, frozen=True):
    damage: int
    destroyed: bool
    barrier_hp: int  # after the impact
    vehicle_hp_damage: int  # to the vehicle, when the barrier is destroyed
    vehicle_wrecked: bool  # the vehicle failed to destroy the barrier


@rule(
    "COC-CHASE-14",
    summary="A vehicle rams a barrier for Build×1D10: destroyed → vehicle takes half the barrier's HP; else the vehicle is wrecked.",
)
def vehicle_breaks_barrier(dice: Dice, who: str, build: float, barrier_hp: int) -> BarrierBreak:
    damage = build_dice(dice, f"{who} hits the barrier", build)
    if damage >= barrier_hp:
        return BarrierBreak(damage, True, 0, barrier_hp // 2, False)
    return BarrierBreak(damage, False, barrier_hp - damage, 0, True)


#: Barrier hit points (COC-CHASE-15).
BARRIERS: tuple[tuple[str, int], ...] = (
    ("Internal door or thin wooden fence", 5),
    ("Standard back door", 10),
    ("Strong domestic external door", 15),
    ('9" brick wall', 25),
    ("Mature tree", 50),
    ("Concrete bridge support", 100),
)

BARRIER_ALIASES: dict[str, str] = {
    "door": "Standard back door",
    "internal door": "Internal door or thin wooden fence",
    "fence": "Internal door or thin wooden fence",
    "back door": "Standard back door",
    "external door": "Strong domestic external door",
    "front door": "Strong domestic external door",
    "wall": '9" brick wall',
    "brick wall": '9" brick wall',
    "tree": "Mature tree",
    "bridge": "Concrete bridge support",
    "bridge support": "Concrete bridge support",
}


@rule("COC-CHASE-15", summary="Barrier hit points: door/fence 5, back door 10, external door 15, wall 25, tree 50, bridge 100.")
def barrier_hp(name: str) -> int | None:
    key = name.strip().casefold()
    key = BARRIER_ALIASES.get(key, key).casefold()
    return next((hp for label, hp in BARRIERS if label.casefold() == key), None)


@rule("COC-CHASE-16", summary="A melee attack or ram costs one movement action in the same location; shooting costs none.")
def attack_cost(kind: str, same_location: bool) -> int | None:
    """Movement actions an attack costs, or None when it is not possible from here."""
    if kind == "ranged":
        return 0
    return 1 if same_location else None


class Ram(msgspec.Struct, frozen=True):
    attack: int
    attack_level: Level
    defence: int
    defence_level: Level
    hit: bool
    damage: int = 0  # HP dealt to the target
    recoil_build: int = 0  # Build lost by the rammer (capped)


def dodge_hits(attack: Level, defence: Level) -> bool:
    """A dodged attack hits only when it succeeds at a higher level (COC-MELEE-06)."""
    return attack.succeeded and attack > defence


@rule(
    "COC-CHASE-17",
    summary="Vehicles fight and dodge with Drive Auto; a ram deals Build×1D10, the rammer takes half, capped at the target's Build.",
)
def ram(
    dice: Dice,
    who: str,
    attack_skill: int,
    defender: str,
    defence_skill: int,
    build: float,
    target_build: float,
    attack_penalty: int = 0,
    defence_penalty: int = 0,
) -> Ram:
    a = d100(dice, f"{who} rams ({'Drive Auto'})", 0, attack_penalty)
    a_level = level_of(a, attack_skill)
    d = d100(dice, f"{defender} evades", 0, defence_penalty)
    d_level = level_of(d, defence_skill)
    if not dodge_hits(a_level, d_level):
        return Ram(a, a_level, d, d_level, False)
    damage = build_dice(dice, f"{who} ram damage", build)
    cap = max(0, int(target_build))
    recoil = min(build_loss(damage // 2), cap)
    return Ram(a, a_level, d, d_level, True, damage, recoil)


#: Random location bands (COC-CHASE-18): highest band first.
LOCATION_BANDS: tuple[tuple[int, str, str], ...] = (
    (96, HAZARD, "extreme"),
    (85, HAZARD, "hard"),
    (60, HAZARD, "regular"),
    (1, OPEN, "regular"),
)


class RandomLocation(msgspec.Struct, frozen=True):
    roll: int
    kind: str
    difficulty: str


@rule("COC-CHASE-18", summary="Random location on 1D100: 01–59 open, 60–84 Regular, 85–95 Hard, 96–100 Extreme hazard.")
def location_for(roll: int) -> tuple[str, str]:
    for low, kind, difficulty in LOCATION_BANDS:
        if roll >= low:
            return kind, difficulty
    return OPEN, "regular"


ENVIRONMENTS = ("normal", "hazardous", "safe")


@rule("COC-CHASE-19", summary="An especially hazardous environment gives the location roll a penalty die; a safe one a bonus die.")
def environment_dice(environment: str) -> tuple[int, int]:
    """(bonus, penalty) dice on the location roll."""
    return {"hazardous": (0, 1), "safe": (1, 0)}.get(environment, (0, 0))


def random_location(dice: Dice, environment: str = "normal") -> RandomLocation:
    bonus, penalty = environment_dice(environment)
    roll = d100(dice, "random location", bonus, penalty)
    kind, difficulty = location_for(roll)
    return RandomLocation(roll, kind, difficulty)


class SuddenHazard(msgspec.Struct, frozen=True):
    caller: str  # keeper | players
    roller: str  # the id of whoever rolled for the group
    luck: int
    roll: int
    winner: str  # keeper | players


@rule(
    "COC-CHASE-20",
    summary="Sudden hazard: once a round, callers alternating; the lowest-Luck investigator rolls Luck; the winner places it.",
)
def sudden_hazard(dice: Dice, caller: str, lucks: Mapping[str, int], last_caller: str = "") -> SuddenHazard:
    if caller not in ("keeper", "players"):
        raise ValueError("a sudden hazard is called by the keeper or the players")
    if caller == last_caller:
        raise ValueError(f"the {caller} called the last sudden hazard: it is the other side's turn")
    if not lucks:
        raise ValueError("no investigator in the chase to roll Luck")
    roller = min(lucks, key=lambda k: lucks[k])
    roll = d100(dice, f"{roller} group Luck roll")
    winner = "players" if roll <= lucks[roller] else "keeper"
    return SuddenHazard(caller, roller, lucks[roller], roll, winner)


MPH: dict[int, int] = {
    5: 3, 6: 4, 7: 6, 8: 8, 9: 12, 10: 18, 11: 27, 12: 40,
    13: 60, 14: 90, 15: 135, 16: 200, 17: 300, 18: 450, 19: 675, 20: 1000,
}


@rule("COC-CHASE-21", summary="MOV to miles per hour (5 → 3 … 20 → 1000); off the table reads '<3' or '>1000'.")
def mph(mov: int) -> str:
    if mov < 5:
        return "<3"
    if mov > 20:
        return ">1000"
    return str(MPH[mov])


@rule(
    "COC-CHASE-22", "COC-CHASE-23",
    summary="Pedal to the metal: one action moves 2–3 locations (1 penalty die on hazards) or 4–5 (2 penalty dice).",
)
def pedal_penalty(locations: int) -> int:
    if locations in (2, 3):
        return 1
    if locations in (4, 5):
        return 2
    raise ValueError("pedal to the metal covers 2–3 or 4–5 locations with one action")


@rule("COC-CHASE-24", summary="A passenger's Spot Hidden or Navigate success takes one penalty die off the next acceleration.")
def navigated_penalty(penalty: int, navigator: bool) -> int:
    return max(0, penalty - 1) if navigator else penalty


@rule("COC-CHASE-25", summary="Shooting on the move takes a penalty die; standing still for one movement action avoids it.")
def firearm_terms(stationary: bool) -> tuple[int, int]:
    """(penalty dice, movement actions spent) for a shot in a chase."""
    return (0, 1) if stationary else (1, 0)


TYRE_ARMOR = 3
TYRE_HP = 2


@rule("COC-CHASE-26", summary="Tyres: one more penalty die; armour 3, 2 HP, only impaling hits; a destroyed tyre costs 1 Build.")
def tyre_hit(damage: int, impaling: bool = True) -> bool:
    """Whether a hit destroys the tyre."""
    return impaling and damage - TYRE_ARMOR >= TYRE_HP


@rule("COC-CHASE-27", summary="A driver taking a major wound at once makes a Hard hazard roll with the driving skill.")
def driver_loses_control(damage: int, max_hp: int, driving: bool) -> bool:
    return driving and max_hp > 0 and 2 * damage >= max_hp


@rule("COC-CHASE-28", summary="Switching between running and driving: a fresh speed roll and recalculated movement actions.")
def switched_actions(remaining: int, old_allowance: int, new_allowance: int) -> int:
    """Movement actions left this round after a switch."""
    return max(0, remaining + new_allowance - old_allowance)


APTITUDES = ("aptitude", "neither", "ineptitude")


@rule("COC-CHASE-29", summary="An NPC without the skill uses DEX (aptitude), DEX/2 (neither) or DEX/5 (ineptitude).")
def npc_skill(dex: int, aptitude: str = "neither") -> int:
    if aptitude == "aptitude":
        return dex
    if aptitude == "ineptitude":
        return dex // 5
    return dex // 2


SETUP_STEPS: tuple[tuple[str, str], ...] = (
    ("speed", "COC-CHASE-02"),
    ("escape and drop-out", "COC-CHASE-04"),
    ("place pursuers", "COC-CHASE-06"),
    ("place fleeing", "COC-CHASE-07"),
    ("hazards and barriers", "COC-CHASE-08"),
    ("movement actions", "COC-CHASE-09"),
    ("DEX order", "COC-CHASE-10"),
)


@rule("COC-CHASE-30", summary="Setup order: speed rolls, escapes, place pursuers, place fleeing, hazards, actions, DEX order.")
def setup_steps() -> tuple[str, ...]:
    return tuple(name for name, _ in SETUP_STEPS)


#: Standard base chances (CoC 7e) used when an investigator has not noted a skill.
BASE_SKILLS: dict[str, int] = BASES  # the CoC 7e skill list (rules/coc/skills.py)


# --- the state of a chase (folded from events; kept here so State can hold it) ---------


class Location(msgspec.Struct, frozen=True):
    index: int
    kind: str = OPEN  # open | hazard | barrier
    difficulty: str = "regular"
    name: str = ""
    skill: str = ""  # the skill people use; vehicles use their operating skill
    damage: str = ""  # Table III severity for people who fail ("" = none)
    incident: str = ""  # collision row for vehicles who fail ("" = by difficulty, "none")
    hp: int = 0  # a barrier's hit points left
    broken: bool = False


class Participant(msgspec.Struct, frozen=True):
    id: str  # unique in the chase: the character id on foot, a label for a vehicle
    name: str
    side: str  # flee | pursue
    character: str = ""  # on foot: the runner; in a vehicle: the driver
    vehicle: str = ""  # chart name; "" on foot
    passengers: tuple[str, ...] = ()
    aptitude: str = "neither"  # NPCs without a skill (COC-CHASE-29)
    base_mov: int = 0
    mov: int = 0  # chase MOV after the speed roll
    build: float = 0.0
    start_build: float = 0.0
    armor: int = 0
    position: int = 0
    actions: int = 0  # movement actions left this round
    allowance: int = 0  # movement actions given this round
    deficit: int = 0  # actions owed to the next round
    status: str = "in"  # in | escaped | dropped | caught | wrecked | halted
    navigator: bool = False
    accident: str = ""  # wreck | accident: the occupants' harm waits for the Keeper (COC-VEHICLE-04/05)

    @property
    def active(self) -> bool:
        return self.status == "in"

    @property
    def occupants(self) -> tuple[str, ...]:
        return ((self.character,) if self.character else ()) + self.passengers


class Chase(msgspec.Struct, frozen=True):
    number: int
    title: str = ""
    era: str = "modern"  # modern | 1920s (COC-VEHICLE-09)
    environment: str = "normal"  # normal | hazardous | safe (COC-CHASE-19)
    participants: tuple[Participant, ...] = ()
    locations: tuple[Location, ...] = ()
    started: bool = False
    round: int = 0
    order: tuple[str, ...] = ()  # DEX order
    sudden_caller: str = ""  # who called the last sudden hazard
    sudden_round: int = 0  # the round it was called in
    ended: bool = False
    rolled: tuple[str, ...] = ()  # participants whose speed roll is made (COC-CHASE-02): kept while a start waits
    outcome: str = ""

    def participant(self, pid: str) -> Participant | None:
        return next((p for p in self.participants if p.id == pid), None)

    def location(self, index: int) -> Location:
        return next((loc for loc in self.locations if loc.index == index), Location(index))

    @property
    def active(self) -> tuple[Participant, ...]:
        return tuple(p for p in self.participants if p.active)


def may_escape(chase: Chase) -> list[Participant]:
    """Fleeing participants, speed rolled, faster than every pursuer: the Keeper's call (COC-CHASE-04)."""
    rolled = [p for p in chase.participants if p.id in chase.rolled and p.active]
    pursuer_movs = [p.mov for p in rolled if p.side == PURSUE]
    order = order_by_mov({p.id: p.mov for p in rolled})
    by_id = {p.id: p for p in rolled}
    return [by_id[pid] for pid in order if by_id[pid].side == FLEE and can_escape(by_id[pid].mov, pursuer_movs)]


def escape_offer(chase: Chase) -> str:
    """What the Keeper is asked while a chase start waits on an escape (COC-CHASE-04), or ""."""
    offered = may_escape(chase)
    if not offered or chase.started:
        return ""
    who = ", ".join(f"{p.name} (MOV {p.mov})" for p in offered)
    names = quote(",".join(p.name for p in offered))
    return (f"{who} may escape: faster than every pursuer. The Keeper decides (COC-CHASE-04): "
            f"'chase start escape={names}' lets them go, 'chase start hold={names}' keeps them in the chase")


__all__ = [name for name in dir() if not name.startswith("_")]
