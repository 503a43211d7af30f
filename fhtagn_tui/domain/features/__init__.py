"""Feature modules: each defines its events, commands, deciders and evolvers.

Importing this package imports none of them: a module is loaded when something imports it,
and :func:`load_all` loads every one (a new feature only has to be a new module here).  The
registries filled by the modules (:data:`~fhtagn_tui.domain.decide.DECIDERS` and ``EVOLVERS``,
:data:`~fhtagn_tui.domain.events.EVENT_TYPES`) call it before they answer "not found", and the
codec before it builds the union of the event types: what the first frame of the app needs
(the state from the start-up snapshot) is drawn before the ~200 event and command types of every
rule system are imported (issue 20, start-up).
"""

from __future__ import annotations

_loaded = False


def loaded() -> bool:
    """Every feature module has been imported (the registries are complete)."""
    return _loaded


def load_all() -> None:
    """Import every feature module (each registers its events, deciders and evolvers), and the
    history's own events (``Undone``, ``Redone``): every event type is then registered."""
    global _loaded
    if _loaded:
        return
    import importlib
    import pkgutil

    for mod in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{mod.name}")
    importlib.import_module("fhtagn_tui.domain.history")
    from fhtagn_tui.domain import replay

    replay.Undone  # noqa: B018 - the read side's own events (Undone, Redone) load with its projection
    _loaded = True
