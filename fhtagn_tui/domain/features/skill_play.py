"""Skill play between the fights: pushing (COC-DICE-06), Luck rolls (FH-DEV-01, COC-DICE-07), opposed rolls
outside combat (FH-DEV-02, COC-DICE-10, GURPS-DICE-04), combined rolls (COC-DICE-08), spending Luck
(COC-DICE-09, a campaign setting), experience checks and marks (COC-DEV-01, FH-DEV-03) and the development
phase (COC-DEV-02…04, FH-DEV-04) — one action, undone as one.

No postponed annotations here: the events' decoder reads every field's annotation (tests/test_decoder_annotations).
"""

from collections.abc import Callable
from typing import TypeVar

from msgspec.structs import replace

from fhtagn_tui.rules.coc import development as coc_dev
from fhtagn_tui.rules.coc import dice as coc_dice
from fhtagn_tui.rules.coc.dice import Difficulty, Level
from fhtagn_tui.rules.development import Development, FailedRoll
from fhtagn_tui.rules.dice import Dice, DiceError
from fhtagn_tui.rules.fhtagn import development as fh_dev
from fhtagn_tui.rules.fhtagn import dice as fh_dice
from fhtagn_tui.rules.gurps import dice as gurps_dice

from .. import skills as skill_rules
from ..commands import Command
from ..decide import Rejected, decider, evolver
from ..events import Event
from ..lookup import find_character
from ..state import Character, State
from ..systems import pool_max

_R = TypeVar("_R")

# --- events -------------------------------------------------------------------


def _who(names: dict[str, str], cid: str) -> str:
    return names.get(cid, cid)


class CheckMarked(Event):
    """A skill checked for improvement (CoC, COC-DEV-01) or marked (FHTAGN, FH-DEV-03)."""
    aspect = "dev"  # changes only the characters' checks, marks and last failed roll
    aspect_only = True

    kind_label = "skill checked"
    character: str
    skill: str

    def describe(self, names: dict[str, str]) -> str:
        what = "marked for improvement" if "FH-DEV-03" in self.rules else "experience check"
        return f"{_who(names, self.character)}: {self.skill} — {what}"


class LastRollNoted(Event):
    """A character's last failed roll, which a push or Luck acts on; None: a success closed the older one."""
    aspect = "dev"  # changes only the characters' checks, marks and last failed roll
    aspect_only = True

    kind_label = "roll noted"
    character: str
    failed: FailedRoll | None = None
    refusal: str = ""  # why it may not be pushed ("" when it may)

    def describe(self, names: dict[str, str]) -> str:
        who = _who(names, self.character)
        if self.failed is None:
            return f"{who}'s earlier failed roll is behind them (a success came after it)"
        if self.refusal:
            return f"{who}'s {self.failed.skill} roll cannot be pushed: {self.refusal}"
        return f"{who} may push {self.failed.skill}: say what they do differently (COC-DICE-06)"


class RollPushed(Event):
    aspect = "dev"  # changes only the characters' checks, marks and last failed roll
    aspect_only = True
    kind_label = "roll pushed"
    character: str
    skill: str
    reason: str  # what the investigator does differently (the GM's or player's words)
    target: int
    difficulty: str
    total: int
    level: str
    success: bool
    bonus: int = 0
    penalty: int = 0
    asked_by: str = ""  # a player who asked for it ("player alice"); "" the GM's own

    def describe(self, names: dict[str, str]) -> str:
        who = _who(names, self.character)
        faces = ", ".join(str(r.value) for r in self.dice)
        needed = f", {self.difficulty}" if self.difficulty != "regular" else ""
        tail = "" if self.success else " — the Keeper's consequence follows"
        asked = f", asked by {self.asked_by}" if self.asked_by else ""
        return (f"{who} pushes {self.skill} ({self.reason}{asked}) vs {self.target}{needed} → {self.total} "
                f"[{faces}]: {self.level}{tail}")


class PushRequested(Event):
    """A player asks to push their character's failed roll: their reason goes to the GM, who confirms (push)."""
    aspect = "dev"  # changes only the characters' checks, marks and last failed roll
    aspect_only = True

    kind_label = "push asked"
    character: str
    skill: str
    reason: str
    by: str

    def describe(self, names: dict[str, str]) -> str:
        return (f"{self.by} asks to push {_who(names, self.character)}'s {self.skill}: {self.reason} "
                "(the GM confirms with push)")


class PushConsequence(Event):
    """The Keeper's consequence of a failed push, in the Keeper's words (the program invents none)."""
    aspect = "dev"  # changes only the characters' checks, marks and last failed roll
    aspect_only = True

    kind_label = "consequence of a failed push"
    character: str
    skill: str
    words: str

    def describe(self, names: dict[str, str]) -> str:
        return f"{_who(names, self.character)}'s failed push of {self.skill}: {self.words}"


class OpposedRolled(Event):
    kind_label = "opposed roll"
    active: str
    active_skill: str
    active_target: int
    active_roll: int
    active_level: str
    defender: str
    defender_skill: str
    defender_target: int
    defender_roll: int
    defender_level: str
    winner: str  # the winner's character id; "" when the status quo stands (FHTAGN double failure, GURPS tie)

    @property
    def level(self) -> str:
        return "status quo" if not self.winner else "won"

    def describe(self, names: dict[str, str]) -> str:
        a, d = _who(names, self.active), _who(names, self.defender)
        won = f"{_who(names, self.winner)} wins" if self.winner else "nobody wins: the status quo stands"
        return (f"{a} {self.active_skill} {self.active_roll} vs {self.active_target}: {self.active_level} — "
                f"{d} {self.defender_skill} {self.defender_roll} vs {self.defender_target}: {self.defender_level}; {won}")


