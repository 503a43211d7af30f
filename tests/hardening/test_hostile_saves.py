"""Hostile saves through the real command: each gets a clear message naming the file and
what to do, exits 1, and the file is never changed (only `check --repair` writes, with a backup)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def fhtagn(saves: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "fhtagn_tui", "--saves", str(saves), *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)


@pytest.fixture
def played(tmp_path: Path) -> Path:
    assert fhtagn(tmp_path, "new", "cell", "--system", "fhtagn").returncode == 0
    assert fhtagn(tmp_path, "do", "cell", "char new Ada", "note one", "note two").returncode == 0
    return tmp_path / "cell.fhtagn"


def refused(saves: Path, path: Path, *args: str) -> str:
    before = path.read_bytes()
    out = fhtagn(saves, *args)
    assert out.returncode == 1, out.stdout + out.stderr
    assert "Traceback" not in out.stderr
    assert path.read_bytes() == before  # never changed
    return out.stderr + out.stdout


def test_truncated_save(played):
    data = played.read_bytes()
    played.write_bytes(data[:-25])  # the last record cut short
    message = refused(played.parent, played, "do", "cell", "note three")
    assert "cell.fhtagn" in message and "--repair" in message
    assert json.loads(fhtagn(played.parent, "replay", "cell", "--json").stdout)["notes"] == 1  # readers still open it
    fixed = fhtagn(played.parent, "check", "cell", "--repair")
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    assert "cell.fhtagn: clean, 3 events\nrepaired: a copy of the file as it was is " in fixed.stdout
    assert list(played.parent.glob("cell.fhtagn.bak-*"))  # a backup was kept
    assert fhtagn(played.parent, "do", "cell", "note three").returncode == 0


def test_bit_flipped_save(played):
    data = bytearray(played.read_bytes())
    middle = data.index(b'"note one"') if b'"note one"' in data else data.index(b"one")
    data[middle - 12] ^= 0x40  # a flipped bit inside an earlier record
    played.write_bytes(bytes(data))
    message = refused(played.parent, played, "do", "cell", "note three")
    assert "cell.fhtagn" in message and "line" in message
    repair = refused(played.parent, played, "check", "cell", "--repair")
    assert "cell.fhtagn" in repair and "not repaired automatically" in repair


def test_save_from_a_newer_schema(played):
    lines = played.read_bytes().splitlines()
    record = json.loads(lines[-1])
    record["v"] = 99
    played.write_bytes(b"\n".join(lines[:-1] + [json.dumps(record).encode()]) + b"\n")
    message = refused(played.parent, played, "do", "cell", "note three")
    assert "cell.fhtagn" in message and "newer" in message


def test_not_a_campaign(tmp_path):
    path = tmp_path / "recipes.fhtagn"
    path.write_bytes(b"\x89PNG\r\n\x1a\n not a campaign at all")
    message = refused(tmp_path, path, "do", "recipes", "note x")
    assert "recipes.fhtagn" in message


def test_another_systems_campaign_opened_with_the_wrong_expectation(tmp_path):
    assert fhtagn(tmp_path, "new", "docks", "--system", "coc7").returncode == 0
    path = tmp_path / "docks.fhtagn"
    script = tmp_path / "fhtagn-night.txt"
    script.write_text('char new Ada\nsan ada 1/1d6\nreq ada pistol via=own\n', encoding="utf-8")
    before_events = fhtagn(tmp_path, "log", "docks", "--json").stdout
    out = fhtagn(tmp_path, "script", "docks", str(script))
    assert out.returncode == 1 and "line 2" in out.stderr
    assert "fhtagn" in out.stderr.lower() or "FHTAGN" in out.stderr
    after = fhtagn(tmp_path, "log", "docks", "--json").stdout.splitlines()
    assert len(after) == len(before_events.splitlines()) + 1  # only the character, before the refusal
    assert path.exists()


def test_saves_folder_that_cannot_be_read(tmp_path):
    blocker = tmp_path / "saves"
    blocker.write_text("a file where the saves folder should be")
    out = fhtagn(blocker, "do", "cell", "note x")
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert "saves" in out.stderr
    assert blocker.read_text() == "a file where the saves folder should be"


def test_opening_the_app_on_a_saves_folder_that_is_a_file(tmp_path):
    blocker = tmp_path / "saves"
    blocker.write_text("not a folder")
    out = subprocess.run([sys.executable, "-m", "fhtagn_tui", "--saves", str(blocker)],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert "cannot use" in out.stderr and str(blocker) in out.stderr
    assert blocker.read_text() == "not a folder"
