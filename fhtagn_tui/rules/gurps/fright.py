"""GURPS Fright Checks (catalogue GURPS-FRIGHT-01 … 41).

The Fright Check is 3d vs Will + modifiers, capped at 13 (Rule of 14).  On a
failure the victim rolls 3d + margin of failure on the Fright Check table,
kept here as data (:data:`FRIGHT_TABLE`, one :class:`FrightEntry` per band).

Dice are drawn in this order, so typed-in dice follow it:
Fright Check 3d → table 3d → for the entry: each timed condition's duration
(in table order) → FP loss → immediate HT roll (3d) → injury on a failed HT
roll → automatic injury → total-panic reaction 3d.
"""

import msgspec

from fhtagn_tui.rules.dice import Dice, roll_expr
from fhtagn_tui.rules.gurps import dice as gurps_dice
from fhtagn_tui.rules.registry import rule

# --- sheet records ------------------------------------------------------------------


class Timer(msgspec.Struct, frozen=True):
    """A timed condition (GURPS-FRIGHT-40): ``amount`` ``unit``s, then recovery rolls."""

    condition: str  # stunned | retching | fainted | panicked | light coma | coma | catatonic | ...
    amount: int  # length of the current span
    unit: str  # s | min | h | days
    recovery: str = "auto"  # auto | will | modified will | HT
    mod: int = 0  # the Fright Check's modifiers (for "modified will")
    again: str = ""  # dice for a further span after a failed roll; "" = one more unit
    elapsed: int = 0  # units passed in earlier spans
    origin: int = 0  # the fright result that caused it (GM override removes by origin)
    after: str = ""  # what follows recovery (see AFTER_EFFECTS)
    note: str = ""

    def label(self) -> str:
        span = f"{self.amount} {self.unit}"
        roll = "" if self.recovery == "auto" else f", then {self.recovery} rolls"
        return f"{self.condition} {span}{roll}"


class Trait(msgspec.Struct, frozen=True):
    """An acquired quirk or disadvantage with its point value (GURPS-FRIGHT-04)."""

    name: str
    points: int  # negative: −1 for a quirk, −10, −15 …
    kind: str = "mental"  # quirk | delusion | mental | physical
    self_control: int = 0  # 15 | 12 | 9 | 6; 0 = no self-control roll
    origin: int = 0  # the fright result that gave it (0: added by hand)


class FrightRecord(msgspec.Struct, frozen=True):
    """What a character's last fright result changed, so the GM may override it."""

    origin: int
    total: int  # table total
    margin: int  # margin of failure of the Fright Check
    mod: int  # Fright Check modifiers
    fp: int = 0  # FP lost
    hp: int = 0  # HP lost
    ht: int = 0  # HT lost permanently
    iq: int = 0  # IQ lost permanently
    conditions: tuple[str, ...] = ()  # conditions it added
    worsened: str = ""  # trait whose self-control it worsened
    worsened_from: int = 0


# --- GURPS-FRIGHT-01 / 02 ---------------------------------------------------------------

RULE_OF_14_CAP = 13


@rule("GURPS-FRIGHT-01", summary="Fright Check: 3d against Will plus modifiers, never above 13 (Rule of 14).")
def effective_will(will: int, mods: int) -> int:
    return min(RULE_OF_14_CAP, will + mods)


class FrightCheck(msgspec.Struct, frozen=True):
    will: int  # base Will
    mod: int  # sum of modifiers
    effective: int  # after the Rule of 14
    roll: int
    success: bool
    level: str  # success / critical success / failure / critical failure

    @property
    def margin(self) -> int:
        """Margin of failure (0 on a success)."""
        return 0 if self.success else self.roll - self.effective


def fright_check(dice: Dice, will: int, mod: int) -> FrightCheck:
    eff = effective_will(will, mod)
    g = gurps_dice.success_roll(dice, "Fright Check", eff)
    return FrightCheck(will=will, mod=mod, effective=eff, roll=g.roll, success=g.success, level=g.level)


@rule("GURPS-FRIGHT-02", summary="A failed Fright Check rolls 3d plus the margin of failure on the table.")
def table_total(roll: int, margin: int) -> int:
    return roll + margin


def table_roll(dice: Dice, margin: int) -> int:
    roll = sum(dice.draw("Fright table", "d6") for _ in range(3))
    return table_total(roll, margin)


# --- the table as data (GURPS-FRIGHT-05 … 37) --------------------------------------------


class Timed(msgspec.Struct, frozen=True):
    """A timed condition an entry imposes."""

    condition: str
    duration: str  # dice expression ("1", "1d", "2d", "4d"); "HT" = max(0, 25 − HT)
    unit: str
    recovery: str = "auto"  # auto | will | modified will | HT
    again: str = ""  # dice for a further span after a failed recovery roll
    after: str = ""  # an after-effect once recovered (key of AFTER_EFFECTS)


