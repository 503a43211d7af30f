"""A player's roll request prompt: the GM asked this player's character for a roll.

``r`` (or Enter) lets the app roll; ``t`` opens a line for the dice the player threw (checked by the
writer like any typed dice); ``Esc`` puts it aside (it comes back with the next change, or ``a``).
The answer goes to the writer through the campaign's inbox; the prompt shows "sent" until the
public log shows the request answered, then closes.

It is not a screen: a bound player's main screen holds it from the start, hidden, on a layer of its
own over the tabs, and a request only fills in its lines and shows it.  Pushing a screen per request
composed and styled it anew, painted the whole terminal, and closing it restyled and repainted the
whole main screen again; nine apps on two cores did that at once at every ``ask all`` (issue 20,
DESIGN.md, Rolls at the table).  Shown, it holds the keys without taking the focus (moving the
focus restyles and repaints what had it): the main screen puts its bindings first and, as a modal
screen did, no key of the view behind it acts until it is answered or put aside
(``MainScreen._binding_chain``, :attr:`is_modal`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Input, Static

from fhtagn_tui.domain.state import Ask

from ..access import gm_app
from ..keymap import key_text
from ..widgets.steady import update_steady

#: What a player's key sends: (the request, the dice typed or None) → the refusal, or None when sent.
Send = Callable[[Ask, "list[int] | None"], "str | None"]


class RollRequest(Vertical):
    COMPONENT_CLASSES: ClassVar[set[str]] = {"roll-request--title", "roll-request--target"}
    # its styles (roll_request.tcss, app.PROMPT_CSS) are read at the start of a bound player's view (the only
    # one that builds it), not when a request comes
    BINDINGS = [
        Binding("r,enter", "roll", "Roll", id="roll_request.roll"),
        Binding("t", "type", "Type dice", id="roll_request.type"),
        Binding("escape", "later", "Later", id="roll_request.later"),
    ]

    def __init__(self, send: Send, later: Callable[[RollRequest], None]) -> None:
        super().__init__(id="roll-request")
        self.send = send
        self.later = later
        self.ask: Ask | None = None  # the request shown (None: hidden)
        self.dice_hint = ""
        self.sent = False
        self._before: Widget | None = None  # what had the keys before it showed
        self._title = self._test = self._target = self._help = ""  # the lines of #rr-body
        self.gm_away = False  # the GM's app is not running (the answer waits in the inbox for it)

    @property
    def shown(self) -> bool:
        return self.ask is not None

    @property
    def is_modal(self) -> bool:
        """Shown, its keys end the binding chain: the view's keys behind it wait (as under a modal screen)."""
        return self.ask is not None

    def _keys_help(self) -> str:
        return (f"{key_text(self.app, 'roll_request.roll', 'r')} roll · {key_text(self.app, 'roll_request.type', 't')} "
                f"type your dice · {key_text(self.app, 'roll_request.later', 'Esc')} later")

    def compose(self) -> ComposeResult:
        # The lines above the dice line are one Static (title, test, target, secret, keys): a request
        # shows and lays out two widgets, not six (each one styled, arranged and drawn anew per request,
        # in each of the players' apps at once).
        yield Static("", id="rr-body", markup=False)
        yield Input(id="rr-dice", max_length=64, disabled=True)
        yield Static("", id="rr-error", markup=False)

    def _body(self) -> Text:
        """The lines above the dice line, each in its style (roll_request.tcss); an empty one is left out."""
        title = self.get_component_rich_style("roll-request--title", partial=True)
        target = self.get_component_rich_style("roll-request--target", partial=True)
        secret = "Secret: only the GM sees the result." if self.ask is not None and self.ask.hidden else ""
        away = "Waiting for the GM's app: it is not running" if self.gm_away else ""  # (an answer sent waits for it)
        lines = [(self._title, title), (self._test, None), (self._target, target), (secret, None),
                 (self._help, None), (away, target)]
        return Text("\n").join(Text(line, style=style or "") for line, style in lines if line)

    def _draw_body(self) -> None:
        body = self.query_one("#rr-body", Static)
        if self.display:
            update_steady(body, self._body())  # drawn in place while the height stays
        else:
            body.update(self._body())  # hidden: laid out when it shows (in that one pass)

    # --- shown and hidden ---------------------------------------------------------------------------

    def open(self, ask: Ask, who: str, target: str, dice_hint: str = "") -> None:
        """Show ``ask`` and take the keys.  Only its lines change: no screen is pushed."""
        self.ask = ask
        self.sent = False
        self.dice_hint = dice_hint or "the dice you threw, e.g. 42"
        self.remove_class("typing")
        self._title = f"The GM asks for a roll · request {ask.number}"
        self._test = f"{who}: {ask.label}"
        self._target = target
        self._help = self._keys_help()
        self._draw_body()
        dice = self.query_one("#rr-dice", Input)
        dice.value = ""
        dice.placeholder = self.dice_hint
        dice.disabled = True
        self._line("#rr-error", "")
        self.display = True
        self.screen.refresh_bindings()  # the key bar: its keys

    def close(self) -> None:
        """Hide it and give the keys back to the view."""
        if self.ask is None:
            return
        self.ask = None
        self.display = False
        self._give_back_focus()
        self.screen.refresh_bindings()

    def _give_back_focus(self) -> None:
        """The dice line had the focus: back to what had it before."""
        focused = self.screen.focused
        if focused is None or self not in focused.ancestors:
            return
        before, self._before = self._before, None
        if before is not None and before.is_attached and before.focusable:
            self.screen.set_focus(before)  # now, not after the next message: the dice line may be disabled next
        else:
            self.screen.set_focus(None)
            gm_app(self).focus_tab()

    def _line(self, selector: str, text: str) -> None:
        line = self.query_one(selector, Static)
        line.display = bool(text)
        if self.display:
            update_steady(line, text)  # drawn in place while the height stays
        else:
            line.update(text, layout=False)  # hidden: laid out when it shows

    # --- the player's keys --------------------------------------------------------------------------

    def action_roll(self) -> None:
        if self.ask is not None and not self.sent:
            self._send(None)

    def action_type(self) -> None:
        if self.ask is None or self.sent:
            return
        self.add_class("typing")
        line = self.query_one("#rr-dice", Input)
        line.disabled = False
        focused = self.screen.focused
        if focused is None or self not in focused.ancestors:
            self._before = focused
        line.focus()

    def action_later(self) -> None:
        if self.ask is not None:
            self.later(self)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        raw = [p for p in event.value.replace(",", " ").split() if p]
        if not raw or len(raw) > 16 or not all(p.isdigit() and 0 < int(p) <= 1000 for p in raw):
            self._error("type the dice as numbers, e.g. 42 or 42 3")
            return
        self._send([int(p) for p in raw])

    def _send(self, dice: list[int] | None) -> None:
        if self.ask is None:
            return
        problem = self.send(self.ask, dice)
        if problem:
            self._error(problem)
            return
        self.sent = True
        self.remove_class("typing")
        # the keys back to the view first: disabling the focused dice line blurs it (Textual moves the focus
        # on, out of the prompt), after which the focus was no longer the prompt's to give back — it ended on
        # no widget and the view's own keys (``u`` to push the failed roll just answered) did nothing
        self._give_back_focus()
        self.query_one("#rr-dice", Input).disabled = True
        self._help = "Sent — waiting for the GM's screen…"
        self._draw_body()
        self._error("")

    def _error(self, text: str) -> None:
        self._line("#rr-error", text)

    def on_input_changed(self, event: Input.Changed) -> None:
        """The player edits the dice: an error about the last ones is no longer true."""
        if self.query_one("#rr-error", Static).display:
            self._error("")

    def set_gm_away(self, away: bool) -> None:
        """Say (or stop saying) that the GM's app is not running; an error from an earlier attempt goes."""
        if away == self.gm_away or self.ask is None:
            return
        self.gm_away = away
        self._draw_body()
        if away:
            self._error("")

    def waiting(self, text: str) -> None:
        """Sent, and still on its way (the GM's app has not read it): said in place of the keys' help."""
        if self.sent:
            self._help = text
            self._draw_body()

    def refused(self, text: str) -> None:
        """The writer refused the answer (the typed dice did not fit): try again."""
        self.sent = False
        self._help = self._keys_help()
        self._draw_body()
        self._error(text)
