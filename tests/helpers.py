"""Helpers shared by the tests."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from fhtagn_tui.commands import ParseError
from fhtagn_tui.domain.decide import Rejected
from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.history import fold
from fhtagn_tui.service import Engine, MemorySink

if TYPE_CHECKING:
    from fhtagn_tui.app.base import AppBase
    from fhtagn_tui.door import Door


def engine(system: str, *setup: str) -> Engine:
    """A campaign in memory of ``system`` with the setup commands run (dice must not be needed)."""
    eng = Engine.memory(system)
    for line in setup:
        eng.execute(line)
    return eng


def do(eng: Engine, text: str, *dice: int | str) -> list[Event]:
    """Run a command with forced dice (every die must be given when any is)."""
    return eng.execute(text, dice=list(dice) if dice else None).events


def rejected(eng: Engine, text: str, *dice: int | str) -> str:
    """Assert the command is refused and changes nothing; return the message."""
    before = eng.state
    sink = eng.sink
    assert isinstance(sink, MemorySink)
    n = len(sink.events)
    with pytest.raises((Rejected, ParseError)) as info:
        eng.execute(text, dice=list(dice) if dice else None)
    assert eng.state is before
    assert len(sink.events) == n
    return str(info.value)


def replayed(eng: Engine) -> object:
    """The state rebuilt from the engine's log alone (replay never re-rolls)."""
    sink = eng.sink
    assert isinstance(sink, MemorySink)
    return fold(sink.events)


def events_of(events: Sequence[Event], kind: type[Event]) -> list[Event]:
    return [e for e in events if isinstance(e, kind)]


def run_cli(campaign: Path, *args: str) -> str:
    """``fhtagn --saves FOLDER ARGS…`` in this process, on the campaign's folder; what it printed
    (it must succeed)."""
    from fhtagn_tui import cli

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = cli.main(["--saves", str(campaign.parent), *args])
    assert code == 0, out.getvalue()
    return out.getvalue()


def role_app(door: Door, player: bool = False, **options: Any) -> AppBase:
    """The app of a role on ``door``: the players' view (``player``: its options ``character``, ``who``,
    ``served``) or the GM's (``review``, ``review_session``, ``served``, ``keymap``)."""
    if player:
        from fhtagn_tui.app.player import PlayerApp

        return PlayerApp(door, **options)
    from fhtagn_tui.app.gm import GmApp

    return GmApp(door, **options)
