"""Reveal: the GM shows the players a secret action after the fact.

``reveal SEQ`` names any event of a secret action group; a :class:`Revealed` event records it, and
from then on the players' view (``domain.public``) treats that group as public: its events are
told and their effects show.  Undoing the reveal hides the group again.  The Engine writes the
event (it reads the group from the log, which the state does not hold), as it does for undo.
"""

from msgspec.structs import replace

from ..commands import Command
from ..decide import evolver
from ..events import Event
from ..state import State


class Revealed(Event):
    target: int  # the action group revealed
    label: str = ""  # the group's first event in the GM's words (the GM's log)

    def describe(self, names: dict[str, str]) -> str:
        return f"Revealed to the players: {self.label}" if self.label else f"Revealed to the players: action {self.target}"


class Reveal(Command):
    """Make the secret action holding event ``seq`` public (written by the Engine)."""

    seq: int = 0  # 0: the latest secret action not revealed yet
    label = "reveal"


@evolver(Revealed)
def _ev_revealed(state: State, ev: Revealed) -> State:
    return replace(state, revealed=state.revealed | {ev.target})


__all__ = ["Reveal", "Revealed"]
