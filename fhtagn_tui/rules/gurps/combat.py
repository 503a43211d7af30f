"""GURPS combat basics [STD, Basic Set]: attack and active-defence rolls, damage, DR.

The catalogue holds no GURPS combat rules; attack and defence are success
rolls (GURPS-DICE-01/02, :mod:`fhtagn_tui.rules.gurps.dice`): a critical
success on the attack leaves no defence.  Damage is a dice expression (or
thrust/swing by ST, :mod:`fhtagn_tui.rules.weapons`) minus DR, times the
wounding multiplier of the damage type.
"""

from __future__ import annotations

from fhtagn_tui.rules.gurps.skills import SKILLS
from fhtagn_tui.rules.skills import gurps_default
from fhtagn_tui.rules.weapons import GURPS_WOUNDING

DEFENCES = ("dodge", "parry", "block")

#: The default of a weapon skill the sheet does not list: DX − 4 [STD].
SKILL_DEFAULT_PENALTY = -4


def skill_of(skills: dict[str, int], name: str) -> int | None:
    key = name.casefold()
    for skill, value in skills.items():
        if skill.casefold() == key:
            return value
    return None


def attack_skill(skills: dict[str, int], dx: int, name: str, stats: dict[str, int] | None = None) -> int:
    """The attacker's skill — the specialty's own, else its family's written bare (a sheet's
    ``Guns 12`` for ``Guns (Pistol)``) — else its default from the GURPS skill list (Knife DX−4,
    Axe/Mace DX−5 …), else DX − 4."""
    value = skill_of(skills, name)
    if value is None and "(" in name:
        value = skill_of(skills, name.partition("(")[0].strip())
    if value is not None:
        return value
    listed = SKILLS.find(name)
    if listed is not None:
        default = gurps_default(listed, stats if stats is not None else {"DX": dx}, skills)
        if default is not None:
            return default
    return dx + SKILL_DEFAULT_PENALTY


#: The skills a punch may roll against instead of DX [STD, Basic Set].
UNARMED_SKILLS = ("Brawling", "Boxing", "Karate")


def unarmed_skill(skills: dict[str, int], dx: int, kick: bool = False) -> tuple[int, str]:
    """(level, what it is) of an unarmed attack: a punch rolls against DX or the best of
    Brawling, Boxing and Karate — no default penalty; a kick is the same at −2, and Boxing
    does not kick."""
    options = [(dx, "DX")]
    for name in UNARMED_SKILLS:
        value = skill_of(skills, name)
        if value is not None and not (kick and name == "Boxing"):
            options.append((value, name))
    level, what = max(options, key=lambda o: o[0])
    return (level - 2, what) if kick else (level, what)


def initiative_key(basic_speed: float, dx: int) -> tuple[float, float]:
    """Basic Speed, then DX, highest first (then a die roll-off)."""
    return float(basic_speed), float(dx)


def dodge_score(basic_speed: float, skills: dict[str, int]) -> int:
    """Dodge = ⌊Basic Speed⌋ + 3 unless the sheet gives Dodge."""
    given = skill_of(skills, "Dodge")
    return given if given is not None else int(basic_speed) + 3


def parry_score(weapon_skill: int, skills: dict[str, int]) -> int:
    """Parry = 3 + ⌊skill / 2⌋ unless the sheet gives Parry."""
    given = skill_of(skills, "Parry")
    return given if given is not None else 3 + weapon_skill // 2


def block_score(skills: dict[str, int]) -> int | None:
    """Block = 3 + ⌊Shield / 2⌋ (or the sheet's Block); ``None`` without a shield."""
    given = skill_of(skills, "Block")
    if given is not None:
        return given
    shield = skill_of(skills, "Shield")
    return None if shield is None else 3 + shield // 2


def defence_problem(defence: str, weapon_kind: str) -> str | None:
    """Why a defence cannot be used against this kind of attack."""
    if defence not in DEFENCES:
        return f"{defence!r} is not a GURPS defence (dodge, parry or block)"
    if defence == "parry" and weapon_kind == "ranged":
        return "bullets and missiles cannot be parried (dodge instead)"
    if defence == "block" and weapon_kind == "ranged":
        return "firearms cannot be blocked (dodge instead)"
    return None


def basic_damage(rolled: int, damage_type: str) -> int:
    """A damage roll's minimum: 0 for crushing, 1 for everything else."""
    return max(0 if damage_type == "cr" else 1, rolled)


def injury(damage: int, dr: int, damage_type: str) -> int:
    """Penetrating damage (damage − DR) times the wounding multiplier, rounded down,
    at least 1 when anything penetrates."""
    penetrating = max(0, damage - max(0, dr))
    if penetrating == 0:
        return 0
    num, den = GURPS_WOUNDING.get(damage_type, (1, 1))
    return max(1, penetrating * num // den)
