"""The fhtagn command, run as a real subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def fhtagn(saves: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "fhtagn_tui", "--saves", str(saves), *args],
        cwd=ROOT, capture_output=True, text=True, input=stdin, timeout=60,
    )


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    out = fhtagn(tmp_path, "new", "delta", "--system", "fhtagn")
    assert out.returncode == 0, out.stderr
    return tmp_path


def test_new_refuses_to_overwrite(saves):
    before = (saves / "delta.fhtagn").read_bytes()
    out = fhtagn(saves, "new", "delta", "--system", "coc7")
    assert out.returncode == 1 and "already exists" in out.stderr
    assert (saves / "delta.fhtagn").read_bytes() == before


def test_do_then_replay_json(saves):
    out = fhtagn(saves, "do", "delta", "char new Ada STR=12 CON=11 POW=14 CHA=13 Firearms=50",
                 "test ada Firearms roll=37", "char pool ada HP=6")
    assert out.returncode == 0, out.stderr
    assert "Ada rolls Firearms vs 50 → 37 [37]: success" in out.stdout
    state = json.loads(fhtagn(saves, "replay", "delta", "--json").stdout)
    assert state["system"] == "fhtagn"
    assert state["characters"]["ada"]["current"] == {"HP": 6, "WP": 14, "SAN": 70, "BP": 56}
    early = json.loads(fhtagn(saves, "replay", "delta", "--until", "2", "--json").stdout)
    assert early["characters"]["ada"]["current"]["HP"] == 12


def test_do_stops_at_a_rejected_command_and_exits_1(saves):
    out = fhtagn(saves, "do", "delta", "char new Ada", "char pool ada HP=99", "note never")
    assert out.returncode == 1
    assert "HP cannot be 99" in out.stderr
    log = fhtagn(saves, "log", "delta", "--json").stdout.strip().splitlines()
    assert [json.loads(line)["type"] for line in log] == ["CampaignCreated", "CharacterCreated"]


def test_script_reports_the_rejected_line(saves, tmp_path):
    script = tmp_path / "prep.txt"
    script.write_text("# prep\nchar new Ada\n\nsession start One\nchar pool ada SAN=-4\nnote unreachable\n")
    out = fhtagn(saves, "script", "delta", str(script))
    assert out.returncode == 1
    assert "line 5" in out.stderr and "minimum is 0" in out.stderr
    state = json.loads(fhtagn(saves, "replay", "delta", "--json").stdout)
    assert state["sessions"][0]["title"] == "One" and state["notes"] == 0


def test_log_prints_plain_words_and_json(saves):
    fhtagn(saves, "do", "delta", "note Door is nailed shut. secret")
    plain = fhtagn(saves, "log", "delta").stdout
    assert "Note: Door is nailed shut. (secret)" in plain
    records = [json.loads(x) for x in fhtagn(saves, "log", "delta", "--json").stdout.splitlines()]
    assert records[-1]["type"] == "NoteAdded" and records[-1]["secret"] is True and records[-1]["seq"] == 2


def test_undo_across_a_restart(saves):
    fhtagn(saves, "do", "delta", "char new Ada", "char pool ada HP=3")
    out = fhtagn(saves, "do", "delta", "undo")
    assert out.returncode == 0 and "Undo: Ada: HP 10 → 3" in out.stdout
    state = json.loads(fhtagn(saves, "replay", "delta", "--json").stdout)
    assert state["characters"]["ada"]["current"]["HP"] == 10


def test_unknown_campaign_and_usage_errors(saves):
    out = fhtagn(saves, "do", "nope", "note x")
    assert out.returncode == 1 and "no campaign 'nope'" in out.stderr and "delta" in out.stderr
    assert fhtagn(saves, "replay").returncode == 2
    assert fhtagn(saves, "new", "x", "--system", "dnd").returncode == 2


def test_roll_and_rules(saves):
    out = fhtagn(saves, "roll", "2d6+1")
    assert out.returncode == 0 and "2d6+1 = " in out.stdout
    assert fhtagn(saves, "roll", "2d6+").returncode == 1
    rules = json.loads(fhtagn(saves, "rules", "--json").stdout)
    ids = {r["id"] for r in rules}
    assert {"FH-DICE-01", "COC-DICE-04", "GURPS-DICE-02", "FH-PARTY-01"} <= ids
    assert all(r["summary"] for r in rules)


def test_check_reports_clean(saves):
    fhtagn(saves, "do", "delta", "note one", "note two")
    out = fhtagn(saves, "check", "delta")
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.strip() == f"{saves / 'delta.fhtagn'}: clean, 3 events" and out.stderr == ""


def test_check_finds_and_repairs_a_torn_tail(saves):
    path = saves / "delta.fhtagn"
    fhtagn(saves, "do", "delta", "note one")
    good = path.read_bytes()
    path.write_bytes(good + b'{"type":"NoteAdded","text":"tor')
    out = fhtagn(saves, "check", "delta")
    assert out.returncode == 1, out.stdout + out.stderr
    lines = out.stdout.strip().splitlines()
    assert lines[0] == f"{saves / 'delta.fhtagn'}: 1 problem (2 readable events)", out.stdout
    assert lines[1] == (f"  - line 4: incomplete record at the end, 31 bytes from byte {len(good)} "
                        "(a save cut short; that action was never confirmed)")
    assert lines[-1].startswith("What to do: run `fhtagn check delta --repair`")
    assert path.read_bytes() == good + b'{"type":"NoteAdded","text":"tor'  # check never writes
    refused = fhtagn(saves, "do", "delta", "note two")
    assert refused.returncode == 1 and "--repair" in refused.stderr
    fixed = fhtagn(saves, "check", "delta", "--repair")
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    assert "repaired: a copy of the file as it was is " in fixed.stdout and ".bak-" in fixed.stdout
    assert path.read_bytes() == good
    assert list(saves.glob("delta.fhtagn.bak-*"))
    assert fhtagn(saves, "do", "delta", "note two").returncode == 0


def test_a_foreign_file_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "notes.fhtagn"
    path.write_text("shopping list\n")
    out = fhtagn(tmp_path, "do", "notes", "note x")
    assert out.returncode == 1 and "notes.fhtagn" in out.stderr
    assert path.read_text() == "shopping list\n"


def test_demo_campaign_is_created_when_saves_is_empty(tmp_path):
    from fhtagn_tui import campaigns

    path = campaigns.default_campaign(tmp_path / "saves")
    assert path.name == "harlan-creek.fhtagn"
    state = json.loads(fhtagn(tmp_path / "saves", "replay", "harlan-creek", "--json").stdout)
    assert len(state["characters"]) == 6 and state["sessions"][0]["number"] == 1
    assert campaigns.default_campaign(tmp_path / "saves") == path  # not created twice


def test_readme_and_ci_run_the_same_test_command():
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    command = "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && .venv/bin/python -m pytest -q"
    assert command in readme.splitlines()
    assert command in ci.splitlines()
