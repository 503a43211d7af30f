"""Recaps of a campaign's log (Markdown, HTML), timelines and log search.

Pure functions from events to text (:mod:`.recap`, :mod:`.markdown`,
:mod:`.html`, :mod:`.timeline`); :mod:`.search` builds TinyDB queries over
the event records; :mod:`.cli` is the thin ``fhtagn export`` / ``log``
front end.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from importlib import import_module
from typing import TYPE_CHECKING, Any

from fhtagn_tui.domain.events import Event

if TYPE_CHECKING:
    from .html import to_html
    from .markdown import to_markdown
    from .recap import LogMarks, Progress, Recap, build_recap

FORMATS = ("md", "html")

__all__ = ["FORMATS", "Recap", "build_recap", "export_pieces", "export_text", "to_html", "to_markdown"]

#: Read when first used: the app imports the timeline at start-up, not the recap writers.
_LAZY = {"to_html": ".html", "to_markdown": ".markdown", "Recap": ".recap", "build_recap": ".recap",
         "Progress": ".recap"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(import_module(_LAZY[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def export_text(
    events: Sequence[Event],
    fmt: str = "md",
    session: int | None = None,
    players: bool = False,
    progress: Progress | None = None,
    viewer: str | None = None,
) -> str:
    """The recap of ``events`` (a whole log) as Markdown or HTML (``viewer``: one player's recap,
    :func:`~fhtagn_tui.export.recap.build_recap`)."""
    return "".join(export_pieces(events, fmt, session, players, progress, viewer=viewer))


def export_pieces(
    events: Iterable[Event],
    fmt: str = "md",
    session: int | None = None,
    players: bool = False,
    progress: Progress | None = None,
    *,
    total: int | None = None,
    marks: LogMarks | None = None,
    viewer: str | None = None,
) -> Iterator[str]:
    """The recap of ``events`` as pieces of Markdown or HTML (a session at a time), to be
    written as they come.  The log is folded now; the text is made as it is read."""
    from .html import iter_html
    from .markdown import iter_markdown
    from .recap import build_recap

    if fmt not in FORMATS:
        raise ValueError(f"format {fmt!r} is not one of {', '.join(FORMATS)}")
    recap = build_recap(events, session=session, players=players, progress=progress, total=total, marks=marks,
                        viewer=viewer)
    return iter_markdown(recap) if fmt == "md" else iter_html(recap)
