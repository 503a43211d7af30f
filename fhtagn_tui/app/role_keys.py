"""The keys a view offers: one source of truth for the key bar, the tabs' hint lines and the help.

Each role (the GM's app, a second GM or review — read-only —, a bound player, the watcher) offers
only the keys that do something in it.  Two questions, asked of the same ``check_action`` methods:

- :func:`offered` — does the key ever work in this role?  A node's ``offers(app, action)`` (a
  classmethod on the tabs: a tab not built yet is asked too) says so; its ``check_action`` returns
  False for what it does not offer, so Textual's key bar never shows it (not even dimmed).  The help
  lists these.
- :func:`works` — does it work now (on this state, this row)?  ``check_action`` returns True: the key
  bar shows it, and a hint line may name it (hint lines are built from these, never hand-written).
"""

from __future__ import annotations

from typing import Protocol

from textual.actions import parse
from textual.dom import DOMNode


class Offering(Protocol):
    """What a tab (class) or the app says of its keys in a role."""

    def offers(self, app: object, action: str, parameters: tuple[object, ...] = ()) -> bool: ...


def target(node: DOMNode, action: str) -> tuple[DOMNode, str, tuple[object, ...]]:
    """The node an action (as a binding names it: ``next``, ``app.owed``, ``tab('log')``) runs on, its
    name and parameters."""
    namespace, name, params = parse(action)
    where: DOMNode = node.app if namespace == "app" else node.screen if namespace == "screen" else node
    return where, name, params


def works(node: DOMNode, action: str) -> bool:
    """``action`` works now where ``node`` would run it: its ``check_action`` says True (shown, not dimmed)."""
    where, name, params = target(node, action)
    return where.check_action(name, params) is True


def offered(owner: object, app: object, action: str) -> bool:
    """``action`` (of a binding of ``owner``: a tab class or instance, a screen, the app) ever works in
    the role of ``app``; an owner that says nothing offers it."""
    namespace, name, params = parse(action)
    if namespace == "app":
        owner = app
    offers = getattr(owner, "offers", None)
    return True if offers is None else bool(offers(app, name, params))


__all__ = ["offered", "target", "works"]
