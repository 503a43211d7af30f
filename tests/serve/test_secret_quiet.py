"""A secret action sends a player's terminal nothing (real SSH): the players' view redrew on every
write to the log, so a player reading the raw stream saw bytes the moment the GM did anything in
secret — when, and how often."""

from __future__ import annotations

import asyncio

from fhtagn_tui.service import Engine
from fhtagn_tui.store import CampaignStore

from .conftest import Served


async def quiet(term: object, settle: float = 1.0, limit: float = 10.0) -> int:
    """Wait until the terminal has received nothing for ``settle`` seconds; its byte count then."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + limit
    size = -1
    while len(term.output) != size:  # type: ignore[attr-defined]
        size = len(term.output)  # type: ignore[attr-defined]
        assert loop.time() < deadline, "the view never went quiet"
        await asyncio.sleep(settle)
    return size


async def test_a_secret_action_sends_a_player_nothing(served: Served) -> None:
    term = await served.terminal(served.keys.player)
    await term.wait_for("PLAYER VIEW")
    before = await quiet(term)
    with CampaignStore.open(served.path) as store:
        gm = Engine(store, store.events())
        gm.execute("note A secret door behind the stove secret")
        gm.execute('char pool "Ada Vance" HP=6 secret')
        await asyncio.sleep(1.5)
        assert len(term.output) == before, term.text(before)
        gm.execute('char pool "Jonah Reyes" HP=9 reason="fell"')  # a public one: the view draws it
        await term.wait_for("9/", since=before)
        term.send(b"5")  # the Log tab
        await term.wait_for("fell", since=before)
        before = await quiet(term)
        gm.execute("char set ada Firearms=70 secret")
        gm.execute("test ada Firearms")  # kept too: Ada was changed in secret
        await asyncio.sleep(1.5)
        assert len(term.output) == before, term.text(before)
