"""FHTAGN sanity (catalogue FH-SAN-01 … 15).

Pure pieces of the SAN-loss pipeline; the order in which they are applied
(FH-SAN-02) lives in :func:`pipeline_steps` and is followed by the sanity
feature's decider.
"""

from __future__ import annotations

import msgspec

from fhtagn_tui.rules.dice import Dice, DiceError, check_expr, roll_expr
from fhtagn_tui.rules.fhtagn import dice as fh_dice
from fhtagn_tui.rules.fhtagn.party import ADAPTATION_BOXES, ADAPTATION_TRACKS, breaking_point
from fhtagn_tui.rules.registry import rule

SOURCES = ("unnatural",) + ADAPTATION_TRACKS  # unnatural | violence | helplessness


class SanLoss(msgspec.Struct, frozen=True):
    """A loss notation ``a/b``: lose ``a`` on a success, ``b`` on a failure."""

    success: str
    failure: str

    def __str__(self) -> str:
        return f"{self.success}/{self.failure}"


def parse_loss(text: str) -> SanLoss:
    """Read ``1/1d6``, ``0/1d4``, ``1d4/1d8``; raise :class:`DiceError` if it does not parse."""
    parts = text.strip().split("/")
    if len(parts) != 2 or not all(p.strip() for p in parts):
        raise DiceError(f"{text!r} is not a SAN loss: write SUCCESS/FAILURE, e.g. 1/1d6 or 0/1d4")
    for part in parts:
        check_expr(part)
    return SanLoss(parts[0].strip().lower(), parts[1].strip().lower())


@rule("FH-SAN-01", summary="SAN test: d100 under current SAN; lose the left part of a/b on success, the rolled right part on failure.")
def san_test(dice: Dice, purpose: str, san: int, mods: tuple[int, ...] = ()) -> fh_dice.FhTest:
    return fh_dice.percentile_test(dice, purpose, san, mods)


def roll_loss(dice: Dice, loss: SanLoss, success: bool) -> int:
    expr = loss.success if success else loss.failure
    return max(0, roll_expr(dice, "SAN loss", expr))


PIPELINE = (
    "roll the test and the loss (0 if adapted)",
    "projection onto a bond",
    "apply the loss",
    "loss ≥ 5: temporary insanity (repression allowed)",
    "loss > 0 with a disorder: acute-episode check",
    "SAN ≤ BP: breaking point",
    "otherwise: adaptation box",
    "SAN 0: permanent insanity",
    "explore the loss",
)


@rule("FH-SAN-02", summary="A SAN loss resolves in a fixed order: test, projection, loss, insanity, episode, BP, box, SAN 0, prompt.")
def pipeline_steps() -> tuple[str, ...]:
    return PIPELINE


class Projection(msgspec.Struct, frozen=True):
    wp: int  # WP after
    loss: int  # loss after
    bond: int  # bond score after
    lost_control: bool


@rule("FH-SAN-03", summary="Projecting onto a bond costs 1d4 WP and takes that much off both the loss and the bond.")
def project(wp: int, bond: int, loss: int, spent: int) -> Projection:
    wp_after = max(0, wp - spent)
    if loses_control(wp_after):
        return Projection(wp=0, loss=loss, bond=bond, lost_control=True)
    return Projection(wp=wp_after, loss=max(0, loss - spent), bond=max(0, bond - spent), lost_control=False)


@rule("FH-SAN-04", summary="WP driven to 0 by projection or repression hands the agent to the GM for the scene.")
def loses_control(wp_after: int) -> bool:
    return wp_after <= 0


@rule("FH-SAN-05", summary="Losing SAN with a disorder already present calls for another SAN test (acute episode on failure).")
def acute_check_due(loss: int, disorders: tuple[str, ...]) -> bool:
    return loss > 0 and bool(disorders)


@rule("FH-SAN-06", summary="Five or more SAN lost in one roll means temporary insanity and erases that source's boxes.")
def temporary_insanity(loss: int) -> bool:
    return loss >= 5


class Reaction(msgspec.Struct, frozen=True):
    name: str
    typical: tuple[str, ...]  # typical sources
    effect: str

    def effect_for(self, con: int) -> str:
        """The effect for one character: flee lasts up to their CON in turns (FH-SAN-07)."""
        return self.effect.replace("up to CON turns", f"up to {con} turn{'s' if con != 1 else ''}")


