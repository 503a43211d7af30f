"""The one quoting helper is the tokenizer's inverse: quote every word, join them with spaces, and
the command line's tokenizer gives back the very words — whatever they hold (quotes, spaces,
backslashes, unicode, the empty word)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fhtagn_tui.commands.language import tokenize
from fhtagn_tui.rules.quoting import opt, quote

TRICKY = st.sampled_from(['"', "'", "\\", " ", "\t", "\n", "=", "$", "`", "#", "é", "ß", "Ω", "😀", "\u00a0"])
WORDS = st.lists(st.one_of(st.text(), st.text(alphabet=TRICKY, max_size=6)), max_size=6)


@given(WORDS)
def test_quote_then_tokenize_gives_back_the_words(words: list[str]) -> None:
    assert tokenize(" ".join(quote(w) for w in words)) == words


@given(st.text(alphabet=st.characters(categories=("Ll", "Lu", "Nd")), min_size=1), st.text())
def test_an_option_value_comes_back_whole(key: str, value: str) -> None:
    assert tokenize(opt(key, value)) == [f"{key}={value}"]


@pytest.mark.parametrize(("word", "line"), [
    ("ada", "ada"), ("1/1d6", "1/1d6"), ("Müller", "Müller"), ("Ada Vance", '"Ada Vance"'), ("", '""'),
    ("O'Brien", '"O\'Brien"'), ('say "hi"', '"say \\"hi\\""'), ("a\\b", '"a\\\\b"'),
])
def test_bare_when_it_can_be(word: str, line: str) -> None:
    assert quote(word) == line
