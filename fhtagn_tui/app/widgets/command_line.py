"""The command line (``:``): type any command; history on up/down; completion."""

from __future__ import annotations

from textual.binding import Binding
from textual.suggester import Suggester
from textual.widgets import Input

from fhtagn_tui.commands.language import SPECS, load_all


class CommandSuggester(Suggester):
    """Completes command words, then character names."""

    def __init__(self, names: list[str]) -> None:
        super().__init__(use_cache=False, case_sensitive=False)
        self.names = names

    async def get_suggestion(self, value: str) -> str | None:
        load_all()
        text = value.lstrip(":")
        if not text.strip():
            return None
        lowered = text.casefold()
        for words in sorted(SPECS):
            if words.startswith(lowered) and words != lowered:
                return words + " "
        head, _, last = text.rpartition(" ")
        if head and last:
            for name in self.names:
                if name.casefold().startswith(last.casefold()) and name.casefold() != last.casefold():
                    quoted = f'"{name}"' if " " in name else name
                    return f"{head} {quoted} "
        return None


class CommandLine(Input):
    BINDINGS = [
        Binding("up", "history(-1)", "previous", show=False),
        Binding("down", "history(1)", "next", show=False),
        Binding("escape", "leave", "leave", show=False),
    ]

    def __init__(self, **kwargs: object) -> None:
        self.names: list[str] = []
        super().__init__(
            placeholder=": type a command (help, char new, test, roll, note, undo…)",
            suggester=CommandSuggester(self.names),
            select_on_focus=False,  # a prefilled command is continued, not replaced
            **kwargs,  # type: ignore[arg-type]
        )
        self.history: list[str] = []
        self._pos = 0

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
        """Escape: clear the line and give the keys back to the tab on screen."""
        self.value = ""
        focus_tab = getattr(self.app, "focus_tab", None)
        if callable(focus_tab):
            focus_tab()
        else:
            self.screen.focus_next()

    def set_names(self, names: list[str]) -> None:
        self.names[:] = names
