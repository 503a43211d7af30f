"""The public projection (``domain.public``): the one boundary players read through.

Each leak of issue 15 is a plain regression test here; the property test is test_public_property.py.
"""

from __future__ import annotations

import re

import pytest

from fhtagn_tui.commands import ParseError, parse
from fhtagn_tui.domain.events import EVENT_TYPES
from fhtagn_tui.domain.features import load_all
from fhtagn_tui.domain.public import PublicLog, public_log
from fhtagn_tui.domain.readings import READINGS
from fhtagn_tui.export import export_text
from fhtagn_tui.service import MemorySink

from ..helpers import do, rejected
from ..helpers import engine as _engine


def engine(system: str, *setup: str):  # noqa: ANN201
    """A campaign whose players see every investigator's numbers (``privacy full``): these tests are
    about secrets, not about what a player sees of the others (tests/serve/test_privacy.py)."""
    return _engine(system, "privacy full", *setup)

ADA = 'char new "Ada Vance" STR=10 CON=11 DEX=9 INT=16 POW=14 CHA=11 Firearms=20'
SHADE = "char new Shade kind=npc STR=14 CON=12 DEX=17 INT=10 POW=13 CHA=9 Firearms=75 --hidden"


def _events(eng) -> list:
    sink = eng.sink
    assert isinstance(sink, MemorySink)
    return sink.events


def _texts(eng) -> list[str]:
    return [e.text for e in public_log(_events(eng)).entries]


def test_every_event_type_has_a_players_reading():
    """A new event type without a players' reading fails here (registry check)."""
    load_all()  # every feature module (they load when first needed)
    missing = sorted(set(EVENT_TYPES) - set(READINGS) - {"Event"})
    assert missing == []
    assert not set(READINGS) - set(EVENT_TYPES)  # no stale entries either


def test_a_secret_san_loss_is_not_in_the_players_recap_nor_their_values():
    eng = engine("fhtagn", ADA)
    do(eng, "san ada 1/1d6 secret", 90, 1)
    events = _events(eng)
    gm = export_text(events, "md")
    assert "70 → 69" in gm
    for fmt in ("md", "html"):
        mine = export_text(events, fmt, players=True)
        assert "69" not in mine and "SAN test" not in mine
    assert public_log(events).state.characters["ada vance"].current["SAN"] == 70  # as players last saw it


def test_a_public_roll_against_a_value_moved_in_secret_does_not_tell_it():
    eng = engine("fhtagn", ADA)
    do(eng, "san ada 1/1d6 secret", 90, 1)  # SAN 70 → 69, players still know 70
    do(eng, "san ada 0/1", 90)  # public: the GM's line reads "90 vs 69"
    gm = [e.describe(eng.names) for e in _events(eng)]
    assert any("90 vs 69" in line for line in gm)
    texts = _texts(eng)
    # Ada's SAN was changed in secret: every later event about her stays with the secrets (its
    # outcome word too: "failure" against the 70 players know would tell it) until the GM reveals
    assert not any("SAN" in t or "San" in t or "69" in t for t in texts)
    assert public_log(_events(eng)).state.characters["ada vance"].current["SAN"] == 70
    do(eng, "reveal")  # the latest secret: values in step again, rolls are told whole
    do(eng, "test ada Firearms", 30)
    assert _texts(eng)[-2:] == ["Ada Vance rolls Firearms vs 20 → 30 [30]: failure",
                                "Ada Vance: Firearms — marked for improvement"]  # FH-DEV-03


def test_secret_session_and_secret_character_do_not_exist_for_players():
    eng = engine("fhtagn", ADA, "session start Cover story", "session end")
    do(eng, "session start The real job secret")
    do(eng, 'char new "Mr Grey" kind=npc STR=10 CON=10 DEX=10 INT=10 POW=10 CHA=10 secret')
    do(eng, 'cond add "Mr Grey" wounded')  # public, but about a character players never met
    log = public_log(_events(eng))
    assert log.state.session is None and [s.title for s in log.state.sessions] == ["Cover story"]
    assert "mr grey" not in log.state.characters
    assert not any("Grey" in t or "real job" in t for t in _texts(eng))


