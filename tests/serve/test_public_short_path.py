"""The public projection's short path (an ordinary public event before any secret, most of a log)
tells and folds exactly what its general path does: the same entries, the same folds and undo
stacks, the same groups withheld, the same players' undo labels — whatever the log (secrets, secret
characters and sessions, hidden characters, undo, redo, reveals; events players cannot fold; a
change whose old value is not the one folded).  And :func:`public_view` is :func:`public_state`."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from fhtagn_tui.domain import decide
from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.features.campaign import (
    CampaignCreated,
    CharacterCreated,
    CharacterDeleted,
    DiceRolled,
    NoteAdded,
    PoolChanged,
    SessionStarted,
)
from fhtagn_tui.domain.features.sanity import SanLost
from fhtagn_tui.domain.public import (
    _FLAGS,
    PublicLog,
    _flags,
    public_state,
    public_view,
    reveal_marks,
    same_names,
)
from fhtagn_tui.domain.replay import Projection, Redone, Undone, stream_public
from fhtagn_tui.domain.state import Character, State
from tests.serve.test_public_property import OPS, SETUP
from tests.serve.test_public_stream import events_of, gm_sessions


class GeneralPath(PublicLog):
    """Every event told by the general path (as before the short one)."""

    def _one(self, ev: Event) -> Any:
        kind = type(ev)
        flags = _FLAGS.get(kind)
        return self._any(ev, kind, flags if flags is not None else _flags(kind))


class Counting(PublicLog):
    """The public projection, counting the events its general path tells."""

    general = 0

    def _any(self, ev: Event, kind: type, flags: int) -> Any:
        Counting.general += 1
        return super()._any(ev, kind, flags)


def undo_stack(fold: Projection | None) -> object:
    if fold is None:
        return None
    return ([(r.group, r.first, r.before, r.after) for r in fold.done],
            [(r.group, r.first, r.before, r.after) for r in fold.undone], fold.state, fold.seq, fold.open_group)


def where(log: PublicLog) -> tuple[object, ...]:
    """Everything the projection holds that a later event or a reader reads."""
    return ([(e.no, e.text, e.session, e.event) for e in log.entries], log.applied, undo_stack(log.fold),
            undo_stack(log.gm), log.secret_groups, log.withheld, log.ghosts, log.touched, log._told, log.secret_sessions,
            log._session_no, log._numbered, log.names(), log.state)


def whole(cls: type[PublicLog], events: list[Event]) -> PublicLog:
    log = cls()
    log.events = list(events)
    log.rebuild()
    return log


def names_known(log: PublicLog, before: dict[str, Character]) -> None:
    """The names the projection keeps (of the characters before and after the last event) are theirs."""
    known, after = log._names, log.fold.state.characters
    if known[1] is not after:  # (the last event was not folded: nothing worked out for it)
        return
    def names(chars: dict[str, Character]) -> tuple[dict[str, str], set[str]]:
        return {c.id: c.name for c in chars.values()}, {c.id for c in chars.values() if c.hidden}
    assert (known[4], known[5]) == names(after)
    if known[0] is before:
        assert (known[2], known[3]) == (names(before)[0] | names(after)[0], names(before)[1] | names(after)[1])


def check(events: list[Event]) -> None:
    general, short = whole(GeneralPath, events), whole(PublicLog, events)
    assert where(short) == where(general)
    fed_general, fed_short = GeneralPath(), PublicLog()
    for ev in events:
        before = fed_short.fold.state.characters
        assert fed_short.feed([ev]) == fed_general.feed([ev])
        names_known(fed_short, before)
    assert where(fed_short) == where(fed_general)
    marks = reveal_marks(events)
    streamed = [(ev, entry, session, before) for ev, entry, session, before, _ in stream_public(iter(events), *marks)]
    assert streamed == [(ev, entry, session, before) for ev, entry, session, before, _ in _general_stream(events, *marks)]


def _general_stream(events: list[Event], reveals: set[int], revealed: set[int], targets: set[int]) -> Any:
    log = GeneralPath()
    log._reveals, log.revealed, log._targets = set(reveals), set(revealed), set(targets)
    for ev in events:
        before = log.fold.state
        log._one(ev)
        if log.applied:
            yield (*log.applied.pop(), before, log)


@gm_sessions(25)
def test_the_short_path_tells_what_the_general_path_tells(system: str, ops: list[str], seed: int) -> None:
    check(events_of(system, ops, seed))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(system=st.sampled_from(sorted(SETUP)),
       ops=st.lists(st.sampled_from([op for op in OPS if "secret" not in op and op != "reveal"]), min_size=2, max_size=24),
       seed=st.integers(0, 10_000))
def test_the_short_path_on_logs_without_a_secret(system: str, ops: list[str], seed: int) -> None:
    """(Most of such a log takes the short path: the property above meets a secret early.)"""
    check(events_of(system, ops, seed))


def _log() -> list[Event]:
    """A log without secrets: a hidden character, pool changes told as written (a record whose
    old value is not the one folded), a note players cannot fold, undo and redo of public groups, a
    roll by the hidden character, an event of a session never started (a log written by hand), a
    character removed (the names change on the short path), then named."""
    events: list[Event] = [
        CampaignCreated(name="t", system="fhtagn", seq=1, group=1),
        CharacterCreated(id="ada", name="Ada", kind="agent", stats={"CON": 10, "POW": 12},
                         current={"HP": 10, "WP": 12, "SAN": 60}, seq=2, group=2),
        CharacterCreated(id="shade", name="Shade", kind="npc", stats={"CON": 12}, current={"HP": 12},
                         hidden=True, seq=3, group=3),
        SessionStarted(number=1, title="One", seq=4, group=4, session=1),
        PoolChanged(character="ada", pool="HP", old=10, new=7, seq=5, group=5, session=1),
        PoolChanged(character="ada", pool="HP", old=9, new=5, seq=6, group=6, session=1),  # players saw 7
        PoolChanged(character="shade", pool="HP", old=12, new=4, seq=7, group=7, session=1),  # hidden: not told
        NoteAdded(text="Shade waits", seq=8, group=8, session=1),
        NoteAdded(text="boom", seq=9, group=9, session=1),  # cannot be folded (below)
        Undone(target=8, label="Note: Shade waits", seq=10, group=10, session=1),
        Redone(target=8, label="Note: Shade waits", seq=11, group=11, session=1),
        Undone(target=7, seq=12, group=12, session=1),
        NoteAdded(text="Ada runs", seq=13, group=13, session=1),
        PoolChanged(character="ada", pool="SAN", old=60, new=58, seq=14, group=13, session=1),  # same group
        SanLost(character="ada", pool="SAN", old=57, new=55, source="the pit", seq=15, group=15, session=1),  # saw 58
        DiceRolled(expr="1d100", total=37, character="shade", target=50, level="success", seq=16, group=16,
                   session=1),  # names the hidden character: told in words only (withheld)
        NoteAdded(text="from a session never started", seq=17, group=17, session=5),
        CharacterCreated(id="bo", name="Bo", kind="agent", stats={}, current={"HP": 9}, seq=18, group=18),
        CharacterDeleted(character="bo", name="Bo", seq=19, group=19),
        DiceRolled(expr="1d6", total=4, character="bo", seq=20, group=20),  # Bo no longer known: by the id
    ]
    return events


@pytest.fixture
def boom(monkeypatch: pytest.MonkeyPatch) -> None:
    fold_note = decide.EVOLVERS[NoteAdded]

    def evolve(state: State, ev: NoteAdded) -> State:
        if ev.text == "boom":
            raise ValueError(ev.text)
        return fold_note(state, ev)

    monkeypatch.setitem(decide.EVOLVERS, NoteAdded, evolve)


@pytest.mark.usefixtures("boom")
def test_a_log_without_secrets_is_told_on_the_short_path_as_on_the_general_one() -> None:
    events = _log()
    check(events)
    Counting.general = 0
    log = whole(Counting, events)
    # only the kinds that ask more (3 created, 1 started, 2 undone, 1 redone) took the general path
    assert Counting.general == 7
    log.view_as("ada")  # as Ada's player reads it (privacy own: her own numbers)
    told = {e.event.seq: (e.text, e.session) for e in log.entries}
    texts = [text for text, _ in told.values()]
    assert told[6][0] == "Ada: HP 9 → 5"  # as the event tells it: no secret moved HP (a log written by hand)
    assert 9 not in told and 9 in log.secret_groups  # not folded by the players: it stays with the secrets
    assert 7 not in told and 7 in log.withheld and "Undo of an action on a hidden character" in texts
    assert [told[13][0], told[14][0]] == ["Note: Ada runs", "Ada: SAN 60 → 58"]
    assert told[15][0] == "Ada loses 2 SAN (the pit): 57 → 55"  # (likewise: only a secret hides a value)
    assert "37" not in told[16][0] and 16 in log.withheld
    assert told[17][1] == 0  # players know no session 5
    assert told[20][0] == "bo rolls 1d6 → 4 []"


def _states(events: list[Event]) -> list[State]:
    p = Projection(checkpoint_every=0)
    out = [p.state]
    for ev in events:
        p.apply(ev)
        out.append(p.state)
    return out


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(system=st.sampled_from(sorted(SETUP)), ops=st.lists(st.sampled_from(OPS), min_size=2, max_size=16),
       seed=st.integers(0, 10_000))
def test_the_public_view_is_the_public_state(system: str, ops: list[str], seed: int) -> None:
    for state in _states(events_of(system, ops, seed)):
        assert public_view(state) == public_state(state)


def test_the_public_view_blanks_what_the_public_state_blanks() -> None:
    ada = Character(id="ada", name="Ada", kind="agent", stats={"POW": 12}, current={"HP": 10})
    plain = State(characters={"ada": ada})
    assert public_view(plain) is plain  # nothing to blank: the state itself
    for state in (State(characters={"ada": ada, "shade": Character(id="shade", name="Shade", kind="npc",
                                                                               stats={"CON": 12}, hidden=True)}),
                  State(characters={"ada": Character(id="ada", name="Ada", kind="agent", stats={}, notes="owes the vicar")}),
                  State(characters={"ada": ada}, templates={"ghoul": Character(id="ghoul", name="Ghoul", kind="monster",
                                                                               stats={"STR": 15}, hidden=True)}),
                  State(characters={"ada": ada}, templates={"ghoul": Character(id="ghoul", name="Ghoul", kind="monster",
                                                                               stats={}, notes="eats the dead")})):
        view = public_view(state)
        assert view == public_state(state) and view != state


def test_the_names_are_kept_only_while_no_character_is_renamed_hidden_added_or_removed() -> None:
    ada = Character(id="ada", name="Ada", kind="agent", stats={}, current={"HP": 10})
    shade = Character(id="shade", name="Shade", kind="npc", stats={}, hidden=True)
    before = {"ada": ada, "shade": shade}
    assert same_names(before, {"ada": replace(ada, current={"HP": 4}), "shade": shade})  # a pool moved
    assert same_names(before, dict(before))
    for after in ({"ada": replace(ada, name="Ada Vance"), "shade": shade},
                  {"ada": ada, "shade": replace(shade, hidden=False)},
                  {"ada": replace(ada, id="bea"), "shade": shade},
                  {"ada": ada},
                  {"ada": ada, "bo": replace(ada, id="bo", name="Bo")},
                  {"ada": ada, "shade": shade, "bo": replace(ada, id="bo", name="Bo")}):
        assert not same_names(before, after)
