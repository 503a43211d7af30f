"""A follower's render caches are emptied after each update (app/render_caches.py, issue 20)."""

from __future__ import annotations

from rich import cells
from rich.color import ColorSystem
from rich.style import Style
from textual.geometry import Region
from textual.strip import Strip

from fhtagn_tui.app import render_caches


def test_trim_empties_textual_and_rich_render_caches() -> None:
    for row in range(20):  # a table's cells: a style per row (their meta), each cached
        style = Style(bold=True, meta={"row": row})
        Strip.render_ansi(style, ColorSystem.TRUECOLOR)
        _ = Style(italic=True) + style
    cells.cached_cell_len("What happened")
    Region(0, 0, 10, 10).overlaps(Region(5, 5, 10, 10))
    assert Strip.render_ansi.cache_info().currsize >= 20
    assert Style._add.cache_info().currsize >= 20
    render_caches.trim()
    assert Strip.render_ansi.cache_info().currsize == 0
    assert Style._add.cache_info().currsize == 0
    assert cells.cached_cell_len.cache_info().currsize == 0
    assert Region.overlaps.cache_info().currsize == 0


async def test_a_following_view_trims_them_after_each_update_and_the_gm_does_not(tmp_path, monkeypatch) -> None:
    import time

    from fhtagn_tui import campaigns
    from fhtagn_tui.app.app import open_door
    from fhtagn_tui.app.gm import GmApp
    from fhtagn_tui.app.player import PlayerApp
    from fhtagn_tui.service import Engine
    from fhtagn_tui.store import CampaignStore

    trims: list[float] = []
    monkeypatch.setattr(render_caches, "trim", lambda: trims.append(time.monotonic()))
    path = campaigns.create_demo(tmp_path)
    door = open_door(path, readonly=True)
    app = PlayerApp(door)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert trims == []  # nothing followed yet
            with CampaignStore.open(path) as gm_store:
                Engine(gm_store, gm_store.events()).execute("note The ledger is gone")
            start = time.monotonic()
            while not trims and time.monotonic() - start < 3:
                await pilot.pause(0.02)
            assert len(trims) == 1
    finally:
        door.close(save=False)
    door = open_door(path, readonly=True)  # a second GM's read-only window
    app = GmApp(door)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.readonly and not app.player and len(trims) == 1
            with CampaignStore.open(path) as gm_store:
                Engine(gm_store, gm_store.events()).execute("note The ledger is back")
            start = time.monotonic()
            while len(trims) == 1 and time.monotonic() - start < 3:
                await pilot.pause(0.02)
            assert len(trims) == 2
    finally:
        door.close(save=False)
    gm_door = open_door(path, readonly=False)
    gm_app = GmApp(gm_door)
    try:
        async with gm_app.run_test(size=(80, 24)) as pilot:
            notes = gm_app.state.notes
            gm_app.run_line("note The GM's own app keeps its caches")
            await pilot.pause(0.1)
            assert gm_app.state.notes == notes + 1  # it did act…
            assert len(trims) == 2  # …and kept its caches
    finally:
        gm_store.close()
