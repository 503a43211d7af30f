"""Rolls at the table over real SSH (asyncssh clients on loopback, one app process per connection).

The GM asks three players for a test; two answer from their own screens (one lets the app roll, one
types the die thrown), the GM answers for the third.  The log holds the request and three answers
with their authors, written by the GM's process alone; replay gives the writer's state.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh

from fhtagn_tui import campaigns
from fhtagn_tui.domain.features.asks import RollAnswered, RollAsked
from fhtagn_tui.domain.history import fold
from fhtagn_tui.serve import TableServer
from fhtagn_tui.serve.keys import Role, key_files
from fhtagn_tui.store import CampaignStore, snapshot

from .conftest import Served


def _bound(key: asyncssh.SSHKey, character: str) -> bytes:
    return f'character="{character}" '.encode() + key.export_public_key()


async def _answers(path: Path, count: int, timeout: float = 15.0) -> list:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        store = CampaignStore.open(path, readonly=True)
        try:
            events = store.events()
        finally:
            store.close()
        if len([e for e in events if isinstance(e, RollAnswered)]) >= count or loop.time() > deadline:
            return events
        await asyncio.sleep(0.1)


async def test_three_players_asked_two_answer_the_gm_answers_for_the_third(tmp_path: Path):
    path = campaigns.create_demo(tmp_path)
    gm_key = asyncssh.generate_private_key("ssh-ed25519")
    alice, bob, carol = (asyncssh.generate_private_key("ssh-ed25519", comment=c) for c in ("alice", "bob", "carol"))
    files = key_files(path)
    files[Role.GM].write_bytes(gm_key.export_public_key())
    files[Role.PLAYER].write_bytes(_bound(alice, "Ada Vance") + b"from=\"127.0.0.1\"," + _bound(bob, "Jonah Reyes")
                                   + _bound(carol, "Marta Kowalski"))
    server = TableServer(tmp_path, campaigns.campaign_name(path), path, "127.0.0.1", 0, None)
    await server.start()
    served = Served(server, tmp_path, path, None)  # type: ignore[arg-type]
    try:
        gm = await served.terminal(gm_key)
        ada, jonah, marta = [await served.terminal(k) for k in (alice, bob, carol)]
        await gm.command("ask ada,jonah,marta Firearms")
        for player, name in ((ada, "Ada Vance"), (jonah, "Jonah Reyes"), (marta, "Marta Kowalski")):
            await player.wait_for("The GM asks for a roll")
            await player.wait_for(f"{name}: Firearms")
        await gm.wait_for("waiting: Ada Vance, Jonah Reyes, Marta Kowalski")
        ada.send(b"r")  # the app rolls
        jonah.send(b"t")  # the die thrown, typed in
        await asyncio.sleep(0.3)
        jonah.send(b"42\r")
        await gm.wait_for("waiting: Marta Kowalski")
        await gm.command("answer 1 marta")
        events = await _answers(path, 3)
        await jonah.wait_for("answered")
    finally:
        for conn in served.clients:
            conn.abort()
        await asyncio.wait_for(server.stop(), 15)
    asked = [e for e in events if isinstance(e, RollAsked)]
    answers = [e for e in events if isinstance(e, RollAnswered)]
    assert len(asked) == 1 and asked[0].targets == ("ada vance", "jonah reyes", "marta kowalski")
    assert {(a.character, a.by) for a in answers} == {
        ("ada vance", "player alice"), ("jonah reyes", "player bob"), ("marta kowalski", "GM")}
    by_seq = {e.seq: e for e in events}
    jonah_roll = by_seq[next(a.seq for a in answers if a.character == "jonah reyes") + 1]
    assert jonah_roll.total == 42 and jonah_roll.target == 60  # type: ignore[attr-defined]
    assert all(by_seq[a.seq + 1].group == a.group for a in answers)  # each answer with its roll, one action
    state = fold(events)
    assert state.asks == ()
    store = CampaignStore.open(path, readonly=True)
    try:
        projection, stale = snapshot.open_projection(store)  # what the writer saved when it closed
    finally:
        store.close()
    assert not stale  # the writer's own state, saved at its exit, matches the log…
    assert projection.state == state  # …and equals the replay


def test_bindings_from_the_key_file_and_the_command_line(tmp_path: Path):
    from fhtagn_tui.serve.child import app_command
    from fhtagn_tui.serve.keys import Binding, KeyRing

    path = campaigns.create_demo(tmp_path)
    alice, bob, dave = (asyncssh.generate_private_key("ssh-ed25519", comment=c) for c in ("alice", "bob", "dave"))
    files = key_files(path)
    files[Role.PLAYER].write_bytes(_bound(alice, "Ada Vance") + bob.export_public_key())
    ring = KeyRing(path, (("jonah", dave.convert_to_public(), "dave"),))
    alice, bob, dave = (k.convert_to_public() for k in (alice, bob, dave))  # as a client offers them
    assert ring.identify(alice, "127.0.0.1", "127.0.0.1") == (Role.PLAYER, Binding("Ada Vance", "alice"))
    assert ring.identify(bob, "127.0.0.1", "127.0.0.1") == (Role.PLAYER, None)  # watches, rolls nothing
    assert ring.identify(dave, "127.0.0.1", "127.0.0.1") == (Role.PLAYER, Binding("jonah", "dave"))
    assert ring.role_of(alice) is Role.PLAYER
    argv = app_command(tmp_path, "harlan-creek", "player", "Ada Vance", "alice")
    assert argv[-4:] == ["--as", "Ada Vance", "--who", "alice"]
    assert "--as" not in app_command(tmp_path, "harlan-creek", "", "Ada Vance", "alice")  # the GM is nobody's


def test_serve_player_option_is_checked(tmp_path: Path, capsys):
    from fhtagn_tui.cli import main

    campaigns.create_demo(tmp_path)
    assert main(["--saves", str(tmp_path), "serve", "harlan-creek", "--player", "ada"]) == 2
    assert "CHARACTER=KEYFILE" in capsys.readouterr().err
    assert main(["--saves", str(tmp_path), "serve", "harlan-creek", "--player", f"ada={tmp_path}/none.pub"]) == 1
    assert "cannot read the public key" in capsys.readouterr().err
