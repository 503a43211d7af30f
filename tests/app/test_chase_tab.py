"""The Chase tab (CoC 7e chases through the UI) driven through Textual's Pilot at 80×24."""

from __future__ import annotations

from pathlib import Path

import pytest
from msgspec.structs import replace
from textual.widgets import DataTable, Input, Select, Static

from fhtagn_tui import campaigns
from fhtagn_tui.app.app import open_door
from fhtagn_tui.app.forms.chase_join import ChaseJoinForm
from fhtagn_tui.app.forms.chase_new import ChaseNewForm
from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.app.player import PlayerApp
from fhtagn_tui.app.screens.chase_cells import build_text
from fhtagn_tui.app.screens.chase_track import current_actor, draw, window
from fhtagn_tui.domain.history import fold
from fhtagn_tui.door import Door
from fhtagn_tui.rules.coc.chase import Chase, Location, Participant
from fhtagn_tui.rules.dice import ForcedSource, RandomSource
from fhtagn_tui.store import CampaignStore

PEOPLE = (
    "char new Harvey STR=50 CON=60 SIZ=60 DEX=70 POW=60 Jump=40 Luck=45",  # MOV 8
    'char new Ada STR=60 CON=70 SIZ=50 DEX=60 POW=60 "Drive Auto=50" "Spot Hidden=60" Luck=70',  # MOV 9
    "char new Ghoul kind=monster STR=80 CON=70 SIZ=65 DEX=65 POW=40",  # HP 13
    "char new Cultist kind=npc STR=50 CON=50 SIZ=70 DEX=40 POW=50",  # MOV 7
)

DOCKS = (
    "chase new The docks",
    "chase add Harvey role=flee",
    "chase add Ada role=flee",
    "chase add Ghoul role=pursue mov=9 aptitude=aptitude",
    "chase add Cultist role=pursue",
    'chase location add hazard=hard "Market stalls" skill=Jump at=3 damage=minor',
    "chase location add barrier fence at=5 skill=Climb",
    # Harvey 30 (8), Ada 50 (9, held), Ghoul 50 (9), Cultist 60 (7 → 6: drops out)
    "chase start hold=Ada roll=30,50,50,60",
)


@pytest.fixture
def coc_app(tmp_path: Path):
    """An app on a new CoC campaign file with the investigators and the lines run."""
    opened: list[Door] = []

    def make(*lines: str) -> GmApp:
        path = tmp_path / "arkham.fhtagn"
        campaigns.create_campaign(path, "coc7").close()
        door = open_door(path, False)
        opened.append(door)
        door.dice = RandomSource(7)
        for line in (*PEOPLE, *lines):
            door.execute(line)
        return GmApp(door)

    yield make
    for door in opened:
        door.close(save=False)


def text_of(app: GmApp, selector: str) -> str:
    return str(app.query_one(selector, Static).render())


def track(app: GmApp) -> str:
    return text_of(app, "#chase-track")


def where(app: GmApp, number: int = 1) -> dict[str, tuple[int, int, str]]:
    chase = next(c for c in app.door.state.chases if c.number == number)
    return {p.id: (p.position, p.actions, p.status) for p in chase.participants}


def row_keys(app: GmApp) -> list[str]:
    table = app.query_one("#chase-table", DataTable)
    return [str(r.value) for r in table.rows]


def cursor_key(app: GmApp) -> str:
    table = app.query_one("#chase-table", DataTable)
    return str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)


@pytest.mark.rule("COC-CHASE-09", "COC-CHASE-10", "COC-CHASE-11", "COC-CHASE-13")
async def keepers_call(app: GmApp, pilot, choice: str) -> None:
    """The escape form on screen: ``choice`` (escape | hold) for the first who may escape, ctrl+s; the
    chase is then started and running."""
    from fhtagn_tui.app.forms.chase_escape import ChaseEscapeForm

    form = app.screen
    assert isinstance(form, ChaseEscapeForm)
    form.query_one("#ce-choice-0", Select).value = choice
    await pilot.press("ctrl+s")
    await pilot.pause()
    assert not isinstance(app.screen, ChaseEscapeForm)
    chase = app.door.state.chases[0]
    assert chase.started and not chase.ended


