"""Every reference table is built from the very data objects the rules read."""

from __future__ import annotations

import pytest

from fhtagn_tui.reference import TABLES, load_tables
from fhtagn_tui.reference.tables import coc as coc_tables
from fhtagn_tui.rules import weapons
from fhtagn_tui.rules.coc import chase, combat, firearms, insanity, maneuver, vehicles
from fhtagn_tui.rules.coc import party as coc_party
from fhtagn_tui.rules.fhtagn import combat as fh_combat
from fhtagn_tui.rules.fhtagn import hazards, requisition, sanity
from fhtagn_tui.rules.fhtagn import party as fh_party
from fhtagn_tui.rules.gurps import fright

load_tables()

#: table id → the rules-module attributes it is built from.
SOURCES: dict[str, tuple[tuple[object, str], ...]] = {
    "fh-damage-bonus": ((fh_party, "DAMAGE_BONUS_TABLE"),),
    "fh-expenses": ((requisition, "CATEGORIES"),),
    "fh-attack-options": ((fh_combat, "ATTACK_OPTIONS"),),
    "fh-insanity-reactions": ((sanity, "REACTIONS"),),
    "fh-fire": ((hazards, "FIRE_TABLE"),),
    "fh-poison": ((hazards, "POISON_TABLE"),),
    "fh-cold": ((hazards, "COLD_GRACE"),),
    "coc-damage-bonus": ((coc_party, "DAMAGE_BONUS_TABLE"),),
    "coc-armour": ((combat, "ARMOUR_TABLE"),),
    "coc-firearm-modifiers": ((firearms, "FIREARM_MODIFIERS"),),
    "coc-maneuver-goals": ((maneuver, "GOALS"),),
    "coc-locations": ((chase, "LOCATION_BANDS"),),
    "coc-barriers": ((chase, "BARRIERS"),),
    "coc-hazard-damage": ((chase, "OTHER_DAMAGE"),),
    "coc-mph": ((chase, "MPH"),),
    "coc-vehicles-road": ((vehicles, "VEHICLES"),),
    "coc-vehicles-air": ((vehicles, "VEHICLES"),),
    "coc-vehicles-heavy": ((vehicles, "VEHICLES"),),
    "coc-vehicles-other": ((vehicles, "VEHICLES"),),
    "coc-vehicles-water": ((vehicles, "VEHICLES"),),
    "coc-collisions": ((vehicles, "INCIDENTS"),),
    "coc-treatment": ((insanity, "SETTINGS"),),
    "gurps-fright": ((fright, "FRIGHT_TABLE"),),
    "gurps-st-damage": ((weapons, "GURPS_ST_DAMAGE"),),
}


def test_every_table_names_its_source():
    assert set(TABLES) == set(SOURCES)


def _first_only(data: object) -> object:
    if isinstance(data, dict):
        key = next(iter(data))
        return {key: data[key]}
    assert isinstance(data, tuple)
    if data and isinstance(data[0], vehicles.VehicleSpec):  # keep one vehicle of every chart
        seen: dict[str, vehicles.VehicleSpec] = {}
        for v in data:
            seen.setdefault(v.chart, v)
        return tuple(seen.values())
    return data[-1:] if data is chase.LOCATION_BANDS else data[:1]


@pytest.mark.parametrize("table_id", sorted(SOURCES))
def test_a_table_follows_its_rules_data_not_a_copy(table_id, monkeypatch):
    table = TABLES[table_id]
    columns, rows = table.build()
    assert rows and all(len(r) == len(columns) for r in rows)
    for module, attr in SOURCES[table_id]:
        monkeypatch.setattr(module, attr, _first_only(getattr(module, attr)))
    _, fewer = table.build()
    assert 0 < len(fewer) < len(rows)
    assert fewer[0][1:] == rows[0][1:]  # the bands' ranges close up; the rest reads the same


def test_armour_rows_are_the_armour_table():
    columns, rows = TABLES["coc-armour"].build()
    assert columns == ("Armour", "Points")
    assert rows == tuple((a.name, str(a.points)) for a in combat.ARMOUR_TABLE)
    assert ("Heavy Kevlar vest", "8") in rows


