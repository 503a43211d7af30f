"""The key bar: the keys of the tab on screen, whole or not at all, and a click is the key."""

from __future__ import annotations

from fhtagn_tui.app.forms.character import CharacterForm
from fhtagn_tui.app.widgets.key_bar import KeyBar


def line(app) -> str:
    return str(app.query_one(KeyBar).render())


async def test_the_bar_follows_the_tab_and_drops_whole_keys(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = line(app)
        assert text.startswith(" n New  e Edit  s Sanity…  p HP/SAN…  t Test  del Delete  ^q Quit")
        assert text.endswith("▏^p palette") and len(text) == 79  # one column of margin at the right
        assert "Comm" not in text  # ": Command" does not fit at 80 columns: left out whole, not cut
        await pilot.press("2")
        await pilot.pause()
        assert line(app).startswith(" s Start fight  f1 Rules  ^q Quit  : Command")

async def test_at_120_columns_the_bar_has_room_for_more(make_app, tmp_path):
    from fhtagn_tui import campaigns

    async with make_app(campaigns.create_demo(tmp_path / "wide")).run_test(size=(120, 24)) as pilot:
        await pilot.pause()
        assert " : Command  ^z Undo" in line(pilot.app)


async def test_a_click_on_a_key_is_that_key(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.query_one(KeyBar)
        assert bar.key_at(0) is None and bar.key_at(1).key == "n" and bar.key_at(5).key == "n"
        assert bar.key_at(6) is None  # the gap between two keys
        assert bar.key_at(8).key == "e"
        await pilot.hover(KeyBar, offset=(2, 0))
        assert bar._hover is not None and bar._hover.key == "n"
        await pilot.click(KeyBar, offset=(2, 0))  # "n New"
        await pilot.pause()
        assert isinstance(app.screen, CharacterForm)


async def test_a_set_of_keys_seen_before_is_drawn_from_what_was_drawn_then(make_app):
    """An action turns keys off, the next turn on again: the bar draws each set of keys once; drawn
    from that, it is the line drawn then, and a click still finds its key."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.query_one(KeyBar)
        first = bar.render_line(0)
        renders = []
        original = bar.render

        def spy():
            renders.append(1)
            return original()

        bar.render = spy  # type: ignore[method-assign]
        await pilot.press("2")
        await pilot.pause()
        assert bar.render_line(0).text.startswith(" s Start fight") and renders == [1]
        assert bar.key_at(1).key == "s"
        await pilot.press("1")
        await pilot.pause()
        assert bar.render_line(0) == first and renders == [1]  # not rendered again
        assert bar.key_at(1).key == "n" and bar.key_at(8).key == "e"  # the spans of this set of keys
        bar._hover = bar.key_at(1)  # noqa: SLF001 - the mouse over a key: a new look, drawn anew
        bar.refresh()
        await pilot.pause()
        assert bar.render_line(0) != first and renders == [1, 1]
