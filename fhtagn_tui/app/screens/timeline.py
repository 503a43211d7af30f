"""The Timeline screen: HP, WP, SAN (FP) and vehicle Build across a session, as sparklines.

Top: everyone who has a series, with how their values went.  Middle: the
selected one's sparklines.  Bottom: the events that moved them.  Reached with
``T`` from the Party tab (the live session so far) and from review mode (the
session at the cursor, up to the cursor).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Label, Sparkline, Static

from fhtagn_tui.export.timeline import BUILD, TRACKED, Track

from ..keymap import key_markup

#: Series shown per track, in this order (at most four at once).
LABELS = (*TRACKED, BUILD)
ROWS = 4


def _n(x: float) -> str:
    return f"{x:g}"


def span(track: Track, label: str) -> str:
    """``12→4 (low 3)`` for one series."""
    values = track.values(label)
    if not values:
        return "–"
    text = _n(values[0]) if len(values) == 1 or values[0] == values[-1] else f"{_n(values[0])}→{_n(values[-1])}"
    if len(values) > 1 and min(values) < min(values[0], values[-1]):
        text += f" (low {_n(min(values))})"
    return text


class TimelineScreen(ModalScreen[None]):
    CSS_PATH = "timeline.tcss"  # loaded when first opened, not at start-up
    BINDINGS = [Binding("escape,q", "close", "Close", id="timeline.close")]

    def __init__(self, tracks: list[Track], title: str, selected: str = "") -> None:
        super().__init__()
        self.tracks = [t for t in tracks if t.series]
        self.heading = title
        self.selected = selected if any(t.key == selected for t in self.tracks) else ""
        self.labels = [x for x in LABELS if any(x in t.series for t in self.tracks)]

    def compose(self) -> ComposeResult:
        with Vertical(id="timeline"):
            yield Static(Text(self.heading, style="bold"), id="timeline-title")
            who: DataTable[object] = DataTable(id="timeline-who", cursor_type="row", zebra_stripes=True)
            yield who
            with Vertical(id="timeline-sparks"):
                for i in range(ROWS):
                    with Horizontal(classes="spark-row", id=f"spark-row-{i}"):
                        yield Label("", classes="spark-label", id=f"spark-label-{i}")
                        yield Sparkline([], id=f"spark-{i}", summary_function=min)
            moves: DataTable[object] = DataTable(id="timeline-moves", cursor_type="row", zebra_stripes=True)
            yield moves
            yield Static(f"[dim]↑↓ who · tab: their events · {key_markup(self.app, 'timeline.close', 'esc')} close[/dim]",
                         id="timeline-keys")

    def on_mount(self) -> None:
        who = self.query_one("#timeline-who", DataTable)
        who.add_column("Who", key="who")
        for label in self.labels:
            who.add_column(label, key=label)
        for t in self.tracks:
            name = Text(t.name, style="italic" if t.kind in ("npc", "monster", "vehicle") else "bold")
            who.add_row(name, *[span(t, x) for x in self.labels], key=t.key)
        moves = self.query_one("#timeline-moves", DataTable)
        moves.add_column("#", key="seq", width=6)
        moves.add_column("Now", key="now", width=9)
        moves.add_column("What moved it", key="what")
        if not self.tracks:
            self.query_one("#timeline-title", Static).update(
                Text(self.heading + " — nobody has HP, WP, SAN or Build yet", style="bold")
            )
        if self.selected:
            who.move_cursor(row=[t.key for t in self.tracks].index(self.selected))
        self._show(self.current())
        who.focus()

    def current(self) -> Track | None:
        who = self.query_one("#timeline-who", DataTable)
        if not self.tracks:
            return None
        row = max(0, min(who.cursor_row, len(self.tracks) - 1))
        return self.tracks[row]

    def _show(self, t: Track | None) -> None:
        labels = [x for x in LABELS if t is not None and x in t.series][:ROWS]
        for i in range(ROWS):
            row = self.query_one(f"#spark-row-{i}")
            row.display = i < len(labels)
            if i < len(labels) and t is not None:
                label = labels[i]
                values = t.values(label)
                self.query_one(f"#spark-label-{i}", Label).update(f"{label:<5} {span(t, label)}")
                # a flat line still needs two points to draw
                self.query_one(f"#spark-{i}", Sparkline).data = values if len(values) > 1 else values * 2
        moves = self.query_one("#timeline-moves", DataTable)
        moves.clear()
        if t is None:
            return
        points = sorted(((p.seq, label, p) for label in labels for p in t.series[label][1:]), key=lambda x: x[0])
        for seq, label, p in points:
            moves.add_row(str(seq), f"{label} {_n(p.value)}", p.text)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.data_table.id == "timeline-who":
            self._show(self.current())

    def action_close(self) -> None:
        self.dismiss(None)
