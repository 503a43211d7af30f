"""Benchmark of the shared table (a script, not a test).

    python tests/bench/bench_serve.py [--json] [--quick] [--players N] [--actions N]

Serves a fresh copy of the demo campaign over SSH (``fhtagn_tui.serve``, on a
free port of 127.0.0.1 in 24000–24999, or the range of ``--ports LOW-HIGH`` /
FHTAGN_BENCH_PORTS), connects 8 players with asyncssh (each an app
process on its own pty, on the Log tab), then the GM appends 200 actions — notes
carrying a unique marker, appended through an Engine on the campaign store
exactly as the GM's app does (fsync'd, then shown).  For every action and every
player it measures the propagation latency: from just before the GM's append to
the moment the marker arrives in that player's pty output.  Figures: median and
p95 latency (target ≤ 100 ms), the worst, how many actions reached every
player, and the memory (RSS, via psutil) of each player's app process.

Rolls at the table (issue 22): 8 players, each with its own key bound to its own agent, and the
GM's app over SSH (on its Log tab, 120×40).  Each round the GM types ``ask all Search``; the time
from its Enter to each player's screen showing the prompt is the request → prompt latency.  Then
the players answer one after the other (``r``): the time from the key to the GM's screen showing
"NAME answers request N" (the answer went through the inbox to the writer, was decided, appended,
and drawn) is the answer → GM screen latency.  Target ≤ 100 ms for both, median and p95.

Serving safely (issue 16): a real ``fhtagn serve`` process is flooded with input
by one SSH player (100 MiB offered as fast as SSH carries it; 20 MiB with
``--quick``) while its memory (RSS) is sampled — target: it grows by at most
64 MiB — and then 50 browser tabs open the web view and close at once: the app
processes still running 3 s later are counted (target 0).

``run(quick)`` returns the figures as dicts (name, value, unit, target, ok).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
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

import asyncssh  # noqa: E402
import psutil  # noqa: E402

from fhtagn_tui import campaigns  # noqa: E402
from fhtagn_tui.serve import TableServer  # noqa: E402
from fhtagn_tui.serve.keys import Role, key_files  # noqa: E402
from fhtagn_tui.serve.limits import Limits  # noqa: E402
from fhtagn_tui.service import Engine  # noqa: E402
from fhtagn_tui.store import CampaignStore  # noqa: E402

TARGET_MS = 100.0
TARGET_FLOOD_MIB = 64.0
TARGET_RSS_MIB = 45.0
MIB = 1024 * 1024


class Player:
    """One player's SSH session: finds markers in the pty output as it arrives."""

    def __init__(self, conn: asyncssh.SSHClientConnection, proc: asyncssh.SSHClientProcess) -> None:
        self.conn = conn
        self.proc = proc
        self.tail = b""
        self.seen: dict[bytes, float] = {}
        self.wanted: set[bytes] = set()
        self.up = asyncio.Event()  # the app has drawn its first screen
        self.ready = asyncio.Event()  # …and shows the Log tab
        self.changed = asyncio.Event()
        self.task = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        while True:
            data = await self.proc.stdout.read(65536)
            now = time.perf_counter()
            if not data:
                break
            window = self.tail + data
            if b"Party" in window:
                self.up.set()
            if b"What happened" in window:
                self.ready.set()
            for marker in list(self.wanted):
                if marker in window:
                    self.seen[marker] = now
                    self.wanted.discard(marker)
                    self.changed.set()
            self.tail = window[-64:]


async def _connect(port: int, key: asyncssh.SSHKey) -> Player:
    conn = await asyncssh.connect("127.0.0.1", port, username="player", client_keys=[key],
                                  known_hosts=None, agent_path=None)
    proc = await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
    player = Player(conn, proc)
    await asyncio.wait_for(player.up.wait(), 30)
    proc.stdin.write(b"5")  # the Log tab
    return player


