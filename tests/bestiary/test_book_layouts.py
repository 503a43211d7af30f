"""Stat blocks as scenario books and their PDFs lay them out (issue 35): every number, attack and
flag imported, every refusal's message, a whole appendix in one action, templates."""

from __future__ import annotations

import pytest

from fhtagn_tui.domain.decide import Rejected
from fhtagn_tui.importers import ImportError_, plan
from fhtagn_tui.importers.statblock import parse
from tests.bestiary.samples_books import LAYOUTS, REFUSALS, appendix
from tests.helpers import engine, replayed


def _attacks(entry_attacks: tuple) -> list[tuple]:
    return [(w.name, w.skill, w.damage, w.kind, w.damage_type or w.db, w.lethality, w.per_round) for w in entry_attacks]


@pytest.mark.parametrize(("system", "text", "expect"), LAYOUTS, ids=[e["name"] for _, _, e in LAYOUTS])
def test_layout_reads_every_number_attack_and_flag(system, text, expect):
    (block,) = parse(text)
    e = block.entry
    assert e.system == system
    assert e.name == expect["name"]
    assert e.kind == expect["kind"]
    assert e.notes == expect["notes"]
    assert e.stats == expect["stats"]
    assert e.vary == expect.get("vary", {})
    assert e.skills == expect["skills"]
    assert e.pools == expect["pools"]
    assert e.armor == expect["armor"] and e.armor_item == expect["armor_item"]
    assert e.san_loss == expect["san_loss"]
    assert e.spells == expect["spells"]
    assert [(b.name, b.score) for b in e.bonds] == list(expect["bonds"])
    assert block.unknown == expect["unknown"]
    # the damage as read (before the character is made, CoC's +DB is still in it)
    got = [(n, s, d.casefold().replace("+db", ""), k, x, le, pr) for n, s, d, k, x, le, pr in _attacks(e.attacks)]
    want = [(n, s, d, k, x if system == "gurps" else "", le, pr) for n, s, d, k, x, le, pr in expect["attacks"]]
    assert [g[:4] + g[5:] for g in got] == [w[:4] + w[5:] for w in want]
    if system == "gurps":
        assert [g[4] for g in got] == [w[4] for w in want]
    assert [w.notes for w in e.attacks] == expect.get("attack_notes", [""] * len(expect["attacks"]))


@pytest.mark.parametrize(("system", "text", "expect"), LAYOUTS, ids=[e["name"] for _, _, e in LAYOUTS])
def test_layout_becomes_that_character_in_one_undoable_group(system, text, expect):
    eng = engine(system)
    events = eng.run(plan(text, source="book").command)
    assert len({ev.group for ev in events}) == 1
    (char,) = eng.state.characters.values()
    assert char.name == expect["name"] and char.kind == expect["kind"]
    for k, v in expect["stats"].items():
        assert char.stats[k] == v, k
    assert char.skills == expect["skills"]
    for pool, value in expect["pools"].items():
        assert char.current[pool] == value, pool
    assert [(w.name, w.skill, w.damage.casefold(), w.kind, w.damage_type if system == "gurps" else w.db,
             w.lethality, w.per_round) for w in char.attacks] == [
        (n, s, d, k, x, le, pr) if system != "fhtagn" else (n, s, d, k, "", le, pr)
        for n, s, d, k, x, le, pr in expect["attacks"]]
    assert eng.state.armory.armor.get(char.id, 0) == expect["armor"]
    assert char.san_loss == expect["san_loss"]
    assert {k for k, v in char.mind.spells.items() if v == 0} == {s.casefold() for s in expect["spells"]}
    assert [(b.name, b.score) for b in char.bonds] == list(expect["bonds"])
    assert char.notes == expect["notes"]
    assert replayed(eng) == eng.state
    eng.execute("undo")
    assert not eng.state.characters and not eng.state.armory.armor


def test_stated_move_and_build_are_what_the_sheet_uses():
    from fhtagn_tui.domain.features.coc_combat.support import db_build
    from fhtagn_tui.domain.systems import derived

    eng = engine("coc7")
    eng.run(plan(LAYOUTS[1][1]).command)
    (horror,) = eng.state.characters.values()
    d = derived("coc7", horror)
    assert (d["MOV"], d["Build"], d["DB"]) == (6, 3, "+2D6")
    assert db_build(horror) == ("+2D6", 3)


def test_gurps_stated_move_and_defences():
    from fhtagn_tui.domain.systems import derived
    from fhtagn_tui.rules.gurps.combat import block_score, dodge_score, parry_score

    eng = engine("gurps")
    eng.run(plan(LAYOUTS[6][1]).command)
    (m,) = eng.state.characters.values()
    d = derived("gurps", m)
    assert (d["Basic Speed"], d["Basic Move"]) == (5.5, 6)
    assert (dodge_score(5.5, m.skills), parry_score(13, m.skills), block_score(m.skills)) == (8, 9, 10)


