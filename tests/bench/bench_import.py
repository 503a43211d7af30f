"""Importing 20 stat blocks in one file: under a second (issue 18).

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

TARGET = 1.0  # seconds


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
    return [
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
