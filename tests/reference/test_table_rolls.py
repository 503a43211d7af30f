"""Rolling on reference tables: forced dice, exact rows, the TableRolled event, refusals."""

from __future__ import annotations

import pytest

from fhtagn_tui.cli import main
from fhtagn_tui.domain.features.reference import TableRolled
from fhtagn_tui.reference import roll_on
from fhtagn_tui.rules.dice import Dice
from tests.helpers import do, engine, rejected, replayed


def rolled(eng, text: str, *dice: int | str) -> TableRolled:
    (ev,) = do(eng, text, *dice)
    assert isinstance(ev, TableRolled)
    return ev


@pytest.mark.rule("COC-CHASE-18")
@pytest.mark.parametrize(
    ("roll", "row", "result"),
    [
        (1, 0, "open ground, no hazard"),
        (59, 0, "open ground, no hazard"),
        (60, 1, "Regular hazard"),
        (84, 1, "Regular hazard"),
        (85, 2, "Hard hazard"),
        (95, 2, "Hard hazard"),
        (96, 3, "Extreme hazard"),
        ("00", 3, "Extreme hazard"),
    ],
)
def test_random_location_bands(roll, row, result):
    eng = engine("coc7")
    ev = rolled(eng, "table roll location", roll)
    assert (ev.table, ev.row, ev.result) == ("coc-locations", row, result)
    assert ev.roll == (100 if roll == "00" else roll)
    assert ev.rules == ("COC-CHASE-18",) and ev.inputs == {}
    assert [(r.purpose, r.die) for r in ev.dice] == [("random location", "d100")]


@pytest.mark.rule("COC-CHASE-18", "COC-CHASE-19")
def test_a_hazardous_environment_keeps_the_worse_tens_a_safe_one_the_better():
    eng = engine("coc7")
    bad = rolled(eng, "table roll location environment=hazardous roll=4,3,7")
    assert (bad.roll, bad.result, bad.inputs) == (74, "Regular hazard", {"environment": "hazardous"})
    assert [(r.die, r.value) for r in bad.dice] == [("units", 4), ("tens", 30), ("tens", 70)]
    assert bad.rules == ("COC-CHASE-18", "COC-CHASE-19")
    good = rolled(eng, "table roll coc-locations env=safe roll=4,3,7")
    assert (good.roll, good.result) == (34, "open ground, no hazard")
    assert "Random chase location (1D100) (environment safe): rolled 34 [4, 30, 70]" in good.describe({})


@pytest.mark.rule("GURPS-FRIGHT-02", "GURPS-FRIGHT-15", "GURPS-FRIGHT-05", "GURPS-FRIGHT-37")
def test_fright_table_reads_3d_plus_the_margin():
    eng = engine("gurps")
    ev = rolled(eng, "table roll fright margin=5 roll=3,4,6")
    assert (ev.roll, ev.row, ev.detail) == (18, 10, "3d 13 + margin 5")
    assert ev.result.startswith("Faints 1d minutes; an HT roll at once")
    assert ev.rules == ("GURPS-FRIGHT-02", "GURPS-FRIGHT-15")
    assert ev.inputs == {"margin": "5"}
    low = rolled(eng, "table roll fright margin=0 roll=1,1,1")  # 3 reads as 4
    assert (low.roll, low.row, low.rules[-1]) == (3, 0, "GURPS-FRIGHT-05")
    high = rolled(eng, "table roll gurps-fright margin=30 roll=6,6,6")
    assert (high.roll, high.row, high.rules[-1]) == (48, 32, "GURPS-FRIGHT-37")


@pytest.mark.rule("COC-INSANITY-12", "COC-INSANITY-13", "COC-INSANITY-14")
def test_treatment_bands_by_setting():
    eng = engine("coc7")
    assert rolled(eng, "table roll treatment roll=95").result.startswith("progress")
    assert rolled(eng, "table roll treatment roll=96").result == "setback: −1D6 SAN"
    inst = rolled(eng, "table roll treatment setting=institution roll=50")
    assert (inst.row, inst.rules, inst.inputs) == (2, ("COC-INSANITY-12", "COC-INSANITY-14"), {"setting": "institution"})
    assert rolled(eng, "table roll treatment setting=inst roll=51").result == "no progress this month"
    skilled = rolled(eng, "table roll treatment setting=institution psychoanalysis=70 roll=70")
    assert (skilled.row, skilled.result.split(":")[0]) == (2, "progress")
    assert rolled(eng, "table roll treatment setting=institution skill=70 roll=71").row == 3
    assert rolled(eng, "table roll treatment setting=institution roll=96").row == 4


def test_a_table_roll_is_a_logged_free_roll_that_replays_and_undoes():
    eng = engine("coc7")
    before = eng.state
    rolled(eng, "table roll location roll=47")
    assert eng.state.rolls == before.rolls + 1
    assert replayed(eng) == eng.state
    do(eng, "undo")
    assert eng.state == before


def test_refusals_change_nothing():
    coc = engine("coc7")
    assert "GURPS table" in rejected(coc, "table roll fright margin=3 roll=1,2,3")
    assert "a table to read, not to roll on" in rejected(coc, "table roll armour")
    assert "did you mean 'gurps-fright'" in rejected(coc, "table roll frigt")
    assert "environment is normal, hazardous, safe, not 'wet'" in rejected(coc, "table roll location environment=wet")
    assert "takes no margin=" in rejected(coc, "table roll location margin=3")
    assert "not needed" in rejected(coc, "table roll location roll=4,7")
    assert "still needed, in order (if each roll goes badly): 2 tens dice for 'random location'" in rejected(
        coc, "table roll location env=hazardous roll=4")
    assert "cannot show 101" in rejected(coc, "table roll location roll=101")
    gurps = engine("gurps")
    assert "give the margin of failure of the Fright Check: margin=N" in rejected(gurps, "table roll fright roll=1,2,3")
    assert "0 or more" in rejected(gurps, "table roll fright margin=-2 roll=1,2,3")
    assert "whole number" in rejected(gurps, "table roll fright margin=lots")


def test_the_rollables_resolve_through_the_rules_with_forced_dice():
    result = roll_on(Dice.forced(2, 2, 2), "gurps-fright", {"margin": "17"})
    assert (result.roll, result.text) == (23, "Gains a −10-point Phobia or other mental disadvantage.")
    with pytest.raises(ValueError, match="not rolled on"):
        roll_on(Dice.forced(1), "coc-armour", {})


def test_table_commands_show_and_search():
    eng = engine("fhtagn")
    listing = eng.execute("table list").answer
    assert "coc-locations" in listing and "[roll 1D100" in listing
    shown = eng.execute("table show fire").answer
    assert shown.splitlines()[0] == "Fire intensity [fh-fire]"
    assert "major      blast furnace  lethality 10%" in shown
    assert eng.execute("lookup kevlar").answer.splitlines()[0] == "Armour: Heavy Kevlar vest · 8"
    assert eng.execute("ref zzqxv").answer == "nothing found for 'zzqxv'"
    assert "no table 'kitchen'" in rejected(eng, "table show kitchen")


def test_cli_rules_tables_prints_every_table(capsys):
    assert main(["rules", "--tables"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Damage bonus by STR [fh-damage-bonus]")
    assert "Heavy Kevlar vest       8" in out and "Fright Check table (3d + margin of failure) [gurps-fright]" in out