async def test_a_chase_turn_run_with_keys(coc_app):
    app = coc_app(*DOCKS)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("3")
        await pilot.pause()
        assert isinstance(app.focused, DataTable) and app.focused.id == "chase-table"
        lines = track(app).splitlines()
        assert lines[0].split() == ["0", "1", "2", "3", "4", "5", "6"]
        assert "▲ hard" in lines[1] and "█ 5 HP" in lines[1]
        assert lines[2].split() == ["Ghoul", "Harvey", "Ada"]  # the Cultist dropped out: not on the track
        assert row_keys(app) == ["harvey", "ghoul", "ada", "cultist"]  # DEX order, then the ones out
        assert cursor_key(app) == "harvey"
        table = app.query_one("#chase-table", DataTable)
        assert [str(c) for c in table.get_row_at(0)] == ["▶", "Harvey", "flee", "8", "1/1", "2", "0", "12/12"]
        assert [str(c) for c in table.get_row_at(3)][1:4] == ["Cultist", "dropped", "6"]
        assert "Chase 1: The docks — round 1" in str(app.query_one("#chase-track-box").border_title)
        assert "ahead (3): hard hazard 'Market stalls', Jump, minor damage" in text_of(app, "#chase-ahead")
        assert text_of(app, "#chase-keys").startswith("h hazard  c cautious  s shoot")

        # a plain move into the hazard is refused (the refusal quotes usage in brackets: no markup crash)
        before = app.door.state
        await pilot.press("m")
        await pilot.pause()
        assert app.door.state is before
        assert text_of(app, "#status") == ("Harvey is at 2; the way on is blocked by the hard hazard at 3: "
                                           "cross it with 'chase hazard harvey [cautious=1|2]'")

        # Harvey jumps the stalls: Jump 40, hard → 20; 15 passes
        app.door.dice = ForcedSource([15])
        await pilot.press("h")
        await pilot.pause()
        assert where(app)["harvey"] == (3, 0, "in")
        assert "Harvey at the hard hazard (location 3): Jump 15 vs 40" in text_of(app, "#chase-last")
        assert cursor_key(app) == "ghoul"  # the turn passes in DEX order
        assert table.get_row_at(1)[0].plain == "▶"

        # the Ghoul runs two locations with two presses
        await pilot.press("m", "m")
        await pilot.pause()
        assert where(app)["ghoul"] == (2, 0, "in")
        assert cursor_key(app) == "ada"

        # Ada: "move n" prefills the command line; Enter runs it and the focus comes back
        await pilot.press("M")
        line = app.query_one("#command-line")
        assert line.value == "chase move Ada 2" and app.focused is line
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert where(app)["ada"] == (4, 1, "in")  # stops before the fence at 5, one action spent
        assert app.focused is table
        assert "stops before the barrier at 5" in text_of(app, "#chase-last")
        assert cursor_key(app) == "ada" and text_of(app, "#chase-keys").startswith("b pass  B break")

        # the fence has a skill (Climb, base 20): b rolls at once; 90 fails and she stays put
        app.door.dice = ForcedSource([90])
        await pilot.press("b")
        await pilot.pause()
        assert where(app)["ada"] == (4, 0, "in")
        assert "Ada at the barrier (location 5): Climb 90 vs 20 — failure; is stopped" in text_of(app, "#chase-last")
        assert text_of(app, "#chase-keys").startswith("n next round: every movement action is spent")

        await pilot.press("n")
        await pilot.pause()
        chase = app.door.state.chases[0]
        assert (chase.round, {p.id: p.actions for p in chase.active}) == (2, {"harvey": 1, "ghoul": 2, "ada": 2})
        assert "round 2" in str(app.query_one("#chase-track-box").border_title)
        assert text_of(app, "#chase-last").startswith("Chase 1 round 2: movement actions (slowest MOV 8)")


