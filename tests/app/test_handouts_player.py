"""Whispers and handouts on the screens (issue 34), at 80×24 through ``Door.memory()``: the GM's app
gives them; a bound player's view following the same door reads a whisper as a notice and in its Log,
has a handout opened in a scrollable panel (Markdown as text; Esc closes) and opens it again from its
Handouts list (``H``); another player's view shows none of it."""

from __future__ import annotations

from fhtagn_tui.app.forms.handouts import HandoutList, HandoutView, handout_text
from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.app.player import PlayerApp
from fhtagn_tui.door import Door

from .screen_text import joined, screen_text

ADA = 'char new "Ada Vance" STR=10 CON=11 DEX=9 INT=16 POW=14 CHA=11'
BOB = "char new Bob STR=12 CON=12 DEX=11 INT=10 POW=10 CHA=10"
LETTER = "\n".join(["# The Vicar's Letter", "", "Come alone to the crypt. [b]not bold[/b] \\x1b", "",
                    *(f"line {n}" for n in range(1, 41)), "Signed, *M.*"])


def table() -> Door:
    door = Door.memory("fhtagn")
    for line in (ADA, BOB):
        door.execute(line)
    return door


def view(door: Door, who: str) -> PlayerApp:
    return PlayerApp(door, character=who)


async def test_a_whisper_reaches_its_player_only_as_a_notice_and_in_the_log() -> None:
    door = table()
    ada, bob = view(door, "Ada Vance"), view(door, "Bob")
    async with ada.run_test(size=(80, 24), notifications=True) as pilot, bob.run_test(size=(80, 24),
                                                                                       notifications=True) as other:
        await pilot.pause()
        door.execute("whisper ada The well is [b]breathing[/b].")
        await pilot.pause()
        await other.pause()
        told = [(n.title, n.message) for n in ada._notifications]  # noqa: SLF001
        assert told == [("The GM whispers", "The well is [b]breathing[/b].")]  # as typed, never markup
        assert not list(bob._notifications)  # noqa: SLF001
        await pilot.press("5")
        await pilot.pause()
        assert "The GM whispers to Ada Vance: The well is [b]breathing[/b]." in joined(ada)
        await other.press("5")
        await other.pause()
        assert "whispers" not in joined(bob)


async def test_a_handout_opens_scrolls_closes_and_opens_again_from_the_list() -> None:
    door = table()
    ada = view(door, "Ada Vance")
    async with ada.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "H Handouts" in screen_text(ada)  # on the player's key bar
        door.execute(f"handout ada {quote_line(LETTER)}")
        await pilot.pause()
        assert isinstance(ada.screen, HandoutView)
        text = joined(ada)
        assert "The Vicar's Letter" in text and "Come alone to the crypt. [b]not bold[/b] \\x1b" in text
        assert "Signed" not in text  # below: scrolled to
        await pilot.press("end")
        await pilot.pause()
        assert "Signed, *M.*" in joined(ada)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(ada.screen, HandoutView)
        door.execute('handout ada "A second page" title=Clipping')
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("H")
        await pilot.pause()
        assert isinstance(ada.screen, HandoutList)
        listed = joined(ada)
        assert listed.index("Clipping") < listed.index("The Vicar's Letter")  # newest first
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(ada.screen, HandoutView) and "Come alone" in joined(ada)
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert not isinstance(ada.screen, HandoutList | HandoutView)


async def test_the_gm_has_no_handouts_key_and_lists_them_by_command() -> None:
    door = table()
    gm = GmApp(door)
    async with gm.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Handouts" not in screen_text(gm)
        door.execute('handout bob "Page" title=Map')
        assert door.execute("handout list").answer.endswith("1. Map → Bob (4 characters)")
        await pilot.press("H")
        await pilot.pause()
        assert not isinstance(gm.screen, HandoutList)


def test_markdown_is_text_with_bold_headings() -> None:
    shown = handout_text("# Title\n\n[red]x[/red] \x1b[2J")
    assert shown.plain == "Title\n\n[red]x[/red] \\x1b[2J"
    assert any(span.style == "bold" for span in shown.spans)


def quote_line(text: str) -> str:
    from fhtagn_tui.rules.quoting import quote

    return quote(text)


async def test_a_handout_given_before_the_view_opened_is_in_its_list_not_another_players() -> None:
    door = table()
    door.execute('handout ada "Given before." title=Earlier')
    ada, bob = view(door, "Ada Vance"), view(door, "Bob")
    async with ada.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not isinstance(ada.screen, HandoutView)  # not opened at start: listed
        await pilot.press("H")
        await pilot.pause()
        assert "Earlier" in joined(ada)
    async with bob.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("H")
        await pilot.pause()
        assert isinstance(bob.screen, HandoutList)
        assert "Earlier" not in joined(bob) and "No handout yet" in joined(bob)


async def test_the_gms_log_opens_a_handout_given_whole() -> None:
    from fhtagn_tui.app.forms.text_view import TextView
    from fhtagn_tui.app.screens.log import LogTab

    door = table()
    gm = GmApp(door)
    async with gm.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        door.execute('handout bob "# Map\n\nThe cave is [i]north[/i]." title=Map')
        await pilot.press("5")
        await pilot.pause()
        log = gm.query_one(LogTab)
        table_ = log.query_one("#log-table")
        table_.focus()
        await pilot.press("end", "enter")
        await pilot.pause()
        assert isinstance(gm.screen, TextView)
        text = joined(gm)
        assert "The GM gives Bob a handout: Map" in text and "The cave is [i]north[/i]." in text
