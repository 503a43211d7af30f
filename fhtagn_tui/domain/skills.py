"""A character's skills as the rules see them: the standard list of the campaign's system
at base, overlaid with what the GM raised (or lowered) on the sheet.

A character stores only the skills the GM wrote down; every other skill of the list is
there at its base (d100 systems) or at its best default (GURPS).  The Party sheet shows
:func:`raised` and a count of the rest (:func:`at_base`); ``test`` reads :func:`value_of`;
``char new``/``char set`` check names with :func:`name_to_write` (a near miss of a listed
skill is refused with a did-you-mean unless confirmed as a new skill).

GURPS skills are kept at their current level and move with their controlling attribute
(:func:`moved_by_attributes`): IQ 12 → 11 takes every IQ-based skill and spell down by 1.
"""

from __future__ import annotations

import re

from fhtagn_tui.rules import names
from fhtagn_tui.rules.coc.skills import SKILLS as COC
from fhtagn_tui.rules.fhtagn.skills import SKILLS as FHTAGN
from fhtagn_tui.rules.gurps import combat as gurps_combat
from fhtagn_tui.rules.gurps import party as gurps_party
from fhtagn_tui.rules.gurps.skills import DEFENCES
from fhtagn_tui.rules.gurps.skills import SKILLS as GURPS
from fhtagn_tui.rules.skills import (
    GURPS_ATTRIBUTES,
    SkillDef,
    SkillList,
    gurps_attribute,
    gurps_default,
    key_of,
    percentile_base,
    split_specialty,
)

from .decide import Rejected
from .state import Character

LISTS: dict[str, SkillList] = {"fhtagn": FHTAGN, "coc7": COC, "gurps": GURPS}

#: How a GM writes a GURPS skill relative to its attribute: ``IQ+1``, ``DX-1``, ``Per``.
RELATIVE = re.compile(r"^\s*(ST|DX|IQ|HT|Will|Per)\s*(?:([+\-−])\s*(\d{1,2}))?\s*$", re.IGNORECASE)


def skill_list(system: str) -> SkillList:
    return LISTS[system]


def _stored(char: Character, name: str) -> str | None:
    key = key_of(name)
    return next((k for k in char.skills if key_of(k) == key), None)


def definition(system: str, name: str) -> SkillDef | None:
    return LISTS[system].find(name) if system in LISTS else None


def controlling(system: str, char: Character, skill: str) -> str:
    """A GURPS skill's controlling attribute ("" when it has none: defences, unknown skills)."""
    if system != "gurps":
        return ""
    given = next((v for k, v in char.skill_attrs.items() if key_of(k) == key_of(skill)), "")
    if given:
        return given
    found = GURPS.find(skill)
    return found.attr if found is not None else ""


def base_of(system: str, char: Character, name: str) -> int | None:
    """The value of a skill never raised: its base (d100) or best default (GURPS, ``None``
    when it has none); ``None`` for a skill that is not on the list."""
    skill = definition(system, name)
    if skill is None:
        if system == "gurps" and key_of(name) == "dodge":
            return gurps_combat.dodge_score(float(gurps_party.secondary(char.stats)["Basic Speed"]), {})
        return None
    if system == "gurps":
        return gurps_default(skill, char.stats, char.skills)
    return percentile_base(skill, char.stats)


def sheet_skills(system: str, char: Character) -> dict[str, int]:
    """Every skill of the system's list at its base (GURPS: those with a default), then the
    character's own skills over them."""
    out: dict[str, int] = {}
    if char.stats:  # a hidden NPC in the players' view has none
        for skill in LISTS[system].sheet:
            value = base_of(system, char, skill.name)
            if value is not None:
                out[skill.name] = value
    for name, value in char.skills.items():
        listed = next((k for k in out if key_of(k) == key_of(name)), None)
        if listed is not None and listed != name:
            del out[listed]
        out[name] = value
    return out


def raised(system: str, char: Character) -> list[tuple[str, int]]:
    """The skills the GM wrote down with a value other than their base, in sheet order."""
    out = []
    for name, value in char.skills.items():
        if base_of(system, char, name) != value:
            out.append((name, value))
    return out


def at_base(system: str, char: Character) -> int:
    """How many skills of the list this character has at their base (not raised)."""
    shown = {key_of(n) for n, _ in raised(system, char)}
    return sum(1 for n in sheet_skills(system, char) if key_of(n) not in shown)


def relative_text(system: str, char: Character, name: str, value: int) -> str:
    """GURPS: ``"IQ+1"`` for a skill one over its attribute ("" elsewhere or without one)."""
    attr = controlling(system, char, name)
    if not attr:
        return ""
    rel = value - gurps_attribute(char.stats, attr)
    return f"{attr}{rel:+d}".replace("+0", "").replace("-", "−")


def readable_names(system: str, char: Character) -> list[str]:
    """Every skill name a test may name: the character's own, then the list's sheet."""
    out = list(char.skills)
    seen = {key_of(n) for n in out}
    out += [s.name for s in LISTS[system].sheet if key_of(s.name) not in seen]
    if system == "gurps" and "dodge" not in seen:
        out.append("Dodge")
    return out


