"""GURPS character attributes used by the Fright Check rules.

Secondary characteristics follow the Basic Set: HP = ST, FP = HT,
Will = IQ, Per = IQ, Basic Speed = (HT + DX) / 4, Basic Move = ⌊Basic Speed⌋.
A character may have bought them up or down: explicit values override.
"""

from __future__ import annotations

from fractions import Fraction


def basic_speed(ht: int, dx: int) -> Fraction:
    """Basic Speed in quarter steps, kept exact."""
    return Fraction(ht + dx, 4)


def secondary(stats: dict[str, int]) -> dict[str, int | float]:
    st, dx, iq, ht = stats["ST"], stats["DX"], stats["IQ"], stats["HT"]
    speed = basic_speed(ht, dx)
    speed_value = float(stats["Speed"]) / 4 if "Speed" in stats else float(speed)
    return {
        "HP": stats.get("HP", st),
        "FP": stats.get("FP", ht),
        "Will": stats.get("Will", iq),
        "Per": stats.get("Per", iq),
        "Basic Speed": speed_value,
        "Basic Move": stats.get("Move", int(speed_value)),
    }
