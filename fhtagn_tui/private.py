"""Every file the program writes is created mode 600 (owner only): campaign logs, locks, snapshots,
the review index, the inbox, backups, the web token, the host key, ``export -o`` recaps and
``char -o`` sheets.  The GM's secrets are in most of them, and a recap names the players.

:func:`create` is the one way a file is made (``os.open`` with mode 600, whatever the umask); the
text outputs go through :func:`open_text`; the ``fhtagn`` command runs under :func:`owner_only` (umask 077)
for the files others write for it.  A file that already exists keeps the mode it has (the
user may have chosen one: ``chmod 644 recap.html`` once, and every later export keeps it).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TextIO

#: The mode of every file the program creates.
PRIVATE = 0o600


def create(path: str | os.PathLike[str], flags: int) -> int:
    """``os.open(path, flags | O_CREAT | O_CLOEXEC, 0o600)``: a new file is the owner's only."""
    return os.open(path, flags | os.O_CREAT | os.O_CLOEXEC, PRIVATE)


def owner_only() -> None:
    """umask 077 for this process: a file written by anything else (Textual's screenshot of the GM's
    screen, a library's cache) is the owner's only as well, and so is a new folder."""
    os.umask(0o077)


def open_text(path: Path) -> TextIO:
    """``path`` opened for writing text (UTF-8), truncated; created mode 600 when it is new."""
    return open(path, "w", encoding="utf-8", opener=lambda name, flags: create(name, flags))  # noqa: SIM115


__all__ = ["PRIVATE", "create", "open_text", "owner_only"]
