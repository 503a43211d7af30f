"""A requisition made on the Requisitions tab at 80×24 (FH-REQ through the UI)."""

from __future__ import annotations

from textual.widgets import DataTable, Input, Select, Static

from fhtagn_tui.app.forms.requisition import RequisitionForm
from fhtagn_tui.domain.history import fold
from fhtagn_tui.store import CampaignStore


async def test_a_favour_on_the_tab_costs_the_contact_bond(make_app, demo_path):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("4")
        await pilot.press("r")
        assert isinstance(app.screen, RequisitionForm)
        form = app.screen
        form.query_one("#rf-item", Input).value = "used car"
        form.query_one("#rf-agent", Select).value = "ada vance"
        await pilot.pause()
        form.query_one("#rf-bond", Select).value = "Partner Sam"
        form.query_one("#rf-dice", Input).value = "71"  # CHA×5 = 55: a failure
        await pilot.pause()
        assert "Unusual" in str(form.query_one("#rf-hint", Static).render())
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, RequisitionForm)
        ada = app.door.state.character("ada vance")
        assert ada.bond("Partner Sam").score == 8  # Unusual favour: −1 either way
        (row,) = app.door.state.requisitions
        assert (row.item, row.category, row.acquired, row.roll, row.target) == ("used car", "unusual", False, 71, 55)
        table = app.query_one("#req-table", DataTable)
        cells = [str(c) for c in table.get_row_at(0)]
        assert cells[1:5] == ["Ada Vance", "used car", "Unusual", "favour"]
        assert "refused" in cells[5] and "Partner Sam −1" in cells[6]
        assert "favour from Partner Sam" in str(app.query_one("#req-detail", Static).render())
    with CampaignStore.open(demo_path, readonly=True) as store:
        assert fold(store.events()).requisitions == app.door.state.requisitions


async def test_a_refused_request_keeps_the_form_and_changes_nothing(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        before = app.door.state
        await pilot.press("4", "r")
        form = app.screen
        form.query_one("#rf-item", Input).value = "pistol"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, RequisitionForm)
        assert "contact=BOND" in str(form.query_one("#rf-error", Static).render())
        assert app.door.state is before


async def test_filters_narrow_the_ledger(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.door.execute("req ada food via=own")
        app.door.execute('req jonah "plane ticket" via=favour contact="Old unit" roll=20')
        await pilot.press("4")
        await pilot.pause()
        table = app.query_one("#req-table", DataTable)
        assert table.row_count == 2
        app.query_one("#req-agent", Select).value = "jonah reyes"
        await pilot.pause()
        assert table.row_count == 1
        app.query_one("#req-category", Select).value = "incidental"
        await pilot.pause()
        assert table.row_count == 0
        assert "No requisitions match" in str(app.query_one("#req-empty", Static).render())
