"""The player's process loads only what the player view needs (issue 20: memory per player app).

A fresh interpreter does what serve's child (``python -m fhtagn_tui … open NAME --served --player``,
fhtagn_tui/__main__.py) does: no OpenSSL, no CLI, then the players' view of a campaign, drawn and
settled (its after-paint work done).  What it
imported is then read from ``sys.modules``: no forms, importers, bestiary, answers, exports
(HTML, Markdown, recap), GM screen, other tabs, command modules, the reference (its tables,
search and catalogue) or Rich's emoji table.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from fhtagn_tui import campaigns

PLAYER = """
from fhtagn_tui.__main__ import lean_imports  # what serve's child does first (python -m fhtagn_tui)
lean_imports()
import asyncio, sys
from pathlib import Path
from fhtagn_tui import campaigns
from fhtagn_tui.app.app import open_door
from fhtagn_tui.app.player import PlayerApp

async def main(path):
    app = PlayerApp(open_door(path, True), served=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.player and app.screen.query_one("#party-table") is not None

asyncio.run(main(Path(sys.argv[1])))
print(" ".join(sorted(m for m, module in sys.modules.items()
                      if module is not None and m.startswith(("fhtagn_tui", "rich._emoji", "ssl", "_hashlib", "argparse",
                                                              "bz2", "lzma")))))
"""

#: Modules (and packages: their submodules too) a player's view must not load.
NOT_FOR_PLAYERS = (
    "fhtagn_tui.importers",
    "fhtagn_tui.bestiary",
    "fhtagn_tui.answers",
    "fhtagn_tui.app.forms",
    "fhtagn_tui.app.screens.reference",
    "fhtagn_tui.app.screens.timeline",
    "fhtagn_tui.app.screens.initiative",
    "fhtagn_tui.app.screens.chase",
    "fhtagn_tui.app.screens.requisitions",
    "fhtagn_tui.export.html",
    "fhtagn_tui.export.markdown",
    "fhtagn_tui.export.recap",
    "fhtagn_tui.reference",  # the GM screen's reference (its tables, search, catalogue): loaded by a table roll
    "fhtagn_tui.commands.core",
    "fhtagn_tui.commands.bestiary",
    "fhtagn_tui.cli",  # serve's child reads its own command line (fhtagn_tui/__main__.py)
    "fhtagn_tui.export.cli",
    "argparse",
    "ssl",  # OpenSSL (~4.5 MiB resident): a served app never speaks TLS, and hashes with CPython's SHA-256
    "_hashlib",
    "bz2",  # shutil only probes for them (compressed archives)
    "lzma",
    "rich._emoji_codes",  # Rich's emoji table (~0.5 MiB): loaded by markup, which the player's tables do not use
)


def player_modules(path: Path) -> set[str]:
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", PLAYER, str(path)], cwd=root, check=True, capture_output=True,
                         text=True, timeout=120)
    return set(out.stdout.split())


def test_the_player_process_loads_only_what_the_player_view_needs(tmp_path: Path) -> None:
    path = campaigns.create_demo(tmp_path)  # made here: creating it runs commands (their modules)
    loaded = player_modules(path)
    assert "fhtagn_tui.app.screens.party" in loaded and "fhtagn_tui.domain.public" in loaded  # it did run
    unwanted = sorted(m for m in loaded for name in NOT_FOR_PLAYERS if m == name or m.startswith(name + "."))
    assert unwanted == []
