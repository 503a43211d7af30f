"""A bound on the keys (and mouse events) a served app holds before it handles them.

Textual's driver hands every input event to the app at once, however many
arrive; an app fed faster than it works queues them without limit (a player
app on a pty fed 13k keys a second grew from 44 to 565 MiB in 15 s).  ``serve``
already paces each connection's input; :class:`InputBoundMixin` is the second
guard, inside the app: while the app, its screen and the focused widget hold
more than ``INPUT_BACKLOG`` (256) messages, new input events are dropped (what a
flood sends is lost; a person typing never gets near it).  Local apps keep
every key.

Bytes that are no UTF-8 (a client's stray ``\\xff``, a Latin-1 terminal) are read as U+FFFD, in
every app: Textual's drivers decode strictly, and the ``UnicodeDecodeError`` ended their input
thread with a traceback on the client's screen (:func:`decode_leniently`).
"""

from __future__ import annotations

import codecs
import functools
from typing import TYPE_CHECKING, Any

from textual import events
from textual.message import Message

from .textual_private import install_decoder

if TYPE_CHECKING:  # a mixin of the app: the type checker reads it as the App it is mixed into
    from textual.app import App

    _AppBase = App[Any]
else:
    _AppBase = object

if TYPE_CHECKING:
    from textual.driver import Driver

INPUT_BACKLOG = 256


def _lenient(encoding: str) -> functools.partial[codecs.IncrementalDecoder]:
    return functools.partial(codecs.getincrementaldecoder(encoding), errors="replace")


def decode_leniently(driver: type[Driver]) -> None:
    """Have ``driver`` (Textual's Linux or web driver, textual==8.2.8) decode its input with
    ``errors="replace"``: each makes its decoder with the ``getincrementaldecoder`` its module imported."""
    install_decoder(driver, codecs.getincrementaldecoder, _lenient)


class InputBoundMixin(_AppBase):
    bound_input: bool = False
    dropped_input: int = 0

    def _backlog(self) -> int:
        total: int = self.message_queue_size
        try:
            screen = self.screen
        except Exception:  # noqa: BLE001 - no screen yet (start-up) or a screen stack being rebuilt
            return total
        total += screen.message_queue_size
        focused = screen.focused
        if focused is not None:
            total += focused.message_queue_size
        return total

    def get_driver_class(self) -> type[Driver]:
        driver = super().get_driver_class()
        decode_leniently(driver)
        return driver

    def check_message_enabled(self, message: Message) -> bool:
        if self.bound_input and isinstance(message, events.InputEvent) and self._backlog() > INPUT_BACKLOG:
            self.dropped_input += 1
            return False
        return super().check_message_enabled(message)
