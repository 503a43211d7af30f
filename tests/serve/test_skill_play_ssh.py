"""Skill play at the table over real SSH (issue 32): a served Call of Cthulhu campaign, the GM's writer app
in one asyncssh session, a player bound to Ada Vance in another (both on ptys, keys sent as bytes).

The GM asks Ada for a Luck roll and for an opposed Stealth against the watchman's Listen; the player answers
both with the dice they threw, typed in; then a failed Library Use the GM asked for is pushed from the
player's own terminal (``u`` and their reason) — the GM confirms (``push ada``), the push fails and the GM
records the consequence in their own words.  The log (``fhtagn log --json``) says who did what, and the
player reads it all in their own Log — with a secret in force (a hidden NPC), as at any real table.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import asyncssh
import pytest

from fhtagn_tui import campaigns
from fhtagn_tui.cli import main
from fhtagn_tui.serve import TableServer
from fhtagn_tui.serve.keys import Role, key_files
from fhtagn_tui.service import Engine
from fhtagn_tui.store import CampaignStore

from .conftest import Served, Terminal

ADA = ('char new "Ada Vance" STR=50 CON=50 SIZ=50 DEX=60 APP=50 INT=70 POW=60 EDU=70 Luck=45 '
       '"Library Use"=60 Stealth=40')
WATCH = "char new Watchman kind=npc STR=60 CON=60 SIZ=60 DEX=50 POW=50 Listen=50"
SHADE = "char new Shade kind=npc STR=70 CON=60 SIZ=60 DEX=60 POW=50 --hidden"  # a secret in force all along
REASON = "I ask the librarian for the restricted stacks"
WORDS = "the librarian summons the dean"


def _arkham(saves: Path) -> Path:
    path = saves / "arkham.fhtagn"
    campaigns.create_campaign(path, "coc7", "Arkham").close()
    store = CampaignStore.open(path)
    try:
        gm = Engine(store, store.events())
        for line in (ADA, WATCH, SHADE, "session start The library"):
            assert gm.execute(line).events, line
    finally:
        store.close()
    return path


def _log(saves: Path, name: str, capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    """The campaign's log as ``fhtagn log --json`` prints it (read-only, beside the running writer)."""
    capsys.readouterr()
    assert main(["--saves", str(saves), "log", name, "--json"]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.strip()]


