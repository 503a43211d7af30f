"""A session's key moments: what a recap opens with (deaths, insanity, major wounds, broken bonds,
development).

Pure: read from the characters before and after an event, whatever feature wrote it — a death by
a shot, by a hazard or by the GM's ``cond add``, a bond broken by a SAN loss or by hand.  The
players' recap asks it of the public views of those states (:func:`fhtagn_tui.domain.public.public_view`),
so it tells only what the players may read: a hidden character's skills, bonds and pools are blank
there, its conditions public.
"""

from __future__ import annotations

import msgspec

from fhtagn_tui.domain.skills import base_of
from fhtagn_tui.domain.state import Character, State

__all__ = ["KINDS", "Moment", "moments_of", "status_of"]

#: The kinds of key moments, most grave first, with their heading in a recap.
KINDS = {"death": "Death", "insanity": "Insanity", "wound": "Wound", "bond": "Bond broken",
         "development": "Development"}

#: Conditions that are a wound worth a recap's glance (CoC's phases, FHTAGN's and GURPS's knock-out).
_WOUNDS = {"dying": "is dying", "major wound": "suffers a major wound", "unconscious": "falls unconscious"}
#: Conditions that are an insanity though their name does not say so.
_MINDS = {"acute-episode": "has an acute episode", "lost-control": "loses control"}
_ORDER = tuple(KINDS)


class Moment(msgspec.Struct, frozen=True):
    seq: int  # the action's number in the recap (its first event's seq; the public number for the players)
    kind: str  # one of KINDS
    who: str
    what: str  # "dies", "goes insane (flee)", "loses the bond with Claire (broken)", "raises Firearms 50% → 55%"
    text: str  # the action it came of, in the recap's words (its first event's); "" when that is the moment itself
    secret: bool = False
    group: int = 0  # the action (its group)

    @property
    def heading(self) -> str:
        return KINDS[self.kind]

    @property
    def words(self) -> str:
        """``Zoë dies``."""
        return f"{self.who} {self.what}"

    @property
    def told(self) -> str:
        """``Zoë dies — Cultist shoots Zoë…``: the moment, and the action it came of."""
        return f"{self.words} — {self.text}" if self.text else self.words


def _insanity(cond: str) -> str | None:
    """How gaining ``cond`` reads when it is an insanity (``None``: it is not one)."""
    if cond in _MINDS:
        return _MINDS[cond]
    if cond.startswith("insane-"):  # FHTAGN's reactions (FH-SAN-07)
        return f"goes insane ({cond.removeprefix('insane-')})"
    if "insane" in cond:  # CoC's phases, FHTAGN's permanent insanity
        return "goes " + cond.replace("-", " ")
    return None


def _conditions(old: Character | None, new: Character) -> list[tuple[str, str]]:
    gained = [c for c in new.conditions if old is None or c not in old.conditions]
    if not gained:
        return []
    if "dead" in gained:
        return [("death", "dies")]  # (the wounds that came with it are told by the death)
    out: list[tuple[str, str]] = []
    wounds = [_WOUNDS[c] for c in _WOUNDS if c in gained]
    if wounds:
        out.append(("wound", " and ".join(wounds)))
    for cond in gained:
        insane = _insanity(cond)
        if insane is not None:
            out.append(("insanity", insane))
    return out


def _mind(old: Character, new: Character) -> list[tuple[str, str]]:
    if old.mind is new.mind:
        return []
    out: list[tuple[str, str]] = []
    for label, was, now in (("disorder", old.mind.disorders, new.mind.disorders),
                            ("phobia", old.mind.phobias, new.mind.phobias),
                            ("mania", old.mind.manias, new.mind.manias)):
        out += [("insanity", f"gains the {label} {name}") for name in now if name not in was]
    out += [("development", f"adapts to {track}") for track in new.mind.adapted if track not in old.mind.adapted]
    out += [("development", f"learns the spell {spell}") for spell, n in new.mind.spells.items()
            if n >= 0 and old.mind.spells.get(spell, -1) < 0]
    return out


def _bonds(old: Character, new: Character) -> list[tuple[str, str]]:
    if old.bonds is new.bonds:
        return []
    out = []
    for bond in new.bonds:
        was = old.bond(bond.name)
        if was is not None and not was.broken and bond.broken:
            out.append(("bond", f"loses the bond with {bond.name}"))
    return out


def _development(system: str, old: Character, new: Character) -> list[tuple[str, str]]:
    out = []
    raised_stats = False
    if old.stats is not new.stats:
        for stat, value in new.stats.items():
            was = old.stats.get(stat)
            if was is not None and value > was:
                out.append(("development", f"raises {stat} {was} → {value}"))
                raised_stats = True
    if old.skills is not new.skills and not raised_stats:  # (GURPS skills follow their attribute)
        unit = "" if system == "gurps" else "%"
        for skill, value in new.skills.items():
            was = old.skills.get(skill)
            if was is None:
                was = base_of(system, old, skill) if old.stats else None
            if was is not None and value > was:
                out.append(("development", f"raises {skill} {was}{unit} → {value}{unit}"))
    return out


def moments_of(before: State, after: State) -> list[tuple[str, str, str]]:
    """The key moments between two states an event apart: (kind, who, what), gravest first.
    A character new in ``after`` brings only its conditions (created dead, say), not its numbers."""
    if after.characters is before.characters:
        return []
    out: list[tuple[str, str, str]] = []
    previous = before.characters
    for key, char in after.characters.items():
        old = previous.get(key)
        if old is char:
            continue
        found = _conditions(old, char)
        if old is not None and old.hidden == char.hidden:  # (shown or hidden again: nothing developed)
            found += _mind(old, char) + _bonds(old, char) + _development(after.system, old, char)
        out += [(kind, char.name, what) for kind, what in found]
    out.sort(key=lambda m: _ORDER.index(m[0]))
    return out


#: The conditions a summary row tells (the gravest first), and how.
_STATUS = ("dead", "dying", "major wound", "unconscious")


def status_of(char: Character | None) -> str:
    """What a summary row says of how a character ended: ``dead``, ``dying``, ``insane (flee)``…
    ("" when nothing grave)."""
    if char is None:
        return ""
    if char.has("dead"):
        return "dead"
    out = [c for c in _STATUS if char.has(c)]
    for cond in char.conditions:
        insane = _insanity(cond)
        if insane is not None:
            out.append(cond.replace("insane-", "insane: ").replace("-", " "))
    return ", ".join(out)
