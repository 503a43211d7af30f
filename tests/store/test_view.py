"""EventView: the log as a sequence decoded a chunk at a time reads exactly what the store holds,
including what is appended after it was made."""

from __future__ import annotations

import pytest

from fhtagn_tui.store import records
from fhtagn_tui.store.view import EventView

from .support import played


def test_the_view_reads_as_the_list_of_events_does(tmp_path, monkeypatch):
    monkeypatch.setattr(records, "CHUNK", 4)  # several chunks on a short log
    monkeypatch.setattr("fhtagn_tui.store.view.CHUNK", 4)
    store, eng = played(tmp_path)
    try:
        view = EventView(store)
        events = store.events()
        assert len(view) == len(events) > 8
        assert list(view) == events
        assert [view[i] for i in range(len(view))] == events
        assert view[-1] == events[-1] and view[3:9] == events[3:9] and view[-4:] == events[-4:]
        assert view[::3] == events[::3] and view[5:2] == []
        with pytest.raises(IndexError):
            view[len(events)]
        eng.execute("note appended after the view was made")
        assert len(view) == len(events) + 1
        assert view[-1].seq == len(events) + 1 and "appended" in view[-1].describe({})
        assert list(view) == store.events()
    finally:
        store.close()
