"""The app ends when its terminal goes away: a dropped SSH connection, a closed terminal window, a
killed tmux.

Three ways it is told, each leading to :meth:`Hangup.end`:

* SIGHUP (the terminal's session ended) and SIGTERM (asked to stop), through the event loop;
* the terminal itself, looked at once a second: a pty whose other side closed (or a pipe whose
  writer did) reads as hung up (``POLLHUP``/``POLLERR``).  No signal comes when the app is not the
  terminal's session leader (started by another program in a session of its own), and Textual's
  input thread then reads an endless end of file: the app spun at half a core, holding the
  campaign's lock, until killed.

Ending is the app's clean exit (every acknowledged event is already on disk: appends are fsync'd
before they are shown).  A clean exit that has not ended the process :data:`GRACE` seconds later
(Textual's output thread writing to a terminal that is gone, the main thread waiting on it) is
cut short: the process exits at once, so the campaign's lock is never held by an app nobody can
reach.
"""

from __future__ import annotations

import asyncio
import os
import select
import signal
import sys
import threading
from typing import Any

from textual.app import App

from .textual_private import writer_queue

#: Seconds a clean exit may take once the terminal is gone or a stop was asked for.
GRACE = 5.0
#: Seconds between two looks at the terminal.
EVERY = 1.0
_GONE = select.POLLHUP | select.POLLERR | select.POLLNVAL


def _terminal_fd() -> int | None:
    stdin = sys.__stdin__
    try:
        fd = stdin.fileno() if stdin is not None else -1
    except (OSError, ValueError):
        return None
    return fd if fd >= 0 and os.isatty(fd) else None


class Hangup:
    """Ends ``app`` when its terminal goes away or it is asked to stop (see the module's notes)."""

    def __init__(self, app: App[Any], fd: int | None = None) -> None:
        self.app = app
        self.fd = fd
        self.ending = False
        self._poll: select.poll | None = None

    def install(self) -> None:
        """The signals' handlers, and the look at the terminal once a second (a real terminal only)."""
        loop = asyncio.get_running_loop()
        for sig, gone in ((signal.SIGHUP, True), (signal.SIGTERM, False)):
            try:
                loop.add_signal_handler(sig, self.end, gone)
            except (NotImplementedError, RuntimeError, ValueError):
                pass  # not the main thread (tests) or no signals here
        fd = self.fd if self.fd is not None else (None if self.app.is_headless else _terminal_fd())
        if fd is not None:
            self._poll = select.poll()
            self._poll.register(fd, select.POLLIN)
            self.app.set_interval(EVERY, self.look)

    def gone(self) -> bool:
        """Whether the terminal has gone away (its other side closed)."""
        if self._poll is None:
            return False
        try:
            return any(events & _GONE for _fd, events in self._poll.poll(0))
        except OSError:
            return True

    def look(self) -> None:
        if not self.ending and self.gone():
            self.end(gone=True)

    def end(self, gone: bool = False) -> None:
        """The app's clean exit, cut short after :data:`GRACE` seconds if it has not ended by then.
        ``gone``: the terminal has gone away (a hang-up)."""
        if self.ending:
            return
        self.ending = True
        if gone:
            self._write_nowhere()
        cut = threading.Timer(GRACE, os._exit, (1,))
        cut.daemon = True  # (a clean exit ends the process without waiting for it)
        cut.start()
        self.app.exit(0)

    def _write_nowhere(self) -> None:
        """What the exit writes (leaving the alternate screen, the mouse…) must not wait for a terminal
        that is gone: Textual's output thread ends at its first write there (EIO), and its queue, 30
        writes deep, then made the next write wait for ever (the process left behind after a killed
        tmux, holding the lock).  Unbounded, the writes are queued and dropped with the process."""
        queue = writer_queue(self.app)
        if queue is not None and hasattr(queue, "maxsize"):
            queue.maxsize = 0
