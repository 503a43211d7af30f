"""Every benchmark of the project, one command, one table.

    python tests/bench/run_all.py [--quick] [--json]

Each benchmark module exposes ``run(quick) -> list[dict]`` (name, value, unit,
target, ok); this script runs them one after the other (never in parallel: the
machine has two cores and the figures are ratios measured side by side) and
prints one table of figures against their targets.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

BENCHES = (
    ("store", "tests.bench.bench_store"),
    ("crash", "tests.bench.crash_trials"),
    ("open", "tests.bench.bench_open"),
    ("startup", "tests.bench.bench_startup"),
    ("ui", "tests.bench.bench_ui"),
    ("review", "tests.bench.bench_review"),
    ("serve", "tests.bench.bench_serve"),
    ("import", "tests.bench.bench_import"),
    ("secrets", "tests.bench.bench_secrets"),
    ("answer", "tests.bench.bench_answer"),
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Run every benchmark and print one table.")
    parser.add_argument("--quick", action="store_true", help="fewer rounds and smaller sizes")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--only", nargs="*", default=None, help="bench names to run")
    args = parser.parse_args(argv)
    table: list[dict[str, Any]] = []
    for name, module_name in BENCHES:
        if args.only and name not in args.only:
            continue
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError:
            table.append({"bench": name, "name": "(not present)", "value": 0, "unit": "", "target": "", "ok": None})
            continue
        start = time.perf_counter()
        print(f"running {name}…", file=sys.stderr, flush=True)
        try:
            rows = module.run(args.quick)
        except Exception as exc:  # noqa: BLE001 - one broken bench must not hide the others
            rows = [{"name": f"error: {exc}", "value": 0, "unit": "", "target": "", "ok": False}]
        for row in rows:
            table.append({"bench": name, **row})
        print(f"  {name} took {time.perf_counter() - start:.1f} s", file=sys.stderr, flush=True)
    if args.json:
        print(json.dumps(table, indent=2))
    else:
        print(f"{'bench':<8} {'figure':<52} {'value':>12} {'unit':<5} {'target':<9} result")
        for r in table:
            verdict = "" if r["ok"] is None else ("PASS" if r["ok"] else "FAIL")
            value = r["value"]
            shown = f"{value:>12.3f}" if isinstance(value, float) else f"{value:>12}"
            print(f"{r['bench']:<8} {r['name'][:52]:<52} {shown} {r['unit']:<5} {r['target']:<9} {verdict}")
    return 0 if all(r["ok"] is not False for r in table) else 1


if __name__ == "__main__":
    sys.exit(main())
