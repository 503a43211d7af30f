"""What a character's state imposes on their tests: one place for every test.

The plain ``test`` command, attacks, SAN tests, hazards and healing ask :func:`imposed`
for the modifiers and dice the character's state adds, with the reason to write in
the event:

* FHTAGN exhaustion: −20 % on every test, SAN tests included, unless stimulants
  suspend it (FH-DMG-08);
* FHTAGN cold: CON lost to the cold lowers CON, so a CON×5 test uses the current CON
  (FH-HAZ-12);
* CoC phobias and manias: an investigator who resisted one takes 1 penalty die on
  their next skill roll, which uses it up (COC-INSANITY-07/08).
"""

from __future__ import annotations

import msgspec

from fhtagn_tui.rules.fhtagn.damage import exhaustion_modifier

from .state import Character

#: Conditions a resisted phobia or mania leaves until the next skill roll (COC-INSANITY-07/08).
RESISTING = {"resisting phobia": "COC-INSANITY-07", "resisting mania": "COC-INSANITY-08"}


class Imposed(msgspec.Struct, frozen=True):
    modifier: int = 0  # FHTAGN: a percentage added to the target
    penalty: int = 0  # CoC: penalty dice
    stats: dict[str, int] = {}  # characteristics as they are now (CON after the cold)
    consumed: tuple[str, ...] = ()  # conditions the roll uses up
    rules: tuple[str, ...] = ()
    reasons: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return "; ".join(self.reasons)


def con_now(char: Character) -> int:
    """CON after any temporary loss to the cold (FH-HAZ-12)."""
    cold = next((h for h in char.hazards if h.kind == "cold"), None)
    return char.stats.get("CON", 0) - (cold.loss if cold else 0)


def imposed(system: str, char: Character, kind: str = "skill") -> Imposed:
    """The state's part of a test by ``char``. ``kind``: skill | stat | san | con."""
    modifier = penalty = 0
    stats: dict[str, int] = {}
    consumed: list[str] = []
    rules: list[str] = []
    reasons: list[str] = []
    if system == "fhtagn":
        tired = exhaustion_modifier(char.has("exhausted"), char.has("stimulated"))
        if tired:
            modifier += tired
            rules.append("FH-DMG-08")
            reasons.append(f"exhausted {tired:+d}")
        con = con_now(char)
        if con != char.stats.get("CON", 0):
            stats["CON"] = con
            if kind in ("stat", "con"):
                rules.append("FH-HAZ-12")
                reasons.append(f"CON {con} after the cold")
    if system == "coc7" and kind == "skill":
        for cond, rule_id in RESISTING.items():
            if char.has(cond) and not penalty:
                penalty = 1
                consumed.append(cond)
                rules.append(rule_id)
                reasons.append(f"{cond.removeprefix('resisting ')} resisted: 1 penalty die")
    return Imposed(modifier=modifier, penalty=penalty, stats=stats, consumed=tuple(consumed), rules=tuple(rules),
                   reasons=tuple(reasons))
