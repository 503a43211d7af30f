"""Start-up benchmark (a script, not a test).

    python tests/bench/bench_startup.py [--json] [--quick]

Opening a 20k-event campaign to its first paint, against a bare Textual app
with the same five tabs (Header, TabbedContent, Footer), side by side in one
run: each is a fresh process (interpreter start, imports, and for fhtagn the
store open and the replay of the log), run headless; the child prints the clock when its first frame has
been painted (interpreter teardown is not counted for either), alternating the two so that machine noise falls on both.
Required: median ratio ≤ 1.3.  Also: peak memory (RSS) of the app with a
100k-event campaign open and settled (painted, the pools' history read), ≤ 150 MiB,
both when the whole log is folded and when it starts from its snapshot; and of the
GM app at 100k with the Log tab scrolled end to end, then review mode stepping and
jumping across the whole log, ≤ 150 MiB.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.bench.bench_store import build_file, row, template  # noqa: E402

BARE = """
import resource
import time
from textual.app import App
from textual.widgets import Footer, Header, Static, TabbedContent, TabPane

class Bare(App):
    def compose(self):
        yield Header()
        with TabbedContent():
            for name in ("Party", "Initiative", "Chase", "Requisitions", "Log"):
                with TabPane(name):
                    yield Static(name)
        yield Footer()

    def on_mount(self):
        self.call_after_refresh(painted, self)

def painted(app):
    t = resource.getrusage(resource.RUSAGE_SELF)
    print(time.time(), t.ru_utime + t.ru_stime, flush=True)
    app.exit()

Bare().run(headless=True, size=(80, 24))
"""

FHTAGN = """
import resource
import sys
import time
from pathlib import Path
from fhtagn_tui.app.app import open_door
from fhtagn_tui.app.gm import GmApp

def painted(app):
    t = resource.getrusage(resource.RUSAGE_SELF)
    print(time.time(), t.ru_utime + t.ru_stime, flush=True)
    app.exit()

class FirstPaint(GmApp):
    def on_mount(self):
        self.call_after_refresh(painted, self)

door = open_door(Path(sys.argv[1]), True)
FirstPaint(door).run(headless=True, size=(80, 24))
door.close(save=False)
"""

MEMORY = """
import sys
from pathlib import Path
from fhtagn_tui.app.app import open_door
from fhtagn_tui.app.gm import GmApp

def peak_mib():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0

class Settled(GmApp):
    # open, paint, let the after-paint work (the pools' history) finish, then stop
    def on_mount(self):
        self.call_after_refresh(self.settle)

    async def settle(self):
        await self.workers.wait_for_complete()
        self.set_timer(0.5, self.exit)

door = open_door(Path(sys.argv[1]), True)
Settled(door).run(headless=True, size=(80, 24))
print(peak_mib())
"""


SCROLL_AND_REVIEW = """
import asyncio, sys
from pathlib import Path
from fhtagn_tui.app.app import open_door
from fhtagn_tui.app.gm import GmApp

def peak_mib():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0

async def main():
    door = open_door(Path(sys.argv[1]), False)  # the GM, as the writer
    app = GmApp(door)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("5", "home")  # the Log tab, scrolled from its first line to its last
        for _ in range(80):
            await pilot.press("pagedown")
        await pilot.press("end", "R")  # then review mode: stepping, and jumps across the whole log
        for key in ("comma",) * 40 + ("left_square_bracket",) * 40:
            await pilot.press(key)
        total = app.review_ctl.total
        for i in range(1, 21):
            app.review_ctl.go(total * i // 21)
            app._review_moved()
            await pilot.press("full_stop")
        await pilot.pause()
    door.close(save=False)
    print(peak_mib())

asyncio.run(main())
"""


#: Python may cache compiled modules (as it does for an installed package, and as Textual's
#: own modules are, compiled by pip at install time): PYTHONDONTWRITEBYTECODE would make
#: fhtagn compile its sources on every start while Textual does not.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def timed(code: str, *args: str) -> tuple[float, float]:
    """Seconds from starting the process to its first painted frame (what a user waits for),
    and the CPU time the process had used by then (interpreter start included)."""
    start = time.time()
    out = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, check=True, capture_output=True, text=True,
                         env=ENV)
    painted, cpu = out.stdout.strip().splitlines()[0].split()
    return float(painted) - start, float(cpu)


def run(quick: bool = False) -> list[dict[str, Any]]:
    rounds = 3 if quick else 7
    setup, play = template()
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        path20 = Path(tmp) / "startup20k.fhtagn"
        build_file(path20, 20_000, setup, play)
        timed(BARE)  # warm the file cache for both
        timed(FHTAGN, str(path20))
        bare, ours = [], []
        for _ in range(rounds):
            bare.append(timed(BARE))
            ours.append(timed(FHTAGN, str(path20)))
        b, o = statistics.median(w for w, _ in bare), statistics.median(w for w, _ in ours)
        ratio = o / b
        rows.append(row("bare Textual app, 5 tabs: first paint", b * 1000, "ms"))
        rows.append(row("fhtagn, 20k-event campaign: first paint", o * 1000, "ms"))
        rows.append(row("start-up ratio (fhtagn / bare)", ratio, "×", "≤ 1.3", ratio <= 1.3))
        bc, oc = statistics.median(c for _, c in bare), statistics.median(c for _, c in ours)
        rows.append(row("  CPU to first paint: bare", bc * 1000, "ms"))
        rows.append(row("  CPU to first paint: fhtagn", oc * 1000, "ms"))
        rows.append(row("  CPU ratio (fhtagn / bare)", oc / bc, "×"))
        if not quick:
            path100 = Path(tmp) / "startup100k.fhtagn"
            build_file(path100, 100_000, setup, play)
            # first opening: the whole log folded (and the snapshot written); then from the snapshot
            for label in ("full replay", "from snapshot"):
                out = subprocess.run([sys.executable, "-c", MEMORY, str(path100)], cwd=ROOT, check=True,
                                     capture_output=True, text=True, env=ENV)
                peak = float(out.stdout.strip().splitlines()[-1])
                rows.append(row(f"100k events, settled, {label}: peak RSS", peak, "MiB", "≤ 150", peak <= 150))
            out = subprocess.run([sys.executable, "-c", SCROLL_AND_REVIEW, str(path100)], cwd=ROOT, check=True,
                                 capture_output=True, text=True, env=ENV)
            peak = float(out.stdout.strip().splitlines()[-1])
            rows.append(row("100k, GM app: Log scrolled end to end, then review: peak RSS", peak, "MiB", "≤ 150",
                            peak <= 150))
    return rows


def print_table(rows: list[dict[str, Any]]) -> None:
    for r in rows:
        verdict = "" if r["ok"] is None else ("PASS" if r["ok"] else "FAIL")
        print(f"{r['name']:<46} {r['value']:>10.2f} {r['unit']:<4} {r['target']:<8} {verdict}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    rows = run(args.quick)
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        print_table(rows)
    return 0 if all(r["ok"] is not False for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
