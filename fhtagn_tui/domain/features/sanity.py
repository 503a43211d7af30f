"""FHTAGN sanity: SAN tests and their consequences (FH-SAN-01 … 15).

The decider follows the pipeline of FH-SAN-02.  State changes go through the
campaign events (``PoolChanged``, ``BondChanged``, ``StatChanged``,
``ConditionAdded``) wherever one fits; the events here carry the facts and
the dice, and change only the sheet's ``mind`` (disorders, adaptation boxes).
"""

from msgspec.structs import replace

from fhtagn_tui.rules.dice import Dice, DiceError
from fhtagn_tui.rules.fhtagn import sanity as san
from fhtagn_tui.rules.fhtagn.party import ADAPTATION_TRACKS

from ..able import acting
from ..commands import Command
from ..decide import Rejected, decider, evolver
from ..events import Event
from ..imposed import imposed
from ..lookup import did_you_mean, find_character
from ..state import Character, Mind, State
from .campaign import BondChanged, ConditionAdded, PoolChanged, StatChanged, check_fh_step

_TEST_RULES = ("FH-DICE-01", "FH-DICE-02", "FH-DICE-03")

# --- events -------------------------------------------------------------------


def _who(names: dict[str, str], key: str) -> str:
    return names.get(key, key)


class SanTestRolled(Event):
    character: str
    loss: str  # the a/b notation
    source: str
    roll: int  # 0 in older logs of an adapted agent (no roll was made then)
    target: int
    level: str
    amount: int  # the loss rolled (before projection); 0 for an adapted agent
    adapted: bool = False
    rolled_loss: int = 0  # adapted: the loss the dice gave, set to 0 (FH-SAN-11)

    def describe(self, names: dict[str, str]) -> str:
        who = _who(names, self.character)
        if self.adapted and self.roll:
            return (f"{who}: SAN test ({self.source} {self.loss}) {self.roll} vs {self.target} → {self.level}, "
                    f"loss {self.rolled_loss} — adapted to {self.source}: no SAN lost")
        if self.adapted:
            return f"{who} is adapted to {self.source}: no SAN lost ({self.loss})"
        return f"{who}: SAN test ({self.source} {self.loss}) {self.roll} vs {self.target} → {self.level}, loss {self.amount}"


class SanLost(PoolChanged):
    """SAN lowered by a SAN loss (a PoolChanged, so every SAN display follows)."""

    source: str = ""
    prompt: str = ""  # FH-SAN-15

    def describe(self, names: dict[str, str]) -> str:
        who = _who(names, self.character)
        tail = f" — {self.prompt}" if self.prompt else ""
        return f"{who} loses {self.old - self.new} SAN ({self.source}): {self.old} → {self.new}{tail}"


class ProjectionUsed(Event):
    character: str
    bond: str
    spent: int  # the 1d4 of WP
    loss_before: int
    loss_after: int
    lost_control: bool = False

    def describe(self, names: dict[str, str]) -> str:
        who = _who(names, self.character)
        if self.lost_control:
            return f"{who} projects onto {self.bond}: −{self.spent} WP drains their will — they lose control"
        return f"{who} projects onto {self.bond}: −{self.spent} WP, loss {self.loss_before} → {self.loss_after}"


class RepressionAttempted(Event):
    character: str
    against: str  # "temporary insanity" | "acute episode"
    spent: int
    bond: str = ""
    roll: int = 0
    target: int = 0
    success: bool = False
    lost_control: bool = False

    def describe(self, names: dict[str, str]) -> str:
        who = _who(names, self.character)
        if self.lost_control:
            return f"{who} tries to repress the {self.against}: −{self.spent} WP, WP 0 — they lose control"
        result = "suppressed" if self.success else "not suppressed"
        return f"{who} represses the {self.against}: −{self.spent} WP, SAN {self.roll} vs {self.target} → {result}"