def test_players_number_their_sessions_without_the_secret_one():
    eng = engine("fhtagn", ADA, "session start Cover story", "session end")
    do(eng, "session start The real job secret")
    do(eng, "session end secret")
    do(eng, "session start Back in town")
    do(eng, "note The diner is closed.")
    log = public_log(_events(eng))
    assert [(s.number, s.title) for s in log.state.sessions] == [(1, "Cover story"), (2, "Back in town")]
    assert "Session 2 started: Back in town" in _texts(eng)
    assert not any("Session 3" in t for t in _texts(eng))
    assert log.entries[-1].session == 2
    assert eng.state.sessions[-1].number == 3  # the GM's own numbering is unchanged


def test_hidden_npc_numbers_stay_out_of_public_lines():
    eng = engine("fhtagn", ADA, SHADE, "fight start Barn", "fight add ada shade")
    do(eng, "attack shade ada weapon=pistol", 30, 5)
    do(eng, "char pool shade HP=3")
    texts = _texts(eng)
    gm = [e.describe(eng.names) for e in _events(eng)]
    assert "Order: Shade 17, Ada Vance 9" in gm
    assert "Order: Shade, Ada Vance" in texts
    for line in texts:
        if re.search(r"\bShade\b", line):
            assert not re.search(r"\d", line), line
    state = public_log(_events(eng)).state
    assert state.characters["shade"].stats == {} and state.encounter.combatants["shade"].initiative == 0


def test_hidden_npc_in_a_chase_shows_no_mov_nor_speed_roll():
    eng = engine("coc7", 'char new Harvey STR=60 CON=60 SIZ=70 DEX=70 APP=50 INT=60 POW=60 EDU=60',
                 "char new Ghoul kind=monster STR=80 CON=65 SIZ=65 DEX=65 INT=40 POW=65 --hidden")
    do(eng, "chase new Docks")
    for line in ("chase add harvey role=flee", "chase add ghoul role=pursue"):
        do(eng, line)
    try:
        do(eng, "chase start", 10, 50)
    except Exception:  # the dice a start needs depend on the rules: any refusal leaves nothing
        pass
    texts = _texts(eng)
    assert any("Ghoul" in t for t in texts)
    for line in texts:
        if re.search(r"\bGhoul\b", line):
            assert not re.search(r"\d", line), line
    chase = public_log(_events(eng)).state.chases[0]
    ghoul = next(p for p in chase.participants if p.character == "ghoul")
    assert ghoul.base_mov == 0 and ghoul.mov == 0


def test_public_numbering_has_no_gaps():
    eng = engine("fhtagn", "note one")
    for i in range(5):
        do(eng, f"note hidden {i} secret")
    do(eng, "note two")
    entries = public_log(_events(eng)).entries
    assert [e.no for e in entries] == list(range(1, len(entries) + 1))
    assert [e.text for e in entries][-2:] == ["Note: one", "Note: two"]


@pytest.mark.parametrize("tail", ["secret", "secret.", "(secret)", "--secret", "SECRET"])
def test_every_form_of_the_secret_flag(tail: str):
    assert parse(f"note The vicar lies {tail}").secret
    assert parse(f"note The vicar lies {tail}").command.text == "The vicar lies"  # type: ignore[union-attr]
    assert parse(f"roll 1d6 {tail}").secret


def test_commands_that_cannot_be_secret_say_so():
    eng = engine("fhtagn", "note one")
    for line in ("undo secret", "redo (secret)", "reveal 2 secret"):
        assert "cannot be secret" in rejected(eng, line)


def test_reveal_makes_a_secret_public_and_undo_hides_it_again():
    eng = engine("fhtagn", ADA)
    do(eng, "san ada 1/1d6 secret", 90, 1)
    secret_seq = _events(eng)[-1].seq
    assert "not secret" in rejected(eng, "reveal 2")
    live = PublicLog()
    live.feed(_events(eng))
    do(eng, f"reveal {secret_seq}")
    entries, rebuilt = live.feed(_events(eng)[-1:])
    assert rebuilt and any("loses 1 SAN" in e.text for e in entries)
    assert live.state.characters["ada vance"].current["SAN"] == 69
    assert "The GM reveals a secret" in entries[-1].text
    assert [e.no for e in entries] == list(range(1, len(entries) + 1))
    assert "revealed already" in rejected(eng, f"reveal {secret_seq}")
    do(eng, "undo")
    entries, rebuilt = live.feed(_events(eng)[-1:])
    assert rebuilt and not any("SAN" in e.text for e in entries)
    assert live.state.characters["ada vance"].current["SAN"] == 70
    assert live.entries == public_log(_events(eng)).entries  # live = whole-log


