"""Issue 17, the screen half: whole messages, the GM screen, layout, read-only views, forms,
the act menu.  Each promise is driven through the real app at 80×24 and 120×40."""

from __future__ import annotations

import re
from typing import Any

import pytest
from textual.widgets import Static

from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.campaigns import demo_script
from fhtagn_tui.domain.features.campaign import CreateCampaign
from fhtagn_tui.door import Door
from fhtagn_tui.rules.dice import RandomSource
from fhtagn_tui.service import Engine, MemorySink

from ..helpers import role_app
from .screen_text import joined, screen_text

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def play(system: str, *lines: str, **options: Any) -> GmApp:
    engine = Engine(MemorySink(), source=RandomSource(1), clock=lambda: 0.0)
    engine.run(CreateCampaign(name="table", system=system))
    for line in lines:
        engine.execute(line)
    return role_app(Door(engine), **options)  # type: ignore[return-value]  # (a player's view when asked)


def fhtagn(*lines: str, **options: Any) -> GmApp:
    return play("fhtagn", *demo_script(), *lines, **options)


def status(app: GmApp) -> str:
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


# --- 2. the GM screen ----------------------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
async def test_gm_screen_typing_searches_at_once_even_from_the_list(size):
    from textual.widgets import Input

    from fhtagn_tui.app.screens.reference import ReferenceScreen

    app = fhtagn()
    async with app.run_test(size=size) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReferenceScreen)
        assert isinstance(app.focused, Input)  # typing goes to the search
        await pilot.press("down")  # into the list…
        assert app.focused is screen.query_one("#ref-tree")
        await pilot.press(*"kevlar")  # …and a word typed there searches, switching no tab behind
        await pilot.pause()
        assert screen.query_one("#ref-search", Input).value == "kevlar"
        assert app.screen is screen and screen.hits
        assert app.query_one("#tabs").active == "party" and not app.reviewing


@pytest.mark.parametrize("size", SIZES)
async def test_gm_screen_shows_every_word_of_a_table_wrapped_not_cut(size):
    from textual.widgets import DataTable

    from fhtagn_tui.reference import load_tables

    app = fhtagn()
    async with app.run_test(size=size) as pilot:
        await pilot.press("f1", *"stun")
        await pilot.pause()
        screen = app.screen
        assert screen.table is not None
        grid = screen.query_one("#ref-table", DataTable)
        columns, rows = load_tables()[screen.table.id].build()
        # each cell is rendered in full: a cell's lines (trailing spaces off) give back its words
        for r, cells in enumerate(rows):
            for c, cell in enumerate(cells):
                lines = grid._render_cell(r, c, grid.rich_style, grid.ordered_columns[c].get_render_width(grid))
                shown = " ".join("".join(seg.text for seg in line).strip() for line in lines).split()
                assert "".join(shown) == "".join(str(cell).split()), (cell, shown)  # no letter lost
        right = screen.query_one("#ref-right").content_size.width
        assert sum(col.get_render_width(grid) for col in grid.ordered_columns) <= right


@pytest.mark.parametrize("size", SIZES)
async def test_gm_screen_search_results_are_whole(size):
    from textual.widgets import OptionList

    app = fhtagn()
    async with app.run_test(size=size) as pilot:
        await pilot.press("f1", *"stunned")
        await pilot.pause()
        hits = app.screen.query_one("#ref-hits", OptionList)
        first = str(hits.get_option_at_index(0).prompt)
        assert not first.endswith("…") and first == app.screen._hit_label(app.screen.hits[0])


