"""Column widths that use the room there is: each column its whole content when everything fits;
else every column keeps at least its longest word (so words are not broken) and the long columns
share what is left in proportion to what they would still need (they wrap, or end in …)."""

from __future__ import annotations

from collections.abc import Sequence


def fit_widths(natural: Sequence[int], room: int, floor: int = 4, minimum: Sequence[int] | None = None) -> list[int]:
    """Widths for columns whose content is ``natural`` cells wide, summing to at most ``room``
    (never below ``floor`` a column, so a tiny window still shows something of each).

    ``minimum``: what each column needs not to break a word (its longest word); served first."""
    widths = [max(1, n) for n in natural]
    if sum(widths) <= room or not widths:
        return widths
    room = max(room, sum(min(floor, w) for w in widths))
    if minimum is None:  # a column within its fair share is served whole
        minimum = [w if w <= room // len(widths) else floor for w in widths]
    least = [min(w, max(min(floor, w), m)) for w, m in zip(widths, minimum, strict=False)]
    if sum(least) > room:  # not even the words fit: the longest words are broken first
        return _water_fill(least, room, floor)
    spare = room - sum(least)
    want = [w - m for w, m in zip(widths, least, strict=False)]
    total = sum(want)
    if total == 0:
        return least
    out = [m + (spare * x) // total for m, x in zip(least, want, strict=False)]
    left = room - sum(out)
    for i in sorted(range(len(out)), key=lambda i: out[i] - widths[i]):  # rounding: the most cut first
        if left <= 0:
            break
        if out[i] < widths[i]:
            out[i] += 1
            left -= 1
    return out


def _water_fill(widths: list[int], room: int, floor: int) -> list[int]:
    """The narrowest columns whole while they fit their fair share; the rest share alike."""
    remaining, left = room, len(widths)
    cap = 0
    for n in sorted(widths):
        share = remaining // left
        if n > share:
            cap = share
            break
        remaining -= n
        left -= 1
    capped = [min(n, max(cap, min(floor, n))) for n in widths]
    spare = room - sum(capped)
    for i, n in enumerate(widths):
        if spare <= 0:
            break
        if n > capped[i]:
            extra = min(spare, n - capped[i])
            capped[i] += extra
            spare -= extra
    return capped


def longest_word(text: str) -> int:
    return max((len(word) for word in text.split()), default=1)
