"""The bestiary and the importers in the app, driven with Pilot at 80×24 and 120×40 (issue 18)."""

from __future__ import annotations

import pytest
from textual.widgets import Checkbox, Input, Static, TextArea

from fhtagn_tui.app.forms.bestiary import BestiaryForm
from fhtagn_tui.app.forms.import_text import ImportForm
from fhtagn_tui.app.widgets.book_picker import BookPicker
from tests.bestiary.samples import COC, FHTAGN


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_party_b_brings_npcs_from_the_bestiary(make_app, size):
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("b")
        form = app.screen
        assert isinstance(form, BestiaryForm)
        await pilot.press(*"hound")  # typing searches at once
        await pilot.pause()
        assert form.query_one(BookPicker).chosen.name == "Hollow Hound"
        preview = str(form.query_one("#book-preview", Static).render())
        assert "Bite (Bite 55%) 1d8" in preview
        count = form.query_one("#book-count", Input)
        count.value = "2"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, BestiaryForm)
        chars = app.door.state.characters
        assert "hollow hound 1" in chars and "hollow hound 2" in chars
        assert chars["hollow hound 2"].attacks[0].name == "Bite" and chars["hollow hound 2"].hidden
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert "hollow hound 1" not in app.door.state.characters


async def test_bestiary_form_arrow_keys_and_vary(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("b")
        form = app.screen
        await pilot.press(*"thug")
        await pilot.pause()
        assert form.query_one(BookPicker).chosen.name == "Thug"
        await pilot.press("backspace", "backspace", "backspace", "backspace", *"police")
        await pilot.pause()
        form.query_one("#book-vary", Checkbox).value = True
        form.query_one("#book-dice", Input).value = "3,3,3,3,3,3,3,3,3,3,3,3"
        await pilot.press("ctrl+s")
        await pilot.pause()
        officer = app.door.state.characters["police officer 1"]
        assert officer.stats["STR"] == 9 and officer.stats["INT"] == 9  # 3d6 of 3s each
        created = [e for e in app.door.events() if type(e).__name__ == "CharacterCreated"][-1]
        assert [r.value for r in created.dice] == [3] * 12


async def test_bestiary_form_nothing_matches_says_so(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("b")
        form = app.screen
        await pilot.press(*"zzzz")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, BestiaryForm)
        assert "nothing matches" in str(form.query_one("#book-error", Static).render())


async def _until(pilot, shown, tries: int = 50) -> None:
    """Pause until ``shown()`` is truthy (a loaded machine may need more than one frame)."""
    for _ in range(tries):
        await pilot.pause()
        if shown():
            return


async def test_char_import_paste_box(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = len(app.door.state.characters)
        await pilot.press("colon", *"char import", "enter")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, ImportForm)
        area = form.query_one("#import-text", TextArea)
        area.text = "This is not a stat block at all."
        await pilot.press("ctrl+s")
        await _until(pilot, lambda: str(form.query_one("#import-error", Static).render()))
        assert "no stat block found" in str(form.query_one("#import-error", Static).render())
        assert len(app.door.state.characters) == before
        area.text = COC[0][0]  # a CoC block into an FHTAGN campaign: refused, nothing changed
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "this campaign plays FHTAGN" in str(form.query_one("#import-error", Static).render())
        area.text = FHTAGN[6][0] + "\n" + FHTAGN[7][0]
        await pilot.press("ctrl+s")
        await pilot.pause()
        report = str(form.query_one("#import-report", Static).render())
        assert "Imported Bodyguard, Feral Dog" in report and "Loyal to whoever signs the cheques" in report
        assert len(app.door.state.characters) == before + 2
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+z")  # one import, one undo
        await pilot.pause()
        assert len(app.door.state.characters) == before


async def test_party_i_opens_the_import_box_and_the_sheet_shows_attacks(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("i")
        assert isinstance(app.screen, ImportForm)
        await pilot.press("escape")
        await pilot.pause()
        app.door.execute("npc add guard dog")
        await pilot.pause()
        table = app.query_one("#party-table")
        table.move_cursor(row=table.row_count - 1)
        await pilot.pause()
        sheet = str(app.query_one("#party-notes", Static).render())
        assert "Attacks: Bite (Bite 50%) 1d6" in sheet


async def test_count_typed_in_the_search_and_tab_to_the_count(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("b", *"cultist x3")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "cultist 3" in app.door.state.characters and "cultist 4" not in app.door.state.characters
        await pilot.press("b", *"thug", "tab")  # into the list: ↑↓ pick, enter adds
        await pilot.pause()
        assert app.focused.id == "book-list"
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, BestiaryForm) and "thug 1" in app.door.state.characters


def test_act_menu_offers_a_characters_own_attacks_first():
    from fhtagn_tui.app.forms.action_specs import Ctx, weapon_choices
    from fhtagn_tui.service import Engine

    eng = Engine.memory("coc7")
    eng.execute("npc add gnawer")
    gnawer = eng.state.characters["crypt gnawer 1"]
    choices = weapon_choices(lambda w: w.close_combat)(Ctx(eng.state, gnawer))
    assert [v for _, v in choices[:2]] == ["Claw", "Bite"]
    assert Ctx(eng.state, gnawer, {"weapon": "claw"}).weapon.name == "Claw"


async def test_initiative_add_dialog_takes_the_count_from_the_search(make_app):
    from fhtagn_tui.app.forms.action_add import FightersForm

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, FightersForm)
        form.query_one("#book-search", Input).value = "hollow x2"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, FightersForm)
        assert {"hollow hound 1", "hollow hound 2"} <= set(app.door.state.encounter.combatants)
