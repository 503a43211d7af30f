"""A Call of Cthulhu 7e investigator exported as JSON by Dhole's House → an Entry.

The export's shape (field names only; the sample in the tests is our own):
``{"Investigator": {"PersonalDetails": {"Name", "Occupation", "Age", "Gender", "Residence",
"Birthplace", …}, "Characteristics": {"STR", "CON", "SIZ", "DEX", "APP", "INT", "POW", "EDU",
"Sanity", "SanityMax", "HitPts", "HitPtsMax", "MagicPts", "MagicPtsMax", "Luck", "LuckMax",
"Move", "DamageBonus", "Build"}, "Skills": {"Skill": [{"name", "subskill", "value", "half",
"fifth", "occupation"}]}, "Weapons": {"weapon": [{"name", "skillname", "damage", "range",
"attacks", "ammo", "malf", …}]}, "Possessions": {"item": [{"description"}]}, "Backstory":
{"description", "traits", "ideology", "injurues", "people", "phobias", "locations", "tomes",
"possessions", "encounters"}}}`` — numbers as strings, a lone weapon or item not in a list.
Pure: no IO.
"""

from __future__ import annotations

import re
from typing import Any

from fhtagn_tui.domain.features.bestiary import Entry
from fhtagn_tui.rules.weapons import COC_WEAPONS, Weapon

from .statblock import RANGED_WORDS, StatBlockError

STATS = ("STR", "CON", "SIZ", "DEX", "APP", "INT", "POW", "EDU")
BACKSTORY = (("description", "Description"), ("traits", "Traits"), ("ideology", "Ideology/beliefs"),
             ("injurues", "Injuries and scars"), ("injuries", "Injuries and scars"), ("people", "Significant people"),
             ("phobias", "Phobias and manias"), ("locations", "Meaningful locations"), ("tomes", "Arcane tomes"),
             ("possessions", "Treasured possessions"), ("encounters", "Encounters with strange entities"))
MAX_TEXT = 2000  # characters kept of one backstory field


def is_dholes(data: object) -> bool:
    return isinstance(data, dict) and isinstance(data.get("Investigator"), dict)


def _int(raw: object, what: str) -> int | None:
    if raw is None or raw == "":
        return None
    if isinstance(raw, bool):
        raise StatBlockError(f"Dhole's House JSON: {what} is not a number ({raw!r})")
    if isinstance(raw, int):
        return raw
    text = str(raw).strip().replace("%", "")
    if not re.fullmatch(r"[+\-]?\d+", text):
        raise StatBlockError(f"Dhole's House JSON: {what} is not a number ({str(raw)[:20]!r})")
    return int(text)


def _digits(raw: object) -> int | None:
    """A weapon's number as the export writes it ("6", "1 (3)", "-"): the first whole number, if any."""
    m = re.match(r"\s*(\d{1,4})", str(raw if raw is not None else ""))
    return int(m.group(1)) if m else None


def _text(raw: object) -> str:
    if raw is None:
        return ""
    return " ".join(str(raw).split())[:MAX_TEXT]


def _list(raw: object, key: str) -> list[dict[str, Any]]:
    if isinstance(raw, dict):
        raw = raw.get(key, [])
    if isinstance(raw, dict):
        raw = [raw]
    return [x for x in raw if isinstance(x, dict)] if isinstance(raw, list) else []


def _skill_name(skill: dict[str, Any]) -> str:
    name = _text(skill.get("name"))
    sub = _text(skill.get("subskill"))
    if sub and sub.casefold() != "none":
        return f"{name} ({sub})"
    return name


def _weapon(w: dict[str, Any], skills: dict[str, int]) -> Weapon | None:
    name = _text(w.get("name"))
    if not name or name in ("-", "None"):
        return None
    skillname = _text(w.get("skillname"))
    skill = next((k for k in skills if k.casefold() == skillname.casefold()), "")
    if not skill:
        skill = next((k for k in skills if k.casefold().endswith(f"({skillname.casefold()})")), "")
    starter = {x.key: x for x in COC_WEAPONS}.get(name.casefold())
    if not skill:
        skill = starter.skill if starter else f"Fighting ({skillname or 'Brawl'})"
    damage = re.sub(r"\s+", "", _text(w.get("damage"))) or "1d3+DB"
    rng = _text(w.get("range"))
    ranged = (starter is not None and not starter.close_combat) or skill.startswith("Firearms") or any(
        x in name.casefold() for x in RANGED_WORDS)
    unarmed = name.casefold() in ("unarmed", "brawl", "fists")
    base_range = int(m.group(0)) if (m := re.search(r"\d+", rng)) else (starter.base_range if starter else 0)
    shots = _digits(w.get("attacks"))
    return Weapon(
        name=name[:40], system="coc7", skill=skill, damage=damage,
        kind="ranged" if ranged else "unarmed" if unarmed else "melee",
        base_range=base_range if ranged else 0, shots=shots or (starter.shots if starter else 1),
        magazine=_digits(w.get("ammo")) or 0,
        malfunction=min(100, _digits(w.get("malf")) or 0),
        impaling=starter.impaling if starter else False,
        action=starter.action if starter else ("semi" if ranged else ""),
    )


