"""The command line (``:``): type any command; history on up/down; Tab completes.

What completes is worked out by :func:`fhtagn_tui.commands.complete.complete` (pure); this
widget only shows it: the inline suggestion as you type (→ or End takes it), and Tab, which
completes the word or lists what fits.  Tab never leaves a line with text in it.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.reactive import Reactive
from textual.widgets import Input

from fhtagn_tui.commands.complete import complete
from fhtagn_tui.commands.language import load_all
from fhtagn_tui.domain.state import State

from ..access import gm_app
from ..textual_private import set_suggestion


def candidates_text(candidates: tuple[str, ...], width: int = 76) -> str:
    """``Tab: new, set, show … (6 in all)`` — as many as fit on one line of the status."""
    shown: list[str] = []
    for word in candidates:
        tail = f" … ({len(candidates)} in all)"
        if len("Tab: " + ", ".join([*shown, word])) + len(tail) > width and shown:
            return "Tab: " + ", ".join(shown) + tail
        shown.append(word)
    return "Tab: " + ", ".join(shown)


class CommandLine(Input):
    # Textual's Input sets its virtual size (the text's width) at every key, and ``Widget.virtual_size``
    # asks for a layout pass of the whole screen when it changes.  The line is one row of a fixed
    # width: nothing around it moves, and its scrolling reads the virtual size directly
    # (``max_scroll_x``).  So a key repaints the line only, not the screen laid out again (a line
    # typed or pasted fast paid one pass per frame before its Enter was handled).
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), repaint=True)

    BINDINGS = [
        Binding("up", "history(-1)", "previous", show=False, id="command_line.previous"),
        Binding("down", "history(1)", "next", show=False, id="command_line.next"),
        Binding("escape", "leave", "leave", show=False, id="command_line.leave"),
        Binding("tab", "complete", "complete", show=False, id="command_line.complete"),
        Binding("shift+tab", "back_out", "previous", show=False, id="command_line.back_out"),
    ]

    class Hint(Message):
        """What fits the word being completed, for the status line."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def __init__(self, *, id: str | None = None, compact: bool = False) -> None:
        self.state = State()
        super().__init__(
            placeholder=": type a command (help, char new, test, roll, note, undo…)",
            select_on_focus=False,  # a prefilled command is continued, not replaced
            id=id,
            compact=compact,
        )
        self.history: list[str] = []
        self._pos = 0
        self._suggesting = False  # a suggestion is to be worked out (see watch_value)

    # --- the suggestion --------------------------------------------------------------------

    def watch_value(self, value: str) -> None:
        """The inline suggestion: the line as :func:`complete` would extend it, worked out once the
        keys already read are in the line.

        Not with a Textual ``Suggester``: that runs a worker per key (a task and three messages
        each), and keys that come in one read (a paste, a fast typist, a bench) each paid for a
        completion of a line already gone before the Enter among them was handled."""
        if not self._suggesting:
            self._suggesting = True
            self.call_later(self._suggest)

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()  # nobody above the line listens: not handed up the screen and the app at every key

    def _suggest(self) -> None:
        self._suggesting = False
        value = self.value
        if value.strip(" :"):
            # Input's own attribute: drawn after the cursor; → or End takes it (action_cursor_right)
            set_suggestion(self, complete(value, self.state).suggestion or "")

    def on_focus(self) -> None:
        # The command language (every command's module) loads when the line is opened, after its
        # frame, not with the first line typed: keys that come in one read (a paste, a fast typist,
        # a bench) had the first Enter wait ~20 ms for those imports before its events were written.
        self.call_after_refresh(load_all)

    def remember(self, text: str) -> None:
        if text and (not self.history or self.history[-1] != text):
            self.history.append(text)
        self._pos = len(self.history)

    def action_history(self, step: int) -> None:
        if not self.history:
            return
        self._pos = max(0, min(len(self.history), self._pos + step))
        self.value = self.history[self._pos] if self._pos < len(self.history) else ""
        self.cursor_position = len(self.value)

    def action_leave(self) -> None:
        """Escape: clear the line and give the keys back to the tab on screen — at once, so a key
        read together with the Esc (``Esc 2``) is the tab's, not typed into the line."""
        self.value = ""
        gm_app(self).focus_tab(now=True)

    def action_complete(self) -> None:
        """Tab: complete the word before the cursor, or say what fits; an empty line lets the
        focus move on as Tab does elsewhere."""
        if not self.value.strip():
            self.screen.focus_next()
            return
        head, tail = self.value[: self.cursor_position], self.value[self.cursor_position:]
        done = complete(head, self.state)
        if done.line != head:
            self.value = done.line + tail
            self.cursor_position = len(done.line)
        if len(done.candidates) > 1:
            self.post_message(self.Hint(candidates_text(done.candidates)))
        elif not done.candidates:
            self.post_message(self.Hint("Tab: nothing to complete here"))

    def action_back_out(self) -> None:
        """Shift+Tab: like Tab, it never leaves a line with text in it."""
        if not self.value.strip():
            self.screen.focus_previous()

    def set_state(self, state: State) -> None:
        """The state completion reads (names, skills, weapons …)."""
        self.state = state