async def test_gm_screen_keys_read_as_typed():
    from fhtagn_tui.app.screens.reference import keys_text

    app = fhtagn()
    async with app.run_test(size=(80, 24)):
        text = keys_text(app)
        for word in (", ◀ event", ". event ▶", "/ search", "Del/x delete", ": command", "? help"):
            assert word in text
        for name in ("comma", "full_stop", "slash", "delete delete", "question_mark", "colon"):
            assert not re.search(rf"\b{name}\b", text), name


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("system", "tab", "topic"), [
    ("fhtagn", "1", "PARTY"), ("coc7", "1", "PARTY"), ("fhtagn", "2", "COMBAT"), ("fhtagn", "4", "REQ"),
])
async def test_f1_opens_the_rules_of_the_tab_on_screen(size, system, tab, topic):
    app = play(system, "char new Ada STR=10 CON=10 DEX=10 INT=10 POW=10 CHA=10" if system == "fhtagn"
               else "char new Ada STR=50 CON=50 SIZ=50 DEX=50 POW=50")
    async with app.run_test(size=size) as pilot:
        await pilot.press(tab)
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert app.screen.current is not None and app.screen.current.topic == topic


# --- 4. read-only views; each system its own tabs, keys and palette ---------------------------------

WRITING_KEYS = ("New", "Edit", "Sanity…", "Fright…", "HP/SAN…", "HP/FP…", "Test", "Delete", "Undo", "Redo", "Command",
                "Request", "Start fight", "Act", "Next", "Add", "New chase")


def key_bar(app: GmApp) -> list[str]:
    from fhtagn_tui.app.widgets.key_bar import KeyBar

    bar = app.screen.query_one(KeyBar)
    return [key.description for key in bar.keys]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("view", ["player", "review", "second GM"])
async def test_read_only_views_offer_no_writing_keys_and_no_command_line(size, view):
    from fhtagn_tui.app.widgets.command_line import CommandLine

    app = fhtagn("fight start Barn", player=view == "player")
    if view == "second GM":
        app.door.readonly = True
        app.readonly = True
    async with app.run_test(size=size) as pilot:
        if view == "review":
            await pilot.press("R")
        await pilot.pause()
        keys = key_bar(app)
        assert not set(keys) & set(WRITING_KEYS), keys
        lines = list(app.query(CommandLine))
        assert view != "player" or not lines  # a player's view is read-only from the start: none is built
        assert len(lines) == (view != "player") and not any(line.display for line in lines)  # no placeholder
        assert "type a command" not in screen_text(app)
        await pilot.press("p", "t", "n", "colon")  # nothing is pre-filled, nothing opens
        await pilot.pause()
        assert all(line.value == "" for line in lines) and len(app.screen_stack) == 1
        if view == "review":
            assert "Leave review" in keys  # how to leave review is on the key bar
            await pilot.press("3")
            await pilot.pause()
            assert "Press N" not in screen_text(app)


async def test_fhtagn_review_offers_no_leaving_but_quitting():
    app = fhtagn(review=True)  # `fhtagn review NAME`: review only
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.reviewing and "Leave review" not in key_bar(app) and "Quit" in key_bar(app)


async def test_the_key_bar_says_how_to_leave_review_and_esc_does_leave():
    app = fhtagn()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("R")
        await pilot.pause()
        assert app.reviewing and "Leave review" in key_bar(app)
        assert "Esc Leave review" in joined(app) or "esc Leave review" in joined(app)
        await pilot.press("escape")
        await pilot.pause()
        assert not app.reviewing and "New" in key_bar(app)
        assert app.query_one("#command-line").display


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("system", "stats", "sanity", "pools"), [
    ("fhtagn", "STR=10 CON=10 DEX=10 INT=10 POW=10 CHA=10", "Sanity…", "HP/SAN…"),
    ("coc7", "STR=50 CON=50 SIZ=50 DEX=50 POW=50", "Sanity…", "HP/SAN…"),
    ("gurps", "ST=10 DX=10 IQ=10 HT=10", "Fright…", "HP/FP…"),
])
async def test_each_system_shows_its_own_keys_and_tabs(size, system, stats, sanity, pools):
    from textual.widgets import TabbedContent

    app = play(system, f"char new Ada {stats}")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        keys = key_bar(app)
        assert sanity in keys and pools in keys
        assert not {"Sanity…", "Fright…", "HP/SAN…", "HP/FP…"} - {sanity, pools} & set(keys)
        tabs = app.query_one(TabbedContent)
        head = "\n".join(screen_text(app).splitlines()[:3])
        assert ("Requisitions" in head) == (system == "fhtagn")
        assert ("Chase" in head) == (system == "coc7")
        await pilot.press("4")
        await pilot.pause()
        assert (tabs.active == "requisitions") == (system == "fhtagn")
        await pilot.press("3")
        await pilot.pause()
        assert (tabs.active == "chase") == (system == "coc7")


