"""A character's conditions in order of urgency, shortened before the urgent ones are cut (issue 31).

Dead, dying, unconscious (and the GURPS coma, faint, catatonia), a bout of madness or panic (what
the character does this very round: "flee in panic 3r"), insane, a major wound, stunned, prone, then the rest as they came.  Each shows what is left of it
when it lasts ("bout of madness 2r", "temporarily insane 4h").  When the room runs short, the least
urgent are shortened first ("maj.wound"), then the urgent ones, and only then are the least urgent
left out ("+2"): "dying" is never the part that is cut.
"""

from __future__ import annotations

from rich.text import Text

from fhtagn_tui.domain.state import Character, State

LOUD = "bold white on red"
_RANKS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (0, ("dead",)),
    (1, ("dying",)),
    (2, ("unconscious", "coma", "light coma", "catatonic", "fainted", "seizure")),
    (5, ("major wound",)),
    (6, ("stunned", "stabilised", "retching")),
    (7, ("prone",)),
)
#: An FHTAGN temporary insanity whose reaction the GM has not chosen yet: Status said nothing at all
OWED_REACTION = "temporarily insane (reaction?)"
SHORT = {
    "dead": "DEAD", "dying": "DYING", "unconscious": "UNCONSC.", "major wound": "maj.wound",
    "temporarily insane": "temp.insane", "indefinitely insane": "indef.insane", "permanently insane": "perm.insane",
    OWED_REACTION: "insane?", "bout of madness": "bout", "stabilised": "stab.", "light coma": "lt.coma", "total panic": "panic",
}
STYLES = {"dead": LOUD, "dying": LOUD, "unconscious": "bold black on yellow"}


def rank(condition: str) -> int:
    """0 dead, 1 dying, 2 out cold, 3 a bout of madness or panic, 4 insane, 5 major wound, 6 stunned,
    7 prone, 8 the rest.  The bout comes before the insanity under it: it is what the investigator
    does this round (flees, lashes out), the insanity lasts hours and changes nothing at once."""
    for value, names in _RANKS:
        if condition in names:
            return value
    if condition.startswith("bout") or "panic" in condition:
        return 3
    if "insane" in condition:
        return 4
    return 8


def parts(char: Character, state: State | None = None) -> list[tuple[str, str, str]]:
    """(full, short, style) of each condition, most urgent first, with what is left of a lasting one."""
    left = {}
    if state is not None:
        left = {x.condition: x.left(state.clock) for x in state.lasting if x.character == char.id}
    out: list[tuple[str, str, str]] = []
    conditions = list(char.conditions)
    if char.mind.reaction_owed and not any(c.startswith("insane-") for c in conditions):
        conditions.append(OWED_REACTION)  # FHTAGN: insane, the GM's reaction still to choose (FH-SAN-07)
    for cond in sorted(conditions, key=rank):
        full, short = (cond.upper(), SHORT.get(cond, cond)) if cond in STYLES else (cond, SHORT.get(cond, cond))
        what = char.since.get(cond, (0, ""))[1]
        if cond == "bout of madness" and what:  # which bout: "bout: Flee in panic 2r", short "flee in panic 2r"
            full, short = f"bout: {what}", what.casefold()
        if cond in left:
            full, short = f"{full} {left[cond]}", f"{short} {left[cond]}"
        out.append((full, short, STYLES.get(cond, "yellow")))
    return out


def fit(items: list[tuple[str, str, str]], room: int | None = None, sep: str = " ") -> Text:
    """The parts in ``room`` columns: shortened from the least urgent up, then the least urgent left out."""
    chosen = [full for full, _short, _style in items]

    def width(labels: list[str], dropped: int = 0) -> int:
        extra = len(f"{sep}+{dropped}") if dropped else 0
        return sum(len(x) for x in labels) + len(sep) * max(0, len(labels) - 1) + extra

    if room is not None:
        for i in range(len(items) - 1, -1, -1):
            if width(chosen) <= room:
                break
            chosen[i] = items[i][1]
    shown = len(items)
    if room is not None:
        while shown > 1 and width(chosen[:shown], len(items) - shown) > room:
            shown -= 1
    text = Text()
    for i in range(shown):
        if i:
            text.append(sep)
        text.append(chosen[i], style=items[i][2])
    if shown < len(items):
        text.append(f"{sep}+{len(items) - shown}", style="bold yellow")
    return text


def status_text(char: Character, state: State | None = None, room: int | None = None, sep: str = ", ") -> Text:
    return fit(parts(char, state), room, sep)


__all__ = ["fit", "parts", "rank", "status_text"]