REACTIONS: tuple[Reaction, ...] = (
    Reaction("flee", ("unnatural", "violence"), "must get away from the threat for up to CON turns or until safe, then collapses exhausted"),
    Reaction("struggle", ("helplessness", "violence"), "attacks the nearest threat wildly until it is beaten or they are incapacitated"),
    Reaction("submit", ("unnatural", "helplessness"), "paralysed, catatonic; remembering details later needs INT×5"),
)


def reaction(name: str) -> Reaction | None:
    return next((r for r in REACTIONS if r.name == name.casefold()), None)


def typical(source: str) -> tuple[Reaction, ...]:
    """The reactions typical of a source of SAN loss (unnatural: flee, submit …): shown to the GM."""
    return tuple(r for r in REACTIONS if source in r.typical)


@rule("FH-SAN-07", summary="Temporary insanity is flee (up to CON turns: the agent's own number), struggle or submit: the GM chooses (the source's typical two shown); never rolled.")
def choose_reaction(source: str, chosen: str = "") -> Reaction | None:
    """The reaction the GM chose, or None: still the GM's to choose (nothing is rolled for it)."""
    if not chosen:
        return None
    found = reaction(chosen)
    if found is None:
        raise ValueError(f"{chosen!r} is not a reaction (flee, struggle, submit)")
    return found


class Repression(msgspec.Struct, frozen=True):
    wp: int
    bond: int
    lost_control: bool
    roll: int = 0
    target: int = 0
    success: bool = False


@rule("FH-SAN-08", summary="Repression: 1d4 WP and that much off a bond, then a SAN roll; success suppresses the episode.")
def repress(dice: Dice, wp: int, bond: int, san: int, mods: tuple[int, ...] = ()) -> Repression:
    spent = dice.draw("repression WP", "d4")
    wp_after = max(0, wp - spent)
    if loses_control(wp_after):
        return Repression(wp=0, bond=bond, lost_control=True)
    t = san_test(dice, "repression SAN", san, mods)
    return Repression(wp=wp_after, bond=max(0, bond - spent), lost_control=False, roll=t.roll, target=t.target, success=t.success)


@rule("FH-SAN-09", summary="SAN at or below BP: a new disorder, BP becomes SAN − POW, that source's boxes are erased.")
def breaking_point_reached(san: int, bp: int) -> int | None:
    """The new BP if the breaking point is reached, else ``None``."""
    return None if san > bp else san


def recalculated_bp(san: int, pow_: int) -> int:
    return breaking_point(san, pow_)


@rule("FH-SAN-10", summary="Violence/helplessness loss ≥ 1 with no insanity and no BP checks one box of that track.")
def checks_box(source: str, loss: int, insane: bool, bp_reached: bool) -> bool:
    return source in ADAPTATION_TRACKS and loss >= 1 and not insane and not bp_reached


@rule("FH-SAN-11", summary="Three boxes: adapted (no more loss from it); violence costs CHA and every bond 1d6, helplessness POW 1d6.")
def adapted(boxes: int) -> bool:
    return boxes >= ADAPTATION_BOXES


ADAPTATION_COST = {"violence": "CHA", "helplessness": "POW"}


def adaptation_cost(dice: Dice, track: str) -> int:
    return dice.draw(f"adapted to {track}", "d6")


@rule("FH-SAN-12", summary="SAN 0 is permanent insanity: the agent leaves the player's hands.")
def permanently_insane(san: int) -> bool:
    return san <= 0


@rule("FH-SAN-13", summary="An agent with a disorder who loses SAN or meets its trigger rolls SAN; failure is an acute episode.")
def acute_episode(dice: Dice, san: int, mods: tuple[int, ...] = ()) -> fh_dice.FhTest:
    return san_test(dice, "acute episode SAN", san, mods)


@rule("FH-SAN-14", summary="Sleeping after temporary insanity or a new disorder needs a SAN roll; failure regains no WP.")
def insomnia(dice: Dice, san: int, mods: tuple[int, ...] = ()) -> fh_dice.FhTest:
    return san_test(dice, "insomnia SAN", san, mods)


PROMPTS = {
    "unnatural": "What did they see that cannot be unseen? Explore the loss.",
    "violence": "What did the violence cost them? Explore the loss.",
    "helplessness": "What could they not stop? Explore the loss.",
}


@rule("FH-SAN-15", summary="Any SAN loss prompts the table to explore what was lost (narrative only).")
def explore_prompt(source: str, loss: int) -> str:
    return PROMPTS.get(source, PROMPTS["unnatural"]) if loss > 0 else ""
