"""Followers are woken by the campaign file's writes (inotify), not by a polling delay."""

from __future__ import annotations

import sys
import time

import pytest

from fhtagn_tui.app.app import open_door
from fhtagn_tui.app.player import PlayerApp
from fhtagn_tui.service import Engine
from fhtagn_tui.store import CampaignStore
from fhtagn_tui.store.watch import watch

from .support import played

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="inotify is Linux's")


def test_a_watch_reports_a_write_and_nothing_else(tmp_path):
    store, eng = played(tmp_path)
    try:
        w = watch(store.path)
        assert w is not None
        assert not w.drain()  # nothing written since the watch began
        eng.execute("note a write")
        assert w.drain() and not w.drain()
        w.close()
    finally:
        store.close()


async def test_a_read_only_app_follows_an_append_at_once_not_at_its_next_poll(tmp_path):
    store, _ = played(tmp_path)
    path = store.path
    store.close()
    reader = open_door(path, readonly=True)
    app = PlayerApp(reader)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()  # the follow starts after the first frame
            assert app._watch is not None  # noqa: SLF001 - woken by writes; the poll is a 1 s safety net
            seq = app.door.seq
            with CampaignStore.open(path) as gm_store:
                gm = Engine(gm_store, gm_store.events())
                start = time.monotonic()
                gm.execute("note the player sees this at once")
                while app.door.seq == seq and time.monotonic() - start < 2:
                    await pilot.pause(0.005)
                assert app.door.seq == seq + 1
                assert time.monotonic() - start < 0.8  # well before the safety net's first poll
        assert app._watch is None  # noqa: SLF001 - closed with the app
    finally:
        reader.close(save=False)
