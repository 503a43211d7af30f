"""Issue 31 found by a stranger: in a fight, an investigator's "Flee in panic for 3 rounds" bout was
the part of Status cut off — at 80×24 and at 120×40 the row read "temp.insane 6h +1" — because the
insanity under it (hours long) ranked before it.  The bout is what they do this round: it comes
first.  And a monster's SAN shows "–" in Initiative as it does on the Party tab."""

from __future__ import annotations

import re

import pytest
from textual.widgets import DataTable

from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.door import Door
from fhtagn_tui.rules.dice import RandomSource
from fhtagn_tui.service import Engine
from tests.app.screen_text import screen_text

SIZES = [(80, 24), (120, 40)]


def mad_app() -> GmApp:
    engine = Engine.memory("coc7", source=RandomSource(7))
    for line in ("char new Harvey Luck=50 STR=70 CON=50 SIZ=60 DEX=60 INT=60 POW=55",
                 "char new Gnawer kind=monster STR=85 CON=70 SIZ=70 DEX=70 POW=60",
                 "fight start", "fight add harvey gnawer"):
        engine.execute(line)
    # 80 fails SAN 55, loses 7, INT 40 holds (temporarily insane 6h), bout row 7 (flee in panic) for 3 rounds
    engine.execute("sanity harvey 1/1d10", dice=[80, 7, 40, 6, 7, 3])
    engine.execute("fight next")
    return GmApp(Door(engine))


def row(text: str, name: str) -> str:
    return next(line.split("▏")[0] for line in text.splitlines() if re.match(rf"^\s*(▶\s*)?{name}\b", line))


@pytest.mark.rule("COC-INSANITY-05")
@pytest.mark.parametrize("size", SIZES)
async def test_the_bout_is_shown_before_the_insanity_under_it(size: tuple[int, int]) -> None:
    app = mad_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        party = row(screen_text(app), "Harvey")
        assert "flee in panic" in party.casefold(), party
        await pilot.press("2")
        await pilot.pause()
        fight = row(screen_text(app), "Harvey")
        assert re.search(r"flee in panic 3r", fight, re.IGNORECASE), fight


@pytest.mark.parametrize("size", SIZES)
async def test_a_monster_shows_no_san_in_initiative(size: tuple[int, int]) -> None:
    app = mad_app()
    async with app.run_test(size=size) as pilot:
        await pilot.press("2")
        await pilot.pause()
        table = app.query_one("#ini-table", DataTable)
        pools = table.get_row("gnawer")[2].plain
        assert pools.split()[-1] == "–", pools  # HP and MP bars, then SAN: "–"
        assert "/" in table.get_row("harvey")[2].plain.split()[-2]


@pytest.mark.rule("COC-INSANITY-05")
@pytest.mark.parametrize("size", SIZES)
async def test_on_the_mad_investigators_turn_the_panel_says_the_bout_plays_it(size: tuple[int, int]) -> None:
    """He got a plain "Harvey acts now" turn; the bout (flee in panic) was nowhere near it."""
    app = mad_app()
    app.door.execute("fight next")  # the Gnawer (DEX 70) acted: Harvey's turn
    async with app.run_test(size=size) as pilot:
        await pilot.press("2")
        await pilot.pause()
        shown = " ".join(screen_text(app).split())
        assert "Due for Harvey: bout of madness: Flee in panic (3r left) — the Keeper plays this turn" in shown, shown


async def test_the_sheet_lists_the_conditions_by_urgency_with_what_is_left() -> None:
    """The Party sheet read "Conditions: temporarily insane, bout of madness": no bout, no time left."""
    app = mad_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        shown = " ".join(screen_text(app).split())
        assert "Conditions: bout: Flee in panic 3r, temporarily insane 6h" in shown, shown


@pytest.mark.rule("FH-SAN-07")
@pytest.mark.parametrize("size", SIZES)
async def test_an_agent_insane_with_the_reaction_still_owed_shows_it_in_status(size: tuple[int, int]) -> None:
    """Ada went temporarily insane and her Status stayed empty until the GM chose the reaction."""
    engine = Engine.memory("fhtagn", source=RandomSource(7))
    engine.execute("char new Ada")
    engine.execute("san ada 1/1d10", dice=[99, 8])
    app = GmApp(Door(engine))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert "insane?" in row(screen_text(app), "Ada") or "(reaction?)" in row(screen_text(app), "Ada")
        engine.execute("cond add ada insane-flee")
        await pilot.pause()
        await pilot.pause()
        ada = row(screen_text(app), "Ada")
        assert "insane-flee" in ada and "reaction?" not in ada
