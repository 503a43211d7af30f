"""The writers tell a batch of plain groups (a line each, neither secret nor taken back, out of a
fight) at once, and any other group one at a time: the document is the same either way, whatever
falls on a batch's edge (a fight ending on it, "After the fight" due at the next batch's first
group, a secret or undone group, a group of several lines)."""

from __future__ import annotations

import pytest

from fhtagn_tui.export import html, markdown
from fhtagn_tui.export.markdown import BATCH
from fhtagn_tui.export.recap import Group, Line, Recap, SessionRecap


def group(n: int, round: int = 0, lines: int = 1, secret: bool = False, undone: bool = False) -> Group:
    told = [Line(n * 10 + i, f"<event> {n}.{i} & *more*", "NoteAdded", secret) for i in range(lines)]
    return Group(n, told, actor="Ada" if n % 3 else "", round=round, fight="Barn" if round else "", undone=undone)


def recap(groups: list[Group]) -> Recap:
    session = SessionRecap(number=1, title="One", groups=groups, counts={"notes": len(groups)})
    return Recap(name="t", title="T", system="fhtagn", players=False, sessions=[session], events=len(groups))


CASES = {
    "plain": [group(n) for n in range(1, 2 * BATCH + 10)],
    "a fight ends on a batch's edge": [group(n, round=1 + n // 50) for n in range(1, BATCH + 1)]
    + [group(n) for n in range(BATCH + 1, 2 * BATCH + 10)],
    "a fight ends before it": [group(n, round=2) for n in range(1, BATCH - 3)]
    + [group(n) for n in range(BATCH - 3, 3 * BATCH)],
    "odd groups here and there": [group(n, secret=n % 997 == 0, undone=n % 1499 == 0, lines=2 if n % 1201 == 0 else 1)
                                  for n in range(1, 3 * BATCH)],
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_batch_of_plain_groups_is_told_as_one_at_a_time(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    made = recap(CASES[case])
    fast = (markdown.to_markdown(made), html.to_html(made))
    monkeypatch.setattr(markdown, "plain", lambda groups: False)
    monkeypatch.setattr(html, "plain", lambda groups: False)
    assert (markdown.to_markdown(made), html.to_html(made)) == fast
    assert fast[0].count("#### After the fight") == (0 if case.startswith(("plain", "odd")) else 1)