async def test_keys_prefill_what_needs_more_and_refusals_change_nothing(coc_app):
    app = coc_app(*DOCKS, "chase hazard harvey roll=15", "chase move ghoul 2", "chase move ada 1")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("3")
        await pilot.pause()
        assert cursor_key(app) == "ada"  # the Ghoul's actions are spent
        assert text_of(app, "#chase-keys").startswith("b pass  B break")
        await pilot.press("B")  # a person breaking a barrier needs the damage roll
        line = app.query_one("#command-line")
        assert line.value == "chase barrier Ada break damage="
        app.door.dice = ForcedSource([3])
        await pilot.press(*"1d6", "enter")
        await pilot.pause()
        assert text_of(app, "#status") == "Ada at the barrier (location 5): 3 damage; leaves it at 2 HP"
        assert app.door.state.chases[0].location(5).hp == 2
        assert "█ 2 HP" in track(app)

        before = app.door.state
        table = app.query_one("#chase-table", DataTable)
        assert app.focused is table  # back from the command line once it ran
        table.move_cursor(row=row_keys(app).index("harvey"))
        await pilot.pause()
        await pilot.press("p")  # Harvey is on foot: no pedal, nothing changes
        await pilot.press("m")  # Harvey has no action left: refused
        await pilot.pause()
        assert app.door.state is before
        assert "Harvey has 0 movement actions left" in text_of(app, "#status")
        await pilot.press("s")  # shooting needs a weapon's damage: prefilled at the nearest foe
        assert line.value == "chase shoot Harvey Ghoul damage="
        await pilot.press("escape")  # changed my mind: back to the table, not to the tab bar
        await pilot.pause()
        assert app.focused is table and line.value == ""
        await pilot.press("m")
        await pilot.pause()
        assert app.door.state is before


@pytest.mark.rule("COC-CHASE-01", "COC-CHASE-18", "COC-CHASE-30")
async def test_setting_up_a_chase_from_the_keyboard(coc_app):
    app = coc_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("3")
        await pilot.pause()
        assert "No chase" in text_of(app, "#chase-empty") and "Press N" in text_of(app, "#chase-empty")
        await pilot.press("N")
        await pilot.pause()
        assert isinstance(app.screen, ChaseNewForm)
        await pilot.press(*"Rooftops", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ChaseJoinForm)  # straight on to the participants
        form = app.screen
        form.query_one("#cj-who", Select).value = "harvey"
        await pilot.pause()
        assert form.query_one("#cj-side", Select).value == "flee"  # an investigator flees
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, ChaseJoinForm)
        assert "added Harvey" in str(form.query_one("#cj-title", Static).render())
        form.query_one("#cj-who", Select).value = "ghoul"
        await pilot.pause()
        assert form.query_one("#cj-side", Select).value == "pursue"
        form.query_one("#cj-vehicle", Select).value = "Car, standard"
        await pilot.pause()
        await pilot.press("ctrl+s")  # a vehicle needs a name
        await pilot.pause()
        assert "name the Car, standard" in str(form.query_one("#cj-error", Static).render())
        form.query_one("#cj-vehicle", Select).value = ""
        form.query_one("#cj-mov", Input).value = "9"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, ChaseJoinForm)
        chase = app.door.state.chases[0]
        assert [(p.id, p.side, p.base_mov) for p in chase.participants] == [("harvey", "flee", 8), ("ghoul", "pursue", 9)]
        assert "Ready: g starts the chase" in text_of(app, "#chase-ahead")

        app.door.dice = ForcedSource([88])  # 85–95: a Hard hazard
        await pilot.press("l")
        await pilot.pause()
        assert app.door.state.chases[0].location(1).difficulty == "hard"
        app.door.dice = ForcedSource([50, 50])  # speed rolls: both unchanged
        await pilot.press("g")
        await pilot.pause()
        chase = app.door.state.chases[0]
        assert (chase.started, chase.round, chase.order) == (True, 1, ("harvey", "ghoul"))
        assert where(app) == {"harvey": (2, 1, "in"), "ghoul": (0, 2, "in")}
        assert track(app).splitlines()[1].startswith(" " + "─" * 8 + " ▲ hard")
        assert cursor_key(app) == "harvey"


