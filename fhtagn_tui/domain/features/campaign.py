"""Campaign, sessions, characters, free rolls and notes."""

from collections.abc import Callable

from msgspec.structs import replace

from fhtagn_tui.rules import clock as rc
from fhtagn_tui.rules.coc import dice as coc_dice
from fhtagn_tui.rules.dice import Dice, DiceError, Roll, d100, roll_expr
from fhtagn_tui.rules.fhtagn import dice as fh_dice
from fhtagn_tui.rules.gurps import dice as gurps_dice
from fhtagn_tui.rules.gurps.skills import DEFENCES as DEFENCE_NAMES
from fhtagn_tui.rules.gurps.skills import SKILLS as _GURPS_LIST
from fhtagn_tui.rules.quoting import quote
from fhtagn_tui.rules.skills import GURPS_ATTRIBUTES, key_of
from fhtagn_tui.rules.weapons import Weapon, split_damage

from .. import skills as skill_rules
from ..able import acting
from ..commands import Command
from ..decide import Rejected, counted, decider, evolver
from ..events import Event
from ..imposed import imposed
from ..lookup import did_you_mean, find_character
from ..state import SYSTEM_LABELS, SYSTEMS, Bond, Character, SessionInfo, State, char_key
from ..systems import (
    KINDS,
    PC_KINDS,
    SHEETS,
    check_skill,
    check_stat,
    complete_stats,
    pool_floor,
    pool_max,
    starting_pools,
)
from .clock import LastingSet, forget

# --- events -------------------------------------------------------------------


class CampaignCreated(Event):
    name: str
    system: str
    title: str = ""

    def describe(self, names: dict[str, str]) -> str:
        return f"Campaign {self.name!r} created ({self.system})"


class SessionStarted(Event):
    number: int
    title: str = ""

    def describe(self, names: dict[str, str]) -> str:
        return f"Session {self.number} started" + (f": {self.title}" if self.title else "")


class SessionEnded(Event):
    number: int

    def describe(self, names: dict[str, str]) -> str:
        return f"Session {self.number} ended"


class CharacterCreated(Event):
    id: str
    name: str
    kind: str
    stats: dict[str, int]
    skills: dict[str, int] = {}
    current: dict[str, int] = {}
    bonds: tuple[Bond, ...] = ()
    hidden: bool = False
    attacks: tuple[Weapon, ...] = ()  # its own attacks (bestiary, templates, imports)
    notes: str = ""  # GM notes (what an import did not understand, a bestiary description)
    san_loss: str = ""
    skill_attrs: dict[str, str] = {}  # GURPS: controlling attribute of skills not on the list
    numbered: bool = False  # its name "BASE n" was numbered after the campaign's others (npc add, fight add N)
    template: str = ""  # the key of the campaign template it was made from (a reference: what players may read of it)

    reads = ("template",)

    def describe(self, names: dict[str, str]) -> str:
        stats = " ".join(f"{k} {v}" for k, v in self.stats.items())
        return f"{self.name} joins as {self.kind}" + (f" ({stats})" if stats else "")


class CharacterDeleted(Event):
    character: str
    name: str

    def describe(self, names: dict[str, str]) -> str:
        return f"{self.name} removed from the campaign"


class StatChanged(Event):
    character: str
    stat: str
    old: int | None
    new: int

    def describe(self, names: dict[str, str]) -> str:
        who = names.get(self.character, self.character)
        text = f"{who}: {self.stat} {self.old if self.old is not None else '–'} → {self.new}"
        if self.stat in GURPS_ATTRIBUTES and self.old is not None and self.old != self.new:
            text += f" ({self.stat}-based skills move by {self.new - self.old:+d})"
        return text


class SkillChanged(Event):
    character: str
    skill: str
    old: int | None
    new: int | None  # None removes the skill
    attr: str = ""  # GURPS: the controlling attribute of a skill not on the list

    def describe(self, names: dict[str, str]) -> str:
        who = names.get(self.character, self.character)
        unit = "" if self.attr or self.skill in _GURPS_NAMES else "%"
        old = f"{self.old}{unit}" if self.old is not None else "–"
        new = f"{self.new}{unit}" if self.new is not None else "removed"
        return f"{who}: {self.skill} {old} → {new}"


class PoolChanged(Event):
    """A current value (HP, WP, SAN, MP, Luck, FP, BP) set or moved."""

    character: str
    pool: str
    old: int
    new: int
    reason: str = ""

    def describe(self, names: dict[str, str]) -> str:
        who = names.get(self.character, self.character)
        why = f" ({self.reason})" if self.reason else ""
        return f"{who}: {self.pool} {self.old} → {self.new}{why}"


class BondChanged(Event):
    character: str
    bond: str
    old: int | None  # None: a new bond
    new: int | None  # None: the bond is removed
    reason: str = ""

    def describe(self, names: dict[str, str]) -> str:
        who = names.get(self.character, self.character)
        if self.old is None:
            return f"{who}: new bond {self.bond} ({self.new})"
        if self.new is None:
            return f"{who}: bond {self.bond} removed"
        broken = " — broken" if self.new <= 0 else ""
        why = f" ({self.reason})" if self.reason else ""
        return f"{who}: bond {self.bond} {self.old} → {self.new}{broken}{why}"


