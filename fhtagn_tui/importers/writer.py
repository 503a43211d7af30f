"""A character back out as a stat block in its system's usual layout (``char export --format statblock``).

What it writes, :mod:`.statblock` reads back to the same sheet: the characteristics, the
pools as they stand (CoC SAN/HP/MP, FHTAGN HP/WP/SAN/BP; a GURPS block gives the maxima),
the skills the GM wrote, each attack (its skill in square brackets when it is not the one
the attack's name gives, ``Knife [Fighting (Brawl)] 45%``), armour, SAN loss, CoC spells,
FHTAGN bonds, the book's Move/Build where the sheet keeps them as stated, and an attack's notes
in the forms a book prints (armour piercing, ``(burst)``, a GURPS armour divisor).  Not in a
stat block (``--format json`` keeps them): the kind of a player character, hidden, GM
notes, conditions, and the details of an attack beyond its name, skill, damage, type,
lethality and attacks per round (range, magazine…: read back from the starter weapon of
the same name).  Pure: no IO.
"""

from __future__ import annotations

import re

from fhtagn_tui.domain.state import Character, State
from fhtagn_tui.domain.systems import SHEETS, complete_stats, derived
from fhtagn_tui.rules.weapons import Weapon

from .statblock import attack_skill


def _value(char: Character, skill: str) -> int:
    if skill in char.skills:
        return char.skills[skill]
    from fhtagn_tui.domain.decide import Rejected
    from fhtagn_tui.domain.skills import value_of

    system = char.attacks[0].system if char.attacks else ""
    try:
        found = value_of(system, char, skill) if system else None
    except Rejected:
        return 0
    return found[1] if found else 0


def _named(system: str, w: Weapon) -> str:
    """The attack's name, with its skill in brackets when the name alone would give another."""
    return w.name if attack_skill(system, w.name).casefold() == w.skill.casefold() else f"{w.name} [{w.skill}]"


_EXTRA = re.compile(r"(?:armour piercing \d+|\([^)\n]{1,30}\))(?: (?:armour piercing \d+|\([^)\n]{1,30}\)))*")


def _extras(w: Weapon) -> str:
    """What a book prints after the damage (``Armor Piercing 3``, ``(burst)``), from the attack's notes."""
    return ", " + w.notes.replace("armour piercing", "Armor Piercing") if _EXTRA.fullmatch(w.notes) else ""


def _pct(value: int) -> str:
    return f"{value}% ({value // 2}/{value // 5})"


def _coc_attack(char: Character, w: Weapon) -> str:
    value = _value(char, w.skill)
    db = {"full": "+DB", "half": "+½DB"}.get(w.db_mode if w.db else "none", "")
    return f"{_named('coc7', w)} {_pct(value)}, damage {w.damage.upper()}{db}{_extras(w)}"


def _fh_attack(char: Character, w: Weapon) -> str:
    value = _value(char, w.skill)
    parts = [f"{_named('fhtagn', w)} {value}%"]
    if w.damage and w.damage != "0":
        parts.append(f"damage {w.damage.upper()}")
    if w.lethality:
        parts.append(f"Lethality {w.lethality}%")
    return ", ".join(parts) + _extras(w)


def _gurps_attack(char: Character, w: Weapon) -> str:
    value = _value(char, w.skill)
    div = w.notes.removeprefix("armour divisor ") if w.notes.startswith("armour divisor (") else ""
    return f"{_named('gurps', w)} ({value}): {w.damage}{' ' + div if div else ''} {w.damage_type}"


def _skills(char: Character, skip: tuple[str, ...], sep: str, dash: bool) -> str:
    items = [f"{k}-{v}" if dash else f"{k} {v}%" for k, v in sorted(char.skills.items(), key=lambda kv: kv[0].casefold())
             if k not in skip]  # alphabetical, as the books list them
    return sep.join(items)