def value_of(system: str, char: Character, name: str) -> tuple[str, int] | None:
    """(skill name, value) for a test of ``name``: the sheet's own entry, else the listed
    skill at its base, found with the name resolver; ``None`` when nothing fits at all.
    Refuses an ambiguous name, and a GURPS skill without a default that was never learned."""
    stored = _stored(char, name)
    if stored is None and split_specialty(name)[1]:
        # a specialty the sheet does not list, under a family the sheet gives bare ("Firearms 40%"
        # in a stat block): the family's value is the specialty's, not the specialty's base
        stored = _stored(char, split_specialty(name)[0])
    if stored is not None:
        return stored, char.skills[stored]
    listed = definition(system, name)
    if listed is None or listed.family and not split_specialty(name)[1]:
        family = listed
        found = names.matches(name, readable_names(system, char))
        own = [f for f in found if _stored(char, f) is not None]
        if len(found) > 1 and len(own) == 1:  # "firearms": the one Firearms (…) on the sheet
            found = own
        if len(found) > 1:
            raise Rejected(f"{name!r} could be more than one skill of {char.name}: {', '.join(found[:8])} — type more of the name")
        if not found:
            if family is not None:
                raise Rejected(f"which {family.name}? name the specialty, e.g. '{family.name} (…)'")
            return None
        stored = _stored(char, found[0])
        if stored is not None:
            return stored, char.skills[stored]
        listed = definition(system, found[0])
        if listed is None:  # GURPS Dodge
            value = base_of(system, char, found[0])
            return (found[0], value) if value is not None else None
    value = base_of(system, char, listed.name)
    if value is None:
        raise Rejected(
            f"{char.name} has not learned {listed.name}, which has no default in GURPS ({listed.attr}/{listed.difficulty}): "
            f"give it with 'char set {char.id} \"{listed.name}={listed.attr}+0\"' (or the level)"
        )
    return listed.name, value


def name_to_write(system: str, char_skills: dict[str, int], name: str, confirmed: bool) -> str:
    """The name a skill is stored under when the GM writes ``name``: the listed spelling, the
    sheet's own entry, a specialisation of a family, or a new skill.  A near miss of a
    listed skill (``Unarmed`` for ``Unarmed Combat``) is refused with the suggestion unless
    ``confirmed`` (``custom:NAME=N`` or ``--new-skill``)."""
    text = " ".join(name.split())
    if not text:
        raise Rejected("a skill needs a name")
    key = key_of(text)
    stored = next((k for k in char_skills if key_of(k) == key), None)
    if stored is not None:
        return stored
    skills = LISTS[system]
    listed = skills.find(text)
    if listed is not None:
        return listed.name
    if system == "gurps":
        defence = next((d for d in DEFENCES if d.casefold() == key), None)
        if defence:
            return defence
    if confirmed:
        return text
    general, spec = split_specialty(text)
    known = list(char_skills) + list(skills.names()) + [f.name for f in skills.families]
    near = names.matches(general if spec else text, known) or names.suggest(general if spec else text, known)
    if near:
        if spec:
            near = [f"{n} ({spec})" if any(f.name == n for f in skills.families) else n for n in near]
        shown = " or ".join(repr(n) for n in near[:3])
        raise Rejected(f"{text!r} is not a listed skill — did you mean {shown}? ({_custom(text)}=N keeps a new one)")
    return text


def _custom(text: str) -> str:
    return f'custom:"{text}"' if " " in text else f"custom:{text}"


def relative_value(stats: dict[str, int], text: str) -> tuple[str, int] | None:
    """``"IQ+1"`` → ("IQ", IQ + 1); ``None`` when ``text`` is not such a form."""
    match = RELATIVE.match(text)
    if match is None:
        return None
    attr = next(a for a in GURPS_ATTRIBUTES if a.casefold() == match[1].casefold())
    sign = -1 if match[2] in ("-", "−") else 1
    return attr, gurps_attribute(stats, attr) + sign * int(match[3] or 0)


def moved_by_attributes(char: Character, new_stats: dict[str, int]) -> dict[str, int]:
    """GURPS: the character's skills after its attributes change from ``char.stats`` to
    ``new_stats`` — each moves by the change of its controlling attribute."""
    deltas = {a: gurps_attribute(new_stats, a) - gurps_attribute(char.stats, a) for a in GURPS_ATTRIBUTES}
    if not any(deltas.values()):
        return dict(char.skills)
    out = {}
    for name, value in char.skills.items():
        attr = controlling("gurps", char, name)
        out[name] = value + deltas.get(attr, 0) if attr else value
    return out


def sheet_line(system: str, char: Character) -> str:
    """The sheet's skills line: the raised skills, then how many are at base.

    ``"Firearms 50%, Search 45% · 35 more at base"``; GURPS shows the level relative to the
    attribute: ``"Stealth 13 (DX+1) · 40 more at default"``.
    """
    unit = "" if system == "gurps" else "%"
    shown = []
    for name, value in raised(system, char):
        rel = relative_text(system, char, name, value)
        shown.append(f"{name} {value}{unit}" + (f" ({rel})" if rel else ""))
    rest = at_base(system, char)
    word = "default" if system == "gurps" else "base"
    tail = f"{rest} more at {word}" if shown else f"all {rest} at {word}"
    return " · ".join(p for p in (", ".join(shown), tail) if p)