class ConditionAdded(Event):
    character: str
    condition: str
    note: str = ""

    def describe(self, names: dict[str, str]) -> str:
        who = names.get(self.character, self.character)
        # "Ada: stunned", "Harvey: major wound" — conditions are adjectives and nouns alike
        return f"{who}: {self.condition}" + (f" ({self.note})" if self.note else "")


class ConditionRemoved(Event):
    character: str
    condition: str

    def describe(self, names: dict[str, str]) -> str:
        who = names.get(self.character, self.character)
        return f"{who}: no longer {self.condition}"


class DiceRolled(Event):
    leaves = "dev"  # a test may leave an experience check or a mark (skill play)

    expr: str
    total: int
    label: str = ""
    character: str = ""
    target: int | None = None
    level: str = ""
    imposed: str = ""  # what the character's state added to the test, and why
    note: str = ""  # how the target was reached: a base never raised, a capped modifier

    def describe(self, names: dict[str, str]) -> str:
        who = names.get(self.character, self.character)
        what = self.label or self.expr
        head = f"{who} rolls {what}" if who else f"Roll {what}"
        dice = self.dice  # (most rolls are of one die: its face alone; a list joins faster than a generator)
        faces = str(dice[0].value) if len(dice) == 1 else ", ".join([str(r.value) for r in dice])
        vs = f" vs {self.target}" if self.target is not None else ""
        lvl = f": {self.level}" if self.level else ""
        note = f" ({self.note})" if self.note else ""
        why = f" ({self.imposed})" if self.imposed else ""
        return f"{head}{vs}{note} → {self.total} [{faces}]{lvl}{why}"


class NoteAdded(Event):
    text: str

    def describe(self, names: dict[str, str]) -> str:
        return f"Note: {self.text}"


_GURPS_NAMES = frozenset(_GURPS_LIST.names())

# --- commands -----------------------------------------------------------------


class CreateCampaign(Command):
    label = "create campaign"
    name: str
    system: str
    title: str = ""


class StartSession(Command):
    label = "start session"
    title: str = ""


class EndSession(Command):
    label = "end session"


class CreateCharacter(Command):
    label = "create character"
    name: str
    kind: str = ""
    stats: dict[str, int] = {}
    skills: dict[str, int] = {}
    bonds: tuple[Bond, ...] = ()
    hidden: bool = False
    attacks: tuple[Weapon, ...] = ()
    notes: str = ""
    san_loss: str = ""
    current: dict[str, int] = {}  # starting pools given (an imported stat block's SAN); clamped to the maxima
    relative: dict[str, str] = {}  # GURPS skills given as "IQ+1", "DX-1"
    custom: tuple[str, ...] = ()  # skill names confirmed as new (custom:NAME=N)
    new_skill: bool = False  # --new-skill: every unlisted name is meant


class EditCharacter(Command):
    label = "edit character"
    name: str
    stats: dict[str, int] = {}
    skills: dict[str, int | None] = {}
    relative: dict[str, str] = {}
    custom: tuple[str, ...] = ()
    new_skill: bool = False


class SetPools(Command):
    label = "set current values"
    name: str
    values: dict[str, int]
    reason: str = ""


class DeleteCharacter(Command):
    label = "delete character"
    name: str


class SetBond(Command):
    label = "set bond"
    name: str
    bond: str
    score: int | None = None  # None on a new bond: starts at CHA
    remove: bool = False


class AddCondition(Command):
    label = "add condition"
    name: str
    condition: str
    note: str = ""
    duration: str = ""  # "3r", "2h": it ends by itself then (domain/features/clock.py)


class RemoveCondition(Command):
    label = "remove condition"
    name: str
    condition: str


class RollDice(Command):
    label = "roll"
    expr: str
    target: int | None = None
    bonus: int = 0
    penalty: int = 0
    label_text: str = ""


class TestSkill(Command):
    label = "test"
    name: str
    skill: str  # a skill name, or a stat (STAT×5 in FHTAGN; the characteristic in CoC; GURPS attribute)
    modifier: int = 0
    difficulty: str = "regular"
    bonus: int = 0
    penalty: int = 0


class AddNote(Command):
    label = "note"
    text: str


# --- helpers ------------------------------------------------------------------

#: The most attacks one character may carry.
MAX_ATTACKS = 12


def check_attacks(system: str, attacks: tuple[Weapon, ...]) -> tuple[Weapon, ...]:
    """A character's own attacks, checked like campaign weapons (and ``per_round`` 1–9)."""
    from .encounter import check_weapon  # the weapon checks live with ``weapon add``

    if len(attacks) > MAX_ATTACKS:
        raise Rejected(f"a character carries at most {MAX_ATTACKS} attacks, not {len(attacks)}")
    out: list[Weapon] = []
    for w in attacks:
        dmg, db, dtype = split_damage(system, w.damage) if not w.lethality else (w.damage, w.db, w.damage_type)
        if db == "none":  # no +DB written in the damage: the attack's own setting, else by system
            # A CoC stat block writes +DB where the bonus applies, so none without it; FHTAGN and
            # GURPS go by kind (FH-PARTY-06: close combat takes the bonus).
            db = w.db or ("none" if system == "coc7" else "")
        w = replace(w, system=system, name=" ".join(w.name.split()), skill=" ".join(w.skill.split()),
                    damage=dmg, db=db, damage_type=w.damage_type or dtype)
        problem = check_weapon(w)
        if problem:
            raise Rejected(f"attack {w.name or '?'}: {problem}")
        if not 1 <= w.per_round <= 9:
            raise Rejected(f"attack {w.name}: attacks per round is 1–9, not {w.per_round}")
        if any(o.key == w.key for o in out):
            raise Rejected(f"attack {w.name} is listed twice")
        out.append(w)
    return tuple(out)


