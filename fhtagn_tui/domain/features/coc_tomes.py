"""Call of Cthulhu 7e tomes and magic (COC-TOME-01 … 15).

The campaign's library (tomes and spells, ``State.coc_lore``) is defined with
``tome add`` / ``spell add``.  A reader's progress with a tome and the spells
they know live in the sheet's ``mind`` (``tomes``: −1 reading failed, −2 the
pushed reading failed, 0 initial reading done, n full studies; ``spells``:
−1 first casting failed, 0 learned, n times cast).

SAN losses (reading, spell costs) go through the insanity feature's
:func:`~.coc_insanity.san_loss_events`; Cthulhu Mythos gains through
:func:`~.coc_insanity.mythos_gain_events` (max SAN follows).  A spell cast
during a fight is the caster's action in the encounter (``mark_acted``).
"""

from msgspec.structs import replace

from fhtagn_tui.rules.coc import tomes as tm
from fhtagn_tui.rules.coc.dice import Difficulty
from fhtagn_tui.rules.dice import Dice, DiceError, check_expr, roll_expr

from ..able import acting
from ..commands import Command
from ..decide import Rejected, decider, evolver
from ..events import Event
from ..lookup import did_you_mean
from ..state import Character, State
from ..systems import derived
from .campaign import PoolChanged, StatChanged
from .coc_insanity import (
    ROLL_RULES,
    cthulhu_mythos,
    fold,
    investigator,
    mind_of,
    mythos_gain_events,
    san_loss_events,
    with_mind,
)
from .coc_wounds import wound
from .encounter import can_act, combatant, mark_acted


def _who(names: dict[str, str], key: str) -> str:
    return names.get(key, key)


# --- events -------------------------------------------------------------------------------------


class TomeDefined(Event):
    tome: tm.Tome

    reads = ("tome.spells",)  # it changes the tome, not the spells it lists

    def describe(self, names: dict[str, str]) -> str:
        t = self.tome
        return (
            f"Tome {t.name} ({t.language}): Mythos Rating {t.rating}, CMI +{t.cmi}, CMF +{t.cmf}, "
            f"SAN {t.san}, {t.weeks} weeks, {t.difficulty}"
        )


class SpellDefined(Event):
    spell: tm.Spell

    def describe(self, names: dict[str, str]) -> str:
        s = self.spell
        opposed = ", opposed by POW" if s.opposed else ""
        return f"Spell {s.name}: {s.mp} MP, {s.san} SAN, {s.time}{opposed}"


class ReadingRolled(Event):
    character: str
    tome: str  # the tome's name (its key casefolded)
    skill: str
    value: int
    difficulty: str
    roll: int
    level: str
    success: bool
    pushed: bool = False

    reads = ("tome",)

    def describe(self, names: dict[str, str]) -> str:
        push = "pushed " if self.pushed else ""
        result = "read" if self.success else "not understood"
        return (
            f"{_who(names, self.character)}: {push}reading roll for {self.tome}, {self.skill} {self.value} "
            f"({self.difficulty}) {self.roll} → {self.level}: {result}"
        )


class InitialReadingCompleted(Event):
    character: str
    tome: str
    cm_gain: int
    san_rolled: int = 0  # the tome's SAN loss (believers only)

    reads = ("tome",)

    def describe(self, names: dict[str, str]) -> str:
        return f"{_who(names, self.character)} finishes a first reading of {self.tome}: Cthulhu Mythos +{self.cm_gain}"


class FullStudyCompleted(Event):
    character: str
    tome: str
    number: int  # the n-th full study
    weeks: int
    cm_gain: int
    halved: bool = False
    san_rolled: int = 0

    reads = ("tome",)

    def describe(self, names: dict[str, str]) -> str:
        half = " (halved: Cthulhu Mythos above the tome's rating)" if self.halved else ""
        return (
            f"{_who(names, self.character)} completes full study #{self.number} of {self.tome} in "
            f"{self.weeks} weeks: Cthulhu Mythos +{self.cm_gain}{half}"
        )


