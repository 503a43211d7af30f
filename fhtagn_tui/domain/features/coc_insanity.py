"""Call of Cthulhu 7e insanity: Sanity rolls and what follows (COC-INSANITY-01 … 17).

A SAN loss resolves in this order (:func:`san_loss_events`, also used by the
tomes feature for reading and spell costs):

1. the believer rule (COC-TOME-06): a non-believer's first Mythos loss adds
   their Cthulhu Mythos and makes them a believer;
2. the loss (``SanityLost``, a ``PoolChanged`` that also keeps the day's tally);
3. SAN 0: permanent insanity, nothing more;
4. a fifth of the day's starting SAN lost today: indefinite insanity;
   otherwise, 5+ from this roll and not insane yet: the INT roll of temporary
   insanity (success: insane for 1D10 hours);
5. a new insanity, or any loss while insane (underlying insanity): a bout of
   madness; a Mythos bout adds Cthulhu Mythos and lowers max SAN.

The phases of insanity are conditions (``temporarily insane``,
``indefinitely insane``, ``permanently insane``) added and removed with the
campaign's condition events; the sheet's ``mind`` keeps phobias, manias, the
day's tally, cumulative losses per entity and the count of Mythos bouts.
"""

from collections.abc import Iterable

from msgspec.structs import replace

from fhtagn_tui.rules.clock import HOUR
from fhtagn_tui.rules.coc import insanity as ins
from fhtagn_tui.rules.coc import tomes as lore
from fhtagn_tui.rules.dice import Dice, DiceError

from ..able import acting
from ..commands import Command
from ..decide import Rejected, decider, evolve, evolver
from ..events import Event
from ..lookup import did_you_mean, find_character
from ..state import Character, Mind, State
from .campaign import ConditionAdded, ConditionRemoved, PoolChanged, SkillChanged
from .clock import LastingSet

TEMPORARY = ins.INSANE["temporary"]
INDEFINITE = ins.INSANE["indefinite"]
PERMANENT = ins.INSANE["permanent"]
ROLL_RULES = ("COC-DICE-01", "COC-DICE-02")


def _who(names: dict[str, str], key: str) -> str:
    return names.get(key, key)


# --- events -------------------------------------------------------------------------------------


class SanityRolled(Event):
    character: str
    loss: str  # the a/b notation
    roll: int
    target: int
    level: str
    amount: int  # the loss rolled
    source: str = ""  # the entity, if any (COC-INSANITY-15)
    maxed: bool = False  # a fumble: the maximum of b

    def describe(self, names: dict[str, str]) -> str:
        src = f" — {self.source}" if self.source else ""
        tail = " (fumble: the maximum)" if self.maxed else ""
        return (
            f"{_who(names, self.character)}: Sanity roll ({self.loss}{src}) {self.roll} vs {self.target}"
            f" → {self.level}, loss {self.amount}{tail}"
        )


class CumulativeLossUpdated(Event):
    character: str
    entity: str
    old: int
    new: int
    cap: int = 0  # the entity's single-encounter maximum (0: a development phase)
    rolled: int = 0

    def describe(self, names: dict[str, str]) -> str:
        who = _who(names, self.character)
        if not self.cap:
            return f"{who} grows less used to {self.entity}: SAN lost to it {self.old} → {self.new}"
        return (
            f"{who} has lost {self.new} of at most {self.cap} SAN to {self.entity} "
            f"(rolled {self.rolled}, lost {self.new - self.old})"
        )


class BecameBeliever(Event):
    character: str
    extra: int  # SAN lost on top, equal to Cthulhu Mythos

    def describe(self, names: dict[str, str]) -> str:
        return f"{_who(names, self.character)} believes now: −{self.extra} SAN more (their Cthulhu Mythos)"


class SanityLost(PoolChanged):
    """SAN lowered by a loss; also the day's tally for indefinite insanity (COC-INSANITY-03)."""

    day_start: int = 0
    day_loss: int = 0

    def describe(self, names: dict[str, str]) -> str:
        why = f" ({self.reason})" if self.reason else ""
        return (
            f"{_who(names, self.character)} loses {self.old - self.new} SAN{why}: {self.old} → {self.new}"
            f" [lost today {self.day_loss}; indefinite insanity at {max(1, self.day_start // 5)}]"
        )


