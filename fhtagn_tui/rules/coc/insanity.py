"""Call of Cthulhu 7e insanity (catalogue COC-INSANITY-01 … 17).

Pure pieces: the Sanity roll and its loss, the three phases of insanity, bouts
of madness (both tables are data here; the campaign may override single rows),
the side effects of insanity, recovery and treatment, getting used to the
awfulness, and max SAN.  The order in which a SAN loss is resolved lives in the
``coc_insanity`` feature's decider.
"""

from __future__ import annotations

import msgspec

from fhtagn_tui.rules.coc import dice as coc_dice
from fhtagn_tui.rules.coc.party import max_san
from fhtagn_tui.rules.dice import Dice, die_faces, roll_expr
from fhtagn_tui.rules.fhtagn.sanity import SanLoss, parse_loss
from fhtagn_tui.rules.registry import rule

__all__ = [
    "BOUT_KINDS",
    "BOUT_TABLES",
    "BOUT_UNITS",
    "INSANE",
    "SETTINGS",
    "Bout",
    "BoutRow",
    "RealityCheck",
    "SanLoss",
    "SanityResult",
    "TemporaryCheck",
    "Treatment",
    "awfulness",
    "bout_of_madness",
    "bout_row",
    "develop_cumulative",
    "further_bout",
    "indefinite_insanity",
    "institution_band",
    "mania_penalty",
    "max_loss",
    "max_san_clamp",
    "mythos_from_madness",
    "parse_loss",
    "permanent_insanity",
    "phobia_penalty",
    "private_care_band",
    "reality_check",
    "sanity_roll",
    "temporary_insanity",
    "temporary_recovered",
    "treatment",
]

#: The conditions that mark the phases of insanity on a character sheet.
INSANE = {
    "temporary": "temporarily insane",
    "indefinite": "indefinitely insane",
    "permanent": "permanently insane",
}

# --- COC-INSANITY-01: the Sanity roll ------------------------------------------------------


class _MaxSource:
    """A dice source that always shows the highest face (for "the maximum of b")."""

    def value(self, purpose: str, die: str) -> int:
        return die_faces(die)[-1]


def max_loss(expr: str) -> int:
    """The largest result a loss expression can give (``1d10`` → 10, ``1d4+1`` → 5)."""
    return max(0, roll_expr(Dice(_MaxSource()), "maximum", expr))


class SanityResult(msgspec.Struct, frozen=True):
    roll: int
    san: int
    level: coc_dice.Level
    amount: int  # SAN lost (before the awfulness cap)
    maxed: bool = False  # a fumble: the maximum of the failure part

    @property
    def success(self) -> bool:
        return self.level.succeeded


@rule("COC-INSANITY-01", summary="Sanity roll: d100 at or under SAN loses the left part of a/b, a failure the rolled right part, a fumble its maximum.")
def sanity_roll(dice: Dice, san: int, loss: SanLoss, bonus: int = 0, penalty: int = 0) -> SanityResult:
    r = coc_dice.skill_roll(dice, "Sanity roll", san, coc_dice.Difficulty.REGULAR, bonus, penalty)
    if r.level == coc_dice.Level.FUMBLE:
        return SanityResult(r.roll, san, r.level, max_loss(loss.failure), maxed=True)
    expr = loss.success if r.success else loss.failure
    return SanityResult(r.roll, san, r.level, max(0, roll_expr(dice, "SAN loss", expr)))


# --- COC-INSANITY-02 … 04: the phases of insanity ---------------------------------------------


class TemporaryCheck(msgspec.Struct, frozen=True):
    roll: int
    int_value: int
    insane: bool  # False: the memory is repressed
    hours: int = 0  # how long the underlying insanity lasts


@rule("COC-INSANITY-02", summary="Losing 5+ SAN in one roll calls for an INT roll: success means temporary insanity for 1D10 hours, failure repression.")
def temporary_insanity(dice: Dice, loss: int, int_value: int) -> TemporaryCheck | None:
    """``None`` (no die drawn) when the loss is under 5."""
    if loss < 5:
        return None
    r = coc_dice.skill_roll(dice, "INT roll (insanity)", int_value)
    if not r.success:
        return TemporaryCheck(r.roll, int_value, insane=False)
    hours = dice.draw("underlying insanity hours", "d10")
    return TemporaryCheck(r.roll, int_value, insane=True, hours=hours)


@rule("COC-INSANITY-03", summary="Losing a fifth (rounded down) of the day's starting SAN within one game day means indefinite insanity.")
def indefinite_insanity(day_start: int, day_loss: int) -> bool:
    return day_loss > 0 and day_loss >= day_start // 5


