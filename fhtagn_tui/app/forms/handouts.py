"""Handouts on a player's screen (issue 34): one opened in a scrollable panel, and the list of those
given to the player's character (``H``), to open again.

A handout's text is plain text or Markdown; it is shown **as text**: never parsed as markup, never
as escapes (``domain.text`` refused control and invisible characters where it entered, and
:func:`~fhtagn_tui.domain.text.visible` writes out any an old log may hold).  Markdown's headings
are set in bold, the rest is the text as written.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from fhtagn_tui.domain.state import Handout
from fhtagn_tui.domain.text import visible

from ..keymap import key_text

if TYPE_CHECKING:
    from textual.app import App

    from fhtagn_tui.domain.public import PublicEntry


def handout_text(body: str) -> Text:
    """A handout's text to show: its characters as they are (no markup, no escape), headings bold."""
    out = Text()
    for i, line in enumerate(visible(body).split("\n")):
        if i:
            out.append("\n")
        stripped = line.lstrip(" ")
        if stripped.startswith("#") and stripped.lstrip("#").startswith((" ", "\t")) and len(line) - len(stripped) < 4:
            out.append(stripped.lstrip("#").strip(), style="bold")
        else:
            out.append(line)
    return out


class HandoutView(ModalScreen[None]):
    """One handout: its title and its text, scrolled with the arrows, PgUp/PgDn, Home/End."""

    CSS_PATH = "handouts.tcss"  # loaded when first opened, not at start-up
    BINDINGS = [Binding("escape,q", "close", "Close", id="handout.close")]

    def __init__(self, handout: Handout) -> None:
        super().__init__()
        self.handout = handout

    def compose(self) -> ComposeResult:
        with Vertical(id="handout"):
            yield Static(Text(visible(self.handout.title), style="bold"), id="handout-title", markup=False)
            with VerticalScroll(id="handout-body"):
                yield Static(handout_text(self.handout.body), markup=False)
            yield Static(Text(f"↑↓ PgUp PgDn scroll · {key_text(self.app, 'handout.close', 'esc')} close", style="dim"),
                         markup=False)

    def on_mount(self) -> None:
        self.query_one("#handout-body", VerticalScroll).focus()  # the scroll keys are its

    def action_close(self) -> None:
        self.dismiss(None)


class HandoutList(ModalScreen[None]):
    """The handouts given to the player's character, newest first: Enter opens one."""

    CSS_PATH = "handouts.tcss"
    BINDINGS = [Binding("escape,q", "close", "Close", id="handouts.close")]

    def __init__(self, handouts: Sequence[Handout]) -> None:
        super().__init__()
        self.handouts = list(reversed(handouts))

    def compose(self) -> ComposeResult:
        with Vertical(id="handouts"):
            yield Static(Text("Handouts", style="bold"), markup=False)
            if self.handouts:
                yield OptionList(*(Option(Text(visible(h.title))) for h in self.handouts), id="handout-list")
                hint = f"Enter open · {key_text(self.app, 'handouts.close', 'esc')} close"
            else:
                yield Static(Text("No handout yet: the GM's handouts to you are kept here."), markup=False)
                hint = f"{key_text(self.app, 'handouts.close', 'esc')} close"
            yield Static(Text(hint, style="dim"), markup=False)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.app.push_screen(HandoutView(self.handouts[event.option_index]))

    def action_close(self) -> None:
        self.dismiss(None)


def tell_addressed(app: App[object], own: str, entries: Sequence[PublicEntry]) -> None:
    """A player's new entries: a whisper to their character as a notice, a handout opened."""
    from fhtagn_tui.domain.features.handouts import HandoutGiven, Whispered

    for entry in entries:
        ev = entry.event
        if isinstance(ev, Whispered) and own in ev.to:
            app.notify(visible(ev.text), title="The GM whispers", timeout=30, markup=False)
        elif isinstance(ev, HandoutGiven) and own in ev.to:
            app.push_screen(HandoutView(ev.handout()))


__all__ = ["HandoutList", "HandoutView", "handout_text", "tell_addressed"]