class InsanityStruck(Event):
    character: str
    phase: str  # temporary | indefinite | permanent
    roll: int = 0  # the INT roll (temporary)
    target: int = 0
    repressed: bool = False  # the INT roll failed: no insanity
    hours: int = 0

    def describe(self, names: dict[str, str]) -> str:
        who = _who(names, self.character)
        if self.phase == "temporary":
            if self.repressed:
                return f"{who}: INT {self.roll} vs {self.target} fails — the memory is repressed, no insanity"
            return f"{who}: INT {self.roll} vs {self.target} — temporarily insane for {self.hours} hours"
        if self.phase == "indefinite":
            return f"{who} has lost a fifth of the day's SAN: indefinite insanity"
        return f"{who} reaches SAN 0: permanent insanity"


class BoutOfMadness(Event):
    character: str
    kind: str  # realtime | summary
    row: int
    name: str
    effect: str
    duration: int
    unit: str  # rounds | hours
    trigger: str = ""
    mythos: bool = False  # caused by a Mythos event (COC-INSANITY-10)
    phobia: str = ""  # the backstory entry the Keeper adds
    mania: str = ""

    reads = ("kind",)

    def describe(self, names: dict[str, str]) -> str:
        why = f" ({self.trigger})" if self.trigger else ""
        added = f"; new phobia: {self.phobia}" if self.phobia else ""
        added += f"; new mania: {self.mania}" if self.mania else ""
        if not added and self.row in (9, 10) and self.kind in ins.BOUT_KINDS:
            added = "; the Keeper names it (phobia add / mania add)"
        return (
            f"{_who(names, self.character)}: bout of madness{why} — {self.row} {self.name} "
            f"for {self.duration} {self.unit}: {self.effect}{added}"
        )


class RealityChecked(Event):
    character: str
    roll: int
    target: int
    success: bool

    def describe(self, names: dict[str, str]) -> str:
        result = "the delusion is dismissed" if self.success else "the delusion holds"
        return f"{_who(names, self.character)}: reality check {self.roll} vs {self.target} → {result}"


class PhobiaOrManiaChanged(Event):
    character: str
    kind: str  # phobia | mania
    text: str
    removed: bool = False

    def describe(self, names: dict[str, str]) -> str:
        verb = "is rid of" if self.removed else "gains"
        return f"{_who(names, self.character)} {verb} the {self.kind}: {self.text}"


class SideEffectFaced(Event):
    character: str
    kind: str  # phobia | mania
    text: str
    response: str  # fight | flee | submit | resist
    penalty: int  # penalty dice on skill rolls while it lasts

    def describe(self, names: dict[str, str]) -> str:
        who = _who(names, self.character)
        if self.penalty:
            return f"{who} resists the {self.kind} ({self.text}): 1 penalty die on the next skill roll"
        return f"{who} faces the {self.kind} ({self.text}) and must {self.response}"


class InsanityTreatmentRolled(Event):
    character: str
    setting: str  # care | institution
    roll: int
    threshold: int
    band: str
    change: int
    san_before: int
    san_after: int
    san_roll: int = 0
    cured: bool = False

    def describe(self, names: dict[str, str]) -> str:
        where = "private care" if self.setting == "care" else "the institution"
        head = f"{_who(names, self.character)}: a month in {where}, {self.roll} (≤{self.threshold}) → {self.band}"
        if self.band == "success":
            cure = "cured" if self.cured else "not cured yet"
            return f"{head}, +{self.change} SAN ({self.san_after}); Sanity roll {self.san_roll} → {cure}"
        if self.band == "failure":
            return f"{head}, {self.change} SAN ({self.san_after})"
        return head


class SanityDayStarted(Event):
    starts: dict[str, int]  # character id → SAN when the day begins

    def describe(self, names: dict[str, str]) -> str:
        listed = ", ".join(f"{_who(names, k)} {v}" for k, v in self.starts.items())
        return f"A new game day begins (SAN: {listed})"


class MadnessTableSet(Event):
    kind: str
    row: int
    text: str  # "Name: effect"; "" restores the standard row

    def describe(self, names: dict[str, str]) -> str:
        table = f"{self.kind} bouts of madness, row {self.row}"
        return f"{table} restored" if not self.text else f"{table} is now: {self.text}"