class TemporaryInsanity(Event):
    character: str
    loss: int
    source: str
    reaction: str = ""  # flee | struggle | submit ("" when suppressed, or still the GM's to choose)
    rolled: bool = False  # the reaction was rolled, not chosen
    suppressed: bool = False
    effect: str = ""  # the reaction for this character ("up to 12 turns"), or the typical two while the GM chooses

    def describe(self, names: dict[str, str]) -> str:
        who = _who(names, self.character)
        if self.suppressed:
            return f"{who} holds together: temporary insanity ({self.loss} SAN at once) suppressed"
        if not self.reaction:  # the GM's to choose (FH-SAN-07): the source's typical two are told
            typical = f" (typical of {self.source}: {self.effect})" if self.effect else ""
            return (f"{who} goes temporarily insane ({self.loss} SAN at once): the GM chooses the reaction — "
                    f"flee, struggle or submit{typical}")
        how = "rolled" if self.rolled else "GM's choice"  # (rolled: a log from before the GM always chose)
        effect = f" — {self.effect}" if self.effect else ""
        return f"{who} goes temporarily insane ({self.loss} SAN at once): {self.reaction} ({how}){effect}"


class AcuteEpisodeRolled(Event):
    character: str
    roll: int
    target: int
    episode: bool
    trigger: str = "SAN loss"

    def describe(self, names: dict[str, str]) -> str:
        who = _who(names, self.character)
        result = "an acute episode" if self.episode else "keeps control"
        return f"{who}: disorder check after {self.trigger}, SAN {self.roll} vs {self.target} → {result}"


class DisorderGained(Event):
    character: str
    disorder: str
    source: str = ""

    def describe(self, names: dict[str, str]) -> str:
        why = f" ({self.source})" if self.source else ""
        return f"{_who(names, self.character)} gains a disorder: {self.disorder}{why}"


class DisorderRemoved(Event):
    character: str
    disorder: str

    def describe(self, names: dict[str, str]) -> str:
        return f"{_who(names, self.character)} is rid of the disorder {self.disorder}"


class BreakingPointRecalculated(PoolChanged):
    def describe(self, names: dict[str, str]) -> str:
        return f"{_who(names, self.character)}: breaking point reached — BP {self.old} → {self.new}"


class AdaptationBoxChecked(Event):
    character: str
    track: str
    boxes: int  # boxes checked now

    def describe(self, names: dict[str, str]) -> str:
        return f"{_who(names, self.character)}: {self.track} box checked ({self.boxes}/3)"


class AdaptationBoxesErased(Event):
    character: str
    track: str
    erased: int

    def describe(self, names: dict[str, str]) -> str:
        return f"{_who(names, self.character)}: {self.track} boxes erased ({self.erased})"


class Adapted(Event):
    character: str
    track: str
    cost: int  # the 1d6 taken from CHA and bonds (violence) or POW (helplessness)

    def describe(self, names: dict[str, str]) -> str:
        what = "CHA and every bond" if self.track == "violence" else "POW"
        return f"{_who(names, self.character)} is adapted to {self.track}: {what} −{self.cost}"


class InsomniaRolled(Event):
    character: str
    roll: int
    target: int
    success: bool

    def describe(self, names: dict[str, str]) -> str:
        who = _who(names, self.character)
        if self.success:
            return f"{who} sleeps (SAN {self.roll} vs {self.target})"
        return f"{who} wakes from the nightmares (SAN {self.roll} vs {self.target}): no WP from this rest"


# --- commands -----------------------------------------------------------------


class SanTest(Command):
    label = "SAN test"
    name: str
    loss: str  # "1/1d6"
    source: str = "unnatural"
    project: str = ""  # bond to project onto
    repress: bool = False
    repress_bond: str = ""
    reaction: str = ""  # flee | struggle | submit; "" = rolled
    disorder: str = ""  # the disorder given at the breaking point
    modifier: int = 0


class DisorderTrigger(Command):
    label = "disorder trigger"
    name: str
    repress: bool = False
    repress_bond: str = ""
    modifier: int = 0


class SleepCheck(Command):
    label = "insomnia check"
    name: str
    modifier: int = 0


class AddDisorder(Command):
    label = "add disorder"
    name: str
    disorder: str


class RemoveDisorder(Command):
    label = "remove disorder"
    name: str
    disorder: str


# --- helpers ------------------------------------------------------------------


def _agent(state: State, name: str) -> Character:
    if state.system != "fhtagn":
        raise Rejected(
            f"SAN tests here follow FHTAGN, and this is a {state.system} campaign"
            + (" — use 'fright NAME' for a Fright Check" if state.system == "gurps" else "")
        )
    char = find_character(state, name)
    if "SAN" not in char.current:
        raise Rejected(f"{char.name} has no SAN to test")
    return char


