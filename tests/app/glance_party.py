"""A Call of Cthulhu party of 6 investigators and 6 NPCs, mid-fight and mid-chase: the layouts'
snapshots (Party, Initiative, Chase at 80×24 and 120×40) and the forms' focus paths."""

from __future__ import annotations

from pathlib import Path

from fhtagn_tui.app.app import open_door
from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.campaigns import create_campaign
from fhtagn_tui.rules.dice import RandomSource

PARTY = (
    'char new "Harvey Walters" STR=50 CON=60 SIZ=70 DEX=70 APP=50 INT=80 POW=60 EDU=85 Luck=55 '
    '"Spot Hidden"=60 "Library Use"=70 Dodge=40 "Firearms (Handgun)"=45 Psychology=50',
    'char new "Ada Lindqvist" STR=60 CON=70 SIZ=50 DEX=60 APP=60 INT=70 POW=65 EDU=60 Luck=70 '
    '"Drive Auto"=50 "Spot Hidden"=55 "Firearms (Rifle/Shotgun)"=60 Dodge=45',
    'char new "Father Tomás" STR=45 CON=55 SIZ=60 DEX=50 APP=65 INT=75 POW=80 EDU=80 Luck=40 '
    'Occult=55 Persuade=60 "First Aid"=50 Latin=60',
    'char new "Mara Oduya" STR=70 CON=75 SIZ=65 DEX=65 APP=45 INT=60 POW=50 EDU=55 Luck=50 '
    '"Fighting (Brawl)"=65 Dodge=50 Intimidate=55 Climb=50',
    'char new "Sam Kearney" STR=55 CON=50 SIZ=55 DEX=80 APP=55 INT=65 POW=55 EDU=70 Luck=65 '
    'Stealth=70 "Locksmith"=60 "Sleight of Hand"=55 Dodge=50',
    'char new "Dr. Ines Carvalho" STR=40 CON=55 SIZ=50 DEX=55 APP=70 INT=85 POW=70 EDU=90 Luck=45 '
    'Medicine=70 "First Aid"=65 Psychoanalysis=50 Chemistry=60',
    'char new "Cultist Abel" kind=npc STR=60 CON=60 SIZ=60 DEX=55 POW=45 "Fighting (Brawl)"=50 Dodge=30',
    'char new "Cultist Berta" kind=npc STR=55 CON=55 SIZ=55 DEX=60 POW=50 "Fighting (Brawl)"=45 Dodge=35',
    'char new "Cultist Cyrus" kind=npc STR=65 CON=60 SIZ=70 DEX=45 POW=40 "Fighting (Brawl)"=55 Dodge=25',
    'char new "Deep One" kind=monster STR=90 CON=75 SIZ=90 DEX=60 POW=50 "Fighting (Brawl)"=50 --hidden',
    'char new "Ghoul" kind=monster STR=80 CON=70 SIZ=65 DEX=65 POW=40 "Fighting (Brawl)"=40 --hidden',
    'char new "Sheriff Dale" kind=npc STR=65 CON=65 SIZ=70 DEX=55 POW=50 "Firearms (Handgun)"=50 Dodge=30',
    "session start The Marsh house",
)

FIGHT = (
    "fight start The cellar",
    'fight add "harvey walters" "ada lindqvist" "father tomás" "mara oduya" "sam kearney" "dr. ines carvalho"',
    'fight add "cultist abel" "cultist berta" "cultist cyrus" "deep one" ghoul "sheriff dale"',
    "fight next",
)

CHASE = (
    "chase new Down Water Street",
    'chase add "harvey walters" role=flee',
    'chase add "ada lindqvist" role=flee',
    'chase add "father tomás" role=flee',
    'chase add "mara oduya" role=flee',
    'chase add "sam kearney" role=flee',
    'chase add "dr. ines carvalho" role=flee',
    'chase add "cultist abel" role=pursue',
    'chase add "cultist berta" role=pursue',
    'chase add "cultist cyrus" role=pursue',
    'chase add "deep one" role=pursue',
    "chase add ghoul role=pursue",
    'chase add "sheriff dale" role=pursue',
    'chase location add hazard=regular "Fish crates" at=3',
    'chase location add barrier "Locked gate" hp=10 at=6',
    "chase location add hazard=hard Docks at=9",
)

#: All regular speed rolls (MOV as it is); Ada, faster than every pursuer, kept in (COC-CHASE-04).
CHASE_START = ("chase start hold=ada roll=" + ",".join(["50"] * 12),)


def glance_app(tmp_path: Path, *, fight: bool = False, chase: bool | str = False) -> GmApp:
    """``chase``: True, a chase under way; "setup", one being set up (not started)."""
    path = tmp_path / "glance.fhtagn"
    create_campaign(path, "coc7", "The Marsh house").close()
    door = open_door(path, False)
    door.dice = RandomSource(11)
    chased = (CHASE + (CHASE_START if chase is True else ())) if chase else ()
    for line in PARTY + (FIGHT if fight else ()) + chased:
        door.execute(line)
    return GmApp(door)
