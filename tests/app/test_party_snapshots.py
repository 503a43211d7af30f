"""The Party tab's sheet: body and mind, pool history, what is due next (snapshots and Pilot)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable, Static

from fhtagn_tui import campaigns
from fhtagn_tui.app.app import open_door
from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.app.screens.party import PartyTab, span, spark
from fhtagn_tui.app.screens.party_sheet import due_lines, mind_text
from fhtagn_tui.service import Engine

#: Ada through a bad night: two violence boxes, a broken bond, a disorder, held breath.
NIGHT = (
    "san ada 1/1d6 kind=violence roll=10",  # success: 1 lost, a violence box
    "san ada 1/1d6 kind=violence roll=12",
    'bond ada "Dr. Okafor" 0',
    'disorder add ada "PTSD (the farmhouse)"',
    "suffocate ada turns=3",
    "char pool ada HP=7 reason=\"the cellar stairs\"",
)


def _app(tmp_path: Path) -> GmApp:
    path = campaigns.create_demo(tmp_path)
    door = open_door(path, False)
    for line in NIGHT:
        door.execute(line)
    return GmApp(door)


def test_party_sheet_snapshot(snap_compare, tmp_path):
    assert snap_compare(_app(tmp_path), terminal_size=(80, 24))


def test_party_sheet_snapshot_wide(snap_compare, tmp_path):
    assert snap_compare(_app(tmp_path), terminal_size=(120, 40))


async def test_the_sheet_shows_bonds_boxes_a_disorder_and_what_is_due(tmp_path):
    app = _app(tmp_path)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.query_one("#party-table", DataTable).cursor_row == 0  # Ada Vance
            party = app.query_one(PartyTab)
            body, mind, due = (party.parts[k].plain for k in ("body", "mind", "due"))
            notes = str(app.query_one("#party-notes", Static).render())
            head = str(app.query_one("#party-sheet", Static).render())
            assert body in notes and mind in notes
            assert due in head and due not in notes  # what is due: right under the head, above the fold
            assert "Sister Claire 11 · Partner Sam 9 · Dr. Okafor 0 ✗ BROKEN" in body
            assert "Adaptation: violence ☒☒☐  helplessness ☐☐☐" in mind
            assert "Disorders: PTSD (the farmhouse)" in mind
            assert "holding breath: 3 turns left, then CON×5 each turn — hazard tick ada suffocation" in due
            assert "insomnia: a SAN roll at the next sleep, failure regains no WP — san sleep ada" in due
            # the pools' history from the log: SAN 70 → 69 → 68, HP 11 → 7
            sheet = str(app.query_one("#party-sheet", Static).render()).splitlines()
            san = next(line for line in sheet if line.startswith("SAN "))
            assert san.startswith("SAN  68/99") and san.endswith(" 70→68")
            assert san[19:39] == "███████▅▅▅▅▅▅▅▁▁▁▁▁▁"  # 70, 69, 68 stretched over 20 columns
            assert party.pool_data[0] == ("SAN", [70, 69, 68])
            assert party.pool_data[3] == ("HP", [11, 7])
            # the sheet is longer than 80×24 leaves it: shift+down scrolls it from the table
            scroll = app.query_one("#party-scroll")
            assert scroll.max_scroll_y > 0 and scroll.scroll_y == 0
            await pilot.press("shift+down")
            await pilot.pause()
            assert scroll.scroll_y == min(3, scroll.max_scroll_y)
            # a change made now joins the history
            app.door.execute("char pool ada SAN=60")
            await pilot.pause()
            assert party.pool_data[0] == ("SAN", [70, 69, 68, 60])
            # the next character's sheet: nothing due
            await pilot.press("down")
            await pilot.pause()
            assert "Jonah Reyes" in str(app.query_one("#party-sheet", Static).render())
            assert party.parts["due"].plain == "Due next: nothing"
            assert "\nDue next: nothing\n" in str(app.query_one("#party-notes", Static).render())  # skills follow
    finally:
        app.door.close(save=False)


def test_gurps_traits_and_timers_on_the_sheet():
    engine = Engine.memory("gurps")
    engine.execute("char new Ilse ST=10 DX=10 IQ=12 HT=11")
    engine.execute('trait add ilse "Fear of cellars" points=-10 kind=mental sc=12')
    engine.execute("fright ilse mod=-2 roll=6,5,4,1,2,1")  # 15 vs 10: margin 5; table 4+5 = 9: stunned 1 s
    ilse = engine.state.character("ilse")
    assert str(mind_text(engine.state, ilse)) == (
        "Quirks & disadvantages (-10 pts): Fear of cellars [mental -10, SC 12]")
    assert due_lines(engine.state, ilse) == [
        "stunned 1 s, then a modified will roll (10) each s — fright recover ilse stunned"]


def test_coc_insanity_phobias_and_manias_on_the_sheet():
    engine = Engine.memory("coc7")
    engine.execute("char new Harvey STR=50 CON=50 SIZ=60 DEX=50 APP=50 INT=70 POW=60 EDU=70")
    engine.execute('phobia add harvey "deep water"')
    engine.execute("mania add harvey kleptomania")
    engine.execute("sanity harvey 1/1d10 roll=90,8,40,6,3,5")  # 8 lost; INT 40 vs 70: insane 6 h; a bout
    harvey = engine.state.character("harvey")
    mind = str(mind_text(engine.state, harvey))
    assert "Insanity: temporarily insane" in mind
    assert "Phobias: deep water" in mind and "Manias: kleptomania" in mind
    assert ("temporarily insane for 6 h: a bout on any further loss — recover harvey hours=N|rest"
            in due_lines(engine.state, harvey))


def test_span_says_how_a_pool_went():
    assert span([]) == ""
    assert span([14]) == "steady"
    assert span([70, 69, 68]) == "70→68"
    assert span([11, 3, 7]) == "11→7 (low 3)"
    assert span([11, 4, 11]) == "11→11 (low 4)"


def test_spark_buckets_scales_and_stretches():
    assert spark([], 5).plain == "▁▁▁▁▁"
    assert spark([9, 9], 4).plain == "▁▁▁▁"  # a pool that never moved: a flat line
    assert spark([0, 7], 4).plain == "▁▁██"  # two values stretched over four columns
    assert spark([8, 0, 4, 8], 2).plain == "▁▅"  # buckets of two, each shown by its lowest
    assert spark(list(range(100)), 10).plain == "▁▁▂▃▄▅▅▆▇█"  # more values than columns
    low, high = spark([0, 7], 2).spans
    assert (low.style, high.style) == ("red", "green")


async def test_the_history_of_a_campaign_opened_from_its_snapshot_is_read_in_a_thread(tmp_path):
    """Opened from the start-up snapshot, the projection has no undo history yet: the sheet's
    series are folded from the log in a worker thread, and the undo history stays unbuilt."""
    app = _app(tmp_path)
    app.door.close(save=False)
    path = app.door.path
    door = open_door(path, False)  # the first opening wrote the snapshot
    assert door.resuming
    app = GmApp(door)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
            party = app.query_one(PartyTab)
            assert party.pool_data[0] == ("SAN", [70, 69, 68])
            assert party.pool_data[3] == ("HP", [11, 7])
            assert door.resuming  # nothing built that the GM did not ask for
            door.execute("char pool ada SAN=60")
            await pilot.pause()
            assert party.pool_data[0] == ("SAN", [70, 69, 68, 60])
    finally:
        door.close(save=False)
