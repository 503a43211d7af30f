"""Stat blocks written for these tests (our own numbers and names), each with the character expected.

``expect``: name, system, kind, stats (a subset), skills (a subset), attacks as
(name, skill, damage, db or GURPS type, attacks per round), armor, san_loss, pools (a subset),
unknown (what must be reported as not understood, in order).
"""

from __future__ import annotations

COC: list[tuple[str, dict]] = [
    # 1 — the layout as printed, half/fifth values everywhere
    ("""Constable Abel Marsh
STR 65 CON 60 SIZ 70 DEX 55 INT 60 APP 50 POW 45 EDU 55 SAN 45 HP 13 DB +1D4 Build 1 Move 7 MP 9
Attacks per round: 1
Fighting 50% (25/10), damage 1D6+DB
Dodge 27% (13/5)
Skills: Law 35% (17/7), Listen 45% (22/9), Spot Hidden 50% (25/10).
Armor: none.
""", dict(name="Constable Abel Marsh", kind="npc", stats=dict(STR=65, CON=60, SIZ=70, DEX=55, INT=60, APP=50, POW=45, EDU=55),
          skills={"Fighting": 50, "Dodge": 27, "Law": 35, "Listen": 45, "Spot Hidden": 50},
          attacks=[("Fighting", "Fighting", "1d6", "full", 1)], armor=0, pools=dict(SAN=45), unknown=[])),
    # 2 — a creature, several attacks per round, SAN loss with words after it
    ("""Mire Gaunt
STR 90 CON 70 SIZ 85 DEX 60 INT 45 APP — POW 55 EDU — SAN — HP 15 DB +1D6 Build 2 Move 8 MP 11
Attacks per round: 2 (claw, claw)
Fighting (Claw) 45% (22/9), damage 1D8+DB
Dodge 30% (15/6)
Armor: 2-point slimy hide.
Sanity loss: 0/1D6 to see a mire gaunt.
""", dict(name="Mire Gaunt", kind="monster", stats=dict(STR=90, CON=70, SIZ=85, DEX=60, INT=45, POW=55),
          skills={"Fighting (Claw)": 45, "Dodge": 30}, attacks=[("Fighting (Claw)", "Fighting (Claw)", "1d8", "full", 2)],
          armor=2, armor_item="slimy hide", san_loss="0/1d6", unknown=[])),
    # 3 — messy: a PDF's line breaks mid-row, a hyphenated skill, no % signs
    ("""Old Tom Gedney,
the ferryman
STR 55 CON 65 SIZ
60 DEX 50 INT 55 APP 35 POW 60 EDU 30
SAN 60 HP 12 DB 0 Build 0 Move 6 MP 12
Fighting 40 (20/8), damage 1D3+DB
Skills: Navigate 55, Pilot (Boat) 60, Spot Hid-
den 40, Swim 70.
""", dict(name="Old Tom Gedney", notes_has="the ferryman", stats=dict(STR=55, CON=65, SIZ=60, DEX=50, INT=55, APP=35, POW=60, EDU=30),
          skills={"Fighting": 40, "Navigate": 55, "Pilot (Boat)": 60, "Spot Hidden": 40, "Swim": 70},
          attacks=[("Fighting", "Fighting", "1d3", "full", 1)], pools=dict(SAN=60), unknown=[])),
    # 4 — extra spaces, lower case labels, a firearm known to the starter list
    ("""Dockside Gunman
str  60   con 55   siz 60   dex 65   int 50   app 45   pow 40   edu 40
san 40   hp 11   db +1d4   build 1   move 8   mp 8
attacks per round:  1
.45 automatic  45%  (22/9),  damage  1D10+2
Fighting  45% (22/9), damage 1D3+DB
Dodge  35%  (17/7)
""", dict(name="Dockside Gunman", stats=dict(STR=60, DEX=65),
          skills={"Firearms (Handgun)": 45, "Fighting": 45, "Dodge": 35},
          attacks=[(".45 automatic", "Firearms (Handgun)", "1d10+2", "none", 1), ("Fighting", "Fighting", "1d3", "full", 1)],
          unknown=[])),
    # 5 — spells: the character's own (issue 35; they were kept as not understood before)
    ("""Sister Agatha Vane
STR 45 CON 50 SIZ 50 DEX 55 INT 75 APP 60 POW 85 EDU 70 SAN 0 HP 10 DB 0 Build 0 Move 8 MP 17
Fighting 30% (15/6), damage 1D4+DB
Dodge 27% (13/5)
Skills: Cthulhu Mythos 18%, Occult 65%, Persuade 60%.
Spells: Cloud Memory, Wrack the Unbeliever.
""", dict(name="Sister Agatha Vane", skills={"Cthulhu Mythos": 18, "Occult": 65, "Persuade": 60},
          attacks=[("Fighting", "Fighting", "1d4", "full", 1)], unknown=[],
          spells=("Cloud Memory", "Wrack the Unbeliever"))),
    # 6 — a natural attack by name (a bite), half damage bonus
    ("""Sewer Rat Pack
STR 25 CON 40 SIZ 20 DEX 80 INT 10 POW 25
HP 6 Move 9
Bite 40% (20/8), damage 1D3+½DB
Dodge 40% (20/8)
Sanity loss: 0/1D3
""", dict(name="Sewer Rat Pack", kind="monster", stats=dict(STR=25, SIZ=20, DEX=80),
          skills={"Fighting (Bite)": 40, "Dodge": 40}, attacks=[("Bite", "Fighting (Bite)", "1d3", "half", 1)],
          san_loss="0/1d3", unknown=[])),
    # 7 — the name on the same line as the characteristics
    ("""Hired Thug STR 70 CON 65 SIZ 75 DEX 50 INT 40 APP 40 POW 35 EDU 35 HP 14 DB +1D4 Build 1 Move 7
Fighting 55% (27/11), damage 1D6+DB
""", dict(name="Hired Thug", stats=dict(STR=70, SIZ=75), skills={"Fighting": 55},
          attacks=[("Fighting", "Fighting", "1d6", "full", 1)], unknown=[])),
    # 8 — Armour spelt the British way with a number of points and an item
    ("""Harbour Watchman
STR 60 CON 60 SIZ 65 DEX 50 INT 50 APP 50 POW 50 EDU 45 SAN 50 HP 12 DB +1D4 Build 1 Move 7 MP 10
Fighting (Brawl) 50% (25/10), damage 1D3+DB
Nightstick 50% (25/10), damage 1D6+DB
Armour: 1 point thick coat
""", dict(name="Harbour Watchman", skills={"Fighting (Brawl)": 50},
          attacks=[("Fighting (Brawl)", "Fighting (Brawl)", "1d3", "full", 1), ("Nightstick", "Fighting (Brawl)", "1d6", "full", 1)],
          armor=1, armor_item="thick coat", unknown=[])),
    # 9 — a comment at the end that is not a stat line
    ("""Lighthouse Keeper
STR 50 CON 55 SIZ 60 DEX 45 INT 65 APP 40 POW 70 EDU 60 SAN 35 HP 11 DB 0 Build 0 Move 6 MP 14
Fighting 25% (12/5), damage 1D3+DB
Skills: Listen 60%, Natural World 50%.
He has not slept since the lamp went dark.
""", dict(name="Lighthouse Keeper", skills={"Listen": 60, "Natural World": 50},
          unknown=["He has not slept since the lamp went dark"])),
    # 10 — many attacks, a shotgun with range-band damage
    ("""Farmer Jed Whateby
STR 70 CON 70 SIZ 70 DEX 45 INT 45 APP 40 POW 50 EDU 35 SAN 50 HP 14 DB +1D4 Build 1 Move 7 MP 10
Attacks per round: 1
12-gauge shotgun 55% (27/11), damage 4D6/2D6/1D6
Pitchfork 40% (20/8), damage 1D8+DB
Dodge 22% (11/4)
""", dict(name="Farmer Jed Whateby", skills={"Firearms (Rifle/Shotgun)": 55, "Fighting (Pitchfork)": 40, "Dodge": 22},
          attacks=[("12-gauge shotgun", "Firearms (Rifle/Shotgun)", "4d6/2d6/1d6", "none", 1),
                   ("Pitchfork", "Fighting (Pitchfork)", "1d8", "full", 1)], unknown=[])),
    # 11 — Luck and Age given
    ("""Professor Lionel Crane
STR 40 CON 45 SIZ 55 DEX 50 INT 85 APP 55 POW 60 EDU 90 SAN 55 HP 10 DB 0 Build 0 Move 6 MP 12 Luck 45 Age 62
Skills: Library Use 80%, History 70%, Archaeology 55%.
""", dict(name="Professor Lionel Crane", stats=dict(INT=85, EDU=90, Luck=45, Age=62),
          skills={"Library Use": 80, "History": 70, "Archaeology": 55}, attacks=[], unknown=[])),
]

