"""A searchable list of bestiary entries and campaign templates, with a preview of the one highlighted."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from fhtagn_tui.commands.bestiary import search_book, split_count
from fhtagn_tui.domain.features.bestiary import Entry
from fhtagn_tui.domain.state import State
from fhtagn_tui.rules.weapons import attack_text


def entry_row(e: Entry) -> Text:
    row = Text(f"{e.name[:22]:<22} ", style="bold")
    row.append(f"{e.kind:<8}", style="dim")
    row.append(", ".join(w.name for w in e.attacks)[:30] or "unarmed")
    if e.san_loss:
        row.append(f"  SAN {e.san_loss}", style="magenta")
    return row


def preview(e: Entry, system: str) -> Text:
    text = Text()
    if e.description:
        text.append(e.description[:150] + "\n", style="italic")
    text.append("  ".join(f"{k} {v}" for k, v in e.stats.items()) + "\n")
    text.append("; ".join(attack_text(w, e.skills.get(w.skill)) for w in e.attacks)[:150] or "unarmed")
    if e.armor:
        text.append(f"  armour {e.armor}")
    return text


class BookPicker(Vertical):
    """Type to search (name, kind, tags, description); the list follows; ↑/↓ picks."""

    DEFAULT_CSS = """
    BookPicker { height: auto; }
    BookPicker #book-search { width: 1fr; }
    BookPicker #book-list { height: auto; max-height: 30vh; border: none; }  /* 7 rows at 24, 12 at 40 */
    BookPicker #book-preview { height: auto; max-height: 4; color: $text-muted; }
    """

    def __init__(self, state: State, book: tuple[Entry, ...], id: str | None = None) -> None:
        super().__init__(id=id)
        self.state = state
        self.book = book
        self.found: list[Entry] = search_book(state, book)
        self.count: int | None = None  # "cultist x4" typed in the search: 4

    def compose(self) -> ComposeResult:
        yield Input(placeholder="search: cultist, dog, creature… (cultist x4 sets how many)", id="book-search",
                    compact=True)
        yield OptionList(*[Option(entry_row(e)) for e in self.found], id="book-list")
        yield Static("", id="book-preview")

    def on_mount(self) -> None:
        if self.found:
            self.query_one("#book-list", OptionList).highlighted = 0
        self._preview()

    @property
    def chosen(self) -> Entry | None:
        index = self.query_one("#book-list", OptionList).highlighted
        if index is None or not 0 <= index < len(self.found):
            return None
        return self.found[index]

    def _preview(self) -> None:
        e = self.chosen
        self.query_one("#book-preview", Static).update(preview(e, self.state.system) if e else "nothing matches")

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id != "book-search":
            return
        event.stop()
        words, count = split_count(event.value) if event.value.strip() else ("", 1)
        self.count = count if words != " ".join(event.value.split()) else None
        self.found = search_book(self.state, self.book, words)
        options = self.query_one("#book-list", OptionList)
        options.clear_options()
        options.add_options([Option(entry_row(e)) for e in self.found])
        if self.found:
            options.highlighted = 0
        self._preview()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._preview()

    def move(self, step: int) -> None:
        options = self.query_one("#book-list", OptionList)
        if not self.found:
            return
        now = options.highlighted or 0
        options.highlighted = max(0, min(len(self.found) - 1, now + step))
