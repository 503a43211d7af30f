"""Roll requests between the fights, from a bound player's own view (the app an SSH session runs:
``player=True, served=True``): the GM asks for a Luck roll and for an opposed roll (the player rolls their
side, the GM's side was rolled when asking); the player answers both, then asks to push their own failed
roll — their reason goes to the GM, who confirms and records the consequence; the log shows who did what."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from fhtagn_tui import campaigns
from fhtagn_tui.answers import AnswerDesk
from fhtagn_tui.app.forms.push import PushForm
from fhtagn_tui.domain.features.asks import RollAnswered
from fhtagn_tui.domain.features.campaign import DiceRolled
from fhtagn_tui.domain.features.skill_play import (
    OpposedRolled,
    PushConsequence,
    PushRequested,
    RollPushed,
)
from fhtagn_tui.service import Engine
from fhtagn_tui.store import CampaignStore

from .screen_text import joined, screen_text
from .test_roll_prompt import player, until

ADA = ('char new "Ada Vance" STR=50 CON=50 SIZ=50 DEX=60 APP=50 INT=70 POW=60 EDU=70 Luck=45 '
       '"Library Use"=60 Stealth=40')
WATCH = 'char new Watchman kind=npc STR=60 CON=60 SIZ=60 DEX=50 POW=50 Listen=50'


@pytest.fixture
def arkham(tmp_path: Path) -> Iterator[tuple[Path, Engine]]:
    path = tmp_path / "arkham.fhtagn"
    campaigns.create_campaign(path, "coc7", "Arkham").close()
    store = CampaignStore.open(path)
    try:
        gm = Engine(store, store.events())
        for line in (ADA, WATCH, "session start The library"):
            gm.execute(line)
        yield path, gm
    finally:
        store.close()


@pytest.mark.rule("COC-DICE-06", "COC-DICE-07", "COC-DICE-10")
async def test_a_player_answers_luck_and_an_opposed_roll_then_asks_to_push(arkham):
    path, gm = arkham
    desk = AnswerDesk(gm, path)
    app = player(path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        gm.execute("ask ada luck")
        await until(pilot, lambda: "request 1" in screen_text(app))
        assert "Luck 45%" in joined(app)
        await pilot.press("t", *"30", "enter")
        await pilot.pause()
        written, refused = desk.poll()
        assert refused == [] and isinstance(written[0], RollAnswered) and written[0].by == "player alice"
        (luck,) = [e for e in written if isinstance(e, DiceRolled)]
        assert (luck.label, luck.total, luck.level) == ("Luck", 30, "regular")
        # an opposed roll: the GM's side (the watchman's Listen) is rolled when asking; the player rolls theirs
        gm.execute("ask ada Stealth vs watchman Listen roll=40")
        await until(pilot, lambda: "request 2" in screen_text(app))
        assert "Stealth 40% against Watchman's Listen" in joined(app)
        await pilot.press("t", *"15", "enter")
        await pilot.pause()
        written, refused = desk.poll()
        assert refused == []
        (opp,) = [e for e in written if isinstance(e, OpposedRolled)]
        assert (opp.active_roll, opp.defender_roll, opp.winner) == (15, 40, "ada vance")
        # a failed Library Use asked for; the player asks to push it from their own screen
        gm.execute('ask ada "Library Use"')
        await until(pilot, lambda: "request 3" in screen_text(app))
        await pilot.press("t", *"75", "enter")
        await pilot.pause()
        assert desk.poll()[1] == []
        await until(pilot, lambda: "request 3" not in screen_text(app))
        await until(pilot, lambda: app.view_state.characters["ada vance"].dev.failed is not None)
        await pilot.press("u")  # the Party tab has the keys again once the dice are sent
        await pilot.pause()
        assert isinstance(app.screen, PushForm)
        await pilot.press(*"I ask the librarian for the restricted stacks", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, PushForm)
    # what the player's app sent through the inbox, taken by the writer's desk
    written, refused = desk.poll()
    assert refused == [] and isinstance(written[0], PushRequested) and written[0].by == "player alice"
    # the GM confirms: the push uses the player's reason; it fails; the Keeper's consequence
    (push,) = gm.execute("push ada roll=90").events
    assert isinstance(push, RollPushed) and push.asked_by == "player alice"
    assert push.reason == "I ask the librarian for the restricted stacks" and not push.success
    (cons,) = gm.execute('consequence ada "the librarian summons the dean"').events
    assert isinstance(cons, PushConsequence)
    log = [e.describe(gm.names) for e in gm.sink.events()]  # type: ignore[attr-defined]
    assert any("rolled by player alice" in line and "Luck" in line for line in log)
    assert any("Stealth vs Watchman Listen), rolled by player alice" in line for line in log)
    assert any(line.startswith("player alice asks to push Ada Vance's Library Use") for line in log)
    assert any("asked by player alice" in line and "pushes Library Use" in line for line in log)


def test_a_push_asked_for_a_roll_that_may_not_be_pushed_is_refused(arkham):
    path, gm = arkham
    desk = AnswerDesk(gm, path)
    gm.execute("luck ada roll=90")
    from fhtagn_tui.store.inbox import Answer, send

    send(path, Answer(n=0, c="ada vance", p="alice", w="again"))
    written, refused = desk.poll()
    assert written == [] and "Luck roll is never pushed" in refused[0]


async def test_typed_dice_sent_give_the_keys_back_to_the_party_tab(arkham):
    """Sending typed dice disabled the focused dice line first: Textual moved the focus on, the prompt no
    longer had it to give back, and it ended on no widget — ``u`` (push the roll just failed) did nothing
    until the player pressed ``1``.  Now the Party tab's table has the keys again as soon as they are sent."""
    path, gm = arkham
    desk = AnswerDesk(gm, path)
    app = player(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.focused
        assert table is not None and table.id == "party-table"
        gm.execute('ask ada "Library Use"')
        await until(pilot, lambda: "request 1" in screen_text(app))
        await pilot.press("t")
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "rr-dice"
        await pilot.press(*"75", "enter")
        await pilot.pause()
        assert app.focused is table  # sent: back to the table, before the writer has even answered
        assert desk.poll()[1] == []
        await until(pilot, lambda: app.view_state.characters["ada vance"].dev.failed is not None)
        await until(pilot, lambda: "request 1" not in screen_text(app))
        assert app.focused is table
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, PushForm)
