"""The GM sees every answer, and a player's prompt says what is going on (issue 34).

A real campaign file with its inbox: the GM's app is the writer, the players answer through
``Door.send_answer`` (what a player's app does), the GM's app reads the inbox and runs each answer.
Each result shows where the GM is looking — a notice, the message line (no longer "The GM asks…"),
and the requests line, which keeps a closed request's results until the GM dismisses them (``D``,
``ask dismiss``).  A player's prompt says "waiting for the GM's app" when the writer is not running,
and an error from an earlier attempt does not stay.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from fhtagn_tui import campaigns
from fhtagn_tui.app.app import open_door
from fhtagn_tui.app.base import AppBase
from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.app.player import PlayerApp
from fhtagn_tui.door import Door
from fhtagn_tui.store import CampaignStore
from fhtagn_tui.store.inbox import Inbox

from .screen_text import joined, screen_text


@pytest.fixture
def campaign(tmp_path: Path) -> Path:
    return campaigns.create_demo(tmp_path)


@pytest.fixture
def player_door(campaign: Path) -> Iterator[Door]:
    """A player's side of the campaign: read-only, answering through the inbox."""
    door = Door.open(campaign, readonly=True)
    try:
        yield door
    finally:
        door.close(save=False)


def gm_app(path: Path) -> GmApp:
    return GmApp(open_door(path, False))


def player_app(path: Path, character: str = "Ada Vance", who: str = "alice") -> PlayerApp:
    return PlayerApp(open_door(path, True), served=True, character=character, who=who)


async def until(pilot: Pilot[object], done: Callable[[], bool], timeout: float = 3.0) -> float:
    """Wait for what the app shows once a write has woken it; the seconds it took."""
    start = time.monotonic()
    while not done():
        assert time.monotonic() - start < timeout, "not shown in time"
        await pilot.pause(0.02)
    return time.monotonic() - start


def requests_line(app: AppBase) -> str:
    return str(app.query_one("#asks", Static).render())


async def test_the_gms_screen_shows_both_players_results_as_they_arrive(campaign, player_door):
    app = gm_app(campaign)
    try:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await pilot.pause()
            assert app.run_line("ask ada,jonah Search") is None
            await pilot.pause()
            assert "The GM asks Ada Vance, Jonah Reyes for a roll" in app.message
            assert "Open request 1 Search — waiting: Ada Vance, Jonah Reyes" in requests_line(app)
            assert player_door.send_answer(1, "ada vance", "alice", [34]) is None
            await until(pilot, lambda: "Ada Vance 34 → Success" in requests_line(app))
            # the first result: a notice, the message line (not the stale "The GM asks…"), the line
            assert "Open request 1 Search — Ada Vance 34 → Success · waiting: Jonah Reyes" in requests_line(app)
            assert app.message == "Ada Vance: Search 34 → Success"
            assert any("Ada Vance: Search 34 → Success" in str(n.message) for n in app._notifications)  # noqa: SLF001
            assert player_door.send_answer(1, "jonah reyes", "bob", [71]) is None
            await until(pilot, lambda: "Jonah Reyes 71 → Failure" in requests_line(app))
            # closed: the line keeps both results, on the screen the GM looks at (the Party tab)
            text = joined(app)
            assert "Request 1 Search — Ada Vance 34 → Success · Jonah Reyes 71 → Failure (D dismisses)" in text
            assert "waiting" not in requests_line(app) and "The GM asks" not in app.message
            assert app.message == "Jonah Reyes: Search 71 → Failure"
            assert app.state.asks == () and [a.character for a in app.state.asks_closed[-1].answers] == [
                "ada vance", "jonah reyes"]
            # `ask list` says the same, from the state and the answers' own actions in the log
            listed = app.door.execute("ask list").answer
            assert "#1 Search — Ada Vance 34 → Success · Jonah Reyes 71 → Failure" in listed
            # kept until dismissed: still there seconds later (after the line's own timer)
            app._give_rows_back()  # noqa: SLF001 - what its timer calls
            assert "Jonah Reyes 71 → Failure" in requests_line(app)
            app.query_one("#party-table").focus()
            await pilot.press("D")
            await pilot.pause()
            assert "Request 1" not in requests_line(app)
            app.clear_notifications()  # (the notices of the answers: gone by themselves after 8 s)
            await pilot.pause()
            assert "Request 1" not in screen_text(app) and "Jonah Reyes 71" not in screen_text(app)
    finally:
        app.door.close(save=False)


