"""The public projection read once (an export) and fed as the log grows (the player view) say
what the whole log's projection says, and its GM's fold — started at the first secret — tells
what one folded from the start tells."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.history import Projection
from fhtagn_tui.domain.public import PublicLog, public_log, reveal_marks
from fhtagn_tui.domain.replay import stream_public
from fhtagn_tui.export.recap import log_marks
from fhtagn_tui.service import MemorySink
from tests.serve.test_public_property import OPS, SETUP, play


class EagerGM(PublicLog):
    """The GM's fold kept from the log's first event (as it was before it started lazily)."""

    def _reset(self) -> None:
        super()._reset()
        self.gm = Projection(checkpoint_every=0)


def entries(log: PublicLog) -> list[tuple[int, str, int, int]]:
    return [(e.no, e.text, e.session, e.event.seq) for e in log.entries]


def gm_sessions(examples: int, ops: Sequence[str] = OPS, min_size: int = 2) -> Callable[[Any], Any]:
    """A hypothesis test over ``examples`` random GM sessions: ``(system, ops, seed)`` for
    :func:`events_of`, in every system, of ``min_size`` to 24 operations drawn from ``ops``."""
    def wrap(test: Any) -> Any:
        return settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow],
                        phases=[Phase.explicit, Phase.reuse, Phase.generate])(
            given(system=st.sampled_from(sorted(SETUP)),
                  ops=st.lists(st.sampled_from(list(ops)), min_size=min_size, max_size=24),
                  seed=st.integers(0, 10_000))(test))
    return wrap


def events_of(system: str, ops: list[str], seed: int) -> list[Event]:
    eng, _ = play(system, ops, seed)
    assert isinstance(eng.sink, MemorySink)
    return list(eng.sink.events)


def check(events: list[Event]) -> None:
    whole = public_log(events)
    eager = EagerGM()
    eager.events = list(events)
    eager.rebuild()
    assert entries(whole) == entries(eager)
    fed = PublicLog()
    for ev in events:
        fed.feed([ev])
    assert entries(fed) == entries(whole)
    marks = log_marks(events)
    assert (marks.reveals, marks.revealed, marks.targets) == reveal_marks(events)
    streamed = list(stream_public(iter(events), marks.reveals, marks.revealed, marks.targets))
    assert [(ev, entry, session) for ev, entry, session, _before, _log in streamed] == whole.applied
    if streamed:
        assert streamed[-1][4].fold.state == whole.fold.state


@gm_sessions(12, min_size=4)
def test_streamed_fed_and_whole_public_logs_agree(system: str, ops: list[str], seed: int) -> None:
    check(events_of(system, ops, seed))


def test_a_log_with_reveals_undone_and_secrets_before_public_rolls() -> None:
    ops = ["note", "pool pc", "secret pool", "attack", "fight", "attack", "secret note", "reveal", "undo",
           "redo", "secret session", "note", "reveal", "undo", "secret char", "pool pc", "attack"]
    events = events_of("fhtagn", ops, 3)
    assert reveal_marks(events)[0]  # the log has reveals
    check(events)
