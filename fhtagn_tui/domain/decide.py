"""``decide(state, command, dice) -> events`` and ``evolve(state, event) -> state``.

Both dispatch on the type of their argument to functions that feature
modules register with :func:`decider` and :func:`evolver`.  Both are pure:
``decide`` reads the state and draws dice; ``evolve`` reads only the event.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, TypeVar

from fhtagn_tui.rules.dice import Dice

from . import replay
from .commands import Command
from .events import Event
from .features import load_all, loaded
from .state import State

C = TypeVar("C", bound=Command)
E = TypeVar("E", bound=Event)


class Rejected(Exception):
    """A command that cannot be carried out; the message says why and what would work."""


DECIDERS: dict[type[Command], Callable[[State, Any, Dice], list[Event]]] = {}
#: The evolvers by event type.  What each declared it reads of its events (``reads``; :func:`counted`)
#: the read side keeps (:mod:`fhtagn_tui.domain.replay`: how a replay reads and folds them).
EVOLVERS: dict[type[Event], Callable[[State, Any], State]] = {}


def decider(cmd_type: type[C]) -> Callable[[Callable[[State, C, Dice], list[Event]]], Callable[[State, C, Dice], list[Event]]]:
    def register(fn: Callable[[State, C, Dice], list[Event]]) -> Callable[[State, C, Dice], list[Event]]:
        DECIDERS[cmd_type] = fn
        return fn

    return register


def evolver(*ev_types: type[E], reads: tuple[str, ...] = ()) -> Callable[[Callable[[State, E], State]], Callable[[State, E], State]]:
    """Register the evolver of ``ev_types``.  An evolver (but a counter's, :func:`counted`) keeps the
    state's ``rolls`` and ``notes`` as they are and does not depend on them: a replay folds the events
    between two states it must make on a state whose counts are not written in yet, and adds them
    at the end (the replay's fast fold; ``tests/replay/test_contract.py`` checks every evolver).

    ``reads``: the only fields of the event the evolver reads (it calls no method of the event and
    keeps no part of it but these values).  A replay then reads the records of ``ev_types`` as
    heads (:mod:`fhtagn_tui.domain.replay`) holding just these fields (``codec.decode_for_replay``) and
    gives them to the evolver in place of the events (``tests/replay/test_contract.py`` checks each)."""
    def register(fn: Callable[[State, E], State]) -> Callable[[State, E], State]:
        for t in ev_types:
            EVOLVERS[t] = fn
            replay.declare(t, fn, reads)
        return fn

    return register


def counted(field: Literal["rolls", "notes"], *ev_types: type[E]) -> Callable[[Callable[[State, E], State]], Callable[[State, E], State]]:
    """:func:`evolver` for an evolver that only adds 1 to ``field`` of the state (it must do exactly
    that: a replay counts these events instead of calling it for each)."""
    def register(fn: Callable[[State, E], State]) -> Callable[[State, E], State]:
        evolver(*ev_types)(fn)
        for t in ev_types:
            replay.declare_counted(t, fn, field)
        return fn

    return register


#: Commands a character performs or undergoes: their guard refuses one who cannot (dead, unconscious;
#: ``domain/able.py``), before the decider draws a die.
ACTING: dict[type[Command], Callable[[State, Any], None]] = {}


def decide(state: State, command: Command, dice: Dice) -> list[Event]:
    fn = DECIDERS.get(type(command))
    if fn is None and not loaded():  # the feature modules load when first needed (features.load_all)
        load_all()
        fn = DECIDERS.get(type(command))
    if fn is None:
        raise Rejected(f"{type(command).__name__} cannot be carried out here")
    if not state.system and type(command).__name__ != "CreateCampaign":
        raise Rejected("this log holds no campaign yet")
    guard = ACTING.get(type(command))
    if guard is not None:
        guard(state, command)
    return fn(state, command, dice)


def evolve(state: State, event: Event) -> State:
    fn = EVOLVERS.get(type(event))
    if fn is None:
        fn = late_evolver(type(event))
    return fn(state, event) if fn is not None else state


def late_evolver(kind: type[Event]) -> Callable[[State, Any], State] | None:
    """The evolver of an event type not (yet) in the table: every feature module is loaded first
    (an event's evolver may live in another module than its type), then the table is asked again."""
    if replay.is_head_type(kind):
        raise TypeError(f"{kind.__name__} is a replay's head, not an event: fold it with its log "
                        f"(Projection.apply_all(events, log=…))")
    if not loaded():
        load_all()
    return EVOLVERS.get(kind)
