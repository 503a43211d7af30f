"""The help's key list (the GM screen's first entry): every tab of the campaign's system, opened yet
or not, with the keys its key bar leaves out for room, and none of another system's."""

from __future__ import annotations

import pytest

from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.app.screens.reference import keys_text
from fhtagn_tui.door import Door


@pytest.mark.parametrize(("system", "theirs", "not_theirs"), [
    ("coc7", ["Party: n new · e edit · s sanity…", "Chase: N new chase", "k catch"], ["fright…", "Requisitions:"]),
    ("gurps", ["s fright… · p hp/fp…"], ["sanity…", "Chase:", "Requisitions:"]),
    ("fhtagn", ["s sanity…", "Requisitions: r request"], ["fright…", "Chase:"]),
])
async def test_the_help_lists_each_tab_of_the_system_before_it_is_opened(system, theirs, not_theirs):
    app = GmApp(Door.memory(system))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = keys_text(app)
        await pilot.press("2")  # the Initiative tab built: its keys listed the same, + (two keys) too
        await pilot.pause()
        opened = keys_text(app)
    assert "Initiative: s start fight · a act · t hit · n next · + add" in text  # not opened yet
    assert text == opened
    assert "k ask…" in text and "b npcs…" in text and "i import" in text  # off the key bar, in the help
    for words in theirs:
        assert words in text, (words, text)
    for words in not_theirs:
        assert words not in text, (words, text)
