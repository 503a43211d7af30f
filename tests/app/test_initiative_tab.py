"""The Initiative tab at 80×24: a three-round fight in each system, driven by keys and forms.

Every die is typed in (the action form's Dice field, or forced for a key that
draws one — the engine's fallback source is empty, so a die nobody typed
fails loudly).  After each fight the log, replayed, must give the same state,
and a reopened campaign must show the same order.
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Checkbox, DataTable, Input, SelectionList, Static

from fhtagn_tui.app.app import open_door
from fhtagn_tui.app.forms.action import ActionForm, ActionMenu
from fhtagn_tui.app.forms.action_add import FightersForm
from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.app.screens.initiative import InitiativeTab
from fhtagn_tui.campaigns import create_campaign
from fhtagn_tui.domain.history import fold
from fhtagn_tui.door import Door
from fhtagn_tui.rules.dice import ForcedSource

SIZE = (80, 24)


def campaign(tmp_path: Path, system: str, *setup: str) -> Path:
    path = tmp_path / "x.fhtagn"
    create_campaign(path, system).close()
    door = open_door(path, False)
    try:
        for line in setup:
            door.execute(line)
    finally:
        door.close(save=False)
    return path


def opened(path: Path) -> tuple[GmApp, Door]:
    door = open_door(path, False)
    door.dice = ForcedSource([])  # no die is rolled unless typed
    return GmApp(door), door


def force(app: GmApp, *values: int) -> None:
    """The dice for the next key that draws some (turn-start checks, ties)."""
    app.door.dice = ForcedSource([str(v) for v in values])


def panel(app: GmApp) -> str:
    return str(app.query_one("#ini-panel", Static).render())


def head(app: GmApp) -> str:
    return str(app.query_one("#ini-head", Static).render())


def rows(app: GmApp) -> list[list[str]]:
    table = app.query_one("#ini-table", DataTable)
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


async def add_fighters(pilot, app: GmApp, people: list[str], template: str = "", count: int = 0,
                       title: str = "", dice: str = "") -> None:
    await pilot.press("s" if app.door.state.encounter is None else "plus")
    form = app.screen
    assert isinstance(form, FightersForm)
    if title:
        form.query_one("#add-fight-title", Input).value = title
    chooser = form.query_one("#add-people", SelectionList)
    for who in people:
        chooser.select(who)
    if template:  # the searchable list of templates and the bestiary: templates come first
        form.query_one("#book-search", Input).value = template
        form.query_one("#add-count", Input).value = str(count)
    form.query_one("#add-dice", Input).value = dice
    await pilot.pause()
    await pilot.press("ctrl+s")
    await pilot.pause()
    assert not isinstance(app.screen, FightersForm), str(form.query_one("#add-error", Static).render())


async def act(pilot, app: GmApp, key: str, dice: str = "", **values: str | bool) -> None:
    """a (the menu), the action's key, the fields in order, the dice, ctrl+s."""
    await pilot.press("a")
    assert isinstance(app.screen, ActionMenu)
    await pilot.press(key)
    form = app.screen
    assert isinstance(form, ActionForm)
    for name, value in values.items():
        if name.startswith("t_"):
            form.query_one(f"#af-t-{name[2:].replace('_', '-')}", Checkbox).value = bool(value)
        else:
            widget = form.query_one(f"#af-{name}")
            widget.value = value  # type: ignore[attr-defined]
        await pilot.pause()
    if dice:
        form.query_one("#af-dice", Input).value = dice
    await pilot.pause()
    await pilot.press("ctrl+s")
    await pilot.pause()
    assert not isinstance(app.screen, ActionForm), str(form.query_one("#act-error", Static).render())


async def replayed_and_reopened(app: GmApp, door: Door, path: Path, on_screen: bool = True) -> None:
    """The log replays to the same state; reopened, the fight is where it was (and on screen)."""
    assert fold(door.events()) == app.door.state
    order, current, round_ = app.door.state.encounter.order, app.door.state.encounter.current, \
        app.door.state.encounter.round
    door.close(save=False)
    again, store2 = opened(path)
    if not on_screen:
        enc = again.door.state.encounter
        assert (enc.order, enc.current, enc.round) == (order, current, round_)
        assert again.door.state == app.door.state
        store2.close(save=False)
        return
    try:
        async with again.run_test(size=SIZE) as pilot:
            await pilot.press("2")
            enc = again.door.state.encounter
            assert (enc.order, enc.current, enc.round) == (order, current, round_)
            names = [r[0].strip("▶ ") for r in rows(again)]
            assert names == [again.door.state.characters[c].name for c in order]
            assert f"round {round_}" in head(again)
    finally:
        store2.close(save=False)