async def _until_logged(saves: Path, name: str, capsys: pytest.CaptureFixture[str], kind: str, count: int = 1,
                        timeout: float = 10.0) -> list[dict[str, object]]:
    """Wait until the writer has logged ``count`` events of type ``kind``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        log = _log(saves, name, capsys)
        if sum(e["type"] == kind for e in log) >= count:
            return log
        if loop.time() > deadline:
            raise AssertionError(f"no {count} {kind} in the log: {[e['type'] for e in log][-12:]}")
        await asyncio.sleep(0.15)


async def _typed(player: Terminal, number: int, dice: str) -> None:
    """The player answers request ``number`` with the dice they threw: ``t``, the number, Enter."""
    mark = len(player.output)
    player.send(b"t")
    await asyncio.sleep(0.3)  # the dice line takes the keys
    player.send(dice.encode() + b"\r")
    await player.wait_for(f"Request {number}: answered", since=mark)  # the writer took it


@pytest.mark.rule("COC-DICE-06", "COC-DICE-07", "COC-DICE-10")
async def test_a_bound_player_answers_luck_and_opposed_and_pushes_over_ssh(tmp_path: Path, capsys):
    started = time.monotonic()
    path = _arkham(tmp_path)
    name = campaigns.campaign_name(path)
    gm_key = asyncssh.generate_private_key("ssh-ed25519")
    alice = asyncssh.generate_private_key("ssh-ed25519", comment="alice")
    files = key_files(path)
    files[Role.GM].write_bytes(gm_key.export_public_key())
    files[Role.PLAYER].write_bytes(b'character="Ada Vance" ' + alice.export_public_key())
    server = TableServer(tmp_path, name, path, "127.0.0.1", 0, None)
    await server.start()
    served = Served(server, tmp_path, path, None)  # type: ignore[arg-type]
    try:
        async with asyncio.timeout(45):
            gm = await served.terminal(gm_key)
            ada = await served.terminal(alice)
            # a Luck roll (COC-DICE-07): the player throws 30 against Luck 45
            await gm.command("ask ada luck")
            await ada.wait_for("request 1")
            await ada.wait_for("Luck 45%")
            await _typed(ada, 1, "30")
            log = await _until_logged(tmp_path, name, capsys, "RollAnswered", 1)
            # an opposed roll (COC-DICE-10): the watchman's Listen is the GM's side (typed when asking)
            mark = len(ada.output)
            await gm.command("ask ada Stealth vs watchman Listen roll=40")
            await ada.wait_for("request 2", since=mark)
            await ada.wait_for("Stealth 40% against Watchman's Listen", since=mark)
            await _typed(ada, 2, "15")
            log = await _until_logged(tmp_path, name, capsys, "OpposedRolled")
            # a Library Use the GM asks for; the player fails it (75 against 60)
            mark = len(ada.output)
            await gm.command('ask ada "Library Use"')
            await ada.wait_for("request 3", since=mark)
            await _typed(ada, 3, "75")
            log = await _until_logged(tmp_path, name, capsys, "RollAnswered", 3)
            # the player pushes their own failed roll from their terminal: u, their reason, Enter
            await ada.wait_for("Push: Library Use (75 vs 60) may be pushed", since=mark)  # on the player's sheet
            # (no ``1`` first: the keys went back to the Party tab when the dice line closed)
            mark = len(ada.output)
            ada.send(b"u")
            await ada.wait_for("ask the GM to push", since=mark)
            ada.send(REASON.encode() + b"\r")
            log = await _until_logged(tmp_path, name, capsys, "PushRequested")
            # the GM confirms with the player's reason; the push fails; the GM records the consequence
            await gm.wait_for("asks to push")  # the GM's screen says so
            await gm.command("push ada roll=90")
            log = await _until_logged(tmp_path, name, capsys, "RollPushed")
            await gm.command(f'consequence ada "{WORDS}"')
            log = await _until_logged(tmp_path, name, capsys, "PushConsequence")
            # the player reads it all in their own Log (the public projection of the consequence's words)
            mark = len(ada.output)
            ada.send(b"5")
            await ada.wait_for("player alice asks to push Ada Vance's Library Use", since=mark)
            await ada.wait_for("Ada Vance pushes Library Use (I ask the librarian", since=mark)
            await ada.wait_for("failed push of Library Use: the librarian summons the dean", since=mark)
    finally:
        for conn in served.clients:
            conn.abort()
        await asyncio.wait_for(server.stop(), 15)
    elapsed = time.monotonic() - started
    # who did what, in the log as written by the GM's process alone
    by_seq = {e["seq"]: e for e in log}
    answers = [e for e in log if e["type"] == "RollAnswered"]
    assert [(a["number"], a["character"], a["by"]) for a in answers] == [
        (1, "ada vance", "player alice"), (2, "ada vance", "player alice"), (3, "ada vance", "player alice")]
    luck = next(e for e in log if e["type"] == "DiceRolled" and e.get("label") == "Luck")
    assert (luck["total"], luck["level"]) == (30, "regular") and luck["group"] == answers[0]["group"]
    (opposed,) = [e for e in log if e["type"] == "OpposedRolled"]
    assert (opposed["active_roll"], opposed["defender_roll"], opposed["winner"]) == (15, 40, "ada vance")
    assert opposed["group"] == answers[1]["group"]  # the player's answer and its roll: one action
    library = by_seq[answers[2]["seq"] + 1]
    assert (library["total"], library["target"]) == (75, 60)
    (asked,) = [e for e in log if e["type"] == "PushRequested"]
    assert (asked["by"], asked["character"], asked["skill"], asked["reason"]) == (
        "player alice", "ada vance", "Library Use", REASON)
    (pushed,) = [e for e in log if e["type"] == "RollPushed"]
    assert pushed["asked_by"] == "player alice" and pushed["reason"] == REASON and not pushed["success"]
    assert pushed["seq"] > asked["seq"]
    (consequence,) = [e for e in log if e["type"] == "PushConsequence"]
    assert consequence["seq"] > pushed["seq"] and consequence["words"] == WORDS
    assert elapsed < 45