# --- commands ------------------------------------------------------------------------------------


class CocSanityRoll(Command):
    label = "Sanity roll"
    name: str
    loss: str  # "1/1d6"
    source: str = ""  # the entity (COC-INSANITY-15)
    cap: int | None = None  # the entity's single-encounter maximum (default: the maximum of b)
    mythos: bool = False  # direct experience of the Mythos (COC-TOME-06, COC-INSANITY-10)
    bout: str = "realtime"
    phobia: str = ""
    mania: str = ""
    bonus: int = 0
    penalty: int = 0


class CocBout(Command):
    label = "bout of madness"
    name: str
    kind: str = "realtime"
    mythos: bool = False
    phobia: str = ""
    mania: str = ""


class CocRealityCheck(Command):
    label = "reality check"
    name: str
    mythos: bool = False
    bonus: int = 0
    penalty: int = 0


class CocMindTrait(Command):
    label = "phobia or mania"
    name: str
    kind: str  # phobia | mania
    text: str
    remove: bool = False


class CocFaceTrait(Command):
    label = "face a phobia or mania"
    name: str
    kind: str
    text: str
    response: str = "resist"


class TreatInsanity(Command):
    label = "insanity treatment"
    name: str
    setting: str  # care | institution
    psychoanalysis: int = 0


class RecoverInsanity(Command):
    label = "recover from insanity"
    name: str
    rested: bool = False
    hours: int | None = None
    development: bool = False  # the Keeper's recovery at a development phase (indefinite)


class StartSanityDay(Command):
    label = "new game day"


class DevelopAwfulness(Command):
    label = "development: awfulness"
    name: str = ""


class SetMadnessRow(Command):
    label = "madness table"
    kind: str
    row: int
    text: str


# --- helpers ---------------------------------------------------------------------------------------------


def investigator(state: State, name: str) -> Character:
    """A character of a CoC campaign with SAN (refused otherwise)."""
    if state.system != "coc7":
        hint = {"fhtagn": " — use 'san NAME LOSS'", "gurps": " — use 'fright NAME'"}.get(state.system, "")
        raise Rejected(f"Call of Cthulhu insanity belongs to coc7 campaigns, and this is a {state.system} one{hint}")
    char = find_character(state, name)
    if "SAN" not in char.current:
        raise Rejected(f"{char.name} has no SAN")
    return char


def is_insane(char: Character) -> bool:
    """Temporarily or indefinitely insane: underlying insanity (COC-INSANITY-06)."""
    return char.has(TEMPORARY) or char.has(INDEFINITE)


def fold(state: State, events: Iterable[Event]) -> State:
    """The state after ``events`` (deciders use it to see running values)."""
    for ev in events:
        state = evolve(state, ev)
    return state


def cthulhu_mythos(char: Character) -> tuple[str, int | None]:
    """The sheet's Cthulhu Mythos skill name and value (``None`` if not on the sheet)."""
    for skill, value in char.skills.items():
        if skill.casefold() == lore.CTHULHU_MYTHOS.casefold():
            return skill, value
    return lore.CTHULHU_MYTHOS, None


def bout_kind(text: str) -> str:
    key = text.strip().casefold().replace("-", "").replace(" ", "")
    key = {"real": "realtime", "rt": "realtime"}.get(key, key)
    if key not in ins.BOUT_KINDS:
        raise Rejected(f"{text!r} is not a kind of bout{did_you_mean(text, ins.BOUT_KINDS)} (realtime or summary)")
    return key


def mythos_gain_events(char: Character, gain: int, rules: tuple[str, ...]) -> list[Event]:
    """Cthulhu Mythos up by ``gain``; SAN brought down to the new max SAN (COC-INSANITY-17)."""
    if gain <= 0:
        return []
    skill, old = cthulhu_mythos(char)
    new = (old or 0) + gain
    events: list[Event] = [SkillChanged(character=char.id, skill=skill, old=old, new=new, rules=rules + ("COC-PARTY-05",))]
    san = char.current.get("SAN", 0)
    clamped = ins.max_san_clamp(san, new)
    if clamped < san:
        events.append(
            PoolChanged(
                character=char.id, pool="SAN", old=san, new=clamped, reason=f"max SAN is 99 − {new}",
                rules=("COC-INSANITY-17", "COC-PARTY-05"),
            )
        )
    return events


