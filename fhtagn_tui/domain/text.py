"""User text at the boundary: refused when it holds control characters or is too long, made
visible when it comes from an older log.

Everything a GM types (names, notes, titles, skill and weapon names, reasons…) enters through a
command, so :func:`check_command` looks at every string a command holds, wherever it sits (fields,
tuples, dict keys and values, nested structs such as bonds).  Three rules:

* **no control characters** — C0 (``\\x00``–``\\x1f``) but newline and tab, DEL (``\\x7f``) and C1
  (``\\x80``–``\\x9f``).  An escape sequence in a name would be printed to the GM's and the
  players' terminals (a title change, a clipboard write, a cleared screen);
* **no invisible formatting characters** (:data:`INVISIBLE`) — bidi controls (U+202A–202E,
  U+2066–2069, U+200E/200F, U+061C: an override reorders everything after it, in a terminal or the
  players' HTML recap), zero-width characters (U+200B–200D, U+2060, U+FEFF: two names that look
  alike, a word hidden in another) and the line and paragraph separators (U+2028/2029);
* **length bounds** (:data:`LIMITS`): names and other words 64 characters, titles 120, reasons and
  other short texts 300, notes and free text 4000, a whisper 500, a handout's text 16 KB.

A log written before these checks may still hold such characters; :func:`visible` writes each of
them as ``\\x1b`` (the codec applies it to every string of such a record when it is read, so no
output — CLI, TUI, recaps — ever receives one raw).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

import msgspec

#: Control characters refused at input and made visible on output (newline and tab are text).
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
#: Invisible formatting characters refused at input (bidi controls, zero-width characters, line and
#: paragraph separators) and made visible (``\u202e``) on output.
INVISIBLE = re.compile("[\u061c\u200b-\u200f\u2028-\u202e\u2060\u2066-\u2069\ufeff]")
_SHOWN = re.compile(f"{CONTROL.pattern}|{INVISIBLE.pattern}")

#: The longest text a field may hold, by field name; other strings are words (``WORD``).
NAME = 64
TITLE = 120
SHORT = 300
LONG = 4000
#: A whisper to players (``whisper``) and a handout's text (``handout``: a letter, a clipping, a page).
WHISPER = 500
HANDOUT = 16 * 1024
#: A file's name as the GM types it (a handout's ``file``: a path, read where the command is run).
PATH = 1024
LIMITS: dict[str, int] = {
    "text": LONG,
    "note": LONG,
    "notes": LONG,
    "title": TITLE,
    "reason": SHORT,
    "label_text": SHORT,
    "source": SHORT,
    "incident": SHORT,
    "item": TITLE,
    "expr": SHORT,
    "damage": TITLE,
    "flags": TITLE,
    "whisper": WHISPER,
    "body": HANDOUT,
    "file": PATH,
}
WORD = NAME


class TextRefused(ValueError):
    """User text that may not be stored; the message says which and why."""


def _written_out(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str) -> str:
    """``text`` with every control and invisible formatting character written out (``\\x1b``,
    ``\\u202e``): safe for any terminal, read in the order it was typed."""
    if not _SHOWN.search(text):
        return text
    return _SHOWN.sub(lambda m: _written_out(m.group()), text)


def check_text(text: str, what: str, limit: int) -> None:
    """Refuse ``text`` if it holds a control character or is longer than ``limit``."""
    bad = CONTROL.search(text)
    if bad is not None:
        raise TextRefused(
            f"{what} holds a control character ({visible(bad.group())}) at position {bad.start() + 1}: "
            f"'{visible(text)[:80]}' — type plain text (escape sequences would reach the players' terminals)"
        )
    hidden = INVISIBLE.search(text)
    if hidden is not None:
        char = hidden.group()
        raise TextRefused(
            f"{what} holds an invisible character, U+{ord(char):04X} {unicodedata.name(char, 'FORMAT CHARACTER')}, "
            f"at position {hidden.start() + 1}: '{visible(text)[:80]}' — type plain text (it would reorder or "
            f"hide what the players read)"
        )
    if len(text) > limit:
        raise TextRefused(f"{what} is {len(text)} characters long; at most {limit} are kept — shorten it")


def check_value(value: Any, what: str, limit: int) -> None:
    """Check every string in ``value`` (a string, tuple, list, dict or struct)."""
    if isinstance(value, str):
        check_text(value, what, limit)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            check_value(item, what, limit)
    elif isinstance(value, dict):
        for key, item in value.items():
            check_value(key, f"{what} name", NAME)
            check_value(item, what, limit)
    elif isinstance(value, msgspec.Struct):
        check_struct(value, what)


def check_struct(struct: msgspec.Struct, what: str = "") -> None:
    for field in struct.__struct_fields__:
        label = f"{what} {field}".strip()
        check_value(getattr(struct, field), label, LIMITS.get(field, WORD))


def check_command(command: msgspec.Struct) -> None:
    """Refuse a command holding user text with control characters or beyond the length bounds."""
    check_struct(command)


def check_line(text: str) -> None:
    """Refuse a typed command line holding a control character (before it is even split)."""
    check_text(text, "the command", 1 << 30)


# --- older logs --------------------------------------------------------------------------------

#: A JSON record that may hold a control character: a ``\\u00XX`` or ``\\b``/``\\f``/``\\r`` escape,
#: a raw DEL, or a C1 character in UTF-8 (``\\xc2\\x80``–``\\xc2\\x9f``).  False alarms cost one scrub.
RAW_CONTROL = re.compile(rb"\\u00[0-9a-fA-F]{2}|\\[bfr]|\x7f|\xc2[\x80-\x9f]")


def scrub(value: Any) -> Any:
    """Builtins (from ``msgspec.to_builtins``) with every string made :func:`visible`."""
    if isinstance(value, str):
        return visible(value)
    if isinstance(value, list):
        return [scrub(v) for v in value]
    if isinstance(value, dict):
        return {scrub(k): scrub(v) for k, v in value.items()}
    return value


__all__ = [
    "CONTROL",
    "INVISIBLE",
    "LIMITS",
    "HANDOUT",
    "PATH",
    "LONG",
    "NAME",
    "RAW_CONTROL",
    "SHORT",
    "TITLE",
    "WHISPER",
    "TextRefused",
    "check_command",
    "check_line",
    "check_struct",
    "check_text",
    "check_value",
    "scrub",
    "visible",
]
