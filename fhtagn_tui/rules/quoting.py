"""Quoting: a word as the command line reads it back — the inverse of the parser's tokenizer
(``commands.language.tokenize``).

Everything that writes a command line for the GM to read or type goes through :func:`quote`: the
forms' previews, completion, the tabs' prefilled lines, the hints in the rules' and the domain's
messages ("'dying \"Ada Vance\"'"), the owed list's commands.  ``tokenize`` gives back the very words
(``tests/test_quoting.py`` checks it for any text).  A word is left bare when it is made only of
letters, digits and ``- _ . / + % : ,`` (what a name, a skill, a die expression or a loss like
``1/1d6`` is made of); anything else — spaces, quotes, backslashes, the empty word — is put in
double quotes with ``"`` and ``\\`` escaped by a backslash, as the tokenizer (POSIX ``shlex``)
reads them.

It lives here, at the bottom of the layers, because the rules and the domain write command lines
too (they cannot import the parser above them); it imports nothing, so a screen built at start-up
may import it without loading the command language.
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
