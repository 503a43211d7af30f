"""The typed way from a tab, form, screen or widget to the app — and through it to the door.

Every screen of ours runs inside a role's app over :class:`~fhtagn_tui.app.base.AppBase`; ``gm_app(node)`` says
so to the type checker once, instead of looking attributes up by name and silencing the checker
at each use.  Tabs have it as ``self.gm`` (and ``self.door``) through :class:`GmAccess`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.dom import DOMNode

if TYPE_CHECKING:
    from fhtagn_tui.door import Door

    from .base import AppBase


def gm_app(node: DOMNode) -> AppBase:
    """The app ``node`` runs in (always one over AppBase: a cast, no run-time cost)."""
    return cast("AppBase", node.app)


class GmAccess:
    """``self.gm`` (the app, typed) and ``self.door`` for a Textual screen or widget of ours."""

    @property
    def gm(self) -> AppBase:
        return gm_app(cast(DOMNode, self))

    @property
    def door(self) -> Door:
        return gm_app(cast(DOMNode, self)).door