def test_undo_of_a_secret_action_is_secret_too():
    eng = engine("fhtagn", "note open 1")
    do(eng, "note The vicar is a cultist secret")
    do(eng, "undo")
    do(eng, "redo")
    assert _texts(eng)[2:] == ["Note: open 1"]  # (after the campaign and its privacy setting)


def test_control_characters_are_refused_at_input():
    eng = engine("fhtagn")
    for line in ('char new "Ada\x1b]0;pwned\x07" STR=10', "note \x1b[2J clear", "session start \x9b31m"):
        message = rejected(eng, line)
        assert "control character" in message and "\x1b" not in message and "\x9b" not in message


def test_length_bounds_are_refused_with_a_clear_message():
    eng = engine("fhtagn")
    assert "at most 64" in rejected(eng, f'char new "{"A" * 65}" STR=10')
    assert "at most 4000" in rejected(eng, "note " + "x" * 4001)
    assert "at most 120" in rejected(eng, "session start " + "t" * 121)
    do(eng, "note " + "x" * 4000)  # the bound itself is fine


def test_forms_go_through_the_same_bounds():
    from fhtagn_tui.domain.decide import Rejected
    from fhtagn_tui.domain.features.campaign import AddNote

    eng = engine("fhtagn")
    with pytest.raises(Rejected, match="control character"):
        eng.run(AddNote(text="hi \x1b]52;c;Zm9v\x07"))
    with pytest.raises(ParseError):
        parse("note \x1b[31mred")


async def test_the_gm_reveals_from_the_log_tab_with_v():
    from textual.widgets import DataTable

    from fhtagn_tui.app.gm import GmApp
    from fhtagn_tui.door import Door

    eng = engine("fhtagn", ADA)
    do(eng, "san ada 1/1d6 secret", 90, 1)
    app = GmApp(Door(eng))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("5")
        await pilot.pause()
        table = app.query_one("#log-table", DataTable)
        table.move_cursor(row=table.row_count - 1)  # the secret SAN loss
        await pilot.press("v")
        await pilot.pause()
        assert eng.state.revealed == {_events(eng)[-2].group}
        assert any("loses 1 SAN" in t for t in _texts(eng))
        await pilot.press("v")  # the Reveal line itself is not secret: nothing happens
        await pilot.pause()
        assert len(eng.state.revealed) == 1


def test_a_public_change_after_a_secret_one_stays_secret_until_revealed():
    """HP 11 → 5 after a secret 11 → 8 would tell how much the secret took (the new value depends
    on it): the public change is the secret's until the GM reveals it."""
    eng = engine("fhtagn", ADA)
    do(eng, 'char pool ada HP=8 reason="poison" secret')
    do(eng, 'char pool ada HP=5 reason="bitten"')
    do(eng, "undo")
    texts = _texts(eng)
    assert not any("HP" in t or "Undo" in t for t in texts)
    assert public_log(_events(eng)).state.characters["ada vance"].current["HP"] == 11
    do(eng, "reveal")
    assert "Ada Vance: HP 11 → 8 (poison)" in " ".join(_texts(eng))


async def test_the_players_log_tab_numbers_its_lines_without_gaps_and_renumbers_on_reveal():
    from textual.widgets import DataTable

    from fhtagn_tui.app.player import PlayerApp
    from fhtagn_tui.door import Door

    eng = engine("fhtagn", ADA, "note one")
    for i in range(4):
        do(eng, f"note hidden {i} secret")
    do(eng, "note two")
    app = PlayerApp(Door(eng))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("5")
        await pilot.pause()
        table = app.query_one("#log-table", DataTable)

        def rows() -> list[tuple[str, str]]:
            return [(str(table.get_row_at(i)[0]), str(table.get_row_at(i)[3])) for i in range(table.row_count)]

        assert [n for n, _ in rows()] == [str(i) for i in range(1, table.row_count + 1)]
        assert not any("hidden" in text for _, text in rows())
        do(eng, "reveal 6")  # the GM (same engine): "note hidden 1"
        await pilot.pause()
        assert [n for n, _ in rows()] == [str(i) for i in range(1, table.row_count + 1)]
        assert "Note: hidden 1" in [text for _, text in rows()]
        assert rows()[-1][1].startswith("The GM reveals a secret: Note: hidden 1")


