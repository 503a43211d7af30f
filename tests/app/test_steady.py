"""update_steady: a Static updated in place when its height stays, laid out when it changes."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.geometry import Size
from textual.widgets import Static

from fhtagn_tui.app.widgets.steady import update_steady


class Box(App[None]):
    CSS = "#box { height: auto; min-height: 3; max-height: 6; } #below { height: 1; }"

    def compose(self) -> ComposeResult:
        yield Static("one", id="box")
        yield Static("below", id="below")


async def test_it_shows_the_new_text_and_moves_what_follows_only_when_its_height_changes() -> None:
    app = Box()
    async with app.run_test(size=(40, 12)) as pilot:
        box, below = app.query_one("#box", Static), app.query_one("#below", Static)
        await pilot.pause()
        assert box.size.height == 3 and below.region.y == 3
        laid_out = []
        original = box.refresh

        def spy(*args: object, layout: bool = False, **kwargs: object) -> object:
            laid_out.append(layout)
            return original(*args, layout=layout, **kwargs)  # type: ignore[arg-type]

        box.refresh = spy  # type: ignore[method-assign]
        update_steady(box, "two\nlines")  # within the least height: drawn in place
        await pilot.pause()
        assert "two" in str(box.render()) and not any(laid_out)
        assert below.region.y == 3
        update_steady(box, "1\n2\n3\n4\n5")  # taller: laid out, what follows moves down
        await pilot.pause()
        assert any(laid_out) and box.size.height == 5 and below.region.y == 5
        laid_out.clear()
        update_steady(box, "a\nb\nc\nd\ne")  # the same height again: in place
        await pilot.pause()
        assert not any(laid_out) and "a" in str(box.render()) and below.region.y == 5
        update_steady(box, "short")  # back to the least height
        await pilot.pause()
        assert any(laid_out) and box.size.height == 3 and below.region.y == 3


async def test_the_same_text_is_not_drawn_again_and_any_change_is() -> None:
    from rich.text import Text

    app = Box()
    async with app.run_test(size=(40, 12)) as pilot:
        box = app.query_one("#box", Static)
        update_steady(box, Text("Ada Vance", style="bold"))
        await pilot.pause()
        drawn: list[bool] = []
        original = box.refresh

        def spy(*args: object, **kwargs: object) -> object:
            drawn.append(True)
            return original(*args, **kwargs)  # type: ignore[arg-type]

        box.refresh = spy  # type: ignore[method-assign]
        update_steady(box, Text("Ada Vance", style="bold"))  # the same: nothing to draw
        assert not drawn
        for changed in (Text("Ada Vance", style="italic"), Text("Ada Vance", style="bold", justify="right"),
                        Text.assemble(("Ada", "bold"), " Vance"), "Ada Vance"):
            update_steady(box, changed)  # another style, another layout, a span, a plain string: drawn
            assert drawn, changed
            drawn.clear()
        update_steady(box, "Ada Vance")
        assert not drawn
        await pilot.pause()
        assert "Ada Vance" in str(box.render())




async def test_a_request_on_the_gm_log_moves_nothing_once_its_lines_have_their_rows(tmp_path) -> None:
    """The GM's ``ask`` on the Log tab (120×40), request after request.  The first shows the #asks
    line (and the Log's scroll bar): the tabs are laid out again.  From then on the #asks line keeps
    its row when the last answer closes the request, and the Log's detail keeps its rows from an
    answer (three lines) to the next request (two): no widget moves, so the tab is not laid out
    and drawn again (twice: a resized container asks Textual for a second pass)."""
    import asyncio

    from textual._compositor import Compositor

    from fhtagn_tui import campaigns
    from fhtagn_tui.app.app import open_door
    from fhtagn_tui.app.gm import GmApp

    path = tmp_path / "rolls.fhtagn"
    campaigns.create_campaign(path, "fhtagn", "Rolls").close()
    door = open_door(path, False)
    door.execute("session start Rolls")
    for i in range(1, 9):
        door.execute(f"char new Agent0{i} STR=10 CON=10 DEX=10 INT=10 POW=10 CHA=10 Search=50")
    for i in range(40):  # the Log's scroll bar is there from the start (its showing moves the table)
        door.execute(f"note the table waits {i}")
    app = GmApp(door)
    changed: list[int] = []
    original = Compositor.reflow

    def reflow(self: Compositor, parent: object, size: object) -> object:
        before = dict(self._full_map)  # noqa: SLF001
        result = original(self, parent, size)  # type: ignore[arg-type]
        changed.append(sum(1 for w, g in self._full_map.items() if before.get(w) != g))  # noqa: SLF001
        return result

    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("5")
            asks = app.query_one("#asks", Static)
            for n in range(1, 5):
                await pilot.press("colon", *"ask all Search")
                await asyncio.sleep(0.1)
                Compositor.reflow = reflow  # type: ignore[method-assign]
                changed.clear()
                await pilot.press("enter")
                await asyncio.sleep(0.3)
                Compositor.reflow = original  # type: ignore[method-assign]
                assert asks.display and f"Open request {n} Search" in str(asks.render())
                if n > 1:
                    assert not any(changed), (n, changed)
                for k in range(1, 9):  # each answers: a roll's three rows in the detail, the line keeps the results
                    door.execute(f"answer {n} agent0{k} roll=40")
                    await asyncio.sleep(0.05)
                # the line keeps the results until the GM dismisses them (issue 34); then it is empty
                assert asks.display and f"Request {n} Search — Agent01 40 → Success" in str(asks.render())
                await pilot.press("escape", "D")  # out of the command line first
                await asyncio.sleep(0.05)
                assert asks.display and "Request" not in str(asks.render())
    finally:
        Compositor.reflow = original  # type: ignore[method-assign]
        door.close(save=False)



async def test_the_quick_row_count_is_the_one_textual_measures() -> None:
    """``unwrapped_rows`` (a Text whose lines all fit: one row a line) agrees with Textual's own
    measure, on lines of every width up to the box's, wide characters and empty lines among them."""
    import random

    from rich.text import Text

    from fhtagn_tui.app.widgets.steady import unwrapped_rows

    rng = random.Random(7)
    words = ["a", "ghoul", "▶", "—", "Ada Vance", "鬼", "  ", "x" * 12, "·", "SAN"]
    app = Box()
    async with app.run_test(size=(40, 12)) as pilot:
        box = app.query_one("#box", Static)
        await pilot.pause()
        checked = 0
        for _ in range(300):
            width = rng.randint(8, 40)
            lines = [" ".join(rng.choice(words) for _ in range(rng.randint(0, 6))) for _ in range(rng.randint(1, 5))]
            text = Text("\n".join(lines))
            if rng.random() < 0.5:
                text.stylize("bold", 0, rng.randint(0, len(text.plain)))
            quick = unwrapped_rows(text, width)
            if quick is None:
                continue
            box.update(text, layout=False)
            box.clear_cached_dimensions()
            assert quick == box.get_content_height(Size(0, 0), Size(0, 0), width), (text.plain, width)
            checked += 1
        assert checked > 80


async def test_a_wrapped_text_is_measured_once_not_again_as_the_one_before() -> None:
    app = Box()
    async with app.run_test(size=(40, 12)) as pilot:
        box = app.query_one("#box", Static)
        await pilot.pause()
        measured: list[int] = []
        original = box.get_content_height

        def spy(container: Size, viewport: Size, width: int) -> int:
            measured.append(width)
            return original(container, viewport, width)

        box.get_content_height = spy  # type: ignore[method-assign]
        long = "a message long enough to wrap " * 3  # wider than the box: Textual measures it
        update_steady(box, long.strip() + ".")
        update_steady(box, long.strip() + "!")  # its "before" is the height measured just now
        assert len(measured) == 3  # the first's before (never measured), the first, the second
        await pilot.pause()
        assert "!" in str(box.render()) and box.size.height == 3
