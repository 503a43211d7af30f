"""Investigator import: Dhole's House JSON, the project's own JSON (round trip), bad input (issue 18)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fhtagn_tui.domain.features.campaign import ConditionAdded
from fhtagn_tui.importers import ImportError_, plan
from fhtagn_tui.importers.native import encode, export
from tests.helpers import do, engine, replayed

SAMPLE = Path(__file__).resolve().parents[1] / "fixtures" / "import" / "dholes_mabel.json"


def test_dholes_house_investigator():
    eng = engine("coc7")
    p = plan(SAMPLE.read_text(), source="dholes_mabel.json")
    assert p.kind == "Dhole's House investigator"
    events = eng.run(p.command)
    assert len({e.group for e in events}) == 1
    m = eng.state.characters["mabel ashcroft"]
    assert m.kind == "investigator"
    assert m.stats == {"STR": 45, "CON": 55, "SIZ": 50, "DEX": 60, "APP": 65, "INT": 80, "POW": 70, "EDU": 85,
                       "Luck": 55, "Age": 34}
    assert m.current == {"HP": 10, "MP": 14, "SAN": 68, "Luck": 55}
    assert m.skills["Language (Latin)"] == 45 and m.skills["Fighting (Brawl)"] == 25
    assert m.skills["Firearms (Handgun)"] == 30 and m.skills["Library Use"] == 80
    assert "Language" not in m.skills and "Language (None)" not in m.skills  # the empty slot is skipped
    (gun,) = m.attacks  # unarmed is everyone's anyway
    assert (gun.name, gun.skill, gun.damage, gun.kind, gun.base_range, gun.magazine, gun.malfunction) == (
        ".38 Revolver", "Firearms (Handgun)", "1d10", "ranged", 15, 6, 100)
    for words in ("Occupation: Librarian", "Injuries and scars: A burn scar", "Possessions: Library keys",
                  "Treasured possessions: Her grandmother", "Cash: spendingLevel $10"):
        assert words in m.notes
    assert "not read: Mystery (not read)" in p.report
    assert replayed(eng) == eng.state


def test_dholes_house_in_the_wrong_system_changes_nothing():
    eng = engine("fhtagn")
    with pytest.raises(Exception) as info:
        eng.run(plan(SAMPLE.read_text()).command)
    assert "Call of Cthulhu 7e" in str(info.value) and "FHTAGN" in str(info.value)
    assert not eng.state.characters


def test_dholes_house_missing_characteristic():
    data = json.loads(SAMPLE.read_text())
    del data["Investigator"]["Characteristics"]["POW"]
    with pytest.raises(ImportError_) as info:
        plan(json.dumps(data))
    assert "has no POW" in str(info.value)
    data = json.loads(SAMPLE.read_text())
    data["Investigator"]["Characteristics"]["STR"] = "strong"
    assert "STR is not a number" in str(pytest.raises(ImportError_, plan, json.dumps(data)).value)


@pytest.mark.parametrize("system", ["fhtagn", "coc7", "gurps"])
def test_own_json_round_trip(system):
    setup = {
        "fhtagn": ['char new "Ada Vance" STR=10 CON=11 DEX=13 INT=16 POW=14 CHA=11 Firearms=45 bonds="Sister,Partner:9"',
                   'char pool ada HP=7 SAN=60', "cond add ada stunned", "armor ada 3 item=vest",
                   "char attack add ada Pistol skill=Firearms damage=1d10 kind=ranged range=15",
                   "char notes ada Knows the cell's code words."],
        "coc7": ['char new "Ada Vance" STR=50 CON=60 SIZ=55 DEX=70 POW=65 Luck=45 "Spot Hidden"=60',
                 'char pool ada HP=8 SAN=50', 'char attack add ada Claw skill="Fighting (Claw)" damage=1d6+DB apr=2'],
        "gurps": ['char new "Ada Vance" ST=11 DX=12 IQ=13 HT=10 Will=14 Stealth=12', 'char pool ada HP=5',
                  'char attack add ada Sabre skill=Broadsword damage="sw+1 cut"', "armor ada 2"],
    }[system]
    source = engine(system, *setup)
    ada = source.state.characters["ada vance"]
    text = source.execute("char export ada").answer
    assert json.loads(text)["fhtagn"] == "character" and text == encode(source.state, ada)
    target = engine(system)
    events = target.run(plan(text).command)
    assert len({e.group for e in events}) == 1
    copy = target.state.characters["ada vance"]
    for field in ("name", "kind", "stats", "skills", "current", "bonds", "conditions", "hidden", "notes",
                  "attacks", "san_loss"):
        assert getattr(copy, field) == getattr(ada, field), field
    assert target.state.armory.armor.get("ada vance") == source.state.armory.armor.get("ada vance")
    assert export(target.state, copy) == export(source.state, ada)
    if system == "fhtagn":
        assert any(isinstance(e, ConditionAdded) for e in events)


def test_own_json_into_another_system_is_refused():
    source = engine("gurps", 'char new "Ilse" ST=10')
    target = engine("coc7")
    with pytest.raises(Exception) as info:
        target.run(plan(source.execute("char export ilse").answer).command)
    assert "GURPS" in str(info.value) and not target.state.characters


def test_import_twice_is_refused_as_a_whole():
    eng = engine("coc7")
    eng.run(plan(SAMPLE.read_text()).command)
    before = eng.state
    with pytest.raises(Exception) as info:
        eng.run(plan(SAMPLE.read_text()).command)
    assert "already a character called 'Mabel Ashcroft'" in str(info.value)
    assert eng.state is before


@pytest.mark.parametrize(("text", "words"), [
    ('{"Investigator": ', "not valid JSON"),
    ("[1, 2, 3]", "neither a Dhole's House investigator"),
    ('{"name": "x"}', "neither a Dhole's House investigator"),
    ('{"fhtagn": "character", "format": 1, "system": "coc7", "character": {"name": "X"}}', "not a character exported"),
    ('{"fhtagn": "character", "format": 9, "system": "coc7", "character": {"name": "X", "kind": "npc", "stats": {}}}',
     "newer fhtagn"),
    ('{"Investigator": {"PersonalDetails": {}, "Characteristics": {}}}', "no Name"),
])
def test_bad_json_is_a_clear_message(text, words):
    with pytest.raises(ImportError_) as info:
        plan(text)
    assert words in str(info.value)


def test_char_import_command_points_to_the_paste_box():
    eng = engine("coc7")
    answer = eng.execute("char import").answer
    assert "paste box" in answer and "fhtagn import" in answer
    assert not do(eng, "char import")


def test_control_characters_and_long_text_from_outside_are_cleaned():
    data = json.loads(SAMPLE.read_text())
    data["Investigator"]["PersonalDetails"]["Name"] = "Mabel\x1b[31m Ashcroft"
    data["Investigator"]["Backstory"]["description"] = "\x9bevil" + "x" * 20000
    eng = engine("coc7")
    eng.run(plan(json.dumps(data)).command)
    (m,) = eng.state.characters.values()
    assert "\x1b" not in m.name and "\x9b" not in m.notes and len(m.notes) <= 8000
