"""The CLI's sharp edges (issue 16): names, files, dice bounds, pipes, terminals — as a stranger runs them."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from fhtagn_tui import campaigns
from fhtagn_tui.store import CampaignStore, StoreError
from fhtagn_tui.store.lock import WriterLock, lock_path

ROOT = Path(__file__).resolve().parents[2]


def fhtagn(saves: Path, *args: str, stdin: str | None = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "fhtagn_tui", "--saves", str(saves), *args],
        cwd=ROOT, capture_output=True, text=True, input=stdin, timeout=60,
    )


def shell(command: str, saves: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, env={**os.environ, "FHTAGN_SAVES": str(saves), "PY": sys.executable})


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    out = fhtagn(tmp_path, "new", "delta", "--system", "fhtagn")
    assert out.returncode == 0, out.stderr
    out = fhtagn(tmp_path, "do", "delta", "char new Bob", "session start One", "note the farm")
    assert out.returncode == 0, out.stderr
    return tmp_path


def tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("name", ["../evil", "a/b", "", ".hidden", "x" * 65, "tab\tname",
                                  "semi;colon", "new\nline", "/abs", "star*"])
def test_a_bad_campaign_name_is_refused_saying_what_is_allowed(tmp_path: Path, name: str):
    saves = tmp_path / "saves"
    saves.mkdir()
    before = tree(tmp_path)
    for args in (["new", name, "--system", "fhtagn"], ["log", name], ["do", name, "note x"]):
        out = fhtagn(saves, *args)
        assert out.returncode == 1, (args, out.stderr)
        assert "letters, digits, space, '-', '_' and '.'" in out.stderr
        assert "Traceback" not in out.stderr
    assert tree(tmp_path) == before  # nothing written anywhere


@pytest.mark.parametrize("name", ["Night at the Opera", "harlan-creek", "case_7", "v1.2", "a", "x" * 64, "Café"])
def test_good_names_work(tmp_path: Path, name: str):
    out = fhtagn(tmp_path, "new", name, "--system", "coc7")
    assert out.returncode == 0, out.stderr
    assert (tmp_path / f"{name}.fhtagn").is_file()


def test_files_are_created_private(saves: Path):
    path = saves / "delta.fhtagn"
    mode = stat.S_IMODE(path.stat().st_mode)
    assert mode == 0o600, oct(mode)
    assert stat.S_IMODE(lock_path(path).stat().st_mode) == 0o600
    # a torn tail repaired: the backup and the torn bytes are private too
    with path.open("ab") as f:
        f.write(b'{"type": "No')
    out = fhtagn(saves, "check", "delta", "--repair")
    assert out.returncode == 0, out.stdout + out.stderr
    made = [p for p in saves.iterdir() if ".bak-" in p.name or ".torn-" in p.name]
    assert len(made) == 2
    for p in made:
        assert stat.S_IMODE(p.stat().st_mode) == 0o600, p


def test_the_start_up_snapshot_is_private(saves: Path):
    from fhtagn_tui.domain.replay import Projection
    from fhtagn_tui.store import snapshot

    path = saves / "delta.fhtagn"
    with CampaignStore.open(path, readonly=True) as store:
        projection = Projection()
        for ev in store.events():
            projection.apply(ev)
        assert snapshot.save(store, projection)
        written = snapshot.path_for(store.path)
    assert stat.S_IMODE(written.stat().st_mode) == 0o600


def test_a_symlinked_lock_is_refused_and_its_target_untouched(saves: Path, tmp_path: Path):
    path = saves / "delta.fhtagn"
    victim = tmp_path / "precious.txt"
    victim.write_text("do not empty me\n")
    lock = lock_path(path)
    lock.unlink()
    lock.symlink_to(victim)
    before = path.read_bytes()
    out = fhtagn(saves, "do", "delta", "note should not land")
    assert out.returncode == 1 and "symbolic link" in out.stderr, out.stderr
    assert victim.read_text() == "do not empty me\n"
    assert path.read_bytes() == before
    with pytest.raises(StoreError, match="symbolic link"):
        WriterLock.acquire(path)


def test_a_lock_that_is_not_a_lock_is_never_truncated(saves: Path, tmp_path: Path):
    path = saves / "delta.fhtagn"
    lock = lock_path(path)
    lock.unlink()
    other = tmp_path / "other.txt"
    other.write_text("x" * 4000)
    os.link(other, lock)  # a hard link planted under the lock's name
    with pytest.raises(StoreError, match="does not look like fhtagn's lock"):
        WriterLock.acquire(path)
    assert other.read_text() == "x" * 4000


@pytest.mark.parametrize("expr", ["1d99999999999999999999", "1001d6", "1d1001", "2d6+99999", "1d6*10000*10000",
                                  "600d6+600d6", "1d" + "9" * 70])
def test_a_huge_die_is_refused_everywhere_with_the_file_untouched(saves: Path, expr: str):
    path = saves / "delta.fhtagn"
    before = path.read_bytes()
    out = fhtagn(saves, "roll", expr)
    assert out.returncode == 1 and "at most" in out.stderr and "Traceback" not in out.stderr, out.stderr
    for command in (f"roll {expr}", f"disease bob damage={expr} speed=1day", f"poison bob damage={expr} speed=1h",
                    f"impact bob speed=30 damage={expr}"):
        out = fhtagn(saves, "do", "delta", command)
        assert out.returncode == 1, (command, out.stdout)
        assert "at most" in out.stderr and "Traceback" not in out.stderr, out.stderr
    assert path.read_bytes() == before


def test_the_largest_allowed_dice_still_roll(saves: Path):
    out = fhtagn(saves, "roll", "1000d1000", "--seed", "3")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("1000d1000 = ")


def test_a_poisoned_log_opens_and_the_command_using_it_is_refused(saves: Path):
    path = saves / "delta.fhtagn"
    assert fhtagn(saves, "do", "delta", "disease bob damage=1d6 speed=1day").returncode == 0
    data = path.read_bytes()
    assert data.count(b'"1d6"') >= 1
    path.write_bytes(data.replace(b'"1d6"', b'"1d99999999999999999999"'))  # written by an older version
    before = path.read_bytes()
    out = fhtagn(saves, "replay", "delta")
    assert out.returncode == 0 and "Bob" in out.stdout, out.stderr
    out = fhtagn(saves, "do", "delta", "hazard tick bob")
    assert out.returncode == 1, out.stdout
    assert "at most 1000 sides" in out.stderr and "Traceback" not in out.stderr
    assert path.read_bytes() == before
    # the GM can still end it and play on
    out = fhtagn(saves, "do", "delta", "hazard end bob disease", "note on we go")
    assert out.returncode == 0, out.stderr


def test_the_engine_never_dies_of_an_overflow():
    from fhtagn_tui.domain.features.campaign import CreateCampaign
    from fhtagn_tui.rules.dice import RandomSource
    from fhtagn_tui.service import Engine, MemorySink, Rejected

    engine = Engine(MemorySink(), source=RandomSource(1))
    engine.run(CreateCampaign(name="x", system="fhtagn"))
    engine.execute("char new Bob")
    for text in ("roll 1d99999999999999999999", "roll 99999999999999999999d6", "roll 1d6*9999*9999*9999"):
        with pytest.raises(Exception) as caught:
            engine.execute(text)
        assert not isinstance(caught.value, (OverflowError, MemoryError)), text
        assert isinstance(caught.value, (Rejected, ValueError))


def test_list_shows_every_campaign(saves: Path):
    assert fhtagn(saves, "new", "second one", "--system", "gurps").returncode == 0
    out = fhtagn(saves, "list")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].split() == ["NAME", "SYSTEM", "EVENTS", "SESSIONS", "LAST", "PLAYED"]
    rows = {line.split("  ")[0].strip(): line for line in lines[1:]}
    assert set(rows) == {"delta", "second one"}
    assert rows["delta"].split()[1:4] == ["fhtagn", "4", "1"]
    assert rows["second one"].split()[2:5] == ["gurps", "1", "0"]


def test_a_closed_pipe_ends_quietly(saves: Path):
    fhtagn(saves, "do", "delta", *[f"note line {n}" for n in range(300)])
    for command in ('"$PY" -m fhtagn_tui log delta | head -1', '"$PY" -m fhtagn_tui rules --json | head -c 10',
                    '"$PY" -m fhtagn_tui log delta --json | head -1', '"$PY" -m fhtagn_tui rules | head -2'):
        out = shell(command, saves)
        assert out.returncode == 0, (command, out.stderr)
        assert out.stderr == "", (command, out.stderr)


def test_errors_advise_only_commands_that_exist(saves: Path):
    out = fhtagn(saves, "log", "nothere")
    assert out.returncode == 1
    assert "fhtagn new nothere" in out.stderr
    assert fhtagn(saves, "list").returncode == 0  # `fhtagn list`, advised by check, exists


def test_review_of_a_missing_session_says_so(saves: Path):
    out = fhtagn(saves, "review", "delta", "--session", "9")
    assert out.returncode == 1
    assert "no session 9" in out.stderr and "sessions: 1" in out.stderr


def test_reading_a_torn_file_warns_naming_the_repair(saves: Path):
    path = saves / "delta.fhtagn"
    with path.open("ab") as f:
        f.write(b'{"type": "NoteAd')
    for args in (["log", "delta"], ["replay", "delta"], ["export", "delta"], ["log", "delta", "--json"]):
        out = fhtagn(saves, *args)
        assert out.returncode == 0, (args, out.stderr)
        assert "check delta --repair" in out.stderr, (args, out.stderr)


def test_open_without_a_terminal_refuses_at_once(saves: Path):
    for args in (["open", "delta"], ["open", "delta", "--player"], [], ["review", "delta"]):
        out = fhtagn(saves, *args)
        assert out.returncode == 2, (args, out.stdout[-300:])
        assert "needs a terminal" in out.stderr


def test_no_traceback_for_odd_input(saves: Path):
    for args in (["roll", "1d-"], ["roll", "((((("], ["do", "delta", "roll 1d6+"], ["log", "delta", "--session", "x"],
                 ["review", "delta", "--session", "-1"], ["serve", "delta", "--max-web", "0"], ["new"],
                 ["do", "delta", "disease bob damage=1d6/0 speed=1"], ["roll", "1d0"]):
        out = fhtagn(saves, *args)
        assert out.returncode in (1, 2), args
        assert "Traceback" not in out.stderr, (args, out.stderr)


def test_the_saves_folder_is_ignored_by_git_but_its_readme():
    ignore = (ROOT / ".gitignore").read_text().splitlines()
    assert "saves/*" in ignore and "!saves/README.md" in ignore
    probe = subprocess.run(["git", "check-ignore", "--no-index", "saves/x.host_key", "saves/x.gm_keys",
                            "saves/x.player_keys", "saves/x.web_token", "saves/x.fhtagn", "saves/x.fhtagn.state"],
                           cwd=ROOT, capture_output=True, text=True)
    assert len(probe.stdout.split()) == 6, probe.stdout + probe.stderr
    kept = subprocess.run(["git", "check-ignore", "--no-index", "-q", "saves/README.md"], cwd=ROOT)
    assert kept.returncode == 1  # not ignored


def test_name_rule_examples(tmp_path: Path):
    assert campaigns.name_problem("ok name") == ""
    with pytest.raises(campaigns.BadName, match="U\\+0000"):
        campaigns.campaign_path(tmp_path, "nul\0name")
    assert "starts with '.'" in campaigns.name_problem(".x")
    assert "U+0000" in campaigns.name_problem("a\0b")


def test_a_campaign_made_by_an_older_version_becomes_private_when_played(saves: Path):
    path = saves / "delta.fhtagn"
    path.chmod(0o644)
    assert fhtagn(saves, "do", "delta", "note mine alone").returncode == 0
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
