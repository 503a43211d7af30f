"""Every file the program writes is created mode 600 (issue 30): a GM recap from ``export -o``, a
sheet from ``char export -o``, the campaign and what lies beside it — whatever the umask.  A file
that exists already keeps the mode the user gave it."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from fhtagn_tui import campaigns

ROOT = Path(__file__).resolve().parents[2]


def fhtagn(saves: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "fhtagn_tui", "--saves", str(saves), *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, preexec_fn=lambda: os.umask(0o022))


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    old = os.umask(0o022)
    try:
        campaigns.create_demo(tmp_path)
    finally:
        os.umask(old)
    return tmp_path


@pytest.mark.parametrize("args", [("export", "harlan-creek", "--format", "html"),
                                  ("export", "harlan-creek", "--players"),
                                  ("char", "export", "harlan-creek", "ada")])
def test_outputs_written_with_o_are_the_owners_only(saves: Path, tmp_path: Path, args: tuple[str, ...]):
    out = tmp_path / "out" / "recap"
    out.parent.mkdir()
    done = fhtagn(saves, *args, "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert out.stat().st_size > 0 and mode(out) == 0o600
    out.chmod(0o644)  # the user's choice for this file: kept when it is written again
    assert fhtagn(saves, *args, "-o", str(out)).returncode == 0
    assert mode(out) == 0o644


def test_the_campaign_and_its_companions_are_the_owners_only(saves: Path):
    assert fhtagn(saves, "do", "harlan-creek", "note the cellar door is open").returncode == 0
    files = [p for p in saves.iterdir() if p.is_file()]
    assert any(p.suffix == ".fhtagn" for p in files)
    assert {p.name: oct(mode(p)) for p in files} == {p.name: oct(0o600) for p in files}


def test_what_the_program_writes_outside_its_own_helper_is_the_owners_only_too(tmp_path: Path):
    """A file Textual or Python writes for the GM (a screenshot of the GM's screen into ~/Downloads,
    written with open()) came out 0644: the ``fhtagn`` command runs with umask 077."""
    target = tmp_path / "screenshot.svg"
    code = ("import sys, fhtagn_tui.cli as c\n"
            "def main():\n    open(sys.argv[1], 'w').write('secret notes')\n    return 0\n"
            "c.main = main\nc.entry()\n")
    out = subprocess.run([sys.executable, "-c", code, str(target)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert mode(target) == 0o600
