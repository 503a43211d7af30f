"""The players' view: the public state and log only (never the GM's), read-only, following the
campaign file live; a player whose key is bound to a character (``--as``) answers the GM's roll
requests for it in a prompt and may ask the GM to push a failed roll.  Without a character it is
a follower: the table's shared screen."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.binding import Binding, BindingType
from textual.widgets import Static

from fhtagn_tui.domain.decide import Rejected
from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.state import State
from fhtagn_tui.door import Door

from . import render_caches
from .base import PALETTE_BINDINGS, PROMPT_CSS, TAB_BINDINGS, AppBase
from .keymap import key_text
from .screens.log import WINDOW as LOG_WINDOW
from .screens.log import LogTab

if TYPE_CHECKING:
    from textual.app import ComposeResult

    from fhtagn_tui.domain.public import PublicEntry, PublicLog
    from fhtagn_tui.domain.state import Ask

    from .forms.roll_request import RollRequest


class PlayerApp(AppBase):
    """The players' view (see the module's doc)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *TAB_BINDINGS,  # 1-5, ?, F1, ctrl+q, ctrl+o
        Binding("a", "answer_request", "Answer", show=False, id="app.answer"),
        *PALETTE_BINDINGS,  # ctrl+p
    ]
    FOLLOW_POLL: ClassVar[float] = 0.05
    player: ClassVar[bool] = True
    readonly = True  # never writes: its answers go to the GM's app through the inbox

    #: The players' view's public projection (the GM's app imports neither it nor the features it names).
    _public: PublicLog

    def __init__(self, door: Door, served: bool = False, character: str = "", who: str = "") -> None:
        super().__init__(door, served=served)
        if character:  # a roll request may come for this player's character: its styles now
            self.css_path = [*self.css_path, PROMPT_CSS]
        self.screenshots = False  # nothing a player does writes a file
        # the one public projection it reads (the GM's app has none); a follower: a few groups of undo
        # states (a deeper undo rebuilds from the log)
        from fhtagn_tui.domain.public import FOLLOW_DEPTH, PublicLog

        self._public = PublicLog(depth=FOLLOW_DEPTH)
        self._public.feed(self.door.events())
        self.who = who or "player"
        self._put_aside: set[int] = set()  # requests the player put aside (Esc)
        if character:
            self.own = self._bind(character)
        self.subscribe()

    # --- the players' projection -----------------------------------------------------------------

    @property
    def view_state(self) -> State:
        """The public projection only: never the GM's state."""
        return self._public.state

    def view_marker(self) -> str:
        return "PLAYER VIEW"

    def log_backlog(self) -> list[Event] | list[PublicEntry]:
        """The latest entries of the public log."""
        return self._public.entries[-LOG_WINDOW:]

    def compose_prompt(self) -> ComposeResult:
        if self.own:  # a bound player: the roll request prompt stands ready, hidden (forms/roll_request.py)
            from .forms.roll_request import RollRequest

            # first of the screen's children: the compositor numbers the widgets' painting order
            # from the last one, so a prompt placed last, shown or hidden, renumbered every widget
            # of the screen and the whole terminal was painted again
            self.roll_prompt = RollRequest(self._send_answer, self._later)
            yield self.roll_prompt

    def mounted(self) -> None:
        # woken by the file's writes: a roll request pops up at once
        self.call_after_refresh(self._follow_writes)  # after the first frame (ctypes, inotify)
        if self.own:
            self.call_after_refresh(self._warm_prompt)

    def _on_events(self, events: list[Event]) -> None:
        entries, rebuilt = self._public.feed(events)  # always: the players' state is this fold
        if not self.is_running:
            return  # not on screen yet: on_mount draws the state
        if self.own and self.roll_prompt is not None and self.roll_prompt.ask is None and any(
                self.own in getattr(ev, "targets", ()) for ev in events if type(ev).__name__ == "RollAsked"):
            # a request for this player: its prompt is drawn first, the tabs under it after that frame
            self._prompt(self._public.state)
            self.call_after_refresh(self._show_public, entries, rebuilt)
            return
        self._show_public(entries, rebuilt)


    def _show_public(self, entries: list[PublicEntry], rebuilt: bool) -> None:
        self._show_all()
        log = self.query_one(LogTab)
        if rebuilt:  # a reveal (or its undo): the public log is renumbered
            log.load(entries, {c.id: c.name for c in self._public.state.characters.values()})
        else:
            log.append(entries)
        # the render caches fill with the lines the log scrolls past (app/render_caches.py): emptied
        # once this is on screen (after a roll request's prompt too: its frame is drawn before this)
        self.call_after_refresh(render_caches.trim)

    # --- rolls at the table ------------------------------------------------------------------

    def _bind(self, character: str) -> str:
        """The id of the player's own character (named by the key's binding), or "" with a notice."""
        from fhtagn_tui.domain.lookup import find_character

        try:
            return find_character(self._public.state, character).id
        except Rejected:
            self.notice = f"this key is bound to {character!r}, who is not in the campaign: ask the GM"
            return ""

    def _warm_prompt(self) -> None:
        """Import the requests' code after the first frame: a request then shows without waiting for it."""
        from fhtagn_tui.domain.features import asks  # noqa: F401

    def _show_asks(self, state: State) -> None:
        """No open-requests line: the prompt of this player's own request."""
        line = self.query_one("#asks", Static)
        line.display = False
        if self.own:
            self._prompt(state)

    def _prompt(self, state: State) -> None:
        box = self.roll_prompt
        if box is None:
            return
        mine = [a for a in state.asks if self.own in a.pending]
        shown = box.ask
        if shown is not None:
            if any(a.number == shown.number for a in mine):
                return  # still waiting for this one
            box.close()
            # on the message line, not a notice: notices pile up at the top right, and a quick next
            # request's prompt stood under the third one (its title unreadable for seconds)
            self._status(f"Request {shown.number}: " + ("rolled (the GM sees the result)" if shown.hidden
                         else "answered — the result is in the Log"))
        waiting = [a for a in mine if a.number not in self._put_aside]
        if not waiting:
            return
        from fhtagn_tui.domain.features.asks import dice_hint, target_text

        ask = waiting[0]
        char = state.characters.get(self.own)
        box.open(ask, char.name if char else self.own, target_text(state, ask, self.own), dice_hint(state.system, ask.test))
        if len(self.screen_stack) > 1:  # help, the GM screen or a call over the tabs: the prompt waits under it
            self.notify(f"The GM asks for a roll (request {ask.number}): close this screen to answer", title="Roll",
                        markup=False)

    def _later(self, box: RollRequest) -> None:
        """``Esc`` on the prompt: the request is put aside (``a`` brings it back)."""
        ask = box.ask
        if ask is None:
            return
        box.close()
        if not box.sent:
            self._put_aside.add(ask.number)
            self.notify(f"Request {ask.number} put aside: {key_text(self, 'app.answer', 'a')} to answer it", title="Roll",
                        markup=False)
            self._prompt(self.view_state)  # the next request waiting, if any

    @property
    def prompt_shown(self) -> bool:
        """A roll request prompt holds the keys: the view's own keys wait."""
        return self.roll_prompt is not None and self.roll_prompt.ask is not None

    def _send_answer(self, ask: Ask, dice: list[int] | None) -> str | None:
        """A player's answer, to the writer through the campaign's inbox (it cannot write the log)."""
        # the request as the GM numbers it (players count only the requests they saw)
        number = self._public.gm_request(ask.number)
        refused = self.door.send_answer(number, self.own, self.who, dice)
        if refused is not None:
            return refused
        self.set_timer(4.0, lambda: self._unanswered(ask.number))
        return None

    def ask_push(self, reason: str) -> str | None:
        """A player asks to push their character's failed roll (COC-DICE-06): the reason goes to the GM through
        the inbox; the GM confirms (push NAME) and records the consequence.  The refusal or None."""
        refused = self.door.send_push(0, self.own, self.who, reason)
        if refused is None:
            self._status("Asked the GM to push your roll: the GM confirms it and rolls")
        return refused

    def _unanswered(self, number: int) -> None:
        """Still open 4 s after it was sent: the writer refused it (or is not running)."""
        prompt = self.roll_prompt
        if prompt is not None and prompt.ask is not None and prompt.ask.number == number and prompt.sent:
            prompt.refused("The GM's screen has not taken it: typed dice must be every die the test "
                           f"needs ({prompt.dice_hint}); try again")

    def offers(self, app: object, action: str, parameters: tuple[object, ...] = ()) -> bool:
        """``a`` (a request put aside) is a bound player's; nothing that writes is offered."""
        if action == "answer_request":
            return bool(self.own)
        return AppBase.offers(self, app, action, parameters)

    def help_text(self) -> str:
        """What a player does here (not the GM's commands): answer the GM's roll requests, ask for a push."""
        if not self.own:
            return ("The table's shared view: it follows the campaign as the GM plays and shows what the players "
                    "may see.  Nothing is typed or rolled here: each player answers the GM's roll requests on "
                    "their own screen.")
        char = self.view_state.characters.get(self.own)
        text = (f"You play {char.name if char else self.own}.  When the GM asks you for a roll, a prompt opens "
                "over this screen: roll your dice at the table and type them (or leave them blank: the app rolls), "
                f"then Enter.  Esc puts a request aside; {key_text(self, 'app.answer', 'a')} brings it back.")
        if self.view_state.system == "coc7":
            text += (f"\nAfter a failed roll, {key_text(self, 'party.push', 'u')} on the Party tab asks the GM to "
                     "push it (say what your character does differently): the GM confirms and rolls.")
        return text + "\nThe tabs show what the players see; the Log tells what happened."

    def action_answer_request(self) -> None:
        """``a`` in the player's view: bring back a request put aside."""
        if self.own:
            self._put_aside.clear()
            self._prompt(self.view_state)


__all__ = ["PlayerApp"]
