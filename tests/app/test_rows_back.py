"""The rows kept for roll requests (the open-requests line, the Log's detail line) are given back a
few seconds after the last request closed: kept, they spare a layout of the tabs per request (see
test_steady); kept for good, they were blank rows at the foot of the Log at 80×24 until the GM
changed tab (found in tmux)."""

from __future__ import annotations

import asyncio

from textual.widgets import Static

from fhtagn_tui.app import gm as app_module


async def _asked_on_the_log(app, pilot) -> None:
    """The GM on the Log tab asks every Agent for a Search roll (request 1)."""
    await pilot.press("5")
    await pilot.pause()
    app.door.execute("ask all Search")
    await pilot.pause()


async def test_the_rows_kept_for_requests_are_given_back_when_none_came_for_a_while(make_app, monkeypatch):
    monkeypatch.setattr(app_module, "ROWS_BACK_AFTER", 0.3)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await _asked_on_the_log(app, pilot)
        asks = app.query_one("#asks", Static)
        detail = app.query_one("#log-detail", Static)
        assert asks.display and asks.styles.min_height is not None
        app.door.execute("answer 1 ada roll=33")
        app.door.execute("ask cancel 1")
        await pilot.pause()
        # the results stay until the GM dismisses them (issue 34)
        assert "Request 1 Search — Ada Vance 33 →" in str(asks.render())
        await asyncio.sleep(0.6)
        await pilot.pause()
        assert asks.display and "Ada Vance 33" in str(asks.render())
        app.action_dismiss_results()
        await pilot.pause()
        assert asks.display  # kept a moment: another request may come
        assert detail.styles.min_height is not None
        await asyncio.sleep(0.6)
        await pilot.pause()
        assert not asks.display and asks.styles.min_height is None
        assert detail.styles.min_height is None


async def test_a_request_asked_again_keeps_the_rows(make_app, monkeypatch):
    monkeypatch.setattr(app_module, "ROWS_BACK_AFTER", 0.3)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await _asked_on_the_log(app, pilot)
        app.door.execute("ask cancel 1")
        await pilot.pause()
        app.door.execute("ask all Alertness")  # before the rows are given back
        await pilot.pause()
        await asyncio.sleep(0.6)
        await pilot.pause()
        asks = app.query_one("#asks", Static)
        assert asks.display and "Alertness" in str(asks.render())