class ReferenceConsulted(Event):
    character: str
    tome: str
    hours: int
    roll: int
    rating: int
    success: bool

    reads = ("tome",)

    def describe(self, names: dict[str, str]) -> str:
        found = "finds the answer" if self.success else "finds nothing"
        return f"{_who(names, self.character)} consults {self.tome} for {self.hours} hours: {self.roll} vs {self.rating} → {found}"


class SpellLearned(Event):
    character: str
    spell: str  # the spell's name (its key casefolded)
    source: str  # book | person | entity
    time: str
    learned: bool
    roll: int = 0
    target: int = 0
    hard: bool = False
    tome: str = ""

    reads = ("spell", "tome")

    def describe(self, names: dict[str, str]) -> str:
        where = f" from {self.tome}" if self.tome else f" from a{'n' if self.source == 'entity' else ''} {self.source}"
        check = f", {'Hard ' if self.hard else ''}INT {self.roll} vs {self.target}" if self.roll else ""
        result = "learned" if self.learned else "not learned"
        return f"{_who(names, self.character)}: {self.spell}{where} ({self.time}{check}) → {result}"


class SpellCast(Event):
    character: str
    spell: str
    cast: bool
    mp: int = 0  # MP cost paid (MP and HP together)
    san: int = 0  # SAN cost rolled
    first: bool = False  # the first casting (COC-TOME-12)
    roll: int = 0  # the Hard POW roll of a first casting
    target: int = 0
    pushed: bool = False
    multiplier: int = 1  # 1D6 after a failed push
    effect_round: int = 0  # in a fight: the round it takes effect (COC-TOME-13)
    effect_at: int = 0  # … on this initiative value
    timing: str = ""

    reads = ("spell",)

    def describe(self, names: dict[str, str]) -> str:
        who = _who(names, self.character)
        first = ""
        if self.first:
            push = "pushed " if self.pushed else ""
            first = f" — {push}Hard POW {self.roll} vs {self.target}"
        if not self.cast:
            return f"{who} fails to cast {self.spell} for the first time{first}: push it or relearn it"
        costs = f"{self.mp} MP" + (f", {self.san} SAN" if self.san else "")
        times = f" (×{self.multiplier}: the push failed)" if self.multiplier > 1 else ""
        when = f"; takes effect {self.timing}" if self.timing else ""
        return f"{who} casts {self.spell}{first}: {costs}{times}{when}"


class PowIncreaseRolled(Event):
    character: str
    trigger: str  # "opposed spell" | "Luck 01"
    roll: int
    pow: int
    success: bool
    gain: int = 0

    def describe(self, names: dict[str, str]) -> str:
        result = f"POW +{self.gain}" if self.success else "no change"
        return f"{_who(names, self.character)}: POW increase check ({self.trigger}) {self.roll} vs {self.pow} → {result}"


# --- commands ------------------------------------------------------------------------------------


class DefineTome(Command):
    label = "define tome"
    tome: tm.Tome


class DefineSpell(Command):
    label = "define spell"
    spell: tm.Spell


class ReadTome(Command):
    label = "initial reading"
    name: str
    tome: str
    difficulty: str = ""  # default: the tome's
    push: bool = False
    noroll: bool = False  # the Keeper waives the reading roll
    bonus: int = 0
    penalty: int = 0


class StudyTome(Command):
    label = "full study"
    name: str
    tome: str


class ConsultTome(Command):
    label = "consult a tome"
    name: str
    tome: str


class LearnSpell(Command):
    label = "learn a spell"
    name: str
    spell: str
    source: str  # book | person | entity
    tome: str = ""
    weeks: int | None = None
    time: str = ""
    check: bool = False  # the optional Hard INT roll (book, person)


class CastSpell(Command):
    label = "cast a spell"
    name: str
    spell: str
    mp: int | None = None
    push: bool = False
    won: bool = False  # the opposed POW roll was won (COC-TOME-14)


class RestMagic(Command):
    label = "recover magic points"
    name: str
    hours: int
    rate: int = 1


class PowGainCheck(Command):
    label = "POW increase check"
    name: str
    luck: int | None = None  # the Luck roll that triggered it (COC-TOME-15); None: an opposed spell