def _require_open(state: State) -> None:
    if not state.system:
        raise Rejected("no campaign")


def _kind(state: State, kind: str) -> str:
    if not kind:
        return SHEETS[state.system].pc_kind
    k = kind.casefold()
    if k not in KINDS:
        raise Rejected(f"kind {kind!r} is not known{did_you_mean(kind, KINDS)} (kinds: {', '.join(KINDS)})")
    return k


def _check_stats(state: State, stats: dict[str, int], kind: str) -> dict[str, int]:
    sheet = SHEETS[state.system]
    out: dict[str, int] = {}
    for name, value in stats.items():
        spec = sheet.spec(name)
        if spec is None:
            raise Rejected(
                f"{name!r} is not a characteristic in {state.system}"
                f"{did_you_mean(name, [s.name for s in sheet.stats + sheet.optional])}"
            )
        problem = check_stat(state.system, spec.name, value, kind)
        if problem:
            raise Rejected(problem)
        out[spec.name] = value
    return out


#: Every characteristic name of the three systems, folded: a skill written like one is a slip.
_STAT_NAMES = {s.name.casefold(): s.name for sheet in SHEETS.values() for s in sheet.stats + sheet.optional}


def _stats_written_as_skills(
    state: State, stats: dict[str, int], cmd: CreateCharacter | EditCharacter
) -> tuple[dict[str, int], dict[str, int | None], dict[str, str]]:
    """The characteristics of ``cmd`` in any case (``str=70``, ``Str=70`` and ``STR=70`` are STR),
    taken out of its skills; a name that is another system's characteristic is refused, never kept
    as a skill unasked (``custom:NAME=N`` keeps it)."""
    sheet = SHEETS[state.system]
    out = dict(stats)
    given = {spec.name if (spec := sheet.spec(k)) is not None else k for k in stats}
    custom = {" ".join(n.split()).casefold() for n in cmd.custom}
    skills: dict[str, int | None] = {}
    relative: dict[str, str] = {}
    mine = ", ".join(s.name for s in sheet.stats + sheet.optional)
    for raw, value in [*cmd.skills.items(), *cmd.relative.items()]:
        folded = " ".join(raw.split()).casefold()
        spec = sheet.spec(raw.strip())
        if spec is not None and folded not in custom:
            if not isinstance(value, int):
                raise Rejected(f"{raw}={value if value is not None else '--'}: {spec.name} is a characteristic; "
                               f"give it a number ({spec.name}={spec.default})")
            if spec.name in given:
                raise Rejected(f"{spec.name} is given twice")
            given.add(spec.name)
            out[raw.strip()] = value
            continue
        pool = next((p for p in sheet.pools if p.casefold() == folded), None)
        if pool is not None and folded not in custom and not cmd.new_skill:  # "san=40": a value, not a skill
            named = cmd.name if isinstance(cmd, CreateCharacter) else find_character(state, cmd.name).name
            who = quote(named)
            how = (f"'char pool {who} {pool}={value if value is not None else 'N'}' sets it once the character exists"
                   if isinstance(cmd, CreateCharacter) else f"'char pool {who} {pool}={value if value is not None else 'N'}' sets it")
            raise Rejected(f"{pool} is a current value, not a skill or characteristic: {how}; "
                           f"custom:{raw.strip()}=N keeps a skill by that name")
        if folded in _STAT_NAMES and folded not in custom and not cmd.new_skill:
            raise Rejected(f"{raw!r} is not a characteristic in {SYSTEM_LABELS[state.system]} (its characteristics: "
                           f"{mine}); custom:{raw.strip()}=N keeps a skill by that name")
        if isinstance(value, str) and raw in cmd.relative:
            relative[raw] = value
        else:
            skills[raw] = value if not isinstance(value, str) else None
    return out, skills, relative


def _check_skills(skills: dict[str, int | None]) -> None:
    for name, value in skills.items():
        if not name.strip():
            raise Rejected("a skill needs a name")
        if value is not None:
            problem = check_skill(value)
            if problem:
                raise Rejected(f"{name}: {problem}")


