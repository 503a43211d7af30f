"""Quoting: a word as the command line reads it back — the inverse of :func:`.language.tokenize`.

The forms, the tabs and completion build command lines for display and the log (the command a GM
could type): each word goes through :func:`quote`, and ``tokenize`` gives back the very words
(``tests/test_quoting.py`` checks it for any text).  A word is left bare when it is made only of
letters, digits and ``- _ . / + % : ,`` (what a name, a skill, a die expression or a loss like
``1/1d6`` is made of); anything else — spaces, quotes, backslashes, the empty word — is put in
double quotes with ``"`` and ``\\`` escaped by a backslash, as the tokenizer (POSIX ``shlex``)
reads them.

This module imports nothing: the screens built at start-up may import it without loading the
command language (import it as ``fhtagn_tui.commands.quoting``; the package's ``__init__`` is
loaded with it, so a module on the start-up path imports it where it is used).
"""

from __future__ import annotations

__all__ = ["opt", "quote"]

#: what a bare word may hold besides letters and digits
_BARE = frozenset("-_./+%:,")


def quote(word: str) -> str:
    """``word`` as one word of a command line: bare when it can be, else double-quoted."""
    if word and all(ch.isalnum() or ch in _BARE for ch in word):
        return word
    return '"' + word.replace("\\", "\\\\").replace('"', '\\"') + '"'


def opt(key: str, value: str) -> str:
    """An option ``key=value`` with its value quoted when it has to be."""
    return f"{key}={quote(value)}"