def read(data: dict[str, Any]) -> tuple[Entry, list[str]]:
    """The investigator, and the lines of the report (what was left aside)."""
    inv = data["Investigator"]
    personal = inv.get("PersonalDetails") or {}
    chars = inv.get("Characteristics") or {}
    if not isinstance(personal, dict) or not isinstance(chars, dict):
        raise StatBlockError("Dhole's House JSON: PersonalDetails and Characteristics must be objects")
    name = _text(personal.get("Name"))[:60]
    if not name:
        raise StatBlockError("Dhole's House JSON: the investigator has no Name (PersonalDetails.Name)")
    stats: dict[str, int] = {}
    for stat in STATS:
        value = _int(chars.get(stat), stat)
        if value is None:
            raise StatBlockError(f"Dhole's House JSON: {name} has no {stat} (Characteristics.{stat})")
        stats[stat] = value
    luck = _int(chars.get("Luck"), "Luck")
    if luck is not None:
        stats["Luck"] = luck
    age = _int(personal.get("Age"), "Age")
    if age is not None:
        stats["Age"] = age
    pools: dict[str, int] = {}
    for key, pool in (("Sanity", "SAN"), ("HitPts", "HP"), ("MagicPts", "MP"), ("Luck", "Luck")):
        value = _int(chars.get(key), key)
        if value is not None:
            pools[pool] = value
    skills: dict[str, int] = {}
    left: list[str] = []
    for s in _list(inv.get("Skills"), "Skill"):
        sname = _skill_name(s)
        value = _int(s.get("value"), f"skill {sname}")
        sub = _text(s.get("subskill"))
        if not sname or value is None:
            continue
        if sub.casefold() == "none" and value <= 1 and str(s.get("half", "")) == "0":
            continue  # an empty specialisation slot
        skills[sname[:60]] = value
    attacks: list[Weapon] = []
    for w in _list(inv.get("Weapons"), "weapon"):
        weapon = _weapon(w, skills)
        if weapon is not None and weapon.name.casefold() not in ("unarmed", "brawl") and \
                all(a.key != weapon.key for a in attacks):
            attacks.append(weapon)
    notes: list[str] = []
    occupation = _text(personal.get("Occupation"))
    details = [f"{k}: {_text(personal.get(k))}" for k in ("Occupation", "Gender", "Residence", "Birthplace")
               if _text(personal.get(k))]
    if details:
        notes.append("; ".join(details))
    back = inv.get("Backstory") or {}
    if isinstance(back, dict):
        for key, label in BACKSTORY:
            text = _text(back.get(key))
            if text and text.casefold() not in ("null", "none"):
                notes.append(f"{label}: {text}")
    items = [_text(i.get("description")) for i in _list(inv.get("Possessions"), "item")]
    items = [i for i in items if i]
    if items:
        notes.append("Possessions: " + ", ".join(items))
    cash = inv.get("Cash")
    if isinstance(cash, dict) and any(_text(v) for v in cash.values()):
        notes.append("Cash: " + ", ".join(f"{k} {_text(v)}" for k, v in cash.items() if _text(v)))
    for key in inv:
        if key not in ("PersonalDetails", "Characteristics", "Skills", "Weapons", "Possessions", "Backstory",
                       "Cash", "Assets", "Header", "Talents", "Combat"):
            left.append(f"{key} (not read)")
    entry = Entry(name=name, system="coc7", kind="investigator", stats=stats, skills=skills,
                  attacks=tuple(attacks), pools=pools, notes="\n".join(notes)[:8000],
                  description=occupation)
    return entry, left


__all__ = ["is_dholes", "read"]
