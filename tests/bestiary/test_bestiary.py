"""The bundled bestiary, the GM's own entries, and ``npc add`` (issue 18)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fhtagn_tui import bestiary
from fhtagn_tui.domain.features.campaign import CharacterCreated
from fhtagn_tui.domain.features.encounter import ArmorSet
from fhtagn_tui.domain.public import public_events, public_state
from fhtagn_tui.domain.systems import SHEETS, check_stat
from fhtagn_tui.service import Engine
from tests.helpers import do, engine, events_of, rejected, replayed

SYSTEMS = ("fhtagn", "coc7", "gurps")


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_bundled_entry_is_complete_and_spawns(system):
    entries = bestiary.entries(system)
    assert len(entries) >= 12
    kinds = {e.kind for e in entries}
    assert kinds == {"npc", "monster"}
    names = {e.key for e in entries}
    for human in ("cultist", "thug", "police officer", "soldier", "guard dog"):
        assert human in names
    eng = Engine.memory(system)
    sheet = SHEETS[system]
    for e in entries:
        assert e.description and e.attacks, e.name
        assert set(sheet.stat_names) <= set(e.stats), e.name
        for stat, value in e.stats.items():
            assert check_stat(system, stat, value, e.kind) is None, (e.name, stat)
        for w in e.attacks:
            assert w.skill in e.skills, (e.name, w.name)
        if system != "gurps" and e.kind == "monster":
            assert e.san_loss, e.name
        evs = do(eng, f"npc add {e.name}")
        (made,) = events_of(evs, CharacterCreated)
        assert made.name == f"{e.name} 1" and made.attacks and made.kind == e.kind
        if e.armor:
            assert events_of(evs, ArmorSet)[0].rating == e.armor
    assert replayed(eng) == eng.state


@pytest.mark.parametrize("text", ["npc add cultist x4", "npc add cultist ×4", "npc add cultist *4",
                                  "npc add 4 cultist", "npc add Cultist X4", "npc add 4 cultists",
                                  "npc add Cultists x4"])
def test_npc_add_count_forms(text):
    eng = engine("coc7")
    evs = do(eng, text)
    assert [e.name for e in events_of(evs, CharacterCreated)] == [f"Cultist {n}" for n in (1, 2, 3, 4)]
    assert len({e.group for e in evs}) == 1  # one undoable group
    do(eng, "npc add cult x2")  # numbering continues
    assert "cultist 6" in eng.state.characters
    do(eng, "undo")
    do(eng, "undo")
    assert not eng.state.characters


def test_attacks_come_with_them_and_are_the_default():
    eng = engine("coc7", "npc add gnawer", "char new Ada DEX=60")
    g = eng.state.characters["crypt gnawer 1"]
    assert g.attacks[0].name == "Claw" and g.san_loss == "0/1d6" and g.hidden
    evs = do(eng, "melee \"crypt gnawer 1\" ada response=none", 30, 4, 2, 1)
    assert evs[0].weapon == "Claw"


def test_hidden_flag_and_players_see_no_numbers():
    eng = engine("fhtagn")
    evs = do(eng, "npc add thug x2 --hidden")
    assert all(e.hidden for e in events_of(evs, CharacterCreated))
    pub = public_events(eng.sink.events)
    told = [e.text for e in pub if isinstance(e.event, CharacterCreated)]
    assert told == ["Thug 1 appears (npc)", "Thug 2 appears (npc)"]
    assert public_state(eng.state).characters["thug 1"].attacks == ()


def test_vary_rolls_each_character_with_typed_dice_recorded():
    eng = engine("coc7")
    # cultist: STR (3d6)*5, CON (3d6)*5, SIZ (2d6+6)*5, DEX (3d6)*5, POW (3d6)*5 → 14 dice each
    one = [1, 1, 1] + [6, 6, 6] + [1, 1] + [2, 2, 2] + [3, 3, 3]
    two = [6, 6, 6] + [1, 1, 1] + [6, 6] + [4, 4, 4] + [5, 5, 5]
    evs = do(eng, "npc add cultist x2 --vary", *(one + two))
    a, b = events_of(evs, CharacterCreated)
    assert (a.stats["STR"], a.stats["CON"], a.stats["SIZ"], a.stats["DEX"], a.stats["POW"]) == (15, 90, 40, 30, 45)
    assert (b.stats["STR"], b.stats["CON"], b.stats["SIZ"], b.stats["DEX"], b.stats["POW"]) == (90, 15, 90, 60, 75)
    assert [r.value for r in a.dice] == one and a.dice[0].purpose == "Cultist 1 STR"
    assert [r.value for r in b.dice] == two
    assert a.current["HP"] == (90 + 40) // 10
    assert replayed(eng) == eng.state  # replay never re-rolls
    assert "not enough dice" in rejected(eng, "npc add cultist --vary roll=1,2,3")


def test_as_name_side_and_fight():
    eng = engine("gurps", "fight start Docks")
    evs = do(eng, 'npc add thug as="Big Eddie" --fight')
    assert "big eddie" in eng.state.characters
    assert "big eddie" in eng.state.encounter.combatants
    assert evs[-1].describe(eng.names)


@pytest.mark.parametrize(("line", "words"), [
    ("npc add dragon", "no template or bestiary entry called 'dragon'"),
    ("npc add cultist x0", "1–30"),
    ("npc add cultist x31", "1–30"),
    ("npc add guard dog --fight", "no fight is running"),
    ('npc add thug x2 as="Big Eddie"', "names one character"),
    ("npc add", "which entry"),
])
def test_bad_npc_add_is_refused(line, words):
    eng = engine("fhtagn")
    assert words in rejected(eng, line)


@pytest.mark.parametrize(("line", "first"), [
    ("npc add 2 guard dogs", "Guard Dog 1"),
    ("npc add 2 police officers", "Police Officer 1"),
    ("npc add 2 crypt gnawers", "Crypt Gnawer 1"),
])
def test_a_plural_finds_its_entry(line, first):
    """Found as a stranger: 'npc add 2 cultists' was refused ("did you mean 'Cultist'?")."""
    evs = do(engine("coc7"), line)
    assert [e.name for e in events_of(evs, CharacterCreated)][0] == first


def test_entry_without_ranges_refuses_vary():
    assert "fixed" in rejected(engine("coc7"), "npc add gangster --vary")


def test_ambiguous_entry_lists_candidates():
    msg = rejected(engine("coc7"), "npc add s")
    assert "Soldier" in msg and "Sailor" in msg


def test_templates_are_found_first():
    eng = engine("coc7", "char new \"Brother Amos\" kind=npc STR=70", "template add Cultist kind=npc from=\"brother amos\"")
    (ev,) = events_of(do(eng, "npc add cultist"), CharacterCreated)
    assert ev.stats["STR"] == 70


def test_bestiary_queries():
    eng = engine("fhtagn")
    listing = eng.execute("bestiary").answer
    assert "Hollow Hound" in listing and "Cultist" in listing
    assert "Guard Dog" in eng.execute("bestiary animal").answer
    assert "Cultist" not in eng.execute("bestiary animal").answer
    shown = eng.execute("bestiary show hound").answer
    assert "Bite (Bite 55%) 1d8" in shown and "SAN loss: 0/1d6" in shown


def _saves_engine(tmp_path: Path, system: str) -> Engine:
    from fhtagn_tui.domain.features.campaign import CampaignCreated
    from fhtagn_tui.store.campaign import CampaignStore

    store = CampaignStore.create(tmp_path / "here.fhtagn", [CampaignCreated(name="here", system=system, seq=1)])
    return Engine(store, store.events())


def test_gm_bestiary_in_saves_extends_and_overrides(tmp_path):
    (tmp_path / "bestiary.json").write_text(json.dumps({"system": "coc7", "entries": [
        {"name": "Cultist", "kind": "npc", "stats": {"STR": 99}, "skills": {"Fighting (Brawl)": 77},
         "attacks": [{"name": "Axe", "skill": "Fighting (Brawl)", "damage": "1d8+DB"}]},
        {"name": "Marsh Witch", "kind": "monster", "stats": {"POW": 90}, "san_loss": "1/1d4",
         "attacks": [{"name": "Hex", "skill": "Spellcasting", "damage": "1d6", "kind": "ranged", "range": 10}],
         "skills": {"Spellcasting": 60}}]}))
    (tmp_path / "here.bestiary.toml").write_text(
        'system = "coc7"\n[[entries]]\nname = "Wharf Rat"\nkind = "npc"\nstats = { STR = 10, SIZ = 5 }\n'
        '[[entries.attacks]]\nname = "Bite"\nskill = "Fighting (Bite)"\ndamage = "1d3"\n')
    eng = _saves_engine(tmp_path, "coc7")
    try:
        do(eng, "npc add cultist")
        assert eng.state.characters["cultist 1"].stats["STR"] == 99
        do(eng, "npc add marsh witch")
        do(eng, "npc add wharf rat x2")
        assert eng.state.characters["wharf rat 2"].attacks[0].name == "Bite"
        assert "Marsh Witch" in eng.execute("bestiary").answer
    finally:
        eng.sink.close()


def test_broken_gm_bestiary_is_reported_and_skipped(tmp_path):
    (tmp_path / "bestiary.json").write_text("{not json")
    assert bestiary.problems(tmp_path) and "skipped" in bestiary.problems(tmp_path)[0]
    assert len(bestiary.entries("coc7", tmp_path)) == len(bestiary.entries("coc7"))
    (tmp_path / "bestiary.json").write_text(json.dumps({"system": "coc7", "entries": [{"name": "X", "bogus": 1}]}))
    assert "bogus" in bestiary.problems(tmp_path)[0]


def test_package_data_declares_the_bestiary():
    text = (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text()
    assert "data/bestiary/*.json" in text


def test_fight_add_n_name_falls_back_to_the_bestiary():
    eng = engine("fhtagn", "fight start Barn")
    evs = do(eng, "fight add 2 thug")
    assert [e.name for e in events_of(evs, CharacterCreated)] == ["Thug 1", "Thug 2"]
    assert {"thug 1", "thug 2"} <= set(eng.state.encounter.combatants)
    assert eng.state.characters["thug 1"].attacks[0].name == "Tyre iron"
    do(eng, "template add Thug kind=npc STR=18")  # a template of that name wins
    (made, *_) = events_of(do(eng, "fight add 1 thug"), CharacterCreated)
    assert made.stats["STR"] == 18
    assert "no template or bestiary entry called 'dragon'" in rejected(eng, "fight add 2 dragon")
    assert "no fight is running" in rejected(engine("fhtagn"), "fight add 2 thug")
