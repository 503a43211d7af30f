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
from typing import Any

from textual.app import SystemCommand
from textual.screen import Screen

REFUSED = "screenshots are off in the player view and in served sessions (nothing is written on the server)"


class NoFilesMixin:
    screenshots: bool = True

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):  # type: ignore[misc]
            if self.screenshots or command.title != "Screenshot":
                yield command

    def _refuse_file(self) -> None:
        notify = getattr(self, "notify", None)
        if notify is not None:
            notify(REFUSED, severity="warning")

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        if not self.screenshots:
            self._refuse_file()
            return
        super().action_screenshot(filename, path)  # type: ignore[misc]

    def deliver_screenshot(self, filename: str | None = None, path: str | None = None,
                           time_format: str | None = None) -> str | None:
        if not self.screenshots:
            self._refuse_file()
            return None
        return super().deliver_screenshot(filename, path, time_format)  # type: ignore[misc]

    def save_screenshot(self, filename: str | None = None, path: str | None = None,
                        time_format: str | None = None) -> str:
        if not self.screenshots:
            self._refuse_file()
            return ""
        return super().save_screenshot(filename, path, time_format)  # type: ignore[misc]

    def deliver_text(self, *args: Any, **kwargs: Any) -> str | None:
        if not self.screenshots:
            self._refuse_file()
            return None
        return super().deliver_text(*args, **kwargs)  # type: ignore[misc]

    def deliver_binary(self, *args: Any, **kwargs: Any) -> str | None:
        if not self.screenshots:
            self._refuse_file()
            return None
        return super().deliver_binary(*args, **kwargs)  # type: ignore[misc]
