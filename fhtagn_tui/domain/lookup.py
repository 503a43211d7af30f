"""Finding things by the names a GM types, with helpful refusals (through :mod:`.names`)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from fhtagn_tui.rules import names
from fhtagn_tui.rules.quoting import quote

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


def command_name(state: State, char: Character) -> str:
    """The shortest form of ``char``'s name that a command finds them by, and only them: one word of
    the name ("mara" for "Agent Mara Oduya" beside "Agent Ray Cole"), else its id, else the whole
    name in quotes — what a suggested command ("san sleep mara") writes."""
    words: list[str] = sorted(dict.fromkeys(re.findall(r"\w+", names.fold(char.name))), key=len)
    for word in (*words, char.id):
        if word and " " not in word and "'" not in word and _finds(state, word, char):
            return word
    return quote(char.name)


def _finds(state: State, word: str, char: Character) -> bool:
    try:
        return find_character(state, word).id == char.id
    except Rejected:
        return False