@pytest.mark.parametrize(("system", "offered", "not_offered"), [
    ("fhtagn", {"san", "req", "bond"}, {"sanity", "chase new", "fright", "shoot"}),
    ("coc7", {"sanity", "shoot", "chase new"}, {"san", "req", "fright"}),
    ("gurps", {"fright"}, {"san", "sanity", "req", "chase new"}),
])
async def test_the_palette_offers_only_this_systems_commands(system, offered, not_offered):
    from fhtagn_tui.app.palette import GameCommands

    app = play(system)
    async with app.run_test(size=(80, 24)):
        words = GameCommands(app.screen)._words()
        assert offered <= set(words) and not not_offered & set(words)
        assert {"note", "roll", "test", "undo", "fight start"} <= set(words)


# --- 5. forms -------------------------------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
async def test_character_form_labels_stay_when_filled_in(size):
    from textual.widgets import Input

    from fhtagn_tui.app.forms.character import CharacterForm

    app = fhtagn()
    async with app.run_test(size=size) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, CharacterForm)
        form.query_one("#f-skills", Input).value = "Firearms 50"
        form.query_one("#f-bonds", Input).value = "Sister"
        form.query_one("#f-name", Input).value = "Wendell"
        await pilot.pause()
        text = screen_text(app)
        for label in ("Name", "Skills", "Bonds"):
            assert label in text  # visible beside the typed text, not a placeholder gone once typed in


@pytest.mark.parametrize(("system", "hint", "wrong"), [
    ("gurps", "Guns (Pistol) 13", "Firearms 50"), ("coc7", "Spot Hidden 60", "Alertness"),
    ("fhtagn", "Alertness 60", "Spot Hidden"),
])
async def test_character_form_hints_are_the_systems_own(system, hint, wrong):
    from textual.widgets import Input

    app = play(system)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        placeholder = app.screen.query_one("#f-skills", Input).placeholder
        assert hint in placeholder and wrong not in placeholder


@pytest.mark.parametrize("size", SIZES)
async def test_start_fight_dialog_opens_on_the_title(size):
    from textual.widgets import Input

    app = fhtagn()
    async with app.run_test(size=size) as pilot:
        await pilot.press("2")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert app.focused is app.screen.query_one("#add-fight-title", Input)
        await pilot.press(*"Barn")
        assert app.screen.query_one("#add-fight-title", Input).value == "Barn"


# --- 3. layout -------------------------------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
async def test_initiative_names_are_whole_when_there_is_room(size):
    app = fhtagn('char new "Dr. Elias Crane" STR=10 CON=10 DEX=12 INT=15 POW=12 CHA=10',
                 "fight start Farmhouse", 'fight add "Ada Vance" "Dr. Elias Crane" "The Caretaker"', "fight next")
    async with app.run_test(size=size) as pilot:
        await pilot.press("2")
        await pilot.pause()
        text = screen_text(app)
        assert "Dr. Elias Crane" in text and "Dr. Elias Cran " not in text


async def test_initiative_names_end_in_an_ellipsis_only_when_the_window_is_too_narrow():
    long = "Brother Ambrose of the Unlit Lantern"

    def fight() -> GmApp:
        return fhtagn(f'char new "{long}" STR=10 CON=10 DEX=12 INT=15 POW=12 CHA=10',
                      "fight start Farmhouse", f'fight add "Ada Vance" "{long}"', "fight next")

    app = fight()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2")
        await pilot.pause()
        text = screen_text(app)
        assert long not in text and "Brother Ambrose" in text and "…" in text
    app = fight()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("2")
        await pilot.pause()
        assert long in screen_text(app)


