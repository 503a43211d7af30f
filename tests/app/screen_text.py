"""What a person sees: the app's screen as lines of plain text (for Pilot tests)."""

from __future__ import annotations

from textual.app import App


def screen_lines(app: App[object]) -> list[str]:
    """The screen on top, as it was last composed, one string a terminal row."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def screen_text(app: App[object]) -> str:
    return "\n".join(screen_lines(app))


def joined(app: App[object]) -> str:
    """The screen's rows stuck together, trailing spaces dropped: a wrapped message reads whole."""
    return " ".join(line.strip() for line in screen_lines(app) if line.strip())