def _written_skills(
    state: State, char: Character | None, stats: dict[str, int], cmd: CreateCharacter | EditCharacter
) -> tuple[dict[str, int | None], dict[str, str]]:
    """The skills a create/edit writes, under their listed names, GURPS relative levels
    worked out from ``stats``; and the controlling attributes of new GURPS skills."""
    own = dict(char.skills) if char is not None else {}
    custom = {" ".join(n.split()).casefold() for n in cmd.custom}
    out: dict[str, int | None] = {}
    attrs: dict[str, str] = {}
    _, skills_given, relative_given = _stats_written_as_skills(state, {}, cmd)
    given: list[tuple[str, int | str | None]] = [*skills_given.items(), *relative_given.items()]
    for raw, value in given:
        confirmed = cmd.new_skill or " ".join(raw.split()).casefold() in custom
        if value is None:  # a removal names a skill of the sheet
            stored = next((k for k in own if key_of(k) == key_of(raw)), None)
            if stored is None:
                who = char.name if char is not None else "the character"
                raise Rejected(f"{who} has no skill {raw!r} written down{did_you_mean(raw, own)}")
            out[stored] = None
            continue
        name = skill_rules.name_to_write(state.system, own, raw, confirmed)
        if isinstance(value, str):
            if state.system != "gurps":
                raise Rejected(f"{raw}={value}: levels relative to an attribute are GURPS; give a percentage")
            rel = skill_rules.relative_value(stats, value)
            if rel is None:
                raise Rejected(f"{raw}={value!r}: give a level (12) or one relative to an attribute (IQ+1, DX-2)")
            attr, level = rel
            listed = skill_rules.definition("gurps", name)
            if listed is not None and listed.attr != attr:
                raise Rejected(f"{name} is based on {listed.attr} ({listed.attr}/{listed.difficulty}), not {attr}: "
                               f"write {name}={listed.attr}{value.strip()[len(attr):] or '+0'}")
            if listed is None and name not in DEFENCE_NAMES:
                attrs[name] = attr
            value = level
        if any(key_of(k) == key_of(name) for k in out):
            raise Rejected(f"{name} is given twice")
        out[name] = value
    _check_skills(out)
    return out, attrs


def _clamp_pools(system: str, char: Character) -> Character:
    current = dict(char.current)
    changed = False
    for pool, value in char.current.items():
        top = pool_max(system, char, pool)
        if top is not None and value > top:
            current[pool] = top
            changed = True
    return replace(char, current=current) if changed else char


# --- deciders -----------------------------------------------------------------


@decider(CreateCampaign)
def _create_campaign(state: State, cmd: CreateCampaign, dice: Dice) -> list[Event]:
    if state.system:
        raise Rejected(f"this log already holds the campaign {state.name!r}")
    if cmd.system not in SYSTEMS:
        raise Rejected(f"system {cmd.system!r} is not known{did_you_mean(cmd.system, SYSTEMS)} (systems: {', '.join(SYSTEMS)})")
    if not cmd.name.strip():
        raise Rejected("a campaign needs a name")
    return [CampaignCreated(name=cmd.name, system=cmd.system, title=cmd.title)]


@decider(StartSession)
def _start_session(state: State, cmd: StartSession, dice: Dice) -> list[Event]:
    if state.session is not None:
        raise Rejected(f"session {state.session.number} is still open: end it first with 'session end'")
    number = (state.sessions[-1].number + 1) if state.sessions else 1
    return [SessionStarted(number=number, title=cmd.title)]


@decider(EndSession)
def _end_session(state: State, cmd: EndSession, dice: Dice) -> list[Event]:
    if state.session is None:
        raise Rejected("no session is open: start one with 'session start [TITLE]'")
    return [SessionEnded(number=state.session.number)]


@decider(CreateCharacter)
def _create_character(state: State, cmd: CreateCharacter, dice: Dice) -> list[Event]:
    name = cmd.name.strip()
    if not name:
        raise Rejected("a character needs a name")
    if state.character(name) is not None:
        raise Rejected(f"there is already a character called {name!r}")
    kind = _kind(state, cmd.kind)
    if state.system != "fhtagn" and kind == "agent":
        kind = "investigator"
    given_stats, _, _ = _stats_written_as_skills(state, cmd.stats, cmd)
    stats = complete_stats(state.system, _check_stats(state, given_stats, kind))
    luck_dice: tuple[Roll, ...] = ()
    if state.system == "coc7" and kind in PC_KINDS and "Luck" not in stats:
        stats["Luck"] = 5 * sum(dice.draw("Luck (3D6×5)", "d6") for _ in range(3))
        luck_dice = tuple(dice.take())
    written, attrs = _written_skills(state, None, stats, cmd)
    skills = {k: v for k, v in written.items() if v is not None}
    bonds: list[Bond] = []
    for bond in cmd.bonds:
        score = bond.score if bond.score >= 0 else stats.get("CHA", 0)
        if not bond.name.strip():
            raise Rejected("a bond needs a name")
        if any(b.name.casefold() == bond.name.casefold() for b in bonds):
            raise Rejected(f"bond {bond.name!r} is listed twice")
        if not 0 <= score <= 99:
            raise Rejected(f"bond {bond.name} {score} is impossible: a bond score is 0–99")
        bonds.append(Bond(bond.name.strip(), score))
    if bonds and state.system != "fhtagn":
        raise Rejected("bonds belong to FHTAGN characters only")
    rules: tuple[str, ...] = ()
    if state.system == "fhtagn":
        rules = ("FH-PARTY-01", "FH-PARTY-02", "FH-PARTY-03", "FH-PARTY-04", "FH-PARTY-05")
    elif state.system == "coc7":
        rules = ("COC-PARTY-01", "COC-PARTY-02", "COC-PARTY-03", "COC-PARTY-05", "COC-PARTY-06")
    attacks = check_attacks(state.system, cmd.attacks)
    current = starting_pools(state.system, stats, skills)
    probe = Character(id="", name=name, kind=kind, stats=stats, skills=skills)
    for pool, value in cmd.current.items():
        if pool not in current:
            raise Rejected(f"{pool!r} is not a current value in {state.system} (values: {', '.join(current)})")
        top = pool_max(state.system, probe, pool)
        floor = pool_floor(state.system, pool)
        current[pool] = min(value, top) if top is not None else value
        if floor is not None:
            current[pool] = max(floor, current[pool])
    return [
        CharacterCreated(
            id=char_key(name),
            name=name,
            kind=kind,
            stats=stats,
            skills=skills,
            current=current,
            bonds=tuple(bonds),
            hidden=cmd.hidden,
            attacks=attacks,
            notes=cmd.notes.strip(),
            san_loss=cmd.san_loss.strip(),
            skill_attrs=attrs,
            rules=rules,
            dice=luck_dice,
        )
    ]