def test_fright_rows_are_the_fright_table():
    _, rows = TABLES["gurps-fright"].build()
    assert len(rows) == len(fright.FRIGHT_TABLE) == 33
    assert [r[1] for r in rows] == [e.summary for e in fright.FRIGHT_TABLE]
    assert (rows[0][0], rows[3][0], rows[15][0], rows[-1][0]) == ("4–5", "10", "23", "40+")


def test_location_bands_read_from_01_up():
    _, rows = TABLES["coc-locations"].build()
    assert rows == (
        ("01–59", "open ground, no hazard"),
        ("60–84", "Regular hazard"),
        ("85–95", "Hard hazard"),
        ("96–100", "Extreme hazard"),
    )


def test_firearm_modifiers_give_every_die():
    _, rows = TABLES["coc-firearm-modifiers"].build()
    assert [r[2] for r in rows] == [m.key for m in firearms.FIREARM_MODIFIERS]
    assert rows[0] == ("aiming for one round", "1 bonus die", "aim")
    assert rows[-1] == ("firing into melee", "1 penalty die", "melee")


def test_every_vehicle_is_on_exactly_one_chart():
    names = [r[0] for key in vehicles.CHARTS for r in TABLES[f"coc-vehicles-{key}"].build()[1]]
    assert names == [v.name for v in vehicles.VEHICLES]
    _, road = TABLES["coc-vehicles-road"].build()
    assert road[0] == ("Car, economy", "13", "4", "1", "3 or 4", "Drive Auto")
    _, other = TABLES["coc-vehicles-other"].build()
    assert ("Bicycle", "10", "0.5", "0", "1", "CON") in other


def test_small_tables_row_by_row():
    assert TABLES["coc-mph"].build()[1] == tuple((str(m), str(v)) for m, v in chase.MPH.items())
    assert TABLES["coc-barriers"].build()[1] == tuple((n, str(hp)) for n, hp in chase.BARRIERS)
    assert TABLES["coc-collisions"].build()[1][0] == ("minor", "1D3-1", "most Regular hazards", vehicles.INCIDENTS[0].examples)
    assert TABLES["fh-damage-bonus"].build()[1] == (
        ("1–4", "-2"), ("5–8", "-1"), ("9–12", "+0"), ("13–16", "+1"), ("17–18", "+2"), ("19–20", "+3"),
        ("21+", "lethality STR/2 %"),
    )
    assert TABLES["fh-fire"].build()[1] == (
        ("minor", "candle", "1", "no"),
        ("moderate", "torch", "1D6", "DEX×5 or catch fire"),
        ("large", "campfire", "2D6", "DEX×5 or catch fire"),
        ("major", "blast furnace", "lethality 10%", "DEX×5 or catch fire"),
    )
    assert TABLES["gurps-st-damage"].build()[1][9] == ("10", "1d-2", "1d")


def test_expenses_use_the_requisition_words():
    _, rows = TABLES["fh-expenses"].build()
    assert [r[0] for r in rows] == [c.name for c in requisition.CATEGORIES]
    for cat, row in zip(requisition.CATEGORIES, rows, strict=True):
        assert row[2] == requisition.favour_words(requisition.FAVOUR_ROWS[cat.key])
        assert row[3] == requisition.own_words(requisition.OWN_ROWS[cat.key])
    assert rows[4][1] == "over 30,000 € (GM approval)"


def test_treatment_bands_are_read_off_the_rules_functions(monkeypatch):
    _, rows = TABLES["coc-treatment"].build()
    assert [(r[1], r[2].split(":")[0]) for r in rows] == [
        ("01–95", "progress"), ("96–100", "setback"),
        ("01–50", "progress"), ("51–95", "no progress this month"), ("96–100", "setback"),
    ]
    monkeypatch.setattr(insanity, "private_care_band", lambda roll: "success" if roll <= 90 else "failure")
    assert TABLES["coc-treatment"].build()[1][0][1] == "01–90"
    assert coc_tables.TREATMENT_WORDS.keys() == {"success", "no progress", "failure"}