async def test_gurps_initiative_ties_do_not_read_like_decimals():
    from textual.widgets import DataTable

    app = play("gurps", "char new Ilse ST=10 DX=12 IQ=10 HT=12", "char new Karl ST=10 DX=12 IQ=10 HT=12",
               "fight start Cellar", "fight add Ilse Karl roll=4,2")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2")
        await pilot.pause()
        table = app.query_one("#ini-table", DataTable)
        inits = [str(table.get_row_at(i)[1]) for i in range(table.row_count)]
        assert inits == ["6 tie 4", "6 tie 2"]
        assert "·" not in " ".join(inits)


# --- 6. the act menu ---------------------------------------------------------------------------------

FIGHTS = {
    "fhtagn": ("char new Ada STR=10 CON=10 DEX=14 INT=10 POW=10 CHA=10",
               "char new Ghoul kind=monster STR=14 CON=12 DEX=10 INT=8 POW=8 CHA=3"),
    "coc7": ("char new Ada STR=50 CON=50 SIZ=50 DEX=70 POW=50",
             "char new Ghoul kind=monster STR=80 CON=70 SIZ=65 DEX=50 POW=40"),
    "gurps": ("char new Ada ST=10 DX=13 IQ=10 HT=10", "char new Ghoul kind=monster ST=14 DX=10 IQ=8 HT=12"),
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("system", ["fhtagn", "coc7", "gurps"])
async def test_the_act_menu_has_the_same_keys_for_the_same_acts(size, system):
    from textual.widgets import OptionList

    from fhtagn_tui.app.forms.action import ActionForm, ActionMenu
    from fhtagn_tui.app.forms.action_specs import ACT_KEYS

    app = play(system, *FIGHTS[system], "fight start Crypt", "fight add Ada Ghoul", "fight next")
    async with app.run_test(size=size) as pilot:
        await pilot.press("2")
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, ActionMenu)
        keys = {a.hotkey: a.label for a in menu.actions}
        assert keys["a"].startswith("Attack") and keys["s"].startswith("Shoot")  # a attacks, s shoots: everywhere
        assert all(ACT_KEYS[a.key] == a.hotkey for a in menu.actions)
        assert len(keys) == len(menu.actions)  # one act a key
        options = menu.query_one(OptionList)
        assert options.option_count == len(menu.actions)
        await pilot.press("s")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, ActionForm)
        weapons = [value for _label, value in form.spec.fields[1].choices(form.ctx)]
        table = {w.name: w for w in __import__("fhtagn_tui.rules.weapons", fromlist=["x"]).weapons_for(
            system, app.state.armory).values()}
        assert weapons and all(not table[w].close_combat for w in weapons)  # shooting offers no knives


async def test_coc_offers_burst_and_full_auto_only_with_such_a_weapon_and_fhtagn_never():
    from fhtagn_tui.app.forms.action_specs import actions_for

    coc = play("coc7", *FIGHTS["coc7"], "fight start Crypt", "fight add Ada Ghoul")
    fh = play("fhtagn", *FIGHTS["fhtagn"], "fight start Crypt", "fight add Ada Ghoul")
    ada_coc = coc.state.character("ada")
    ada_fh = fh.state.character("ada")
    assert {"b", "u"} <= {a.hotkey for a in actions_for(coc.state, ada_coc)}
    assert not {"b", "u", "v", "l"} & {a.hotkey for a in actions_for(fh.state, ada_fh)}