@rule("COC-INSANITY-04", summary="SAN 0 is permanent insanity.")
def permanent_insanity(san: int) -> bool:
    return san <= 0


# --- COC-INSANITY-05, 16: bouts of madness ------------------------------------------------------


class BoutRow(msgspec.Struct, frozen=True):
    roll: int
    name: str
    effect: str


BOUT_KINDS = ("realtime", "summary")
BOUT_UNITS = {"realtime": "rounds", "summary": "hours"}

#: Bouts of madness in real time: 1D10, lasting 1D10 rounds (standard table, AMB-50).
REALTIME_BOUTS: tuple[BoutRow, ...] = (
    BoutRow(1, "Amnesia", "remembers nothing since the last safe place; the present is a stranger's"),
    BoutRow(2, "Psychosomatic disability", "struck blind, deaf or lame by the mind alone for the bout"),
    BoutRow(3, "Violence", "lashes out at whatever is nearest, friend or foe"),
    BoutRow(4, "Paranoia", "trusts no one; every companion is in on it"),
    BoutRow(5, "Significant person", "mistakes someone present for a person from their backstory"),
    BoutRow(6, "Faint", "collapses unconscious for the bout"),
    BoutRow(7, "Flee in panic", "runs by any means available, even taking the only vehicle"),
    BoutRow(8, "Physical hysterics or emotional outburst", "laughs, weeps or screams, unable to act"),
    BoutRow(9, "Phobia", "gains a new phobia, and its object seems to be right here"),
    BoutRow(10, "Mania", "gains a new mania and indulges it at once"),
)

#: Bouts of madness in summary: 1D10, lasting 1D10 hours; the investigator comes to elsewhere.
SUMMARY_BOUTS: tuple[BoutRow, ...] = (
    BoutRow(1, "Amnesia", "comes to somewhere unfamiliar with no memory of the hours gone"),
    BoutRow(2, "Robbed", "comes to robbed of something carried, unhurt"),
    BoutRow(3, "Battered", "comes to bruised and hurt: half HP lost, no major wound, not robbed"),
    BoutRow(4, "Violence", "an explosion of violence; whom or what it fell on is the Keeper's"),
    BoutRow(5, "Ideology or beliefs", "acted on a backstory belief to its most extreme"),
    BoutRow(6, "Significant people", "went to great lengths to reach someone from their backstory"),
    BoutRow(7, "Institutionalised", "wakes in a psychiatric ward or a police cell"),
    BoutRow(8, "Flee in panic", "comes to far away: in the wilderness, on a train, a long way off"),
    BoutRow(9, "Phobia", "gains a new phobia and spent the hours avoiding its object"),
    BoutRow(10, "Mania", "gains a new mania and spent the hours indulging it"),
)

BOUT_TABLES: dict[str, tuple[BoutRow, ...]] = {"realtime": REALTIME_BOUTS, "summary": SUMMARY_BOUTS}


@rule("COC-INSANITY-16", summary="The real-time and summary bout tables are 1D10 rows kept as data; the Keeper may rewrite a row.")
def bout_row(kind: str, roll: int, overrides: dict[str, str] | None = None) -> BoutRow:
    """Row ``roll`` of a bout table; ``overrides`` maps ``"kind:roll"`` to ``"Name: effect"``."""
    row = BOUT_TABLES[kind][roll - 1]
    text = (overrides or {}).get(f"{kind}:{roll}")
    if not text:
        return row
    name, _, effect = text.partition(":")
    return BoutRow(roll, name.strip(), effect.strip())


class Bout(msgspec.Struct, frozen=True):
    kind: str
    row: int
    name: str
    effect: str
    duration: int
    unit: str


@rule("COC-INSANITY-05", summary="A bout of madness runs in real time (1D10 rounds) or in summary (1D10 hours); 1D10 picks its row.")
def bout_of_madness(dice: Dice, kind: str, overrides: dict[str, str] | None = None) -> Bout:
    row = bout_row(kind, dice.draw(f"bout of madness ({kind})", "d10"), overrides)
    duration = dice.draw(f"bout length ({BOUT_UNITS[kind]})", "d10")
    return Bout(kind, row.roll, row.name, row.effect, duration, BOUT_UNITS[kind])


# --- COC-INSANITY-06 … 10: living with insanity -------------------------------------------------


@rule("COC-INSANITY-06", summary="While insane (temporary or indefinite), any further SAN loss brings another bout of madness.")
def further_bout(insane: bool, loss: int) -> bool:
    return insane and loss > 0


