"""Finding things by the names a GM types, with helpful refusals (through :mod:`.names`)."""

from __future__ import annotations

from collections.abc import Iterable

from fhtagn_tui.rules import names

from .decide import Rejected
from .state import Character, State


def closest(word: str, choices: Iterable[str]) -> str | None:
    """The one name ``word`` stands for, else the nearest by edit distance, else ``None``."""
    options = list(choices)
    found = names.matches(word, options)
    if len(found) == 1:
        return found[0]
    guesses = names.suggest(word, options, limit=1)
    return guesses[0] if guesses else None


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    return names.did_you_mean(word, choices)


def resolve(query: str, choices: Iterable[str], what: str, listing: bool = True) -> str:
    """:func:`names.resolve`, refusing with :class:`Rejected`."""
    try:
        return names.resolve(query, choices, what, listing)
    except names.NameProblem as exc:
        raise Rejected(exc.message) from None


def find_character(state: State, name: str) -> Character:
    char = state.character(name)
    if char is not None:
        return char
    by_name = {c.name: c for c in state.characters.values()}
    if not by_name:
        raise Rejected(f"no character called {name!r}: the campaign has no characters yet (create one with 'char new NAME')")
    return by_name[resolve(name, by_name, "character")]
