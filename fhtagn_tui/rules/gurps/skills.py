"""GURPS: the skills a horror campaign uses most, each with its controlling attribute,
difficulty (E/A/H/VH) and defaults, written down in our own format.

A character's skill is kept at its current level; its controlling attribute says what
moves it: when IQ drops by 1 (GURPS-FRIGHT-37), every IQ-based skill, spells included,
drops by 1.  A skill never learned rolls against its best default; without a default it
cannot be tried.  Unarmed attacks are not a skill default: a punch rolls against DX or the
best of Brawling, Boxing and Karate (:func:`fhtagn_tui.rules.gurps.combat.unarmed_skill`).

Families take a specialisation: ``Guns (Pistol)``, ``Driving (Automobile)``,
``Spell (Deathvision)`` (spells are IQ-based), ``Hidden Lore (Cthulhu Mythos)``.
Dodge, Parry and Block are not skills but may be written on a sheet to override the
computed defence.
"""

from __future__ import annotations

from fhtagn_tui.rules.skills import SkillList, gurps

SKILLS = SkillList(
    system="gurps",
    sheet=(
        gurps("Acting", "IQ/A", ("IQ", -5)),
        gurps("Area Knowledge", "IQ/E", ("IQ", -4)),
        gurps("Axe/Mace", "DX/A", ("DX", -5)),
        gurps("Boxing", "DX/A"),
        gurps("Brawling", "DX/E"),
        gurps("Carousing", "HT/E", ("HT", -4)),
        gurps("Climbing", "DX/A", ("DX", -5)),
        gurps("Computer Operation", "IQ/E", ("IQ", -4)),
        gurps("Criminology", "IQ/A", ("IQ", -5)),
        gurps("Detect Lies", "Per/H", ("Per", -6)),
        gurps("Diagnosis", "IQ/H", ("IQ", -6), ("First Aid", -8)),
        gurps("Diplomacy", "IQ/H", ("IQ", -6)),
        gurps("Disguise", "IQ/A", ("IQ", -5)),
        gurps("Fast-Talk", "IQ/A", ("IQ", -5)),
        gurps("First Aid", "IQ/E", ("IQ", -4)),
        gurps("Forensics", "IQ/H", ("IQ", -6)),
        gurps("History", "IQ/H", ("IQ", -6)),
        gurps("Intimidation", "Will/A", ("Will", -5)),
        gurps("Jumping", "DX/E"),
        gurps("Karate", "DX/H"),
        gurps("Knife", "DX/E", ("DX", -4)),
        gurps("Law", "IQ/H", ("IQ", -6)),
        gurps("Lockpicking", "IQ/A", ("IQ", -5)),
        gurps("Mechanic", "IQ/A", ("IQ", -5)),
        gurps("Meditation", "Will/H", ("Will", -6)),
        gurps("Navigation", "IQ/A", ("IQ", -5)),
        gurps("Observation", "Per/A", ("Per", -5)),
        gurps("Occultism", "IQ/A", ("IQ", -5)),
        gurps("Physician", "IQ/H", ("IQ", -7), ("First Aid", -11)),
        gurps("Psychology", "IQ/H", ("IQ", -6)),
        gurps("Research", "IQ/A", ("IQ", -5)),
        gurps("Running", "HT/A", ("HT", -5)),
        gurps("Search", "Per/A", ("Per", -5)),
        gurps("Shadowing", "IQ/A", ("IQ", -5)),
        gurps("Shield", "DX/E", ("DX", -4)),
        gurps("Shortsword", "DX/A", ("DX", -5)),
        gurps("Stealth", "DX/A", ("DX", -5), ("IQ", -5)),
        gurps("Streetwise", "IQ/A", ("IQ", -5)),
        gurps("Survival", "Per/A", ("Per", -5)),
        gurps("Swimming", "HT/E", ("HT", -4)),
        gurps("Thaumatology", "IQ/VH", ("IQ", -7)),
        gurps("Throwing", "DX/A", ("DX", -3)),
        gurps("Tracking", "Per/A", ("Per", -5)),
        gurps("Guns (Pistol)", "DX/E", ("DX", -4)),
        gurps("Guns (Rifle)", "DX/E", ("DX", -4)),
        gurps("Guns (Shotgun)", "DX/E", ("DX", -4)),
        gurps("Guns (SMG)", "DX/E", ("DX", -4)),
        gurps("Driving (Automobile)", "DX/A", ("DX", -5), ("IQ", -5)),
    ),
    families=(
        gurps("Guns", "DX/E", ("DX", -4), family=True),
        gurps("Driving", "DX/A", ("DX", -5), ("IQ", -5), family=True),
        gurps("Piloting", "DX/A", ("IQ", -6), family=True),
        gurps("Expert Skill", "IQ/H", family=True),
        gurps("Hidden Lore", "IQ/A", family=True),
        gurps("Professional Skill", "IQ/A", ("IQ", -5), family=True),
        gurps("Spell", "IQ/H", family=True),
    ),
)

#: Not skills, but a sheet may give them to override the computed active defences.
DEFENCES = ("Dodge", "Parry", "Block")
