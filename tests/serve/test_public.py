"""The players' view of the log and of the state (``domain.public``): pure, in memory."""

from __future__ import annotations

from msgspec.structs import replace

from fhtagn_tui.domain.features.campaign import CharacterCreated, PoolChanged
from fhtagn_tui.domain.public import (
    PublicLog,
    is_public,
    public_events,
    public_state,
    secret_groups,
)
from fhtagn_tui.domain.state import Character
from fhtagn_tui.service import MemorySink

from ..helpers import do, engine

CULTIST = 'char new "Brother Amos" kind=npc STR=14 CON=12 DEX=11 INT=10 POW=13 CHA=9 Firearms=40 --hidden'


def _log(eng) -> list:
    sink = eng.sink
    assert isinstance(sink, MemorySink)
    return sink.events


def _words(events) -> list[str]:
    return [ev.describe({}) for ev in events]


def test_secret_events_and_their_undo_are_left_out():
    eng = engine("fhtagn", "note open 1")
    do(eng, "note The vicar is a cultist secret")
    do(eng, "note open 2")
    do(eng, "undo")  # undoes open 2: public
    do(eng, "undo")  # undoes the secret note: its label would tell it
    do(eng, "redo")  # redoes the secret note: left out too
    events = _log(eng)
    shown = public_events(events)
    assert _words(shown)[1:] == ["Note: open 1", "Note: open 2", "Undo: Note: open 2"]
    assert len(events) - len(shown) == 3
    secret = secret_groups(events)
    assert {ev.seq for ev in events if ev.secret} <= secret
    assert [is_public(ev, secret) for ev in events[-3:]] == [True, False, False]
    assert is_public(events[1], secret)


def test_a_hidden_npc_appears_by_name_only_and_its_numbers_stay_out():
    eng = engine("fhtagn", 'char new "Ada Vance" STR=10 CON=11 DEX=13 INT=16 POW=14 CHA=11')
    do(eng, CULTIST)
    do(eng, 'char pool "Brother Amos" HP=5 reason="shot"')
    do(eng, 'char pool "Ada Vance" HP=9 reason="bitten"')
    do(eng, "undo")  # Ada's HP: public, with its label
    do(eng, "undo")  # Amos's HP: told without its label
    shown = public_events(_log(eng))
    words = _words(shown)
    assert "Brother Amos joins as npc" in words  # no "(STR 14 …)"
    assert not any("STR 14" in w or "HP 13 → 5" in w for w in words)
    assert words[-2:] == ["Undo: Ada Vance: HP 11 → 9 (bitten)", f"Undo action {shown[-1].target}"]
    created = [ev for ev in shown if isinstance(ev, CharacterCreated) and ev.hidden]
    assert created[0].stats == {} and created[0].skills == {} and created[0].current == {}
    assert not any(isinstance(ev, PoolChanged) and ev.character == "brother amos" for ev in shown)


def test_the_filter_follows_a_growing_log_like_the_whole_log():
    eng = engine("fhtagn")
    do(eng, CULTIST)
    do(eng, "note a secret secret")
    do(eng, 'char pool "Brother Amos" HP=4')
    do(eng, "undo")
    do(eng, "undo")
    events = _log(eng)
    live = PublicLog()
    piecewise = [ev for i in range(len(events)) for ev in live.filter(events[i : i + 1])]
    assert piecewise == public_events(events)


def test_public_state_blanks_hidden_characters_and_notes():
    eng = engine("fhtagn", 'char new "Ada Vance" STR=10 CON=11 DEX=13 INT=16 POW=14 CHA=11', CULTIST)
    do(eng, 'cond add "Brother Amos" wounded')
    state = eng.state
    ada = state.characters["ada vance"]
    public = public_state(state)
    amos = public.characters["brother amos"]
    assert amos == Character(
        id="brother amos", name="Brother Amos", kind="npc", stats={}, conditions=("wounded",), hidden=True
    )
    assert public.characters["ada vance"] == ada  # players' own values untouched
    assert state.characters["brother amos"].stats["STR"] == 14  # the GM's state is untouched
    noted = public_state(state.with_character(replace(ada, notes="owes the cult")))
    assert noted.characters["ada vance"].notes == ""