class CombinedRolled(Event):
    kind_label = "combined roll"
    character: str
    skills: tuple[str, ...]
    targets: tuple[int, ...]
    difficulties: tuple[str, ...]
    levels: tuple[str, ...]
    total: int
    need: str  # all | any
    success: bool

    @property
    def level(self) -> str:
        return "success" if self.success else "failure"

    def describe(self, names: dict[str, str]) -> str:
        each = "; ".join(
            f"{s} {t}{'' if d == 'regular' else f' ({d})'}: {lv}"
            for s, t, d, lv in zip(self.skills, self.targets, self.difficulties, self.levels, strict=False)
        )
        faces = ", ".join(str(r.value) for r in self.dice)
        verdict = "success" if self.success else "failure"
        return f"{_who(names, self.character)} combined roll ({self.need}) → {self.total} [{faces}]: {each} — {verdict}"


class LuckSpent(Event):
    aspect = "dev"  # changes only the characters' checks, marks and last failed roll
    aspect_only = True
    kind_label = "Luck spent"
    character: str
    skill: str
    points: int
    roll: int  # the roll before
    luck_before: int
    luck_after: int

    def describe(self, names: dict[str, str]) -> str:
        return (f"{_who(names, self.character)} spends {self.points} Luck on {self.skill} ({self.roll} bought down): "
                f"success, no experience check; Luck {self.luck_before} → {self.luck_after}")


class SettingChanged(Event):
    setting: str
    on: bool

    def describe(self, names: dict[str, str]) -> str:
        return f"Campaign setting: {self.setting} {'on' if self.on else 'off'}"


class DevelopmentPhase(Event):
    """The head of a development phase: what the GM skipped and what the phase covers."""
    aspect = "dev"  # reads (or changes) the characters' checks, marks and last failed roll

    kind_label = "development phase"
    skipped: tuple[str, ...] = ()

    def describe(self, names: dict[str, str]) -> str:
        skip = f" (skipped by the GM: {', '.join(self.skipped)})" if self.skipped else ""
        return f"Development phase{skip}"


class SkillDeveloped(Event):
    aspect = "dev"  # reads (or changes) the characters' checks, marks and last failed roll
    kind_label = "skill improvement"
    character: str
    skill: str
    old: int
    new: int
    roll: int = 0  # CoC's 1D100 (0 in FHTAGN: marked skills always rise)
    gain: int = 0
    san_gain: int = 0  # CoC: 2D6 for first reaching 90

    @property
    def level(self) -> str:
        return "improved" if self.new > self.old else "no improvement"

    def describe(self, names: dict[str, str]) -> str:
        who = _who(names, self.character)
        if "FH-DEV-04" in self.rules:
            return f"{who}: {self.skill} +{self.gain} (1D4) → {self.new}%"
        if not self.gain:
            return f"{who}: {self.skill} {self.old}% — improvement roll {self.roll}, no gain"
        ninety = f"; 90 reached: +{self.san_gain} SAN" if self.san_gain else ""
        return f"{who}: {self.skill} {self.old}% — improvement roll {self.roll}: +{self.gain} → {self.new}%{ninety}"


class LuckRecovered(Event):
    aspect = "dev"  # reads (or changes) the characters' checks, marks and last failed roll
    kind_label = "Luck recovery"
    character: str
    roll: int
    gain: int
    old: int
    new: int

    def describe(self, names: dict[str, str]) -> str:
        who = _who(names, self.character)
        if not self.gain:
            return f"{who}: Luck recovery roll {self.roll}, not over {self.old}: no gain"
        return f"{who}: Luck recovery roll {self.roll}: +{self.gain} → Luck {self.new}"


class ChecksCleared(Event):
    aspect = "dev"  # changes only the characters' checks, marks and last failed roll
    aspect_only = True
    kind_label = "checks cleared"
    characters: tuple[str, ...]

    def describe(self, names: dict[str, str]) -> str:
        return "Experience checks and marks cleared: " + (", ".join(_who(names, c) for c in self.characters) or "none")


# --- commands -----------------------------------------------------------------


class PushRoll(Command):
    label = "push"
    name: str
    reason: str


class RequestPush(Command):
    label = "ask to push"
    name: str
    reason: str
    by: str


class WriteConsequence(Command):
    label = "consequence"
    name: str
    words: str


class RollLuck(Command):
    label = "luck"
    names: tuple[str, ...]
    modifier: int = 0  # FHTAGN ±20/±40
    bonus: int = 0
    penalty: int = 0


class SpendLuck(Command):
    label = "spend Luck"
    name: str


class Oppose(Command):
    label = "opposed roll"
    active: str
    active_skill: str
    defender: str
    defender_skill: str
    modifier: int = 0
    vs_modifier: int = 0
    bonus: int = 0
    penalty: int = 0
    vs_bonus: int = 0
    vs_penalty: int = 0
    vs_roll: int = 0  # the defender's roll already drawn (a roll request: the GM's side, rolled when asking)


