"""Between the fights, played with the Pilot at 80×24: an investigation scene — a failed Library Use pushed
from the Party tab (``u``) with the Keeper's consequence typed, an opposed Stealth vs Listen (``v``), a Luck
roll (``l``); the session ends and the development phase offered rolls the checks (typed dice); the sheet and
the Log show it; undo takes the phase back as one action."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Static

from fhtagn_tui.app.forms.contest import CombineForm, OpposeForm
from fhtagn_tui.app.forms.development import DevelopmentForm
from fhtagn_tui.app.forms.push import PushForm
from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.domain.features.campaign import CreateCampaign, DiceRolled
from fhtagn_tui.domain.features.skill_play import (
    CombinedRolled,
    OpposedRolled,
    PushConsequence,
    RollPushed,
    SkillDeveloped,
)
from fhtagn_tui.door import Door
from fhtagn_tui.rules.dice import RandomSource
from fhtagn_tui.service import Engine, MemorySink

from .screen_text import joined

ADA = ('char new "Ada Vance" STR=50 CON=50 SIZ=50 DEX=60 APP=50 INT=70 POW=60 EDU=70 Luck=45 '
       '"Library Use"=60 Stealth=40 "Spot Hidden"=50 Listen=40')
WATCH = 'char new Watchman kind=npc STR=60 CON=60 SIZ=60 DEX=50 POW=50 Listen=50'


def scene() -> tuple[Engine, GmApp]:
    engine = Engine(MemorySink(), source=RandomSource(3), clock=lambda: 0.0)
    engine.run(CreateCampaign(name="library", system="coc7"))
    for line in (ADA, WATCH, "session start The Miskatonic library"):
        engine.execute(line)
    return engine, GmApp(Door(engine))


def _events(engine: Engine, kind: type) -> list:
    sink = engine.sink
    assert isinstance(sink, MemorySink)
    return [e for e in sink.events if isinstance(e, kind)]


def sheet(app: GmApp) -> str:
    return str(app.query_one("#party-notes", Static).render()) + str(app.query_one("#party-sheet", Static).render())


@pytest.mark.rule("COC-DICE-06", "COC-DICE-10", "COC-DICE-07", "COC-DEV-01", "COC-DEV-02", "COC-DEV-03", "COC-DEV-04")
@pytest.mark.parametrize("size", [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")])
async def test_an_investigation_scene_then_the_development_phase(size):
    engine, app = scene()
    async with app.run_test(size=size) as pilot:
        await pilot.press("colon", *"test ada Library Use roll=75", "enter", "escape")
        await pilot.pause()
        assert "may be pushed" in sheet(app)
        # u: push the failed Library Use; the push fails; the Keeper's consequence typed
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, PushForm)
        assert "Library Use 75 vs 60" in joined(app)
        await pilot.press(*"reads the marginalia all night", "tab", *"81", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PushForm) and "The push failed" in joined(app)
        await pilot.press(*"the librarian calls the police", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, PushForm)
        (push,) = _events(engine, RollPushed)
        assert (push.skill, push.total, push.success, push.reason) == ("Library Use", 81, False,
                                                                        "reads the marginalia all night")
        (cons,) = _events(engine, PushConsequence)
        assert cons.words == "the librarian calls the police"
        # v: an opposed Stealth vs Listen; Ada wins with a hard success, Stealth is checked
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, OpposeForm)
        await pilot.press(*"Stealth", "tab", *"watchman", "tab", *"Listen", "tab", *"15 40", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, OpposeForm)
        (opp,) = _events(engine, OpposedRolled)
        assert (opp.active_skill, opp.defender_skill, opp.winner) == ("Stealth", "Listen", "ada vance")
        assert "Checks" in sheet(app) and "Stealth" in sheet(app)
        # l: a Luck roll for Ada
        await pilot.press("l")
        await pilot.pause()
        (luck,) = [e for e in _events(engine, DiceRolled) if e.label == "Luck"]
        assert (luck.character, luck.target) == ("ada vance", 45)
        luck_after_roll = engine.state.characters["ada vance"].current["Luck"]
        # the session ends: the development phase is offered, lists the checks, rolls the typed dice
        await pilot.press("colon", *"session end", "enter")
        await pilot.pause()
        assert isinstance(app.screen, DevelopmentForm)
        assert "Ada Vance: Stealth" in joined(app) and "Luck recovery" in joined(app)
        before = engine.state
        # Stealth: 70 > 40 → +1D10 5; Luck: 80 > 45 → +1D10 3
        await pilot.press(*"70 5 80 3", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, DevelopmentForm)
        assert "What rose: Ada Vance: Stealth 40 → 45; Ada Vance: Luck 45 → 48" in joined(app)
        await pilot.press("escape")
        await pilot.pause()
        ada = engine.state.characters["ada vance"]
        assert (ada.skills["Stealth"], ada.current["Luck"], ada.dev.checks) == (45, 48, ())
        assert luck_after_roll == 45
        assert "Stealth 45" in sheet(app) and "Checks" not in sheet(app)
        (dev,) = _events(engine, SkillDeveloped)
        group = dev.group
        # the Log shows all of it
        await pilot.press("escape", "5")  # (the command line had the focus back: esc leaves it)
        for _ in range(20):  # the Log is built when first opened
            await pilot.pause()
            if app.query("#log-table"):
                break
        table = app.query_one("#log-table", DataTable)
        log = " ".join(" ".join(str(cell) for cell in table.get_row_at(i)) for i in range(table.row_count))
        for words in ("pushes Library Use", "the librarian calls the police", "Stealth 15", "Development phase",
                      "Luck recovery roll 80"):
            assert words in log, words
        # undo takes the phase back as one action
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert engine.state.characters == before.characters
        assert all(e.group == group for e in engine.sink.events if e.seq >= group and type(e).__name__ != "Undone")  # type: ignore[attr-defined]


async def test_combined_roll_dialog_needs_the_keepers_all_or_any():
    engine, app = scene()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CombineForm)
        await pilot.press(*"Spot Hidden, Listen:hard", "tab", "tab", *"20", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CombineForm)
        assert "the Keeper says beforehand" in str(app.screen.query_one("#combine-error", Static).render())
        assert _events(engine, CombinedRolled) == []
        await pilot.press("shift+tab", *"any", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, CombineForm)
        (c,) = _events(engine, CombinedRolled)
        assert (c.skills, c.levels, c.success) == (("Spot Hidden", "Listen"), ("hard", "hard"), True)


async def test_u_without_a_failed_roll_says_so_and_opens_nothing():
    _engine, app = scene()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("u")
        await pilot.pause()
        assert not isinstance(app.screen, PushForm)
        assert any("no failed roll to push" in n.message for n in app._notifications)


@pytest.mark.rule("FH-DEV-03", "FH-DEV-04")
async def test_fhtagn_session_end_offers_the_marks_and_a_skip_is_the_gms():
    engine = Engine(MemorySink(), source=RandomSource(5), clock=lambda: 0.0)
    engine.run(CreateCampaign(name="farm", system="fhtagn"))
    for line in ('char new "Ada Vance" STR=10 CON=11 DEX=12 INT=14 POW=12 CHA=10 Stealth=40 Alertness=50',
                 "session start The farm", "test ada Stealth roll=90", "test ada Alertness roll=90"):
        engine.execute(line)
    app = GmApp(Door(engine))
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Marked" in sheet(app) and "Stealth, Alertness" in sheet(app)
        await pilot.press("colon", *"session end", "enter")
        await pilot.pause()
        assert isinstance(app.screen, DevelopmentForm)
        assert "Ada Vance: Stealth" in joined(app) and "Ada Vance: Alertness" in joined(app)
        await pilot.click("#dev-check-1")  # the GM skips Alertness
        await pilot.pause()
        assert app.screen.text() == 'develop skip="Ada Vance:Alertness"'  # type: ignore[attr-defined]
        await pilot.click("#dev-dice")
        await pilot.press(*"3", "ctrl+s")
        await pilot.pause()
        assert "What rose: Ada Vance: Stealth 40 → 43" in joined(app)
    ada = engine.state.characters["ada vance"]
    assert (ada.skills["Stealth"], ada.skills.get("Alertness"), ada.dev.checks) == (43, 50, ())
