"""What one served table allows: connections, login time, input per connection, sizes, paces.

Every bound of the server is here.  The first figures have a ``fhtagn serve``
flag; the defaults suit a table of a GM and a handful of players.
:class:`Occupancy` counts the connections (SSH and web) the server holds;
:class:`InputPace` is the token bucket that paces what one connection types
into its app; :class:`Coalesce` applies the latest of a burst of window changes
at most ``rate`` times a second; :func:`clamp_size` bounds a terminal size;
:func:`shown` makes a client's string safe and short for the server's log.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

#: The largest terminal a client may ask for, in columns and rows (the web view's bound too).
MAX_COLS = 500
MAX_ROWS = 500
MIN_WEB_SIZE = 10  # a browser tab's smallest width and height
#: The longest client string (TERM, user name, a refused command) written to the log.
LOG_TEXT = 80
#: Errors the event loop reports (an accept that failed: no file descriptors left …): at most
#: this many lines a minute reach the log, one line each, without a traceback.
LOOP_ERRORS_PER_MINUTE = 10
#: The last lines of a failed app's traceback that reach the log (the client reads one line only).
CRASH_LINES = 60


@dataclass(frozen=True)
class Limits:
    max_connections: int = 16  # SSH connections (authenticated or not) and web views together
    max_per_key: int = 4  # SSH connections logged in at once with one key (an app or not; one app each)
    max_web: int = 8  # web views (browser tabs) at once
    login_timeout: float = 10.0  # seconds an SSH client has to authenticate
    max_preauth_per_address: int = 4  # SSH connections not logged in yet, from one address
    max_preauth: int = 8  # …from all addresses (a new one pushes out the oldest beyond either)
    max_http: int = 64  # HTTP connections to the web port at once (pages, static files, websockets)
    max_http_per_address: int = 16  # …from one address
    http_timeout: float = 10.0  # seconds an HTTP connection may live unless it becomes a web view
    resize_rate: int = 10  # window changes (and web focus/blur) applied a second; the latest wins
    input_rate: int = 2048  # bytes a second a connection may type into its app (sustained)
    input_burst: int = 8192  # …and at once (a paste)
    input_buffer: int = 65536  # bytes held for an app that does not keep up; reading pauses beyond
    grace: float = 3.0  # seconds an app has to end when asked before it is killed
    app_start_burst: int = 8  # apps one SSH key or one web address may start at once (reconnects)…
    app_start_rate: float = 0.5  # …then this many a second (each start is a Python process: CPU)
    connect_burst: int = 16  # SSH connections one address may open at once…
    connect_rate: float = 2.0  # …then this many a second; more are closed at once (they push no one out)


class Occupancy:
    """The connections a server holds, overall and per SSH key; and how fast each SSH key or web
    address starts apps (:meth:`may_start`)."""

    #: Start paces kept at most (full ones are forgotten first: a full bucket is a fresh one).
    PACES = 1024

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.total = 0
        self.web = 0
        self.per_key: Counter[str] = Counter()
        self._clock = clock
        self._starts: dict[str, InputPace] = {}
        self._connects: dict[str, InputPace] = {}
        self.refused_starts = 0

    def may_start(self, who: str) -> bool:
        """One more app for ``who`` (an SSH key's fingerprint, a web client's address): a burst of
        ``app_start_burst``, then ``app_start_rate`` a second — opening and closing views in a loop
        cannot keep the server starting processes."""
        if self._paced(self._starts, who, self.limits.app_start_rate, self.limits.app_start_burst):
            return True
        self.refused_starts += 1
        return False

    def may_connect(self, address: str) -> bool:
        """One more SSH connection from ``address``: a burst of ``connect_burst``, then ``connect_rate``
        a second — a client churning connections from a few addresses cannot push out, many times a
        second, the GM's login in progress."""
        return self._paced(self._connects, address, self.limits.connect_rate, self.limits.connect_burst)

    def _paced(self, paces: dict[str, InputPace], who: str, rate: float, burst: int) -> bool:
        pace = paces.get(who)
        if pace is None:
            if len(paces) >= self.PACES:
                for name in [n for n, p in paces.items() if p.wait(p.burst) == 0]:
                    del paces[name]
                while len(paces) >= self.PACES:
                    del paces[next(iter(paces))]
            pace = paces[who] = InputPace(rate, burst, self._clock)
        return pace.take(1) == 1

    @property
    def log_refused_start(self) -> bool:
        """Whether the latest refused start is one the log shows (see :func:`sparse`)."""
        return sparse(self.refused_starts)

    def enter(self) -> bool:
        if self.total >= self.limits.max_connections:
            return False
        self.total += 1
        return True

    def leave(self) -> None:
        self.total = max(0, self.total - 1)

    def enter_web(self) -> bool:
        if self.web >= self.limits.max_web or not self.enter():
            return False
        self.web += 1
        return True

    def leave_web(self) -> None:
        self.web = max(0, self.web - 1)
        self.leave()

    def enter_key(self, fingerprint: str) -> bool:
        if self.per_key[fingerprint] >= self.limits.max_per_key:
            return False
        self.per_key[fingerprint] += 1
        return True

    def leave_key(self, fingerprint: str) -> None:
        self.per_key[fingerprint] -= 1
        if self.per_key[fingerprint] <= 0:
            del self.per_key[fingerprint]