def _tail(state: State, char: Character) -> list[str]:
    lines: list[str] = []
    armor = state.armory.armor.get(char.id, 0)
    if armor:
        item = state.armory.armor_names.get(char.id, "")
        lines.append(("DR" if state.system == "gurps" else "Armor:") + f" {armor}" + (f" ({item})" if item else ""))
    if char.san_loss:
        lines.append(f"SAN loss: {char.san_loss}")
    return lines


def _spell_names(state: State, char: Character) -> list[str]:
    lore = state.coc_lore.spells
    return [lore[k].name if k in lore else k for k, v in char.mind.spells.items() if v >= 0]


def write_block(state: State, char: Character) -> str:
    """The character as a stat block of its campaign's system."""
    system = state.system
    stats = complete_stats(system, char.stats)
    d = derived(system, Character(id=char.id, name=char.name, kind=char.kind, stats=stats, skills=char.skills))
    per_round = char.attacks[0].per_round if char.attacks else 1
    lines = [char.name]
    if system == "coc7":
        lines.append(" ".join(f"{k} {stats[k]}" for k in SHEETS[system].stat_names)
                     + "".join(f" {k} {stats[k]}" for k in ("Luck", "Age") if k in char.stats))
        cur = char.current
        lines.append(f"SAN {cur.get('SAN', 0)} HP {cur.get('HP', 0)} MP {cur.get('MP', 0)} DB {d['DB']} "
                     f"Build {d['Build']} Move {d['MOV']}")
        if per_round > 1:
            lines.append(f"Attacks per round: {per_round}")
        lines += [_coc_attack(char, w) for w in char.attacks]
        if "Dodge" in char.skills:
            lines.append(f"Dodge {_pct(char.skills['Dodge'])}")
        skills = _skills(char, ("Dodge",), ", ", dash=False)
        if skills:
            lines.append(f"Skills: {skills}.")
        spells = _spell_names(state, char)
        if spells:
            lines.append(f"Spells: {', '.join(spells)}.")
    elif system == "fhtagn":
        lines.append(" ".join(f"{k} {stats[k]}" for k in SHEETS[system].stat_names))
        cur = char.current
        lines.append(" ".join(f"{k} {cur[k]}" for k in ("HP", "WP", "SAN", "BP") if k in cur))
        skills = _skills(char, (), ", ", dash=False)
        if skills:
            lines.append(f"SKILLS: {skills}.")
        if char.attacks:
            if per_round > 1:
                lines.append(f"Attacks per round: {per_round}")
            lines.append("ATTACKS: " + _fh_attack(char, char.attacks[0]))
            lines += [_fh_attack(char, w) for w in char.attacks[1:]]
        if char.bonds:
            lines.append("BONDS: " + ", ".join(f"{b.name} {b.score}" for b in char.bonds))
    else:
        speed = float(d["Basic Speed"])
        # HP, Will, Per and FP as the sheet sets them (left out, they follow ST, IQ and HT)
        secondary = " ".join(f"{k} {char.stats[k]}" for k in ("HP", "Will", "Per", "FP") if k in char.stats)
        lines.append(" ".join(f"{k} {stats[k]}" for k in SHEETS[system].stat_names)
                     + (f"; {secondary}" if secondary else "") + f"; Basic Speed {speed:.2f}; Move {d['Basic Move']}")
        defences = [f"{k} {char.skills[k]}" for k in ("Dodge", "Parry", "Block") if k in char.skills]
        if defences:
            lines.append(" ".join(defences))
        skills = _skills(char, ("Dodge", "Parry", "Block"), "; ", dash=True)
        if skills:
            lines.append(f"Skills: {skills}.")
        if char.attacks:
            if per_round > 1:
                lines.append(f"Attacks per round: {per_round}")
            lines.append("Attacks: " + "; ".join(_gurps_attack(char, w) for w in char.attacks))
    lines += _tail(state, char)
    return "\n".join(lines)


__all__ = ["write_block"]