async def test_a_fhtagn_campaign_has_no_chase_tab(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("3")
        await pilot.pause()
        assert app.query_one("#tabs").active == "party"  # Chases are a Call of Cthulhu rule: no tab, 3 does nothing
        assert "Chase" not in str(app.query_one("#tabs").query_one("Tabs").render())
        before = app.door.state
        await pilot.press("N")
        await pilot.pause()
        assert not isinstance(app.screen, ChaseNewForm) and app.door.state is before


async def test_split_groups_get_a_selector_and_keys_act_on_the_chase_shown(coc_app):
    app = coc_app(*DOCKS, "chase new Rooftops", "chase add Cultist role=flee chase=2")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("3")
        await pilot.pause()
        select = app.query_one("#chase-select", Select)
        assert select.display and select.value == 2  # the newest chase
        assert "Chase 2: Rooftops — setting up" in str(app.query_one("#chase-track-box").border_title)
        select.value = 1
        await pilot.pause()
        assert "Chase 1: The docks — round 1" in str(app.query_one("#chase-track-box").border_title)
        await pilot.press("n")  # next round in chase 1, though chase 2 is the latest
        await pilot.pause()
        assert [c.round for c in app.door.state.chases] == [2, 0]
        await pilot.press("e")  # prefilled commands name the chase when it is not the default
        assert app.query_one("#command-line").value == "chase end chase=1 "


async def test_undo_and_the_last_result_of_a_campaign_opened_mid_chase(coc_app):
    app = coc_app(*DOCKS, "chase hazard harvey roll=15")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("3")
        await pilot.pause()
        assert text_of(app, "#chase-last").startswith("Harvey at the hard hazard (location 3): Jump 15 vs 40")
        await pilot.press("m")  # the Ghoul
        await pilot.pause()
        assert where(app)["ghoul"] == (1, 1, "in")
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert where(app)["ghoul"] == (0, 2, "in")
        assert text_of(app, "#chase-last") == "Undone: Ghoul moves 0 → 1 (1 action, 1 left)"
    with CampaignStore.open(app.door.path, readonly=True) as store:
        assert fold(store.events()).chases == app.door.state.chases


async def test_a_long_track_follows_the_actor_and_pans(coc_app):
    from tests.app.test_chase_snapshots import SETUP

    app = coc_app(*SETUP[3:])  # the Brute, then the chase down Miskatonic Avenue
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("3")
        await pilot.pause()
        assert cursor_key(app) == "ford"
        numbers = track(app).splitlines()[0].split()
        assert numbers[0] == "0" and numbers[-1] == "▶"
        await pilot.press("right_square_bracket")
        await pilot.pause()
        assert track(app).splitlines()[0].split()[:2] == ["◀", "3"]
        await pilot.press("left_square_bracket")
        await pilot.pause()
        assert track(app).splitlines()[0].split()[0] == "0"
        assert app.screen.focused.id == "chase-table"


async def test_the_players_view_shows_the_chase_but_no_secret_and_no_keys(tmp_path):
    path = tmp_path / "arkham.fhtagn"
    campaigns.create_campaign(path, "coc7").close()
    door = open_door(path, False)
    for line in (PEOPLE[0], PEOPLE[2] + " --hidden", "chase new Alley", "chase add Harvey role=flee",
                 "chase add Ghoul role=pursue mov=9", "chase start roll=50,50", "chase move ghoul 1 secret"):
        door.execute(line)
    door.close(save=False)
    door = open_door(path, True)
    app = PlayerApp(door)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("3")
            await pilot.pause()
            table = app.query_one("#chase-table", DataTable)
            # a hidden NPC: no MOV, no actions; its secret move is not folded (position 0 as players saw it)
            assert [str(c) for c in table.get_row_at(1)][1:] == ["Ghoul", "pursue", "?", "?", "0", "–", "?"]
            assert "Ghoul moves" not in text_of(app, "#chase-last")  # the secret move
            assert text_of(app, "#chase-last") == "Results: see the Log (5)."
            assert text_of(app, "#chase-keys") == ""  # the whole track fits: [ ] would pan nothing (issue 34)
            before = app.door.state
            await pilot.press("m", "n", "N")
            await pilot.pause()
            assert app.door.state is before and not isinstance(app.screen, ChaseNewForm)
    finally:
        door.close(save=False)


# --- the track and the table, drawn from a chase ----------------------------------------------


def long_chase() -> Chase:
    people = (
        Participant(id="ghoul", name="Ghoul", side="pursue", position=12, actions=2, mov=9),
        Participant(id="ford", name="Ford", side="flee", vehicle="Car, standard", position=15, actions=1, mov=14,
                    build=5, start_build=5),
    )
    locations = tuple(Location(index=i, kind="hazard", difficulty="extreme") for i in (16,)) + (
        Location(index=20, kind="barrier", hp=25),)
    return Chase(number=1, participants=people, locations=locations, started=True, round=3, order=("ford", "ghoul"))


def test_the_track_window_keeps_the_actor_in_view_and_widens():
    chase = long_chase()
    assert current_actor(chase).id == "ford"
    assert window(chase, 80, 15) == (12, 8)  # 8 locations of 9 columns: the Ford and the Ghoul behind it
    assert window(chase, 80, 2) == (0, 8)
    assert window(chase, 80, 15, pan=99) == (14, 8)  # panned to the end: the open location past the barrier
    assert window(chase, 40, 15) == (12, 4)  # 4 locations: still the Ford and the Ghoul
    assert window(chase, 30, 15) == (14, 3)  # 3: the Ghoul cannot be kept too; the actor is
    assert window(chase, 200, 15) == (0, 22)  # wide enough for all of it
    # at 80 columns the empty stretches are drawn narrow: everybody stays on screen, nothing to pan
    lines = draw(chase, 80, chase.participant("ford"), chase.participant("ford")).plain.splitlines()
    assert lines[0].split() == ["0", "1‥11", "12", "13‥14", "15", "16", "17‥19", "20", "21"]
    assert lines[2].split() == ["Ghoul", "[Ford]"]  # the Ghoul at 12 behind the Ford: both in view
    assert "▲ extr" in lines[1] and "█ 25 HP" in lines[1]
    # too narrow even so: a window of locations that keeps the actor in view, and pans
    lines = draw(chase, 40, chase.participant("ford"), chase.participant("ford")).plain.splitlines()
    assert lines[0].split() == ["◀", "12", "13", "14", "15", "▶"]
    assert lines[2].split() == ["Ghoul", "[Ford]"]
    lines = draw(chase, 30, chase.participant("ford"), chase.participant("ford")).plain.splitlines()
    assert lines[0].split() == ["◀", "14", "15", "16", "▶"]
    assert lines[1][1 + 2 * 9:].startswith("▲ extr")
    assert lines[2].split() == ["[Ford]"]
    wide = draw(chase, 200, chase.participant("ghoul"), None).plain.splitlines()
    assert wide[0].split()[:3] == ["0", "1", "2"] and wide[2].split() == ["Ghoul", "[Ford]"]


def test_a_long_name_widens_its_location_and_ends_in_an_ellipsis_only_past_the_cap():
    chase = long_chase()
    people = (replace(chase.participants[0], name="Brother Ambrose"),
              replace(chase.participants[1], name="Ford Model T of the Sheriff"))
    chase = replace(chase, participants=people)
    lines = draw(chase, 120, people[1], None).plain.splitlines()
    assert "Brother Ambrose" in lines[2]  # 15 characters: whole, its location as wide
    assert "[Ford Model T …]" in lines[2]  # past 16 columns: cut, and says so


def test_vehicle_build_shows_impaired_and_wrecked():
    state = fold([])
    ford = long_chase().participant("ford")
    assert build_text(ford, state).plain == "5/5"
    assert build_text(replace(ford, build=2), state).plain == "2/5 imp"
    assert build_text(replace(ford, build=0, status="wrecked"), state).plain == "0/5 wreck"
    assert build_text(replace(ford, build=0, status="halted"), state).plain == "0/5 halt"


ROAD = (
    "chase new Road",
    "chase add Ford role=flee vehicle=car driver=Ada passengers=Harvey",
    "chase add Ghoul role=pursue mov=14",
    "chase start roll=50,50",  # both MOV 14: no escape; the Ford at 2
)


@pytest.mark.rule("COC-VEHICLE-04", "COC-PARTY-04")
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_wreck_asks_the_keeper_about_the_occupants(coc_app, size):
    from fhtagn_tui.app.forms.chase_crash import ChaseCrashForm

    app = coc_app(*ROAD)
    async with app.run_test(size=size) as pilot:
        await pilot.press("3")
        await pilot.pause()
        # the Ghoul shoots the Ford to pieces: 6 Build in one incident ≥ 5 — a spectacular wreck
        await pilot.press(":", *"chase shoot ghoul ford damage=60 roll=1,0,0", "enter")
        await pilot.pause()
        await pilot.pause()
        form = app.screen
        assert isinstance(form, ChaseCrashForm)  # offered at once; nobody hurt yet, no die drawn
        harvey = app.door.state.characters["harvey"]
        assert harvey.current["HP"] == 12 and app.door.state.chases[0].participant("ford").accident == "wreck"
        hint = str(form.query_one(".chase-form-hint", Static).render())
        assert "Ford is spectacularly wrecked" in hint and "Inside: Ada, Harvey" in hint
        # esc leaves the call for later; x on the tab offers it again
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ChaseCrashForm)
        assert text_of(app, "#chase-keys").startswith("x Ford's occupants: your call")
        app.query_one("#chase-table", DataTable).focus()  # from the command line back to the table
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, ChaseCrashForm)
        # Save without a choice: refused, nothing happens
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Choose what happens" in str(form.query_one("#cc-error", Static).render())
        # the Keeper allows Luck rolls, dice from the table: Ada 30 ≤ 70 thrown clear (2D10 = 2 + 3);
        # Harvey 80 > 45 dies in the wreck
        form.query_one("#cc-choice", Select).value = "luck"
        form.query_one("#cc-dice", Input).value = "30,2,3,80"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, ChaseCrashForm)
        state = app.door.state
        assert state.characters["ada"].current["HP"] == 12 - 5
        assert state.characters["harvey"].has("dead")
        assert state.chases[0].participant("ford").accident == ""
        assert not text_of(app, "#chase-keys").startswith("x ")


