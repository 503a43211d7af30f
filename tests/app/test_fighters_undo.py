"""The Start-a-fight form runs several commands (the fight, the party, the NPCs): they are one action,
so one ctrl+z takes the whole fight back, not just its last command (which left an empty fight)."""

from __future__ import annotations

import pytest
from textual.widgets import Input, SelectionList

from fhtagn_tui.app.forms.action_add import FightersForm
from fhtagn_tui.campaigns import demo_script


async def start_fight_form(app, pilot) -> FightersForm:
    """The Initiative tab's s: the Start-a-fight form, titled "Mill"."""
    await pilot.press("2", "s")
    await pilot.pause()
    form = app.screen
    assert isinstance(form, FightersForm)
    form.query_one("#add-fight-title", Input).value = "Mill"
    return form


async def test_one_undo_takes_back_the_fight_the_form_started(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await start_fight_form(app, pilot)
        form.query_one("#add-people", SelectionList).select_all()
        form.query_one("#book-search", Input).value = "hollow x2"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        enc = app.door.state.encounter
        assert not isinstance(app.screen, FightersForm) and enc is not None and enc.title == "Mill"
        assert {"hollow hound 1", "hollow hound 2"} <= set(enc.combatants) and len(enc.combatants) > 2
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.door.state.encounter is None  # the whole fight, in one undo
        assert "hollow hound 1" not in app.door.state.characters
        await pilot.press("ctrl+y")
        await pilot.pause()
        enc = app.door.state.encounter
        assert enc is not None and {"hollow hound 1", "hollow hound 2"} <= set(enc.combatants)


async def test_after_a_refusal_the_second_try_is_still_one_undo_with_the_fight(make_app):
    """Found in tmux: dice typed where none are rolled refused the NPCs after the fight had started;
    the GM cleared them and saved again — and one ctrl+z then left the empty fight behind."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await start_fight_form(app, pilot)
        form.query_one("#book-search", Input).value = "cultist x2"
        form.query_one("#add-dice", Input).value = "5"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form and "not needed" in str(form.query_one("#add-error").render())
        assert app.door.state.encounter is not None  # the fight began; its NPCs were refused
        form.query_one("#add-dice", Input).value = ""
        await pilot.press("ctrl+s")
        await pilot.pause()
        enc = app.door.state.encounter
        assert not isinstance(app.screen, FightersForm) and enc is not None
        assert {"cultist 1", "cultist 2"} <= set(enc.combatants)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.door.state.encounter is None and "cultist 1" not in app.door.state.characters


async def test_a_second_try_after_another_action_is_an_action_of_its_own():
    """The second try joins the first only while the form's action is the last one in the log."""
    from tests.helpers import engine

    eng = engine("fhtagn")
    with eng.one_action():
        (start,) = eng.execute("fight start Mill").events
    eng.execute("note the door creaks")
    with eng.one_action(continuing=start.group):
        (note,) = eng.execute("note a second note").events
    assert note.group == note.seq != start.group
    with eng.one_action(continuing=note.group):
        (third,) = eng.execute("note a third note").events
    assert third.group == note.group


@pytest.mark.parametrize("system", ["fhtagn", "gurps"])
async def test_a_refusal_in_the_form_is_on_screen_at_80x24(system):
    """Found in tmux: with the party list and the bestiary under it, the form ran past the bottom of
    an 80×24 window and its refusal was cut after its first row (GURPS: ties roll a d6 each)."""
    from tests.app.screen_text import screen_lines
    from tests.app.test_at_the_table import play

    def inside(app) -> str:  # the form's rows, its borders and scroll bar left out
        rows = [line.split("│")[1] if line.count("│") >= 2 else "" for line in screen_lines(app)]
        return " ".join(" ".join(r.translate({ord(c): " " for c in "▁▂▃▄▅▆▇█"}).split()) for r in rows)

    app = play(system, "session start One", 'char new "Ilse Brandt" ST=10 DX=12 IQ=13 HT=11') if system == "gurps" \
        else play(system, *demo_script())
    async with app.run_test(size=(80, 24)) as pilot:
        form = await start_fight_form(app, pilot)
        form.query_one("#add-count", Input).value = "2"
        form.query_one("#add-dice", Input).value = "5"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.pause()
        refusal = " ".join(str(form.query_one("#add-error").render()).split())
        assert refusal.startswith("1 typed-in die was not needed" if system == "fhtagn" else "not enough dice typed in")
        assert refusal in inside(app)  # every word of it on the screen


async def test_ctrl_g_makes_the_whole_form_secret(make_app):
    """Issue 30: ctrl+g made only the form's first command secret — its joins and order went public."""
    from fhtagn_tui.domain.public import public_log

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        before = len(list(app.door.events()))
        await pilot.press("ctrl+g")
        form = await start_fight_form(app, pilot)
        form.query_one("#add-people", SelectionList).select_all()
        form.query_one("#book-search", Input).value = "hollow x2"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        events = list(app.door.events())
        made = events[before:]
        assert app.door.state.encounter is not None and len(made) > 4
        assert all(ev.secret for ev in made), [ev.type_name for ev in made if not ev.secret]
        told = " ".join(e.text for e in public_log(events).entries)
        assert "Mill" not in told and "joins the fight" not in told and "Hollow" not in told
