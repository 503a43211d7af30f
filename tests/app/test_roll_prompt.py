"""The player's roll request prompt, driven as a player would at 80×24 (and 120×40): the GM's
``ask`` reaches a player's view following the log; ``r`` lets the app roll, ``t`` types the dice
thrown, ``Esc`` puts it aside and ``a`` brings it back; the answer goes to the writer through the
campaign's inbox, and the prompt closes when the public log shows the request answered."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot

from fhtagn_tui import campaigns
from fhtagn_tui.answers import AnswerDesk
from fhtagn_tui.app.app import open_door
from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.app.player import PlayerApp
from fhtagn_tui.service import Engine
from fhtagn_tui.store import CampaignStore
from fhtagn_tui.store.inbox import Answer, Inbox

from .screen_text import joined, screen_text

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[Path, Engine]]:
    """The demo campaign and the GM's engine (the writer)."""
    path = campaigns.create_demo(tmp_path)
    store = CampaignStore.open(path)
    try:
        yield path, Engine(store, store.events())
    finally:
        store.close()


def player(path: Path, character: str = "Ada Vance", who: str = "alice") -> GmApp:
    door = open_door(path, True)
    return PlayerApp(door, served=True, character=character, who=who)


async def until(pilot: Pilot[object], done: Callable[[], bool], timeout: float = 3.0) -> None:
    """Wait for what a follower shows once the writer's append has woken it."""
    start = time.monotonic()
    while not done():
        assert time.monotonic() - start < timeout, "not shown in time"
        await pilot.pause(0.02)


def answers(path: Path) -> list[Answer]:
    return Inbox(path).read()


@pytest.mark.parametrize("size", SIZES)
async def test_the_prompt_comes_with_the_request_and_r_lets_the_app_roll(table, size):
    path, gm = table
    app = player(path)
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause()
        assert "The GM asks for a roll" not in screen_text(app)
        gm.execute("ask ada,jonah Firearms mod=-20")
        await until(pilot, lambda: "The GM asks for a roll · request 1" in screen_text(app))
        text = joined(app)
        assert "Ada Vance: Firearms" in text and "Firearms 45% -20 → 25%" in text
        assert "r roll · t type your dice · Esc later" in text
        await pilot.press("r")
        await pilot.pause()
        assert [(a.n, a.c, a.p, a.d) for a in answers(path)] == [(1, "ada vance", "alice", None)]
        assert "Sent — waiting for the GM's screen…" in joined(app)
        await pilot.press("r")  # sent once: a second key sends nothing more
        assert answers(path) == []
        # the writer takes it; the public log shows it answered: the prompt closes with a notice
        desk = AnswerDesk(gm, path)
        send(desk, path, 1, "ada vance", "alice")
        await until(pilot, lambda: "The GM asks for a roll" not in screen_text(app))
        # said on the message line: a notice would pile up over the next request's prompt
        assert "Request 1: answered — the result is in the Log" in joined(app)
        assert not any("answered" in str(n.message) for n in app._notifications)  # noqa: SLF001


def send(desk: AnswerDesk, path: Path, number: int, character: str, who: str, dice: list[int] | None = None) -> None:
    from fhtagn_tui.store.inbox import send as post

    post(path, Answer(n=number, c=character, p=who, d=dice))
    written, refused = desk.poll()
    assert written and not refused


async def test_t_types_the_dice_thrown_and_bad_dice_are_refused_on_the_spot(table):
    path, gm = table
    gm.execute("ask ada Firearms")
    app = player(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "request 1" in screen_text(app))
        await pilot.press("t", *"4x", "enter")
        await pilot.pause()
        assert "type the dice as numbers, e.g. 42 or 42 3" in joined(app)
        assert answers(path) == []
        await pilot.press("backspace", "backspace", *"42", "enter")
        await pilot.pause()
        assert [(a.n, a.d) for a in answers(path)] == [(1, [42])]
        assert "Sent — waiting" in joined(app) and "type the dice as numbers" not in joined(app)
        # the writer did not take it (typed dice that do not fit): the player may try again
        app._unanswered(1)  # noqa: SLF001 - what the 4 s timer calls
        await pilot.pause()
        assert "has not taken it" in joined(app) and "r roll · t type your dice" in joined(app)
        await pilot.press("r")
        await pilot.pause()
        assert [(a.n, a.d) for a in answers(path)] == [(1, None)]


