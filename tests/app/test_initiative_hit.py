"""The Initiative tab's ``t``: the acting combatant's usual attack at once, no menu, no form.

The highlighted combatant is the target when the attack can reach it; otherwise the act
form's default target (the first enemy in the order).  The weapon is the form's default
(the one the attacker is best with).  Dice are forced: the engine's fallback source is
empty, so a die nobody forced fails loudly.
"""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Static

from fhtagn_tui.app.forms.action import ActionForm, ActionMenu
from fhtagn_tui.app.screens.initiative import InitiativeTab
from fhtagn_tui.domain.features.fh_combat import AttackResolved

from .test_initiative_tab import SIZE, add_fighters, campaign, force, opened, panel, rows

SETUP = (
    'char new Ada STR=12 CON=12 DEX=14 Firearms=60 Dodge=40 "Unarmed Combat"=50',
    'template add Cultist kind=npc STR=13 CON=10 DEX=10 "Melee Weapons"=50 Dodge=30',
)


async def _fight(pilot, app) -> None:
    await pilot.press("2")
    await pilot.pause()  # the tab is built when first opened
    await add_fighters(pilot, app, ["ada"], template="cultist", count=2, title="Mill")
    await pilot.press("n")  # round 1: Ada acts
    assert rows(app)[0][0] == "▶ Ada"


def _attacks(door) -> list[tuple[str, str, str]]:
    return [(ev.attacker, ev.target, ev.weapon) for ev in door.events() if isinstance(ev, AttackResolved)]


async def test_t_attacks_the_highlighted_combatant_with_the_default_weapon(tmp_path):
    app, door = opened(campaign(tmp_path, "fhtagn", *SETUP))
    async with app.run_test(size=SIZE) as pilot:
        await _fight(pilot, app)
        tab = app.query_one(InitiativeTab)
        await pilot.press("down", "down")  # the cursor on Cultist 2
        assert tab.highlighted_id() == "cultist 2"
        assert tab._hit_command() == tab._hit_command()  # noqa: SLF001 - the same line each time it is asked
        line = tab._hit_command()  # noqa: SLF001
        assert line == 'attack ada "cultist 2" weapon="light pistol"'  # Firearms 60 is her best
        force(app, 34, 7)
        seq = app.door.seq
        await pilot.press("t")
        assert not isinstance(app.screen, (ActionMenu, ActionForm))  # nothing opened
        assert app.door.seq > seq
        text = panel(app)
        assert "Ada → Cultist 2, light pistol" in text and "attack 34 vs 60 success → unopposed: hit" in text
        assert "Cultist 2 HP 12→5 (7 taken)" in text
        assert _attacks(door) == [("ada", "cultist 2", "light pistol")]
        assert "acted" in rows(app)[0][-1]
        seq = app.door.seq
        await pilot.press("t")  # Ada has acted: the key is not offered
        assert app.door.seq == seq
    door.close(save=False)


async def test_t_on_the_attacker_itself_takes_the_forms_default_target(tmp_path):
    app, door = opened(campaign(tmp_path, "fhtagn", *SETUP))
    async with app.run_test(size=SIZE) as pilot:
        await _fight(pilot, app)
        tab = app.query_one(InitiativeTab)
        assert tab.highlighted_id() == "ada"
        line = tab._hit_command()  # noqa: SLF001
        # the same line the act form runs when ctrl+s is pressed at once
        await pilot.press("a", "a")
        form = app.screen
        assert isinstance(form, ActionForm)
        assert line == form._text()  # noqa: SLF001
        await pilot.press("escape")
        assert "\"cultist 1\"" in line
    door.close(save=False)


async def test_t_is_off_in_a_read_only_view(tmp_path):
    path = campaign(tmp_path, "fhtagn", *SETUP, "fight start Mill", "fight add ada", "fight add 1 cultist",
                    "fight next")
    from fhtagn_tui.app.app import open_door
    from fhtagn_tui.app.gm import GmApp

    door = open_door(path, True)
    app = GmApp(door)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        seq = app.door.seq
        await pilot.press("t")
        assert app.door.seq == seq
        assert app.query_one("#ini-table", DataTable).row_count == 2
    door.close(save=False)


async def test_the_panel_and_message_line_show_each_result_without_moving_the_table(tmp_path):
    """A result as tall as the one before is drawn in place: the table keeps its place and size,
    and the panel and the message line hold the new words (not the old ones)."""
    app, door = opened(campaign(tmp_path, "fhtagn", *SETUP))
    async with app.run_test(size=SIZE) as pilot:
        await _fight(pilot, app)
        table = app.query_one("#ini-table", DataTable)
        force(app, 34, 67, 7)
        await pilot.press("down", "t")
        first = panel(app)
        region = table.region
        status = str(app.query_one("#status", Static).render())
        await pilot.press("n")  # Cultist 1 is stunned and cannot act? then Cultist 2
        while app.door.state.encounter.current == "cultist 1" or not app.door.state.encounter.current:
            await pilot.press("n")
        force(app, 45, 3)
        await pilot.press("t")
        assert panel(app) != first and "Ada" in panel(app)
        assert str(app.query_one("#status", Static).render()) != status
        assert table.region == region
        # a new tab lets the message line fit its message again
        await pilot.press("1", "2")
    door.close(save=False)


