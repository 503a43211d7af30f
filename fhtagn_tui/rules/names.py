"""One name resolver for everything a GM names: characters, skills, weapons, locations,
commands.

A name is found when the text typed is, in this order (case and accents ignored, so
``zoe`` is ``Zoë``):

1. the whole name;
2. the start of the name, or of any word in it (``elias`` finds ``Dr. Elias Crane``,
   ``spot`` finds ``Spot Hidden``) — when only one name fits, or only one *starts* so
   (``pist`` is ``pistol``, not ``heavy pistol``);
3. a piece of the name anywhere (``lias cr``) — when only one name fits.

Several fitting names at one step is an ambiguity: the refusal lists them.  Nothing
fitting gives the nearest names by edit distance (``tset`` → ``test``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from functools import lru_cache


class NameProblem(LookupError):
    """A name that finds nothing, or more than one thing; the message says which."""

    def __init__(self, message: str, candidates: Sequence[str] = (), suggestions: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.candidates = tuple(candidates)
        self.suggestions = tuple(suggestions)


@lru_cache(maxsize=4096)
def fold(text: str) -> str:
    """Case- and accent-free, spaces collapsed: ``"  Zoë  Hart"`` → ``"zoe hart"``."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(bare.casefold().split())


_WORD = re.compile(r"[\w']+")


def _words(folded: str) -> list[str]:
    return _WORD.findall(folded)


def matches(query: str, names: Iterable[str]) -> list[str]:
    """The names the query finds at the first step that finds any (see the module's doc)."""
    options = list(dict.fromkeys(names))
    q = fold(query)
    if not q:
        return []
    folded = [(name, fold(name)) for name in options]
    exact = [n for n, f in folded if f == q]
    if exact:
        return exact[:1]
    q_words = _words(q)
    prefix: list[str] = []
    for name, f in folded:
        words = _words(f)
        if f.startswith(q):
            prefix.append(name)
            continue
        # the query's words are the starts of consecutive words of the name ("elias cr")
        n = len(q_words)
        if n and any(all(words[i + j].startswith(q_words[j]) for j in range(n)) for i in range(len(words) - n + 1)):
            prefix.append(name)
    if len(prefix) > 1:  # "pist": the one name that starts so beats "heavy pistol"
        starts = [n for n in prefix if fold(n).startswith(q)]
        if len(starts) == 1:
            return starts
    if prefix:
        return prefix
    return [n for n, f in folded if q in f]


def distance(a: str, b: str) -> int:
    """Damerau–Levenshtein distance (optimal string alignment): a swap of two letters is 1."""
    if a == b:
        return 0
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            row[j] = min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[i - 2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


def suggest(query: str, names: Iterable[str], limit: int = 3) -> list[str]:
    """The nearest names by edit distance (whole name, or a word of it for long names)."""
    q = fold(query)
    if not q:
        return []
    allowed = 1 if len(q) <= 4 else 2 if len(q) <= 8 else 3
    scored: list[tuple[int, int, int, str]] = []
    for index, name in enumerate(dict.fromkeys(names)):
        f = fold(name)
        whole = distance(q, f)
        if whole <= allowed and (len(q) > 5 or f[:1] == q[:1]):  # short words: the same first letter
            scored.append((whole, 0, index, name))
            continue
        words = [distance(q, w) for w in _words(f) if len(w) >= 3 and (len(q) > 5 or w[:1] == q[:1])]
        if words and min(words) <= allowed:
            scored.append((min(words), 1, index, name))  # a word of the name: after whole names
    scored.sort()
    return [name for *_, name in scored[:limit]]


def did_you_mean(query: str, names: Iterable[str]) -> str:
    """`` — did you mean 'X'?`` (or ``'X' or 'Y'``), or nothing."""
    options = list(names)
    found = matches(query, options)
    guesses = found[:3] if found and len(found) <= 3 else suggest(query, options)
    if not guesses:
        return ""
    return " — did you mean " + " or ".join(repr(g) for g in guesses) + "?"


def resolve(query: str, names: Iterable[str], what: str = "name", listing: bool = True) -> str:
    """The one name ``query`` stands for, or :class:`NameProblem` saying why not."""
    options = list(dict.fromkeys(names))
    found = matches(query, options)
    if len(found) == 1:
        return found[0]
    if found:
        shown = ", ".join(found[:8]) + (f" … ({len(found)} in all)" if len(found) > 8 else "")
        raise NameProblem(f"{query!r} could be more than one {what}: {shown} — type more of the name", candidates=found)
    guesses = suggest(query, options)
    hint = (" — did you mean " + " or ".join(repr(g) for g in guesses) + "?") if guesses else ""
    known = f" ({what}s: {', '.join(options[:12])}{' …' if len(options) > 12 else ''})" if listing and options else ""
    raise NameProblem(f"no {what} called {query!r}{hint}{known}", suggestions=guesses)


__all__ = ["NameProblem", "did_you_mean", "distance", "fold", "matches", "resolve", "suggest"]
