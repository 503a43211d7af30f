"""A batch of groups is "plain" (told a line each, in one piece) exactly when each of its groups is:
one line, neither secret nor taken back, out of a fight — the batch asked at once agrees with the
question asked of every group."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from fhtagn_tui.export.markdown import plain
from fhtagn_tui.export.recap import Group, Line

lines = st.lists(st.builds(Line, seq=st.integers(1, 9), text=st.just("x"), kind=st.just("NoteAdded"),
                           secret=st.booleans()), min_size=0, max_size=3)
groups = st.builds(Group, group=st.integers(1, 9), lines=lines, actor=st.just(""), round=st.sampled_from([0, 0, 0, 2]),
                   fight=st.just(""), undone=st.sampled_from([False, False, False, True]))


def one_at_a_time(batch: list[Group]) -> bool:
    return all(not g.round and len(g.lines) == 1 and not g.undone and not g.lines[0].secret for g in batch)


@given(st.lists(groups, max_size=8))
def test_a_batch_is_plain_when_each_of_its_groups_is(batch: list[Group]) -> None:
    assert plain(batch) == one_at_a_time(batch)


def test_plain_and_not() -> None:
    line = Line(1, "x", "NoteAdded")
    assert plain([Group(1, [line]), Group(2, [line])])
    assert plain([])
    assert not plain([Group(1, [line]), Group(2, [])])  # (a group without a line is not one line)
    assert not plain([Group(1, [line, line])])
    assert not plain([Group(1, [Line(1, "x", "NoteAdded", secret=True)])])
    assert not plain([Group(1, [line], undone=True)])
    assert not plain([Group(1, [line], round=1)])
