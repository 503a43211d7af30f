"""The one parser of a bond list, ``Name[:SCORE],…``: the command line (``char new … bonds=…``) and
the character form read it here, so they accept the same text and refuse it with the same words."""

from __future__ import annotations

from fhtagn_tui.domain.state import Bond

from .language import ParseError

#: The score a bond without one gets: the domain starts it at the Agent's CHA (FHTAGN).
FROM_CHA = -1


def parse_bonds(text: str) -> tuple[Bond, ...]:
    """``"Sister, Partner:9"`` → the bonds, in order; :class:`ParseError` naming the bad part."""
    bonds: list[Bond] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        name, sep, score = part.rpartition(":")
        if not sep:
            bonds.append(Bond(part, FROM_CHA))
            continue
        name = name.strip()
        if not name:
            raise ParseError(f"the bond {part!r} has no name (a bond is Name or Name:SCORE)")
        digits = score.strip().removesuffix("%").strip()
        if not (digits.isascii() and digits.isdigit() and len(digits) <= 3):  # the domain checks 0–99
            raise ParseError(f"the bond {name!r} needs a score 0–99 after ':', not {score.strip()!r} "
                             "(a bond is Name or Name:SCORE)")
        bonds.append(Bond(name, int(digits)))
    return tuple(bonds)