@pytest.mark.parametrize(("system", "text", "message"), REFUSALS, ids=[t.split("\n")[0] for _, t, _ in REFUSALS])
def test_suspicious_text_is_refused_with_line_token_and_fix(system, text, message):
    with pytest.raises(ImportError_) as info:
        plan(text)
    assert str(info.value) == message
    eng = engine(system)  # and through the command: nothing changed
    before = eng.state
    with pytest.raises(ImportError_):
        eng.run(plan(text).command)
    assert eng.state is before


def test_an_ordinary_number_beside_letters_is_not_suspicious():
    # "Glock 22", "M1911A1", ".45", "Sig P226" and a 10-letter word are not letter/digit confusions
    (b,) = parse("Gunsmith\nSTR 11 CON 10 DEX 12 INT 12 POW 10 CHA 9\n"
                 "ATTACKS: M1911A1 40%, damage 1D10\nSig P226 45%, damage 1D10\nA man in his 50s.\n")
    assert [w.name for w in b.entry.attacks] == ["M1911A1", "Sig P226"]
    assert b.unknown == ["A man in his 50s"]


def test_appendix_of_forty_imports_each_reports_each_one_action():
    eng = engine("coc7")
    text = appendix(40)
    p = plan(text, source="appendix.txt")
    named = [line for line in p.report if line.startswith("Appendix Figure ")]
    assert len(named) == 40
    assert named[0] == ("Appendix Figure Aa: Call of Cthulhu 7e npc, 9 characteristics, 11 skills, 3 attacks, "
                        "spells Call the Drowned Bell, Wither Limb")
    assert named[1] == ("Appendix Figure Ab: Call of Cthulhu 7e monster, 8 characteristics, 3 skills, 2 attacks, "
                        "armour 4 (rubbery hide), SAN loss 1/1d8")
    assert "  as the book states: Move 6 (the rules give MOV 7)" in p.report
    assert p.report[p.report.index(named[1]) + 3] == "  not given (the sheet uses the default): APP 50, EDU 60"
    events = eng.run(p.command)
    assert len(eng.state.characters) == 40 and len({ev.group for ev in events}) == 1
    eng.execute("undo")
    assert not eng.state.characters


def test_appendix_as_templates_keeps_whole_entries_one_action():
    eng = engine("coc7")
    p = plan(appendix(6), as_template=True)
    events = eng.run(p.command)
    assert not eng.state.characters and len(eng.state.templates) == 6
    assert len({ev.group for ev in events}) == 1
    horror = eng.state.templates["appendix figure ab"]
    assert horror.kind == "monster" and horror.stats["Build"] == 3 and horror.san_loss == "1/1d8"
    x = eng.state.template_extras["appendix figure ab"]
    assert (x.armor, x.armor_item, x.vary) == (4, "rubbery hide", {})
    # a template is a bestiary entry: npc add makes characters of it, armour and spells and all
    eng.execute("npc add appendix figure ab x2")
    made = eng.state.characters["appendix figure ab 1"]
    assert made.stats["Build"] == 3 and eng.state.armory.armor[made.id] == 4
    eng.execute("npc add appendix figure aa")
    assert set(eng.state.characters["appendix figure aa 1"].mind.spells) == {"call the drowned bell", "wither limb"}
    assert replayed(eng) == eng.state
    eng.execute("undo")
    eng.execute("undo")
    eng.execute("undo")
    assert not eng.state.templates and not eng.state.template_extras


def test_as_template_refuses_a_name_taken_and_changes_nothing():
    eng = engine("coc7")
    eng.run(plan(appendix(2), as_template=True).command)
    before = eng.state
    with pytest.raises(Rejected) as info:
        eng.run(plan(appendix(3), as_template=True).command)
    assert "there is already a template called Appendix Figure Aa" in str(info.value)
    assert eng.state is before


def test_spells_outside_coc_stay_notes_and_a_gurps_spell_is_a_skill():
    (b,) = parse(LAYOUTS[6][1])
    assert b.entry.spells == () and "Spells: Sense Foes-14, Deathvision-13" in b.entry.notes
    assert b.entry.skills["Spell (Deathvision)"] == 13


def test_the_readme_examples_import():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = text.split("### Stat blocks as the books print them (formats)", 1)[1].split("\n## ", 1)[0]
    blocks = [part.split("```", 1)[0] for part in section.split("```text\n")[1:]]
    assert len(blocks) == 3
    for system, block in zip(("coc7", "fhtagn", "gurps"), blocks, strict=True):
        eng = engine(system)
        p = plan(block)
        eng.run(p.command)
        (char,) = eng.state.characters.values()
        assert not [line for line in p.report if "not understood" in line], p.report
        assert char.attacks


