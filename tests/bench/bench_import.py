"""Importing 20 stat blocks in one file: under a second (issue 18); a 40-block NPC appendix in the
books' layouts well under a second (issue 35).

The appendix rows: parse + decide + one fsync'd append + fold of 40 blocks (wrapped names,
stated Move/Build, spells, languages, armour: ``tests/bestiary/samples_books.appendix``),
median wall and CPU time over fresh campaigns (target < 0.5 s wall), beside a baseline — the
same 40 characters made by 40 ``CreateCharacter`` commands in one action (no reading): the
ratio is what reading the text adds.

Figures: the import as ``fhtagn import`` does it in process (parse, decide, one fsync'd
append to a real campaign file, fold), median of several runs on a fresh campaign each
(target < 1 s); and the whole ``fhtagn import NAME FILE`` command as a subprocess, once,
with what it takes beyond a ``fhtagn do NAME 'char list'`` run in the same folder (Python
start-up and the CLI's imports are the same for both; on a loaded two-core machine they
alone can pass a second, so that part is reported, not judged).

    python tests/bench/bench_import.py [--quick]
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from fhtagn_tui import campaigns  # noqa: E402
from fhtagn_tui.importers import plan  # noqa: E402
from tests.bestiary.samples import twenty  # noqa: E402
from tests.bestiary.samples_books import appendix  # noqa: E402

TARGET = 1.0  # seconds
APPENDIX_TARGET = 0.5  # seconds: "well under a second"


def once(folder: Path, text: str, n: int) -> float:
    door = campaigns.create_campaign(folder / f"bench{n}.fhtagn", "coc7", "")
    try:
        start = time.perf_counter()
        p = plan(text, source="twenty.txt")
        door.run(p.command)
        took = time.perf_counter() - start
        assert len(door.state.characters) == 20
        return took
    finally:
        door.close(save=False)


def appendix_once(folder: Path, text: str, n: int, baseline: bool) -> tuple[float, float]:
    """(wall, CPU) of importing the appendix — or, for the baseline, of making the same characters
    from the already-read entries, one CreateCharacter (+ armour, spells) each, in one action."""
    from fhtagn_tui.domain.features.campaign import CreateCharacter

    door = campaigns.create_campaign(folder / f"appendix{n}{'b' if baseline else ''}.fhtagn", "coc7", "")
    entries = plan(text).command.entries if baseline else ()
    try:
        w0, c0 = time.perf_counter(), time.process_time()
        if baseline:
            with door.one_action():
                for e in entries:
                    door.run(CreateCharacter(name=e.name, kind=e.kind, stats=dict(e.stats), skills=dict(e.skills),
                                             attacks=e.attacks, notes=e.notes, current=dict(e.pools)))
        else:
            door.run(plan(text, source="appendix.txt").command)
        took = time.perf_counter() - w0, time.process_time() - c0
        assert len(door.state.characters) == 40
        return took
    finally:
        door.close(save=False)


def run_appendix(quick: bool = False) -> list[dict]:
    text = appendix(40)
    rounds = 3 if quick else 9
    with tempfile.TemporaryDirectory(prefix="bench-appendix-") as tmp:
        folder = Path(tmp)
        appendix_once(folder, text, -1, False)  # warm-up
        appendix_once(folder, text, -1, True)
        ours = [appendix_once(folder, text, n, False) for n in range(rounds)]
        base = [appendix_once(folder, text, n, True) for n in range(rounds)]
    wall = statistics.median(w for w, _ in ours)
    cpu = statistics.median(c for _, c in ours)
    base_wall = statistics.median(w for w, _ in base)
    base_cpu = statistics.median(c for _, c in base)
    return [
        {"name": "import a 40-block appendix (books' layouts), wall", "value": wall, "unit": "s",
         "target": f"< {APPENDIX_TARGET}", "ok": wall < APPENDIX_TARGET},
        {"name": "  CPU", "value": cpu, "unit": "s", "target": "", "ok": None},
        {"name": "  baseline: 40 CreateCharacter, one action, wall", "value": base_wall, "unit": "s",
         "target": "", "ok": None},
        {"name": "  baseline CPU", "value": base_cpu, "unit": "s", "target": "", "ok": None},
        {"name": "  ratio import / baseline (CPU)", "value": cpu / base_cpu if base_cpu else 0.0, "unit": "×",
         "target": "", "ok": None},
    ]


def run(quick: bool = False) -> list[dict]:
    text = twenty()
    rounds = 3 if quick else 9
    with tempfile.TemporaryDirectory(prefix="bench-import-") as tmp:
        folder = Path(tmp)
        once(folder, text, -1)  # warm-up: imports, the dice grammar, the regexes
        times = [once(folder, text, n) for n in range(rounds)]
        src = folder / "twenty.txt"
        src.write_text(text)
        subprocess.run([sys.executable, "-m", "fhtagn_tui", "--saves", str(folder), "new", "cli", "--system", "coc7"],
                       cwd=ROOT, check=True, capture_output=True)
        def timed(*args: str) -> float:
            start = time.perf_counter()
            out = subprocess.run([sys.executable, "-m", "fhtagn_tui", "--saves", str(folder), *args],
                                 cwd=ROOT, capture_output=True, text=True)
            assert out.returncode == 0, out.stderr
            return time.perf_counter() - start

        baseline = min(timed("do", "cli", "char list") for _ in range(2))
        cli = timed("import", "cli", str(src))
    median = statistics.median(times)
    return run_appendix(quick) + [
        {"name": "import 20 stat blocks (parse+decide+fsync), median", "value": median, "unit": "s",
         "target": f"< {TARGET}", "ok": median < TARGET},
        {"name": "fhtagn import FILE (20 blocks), whole command", "value": cli, "unit": "s",
         "target": "", "ok": None},
        {"name": "  of which more than fhtagn do NAME 'char list'", "value": cli - baseline, "unit": "s",
         "target": f"< {TARGET}", "ok": cli - baseline < TARGET},
    ]


if __name__ == "__main__":
    for row in run("--quick" in sys.argv):
        print(f"{row['name']:<52} {row['value']:.3f} {row['unit']}  target {row['target']}  "
              f"{'' if row['ok'] is None else 'PASS' if row['ok'] else 'FAIL'}")