class InputPace:
    """A token bucket: ``rate`` bytes a second, at most ``burst`` at once."""

    def __init__(self, rate: float, burst: int, clock: object = time.monotonic) -> None:
        self.rate = float(rate) if rate > 0 else 1.0
        self.burst = max(1, burst)
        self._clock = clock
        self._tokens = float(self.burst)
        self._at = self._now()

    def _now(self) -> float:
        return float(self._clock())  # type: ignore[operator]

    def _refill(self) -> None:
        now = self._now()
        self._tokens = min(float(self.burst), self._tokens + (now - self._at) * self.rate)
        self._at = now

    def take(self, wanted: int) -> int:
        """How many of ``wanted`` bytes may go now (they are spent)."""
        self._refill()
        n = min(wanted, int(self._tokens))
        self._tokens -= n
        return n

    def refund(self, n: int) -> None:
        """Give back bytes taken but not sent."""
        self._tokens = min(float(self.burst), self._tokens + n)

    def wait(self, wanted: int = 1) -> float:
        """Seconds until ``wanted`` bytes (at most the burst) may go."""
        self._refill()
        short = min(wanted, self.burst) - self._tokens
        return max(0.0, short / self.rate)


def sparse(n: int) -> bool:
    """Whether the ``n``-th time something a client can repeat at will happens is logged: the 1st, 10th,
    100th, 1000th, then every 10,000th (a flood of connections costs the log a few lines)."""
    return n in (1, 10, 100, 1000) or (n > 0 and n % 10000 == 0)


def clamp_size(cols: int, rows: int, low: int = 1) -> tuple[int, int]:
    """A terminal size a client asked for, within ``low``..``MAX_COLS`` × ``low``..``MAX_ROWS``."""
    return max(low, min(MAX_COLS, cols)), max(low, min(MAX_ROWS, rows))


def shown(text: object, limit: int = LOG_TEXT) -> str:
    """A client's string as the log shows it: printable ASCII, everything else escaped, at most ``limit``."""
    raw = str(text)
    out = raw[:limit].encode("ascii", "backslashreplace").decode("ascii")
    out = "".join(c if " " <= c <= "~" else f"\\x{ord(c):02x}" for c in out)
    return out + ("..." if len(raw) > limit else "")


class Coalesce:
    """Apply the latest value of a burst at most ``rate`` times a second (older ones are dropped).

    ``apply(value)`` runs at once when the last application is old enough, else once, later, with
    the value that is latest then: a client sending thousands of window changes costs its app at
    most ``rate`` redraws a second, and the app still ends at the last size asked.
    """

    def __init__(self, rate: int, apply: Callable[[object], object], clock: Callable[[], float] = time.monotonic) -> None:
        self.interval = 1.0 / max(1, rate)
        self._apply = apply
        self._clock = clock
        self._last = float("-inf")
        self._pending: object = None
        self._has = False
        self._timer: asyncio.TimerHandle | None = None
        self.applied = 0

    def submit(self, value: object) -> None:
        self._pending, self._has = value, True
        if self._timer is not None:
            return
        wait = self._last + self.interval - self._clock()
        if wait <= 0:
            self._fire()
        else:
            self._timer = asyncio.get_running_loop().call_later(wait, self._fire)

    def _fire(self) -> None:
        self._timer = None
        if not self._has:
            return
        value, self._pending, self._has = self._pending, None, False
        self._last = self._clock()
        self.applied += 1
        self._apply(value)

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._has = False
