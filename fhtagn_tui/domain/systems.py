"""Per-system character sheets: which stats exist, their legal ranges, and
the derived values and pools computed from them by the rules layer."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from fhtagn_tui.rules.coc import party as coc
from fhtagn_tui.rules.fhtagn import party as fh
from fhtagn_tui.rules.gurps import party as gurps

from .state import Character


class StatSpec(msgspec.Struct, frozen=True):
    name: str
    low: int  # for player characters
    high: int
    npc_low: int  # for NPCs and monsters
    npc_high: int
    default: int
    help: str = ""


class Sheet(msgspec.Struct, frozen=True):
    system: str
    pc_kind: str  # what a player character is called
    stats: tuple[StatSpec, ...]
    pools: tuple[str, ...]  # current values tracked in play, in display order
    optional: tuple[StatSpec, ...] = ()  # stats that may be set but have a derived default

    def spec(self, name: str) -> StatSpec | None:
        key = name.casefold()
        for spec in self.stats + self.optional:
            if spec.name.casefold() == key:
                return spec
        return None

    @property
    def stat_names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.stats)


def _s(name: str, low: int, high: int, npc_high: int, default: int, help: str = "") -> StatSpec:
    return StatSpec(name, low, high, 1, npc_high, default, help)


SHEETS: dict[str, Sheet] = {
    "fhtagn": Sheet(
        system="fhtagn",
        pc_kind="agent",
        stats=(
            _s("STR", 3, 18, 60, 10, "Strength"),
            _s("CON", 3, 18, 60, 10, "Constitution"),
            _s("DEX", 3, 18, 40, 10, "Dexterity"),
            _s("INT", 3, 18, 40, 10, "Intelligence"),
            _s("POW", 3, 18, 60, 10, "Power"),
            _s("CHA", 3, 18, 40, 10, "Charisma"),
        ),
        pools=("HP", "WP", "SAN", "BP"),
    ),
    "coc7": Sheet(
        system="coc7",
        pc_kind="investigator",
        stats=(
            _s("STR", 15, 99, 500, 50, "Strength"),
            _s("CON", 15, 99, 500, 50, "Constitution"),
            _s("SIZ", 40, 99, 500, 60, "Size"),
            _s("DEX", 15, 99, 300, 50, "Dexterity"),
            _s("APP", 15, 99, 99, 50, "Appearance"),
            _s("INT", 40, 99, 300, 60, "Intelligence"),
            _s("POW", 15, 99, 500, 50, "Power"),
            _s("EDU", 40, 99, 99, 60, "Education"),
        ),
        pools=("HP", "MP", "SAN", "Luck"),
        optional=(
            StatSpec("Luck", 15, 99, 0, 99, 50, "Luck (3D6×5)"),
            StatSpec("Age", 15, 89, 1, 999, 25, "Age in years"),
            StatSpec("MOV", 1, 12, 0, 99, 8, "Movement rate as the book states it (default from STR, DEX, SIZ, age)"),
            StatSpec("Build", -2, 2, -2, 99, 0, "Build as the book states it (default from STR+SIZ; gives the DB)"),
        ),
    ),
    "gurps": Sheet(
        system="gurps",
        pc_kind="investigator",
        stats=(
            _s("ST", 1, 30, 100, 10, "Strength"),
            _s("DX", 1, 30, 30, 10, "Dexterity"),
            _s("IQ", 1, 30, 30, 10, "Intelligence"),
            _s("HT", 1, 30, 30, 10, "Health"),
        ),
        pools=("HP", "FP"),
        optional=(
            StatSpec("HP", 1, 60, 1, 300, 10, "Hit points (default ST)"),
            StatSpec("FP", 1, 60, 1, 300, 10, "Fatigue points (default HT)"),
            StatSpec("Will", 1, 30, 1, 30, 10, "Will (default IQ)"),
            StatSpec("Per", 1, 30, 1, 30, 10, "Perception (default IQ)"),
            StatSpec("Move", 0, 30, 0, 99, 5, "Basic Move as the book states it (default Basic Speed)"),
        ),
    ),
}

PC_KINDS = ("investigator", "agent", "pc")
NPC_KINDS = ("npc", "monster")
KINDS = PC_KINDS + NPC_KINDS


def stat_range(system: str, stat: str, kind: str) -> tuple[int, int]:
    spec = SHEETS[system].spec(stat)
    if spec is None:
        raise KeyError(stat)
    return (spec.low, spec.high) if kind in PC_KINDS else (spec.npc_low, spec.npc_high)


def check_stat(system: str, stat: str, value: int, kind: str) -> str | None:
    """A message if ``value`` is impossible for ``stat``, else ``None``."""
    sheet = SHEETS[system]
    spec = sheet.spec(stat)
    if spec is None:
        known = ", ".join(s.name for s in sheet.stats + sheet.optional)
        return f"{stat!r} is not a {system} characteristic (known: {known}); skills are set with skill=VALUE"
    low, high = stat_range(system, spec.name, kind)
    who = "a player character" if kind in PC_KINDS else "an NPC"
    if not low <= value <= high:
        return f"{spec.name} {value} is impossible for {who} in {system}: it must be {low}–{high}"
    return None


def check_skill(value: int) -> str | None:
    if not 0 <= value <= 999:
        return f"a skill of {value}% is impossible: it must be 0–999"
    return None


# --- derived values ---------------------------------------------------------


def _fhtagn(stats: dict[str, int], skills: dict[str, int]) -> dict[str, int | str | float]:
    db, lethality = fh.damage_bonus(stats["STR"])
    return {
        "max HP": fh.max_hp(stats["STR"], stats["CON"]),
        "max WP": fh.max_wp(stats["POW"]),
        "max SAN": fh.max_san(skills.get("Unnatural", 0)),
        "DB": f"lethality {lethality}%" if lethality else f"{db:+d}",
    }


def _coc7(stats: dict[str, int], skills: dict[str, int]) -> dict[str, int | str | float]:
    db, build = coc.damage_bonus_and_build(stats["STR"], stats["SIZ"])
    if "Build" in stats:  # as the book states it: the DB goes with it (COC-PARTY-02's table)
        build = stats["Build"]
        db = coc.damage_bonus_of_build(build)
    return {
        "max HP": coc.max_hp(stats["CON"], stats["SIZ"]),
        "max MP": coc.max_mp(stats["POW"]),
        "max SAN": coc.max_san(skills.get("Cthulhu Mythos", 0)),
        "DB": db,
        "Build": build,
        "MOV": stats.get("MOV", coc.mov(stats["STR"], stats["DEX"], stats["SIZ"], stats.get("Age", 25))),
        "Dodge": skills.get("Dodge", stats["DEX"] // 2),
    }


def _gurps(stats: dict[str, int], skills: dict[str, int]) -> dict[str, int | str | float]:
    sec = gurps.secondary(stats)
    return {
        "max HP": sec["HP"],
        "max FP": sec["FP"],
        "Will": sec["Will"],
        "Per": sec["Per"],
        "Basic Speed": sec["Basic Speed"],
        "Basic Move": sec["Basic Move"],
    }


_DERIVE: dict[str, Callable[[dict[str, int], dict[str, int]], dict[str, int | str | float]]] = {
    "fhtagn": _fhtagn,
    "coc7": _coc7,
    "gurps": _gurps,
}


def derived(system: str, char: Character) -> dict[str, int | str | float]:
    if not char.stats:  # a hidden character in the players' view (domain.public): nothing to derive
        return {}
    return _DERIVE[system](char.stats, char.skills)


def starting_pools(system: str, stats: dict[str, int], skills: dict[str, int]) -> dict[str, int]:
    """The pools a new character starts with."""
    d = _DERIVE[system](stats, skills)
    if system == "fhtagn":
        san = min(fh.starting_san(stats["POW"]), int(d["max SAN"]))
        return {"HP": int(d["max HP"]), "WP": int(d["max WP"]), "SAN": san, "BP": fh.breaking_point(san, stats["POW"])}
    if system == "coc7":
        return {
            "HP": int(d["max HP"]),
            "MP": int(d["max MP"]),
            "SAN": min(stats["POW"], int(d["max SAN"])),
            "Luck": stats.get("Luck", 50),
        }
    return {"HP": int(d["max HP"]), "FP": int(d["max FP"])}


def pool_max(system: str, char: Character, pool: str) -> int | None:
    """The maximum of a pool, where the rules give one."""
    d = derived(system, char)
    value = d.get(f"max {pool}")
    if value is None and pool == "Luck":
        return 99
    return int(value) if value is not None else None


def pool_floor(system: str, pool: str) -> int | None:
    """The lowest a pool may go (GURPS HP and FP may go negative)."""
    if system == "gurps" and pool in ("HP", "FP"):
        return None
    return 0


def complete_stats(system: str, stats: dict[str, int]) -> dict[str, int]:
    """Fill in missing characteristics with their defaults."""
    sheet = SHEETS[system]
    out = {s.name: stats.get(s.name, s.default) for s in sheet.stats}
    for spec in sheet.optional:
        if spec.name in stats:
            out[spec.name] = stats[spec.name]
    return out