# --- helpers ---------------------------------------------------------------------------------------


def _coc(state: State) -> None:
    if state.system != "coc7":
        raise Rejected(f"tomes and spells follow Call of Cthulhu here, and this is a {state.system} campaign")


def find_tome(state: State, name: str) -> tm.Tome:
    tomes = state.coc_lore.tomes
    found = tomes.get(name.strip().casefold())
    if found is not None:
        return found
    names = [t.name for t in tomes.values()]
    if not names:
        raise Rejected(f"no tome called {name!r}: the library is empty (add one with 'tome add NAME lang=… rating=… cmi=… cmf=…')")
    raise Rejected(f"no tome called {name!r}{did_you_mean(name, names)} (tomes: {', '.join(names)})")


def find_spell(state: State, name: str) -> tm.Spell:
    spells = state.coc_lore.spells
    found = spells.get(name.strip().casefold())
    if found is not None:
        return found
    names = [s.name for s in spells.values()]
    if not names:
        raise Rejected(f"no spell called {name!r}: the grimoire is empty (add one with 'spell add NAME mp=N')")
    raise Rejected(f"no spell called {name!r}{did_you_mean(name, names)} (spells: {', '.join(names)})")


def language_skill(char: Character, language: str) -> tuple[str, int]:
    """The Language skill a tome is read with (COC-TOME-01, AMB-60)."""
    lang = language.casefold()
    for skill, value in char.skills.items():
        key = skill.casefold()
        if key == lang or ("language" in key and lang in key):
            return skill, value
    raise Rejected(
        f"{char.name} has no Language ({language}) skill to read it — give one, e.g. "
        f"char set {char.id} \"Language ({language})=40\" (or read … noroll if the Keeper waives the roll)"
    )


def _reading_san(state: State, char: Character, dice: Dice, tome: tm.Tome, rules: tuple[str, ...]) -> tuple[int, list[Event]]:
    """A believer rolls the tome's SAN loss; a non-believer loses none and draws no dice (COC-TOME-06)."""
    if not char.mind.believer or tome.san.strip() in ("", "0"):
        return 0, []
    rolled = max(0, roll_expr(dice, f"SAN loss ({tome.name})", tome.san))
    events = san_loss_events(
        state, char, dice, rolled, reason=f"reading {tome.name}", rules=rules + ("COC-TOME-06",), cause="reading", mythos_bout=True
    )
    return rolled, events


def _completion(state: State, char: Character, dice: Dice, tome: tm.Tome) -> list[Event]:
    rolled, loss = _reading_san(state, char, dice, tome, ("COC-TOME-02",))
    gain = tm.initial_reading_gain(tome.cmi, completed=True)
    rules = ("COC-TOME-02",) + (() if char.mind.believer else ("COC-TOME-06",))
    events: list[Event] = [InitialReadingCompleted(character=char.id, tome=tome.name, cm_gain=gain, san_rolled=rolled, rules=rules)]
    events += loss
    now = fold(state, events).characters[char.id]
    return events + mythos_gain_events(now, gain, ("COC-TOME-02",))


# --- deciders ---------------------------------------------------------------------------------------


@decider(DefineTome)
def _define_tome(state: State, cmd: DefineTome, dice: Dice) -> list[Event]:
    _coc(state)
    t = cmd.tome
    if not t.name.strip() or not t.language.strip():
        raise Rejected("a tome needs a name and a language (lang=…)")
    for what, value in (("rating", t.rating), ("cmi", t.cmi), ("cmf", t.cmf)):
        if not 0 <= value <= 99:
            raise Rejected(f"{what}={value} is impossible: 0–99")
    if t.weeks < 1:
        raise Rejected(f"weeks={t.weeks} is impossible: a full study takes at least 1 week")
    if tm.reading_difficulty(t.difficulty) is None:
        raise Rejected(f"difficulty {t.difficulty!r} is not regular, hard, extreme (or printed, handwritten, ancient)")
    try:
        check_expr(t.san)
    except DiceError as exc:
        raise Rejected(f"san={t.san}: {exc}") from None
    if state.coc_lore.tomes.get(t.key) == t:
        raise Rejected(f"the library already holds {t.name} exactly like that")
    return [TomeDefined(tome=t)]