# --- FHTAGN ------------------------------------------------------------------------------


async def test_fhtagn_three_rounds(tmp_path):
    path = campaign(
        tmp_path, "fhtagn",
        'char new Ada STR=12 CON=12 DEX=14 Firearms=60 Dodge=40 "Unarmed Combat"=50',
        'template add Cultist kind=npc STR=13 CON=10 DEX=10 "Melee Weapons"=50 Dodge=30',
    )
    app, door = opened(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        assert "No fight running" in head(app)
        await add_fighters(pilot, app, ["ada"], template="cultist", count=2, title="Mill")
        assert [r[0].strip() for r in rows(app)] == ["Ada", "Cultist 1", "Cultist 2"]
        assert [r[1] for r in rows(app)] == ["14", "10", "10"]
        assert "12/12" in rows(app)[0][2]

        # round 1: Ada shoots, the cultist dodges (which uses its action), is stunned
        await pilot.press("n")
        assert "round 1" in head(app) and rows(app)[0][0] == "▶ Ada"
        await act(pilot, app, "a", "34,67,7", target="cultist 1", weapon="pistol", defend="dodge")
        text = panel(app)
        assert "attack 34 vs 60 success · dodge 67 vs 30 failure → Ada wins" in text
        assert "7 damage to Cultist 1" in text
        assert "Cultist 1 HP 12→5 (7 taken)" in text and "Cultist 1 stunned" in text
        assert "dodge used their action this turn (FH-COMBAT-03)" in text
        assert "acted" in rows(app)[1][-1] and "stunned" in rows(app)[1][-1]
        await pilot.press("n")  # the cultist's dodge was its action: Cultist 2
        assert rows(app)[2][0] == "▶ Cultist 2"
        await act(pilot, app, "a", "45,3", target="ada", weapon="knife")
        assert "attack 45 vs 50 success → unopposed: hit" in panel(app)
        assert "Ada HP 12→8 (4 taken)" in panel(app)

        # round 2: Ada waits; the stunned cultist shakes it off; Ada cuts in and knocks it out
        await pilot.press("n")
        assert "round 2" in head(app)
        force(app, 20)
        await pilot.press("w")
        assert "CON×5 20 vs 50 success — shakes off the stun" in panel(app)
        assert "Waiting: Ada (g: act now)" in panel(app)
        assert "waiting" in rows(app)[0][-1]
        await pilot.press("g")
        assert rows(app)[0][0] == "▶ Ada"
        await act(pilot, app, "a", "10,4,55", target="cultist 1", weapon="pistol", defend="none")
        text = panel(app)
        assert "Cultist 1 HP 5→1 (4 taken); CON×5 55/50 permanent injury −5" in text
        assert "Cultist 1 UNCONSCIOUS" in text
        assert "UNCONSCIOUS" in rows(app)[1][-1]
        await pilot.press("n")  # the unconscious cultist is skipped
        assert rows(app)[2][0] == "▶ Cultist 2"
        await act(pilot, app, "a", "80", target="ada", weapon="knife")
        assert "attack 80 vs 50 failure → unopposed: miss" in panel(app)

        # round 3: Ada aims; the critical knife takes the aim away and stuns her
        await pilot.press("n")
        await act(pilot, app, "i", target="cultist 2")
        assert "aiming" in rows(app)[0][-1]
        await pilot.press("n")
        await act(pilot, app, "a", "33,1", target="ada", weapon="knife")
        text = panel(app)
        assert "attack 33 vs 50 critical" in text and "4 damage to Ada" in text
        assert "Ada no longer aiming" in text and "Ada stunned" in text
        # round 4 starts: Ada's CON×5 fails, she loses the turn (typed on the command line)
        await pilot.press("colon")
        await pilot.press(*"fight next roll=70", "enter")
        await pilot.pause()
        assert "round 4" in head(app) and rows(app)[2][0] == "▶ Cultist 2"
        assert "Ada CON×5 70 vs 60 failure — stays stunned" in panel(app)
        await pilot.press("2")
        state = app.door.state
        assert [state.characters[c].current["HP"] for c in ("ada", "cultist 1", "cultist 2")] == [4, 1, 12]
        assert state.armory.injuries == {"cultist 1": 5}
    await replayed_and_reopened(app, door, path)


# --- Call of Cthulhu 7e --------------------------------------------------------------------


async def test_coc_three_rounds(tmp_path):
    path = campaign(
        tmp_path, "coc7",
        'char new Harvey STR=50 CON=60 SIZ=70 DEX=60 POW=60 "Firearms (Handgun)"=55 "Fighting (Brawl)"=40 Dodge=40',
        'template add Cultist kind=npc STR=60 CON=50 SIZ=60 DEX=70 POW=40 "Fighting (Brawl)"=45 Dodge=25',
    )
    app, door = opened(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        await add_fighters(pilot, app, [], template="cultist", count=2, title="Crypt")
        await add_fighters(pilot, app, ["harvey"])
        assert [r[0].strip() for r in rows(app)] == ["Cultist 1", "Cultist 2", "Harvey"]
        app.query_one("#ini-table", DataTable).move_cursor(row=2)
        await pilot.press("r")  # Harvey readies his revolver: DEX 60 + 50
        assert [r[0].strip() for r in rows(app)] == ["Harvey", "Cultist 1", "Cultist 2"]
        assert rows(app)[0][1] == "110" and "readied" in rows(app)[0][-1]

        # round 1: a shot, a dodged knife, an outnumbered Harvey fights back
        await pilot.press("n")
        await act(pilot, app, "s", "30,6,20", target="cultist 1", weapon=".38 revolver", range="10")  # + CON roll
        text = panel(app)
        assert "30 vs 55 (regular) → hit, 6 damage" in text and "5 rounds left" in text
        assert "Cultist 1 HP 11→5 (6 taken)" in text and "major wound" in text
        await pilot.press("n")
        await act(pilot, app, "a", "20,50,3", target="harvey", weapon="knife", response="dodge")
        text = panel(app)
        assert "Fighting 20 vs 45 (hard) · dodge 50 vs 40 (failure) → Cultist 1 wins" in text
        assert "3 damage to Harvey" in text and "Harvey HP 13→10" in text
        await pilot.press("n")
        await act(pilot, app, "a", "0,60,70,15,2", target="harvey", weapon="unarmed", response="fight back")
        text = panel(app)
        assert "Fighting 60 vs 45 (failure) · fight back 15 vs 40 (hard) [1 bonus, outnumbered] → Harvey wins" in text
        assert "2 damage to Cultist 2" in text

        # round 2: diving for cover costs the shot a penalty die; a maneuver fails; a cultist flees
        await pilot.press("n")
        assert "round 2" in head(app)
        await act(pilot, app, "s", "10,4,10,20,5", target="cultist 2", weapon=".38 revolver", range="20",
                  t_cover=True)
        text = panel(app)
        assert "dives for cover: Dodge 10 vs 25 (hard)" in text
        assert "24 vs 55 (hard, needs hard) → hit, 5 damage" in text and "4 rounds left" in text
        await pilot.press("n")
        await act(pilot, app, "v", "30,35", target="harvey", goal="disarm", response="dodge")
        assert "the maneuver fails" in panel(app)
        await pilot.press("n")
        await act(pilot, app, "l")
        assert "out" in rows(app)[2][-1]

        # round 3: Harvey reloads; the cultist takes aim
        await pilot.press("n")
        assert "Due for Harvey" in panel(app) and ".38 revolver: 4/6 loaded" in panel(app)
        await act(pilot, app, "r", weapon=".38 revolver")
        assert "4 → 6" in panel(app)
        await pilot.press("n")
        await act(pilot, app, "i")
        await pilot.press("n")
        assert "round 4" in head(app)
        assert app.door.state.coc_ammo == {"harvey": {".38 revolver": 6}}
        hp = {c.id: c.current["HP"] for c in app.door.state.characters.values()}
        assert hp == {"harvey": 10, "cultist 1": 5, "cultist 2": 4}
    await replayed_and_reopened(app, door, path, on_screen=False)


# --- GURPS -----------------------------------------------------------------------------------


async def test_gurps_three_rounds(tmp_path):
    path = campaign(
        tmp_path, "gurps",
        'char new Ilse ST=10 DX=12 IQ=12 HT=11 "Guns (Pistol)"=14 Brawling=12 Knife=13',
        "template add Ghoul kind=monster ST=14 DX=11 IQ=8 HT=12 Brawling=13",
    )
    app, door = opened(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        await add_fighters(pilot, app, ["ilse"], title="Crypt")
        await add_fighters(pilot, app, [], template="ghoul", count=2, dice="3,5")  # tied: a d6 each
        assert [r[0].strip() for r in rows(app)] == ["Ilse", "Ghoul 2", "Ghoul 1"]
        assert [r[1] for r in rows(app)] == ["5.75", "5.75 tie 5", "5.75 tie 3"]

        await pilot.press("n")  # round 1
        await act(pilot, app, "a", "3,4,3,5,5,4,4,5", target="ghoul 1", weapon="pistol", defend="dodge")
        text = panel(app)
        assert "attack 10 vs 14 success · dodge 14 vs 8 failure → Ilse wins" in text
        assert "9 pi → 9 injury" in text and "Ghoul 1 HP 14→5" in text
        await pilot.press("n")
        await act(pilot, app, "a", "4,4,4,2,3,3", target="ilse", weapon="punch", defend="parry")
        assert "parry 8 vs 9 success → Ilse wins" in panel(app)
        await pilot.press("n")
        await act(pilot, app, "a", "4,4,4,6,5,6,4", target="ilse", weapon="punch", defend="dodge")
        assert "dodge 17 vs 8 critical failure → Ghoul 1 wins" in panel(app)
        assert "Ilse HP 10→7" in panel(app)

        await pilot.press("n")  # round 2
        await act(pilot, app, "a", "1,1,2,2,2", target="ghoul 2", weapon="pistol", defend="none")
        assert "attack 4 vs 14 critical success → unopposed: hit" in panel(app)
        await pilot.press("n")
        await act(pilot, app, "o", text="All-Out Defense")
        assert "Note: Ghoul 2: All-Out Defense" in panel(app)
        await pilot.press("n")
        await act(pilot, app, "a", "3,3,3,6", target="ilse", weapon="punch", defend="none")
        assert "Ilse HP 7→2" in panel(app)

        await pilot.press("n")  # round 3
        await act(pilot, app, "a", "6,6,6", target="ghoul 1", weapon="pistol")
        assert "attack 18 vs 14 critical failure" in panel(app)
        await pilot.press("n", "n", "n")
        assert "round 4" in head(app)
        hp = {c.id: c.current["HP"] for c in app.door.state.characters.values()}
        assert hp == {"ilse": 2, "ghoul 1": 5, "ghoul 2": 10}
    await replayed_and_reopened(app, door, path, on_screen=False)


# --- the tab's own keys -----------------------------------------------------------------------


async def test_refusals_stay_in_the_form_and_change_nothing(tmp_path):
    path = campaign(tmp_path, "fhtagn", "char new Ada DEX=14 Firearms=60", "char new Bob kind=npc DEX=8",
                    "fight start", "fight add ada bob", "fight next")
    app, door = opened(path)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("2")
            before = app.door.state
            await pilot.press("a", "a")
            form = app.screen
            assert isinstance(form, ActionForm)
            form.query_one("#af-dice", Input).value = "34"  # the damage die is missing
            await pilot.pause()
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, ActionForm)
            assert "not enough dice" in str(form.query_one("#act-error", Static).render())
            assert app.door.state is before
            await pilot.press("escape")
            assert isinstance(app.screen.query_one(InitiativeTab), InitiativeTab)
    finally:
        door.close(save=False)


async def test_remove_readd_reorder_and_end(tmp_path):
    path = campaign(tmp_path, "fhtagn", "char new Ada DEX=14", "char new Bob DEX=12", "char new Cy kind=npc DEX=10",
                    "fight start", "fight add ada bob cy")
    app, door = opened(path)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("2")
            table = app.query_one("#ini-table", DataTable)
            table.move_cursor(row=1)
            await pilot.press("x")  # Bob leaves
            assert [r[0].strip() for r in rows(app)] == ["Ada", "Cy"]
            await add_fighters(pilot, app, ["bob"])  # and comes back: the order is worked out again
            assert [r[0].strip() for r in rows(app)] == ["Ada", "Bob", "Cy"]
            table.move_cursor(row=2)
            await pilot.press("ctrl+up")  # the GM moves Cy up (fight order, logged)
            assert [r[0].strip() for r in rows(app)] == ["Ada", "Cy", "Bob"]
            assert app.door.state.encounter.order == ("ada", "cy", "bob")
            await pilot.press("e", "y")
            assert app.door.state.encounter is None
            assert "No fight running" in head(app)
            assert fold(door.events()) == app.door.state
    finally:
        door.close(save=False)
