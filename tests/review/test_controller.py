"""The review cursor: state at any event, steps, action groups, sessions, rounds, go-to, following."""

from __future__ import annotations

import pytest

from fhtagn_tui.app.review import ReviewController
from fhtagn_tui.domain.history import fold
from fhtagn_tui.export.timeline import track
from fhtagn_tui.service import MemorySink
from tests.helpers import do, engine


@pytest.fixture
def log():
    eng = engine("fhtagn", "char new Ada STR=12 CON=12 DEX=13 POW=12 Firearms=50", "char new Cultist kind=npc DEX=10")
    do(eng, "session start One")  # 4 (1: campaign, 2-3: characters)
    do(eng, "fight start Barn")  # 5
    do(eng, "fight add ada cultist")  # 6-8: two joins and the order, one action
    do(eng, "fight next")  # 9-10: round 1 begins, Ada acts
    do(eng, "char pool ada HP=7 reason=bitten")  # 11
    do(eng, "fight next")  # 12: Cultist acts
    do(eng, "fight next")  # 13-15: round 1 ends, round 2 begins, Ada acts
    do(eng, "fight end")  # 16
    do(eng, "session end")  # 17
    do(eng, "session start Two")  # 18
    do(eng, "char pool ada HP=9")  # 19
    do(eng, "undo")  # 20
    sink = eng.sink
    assert isinstance(sink, MemorySink)
    return eng, list(sink.events)


def test_the_log_is_what_the_comments_say(log):
    _, events = log
    assert [type(e).__name__ for e in events[8:10]] == ["RoundStarted", "TurnAdvanced"]
    assert [type(e).__name__ for e in events[12:15]] == ["RoundEnded", "RoundStarted", "TurnAdvanced"]
    assert [e.group for e in events[5:8]] == [6, 6, 6]
    assert len(events) == 20


def test_state_at_every_cursor_is_the_fold_of_the_events_before_it(log):
    eng, events = log
    ctl = ReviewController(events, checkpoint_every=4)
    assert ctl.cursor == 20 and ctl.state == eng.state
    for seq in range(0, 21):
        ctl.go(seq)
        assert ctl.state == fold(events[:seq]), seq


def test_the_engine_projection_is_shared_not_refolded(log):
    eng, events = log
    ctl = ReviewController(events, projection=eng.projection)
    assert ctl.projection is eng.projection
    ctl.go(11)
    assert ctl.state.character("ada").current["HP"] == 7
    ctl.go(10)
    assert ctl.state.character("ada").current["HP"] == 12


def test_step_and_clamp(log):
    _, events = log
    ctl = ReviewController(events)
    assert ctl.step(-3) == 17
    assert ctl.step(100) == 20
    assert ctl.go(-5) == 0
    assert ctl.event() is None and "start of the log" in ctl.what()
    assert ctl.step(1) == 1


def test_action_groups_forward_and_back(log):
    _, events = log
    ctl = ReviewController(events)
    ctl.go(5)
    assert ctl.step_group(1) == 8  # fight add: two joins and the order, one action
    assert ctl.step_group(1) == 10  # fight next: round 1 begins, Ada acts
    assert ctl.step_group(-1) == 8  # back to before that action
    ctl.go(7)  # inside an action: back goes to before it, forward to its end
    assert ctl.step_group(-1) == 5
    ctl.go(7)
    assert ctl.step_group(1) == 8
    ctl.go(0)
    assert ctl.step_group(-1) == 0
    ctl.go(20)
    assert ctl.step_group(1) == 20


def test_session_and_round_jumps(log):
    _, events = log
    ctl = ReviewController(events)
    assert ctl.session_starts == [4, 18] and ctl.session_numbers == [1, 2]
    assert ctl.round_starts == [9, 14] and ctl.round_numbers == [1, 2]
    assert ctl.jump_session(-1) == 18
    assert ctl.jump_session(-1) == 4
    assert ctl.jump_session(-1) is None and ctl.cursor == 4
    assert ctl.jump_session(1) == 18
    assert ctl.jump_round(-1) == 14
    assert ctl.where() == "#14/20 · Session 1 · Round 2"
    assert ctl.jump_round(-1) == 9
    assert ctl.jump_round(-1) is None
    assert ctl.jump_round(1) == 14
    assert ctl.jump_round(1) is None


def test_goto_places_and_refusals(log):
    _, events = log
    ctl = ReviewController(events)
    assert ctl.goto("s2") is None and ctl.cursor == 18
    assert ctl.goto("r1") is None and ctl.cursor == 9
    assert ctl.goto("#11") is None and ctl.cursor == 11
    assert ctl.goto("start") is None and ctl.cursor == 0
    assert ctl.goto("end") is None and ctl.cursor == 20
    assert ctl.goto("s9") == "there is no session 9 in this log (sessions: s1, s2)"
    assert ctl.goto("r5") == "no round 5 was played in this log"
    assert ctl.goto("40") == "there is no event 40: the log has events 1–20"
    assert "not a place" in (ctl.goto("banana") or "")
    assert ctl.cursor == 20


def test_following_new_events_keeps_a_live_cursor_at_the_end(log):
    eng, events = log
    ctl = ReviewController(events[:15])
    assert ctl.at_end
    ctl.extend(events[15:])
    assert ctl.cursor == 20 and ctl.state == eng.state and ctl.session_starts == [4, 18]
    parked = ReviewController(events[:15])
    parked.go(5)
    parked.extend(events[15:])
    assert parked.cursor == 5 and parked.total == 20
    parked.extend(events[15:])  # seen already: nothing changes
    assert parked.total == 20


def test_where_and_what_at_the_cursor(log):
    _, events = log
    ctl = ReviewController(events)
    ctl.go(11)
    assert ctl.where() == "#11/20 · Session 1 · Round 1"
    assert ctl.what() == "Ada: HP 12 → 7 (bitten)"
    ctl.go(17)
    assert ctl.where() == "#17/20 · after session 1"
    ctl.go(2)
    assert ctl.where() == "#2/20 · before the first session"


def test_timelines_of_the_session_at_the_cursor(log):
    _, events = log
    ctl = ReviewController(events)
    ctl.go(17)
    assert ctl.session_window() == (4, 17)
    tracks = {t.key: t for t in ctl.timelines()}
    ada = tracks["ada"]
    assert ada.values("HP") == [12, 7]
    assert [p.seq for p in ada.series["HP"]] == [3, 11]
    assert ada.series["HP"][1].text == "Ada: HP 12 → 7 (bitten)"
    ctl.go(20)  # session 2: HP set to 9, then undone back to 7
    tl = {t.key: t for t in ctl.timelines()}
    assert tl["ada"].values("HP") == [7, 9, 7]
    assert tl["ada"].series["HP"][2].text == "Undo: Ada: HP 7 → 9"


def test_track_from_the_empty_state_sees_characters_join(log):
    _, events = log
    tracks = {t.key: t for t in track(events[:11])}
    assert tracks["ada"].series["HP"][0].text.startswith("Ada joins as agent")
    assert tracks["ada"].values("HP") == [12, 7]
    assert tracks["cultist"].values("HP") == [10] and not tracks["cultist"].moved
