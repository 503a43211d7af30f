"""FHTAGN tables of the GM screen, built from the rules modules' own data."""

from __future__ import annotations

from fhtagn_tui.rules.fhtagn import combat, hazards, party, requisition, sanity
from fhtagn_tui.rules.registry import RULES

from ..registry import Built, reference_table


@reference_table("fh-damage-bonus", "Damage bonus by STR", "fhtagn", "PARTY", rules=("FH-PARTY-06",))
def damage_bonus() -> Built:
    rows = tuple((f"{low}–{high}", f"{bonus:+d}") for low, high, bonus in party.DAMAGE_BONUS_TABLE)
    return ("STR", "Damage bonus"), rows + (("21+", "lethality STR/2 %"),)


@reference_table(
    "fh-expenses", "Expense categories: favour and own money", "fhtagn", "REQ",
    rules=("FH-REQ-01",) + tuple(r.rule for r in requisition.FAVOUR_TABLE) + tuple(r.rule for r in requisition.OWN_TABLE),
)
def expenses() -> Built:
    rows = tuple(
        (
            cat.name,
            cat.range_text + (" (GM approval)" if cat.approval else ""),
            requisition.favour_words(requisition.FAVOUR_ROWS[cat.key]),
            requisition.own_words(requisition.OWN_ROWS[cat.key]),
            ", ".join(cat.examples),
        )
        for cat in requisition.CATEGORIES
    )
    return ("Category", "Price", "Favour (contact bond)", "Own money", "Examples"), rows


def _reach(close: bool | None) -> str:
    return "any" if close is None else "close combat" if close else "ranged"


@reference_table(
    "fh-attack-options", "Called shots and special attacks", "fhtagn", "COMBAT",
    rules=tuple(o.rule for o in combat.ATTACK_OPTIONS),
)
def attack_options() -> Built:
    rows = tuple(
        (o.name, f"{o.modifier:+d}%", _reach(o.close), str(o.rolls), RULES[o.rule].summary if o.rule in RULES else o.rule)
        for o in combat.ATTACK_OPTIONS
    )
    return ("Option", "Modifier", "Attacks", "Rolls", "Effect"), rows


@reference_table("fh-insanity-reactions", "Temporary insanity reactions", "fhtagn", "SAN", rules=("FH-SAN-07",))
def insanity_reactions() -> Built:
    rows = tuple((r.name, ", ".join(r.typical), r.effect) for r in sanity.REACTIONS)
    return ("Reaction", "Typical sources", "Effect"), rows


@reference_table("fh-fire", "Fire intensity", "fhtagn", "HAZ", rules=("FH-HAZ-10", "FH-HAZ-11"))
def fire() -> Built:
    rows = tuple(
        (
            f.name,
            f.example,
            f"lethality {f.lethality}%" if f.lethality else f.damage.upper(),
            "DEX×5 or catch fire" if f.catches else "no",
        )
        for f in hazards.FIRE_TABLE
    )
    return ("Intensity", "Example", "Per turn of contact", "Catch fire?"), rows


@reference_table("fh-poison", "Poison: CON×5 result and damage", "fhtagn", "HAZ", rules=("FH-HAZ-01",))
def poison() -> Built:
    return ("CON×5 result", "Damage taken"), tuple((level, taken) for level, taken in hazards.POISON_TABLE.items())


@reference_table("fh-cold", "Cold: grace before CON tests", "fhtagn", "HAZ", rules=("FH-HAZ-12",))
def cold() -> Built:
    rows = tuple((name, means) for name, means, _ in hazards.COLD_GRACE)
    return ("Preparation", "Grace period"), rows
