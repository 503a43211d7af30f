"""Players at the table II over real SSH (issue 34): the GM's app and two bound players, Ada's (alice) and
Jonah's (bob), and a watcher (a player key bound to nobody: the table's shared screen), each on its own
pty, keys sent as bytes.

* **Privacy** (``own``, the default): Ada's terminal never receives a byte of Jonah's SAN, Breaking
  Point, bonds or disorders — whatever she scrolls: every tab, Jonah's row and sheet, help, the palette.
* **Whispers and handouts**: a whisper to Ada reaches Ada's screen and no byte of it reaches Jonah or
  the watcher; a handout opens on Ada's screen (and ``H`` lists it), on no one else's.
* **Per-player recaps**: ``export --players --player "Ada Vance"`` holds Ada's whisper and handout, not
  Jonah's; Jonah's holds his own, not Ada's; the players' recap (a watcher's) holds none.
* **The GM sees every answer**: both players answer one request; the GM's requests line shows both
  results within a second of the second answer.
"""

from __future__ import annotations

import asyncio
import re
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

#: Jonah's private things, each told apart from anything else on any screen.
JONAH_BOND = "Wexley Thornbury"
JONAH_DISORDER = "Ombrophobia of the quarry"
JONAH_SAN = "55/99"  # the demo's Jonah: SAN 55 of 99, BP 44 (nobody else has SAN 55)
ADA_WHISPER = "The lamp flickers twice for you alone"
JONAH_WHISPER = "Your brother's voice calls from the well"
ADA_HANDOUT = "A torn note"
ADA_HANDOUT_TEXT = "Meet me at the quarry at dusk"


def _campaign(saves: Path) -> Path:
    path = campaigns.create_demo(saves)
    store = CampaignStore.open(path)
    try:
        gm = Engine(store, store.events())
        for line in (f'bond jonah "{JONAH_BOND}" 9', f'disorder add jonah "{JONAH_DISORDER}"'):
            assert gm.execute(line).events, line
    finally:
        store.close()
    return path


def _export(saves: Path, name: str, capsys: pytest.CaptureFixture[str], *args: str) -> str:
    capsys.readouterr()
    assert main(["--saves", str(saves), "export", name, "--format", "md", *args]) == 0
    return capsys.readouterr().out


async def _scroll_everything(term: Terminal) -> None:
    """Every tab, the second row's sheet (Jonah's), help, the palette: what a curious player scrolls."""
    for keys in (b"1", b"\x1b[B", b"\x1b[B", b"2", b"4", b"5", b"\x1b[5~", b"1", b"?"):
        term.send(keys)
        await asyncio.sleep(0.25)
    term.send(b"\x1b")
    await asyncio.sleep(0.3)
    term.send(b"\x10")  # ctrl+p: the palette
    await asyncio.sleep(0.4)
    term.send(b"jonah")
    await asyncio.sleep(0.4)
    term.send(b"\x1b")
    await asyncio.sleep(0.3)


def _private_of_jonah(text: str) -> list[str]:
    found = [word for word in (JONAH_BOND, JONAH_DISORDER, JONAH_SAN) if word in text]
    if re.search(r"BP\s+44\b", text):
        found.append("BP 44")
    return found