class CombineRoll(Command):
    label = "combined roll"
    name: str
    skills: tuple[str, ...]
    difficulties: tuple[str, ...] = ()  # one per skill ("" or regular/hard/extreme)
    need: str = ""
    bonus: int = 0
    penalty: int = 0


class SetSetting(Command):
    label = "campaign setting"
    setting: str
    on: bool


class Develop(Command):
    label = "development phase"
    skip: tuple[str, ...] = ()  # NAME or NAME:Skill
    recover: tuple[str, ...] = ()  # CoC: the Keeper allows recovery from indefinite insanity (COC-INSANITY-12)


#: Settings a campaign may turn on or off, by their written name.
SETTINGS = {"luck-spending": "luck spending"}

# --- what a test leaves behind ------------------------------------------------


def _kind(label: str, kind: str) -> str:
    """skill | base | stat | luck | san for a test's target."""
    if label == "Luck":
        return "luck"
    if label == "SAN":
        return "san"
    return kind


def after_coc_roll(char: Character, label: str, kind: str, r: coc_dice.CocRoll, bonus: int, penalty: int,
                   pushed: bool = False, marks: bool = True) -> list[Event]:
    """What a CoC roll of a character leaves: an experience check on a success (COC-DEV-01), the
    failed roll a push or Luck acts on (COC-DICE-06, -09) — a success closes an older one."""
    kind = _kind(label, kind)
    if r.success:
        out: list[Event] = []
        if marks and coc_dev.earns_check(label, kind, True, False, char.dev.checks):
            out.append(CheckMarked(character=char.id, skill=label, rules=("COC-DEV-01",)))
        if char.dev.failed is not None:  # (a consequence still owed is kept apart: consequence_due)
            out.append(LastRollNoted(character=char.id, failed=None, rules=("COC-DICE-06",)))
        return out
    level = Level.FUMBLE if r.level == Level.FUMBLE else Level.FAILURE  # a regular roll short of a hard one failed
    failed = FailedRoll(skill=label, kind=kind, target=r.skill, roll=r.roll, level=level.label,
                        difficulty=r.difficulty.name.lower(), bonus=bonus, penalty=penalty, pushed=pushed)
    refusal = coc_dice.push_refusal(label, kind, level, pushed)
    return [LastRollNoted(character=char.id, failed=failed, refusal=refusal, rules=("COC-DICE-06",))]


def after_fh_roll(char: Character, label: str, kind: str, t: fh_dice.FhTest) -> list[Event]:
    """FH-DEV-03: a failed skill test marks the skill once."""
    if fh_dev.marks(_kind(label, kind), label, not t.success, char.dev.checks):
        return [CheckMarked(character=char.id, skill=label, rules=("FH-DEV-03",))]
    return []


# --- deciders -----------------------------------------------------------------


def _require(state: State, *systems: str, what: str) -> None:
    if state.system not in systems:
        raise Rejected(what)


@decider(PushRoll)
def _push(state: State, cmd: PushRoll, dice: Dice) -> list[Event]:
    _require(state, "coc7", what="pushing a roll is a Call of Cthulhu rule (COC-DICE-06); "
             f"a {state.system} campaign tests again only when the situation changes")
    char = find_character(state, cmd.name)
    reason = " ".join(cmd.reason.split()) or char.dev.push_asked  # a player's reason, confirmed by the GM
    f = char.dev.failed
    if f is None:
        raise Rejected(f"{char.name} has no failed roll to push: only a failed roll may be pushed (COC-DICE-06) — "
                       f"test first (test \"{char.name}\" SKILL)")
    due = char.dev.consequence_due
    if due and f.pushed:
        raise Rejected(f"{char.name}'s push of {f.skill} failed and was pushed once: a roll is pushed once (COC-DICE-06); "
                       f"write the Keeper's consequence: consequence \"{char.name}\" \"WORDS\"")
    if due:
        raise Rejected(f"{char.name}'s failed push of {due} still waits for the Keeper's consequence (COC-DICE-06): "
                       f"write it first (consequence \"{char.name}\" \"WORDS\"), then push the {f.skill} roll")
    refusal = coc_dice.push_refusal(f.skill, f.kind, Level[f.level.upper()], f.pushed)
    if refusal:
        raise Rejected(f"{char.name}: {refusal}")
    if not reason:
        raise Rejected(f"a push needs what {char.name} does differently (COC-DICE-06): "
                       f"push \"{char.name}\" \"WHAT THEY DO DIFFERENTLY\" (or a player's reason, asked for first)")
    diff = Difficulty[f.difficulty.upper()]
    try:
        r = coc_dice.skill_roll(dice, f"{f.skill} (pushed)", f.target, diff, f.bonus, f.penalty)
    except DiceError as exc:
        raise Rejected(str(exc)) from None
    level = r.level.label + ("" if r.success or diff == Difficulty.REGULAR else f" (needed {f.difficulty})")
    rules = ("COC-DICE-06", "COC-DICE-01", "COC-DICE-02", "COC-DICE-03") + (("COC-DICE-04",) if f.bonus or f.penalty else ())
    events: list[Event] = [RollPushed(
        character=char.id, skill=f.skill, reason=reason, target=f.target, difficulty=f.difficulty, total=r.roll,
        level=level, success=r.success, bonus=f.bonus, penalty=f.penalty, rules=rules, dice=tuple(dice.take()),
        secret=f.secret, asked_by=char.dev.push_by if char.dev.push_asked and reason == char.dev.push_asked else "",
    )]
    if r.success and coc_dev.earns_check(f.skill, f.kind, True, False, char.dev.checks):
        events.append(CheckMarked(character=char.id, skill=f.skill, rules=("COC-DEV-01",), secret=f.secret))
    return events


