"""Call of Cthulhu 7e: the investigator's skills and their base chances (the sheet's
printed starting values), written down in our own format.

Derived bases: ``Dodge`` is half DEX, ``Language (Own)`` is EDU.  Families take a
specialisation: ``Science (Botany)``, ``Language (Latin)``, ``Art/Craft (Painting)``
(``Art (…)`` and ``Craft (…)`` are accepted for it), ``Fighting (Claw)``.
"""

from __future__ import annotations

from fhtagn_tui.rules.skills import SkillList, fam, pct

SKILLS = SkillList(
    system="coc7",
    sheet=(
        pct("Accounting", 5),
        pct("Anthropology", 1),
        pct("Appraise", 5),
        pct("Archaeology", 1),
        pct("Charm", 15),
        pct("Climb", 20),
        pct("Credit Rating", 0),
        pct("Cthulhu Mythos", 0),
        pct("Disguise", 5),
        pct("Dodge", derived="DEX/2"),
        pct("Drive Auto", 20),
        pct("Electrical Repair", 10),
        pct("Fast Talk", 5),
        pct("Fighting (Brawl)", 25),
        pct("Firearms (Handgun)", 20),
        pct("Firearms (Rifle/Shotgun)", 25),
        pct("First Aid", 30),
        pct("History", 5),
        pct("Intimidate", 15),
        pct("Jump", 20),
        pct("Language (Own)", derived="EDU"),
        pct("Law", 5),
        pct("Library Use", 20),
        pct("Listen", 20),
        pct("Locksmith", 1),
        pct("Mechanical Repair", 10),
        pct("Medicine", 1),
        pct("Natural World", 10),
        pct("Navigate", 10),
        pct("Occult", 5),
        pct("Operate Heavy Machinery", 1),
        pct("Persuade", 10),
        pct("Psychoanalysis", 1),
        pct("Psychology", 10),
        pct("Ride", 5),
        pct("Sleight of Hand", 10),
        pct("Spot Hidden", 25),
        pct("Stealth", 20),
        pct("Swim", 20),
        pct("Throw", 20),
        pct("Track", 10),
        # specialisations with their own printed bases
        pct("Fighting (Axe)", 15),
        pct("Fighting (Chainsaw)", 10),
        pct("Fighting (Flail)", 10),
        pct("Fighting (Garrote)", 15),
        pct("Fighting (Spear)", 20),
        pct("Fighting (Sword)", 20),
        pct("Fighting (Whip)", 5),
        pct("Firearms (Bow)", 15),
        pct("Firearms (Flamethrower)", 10),
        pct("Firearms (Heavy Weapons)", 10),
        pct("Firearms (Machine Gun)", 10),
        pct("Firearms (Submachine Gun)", 15),
    ),
    families=(
        fam("Art/Craft", 5),
        fam("Art", 5),
        fam("Craft", 5),
        fam("Fighting", 0),
        fam("Firearms", 0),
        fam("Language", 1),
        fam("Pilot", 1),
        fam("Science", 1),
        fam("Survival", 10),
        fam("Lore", 1),
    ),
)

#: Skills with their base, by name (the combat and chase rules read it).
BASES: dict[str, int] = {s.name: s.base for s in SKILLS.sheet if not s.derived}
BASES.update({f.name: f.base for f in SKILLS.families if f.name in ("Pilot", "Survival")})
