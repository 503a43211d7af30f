"""The app is the door's one subscriber; its tabs hear of new events by an EventsAppended message.

A tab keeps what it needs of the events (``take``) before it redraws (``show``): the order the
Initiative tab once had by putting its listener before the app's."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.app.messages import EventsAppended
from fhtagn_tui.app.screens.base import GameTab
from fhtagn_tui.app.screens.initiative import InitiativeTab
from fhtagn_tui.app.screens.party import PartyTab
from fhtagn_tui.app.screens.reference import ReferenceScreen
from fhtagn_tui.door import Door
from fhtagn_tui.rules.dice import RandomSource

SIZE = (80, 24)


def _door(tmp_path: Path) -> Door:
    from fhtagn_tui import campaigns

    door = Door.open(campaigns.create_demo(tmp_path), source=RandomSource(3))
    for line in ('fight start "The barn"', 'fight add "ada" "jonah"'):
        door.execute(line)
    return door


async def test_tabs_are_told_by_message_and_keep_the_events_before_they_redraw(tmp_path, monkeypatch):
    door = _door(tmp_path)
    calls: list[tuple[str, str, object]] = []
    told: list[tuple[str, tuple[int, ...], bool]] = []
    handler = GameTab.on_events_appended

    def spy(self: GameTab, message: EventsAppended) -> None:
        told.append((type(self).__name__, tuple(ev.seq for ev in message.events), message.redraw))
        handler(self, message)

    take, show = InitiativeTab.take, InitiativeTab.show
    monkeypatch.setattr(GameTab, "on_events_appended", spy)
    monkeypatch.setattr(InitiativeTab, "take", lambda self, evs: (calls.append(("take", "", evs[-1].seq)),
                                                                   take(self, evs))[1])
    monkeypatch.setattr(InitiativeTab, "show", lambda self, st: (calls.append(("show", "", st.encounter)),
                                                                  show(self, st))[1])
    app = GmApp(door)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("2")
            await pilot.pause()
            await pilot.press("f1")  # the GM screen over the tabs (it logs table rolls)
            await pilot.pause()
            assert isinstance(app.screen, ReferenceScreen)
            assert door.subscribers == (app._on_events,)  # the app is the door's one subscriber
            await pilot.press("escape")
            await pilot.pause()
            calls.clear()
            events = door.execute("fight next").events
            seqs = tuple(ev.seq for ev in events)
            await pilot.pause()
            assert ("InitiativeTab", seqs, True) in told  # on screen: keep, then redraw
            party = app.query_one(PartyTab)
            assert all(name != "PartyTab" for name, _, _ in told)  # nothing to keep: not told …
            assert app.is_stale(party)  # … only drawn again when opened
            assert [c[0] for c in calls][:2] == ["take", "show"] and calls[0][2] == seqs[-1]
            # a result on the panel: what the tab kept, drawn by the redraw the same message asked for
            events = door.execute('note "a lantern in the hayloft"').events
            await pilot.pause()
            assert [ev.seq for ev in app.query_one(InitiativeTab)._last] == [ev.seq for ev in events]
            # out of sight, the Initiative tab is told by a posted message: it keeps, and draws when opened
            await pilot.press("1")
            await pilot.pause()
            told.clear()
            calls.clear()
            events = door.execute('note "footsteps above"').events
            await pilot.pause()
            seqs = tuple(ev.seq for ev in events)
            assert sorted(told) == [("InitiativeTab", seqs, False), ("PartyTab", seqs, True)]
            assert [c[0] for c in calls] == ["take"]
            await pilot.press("2")
            await pilot.pause()
            assert calls[-1][0] == "show" and app.query_one(InitiativeTab)._last == events
            await pilot.press("5")  # the Log, filled when first shown, then appended to by message
            await pilot.pause()
            door.execute("note one more")
            await pilot.pause()
            table = app.query_one("#log-table", DataTable)
            assert str(table.get_row_at(table.row_count - 1)[0]) == str(door.next_seq - 1)
            assert str(table.get_row_at(table.row_count - 2)[0]) == str(events[-1].seq)
    finally:
        door.close()
    assert door.subscribers == (app._on_events,)  # nothing else ever subscribed