@decider(DefineSpell)
def _define_spell(state: State, cmd: DefineSpell, dice: Dice) -> list[Event]:
    _coc(state)
    s = cmd.spell
    if not s.name.strip():
        raise Rejected("a spell needs a name")
    if s.mp < 0:
        raise Rejected(f"mp={s.mp} is impossible: a spell costs 0 or more magic points")
    if tm.casting_rounds(s.time) is None:
        raise Rejected(f"time={s.time!r} is not a casting time: instant, or a number of rounds")
    try:
        check_expr(s.san)
    except DiceError as exc:
        raise Rejected(f"san={s.san}: {exc}") from None
    if state.coc_lore.spells.get(s.key) == s:
        raise Rejected(f"the grimoire already holds {s.name} exactly like that")
    return [SpellDefined(spell=s)]


@decider(ReadTome)
def _read(state: State, cmd: ReadTome, dice: Dice) -> list[Event]:
    _coc(state)
    char = investigator(state, cmd.name)
    tome = find_tome(state, cmd.tome)
    progress = char.mind.tomes.get(tome.key)
    if progress is not None and progress >= 0:
        raise Rejected(f"{char.name} has already read {tome.name}: study it with 'study {char.id} \"{tome.name}\"'")
    if cmd.push and progress != -1:
        why = "the pushed roll already failed" if progress == -2 else "push only right after a failed reading roll"
        raise Rejected(f"nothing to push for {char.name} and {tome.name}: {why}")
    if cmd.push and cmd.noroll:
        raise Rejected("push and noroll do not go together: a waived roll cannot be pushed")
    if cmd.noroll:
        return _completion(state, char, dice, tome)
    diff = tm.reading_difficulty(cmd.difficulty or tome.difficulty)
    if diff is None:
        raise Rejected(f"difficulty {cmd.difficulty!r} is not regular, hard, extreme (or printed, handwritten, ancient)")
    skill, value = language_skill(char, tome.language)
    r = tm.reading_roll(dice, value, diff, cmd.bonus, cmd.penalty, pushed=cmd.push)
    rules = ("COC-TOME-01",) + ROLL_RULES + ("COC-DICE-03",) + (("COC-DICE-04",) if cmd.bonus or cmd.penalty else ())
    rules += ("COC-DICE-06",) if cmd.push else ()
    events: list[Event] = [
        ReadingRolled(
            character=char.id, tome=tome.name, skill=skill, value=value, difficulty=Difficulty(diff).name.lower(),
            roll=r.roll, level=r.level.label, success=r.success, pushed=cmd.push, rules=rules, dice=tuple(dice.take()),
        )
    ]
    if not r.success:
        return events
    return events + _completion(state, char, dice, tome)


@decider(StudyTome)
def _study(state: State, cmd: StudyTome, dice: Dice) -> list[Event]:
    _coc(state)
    char = investigator(state, cmd.name)
    tome = find_tome(state, cmd.tome)
    progress = char.mind.tomes.get(tome.key)
    if progress is None or progress < 0:
        raise Rejected(f"{char.name} must finish an initial reading of {tome.name} first: read {char.id} \"{tome.name}\"")
    number = progress + 1
    weeks = tm.study_weeks(tome.weeks, number)
    cm = cthulhu_mythos(char)[1] or 0
    gain = tm.full_study_gain(tome.cmf, cm, tome.rating)
    rolled, loss = _reading_san(state, char, dice, tome, ("COC-TOME-03",))
    rules = ("COC-TOME-03",) + (("COC-TOME-04",) if number > 1 else ()) + (() if char.mind.believer else ("COC-TOME-06",))
    events: list[Event] = [
        FullStudyCompleted(
            character=char.id, tome=tome.name, number=number, weeks=weeks, cm_gain=gain, halved=gain != tome.cmf,
            san_rolled=rolled, rules=rules,
        )
    ]
    events += loss
    now = fold(state, events).characters[char.id]
    return events + mythos_gain_events(now, gain, ("COC-TOME-03",))


