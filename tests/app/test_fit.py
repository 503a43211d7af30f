"""Column widths fitted to the room (property tests: the promise holds for every input)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from fhtagn_tui.app.widgets.fit import fit_widths


def test_everything_fits_whole_when_there_is_room():
    assert fit_widths([4, 20, 9], 40) == [4, 20, 9]


def test_short_columns_keep_their_words_and_the_long_one_takes_the_rest():
    # Option, Modifier, Attacks, Rolls, Effect: the effect column wraps, the others stay whole
    assert fit_widths([10, 8, 12, 5, 90], 60, minimum=[10, 8, 6, 5, 9]) == [10, 8, 7, 5, 30]


def test_without_words_the_narrow_columns_keep_their_width():
    assert fit_widths([5, 60, 40], 50) == [5, 27, 18]


@given(st.lists(st.tuples(st.integers(1, 200), st.integers(1, 200)), min_size=1, max_size=12),
       st.integers(0, 300))
def test_widths_never_exceed_the_room_nor_the_content(columns, room):
    natural = [n for n, _ in columns]
    minimum = [min(n, m) for n, m in columns]
    widths = fit_widths(natural, room, floor=4, minimum=minimum)
    assert all(1 <= w <= n for w, n in zip(widths, natural, strict=False))
    if room >= sum(min(4, n) for n in natural):
        assert sum(widths) <= room
        if sum(natural) > room:
            assert sum(widths) == room  # no cell of room wasted while something is cut
    assert all(w >= min(4, n) for w, n in zip(widths, natural, strict=False))