@decider(RequestPush)
def _request_push(state: State, cmd: RequestPush, dice: Dice) -> list[Event]:
    _require(state, "coc7", what="pushing a roll is a Call of Cthulhu rule (COC-DICE-06)")
    char = find_character(state, cmd.name)
    reason = " ".join(cmd.reason.split())
    f = char.dev.failed
    if f is None:
        raise Rejected(f"{char.name} has no failed roll to push (COC-DICE-06)")
    if char.dev.consequence_due:
        raise Rejected(f"{char.name}'s {f.skill} roll was pushed already: a roll is pushed once (COC-DICE-06)"
                       if f.pushed else f"{char.name}'s failed push of {char.dev.consequence_due} still waits for "
                       "the Keeper's consequence (COC-DICE-06): the GM writes it first")
    refusal = coc_dice.push_refusal(f.skill, f.kind, Level[f.level.upper()], f.pushed)
    if refusal:
        raise Rejected(f"{char.name}: {refusal}")
    if not reason:
        raise Rejected("say what the investigator does differently (COC-DICE-06)")
    if len(reason) > 300:
        raise Rejected("the reason is at most 300 characters")
    return [PushRequested(character=char.id, skill=f.skill, reason=reason, by=cmd.by, rules=("COC-DICE-06",),
                          secret=f.secret)]


@evolver(PushRequested)
def _ev_push_requested(state: State, ev: PushRequested) -> State:
    return _with_dev(state, ev.character, push_asked=ev.reason, push_by=ev.by)


@decider(WriteConsequence)
def _consequence(state: State, cmd: WriteConsequence, dice: Dice) -> list[Event]:
    char = find_character(state, cmd.name)
    words = " ".join(cmd.words.split())
    due = char.dev.consequence_due
    if not due:
        raise Rejected(f"{char.name} has no failed push waiting for the Keeper's consequence (COC-DICE-06)")
    if not words:
        raise Rejected(f"the consequence is the Keeper's words (COC-DICE-06): consequence \"{char.name}\" \"WORDS\"")
    secret = char.dev.consequence_secret  # the push's own secrecy (a later roll may be public)
    return [PushConsequence(character=char.id, skill=due, words=words, rules=("COC-DICE-06",), secret=secret)]


def _test_target(state: State, char: Character, skill: str) -> tuple[str, int, str]:
    from .campaign import _test_target as target  # the test's own reading of a skill or stat

    return target(state, char, skill)


def _fh_mods(modifier: int) -> tuple[int, ...]:
    from .campaign import check_fh_step

    check_fh_step(modifier)
    return (modifier,) if modifier else ()


@decider(RollLuck)
def _luck(state: State, cmd: RollLuck, dice: Dice) -> list[Event]:
    from .campaign import DiceRolled

    _require(state, "fhtagn", "coc7", what=f"a Luck roll is a FHTAGN or Call of Cthulhu rule; {state.system} has none")
    if not cmd.names:
        raise Rejected("whose Luck? luck NAME [NAME …] (several: a group Luck roll)")
    chars: list[Character] = []
    for name in cmd.names:
        c = find_character(state, name)
        if any(o.id == c.id for o in chars):
            raise Rejected(f"{c.name} is named twice")
        chars.append(c)
    group = [c.name for c in chars] if len(chars) > 1 else []
    try:
        if state.system == "fhtagn":
            if cmd.bonus or cmd.penalty:
                raise Rejected("bonus and penalty dice are a Call of Cthulhu rule; give mod=±20 or ±40 in FHTAGN")
            roller = chars[0]  # FH-DEV-01 [RES]: one roll, by the character the GM names (the first)
            t = fh_dev.luck_test(dice, roller.name, _fh_mods(cmd.modifier))
            note = f"for the group: {', '.join(group)}; {roller.name} rolls (named first)" if group else ""
            return [DiceRolled(expr="d100", total=t.roll, label="Luck", character=roller.id, target=t.target,
                               level=t.level, note=note, dice=tuple(dice.take()),
                               rules=("FH-DEV-01", "FH-DICE-01", "FH-DICE-02", "FH-DICE-03"))]
        if cmd.modifier:
            raise Rejected("Call of Cthulhu uses bonus/penalty dice, not percentage modifiers")
        missing = [c.name for c in chars if "Luck" not in c.current]
        if missing:
            raise Rejected(f"{', '.join(missing)} has no Luck (COC-DICE-07): give it with char pool NAME Luck=N")
        lucks = [(c.id, c.current["Luck"]) for c in chars]
        roller_id, luck = min(lucks, key=lambda p: p[1])  # COC-DICE-07: the lowest Luck rolls for the group
        roller = next(c for c in chars if c.id == roller_id)
        r = coc_dice.skill_roll(dice, f"Luck ({roller.name})", luck, Difficulty.REGULAR, cmd.bonus, cmd.penalty)
    except DiceError as exc:
        raise Rejected(str(exc)) from None
    note = f"for the group: {', '.join(group)}; lowest Luck rolls" if group else ""
    rules = ("COC-DICE-07", "COC-DICE-01", "COC-DICE-02") + (("COC-DICE-04",) if cmd.bonus or cmd.penalty else ())
    events: list[Event] = [DiceRolled(expr="d100", total=r.roll, label="Luck", character=roller.id, target=luck,
                                      level=r.level.label, note=note, rules=rules, dice=tuple(dice.take()))]
    return events + after_coc_roll(roller, "Luck", "luck", r, cmd.bonus, cmd.penalty)


