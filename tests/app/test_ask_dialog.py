"""The Ask dialog (``k``) on the Party and Initiative tabs, driven with the Pilot at 80×24."""

from __future__ import annotations

from fhtagn_tui.app.forms.ask import AskForm
from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.door import Door
from fhtagn_tui.service import Engine

ADA = 'char new "Ada Vance" STR=10 CON=11 DEX=9 INT=16 POW=14 CHA=11 Firearms=45 Search=50'
JONAH = 'char new "Jonah Reyes" STR=15 CON=14 DEX=12 INT=10 POW=11 CHA=9 Firearms=60 Search=30'


def _engine() -> Engine:
    eng = Engine.memory("fhtagn")
    for line in (ADA, JONAH):
        eng.execute(line)
    return eng


async def test_party_tab_k_asks_the_selected_character():
    eng = _engine()
    app = GmApp(Door(eng))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, AskForm)
        await pilot.press(*"Search")
        await pilot.press("tab", *"-20", "tab", "space")
        await pilot.pause()
        assert app.screen.text() == 'ask "Ada Vance" Search mod=-20 secret'  # type: ignore[attr-defined]
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, AskForm)
        ask = eng.state.asks[0]
        assert ask.targets == ("ada vance",) and ask.modifier == -20 and ask.hidden
        assert "Open request 1 Search (-20) (secret) — waiting: Ada Vance" in str(app.query_one("#asks").render())


async def test_the_dialog_shows_a_refusal_and_keeps_the_form():
    eng = _engine()
    app = GmApp(Door(eng))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("k")
        await pilot.pause()
        await pilot.press(*"Basketweaving", "enter")
        await pilot.pause()
        assert isinstance(app.screen, AskForm)
        assert "no skill or stat" in str(app.screen.query_one("#ask-error").render())
        assert eng.state.asks == ()
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, AskForm)


async def test_initiative_tab_k_opens_the_dialog():
    eng = _engine()
    eng.execute("fight start")
    eng.execute("fight add ada jonah")
    app = GmApp(Door(eng))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2")
        await pilot.pause()
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, AskForm)
        await pilot.press("shift+tab", "end", "ctrl+u", *"all", "tab", *"Firearms", "enter")
        await pilot.pause()
        assert eng.state.asks[0].targets == ("ada vance", "jonah reyes")
