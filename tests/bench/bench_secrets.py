"""The secrets property at length (a script, not a test): no byte players read depends on a secret.

    python tests/bench/bench_secrets.py [--json] [--quick] [--examples N] [--seed S]

Many random sequences of public and secret commands, in every system, each played twice with other
secret values (numbers, names, dice) and the same public dice; the players' log, a following view's
log and state, and the players' recaps must be the same bytes (``tests/serve/secret_twins.py``,
the suite's ``test_secrets_property.py`` runs a few).  Longer sequences than the suite's.  Reports
how many examples ran, how many found a difference (target 0: the first is printed whole), and the
time per example.

``run(quick)`` returns the figures as dicts (name, value, unit, target, ok).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.bench.bench_store import row  # noqa: E402
from tests.serve.secret_twins import OPS, SYSTEMS, differences  # noqa: E402


def explore(examples: int, seed: int, longest: int = 30, say: Any = None) -> tuple[int, int, list[str], float]:
    """``examples`` random sequences (up to ``longest`` commands): (how many found a difference, how
    many were set aside — a command refused in one run only —, the first difference, seconds of
    CPU per example)."""
    rng = random.Random(seed)
    failed = aside = 0
    first: list[str] = []
    start = time.process_time()
    for n in range(examples):
        system = SYSTEMS[n % len(SYSTEMS)]
        ops = [rng.choice(OPS) for _ in range(rng.randint(1, longest))]
        salts = (rng.randrange(1 << 20), rng.randrange(1 << 20) + (1 << 20))
        found = differences(system, ops, salts, seed=rng.randrange(1 << 16))
        if found is None:
            aside += 1
        elif found:
            failed += 1
            if not first:
                first = [f"{system} {ops} salts={salts}", *found]
        if say is not None and n % 50 == 49:
            say(f"  {n + 1} examples, {failed} with a difference")
    return failed, aside, first, (time.process_time() - start) / max(1, examples)


def run(quick: bool = False, examples: int | None = None, seed: int = 30) -> list[dict[str, Any]]:
    count = examples if examples is not None else (200 if quick else 2000)
    failed, aside, first, per = explore(count, seed, say=lambda s: print(s, file=sys.stderr, flush=True))
    if first:
        print("\n".join(first), file=sys.stderr)
    return [
        row(f"secrets: twin runs over {len(SYSTEMS)} systems (examples)", count, ""),
        row("  set aside (a command refused in one run only)", aside, ""),
        row("  with a player-visible difference", failed, "", "0", failed == 0),
        row("  CPU per example (two runs + their player outputs)", per * 1000, "ms"),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--quick", action="store_true", help="fewer examples (a smoke run)")
    parser.add_argument("--examples", type=int, default=None)
    parser.add_argument("--seed", type=int, default=30)
    args = parser.parse_args(argv)
    rows = run(args.quick, args.examples, args.seed)
    if args.json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
    else:
        for r in rows:
            verdict = "" if r["ok"] is None else ("PASS" if r["ok"] else "FAIL")
            print(f"{r['name']:<60} {r['value']:>10.3f} {r['unit']:<4} {r['target']:<4} {verdict}")
    return 0 if all(r["ok"] is not False for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
