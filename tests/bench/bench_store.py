"""Benchmark of the campaign store (a script, not a test).

    python tests/bench/bench_store.py [--json] [--quick] [--dir DIR]

Measures, on files under a temporary folder (``--dir`` picks the file system):

* per-append latency (median, p95) of ``CampaignStore.append`` — one event,
  fsync'd — on logs of 1k, 20k and 100k events;
* the same for TinyDB's default ``JSONStorage`` with plain ``insert`` at 1k and
  20k (pre-filled by writing the JSON file directly);
* full replay rate at 100k, per second of CPU time (the median of several rounds is held to the
  target): the log read as a replay reads it (``codec.decode_for_replay``: the events the fold only
  counts, and those whose evolver reads a few fields, read as their heads) and folded (``Projection.apply_all(events, log=lines)``); the same as
  opening does it (``store.iter_for_replay()``, chunk by chunk, with checkpoints); for comparison
  every event decoded in full (``codec.decode_many``, what the Log, review and exports read) with and
  without the fold, the store's ``store.events()`` + fold, and a baseline of the same lines read by
  the standard json module into dicts;
* peak memory (RSS) with 100k events open and folded, in a fresh subprocess.

Events are realistic: a party of six played through the real Engine (rolls
with 1–3 dice, tests, pool changes, notes, conditions), replicated with fresh
seqs to build big files fast.  ``run(quick)`` returns the figures as dicts
(name, value, unit, target, ok) for a future ``run_all.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import msgspec  # noqa: E402
from msgspec.structs import replace  # noqa: E402
from tinydb import TinyDB  # noqa: E402

from fhtagn_tui.domain import codec  # noqa: E402
from fhtagn_tui.domain.decide import Rejected  # noqa: E402
from fhtagn_tui.domain.events import Event  # noqa: E402
from fhtagn_tui.domain.features.campaign import CreateCampaign  # noqa: E402
from fhtagn_tui.domain.replay import Projection, checkpoint_interval  # noqa: E402
from fhtagn_tui.rules.dice import RandomSource  # noqa: E402
from fhtagn_tui.service import Engine, MemorySink  # noqa: E402
from fhtagn_tui.store import CampaignStore  # noqa: E402
from fhtagn_tui.store.layout import HEADER_LINE  # noqa: E402

MIB = 1024 * 1024

PARTY = (
    ('"Ada Vance"', "STR=12 CON=11 DEX=13 INT=15 POW=14 CHA=10 Firearms=50 Alertness=45"),
    ("Bram", "STR=14 CON=13 DEX=10 INT=9 POW=9 CHA=11 Firearms=40 Athletics=50"),
    ("Cora", "STR=9 CON=10 DEX=15 INT=13 POW=12 CHA=14 Persuade=60 Alertness=55"),
    ("Dmitri", "STR=15 CON=14 DEX=11 INT=10 POW=10 CHA=8 \"Unarmed Combat\"=60 Firearms=45"),
    ("Elif", "STR=10 CON=12 DEX=12 INT=16 POW=15 CHA=12 Occult=40 Search=60"),
    ("Frank", "STR=13 CON=9 DEX=14 INT=11 POW=8 CHA=13 Drive=50 Firearms=55"),
)
KEYS = ("ada vance", "bram", "cora", "dmitri", "elif", "frank")
SKILLS = ("Firearms", "Alertness", "DEX", "POW", "CON")
CONDITIONS = ("stunned", "prone", "bleeding", "frightened")
NOTES = (
    "The cellar door is nailed shut.",
    "Footprints in the ash lead toward the chapel; one set is barefoot.",
    "The vicar lies about the well.",
    "Radio static spells out a name.",
)


def play_line(rng: random.Random) -> str:
    """One command of a session at the table."""
    who = rng.choice(KEYS)
    who_arg = f'"{who}"' if " " in who else who
    kind = rng.random()
    if kind < 0.30:
        return f"test {who_arg} {rng.choice(SKILLS)}"
    if kind < 0.50:
        return f"roll {rng.randint(1, 3)}d6"
    if kind < 0.70:
        return f"char pool {who_arg} HP={rng.randint(1, 10)} reason=wounded"
    if kind < 0.85:
        return f"note {rng.choice(NOTES)}"
    if kind < 0.95:
        return f"cond add {who_arg} {rng.choice(CONDITIONS)}"
    return f"cond remove {who_arg} {rng.choice(CONDITIONS)}"


def party_engine(seed: int = 7) -> Engine:
    """A campaign in memory with the party and an open session."""
    clock = iter(range(1_700_000_000, 2_000_000_000))
    eng = Engine(MemorySink(), source=RandomSource(seed), clock=lambda: float(next(clock)))
    eng.run(CreateCampaign(name="bench", system="fhtagn", title="Benchmark"))
    for name, stats in PARTY:
        eng.execute(f"char new {name} {stats}")
    eng.execute("session start Night at the farm")
    return eng


def template(n_play: int = 400, seed: int = 7) -> tuple[list[Event], list[Event]]:
    """(setup events, play events) generated once through the real Engine."""
    eng = party_engine(seed)
    sink = eng.sink
    assert isinstance(sink, MemorySink)
    setup = len(sink.events)
    rng = random.Random(seed)
    while len(sink.events) - setup < n_play:
        try:
            eng.execute(play_line(rng))
        except Rejected:
            pass
    return list(sink.events[:setup]), list(sink.events[setup:])


def replicate(play: list[Event], first_seq: int) -> Iterator[Event]:
    """The play events over and over with fresh seqs (groups shifted alike)."""
    seq = first_seq
    while True:
        for ev in play:
            yield replace(ev, seq=seq, group=ev.group + (seq - ev.seq))
            seq += 1


def build_file(path: Path, n: int, setup: list[Event], play: list[Event]) -> None:
    """A campaign file of ``n`` events written directly (header + lines)."""
    lines = [HEADER_LINE] + [codec.encode(e) for e in setup[:n]]
    more = replicate(play, len(lines))
    lines += [codec.encode(next(more)) for _ in range(n - len(setup))]
    path.write_bytes(b"\n".join(lines) + b"\n")


def _ms(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return statistics.median(ordered) * 1000, p95 * 1000


def store_append_latency(folder: Path, n: int, samples: int, setup: list[Event], play: list[Event]) -> tuple[float, float]:
    path = folder / f"store-{n}.fhtagn"
    build_file(path, n, setup, play)
    times = []
    with CampaignStore.open(path) as store:
        fresh = replicate(play, store.next_seq)
        for _ in range(samples):
            ev = next(fresh)
            t0 = time.perf_counter()
            store.append([ev])
            times.append(time.perf_counter() - t0)
        assert store.next_seq == n + samples + 1
    return _ms(times)


def tinydb_insert_latency(folder: Path, n: int, samples: int, setup: list[Event], play: list[Event]) -> tuple[float, float]:
    path = folder / f"tinydb-{n}.json"
    events = setup[:n] + [e for e, _ in zip(replicate(play, len(setup) + 1), range(n - len(setup)), strict=False)]
    path.write_bytes(msgspec.json.encode({"_default": {str(e.seq): codec.to_dict(e) for e in events}}))
    fresh = replicate(play, n + 1)
    times = []
    db = TinyDB(path)  # JSONStorage, stock Table
    try:
        table = db.table("_default")
        for _ in range(samples):
            doc = codec.to_dict(next(fresh))
            t0 = time.perf_counter()
            table.insert(doc)
            times.append(time.perf_counter() - t0)
        assert len(table) == n + samples
    finally:
        db.close()
    return _ms(times)


def replay_rate(path: Path, rounds: int) -> tuple[float, float, float, float, float]:
    """Events per CPU second over ``rounds`` replays of the whole log as a list, the way a replay
    reads it (``codec.decode_for_replay``: counted events as their heads) and folds it
    (``Projection.apply_all(events, log=lines)``): (median overall, best overall, median decode,
    median fold, median overall by the wall clock).  The machine may be shared: the CPU time of
    this process is what the code costs; the wall clock also counts waiting for other work."""
    overall, decode, fold, wall = [], [], [], []
    with CampaignStore.open(path, readonly=True) as store:
        lines = store.table.log.lines
        for _ in range(rounds):
            w0, t0 = time.perf_counter(), time.process_time()
            events = codec.decode_for_replay(lines)
            t1 = time.process_time()
            proj = Projection()
            proj.apply_all(events, log=lines)
            t2, w2 = time.process_time(), time.perf_counter()
            n = len(events)
            overall.append(n / (t2 - t0))
            decode.append(n / (t1 - t0))
            fold.append(n / (t2 - t1))
            wall.append(n / (w2 - w0))
            del events, proj  # freed after the clock stops: taking a fold apart is not replaying it
    med = statistics.median
    return med(overall), max(overall), med(decode), med(fold), med(wall)


def full_decode_rates(path: Path, rounds: int) -> tuple[float, float, float]:
    """Events per CPU second, medians: (every event decoded in full, ``codec.decode_many`` — what the
    Log, review and exports read; the same + ``Projection.apply_all`` — the replay before heads;
    ``store.events()`` + fold — the store's chunked decode, as the engine's callers fold it)."""
    full, full_fold, store_fold = [], [], []
    with CampaignStore.open(path, readonly=True) as store:
        lines = store.table.log.lines
        for _ in range(rounds):
            t0 = time.process_time()
            events = codec.decode_many(lines)
            t1 = time.process_time()
            proj = Projection()
            proj.apply_all(events)
            t2 = time.process_time()
            full.append(len(events) / (t1 - t0))
            full_fold.append(len(events) / (t2 - t0))
            del events, proj
            t0 = time.process_time()
            events = store.events()
            proj = Projection()
            proj.apply_all(events)
            store_fold.append(len(events) / (time.process_time() - t0))
            del events, proj
    med = statistics.median
    return med(full), med(full_fold), med(store_fold)


def streamed_replay_rate(path: Path, rounds: int) -> tuple[float, float]:
    """Events per CPU second and by the wall clock, medians: the replay as opening a campaign
    without its snapshot does it (``snapshot.open_projection``): the log read a chunk at a time as
    a replay reads it (``store.iter_for_replay()``: counted events as their heads) and folded as it
    comes (``apply_all(…, log=store.records())``), with the checkpoints review uses."""
    cpu, wall = [], []
    with CampaignStore.open(path, readonly=True) as store:
        n = len(store)
        for _ in range(rounds):
            w0, t0 = time.perf_counter(), time.process_time()
            proj = Projection(checkpoint_every=checkpoint_interval(n))
            proj.apply_all(store.iter_for_replay(), log=store.records())
            cpu.append(n / (time.process_time() - t0))
            wall.append(n / (time.perf_counter() - w0))
            assert proj.seq == n
            del proj
    return statistics.median(cpu), statistics.median(wall)


def json_dict_rate(path: Path, rounds: int) -> float:
    """Events/s, median: the file's lines read with the standard json module into dicts (the
    baseline of a log kept as plain dicts; nothing is folded)."""
    import json as stdjson

    rates = []
    data = path.read_bytes().split(b"\n")[1:-1]
    for _ in range(rounds):
        t0 = time.process_time()
        records = [stdjson.loads(line) for line in data]
        rates.append(len(records) / (time.process_time() - t0))
        del records
    return statistics.median(rates)


MEMORY_CHILD = """
import json, resource, sys
sys.path.insert(0, sys.argv[2])

