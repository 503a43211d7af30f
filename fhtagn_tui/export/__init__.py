"""Recaps of a campaign's log (Markdown, HTML), timelines and log search.

Pure functions from events to text (:mod:`.recap`, :mod:`.markdown`,
:mod:`.html`, :mod:`.timeline`); :mod:`.search` builds TinyDB queries over
the event records; :mod:`.cli` is the thin ``fhtagn export`` / ``log``
front end.
"""

from __future__ import annotations

from collections.abc import Sequence

from fhtagn_tui.domain.events import Event

from .html import to_html
from .markdown import to_markdown
from .recap import Progress, Recap, build_recap

FORMATS = ("md", "html")

__all__ = ["FORMATS", "Recap", "build_recap", "export_text", "to_html", "to_markdown"]


def export_text(
    events: Sequence[Event],
    fmt: str = "md",
    session: int | None = None,
    players: bool = False,
    progress: Progress | None = None,
) -> str:
    """The recap of ``events`` (a whole log) as Markdown or HTML."""
    if fmt not in FORMATS:
        raise ValueError(f"format {fmt!r} is not one of {', '.join(FORMATS)}")
    recap = build_recap(events, session=session, players=players, progress=progress)
    return to_markdown(recap) if fmt == "md" else to_html(recap)
