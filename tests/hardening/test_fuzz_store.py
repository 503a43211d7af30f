"""Property test over the store: random sequences of appends, undo, redo and
reopen give the same state as a pure fold of the log."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fhtagn_tui import campaigns
from fhtagn_tui.commands import ParseError
from fhtagn_tui.domain.decide import Rejected
from fhtagn_tui.domain.history import fold
from fhtagn_tui.rules.dice import RandomSource
from fhtagn_tui.service import Engine
from fhtagn_tui.store import CampaignStore

STEPS = st.one_of(
    st.builds(lambda n: f"char pool ada HP={n}", st.integers(0, 12)),
    st.builds(lambda n: f"note step {n}", st.integers(0, 999)),
    st.builds(lambda n: f"test ada Firearms roll={n}", st.integers(1, 100)),
    st.builds(lambda n: f"char set ada Firearms={n}", st.integers(0, 99)),
    st.just("undo"),
    st.just("redo"),
    st.just("reopen"),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=st.lists(STEPS, min_size=1, max_size=25))
def test_appends_undo_redo_reopen_equal_a_pure_fold(steps):
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fuzz.fhtagn"
        campaigns.create_campaign(path, "fhtagn").close()
        store = CampaignStore.open(path)
        engine = Engine(store, store.events(), source=RandomSource(3))
        engine.execute("char new Ada STR=12 CON=12 Firearms=50")
        try:
            for step in steps:
                if step == "reopen":
                    state = engine.state
                    store.close()
                    store = CampaignStore.open(path)
                    engine = Engine(store, store.events(), source=RandomSource(3))
                    assert engine.state == state
                    continue
                try:
                    engine.execute(step)
                except (ParseError, Rejected):
                    pass
                assert fold(store.events()) == engine.state
        finally:
            store.close()
        with CampaignStore.open(path, readonly=True) as reader:
            assert fold(reader.events()) == engine.state