class TraitGain(msgspec.Struct, frozen=True):
    kind: str  # quirk | delusion | mental | physical | worsen (25: worsen or new mental)
    points: int


class FrightEntry(msgspec.Struct, frozen=True):
    rule: str
    low: int
    high: int  # 99 for "40+"
    summary: str
    timed: tuple[Timed, ...] = ()
    fp: str = ""  # FP lost (dice)
    ht_roll: bool = False  # an immediate HT roll
    ht_fail_injury: str = ""  # injury on a failed HT roll
    ht_crit_fail_ht: int = 0  # permanent HT lost on a critical failure of that roll
    injury: str = ""  # automatic injury (dice)
    traits: tuple[TraitGain, ...] = ()
    iq_loss: int = 0
    total_panic: bool = False  # the GM rolls 3d for the panic reaction
    no_care_hp: bool = False  # catatonia: n HP on day n without medical care


_STUN1_AUTO = Timed("stunned", "1", "s")
_STUN1_WILL = Timed("stunned", "1", "s", "will")
_STUN1_MOD = Timed("stunned", "1", "s", "modified will")
_STUN_1D = Timed("stunned", "1d", "s", "modified will")
_FAINT_1D = Timed("fainted", "1d", "min", "HT")
_COMA = Timed("coma", "1d", "h", "HT", again="1d")
_QUIRK = TraitGain("quirk", -1)

