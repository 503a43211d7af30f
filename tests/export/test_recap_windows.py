"""A recap of one session (``--session N``) tells exactly the lines the whole log's recap tells
under that session — all its windows as one (the time between sessions, session 0, comes back
after each session) — and counts as many events as it tells, for the GM and for the players."""

from __future__ import annotations

import pytest

from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.features.campaign import CampaignCreated, NoteAdded, SessionStarted
from fhtagn_tui.export.recap import Recap, build_recap
from fhtagn_tui.rules.dice import RandomSource
from fhtagn_tui.service import Engine, MemorySink
from tests.export.test_export import SESSIONS, play

BETWEEN = (
    'char new "Ada Vance" STR=12 CON=11 DEX=13 INT=15 POW=14 CHA=10 Firearms=50',
    "note before anything",
    "session start One",
    "test ada Firearms roll=37",
    "note in one",
    "session end",
    "note between one and two",
    "char pool ada HP=7 reason=fall",
    "session start Two",
    "note in two",
    "undo",
    "session end",
    "note after two",
)


def between() -> list[Event]:
    eng = Engine.memory("fhtagn", source=RandomSource(5))
    for line in BETWEEN:
        eng.execute(line)
    assert isinstance(eng.sink, MemorySink)
    return list(eng.sink.events)


def told(recap: Recap, number: int) -> list[tuple[int, str, str, bool, str, int, bool]]:
    return [(line.seq, line.text, line.kind, line.secret, g.actor, g.round, g.undone)
            for s in recap.sessions if s.number == number for g in s.groups for line in g.lines]


@pytest.mark.parametrize("players", [False, True])
@pytest.mark.parametrize("log", ["between", *sorted(SESSIONS)])
def test_one_session_is_its_windows_of_the_whole_recap(log: str, players: bool) -> None:
    events = between() if log == "between" else play(log)
    whole = build_recap(events, players=players)
    numbers = {s.number for s in whole.sessions}
    assert len(numbers) >= 2
    if log == "between":
        assert [s.number for s in whole.sessions] == [0, 1, 0, 2, 0]  # session 0 in three windows
    for number in numbers:
        one = build_recap(events, session=number, players=players)
        assert [s.number for s in one.sessions] == [number]
        assert told(one, number) == told(whole, number)
        assert one.events == len(told(one, number))
    assert whole.events == sum(len(told(whole, n)) for n in numbers)


@pytest.mark.parametrize("players", [False, True])
def test_a_group_across_a_session_boundary_is_told_in_each_window(players: bool) -> None:
    # a log written by hand: one action group whose events fall in two sessions' windows
    events: list[Event] = [
        CampaignCreated(name="t", system="fhtagn", seq=1, group=1),
        SessionStarted(number=1, seq=2, group=2, session=1),
        NoteAdded(text="last of one", seq=3, group=3, session=1),
        NoteAdded(text="first after one", seq=4, group=3, session=0),
    ]
    recap = build_recap(events, players=players)
    assert [(s.number, [[line.text for line in g.lines] for g in s.groups]) for s in recap.sessions] == [
        (0, [["Campaign 't' created (fhtagn)"]]),
        (1, [["Session 1 started"], ["Note: last of one"]]),
        (0, [["Note: first after one"]]),
    ]
