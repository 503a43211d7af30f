"""An event that cannot be folded changes nothing in the fold (no record of it is left on the undo
stack), so the players' recap reads the public projection's own fold instead of folding the log a
second time beside it — and tells the same."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from fhtagn_tui.domain import decide, replay
from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.features.campaign import CampaignCreated, NoteAdded
from fhtagn_tui.domain.history import Projection, Undone
from fhtagn_tui.domain.public import public_log
from fhtagn_tui.domain.replay.plain import PlainFold, with_history
from fhtagn_tui.domain.state import State
from fhtagn_tui.export import export_text
from fhtagn_tui.export import recap as recap_module
from fhtagn_tui.export.recap import log_marks
from tests.serve.test_public_stream import events_of


class Boom(Exception):
    pass


@pytest.fixture
def boom(monkeypatch: pytest.MonkeyPatch) -> None:
    """A note reading "boom" cannot be folded on a state with fewer than two notes."""
    fold_note = decide.EVOLVERS[NoteAdded]

    def evolve(state: State, ev: NoteAdded) -> State:
        if ev.text == "boom" and state.notes < 2:
            raise Boom(ev.text)
        return fold_note(state, ev)

    monkeypatch.setitem(decide.EVOLVERS, NoteAdded, evolve)


def log(*events: Event) -> list[Event]:
    first: list[Event] = [CampaignCreated(name="t", system="fhtagn", seq=1, group=1)]
    return first + [e for e in events]


def note(seq: int, text: str, secret: bool = False) -> NoteAdded:
    return NoteAdded(text=text, seq=seq, group=seq, secret=secret)


def where(p: Projection) -> tuple[object, ...]:
    return p.state, p.seq, p.open_group, [r.group for r in p.done], [r.group for r in p.undone]


@pytest.mark.usefixtures("boom")
def test_an_event_that_cannot_be_folded_leaves_the_projection_as_it_was() -> None:
    p = Projection(checkpoint_every=0)
    for ev in log(note(2, "a")):
        p.apply(ev)
    p.apply(Undone(target=2, seq=3, group=3))  # something to redo: a new group would clear it
    before = where(p)
    with pytest.raises(Boom):
        p.apply(note(4, "boom"))
    assert where(p) == before
    assert [r.group for r in p.undone] == [2]


@pytest.mark.usefixtures("boom")
def test_a_fold_stops_where_the_last_event_was_folded() -> None:
    p = Projection(checkpoint_every=0)
    with pytest.raises(Boom):
        p.apply_all(log(note(2, "a"), note(3, "boom"), note(4, "never")))
    assert (p.seq, p.open_group, [r.group for r in p.done], p.state.notes) == (2, 2, [1, 2], 1)


@pytest.mark.usefixtures("boom")
def test_the_public_fold_keeps_no_record_of_an_event_players_cannot_fold() -> None:
    # a secret note, a public one, then "boom": the GM's fold can fold it (two notes), the
    # players' cannot (one): it stays with the secrets.  The GM undoes it, then the public note.
    events = log(note(2, "hush", secret=True), note(3, "p"), note(4, "boom"),
                 Undone(target=4, seq=5, group=5), Undone(target=3, seq=6, group=6, label="Note: p"))
    public = public_log(events)
    assert [e.text for e in public.entries][-2:] == ["Note: p", "Undo: Note: p"]
    assert public.fold.state.notes == 0  # the undo of the public note reached the players' fold
    assert [r.group for r in public.fold.done] == [1]
    assert public.gm is not None and public.gm.state.notes == 1


def test_the_players_recap_folds_the_log_once(monkeypatch: pytest.MonkeyPatch) -> None:
    events = events_of("coc7", ["note", "secret pool", "fight", "attack", "pool pc", "undo", "chase", "pool hidden",
                                "secret note", "reveal", "redo", "session"], 3)
    applied: list[Event] = []

    class Counting(Projection):
        def apply(self, ev: Event) -> None:
            applied.append(ev)
            super().apply(ev)

    class CountingPlain(PlainFold):
        def apply(self, ev: Event) -> None:
            applied.append(ev)
            super().apply(ev)

    def counting_history(fold: Projection) -> Projection:
        # (the recap's fold goes on with the undo history from the first group an undo reaches)
        made = with_history(fold)
        counted = Counting(checkpoint_every=0)
        counted.state, counted.seq, counted.open_group, counted.done = made.state, made.seq, made.open_group, made.done
        return counted

    assert 1 < log_marks(events).since < len(events)  # (plain, then with the history)
    gm_text = export_text(events, "md")
    players_text = export_text(events, "html", players=True)
    def counting_fold(since: int = 1, count: bool = True) -> Projection:
        # (the recap's fold as the read side chooses it: with the history when an undo may reach
        # anything, else plain)
        return Counting(checkpoint_every=0) if since == 1 else CountingPlain(count=count)

    read_side = SimpleNamespace(gc_paused=replay.gc_paused, fold=counting_fold, with_history=counting_history)
    monkeypatch.setattr(recap_module, "replay", read_side)
    assert export_text(events, "md") == gm_text
    assert applied == events  # the GM's recap folds every event, once
    applied.clear()
    assert export_text(events, "html", players=True) == players_text
    assert applied == []  # the players' recap folds none of its own: it reads the public fold
