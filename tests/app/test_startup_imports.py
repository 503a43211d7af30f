"""What a read-only view of the campaign (a second GM, ``fhtagn review``, the start-up bench) loads
before its first frame (start-up, issue 20): not the command language (every command's module: only
a line run needs it; the GM's command line loads it with the line), the palette's provider (only
the palette) nor, in a FHTAGN campaign, Call of Cthulhu's insanity rules (only a CoC sheet) nor
FHTAGN's Sanity rules (only an insane agent's sheet).  Each loads when first needed — a fresh interpreter opens the demo read-only, reads
``sys.modules`` at the first paint (as ``tests/bench/bench_startup.py`` defines it), then runs a
line, opens the palette, and finds them loaded and working; the GM's app runs a line as before."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from fhtagn_tui import campaigns
from fhtagn_tui.door import Door

GM = """
import asyncio, json, sys
from pathlib import Path
from fhtagn_tui.app.app import open_door
from fhtagn_tui.app.gm import GmApp
from tests.app.screen_text import screen_text

LATE = ("fhtagn_tui.commands", "fhtagn_tui.commands.language", "fhtagn_tui.app.palette", "shlex")
#: a Call of Cthulhu sheet's insanity rules: not before another system's first frame (the pools'
#: history, after it, loads every feature module, and they come with them)
COC = "fhtagn_tui.rules.coc.insanity"
#: FHTAGN's Sanity rules: only an insane agent's sheet reads them (FH-SAN-07's reaction)
FH_SAN = "fhtagn_tui.rules.fhtagn.sanity"
seen = {}

def loaded():
    return [m for m in LATE if m in sys.modules]

class FirstPaint(GmApp):
    def on_mount(self):
        self.call_after_refresh(lambda: seen.setdefault("painted", loaded() + [m for m in (COC, FH_SAN) if m in sys.modules]))

async def main(path):
    door = open_door(path, True)
    async with FirstPaint(door).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seen["settled"] = loaded()
        seen["answer"] = pilot.app.door.execute("char show ada").answer  # a query: read-only views answer them
        seen["after_line"] = loaded()
    door.close(save=False)
    door = open_door(path, False)  # the GM's app: the palette, and a line run as before
    async with GmApp(door).run_test(size=(80, 24)) as pilot:
        app = pilot.app
        await pilot.pause()
        seen["gm_settled"] = loaded()
        await pilot.press("ctrl+p", *"note")
        await pilot.pause(0.5)
        seen["palette"] = loaded()
        seen["offered"] = screen_text(app)
        await pilot.press("escape")
        seq = door.seq
        seen["refusal"] = app.run_line("note the lights went out")
        seen["appended"] = door.seq - seq
    door.close(save=False)

asyncio.run(main(Path(sys.argv[1])))
print(json.dumps(seen))
"""


def _run(path: Path) -> dict[str, object]:
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", GM, str(path)], cwd=root, check=True, capture_output=True,
                         text=True, timeout=120)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_the_command_language_and_the_palette_load_when_first_needed(tmp_path: Path) -> None:
    path = campaigns.create_demo(tmp_path)
    Door.open(path).close()  # its start-up snapshot written: the views below open from it, as a campaign does
    seen = _run(path)
    assert seen["painted"] == [] and seen["settled"] == []  # not before the first frame, nor after it unasked
    assert "Ada Vance" in str(seen["answer"])  # the line ran: its language loaded then
    assert {"fhtagn_tui.commands.language", "shlex"} <= set(seen["after_line"])  # type: ignore[arg-type]
    assert "fhtagn_tui.app.palette" not in seen["gm_settled"]  # type: ignore[operator]
    assert "fhtagn_tui.app.palette" in seen["palette"]  # type: ignore[operator]
    assert "write a note into the log" in str(seen["offered"])  # the game's commands are offered
    assert seen["refusal"] is None and seen["appended"] == 1