def peak_kib():
    # VmHWM belongs to this process image; ru_maxrss would carry the parent's peak across exec
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

from fhtagn_tui.service import Engine
from fhtagn_tui.store import CampaignStore
base = peak_kib()
store = CampaignStore.open(sys.argv[1])
engine = Engine(store, store.events())
assert store.next_seq == int(sys.argv[3]) + 1 and engine.state.characters
print(json.dumps({"peak_kib": peak_kib(), "imports_kib": base}))
store.close()
"""


def peak_memory(path: Path, n: int) -> tuple[float, float]:
    """(peak MiB with the store open and folded, MiB after imports alone) in a fresh process."""
    out = subprocess.run(
        [sys.executable, "-c", MEMORY_CHILD, str(path), str(ROOT), str(n)],
        check=True, capture_output=True, text=True,
    ).stdout
    figures = json.loads(out)
    return figures["peak_kib"] / 1024, figures["imports_kib"] / 1024


def row(name: str, value: float, unit: str, target: str = "", ok: bool | None = None) -> dict[str, Any]:
    return {"name": name, "value": round(value, 4), "unit": unit, "target": target, "ok": ok}


def run(quick: bool = False, folder: Path | None = None, progress: Callable[[str], None] | None = None) -> list[dict[str, Any]]:
    """Every figure of the benchmark, with its target where it has one."""
    say = progress or (lambda _msg: None)
    append_samples = 60 if quick else 300
    insert_samples = 8 if quick else 50
    setup, play = template()
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="fhtagn-bench-", dir=folder) as tmp:
        here = Path(tmp)
        medians: dict[int, float] = {}
        for n in (1_000, 20_000, 100_000):
            say(f"store appends at {n}")
            med, p95 = store_append_latency(here, n, append_samples, setup, play)
            medians[n] = med
            rows.append(row(f"store append median @{n // 1000}k", med, "ms", "≤ 0.5" if n == 100_000 else "", med <= 0.5 if n == 100_000 else None))
            rows.append(row(f"store append p95 @{n // 1000}k", p95, "ms"))
        tiny: dict[int, float] = {}
        for n in (1_000, 20_000):
            say(f"TinyDB JSONStorage inserts at {n}")
            med, p95 = tinydb_insert_latency(here, n, insert_samples, setup, play)
            tiny[n] = med
            rows.append(row(f"TinyDB default insert median @{n // 1000}k", med, "ms"))
            rows.append(row(f"TinyDB default insert p95 @{n // 1000}k", p95, "ms"))
        flat = medians[100_000] / medians[1_000]
        rows.append(row("append flatness (median 100k / 1k)", flat, "×", "≤ 1.5", flat <= 1.5))
        speedup = tiny[20_000] / medians[20_000]
        rows.append(row("speed-up over TinyDB default @20k", speedup, "×", "≥ 100", speedup >= 100))
        big = here / "replay-100000.fhtagn"
        build_file(big, 100_000, setup, play)
        say("replay at 100k")
        rounds = 3 if quick else 7
        rate, best, decode, fold, wall = replay_rate(big, rounds)
        rows.append(row(f"replay @100k, per CPU second, median of {rounds}", rate, "events/s", "≥ 1000000",
                        rate >= 1_000_000))
        rows.append(row("  by the wall clock (shared machine)", wall, "events/s"))
        rows.append(row(f"  best of {rounds}", best, "events/s"))
        streamed, streamed_wall = streamed_replay_rate(big, rounds)
        rows.append(row("replay as opening does it (chunks decoded and folded as they come, checkpoints)",
                        streamed, "events/s", "≥ 1000000", streamed >= 1_000_000))
        rows.append(row("  by the wall clock (shared machine)", streamed_wall, "events/s"))
        rows.append(row("  decode_for_replay alone (median)", decode, "events/s"))
        rows.append(row("  Projection.apply_all alone (median)", fold, "events/s"))
        full, full_fold, store_fold = full_decode_rates(big, rounds)
        rows.append(row("  decode_many alone (every event in full: the Log, review, exports)", full, "events/s"))
        rows.append(row("  decode_many + fold (the replay before heads)", full_fold, "events/s"))
        rows.append(row("  store.events() + fold (chunked decode)", store_fold, "events/s"))
        rows.append(row("  baseline: json + dict replay (no structs, no fold)", json_dict_rate(big, rounds), "events/s"))
        rows.append(row("file size @100k", big.stat().st_size / MIB, "MiB"))
        say("peak memory")
        if not quick:
            mid = here / "mem-20000.fhtagn"
            build_file(mid, 20_000, setup, play)
            peak20, _ = peak_memory(mid, 20_000)
            rows.append(row("peak RSS, 20k open + folded", peak20, "MiB"))
        peak, base = peak_memory(big, 100_000)
        rows.append(row("peak RSS, 100k open + folded", peak, "MiB", "≤ 150", peak <= 150))
        rows.append(row("  RSS after imports alone", base, "MiB"))
    return rows


def print_table(rows: list[dict[str, Any]]) -> None:
    width = max(len(r["name"]) for r in rows)
    print(f"{'measure':<{width}}  {'value':>12}  {'unit':<9} {'target':<9} result")
    for r in rows:
        value = r["value"]
        shown = f"{value:,.0f}" if value >= 1000 else f"{value:.3f}"
        verdict = "" if r["ok"] is None else ("PASS" if r["ok"] else "FAIL")
        print(f"{r['name']:<{width}}  {shown:>12}  {r['unit']:<9} {r['target']:<9} {verdict}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--quick", action="store_true", help="fewer samples (a smoke run)")
    parser.add_argument("--dir", type=Path, default=None, help="where to put the temporary files")
    args = parser.parse_args(argv)
    progress = None if args.json else (lambda msg: print(f"… {msg}", file=sys.stderr, flush=True))
    rows = run(quick=args.quick, folder=args.dir, progress=progress)
    if args.json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
    else:
        print(f"fhtagn store benchmark ({'quick' if args.quick else 'full'}; files in {args.dir or tempfile.gettempdir()}; python {sys.version.split()[0]}, {os.cpu_count()} CPUs)")
        print_table(rows)
    return 0 if all(r["ok"] is not False for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
