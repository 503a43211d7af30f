"""The fhtagn-tui application: one app per role over a shared base (``app/base.py``).

:class:`~fhtagn_tui.app.gm.GmApp` is the GM's (the writer; read-only for a second GM, ``--readonly``
or ``fhtagn review``, which is its review mode); :class:`~fhtagn_tui.app.player.PlayerApp` is the
players' view (``--player``; bound to a character with ``--as``).  :func:`run_app` opens the campaign's
door and runs the role's app on it (each module is imported only by the role that runs it)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from fhtagn_tui.domain.replay import gc_paused

# (Start-up: what these imports build lives as long as the process; the collector rests while they
# load and it is frozen after, as in app/base.py.)
with gc_paused(freeze=True):
    from fhtagn_tui.door import Door, StoreError

if TYPE_CHECKING:
    from .base import AppBase


def open_door(path: Path, readonly: bool) -> Door:
    """Open a campaign for the app: as the writer if possible, else read-only with a notice
    (:meth:`Door.open`: from the start-up snapshot when it matches the log)."""
    return Door.open(path, readonly, fall_back_to_readonly=True)


def run_app(
    path: Path, readonly: bool = False, player: bool = False, review: bool = False, session: int | None = None,
    served: bool = False, character: str = "", who: str = "",
) -> int:
    try:
        door = open_door(path, readonly or player)
    except StoreError as exc:
        print(f"fhtagn: {exc}", file=sys.stderr)
        return 1
    app: AppBase
    if player:
        from .player import PlayerApp

        app = PlayerApp(door, served=served, character=character, who=who)
    else:
        from .gm import GmApp
        from .keymap import keymap_paths
        from .keymap import load as load_keymap

        keymap = load_keymap(keymap_paths(path.parent))  # path: a campaign in the saves folder
        app = GmApp(door, review=review, review_session=session, served=served, keymap=keymap)
    try:
        result = app.run()  # SIGHUP/SIGTERM end it: see AppBase._hangup_on_signals
    finally:
        # the snapshot at the end of the log, if it moved: the next opening starts there (not after
        # an app that ended on an error)
        door.close(save=not app.return_code)
    return int(result or app.return_code or 0)  # 1: ended on an error (its message printed)


__all__ = ["open_door", "run_app"]
