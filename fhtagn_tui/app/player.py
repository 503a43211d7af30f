"""The players' view: the public state and log only (never the GM's), read-only, following the
campaign file live; a player whose key is bound to a character (``--as``) answers the GM's roll
requests for it in a prompt and may ask the GM to push a failed roll.  Without a character it is
a follower: the table's shared screen."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from fhtagn_tui.domain.replay import gc_paused

# (Start-up: what these imports build lives as long as the process; the collector rests while they
# load and it is frozen after, as in app/base.py.)
with gc_paused(freeze=True):
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

#: How often a player's shown request asks whether the GM's app is running (seconds; told within 4 s).
GM_CHECK_EVERY = 1.0


class PlayerApp(AppBase):
    """The players' view (see the module's doc)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *TAB_BINDINGS,  # 1-5, ?, F1, ctrl+q, ctrl+o
        Binding("a", "answer_request", "Answer", show=False, id="app.answer"),
        Binding("H", "handouts", "Handouts", id="app.handouts"),  # the handouts given to it, to open again (issue 34)
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

        self._public = PublicLog(depth=FOLLOW_DEPTH, viewer=self._viewer_of(character))  # folded once (issue 34)
        self._public.feed(self.door.events())
        self.who = who or "player"
        self._put_aside: set[int] = set()  # requests the player put aside (Esc)
        self._attempt = 0  # answers sent (the 4 s check is the latest one's)
        if character:
            self.own = self._bind(character)
            self._public.view_as(self.own)  # what the GM addresses to this character (issue 34)
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
            if self.own:  # a whisper to this player: a notice; a handout: opened (issue 34)
                from .forms.handouts import tell_addressed

                tell_addressed(self, self.own, entries)
        # the render caches fill with the lines the log scrolls past (app/render_caches.py): emptied
        # once this is on screen (after a roll request's prompt too: its frame is drawn before this)
        self.call_after_refresh(render_caches.trim)

    # --- rolls at the table ------------------------------------------------------------------

    def _viewer_of(self, character: str) -> str | None:
        """The character the projection is first read as (issue 34: what a player may see of the others
        is decided per viewer): the bound one as the campaign names it, None for a watcher — a guess,
        so that the log is folded once; ``view_as`` settles it once the public state names the
        character (:meth:`_bind`), folding again only if the guess was wrong."""
        from fhtagn_tui.domain.lookup import find_character

        try:
            return find_character(self.door.state, character).id if character else None
        except Rejected:
            return None

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

        self.set_interval(GM_CHECK_EVERY, self._check_gm)  # a shown request says when the GM's app is not running

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
        self._check_gm()
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
        self._attempt += 1
        attempt, typed = self._attempt, dice is not None
        self.set_timer(4.0, lambda: self._unanswered(ask.number, attempt, typed))
        return None

    def ask_push(self, reason: str) -> str | None:
        """A player asks to push their character's failed roll (COC-DICE-06): the reason goes to the GM through
        the inbox; the GM confirms (push NAME) and records the consequence.  The refusal or None."""
        refused = self.door.send_push(0, self.own, self.who, reason)
        if refused is None:
            self._status("Asked the GM to push your roll: the GM confirms it and rolls")
        return refused

    def _unanswered(self, number: int, attempt: int = 0, typed: bool = True) -> None:
        """Still open 4 s after it was sent: the GM's app is not running (the answer waits in the inbox for
        it), or it refused the answer.  Only for the latest attempt: an earlier one's timer says nothing."""
        prompt = self.roll_prompt
        if prompt is None or prompt.ask is None or prompt.ask.number != number or not prompt.sent:
            return
        if attempt and attempt != self._attempt:
            return
        if self._check_gm():
            return  # said on the prompt: the answer is taken when the GM's app opens
        if self.door.answers_unread():  # running, but not reading them (in review): taken when it does
            prompt.waiting("Sent — the GM's app has not read it yet (it is taken when it does)")
            return
        prompt.refused("The GM's app has not taken it: " + (
            f"typed dice must be every die the test needs ({prompt.dice_hint}); try again" if typed
            else "try again, or ask the GM"))

    def _check_gm(self) -> bool:
        """A bound player's shown request: whether the GM's app is not running, said on the prompt."""
        prompt = self.roll_prompt
        if prompt is None or prompt.ask is None:
            return False
        away = self.door.gm_app_running() is False
        prompt.set_gm_away(away)
        return away


    def action_handouts(self) -> None:
        """The handouts given to the player's character (issue 34): Enter opens one again."""
        from fhtagn_tui.domain.features.handouts import handouts_of

        from .forms.handouts import HandoutList

        self.push_screen(HandoutList(handouts_of(self._public.state, self.own)))

    def offers(self, app: object, action: str, parameters: tuple[object, ...] = ()) -> bool:
        """``a`` (a request put aside) and ``H`` (the handouts given to one's character) are a bound
        player's; nothing that writes is offered."""
        if action in ("answer_request", "handouts"):
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
        text += (f"\nThe GM may whisper to you (a notice) or hand you a text (it opens over this screen); "
                 f"{key_text(self, 'app.handouts', 'H')} lists the handouts you were given, to read again.")
        return text + "\nThe tabs show what the players see; the Log tells what happened."

    def action_answer_request(self) -> None:
        """``a`` in the player's view: bring back a request put aside."""
        if self.own:
            self._put_aside.clear()
            self._prompt(self.view_state)


__all__ = ["PlayerApp"]
