"""Every form's focus path, walked as a user would: it opens on the first field that needs input,
each Tab lands on the next field down the form (the order the eye reads it), and what is typed
after a Tab goes into the field it landed in — and no other.  The focused field stands out (the
focus ring), and a checkbox reads as ticked or not ("[x]" / "[ ]")."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widget import Widget
from textual.widgets import Input

from fhtagn_tui import campaigns
from fhtagn_tui.app.app import open_door
from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.app.widgets.tick_box import TickBox
from tests.app.glance_party import glance_app


def demo() -> GmApp:
    path = campaigns.create_demo(Path(tempfile.mkdtemp()))
    door = open_door(path, False)
    return GmApp(door)


def coc(**kw: bool | str) -> Callable[[], GmApp]:
    return lambda: glance_app(Path(tempfile.mkdtemp()), **kw)


FHTAGN_SAN = ["sd-loss", "sd-kind", "sd-project", "sd-repress", "sd-repress-bond", "sd-reaction", "sd-disorder",
              "sd-mod", "sd-next", "sd-cancel", "sd-who"]
COC_SAN = ["sd-loss", "sd-source", "sd-max", "sd-mythos", "sd-bout", "sd-phobia", "sd-mania", "sd-bp", "sd-next",
           "sd-cancel", "sd-who"]

#: (the form, how it opens, on which campaign, its focus path from the field it opens on: Tab by Tab,
#: round to the fields before it)
FORMS: list[tuple[str, list[str], Callable[[], GmApp], list[str]]] = [
    ("New character", ["n"], demo,
     ["f-name", "f-kind", "f-stat-STR", "f-stat-CON", "f-stat-DEX", "f-stat-INT", "f-stat-POW", "f-stat-CHA",
      "f-skills", "f-bonds", "f-hidden", "save", "cancel"]),
    ("Edit character", ["e"], demo,
     ["f-stat-STR", "f-stat-CON", "f-stat-DEX", "f-stat-INT", "f-stat-POW", "f-stat-CHA", "f-skills", "save",
      "cancel"]),
    ("FHTAGN sanity", ["s"], demo, FHTAGN_SAN),
    ("CoC sanity", ["s"], coc(), COC_SAN),
    ("Ask for a roll", ["k"], demo, ["ask-test", "ask-mod", "ask-secret", "ask-who"]),
    ("Bestiary", ["b"], demo,
     ["book-search", "book-list", "book-count", "book-hidden", "book-vary", "book-dice", "book-save", "book-cancel"]),
    ("Import", ["i"], demo, ["import-text", "import-save", "import-cancel"]),
    ("Requisition", ["4", "r"], demo,
     ["rf-item", "rf-price", "rf-category", "rf-method", "rf-bond", "rf-dice", "rf-profession", "rf-approved",
      "rf-test", "rf-save", "rf-cancel", "rf-agent"]),
    ("Start a fight", ["2", "s"], coc(),
     ["add-fight-title", "add-count", "add-dice", "add-people", "book-search", "book-list", "add-readied",
      "add-save", "add-cancel"]),
    ("Attack", ["2", "a", "a"], coc(fight=True),
     ["af-target", "af-weapon", "af-response", "af-surprise", "af-bonus", "af-penalty", "af-dice", "act-save",
      "act-cancel"]),
    ("New chase", ["3", "N"], coc(), ["cn-title", "cn-era", "cn-env", "cn-save", "cn-cancel"]),
    ("Add to a chase", ["3", "a"], coc(chase="setup"),
     ["cj-who", "cj-side", "cj-vehicle", "cj-mov", "cj-aptitude", "cj-save", "cj-more", "cj-cancel"]),
    ("GM screen table roll", ["3", "f1", "ctrl+r"], coc(chase="setup"), ["tr-dice", "tr-environment"]),
    ("Review search", ["R", "slash"], demo, ["s-character", "s-type", "s-rule", "s-text", "search-results"]),
    ("Review go to", ["R", "g"], demo, ["goto-input"]),
]


def _inputs(app: GmApp) -> dict[str, str]:
    return {w.id or "": w.value for w in app.screen.query(Input) if w.id}


async def _type_into(pilot: object, app: GmApp, widget: Widget) -> None:
    """Type after the Tab: an Input takes the text (it alone changes); a checkbox takes a space."""
    press = pilot.press  # type: ignore[attr-defined]
    if isinstance(widget, Input) and not widget.disabled:
        before = _inputs(app)
        text = "7" if widget.type in ("integer", "number") else "q"
        await press(text)
        await pilot.pause()  # type: ignore[attr-defined]
        after = _inputs(app)
        changed = [k for k in after if after[k] != before.get(k)]
        assert changed == [widget.id], f"typed into {changed}, not {widget.id}"
        assert after[widget.id or ""].endswith(text)
        await press("backspace")
    elif isinstance(widget, TickBox):
        was = widget.value
        await press("space")
        assert widget.value is not was, f"{widget.id}: space did not tick it"
        assert str(widget.render()).startswith("[x]" if widget.value else "[ ]")
        await press("space")


@pytest.mark.parametrize(("name", "keys", "make", "path"), FORMS, ids=[f[0] for f in FORMS])
async def test_every_form_focus_path(name: str, keys: list[str], make: Callable[[], GmApp],
                                     path: list[str]) -> None:
    app = make()
    async with app.run_test(size=(80, 24)) as pilot:
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        screen = app.screen
        assert app.focused is not None and app.focused.id == path[0], f"{name} opens on {app.focused}"
        await _type_into(pilot, app, app.focused)
        for expected in [*path[1:], path[0]]:  # round and back to the first
            await pilot.press("tab")
            await pilot.pause()
            assert app.screen is screen, f"{name}: a Tab left the form"
            focused = app.focused
            assert focused is not None and focused.id == expected, f"{name}: Tab landed on {focused}, not #{expected}"
            await _type_into(pilot, app, focused)


async def test_the_focused_field_stands_out_and_an_unticked_box_reads_unticked() -> None:
    app = demo()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        name = app.screen.query_one("#f-name", Input)
        skills = app.screen.query_one("#f-skills", Input)
        assert app.focused is name
        assert name.styles.background != skills.styles.background  # the focus ring: the field lit
        assert skills.styles.background != app.screen.query_one("#char-form").styles.background  # a field reads as one
        hidden = app.screen.query_one("#f-hidden", TickBox)
        assert not hidden.value and str(hidden.render()).startswith("[ ]")
        assert "X" not in str(hidden.render())
        hidden.focus()
        await pilot.press("space")
        await pilot.pause()
        assert hidden.value and str(hidden.render()).startswith("[x]")
