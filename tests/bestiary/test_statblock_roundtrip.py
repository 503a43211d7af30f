"""``char export --format statblock`` then ``import``: the same sheet, for generated sheets of all three
systems (issue 35).  And ``--format json`` keeps everything.

A sheet here is what a stat block carries: name, kind (npc, or monster with a SAN loss), the
characteristics (with CoC Luck/Age and the book's MOV/Build, GURPS HP/Will/Per/FP and the book's
Move), the skills, the pools as they stand (CoC SAN/HP/MP, FHTAGN HP/WP/SAN/BP), each attack's
name, skill, damage, DB (CoC), type (GURPS), lethality and attacks per round, armour and its item,
and notes as a book prints them (armour piercing, a burst, a GURPS armour divisor), armour and its
item, SAN loss, CoC spells known and FHTAGN bonds.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fhtagn_tui.domain.features.bestiary import Entry, ImportCharacters
from fhtagn_tui.domain.skills import LISTS
from fhtagn_tui.domain.state import Bond, Character
from fhtagn_tui.importers import plan
from fhtagn_tui.importers.native import encode
from fhtagn_tui.importers.writer import write_block
from fhtagn_tui.rules.coc.party import damage_bonus_and_build, max_hp, max_mp, mov
from fhtagn_tui.rules.fhtagn.party import max_hp as fh_max_hp
from fhtagn_tui.rules.fhtagn.party import max_wp
from fhtagn_tui.rules.gurps.party import secondary
from fhtagn_tui.rules.weapons import GURPS_DAMAGE_TYPES, Weapon
from tests.helpers import engine

FIRST = ("Abel", "Iris", "Odile", "Silas", "Ruth", "Tobias", "Mae", "Hester", "Cyrus", "Lena")
LAST = ("Marsh", "Dane", "Crane", "Vance", "Holt", "Pryor", "Abernathy-Cole", "Quill")
ATTACK_NAMES = ("Claw", "Bite", "Knife", "Club", "Sickle", "Tentacle lash", "Cane", ".38 revolver", "Glock 19",
                "Hunting rifle", "12-gauge shotgun", "M1911A1", "Sig P226", "Fire axe")
ATTACK_SKILLS = {
    "coc7": ("Fighting (Brawl)", "Fighting (Axe)", "Firearms (Handgun)", "Firearms (Rifle/Shotgun)", "Fighting (Claw)"),
    "fhtagn": ("Firearms", "Melee Weapons", "Unarmed Combat", "Heavy Weapons", "Claw"),
    "gurps": ("Brawling", "Knife", "Guns (Pistol)", "Guns (Rifle)", "Shortsword"),
}
DAMAGE = {"coc7": ("1d3", "1d6+1", "2d6", "1d10", "4d6/2d6/1d6"), "fhtagn": ("1d4", "1d8", "1d10", "2d6"),
          "gurps": ("1d", "1d+2", "2d-1", "thr+1", "sw", "3d")}
ITEMS = ("", "leather coat", "Kevlar vest", "rubbery hide")
SAN_LOSS = ("", "0/1d6", "1/1d8", "1d3/1d10")
NOTES = {"coc7": ("", "(burst)", "armour piercing 2"), "fhtagn": ("", "armour piercing 3", "armour piercing 3 (burst)"),
         "gurps": ("", "armour divisor (2)", "armour divisor (0.5)")}
SPELLS = ("Shrivelling", "Call the Drowned Bell", "Wither Limb", "Dream Vision")


def _skill_names(system: str) -> list[str]:
    return [s.name for s in LISTS[system].sheet if s.name != "Dodge" or system != "coc7"]


@st.composite
def attacks(draw: Any, system: str) -> tuple[Weapon, ...]:
    names = draw(st.lists(st.sampled_from(ATTACK_NAMES), max_size=3, unique=True))
    out = []
    for i, name in enumerate(names):
        skill = draw(st.sampled_from(ATTACK_SKILLS[system]))
        lethality = draw(st.sampled_from((0, 0, 10, 25))) if system == "fhtagn" else 0
        damage = draw(st.sampled_from(DAMAGE[system] + (("0",) if lethality else ())))
        if system == "coc7" and "/" in damage:
            skill = "Firearms (Rifle/Shotgun)"
        out.append(Weapon(
            name=name, system=system, skill=skill, damage=damage,
            db=draw(st.sampled_from(("full", "half", "none"))) if system == "coc7" and "/" not in damage else "",
            damage_type=draw(st.sampled_from(GURPS_DAMAGE_TYPES)) if system == "gurps" else "",
            lethality=lethality, per_round=draw(st.integers(1, 3)) if i == 0 else 1,
            notes=draw(st.sampled_from(NOTES[system]))))
    return tuple(out)


@st.composite
def entries(draw: Any, system: str) -> Entry:
    name = f"{draw(st.sampled_from(FIRST))} {draw(st.sampled_from(LAST))}"
    own = draw(attacks(system))
    low, high = (15, 99) if system == "coc7" else (3, 18) if system == "fhtagn" else (5, 20)
    names = {"coc7": ("STR", "CON", "SIZ", "DEX", "APP", "INT", "POW", "EDU"),
             "fhtagn": ("STR", "CON", "DEX", "INT", "POW", "CHA"), "gurps": ("ST", "DX", "IQ", "HT")}[system]
    stats = {k: draw(st.integers(low, high)) for k in names}
    top = 99 if system != "gurps" else 20
    skills = {k: draw(st.integers(1, top)) for k in draw(st.lists(st.sampled_from(_skill_names(system)),
                                                                   max_size=8, unique=True))}
    for w in own:
        skills.setdefault(w.skill, draw(st.integers(1, top)))
    if system == "coc7" and draw(st.booleans()):
        skills["Dodge"] = draw(st.integers(1, 99))
    if system == "gurps":
        for d in ("Dodge", "Parry", "Block"):
            if draw(st.booleans()):
                skills[d] = draw(st.integers(3, 16))
    pools: dict[str, int] = {}
    if system == "coc7":
        for k in ("Luck", "Age"):
            if draw(st.booleans()):
                stats[k] = draw(st.integers(15, 89))
        rule_mov = mov(stats["STR"], stats["DEX"], stats["SIZ"], stats.get("Age", 25))
        rule_build = damage_bonus_and_build(stats["STR"], stats["SIZ"])[1]
        if draw(st.booleans()):
            stats["MOV"] = draw(st.integers(1, 12).filter(lambda m: m != rule_mov))
        if draw(st.booleans()):
            stats["Build"] = draw(st.integers(-2, 4).filter(lambda b: b != rule_build))
        pools = {"HP": draw(st.integers(0, max_hp(stats["CON"], stats["SIZ"]))),
                 "MP": draw(st.integers(0, max_mp(stats["POW"]))),
                 "SAN": draw(st.integers(0, 99 - skills.get("Cthulhu Mythos", 0)))}
    elif system == "fhtagn":
        pools = {"HP": draw(st.integers(0, fh_max_hp(stats["STR"], stats["CON"]))),
                 "WP": draw(st.integers(0, max_wp(stats["POW"]))),
                 "SAN": draw(st.integers(0, 99 - skills.get("Unnatural", 0))), "BP": draw(st.integers(0, 99))}
    else:
        for k in ("HP", "Will", "Per", "FP"):
            if draw(st.booleans()):
                stats[k] = draw(st.integers(5, 20))
        rule_move = int(secondary(stats)["Basic Move"])
        if draw(st.booleans()):
            stats["Move"] = draw(st.integers(1, 12).filter(lambda m: m != rule_move))
    san_loss = draw(st.sampled_from(SAN_LOSS))
    bonds: tuple[Bond, ...] = ()
    if system == "fhtagn":
        bonds = tuple(Bond(f"{b} {draw(st.sampled_from(LAST))}", draw(st.integers(1, 18)))
                      for b in draw(st.lists(st.sampled_from(FIRST), max_size=2, unique=True)))
    return Entry(name=name, system=system, kind="monster" if san_loss else "npc", stats=stats, skills=skills,
                 attacks=own, armor=draw(st.integers(0, 12)), armor_item=draw(st.sampled_from(ITEMS)),
                 san_loss=san_loss, pools=pools, bonds=bonds,
                 spells=tuple(draw(st.lists(st.sampled_from(SPELLS), max_size=2, unique=True))) if system == "coc7"
                 else ())


def sheet(eng: Any, char: Character) -> dict[str, Any]:
    system = eng.state.system
    return dict(
        name=char.name, kind=char.kind, stats=char.stats, skills=char.skills, current=char.current,
        attacks=[(w.name, w.skill, w.damage, w.db if system == "coc7" else "", w.damage_type, w.lethality,
                  w.per_round, w.notes) for w in char.attacks],
        armor=(eng.state.armory.armor.get(char.id, 0),
               eng.state.armory.armor_names.get(char.id, "") if eng.state.armory.armor.get(char.id) else ""),
        san_loss=char.san_loss, spells=char.mind.spells, bonds=char.bonds)


def _made(system: str, entry: Entry) -> tuple[Any, Character]:
    eng = engine(system)
    eng.run(ImportCharacters(entries=(entry,)))
    (char,) = eng.state.characters.values()
    return eng, char


def _round_trip(system: str, entry: Entry) -> None:
    eng, char = _made(system, entry)
    block = write_block(eng.state, char)
    again = engine(system)
    p = plan(block, source="exported")
    again.run(p.command)
    (back,) = again.state.characters.values()
    assert sheet(again, back) == sheet(eng, char), block
    # and the block, read back, writes the very same block
    assert write_block(again.state, back) == block


SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(entries("coc7"))
def test_coc_sheet_round_trips_through_its_stat_block(entry):
    _round_trip("coc7", entry)


@SETTINGS
@given(entries("fhtagn"))
def test_fhtagn_sheet_round_trips_through_its_stat_block(entry):
    _round_trip("fhtagn", entry)


@SETTINGS
@given(entries("gurps"))
def test_gurps_sheet_round_trips_through_its_stat_block(entry):
    _round_trip("gurps", entry)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(("coc7", "fhtagn", "gurps")).flatmap(lambda s: st.tuples(st.just(s), entries(s))))
def test_json_export_keeps_everything(pair):
    system, entry = pair
    eng, char = _made(system, entry)
    again = engine(system)
    again.run(plan(encode(eng.state, char)).command)
    (back,) = again.state.characters.values()
    assert back == char
