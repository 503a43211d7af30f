"""What a character carries between rolls for skill play and development (FH-DEV, COC-DICE-06,
COC-DEV): the skills checked or marked for improvement, the skills that reached 90 (COC-DEV-02)
and the last failed roll that a push (COC-DICE-06) or Luck (COC-DICE-09) may act on.

The structs live in ``rules/`` so that the state imports no feature module (no postponed
annotations here: the start-up snapshot decoder reads them)."""

import msgspec


class FailedRoll(msgspec.Struct, frozen=True):
    """A character's last failed d100 roll of a skill or characteristic, as rolled."""

    skill: str  # as rolled: "Library Use", "STR", "Luck"
    kind: str  # skill | base | stat | luck | san
    target: int  # the value rolled against (before difficulty)
    roll: int
    level: str  # failure | fumble
    difficulty: str = "regular"
    bonus: int = 0
    penalty: int = 0
    pushed: bool = False  # this failed roll is itself a push
    seq: int = 0  # the event that rolled it
    secret: bool = False  # rolled in secret: its push is secret too


class Development(msgspec.Struct, frozen=True):
    checks: tuple[str, ...] = ()  # skills checked (CoC, COC-DEV-01) or marked (FHTAGN, FH-DEV-03)
    reached_90: tuple[str, ...] = ()  # skills that already reached 90 by improvement (COC-DEV-02)
    failed: FailedRoll | None = None  # the last failed roll (a push or Luck spent acts on it)
    consequence_due: str = ""  # a failed push whose consequence the Keeper has not written yet
    consequence_secret: bool = False  # that push was secret: so is its consequence
    push_asked: str = ""  # a player asked to push the failed roll: their reason, for the GM to confirm
    push_by: str = ""  # who asked ("player alice")


__all__ = ["Development", "FailedRoll"]