#: The ports of 127.0.0.1 the benchmark may use, "LOW-HIGH" (``--ports`` or FHTAGN_BENCH_PORTS):
#: on a machine shared by several people each gets a range of their own.
PORTS = os.environ.get("FHTAGN_BENCH_PORTS", "24000-24999")


def _port_range() -> range:
    low, _, high = PORTS.partition("-")
    return range(int(low), int(high or low) + 1)


def _free_port(taken: set[int] | None = None) -> int:
    """A free port of 127.0.0.1 in the benchmark's range (``PORTS``), none of ``taken``."""
    import socket

    ports = _port_range()
    for port in random.Random().sample(ports, len(ports)):
        if taken and port in taken:
            continue
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {PORTS}")


async def _measure(players: int, actions: int, say: Any) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="fhtagn-bench-serve-") as tmp:
        saves = Path(tmp)
        path = campaigns.create_demo(saves)
        player_key = asyncssh.generate_private_key("ssh-ed25519")
        files = key_files(path)
        files[Role.PLAYER].write_bytes(player_key.export_public_key())
        files[Role.GM].write_bytes(asyncssh.generate_private_key("ssh-ed25519").export_public_key())
        # the players share one key here: let it run one app per player
        server = TableServer(saves, campaigns.campaign_name(path), path, "127.0.0.1", _free_port(), None,
                             Limits(max_per_key=max(players, Limits.max_per_key),
                                    app_start_burst=max(players, Limits.app_start_burst),
                                    connect_burst=max(players + 1, Limits.connect_burst)))
        await server.start()
        say(f"connecting {players} players")
        table: list[Player] = []
        try:
            for _ in range(players):
                table.append(await _connect(server.ssh_port, player_key))
            await asyncio.wait_for(asyncio.gather(*(p.ready.wait() for p in table)), 60)
            await asyncio.sleep(1.0)  # let every app settle
            rss = [psutil.Process(s.child.pid).memory_info().rss / MIB
                   for s in server.table.sessions if s.child is not None]
            latencies: list[float] = []
            missed = 0
            rng = random.Random(7)
            say(f"the GM appends {actions} actions")
            with CampaignStore.open(path) as store:
                gm = Engine(store, store.events())
                for i in range(actions):
                    marker = f"BENCH{i:04d}X".encode()
                    for p in table:
                        p.wanted.add(marker)
                    start = time.perf_counter()
                    gm.execute(f"note clue {marker.decode()}")
                    deadline = start + 3.0
                    while any(marker in p.wanted for p in table) and time.perf_counter() < deadline:
                        for p in table:
                            p.changed.clear()
                        try:
                            await asyncio.wait_for(
                                asyncio.wait([asyncio.ensure_future(p.changed.wait()) for p in table],
                                             return_when=asyncio.FIRST_COMPLETED),
                                max(0.0, deadline - time.perf_counter()),
                            )
                        except TimeoutError:
                            break
                    for p in table:
                        if marker in p.seen:
                            latencies.append((p.seen[marker] - start) * 1000)
                        else:
                            p.wanted.discard(marker)
                            missed += 1
                    await asyncio.sleep(rng.uniform(0.02, 0.08))  # not in step with the players' polling
            rss_after = [psutil.Process(s.child.pid).memory_info().rss / MIB
                         for s in server.table.sessions if s.child is not None]
        finally:
            for p in table:
                p.conn.close()
            await server.stop()
    return {"latencies": latencies, "missed": missed, "rss": rss, "rss_after": rss_after,
            "players": players, "actions": actions}


class Screen:
    """One SSH app's output, searched for text as it arrives (with the time it arrived)."""

    def __init__(self, proc: asyncssh.SSHClientProcess) -> None:
        self.proc = proc
        self.data = bytearray()
        self.grew = asyncio.Event()
        self.task = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        while data := await self.proc.stdout.read(65536):
            self.data += data
            self.grew.set()

    async def wait_for(self, text: bytes, since: int, timeout: float = 5.0) -> float | None:
        """When ``text`` showed after byte ``since`` (perf_counter), or None."""
        deadline = time.perf_counter() + timeout
        while text not in self.data[since:]:
            left = deadline - time.perf_counter()
            if left <= 0:
                return None
            self.grew.clear()
            try:
                await asyncio.wait_for(self.grew.wait(), left)
            except TimeoutError:
                return None
        return time.perf_counter()


