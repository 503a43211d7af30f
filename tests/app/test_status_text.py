"""Issue 31: the conditions by urgency, shortened before the urgent ones are cut (a property)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from fhtagn_tui.app.widgets.status_text import fit, parts, rank
from fhtagn_tui.domain.state import Character

CONDITIONS = ["dead", "dying", "unconscious", "temporarily insane", "bout of madness", "major wound", "prone",
              "stunned", "shaken", "hanging by a thread", "aiming", "pinned", "coma"]


@given(st.lists(st.sampled_from(CONDITIONS), unique=True, min_size=1), st.integers(min_value=1, max_value=120))
def test_the_most_urgent_is_always_shown_first_and_what_is_left_out_is_counted(conds: list[str], room: int) -> None:
    char = Character(id="a", name="A", kind="investigator", stats={}, conditions=tuple(conds))
    items = parts(char)
    assert [rank(c) for c in sorted(conds, key=rank)] == sorted(rank(c) for c in conds)
    text = fit(items, room, ", ").plain
    first_full, first_short, _ = items[0]
    assert text.startswith((first_full, first_short))
    shown = [x for x in text.split(", ") if not x.startswith("+")]
    left_out = len(items) - len(shown)
    assert (f"+{left_out}" in text) == (left_out > 0)
    if len(", ".join(full for full, _s, _st in items)) <= room:
        assert text == ", ".join(full for full, _s, _st in items)  # room enough: nothing shortened


def test_dying_comes_before_a_major_wound_and_prone() -> None:
    char = Character(id="a", name="A", kind="investigator", stats={}, conditions=("major wound", "prone", "unconscious", "dying"))
    assert fit(parts(char), 22, ", ").plain == "DYING, UNCONSC., +2"
    assert fit(parts(char), None, ", ").plain == "DYING, UNCONSCIOUS, major wound, prone"