@decider(SpendLuck)
def _spend(state: State, cmd: SpendLuck, dice: Dice) -> list[Event]:
    from .campaign import PoolChanged

    _require(state, "coc7", what="spending Luck is a Call of Cthulhu optional rule (COC-DICE-09)")
    if not state.luck_spending:
        raise Rejected("spending Luck is off in this campaign (COC-DICE-09, an optional rule): "
                       "turn it on with campaign set luck-spending on")
    char = find_character(state, cmd.name)
    f = char.dev.failed
    if f is None:
        raise Rejected(f"{char.name} has no failed roll to buy up (COC-DICE-09)")
    luck = char.current.get("Luck")
    if luck is None:
        raise Rejected(f"{char.name} has no Luck (COC-DICE-09)")
    roll = coc_dice.CocRoll(skill=f.target, roll=f.roll, level=Level[f.level.upper()],
                            difficulty=Difficulty[f.difficulty.upper()])
    try:
        points = coc_dice.luck_to_spend(f.skill, f.kind, roll, f.pushed, luck)
    except ValueError as exc:
        raise Rejected(f"{char.name}: {exc}") from None
    return [
        LuckSpent(character=char.id, skill=f.skill, points=points, roll=f.roll, luck_before=luck,
                  luck_after=luck - points, rules=("COC-DICE-09",), secret=f.secret),
        PoolChanged(character=char.id, pool="Luck", old=luck, new=luck - points, reason=f"spent on {f.skill}",
                    rules=("COC-DICE-09",), secret=f.secret),
    ]


@decider(SetSetting)
def _setting(state: State, cmd: SetSetting, dice: Dice) -> list[Event]:
    name = SETTINGS.get(cmd.setting.casefold())
    if name is None:
        raise Rejected(f"{cmd.setting!r} is not a campaign setting (settings: {', '.join(SETTINGS)})")
    if name == "luck spending":
        _require(state, "coc7", what="spending Luck is a Call of Cthulhu optional rule (COC-DICE-09)")
        if state.luck_spending == cmd.on:
            raise Rejected(f"luck spending is already {'on' if cmd.on else 'off'}")
    return [SettingChanged(setting=name, on=cmd.on, rules=("COC-DICE-09",))]


def _difficulty(text: str) -> Difficulty:
    diff = {"": Difficulty.REGULAR, "regular": Difficulty.REGULAR, "hard": Difficulty.HARD,
            "extreme": Difficulty.EXTREME}.get(text.casefold())
    if diff is None:
        raise Rejected(f"difficulty {text!r} is not regular, hard or extreme")
    return diff


def defender_roll(state: State, char: Character, skill: str, dice: Dice) -> int:
    """The defender's side of an opposed roll asked of players: the GM's, drawn when asking."""
    label, _base, _kind = _test_target(state, char, skill)
    try:
        if state.system == "gurps":
            return sum(dice.draw(f"{char.name}: {label}", "d6") for _ in range(3))
        return coc_dice.roll_d100(dice, f"{char.name}: {label}")
    except DiceError as exc:
        raise Rejected(str(exc)) from None


def _defender(dice: Dice, preset: int, roll: Callable[[Dice], _R], judge: Callable[[int], _R]) -> _R:
    """The defender's roll: drawn now, or — asked of players — the one drawn when the GM asked (its dice are
    the request's event's: read, never drawn again)."""
    return judge(preset) if preset else roll(dice)


