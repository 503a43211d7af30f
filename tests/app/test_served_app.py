"""A served app (``open --served``): no screenshots, and a bound on the input it queues."""

from __future__ import annotations

from pathlib import Path

from textual import events

from fhtagn_tui.app.app import open_door
from fhtagn_tui.app.base import AppBase
from fhtagn_tui.app.input_bound import INPUT_BACKLOG

from ..helpers import role_app


def served_app(path: Path, **kwargs: bool) -> AppBase:
    door = open_door(path, True)
    return role_app(door, **kwargs)


async def test_a_flood_of_keys_is_dropped_past_the_backlog_and_typing_is_not(demo_path: Path):
    app = served_app(demo_path, served=True)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for _ in range(60):  # a line typed in one packet: every key kept
                app.post_message(events.Key("down", None))
            await pilot.pause()
            assert app.dropped_input == 0
            for _ in range(INPUT_BACKLOG * 8):  # a flood arriving faster than the app works
                app.post_message(events.Key("down", None))
            assert app.dropped_input > 0
            assert app._message_queue.qsize() <= INPUT_BACKLOG + 10
            await pilot.pause()
    finally:
        app.door.close(save=False)


async def test_a_local_gm_keeps_every_key_and_the_screenshot(demo_path: Path):
    app = served_app(demo_path)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(INPUT_BACKLOG * 4):
                app.post_message(events.Key("down", None))
            assert app.dropped_input == 0
            titles = [c.title for c in app.get_system_commands(app.screen)]
            assert "Screenshot" in titles
            await pilot.pause()
    finally:
        app.door.close(save=False)


async def test_served_and_player_apps_offer_no_screenshot(demo_path: Path, tmp_path: Path):
    for kwargs in ({"served": True}, {"player": True}):
        app = served_app(demo_path, **kwargs)
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                titles = [c.title for c in app.get_system_commands(app.screen)]
                assert "Screenshot" not in titles and "Quit" in titles
                app.action_screenshot(path=str(tmp_path))
                app.save_screenshot(path=str(tmp_path))
                await pilot.pause()
                assert not list(tmp_path.rglob("*.svg"))
        finally:
            app.door.close(save=False)