#: The condition a bout of madness puts on the sheet while it lasts (issue 31).
BOUT = "bout of madness"


def bout_lasting(char: Character, name: str, duration: int, unit: str) -> list[Event]:
    """The bout on the sheet for its 1D10 rounds (real time) or hours (summary), COC-INSANITY-05."""
    seconds, rounds = (0, duration) if unit == "rounds" else (duration * HOUR, 0)
    added: list[Event] = [] if char.has(BOUT) else [
        ConditionAdded(character=char.id, condition=BOUT, note=name, rules=("COC-INSANITY-05",))]
    return added + [LastingSet(character=char.id, condition=BOUT, seconds=seconds, rounds=rounds, note=name,
                               rules=("COC-INSANITY-05",))]


def bout_events(
    state: State, char: Character, dice: Dice, kind: str, *, trigger: str, mythos: bool,
    phobia: str = "", mania: str = "", rules: tuple[str, ...] = (),
) -> list[Event]:
    """A bout of madness (COC-INSANITY-05, 16) and, from a Mythos event, its Cthulhu Mythos (10)."""
    b = ins.bout_of_madness(dice, kind, state.coc_lore.madness)
    events: list[Event] = [
        BoutOfMadness(
            character=char.id, kind=kind, row=b.row, name=b.name, effect=b.effect, duration=b.duration, unit=b.unit,
            trigger=trigger, mythos=mythos, phobia=phobia.strip(), mania=mania.strip(),
            rules=("COC-INSANITY-05", "COC-INSANITY-16") + rules + (("COC-INSANITY-10",) if mythos else ()),
            dice=tuple(dice.take()),
        ),
        *bout_lasting(char, b.name, b.duration, b.unit),
    ]
    if mythos:
        gain = ins.mythos_from_madness(char.mind.mythos_bouts)
        events.extend(mythos_gain_events(char, gain, ("COC-INSANITY-10",)))
    return events


def permanent_events(char: Character) -> list[Event]:
    return [
        InsanityStruck(character=char.id, phase="permanent", rules=("COC-INSANITY-04",)),
        ConditionAdded(character=char.id, condition=PERMANENT, note="SAN 0", rules=("COC-INSANITY-04",)),
    ]


def san_loss_events(
    state: State, char: Character, dice: Dice, amount: int, *, reason: str, rules: tuple[str, ...],
    roll_loss: int | None = None, cause: str = "", mythos_bout: bool = False, bout: str = "realtime",
    phobia: str = "", mania: str = "", bout_rules: tuple[str, ...] = (),
) -> list[Event]:
    """A SAN loss and all that follows it (see the module docstring for the order).

    ``amount`` is the loss; ``roll_loss`` the part that counts as "one roll" for
    temporary insanity (default: ``amount``); ``cause`` is ``"mythos"`` for
    direct Mythos experience or ``"reading"`` for a tome (COC-TOME-06).
    """
    events: list[Event] = []
    b = lore.believer_loss(char.mind.believer, cause, amount, cthulhu_mythos(char)[1] or 0)
    if b.believer and not char.mind.believer:
        events.append(BecameBeliever(character=char.id, extra=b.converted, rules=("COC-TOME-06",)))
    if b.loss <= 0:
        return events
    san = char.current.get("SAN", 0)
    after = max(0, san - b.loss)
    day_start = char.mind.day_start or san
    day_loss = char.mind.day_loss + (san - after)
    events.append(
        SanityLost(
            character=char.id, pool="SAN", old=san, new=after, reason=reason, day_start=day_start,
            day_loss=day_loss, rules=rules,
        )
    )
    if ins.permanent_insanity(after):
        return events + permanent_events(char)
    was_insane = is_insane(char)
    why: tuple[str, ...] = ("COC-INSANITY-06",) + bout_rules if ins.further_bout(was_insane, b.loss) else ()
    if not char.has(INDEFINITE) and ins.indefinite_insanity(day_start, day_loss):
        note = f"lost {day_loss} SAN today, a fifth of {day_start} is {day_start // 5}"
        events.append(InsanityStruck(character=char.id, phase="indefinite", rules=("COC-INSANITY-03",)))
        events.append(ConditionAdded(character=char.id, condition=INDEFINITE, note=note, rules=("COC-INSANITY-03",)))
        why += ("COC-INSANITY-03",)
    elif not was_insane:
        check = ins.temporary_insanity(dice, amount if roll_loss is None else roll_loss, char.stats.get("INT", 0))
        if check is not None:
            events.append(
                InsanityStruck(
                    character=char.id, phase="temporary", roll=check.roll, target=check.int_value,
                    repressed=not check.insane, hours=check.hours, rules=("COC-INSANITY-02",) + ROLL_RULES,
                    dice=tuple(dice.take()),
                )
            )
            if check.insane:
                note = f"underlying insanity for {check.hours} hours"
                events.append(ConditionAdded(character=char.id, condition=TEMPORARY, note=note, rules=("COC-INSANITY-02",)))
                events.append(LastingSet(character=char.id, condition=TEMPORARY, seconds=check.hours * HOUR,
                                         rules=("COC-INSANITY-11",)))
                why += ("COC-INSANITY-02",)
    if why:
        now = fold(state, events).characters[char.id]
        events.extend(
            bout_events(state, now, dice, bout, trigger=reason, mythos=mythos_bout, phobia=phobia, mania=mania, rules=why)
        )
    return events