@decider(Oppose)
def _oppose(state: State, cmd: Oppose, dice: Dice) -> list[Event]:
    a, d = find_character(state, cmd.active), find_character(state, cmd.defender)
    if a.id == d.id:
        raise Rejected(f"an opposed roll is between two characters, and {a.name} is named twice")
    a_label, a_base, a_kind = _test_target(state, a, cmd.active_skill)
    d_label, d_base, d_kind = _test_target(state, d, cmd.defender_skill)
    events: list[Event] = []
    try:
        if state.system == "gurps":
            if cmd.bonus or cmd.penalty or cmd.vs_bonus or cmd.vs_penalty:
                raise Rejected("bonus and penalty dice are a Call of Cthulhu rule; give mod=±N and vs_mod=±N in GURPS")
            ga = gurps_dice.success_roll(dice, f"{a.name}: {a_label}", a_base + cmd.modifier)
            gd = _defender(dice, cmd.vs_roll, lambda dd: gurps_dice.success_roll(dd, f"{d.name}: {d_label}",
                                                                                 d_base + cmd.vs_modifier),
                           lambda r: gurps_dice.judge(r, d_base + cmd.vs_modifier))
            won = gurps_dice.quick_contest(ga, gd)
            winner = a.id if won == 0 else d.id if won == 1 else ""
            return [OpposedRolled(
                active=a.id, active_skill=a_label, active_target=ga.skill, active_roll=ga.roll, active_level=ga.level,
                defender=d.id, defender_skill=d_label, defender_target=gd.skill, defender_roll=gd.roll,
                defender_level=gd.level, winner=winner, rules=("GURPS-DICE-04", "GURPS-DICE-01", "GURPS-DICE-02"),
                dice=tuple(dice.take()))]
        if state.system == "fhtagn":
            if cmd.bonus or cmd.penalty or cmd.vs_bonus or cmd.vs_penalty:
                raise Rejected("bonus and penalty dice are a Call of Cthulhu rule; give mod=±20 and vs_mod=±20 in FHTAGN")
            if cmd.vs_roll:
                at = fh_dice.percentile_test(dice, f"{a.name}: {a_label}", a_base, _fh_mods(cmd.modifier))
                dt = fh_dice.judge(cmd.vs_roll, fh_dice.effective_target(d_base, _fh_mods(cmd.vs_modifier)))
                fh_won = fh_dice.opposed(at, dt)
                o = fh_dev.FhOpposed(active=at, defender=dt,
                                     winner="active" if fh_won == "attacker" else "defender" if fh_won else "")
            else:
                o = fh_dev.opposed_test(dice, (f"{a.name}: {a_label}", a_base), (f"{d.name}: {d_label}", d_base),
                                        _fh_mods(cmd.modifier), _fh_mods(cmd.vs_modifier))
            winner = a.id if o.winner == "active" else d.id if o.winner == "defender" else ""
            events.append(OpposedRolled(
                active=a.id, active_skill=a_label, active_target=o.active.target, active_roll=o.active.roll,
                active_level=o.active.level, defender=d.id, defender_skill=d_label, defender_target=o.defender.target,
                defender_roll=o.defender.roll, defender_level=o.defender.level, winner=winner,
                rules=("FH-DEV-02", "FH-DICE-06", "FH-DICE-01", "FH-DICE-02", "FH-DICE-03"), dice=tuple(dice.take())))
            events += after_fh_roll(a, a_label, a_kind, o.active)
            events += after_fh_roll(d, d_label, d_kind, o.defender)
            return events
        if cmd.modifier or cmd.vs_modifier:
            raise Rejected("Call of Cthulhu uses bonus/penalty dice, not percentage modifiers")
        ra = coc_dice.skill_roll(dice, f"{a.name}: {a_label}", a_base, Difficulty.REGULAR, cmd.bonus, cmd.penalty)
        rd = _defender(dice, cmd.vs_roll,
                       lambda dd: coc_dice.skill_roll(dd, f"{d.name}: {d_label}", d_base, Difficulty.REGULAR,
                                                      cmd.vs_bonus, cmd.vs_penalty),
                       lambda r: coc_dice.CocRoll(skill=d_base, roll=r, level=coc_dice.level_of(r, d_base)))
    except DiceError as exc:
        raise Rejected(str(exc)) from None
    side = coc_dice.opposed(ra, rd)
    win_char, win_label, win_kind = (a, a_label, a_kind) if side == "active" else (d, d_label, d_kind)
    more = ("COC-DICE-04",) if cmd.bonus or cmd.penalty or cmd.vs_bonus or cmd.vs_penalty else ()
    events.append(OpposedRolled(
        active=a.id, active_skill=a_label, active_target=a_base, active_roll=ra.roll, active_level=ra.level.label,
        defender=d.id, defender_skill=d_label, defender_target=d_base, defender_roll=rd.roll,
        defender_level=rd.level.label, winner=win_char.id,
        rules=("COC-DICE-10", "COC-DICE-05", "COC-DICE-01", "COC-DICE-02") + more, dice=tuple(dice.take())))
    # COC-DEV-01, to the letter: "winning an opposed roll ... counts as a success" — also a winner whose own
    # roll failed (both failed: the better level, then the higher skill wins, COC-DICE-05)
    if coc_dev.earns_check(win_label, _kind(win_label, win_kind), True, False, win_char.dev.checks):
        events.append(CheckMarked(character=win_char.id, skill=win_label, rules=("COC-DEV-01",)))
    return events


@decider(CombineRoll)
def _combine(state: State, cmd: CombineRoll, dice: Dice) -> list[Event]:
    _require(state, "coc7", what=f"combined rolls are a Call of Cthulhu rule (COC-DICE-08); in {state.system} "
             "test each skill")
    char = find_character(state, cmd.name)
    if len(cmd.skills) < 2:
        raise Rejected("a combined roll is one d100 against two or more skills (COC-DICE-08): "
                       "combine NAME SKILL, SKILL[:hard] need=all|any")
    if cmd.need not in ("all", "any"):
        raise Rejected("the Keeper says beforehand whether the combined roll needs all of the skills or any (COC-DICE-08): "
                       "give need=all or need=any")
    found = [_test_target(state, char, s) for s in cmd.skills]
    if len({f[0] for f in found}) < len(found):
        raise Rejected("a skill is named twice: a combined roll compares one d100 with different skills (COC-DICE-08)")
    diffs = [_difficulty(cmd.difficulties[i] if i < len(cmd.difficulties) else "") for i in range(len(found))]
    try:
        total = coc_dice.roll_d100(dice, f"{char.name}: combined roll", cmd.bonus, cmd.penalty)
        c = coc_dice.combined(total, [(f[1], dd) for f, dd in zip(found, diffs, strict=True)], cmd.need)
    except (DiceError, ValueError) as exc:
        raise Rejected(str(exc)) from None
    levels = tuple(r.level.label + ("" if r.success or r.difficulty == Difficulty.REGULAR else f" (needed {r.difficulty.name.lower()})")
                   for r in c.rolls)
    events: list[Event] = [CombinedRolled(
        character=char.id, skills=tuple(f[0] for f in found), targets=tuple(f[1] for f in found),
        difficulties=tuple(dd.name.lower() for dd in diffs), levels=levels, total=total, need=cmd.need,
        success=c.success, rules=("COC-DICE-08", "COC-DICE-01", "COC-DICE-02", "COC-DICE-03")
        + (("COC-DICE-04",) if cmd.bonus or cmd.penalty else ()), dice=tuple(dice.take()))]
    checked = char.dev.checks
    for (label, _value, kind), r in zip(found, c.rolls, strict=True):
        if coc_dev.earns_check(label, _kind(label, kind), r.success, False, checked):
            events.append(CheckMarked(character=char.id, skill=label, rules=("COC-DEV-01",)))
            checked += (label,)
    return events