def test_an_agent_as_template_keeps_bonds_and_npc_add_gives_them():
    eng = engine("fhtagn")
    eng.run(plan(LAYOUTS[5][1], as_template=True).command)
    t = eng.state.templates["special agent ruth abernathy-cole"]
    assert [(b.name, b.score) for b in t.bonds] == [("Daughter Mae", 11), ("Partner Luis", 9)]
    eng.execute('npc add "special agent ruth" as="Ruth Cole"')
    assert [(b.name, b.score) for b in eng.state.characters["ruth cole"].bonds] == [("Daughter Mae", 11),
                                                                                      ("Partner Luis", 9)]


def test_template_from_outside_is_validated_where_it_enters():
    import json

    from fhtagn_tui.importers.native import FORMAT

    doc = {"fhtagn": "character", "format": FORMAT, "system": "coc7",
           "character": {"name": "Odd Visitor", "kind": "npc", "stats": {"STR": 50}, "current": {"Evil": 7}}}
    eng = engine("coc7")
    with pytest.raises(Rejected) as info:
        eng.run(plan(json.dumps(doc), as_template=True).command)
    assert str(info.value) == "Odd Visitor: 'Evil' is not a current value in coc7 (values: HP, MP, SAN, Luck)"
    doc["character"]["current"] = {}
    doc["character"]["spells"] = [f"Spell {i}" for i in range(41)]
    with pytest.raises(Rejected) as info:
        eng.run(plan(json.dumps(doc), as_template=True).command)
    assert str(info.value) == "Odd Visitor: at most 40 spells, not 41"
    with pytest.raises(Rejected) as info:
        eng.run(plan(json.dumps(doc)).command)
    assert str(info.value) == "Odd Visitor: at most 40 spells, not 41"
    doc["character"]["spells"] = []
    doc["character"]["conditions"] = [f"cursed {i}" for i in range(41)]
    for as_template in (False, True):
        with pytest.raises(Rejected) as info:
            eng.run(plan(json.dumps(doc), as_template=as_template).command)
        assert str(info.value) == "Odd Visitor: at most 40 conditions, not 41"
    assert not eng.state.templates and not eng.state.characters


@pytest.mark.parametrize("line", ["char export horror format=statblock", "char export horror --format statblock",
                                  "char export hollow-bell horror --statblock"])
def test_char_export_in_the_app_writes_the_block(line):
    eng = engine("coc7")
    eng.run(plan(LAYOUTS[1][1]).command)
    block = eng.execute(line).answer
    assert block.splitlines()[:4] == ["The Hollow-Bell Horror", "STR 90 CON 80 SIZ 100 DEX 40 APP 50 INT 20 POW 70 EDU 60",
                                      "SAN 70 HP 18 MP 14 DB +2D6 Build 3 Move 6", "Attacks per round: 2"]
    again = engine("coc7")
    again.run(plan(block).command)
    assert again.execute(line).answer == block


def test_the_import_help_examples_import_whole():
    import textwrap

    from fhtagn_tui.cli import IMPORT_FORMATS

    sections = IMPORT_FORMATS.split(" stat block:\n")[1:]
    assert len(sections) == 3
    for system, section in zip(("coc7", "fhtagn", "gurps"), sections, strict=True):
        block = textwrap.dedent(section.split("\n\n", 1)[0])
        p = plan(block)
        assert [e.system for e in p.command.entries] == [system]
        assert not [line for line in p.report if "not understood" in line], p.report
        eng = engine(system)
        eng.run(p.command)
        (char,) = eng.state.characters.values()
        assert len(char.attacks) == 2


def test_a_creature_with_rolls_as_a_template_varies_with_npc_add():
    from tests.bestiary.samples_books import COC_ROLLS

    eng = engine("coc7")
    eng.run(plan(COC_ROLLS, as_template=True).command)
    assert eng.state.template_extras["bog hound"].vary["STR"] == "(3d6+6)*5"
    # STR (3d6+6)*5 with 3, 4, 5 → 90; CON 3d6*5 with 6, 6, 6 → 90; SIZ (2d6+6)*5 with 1, 1 → 40;
    # DEX (3d6+3)*5 with 2, 2, 2 → 45; INT 2d6*5 with 6, 5 → 55; POW 3d6*5 with 1, 2, 3 → 30
    eng.execute("npc add bog hound --vary roll=3,4,5,6,6,6,1,1,2,2,2,6,5,1,2,3")
    hound = eng.state.characters["bog hound 1"]
    assert {k: hound.stats[k] for k in ("STR", "CON", "SIZ", "DEX", "INT", "POW")} == dict(
        STR=90, CON=90, SIZ=40, DEX=45, INT=55, POW=30)
    assert eng.state.armory.armor[hound.id] == 2