FAST_CULTISTS = (
    'char new Ada STR=12 CON=12 DEX=10 Firearms=60 Dodge=40 "Unarmed Combat"=50',
    'template add Cultist kind=npc STR=13 CON=10 DEX=16 "Melee Weapons"=50 Dodge=30',
)


async def test_t_at_an_agent_who_may_still_defend_asks_for_their_defence(tmp_path):
    """FH-COMBAT-03: an agent who has not acted chooses to dodge or fight back (spending the turn) —
    the player's choice: ``t`` opens the attack form at them instead of hitting with the default
    (no defence). Once the agent has acted, the attack is unopposed and ``t`` hits at once."""
    app, door = opened(campaign(tmp_path, "fhtagn", *FAST_CULTISTS))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        await pilot.pause()
        await add_fighters(pilot, app, ["ada"], template="cultist", count=2, title="Mill")
        await pilot.press("n")  # round 1: the cultists are quicker
        assert app.door.state.encounter.current == "cultist 1"
        tab = app.query_one(InitiativeTab)
        while tab.highlighted_id() != "ada":
            await pilot.press("down")
        seq = app.door.seq
        assert not tab.hit_at_once()
        await pilot.press("t")
        form = app.screen
        assert isinstance(form, ActionForm)  # the defence is asked, not taken for her
        assert form.ctx.get("target") == "ada"
        assert app.door.seq == seq  # nothing rolled unasked
        await pilot.press("escape")
        await pilot.pause()
        # Ada dodges the first cultist through the form: she has used her turn
        app.door.execute('attack "cultist 1" ada defend=dodge roll=80,10')
        await pilot.press("n")
        assert app.door.state.encounter.current == "cultist 2"
        while tab.highlighted_id() != "ada":
            await pilot.press("down")
        assert tab.hit_at_once()  # her defence now is the rules' (FH-COMBAT-04), nothing to choose
        force(app, 90)
        await pilot.press("t")
        assert not isinstance(app.screen, ActionForm)
        assert app.door.seq > seq
    door.close(save=False)


async def test_t_never_hits_someone_on_the_attackers_own_side(tmp_path):
    """Two cultists alone (one side): ``t`` hits nobody and says why; with the cursor on an ally of
    the attacker it refuses too (the act menu is there for anything else); at an enemy it hits."""
    app, door = opened(campaign(tmp_path, "fhtagn", *SETUP, "fight start Mill", "fight add 2 cultist", "fight next"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        await pilot.pause()
        tab = app.query_one(InitiativeTab)
        seq = app.door.seq
        assert tab._hit_command() == ""  # noqa: SLF001 - only its own side in the fight
        await pilot.press("t")
        await pilot.pause()
        assert app.door.seq == seq and not isinstance(app.screen, ActionForm)
        assert any("hits only the other side" in str(n.message) for n in app._notifications)  # noqa: SLF001
        # an agent joins: the cultist's t goes to her, never to the other cultist
        app.door.execute("fight add ada")
        await pilot.pause()
        while tab.highlighted_id() != "cultist 2":
            await pilot.press("down")
        assert tab._hit_command() == ""  # noqa: SLF001 - the cursor on its ally: refused
        while tab.highlighted_id() != app.door.state.encounter.current:
            await pilot.press("up")
        line = tab._hit_command()  # noqa: SLF001 - on itself: the form's default target, the enemy
        assert line.startswith('attack "cultist 1" ada ')
    door.close(save=False)


@pytest.mark.rule("FH-COMBAT-06")
async def test_a_critical_hit_says_its_damage_was_doubled(tmp_path):
    """Found in tmux: 'attack 22 vs 40 critical … 6 damage' from a d6 of 3, the ×2 unsaid (FH-COMBAT-06)."""
    app, door = opened(campaign(tmp_path, "fhtagn", *SETUP))
    async with app.run_test(size=SIZE) as pilot:
        await _fight(pilot, app)
        await pilot.press("down")
        force(app, 22, 3)  # 22: matching digits, a critical success
        await pilot.press("t")
        await pilot.pause()
        text = panel(app)
        assert "attack 22 vs 60 critical" in text and "6 damage to Cultist 1 (critical: ×2, FH-COMBAT-06)" in text
    door.close(save=False)
