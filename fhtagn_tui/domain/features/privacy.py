"""The privacy setting (issue 34): what a player may see of the other investigators.

``privacy own|full|gm-picks FIELD[,FIELD…]`` records a :class:`PrivacySet`; the state keeps it
(``State.privacy``) and the public projection (``domain/public.py``) applies it for each viewer —
what each mode means is in :mod:`fhtagn_tui.domain.privacy`.  A change rebuilds the players'
projection (as a reveal does): the setting in force governs everything a player reads, the log's
past included.  It cannot be secret: it is the players' own to know.
"""

from msgspec.structs import replace

from fhtagn_tui.rules.dice import Dice

from .. import privacy as rules
from ..commands import Command
from ..decide import Rejected, decider, evolver
from ..events import Event
from ..state import Privacy, State


class PrivacySet(Event):
    """The campaign's privacy setting set (``privacy``)."""

    kind_label = "privacy"
    #: words of the setting, not things: a character called "Own" is not referred to
    free_text = Event.free_text | {"mode", "fields"}

    mode: str  # own | full | gm-picks
    fields: tuple[str, ...] = ()  # gm-picks: the others' private fields

    def describe(self, names: dict[str, str]) -> str:
        return "Privacy: " + rules.explain(Privacy(mode=self.mode, fields=self.fields)).removeprefix(
            f"privacy {self.mode}: ")


class SetPrivacy(Command):
    """Set what a player may see of the other investigators."""

    label = "privacy"
    mode: str
    fields: tuple[str, ...] = ()


@decider(SetPrivacy)
def _set_privacy(state: State, cmd: SetPrivacy, dice: Dice) -> list[Event]:
    try:
        wanted = rules.parse((cmd.mode, *cmd.fields))
    except rules.PrivacyError as exc:
        raise Rejected(str(exc)) from None
    if wanted == state.privacy:
        raise Rejected(f"privacy is already {rules.label(wanted)}")
    return [PrivacySet(mode=wanted.mode, fields=wanted.fields)]


@evolver(PrivacySet, reads=("mode", "fields"))
def _ev_privacy(state: State, ev: PrivacySet) -> State:
    return replace(state, privacy=Privacy(mode=ev.mode, fields=tuple(ev.fields)))


__all__ = ["PrivacySet", "SetPrivacy"]