async def test_the_occupants_form_refuses_bad_dice_and_keeps_the_call_open(coc_app):
    from fhtagn_tui.app.forms.chase_crash import ChaseCrashForm

    app = coc_app(*ROAD, "chase shoot ghoul ford damage=60 roll=1,0,0")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("3")
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, ChaseCrashForm)
        form.query_one("#cc-choice", Select).value = "hurt"
        form.query_one("#cc-dice", Input).value = "4,x"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "numbers" in str(form.query_one("#cc-error", Static).render())
        form.query_one("#cc-dice", Input).value = "4"  # too few: the refusal names the next die
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "d10" in str(form.query_one("#cc-error", Static).render())
        assert isinstance(app.screen, ChaseCrashForm)
        assert app.door.state.chases[0].participant("ford").accident == "wreck"


GETAWAY = (
    "chase new Docks",
    "chase add Ford role=flee vehicle=car driver=Ada",  # MOV 14
    "chase add Harvey role=flee",  # MOV 8
    "chase add Ghoul role=pursue mov=9",
)


@pytest.mark.rule("COC-CHASE-04")
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_start_key_offers_the_keeper_an_escape_and_nobody_goes_unasked(coc_app, size):
    from fhtagn_tui.app.forms.chase_escape import ChaseEscapeForm

    app = coc_app(*GETAWAY)
    async with app.run_test(size=size) as pilot:
        await pilot.press("3")
        await pilot.pause()
        app.door.dice = ForcedSource([50, 50, 50])  # speed rolls: Ford 14, Harvey 8, Ghoul 9: the Ford may escape
        await pilot.press("g")
        await pilot.pause()
        await pilot.pause()
        form = app.screen
        assert isinstance(form, ChaseEscapeForm)  # offered at once: the rolls are made, nobody gone yet
        chase = app.door.state.chases[0]
        assert not chase.started and chase.participant("ford").status == "in"
        assert "Ford may escape (MOV 14 > every pursuer's, 9 at most)" in " ".join(
            str(w.render()) for w in form.query(".ce-who").results(Static))
        # Decide without a choice: refused, nothing happens
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Choose for Ford" in str(form.query_one("#ce-error", Static).render())
        # esc leaves it for later: the chase waits, and g offers it again without a die drawn
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ChaseEscapeForm)
        assert "Ford (MOV 14) may escape" in text_of(app, "#chase-ahead")
        assert not app.door.state.chases[0].started
        app.door.dice = ForcedSource([])  # any die drawn now would fail the test
        app.query_one("#chase-table", DataTable).focus()
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        await keepers_call(app, pilot, "hold")  # the Keeper keeps the Ford in
        assert where(app) == {"ford": (8, 7, "in"), "harvey": (2, 1, "in"), "ghoul": (0, 2, "in")}


