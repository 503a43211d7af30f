"""Game time (issue 31): the campaign clock and the effects that last, pure.

The clock counts seconds of game time from midnight before day 1; a campaign starts on day 1 at
08:00.  An effect lasts until a time of the clock, or for a number of fight rounds (the catalogue
gives Call of Cthulhu and FHTAGN rounds no length in seconds, so rounds are counted, not timed; a
GURPS turn is one second).  No ``from __future__ import annotations``: ``State`` holds ``Lasting``
(see ``domain/state.py``).
"""

import re

import msgspec

MINUTE = 60
HOUR = 60 * MINUTE
DAY = 24 * HOUR
START = 8 * HOUR  # day 1, 08:00
MORNING = 7 * HOUR  # "time next morning": the next 07:00

#: seconds of game time one fight round takes, where the rules say (GURPS: a turn is one second)
ROUND_SECONDS = {"gurps": 1}


class Lasting(msgspec.Struct, frozen=True):
    """A condition of a character that ends by itself (or calls for a roll) when its time is up."""

    character: str
    condition: str
    until: int = 0  # the clock's second it ends at (0: counted in rounds)
    rounds: int = 0  # fight rounds left (0: by the clock)
    length: int = 0  # its whole length when set: seconds (by the clock) or rounds
    rule: str = ""  # the rule its length comes from ("": the GM's)
    due: str = ""  # what its end calls for instead of ending it ("HT roll"): the condition stays
    over: bool = False  # its time is up and ``due`` is owed
    secret: bool = False  # set by a secret action: its end is secret too

    def left(self, clock: int) -> str:
        """``"2r"``, ``"4h"``, ``"1h 30m"``, ``"HT roll due"``."""
        if self.over:
            return f"{self.due.partition(' (')[0]} due" if self.due else "over"  # "HT roll due"
        if self.rounds:
            return f"{self.rounds}r"
        return span(max(0, self.until - clock))


_UNITS = {"s": 1, "m": MINUTE, "h": HOUR, "d": DAY}
_DURATION = re.compile(r"^\+?\s*(\d{1,6})\s*(r|rounds?|s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?)$", re.I)
_LONGEST = 400 * DAY


def parse(text: str) -> tuple[int, int]:
    """``"3r"`` → (0, 3) rounds; ``"2h"`` → (7200, 0) seconds; ValueError with the forms taken."""
    match = _DURATION.match(text.strip())
    if match is None:
        raise ValueError(f"{text!r} is not a duration: write 3r (rounds), 30s, 10m, 2h or 1d")
    amount, unit = int(match.group(1)), match.group(2).casefold()
    if amount <= 0:
        raise ValueError(f"a duration is more than 0, not {text!r}")
    if unit.startswith("r"):
        if amount > 999:
            raise ValueError(f"{amount} rounds is too long a count: at most 999")
        return 0, amount
    seconds = amount * _UNITS["m" if unit.startswith("mi") or unit == "m" else unit[0]]
    if seconds > _LONGEST:
        raise ValueError(f"{text!r} is longer than 400 days")
    return seconds, 0


def span(seconds: int) -> str:
    """``"3d 4h"``, ``"2h 5m"``, ``"30m"``, ``"12s"`` (the two largest units)."""
    parts: list[str] = []
    for unit, size in (("d", DAY), ("h", HOUR), ("m", MINUTE), ("s", 1)):
        if seconds >= size or (unit == "s" and not parts):
            parts.append(f"{seconds // size}{unit}")
            seconds %= size
        if len(parts) == 2:
            break
    return " ".join(p for p in parts if not p.startswith("0") or len(parts) == 1)


def show(clock: int) -> str:
    """``"Day 1, 08:00"``."""
    day, rest = divmod(clock, DAY)
    seconds = f":{rest % MINUTE:02d}" if rest % MINUTE else ""  # a GURPS fight's seconds: 08:00:02, not 08:00 again
    return f"Day {day + 1}, {rest // HOUR:02d}:{rest % HOUR // MINUTE:02d}{seconds}"


def until_morning(clock: int) -> int:
    """Seconds from ``clock`` to the next 07:00 (tomorrow's, when it is 07:00 or later)."""
    day, rest = divmod(clock, DAY)
    target = day * DAY + MORNING if rest < MORNING else (day + 1) * DAY + MORNING
    return target - clock


#: A GURPS timer's unit in seconds (``rules/gurps/fright.Timer``)
TIMER_UNITS = {"s": 1, "min": MINUTE, "h": HOUR, "days": DAY}