@decider(EditCharacter)
def _edit_character(state: State, cmd: EditCharacter, dice: Dice) -> list[Event]:
    char = find_character(state, cmd.name)
    if not cmd.stats and not cmd.skills and not cmd.relative:
        raise Rejected("nothing to change: give STAT=VALUE or Skill=VALUE pairs")
    given_stats, _, _ = _stats_written_as_skills(state, dict(cmd.stats), cmd)
    stats = _check_stats(state, given_stats, char.kind)
    written, attrs = _written_skills(state, char, {**char.stats, **stats}, cmd)
    events: list[Event] = []
    for stat, value in stats.items():
        old = char.stats.get(stat)
        if old != value:
            events.append(StatChanged(character=char.id, stat=stat, old=old, new=value))
        held = char.current.get(stat)
        if stat == "Luck" and held is not None and held != value:  # CoC Luck is one value: the GM sets it
            events.append(PoolChanged(character=char.id, pool="Luck", old=held, new=value, reason="Luck set"))
    moved = skill_rules.moved_by_attributes(char, {**char.stats, **stats}) if state.system == "gurps" else char.skills
    for skill, wanted in written.items():
        had = moved.get(skill)
        if had != wanted or attrs.get(skill, char.skill_attrs.get(skill, "")) != char.skill_attrs.get(skill, ""):
            events.append(SkillChanged(character=char.id, skill=skill, old=had, new=wanted, attr=attrs.get(skill, "")))
    if not events:
        raise Rejected(f"{char.name} already has those values")
    return events


#: What a system's rules make of HP set by hand (CoC: a wound, COC-PARTY-04; FHTAGN: waking, FH-DMG-07):
#: ``(state, dice, character, old, new, reason) -> events``.
HP_CHANGE: dict[str, Callable[[State, Dice, Character, int, int, str], list[Event]]] = {}


def register_hp_change(system: str, hook: Callable[[State, Dice, Character, int, int, str], list[Event]]) -> None:
    HP_CHANGE[system] = hook


@decider(SetPools)
def _set_pools(state: State, cmd: SetPools, dice: Dice) -> list[Event]:
    char = find_character(state, cmd.name)
    pools = SHEETS[state.system].pools
    events: list[Event] = []
    for pool, value in cmd.values.items():
        match = next((p for p in pools if p.casefold() == pool.casefold()), None)
        if match is None:
            raise Rejected(f"{pool!r} is not a current value in {state.system}{did_you_mean(pool, pools)} (values: {', '.join(pools)})")
        top = pool_max(state.system, char, match)
        floor = pool_floor(state.system, match)
        if top is not None and value > top:
            raise Rejected(f"{char.name}'s {match} cannot be {value}: the maximum is {top}")
        if floor is not None and value < floor:
            raise Rejected(f"{char.name}'s {match} cannot be {value}: the minimum is {floor}")
        old = char.current.get(match, 0)
        hook = HP_CHANGE.get(state.system) if match == "HP" else None
        if old != value and hook is not None:
            events += hook(state, dice, char, old, value, cmd.reason)
        elif old != value:
            events.append(PoolChanged(character=char.id, pool=match, old=old, new=value, reason=cmd.reason))
    if not events:
        raise Rejected(f"{char.name} already has those values")
    return events


@decider(DeleteCharacter)
def _delete_character(state: State, cmd: DeleteCharacter, dice: Dice) -> list[Event]:
    char = find_character(state, cmd.name)
    return [CharacterDeleted(character=char.id, name=char.name)]


@decider(SetBond)
def _set_bond(state: State, cmd: SetBond, dice: Dice) -> list[Event]:
    if state.system != "fhtagn":
        raise Rejected("bonds belong to FHTAGN characters only")
    char = find_character(state, cmd.name)
    bond = char.bond(cmd.bond)
    if cmd.remove:
        if bond is None:
            raise Rejected(f"{char.name} has no bond {cmd.bond!r}{did_you_mean(cmd.bond, [b.name for b in char.bonds])}")
        return [BondChanged(character=char.id, bond=bond.name, old=bond.score, new=None)]
    if bond is None:
        score = cmd.score if cmd.score is not None else char.stats.get("CHA", 0)
        if not 0 <= score <= 99:
            raise Rejected(f"a bond score is 0–99, not {score}")
        return [BondChanged(character=char.id, bond=cmd.bond.strip(), old=None, new=score, rules=("FH-PARTY-05",))]
    if cmd.score is None:
        raise Rejected(f"{char.name} already has the bond {bond.name}; give a score to change it")
    if not 0 <= cmd.score <= 99:
        raise Rejected(f"a bond score is 0–99, not {cmd.score}")
    if cmd.score == bond.score:
        raise Rejected(f"bond {bond.name} is already {bond.score}")
    return [BondChanged(character=char.id, bond=bond.name, old=bond.score, new=cmd.score, rules=("FH-PARTY-05",))]


