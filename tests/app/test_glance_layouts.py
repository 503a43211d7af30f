"""What the layouts promise, read off the screen: at 120×40 the Party tab has the investigator card
beside the table (key skills, weapons with damage, armour, MOV/Build/DB, Luck, bonds, what is due)
and the table still fits; at 80×24 there is no card and nothing changes; the chase track stacks
everyone standing on a location when the terminal is tall, "+N more" at 80×24."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from fhtagn_tui.app.widgets.investigator_card import InvestigatorCard, card_text
from tests.app.glance_party import glance_app
from tests.app.screen_text import screen_lines


async def test_the_card_stands_beside_the_party_table_at_120x40(tmp_path: Path) -> None:
    app = glance_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        card = app.query_one("#party-card", InvestigatorCard)
        table = app.query_one("#party-table", DataTable)
        assert card.display and card.region.x >= table.region.right - 1  # beside, not under
        assert card.region.y == table.region.y
        assert table.max_scroll_x == 0  # the table still fits beside it
        text = "\n".join(screen_lines(app))
        for words in ("MOV 8", "Build 0", "DB 0", "Luck 55", "Armour", "Library Use 70%",
                      "Firearms (Handgun) 45%", ".38 revolver 1d10", "Due"):
            assert words in text, words
        await pilot.press("down", "down", "down")  # Mara Oduya: the card follows the cursor
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "Fighting (Brawl) 65%" in text and "Intimidate 55%" in text


async def test_no_card_at_80x24(tmp_path: Path) -> None:
    app = glance_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.query_one("#party-card", InvestigatorCard).display
        assert app.query_one("#party-table", DataTable).region.width == 80  # the whole width, as before


def test_the_card_tells_bonds_and_what_is_due() -> None:
    from fhtagn_tui.service import Engine

    eng = Engine.memory("fhtagn")
    eng.execute('char new "Agent Mara Oduya" STR=10 CON=10 DEX=10 INT=10 POW=14 CHA=10 Firearms=50 '
                'bonds="Sister Claire,Partner:9"')
    eng.execute("char new Ray STR=10 CON=10 DEX=10 INT=10 POW=10 CHA=10")
    eng.execute("san mara 1/1d8 reaction=flee roll=99,7")
    char = eng.state.characters["agent mara oduya"]
    text = card_text(eng.state, char).plain
    assert "Sister Claire 10 · Partner 9" in text
    assert "san sleep mara" in text  # due, with the command that does it
    assert "Firearms 50%" in text and "pistol 1d10" in text


async def test_the_chase_track_stacks_everyone_when_tall(tmp_path: Path) -> None:
    app = glance_app(tmp_path, chase=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("3")
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "more" not in text.split("╰")[0]  # four on location 1 and four on 4: all drawn
        for name in ("Cultist Abel", "Cultist Berta", "Deep One", "Ghoul", "Mara Oduya", "Harvey Walters"):
            assert name in text.split("╰")[0], name
    (tmp_path / "small").mkdir()
    app = glance_app(tmp_path / "small", chase=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("3")
        await pilot.pause()
        assert "+2 more" in "\n".join(screen_lines(app))  # 3 rows at 80×24: the table keeps its room


async def test_80x24_stays_complete_the_fight_order_whole(tmp_path: Path) -> None:
    """At 80×24 the Initiative order shows all twelve fighters before the fight's first result (the
    result panel takes its hint's rows only), and neither the order nor the chase table scrolls
    sideways."""
    app = glance_app(tmp_path, fight=True, chase=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2")
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        for name in ("Sam Kearney", "Harvey Walters", "Father Tomás", "Cultist Cyrus", "Sheriff Dale", "Deep One"):
            assert name in text, name
        assert app.query_one("#ini-table", DataTable).max_scroll_x == 0
        await pilot.press("3")
        await pilot.pause()
        assert app.query_one("#chase-table", DataTable).max_scroll_x == 0
