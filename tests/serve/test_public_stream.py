"""Random GM sessions for the public projection's tests (:func:`gm_sessions`, :func:`events_of`).

That the public projection read once (an export), fed as the log grows (the player view) and folded
whole agree — and its GM's fold, started at the first secret, with one folded from the start — is
the read side's contract: ``tests/replay/test_contract.py`` (its ``players`` strategy) holds it, on
these sessions and every other log of that suite."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from fhtagn_tui.domain.events import Event
from fhtagn_tui.service import MemorySink
from tests.serve.test_public_property import OPS, SETUP, play


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