async def _rolls(players: int, rounds: int, say: Any) -> dict[str, Any]:
    """The GM asks every player for a roll; each answers with one key (see the module's notes)."""
    with tempfile.TemporaryDirectory(prefix="fhtagn-bench-rolls-") as tmp:
        saves = Path(tmp)
        path = saves / "rolls.fhtagn"
        campaigns.create_campaign(path, "fhtagn", "Rolls").close()
        names = [f"Agent{i + 1:02d}" for i in range(players)]
        with CampaignStore.open(path) as store:
            eng = Engine(store, store.events())
            eng.execute("session start Rolls at the table")
            for name in names:
                eng.execute(f"char new {name} STR=10 CON=10 DEX=10 INT=10 POW=10 CHA=10 Search=50")
        gm_key = asyncssh.generate_private_key("ssh-ed25519")
        keys = [asyncssh.generate_private_key("ssh-ed25519", comment=f"p{i + 1}") for i in range(players)]
        files = key_files(path)
        files[Role.GM].write_bytes(gm_key.export_public_key())
        files[Role.PLAYER].write_bytes(b"".join(
            f'character="{name}" '.encode() + key.export_public_key() for name, key in zip(names, keys, strict=True)))
        server = TableServer(saves, "rolls", path, "127.0.0.1", _free_port(), None)
        await server.start()
        conns: list[asyncssh.SSHClientConnection] = []

        async def open_screen(key: asyncssh.SSHKey, size: tuple[int, int]) -> Screen:
            conn = await asyncssh.connect("127.0.0.1", server.ssh_port, username="t", client_keys=[key],
                                          known_hosts=None, agent_path=None)
            conns.append(conn)
            proc = await conn.create_process(term_type="xterm-256color", term_size=size, encoding=None)
            screen = Screen(proc)
            if await screen.wait_for(b"Party", 0, 30) is None:
                raise RuntimeError("an app did not start")
            return screen

        prompt: list[float] = []
        answer: list[float] = []
        missed = 0
        try:
            say(f"rolls: the GM and {players} bound players connect")
            gm = await open_screen(gm_key, (120, 40))
            table = [await open_screen(k, (80, 24)) for k in keys]
            gm.proc.stdin.write(b"5")  # the Log tab
            await asyncio.sleep(1.5)
            say(f"rolls: {rounds} rounds of ask all Search")
            for n in range(1, rounds + 1):
                marks = [len(p.data) for p in table]
                gm.proc.stdin.write(b":")
                await asyncio.sleep(0.3)
                start = time.perf_counter()
                gm.proc.stdin.write(b"ask all Search\r")
                seen = await asyncio.gather(*(p.wait_for(f"for a roll \u00b7 request {n}".encode(), m)
                                              for p, m in zip(table, marks, strict=True)))
                for at in seen:
                    if at is None:
                        missed += 1
                    else:
                        prompt.append((at - start) * 1000)
                await asyncio.sleep(0.2)
                for name, player in zip(names, table, strict=True):
                    mark = len(gm.data)
                    start = time.perf_counter()
                    player.proc.stdin.write(b"r")
                    at = await gm.wait_for(f"{name} answers request {n}".encode(), mark)
                    if at is None:
                        missed += 1
                    else:
                        answer.append((at - start) * 1000)
                    await asyncio.sleep(0.05)
                await asyncio.sleep(0.3)
        finally:
            for conn in conns:
                conn.close()
            await server.stop()
    return {"prompt": prompt, "answer": answer, "missed": missed, "players": players, "rounds": rounds}


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else float("inf")


