"""Issue 35 found by a stranger: the import box's report was cut at 6 lines (and 20 in all), so after
pasting a scenario's appendix at 80×24 the GM could not see what the import said about most blocks —
"as the book states: Move 8 (the rules give MOV 7)", "not understood (kept in GM notes): …".  Every
line of the report can be read: the paste box shrinks and the report scrolls."""

from __future__ import annotations

import pytest
from textual.containers import VerticalScroll
from textual.widgets import Static, TextArea

from fhtagn_tui.app.forms.import_text import ImportForm
from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.door import Door
from fhtagn_tui.rules.dice import RandomSource
from fhtagn_tui.service import Engine
from tests.app.screen_text import screen_text

#: Twelve blocks of our own, each with a Move the rules would not give (a line of report each)
APPENDIX = "\n\n".join(
    f"Cultist Number {n}\nSTR 50 CON 50 SIZ 60 DEX 55 INT 60 APP 50 POW 50 EDU 50\nHP 11 DB 0 Build 0 Move 9 MP 10\n"
    f"Knife 40% (20/8), damage 1D4\nShiny trinket {n} of great worth"
    for n in range(1, 13))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_line_of_an_appendix_report_can_be_read(size: tuple[int, int]) -> None:
    app = GmApp(Door(Engine.memory("coc7", source=RandomSource(7))))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("i")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, ImportForm)
        form.query_one("#import-text", TextArea).text = APPENDIX
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert len(app.door.state.characters) == 12
        report = str(form.query_one("#import-report", Static).render())
        assert report.startswith("Imported 12: Cultist Number 1, ")
        for n in range(1, 13):  # every block's remark is in the report, none dropped
            assert f"Shiny trinket {n} of great worth" in report, n
        shown = screen_text(app)
        assert "Import (ctrl+s)" in shown  # the buttons still on the screen
        box = form.query_one("#import-report-box", VerticalScroll)
        assert box.region.height >= 10  # the report has the room the paste box gave up
        box.scroll_end(animate=False)
        await pilot.pause()
        assert "Shiny trinket 12 of great worth" in screen_text(app)  # scrolled to, it is on the screen
