"""Screenshots (and any file delivery) off where the user is not the server's own GM.

Textual's command palette offers "Screenshot", which writes an SVG into the
server user's ``~/Downloads`` (or hands it to a browser).  A player, or anyone
connected through ``fhtagn serve``, must not make the server write a file, so
:class:`NoFilesMixin` drops the command and refuses every way in (the action,
a key binding, ``deliver_screenshot``, ``save_screenshot``, ``deliver_text`` and
``deliver_binary``) when ``screenshots`` is False.  The GM at a local terminal
keeps them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from textual.app import SystemCommand
from textual.screen import Screen

if TYPE_CHECKING:  # a mixin of the app: the type checker reads it as the App it is mixed into
    from textual.app import App

    _AppBase = App[Any]
else:
    _AppBase = object

REFUSED = "screenshots are off in the player view and in served sessions (nothing is written on the server)"


class NoFilesMixin(_AppBase):
    screenshots: bool = True

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            if self.screenshots or command.title != "Screenshot":
                yield command

    def _refuse_file(self) -> None:
        self.notify(REFUSED, severity="warning")

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        if not self.screenshots:
            self._refuse_file()
            return
        super().action_screenshot(filename, path)

    def deliver_screenshot(self, filename: str | None = None, path: str | None = None,
                           time_format: str | None = None) -> str | None:
        if not self.screenshots:
            self._refuse_file()
            return None
        return super().deliver_screenshot(filename, path, time_format)

    def save_screenshot(self, filename: str | None = None, path: str | None = None,
                        time_format: str | None = None) -> str:
        if not self.screenshots:
            self._refuse_file()
            return ""
        return super().save_screenshot(filename, path, time_format)

    def deliver_text(self, *args: Any, **kwargs: Any) -> str | None:
        if not self.screenshots:
            self._refuse_file()
            return None
        return super().deliver_text(*args, **kwargs)

    def deliver_binary(self, *args: Any, **kwargs: Any) -> str | None:
        if not self.screenshots:
            self._refuse_file()
            return None
        return super().deliver_binary(*args, **kwargs)
