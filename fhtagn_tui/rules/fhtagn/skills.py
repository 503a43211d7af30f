"""FHTAGN (the Delta Green family of rules): the agent's skills and their base values,
written down in our own format.

Families take a specialisation in brackets: ``Art (Painting)``, ``Craft (Electrician)``,
``Foreign Language (Russian)``, ``Military Science (Land)``, ``Pilot (Helicopter)``,
``Science (Biology)``.
"""

from __future__ import annotations

from fhtagn_tui.rules.skills import SkillList, fam, pct

SKILLS = SkillList(
    system="fhtagn",
    sheet=(
        pct("Accounting", 10),
        pct("Alertness", 20),
        pct("Anthropology", 0),
        pct("Archeology", 0),
        pct("Artillery", 0),
        pct("Athletics", 30),
        pct("Bureaucracy", 10),
        pct("Computer Science", 0),
        pct("Criminology", 10),
        pct("Demolitions", 0),
        pct("Disguise", 10),
        pct("Dodge", 30),
        pct("Drive", 20),
        pct("Firearms", 20),
        pct("First Aid", 10),
        pct("Forensics", 0),
        pct("Heavy Machinery", 10),
        pct("Heavy Weapons", 0),
        pct("History", 10),
        pct("HUMINT", 10),
        pct("Law", 0),
        pct("Medicine", 0),
        pct("Melee Weapons", 30),
        pct("Navigate", 10),
        pct("Occult", 10),
        pct("Persuade", 20),
        pct("Pharmacy", 0),
        pct("Psychotherapy", 10),
        pct("Ride", 10),
        pct("Search", 20),
        pct("SIGINT", 0),
        pct("Stealth", 10),
        pct("Surgery", 0),
        pct("Survival", 10),
        pct("Swim", 20),
        pct("Unarmed Combat", 40),
        pct("Unnatural", 0),
    ),
    families=(
        fam("Art", 0),
        fam("Craft", 0),
        fam("Foreign Language", 0),
        fam("Military Science", 0),
        fam("Pilot", 0),
        fam("Science", 0),
    ),
)

#: Skills with their base, by name (the combat and healing rules read it).
BASES: dict[str, int] = {s.name: s.base for s in SKILLS.sheet}
