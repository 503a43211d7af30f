"""A following view's public projection keeps only a few groups of undo states
(``PublicLog(depth=…)``, issue 20: memory per player app): when the GM undoes or redoes further
back, it rebuilds from the log.  Whatever the GM does, the follower's public log and state equal a
fresh player's view of the same log (the whole log folded at the GM's own depth)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.public import FOLLOW_DEPTH, PublicLog, public_log
from fhtagn_tui.domain.replay import UNDO_DEPTH
from fhtagn_tui.rules.dice import RandomSource
from fhtagn_tui.service import Engine, MemorySink
from tests.serve.test_public_property import run_keeping_secrets

SETUP = ('char new "Ada Vance" STR=10 CON=11 DEX=9 INT=16 POW=14 CHA=11 Firearms=20',
         "char new Shade kind=npc STR=14 CON=12 DEX=17 INT=10 POW=13 CHA=9 Firearms=75 --hidden")
OPS = {
    "note": "note clue {n}",
    "secret note": "note hidden clue {n} (secret)",
    "pool": "char pool ada HP=-1",
    "secret pool": "char pool ada WP=-1 secret",
    "hidden pool": "char pool shade HP=-1",
    "secret char": "char new Grey{n} kind=npc STR=10 CON=10 DEX=10 INT=10 POW=10 CHA=10 --secret",
    "undo": "undo",
    "redo": "redo",
    "reveal": "reveal {secret}",
}


def _events(eng: Engine) -> list[Event]:
    sink = eng.sink
    assert isinstance(sink, MemorySink)
    return sink.events


def _same(live: PublicLog, events: list[Event]) -> None:
    fresh = public_log(events)  # a player opening now: the whole log, the GM's depth
    assert live.entries == fresh.entries
    assert live.state == fresh.state
    assert live.fold.state == fresh.fold.state


def follow(ops: list[str], depth: int, batch: int) -> PublicLog:
    """The GM runs ``ops``; a follower of ``depth`` is fed the new events every ``batch`` actions
    and checked against a fresh view each time."""
    eng = Engine.memory("fhtagn", source=RandomSource(7))
    for line in SETUP:
        eng.execute(line)
    live = PublicLog(depth=depth)
    fed = 0
    secrets: list[int] = []
    for n, op in enumerate(ops):
        run_keeping_secrets(eng, OPS[op].format(n=n, secret=secrets[n % len(secrets)] if secrets else 0), secrets)
        if (n + 1) % batch == 0:
            log = _events(eng)
            live.feed(log[fed:])
            fed = len(log)
            _same(live, log)
    log = _events(eng)
    live.feed(log[fed:])
    _same(live, log)
    return live


def test_deep_undo_and_redo_interleaved_with_new_actions() -> None:
    ops = (["note", "pool", "secret note", "hidden pool", "note", "secret pool"] * 3 + ["undo"] * 9 + ["redo"] * 4
           + ["note"] + ["undo"] * 7 + ["redo", "redo"] + ["secret note", "pool"] + ["undo"] * 12 + ["redo"] * 3)
    for depth in (1, 2, 3):
        live = follow(ops, depth, batch=1)
        assert len(live.fold.done) <= depth and (live.gm is None or len(live.gm.done) <= depth)
    follow(ops, 2, batch=5)  # several actions fed at once (a follower woken late)


def test_a_follower_keeps_only_its_depth_and_a_fresh_log_the_gms() -> None:
    ops = ["note", "secret note"] * 40
    live = follow(ops, FOLLOW_DEPTH, batch=1)
    assert live.fold.done.maxlen == FOLLOW_DEPTH and len(live.fold.done) == FOLLOW_DEPTH
    assert live.gm is not None and len(live.gm.done) == FOLLOW_DEPTH
    assert PublicLog().fold.done.maxlen == UNDO_DEPTH  # exports and fresh views: the GM's depth


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops=st.lists(st.sampled_from([*sorted(OPS), "undo", "undo", "undo", "redo"]), min_size=1, max_size=40), depth=st.integers(1, 4),
       batch=st.integers(1, 3))
def test_the_followers_view_equals_a_fresh_one_whatever_the_gm_does(ops: list[str], depth: int, batch: int) -> None:
    follow(ops, depth, batch)