def _trait(char: Character, kind: str, text: str) -> str:
    have = char.mind.phobias if kind == "phobia" else char.mind.manias
    found = next((t for t in have if t.casefold() == text.strip().casefold()), None)
    if found is None:
        listed = ", ".join(have) or "none"
        raise Rejected(f"{char.name} has no {kind} {text!r}{did_you_mean(text, have)} ({kind}s: {listed})")
    return found


def _dice_rules(bonus: int, penalty: int) -> tuple[str, ...]:
    return ROLL_RULES + (("COC-DICE-04",) if bonus or penalty else ())


# --- deciders ------------------------------------------------------------------------------------------


@decider(CocSanityRoll)
def _sanity(state: State, cmd: CocSanityRoll, dice: Dice) -> list[Event]:
    char = investigator(state, cmd.name)
    try:
        loss = ins.parse_loss(cmd.loss)
    except DiceError as exc:
        raise Rejected(str(exc)) from None
    san = char.current["SAN"]
    if ins.permanent_insanity(san):
        raise Rejected(f"{char.name} is at SAN 0, permanently insane: no more Sanity rolls")
    kind = bout_kind(cmd.bout)
    if cmd.cap is not None and cmd.cap < 0:
        raise Rejected(f"max={cmd.cap} is impossible: the most an entity can cost in one encounter is 0 or more")
    if cmd.cap is not None and not cmd.source.strip():
        raise Rejected("max= is the single-encounter maximum of an entity: give source=ENTITY too")
    r = ins.sanity_roll(dice, san, loss, cmd.bonus, cmd.penalty)
    entity = cmd.source.strip().casefold()
    events: list[Event] = [
        SanityRolled(
            character=char.id, loss=str(loss), roll=r.roll, target=san, level=r.level.label, amount=r.amount,
            source=entity, maxed=r.maxed, rules=("COC-INSANITY-01",) + _dice_rules(cmd.bonus, cmd.penalty),
            dice=tuple(dice.take()),
        )
    ]
    amount = r.amount
    if entity and amount > 0:
        cap = cmd.cap if cmd.cap is not None else ins.max_loss(loss.failure)
        cum = char.mind.cumulative.get(entity, 0)
        amount = ins.awfulness(r.amount, cap, cum)
        events.append(
            CumulativeLossUpdated(
                character=char.id, entity=entity, old=cum, new=cum + amount, cap=cap, rolled=r.amount,
                rules=("COC-INSANITY-15",),
            )
        )
    reason = f"Sanity roll, {entity}" if entity else "Sanity roll"
    events += san_loss_events(
        state, char, dice, amount, reason=reason, rules=("COC-INSANITY-01",), cause="mythos" if cmd.mythos else "",
        mythos_bout=cmd.mythos, bout=kind, phobia=cmd.phobia, mania=cmd.mania,
    )
    return events