async def _safety(quick: bool, say: Any) -> dict[str, float]:
    """A real `fhtagn serve` process: an SSH input flood, then 50 web tabs closed at once."""
    import re
    import subprocess

    import aiohttp

    with tempfile.TemporaryDirectory(prefix="bench-serve-safety-") as tmp:
        saves = Path(tmp)
        path = campaigns.create_demo(saves)
        key = asyncssh.generate_private_key("ssh-ed25519")
        key_files(path)[Role.PLAYER].write_bytes(key.export_public_key())
        ssh = _free_port()
        proc = subprocess.Popen(
            [sys.executable, "-m", "fhtagn_tui", "--saves", str(saves), "serve", campaigns.campaign_name(path),
             "--host", "127.0.0.1", "--ssh-port", str(ssh), "--web-port", str(_free_port({ssh}))],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            assert proc.stderr is not None
            ssh_port, link = 0, ""
            while not (ssh_port and link):
                line = proc.stderr.readline()
                if not line:
                    raise RuntimeError("serve ended before it was ready")
                if m := re.search(r"SSH on \S+ port (\d+)", line):
                    ssh_port = int(m.group(1))
                if "http://" in line:
                    link = line[line.index("http://"):].strip()
            server = psutil.Process(proc.pid)
            base = server.memory_info().rss / MIB
            say("SSH input flood")
            conn = await asyncssh.connect("127.0.0.1", ssh_port, username="p", client_keys=[key],
                                          known_hosts=None, agent_path=None)
            term = await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
            seen = bytearray()
            while b"Party" not in seen:
                seen += await asyncio.wait_for(term.stdout.read(65536), 20)
            drain = asyncio.get_running_loop().create_task(_drain(term))
            total = (20 if quick else 100) * MIB
            chunk = b"j" * 65536
            peak = base
            start = time.perf_counter()
            sent = 0
            while sent < total and time.perf_counter() - start < (10 if quick else 30):
                term.stdin.write(chunk)
                sent += len(chunk)
                try:
                    await asyncio.wait_for(term.stdin.drain(), 0.05)
                except TimeoutError:
                    pass
                peak = max(peak, server.memory_info().rss / MIB)
            await asyncio.sleep(1)
            peak = max(peak, server.memory_info().rss / MIB)
            alive = any(c.status() != psutil.STATUS_ZOMBIE for c in server.children(recursive=True))
            conn.abort()
            drain.cancel()
            await asyncio.sleep(1)
            say("50 web tabs closed at once")
            origin = link.rsplit("/", 1)[0]
            async with aiohttp.ClientSession() as http:
                for _ in range(50):  # past the address's app-start burst the server refuses (429): that is
                    try:  # the bound doing its work, and what is measured is what is left running
                        ws = await http.ws_connect(f"{link}/ws?width=80&height=24", origin=origin)
                    except aiohttp.WSServerHandshakeError as exc:
                        if exc.status != 429:
                            raise
                        continue
                    await ws.close()
            await asyncio.sleep(3)
            left = [c for c in server.children(recursive=True) if c.status() != psutil.STATUS_ZOMBIE]
            return {"base": base, "peak": peak, "offered": total / MIB, "alive": float(alive), "left": len(left)}
        finally:
            proc.terminate()
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


async def _drain(term: asyncssh.SSHClientProcess) -> None:
    while await term.stdout.read(65536):
        pass


def row(name: str, value: float, unit: str, target: str = "", ok: bool | None = None) -> dict[str, Any]:
    return {"name": name, "value": round(value, 3), "unit": unit, "target": target, "ok": ok}


def run(quick: bool = False, players: int = 8, actions: int | None = None, progress: Any = None) -> list[dict[str, Any]]:
    """Every figure of the benchmark, with its target where it has one."""
    say = progress or (lambda _msg: None)
    n = actions if actions is not None else (40 if quick else 200)
    m = asyncio.run(_measure(players, n, say))
    lat = sorted(m["latencies"])
    med = statistics.median(lat) if lat else float("inf")
    p95 = lat[min(len(lat) - 1, int(len(lat) * 0.95))] if lat else float("inf")
    rss = m["rss_after"] or m["rss"]
    rss_med = statistics.median(rss) if rss else 0.0
    rss_max = max(rss) if rss else 0.0
    rolls = asyncio.run(_rolls(players, 5 if quick else 20, say))
    safe = asyncio.run(_safety(quick, say))
    grew = safe["peak"] - safe["base"]
    p_med, p_95 = statistics.median(rolls["prompt"] or [float("inf")]), _pct(rolls["prompt"], 0.95)
    a_med, a_95 = statistics.median(rolls["answer"] or [float("inf")]), _pct(rolls["answer"], 0.95)
    each = f"{rolls['players']} players × {rolls['rounds']} requests"
    return [
        row(f"request → player's prompt, median ({each})", p_med, "ms", f"≤ {TARGET_MS:.0f}", p_med <= TARGET_MS),
        row("request → player's prompt, p95", p_95, "ms", f"≤ {TARGET_MS:.0f}", p_95 <= TARGET_MS),
        row("answer → GM's screen, median", a_med, "ms", f"≤ {TARGET_MS:.0f}", a_med <= TARGET_MS),
        row("answer → GM's screen, p95", a_95, "ms", f"≤ {TARGET_MS:.0f}", a_95 <= TARGET_MS),
        row("requests or answers never seen (5 s)", rolls["missed"], "", "0", rolls["missed"] == 0),
        row(f"serve RSS growth under a {safe['offered']:.0f} MiB SSH input flood", grew, "MiB",
            f"≤ {TARGET_FLOOD_MIB:.0f}", grew <= TARGET_FLOOD_MIB),
        row("the flooded player's app still running", safe["alive"], "", "1", safe["alive"] == 1),
        row("app processes left 3 s after 50 early web closes", safe["left"], "", "0", safe["left"] == 0),
        row(f"propagation median ({m['players']} players × {m['actions']} actions)", med, "ms"),
        row("propagation p95", p95, "ms", f"≤ {TARGET_MS:.0f}", p95 <= TARGET_MS),
        row("propagation worst", lat[-1] if lat else float("inf"), "ms"),
        row("updates never seen (3 s)", m["missed"], "", "0", m["missed"] == 0),
        row("RSS per player app, median", rss_med, "MiB", f"≤ {TARGET_RSS_MIB:.0f}", rss_med <= TARGET_RSS_MIB),
        row("RSS per player app, largest", rss_max, "MiB"),
        row("RSS per player app at start, median", statistics.median(m["rss"]) if m["rss"] else 0.0, "MiB"),
    ]


def print_table(rows: list[dict[str, Any]]) -> None:
    width = max(len(r["name"]) for r in rows)
    print(f"{'measure':<{width}}  {'value':>10}  {'unit':<5} {'target':<7} result")
    for r in rows:
        verdict = "" if r["ok"] is None else ("PASS" if r["ok"] else "FAIL")
        print(f"{r['name']:<{width}}  {r['value']:>10.1f}  {r['unit']:<5} {r['target']:<7} {verdict}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--quick", action="store_true", help="40 actions instead of 200 (a smoke run)")
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--actions", type=int, default=None)
    parser.add_argument("--ports", default=None, help="the ports of 127.0.0.1 it may use, LOW-HIGH "
                        "(default: FHTAGN_BENCH_PORTS, else 24000-24999)")
    args = parser.parse_args(argv)
    if args.ports:
        global PORTS
        PORTS = args.ports
        _port_range()  # a malformed range fails here, before anything starts
    progress = None if args.json else (lambda msg: print(f"… {msg}", file=sys.stderr, flush=True))
    rows = run(quick=args.quick, players=args.players, actions=args.actions, progress=progress)
    if args.json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
    else:
        print(f"fhtagn serve benchmark ({'quick' if args.quick else 'full'}; python {sys.version.split()[0]}, {os.cpu_count()} CPUs)")
        print_table(rows)
    return 0 if all(r["ok"] is not False for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
