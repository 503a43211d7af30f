"""Who can act: the dead (and, where the rules say so, the unconscious) neither act nor undergo
what only the living do.  A command registered here with :func:`acting` is refused, before any
die is drawn, with the reason, the event that set the condition (its seq and note) and how to
take it back (issue 31: "no silent wrong state")."""

from __future__ import annotations

from typing import Any

from fhtagn_tui.rules.quoting import quote

from .commands import Command
from .decide import ACTING, Rejected
from .lookup import find_character
from .state import Character, State


def why_down(char: Character, cond: str) -> str:
    """``"event #42: coup de grâce"`` — what set ``cond`` on ``char`` ("" when unknown)."""
    seq, note = char.since.get(cond, (0, ""))
    if not seq:
        return ""
    return f"event #{seq}" + (f": {note}" if note else "")


#: Out cold, whatever the rule calls it: unconscious, and the GURPS Fright Check's coma, light coma,
#: catatonia, faint and seizure (GURPS-FRIGHT-14…28: "unconscious", "faint" — no action at all).
OUT_COLD = ("unconscious", "coma", "light coma", "catatonic", "fainted", "seizure")
#: How the refusal says it: "Ilse is in a coma", not "Ilse is coma".
AS_STATE = {"coma": "in a coma", "light coma": "in a light coma", "fainted": "out in a faint",
            "seizure": "in a seizure"}


def refuse_down(char: Character, doing: str, *, unconscious: bool = True) -> None:
    """Refuse ``char`` for ``doing`` if dead (or out cold, when ``unconscious``)."""
    for cond in ("dead", *OUT_COLD) if unconscious else ("dead",):
        if char.has(cond):
            where = why_down(char, cond)
            ref = quote(char.name)
            raise Rejected(
                f"{char.name} is {AS_STATE.get(cond, cond)}" + (f" ({where})" if where else "") + f" and cannot {doing}; "
                f"if that is wrong, 'undo' takes back the last action, 'cond remove {ref} {cond}' the condition"
            )


def acting(kind: type[Command], *fields: str, doing: str, unconscious: bool = True) -> None:
    """Register ``kind``: the characters named by ``fields`` (a name, or names) must be able to
    ``doing``.  A name that finds nobody is left to the command's own decider to refuse."""

    def guard(state: State, command: Any) -> None:
        for field in fields:
            value = getattr(command, field, "")
            names = [value] if isinstance(value, str) else [v if isinstance(v, str) else v[0] for v in value or ()]
            for name in names:
                if not name:
                    continue
                try:
                    char = find_character(state, name)
                except Rejected:
                    continue
                refuse_down(char, doing, unconscious=unconscious)

    before = ACTING.get(kind)
    if before is None:
        ACTING[kind] = guard
        return

    def both(state: State, command: Any) -> None:
        before(state, command)
        guard(state, command)

    ACTING[kind] = both
