"""The GM's app: the campaign's writer — the command line, undo and redo, the forms, what is owed, the
players' answers from the inbox, review mode and the secret switch.  Read-only when its door is (a
second GM, ``--readonly``) and while a review runs (``fhtagn review`` is this app in review mode)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from fhtagn_tui.domain.replay import gc_paused

# (Start-up: what these imports build lives as long as the process; the collector rests while they
# load and it is frozen after, as in app/base.py.)
with gc_paused(freeze=True):
    from rich.text import Text
    from textual.binding import Binding, BindingType
    from textual.widgets import Static

    from fhtagn_tui.domain.decide import Rejected
    from fhtagn_tui.domain.events import Event
    from fhtagn_tui.domain.history import Redo, Undo
    from fhtagn_tui.domain.state import State
    from fhtagn_tui.door import Door, StoreError

    from . import render_caches
    from .base import (
        ASKS_ROWS,
        PALETTE_BINDINGS,
        ROWS_BACK_AFTER,
        TAB_BINDINGS,
        WRITING_ACTIONS,
        AppBase,
        _on_wake,
    )
    from .keymap import UserKeymap, key_text
    from .review import REVIEW_BINDINGS, ReviewMode
    from .widgets.steady import update_steady

if TYPE_CHECKING:
    from textual.app import ComposeResult

    from fhtagn_tui.domain.state import Ask
    from fhtagn_tui.door import AnswerDesk

    from .widgets.command_line import CommandLine  # only a view that types builds one (compose)


class GmApp(ReviewMode, AppBase):
    """The GM's view (see the module's doc)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # priority: taken by the app as it reads the key, before the keys behind it are handed to the
        # widget with the focus — a command typed in one read with its ":" is the line's
        Binding("colon", "command_line", "Command", key_display=":", priority=True, id="app.command_line"),
        Binding("ctrl+z", "undo", "Undo", id="app.undo"),
        Binding("ctrl+y", "redo", "Redo", id="app.redo"),
        *TAB_BINDINGS,  # 1-5, ?, F1, ctrl+q, ctrl+o
        Binding("o", "owed", "Owed", show=False, id="app.owed"),  # what the GM still owes (issue 31)
        Binding("D", "dismiss_results", "Dismiss results", show=False, id="app.dismiss_results"),  # issue 34
        *PALETTE_BINDINGS,  # ctrl+p
        *REVIEW_BINDINGS,  # R review, T timeline, ctrl+g secret; , . [ ] { } ( ) g / while reviewing
    ]

    def __init__(self, door: Door, review: bool = False, review_session: int | None = None, served: bool = False,
                 keymap: UserKeymap | None = None) -> None:
        super().__init__(door, served=served, keymap=keymap)
        self.readonly = door.readonly  # a second GM's window (the writer lock held elsewhere), `--readonly`
        self.typing = not self.readonly
        # the writer's answer desk (players' answers from the inbox)
        self.desk: AnswerDesk | None = door.answer_desk() if not self.readonly else None
        # closed requests whose results were dismissed (D), those closed before it opened too; the
        # answers' actions read from the log (issue 34)
        self._dismissed = {_result_key(a) for a in door.state.asks_closed}
        self._answers_read: dict[int, list[Event]] = {}
        self.init_review(review, review_session)  # review mode: the log read-only with a cursor
        self.subscribe()

    def view_marker(self) -> str:
        return self.review_marker().strip(" ·") or ("READ-ONLY" if self.readonly else "")

    def compose_command_line(self) -> ComposeResult:
        if self.typing:
            from .widgets.command_line import CommandLine

            yield CommandLine(id="command-line", compact=True)

    def mounted(self) -> None:
        if self.readonly:  # woken by the file's writes: a roll request pops up at once
            self.call_after_refresh(self._follow_writes)  # after the first frame (ctypes, inotify)
        if self.desk is not None:
            self.call_after_refresh(self._follow_answers)  # woken by the inbox's writes

    def started(self) -> None:
        self.start_review_if_asked()  # `fhtagn review`: review mode from the first frame

    def _on_events(self, events: list[Event]) -> None:
        if not self.is_running:
            return  # not on screen yet: on_mount draws the state
        if not self.readonly:
            # The GM's forms and menus leave thousands of widgets behind as cyclic garbage; collect it
            # once the result is on screen, while the GM reads it, not in the middle of the next key
            # press.  (Followers open no forms: they keep the collector's own pace.)
            self.call_after_refresh(self._collect_when_idle)
        self._show_all(events)  # the Log appends them when its message comes
        self._tell_results(events)
        self.review_follow(events)
        if self.readonly:  # a follower's render caches fill with the lines it scrolls past
            self.call_after_refresh(render_caches.trim)  # (app/render_caches.py)

    def _show_asks(self, state: State) -> None:
        """The open requests, with who has not answered."""
        line = self.query_one("#asks", Static)
        text = self._requests_text(state)
        line.display = (bool(text) or self._asks_floor > 0) and not self.reviewing
        if text:
            rows = min(ASKS_ROWS, len(Text(text).wrap(self.console, max(20, self.size.width - 2))))
            if rows > self._asks_floor:
                self._asks_floor = rows
                line.styles.min_height = rows
            if self._rows_back is not None:
                self._rows_back.stop()
                self._rows_back = None
            update_steady(line, text)  # no layout pass per answer
        elif self._asks_floor:
            # The last request closed: the line stays, empty, for a few seconds (or until the tab
            # changes), in case another comes.  Gone and back at every request, it laid the tabs out
            # and drew them again, twice (a resized container asks Textual for a second pass), each time.
            update_steady(line, "")
            if self._rows_back is None:
                self._rows_back = self.set_timer(ROWS_BACK_AFTER, self._give_rows_back)

    # --- the GM: the players' results (issue 34) ------------------------------------------------

    def _tell_results(self, events: list[Event]) -> None:
        """Answers just folded: each result as a notice and on the message line (no longer "The GM asks…").
        The requests line keeps them (:meth:`_requests_text`) until dismissed."""
        if self.reviewing or not any(type(ev).__name__ == "RollAnswered" for ev in events):
            return
        from fhtagn_tui.domain.features.asks import answer_result, result_text

        names = self.door.names
        told = [result_text(names, getattr(ev, "label", ""), getattr(ev, "character", ""),
                            answer_result(ev.seq, events) or answer_result(ev.seq, self._answer_events(ev.seq)))
                for ev in events if type(ev).__name__ == "RollAnswered"]
        text = " · ".join(told)
        numbers = sorted({getattr(ev, "number", 0) for ev in events if type(ev).__name__ == "RollAnswered"})
        self._status(text)
        # the notice after the frame that draws the requests line and the message line: its toast's
        # layout does not hold back the result (each answer's own frame stays as light as before)
        self.call_after_refresh(self.notify, text, title="Request " + ", ".join(map(str, numbers)) + " answered",
                                timeout=8, markup=False)

    def _answer_events(self, seq: int) -> list[Event]:
        """An answer's action as the log holds it (its roll follows its RollAnswered), read once."""
        cache = self._answers_read
        found = cache.get(seq)
        if found is None:
            if len(cache) > 256:
                cache.clear()
            found = cache[seq] = self.door.events_between(seq, seq + 64)
        return found

    def _kept_results(self, state: State) -> list[Ask]:
        """The closed requests whose results the requests line still shows (not dismissed; those closed
        before this app opened count as dismissed)."""
        return [a for a in state.asks_closed if _result_key(a) not in self._dismissed]

    def _requests_text(self, state: State) -> str:
        """The GM's requests line: each open request with its answers so far and who is still owed, then the
        results of the closed ones not dismissed.  Who answered comes from the state; each roll from its
        answer's action in the log."""
        kept = self._kept_results(state)
        if not state.asks and not kept:
            return ""
        from fhtagn_tui.commands.asks import request_lines

        lines = request_lines(state, lambda start, _stop: self._answer_events(start), kept, self.door.names)
        opened = len(state.asks)
        out = [f"Open request {line.lstrip('#')}" for line in lines[:opened]]
        out += [f"Request {line.lstrip('#')}" for line in reversed(lines[opened:])]  # the latest first
        if kept:
            out[opened] += f" ({key_text(self, 'app.dismiss_results', 'D')} dismisses)"
        return "\n".join(out)

    def action_dismiss_results(self, number: int = 0) -> None:
        """``D`` (``ask dismiss [N]``): the closed requests' results (request N's) leave the requests line;
        the Log keeps them."""
        kept = [a for a in self._kept_results(self.view_state) if not number or a.number == number]
        if not kept:
            self._status(f"Request {number} shows no results" if number else "No request's results to dismiss")
            return
        self._dismissed.update(_result_key(a) for a in kept)
        self._show_asks(self.view_state)
        self._status("Dismissed the results of request " + ", ".join(str(a.number) for a in kept))

    def requests_shown(self, state: State) -> bool:
        return bool(self._requests_text(state))

    def _dismiss_typed(self, words: list[str]) -> bool:
        """``ask dismiss [N]`` typed: done here (False: not a number; the command language says what is wrong)."""
        if words and not words[0].isdigit():
            return False
        self.action_dismiss_results(int(words[0]) if words else 0)
        return True

    def _follow_answers(self) -> None:
        """Read the players' answers as soon as one is appended to the inbox (inotify) — no polling
        delay on top of the player's key — with a slow poll as a safety net; every 25 ms without."""
        if self.desk is None:
            return
        self._inbox_watch = _on_wake(self.desk.watch(), self._inbox_written)
        self.set_interval(0.5 if self._inbox_watch is not None else 0.025, self._read_answers)
        self._read_answers()  # what came before the watch

    def _inbox_written(self) -> None:
        if self._inbox_watch is not None and self._inbox_watch.drain() and self.is_running:
            self._read_answers()

    def _read_answers(self) -> None:
        if self.desk is None or self.reviewing:
            return
        try:
            _events, refusals = self.desk.poll()
        except (OSError, StoreError) as exc:
            self._status(f"players' answers: {exc}", error=True)
            return
        for text in refusals[:3]:
            self.notify(text, severity="warning", title="Answer refused", timeout=6)
        for ev in _events:  # a player asks to push their failed roll (COC-DICE-06): the GM confirms
            if type(ev).__name__ == "PushRequested":
                self.notify(ev.describe(self.door.names) + f" — {key_text(self, 'party.push', 'u')} on the Party tab",
                            title="Push asked", timeout=10, markup=False)

    # --- the command line -------------------------------------------------------------------------

    def on_input_submitted(self, event: CommandLine.Submitted) -> None:
        line = self.command_line()
        if event.input.id != "command-line" or line is None:
            return
        text = event.value.strip()
        if not text:
            return
        line.remember(text)
        words = text.casefold().split()
        if words[:2] == ["char", "import"] and len(words) == 2:  # the paste box
            line.value = ""
            self.action_import_text()
            return
        if words[:2] == ["ask", "dismiss"] and len(words) <= 3 and self._dismiss_typed(words[2:]):
            line.value = ""
            return
        from fhtagn_tui.commands import ParseError  # (loaded when the command line opened)

        try:
            # the switch (ctrl+g) makes the line's command secret (secret=, never a word added to it)
            outcome = self.door.execute(text, secret=self.secret_next)
        except (ParseError, Rejected) as exc:
            self._status(str(exc).replace("\n", " · "), error=True)
            return
        except StoreError as exc:
            self._status(str(exc), error=True)
            self.notify(str(exc), severity="error", timeout=10)
            return
        line.value = ""
        if outcome.events:
            self.secret_used()
        if outcome.answer:
            if "\n" in outcome.answer:
                # the forms load when first opened: start-up stays fast
                from .forms.text_view import TextView

                self.push_screen(TextView(text, outcome.answer))
            else:
                self._status(outcome.answer)
        else:
            self._report(outcome.events)
            self.offer_development(outcome.events)

    def on_command_line_hint(self, event: CommandLine.Hint) -> None:
        self._status(event.text)

    def command_line(self) -> CommandLine | None:
        """The command line (None in a read-only window: see ``typing``)."""
        if not self.typing:
            return None
        from .widgets.command_line import CommandLine

        return self.query_one(CommandLine)

    def action_command_line(self) -> None:
        if self.readonly:
            self.notify("read-only: commands are off", severity="warning")
            return
        if (line := self.command_line()) is not None:
            # Now, not later as Widget.focus() does (call_later): ":" is a priority key, taken as the
            # app reads it; the keys read with it, still to be handed on, are the command's
            self.screen.set_focus(line)

    # --- actions ----------------------------------------------------------------------------------

    def offers(self, app: object, action: str, parameters: tuple[object, ...] = ()) -> bool:
        """Read-only (a second GM, review) offers nothing that writes; ``fhtagn review`` is review only
        (no leaving it, R does nothing)."""
        if action in ("toggle_review", "review_leave") and self._review_asked:
            return False
        return AppBase.offers(self, app, action, parameters)

    def help_text(self) -> str:
        """The GM's: the commands of the campaign's system; a read-only view's: what it is."""
        if self.reviewing:
            return ("Review: the log read-only with a cursor; every tab shows the campaign as it was at the "
                    "cursor.  The keys above move it.  Nothing is recorded while reviewing.")
        if self.readonly:
            return ("A second GM's view: another app holds the campaign (or it was opened read-only), and this one "
                    f"follows it as it plays.  Nothing is typed or recorded here; {key_text(self, 'app.review', 'R')} "
                    "reviews the log.")
        from fhtagn_tui.commands import help_text

        return help_text("", self.state.system)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        allowed = AppBase.check_action(self, action, parameters)
        if not allowed:
            return allowed
        if action in WRITING_ACTIONS and self.readonly:
            return False  # a read-only view (review, a second GM) offers no key that writes
        if action == "command_line" and self._taking_text():
            return False  # ":" typed into a line (the command line itself, the dice line): the line's
        return ReviewMode.check_action(self, action, parameters)

    def action_owed(self) -> None:
        """The list of what the GM still owes (issue 31); Enter on an entry fills in what settles it."""
        if self.readonly:
            return
        from fhtagn_tui.domain.owed import owed

        items = owed(self.state)
        if not items:
            self._status("nothing owed: no dying roll, reaction, Keeper's call or roll request waits")
            return
        from .forms.owed import OwedList

        self.push_screen(OwedList(items), self.settle_owed)

    def action_undo(self) -> None:
        if not self.readonly:
            self.submit(Undo())

    def action_redo(self) -> None:
        if not self.readonly:
            self.submit(Redo())

    def action_ask(self, who: str = "") -> None:
        """The Ask dialog (``k`` on the Party and Initiative tabs)."""
        if self.readonly:
            self.notify("read-only: only the GM asks for rolls", severity="warning")
            return
        from .forms.ask import AskForm

        self.push_screen(AskForm(self.state.system, who, self.run_recorded))

    def action_new_character(self) -> None:
        if self.readonly:
            return
        from .forms.character import CharacterForm

        self.push_screen(CharacterForm(self.state.system, self.submit_recorded))

    def action_edit_character(self, key: str) -> None:
        char = self.state.characters.get(key)
        if char is not None and not self.readonly:
            from .forms.character import CharacterForm

            self.push_screen(CharacterForm(self.state.system, self.submit_recorded, char))

    def action_requisition(self, agent: str = "") -> None:
        if self.readonly:
            return
        if self.state.system != "fhtagn":
            self.notify("Requisitions are an FHTAGN rule.", severity="warning")
            return
        if not any(c.is_pc for c in self.state.characters.values()):
            self.notify("No agents yet: create one first (n on the Party tab).", severity="warning")
            return
        from .forms.requisition import RequisitionForm

        self.push_screen(RequisitionForm(self.state, self.submit_recorded, agent))

    def action_bestiary(self, fight: bool = False) -> None:
        """NPCs and creatures from the bestiary (the Party tab's b, the Initiative add dialog)."""
        if self.readonly:
            self.notify("read-only: nothing can be added here", severity="warning")
            return
        from .forms.bestiary import BestiaryForm

        self.push_screen(BestiaryForm(self.state, self.door.bestiary(), fight=fight))

    def action_import_text(self) -> None:
        """``char import``: paste stat blocks or an investigator's JSON."""
        if self.readonly:
            self.notify("read-only: nothing can be imported here", severity="warning")
            return
        from .forms.import_text import ImportForm

        self.push_screen(ImportForm(self.state))

    def action_delete_character(self, key: str) -> None:
        char = self.state.characters.get(key)
        if char is None or self.readonly:
            return

        from .forms.confirm import Confirm

        def answered(yes: bool | None) -> None:
            if yes:
                from fhtagn_tui.domain.features.campaign import DeleteCharacter

                self.submit(DeleteCharacter(name=char.id))

        self.push_screen(Confirm(f"Remove {char.name} from the campaign? (undo brings them back)"), answered)



def _result_key(ask: Ask) -> tuple[int, int]:
    """A closed request as the GM dismisses it: its number and its last answer (an undo and a new answer make
    another one)."""
    return ask.number, ask.answers[-1].seq if ask.answers else 0


__all__ = ["GmApp"]