@pytest.mark.parametrize("size", SIZES)
async def test_the_log_shows_the_highlighted_line_whole_in_its_detail_row(size):
    app = fhtagn("fight start Barn", 'fight add "Ada Vance" "The Caretaker"', "fight next",
                 'attack "Ada Vance" "The Caretaker" weapon=pistol roll=34,5')
    async with app.run_test(size=size) as pilot:
        await pilot.press("5")
        await pilot.pause()
        from textual.widgets import DataTable

        log = app.query_one("#log-tab")
        attack = next(ev for ev in log._shown.values() if ev.dice and "attacks" in ev.describe(app.door.names))
        table = log.query_one("#log-table", DataTable)
        table.move_cursor(row=table.get_row_index(str(attack.seq)))
        await pilot.pause()
        words = attack.describe(app.door.names)
        assert len(words) > 80 - 16  # a line the table cuts at 80 columns…
        assert " ".join(words.split()) in joined(app)  # …read whole under it
        assert "dice:" in joined(app)


@pytest.mark.rule("FH-SAN-14")
@pytest.mark.parametrize("size", SIZES)
async def test_after_a_san_loss_what_is_due_is_on_screen(size):
    app = fhtagn('san "Ada Vance" 1/1d6 roll=95,6')  # 6 SAN at once: temporarily insane, insomnia due
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        text = joined(app)
        assert "Due next:" in text and "insomnia" in text
        assert "san sleep ada" in " ".join(text.split())  # the GM is told the command


@pytest.mark.rule("FH-SAN-14")
@pytest.mark.parametrize("size", SIZES)
async def test_the_players_see_what_is_due_without_the_gms_command(size):
    """The players' view has no command line: its sheet names no GM command (it said 'san sleep ada')."""
    app = fhtagn("privacy full", 'san "Ada Vance" 1/1d6 roll=95,6', player=True)  # (a watcher: every sheet shown)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        text = " ".join(joined(app).split())
        assert "Due next:" in text and "insomnia: a SAN roll at the next sleep, failure regains no WP" in text
        assert "san sleep" not in text


async def test_at_120_columns_the_log_stands_beside_the_fight():
    def fight() -> GmApp:
        return fhtagn("fight start Barn", 'fight add "Ada Vance" "The Caretaker"', "fight next",
                      'attack "Ada Vance" "The Caretaker" weapon=pistol roll=34,5')

    app = fight()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("2")
        await pilot.pause()
        await pilot.pause()
        box = app.query_one("#ini-log")
        assert box.display
        rows = screen_text(app).splitlines()
        beside = [row for row in rows if "Ada Vance" in row and "▏" in row]  # the table and the log on one row
        assert beside
        assert "takes 5 damage" in joined(app)  # the newest line is in view
    app = fight()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2")
        await pilot.pause()
        assert not app.query_one("#ini-log").display  # at 80 columns the fight has the width


@pytest.mark.parametrize("size", SIZES)
async def test_the_chase_track_keeps_every_participant_on_screen(size):
    from tests.app.test_chase_snapshots import SETUP

    app = play("coc7", *SETUP)
    async with app.run_test(size=size) as pilot:
        await pilot.press("3")
        await pilot.pause()
        track = str(app.query_one("#chase-track", Static).render())
        chase = app.state.chases[-1]
        for p in chase.active:
            label = f"[{p.name}]" if p.vehicle else p.name
            assert label in track, (label, track)


@pytest.mark.parametrize("size", SIZES)
async def test_gm_screen_list_entries_are_whole(size):
    from fhtagn_tui.reference import entries

    app = fhtagn()
    async with app.run_test(size=size) as pilot:
        await pilot.press("f1")  # Party: the character sheet's rules, open in the list
        await pilot.pause()
        party = [e for e in entries() if e.system == "fhtagn" and e.topic == "PARTY" and e.kind == "rule"]
        left = app.screen.query_one("#ref-left").region  # the list alone, row by row
        rows = screen_text(app).splitlines()[left.y : left.y + left.height]
        text = " ".join(row[left.x : left.x + left.width].strip(" ▕▇▁▂▃▄▅▆█") for row in rows)
        for e in party[:3]:  # those on screen at 80×24 too
            assert " ".join(f"{e.id.rsplit('-', 1)[1]} {e.summary}".split()) in text