async def test_undo_of_an_answer_takes_its_result_off_the_line_and_ask_dismiss_n_clears_one(campaign, player_door):
    app = gm_app(campaign)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.run_line("ask ada Search") is None
            assert app.run_line("ask jonah Athletics") is None
            player_door.send_answer(1, "ada vance", "alice", [34])
            player_door.send_answer(2, "jonah reyes", "bob", [12])
            await until(pilot, lambda: "Jonah Reyes 12 → Success" in requests_line(app)
                        and "Ada Vance 34" in requests_line(app))
            # the latest closed first (the line holds four rows at most), the key that clears them on it
            assert requests_line(app).splitlines() == [
                "Request 2 Athletics — Jonah Reyes 12 → Success (D dismisses)",
                "Request 1 Search — Ada Vance 34 → Success"]
            # undo (the last answer): request 2 open again, its result gone — from the state, not a notice
            assert app.run_line("undo") is None
            await pilot.pause()
            assert "Open request 2 Athletics — waiting: Jonah Reyes" in requests_line(app)
            assert "Jonah Reyes 12" not in requests_line(app)
            # ask dismiss N, typed on the command line: only that request's results go
            await pilot.press("colon", *"ask dismiss 1", "enter")
            await pilot.pause()
            assert "Ada Vance 34" not in requests_line(app)
            assert "Open request 2 Athletics" in requests_line(app)
            assert app.message == "Dismissed the results of request 1"
    finally:
        app.door.close(save=False)


async def test_a_gm_app_opened_later_does_not_show_old_results(campaign, player_door):
    app = gm_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        app.run_line("ask ada Search")
        player_door.send_answer(1, "ada vance", "alice", [34])
        await until(pilot, lambda: "Ada Vance 34" in requests_line(app))
    app.door.close()
    again = gm_app(campaign)
    try:
        async with again.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert "Ada Vance 34" not in screen_text(again)  # the Log has it; the line starts empty
            assert "Ada Vance 34 → Success" in again.door.execute("ask list").answer
    finally:
        again.door.close(save=False)


# --- the player's prompt ------------------------------------------------------------------------


async def test_a_players_prompt_says_waiting_for_the_gms_app_when_it_is_not_running(campaign):
    # the GM asked, then closed the app: nobody holds the writer's lock
    door = Door.open(campaign)
    door.execute("ask ada Search")
    door.close()
    app = player_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "request 1" in screen_text(app))
        took = await until(pilot, lambda: "Waiting for the GM's app" in joined(app), timeout=4.0)
        assert took < 4.0
        await pilot.press("t", *"42", "enter")
        await pilot.pause()
        assert [a.d for a in Inbox(campaign).read()] == [[42]]  # sent: taken when the GM's app opens
        app._unanswered(1, app._attempt, True)  # noqa: SLF001 - what the 4 s timer calls
        await pilot.pause()
        text = joined(app)
        assert "Waiting for the GM's app" in text and "has not taken it" not in text
        # the GM's app opens (the writer's lock is held): the prompt stops saying so within a second or two
        store = CampaignStore.open(campaign)
        try:
            await until(pilot, lambda: "Waiting for the GM's app" not in joined(app), timeout=3.0)
        finally:
            store.close()


async def test_an_error_then_a_successful_retry_leaves_no_stale_error(campaign):
    store = CampaignStore.open(campaign)  # the GM's app: the writer is running
    try:
        from fhtagn_tui.service import Engine

        gm = Engine(store, store.events())
        gm.execute("ask ada Search")
        app = player_app(campaign)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "request 1" in screen_text(app))
            assert "Waiting for the GM's app" not in joined(app)
            await pilot.press("t", *"4 2 7", "enter")
            await pilot.pause()
            # the writer refuses typed dice that do not fit; 4 s later the prompt says so
            Inbox(campaign).read()
            app._unanswered(1, app._attempt, True)  # noqa: SLF001 - what the 4 s timer calls
            await pilot.pause()
            assert "has not taken it: typed dice must be every die" in joined(app)
            # editing the dice: the error about the last ones goes at once
            await pilot.press("t", "backspace")
            await pilot.pause()
            assert "has not taken it" not in joined(app)
            # a bad line, then a good one: the error goes with the retry
            await pilot.press(*"x", "enter")
            await pilot.pause()
            assert "type the dice as numbers" in joined(app)
            await pilot.press("backspace", "backspace", "backspace", "backspace", "backspace", *"42", "enter")
            await pilot.pause()
            assert "type the dice as numbers" not in joined(app) and "Sent" in joined(app)
            # an earlier attempt's timer says nothing about this one
            app._unanswered(1, app._attempt - 1, True)  # noqa: SLF001
            await pilot.pause()
            assert "has not taken it" not in joined(app) and "Sent" in joined(app)
    finally:
        store.close()


async def test_an_answer_the_running_gms_app_has_not_read_yet_is_said_so_not_refused(campaign):
    store = CampaignStore.open(campaign)  # the GM's app runs, but reads no answers (in review, say)
    try:
        from fhtagn_tui.service import Engine

        Engine(store, store.events()).execute("ask ada Search")
        app = player_app(campaign)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "request 1" in screen_text(app))
            await pilot.press("r")
            await pilot.pause()
            app._unanswered(1, app._attempt, False)  # noqa: SLF001 - what the 4 s timer calls
            await pilot.pause()
            text = joined(app)
            assert "the GM's app has not read it yet" in text and "has not taken it" not in text
            assert "Waiting for the GM's app" not in text
            # read and refused (here: taken away unread, as a refusal leaves the inbox): now it is said
            Inbox(campaign).read()
            app._unanswered(1, app._attempt, False)  # noqa: SLF001
            await pilot.pause()
            assert "The GM's app has not taken it: try again, or ask the GM" in joined(app)
    finally:
        store.close()
