"""Stat-block import: every sample becomes its expected character (issue 18)."""

from __future__ import annotations

import pytest

from fhtagn_tui.importers import ImportError_, plan
from fhtagn_tui.importers.statblock import StatBlockError, parse
from tests.bestiary.samples import COC, FHTAGN, GURPS, twenty
from tests.helpers import engine, replayed

ALL = [("coc7", t, e) for t, e in COC] + [("fhtagn", t, e) for t, e in FHTAGN] + [("gurps", t, e) for t, e in GURPS]


def test_at_least_ten_samples_per_system():
    assert len(COC) >= 10 and len(FHTAGN) >= 10 and len(GURPS) >= 10


@pytest.mark.parametrize(("system", "text", "expect"), ALL, ids=[f"{s}-{e['name']}" for s, _, e in ALL])
def test_sample_reads_as_expected(system, text, expect):
    (block,) = parse(text)
    e = block.entry
    assert e.system == system
    assert e.name.casefold() == expect["name"].casefold()
    assert e.kind == expect.get("kind", e.kind)
    for k, v in expect.get("stats", {}).items():
        assert e.stats.get(k) == v, k
    for k, v in expect.get("skills", {}).items():
        assert {s.casefold(): n for s, n in e.skills.items()}.get(k.casefold()) == v, k
    if "attacks" in expect:
        got = [(w.name.casefold(), w.skill.casefold(), w.damage.casefold(), w.damage_type or w.db or "none", w.per_round)
               for w in e.attacks]
        want = []
        for name, skill, dmg, extra, apr in expect["attacks"]:
            want.append((name.casefold(), skill.casefold(), dmg, extra or "none", apr))
        # the damage as the block prints it; the DB part is split off when the character is made
        got = [(n, s, d.replace("+db", "").replace("+½db", ""), x if x != "none" or "db" not in d else
                ("half" if "½" in d else "full"), a) for n, s, d, x, a in got]
        assert got == want
    assert e.armor == expect.get("armor", e.armor)
    if "armor_item" in expect:
        assert e.armor_item == expect["armor_item"]
    assert e.san_loss == expect.get("san_loss", e.san_loss)
    for k, v in expect.get("pools", {}).items():
        assert e.pools.get(k) == v, k
    assert block.unknown == expect["unknown"]
    for line in block.unknown:
        assert line in e.notes
    if "notes_has" in expect:
        assert expect["notes_has"] in e.notes
    assert e.spells == expect.get("spells", ())


@pytest.mark.parametrize(("system", "text", "expect"), ALL, ids=[f"{s}-{e['name']}" for s, _, e in ALL])
def test_sample_imports_as_one_undoable_group(system, text, expect):
    eng = engine(system)
    p = plan(text, source="sample")
    events = eng.run(p.command)
    assert len({ev.group for ev in events}) == 1
    (char,) = eng.state.characters.values()
    for k, v in expect.get("stats", {}).items():
        assert char.stats.get(k) == v
    for w, (name, _skill, _dmg, extra, apr) in zip(char.attacks, expect.get("attacks", char.attacks and []), strict=False):
        assert (w.name.casefold(), w.per_round) == (name.casefold(), apr)
        if system == "coc7":
            assert w.db == (extra or "none")
        if system == "gurps":
            assert w.damage_type == extra
    if expect.get("armor"):
        assert eng.state.armory.armor[char.id] == expect["armor"]
    assert replayed(eng) == eng.state
    eng.execute("undo")
    assert not eng.state.characters and not eng.state.armory.armor


def test_twenty_blocks_in_one_file():
    eng = engine("coc7")
    text = twenty()
    blocks = parse(text)
    assert [b.entry.name for b in blocks] == [f"Specimen {chr(65 + i)}" for i in range(20)]
    events = eng.run(plan(text).command)
    assert len(eng.state.characters) == 20 and len({e.group for e in events}) == 1
    # the same names twice in one text: refused as a whole, nothing changed
    again = engine("coc7")
    with pytest.raises(Exception) as info:
        again.run(plan(text + "\n\n" + text).command)
    assert "twice" in str(info.value) and not again.state.characters


def test_many_blocks_import_together():
    eng = engine("coc7")
    text = "\n\n".join(t for t, _ in COC)
    p = plan(text)
    eng.run(p.command)
    assert len(eng.state.characters) == len(COC)
    assert any("not understood" in line for line in p.report)


@pytest.mark.parametrize("text", ["", "   ", "Hello, this is a recipe for soup.\nAdd salt.", "HP 12 SAN 40"])
def test_not_a_stat_block_is_a_clear_message(text):
    with pytest.raises(ImportError_) as info:
        plan(text)
    assert "no stat block" in str(info.value) or "empty" in str(info.value)


def test_wrong_system_changes_nothing():
    eng = engine("gurps")
    before = eng.state
    with pytest.raises(Exception) as info:
        eng.run(plan(COC[0][0]).command)
    assert "Call of Cthulhu 7e stat block" in str(info.value) and "GURPS" in str(info.value)
    assert eng.state is before


def test_impossible_numbers_are_refused():
    eng = engine("fhtagn")
    with pytest.raises(Exception) as info:
        eng.run(plan("Giant\nSTR 99 CON 12 DEX 10 INT 10 POW 10 CHA 10\n").command)
    assert "STR 99" in str(info.value)
    assert not eng.state.characters


def test_statblock_error_is_import_error():
    assert ImportError_ is StatBlockError