FHTAGN: list[tuple[str, dict]] = [
    ("""DEPUTY RAY KOLB
STR 13 CON 12 DEX 11 INT 10 POW 11 CHA 10
HP 13 WP 11 SAN 55 BP 44
SKILLS: Alertness 50%, Drive 45%, Firearms 45%, Law 25%, Unarmed Combat 50%.
ATTACKS: Pistol 45%, damage 1D10
Armor: 3 (light vest)
""", dict(name="Deputy Ray Kolb", kind="npc", stats=dict(STR=13, CON=12, DEX=11, INT=10, POW=11, CHA=10),
          skills={"Alertness": 50, "Drive": 45, "Firearms": 45, "Law": 25, "Unarmed Combat": 50},
          attacks=[("Pistol", "Firearms", "1d10", "", 1)], armor=3, armor_item="light vest",
          pools=dict(SAN=55, BP=44), unknown=[])),
    ("""Cell Leader Iris Dane
STR 10 CON 11 DEX 13 INT 16 POW 14 CHA 15
HP 11 WP 14 SAN 38 BP 28
SKILLS: Bureaucracy 60%, HUMINT 65%, Persuade 70%, Occult 40%, Unnatural 12%.
ATTACKS: Light pistol 40%, damage 1D8
""", dict(name="Cell Leader Iris Dane", stats=dict(INT=16, POW=14, CHA=15),
          skills={"HUMINT": 65, "Unnatural": 12, "Firearms": 40}, attacks=[("Light pistol", "Firearms", "1d8", "", 1)],
          pools=dict(SAN=38, BP=28), unknown=[])),
    # lower case, no % signs, skills separated by spaces only
    ("""the thin grey man
str 20 con 18 dex 15 int 10 pow 16 cha 3
hp 19 wp 16
skills alertness 70 stealth 80
attacks: Claws 55 damage 1D8; Crushing embrace 40%, Lethality 15%
Armor 4
SAN Loss: 1D6/1D12
It cannot cross running water.
""", dict(name="the thin grey man", kind="monster", stats=dict(STR=20, CON=18, DEX=15, CHA=3),
          skills={"Alertness": 70, "Stealth": 80, "Claws": 55},
          attacks=[("Claws", "Claws", "1d8", "", 1), ("Crushing embrace", "Crushing embrace", "0", "", 1)],
          armor=4, san_loss="1d6/1d12", unknown=["It cannot cross running water"])),
    # a hyphenated word across a PDF line break, extra spaces
    ("""Night  Nurse  Odile
STR 9   CON 10   DEX 12   INT 13   POW 9   CHA 12
HP 10   WP 9   SAN 30   BP 21
SKILLS: First Aid 60%, Medi-
cine 45%, Pharmacy 50%, Persuade 40%.
ATTACKS: Scalpel 35%, damage 1D4
""", dict(name="Night Nurse Odile", skills={"First Aid": 60, "Medicine": 45, "Pharmacy": 50, "Persuade": 40},
          attacks=[("Scalpel", "Scalpel", "1d4", "", 1)], unknown=[])),
    ("""Militia Rifleman
STR 12 CON 13 DEX 12 INT 9 POW 9 CHA 8
HP 13 WP 9 SAN 45 BP 36
SKILLS: Alertness 45%, Firearms 55%, Survival 50%.
ATTACKS: Hunting rifle 55%, damage 1D12
Unarmed Combat 40%, damage 1D4-1
""", dict(name="Militia Rifleman", skills={"Firearms": 55, "Unarmed Combat": 40},
          attacks=[("Hunting rifle", "Firearms", "1d12", "", 1), ("Unarmed Combat", "Unarmed Combat", "1d4-1", "", 1)],
          unknown=[])),
    ("""Hound of the Hollow Hill
STR 18 CON 16 DEX 15 INT 5 POW 14 CHA 1
HP 17 WP 14
SKILLS: Alertness 75%, Stealth 60%
ATTACKS: Bite 60%, damage 1D10
Armor: 3 (matted hide)
SAN loss: 1/1D8
""", dict(name="Hound of the Hollow Hill", kind="monster", skills={"Bite": 60, "Alertness": 75},
          attacks=[("Bite", "Bite", "1d10", "", 1)], armor=3, armor_item="matted hide", san_loss="1/1d8", unknown=[])),
    ("""Bodyguard
STR 15 CON 14 DEX 12 INT 10 POW 10 CHA 9
HP 15 WP 10 SAN 50 BP 40
SKILLS: Alertness 55%, Firearms 50%, Melee Weapons 45%, Unarmed Combat 60%, Dodge 40%
ATTACKS: Heavy pistol 50%, damage 1D12
Knife 45%, damage 1D4
Armor: 4 (body armour)
Loyal to whoever signs the cheques.
""", dict(name="Bodyguard", skills={"Dodge": 40, "Melee Weapons": 45},
          attacks=[("Heavy pistol", "Firearms", "1d12", "", 1), ("Knife", "Melee Weapons", "1d4", "", 1)],
          armor=4, unknown=["Loyal to whoever signs the cheques"])),
    ("""Feral Dog
STR 8 CON 9 DEX 14 INT 3 POW 6 CHA 2
HP 9 WP 6
ATTACKS: Bite 45%, damage 1D6
""", dict(name="Feral Dog", stats=dict(STR=8, DEX=14), attacks=[("Bite", "Bite", "1d6", "", 1)], unknown=[])),
    ("""Machine Gunner
STR 13 CON 12 DEX 12 INT 10 POW 10 CHA 9
HP 13 WP 10 SAN 40 BP 30
SKILLS: Heavy Weapons 50%, Firearms 45%
ATTACKS: Machine gun 50%, Lethality 10%
""", dict(name="Machine Gunner", skills={"Heavy Weapons": 50},
          attacks=[("Machine gun", "Heavy Weapons", "0", "", 1)], unknown=[])),
    ("""Professor Hale (compromised)
STR 9 CON 10 DEX 9 INT 17 POW 15 CHA 11
HP 10 WP 15 SAN 22 BP 12
SKILLS: Anthropology 70%, Occult 55%, Unnatural 20%
""", dict(name="Professor Hale", stats=dict(INT=17), skills={"Unnatural": 20}, attacks=[], unknown=[],
          notes_has="compromised")),
]