@decider(AddCondition)
def _add_condition(state: State, cmd: AddCondition, dice: Dice) -> list[Event]:
    char = find_character(state, cmd.name)
    cond = cmd.condition.strip().casefold()
    if not cond:
        raise Rejected("name the condition")
    lasting: list[Event] = []
    if cmd.duration:
        try:
            seconds, rounds = rc.parse(cmd.duration)
        except ValueError as exc:
            raise Rejected(f"for={cmd.duration}: {exc}") from None
        lasting = [LastingSet(character=char.id, condition=cond, seconds=seconds, rounds=rounds, note=cmd.note)]
        if char.has(cond):  # the GM sets or changes the length of a condition already there
            return lasting
    if char.has(cond):
        raise Rejected(f"{char.name} is already {cond} (for=3r|2h|… sets how long it lasts)")
    note = cmd.note
    rules: tuple[str, ...] = ()
    if state.system == "fhtagn" and cond.startswith("insane-"):  # the GM's choice of reaction (FH-SAN-07)
        from fhtagn_tui.rules.fhtagn import sanity as fh_san  # (loaded when first needed)

        react = fh_san.reaction(cond.removeprefix("insane-"))
        if react is not None:
            note, rules = note or react.effect_for(char.stats.get("CON", 0)), ("FH-SAN-07",)
    return [ConditionAdded(character=char.id, condition=cond, note=note, rules=rules), *lasting]


@decider(RemoveCondition)
def _remove_condition(state: State, cmd: RemoveCondition, dice: Dice) -> list[Event]:
    char = find_character(state, cmd.name)
    cond = cmd.condition.strip().casefold()
    if not char.has(cond):
        have = ", ".join(char.conditions) or "none"
        raise Rejected(f"{char.name} is not {cond} (conditions: {have})")
    return [ConditionRemoved(character=char.id, condition=cond)]


def _percentile_level(system: str, roll: int, target: int) -> tuple[str, tuple[str, ...]]:
    if system == "coc7":
        return coc_dice.level_of(roll, target).label, ("COC-DICE-01", "COC-DICE-02")
    t = fh_dice.judge(roll, max(1, min(99, target)))
    return t.level, ("FH-DICE-01", "FH-DICE-02", "FH-DICE-03")


@decider(RollDice)
def _roll(state: State, cmd: RollDice, dice: Dice) -> list[Event]:
    expr = cmd.expr.strip().lower()
    level = ""
    rules: tuple[str, ...] = ()
    try:
        if expr in ("d100", "1d100", "d%") :
            total = d100(dice, cmd.label_text or "d100", cmd.bonus, cmd.penalty)
            if cmd.bonus or cmd.penalty:
                rules = ("COC-DICE-04",)
            if cmd.target is not None:
                level, more = _percentile_level(state.system, total, cmd.target)
                rules += more
        else:
            if cmd.bonus or cmd.penalty:
                raise Rejected("bonus and penalty dice apply to d100 rolls only")
            total = roll_expr(dice, cmd.label_text or expr, expr)
            if cmd.target is not None:
                if expr in ("3d", "3d6") and state.system == "gurps":
                    g = gurps_dice.judge(total, cmd.target)
                    level = g.level
                    rules = ("GURPS-DICE-01", "GURPS-DICE-02")
                else:
                    level = "success" if total <= cmd.target else "failure"
    except DiceError as exc:
        raise Rejected(str(exc)) from None
    return [
        DiceRolled(
            expr=cmd.expr,
            total=total,
            label=cmd.label_text,
            target=cmd.target,
            level=level,
            rules=rules,
            dice=tuple(dice.take()),
        )
    ]


def _test_target(state: State, char: Character, what: str) -> tuple[str, int, str]:
    """(display name, base target, kind) for a test of a skill or stat."""
    sheet = SHEETS[state.system]
    text = what.strip()
    key = text.casefold().removesuffix("x5").removesuffix("×5").strip()
    spec = sheet.spec(key)
    if spec is not None and spec.name in char.stats:
        value = char.stats[spec.name]
        if state.system == "fhtagn":
            return f"{spec.name}×5", fh_dice.stat_x5(value), "stat"
        return spec.name, value, "stat"
    if state.system == "gurps" and key in ("will", "per"):
        from ..systems import derived

        d = derived(state.system, char)
        name = "Will" if key == "will" else "Per"
        return name, int(d[name]), "stat"
    if key == "luck" and "Luck" in char.current:
        return "Luck", char.current["Luck"], "stat"
    if key == "san" and "SAN" in char.current:
        return "SAN", char.current["SAN"], "stat"
    found = skill_rules.value_of(state.system, char, text)
    if found is not None:
        return found[0], found[1], "skill" if found[0] in char.skills else "base"
    options = skill_rules.readable_names(state.system, char) + list(char.stats)
    raise Rejected(f"{char.name} has no skill or stat {what!r}{did_you_mean(what, options)}")


