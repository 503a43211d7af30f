"""What the GM still owes (issue 31): one list, worked out from the state alone.

A reaction to choose (FHTAGN temporary insanity, FH-SAN-07), a Keeper's call on a chase start or a
wreck (COC-CHASE-04, COC-VEHICLE-04/05), a dying roll (COC-PARTY-04), the roll a lasting condition's
end calls for (a GURPS coma's HT roll), an open roll request — each with the command line that
settles it.  Another feature adds its own kind with :func:`owes` (a development phase at a
session's end, say): a function of the state that returns entries.  Pure.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from fhtagn_tui.rules.coc.chase import escape_offer
from fhtagn_tui.rules.quoting import quote

from .state import Character, State


class Owed(msgspec.Struct, frozen=True):
    kind: str  # dying | reaction | call | wreck | roll | ask | … (another feature's own)
    text: str  # one line: who, what, why
    command: str  # the command line that settles it (the app fills it in, or opens its dialog)
    who: str = ""  # the character's id, if it is one character's
    rule: str = ""
    secret: bool = False  # it follows a secret action: what settles it is secret too


#: Other features' owed decisions: functions of the state (see :func:`owes`).
SOURCES: list[Callable[[State], list[Owed]]] = []


def owes(source: Callable[[State], list[Owed]]) -> Callable[[State], list[Owed]]:
    """Register ``source`` (a decorator): its entries join the list, after the built-in ones."""
    SOURCES.append(source)
    return source


def _dying(state: State) -> list[Owed]:
    out: list[Owed] = []
    enc = state.encounter
    for char in state.characters.values():
        if not char.has("dying") or char.has("dead") or char.has("stabilised"):
            continue
        if enc is not None and char.id in enc.combatants and enc.round > 0:
            out.append(Owed("dying", f"{char.name} is dying: CON roll at the end of round {enc.round} (or First Aid "
                            "stabilises)", "fight next", char.id, "COC-PARTY-04"))
        else:
            out.append(Owed("dying", f"{char.name} is dying: a CON roll each round (or First Aid stabilises)",
                            f"dying {quote(char.name)}", char.id, "COC-PARTY-04"))
    return out


def _reactions(state: State) -> list[Owed]:
    out: list[Owed] = []
    for char in state.characters.values():
        pending = char.mind.reaction_owed
        if pending and not char.has("dead"):
            typical = f" (typical: {pending})" if pending != "-" else ""
            out.append(Owed("reaction", f"{char.name}: the reaction to temporary insanity — flee, struggle or "
                            f"submit{typical}", f"cond add {quote(char.name)} insane-", char.id, "FH-SAN-07",
                            secret=char.mind.reaction_secret))
    return out


def _lasting(state: State) -> list[Owed]:
    out: list[Owed] = []
    for x in state.lasting:
        if not x.over or not x.due:
            continue
        char: Character | None = state.characters.get(x.character)
        name = char.name if char is not None else x.character
        due, _, how = x.due.partition(" (")
        command = how.strip("()'").replace("NAME", quote(name)) if how else ""
        out.append(Owed("roll", f"{name}: {x.condition} — its time is up, {due} due", command, x.character, x.rule))
    return out


def _chases(state: State) -> list[Owed]:
    out: list[Owed] = []
    for chase in state.chases:
        if chase.ended:
            continue
        if escape_offer(chase):
            out.append(Owed("call", f"Chase {chase.number}: who may escape — the Keeper's call", "chase start ",
                            rule="COC-CHASE-04"))
        for p in chase.participants:
            if p.accident:
                out.append(Owed("wreck", f"Chase {chase.number}: {p.name}'s {p.accident} — the Keeper's call on "
                                "the occupants", f"chase crash {quote(p.name)} ", rule="COC-VEHICLE-04"))
    return out


def _asks(state: State) -> list[Owed]:
    out: list[Owed] = []
    for ask in state.asks:
        waiting = [state.characters[c].name for c in ask.pending if c in state.characters]
        out.append(Owed("ask", f"Roll request {ask.number}: {ask.label} — waiting on {', '.join(waiting) or 'nobody'}",
                        f"answer {ask.number} {quote(waiting[0])} " if waiting else f"ask cancel {ask.number}"))
    return out


def _skill_play(state: State) -> list[Owed]:
    """A failed push's consequence not written yet, a player's request to push (COC-DICE-06), and — once
    the session has ended — the development phase while any skill is checked or marked (COC-DEV-04,
    FH-DEV-04)."""
    out: list[Owed] = []
    checks = 0
    for char in state.characters.values():
        dev = char.dev
        secret = dev.failed.secret if dev.failed is not None else False
        if dev.consequence_due:
            out.append(Owed("consequence", f"{char.name}: the consequence of the failed push of {dev.consequence_due}"
                            " — in the Keeper's words", f"consequence {quote(char.name)} ", char.id, "COC-DICE-06",
                            secret=dev.consequence_secret))  # the push's own (a later roll may be public)
        if dev.push_asked:
            out.append(Owed("push", f"{char.name} asks to push: {dev.push_asked}", f"push {quote(char.name)} ",
                            char.id, "COC-DICE-06", secret=secret))
        if not char.has("dead"):
            checks += len(dev.checks)
    if checks and state.sessions and state.session is None:
        rule = "FH-DEV-04" if state.system == "fhtagn" else "COC-DEV-04"
        what = "marked skill" if state.system == "fhtagn" else "experience check"
        out.append(Owed("develop", f"Development phase: {checks} {what}{'s' if checks != 1 else ''} to roll "
                        f"(session {state.sessions[-1].number} ended)", "develop", rule=rule))
    return out


def owed(state: State) -> list[Owed]:
    """Everything the GM still owes, most urgent first (the dying, then reactions, rolls, calls, requests)."""
    out = _dying(state) + _reactions(state) + _lasting(state) + _chases(state) + _asks(state) + _skill_play(state)
    for source in SOURCES:
        out += source(state)
    return out


__all__ = ["SOURCES", "Owed", "owed", "owes"]