FRIGHT_TABLE: tuple[FrightEntry, ...] = (
    FrightEntry("GURPS-FRIGHT-05", 4, 5, "Stunned 1 second, then recover by itself.", (_STUN1_AUTO,)),
    FrightEntry("GURPS-FRIGHT-06", 6, 7, "Stunned 1 second, then a roll vs unmodified Will each second.", (_STUN1_WILL,)),
    FrightEntry("GURPS-FRIGHT-07", 8, 9, "Stunned 1 second, then a roll vs modified Will each second.", (_STUN1_MOD,)),
    FrightEntry("GURPS-FRIGHT-08", 10, 10, "Stunned 1d seconds, then modified Will each second.", (_STUN_1D,)),
    FrightEntry("GURPS-FRIGHT-09", 11, 11, "Stunned 2d seconds, then modified Will each second.",
                (Timed("stunned", "2d", "s", "modified will"),)),
    FrightEntry("GURPS-FRIGHT-10", 12, 12, "Loses their lunch: retching 25 − HT seconds, then HT each second.",
                (Timed("retching", "HT", "s", "HT"),)),
    FrightEntry("GURPS-FRIGHT-11", 13, 13, "Gains a new mental quirk (may pass the five-quirk limit).", traits=(_QUIRK,)),
    FrightEntry("GURPS-FRIGHT-12", 14, 15, "Loses 1d FP and is stunned 1d seconds (modified Will to recover).",
                (_STUN_1D,), fp="1d"),
    FrightEntry("GURPS-FRIGHT-13", 16, 16, "Stunned 1d seconds and gains a new mental quirk.", (_STUN_1D,), traits=(_QUIRK,)),
    FrightEntry("GURPS-FRIGHT-14", 17, 17, "Faints 1d minutes, then a roll vs HT each minute.", (_FAINT_1D,)),
    FrightEntry("GURPS-FRIGHT-15", 18, 18, "Faints 1d minutes; an HT roll at once, 1 HP of injury if it fails.",
                (_FAINT_1D,), ht_roll=True, ht_fail_injury="1"),
    FrightEntry("GURPS-FRIGHT-16", 19, 19, "Severe faint 2d minutes (HT each minute after) and 1 HP of injury.",
                (Timed("fainted", "2d", "min", "HT"),), injury="1"),
    FrightEntry("GURPS-FRIGHT-17", 20, 20, "Faint near shock for 4d minutes, waking by itself; loses 1d FP.",
                (Timed("fainted", "4d", "min"),), fp="1d"),
    FrightEntry("GURPS-FRIGHT-18", 21, 21, "Panics 1d minutes, then a roll vs unmodified Will each minute.",
                (Timed("panicked", "1d", "min", "will"),)),
    FrightEntry("GURPS-FRIGHT-19", 22, 22, "Gains a −10-point Delusion.", traits=(TraitGain("delusion", -10),)),
    FrightEntry("GURPS-FRIGHT-20", 23, 23, "Gains a −10-point Phobia or other mental disadvantage.",
                traits=(TraitGain("mental", -10),)),
    FrightEntry("GURPS-FRIGHT-21", 24, 24, "Major physical effect: −15 points of physical disadvantages (a year of age is −3).",
                traits=(TraitGain("physical", -15),)),
    FrightEntry("GURPS-FRIGHT-22", 25, 25, "A related mental disadvantage's self-control worsens a step; else a new −10-point one.",
                traits=(TraitGain("worsen", -10),)),
    FrightEntry("GURPS-FRIGHT-23", 26, 26, "Faints 1d minutes as for 18 and gains a −10-point Delusion.",
                (_FAINT_1D,), ht_roll=True, ht_fail_injury="1", traits=(TraitGain("delusion", -10),)),
    FrightEntry("GURPS-FRIGHT-24", 27, 27, "Faints 1d minutes as for 18 and gains a −10-point mental disadvantage.",
                (_FAINT_1D,), ht_roll=True, ht_fail_injury="1", traits=(TraitGain("mental", -10),)),
    FrightEntry("GURPS-FRIGHT-25", 28, 28, "Light coma: an HT roll every 30 minutes to wake; −2 to all rolls for 6 hours after.",
                (Timed("light coma", "30", "min", "HT", again="30", after="dazed 6 h"),)),
    FrightEntry("GURPS-FRIGHT-26", 29, 29, "Coma for 1d hours, then HT; each failure adds another 1d hours.", (_COMA,)),
    FrightEntry("GURPS-FRIGHT-27", 30, 30, "Catatonic 1d days, then HT (failure: 1d days more); n HP on day n without care.",
                (Timed("catatonic", "1d", "days", "HT", again="1d", after="dazed days"),), no_care_hp=True),
    FrightEntry("GURPS-FRIGHT-28", 31, 31, "Seizure 1d minutes, 1d FP; HT roll: failure 1d injury, critical failure also −1 HT.",
                (Timed("seizure", "1d", "min"),), fp="1d", ht_roll=True, ht_fail_injury="1d", ht_crit_fail_ht=1),
    FrightEntry("GURPS-FRIGHT-29", 32, 32, "Stricken by a mild heart attack or stroke: 2d injury.", injury="2d"),
    FrightEntry("GURPS-FRIGHT-30", 33, 33, "Total panic: the GM rolls 3d for the reaction; then modified Will, failure = another reaction.",
                (Timed("total panic", "1", "reaction", "modified will", again="1"),), total_panic=True),
    FrightEntry("GURPS-FRIGHT-31", 34, 34, "Gains a −15-point Delusion.", traits=(TraitGain("delusion", -15),)),
    FrightEntry("GURPS-FRIGHT-32", 35, 35, "Gains a −15-point Phobia or other mental disadvantage.",
                traits=(TraitGain("mental", -15),)),
    FrightEntry("GURPS-FRIGHT-33", 36, 36, "Severe physical effect worth −20 points.", traits=(TraitGain("physical", -20),)),
    FrightEntry("GURPS-FRIGHT-34", 37, 37, "Severe physical effect worth −30 points.", traits=(TraitGain("physical", -30),)),
    FrightEntry("GURPS-FRIGHT-35", 38, 38, "Coma as for 29 and a −15-point Delusion.", (_COMA,), traits=(TraitGain("delusion", -15),)),
    FrightEntry("GURPS-FRIGHT-36", 39, 39, "Coma as for 29 and a −15-point Phobia or mental disadvantage.",
                (_COMA,), traits=(TraitGain("mental", -15),)),
    FrightEntry("GURPS-FRIGHT-37", 40, 99, "As 39, and −1 IQ for good (IQ-based skills and spells drop by 1).",
                (_COMA,), traits=(TraitGain("mental", -15),), iq_loss=1),
)

#: After-effects that start when a timed condition ends (condition, amount, unit).
AFTER_EFFECTS: dict[str, tuple[str, int, str]] = {
    "dazed 6 h": ("−2 to all rolls", 6, "h"),
    "dazed days": ("−2 to all rolls", 0, "days"),  # 0: as many days as it lasted
}


def lookup(total: int) -> FrightEntry:
    """The table entry for a total (below 4 reads as 4; 40 and above as 40+)."""
    total = max(4, total)
    for entry in FRIGHT_TABLE:
        if entry.low <= total <= entry.high:
            return entry
    return FRIGHT_TABLE[-1]


# Each band is registered under its own ID with its own summary; one function reads them all.
for _entry in FRIGHT_TABLE:
    rule(_entry.rule, summary=_entry.summary)(lookup)
lookup.rule_ids = tuple(e.rule for e in FRIGHT_TABLE)  # type: ignore[attr-defined]


# --- GURPS-FRIGHT-03 / 04 / 38 / 39 -----------------------------------------------------------


@rule("GURPS-FRIGHT-03", summary="The GM may reroll the table or put another result in place; both results are logged.")
def override_total(dice: Dice, margin: int, substitute: int | None) -> int:
    """The replacement total: a reroll of 3d + the same margin, or the GM's chosen total."""
    if substitute is not None:
        return max(4, substitute)
    return table_roll(dice, margin)