@decider(ConsultTome)
def _consult(state: State, cmd: ConsultTome, dice: Dice) -> list[Event]:
    _coc(state)
    char = investigator(state, cmd.name)
    tome = find_tome(state, cmd.tome)
    if char.mind.tomes.get(tome.key, -1) < 1:
        raise Rejected(f"{char.name} must complete a full study of {tome.name} to use it as a reference")
    r = tm.consult(dice, tome.rating)
    return [
        ReferenceConsulted(
            character=char.id, tome=tome.name, hours=r.hours, roll=r.roll, rating=r.rating, success=r.success,
            rules=("COC-TOME-05",), dice=tuple(dice.take()),
        )
    ]


@decider(LearnSpell)
def _learn(state: State, cmd: LearnSpell, dice: Dice) -> list[Event]:
    _coc(state)
    char = investigator(state, cmd.name)
    spell = find_spell(state, cmd.spell)
    source = cmd.source.strip().casefold()
    if source not in tm.SOURCES:
        raise Rejected(f"from={cmd.source!r} is not a source{did_you_mean(source, tm.SOURCES)} (book, person or entity)")
    known = char.mind.spells.get(spell.key)
    if known is not None and known >= 0:
        raise Rejected(f"{char.name} already knows {spell.name}")
    if cmd.weeks is not None and (source != "book" or cmd.weeks < 1):
        raise Rejected("weeks=N (1 or more) is the time of learning from a book; from a person give time=TEXT")
    if cmd.time and source != "person":
        raise Rejected("time=TEXT is for learning from a person; from a book give weeks=N")
    if cmd.check and source == "entity":
        raise Rejected("an entity's spell always takes an INT roll to retain; leave out the optional check")
    if cmd.tome and source != "book":
        raise Rejected("tome= goes with from=book")
    int_value = char.stats.get("INT", 0)
    tome_key = ""
    if source == "book":
        if not cmd.tome:
            raise Rejected("from=book needs the tome: tome=NAME")
        tome = find_tome(state, cmd.tome)
        if char.mind.tomes.get(tome.key, -1) < 0:
            raise Rejected(f"{char.name} must finish an initial reading of {tome.name} before learning its spells")
        if tome.spells and spell.key not in {s.casefold() for s in tome.spells}:
            raise Rejected(f"{tome.name} does not hold {spell.name} (it holds: {', '.join(tome.spells)})")
        learning = tm.learn_from_book(dice, int_value, cmd.weeks, cmd.check)
        rule_id, tome_key = "COC-TOME-09", tome.name
    elif source == "person":
        learning, rule_id = tm.learn_from_person(dice, int_value, cmd.time, cmd.check), "COC-TOME-10"
    else:
        learning, rule_id = tm.learn_from_entity(dice, int_value), "COC-TOME-11"
    return [
        SpellLearned(
            character=char.id, spell=spell.name, source=source, time=learning.time, learned=learning.learned,
            roll=learning.roll, target=learning.target, hard=learning.hard, tome=tome_key,
            rules=(rule_id,) + (ROLL_RULES + ("COC-DICE-03",) if learning.roll else ()), dice=tuple(dice.take()),
        )
    ]


