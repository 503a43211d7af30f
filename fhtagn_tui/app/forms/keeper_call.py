"""What the Keeper's-call forms of a chase share (a wrecked vehicle's occupants, who may escape at the
start): an error line, the decision run as one command, "later" as a dismissal with False."""

from __future__ import annotations

from rich.text import Text
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class KeeperCall(ModalScreen[bool]):
    """Dismissed with True once the Keeper's call is done, False when left for later."""

    #: The prefix of the form's widget ids: ``{PREFIX}-error``, ``{PREFIX}-save``.
    PREFIX = ""

    def _error(self, message: str) -> None:
        self.query_one(f"#{self.PREFIX}-error", Static).update(Text(message))

    def _decided(self, refusal: str | None) -> None:
        """The call's command was run: done (the form goes), or its refusal shown (the form stays)."""
        if refusal:
            self._error(refusal)
            return
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == f"{self.PREFIX}-save":
            self.action_save()
        else:
            self.action_cancel()

    def action_save(self) -> None:
        raise NotImplementedError
