"""The Party sheet's first layout is its last (start-up, issue 20): before it, the tab takes its
wide or narrow arrangement from the window's width, and the sheet's box is told whether its lines
overflow it (``PartyTab._expect_scroll_bar``) — else Textual lays the screen out again and draws the
sheet once more, narrower, when it finds the scroll bar needed or the tab wide.  The guess is
checked against what Textual decides, at several window sizes, for the GM (with a command line)
and a read-only view."""

from __future__ import annotations

import pytest
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.widget import Widget

from fhtagn_tui.app.screens.party import PartyTab

SIZES = [(80, 24), (80, 30), (100, 30), (120, 40), (160, 50), (60, 20)]


@pytest.fixture
def sheet_widths(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The widths the sheet is laid out at, in order."""
    widths: list[int] = []
    sized = Widget._size_updated

    def spy(self: Widget, size: Size, *args: object, **kwargs: object) -> bool:
        if self.id == "party-sheet" and size.width and (not widths or widths[-1] != size.width):
            widths.append(size.width)
        return sized(self, size, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Widget, "_size_updated", spy)
    return widths


@pytest.fixture
def guesses(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    made: list[bool] = []
    guess = PartyTab._expect_scroll_bar

    def spy(self: PartyTab, scroll: VerticalScroll, *args: object) -> None:
        guess(self, scroll, *args)  # type: ignore[arg-type]
        made.append(scroll.show_vertical_scrollbar)

    monkeypatch.setattr(PartyTab, "_expect_scroll_bar", spy)
    return made


@pytest.mark.parametrize("readonly", [False, True])
@pytest.mark.parametrize("size", SIZES)
async def test_the_guess_is_what_textual_decides(make_app, guesses, sheet_widths, size, readonly):
    app = make_app(readonly=readonly)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        scroll = app.query_one("#party-scroll", VerticalScroll)
        assert guesses == [scroll.show_vertical_scrollbar]  # guessed once, before the first layout: right
        assert len(sheet_widths) == 1  # laid out once, at its final width


async def test_at_80x24_the_sheet_overflows_and_is_laid_out_once_with_its_scroll_bar(make_app, sheet_widths):
    app = make_app(readonly=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scroll = app.query_one("#party-scroll", VerticalScroll)
        assert scroll.show_vertical_scrollbar and scroll.max_scroll_y > 0
        assert sheet_widths == [80 - 2 - 2]  # padding, then the scroll bar: never first at 78


async def test_a_sheet_that_fits_gets_no_scroll_bar(make_app, guesses):
    app = make_app()
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        scroll = app.query_one("#party-scroll", VerticalScroll)
        assert guesses == [False] and not scroll.show_vertical_scrollbar
