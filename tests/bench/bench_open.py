"""Benchmark of opening a campaign from the command line (a script, not a test).

    python tests/bench/bench_open.py [--json] [--quick]

On a 100k-event campaign (``bench_store``'s realistic play, replicated), each
command runs as the user runs it — ``python -m fhtagn_tui …`` in a fresh
process — and is measured by the kernel (``os.wait4``): CPU time (user +
system), wall time and peak RSS.  Side by side in the same run:

* ``do NAME 'note x'`` and ``replay NAME`` from the start-up snapshot, and the
  same with the snapshot removed before each run (the full replay every
  command did before);
* ``export --format md`` and ``export --format html --players`` of the whole log, the
  players' recap under the default privacy (``own``: each event read for the viewer, the
  others' sheets veiled) and under ``privacy full`` (every sheet shown: the work of the
  recap before privacy existed);
* the floor: the interpreter importing the CLI, nothing opened.

The machine is shared (2 cores, other work on them): the targets are held
against the CPU time (median of the rounds); wall time is shown beside it.

The commands run with their modules' bytecode cached, as an installed package
has it (pip compiles it at install time): an environment that sets
``PYTHONDONTWRITEBYTECODE`` (this one does) would otherwise compile every
module of the package again in every process — ~0.15 s of each figure.  The
cache goes to a folder of the run's own (``PYTHONPYCACHEPREFIX``), warmed by a
first run; the floor without it is shown beside the floor with it.

``run(quick)`` returns the figures as dicts (name, value, unit, target, ok).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from fhtagn_tui.store import snapshot  # noqa: E402
from tests.bench.bench_store import build_file, row, template  # noqa: E402

EVENTS = 100_000
MIB = 1024 * 1024


#: A small process that starts the command and reports what the kernel measured of it.  (Started
#: straight from this benchmark, the command would inherit the benchmark's own peak RSS.)
LAUNCHER = """
import json, os, sys, time
t0 = time.perf_counter()
pid = os.posix_spawn(sys.argv[1], sys.argv[1:], os.environ)
_, status, usage = os.wait4(pid, 0)
wall = time.perf_counter() - t0
print(json.dumps({"code": os.waitstatus_to_exitcode(status), "cpu": usage.ru_utime + usage.ru_stime,
                  "wall": wall, "rss_kib": usage.ru_maxrss}))
"""


#: The environment of the measured commands (see the module's docstring): set by :func:`run`.
ENV: dict[str, str] | None = None


def bytecode_env(cache: Path) -> dict[str, str]:
    """The environment with the bytecode written to and read from ``cache``."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(cache)
    return env


def measure(argv: list[str], cwd: Path, env: dict[str, str] | None = None) -> tuple[float, float, float]:
    """(CPU seconds, wall seconds, peak RSS MiB) of one fresh process running ``argv``."""
    out = subprocess.run([sys.executable, "-c", LAUNCHER, *argv], cwd=cwd, capture_output=True, text=True,
                         check=True, env=env if env is not None else ENV)
    figures = json.loads(out.stdout.splitlines()[-1])
    if figures["code"] != 0:
        raise RuntimeError(f"{' '.join(argv)} failed ({figures['code']}): {out.stderr}")
    return figures["cpu"], figures["wall"], figures["rss_kib"] / 1024


def rounds_of(argv: list[str], cwd: Path, rounds: int, before: Any = None,
              env: dict[str, str] | None = None) -> tuple[float, float, float]:
    """Medians of CPU and wall, largest peak RSS, over ``rounds`` runs (``before()`` ahead of each)."""
    cpu, wall, rss = [], [], []
    for _ in range(rounds):
        if before is not None:
            before()
        c, w, r = measure(argv, cwd, env)
        cpu.append(c)
        wall.append(w)
        rss.append(r)
    return statistics.median(cpu), statistics.median(wall), max(rss)


