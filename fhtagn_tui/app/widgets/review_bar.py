"""The REVIEW banner: where the cursor is, the event there, and the keys."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

from ..keymap import key_text

if TYPE_CHECKING:
    from ..review import ReviewController

KEYS = ", . event  [ ] action  { } session  ( ) round  g go to  / search  T timeline"
#: The review keys by binding id, in the order of :data:`KEYS` (pairs are back, forward).
KEY_IDS: tuple[tuple[tuple[str, ...], tuple[str, ...], str], ...] = (
    (("review.event_back", "review.event_forward"), (",", "."), "event"),
    (("review.action_back", "review.action_forward"), ("[", "]"), "action"),
    (("review.session_back", "review.session_forward"), ("{", "}"), "session"),
    (("review.round_back", "review.round_forward"), ("(", ")"), "round"),
    (("review.goto",), ("g",), "go to"),
    (("review.search",), ("/",), "search"),
    (("app.timeline",), ("T",), "timeline"),
)


def review_keys(app: object) -> str:
    """:data:`KEYS` under the user's keymap (the same text when nothing is remapped)."""
    return "  ".join(" ".join(key_text(app, i, d) for i, d in zip(ids, defaults, strict=True)) + " " + what
                     for ids, defaults, what in KEY_IDS)


class ReviewBar(Static):
    """Two lines above the tabs while reviewing; hidden otherwise."""

    DEFAULT_CSS = """
    ReviewBar {
        height: 2;
        padding: 0 1;
        background: $warning 35%;
        color: $text;
        display: none;
    }
    ReviewBar.on {
        display: block;
    }
    """

    def __init__(self) -> None:
        super().__init__("", id="review-bar")

    def show_cursor(self, ctl: ReviewController | None, can_leave: bool = True) -> None:
        self.set_class(ctl is not None, "on")
        if ctl is None:
            self.update("")
            return
        line = Text()
        line.append(" REVIEW ", style="bold black on yellow")
        line.append(f" {ctl.where()}  ", style="bold")
        line.append(ctl.what(), style="italic")
        line.no_wrap = True
        line.overflow = "ellipsis"
        keys = Text(review_keys(self.app) + (f"  {key_text(self.app, 'review.leave', 'esc')} leave" if can_leave else ""),
                    style="dim", no_wrap=True, overflow="ellipsis")
        both = Text("\n").join([line, keys])
        both.no_wrap = True
        both.overflow = "ellipsis"
        self.update(both)

    @property
    def text(self) -> str:
        return str(self.render())