@decider(CocBout)
def _bout(state: State, cmd: CocBout, dice: Dice) -> list[Event]:
    char = investigator(state, cmd.name)
    kind = bout_kind(cmd.kind)
    return bout_events(state, char, dice, kind, trigger="", mythos=cmd.mythos, phobia=cmd.phobia, mania=cmd.mania)


@decider(CocRealityCheck)
def _reality(state: State, cmd: CocRealityCheck, dice: Dice) -> list[Event]:
    char = investigator(state, cmd.name)
    san = char.current["SAN"]
    if ins.permanent_insanity(san):
        raise Rejected(f"{char.name} is permanently insane: there is no reality left to check")
    rc = ins.reality_check(dice, san, cmd.bonus, cmd.penalty)
    events: list[Event] = [
        RealityChecked(
            character=char.id, roll=rc.roll, target=san, success=rc.success,
            rules=("COC-INSANITY-09",) + _dice_rules(cmd.bonus, cmd.penalty), dice=tuple(dice.take()),
        )
    ]
    if rc.loss:
        events += san_loss_events(
            state, char, dice, rc.loss, reason="failed reality check", rules=("COC-INSANITY-09",),
            mythos_bout=cmd.mythos, bout_rules=("COC-INSANITY-09",),
        )
    return events


@decider(CocMindTrait)
def _mind_trait(state: State, cmd: CocMindTrait, dice: Dice) -> list[Event]:
    char = investigator(state, cmd.name)
    rule_id = "COC-INSANITY-07" if cmd.kind == "phobia" else "COC-INSANITY-08"
    if cmd.remove:
        found = _trait(char, cmd.kind, cmd.text)
        return [PhobiaOrManiaChanged(character=char.id, kind=cmd.kind, text=found, removed=True, rules=(rule_id,))]
    text = cmd.text.strip()
    if not text:
        raise Rejected(f"name the {cmd.kind}, e.g. {cmd.kind} add {char.id} spiders")
    have = char.mind.phobias if cmd.kind == "phobia" else char.mind.manias
    if any(t.casefold() == text.casefold() for t in have):
        raise Rejected(f"{char.name} already has the {cmd.kind} {text}")
    return [PhobiaOrManiaChanged(character=char.id, kind=cmd.kind, text=text, rules=(rule_id,))]


_COMPLY = {"phobia": ("fight", "flee"), "mania": ("submit",)}


@decider(CocFaceTrait)
def _face(state: State, cmd: CocFaceTrait, dice: Dice) -> list[Event]:
    char = investigator(state, cmd.name)
    found = _trait(char, cmd.kind, cmd.text)
    response = cmd.response.strip().casefold()
    allowed = _COMPLY[cmd.kind] + ("resist",)
    if response not in allowed:
        raise Rejected(f"{cmd.response!r} is not a response to a {cmd.kind}{did_you_mean(response, allowed)} ({', '.join(allowed)})")
    if not is_insane(char):
        raise Rejected(f"{char.name} is not insane: a {cmd.kind} only binds while insane")
    complies = response != "resist"
    if cmd.kind == "phobia":
        penalty, rule_id = ins.phobia_penalty(True, complies), "COC-INSANITY-07"
    else:
        penalty, rule_id = ins.mania_penalty(True, complies), "COC-INSANITY-08"
    events: list[Event] = [SideEffectFaced(character=char.id, kind=cmd.kind, text=found, response=response,
                                           penalty=penalty, rules=(rule_id,))]
    mark = f"resisting {cmd.kind}"  # the next skill roll takes the penalty die and uses it up (domain.imposed)
    if penalty and not char.has(mark):
        events.append(ConditionAdded(character=char.id, condition=mark, note=f"{found}: 1 penalty die on the next skill roll",
                                     rules=(rule_id,)))
    return events