async def test_privacy_whispers_handouts_and_per_player_recaps_over_ssh(tmp_path: Path, capsys) -> None:
    path = _campaign(tmp_path)
    name = campaigns.campaign_name(path)
    gm_key = asyncssh.generate_private_key("ssh-ed25519")
    alice = asyncssh.generate_private_key("ssh-ed25519", comment="alice")
    bob = asyncssh.generate_private_key("ssh-ed25519", comment="bob")
    carol = asyncssh.generate_private_key("ssh-ed25519", comment="carol")  # the watcher: bound to nobody
    files = key_files(path)
    files[Role.GM].write_bytes(gm_key.export_public_key())
    files[Role.PLAYER].write_bytes(b'character="Ada Vance" ' + alice.export_public_key()
                                   + b'character="Jonah Reyes" ' + bob.export_public_key()
                                   + carol.export_public_key())
    server = TableServer(tmp_path, name, path, "127.0.0.1", 0, None)
    await server.start()
    served = Served(server, tmp_path, path, None)  # type: ignore[arg-type]
    took: list[float] = []  # a player's Enter → the result on the GM's screen, seconds
    try:
        async with asyncio.timeout(90):
            gm = await served.terminal(gm_key)
            ada = await served.terminal(alice)
            jonah = await served.terminal(bob)
            watcher = await served.terminal(carol)
            # Ada scrolls everything she can; Jonah's private things never reach her terminal
            await _scroll_everything(ada)
            assert _private_of_jonah(plain_bytes(ada)) == []
            # (the check can fail: Jonah's own terminal has them, his sheet shown by the same keys)
            await _scroll_everything(jonah)
            await jonah.wait_for(JONAH_BOND)
            assert JONAH_SAN in plain_bytes(jonah)

            # a whisper to Ada: on her screen, not a byte of it on Jonah's or the watcher's
            await gm.command(f'whisper ada "{ADA_WHISPER}"')
            await ada.wait_for("The lamp flickers twice")  # (the notice wraps the rest at 80 columns)
            await gm.command(f'whisper jonah "{JONAH_WHISPER}"')
            await jonah.wait_for("Your brother")
            # a handout to Ada opens on her screen
            mark = len(ada.output)
            await gm.command(f'handout ada "{ADA_HANDOUT_TEXT}" title="{ADA_HANDOUT}"')
            await ada.wait_for(ADA_HANDOUT, since=mark)
            await ada.wait_for(ADA_HANDOUT_TEXT, since=mark)
            ada.send(b"\x1b")  # closed; H lists it to read again
            await asyncio.sleep(0.3)
            mark = len(ada.output)
            ada.send(b"H")
            await ada.wait_for(ADA_HANDOUT, since=mark)
            ada.send(b"\x1b")

            # the GM asks both; both answer; the GM's screen shows both results
            await gm.command("ask ada,jonah Search")
            loop = asyncio.get_running_loop()
            for player, dice, result in ((ada, b"34", "Ada Vance 34"), (jonah, b"71", "Jonah Reyes 71")):
                await player.wait_for("request 1")
                player.send(b"t")
                await asyncio.sleep(0.3)
                mark = len(gm.output)
                player.send(dice + b"\r")
                sent = loop.time()
                shown = await gm.wait_for(result, since=mark)  # on the GM's screen: within a second
                took.append(shown - sent)

            await asyncio.sleep(0.5)
            for term in (jonah, watcher):
                await _scroll_everything(term)
                seen = plain_bytes(term)
                assert "flickers" not in seen and ADA_HANDOUT not in seen and "quarry at dusk" not in seen
            seen = plain_bytes(watcher)
            assert "Your brother" not in seen
            assert _private_of_jonah(seen) == []  # the watcher sees the summary view
            assert "Your brother" not in plain_bytes(ada)
            assert _private_of_jonah(plain_bytes(ada)) == []
    finally:
        for conn in served.clients:
            conn.abort()
        await asyncio.wait_for(server.stop(), 15)

    assert max(took) < 1.0, took

    # the recaps, one per player
    ada_recap = _export(tmp_path, name, capsys, "--players", "--player", "Ada Vance")
    jonah_recap = _export(tmp_path, name, capsys, "--players", "--player", "Jonah Reyes")
    players_recap = _export(tmp_path, name, capsys, "--players")
    assert ADA_WHISPER in ada_recap and ADA_HANDOUT in ada_recap and "Your brother" not in ada_recap
    assert "Your brother" in jonah_recap and "flickers" not in jonah_recap and ADA_HANDOUT not in jonah_recap
    assert "flickers" not in players_recap and "Your brother" not in players_recap
    assert _private_of_jonah(ada_recap) == []


def plain_bytes(term: Terminal) -> str:
    """All a terminal received so far, without its escape sequences."""
    return term.text()
