"""Issue 17, the screen half: whole messages, the GM screen, layout, read-only views, forms,
the act menu.  Each promise is driven through the real app at 80×24 and 120×40."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from fhtagn_tui.app.app import FhtagnApp
from fhtagn_tui.campaigns import demo_script
from fhtagn_tui.domain.features.campaign import CreateCampaign
from fhtagn_tui.rules.dice import RandomSource
from fhtagn_tui.service import Engine, MemorySink

from .screen_text import joined, screen_text

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def play(system: str, *lines: str, **options: object) -> FhtagnApp:
    engine = Engine(MemorySink(), source=RandomSource(1), clock=lambda: 0.0)
    engine.run(CreateCampaign(name="table", system=system))
    for line in lines:
        engine.execute(line)
    return FhtagnApp(engine, **options)  # type: ignore[arg-type]


def fhtagn(*lines: str, **options: object) -> FhtagnApp:
    return play("fhtagn", *demo_script(), *lines, **options)


def status(app: FhtagnApp) -> str:
    return str(app.query_one("#status", Static).render())


# --- 1. messages --------------------------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
async def test_a_long_refusal_is_shown_whole(size):
    app = fhtagn('fight start Barn', 'fight add "Ada Vance" "The Caretaker"')
    async with app.run_test(size=size) as pilot:
        await pilot.press("colon", *'attack ada "The Caretaker" weapon=claw', "enter")
        await pilot.pause()
        message = status(app)
        assert message.startswith("no weapon 'claw'") and len(message) > size[0]
        # every word of it is on the screen, wrapped over as many rows as it needs
        assert " ".join(message.split()) in joined(app)


@pytest.mark.parametrize("size", SIZES)
async def test_undo_says_what_it_did_on_the_message_line_and_no_notice_covers_the_next(size):
    app = fhtagn()
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.press("colon", *'note The well is deep', "enter", "escape")
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert status(app).startswith("Undo:")
        assert not app._notifications  # no notice that would stand over the next message
        await pilot.press("colon", *'roll 1d6', "enter")
        await pilot.pause()
        assert status(app) in screen_text(app)
