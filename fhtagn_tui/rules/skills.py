"""Standard skill lists: the data types and the pure look-ups shared by the three systems.

Each system keeps its own list beside its rules (``rules/<system>/skills.py``):

* a **sheet skill** is on every new character's sheet at its base (``Spot Hidden`` 25 %,
  ``Unarmed Combat`` 40 %, GURPS ``Stealth`` DX/A defaulting to DX−5 or IQ−5);
* a **family** takes any specialisation written in brackets (``Science (Botany)``,
  ``Language (Latin)``, ``Craft (Carpentry)``, GURPS ``Guns (Pistol)``); the family's
  general name alone (``Firearms`` in CoC) is a valid entry too, standing for all of them.

Percentile bases are numbers, or a characteristic expression for the derived ones
(CoC ``Dodge`` = half DEX, ``Language (Own)`` = EDU).  GURPS skills carry their
controlling attribute, difficulty and defaults instead: a skill that was never learned
rolls against its best default, and a skill without one cannot be tried.
"""

from __future__ import annotations

import functools
import re

import msgspec

#: GURPS attributes a skill can be based on (Will and Per default to IQ).
GURPS_ATTRIBUTES = ("ST", "DX", "IQ", "HT", "Will", "Per")
DIFFICULTIES = ("E", "A", "H", "VH")


class SkillDef(msgspec.Struct, frozen=True):
    name: str
    base: int = 0  # percentile base (FHTAGN, CoC)
    derived: str = ""  # "DEX/2", "EDU": a base worked out from a characteristic (CoC)
    attr: str = ""  # GURPS controlling attribute
    difficulty: str = ""  # GURPS E / A / H / VH
    defaults: tuple[tuple[str, int], ...] = ()  # GURPS defaults: (attribute or skill, modifier)
    family: bool = False  # takes a specialisation in brackets


def pct(name: str, base: int = 0, derived: str = "") -> SkillDef:
    return SkillDef(name, base=base, derived=derived)


def fam(name: str, base: int = 0) -> SkillDef:
    return SkillDef(name, base=base, family=True)


def gurps(name: str, code: str, *defaults: tuple[str, int], family: bool = False) -> SkillDef:
    """A GURPS skill from its short form, ``"IQ/A"``, with its defaults (``("DX", -5)``)."""
    attr, _, difficulty = code.partition("/")
    if attr not in GURPS_ATTRIBUTES or difficulty not in DIFFICULTIES:
        raise ValueError(f"bad GURPS skill code {code!r} for {name!r}")
    return SkillDef(name, attr=attr, difficulty=difficulty, defaults=tuple(defaults), family=family)


class SkillList(msgspec.Struct, frozen=True):
    system: str
    sheet: tuple[SkillDef, ...]  # on every new character's sheet
    families: tuple[SkillDef, ...] = ()  # take a specialisation: "Science (…)"

    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.sheet)

    def all_names(self) -> tuple[str, ...]:
        """Every name a GM may write as is: the sheet, the families and their patterns."""
        return self.names() + tuple(f.name for f in self.families) + tuple(f"{f.name} (…)" for f in self.families)

    def find(self, name: str) -> SkillDef | None:
        """The definition of a skill written exactly (any case, any spacing), or ``None``.

        ``Science (Botany)`` finds the family ``Science`` (and answers with the name as
        written, cleaned); a listed specialisation (``Fighting (Brawl)``) finds its own base.
        """
        key = key_of(name)
        for skill in self.sheet:
            if key_of(skill.name) == key:
                return skill
        general, spec = split_specialty(name)
        for skill in self.families:
            if key_of(skill.name) == key_of(general):
                if not spec:
                    return skill
                return msgspec.structs.replace(skill, name=f"{skill.name} ({spec})", family=False)
        return None


_SPACES = re.compile(r"\s+")
_SPECIALTY = re.compile(r"^(?P<general>[^()]+?)\s*\((?P<spec>[^()]*)\)\s*$")


@functools.lru_cache(maxsize=2048)
def key_of(name: str) -> str:
    """A skill name as compared: any case, any spacing.  Remembered: a sheet looks every skill up
    by it at each redraw (a player's view, at every follow: ~900 regex substitutions)."""
    return _SPACES.sub(" ", name.strip()).casefold()


def split_specialty(name: str) -> tuple[str, str]:
    """``"Science (Botany)"`` → ``("Science", "Botany")``; no brackets → ``(name, "")``."""
    match = _SPECIALTY.match(name.strip())
    if match is None:
        return name.strip(), ""
    return match["general"].strip(), _SPACES.sub(" ", match["spec"].strip())


def percentile_base(skill: SkillDef, stats: dict[str, int]) -> int:
    """A d100 skill's base: its number, or its characteristic expression (``DEX/2``, ``EDU``)."""
    if not skill.derived:
        return skill.base
    stat, _, div = skill.derived.partition("/")
    value = stats.get(stat, 0)
    return value // int(div) if div else value


def gurps_attribute(stats: dict[str, int], attr: str) -> int:
    """An attribute's current value: Will and Per default to IQ unless bought apart."""
    if attr in ("Will", "Per"):
        return stats.get(attr, stats.get("IQ", 10))
    return stats.get(attr, 10)


def gurps_default(skill: SkillDef, stats: dict[str, int], known: dict[str, int] | None = None) -> int | None:
    """The best default of a GURPS skill never learned: attribute + modifier, or another skill's
    level + modifier (only skills actually learned count); ``None`` without a default."""
    known = known or {}
    best: int | None = None
    for source, modifier in skill.defaults:
        if source in GURPS_ATTRIBUTES:
            level = gurps_attribute(stats, source) + modifier
        else:
            learned = next((v for k, v in known.items() if key_of(k) == key_of(source)), None)
            if learned is None:
                continue
            level = learned + modifier
        best = level if best is None else max(best, level)
    return best


def describe_gurps(skill: SkillDef) -> str:
    """``"DX/A, default DX−5 or IQ−5"``."""
    code = f"{skill.attr}/{skill.difficulty}"
    if not skill.defaults:
        return f"{code}, no default"
    parts = [f"{src}{mod:+d}".replace("+0", "").replace("-", "−") for src, mod in skill.defaults]
    return f"{code}, default {' or '.join(parts)}"