def _mods(char: Character, modifier: int) -> tuple[tuple[int, ...], tuple[str, ...]]:
    check_fh_step(modifier)
    mods: tuple[int, ...] = (modifier,) if modifier else ()
    rules: tuple[str, ...] = ("FH-DICE-05",) if modifier else ()
    state_part = imposed("fhtagn", char, "san")  # exhaustion applies to SAN tests too (FH-DMG-08)
    if state_part.modifier:
        mods += (state_part.modifier,)
        rules += state_part.rules
    return mods, rules


def _source(text: str) -> str:
    key = text.strip().casefold()
    if key not in san.SOURCES:
        raise Rejected(f"{text!r} is not a SAN loss source{did_you_mean(text, san.SOURCES)} (sources: {', '.join(san.SOURCES)})")
    return key


def _bond_named(char: Character, name: str, what: str) -> str:
    bond = char.bond(name)
    if bond is None:
        names = [b.name for b in char.bonds]
        have = f" (bonds: {', '.join(names)})" if names else " (they have no bonds)"
        raise Rejected(f"{char.name} has no bond {name!r} to {what}{did_you_mean(name, names)}{have}")
    if bond.broken:
        raise Rejected(f"{char.name}'s bond {bond.name} is broken (0): choose a bond above 0")
    return bond.name


def _repress_bond(char: Character, cmd_bond: str, project: str) -> str:
    """The bond repression takes its WP toll from (FH-SAN-08)."""
    if cmd_bond:
        return _bond_named(char, cmd_bond, "repress with")
    if project:
        return project
    live = [b.name for b in char.bonds if not b.broken]
    if len(live) > 1:
        raise Rejected(f"which bond pays for the repression? give repress=BOND (bonds: {', '.join(live)})")
    return live[0] if live else ""


class _Sheet:
    """The running values of one character while a pipeline is decided."""

    def __init__(self, char: Character) -> None:
        self.char = char
        self.wp = char.current.get("WP", 0)
        self.bonds = {b.name: b.score for b in char.bonds}
        self.conditions = set(char.conditions)

    def condition(self, events: list[Event], name: str, rules: tuple[str, ...], note: str = "", dice: Dice | None = None) -> None:
        if name in self.conditions:
            return
        self.conditions.add(name)
        rolled = tuple(dice.take()) if dice is not None else ()
        events.append(ConditionAdded(character=self.char.id, condition=name, note=note, rules=rules, dice=rolled))

    def spend_wp(self, events: list[Event], new: int, reason: str, rules: tuple[str, ...]) -> None:
        if new != self.wp:
            events.append(PoolChanged(character=self.char.id, pool="WP", old=self.wp, new=new, reason=reason, rules=rules))
            self.wp = new

    def set_bond(self, events: list[Event], bond: str, new: int, reason: str, rules: tuple[str, ...]) -> None:
        old = self.bonds[bond]
        if new != old:
            events.append(BondChanged(character=self.char.id, bond=bond, old=old, new=new, reason=reason, rules=rules))
            self.bonds[bond] = new


def _repress(
    sheet: _Sheet, events: list[Event], dice: Dice, against: str, bond: str, san_now: int, mods: tuple[int, ...]
) -> bool:
    """Attempt FH-SAN-08; True if the episode is suppressed."""
    if sheet.wp <= 0:
        return False  # FH-SAN-04: repression is not possible at WP 0
    score = sheet.bonds.get(bond, 0)
    r = san.repress(dice, sheet.wp, score, san_now, mods)
    spent = sheet.wp - r.wp
    rules = ("FH-SAN-08",) + (("FH-SAN-04",) if r.lost_control else _TEST_RULES)
    events.append(
        RepressionAttempted(
            character=sheet.char.id, against=against, spent=spent, bond=bond if not r.lost_control else "",
            roll=r.roll, target=r.target, success=r.success, lost_control=r.lost_control,
            rules=rules, dice=tuple(dice.take()),
        )
    )
    sheet.spend_wp(events, r.wp, f"repressing the {against}", ("FH-SAN-08",))
    if r.lost_control:
        sheet.condition(events, "lost-control", ("FH-SAN-04",), note="the GM runs them until the crisis ends")
    elif bond:
        sheet.set_bond(events, bond, r.bond, f"repressing the {against}", ("FH-SAN-08",))
    return r.success