GURPS: list[tuple[str, dict]] = [
    ("""Night Porter
ST 12 DX 11 IQ 10 HT 11; HP 12 Will 10 Per 10 FP 11; Basic Speed 5.50; Move 5
Dodge 8 Parry 9
Skills: Brawling-13; Guns (Pistol)-12; Stealth-11; Observation 12.
Attacks: Punch (13): 1d-1 cr; .38 revolver (12): 2d-1 pi
DR 1 (leather jacket)
Traits: Bad Temper (12); Code of Honor (Professional).
""", dict(name="Night Porter", stats=dict(ST=12, DX=11, IQ=10, HT=11, HP=12, FP=11, Will=10, Per=10),
          skills={"Brawling": 13, "Guns (Pistol)": 12, "Stealth": 11, "Observation": 12},
          attacks=[("Punch", "Brawling", "1d-1", "cr", 1), (".38 revolver", "Guns (Pistol)", "2d-1", "pi", 1)],
          armor=1, armor_item="leather jacket", unknown=[],
          notes_has="Traits: Bad Temper (12); Code of Honor (Professional)")),
    ("""Tunnel Hound
ST 14, DX 13, IQ 4, HT 13
HP 16; Will 12; Per 14; FP 13; Speed 6.5; Move 9
Bite (14): 1d+1 cut
DR 2
Fright Check -3 on sight.
""", dict(name="Tunnel Hound", kind="monster", stats=dict(ST=14, DX=13, IQ=4, HT=13, HP=16, Per=14),
          skills={"Bite": 14}, attacks=[("Bite", "Bite", "1d+1", "cut", 1)], armor=2, unknown=[],
          notes_has="Fright Check -3")),
    # lower case, extra spaces, line broken inside the attributes
    ("""dock worker
st 13   dx 10
iq 9   ht 12
hp 13   will 9   per 9   fp 12
skills: brawling-12; axe/mace-11
attacks: crowbar (11): sw+1 cr
""", dict(name="dock worker", stats=dict(ST=13, DX=10, IQ=9, HT=12), skills={"Brawling": 12, "Axe/mace": 11},
          attacks=[("Crowbar", "Crowbar", "sw+1", "cr", 1)], unknown=[])),
    ("""Cult Enforcer
ST 13 DX 12 IQ 10 HT 12; HP 13 Will 11 Per 10 FP 12
Skills: Knife-13; Brawling-12; Intimidation-12.
Attacks: Knife (13): 1d-1 imp; Knife slash (13): 1d cut
""", dict(name="Cult Enforcer", skills={"Knife": 13, "Intimidation": 12},
          attacks=[("Knife", "Knife", "1d-1", "imp", 1), ("Knife slash", "Knife", "1d", "cut", 1)], unknown=[])),
    ("""Patrol Officer
ST 11 DX 11 IQ 10 HT 11; HP 11 Will 10 Per 11 FP 11; Basic Speed 5.5; Move 5
Skills: Guns (Pistol)-12, Law-10, Brawling-11
Attacks: Pistol (12): 2d pi
DR 8 (ballistic vest)
""", dict(name="Patrol Officer", skills={"Guns (Pistol)": 12, "Law": 10, "Brawling": 11},
          attacks=[("Pistol", "Guns (Pistol)", "2d", "pi", 1)], armor=8, armor_item="ballistic vest", unknown=[])),
    ("""Glass Spider
ST 12 DX 14 IQ 4 HT 12; HP 12 Per 13
Skills: Climbing-18; Stealth-16
Attacks: Fangs (14): thr-1 imp; Leg rake (14): thr cut
Fright Check -4
""", dict(name="Glass Spider", kind="monster", attacks=[("Fangs", "Fangs", "thr-1", "imp", 1), ("Leg rake", "Leg rake", "thr", "cut", 1)],
          unknown=[])),
    ("""Museum Guard
ST 10 DX 10 IQ 10 HT 10
Skills: Guns (Pistol)-10; Observation-11
Attacks: .38 revolver (10): 2d-1 pi
He is three weeks from retirement.
""", dict(name="Museum Guard", attacks=[(".38 revolver", "Guns (Pistol)", "2d-1", "pi", 1)],
          unknown=["He is three weeks from retirement"])),
    ("""Hollow Man
ST 13 DX 12 IQ 12 HT 14; HP 18 Will 16 Per 14 FP 14
Skills: Brawling-14; Stealth-16; Mimicry-15
Attacks: Cold hands (14): 1d+2 cr
DR 5
Fright Check -5
""", dict(name="Hollow Man", kind="monster", stats=dict(HP=18, Will=16), armor=5,
          attacks=[("Cold hands", "Cold hands", "1d+2", "cr", 1)], unknown=[])),
    # a hyphenated skill name across a line break
    ("""Archivist
ST 9 DX 10 IQ 14 HT 10
Skills: Research-15; Occul-
tism-13; Hidden Lore-12
""", dict(name="Archivist", skills={"Research": 15, "Occultism": 13, "Hidden Lore": 12}, attacks=[], unknown=[])),
    ("""Soldier
ST 11 DX 12 IQ 10 HT 12; HP 11 Will 10 Per 10 FP 12; Basic Speed 6.00; Move 6
Skills: Guns (Rifle)-13; Knife-11; Soldier-11
Attacks: Rifle (13): 7d pi; Combat knife (11): thr imp
DR 12 (armour vest and helmet)
""", dict(name="Soldier", attacks=[("Rifle", "Guns (Rifle)", "7d", "pi", 1), ("Combat knife", "Combat knife", "thr", "imp", 1)],
          armor=12, unknown=[])),
]

def twenty() -> str:
    """20 Call of Cthulhu stat blocks in one text, each under its own name (the benchmark's input)."""
    bodies = [text.split("\n", 1)[1] for text, _ in COC if text.split("\n", 1)[1].upper().startswith("STR")]
    return "\n\n".join(f"Specimen {chr(65 + i)}\n{bodies[i % len(bodies)]}" for i in range(20))