def check_fh_step(modifier: int) -> None:
    """FH-DICE-05: a GM's modifier in FHTAGN comes in steps of 20; another is refused."""
    if modifier % 20:
        low = modifier - modifier % 20
        raise Rejected(
            f"FHTAGN modifiers come in steps of 20 (FH-DICE-05): mod={modifier:+d} is not one — "
            f"give mod={low:+d} or mod={low + 20:+d}"
        )


def fh_modifier_note(modifier: int) -> str:
    """FH-DICE-05: modifiers come in steps of 20 and their total is capped at ±40.  A step
    that is not a multiple of 20 is refused; a total beyond ±40 is capped, and said so."""
    check_fh_step(modifier)
    if abs(modifier) > 40:
        capped = fh_dice.total_modifier([modifier])
        return f"mod {modifier:+d} capped at {capped:+d}, FH-DICE-05"
    return ""


@decider(TestSkill)
def _test(state: State, cmd: TestSkill, dice: Dice) -> list[Event]:
    # what a test leaves: checks, marks, the roll a push acts on (loaded when first needed)
    from . import skill_play

    char = find_character(state, cmd.name)
    label, base, kind = _test_target(state, char, cmd.skill)
    stat = label.removesuffix("×5")
    part = imposed(state.system, char, "skill" if kind == "skill" else "stat")
    if kind == "stat" and stat in part.stats:  # a characteristic lowered for now (FH-HAZ-12)
        base = fh_dice.stat_x5(part.stats[stat]) if state.system == "fhtagn" else part.stats[stat]
    else:
        part = replace(part, rules=tuple(r for r in part.rules if r != "FH-HAZ-12"),
                       reasons=tuple(r for r in part.reasons if "after the cold" not in r))
    used = tuple(ConditionRemoved(character=char.id, condition=c, rules=part.rules) for c in part.consumed)
    at_base = ("default, never learned" if state.system == "gurps" else "base, never raised") if kind == "base" else ""
    try:
        if state.system == "gurps":
            if cmd.bonus or cmd.penalty:
                raise Rejected("bonus and penalty dice are a Call of Cthulhu rule; give mod=±N in GURPS")
            effective = base + cmd.modifier
            g = gurps_dice.success_roll(dice, label, effective)
            return [
                DiceRolled(
                    expr="3d", total=g.roll, label=label, character=char.id, target=effective,
                    level=g.level, rules=("GURPS-DICE-01", "GURPS-DICE-02"), dice=tuple(dice.take()), note=at_base,
                )
            ]
        if state.system == "coc7":
            diff = {"regular": coc_dice.Difficulty.REGULAR, "hard": coc_dice.Difficulty.HARD,
                    "extreme": coc_dice.Difficulty.EXTREME}.get(cmd.difficulty.casefold())
            if diff is None:
                raise Rejected(f"difficulty {cmd.difficulty!r} is not regular, hard or extreme")
            if cmd.modifier:
                raise Rejected("Call of Cthulhu uses bonus/penalty dice and difficulty, not percentage modifiers")
            penalty = cmd.penalty + part.penalty
            r = coc_dice.skill_roll(dice, label, base, diff, cmd.bonus, penalty)
            level = r.level.label + ("" if r.success or diff == coc_dice.Difficulty.REGULAR else f" (needed {diff.name.lower()})")
            rules = ("COC-DICE-01", "COC-DICE-02", "COC-DICE-03") + (("COC-DICE-04",) if cmd.bonus or penalty else ())
            return [
                DiceRolled(
                    expr="d100", total=r.roll, label=label, character=char.id, target=base,
                    level=level, rules=rules + part.rules, dice=tuple(dice.take()), imposed=part.text,
                    note=at_base,
                ),
                *used,
                *skill_play.after_coc_roll(char, label, kind, r, cmd.bonus, penalty),
            ]
        if cmd.bonus or cmd.penalty:
            raise Rejected("bonus and penalty dice are a Call of Cthulhu rule; give mod=±20 or ±40 in FHTAGN")
        if cmd.difficulty.casefold() != "regular":
            raise Rejected("FHTAGN has no difficulty levels; give mod=±20 or ±40")
        note = fh_modifier_note(cmd.modifier)
        mods = [m for m in (cmd.modifier, part.modifier) if m]
        t = fh_dice.percentile_test(dice, label, base, mods)
        rules = ("FH-DICE-01", "FH-DICE-02", "FH-DICE-03") + (("FH-DICE-05",) if cmd.modifier else ())
        if label.endswith("×5"):
            rules += ("FH-DICE-04",)
        return [
            DiceRolled(
                expr="d100", total=t.roll, label=label, character=char.id, target=t.target,
                level=t.level, rules=rules + part.rules, dice=tuple(dice.take()), imposed=part.text,
                note="; ".join(n for n in (at_base, note) if n),
            ),
            *skill_play.after_fh_roll(char, label, kind, t),
        ]
    except DiceError as exc:
        raise Rejected(str(exc)) from None


@decider(AddNote)
def _note(state: State, cmd: AddNote, dice: Dice) -> list[Event]:
    text = cmd.text.strip()
    if not text:
        raise Rejected("a note needs some text: note TEXT")
    return [NoteAdded(text=text)]


# --- evolvers -----------------------------------------------------------------


@evolver(CampaignCreated)
def _ev_campaign(state: State, ev: CampaignCreated) -> State:
    return replace(state, name=ev.name, system=ev.system, title=ev.title)