def _acute_check(
    sheet: _Sheet, events: list[Event], dice: Dice, san_now: int, mods: tuple[int, ...],
    repress: bool, bond: str, trigger: str, rules: tuple[str, ...],
) -> None:
    t = san.acute_episode(dice, san_now, mods)
    events.append(
        AcuteEpisodeRolled(
            character=sheet.char.id, roll=t.roll, target=t.target, episode=not t.success, trigger=trigger,
            rules=rules + ("FH-SAN-13",) + _TEST_RULES, dice=tuple(dice.take()),
        )
    )
    if t.success:
        return
    if repress and _repress(sheet, events, dice, "acute episode", bond, san_now, mods):
        return
    sheet.condition(events, "acute-episode", ("FH-SAN-13",), note="acts by the disorder's logic this scene")


# --- deciders -----------------------------------------------------------------


@decider(SanTest)
def _san_test(state: State, cmd: SanTest, dice: Dice) -> list[Event]:
    char = _agent(state, cmd.name)
    source = _source(cmd.source)
    try:
        loss_spec = san.parse_loss(cmd.loss)
    except DiceError as exc:
        raise Rejected(str(exc)) from None
    san_now = char.current["SAN"]
    if san.permanently_insane(san_now):
        raise Rejected(f"{char.name} is at SAN 0, permanently insane: no more SAN tests")
    project = _bond_named(char, cmd.project, "project onto") if cmd.project else ""
    if project and char.current.get("WP", 0) <= 0:
        raise Rejected(f"{char.name} has 0 WP: projecting onto a bond needs WP to spend")
    if cmd.repress and char.current.get("WP", 0) <= 0:
        raise Rejected(f"{char.name} has 0 WP: repression needs WP to spend")
    bond_for_repression = _repress_bond(char, cmd.repress_bond, project) if cmd.repress else ""
    if cmd.reaction and san.reaction(cmd.reaction) is None:
        names = [r.name for r in san.REACTIONS]
        raise Rejected(f"{cmd.reaction!r} is not a reaction{did_you_mean(cmd.reaction, names)} (reactions: {', '.join(names)})")
    mods, mod_rules = _mods(char, cmd.modifier)
    events: list[Event] = []

    # 1. the test and the loss; an adapted agent still rolls both, then the loss is 0 (FH-SAN-02, FH-SAN-11)
    t = san.san_test(dice, "SAN test", san_now, mods)
    amount = san.roll_loss(dice, loss_spec, t.success)
    if source in char.mind.adapted:
        return [
            SanTestRolled(
                character=char.id, loss=str(loss_spec), source=source, roll=t.roll, target=t.target, level=t.level,
                amount=0, adapted=True, rolled_loss=amount,
                rules=("FH-SAN-01", "FH-SAN-02", "FH-SAN-11") + _TEST_RULES + mod_rules, dice=tuple(dice.take()),
            )
        ]
    events.append(
        SanTestRolled(
            character=char.id, loss=str(loss_spec), source=source, roll=t.roll, target=t.target, level=t.level,
            amount=amount, rules=("FH-SAN-01", "FH-SAN-02") + _TEST_RULES + mod_rules, dice=tuple(dice.take()),
        )
    )
    sheet = _Sheet(char)

    # 2. projection onto a bond
    if project and amount > 0:
        spent = dice.draw("projection WP", "d4")
        p = san.project(sheet.wp, sheet.bonds[project], amount, spent)
        events.append(
            ProjectionUsed(
                character=char.id, bond=project, spent=spent, loss_before=amount, loss_after=p.loss,
                lost_control=p.lost_control, rules=("FH-SAN-03",) + (("FH-SAN-04",) if p.lost_control else ()),
                dice=tuple(dice.take()),
            )
        )
        sheet.spend_wp(events, p.wp, f"projecting onto {project}", ("FH-SAN-03",))
        if p.lost_control:
            sheet.condition(events, "lost-control", ("FH-SAN-04",), note="the GM runs them until the crisis ends")
        else:
            sheet.set_bond(events, project, p.bond, "projection", ("FH-SAN-03",))
        amount = p.loss

    # 3. the loss
    san_after = max(0, san_now - amount)
    if amount > 0:
        events.append(
            SanLost(
                character=char.id, pool="SAN", old=san_now, new=san_after, reason=f"{source} SAN loss",
                source=source, prompt=san.explore_prompt(source, amount), rules=("FH-SAN-02", "FH-SAN-15"),
            )
        )
    boxes = char.mind.boxes.get(source, 0)
    erased = False

    # 4. temporary insanity
    insane = san.temporary_insanity(amount)
    if insane:
        suppressed = cmd.repress and _repress(sheet, events, dice, "temporary insanity", bond_for_repression, san_after, mods)
        react = None if suppressed else san.choose_reaction(source, cmd.reaction)
        # not chosen with the test: the GM chooses afterwards (the typical two are told), never a die
        effect = react.effect_for(char.stats.get("CON", 0)) if react else "" if suppressed else \
            " or ".join(r.name for r in san.typical(source))
        events.append(
            TemporaryInsanity(
                character=char.id, loss=amount, source=source, reaction=react.name if react else "",
                rolled=False, suppressed=suppressed, effect=effect,
                rules=("FH-SAN-06",) + (("FH-SAN-08",) if suppressed else ("FH-SAN-07",)), dice=tuple(dice.take()),
            )
        )
        if react is not None:
            sheet.condition(events, f"insane-{react.name}", ("FH-SAN-07",), note=effect)
        if source in ADAPTATION_TRACKS and boxes:
            events.append(AdaptationBoxesErased(character=char.id, track=source, erased=boxes, rules=("FH-SAN-06",)))
            erased = True

    # 5. an existing disorder
    if san.acute_check_due(amount, char.mind.disorders):
        _acute_check(sheet, events, dice, san_after, mods, cmd.repress, bond_for_repression, "SAN loss", ("FH-SAN-05",))

    # 6. breaking point, 7. otherwise an adaptation box
    bp = char.current.get("BP", 0)
    bp_reached = amount > 0 and san.breaking_point_reached(san_after, bp) is not None
    if bp_reached:
        disorder = cmd.disorder.strip() or f"disorder from {source} (GM to name)"
        events.append(DisorderGained(character=char.id, disorder=disorder, source=source, rules=("FH-SAN-09",)))
        new_bp = san.recalculated_bp(san_after, char.stats.get("POW", 0))
        events.append(
            BreakingPointRecalculated(
                character=char.id, pool="BP", old=bp, new=new_bp, reason="breaking point reached",
                rules=("FH-SAN-09", "FH-PARTY-04"),
            )
        )
        if source in ADAPTATION_TRACKS and boxes and not erased:
            events.append(AdaptationBoxesErased(character=char.id, track=source, erased=boxes, rules=("FH-SAN-09",)))
    elif san.checks_box(source, amount, insane, bp_reached):
        events.append(AdaptationBoxChecked(character=char.id, track=source, boxes=boxes + 1, rules=("FH-SAN-10",)))
        if san.adapted(boxes + 1):
            events.extend(_adapt(sheet, dice, source))

    # 8. SAN 0
    if amount > 0 and san.permanently_insane(san_after):
        sheet.condition(events, "permanently-insane", ("FH-SAN-12",), note="leaves the player's control")
    return events


