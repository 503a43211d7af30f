"""The Party table is styled as focused from its first style (start-up, issue 20).

The app focuses the Party table at start (``GmApp.on_mount``).  Textual would style the table
when it is mounted, then again, with its nine component classes, when the focus came: the table
is marked focused as it is composed (``PartyTab.compose``), so its first style is already the
focused one.  Checked here: before the first frame the table is styled twice only (mounted, and
Textual's restyle of the screen when it is first shown), it has the focus, and its styles are
those a restyle of the focused table gives; and when another widget holds the focus at start,
the table is not left looking focused.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.widgets import DataTable

from fhtagn_tui.app.gm import GmApp


def _styles(table: DataTable[Any]) -> dict[str, object]:
    """What the table draws with: its own styles and each component class's."""
    out: dict[str, object] = {"": table.rich_style, "focus": table.has_focus}
    for name in sorted(table._get_component_classes()):  # noqa: SLF001 - Textual's own list of them
        out[name] = table.get_component_rich_style(name, partial=True)
    return out


@pytest.fixture
def party_table_styled(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each time the stylesheet is applied to the Party table: 'painted' marks the first frame."""
    applied: list[str] = []
    apply = Stylesheet.apply

    def spy(self: Stylesheet, node: DOMNode, **kwargs: Any) -> None:
        if node.id == "party-table":
            applied.append("styled")
        apply(self, node, **kwargs)

    monkeypatch.setattr(Stylesheet, "apply", spy)
    return applied


@pytest.mark.parametrize("readonly", [False, True])
async def test_the_table_is_styled_focused_once_before_the_first_frame(make_app, party_table_styled, readonly):
    app: GmApp = make_app(readonly=readonly)
    seen: dict[str, object] = {}

    def painted() -> None:  # the bench's first paint (tests/bench/bench_startup.py)
        party_table_styled.append("painted")
        table = app.query_one("#party-table", DataTable)
        seen["focused"] = app.screen.focused is table
        seen["styles"] = _styles(table)

    async with app.run_test(size=(80, 24)) as pilot:
        app.call_after_refresh(painted)
        await pilot.pause()
        table = app.query_one("#party-table", DataTable)
        assert party_table_styled[: party_table_styled.index("painted")] == ["styled", "styled"]
        assert seen["focused"] is True
        table.update_node_styles(animate=False)  # styled anew, focused: the same as at the first frame
        assert _styles(table) == seen["styles"]
        await pilot.press("tab")  # the focus moves on: the table no longer looks focused
        await pilot.pause()
        if app.screen.focused is not table:
            assert _styles(table) != seen["styles"] and not table.has_focus


async def test_when_another_widget_has_the_focus_at_start_the_table_does_not_look_focused(make_app, monkeypatch):
    app: GmApp = make_app(readonly=True)
    mount = GmApp.on_mount
    seen: dict[str, object] = {}

    def on_mount(self: GmApp) -> None:
        self.screen.set_focus(self.query_one("#party-scroll"))  # something else took the focus first
        mount(self)
        table = self.query_one("#party-table", DataTable)
        seen["has_focus"] = table.has_focus
        seen["focused"] = self.screen.focused is table

    monkeypatch.setattr(GmApp, "on_mount", on_mount)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert seen == {"has_focus": False, "focused": False}  # not marked focused while another widget is
        table = app.query_one("#party-table", DataTable)
        styled = _styles(table)
        table.update_node_styles(animate=False)
        assert _styles(table) == styled  # whatever holds the focus now, its styles say so