@rule("COC-INSANITY-07", summary="An insane investigator facing their phobia fights or flees, or else takes a penalty die on the next skill roll.")
def phobia_penalty(insane: bool, fights_or_flees: bool) -> int:
    return 1 if insane and not fights_or_flees else 0


@rule("COC-INSANITY-08", summary="An insane investigator gives in to their mania, or else takes a penalty die on the next skill roll.")
def mania_penalty(insane: bool, submits: bool) -> int:
    return 1 if insane and not submits else 0


class RealityCheck(msgspec.Struct, frozen=True):
    roll: int
    san: int
    success: bool  # the delusion is dismissed
    loss: int  # 1 on a failure


@rule("COC-INSANITY-09", summary="Reality check: a SAN roll dismisses a delusion; failure costs 1 SAN (and a bout if insane).")
def reality_check(dice: Dice, san: int, bonus: int = 0, penalty: int = 0) -> RealityCheck:
    r = coc_dice.skill_roll(dice, "reality check", san, coc_dice.Difficulty.REGULAR, bonus, penalty)
    return RealityCheck(r.roll, san, r.success, 0 if r.success else 1)


@rule("COC-INSANITY-10", summary="The first bout of madness from a Mythos event adds 5 to Cthulhu Mythos, each later one 1.")
def mythos_from_madness(previous_mythos_bouts: int) -> int:
    return 5 if previous_mythos_bouts == 0 else 1


# --- COC-INSANITY-11 … 14: recovery ---------------------------------------------------------------


@rule("COC-INSANITY-11", summary="Temporary insanity ends after its 1D10 hours or a good rest.")
def temporary_recovered(hours_passed: int, hours: int, rested: bool) -> bool:
    return rested or hours_passed >= hours


@rule("COC-INSANITY-13", summary="Private care, 1D100 a month: 01–95 is progress, 96–100 a setback (Psychoanalysis changes nothing).")
def private_care_band(roll: int) -> str:
    return "success" if roll <= 95 else "failure"


@rule("COC-INSANITY-14", summary="Institution, 1D100 a month: up to max(50, Psychoanalysis) progress, to 95 no progress, 96–100 a setback.")
def institution_band(roll: int, psychoanalysis: int = 0) -> str:
    if roll >= 96:
        return "failure"
    return "success" if roll <= max(50, psychoanalysis) else "no progress"


SETTINGS = ("care", "institution")


class Treatment(msgspec.Struct, frozen=True):
    setting: str
    roll: int
    threshold: int  # the highest roll that is progress
    band: str  # success | no progress | failure
    change: int  # SAN gained (+) or lost (−)
    san: int  # SAN after the change
    san_roll: int = 0  # the Sanity roll after progress (0: none)
    cured: bool = False


@rule("COC-INSANITY-12", summary="Indefinite insanity: a treatment roll at the end of each month; progress adds 1D3 SAN and a SAN roll may cure.")
def treatment(dice: Dice, setting: str, san: int, top: int, psychoanalysis: int = 0) -> Treatment:
    roll = dice.draw(f"treatment ({setting})", "d100")
    if setting == "care":
        band, threshold = private_care_band(roll), 95
    else:
        band, threshold = institution_band(roll, psychoanalysis), min(95, max(50, psychoanalysis))
    if band == "failure":
        lost = dice.draw("SAN lost in treatment", "d6")
        after = max(0, san - lost)
        return Treatment(setting, roll, threshold, band, after - san, after)
    if band == "no progress":
        return Treatment(setting, roll, threshold, band, 0, san)
    gained = dice.draw("SAN regained in treatment", "d3")
    after = min(top, san + gained)
    check = coc_dice.skill_roll(dice, "Sanity roll (cure)", after)
    return Treatment(setting, roll, threshold, band, after - san, after, check.roll, check.success)


# --- COC-INSANITY-15, 17 ------------------------------------------------------------------------------


@rule("COC-INSANITY-15", summary="Losses to one kind of entity add up to at most its single-encounter maximum; development lowers the tally by 1.")
def awfulness(rolled: int, cap: int, cumulative: int) -> int:
    """The SAN actually lost to an entity already cost ``cumulative``."""
    return max(0, min(rolled, cap - cumulative))


def develop_cumulative(cumulative: int) -> int:
    """A development phase lowers a recorded cumulative loss by 1 (COC-INSANITY-15)."""
    return max(0, cumulative - 1)


@rule("COC-INSANITY-17", summary="Max SAN is 99 − Cthulhu Mythos; SAN above it is brought down to it.")
def max_san_clamp(san: int, cthulhu_mythos: int) -> int:
    return min(san, max_san(cthulhu_mythos))