def _adapt(sheet: _Sheet, dice: Dice, track: str) -> list[Event]:
    cost = san.adaptation_cost(dice, track)
    char = sheet.char
    events: list[Event] = [Adapted(character=char.id, track=track, cost=cost, rules=("FH-SAN-11",), dice=tuple(dice.take()))]
    stat = san.ADAPTATION_COST[track]
    old = char.stats.get(stat, 0)
    events.append(StatChanged(character=char.id, stat=stat, old=old, new=max(0, old - cost), rules=("FH-SAN-11",)))
    if track == "violence":
        for bond, score in list(sheet.bonds.items()):
            sheet.set_bond(events, bond, max(0, score - cost), "adapted to violence", ("FH-SAN-11",))
    return events


@decider(DisorderTrigger)
def _trigger(state: State, cmd: DisorderTrigger, dice: Dice) -> list[Event]:
    char = _agent(state, cmd.name)
    if not char.mind.disorders:
        raise Rejected(f"{char.name} has no disorder to trigger (add one with 'disorder add {char.name} TEXT')")
    if cmd.repress and char.current.get("WP", 0) <= 0:
        raise Rejected(f"{char.name} has 0 WP: repression needs WP to spend")
    bond = _repress_bond(char, cmd.repress_bond, "") if cmd.repress else ""
    mods, mod_rules = _mods(char, cmd.modifier)
    events: list[Event] = []
    _acute_check(_Sheet(char), events, dice, char.current["SAN"], mods, cmd.repress, bond, "a trigger", mod_rules)
    return events