def _skips(state: State, skip: tuple[str, ...]) -> tuple[set[str], set[tuple[str, str]], list[str]]:
    """Characters and (character, skill) pairs the GM skips, and how to tell them."""
    whole: set[str] = set()
    pairs: set[tuple[str, str]] = set()
    told: list[str] = []
    for item in skip:
        name, _, skill = item.partition(":")
        char = find_character(state, name.strip())
        if skill.strip():
            key = skill.strip().casefold()
            match = next((s for s in char.dev.checks if s.casefold() == key), None)
            if match is None:
                have = ", ".join(char.dev.checks) or "none"
                raise Rejected(f"{char.name} has no check on {skill.strip()!r} to skip (checked: {have})")
            pairs.add((char.id, match))
            told.append(f"{char.name}: {match}")
        else:
            whole.add(char.id)
            told.append(char.name)
    return whole, pairs, told


@decider(Develop)
def _develop(state: State, cmd: Develop, dice: Dice) -> list[Event]:
    _require(state, "fhtagn", "coc7", what="GURPS characters improve with character points, not checks: "
             "the development phase is a FHTAGN and Call of Cthulhu rule (FH-DEV-04, COC-DEV-02)")
    whole, pairs, told = _skips(state, cmd.skip)
    chars = sorted(state.characters.values(), key=lambda c: c.name.casefold())
    events: list[Event] = []
    fh = state.system == "fhtagn"
    try:
        for char in chars:
            if char.id in whole:
                continue
            for skill in char.dev.checks:
                if (char.id, skill) in pairs:
                    continue
                found = skill_rules.value_of(state.system, char, skill)
                value = found[1] if found is not None else char.skills.get(skill, 0)
                if fh:
                    g = fh_dev.improve(dice, char.name, skill, value)
                    events.append(SkillDeveloped(character=char.id, skill=skill, old=value, new=g.new, gain=g.die,
                                                 rules=("FH-DEV-04",), dice=tuple(dice.take())))
                    continue
                i = coc_dev.improvement_roll(dice, char.name, skill, value, skill in char.dev.reached_90)
                events.append(SkillDeveloped(character=char.id, skill=skill, old=value, new=i.new, roll=i.roll,
                                             gain=i.gain, san_gain=i.san_gain, rules=("COC-DEV-02",),
                                             dice=tuple(dice.take())))
                if i.san_gain:
                    events += _san_gain(state, char, events, i.san_gain, skill)
            if not fh and char.is_pc and "Luck" in char.current:
                lr = coc_dev.luck_recovery(dice, char.name, char.current["Luck"])
                events.append(LuckRecovered(character=char.id, roll=lr.roll, gain=lr.gain, old=lr.old, new=lr.new,
                                            rules=("COC-DEV-03",), dice=tuple(dice.take())))
    except DiceError as exc:
        raise Rejected(str(exc)) from None
    if not fh:
        events += _cumulative(state)
        events += _recoveries(state, cmd.recover, dice)
    elif cmd.recover:
        raise Rejected("recover= is the Keeper's call on indefinite insanity, a Call of Cthulhu rule (COC-INSANITY-12)")
    checked = tuple(c.id for c in chars if c.dev.checks)
    if not events and not checked:
        raise Rejected("nothing to develop: no character has a skill " + ("marked (FH-DEV-03)" if fh else
                       "checked (COC-DEV-01) nor Luck to recover"))
    head = DevelopmentPhase(skipped=tuple(told), rules=("FH-DEV-04",) if fh else ("COC-DEV-02", "COC-DEV-03", "COC-DEV-04"))
    return [head, *events, ChecksCleared(characters=checked, rules=("FH-DEV-04",) if fh else ("COC-DEV-02",))]


def _san_gain(state: State, char: Character, so_far: list[Event], gain: int, skill: str) -> list[Event]:
    from .campaign import PoolChanged

    before = char.current.get("SAN")
    if before is None:
        return []
    for ev in so_far:  # an earlier skill of the same phase may have raised SAN already
        if isinstance(ev, PoolChanged) and ev.character == char.id and ev.pool == "SAN":
            before = ev.new
    top = pool_max(state.system, char, "SAN")
    after = min(top, before + gain) if top is not None else before + gain
    if after == before:
        return []
    return [PoolChanged(character=char.id, pool="SAN", old=before, new=after,
                        reason=f"{skill} reached 90 (COC-DEV-02)", rules=("COC-DEV-02",))]