@pytest.mark.rule("COC-CHASE-04")
async def test_a_typed_start_offers_the_escape_too_and_the_keeper_lets_them_go(coc_app):

    app = coc_app(*GETAWAY)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("3")
        await pilot.pause()
        await pilot.press(":", *"chase start roll=50,50,50", "enter")  # typed: the form is offered all the same
        await pilot.pause()
        await pilot.pause()
        await keepers_call(app, pilot, "escape")
        assert where(app) == {"ford": (0, 0, "escaped"), "harvey": (2, 1, "in"), "ghoul": (0, 2, "in")}


@pytest.mark.rule("COC-CHASE-04")
async def test_players_see_a_chase_being_set_up_without_the_keepers_call_nor_keys(tmp_path):
    """Found by an attacker's probe: while the start waited on the Keeper, the players' tab said
    "Harvey (MOV 9) may escape: g to let them go" — a GM key, a call players do not make, and worked
    out on their copy of the state, where the hidden pursuer's speed is blank."""
    path = tmp_path / "arkham.fhtagn"
    campaigns.create_campaign(path, "coc7").close()
    door = open_door(path, False)
    for line in (PEOPLE[0], PEOPLE[2] + " --hidden", "chase new Alley", "chase add Harvey role=flee",
                 "chase add Ghoul role=pursue mov=7"):
        door.execute(line)
    assert "Harvey (MOV 9) may escape" in door.execute("chase start roll=10,90").waiting  # the GM is asked
    door.close(save=False)
    door = open_door(path, True)
    app = PlayerApp(door)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("3")
            await pilot.pause()
            ahead = text_of(app, "#chase-ahead")
            assert ahead == "2 participant(s), 0 location(s). The Keeper is setting up the chase."
            assert "escape" not in ahead and "MOV" not in ahead
    finally:
        door.close(save=False)
