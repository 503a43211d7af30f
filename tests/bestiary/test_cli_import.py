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