@decider(TreatInsanity)
def _treat(state: State, cmd: TreatInsanity, dice: Dice) -> list[Event]:
    char = investigator(state, cmd.name)
    setting = cmd.setting.strip().casefold()
    if setting not in ins.SETTINGS:
        raise Rejected(f"{cmd.setting!r} is not a treatment{did_you_mean(setting, ins.SETTINGS)} (care or institution)")
    if setting == "care" and cmd.psychoanalysis:
        raise Rejected("Psychoanalysis changes nothing in private care (01–95 is progress anyway); leave it out")
    if not 0 <= cmd.psychoanalysis <= 99:
        raise Rejected(f"a Psychoanalysis skill of {cmd.psychoanalysis} is impossible: 0–99")
    if not char.has(INDEFINITE):
        raise Rejected(f"{char.name} is not indefinitely insane: monthly treatment is for indefinite insanity")
    san = char.current["SAN"]
    t = ins.treatment(dice, setting, san, 99 - (cthulhu_mythos(char)[1] or 0), cmd.psychoanalysis)
    band_rule = "COC-INSANITY-13" if setting == "care" else "COC-INSANITY-14"
    events: list[Event] = [
        InsanityTreatmentRolled(
            character=char.id, setting=setting, roll=t.roll, threshold=t.threshold, band=t.band, change=t.change,
            san_before=san, san_after=t.san, san_roll=t.san_roll, cured=t.cured,
            rules=("COC-INSANITY-12", band_rule) + (ROLL_RULES if t.san_roll else ()), dice=tuple(dice.take()),
        )
    ]
    if t.change:
        events.append(PoolChanged(character=char.id, pool="SAN", old=san, new=t.san, reason="treatment", rules=(band_rule,)))
    if t.cured:
        events.append(ConditionRemoved(character=char.id, condition=INDEFINITE, rules=("COC-INSANITY-12",)))
    if ins.permanent_insanity(t.san):
        events += permanent_events(char)
    return events


@decider(RecoverInsanity)
def _recover(state: State, cmd: RecoverInsanity, dice: Dice) -> list[Event]:
    char = investigator(state, cmd.name)
    if cmd.development:
        if not char.has(INDEFINITE):
            raise Rejected(f"{char.name} is not indefinitely insane")
        return [ConditionRemoved(character=char.id, condition=INDEFINITE, rules=("COC-INSANITY-12",))]
    if not char.has(TEMPORARY):
        extra = " (for indefinite insanity: treat NAME care|institution, or recover NAME development)" if char.has(INDEFINITE) else ""
        raise Rejected(f"{char.name} is not temporarily insane{extra}")
    if cmd.hours is not None and cmd.hours < 0:
        raise Rejected(f"hours={cmd.hours} is impossible: give the hours that have passed")
    hours = char.mind.insane_hours
    if not ins.temporary_recovered(cmd.hours or 0, hours, cmd.rested):
        raise Rejected(f"{char.name}'s temporary insanity lasts {hours} hours: give hours={hours} (or more), or rest after a good rest")
    return [ConditionRemoved(character=char.id, condition=TEMPORARY, rules=("COC-INSANITY-11",))]


@decider(StartSanityDay)
def _day(state: State, cmd: StartSanityDay, dice: Dice) -> list[Event]:
    if state.system != "coc7":
        raise Rejected(f"the game day of indefinite insanity is a coc7 rule, and this is a {state.system} campaign")
    starts = {c.id: c.current["SAN"] for c in state.characters.values() if "SAN" in c.current}
    if not starts:
        raise Rejected("no character has SAN yet: create investigators first")
    return [SanityDayStarted(starts=starts, rules=("COC-INSANITY-03",))]


@decider(DevelopAwfulness)
def _develop(state: State, cmd: DevelopAwfulness, dice: Dice) -> list[Event]:
    chars = [investigator(state, cmd.name)] if cmd.name else [investigator(state, c.id) for c in state.characters.values() if "SAN" in c.current]
    events: list[Event] = []
    for char in chars:
        for entity, cum in char.mind.cumulative.items():
            if cum > 0:
                events.append(
                    CumulativeLossUpdated(
                        character=char.id, entity=entity, old=cum, new=ins.develop_cumulative(cum), rules=("COC-INSANITY-15",)
                    )
                )
    if not events:
        who = chars[0].name if cmd.name and chars else "nobody"
        raise Rejected(f"{who} has no cumulative SAN loss to an entity to lower")
    return events


