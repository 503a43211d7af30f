"""Esc and the key after it, read together, are Esc then that key — not Alt+key, nor a symbol.

A terminal sends Esc as one byte, the same byte that starts Alt+key.  When the GM presses Esc and
then a key and both arrive in one read (a fast hand, an SSH link that bunches keys, tmux
``send-keys``), Textual's parser reads them as one key: ``alt+t`` (carrying the character ``t``),
a symbol for a digit (Esc 2 is ``™``, as some Mac terminals send Option+2), or the key alone with
the Esc dropped (Esc + space, Esc + ``!``).  The form Esc should have closed stayed open and took
the character as text.  Two places read them as the two keys they were typed as:

* :class:`EscapeAwareParser` (the drivers' parser, set by :func:`use_escape_aware_parser`): Esc +
  a digit, ``-``, ``=`` or ``§`` (Textual's symbols), and Esc + a character whose Alt Textual drops
  (space, punctuation), are Esc then the key.  No key binding could take either before.
* :class:`EscapeThenKeyMixin` (the app): an ``alt+X`` no binding on screen takes is Esc — taken by
  the bindings at once, so a form closed by it is gone before the next key is handed on — then
  ``X``.  An Alt key some binding does take (a user's keymap may bind one) is left as it is.

Esc + ``[`` or ``O`` start the terminal's own sequences (arrows, function keys): those stay
Textual's, as do Esc + ``b``/``f`` (the readline word moves Textual maps to ctrl+left/right).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from textual import events

from .textual_private import (
    KeyBindingsHook,
    KeyParser,
    character_to_key,
    install_parser,
    is_single_key_sequence,
    loaded_text_area,
)

if TYPE_CHECKING:
    from textual.driver import Driver


ESC = "\x1b"
#: What comes after Esc to start a sequence of the terminal's own: not a key typed after Esc.
INTRODUCERS = frozenset("[O")


class EscapeAwareParser(KeyParser):
    """Textual's parser, but Esc + a key it would read as a symbol, or as the key with the Esc
    dropped, gives Esc then the key."""

    def sequence_keys(self, sequence: str, alt: bool = False) -> Iterable[events.Key]:
        if len(sequence) == 2 and sequence[0] == ESC and is_single_key_sequence(sequence):
            yield events.Key("escape", ESC)  # Esc 2 → "™" and the like
            yield from super().sequence_keys(sequence[1])
            return
        if alt and len(sequence) == 1 and sequence not in INTRODUCERS and sequence.isprintable() \
                and len(character_to_key(sequence)) > 1:
            yield events.Key("escape", ESC)  # Textual would drop the Alt (Esc) of space or "!"
            yield from super().sequence_keys(sequence)
            return
        try:
            yield from super().sequence_keys(sequence, alt)
        except (ValueError, OverflowError):  # a key number past Unicode ("\x1b[9999999u"), or past a C int
            return  # (OverflowError): Textual's chr() raised, which ended the input thread; no key is given


def use_escape_aware_parser(driver: type[Driver]) -> None:
    """Have ``driver`` (Textual's Linux or web driver) read its input with
    :class:`EscapeAwareParser`: each builds the parser named in its module when it starts reading."""
    install_parser(driver, EscapeAwareParser)


def plain_key(event: events.Key) -> events.Key | None:
    """The key typed after Esc when ``event`` is how Textual reads the two together (``alt+t``,
    ``alt+shift+t`` for ``T``, ``alt+space``); None for any other key."""
    char = event.character
    if not event.key.startswith("alt+") or char is None or len(char) != 1 or not char.isprintable() \
            or char in INTRODUCERS:
        return None
    name = character_to_key(char)
    if event.key not in (f"alt+{name}", f"alt+shift+{name.lower()}"):
        return None  # alt with another modifier, or a key that was never Esc + one character
    return events.Key(name, char)


class EscapeThenKeyMixin(KeyBindingsHook):
    def get_driver_class(self) -> type[Driver]:
        driver = super().get_driver_class()
        use_escape_aware_parser(driver)
        return driver

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:
            if event.key == "escape" and await self._escape_now():
                return
            after = plain_key(event)
            if after is not None and event.key not in self.active_bindings:
                if not await self._escape_now():
                    await super().on_event(events.Key("escape", ESC))  # nothing binds Esc here: the widget's
                await super().on_event(after)
                return
        await super().on_event(event)

    async def _escape_now(self) -> bool:
        """Esc taken by its binding as it is read (True), as Textual takes a priority key: a form it
        closes is gone before the next key of the same read is handed to the widget with the focus
        (else that key went to the closing form).  The same bindings, in the same order, as when the
        focused widget passes Esc on; a text area keeps Esc (it leaves the area)."""
        text_area = loaded_text_area()  # (none before the import form loads it)
        if text_area is not None and isinstance(self.focused, text_area):
            return False
        return await self.run_key_bindings("escape", priority=True) or await self.run_key_bindings("escape")
