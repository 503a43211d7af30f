"""Search and the catalogue of entries of the GM screen."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from fhtagn_tui.reference import TABLES, context_entry, entries, search
from fhtagn_tui.reference.catalogue import rule_span, topics
from fhtagn_tui.rules.registry import load_all

ROOT = Path(__file__).resolve().parents[2]


def first_row(query: str) -> tuple[str, tuple[str, ...]]:
    hit = next(h for h in search(query) if h.kind == "row")
    return hit.entry, TABLES[hit.entry].build()[1][hit.row]


def test_a_word_finds_the_row():
    hits = search("kevlar")
    assert (hits[0].kind, hits[0].entry, hits[0].row) == ("row", "coc-armour", 4)
    assert hits[0].text == "Heavy Kevlar vest · 8"
    assert "COC-COMBAT-09" in [h.entry for h in hits if h.kind == "rule"]


def test_search_is_tolerant_of_case_spelling_and_typos():
    assert first_row("KEVLR") == ("coc-armour", ("Heavy Kevlar vest", "8"))
    assert first_row("military armour") == ("coc-armour", ("Military body armor", "12"))
    assert first_row("sand bag") == ("coc-armour", ("Large sand bag", "20"))


def test_a_number_finds_the_row_whose_range_holds_it():
    assert first_row("fright 23")[1][0] == "23"
    assert search("fright 23")[0].kind == "row"
    assert first_row("fright 14")[1][0] == "14–15"
    assert first_row("fright 45")[1][0] == "40+"
    assert first_row("location 72") == ("coc-locations", ("60–84", "Regular hazard"))
    assert first_row("location 100") == ("coc-locations", ("96–100", "Extreme hazard"))


def test_an_id_finds_the_rule_first_then_its_tables():
    hits = search("COC-CHASE-18")
    assert (hits[0].kind, hits[0].entry) == ("rule", "COC-CHASE-18")
    assert ("table", "coc-locations") in [(h.kind, h.entry) for h in hits]
    assert search("coc-chase-8")[0].entry == "COC-CHASE-08"


def test_an_id_prefix_finds_every_rule_of_the_topic_in_order():
    rules = [h.entry for h in search("COC-CHASE") if h.kind == "rule"]
    assert rules == [f"COC-CHASE-{n:02d}" for n in range(1, 31)]


def test_nothing_for_nothing():
    assert search("") == [] and search("   ") == []
    assert search("zzqxv") == []


def test_entries_hold_the_help_every_rule_once_and_every_table():
    every = entries()
    assert every[0].id == "help"
    rule_ids = [e.id for e in every if e.kind == "rule"]
    assert sorted(rule_ids) == sorted(load_all()) and len(rule_ids) == len(set(rule_ids))
    assert {e.id for e in every if e.kind == "table"} == set(TABLES)
    assert topics("coc7")[:3] == ["DICE", "PARTY", "MELEE"]


def test_context_opens_at_what_a_screen_shows():
    assert context_entry("chase", "coc7").id == "coc-locations"
    assert context_entry("firearms", "coc7").id == "coc-firearm-modifiers"
    assert context_entry("requisitions", "fhtagn").id == "fh-expenses"
    assert context_entry("COC-CHASE-18", "fhtagn").id == "COC-CHASE-18"
    assert context_entry("COC-VEHICLE", "coc7").id == "coc-vehicles-road"
    assert context_entry("gurps-fright", "coc7").id == "gurps-fright"
    assert context_entry("", "coc7").id == "help"
    assert context_entry("chase", "gurps").id == "help"  # GURPS has no chases


def test_rule_spans_join_runs():
    assert rule_span(("GURPS-FRIGHT-02", "GURPS-FRIGHT-05", "GURPS-FRIGHT-06", "GURPS-FRIGHT-07")) == "GURPS-FRIGHT-02, 05–07"
    assert rule_span(("COC-CHASE-13", "COC-CHASE-15", "COC-VEHICLE-10")) == "COC-CHASE-13, 15, COC-VEHICLE-10"
    assert rule_span(()) == ""


def test_the_reference_is_pure():
    code = (
        "import sys\n"
        "import fhtagn_tui.reference as r; r.load_tables(); r.search('kevlar')\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'tinydb', 'rich')"
        " or m.startswith(('fhtagn_tui.app', 'fhtagn_tui.store', 'fhtagn_tui.domain', 'fhtagn_tui.commands'))]\n"
        "print(','.join(sorted(bad)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