async def test_esc_puts_it_aside_a_brings_it_back_and_the_keys_behind_wait(table):
    path, gm = table
    gm.execute("ask ada Firearms")
    app = player(path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await until(pilot, lambda: "request 1" in screen_text(app))
        await pilot.press("5")  # a key of the view behind: not while the prompt is up
        await pilot.pause()
        assert app.query_one("#tabs").active == "party"  # type: ignore[attr-defined]
        assert "request 1" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert "The GM asks for a roll" not in screen_text(app)
        assert any("Request 1 put aside: a to answer it" in str(n.message) for n in app._notifications)  # noqa: SLF001
        await pilot.press("5")  # the view's keys are the player's again
        await pilot.pause()
        assert app.query_one("#tabs").active == "log"  # type: ignore[attr-defined]
        gm.execute("note the lights flicker")  # another change: a request put aside stays aside
        await until(pilot, lambda: "the lights flicker" in screen_text(app))
        assert "The GM asks for a roll" not in screen_text(app)
        await pilot.press("a")
        await pilot.pause()
        assert "The GM asks for a roll · request 1" in screen_text(app)
        await pilot.press("r")
        await pilot.pause()
        assert [a.n for a in answers(path)] == [1]


async def test_a_second_request_waits_for_the_first_and_updates_under_it_keep_it(table):
    path, gm = table
    app = player(path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        gm.execute("ask ada,jonah Firearms")
        await until(pilot, lambda: "request 1" in screen_text(app))
        gm.execute("ask ada,jonah Search secret")  # the second waits
        gm.execute("answer 1 jonah roll=40")  # not Ada's: nothing to close
        await until(pilot, lambda: app.door.seq == gm.projection.seq)
        await pilot.pause()
        assert "request 1" in screen_text(app) and "request 2" not in screen_text(app)
        gm.execute("answer 1 ada roll=40")  # the GM answers for her: this one closes, the next shows
        await until(pilot, lambda: "The GM asks for a roll · request 2" in screen_text(app))
        text = joined(app)
        assert "Ada Vance: Search" in text and "Secret: only the GM sees the result." in text
        assert "r roll · t type your dice · Esc later" in text  # a line more than the first: all shown
        assert "Request 1: answered — the result is in the Log" in joined(app)  # on the message line
        gm.execute("ask cancel 2")
        await until(pilot, lambda: "The GM asks for a roll" not in screen_text(app))


async def test_a_watcher_with_no_character_gets_no_prompt(table):
    path, gm = table
    door = open_door(path, True)
    app = PlayerApp(door, served=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        gm.execute("ask all Firearms")
        await until(pilot, lambda: app.door.seq == gm.projection.seq)
        await pilot.pause()
        assert "The GM asks for a roll" not in screen_text(app)
        await pilot.press("r", "a")
        assert answers(path) == []


async def test_a_request_while_another_screen_is_open_is_told_and_waits_under_it(table):
    path, gm = table
    app = player(path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")  # the help over the tabs
        await pilot.pause()
        assert len(app.screen_stack) == 2
        gm.execute("ask ada Firearms")
        await until(pilot, lambda: any("close this screen to answer" in str(n.message)
                                       for n in app._notifications))  # noqa: SLF001
        await pilot.press("escape")
        await pilot.pause()
        assert len(app.screen_stack) == 1
        assert "The GM asks for a roll · request 1" in screen_text(app)
        await pilot.press("r")
        await pilot.pause()
        assert [a.n for a in answers(path)] == [1]


async def test_a_request_lays_out_and_draws_few_widgets_of_the_prompt(table):
    """Showing the prompt styles, arranges and draws its widgets anew in every player's app at once:
    the lines above the dice line are one widget (title, test, target, secret, keys), so a request
    draws the box, those lines and nothing else of it (the dice line and the error line are hidden).
    The lines keep their looks (the prompt's snapshots)."""
    from textual.widget import Widget

    path, gm = table
    app = player(path)
    drawn: list[str] = []
    original = Widget.render_lines

    def render_lines(self: Widget, crop):  # noqa: ANN001, ANN202
        if app.roll_prompt is not None and (self is app.roll_prompt or app.roll_prompt in self.ancestors):
            drawn.append(self.id or type(self).__name__)
        return original(self, crop)

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        Widget.render_lines = render_lines  # type: ignore[method-assign]
        try:
            gm.execute("ask ada,jonah Dodge secret")
            await until(pilot, lambda: "The GM asks for a roll · request 1" in screen_text(app))
        finally:
            Widget.render_lines = original  # type: ignore[method-assign]
        assert sorted(set(drawn)) == ["roll-request", "rr-body"]
        text = joined(app)
        assert "Ada Vance: Dodge" in text and "Secret: only the GM sees the result." in text


async def test_what_start_up_built_is_frozen_once_the_first_frame_is_up(table):
    """A player's view collects and freezes its start-up objects once its first frame is up (as the GM's
    app does after an action): the first roll request no longer pays a collection walking them all
    (40-80 ms per player, nine apps on two cores, in the rolls bench's first round)."""
    import gc

    path, gm = table
    app = player(path)
    gc.unfreeze()  # (opening the campaign froze what it loaded: Door.open)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.3)
            assert gc.isenabled() and gc.get_freeze_count() > 0
            gm.execute("ask ada Search")
            await until(pilot, lambda: "The GM asks for a roll · request 1" in screen_text(app))
    finally:
        gc.unfreeze()


async def test_a_request_players_count_as_their_first_is_answered_as_the_gms(table):
    """A request kept from players (to a character a secret changed) takes no number of theirs: the
    player's prompt reads request 1 for the GM's request 2, and its answer reaches the GM's 2."""
    path, gm = table
    gm.execute("char pool jonah HP=5 secret")
    gm.execute("ask jonah Firearms")
    app = player(path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        gm.execute("ask ada Firearms")
        await until(pilot, lambda: "The GM asks for a roll · request 1" in screen_text(app))
        await pilot.press("r")
        await pilot.pause()
        assert [(a.n, a.c) for a in answers(path)] == [(2, "ada vance")]
