"""Crash trials of the campaign store (a script, not a test).

    python tests/bench/crash_trials.py [--trials 20] [--json] [--seed N] [--dir DIR] [--tear]

A child process (a real subprocess) opens a campaign as its writer and plays
on without pause through the real Engine (rolls, tests, pool changes — some
commands append several events at once), printing every acknowledged seq to
stdout (flushed) after ``append`` has returned.  The parent ``kill -9``s it at
a random moment (0.05–1.0 s after it is ready), then checks: the campaign
opens as a writer again (the lock died with the child), every acknowledged
seq is in the file, and ``check`` reports it clean or a torn tail that
``repair`` fixes.

SIGKILL does not split a ``write`` to a regular file, so plain trials find no
torn tails.  ``--tear`` makes the child write each append in two halves with
a 2 ms pause between (what a power cut can leave), so kills land mid-record
and the torn-tail → ``repair`` path is exercised too.  ``run(quick)`` returns the figures for a future ``run_all.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from fhtagn_tui.domain.decide import Rejected  # noqa: E402
from fhtagn_tui.domain.replay import Projection  # noqa: E402
from fhtagn_tui.rules.dice import RandomSource  # noqa: E402
from fhtagn_tui.service import Engine, MemorySink  # noqa: E402
from fhtagn_tui.store import CampaignStore, StoreError  # noqa: E402
from fhtagn_tui.store.check import check, repair  # noqa: E402

try:
    from tests.bench.bench_store import party_engine, play_line  # noqa: E402
except ImportError:  # run from inside tests/bench
    from bench_store import party_engine, play_line  # type: ignore[no-redef]  # noqa: E402


# --- the child: a writer that never stops --------------------------------------------------


def _tearing_write() -> None:
    """Make every append two writes with a pause between (a power cut can land in it)."""
    from fhtagn_tui.store import storage

    real = os.write

    def write_in_two(fd: int, data: bytes) -> int:
        half = len(data) // 2
        done = real(fd, bytes(data[:half])) if half else 0
        time.sleep(0.002)
        return done + real(fd, bytes(data[half:]))

    storage.os.write = write_in_two  # type: ignore[assignment]


def child(path: Path, seed: int, tear: bool) -> None:
    if tear:
        _tearing_write()
    rng = random.Random(seed)
    store = CampaignStore.open(path)
    eng = Engine(store, store.events(), source=RandomSource(seed))
    out = sys.stdout
    out.write("ready\n")
    out.flush()
    while True:
        line = play_line(rng)
        if rng.random() < 0.15:  # several events in one append
            who = rng.choice(("bram", "cora", "elif"))
            line = f"char pool {who} HP={rng.randint(1, 9)} WP={rng.randint(1, 9)} SAN={rng.randint(1, 40)}"
        try:
            events = eng.execute(line).events
        except Rejected:
            continue
        out.write("".join(f"{ev.seq}\n" for ev in events))  # acknowledged: append has returned
        out.flush()


# --- the parent -----------------------------------------------------------------------


def _drain(stream: IO[bytes], into: list[bytes]) -> None:
    for chunk in iter(lambda: stream.read1(65536), b""):  # type: ignore[attr-defined]
        into.append(chunk)


def new_campaign(path: Path) -> None:
    eng = party_engine()
    sink = eng.sink
    assert isinstance(sink, MemorySink)
    CampaignStore.create(path, sink.events).close()


def one_trial(path: Path, seed: int, delay: float, tear: bool = False) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, str(Path(__file__).resolve()), "--child", str(path), "--seed", str(seed)]
        + (["--tear"] if tear else []),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT,
    )
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    if first != b"ready\n":
        proc.kill()
        raise RuntimeError(f"the writer did not start: {first!r} {proc.stderr.read().decode()[-2000:]}")
    chunks: list[bytes] = []
    reader = threading.Thread(target=_drain, args=(proc.stdout, chunks), daemon=True)
    reader.start()
    time.sleep(delay)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    reader.join()
    proc.stderr.close()
    text = b"".join(chunks)
    complete = text[: text.rfind(b"\n") + 1]  # a seq whose line was cut short is not counted
    acked = [int(s) for s in complete.split()]

    result: dict[str, Any] = {"seed": seed, "delay": round(delay, 3), "acked": len(acked), "torn": False,
                              "repaired": False, "corrupt": False, "lost": 0, "opened": False, "events": 0}
    report = check(path)
    if report.torn is not None and len(report.problems) == 1:
        result["torn"] = True
        result["repaired"] = repair(path).ok
    elif not report.ok:
        result["corrupt"] = True
        result["problems"] = [p.message for p in report.problems]
    try:
        with CampaignStore.open(path) as store:  # a writer again: the lock died with the child
            events = store.events()
            Projection().apply_all(events)
            result["opened"] = True
            result["events"] = len(events)
            present = {ev.seq for ev in events}
            result["lost"] = sum(1 for s in acked if s not in present)
    except StoreError as exc:
        result["corrupt"] = True
        result["error"] = str(exc)
    return result


def trials(n: int, seed: int, folder: Path | None = None, tear: bool = False) -> dict[str, Any]:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="fhtagn-crash-", dir=folder) as tmp:
        path = Path(tmp) / "crash.fhtagn"
        new_campaign(path)
        runs = [one_trial(path, seed * 1000 + i, rng.uniform(0.05, 1.0), tear) for i in range(n)]
        final = check(path)
    return {
        "trials": n,
        "tear": tear,
        "corrupt_files": sum(1 for r in runs if r["corrupt"] or not r["opened"]),
        "lost_acknowledged": sum(r["lost"] for r in runs),
        "torn_tails": sum(1 for r in runs if r["torn"]),
        "torn_tails_repaired": sum(1 for r in runs if r["repaired"]),
        "acknowledged": sum(r["acked"] for r in runs),
        "events_at_end": final.events,
        "clean_at_end": final.ok,
        "runs": runs,
    }


def run(quick: bool = False, folder: Path | None = None, seed: int = 1, tear: bool = False) -> list[dict[str, Any]]:
    """The figures with their targets (name, value, unit, target, ok)."""
    res = trials(5 if quick else 20, seed, folder, tear)

    def row(name: str, value: float, unit: str = "", target: str = "", ok: bool | None = None) -> dict[str, Any]:
        return {"name": name, "value": value, "unit": unit, "target": target, "ok": ok}

    return [
        row("crash trials (kill -9" + (", torn writes" if tear else "") + ")", res["trials"], "trials"),
        row("acknowledged events (all trials)", res["acknowledged"], "events"),
        row("corrupt files", res["corrupt_files"], "files", "= 0", res["corrupt_files"] == 0),
        row("lost acknowledged events", res["lost_acknowledged"], "events", "= 0", res["lost_acknowledged"] == 0),
        row("torn tails found", res["torn_tails"], "files"),
        row("torn tails repaired", res["torn_tails_repaired"], "files", "= found",
            res["torn_tails_repaired"] == res["torn_tails"]),
        row("clean at the end", int(res["clean_at_end"]), "", "= 1", bool(res["clean_at_end"])),
        row("events in the file at the end", res["events_at_end"], "events"),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--dir", type=Path, default=None, help="where to put the temporary campaign")
    parser.add_argument("--tear", action="store_true",
                        help="the writer appends in two halves with a pause between (simulates a power cut mid-write)")
    parser.add_argument("--child", type=Path, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child is not None:
        child(args.child, args.seed, args.tear)
        return 0
    res = trials(args.trials, args.seed, args.dir, args.tear)
    if args.json:
        print(json.dumps(res, indent=2))
    else:
        print(f"{'trial':>5} {'kill after':>10} {'acked':>6} {'events':>7}  outcome")
        for i, r in enumerate(res["runs"], 1):
            outcome = "corrupt" if r["corrupt"] else ("torn tail, repaired" if r["repaired"] else
                                                      ("torn tail, NOT repaired" if r["torn"] else "clean"))
            if r["lost"]:
                outcome += f", {r['lost']} acknowledged events LOST"
            print(f"{i:>5} {r['delay']:>9.3f}s {r['acked']:>6} {r['events']:>7}  {outcome}")
        print(f"trials: {res['trials']}  corrupt files: {res['corrupt_files']}  lost acknowledged events: "
              f"{res['lost_acknowledged']}  torn tails repaired: {res['torn_tails_repaired']}/{res['torn_tails']}  "
              f"acknowledged: {res['acknowledged']}  events at the end: {res['events_at_end']}")
    ok = res["corrupt_files"] == 0 and res["lost_acknowledged"] == 0 and res["torn_tails_repaired"] == res["torn_tails"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