async def test_ctrl_g_marks_the_next_action_secret_and_undo_says_it_cannot_be():
    from textual.widgets import Static

    from fhtagn_tui.app.gm import GmApp
    from fhtagn_tui.door import Door

    eng = engine("fhtagn", ADA, "note one")
    app = GmApp(Door(eng))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+g", "ctrl+z")
        await pilot.pause()
        assert "cannot be secret" in str(app.query_one("#status", Static).render())
        assert _events(eng)[-1].type_name == "NoteAdded"  # nothing stored
        await pilot.press("colon", *"note in the dark", "enter")  # the switch is still on
        await pilot.pause()
        assert _events(eng)[-1].secret and "in the dark" not in " ".join(_texts(eng))


def test_a_public_san_loss_after_a_secret_one_does_not_tell_the_secret_value():
    eng = engine("fhtagn", ADA)
    do(eng, "san ada 1/1d6 secret", 90, 1)  # 70 → 69, secret
    do(eng, "san ada 1/1d6", 90, 1)  # 69 → 68, public
    assert not any("SAN" in t or "68" in t or "69" in t for t in _texts(eng))  # the secret's, until revealed


def test_a_player_character_hurt_by_a_hidden_npc_reads_its_own_hp():
    eng = engine("fhtagn", ADA, SHADE, "fight start Barn", "fight add ada shade")
    do(eng, "attack shade ada weapon=pistol", 30, 5)
    texts = _texts(eng)
    assert "Ada Vance is hurt: HP 11 → 6" in texts  # no "from Shade's pistol": that line would name it
    assert "Shade attacks Ada Vance with pistol: hit" in texts


COC_ADA = 'char new Ada STR=50 CON=50 SIZ=50 DEX=60 POW=50 Luck=40 "Fighting (Brawl)"=40 Dodge=30'
COC_GHOUL = 'char new Ghoul kind=monster STR=80 CON=65 SIZ=65 DEX=65 "Fighting (Brawl)"=40 Dodge=32 --hidden'
COC_SHADE = 'char new Shade kind=npc STR=50 CON=50 SIZ=50 DEX=60 "Firearms (Handgun)"=60 --hidden'


@pytest.mark.rule("COC-MELEE-05", "COC-MELEE-06", "COC-FIREARM-01")
def test_players_read_what_came_of_a_hidden_ones_coc_attack_without_its_numbers():
    """Found as a stranger: the players' line of a hidden monster's melee said who attacked whom
    and stopped there — FHTAGN's and GURPS's say ": hit" or ": miss"."""
    eng = engine("coc7", COC_ADA, COC_GHOUL, COC_SHADE)
    do(eng, "melee ghoul ada response=dodge", 30, 50, 3, 2, 20)  # 30 vs 40 hits, Ada's dodge 50 fails
    do(eng, "melee ghoul ada response=fight", 35, 20, 2)  # Ada's hard 20 beats the regular 35: she hits
    do(eng, "melee ghoul ada", 90, 90)  # both fail
    do(eng, 'shoot shade ada weapon=".38 revolver" range=10', 20, 4)
    do(eng, 'shoot shade ada weapon=".38 revolver" range=10', 80)
    lines = [t for t in _texts(eng) if " attacks " in t]
    assert [line.split(": ", 1)[1] for line in lines] == ["Ada is hit", "Ghoul is hit", "no harm done", "hit", "miss"]
    assert all(line.startswith(("Ghoul attacks Ada", "Shade attacks Ada")) for line in lines)
    assert not any(re.search(r"\d", line) for line in lines[:3])  # the ghoul's rolls and skill stay unsaid
def test_a_coc_attack_by_a_hidden_monster_tells_the_players_its_outcome():
    """Found as a stranger: the players read "Crypt Gnawer 1 attacks Harvey Walters with Claw" and
    nothing more (CoC melee has no ``hit``: its winner and whom it hurt say it)."""
    eng = engine("coc7", 'char new Harvey STR=60 CON=60 SIZ=70 DEX=70 APP=50 INT=60 POW=60 EDU=60',
                 "char new Ghoul kind=monster STR=80 CON=65 SIZ=65 DEX=65 INT=40 POW=65 --hidden",
                 'char attack add ghoul Claw skill="Fighting (Claw)" damage=1d6', 'char set ghoul "Fighting (Claw)"=50')
    do(eng, "melee ghoul harvey response=dodge", 20, 90, 3)  # the claw lands, the dodge fails
    do(eng, "melee ghoul harvey response=dodge", 90, 10)  # missed
    told = [t for t in _texts(eng) if t.startswith("Ghoul attacks Harvey")]
    assert told == ["Ghoul attacks Harvey with Claw: Harvey is hit", "Ghoul attacks Harvey with Claw: Harvey evades"]