@decider(SleepCheck)
def _sleep(state: State, cmd: SleepCheck, dice: Dice) -> list[Event]:
    char = _agent(state, cmd.name)
    if not char.mind.insomnia_due:
        raise Rejected(f"{char.name} needs no insomnia check: no temporary insanity or new disorder since they last slept")
    mods, mod_rules = _mods(char, cmd.modifier)
    t = san.insomnia(dice, char.current["SAN"], mods)
    return [
        InsomniaRolled(
            character=char.id, roll=t.roll, target=t.target, success=t.success,
            rules=("FH-SAN-14",) + _TEST_RULES + mod_rules, dice=tuple(dice.take()),
        )
    ]


@decider(AddDisorder)
def _add_disorder(state: State, cmd: AddDisorder, dice: Dice) -> list[Event]:
    char = _agent(state, cmd.name)
    text = cmd.disorder.strip()
    if not text:
        raise Rejected("name the disorder, e.g. disorder add ada \"PTSD (fire)\"")
    if any(d.casefold() == text.casefold() for d in char.mind.disorders):
        raise Rejected(f"{char.name} already has the disorder {text}")
    return [DisorderGained(character=char.id, disorder=text)]


@decider(RemoveDisorder)
def _remove_disorder(state: State, cmd: RemoveDisorder, dice: Dice) -> list[Event]:
    char = _agent(state, cmd.name)
    found = next((d for d in char.mind.disorders if d.casefold() == cmd.disorder.strip().casefold()), None)
    if found is None:
        have = ", ".join(char.mind.disorders) or "none"
        raise Rejected(f"{char.name} has no disorder {cmd.disorder!r}{did_you_mean(cmd.disorder, char.mind.disorders)} (disorders: {have})")
    return [DisorderRemoved(character=char.id, disorder=found)]


# --- evolvers -----------------------------------------------------------------


def _with_mind(state: State, key: str, **changes: object) -> State:
    char = state.characters.get(key)
    if char is None:
        return state
    return state.with_character(replace(char, mind=replace(char.mind, **changes)))


def _mind(state: State, key: str) -> Mind:
    char = state.characters.get(key)
    return char.mind if char is not None else Mind()


@evolver(SanLost, BreakingPointRecalculated)
def _ev_pool(state: State, ev: PoolChanged) -> State:
    char = state.characters.get(ev.character)
    if char is None:
        return state
    return state.with_character(replace(char, current={**char.current, ev.pool: ev.new}))


@evolver(DisorderGained)
def _ev_disorder(state: State, ev: DisorderGained) -> State:
    mind = _mind(state, ev.character)
    return _with_mind(state, ev.character, disorders=mind.disorders + (ev.disorder,), insomnia_due=True)


@evolver(DisorderRemoved)
def _ev_disorder_removed(state: State, ev: DisorderRemoved) -> State:
    mind = _mind(state, ev.character)
    return _with_mind(state, ev.character, disorders=tuple(d for d in mind.disorders if d != ev.disorder))


@evolver(TemporaryInsanity)
def _ev_insanity(state: State, ev: TemporaryInsanity) -> State:
    # the reaction still to choose is owed until an insane-REACTION condition comes (domain/owed.py)
    return state if ev.suppressed else _with_mind(state, ev.character, insomnia_due=True,
                                                  reaction_owed="" if ev.reaction else (ev.effect or "-"),
                                                  reaction_secret=ev.secret and not ev.reaction)


@evolver(AdaptationBoxChecked)
def _ev_box(state: State, ev: AdaptationBoxChecked) -> State:
    mind = _mind(state, ev.character)
    return _with_mind(state, ev.character, boxes={**mind.boxes, ev.track: ev.boxes})


@evolver(AdaptationBoxesErased)
def _ev_erase(state: State, ev: AdaptationBoxesErased) -> State:
    mind = _mind(state, ev.character)
    return _with_mind(state, ev.character, boxes={**mind.boxes, ev.track: 0})


@evolver(Adapted)
def _ev_adapted(state: State, ev: Adapted) -> State:
    mind = _mind(state, ev.character)
    return _with_mind(state, ev.character, adapted=mind.adapted + (ev.track,))


@evolver(InsomniaRolled)
def _ev_insomnia(state: State, ev: InsomniaRolled) -> State:
    return _with_mind(state, ev.character, insomnia_due=False)


# Who cannot (issue 31): the dead, the unconscious where the rules say so (domain/able.py).
acting(SanTest, "name", doing="take a SAN test", unconscious=False)