@decider(CastSpell)
def _cast(state: State, cmd: CastSpell, dice: Dice) -> list[Event]:
    _coc(state)
    char = investigator(state, cmd.name)
    spell = find_spell(state, cmd.spell)
    known = char.mind.spells.get(spell.key)
    if known is None:
        have = [state.coc_lore.spells[k].name for k in char.mind.spells if k in state.coc_lore.spells]
        raise Rejected(f"{char.name} does not know {spell.name} (known: {', '.join(have) or 'none'}) — learn it first")
    if not can_act(char):
        raise Rejected(f"{char.name} cannot cast while {'dead' if char.has('dead') else 'unconscious'}")
    if known == -1 and not cmd.push:
        raise Rejected(f"{char.name}'s first casting of {spell.name} failed: push it (cast … push) or relearn it (learn …)")
    if cmd.push and known != -1:
        raise Rejected("only a failed first casting can be pushed")
    if cmd.won and not spell.opposed:
        raise Rejected(f"{spell.name} is not opposed by POW, so there is no opposed roll to win")
    cost = spell.mp if cmd.mp is None else cmd.mp
    if cost < 0:
        raise Rejected(f"mp={cost} is impossible: a spell costs 0 or more magic points")
    first = known in (0, -1)
    multiplier = 1
    rules: tuple[str, ...] = ("COC-TOME-07",)
    fc: tm.FirstCasting | None = None
    if first:
        fc = tm.first_casting(dice, char.stats.get("POW", 0), pushed=cmd.push)
        rules = ("COC-TOME-12",) + ROLL_RULES + ("COC-DICE-03",) + (("COC-DICE-06",) if cmd.push else ())
        if not fc.cast:
            return [
                SpellCast(
                    character=char.id, spell=spell.name, cast=False, first=True, roll=fc.roll, target=fc.pow_value,
                    pushed=fc.pushed, rules=rules, dice=tuple(dice.take()),
                )
            ]
        multiplier = fc.multiplier
        rules += ("COC-TOME-07",)
    san_cost = 0
    if spell.san.strip() not in ("", "0"):
        san_cost = max(0, roll_expr(dice, f"SAN cost ({spell.name})", spell.san)) * multiplier
    mp_cost = cost * multiplier
    timing = tm.Timing(0, 0, "")
    enc = state.encounter
    if enc is not None and enc.started and combatant(state, char.id) is not None:
        timing = tm.spell_timing(tm.casting_rounds(spell.time) or 0, char.stats.get("DEX", 0), enc.round)
        rules += ("COC-TOME-13",)
    events: list[Event] = [
        SpellCast(
            character=char.id, spell=spell.name, cast=True, mp=mp_cost, san=san_cost, first=fc is not None,
            roll=fc.roll if fc else 0, target=fc.pow_value if fc else 0, pushed=bool(fc and fc.pushed),
            multiplier=multiplier, effect_round=timing.round, effect_at=timing.initiative, timing=timing.label,
            rules=rules, dice=tuple(dice.take()),
        )
    ]
    mp, hp = char.current.get("MP", 0), char.current.get("HP", 0)
    pay = tm.pay_magic_points(mp, hp, mp_cost)
    if pay.mp != mp:
        events.append(PoolChanged(character=char.id, pool="MP", old=mp, new=pay.mp, reason=f"casting {spell.name}", rules=("COC-TOME-07",)))
    if pay.from_hp and hp > pay.hp:  # paid in blood: a wound like any other (COC-PARTY-04)
        events += wound(fold(state, events), dice, char.id, hp - pay.hp,
                        f"{pay.from_hp} MP overspent on {spell.name}", rules=("COC-TOME-07",))
    if san_cost:
        now = fold(state, events).characters[char.id]
        events += san_loss_events(
            state, now, dice, san_cost, reason=f"casting {spell.name}", rules=("COC-TOME-06",) + (("COC-TOME-12",) if multiplier > 1 else ()),
            cause="mythos", mythos_bout=True,
        )
    if cmd.won:
        now = fold(state, events).characters[char.id]
        events += _pow_check(now, dice, "opposed spell", ("COC-TOME-14",))
    return events


def _pow_check(char: Character, dice: Dice, trigger: str, rules: tuple[str, ...]) -> list[Event]:
    pow_value = char.stats.get("POW", 0)
    g = tm.pow_increase(dice, pow_value)
    events: list[Event] = [
        PowIncreaseRolled(
            character=char.id, trigger=trigger, roll=g.roll, pow=pow_value, success=g.success, gain=g.gain,
            rules=rules, dice=tuple(dice.take()),
        )
    ]
    if g.success:
        events.append(StatChanged(character=char.id, stat="POW", old=pow_value, new=pow_value + g.gain, rules=rules + ("COC-PARTY-06",)))
    return events