def _cumulative(state: State) -> list[Event]:
    from .coc_insanity import CumulativeLossUpdated

    out: list[Event] = []
    for char in sorted(state.characters.values(), key=lambda c: c.name.casefold()):
        lowered = coc_dev.lower_cumulative(char.mind.cumulative)
        for entity, old in char.mind.cumulative.items():
            if old > 0:
                out.append(CumulativeLossUpdated(character=char.id, entity=entity, old=old, new=lowered.get(entity, 0),
                                                 rules=("COC-DEV-04", "COC-INSANITY-15")))
    return out


def _recoveries(state: State, names: tuple[str, ...], dice: Dice) -> list[Event]:
    """The Keeper's allowed recoveries from indefinite insanity (COC-INSANITY-12), through ``recover``."""
    from ..decide import decide
    from .coc_insanity import RecoverInsanity

    out: list[Event] = []
    for name in names:
        out += decide(state, RecoverInsanity(name=name, development=True), dice)
    return out


def indefinitely_insane(state: State) -> list[str]:
    """Names of those the Keeper may let recover at this phase (COC-INSANITY-12): offered, never decided."""
    from fhtagn_tui.rules.coc.insanity import INSANE

    return [c.name for c in state.characters.values() if c.has(INSANE["indefinite"])]


# --- evolvers -----------------------------------------------------------------


def checked(state: State, cid: str, skill: str) -> State:
    """COC-DEV-01 for a roll another feature made and won (a combat roll, First Aid, a tome's reading roll):
    its skill checked, once, by that feature's own evolver — the sheet shows it, no event is added."""
    char = state.characters.get(cid)
    if char is None or not skill or not coc_dev.earns_check(skill, "skill", True, False, char.dev.checks):
        return state
    return state.with_character(replace(char, dev=replace(char.dev, checks=char.dev.checks + (skill,))))



def _with_dev(state: State, cid: str, **changes: object) -> State:
    char = state.characters.get(cid)
    if char is None:
        return state
    return state.with_character(replace(char, dev=replace(char.dev, **changes)))


@evolver(CheckMarked)
def _ev_marked(state: State, ev: CheckMarked) -> State:
    char = state.characters.get(ev.character)
    if char is None or ev.skill in char.dev.checks:
        return state
    return _with_dev(state, ev.character, checks=char.dev.checks + (ev.skill,))


@evolver(LastRollNoted)
def _ev_noted(state: State, ev: LastRollNoted) -> State:
    failed = replace(ev.failed, seq=ev.seq, secret=ev.secret) if ev.failed is not None else None
    return _with_dev(state, ev.character, failed=failed, push_asked="", push_by="")


@evolver(RollPushed)
def _ev_pushed(state: State, ev: RollPushed) -> State:
    char = state.characters.get(ev.character)
    if char is None:
        return state
    if ev.success:
        return _with_dev(state, ev.character, failed=None, consequence_due="", push_asked="", push_by="")
    old = char.dev.failed
    failed = FailedRoll(skill=ev.skill, kind=old.kind if old is not None else "skill", target=ev.target, roll=ev.total,
                        level="fumble" if ev.level.startswith("fumble") else "failure", difficulty=ev.difficulty,
                        bonus=ev.bonus, penalty=ev.penalty, pushed=True, seq=ev.seq, secret=ev.secret)
    return _with_dev(state, ev.character, failed=failed, consequence_due=ev.skill, consequence_secret=ev.secret,
                     push_asked="", push_by="")


@evolver(PushConsequence)
def _ev_consequence(state: State, ev: PushConsequence) -> State:
    return _with_dev(state, ev.character, consequence_due="", consequence_secret=False)


@evolver(LuckSpent)
def _ev_luck_spent(state: State, ev: LuckSpent) -> State:
    return _with_dev(state, ev.character, failed=None)


@evolver(SettingChanged)
def _ev_setting(state: State, ev: SettingChanged) -> State:
    if ev.setting == "luck spending":
        return replace(state, luck_spending=ev.on)
    return state


@evolver(SkillDeveloped)
def _ev_developed(state: State, ev: SkillDeveloped) -> State:
    char = state.characters.get(ev.character)
    if char is None:
        return state
    skills = dict(char.skills)
    stored = next((k for k in skills if k.casefold() == ev.skill.casefold()), ev.skill)
    skills[stored] = ev.new
    reached = char.dev.reached_90
    if ev.new >= 90 and ev.skill not in reached and "COC-DEV-02" in ev.rules:
        reached += (ev.skill,)
    return state.with_character(replace(char, skills=skills, dev=replace(char.dev, reached_90=reached)))


@evolver(LuckRecovered)
def _ev_luck_recovered(state: State, ev: LuckRecovered) -> State:
    char = state.characters.get(ev.character)
    if char is None or not ev.gain:
        return state
    return state.with_character(replace(char, current={**char.current, "Luck": ev.new}))


@evolver(ChecksCleared)
def _ev_cleared(state: State, ev: ChecksCleared) -> State:
    for cid in ev.characters:
        state = _with_dev(state, cid, checks=())
    return state


__all__ = [name for name in dir() if not name.startswith("_")]
_ = Development
