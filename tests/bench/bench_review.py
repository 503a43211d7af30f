"""Benchmark of review mode and export (a script, not a test).

    python tests/bench/bench_review.py [--json] [--quick]

* Review opened as the app opens it (from the start-up snapshot, over a lazy view of the
  log, the index and states saved beside the log plus the records after them; target ≤ 0.15 s
  of CPU) and its first move off the end (from a saved state); the same for the first review of
  a log (the index read from every record; the undo history and checkpoints folded on the first
  move, once); beside the whole log decoded and folded in memory.
* Review: a 100k-event campaign file (a party played through the real Engine
  once, replicated with fresh seqs — see ``bench_store.py``) is opened as
  review mode does (``store.events()``, the fold with its checkpoints), then
  the review cursor jumps to random events: median and p95 time to the state
  at the cursor (target p95 ≤ 100 ms).
* Export: the Markdown and HTML recap of a 5k-event session (target < 2 s each).

``run(quick)`` returns the figures as dicts (name, value, unit, target, ok).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


from fhtagn_tui.app.review import ReviewController  # noqa: E402
from fhtagn_tui.domain.features.campaign import SessionEnded, SessionStarted  # noqa: E402
from fhtagn_tui.domain.replay import Projection, checkpoint_interval  # noqa: E402
from fhtagn_tui.door import open_campaign  # noqa: E402
from fhtagn_tui.export import export_text  # noqa: E402
from fhtagn_tui.store import CampaignStore, review_index  # noqa: E402
from tests.bench.bench_store import build_file, replicate, row, template  # noqa: E402


def _ms(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return statistics.median(ordered) * 1000, p95 * 1000


def review_jumps(path: Path, jumps: int, seed: int = 5) -> tuple[float, float, float, int]:
    """(open + fold CPU seconds, wall seconds, median ms, p95 ms, events) for ``jumps`` random
    cursor jumps."""
    with CampaignStore.open(path, readonly=True) as store:
        t0, c0 = time.perf_counter(), time.process_time()
        events = store.events()
        proj = Projection(checkpoint_every=checkpoint_interval(len(events)))
        proj.apply_all(events)
        ctl = ReviewController(events, projection=proj)
        opened, opened_cpu = time.perf_counter() - t0, time.process_time() - c0
        rng = random.Random(seed)
        times = []
        for _ in range(jumps):
            target = rng.randint(1, len(events))
            t1 = time.perf_counter()
            ctl.go(target)
            state = ctl.state
            times.append(time.perf_counter() - t1)
            assert state.characters
        med, p95 = _ms(times)
        return opened_cpu, opened, med, p95, len(events)


def review_open_as_the_app(path: Path, rounds: int) -> dict[str, float]:
    """Review opened as the app opens it — the campaign from its start-up snapshot
    (``open_campaign``), review over an ``EventView`` of the log, its index (and states of the log)
    from those saved beside the log (``NAME.fhtagn.review``) — up to the state at the end, then the
    first move off the end; medians of CPU and wall seconds.  Rounds alternate with the first
    review of the log (nothing saved beside it yet: the index read from every record, the undo
    history and checkpoints folded on the first move, both saved for the next review)."""
    got: dict[str, list[float]] = {k: [] for k in ("cpu", "wall", "move", "move_wall", "first", "first_move")}
    open_campaign(path, True).close()  # the first opening writes the snapshot
    for i in range(2 * rounds):
        fresh = i % 2 == 0  # alternate: without and with what the last review saved
        if fresh:
            review_index.path_for(path).unlink(missing_ok=True)
        t0, c0 = time.perf_counter(), time.process_time()
        opened = open_campaign(path, True)
        ctl = opened.review_controller(ReviewController)
        assert opened.from_snapshot and ctl.state.characters
        c1, t1 = time.process_time(), time.perf_counter()
        ctl.step(-1)
        assert ctl.state.characters
        c2, t2 = time.process_time(), time.perf_counter()
        assert fresh == (not opened.resuming)  # the history folded on the first review only
        if fresh:
            got["first"].append(c1 - c0)
            got["first_move"].append(c2 - c1)
        else:
            got["cpu"].append(c1 - c0)
            got["wall"].append(t1 - t0)
            got["move"].append(c2 - c1)
            got["move_wall"].append(t2 - t1)
            if i == 2 * rounds - 1:  # random jumps from the saved states (the history never folded)
                rng, times = random.Random(7), []
                for _ in range(30):
                    t3 = time.perf_counter()
                    ctl.go(rng.randint(1, ctl.total))
                    assert ctl.state.characters
                    times.append(time.perf_counter() - t3)
                assert opened.resuming
                got["jump_med"], got["jump_p95"] = [_ms(times)[0]], [_ms(times)[1]]
        opened.close()
    return {k: statistics.median(v) for k, v in got.items()}


def session_of(n: int) -> list:
    """A log whose session 1 holds ``n`` events (setup + play replicated, then the session ends)."""
    setup, play = template()
    events = list(setup)
    more = replicate(play, len(events) + 1)
    while len(events) < n:
        events.append(next(more))
    last = events[-1]
    events.append(SessionEnded(number=1, seq=last.seq + 1, group=last.seq + 1, session=1, ts=last.ts))
    assert any(isinstance(e, SessionStarted) for e in events)
    return events


def export_time(n: int, fmt: str, rounds: int) -> float:
    events = session_of(n)
    best = float("inf")
    for _ in range(rounds):
        t0 = time.perf_counter()
        text = export_text(events, fmt, session=1)
        best = min(best, time.perf_counter() - t0)
        assert "Session 1" in text
    return best


def run(quick: bool = False) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    setup, play = template()
    with tempfile.TemporaryDirectory(prefix="fhtagn-bench-review-") as tmp:
        path = Path(tmp) / "review-100000.fhtagn"
        build_file(path, 100_000, setup, play)
        opened_cpu, opened, med, p95, n = review_jumps(path, 30 if quick else 100)
        app = review_open_as_the_app(path, 3 if quick else 5)
        rows.append(row(f"review: open @{n // 1000}k as the app (snapshot, saved index, view), CPU", app["cpu"], "s",
                        "≤ 0.15", app["cpu"] <= 0.15))
        rows.append(row("  wall (shared machine)", app["wall"], "s"))
        rows.append(row("  then the first move off the end (from a saved state), CPU", app["move"], "s",
                        "≤ 0.1", app["move"] <= 0.1))
        rows.append(row("  first move, wall", app["move_wall"], "s"))
        rows.append(row("  then cursor jumps (from the saved states), median", app["jump_med"], "ms"))
        rows.append(row("  then cursor jumps (from the saved states), p95", app["jump_p95"], "ms", "≤ 100",
                        app["jump_p95"] <= 100))
        rows.append(row("  first review of the log: open (index read from the records), CPU", app["first"], "s",
                        "≤ 0.15", app["first"] <= 0.15))
        rows.append(row("  first review: first move (undo history + checkpoints folded), CPU", app["first_move"], "s"))
        rows.append(row("  baseline: every event decoded + folded in memory, CPU", opened_cpu, "s"))
        rows.append(row("  baseline wall", opened, "s"))
        rows.append(row("review: cursor jump, median", med, "ms"))
        rows.append(row("review: cursor jump, p95", p95, "ms", "≤ 100", p95 <= 100))
    for fmt in ("md", "html"):
        seconds = export_time(5_000, fmt, 1 if quick else 3)
        rows.append(row(f"export {fmt} of a 5k-event session", seconds, "s", "< 2", seconds < 2))
    return rows


def print_table(rows: list[dict[str, Any]]) -> None:
    width = max(len(r["name"]) for r in rows)
    print(f"{'measure':<{width}}  {'value':>10}  {'unit':<5} {'target':<7} result")
    for r in rows:
        verdict = "" if r["ok"] is None else ("PASS" if r["ok"] else "FAIL")
        print(f"{r['name']:<{width}}  {r['value']:>10.3f}  {r['unit']:<5} {r['target']:<7} {verdict}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--quick", action="store_true", help="fewer samples (a smoke run)")
    args = parser.parse_args(argv)
    rows = run(quick=args.quick)
    if args.json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
    else:
        print_table(rows)
    return 0 if all(r["ok"] is not False for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