@decider(SetMadnessRow)
def _madness_row(state: State, cmd: SetMadnessRow, dice: Dice) -> list[Event]:
    if state.system != "coc7":
        raise Rejected(f"the bouts-of-madness tables belong to coc7 campaigns, and this is a {state.system} one")
    kind = bout_kind(cmd.kind)
    if not 1 <= cmd.row <= 10:
        raise Rejected(f"row {cmd.row} does not exist: the bout tables are rolled on 1D10 (rows 1–10)")
    text = cmd.text.strip()
    key = f"{kind}:{cmd.row}"
    if text.casefold() in ("default", "standard", "--"):
        if key not in state.coc_lore.madness:
            raise Rejected(f"row {cmd.row} of the {kind} table is already the standard one")
        text = ""
    elif not text:
        raise Rejected('give the row as "Name: effect", or default to restore it')
    elif state.coc_lore.madness.get(key) == text:
        raise Rejected(f"row {cmd.row} of the {kind} table already reads {text!r}")
    return [MadnessTableSet(kind=kind, row=cmd.row, text=text, rules=("COC-INSANITY-16",))]


# --- evolvers ----------------------------------------------------------------------------------------------


def with_mind(state: State, key: str, **changes: object) -> State:
    char = state.characters.get(key)
    if char is None:
        return state
    return state.with_character(replace(char, mind=replace(char.mind, **changes)))


def mind_of(state: State, key: str) -> Mind:
    char = state.characters.get(key)
    return char.mind if char is not None else Mind()


@evolver(SanityLost)
def _ev_lost(state: State, ev: SanityLost) -> State:
    char = state.characters.get(ev.character)
    if char is None:
        return state
    state = state.with_character(replace(char, current={**char.current, ev.pool: ev.new}))
    return with_mind(state, ev.character, day_start=ev.day_start, day_loss=ev.day_loss)


@evolver(CumulativeLossUpdated)
def _ev_cumulative(state: State, ev: CumulativeLossUpdated) -> State:
    mind = mind_of(state, ev.character)
    return with_mind(state, ev.character, cumulative={**mind.cumulative, ev.entity: ev.new})


@evolver(BecameBeliever)
def _ev_believer(state: State, ev: BecameBeliever) -> State:
    return with_mind(state, ev.character, believer=True)


@evolver(InsanityStruck)
def _ev_struck(state: State, ev: InsanityStruck) -> State:
    if ev.phase == "temporary" and not ev.repressed:
        return with_mind(state, ev.character, insane_hours=ev.hours)
    return state


@evolver(BoutOfMadness)
def _ev_bout(state: State, ev: BoutOfMadness) -> State:
    mind = mind_of(state, ev.character)
    changes: dict[str, object] = {}
    if ev.mythos:
        changes["mythos_bouts"] = mind.mythos_bouts + 1
    if ev.phobia and ev.phobia not in mind.phobias:
        changes["phobias"] = mind.phobias + (ev.phobia,)
    if ev.mania and ev.mania not in mind.manias:
        changes["manias"] = mind.manias + (ev.mania,)
    return with_mind(state, ev.character, **changes) if changes else state


@evolver(PhobiaOrManiaChanged)
def _ev_trait(state: State, ev: PhobiaOrManiaChanged) -> State:
    mind = mind_of(state, ev.character)
    field = "phobias" if ev.kind == "phobia" else "manias"
    have: tuple[str, ...] = getattr(mind, field)
    new = tuple(t for t in have if t != ev.text) if ev.removed else have + (ev.text,)
    return with_mind(state, ev.character, **{field: new})


@evolver(SanityDayStarted)
def _ev_day(state: State, ev: SanityDayStarted) -> State:
    for key, san in ev.starts.items():
        state = with_mind(state, key, day_start=san, day_loss=0)
    return state


@evolver(MadnessTableSet)
def _ev_table(state: State, ev: MadnessTableSet) -> State:
    madness = dict(state.coc_lore.madness)
    key = f"{ev.kind}:{ev.row}"
    if ev.text:
        madness[key] = ev.text
    else:
        madness.pop(key, None)
    return replace(state, coc_lore=replace(state.coc_lore, madness=madness))


# Who cannot (issue 31): the dead, the unconscious where the rules say so (domain/able.py).
acting(CocSanityRoll, "name", doing="make a Sanity roll", unconscious=False)
acting(CocBout, "name", doing="suffer a bout of madness", unconscious=False)
acting(CocRealityCheck, "name", doing="make a reality check", unconscious=False)
acting(CocFaceTrait, "name", doing="face a phobia or mania", unconscious=False)
