"""Events and records of CoC 7e combat (each with its plain-words describe)."""

from msgspec import Struct

from fhtagn_tui.rules.coc import auto as coc_auto
from fhtagn_tui.rules.coc.dice import CocRoll, Difficulty

from ...events import Event

# --- records inside events -------------------------------------------------------------------


class Shot(Struct, frozen=True):
    """One single shot of a ``shoot`` (COC-FIREARM-*)."""

    roll: CocRoll
    bonus: int = 0
    penalty: int = 0
    hit: bool = False
    malfunction: bool = False
    fumble: bool = False
    extreme: bool = False
    impaled: bool = False
    damage: int = 0  # rolled, before armour
    ally_hit: str = ""  # a fumble into melee hit this ally instead


# --- events -----------------------------------------------------------------------------------


def name_of(names: dict[str, str], cid: str) -> str:
    return names.get(cid, cid)


def roll_text(r: CocRoll | None) -> str:
    if r is None:
        return "no roll"
    need = "" if r.difficulty == Difficulty.REGULAR else f", needs {r.difficulty.name.lower()}"
    return f"{r.roll} vs {r.skill} ({r.level.label}{need})"


class CocMeleeResolved(Event):
    """A Fighting attack and the target's response (COC-MELEE-04 … 11)."""

    reads = ("weapon",)

    attacker: str
    target: str
    weapon: str
    response: str  # dodge | fight back | maneuver | none
    attack: CocRoll | None = None  # None: hit automatically (surprise)
    defence: CocRoll | None = None
    bonus: int = 0
    penalty: int = 0
    winner: str = "none"  # attacker | defender | none
    extreme: bool = False
    impaled: bool = False
    damage: int = 0  # rolled by the winner, before armour
    dealt_to: str = ""
    goal: str = ""  # a counter-maneuver's goal achieved by the target
    outnumbered: bool = False
    surprise: str = ""  # "" | auto hit | bonus die | noticed
    notice: CocRoll | None = None
    ends_turn: bool = True  # the attacker has used this round's attacks

    def describe(self, names: dict[str, str]) -> str:
        a, t = name_of(names, self.attacker), name_of(names, self.target)
        head = f"{a} attacks {t} with {self.weapon}"
        if self.surprise:
            head += f" (surprise: {self.surprise})"
        if self.attack is None:
            body = "hits automatically"
        else:
            body = f"Fighting {roll_text(self.attack)}"
            if self.defence is not None:
                body += f"; {t} {self.response}s {roll_text(self.defence)}".replace("fight backs", "fights back")
            elif self.response == "none":
                body += f"; {t} does not respond"
        dice = ", ".join(x for x in (f"{self.bonus} bonus" if self.bonus else "", f"{self.penalty} penalty" if self.penalty else "") if x)
        if dice:
            body += f" [{dice} dice{', outnumbered' if self.outnumbered else ''}]"
        if self.winner == "none":
            end = "no harm done"
        elif self.goal:
            end = f"{t} wins and achieves: {self.goal}"
        elif self.dealt_to:
            how = " (extreme, impaling)" if self.impaled else " (extreme)" if self.extreme else ""
            end = f"{name_of(names, self.dealt_to)} takes {self.damage}{how} before armour"
        else:
            end = f"{t} evades"
        return f"{head}: {body} → {end}"


class CocManeuverResolved(Event):
    """A fighting maneuver (COC-MANEUVER-01 … 05)."""

    attacker: str
    target: str
    goal: str
    response: str
    attack: CocRoll
    defence: CocRoll | None = None
    build_penalty: int = 0
    bonus: int = 0
    penalty: int = 0
    winner: str = "none"
    counter_goal: str = ""  # achieved by a defender who won a counter-maneuver
    damage: int = 0  # dealt by a defender who won fighting back, before armour
    outnumbered: bool = False
    ends_turn: bool = True
    skill: str = ""  # the fighting skill rolled (COC-MANEUVER-06); "" in older logs (Fighting (Brawl))

    def describe(self, names: dict[str, str]) -> str:
        a, t = name_of(names, self.attacker), name_of(names, self.target)
        build = f" ({self.build_penalty} penalty dice for Build)" if self.build_penalty else ""
        used = f" with {self.skill}" if self.skill else ""
        body = f"{a} tries to {self.goal} {t}{used}{build}: {roll_text(self.attack)}"
        if self.defence is not None:
            body += f"; {t} ({self.response}) {roll_text(self.defence)}"
        if self.winner == "attacker":
            return f"{body} → success: {self.goal}"
        if self.winner == "defender" and self.counter_goal:
            return f"{body} → {t} wins: {self.counter_goal}"
        if self.winner == "defender" and self.damage:
            return f"{body} → foiled; {a} takes {self.damage} before armour"
        return f"{body} → the maneuver fails"


