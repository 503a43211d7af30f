"""Words on screen that say what happened, once: the Chase tab does not print its last result
twice at 80×24; the GM screen's table headers are never cut; a requisition shows the target it
rolled against (no arrow that reads as a change)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from fhtagn_tui.service import Engine
from tests.app.glance_party import glance_app
from tests.app.screen_text import joined, screen_lines
from tests.app.test_form_focus import demo


async def test_the_chase_tab_says_a_result_once_at_80x24() -> None:
    app = glance_app(Path(tempfile.mkdtemp()), chase="setup")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("3")
        await pilot.pause()
        await pilot.press("g")  # the speed rolls; the Keeper's call on who may escape opens
        await pilot.pause()
        await pilot.press("escape")  # later
        await pilot.pause()
        await pilot.pause()
        lines = screen_lines(app)
        said = [line for line in lines if "Harvey Walters speed roll" in line]
        assert len(said) == 1, "\n".join(lines)
        # another message on the message line: the last result is back on its own line
        app._status("The fog rolls in")
        app.query_one("ChaseTab")._once_said()  # type: ignore[attr-defined]
        await pilot.pause()
        assert "The fog rolls in" in joined(app)
        assert sum("Harvey Walters speed roll" in line for line in screen_lines(app)) == 1


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_gm_screen_table_headers_are_whole(size: tuple[int, int]) -> None:
    app = demo()
    async with app.run_test(size=size) as pilot:
        app.action_reference("fh-insanity-reactions")
        await pilot.pause()
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "Typical sources" in text or ("Typical" in text and "sources" in text), text
        assert "Typical sourc " not in text and not any(line.rstrip().endswith("sourc") for line in text.splitlines())


def test_a_requisition_shows_the_target_it_rolled_against() -> None:
    eng = Engine.memory("fhtagn")
    eng.execute('char new Ada STR=10 CON=10 DEX=10 INT=14 POW=10 CHA=10 bonds="Partner:9"')
    eng.execute("req ada pistol via=favour contact=Partner roll=30")
    words = [ev.describe({"ada": "Ada"}) for ev in eng.sink.events if type(ev).__name__ == "RequisitionResolved"]  # type: ignore[attr-defined]
    assert words and "rolled 30 vs CHA×5 50, success" in words[-1], words
    assert "50 → 30" not in words[-1]
