"""Texts escaped together (one pass over all of them) read exactly as each escaped alone."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from fhtagn_tui.export.html import _e, escape_all
from fhtagn_tui.export.markdown import md_escape, md_escape_all

#: Text full of what either writer escapes, line-start markup and non-ASCII among ordinary words.
MARKUP = st.text(alphabet=st.sampled_from(list("\\`*_[]<>|~\r\n#+-=.0123456789 \t&\"'aZ→é²\u00a0")), max_size=12)
TEXTS = st.lists(st.one_of(MARKUP, st.text(max_size=12)), max_size=20)


@settings(max_examples=400)
@given(TEXTS)
def test_markdown_texts_escaped_together_read_as_each_alone(texts: list[str]) -> None:
    assert md_escape_all(texts) == [md_escape(t) for t in texts]


@settings(max_examples=400)
@given(TEXTS)
def test_html_texts_escaped_together_read_as_each_alone(texts: list[str]) -> None:
    assert escape_all(texts) == [_e(t) for t in texts]


def test_a_text_holding_the_separator_is_escaped_alone() -> None:
    texts = ["a\x00*b", "- c", "[d]"]
    assert md_escape_all(texts) == [md_escape(t) for t in texts]
    assert escape_all(["<\x00>", "&"]) == ["&lt;\x00&gt;", "&amp;"]


def test_line_start_markup_is_escaped_in_any_text_of_the_batch() -> None:
    assert md_escape_all(["Roll [3]", "# not a heading", "12. not a list", " - nor this"]) == [
        "Roll \\[3\\]", "\\# not a heading", "12\\. not a list", " \\- nor this"]