class CocShotsFired(Event):
    """Single shots of one firearm or missile at one target (COC-FIREARM-*)."""

    reads = ("weapon",)

    attacker: str
    target: str
    weapon: str
    difficulty: int  # 2 regular, 3 hard, 4 extreme (from range)
    distance: float | None = None  # yards
    modifiers: tuple[str, ...] = ()
    dive: CocRoll | None = None  # the target's Dodge when diving for cover
    shots: tuple[Shot, ...] = ()
    spent: int = 0  # bullets fired
    loaded: int = 0  # rounds left after firing (-1: not a firearm)
    loaded_one: bool = False  # one round loaded before firing (COC-FIREARM-08)
    aim_used: bool = False
    ends_turn: bool = True

    def describe(self, names: dict[str, str]) -> str:
        a, t = name_of(names, self.attacker), name_of(names, self.target)
        rng = f" at {self.distance:g} yd" if self.distance is not None else ""
        mods = f" [{', '.join(self.modifiers)}]" if self.modifiers else ""
        parts = []
        if self.dive is not None:
            parts.append(f"{t} dives for cover: Dodge {roll_text(self.dive)}")
        for s in self.shots:
            if s.malfunction:
                parts.append(f"{s.roll.roll}: the {self.weapon} malfunctions")
            elif s.ally_hit:
                parts.append(f"{roll_text(s.roll)}: fumble — hits {name_of(names, s.ally_hit)} for {s.damage}")
            elif s.hit:
                how = " impaling" if s.impaled else " extreme" if s.extreme else ""
                parts.append(f"{roll_text(s.roll)}: hit for {s.damage}{how}")
            else:
                parts.append(f"{roll_text(s.roll)}: miss")
        ammo = f" ({self.loaded} left)" if self.loaded >= 0 else ""
        return f"{a} fires {self.weapon} at {t}{rng}{mods}: " + "; ".join(parts) + ammo


class CocAutoFired(Event):
    """A burst or full-auto fire, volley by volley, armour per bullet (COC-AUTO-*)."""

    reads = ("weapon",)

    attacker: str
    weapon: str
    burst: bool
    volleys: tuple[coc_auto.Volley, ...]
    spent: int
    gap_spent: int = 0
    jammed: bool = False
    loaded: int = 0
    distance: float | None = None
    modifiers: tuple[str, ...] = ()
    aim_used: bool = False
    ends_turn: bool = True

    def describe(self, names: dict[str, str]) -> str:
        kind = "a burst" if self.burst else "full auto"
        parts = []
        for v in self.volleys:
            head = f"volley {v.number} ({v.bullets}) at {name_of(names, v.target)}"
            if v.jammed:
                parts.append(f"{head}: {v.roll.roll if v.roll else '?'} — malfunction, firing stops")
            elif v.roll is None:
                parts.append(f"{head}: beyond Extreme, cannot hit")
            elif not v.hits:
                parts.append(f"{head}: {roll_text(v.roll)} miss")
            else:
                each = ", ".join(f"{b.taken}{'*' if b.impaled else ''}" for b in v.hits)
                parts.append(f"{head}: {roll_text(v.roll)} {len(v.hits)} hit ({each} after armour)")
        gap = f", {self.gap_spent} between targets" if self.gap_spent else ""
        return f"{name_of(names, self.attacker)} fires {kind} with {self.weapon}: " + "; ".join(parts) + (
            f" — {self.spent} rounds spent{gap}, {self.loaded} left"
        )


class CocReloaded(Event):
    character: str
    weapon: str  # weapon key
    kind: str
    rounds: int
    before: int
    after: int

    reads = ("weapon",)

    def describe(self, names: dict[str, str]) -> str:
        r = "round" if self.rounds == 1 else "rounds"
        return f"{name_of(names, self.character)} reloads the {self.weapon} ({self.kind}, {self.rounds} {r}): {self.before} → {self.after}"


class CocAimed(Event):
    character: str
    round: int = 0  # the round of aiming; 0 when the aim is lost
    reason: str = ""

    def describe(self, names: dict[str, str]) -> str:
        who = name_of(names, self.character)
        if not self.round:
            return f"{who} loses the aim" + (f" ({self.reason})" if self.reason else "")
        return f"{who} takes aim (round {self.round}): a bonus die on next round's shot"


class CocFled(Event):
    character: str

    def describe(self, names: dict[str, str]) -> str:
        return f"{name_of(names, self.character)} flees the melee"


class CocFighterSet(Event):
    """Attacks per round and 'never outnumbered' for a combatant (COC-MELEE-03, COC-COMBAT-01/02)."""

    character: str
    attacks: int = 1
    never_outnumbered: bool = False

    def describe(self, names: dict[str, str]) -> str:
        never = ", never outnumbered" if self.never_outnumbered else ""
        return f"{name_of(names, self.character)}: {self.attacks} attack{'s' if self.attacks != 1 else ''} a round{never}"
