"""What one served table allows: connections, login time, input per connection.

Every figure has a ``fhtagn serve`` flag; the defaults suit a table of a GM and a
handful of players.  :class:`Occupancy` counts the connections (SSH and web)
the server holds; :class:`InputPace` is the token bucket that paces what one
connection types into its app.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    max_connections: int = 16  # SSH connections (authenticated or not) and web views together
    max_per_key: int = 4  # apps running at once for one SSH key
    max_web: int = 8  # web views (browser tabs) at once
    login_timeout: float = 30.0  # seconds an SSH client has to authenticate
    input_rate: int = 2048  # bytes a second a connection may type into its app (sustained)
    input_burst: int = 8192  # …and at once (a paste)
    input_buffer: int = 65536  # bytes held for an app that does not keep up; reading pauses beyond
    grace: float = 3.0  # seconds an app has to end when asked before it is killed


class Occupancy:
    """The connections a server holds, overall and per SSH key."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.total = 0
        self.web = 0
        self.per_key: Counter[str] = Counter()

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

    def __init__(self, rate: int, burst: int, clock: object = time.monotonic) -> None:
        self.rate = max(1, rate)
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