@pytest.mark.parametrize(("size", "blocks"), [((80, 24), 5), ((120, 30), 10), ((120, 40), 5), ((160, 30), 10)])
async def test_the_party_table_uses_the_width(size, blocks):
    """Long bars when the table has the width; from 120×40 the investigator card stands beside it
    and the bars stay short (the table is 80 wide there: the room goes to the Status)."""
    app = fhtagn()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        row = next(line for line in screen_text(app).splitlines() if "Ada Vance" in line and "/" in line)
        first_bar = row.split("/", 1)[1].split()[1]
        assert len(first_bar) == blocks  # ▮▮▮▮▮ at 80 columns, twice as long at 120


async def test_a_writing_key_in_a_read_only_view_says_why_it_does_nothing():
    app = fhtagn(player=True)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        before = app.door.state
        await pilot.press("colon", "ctrl+z")
        await pilot.pause()
        assert app.door.state is before
        assert any("read-only" in n.message for n in app._notifications)


@pytest.mark.parametrize("size", SIZES)
async def test_the_chase_tab_in_review_does_not_invite_setting_one_up(size):
    app = play("coc7", "char new Harvey STR=50 CON=60 SIZ=60 DEX=70 POW=60")
    async with app.run_test(size=size) as pilot:
        await pilot.press("3")
        await pilot.pause()
        assert "Press N" in screen_text(app)  # the GM, live: how to set one up
        await pilot.press("R")
        await pilot.pause()
        assert app.reviewing and "Press N" not in screen_text(app)
        assert "None is being run" in joined(app)


@pytest.mark.parametrize("size", SIZES)
async def test_a_message_too_long_for_the_line_is_a_key_away(size):
    from fhtagn_tui.app.forms.text_view import TextView

    app = fhtagn()
    long = " ".join(f"word{i}" for i in range(400))  # some 2800 characters: more than 10 rows
    async with app.run_test(size=size) as pilot:
        app._status(long, error=True)
        await pilot.pause()
        assert "ctrl+o shows the whole message" in joined(app)
        assert app.query_one("#status").size.height <= 10
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, TextView) and app.screen.body == long


@pytest.mark.rule("FH-DMG-06")
@pytest.mark.parametrize("size", SIZES)
async def test_a_result_of_many_events_says_how_many_more_and_the_key_shows_them_all(size):
    """Found in tmux: a round's start ended "Round 2 begins · Felix Brandt acts now …" — the stunned
    Felix lost his turn and Ada acted, which the bare "…" hid."""
    from fhtagn_tui.app.forms.text_view import TextView

    app = fhtagn("fight start Barn", 'fight add "Ada Vance" "The Caretaker"', "fight next",
                 'condition add "The Caretaker" stunned')
    async with app.run_test(size=size) as pilot:
        await pilot.press("colon", *"fight next roll=99", "enter")  # the Caretaker fails CON×5: round 2
        await pilot.pause()
        shown = " ".join(status(app).split())
        whole = app._message
        assert shown.startswith("The Caretaker acts now · ") and " more: ctrl+o shows them" in shown
        assert "Ada Vance acts now" in whole and "Ada Vance acts now" not in shown
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, TextView) and app.screen.body == whole


@pytest.mark.parametrize("size", SIZES)
async def test_the_message_line_says_a_secret_action_stayed_secret(size):
    """Found in tmux: ctrl+g, then a roll — the message said only the roll, as for a public one."""
    app = fhtagn()
    async with app.run_test(size=size) as pilot:
        await pilot.press("ctrl+g", "colon", *"roll 1d6 roll=4", "enter")
        await pilot.pause()
        assert status(app).startswith("🔒 secret (GM only): ") and "→ 4" in status(app)
        await pilot.press(*"roll 1d6 roll=5", "enter")  # the switch is for one action
        await pilot.pause()
        assert "secret" not in status(app) and "→ 5" in status(app)
