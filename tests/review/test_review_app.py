"""Review mode in the app at 80×24: the banner, stepping, jumps, the tabs at the cursor, no writes."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable, Sparkline, Static

from fhtagn_tui import campaigns
from fhtagn_tui.app.app import open_door
from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.app.screens.timeline import TimelineScreen
from fhtagn_tui.app.widgets.review_bar import ReviewBar
from fhtagn_tui.door import Door
from fhtagn_tui.store import CampaignStore


@pytest.fixture
def played(tmp_path: Path) -> Path:
    """The demo campaign (session 1 open at event 8) played on: Ada hurt, a note, a fight."""
    path = campaigns.create_demo(tmp_path)
    door = open_door(path, False)
    try:
        door.execute("char pool ada HP=4 reason=shot")  # 10
        door.execute("note The barn is empty.")  # 11
        door.execute("session end")  # 12
        door.execute("session start Night two")  # 13
        door.execute("char pool ada HP=9 reason=rest")  # 14
    finally:
        door.close(save=False)
    return path


def opened(path: Path, review: bool, session: int | None = None) -> tuple[GmApp, Door]:
    door = open_door(path, review)
    return GmApp(door, review=review, review_session=session), door


def hp_cell(app: GmApp) -> str:
    table = app.query_one("#party-table", DataTable)
    return str(table.get_cell("ada vance", "HP"))


def bar(app: GmApp) -> str:
    return str(app.query_one(ReviewBar).render())


async def test_review_steps_jumps_and_shows_the_past(played):
    size = played.stat().st_size
    app, door = opened(played, review=True)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            ctl = app.review_ctl
            assert ctl is not None and ctl.cursor == ctl.total == 14
            assert "REVIEW" in app.sub_title and app.title.startswith("REVIEW")
            assert app.query_one(ReviewBar).display and "#14/14 · Session 2" in bar(app)
            assert hp_cell(app).startswith(" 9/11")
            await pilot.press("left_curly_bracket")  # back to the start of session 2
            assert ctl.cursor == 13 and "Session 2 started: Night two" in bar(app)
            assert hp_cell(app).startswith(" 4/11")
            await pilot.press("left_curly_bracket")  # session 1
            assert ctl.cursor == 8 and hp_cell(app).startswith("11/11")
            await pilot.press("full_stop", "full_stop")  # two events on
            assert ctl.cursor == 10 and hp_cell(app).startswith(" 4/11")
            await pilot.press("comma")
            assert ctl.cursor == 9
            await pilot.press("right_square_bracket")  # one action on: Ada is shot
            assert ctl.cursor == 10 and "Ada Vance: HP 11 → 4 (shot)" in bar(app)
            await pilot.press("left_square_bracket")
            assert ctl.cursor == 9
            await pilot.press("ctrl+z", "colon")  # acting is off while reviewing
            assert app.door.readonly and ctl.total == 14
            await pilot.press("5")  # the Log tab: its cursor on the event
            log = app.query_one("#log-table", DataTable)
            assert log.coordinate_to_cell_key(log.cursor_coordinate).row_key.value == "9"
    finally:
        door.close(save=False)
    assert played.stat().st_size == size  # review never writes


async def test_review_can_start_at_a_session_and_go_to_an_event(played):
    app, door = opened(played, review=True, session=1)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.review_ctl is not None and app.review_ctl.cursor == 8
            await pilot.press("g")
            await pilot.press(*"11", "enter")
            await pilot.pause()
            assert app.review_ctl.cursor == 11 and "Note: The barn is empty." in bar(app)
            await pilot.press("escape")  # started as a review: escape does not leave
            assert app.reviewing
    finally:
        door.close(save=False)


async def test_R_enters_review_in_the_playing_app_and_escape_leaves(played):
    app, door = opened(played, review=False)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert not app.query_one(ReviewBar).display
            await pilot.press("R")
            assert app.reviewing and app.door.readonly and app.query_one(ReviewBar).display
            await pilot.press("left_curly_bracket", "left_curly_bracket")
            assert hp_cell(app).startswith("11/11")
            await pilot.press("escape")
            assert not app.reviewing and not app.door.readonly
            assert "REVIEW" not in app.sub_title and hp_cell(app).startswith(" 9/11")
            await pilot.press("colon")
            await pilot.press(*"note back to play", "enter")
            await pilot.pause()
            assert app.door.seq == 15
    finally:
        door.close(save=False)


async def test_timeline_from_the_party_tab(played):
    app, door = opened(played, review=False)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("T")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TimelineScreen)
            ada = next(t for t in screen.tracks if t.key == "ada vance")
            assert ada.values("HP") == [4, 9]  # session 2 so far
            assert screen.query_one("#spark-0", Sparkline).data == [4, 9]
            moves = screen.query_one("#timeline-moves", DataTable)
            assert moves.row_count == 1 and "HP 9" in str(moves.get_row_at(0)[1])
            await pilot.press("escape")
            assert not isinstance(app.screen, TimelineScreen)
    finally:
        door.close(save=False)


async def test_search_in_review_moves_the_cursor_to_a_hit(played):
    app, door = opened(played, review=True)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("slash")
            await pilot.pause()
            app.screen.query_one("#s-text").value = "barn"
            await pilot.press("enter")
            await pilot.pause()
            results = app.screen.query_one("#search-results", DataTable)
            assert results.row_count == 1
            await pilot.press("enter")
            await pilot.pause()
            assert app.review_ctl is not None and app.review_ctl.cursor == 11
    finally:
        door.close(save=False)


async def test_secret_switch_marks_the_next_action_only(played):
    app, door = opened(played, review=False)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+g")
            assert app.secret_next and "SECRET" in str(app.query_one("#status", Static).render())
            await pilot.press("colon")
            await pilot.press(*"note The sheriff lies.", "enter")
            await pilot.pause()
            await pilot.press(*"note Dawn comes.", "enter")
            await pilot.pause()
            assert not app.secret_next
    finally:
        door.close(save=False)
    with CampaignStore.open(played, readonly=True) as again:
        notes = again.events()[-2:]
    assert [(n.text, n.secret) for n in notes] == [("The sheriff lies.", True), ("Dawn comes.", False)]
