"""The app's player mode (``fhtagn open NAME --player``), driven through Textual's Pilot."""

from __future__ import annotations

import time
from pathlib import Path

from textual.widgets import DataTable, Static

from fhtagn_tui import campaigns
from fhtagn_tui.app.app import open_door
from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.app.player import PlayerApp
from fhtagn_tui.app.screens.party import PartyTab
from fhtagn_tui.service import Engine
from fhtagn_tui.store import CampaignStore


def _cells(table: DataTable, key: str) -> list[str]:
    return [str(cell) for cell in table.get_row(key)]


def _log_rows(app: GmApp) -> list[str]:
    table = app.query_one("#log-table", DataTable)
    return [str(table.get_row_at(i)[-1]) for i in range(table.row_count)]


async def test_the_player_view_shows_public_values_and_follows_the_gm(tmp_path: Path):
    path = campaigns.create_demo(tmp_path)
    with CampaignStore.open(path) as store:  # the GM, before the player looks
        gm = Engine(store, store.events())
        gm.execute("privacy full")  # every investigator's numbers (what players see of the others: test_privacy.py)
        gm.execute("note The Caretaker keeps a ledger of names secret")
        gm.execute('char pool "The Caretaker" HP=9 reason="shotgun"')
    door = open_door(path, readonly=True)
    app = PlayerApp(door)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            assert app.readonly and app.sub_title.startswith("PLAYER VIEW · FHTAGN")
            table = app.query_one("#party-table", DataTable)
            assert _cells(table, "the caretaker") == ["The Caretaker", "–", "–", "–", "–", ""]
            assert _cells(table, "sheriff dale")[1].startswith("13/13")  # a visible NPC: as is
            party = app.query_one(PartyTab)
            table.move_cursor(row=list(app.state.characters).index("the caretaker"))
            await pilot.pause()
            assert party.selected() is not None and party.selected().stats == {}
            sheet = str(app.query_one("#party-sheet", Static).render())
            assert "The Caretaker" in sheet and "STR" not in sheet and "Melee" not in sheet
            # the Log tab: no secret note, the hidden NPC by name only, its HP change left out
            await pilot.press("5")
            await pilot.pause()
            rows = _log_rows(app)
            assert "The Caretaker appears (npc)" in rows
            assert not any("ledger" in r or "STR 17" in r or "HP 16 → 9" in r for r in rows)
            # the GM acts in another process (here: another store): the player follows it at once
            await pilot.press("1")  # back to the Party tab (players' views draw the open tab only)
            await pilot.pause()
            with CampaignStore.open(path) as gm_store:
                gm = Engine(gm_store, gm_store.events())
                start = time.monotonic()
                gm.execute('char pool "Ada Vance" HP=6 reason="fell"')
                gm.execute("note A secret door behind the stove secret")
                while "6/11" not in _cells(table, "ada vance")[1] and time.monotonic() - start < 2:
                    await pilot.pause(0.01)
                assert time.monotonic() - start <= 0.5  # 0.2 s is the target (bench_serve.py); slack for a loaded CI box
                assert _cells(table, "ada vance")[1].startswith(" 6/11")
                await pilot.pause(0.1)
            await pilot.press("5")
            await pilot.pause()
            rows = _log_rows(app)
            assert rows[-1] == "Ada Vance: HP 11 → 6 (fell)"  # the secret note after it is not there
            # keys that would act do nothing
            before = path.read_bytes()
            for key in ("colon", "ctrl+z", "n", "x"):
                await pilot.press(key)
            await pilot.pause()
            assert path.read_bytes() == before
            assert not app.query("#command-line")  # nothing is typed in a player view: it has no command line
    finally:
        door.close(save=False)
