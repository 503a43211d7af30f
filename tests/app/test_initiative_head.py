"""The Initiative tab's header line: the GM's names the key that starts the round (the user's key,
under a keymap); the players' view, whose screen has no such key, names none."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from fhtagn_tui.app.gm import GmApp

from .test_at_the_table import fhtagn
from .test_keymap_app import SWAP, keymap_in

NOT_STARTED = ("fight start Barn", 'fight add "Ada Vance" "The Caretaker"')


def head(app: GmApp) -> str:
    return str(app.query_one("#ini-head", Static).render())


async def header_of(app: GmApp) -> str:
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2")
        await pilot.pause()
        return head(app)


async def test_the_gm_is_told_which_key_starts_the_round():
    assert await header_of(fhtagn(*NOT_STARTED)) == "Fight: Barn · not started (n: round 1)"


async def test_under_a_keymap_the_header_names_the_users_key(tmp_path):
    app = fhtagn(*NOT_STARTED, keymap=keymap_in(tmp_path / "saves", SWAP))  # a is the next turn
    assert await header_of(app) == "Fight: Barn · not started (a: round 1)"


@pytest.mark.parametrize("lines", [NOT_STARTED, (*NOT_STARTED, "fight next")], ids=["not-started", "round-1"])
async def test_the_players_header_names_no_gm_key(lines):
    text = await header_of(fhtagn(*lines, player=True))
    assert text.startswith("Fight: Barn · ") and "(" not in text and ": round 1" not in text
    assert ("not started" in text) == (len(lines) == 2)
