"""Finding things by the names a GM types, with helpful refusals."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from .decide import Rejected
from .state import Character, State


def closest(word: str, choices: Iterable[str]) -> str | None:
    options = list(choices)
    lowered = {c.casefold(): c for c in options}
    hit = difflib.get_close_matches(word.casefold(), list(lowered), n=1, cutoff=0.5)
    if hit:
        return lowered[hit[0]]
    prefix = [c for c in options if c.casefold().startswith(word.casefold())]
    return prefix[0] if len(prefix) == 1 else None


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    guess = closest(word, choices)
    return f" — did you mean {guess!r}?" if guess else ""


def find_character(state: State, name: str) -> Character:
    char = state.character(name)
    if char is not None:
        return char
    # a unique prefix is accepted ("ali" for "Alice")
    matches = [c for c in state.characters.values() if c.id.startswith(name.casefold())]
    if len(matches) == 1:
        return matches[0]
    names = [c.name for c in state.characters.values()]
    if not names:
        raise Rejected(f"no character called {name!r}: the campaign has no characters yet (create one with 'char new NAME')")
    raise Rejected(f"no character called {name!r}{did_you_mean(name, names)} (characters: {', '.join(names)})")
