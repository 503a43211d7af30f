"""Exports: golden recaps per system (typed dice, a fixed clock), the players' edition, the CLI."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pytest

from fhtagn_tui import cli
from fhtagn_tui.domain.features.campaign import CreateCampaign
from fhtagn_tui.export import build_recap, export_text
from fhtagn_tui.export.markdown import md_escape
from fhtagn_tui.export.progress import ProgressBar
from fhtagn_tui.rules.dice import RandomSource
from fhtagn_tui.service import Engine, MemorySink
from fhtagn_tui.store import CampaignStore

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("FHTAGN_UPDATE_GOLDEN") == "1"

SECRETS = ("The vicar is a cultist", "Marked for death", "Nyarlathotep")

SESSIONS = {
    "fhtagn": (
        'char new "Ada Vance" STR=12 CON=11 DEX=13 INT=15 POW=14 CHA=10 Firearms=50 bonds="Sister Claire,Partner:9"',
        "char new Jonah STR=15 CON=14 DEX=12 POW=11 CHA=9 Athletics=50",
        'char new "The Caretaker" kind=npc STR=17 CON=15 POW=12 "Melee Weapons"=50 --hidden',
        "session start The Harlan Creek farmhouse",
        "test ada Firearms roll=37",
        "test jonah Athletics roll=99",
        'char pool "the caretaker" HP=9 reason=shotgun',
        'char pool ada HP=5 "reason=<b>bitten</b> & *clawed*"',
        "note The vicar is a cultist. secret",
        'roll 1d6 "label=Marked for death" roll=4 secret',
        "san ada 1/1d6 roll=80,3",
        "req ada pistol via=favour contact=Partner roll=20",
        "note # Not a heading | not a cell",
        "char pool jonah WP=3",
        "undo",
        "session end",
        "session start Aftermath",
        "char pool ada HP=8 reason=rest",
    ),
    "coc7": (
        'char new Harvey STR=60 CON=60 SIZ=70 DEX=70 POW=60 Luck=50 "Spot Hidden"=50 Dodge=40',
        "char new Ghoul kind=monster STR=80 CON=70 SIZ=65 DEX=65 POW=40 --hidden",
        "session start Arkham by night",
        "test harvey Spot Hidden difficulty=hard penalty=1 roll=7,80,20",
        "roll d100 vs=45 bonus=1 roll=5,30,60",
        "char pool harvey HP=6 reason=claws",
        'char pool harvey SAN=52 "reason=the ghoul"',
        "char pool ghoul HP=4",
        "note Nyarlathotep watches. secret",
        "session end",
    ),
    "gurps": (
        "char new Ilse ST=10 DX=12 IQ=13 HT=11 Broadsword=13",
        "session start Vienna, 1923",
        "test ilse Broadsword mod=-2 roll=3,4,2",
        "roll 3d vs=12 roll=6,6,5",
        "char pool ilse HP=4 reason=fall",
        "char pool ilse FP=7",
        'trait add ilse "Hums when nervous"',
        "note The vicar is a cultist. secret",
        "session end",
    ),
}


def play(system: str) -> list:
    eng = Engine(MemorySink(), source=RandomSource(3), clock=lambda: 1_700_000_000.0)
    eng.run(CreateCampaign(name=f"golden-{system}", system=system, title=f"A {system} recap"))
    for line in SESSIONS[system]:
        eng.execute(line)
    sink = eng.sink
    assert isinstance(sink, MemorySink)
    return list(sink.events)


def golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if UPDATE:
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{name} has no golden file (FHTAGN_UPDATE_GOLDEN=1 writes it; review it, then commit it)"
    assert text == path.read_text(encoding="utf-8"), f"{name} changed (FHTAGN_UPDATE_GOLDEN=1 rewrites it)"


def test_a_missing_golden_file_fails_and_is_not_written(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(sys.modules[__name__], "GOLDEN", tmp_path)
    monkeypatch.setattr(sys.modules[__name__], "UPDATE", False)
    with pytest.raises(AssertionError, match="no golden file"):
        golden("new.md", "text")
    assert not (tmp_path / "new.md").exists()
    (tmp_path / "old.md").write_text("before", encoding="utf-8")
    with pytest.raises(AssertionError, match="changed"):
        golden("old.md", "after")
    monkeypatch.setattr(sys.modules[__name__], "UPDATE", True)
    golden("new.md", "text")  # the update run writes it, and it then passes
    assert (tmp_path / "new.md").read_text(encoding="utf-8") == "text"


@pytest.mark.parametrize("system", sorted(SESSIONS))
@pytest.mark.parametrize("fmt", ["md", "html"])
@pytest.mark.parametrize("players", [False, True])
def test_golden_recaps(system: str, fmt: str, players: bool) -> None:
    text = export_text(play(system), fmt, players=players)
    golden(f"{system}{'-players' if players else ''}.{fmt}", text)


@pytest.mark.parametrize("system", sorted(SESSIONS))
@pytest.mark.parametrize("fmt", ["md", "html"])
def test_players_never_read_secrets_or_hidden_stats(system: str, fmt: str) -> None:
    events = play(system)
    gm = export_text(events, fmt)
    mine = export_text(events, fmt, players=True)
    secrets = [s for s in SECRETS if s in gm]
    assert secrets, "the GM's recap tells the secrets"
    for secret in secrets:
        assert secret not in mine
    assert "(secret)" in gm and "(secret)" not in mine
    if system == "fhtagn":
        assert "HP 16 → 9" in gm and "16 → 9" not in mine and "STR 17" not in mine
        assert "The Caretaker appears (npc)" in mine
    if system == "coc7":
        assert "Ghoul takes 9 damage" in gm and "Ghoul takes" not in mine and "STR 80" not in mine
        assert "major wound: CON roll 76 vs 70" in gm and "CON roll 76" not in mine
        assert "Ghoul: unconscious" in mine  # the status stays public


def test_recap_structure_of_the_fhtagn_session() -> None:
    recap = build_recap(play("fhtagn"))
    assert [s.heading for s in recap.sessions] == [
        "Before the first session", "Session 1: The Harlan Creek farmhouse", "Session 2: Aftermath",
    ]
    one = recap.sessions[1]
    assert one.counts == {"rolls": 3, "fumbles": 1, "notes": 2, "requisitions": 1}
    assert {s.name: s.actions for s in one.summaries} == {"Ada Vance": 4, "Jonah": 1, "The Caretaker": 1}
    ada = next(s for s in one.summaries if s.name == "Ada Vance")
    moves = {m.label: (m.start, m.end, m.changes) for m in ada.moves}
    assert moves["HP"] == (12, 5, 1) and moves["SAN"] == (70, 67, 1) and moves["WP"] == (14, 14, 0)
    jonah = next(g for g in one.groups if g.lines[0].text.startswith("Jonah: WP"))
    assert jonah.undone  # taken back later
    assert recap.sessions[2].summaries[0].moves[0].start == 5  # session 2 starts where 1 ended


def test_one_session_only() -> None:
    recap = build_recap(play("fhtagn"), session=2)
    assert [s.number for s in recap.sessions] == [2]
    assert recap.events == 2  # the session start and the rest


def test_markdown_escaping() -> None:
    assert md_escape("<b>x</b> & *y* [z] |w|") == "\\<b\\>x\\</b\\> & \\*y\\* \\[z\\] \\|w\\|"
    assert md_escape("# not a heading") == "\\# not a heading"
    assert md_escape("1. not a list") == "1\\. not a list"
    html = export_text(play("fhtagn"), "html")
    assert "&lt;b&gt;bitten&lt;/b&gt; &amp; *clawed*" in html and "<b>bitten</b>" not in html


def test_progress_bar_only_when_asked_or_on_a_terminal() -> None:
    quiet = io.StringIO()
    bar = ProgressBar("export", stream=quiet)
    bar(5, 10_000)
    bar.close()
    assert quiet.getvalue() == ""
    shown = io.StringIO()
    bar = ProgressBar("export", stream=shown, force=True)
    bar(0, 4)
    bar(2, 4)
    bar(4, 4)
    bar.close()
    assert shown.getvalue().endswith("export ████████████████████████ 100%  4/4\n")
    assert " 50%  2/4" in shown.getvalue()


def test_cli_export_and_log_filters(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    events = play("fhtagn")
    with CampaignStore.create(tmp_path / "golden-fhtagn.fhtagn", events):
        pass
    out = tmp_path / "recap.html"
    assert cli.main(["--saves", str(tmp_path), "export", "golden-fhtagn", "--format", "html", "--players",
                     "-o", str(out), "--progress"]) == 0
    assert out.read_text(encoding="utf-8") == export_text(events, "html", players=True)
    err = capsys.readouterr().err
    assert "100%" in err and "wrote" in err
    assert cli.main(["--saves", str(tmp_path), "export", "golden-fhtagn", "--session", "7"]) == 1
    assert "there is no session 7 in golden-fhtagn (sessions: 1, 2)" in capsys.readouterr().err
    assert cli.main(["--saves", str(tmp_path), "log", "golden-fhtagn", "--character", "ada", "--type", "PoolChanged"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == ["10", "21"]  # (#4 is the mark a failed Athletics left, FH-DEV-03)
    assert cli.main(["--saves", str(tmp_path), "log", "golden-fhtagn", "--text", "vicar"]) == 0
    assert "Note: The vicar is a cultist. (secret)" in capsys.readouterr().out
    assert cli.main(["--saves", str(tmp_path), "log", "golden-fhtagn", "--character", "zed"]) == 1
    assert "no character called 'zed'" in capsys.readouterr().err


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_golden_recap_of_one_player(fmt: str) -> None:
    """Ada's player's recap (privacy own, the default): her own numbers, of Jonah the words only."""
    events = play("fhtagn")
    text = export_text(events, fmt, players=True, viewer="ada vance")
    golden(f"fhtagn-player-ada.{fmt}", text)
    assert "HP 12 → 5" in text and "Jonah: WP 11 → 3" not in text and "55" not in text  # Jonah's SAN
    assert text != export_text(events, fmt, players=True)  # the generic recap: a watcher's


def test_cli_export_of_one_players_recap(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    events = play("fhtagn")
    with CampaignStore.create(tmp_path / "golden-fhtagn.fhtagn", events):
        pass
    saves = ["--saves", str(tmp_path), "export", "golden-fhtagn"]
    assert cli.main([*saves, "--players", "--player", "ada"]) == 0
    assert capsys.readouterr().out == export_text(events, "md", players=True, viewer="ada vance")
    out = tmp_path / "jonah.md"
    assert cli.main([*saves, "--players", "--player", "Jonah", "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == export_text(events, "md", players=True, viewer="jonah")
    assert "for the player of Jonah" in capsys.readouterr().err
    assert cli.main([*saves, "--players", "--player", "zed"]) == 1
    err = capsys.readouterr().err
    assert "--player: no character called 'zed'" in err and "nothing was written" in err
    assert cli.main([*saves, "--player", "ada"]) == 1  # a player's recap is a players' one
    assert "--player CHARNAME goes with --players" in capsys.readouterr().err
    assert cli.main([*saves, "--players", "--player", "a\x1b[2Jda"]) == 1
    assert "control character" in capsys.readouterr().err