@rule("GURPS-FRIGHT-04", summary="Acquired quirks and disadvantages are the GM's pick, tied to the fright; each costs its points.")
def point_total(traits: tuple[Trait, ...]) -> int:
    """What the acquired traits take off the character's point value."""
    return sum(t.points for t in traits)


QUIRK_LIMIT = 5


@rule("GURPS-FRIGHT-38", summary="At most five quirks, unless the extra quirk comes from a Fright Check (13 or 16).")
def quirk_allowed(traits: tuple[Trait, ...], from_fright: bool) -> bool:
    quirks = sum(1 for t in traits if t.kind == "quirk")
    return from_fright or quirks < QUIRK_LIMIT


SELF_CONTROL_LADDER = (15, 12, 9, 6)


@rule("GURPS-FRIGHT-39", summary="Self-control numbers step 15 → 12 → 9 → 6; none is worse than 6.")
def worse_self_control(number: int) -> int | None:
    """One step worse, or ``None`` if there is no worse step (at 6, or not on the ladder)."""
    if number in SELF_CONTROL_LADDER[:-1]:
        return SELF_CONTROL_LADDER[SELF_CONTROL_LADDER.index(number) + 1]
    if number > SELF_CONTROL_LADDER[0]:
        return SELF_CONTROL_LADDER[0]
    return None


def years_of_age(points: int) -> int:
    """GURPS-FRIGHT-21: years of ageing a physical effect of ``points`` buys (−15 → 5 years)."""
    return abs(points) // 3


# --- resolving an entry (GURPS-FRIGHT-40 / 41) -------------------------------------------------


class Resolved(msgspec.Struct, frozen=True):
    """The rolled effects of one table entry."""

    entry: FrightEntry
    total: int
    timers: tuple[Timer, ...] = ()
    fp: int = 0
    hp: int = 0
    ht: int = 0
    iq: int = 0
    ht_roll: int = 0  # 0: none made
    ht_level: str = ""
    panic_reaction: int = 0  # 3d, higher = more useless


@rule("GURPS-FRIGHT-40", summary="Stun, faint, panic, retching, coma … are timers with logged recovery rolls.")
def make_timer(dice: Dice, timed: Timed, ht: int, mod: int, origin: int) -> Timer:
    if timed.duration == "HT":
        amount = max(0, 25 - ht)  # AMB-63
    elif timed.duration.isdigit():
        amount = int(timed.duration)
    else:
        amount = roll_expr(dice, f"{timed.condition} duration", timed.duration)
    return Timer(
        condition=timed.condition, amount=amount, unit=timed.unit, recovery=timed.recovery,
        mod=mod, again=timed.again, origin=origin, after=timed.after,
    )


@rule("GURPS-FRIGHT-41", summary="FP and HP losses apply at once; HP may go below zero.")
def lose(current: int, amount: int) -> int:
    return current - amount


def resolve(dice: Dice, total: int, ht: int, mod: int, origin: int) -> Resolved:
    entry = lookup(total)
    timers = tuple(make_timer(dice, t, ht, mod, origin) for t in entry.timed)
    fp = roll_expr(dice, "FP lost", entry.fp) if entry.fp else 0
    hp = 0
    ht_loss = 0
    ht_roll = 0
    ht_level = ""
    if entry.ht_roll:
        g = gurps_dice.success_roll(dice, "HT roll", ht)
        ht_roll, ht_level = g.roll, g.level
        if not g.success:
            hp += roll_expr(dice, "injury", entry.ht_fail_injury)
            if g.critical_failure:
                ht_loss = entry.ht_crit_fail_ht
    if entry.injury:
        hp += roll_expr(dice, "injury", entry.injury)
    reaction = 0
    if entry.total_panic:
        reaction = panic_reaction(dice)
    return Resolved(
        entry=entry, total=total, timers=timers, fp=fp, hp=hp, ht=ht_loss, iq=entry.iq_loss,
        ht_roll=ht_roll, ht_level=ht_level, panic_reaction=reaction,
    )


def panic_reaction(dice: Dice) -> int:
    return sum(dice.draw("panic reaction", "d6") for _ in range(3))


# --- recovery rolls --------------------------------------------------------------------------


def recovery_target(timer: Timer, will: int, ht: int) -> int | None:
    """The number a recovery roll is made against (no Rule-of-14 cap, AMB-65); None = automatic."""
    if timer.recovery == "will":
        return will
    if timer.recovery == "modified will":
        return will + timer.mod
    if timer.recovery == "HT":
        return ht
    return None


def catatonia_hp(elapsed: int, days: int) -> int:
    """GURPS-FRIGHT-27: HP lost without care over days elapsed+1 … elapsed+days (n HP on day n)."""
    return sum(range(elapsed + 1, elapsed + days + 1))
