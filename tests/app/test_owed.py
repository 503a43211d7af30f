"""Issue 31 at the table: a dying investigator shows "dying" in Initiative and Party (not cut off),
the owed list names the dying roll at the end of the round and a pending reaction, and Enter on an
entry fills in what settles it — at 80×24 and 120×40."""

from __future__ import annotations

import re

import pytest
from textual.widgets import DataTable, Input, OptionList

from fhtagn_tui.app.forms.owed import OwedList, ReactionChoice
from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.door import Door
from fhtagn_tui.rules.dice import RandomSource
from fhtagn_tui.service import Engine
from tests.app.screen_text import screen_text

SIZES = [(80, 24), (120, 40)]
COC = ("char new Harvey Luck=50 STR=50 CON=60 SIZ=60 DEX=60 INT=70 POW=60",
       "char new Ghoul kind=monster STR=80 CON=65 SIZ=65 DEX=65",
       "fight start", "fight add harvey ghoul", "fight next")


def dying_app() -> GmApp:
    engine = Engine.memory("coc7", source=RandomSource(7))
    for line in COC:
        engine.execute(line)
    engine.execute("damage harvey 6", dice=[10])  # a major wound: CON 10 holds, prone
    engine.execute("damage harvey 6")  # 0 HP with a major wound: dying (and unconscious)
    return GmApp(Door(engine))


def harvey_row(text: str) -> str:
    """Harvey's row of the table (not the log beside it, nor the owed line)."""
    return next(line.split("▏")[0] for line in text.splitlines() if re.match(r"^\s*(▶\s*)?Harvey\b", line))


@pytest.mark.parametrize("size", SIZES)
async def test_dying_shows_in_both_tabs_and_the_owed_list_settles_it(size: tuple[int, int]) -> None:
    app = dying_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        party = screen_text(app)
        assert "DYING" in harvey_row(party), party  # the most urgent first: never the part cut off
        assert "Owed (1): Harvey is dying: CON roll at the end of round 1" in party
        await pilot.press("2")
        await pilot.pause()
        fight = screen_text(app)
        assert "DYING" in harvey_row(fight), fight
        assert "Owed (1)" in fight and "Ghoul" in fight
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, OwedList)
        listed = screen_text(app)
        assert "Harvey is dying: CON roll at the end of round 1" in listed and "COC-PARTY-04" in listed
        assert app.screen.query_one(OptionList).highlighted == 0
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, OwedList)
        line = app.query_one("#command-line", Input)
        assert line.value == "fight next" and line.has_focus


@pytest.mark.parametrize("size", SIZES)
async def test_a_pending_reaction_is_owed_until_chosen(size: tuple[int, int]) -> None:
    engine = Engine.memory("fhtagn", source=RandomSource(7))
    engine.execute("char new Ada")
    engine.execute("san ada 1/1d10", dice=[99, 8])  # 8 at once: temporarily insane, the reaction the GM's
    app = GmApp(Door(engine))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert "Owed (1): Ada: the reaction to temporary insanity" in screen_text(app)
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, OwedList) and "flee, struggle or submit" in screen_text(app)
        await pilot.press("enter")  # the reaction's own choice opens
        await pilot.pause()
        assert isinstance(app.screen, ReactionChoice)
        shown = screen_text(app)
        assert "flee  (typical)" in shown and "struggle" in shown and "submit  (typical)" in shown
        await pilot.press("down", "enter")  # struggle
        await pilot.pause()
        assert not isinstance(app.screen, ReactionChoice)
        ada = app.door.state.character("ada")
        assert ada is not None and ada.has("insane-struggle") and ada.mind.reaction_owed == ""
        assert "Owed" not in screen_text(app)  # settled: the line is gone


async def test_nothing_owed_says_so() -> None:
    engine = Engine.memory("coc7", source=RandomSource(7))
    engine.execute("char new Harvey Luck=50")
    app = GmApp(Door(engine))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Owed" not in screen_text(app)
        await pilot.press("o")
        await pilot.pause()
        assert not isinstance(app.screen, OwedList) and "nothing owed" in screen_text(app)


@pytest.mark.parametrize("size", SIZES)
async def test_party_lists_investigators_first_monsters_show_dashes_and_npcs_fold(size: tuple[int, int]) -> None:
    engine = Engine.memory("coc7", source=RandomSource(7))
    for line in ("char new Ghoul kind=monster STR=80 CON=65 SIZ=65 DEX=65", "char new Vicar kind=npc",
                 "char new Harvey Luck=45", "char new Ada Luck=60"):
        engine.execute(line)
    app = GmApp(Door(engine))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        table = app.query_one("#party-table", DataTable)
        assert [str(k.value) for k in table.rows] == ["harvey", "ada", "vicar", "ghoul"]
        ghoul = [c.plain for c in table.get_row("ghoul")]
        columns = [str(c.label) for c in table.columns.values()]
        assert ghoul[columns.index("SAN")] == "–" and ghoul[columns.index("Luck")] == "–"
        assert ghoul[columns.index("HP")] != "–"
        await pilot.press("N")
        await pilot.pause()
        keys = [str(k.value) for k in table.rows]
        assert keys[:2] == ["harvey", "ada"] and len(keys) == 3 and "2 NPCs and monsters folded" in screen_text(app)
        await pilot.press("N")
        await pilot.pause()
        assert [str(k.value) for k in table.rows] == ["harvey", "ada", "vicar", "ghoul"]


@pytest.mark.parametrize("size", SIZES)
async def test_a_bout_counts_down_beside_the_name_in_initiative(size: tuple[int, int]) -> None:
    engine = Engine.memory("coc7", source=RandomSource(7))
    for line in COC:
        engine.execute(line)
    engine.execute("bout harvey", dice=[7, 3])  # Flee in panic, 3 rounds
    app = GmApp(Door(engine))
    async with app.run_test(size=size) as pilot:
        await pilot.press("2")
        await pilot.pause()
        assert "panic 3r" in harvey_row(screen_text(app))
        for _ in range(2):  # Harvey, the ghoul: round 1 ends
            engine_line = app.query_one("#command-line", Input)
            engine_line.value = "fight next"
            engine_line.focus()
            await pilot.press("enter")
            await pilot.pause()
        assert "panic 2r" in harvey_row(screen_text(app)), screen_text(app)


async def test_the_reaction_to_a_secret_test_is_chosen_in_secret() -> None:
    engine = Engine.memory("fhtagn", source=RandomSource(7))
    engine.execute("char new Ada")
    engine.execute("san ada 1/1d10 secret", dice=[99, 8])
    app = GmApp(Door(engine))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")  # flee
        await pilot.pause()
        sink = engine.sink
        added = [e for e in sink.events if type(e).__name__ == "ConditionAdded"]  # type: ignore[attr-defined]
        assert added[-1].condition == "insane-flee" and added[-1].secret
