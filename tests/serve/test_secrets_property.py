"""Property (issue 30): no byte players read depends on a secret.

A sequence of public and secret commands in each system is played twice, its secret commands with
other numbers, names and dice the second time; the players' log, a following view's log and state,
and the players' recaps must be the same bytes (``secret_twins``).  A few examples here; many in
``tests/bench/bench_secrets.py``.
"""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from .secret_twins import OPS, SYSTEMS, differences


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(system=st.sampled_from(SYSTEMS), ops=st.lists(st.sampled_from(OPS), min_size=4, max_size=16),
       salts=st.tuples(st.integers(0, 1 << 20), st.integers(0, 1 << 20)).filter(lambda s: s[0] != s[1]))
def test_no_player_output_depends_on_a_secret(system: str, ops: list[str], salts: tuple[int, int]) -> None:
    found = differences(system, ops, salts)
    assume(found is not None)  # the GM did the same secret things in both runs
    assert not found, found[0]