def run(quick: bool = False) -> list[dict[str, Any]]:
    global ENV
    rounds = 2 if quick else 5
    setup, play = template()
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="fhtagn-bench-open-") as tmp:
        saves = Path(tmp)
        path = saves / "big.fhtagn"
        build_file(path, EVENTS, setup, play)
        cli = [sys.executable, "-m", "fhtagn_tui", "--saves", str(saves)]
        state = snapshot.path_for(path)

        def no_snapshot() -> None:
            state.unlink(missing_ok=True)

        ENV = bytecode_env(saves / "pycache")
        measure([sys.executable, "-c", "import fhtagn_tui.cli"], ROOT)  # writes the bytecode cache
        floor = rounds_of([sys.executable, "-c", "import fhtagn_tui.cli"], ROOT, rounds)
        rows.append(row("floor: python imports the CLI (nothing opened), CPU", floor[0], "s"))
        # the same with the package's own bytecode left out of the cache (everything else cached)
        bare_cache = saves / "pycache-without-package"
        measure([sys.executable, "-c", "import fhtagn_tui.cli"], ROOT, dict(ENV, PYTHONPYCACHEPREFIX=str(bare_cache)))
        shutil.rmtree(bare_cache / ROOT.relative_to(ROOT.anchor) / "fhtagn_tui", ignore_errors=True)
        compiling = dict(ENV, PYTHONDONTWRITEBYTECODE="1", PYTHONPYCACHEPREFIX=str(bare_cache))
        bare = rounds_of([sys.executable, "-c", "import fhtagn_tui.cli"], ROOT, rounds, env=compiling)
        rows.append(row("  the same, the package's modules compiled every time (no cache of theirs), CPU", bare[0], "s"))
        for label, args in (("do NAME 'note x'", ["do", "big", "note x"]), ("replay NAME", ["replay", "big"])):
            base = rounds_of(cli + args, saves, rounds, no_snapshot)
            measure(cli + ["replay", "big"], saves)  # writes the snapshot
            cpu, wall, rss = rounds_of(cli + args, saves, rounds)
            rows.append(row(f"{label} @100k, from the snapshot: CPU", cpu, "s", "≤ 0.3", cpu <= 0.3))
            rows.append(row("  wall", wall, "s"))
            rows.append(row("  peak RSS", rss, "MiB"))
            rows.append(row("  baseline, full replay (no snapshot): CPU", base[0], "s"))
            rows.append(row("  baseline wall", base[1], "s"))
            rows.append(row("  baseline peak RSS", base[2], "MiB"))
            rows.append(row("  speed-up over the full replay (CPU)", base[0] / cpu, "×"))
        # the players' recap under the default privacy (``own``: every event read for the viewer, the
        # others' sheets veiled) and under ``full`` (every sheet shown: the work before privacy existed)
        shutil.copyfile(path, saves / "full.fhtagn")
        measure(cli + ["do", "full", "privacy full"], saves)
        for label, args, most in (
                ("export --format md", ["export", "big", "--format", "md", "-o", str(saves / "out.md")], 1.0),
                ("export --format html --players", ["export", "big", "--format", "html", "--players", "-o",
                                                    str(saves / "out.html")], 2.0),
                ("export --format html --players, privacy full", ["export", "full", "--format", "html", "--players",
                                                                  "-o", str(saves / "out-full.html")], 1.0)):
            cpu, wall, rss = rounds_of(cli + args, saves, max(2, rounds - 2))
            rows.append(row(f"{label} @100k: CPU", cpu, "s", f"≤ {most:g}", cpu <= most))
            rows.append(row("  wall", wall, "s"))
            rows.append(row("  peak RSS", rss, "MiB", "≤ 150", rss <= 150))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--quick", action="store_true", help="fewer rounds (a smoke run)")
    args = parser.parse_args(argv)
    rows = run(quick=args.quick)
    if args.json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
    else:
        width = max(len(r["name"]) for r in rows)
        for r in rows:
            verdict = "" if r["ok"] is None else ("PASS" if r["ok"] else "FAIL")
            print(f"{r['name']:<{width}}  {r['value']:>10.3f}  {r['unit']:<4} {r['target']:<7} {verdict}")
    return 0 if all(r["ok"] is not False for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
