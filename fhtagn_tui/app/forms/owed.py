"""What the GM still owes (issue 31): the list, each entry opening what settles it (Enter)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from fhtagn_tui.domain.owed import Owed


class OwedList(ModalScreen[Owed | None]):
    """The owed decisions, most urgent first; Enter settles the highlighted one, Escape leaves."""

    CSS_PATH = "owed.tcss"  # loaded when first opened, not at start-up
    BINDINGS = [Binding("escape", "leave", "Close", id="owed.close")]

    def __init__(self, owed: list[Owed]) -> None:
        super().__init__()
        self.owed = owed

    def compose(self) -> ComposeResult:
        with Vertical(id="owed"):
            yield Static(f"[b]The GM owes ({len(self.owed)})[/b] — Enter settles the highlighted one, Esc closes")
            yield OptionList(*[Option(self._line(o), id=str(i)) for i, o in enumerate(self.owed)], id="owed-list")

    @staticmethod
    def _line(o: Owed) -> str:
        rule = f" ({o.rule})" if o.rule else ""
        then = f"\n   → {o.command.strip()}" if o.command.strip() else ""
        return f"{o.text}{rule}{then}"

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.owed[int(event.option.id or 0)])

    def action_leave(self) -> None:
        self.dismiss(None)


REACTIONS = ("flee", "struggle", "submit")


class ReactionChoice(ModalScreen[str | None]):
    """The GM's choice of an FHTAGN temporary insanity's reaction (FH-SAN-07), owed until made."""

    CSS_PATH = "owed.tcss"
    BINDINGS = [Binding("escape", "leave", "Later", id="owed.reaction_later")]

    def __init__(self, entry: Owed) -> None:
        super().__init__()
        self.entry = entry

    def compose(self) -> ComposeResult:
        typical = self.entry.text.partition("(typical: ")[2].rstrip(")")
        with Vertical(id="owed"):
            yield Static(f"[b]{self.entry.text.split(':')[0]}[/b]: the reaction to temporary insanity (FH-SAN-07) — "
                         "Enter chooses, Esc leaves it owed", markup=True)
            yield OptionList(*[Option(r + ("  (typical)" if r in typical else ""), id=r) for r in REACTIONS],
                             id="owed-reactions")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_leave(self) -> None:
        self.dismiss(None)