@evolver(SessionStarted)
def _ev_session_started(state: State, ev: SessionStarted) -> State:
    info = SessionInfo(number=ev.number, title=ev.title, started_seq=ev.seq, started_ts=ev.ts)
    return replace(state, sessions=state.sessions + (info,))


@evolver(SessionEnded)
def _ev_session_ended(state: State, ev: SessionEnded) -> State:
    if not state.sessions:
        return state
    last = replace(state.sessions[-1], ended_seq=ev.seq or -1)
    return replace(state, sessions=state.sessions[:-1] + (last,))


@evolver(CharacterCreated)
def _ev_char_created(state: State, ev: CharacterCreated) -> State:
    char = Character(
        id=ev.id,
        name=ev.name,
        kind=ev.kind,
        stats=dict(ev.stats),
        skills=dict(ev.skills),
        current=dict(ev.current),
        bonds=ev.bonds,
        hidden=ev.hidden,
        attacks=tuple(replace(w, system=state.system) for w in ev.attacks),
        notes=ev.notes,
        san_loss=ev.san_loss,
        skill_attrs=dict(ev.skill_attrs),
    )
    return state.with_character(char)


@evolver(CharacterDeleted)
def _ev_char_deleted(state: State, ev: CharacterDeleted) -> State:
    return state.without_character(ev.character)


@evolver(StatChanged)
def _ev_stat(state: State, ev: StatChanged) -> State:
    char = state.characters.get(ev.character)
    if char is None:
        return state
    stats = dict(char.stats)
    stats[ev.stat] = ev.new
    if state.system == "gurps":  # every skill on the attribute moves with it (GURPS-FRIGHT-37)
        char = replace(char, skills=skill_rules.moved_by_attributes(char, stats))
    # FH-PARTY-01 (and the same for every system): current values never exceed a new maximum
    return state.with_character(_clamp_pools(state.system, replace(char, stats=stats)))


@evolver(SkillChanged)
def _ev_skill(state: State, ev: SkillChanged) -> State:
    char = state.characters.get(ev.character)
    if char is None:
        return state
    skills = dict(char.skills)
    attrs = char.skill_attrs
    if ev.new is None:
        skills.pop(ev.skill, None)
        if ev.skill in attrs:
            attrs = {k: v for k, v in attrs.items() if k != ev.skill}
    else:
        skills[ev.skill] = ev.new
        if ev.attr:
            attrs = {**attrs, ev.skill: ev.attr}
    return state.with_character(_clamp_pools(state.system, replace(char, skills=skills, skill_attrs=attrs)))


@evolver(PoolChanged, reads=("character", "pool", "new"))
def _ev_pool(state: State, ev: PoolChanged) -> State:
    char = state.characters.get(ev.character)
    if char is None:
        return state
    current = char.current.copy()
    current[ev.pool] = ev.new
    chars = state.characters.copy()  # state.with_character, inlined: a pool moves on most turns
    chars[char.id] = replace(char, current=current)
    return replace(state, characters=chars)


@evolver(BondChanged)
def _ev_bond(state: State, ev: BondChanged) -> State:
    char = state.characters.get(ev.character)
    if char is None:
        return state
    key = ev.bond.casefold()
    if ev.new is None:
        bonds = tuple(b for b in char.bonds if b.name.casefold() != key)
    elif ev.old is None:
        bonds = char.bonds + (Bond(ev.bond, max(0, ev.new)),)
    else:
        bonds = tuple(Bond(b.name, max(0, ev.new)) if b.name.casefold() == key else b for b in char.bonds)
    return state.with_character(replace(char, bonds=bonds))


@evolver(ConditionAdded, reads=("character", "condition", "note"))
def _ev_cond_added(state: State, ev: ConditionAdded) -> State:
    char = state.characters.get(ev.character)
    if char is None or ev.condition in char.conditions:
        return state
    since = {**char.since, ev.condition: (ev.seq, ev.note)}  # what set it, for a refusal that names it
    if char.mind.reaction_owed and ev.condition.startswith("insane-"):  # the GM chose it (FH-SAN-07)
        char = replace(char, mind=replace(char.mind, reaction_owed=""))
    return state.with_character(replace(char, conditions=char.conditions + (ev.condition,), since=since))


@evolver(ConditionRemoved, reads=("character", "condition"))
def _ev_cond_removed(state: State, ev: ConditionRemoved) -> State:
    char = state.characters.get(ev.character)
    if char is None or ev.condition not in char.conditions:
        return state  # nothing to take away: the state as it was
    since = {k: v for k, v in char.since.items() if k != ev.condition} if ev.condition in char.since else char.since
    state = forget(state, char.id, ev.condition)  # its length goes with it
    return state.with_character(replace(char, conditions=tuple([c for c in char.conditions if c != ev.condition]),
                                        since=since))


@counted("rolls", DiceRolled)
def _ev_rolled(state: State, ev: DiceRolled) -> State:
    return replace(state, rolls=state.rolls + 1)


@counted("notes", NoteAdded)
def _ev_note(state: State, ev: NoteAdded) -> State:
    return replace(state, notes=state.notes + 1)


# Who cannot (issue 31): the dead, the unconscious where the rules say so (domain/able.py).
acting(TestSkill, "name", doing="make a test")

__all__ = [name for name in dir() if not name.startswith("_")]
_ = PC_KINDS
