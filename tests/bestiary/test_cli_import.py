"""``fhtagn import NAME FILE|-`` and ``fhtagn char export NAME CHARACTER`` as a stranger runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.bestiary.samples import COC, GURPS

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "tests" / "fixtures" / "import" / "dholes_mabel.json"


def fhtagn(saves: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "fhtagn_tui", "--saves", str(saves), *args],
                          cwd=ROOT, capture_output=True, text=True, input=stdin, timeout=60)


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    assert fhtagn(tmp_path, "new", "arkham", "--system", "coc7").returncode == 0
    assert fhtagn(tmp_path, "new", "other", "--system", "coc7").returncode == 0
    return tmp_path


def test_import_a_file_then_undo_takes_it_all_back(saves, tmp_path):
    blocks = tmp_path / "blocks.txt"
    blocks.write_text(COC[0][0] + "\n\n" + COC[4][0])
    out = fhtagn(saves, "import", "arkham", str(blocks))
    assert out.returncode == 0, out.stderr
    assert "Constable Abel Marsh: Call of Cthulhu 7e npc" in out.stdout
    assert "Sister Agatha Vane: Call of Cthulhu 7e npc, 8 characteristics, 5 skills, 1 attacks, " \
           "spells Cloud Memory, Wrack the Unbeliever" in out.stdout
    assert "imported 2 (stat blocks) in one action" in out.stdout
    undo = fhtagn(saves, "do", "arkham", "undo")
    assert undo.returncode == 0
    listing = fhtagn(saves, "do", "arkham", "char list")
    assert "no characters yet" in listing.stdout


def test_import_from_stdin_and_dry_run(saves):
    out = fhtagn(saves, "import", "arkham", "-", "--dry-run", stdin=SAMPLE.read_text())
    assert out.returncode == 0 and "dry run: 1 Dhole's House investigator to import" in out.stdout
    assert "no characters yet" in fhtagn(saves, "do", "arkham", "char list").stdout
    out = fhtagn(saves, "import", "arkham", "-", stdin=SAMPLE.read_text())
    assert out.returncode == 0 and "Mabel Ashcroft: Dhole's House investigator, 10 skills, 1 weapons" in out.stdout


def test_export_then_import_into_another_campaign(saves, tmp_path):
    fhtagn(saves, "import", "arkham", str(SAMPLE))
    target = tmp_path / "mabel.json"
    out = fhtagn(saves, "char", "export", "arkham", "mabel", "-o", str(target))
    assert out.returncode == 0, out.stderr
    assert json.loads(target.read_text())["character"]["name"] == "Mabel Ashcroft"
    printed = fhtagn(saves, "char", "export", "arkham", "mabel")
    assert json.loads(printed.stdout) == json.loads(target.read_text())
    assert fhtagn(saves, "import", "other", str(target)).returncode == 0
    a = json.loads(fhtagn(saves, "char", "export", "other", "mabel").stdout)
    assert a == json.loads(target.read_text())


@pytest.mark.parametrize(("content", "words"), [
    ("Dear diary, nothing happened today.", "no stat block found"),
    ('{"Investigator": {', "not valid JSON"),
    (GURPS[0][0], "is a GURPS stat block; this campaign plays Call of Cthulhu 7e"),
])
def test_bad_input_is_a_clear_message_and_changes_nothing(saves, tmp_path, content, words):
    before = (saves / "arkham.fhtagn").read_bytes()
    bad = tmp_path / "bad.txt"
    bad.write_text(content)
    out = fhtagn(saves, "import", "arkham", str(bad))
    assert out.returncode == 1
    assert words in out.stderr and "Traceback" not in out.stderr
    assert (saves / "arkham.fhtagn").read_bytes() == before


def test_missing_file_and_unknown_character(saves):
    out = fhtagn(saves, "import", "arkham", "/nonexistent/blocks.txt")
    assert out.returncode == 2 and "cannot read /nonexistent/blocks.txt" in out.stderr
    out = fhtagn(saves, "char", "export", "arkham", "nobody")
    assert out.returncode == 1 and "nobody" in out.stderr and "Traceback" not in out.stderr


def test_npc_add_through_do(saves):
    out = fhtagn(saves, "do", "arkham", "npc add cultist ×3", "bestiary show cultist")
    assert out.returncode == 0, out.stderr
    assert "Cultist 3 joins as npc" in out.stdout and "Sacrificial knife" in out.stdout


# --- issue 35: the dry run is the import's own checks; formats in --help; char export --format ------------


def test_dry_run_refuses_exactly_what_the_import_refuses(tmp_path):
    saves = tmp_path
    assert fhtagn(saves, "new", "cell", "--system", "fhtagn").returncode == 0
    blocks = tmp_path / "coc.txt"
    blocks.write_text(COC[0][0] + "\n\n" + COC[4][0])
    before = (saves / "cell.fhtagn").read_bytes()
    dry = fhtagn(saves, "import", "cell", str(blocks), "--dry-run")
    real = fhtagn(saves, "import", "cell", str(blocks))
    assert dry.returncode == real.returncode == 1
    words = "Constable Abel Marsh is a Call of Cthulhu 7e stat block; this campaign plays FHTAGN; nothing was changed"
    assert words in dry.stderr and words in real.stderr
    assert "Traceback" not in dry.stderr + real.stderr
    assert (saves / "cell.fhtagn").read_bytes() == before


def test_dry_run_passes_what_the_import_passes_and_changes_nothing(saves, tmp_path):
    blocks = tmp_path / "blocks.txt"
    blocks.write_text(COC[0][0] + "\n\n" + COC[4][0])
    before = (saves / "arkham.fhtagn").read_bytes()
    dry = fhtagn(saves, "import", "arkham", str(blocks), "--dry-run")
    assert dry.returncode == 0, dry.stderr
    assert "(dry run: 2 stat blocks to import, 4 events; nothing changed)" in dry.stdout
    assert (saves / "arkham.fhtagn").read_bytes() == before
    real = fhtagn(saves, "import", "arkham", str(blocks))
    assert real.returncode == 0 and "imported 2 (stat blocks) in one action, 4 events" in real.stdout


def test_suspicious_text_exits_1_with_the_line_both_ways(saves, tmp_path):
    bad = tmp_path / "ocr.txt"
    bad.write_text("Deacon Hobb\nSTR 55 CON 6O SIZ 60 DEX 50 INT 55 APP 40 POW 50 EDU 45\n")
    for extra in ((), ("--dry-run",)):
        out = fhtagn(saves, "import", "arkham", str(bad), *extra)
        assert out.returncode == 1
        assert "line 2:" in out.stderr and "the token '6O'" in out.stderr and "probably '60'" in out.stderr


def test_import_help_lists_every_format_with_an_example():
    out = fhtagn(Path("."), "import", "--help")
    assert out.returncode == 0
    for words in ("Call of Cthulhu 7e stat block:", "STR 65 CON 60 SIZ 70", "FHTAGN / Delta Green family stat block:",
                  "ATTACKS: Glock 22 55%, damage 1D10.", "GURPS stat block:", "ST 12 DX 11 IQ 10 HT 11",
                  "Dhole's House investigator (JSON)", "A character exported by fhtagn (JSON)", "--as-template",
                  "CON 6O"):
        assert words in out.stdout, words


def test_char_export_statblock_imports_back_and_as_template(saves, tmp_path):
    blocks = tmp_path / "blocks.txt"
    blocks.write_text(COC[1][0])
    assert fhtagn(saves, "import", "arkham", str(blocks)).returncode == 0
    out = fhtagn(saves, "char", "export", "arkham", "mire gaunt", "--format", "statblock")
    assert out.returncode == 0, out.stderr
    assert out.stdout == ("Mire Gaunt\n"
                          "STR 90 CON 70 SIZ 85 DEX 60 APP 50 INT 45 POW 55 EDU 60\n"
                          "SAN 55 HP 15 MP 11 DB +1D6 Build 2 Move 8\n"
                          "Attacks per round: 2\n"
                          "Fighting (Claw) 45% (22/9), damage 1D8+DB\n"
                          "Dodge 30% (15/6)\n"
                          "Skills: Fighting (Claw) 45%.\n"
                          "Armor: 2 (slimy hide)\n"
                          "SAN loss: 0/1d6\n")
    again = tmp_path / "gaunt.txt"
    again.write_text(out.stdout)
    assert fhtagn(saves, "import", "other", str(again)).returncode == 0
    back = fhtagn(saves, "char", "export", "other", "mire gaunt", "--format", "statblock")
    assert back.stdout == out.stdout
    templ = fhtagn(saves, "import", "other", str(again), "--as-template")
    assert templ.returncode == 0, templ.stderr
    assert "imported 1 (stat blocks) as templates (bestiary entries for 'npc add') in one action" in templ.stdout
    twice = fhtagn(saves, "import", "other", str(again), "--as-template", "--dry-run")
    assert twice.returncode == 1 and "there is already a template called Mire Gaunt" in twice.stderr
    made = fhtagn(saves, "do", "other", "npc add mire gaunt x2")
    assert made.returncode == 0 and "Mire Gaunt 2" in made.stdout
