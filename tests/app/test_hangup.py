"""``app/hangup.py``: a terminal gone away is seen (a pty whose other side closed), and ending is
the app's clean exit with a cut-off armed behind it, once."""

from __future__ import annotations

import os
import pty
from queue import Queue
from types import SimpleNamespace
from typing import Any

import pytest

from fhtagn_tui.app import hangup
from fhtagn_tui.app.hangup import GRACE, Hangup


class FakeApp:
    is_headless = False

    def __init__(self) -> None:
        self.exits: list[int] = []
        self.intervals: list[tuple[float, Any]] = []
        # Textual's output thread's queue, 30 writes deep (its thread ended by a terminal gone)
        self._driver = SimpleNamespace(_writer_thread=SimpleNamespace(_queue=Queue(30)))

    def exit(self, code: int) -> None:
        self.exits.append(code)

    def set_interval(self, every: float, callback: Any) -> None:
        self.intervals.append((every, callback))


class FakeTimer:
    made: list[FakeTimer] = []

    def __init__(self, after: float, function: Any, args: tuple[Any, ...]) -> None:
        self.after, self.function, self.args = after, function, args
        self.daemon = False
        self.started = False
        FakeTimer.made.append(self)

    def start(self) -> None:
        self.started = True


@pytest.fixture
def timers(monkeypatch: pytest.MonkeyPatch) -> list[FakeTimer]:
    FakeTimer.made = []
    monkeypatch.setattr(hangup.threading, "Timer", FakeTimer)
    return FakeTimer.made


async def test_a_pty_whose_other_side_closed_ends_the_app(timers: list[FakeTimer]) -> None:
    master, slave = pty.openpty()
    try:
        app = FakeApp()
        watch = Hangup(app, fd=slave)  # type: ignore[arg-type]
        watch.install()
        assert [every for every, _ in app.intervals] == [hangup.EVERY]
        look = app.intervals[0][1]
        os.write(master, b"x")  # a key waiting to be read is not a hang-up
        look()
        assert not watch.gone() and app.exits == []
        os.close(master)
        master = -1
        assert watch.gone()
        look()
        look()
        assert app.exits == [0]  # once
        assert app._driver._writer_thread._queue.maxsize == 0  # the exit's writes wait for no one
        assert len(timers) == 1
        cut = timers[0]
        assert cut.started and cut.daemon and cut.after == GRACE and cut.function is os._exit
    finally:
        os.close(slave)
        if master >= 0:
            os.close(master)


async def test_a_headless_app_does_not_look_at_a_terminal(timers: list[FakeTimer]) -> None:
    app = FakeApp()
    app.is_headless = True
    Hangup(app).install()  # type: ignore[arg-type]
    assert app.intervals == [] and timers == []


async def test_a_stop_asked_with_the_terminal_there_keeps_its_writes(timers: list[FakeTimer]) -> None:
    app = FakeApp()
    watch = Hangup(app)  # type: ignore[arg-type]
    watch.end()  # (SIGTERM)
    assert app.exits == [0] and len(timers) == 1
    assert app._driver._writer_thread._queue.maxsize == 30  # the terminal is there: left tidy