@decider(RestMagic)
def _rest(state: State, cmd: RestMagic, dice: Dice) -> list[Event]:
    _coc(state)
    char = investigator(state, cmd.name)
    if cmd.hours < 1:
        raise Rejected(f"{cmd.hours} hours of rest recover nothing: give 1 hour or more")
    if cmd.rate < 1:
        raise Rejected(f"rate={cmd.rate} is impossible: magic points return at 1 or more an hour")
    if "MP" not in char.current:
        raise Rejected(f"{char.name} has no magic points")
    mp = char.current["MP"]
    top = int(derived(state.system, char)["max MP"])
    new = tm.recover_magic_points(mp, top, cmd.hours, cmd.rate)
    if new == mp:
        raise Rejected(f"{char.name}'s MP are already at their maximum ({top})")
    return [PoolChanged(character=char.id, pool="MP", old=mp, new=new, reason=f"{cmd.hours} hours of rest", rules=("COC-TOME-08",))]


@decider(PowGainCheck)
def _pow_gain(state: State, cmd: PowGainCheck, dice: Dice) -> list[Event]:
    _coc(state)
    char = investigator(state, cmd.name)
    if cmd.luck is None:
        return _pow_check(char, dice, "opposed spell", ("COC-TOME-14",))
    if not 1 <= cmd.luck <= 100:
        raise Rejected(f"luck={cmd.luck} is not a d100 roll (1–100)")
    if not tm.luck_calls_for_pow_check(cmd.luck):
        raise Rejected(f"a Luck roll of {cmd.luck:02d} calls for no POW check: only 01 does")
    return _pow_check(char, dice, "Luck 01", ("COC-TOME-15", "COC-TOME-14"))


# --- evolvers -------------------------------------------------------------------------------------------


@evolver(TomeDefined)
def _ev_tome(state: State, ev: TomeDefined) -> State:
    tomes = {**state.coc_lore.tomes, ev.tome.key: ev.tome}
    return replace(state, coc_lore=replace(state.coc_lore, tomes=tomes))


@evolver(SpellDefined)
def _ev_spell(state: State, ev: SpellDefined) -> State:
    spells = {**state.coc_lore.spells, ev.spell.key: ev.spell}
    return replace(state, coc_lore=replace(state.coc_lore, spells=spells))


def _set_tome(state: State, key: str, tome: str, value: int) -> State:
    return with_mind(state, key, tomes={**mind_of(state, key).tomes, tome.casefold(): value})


def _set_spell(state: State, key: str, spell: str, value: int) -> State:
    return with_mind(state, key, spells={**mind_of(state, key).spells, spell.casefold(): value})


@evolver(ReadingRolled)
def _ev_reading(state: State, ev: ReadingRolled) -> State:
    if ev.success:  # COC-DEV-01: the language skill read with is checked
        from .skill_play import checked

        return checked(state, ev.character, ev.skill)
    return _set_tome(state, ev.character, ev.tome, -2 if ev.pushed else -1)


@evolver(InitialReadingCompleted)
def _ev_read(state: State, ev: InitialReadingCompleted) -> State:
    return _set_tome(state, ev.character, ev.tome, 0)


@evolver(FullStudyCompleted)
def _ev_study(state: State, ev: FullStudyCompleted) -> State:
    return _set_tome(state, ev.character, ev.tome, ev.number)


@evolver(SpellLearned)
def _ev_learned(state: State, ev: SpellLearned) -> State:
    return _set_spell(state, ev.character, ev.spell, 0) if ev.learned else state


@evolver(SpellCast)
def _ev_cast(state: State, ev: SpellCast) -> State:
    if not ev.cast:
        return _set_spell(state, ev.character, ev.spell, -1)
    times = max(0, mind_of(state, ev.character).spells.get(ev.spell.casefold(), 0))
    return mark_acted(_set_spell(state, ev.character, ev.spell, times + 1), ev.character)


# Who cannot (issue 31): the dead, the unconscious where the rules say so (domain/able.py).
acting(CastSpell, "name", doing="cast a spell")
acting(ReadTome, "name", doing="read")
acting(StudyTome, "name", doing="study")
