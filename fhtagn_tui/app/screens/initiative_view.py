"""What the Initiative tab shows, as text: row marks, what is due for a combatant, the result panel.

Pure functions of the state and of the events of one action (no widgets), so
they are cheap to test.  Nothing here decides a rule: the numbers come from
the events the combat deciders wrote, and what is due for a combatant comes
from the domain (:func:`fhtagn_tui.domain.actions.due`).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from fhtagn_tui.domain import actions
from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.features.campaign import (
    CharacterCreated,
    ConditionAdded,
    ConditionRemoved,
    StatChanged,
)
from fhtagn_tui.domain.features.coc_combat import (
    CocAimed,
    CocAutoFired,
    CocManeuverResolved,
    CocMeleeResolved,
    CocReloaded,
    CocShotsFired,
)
from fhtagn_tui.domain.features.coc_combat.events import roll_text
from fhtagn_tui.domain.features.encounter import (
    CombatantAdded,
    DamageApplied,
    EncounterStarted,
    InitiativeOrdered,
    RoundEnded,
    RoundStarted,
    TurnAdvanced,
)
from fhtagn_tui.domain.features.fh_combat import AttackResolved, GrappleResolved, StunRecovery
from fhtagn_tui.domain.features.gurps_combat import GurpsAttackResolved
from fhtagn_tui.domain.state import Character, State
from fhtagn_tui.rules.encounter import Combatant

from ..widgets.status_text import fit as fit_status
from ..widgets.status_text import parts as status_parts

#: The pools shown as bars beside each combatant, per system.
BAR_POOLS: dict[str, tuple[str, ...]] = {
    "fhtagn": ("HP", "WP", "SAN"),
    "coc7": ("HP", "MP", "SAN"),
    "gurps": ("HP", "FP"),
}

#: Events that only move the turn on (they do not replace the last result).
TURN_EVENTS = (TurnAdvanced, RoundStarted, RoundEnded)

#: Events not worth a line when the new order is shown (who joined is in the order).
QUIET_WITH_ORDER = (CombatantAdded, CharacterCreated, EncounterStarted)

#: Where the GM reference has the rules of each system's fight (for F1).
TOPICS: dict[str, str] = {"fhtagn": "FH-COMBAT", "coc7": "COC-MELEE", "gurps": "GURPS-DICE"}


def who(names: dict[str, str], cid: str) -> str:
    return names.get(cid, cid)


# --- the rows --------------------------------------------------------------------------------


def name_cell(char: Character | None, cid: str, current: bool) -> Text:
    name = char.name if char is not None else cid
    if current:
        return Text(f"▶ {name}", style="bold reverse")
    style = "bold" if char is not None and char.is_pc else "italic"
    if char is not None and (char.has("dead") or char.has("unconscious")):
        style = "dim strike" if char.has("dead") else "dim"
    return Text(f"  {name}", style=style)


def marks(comb: Combatant, char: Character | None, state: State | None = None, room: int | None = None) -> Text:
    """Dead, dying, unconscious first and loud, then this round's marks, then the other conditions by
    urgency, each with what is left of it ("bout of madness 2r"); in ``room`` columns the least urgent
    are shortened, then left out, before the urgent ones are touched (issue 31)."""
    items = status_parts(char, state) if char is not None else []
    urgent = [i for i in items if i[2] != "yellow"]
    rest = [i for i in items if i[2] == "yellow"]
    round_marks: list[tuple[str, str, str]] = []
    if comb.out:
        round_marks.append(("out", "out", "dim"))
    if comb.waiting:
        round_marks.append(("waiting", "waiting", "bold cyan"))
    elif comb.acted:
        round_marks.append(("acted", "acted", "dim"))
    if comb.defence:
        round_marks.append((comb.defence, comb.defence, "cyan"))
    if comb.readied:
        round_marks.append(("readied", "ready", "green"))
    return fit_status(urgent + round_marks + rest, room)


def init_cell(comb: Combatant) -> str:
    """``12``, or ``6 tie 4`` when a roll-off die broke a tie (``6·4`` read like 6.4)."""
    value = f"{comb.initiative:g}"
    return f"{value} tie {comb.tiebreak}" if comb.tiebreak else value


# --- what is due ----------------------------------------------------------------------------

#: What is due for a combatant: the domain says (:func:`fhtagn_tui.domain.actions.due`).
due = actions.due


# --- the result panel -----------------------------------------------------------------------


def _winner(names: dict[str, str], attacker: str, target: str, winner: str, opposed: bool, hit: bool) -> str:
    if not opposed:
        return "unopposed: " + ("hit" if hit else "miss")
    if winner == "attacker":
        return f"{who(names, attacker)} wins"
    if winner == "defender":
        return f"{who(names, target)} wins"
    return "both fail: nothing happens"


def _fh_attack(ev: AttackResolved, names: dict[str, str]) -> list[Text]:
    opts = f" [{', '.join(ev.options)}]" if ev.options else ""
    part = f" ({ev.part}/{ev.of})" if ev.of > 1 else ""
    mod = f" ({ev.modifier:+d})".replace("-", "−") if ev.modifier else ""
    head = Text(f"{who(names, ev.attacker)} → {who(names, ev.target)}, {ev.weapon}{opts}{part}", style="bold")
    rolls = Text(f"  attack {ev.attack_roll} vs {ev.attack_target}{mod} {ev.attack_level}")
    if ev.defence:
        rolls.append(f" · {ev.defence} {ev.defence_roll} vs {ev.defence_target} {ev.defence_level}")
    rolls.append(" → " + _winner(names, ev.attacker, ev.target, ev.winner, bool(ev.defence), ev.hit),
                 style="green" if ev.hit else "red")
    lines = [head, rolls]
    if ev.hit:
        victim = who(names, ev.victim)
        if ev.killed:
            lines.append(Text(f"  lethality {ev.lethality}%: {victim} is killed", style="bold red"))
        elif ev.lethality:
            lines.append(Text(f"  lethality {ev.lethality}% failed: {ev.damage} damage to {victim}"))
        elif "stun" in ev.options:
            lines.append(Text(f"  stun blow: {victim} is stunned, no damage"))
        else:
            # a critical (a vulnerable spot's every success is one) doubles it: said, or 3 on a d6 read 6
            crit = ev.attack_level == "critical" or "vulnerable" in ev.options
            lines.append(Text(f"  {ev.damage} damage to {victim}" + (" (critical: ×2, FH-COMBAT-06)" if crit else "")))
    if ev.defence_costs_action:
        lines.append(Text(f"  {who(names, ev.target)}'s {ev.defence} used their action this turn (FH-COMBAT-03)",
                          style="cyan"))
    return lines


def _gurps_attack(ev: GurpsAttackResolved, names: dict[str, str]) -> list[Text]:
    head = Text(f"{who(names, ev.attacker)} → {who(names, ev.target)}, {ev.weapon}", style="bold")
    rolls = Text(f"  attack {ev.roll} vs {ev.skill} {ev.level}")
    if ev.defence:
        rolls.append(f" · {ev.defence} {ev.defence_roll} vs {ev.defence_score} {ev.defence_level}")
    winner = "attacker" if ev.hit else ("defender" if ev.defence else "")
    rolls.append(" → " + _winner(names, ev.attacker, ev.target, winner, bool(ev.defence), ev.hit),
                 style="green" if ev.hit else "red")
    lines = [head, rolls]
    if ev.hit:
        dr = f" − DR {ev.dr}" if ev.dr else ""
        lines.append(Text(f"  {ev.damage} {ev.damage_type}{dr} → {ev.injury} injury"))
    return lines


def _coc_melee(ev: CocMeleeResolved, names: dict[str, str]) -> list[Text]:
    head = Text(f"{who(names, ev.attacker)} → {who(names, ev.target)}, {ev.weapon}", style="bold")
    if ev.surprise:
        head.append(f" (surprise: {ev.surprise})")
    rolls = Text("  " + ("hits automatically" if ev.attack is None else f"Fighting {roll_text(ev.attack)}"))
    if ev.defence is not None:
        rolls.append(f" · {ev.response} {roll_text(ev.defence)}")
    elif ev.response == "none":
        rolls.append(" · no response")
    dice = ", ".join(x for x in (f"{ev.bonus} bonus" if ev.bonus else "", f"{ev.penalty} penalty" if ev.penalty else "") if x)
    if dice:
        rolls.append(f" [{dice}{', outnumbered' if ev.outnumbered else ''}]")
    harmed = bool(ev.dealt_to) or bool(ev.goal)
    rolls.append(" → " + _winner(names, ev.attacker, ev.target, ev.winner, ev.defence is not None, harmed),
                 style="green" if ev.winner == "attacker" else "red")
    lines = [head, rolls]
    if ev.goal:
        lines.append(Text(f"  {who(names, ev.target)} achieves: {ev.goal}"))
    elif ev.dealt_to:
        how = " (extreme, impaling)" if ev.impaled else " (extreme)" if ev.extreme else ""
        lines.append(Text(f"  {ev.damage}{how} damage to {who(names, ev.dealt_to)}"))
    return lines


def _coc_shots(ev: CocShotsFired, names: dict[str, str]) -> list[Text]:
    rng = f" at {ev.distance:g} yd" if ev.distance is not None else ""
    mods = f" [{', '.join(ev.modifiers)}]" if ev.modifiers else ""
    lines = [Text(f"{who(names, ev.attacker)} → {who(names, ev.target)}, {ev.weapon}{rng}{mods}", style="bold")]
    if ev.dive is not None:
        lines.append(Text(f"  {who(names, ev.target)} dives for cover: Dodge {roll_text(ev.dive)}"))
    for i, s in enumerate(ev.shots, 1):
        tag = f"  shot {i}: " if len(ev.shots) > 1 else "  "
        if s.malfunction:
            lines.append(Text(f"{tag}{s.roll.roll} — MALFUNCTION: the {ev.weapon} does not fire", style="bold red"))
        elif s.ally_hit:
            lines.append(Text(f"{tag}{roll_text(s.roll)} fumble → hits {who(names, s.ally_hit)} for {s.damage}",
                              style="red"))
        elif s.hit:
            how = " impaling" if s.impaled else " extreme" if s.extreme else ""
            lines.append(Text(f"{tag}{roll_text(s.roll)} → hit, {s.damage}{how} damage", style="green"))
        else:
            lines.append(Text(f"{tag}{roll_text(s.roll)} → miss", style="red"))
    if ev.loaded >= 0:
        lines.append(Text(f"  {ev.loaded} rounds left", style="dim"))
    return lines


def headline(ev: Event, names: dict[str, str]) -> list[Text]:
    """The lines of one resolving event (both rolls, both levels, the winner, the damage)."""
    if isinstance(ev, AttackResolved):
        return _fh_attack(ev, names)
    if isinstance(ev, GurpsAttackResolved):
        return _gurps_attack(ev, names)
    if isinstance(ev, CocMeleeResolved):
        return _coc_melee(ev, names)
    if isinstance(ev, CocShotsFired):
        return _coc_shots(ev, names)
    style = "bold" if isinstance(ev, (CocManeuverResolved, CocAutoFired, GrappleResolved)) else ""
    return [Text(ev.describe(names), style=style)]


def change(ev: Event, names: dict[str, str]) -> str | None:
    """A state change in a few words, or None if the event is not one."""
    if isinstance(ev, DamageApplied):
        armour = f", armour −{ev.armor}" if ev.armor else ""
        text = f"{who(names, ev.character)} HP {ev.hp_before}→{ev.hp_after} ({ev.amount} taken{armour})"
        if ev.injury_roll:
            text += f"; CON×5 {ev.injury_roll}/{ev.injury_target}"
            if ev.injury_points:
                text += f" permanent injury −{ev.injury_points}" + (f" {ev.injury_stat}" if ev.injury_stat else "")
        return text
    if isinstance(ev, ConditionAdded):
        return f"{who(names, ev.character)} {ev.condition.upper() if ev.condition in ('dead', 'unconscious') else ev.condition}"
    if isinstance(ev, ConditionRemoved):
        return f"{who(names, ev.character)} no longer {ev.condition}"
    if isinstance(ev, StatChanged):
        return f"{who(names, ev.character)} {ev.stat} {ev.old}→{ev.new}"
    if isinstance(ev, CocAimed) and not ev.round:
        return f"{who(names, ev.character)} loses the aim"
    return None


def summary(events: Sequence[Event], names: dict[str, str]) -> Text:
    """The result panel of one action."""
    heads: list[Text] = []
    changes: list[str] = []
    ordered = any(isinstance(ev, InitiativeOrdered) for ev in events)
    for ev in events:
        if isinstance(ev, TURN_EVENTS) or (ordered and isinstance(ev, QUIET_WITH_ORDER)):
            continue
        words = change(ev, names)
        if words is not None:
            changes.append(words)
        elif isinstance(ev, (StunRecovery, CocReloaded)):
            heads.append(Text(ev.describe(names)))
        else:
            heads += headline(ev, names)
    text = Text()
    for line in heads:
        if text.plain:
            text.append("\n")
        text.append_text(line)
    if changes:
        if text.plain:
            text.append("\n")
        text.append("  ⇒ " + " · ".join(changes), style="yellow")
    return text


def turn_only(events: Sequence[Event]) -> bool:
    return bool(events) and all(isinstance(ev, TURN_EVENTS) for ev in events)


def head_text(state: State, next_key: str | None) -> Text:
    """The fight's one-line header; ``next_key`` names the GM's key for the next turn in the hints,
    None for the players' view (whose screen has no such key)."""
    enc = state.encounter
    if enc is None:
        return Text("No fight running", style="bold")
    title = f"Fight: {enc.title}" if enc.title else "Fight"
    text = Text(title, style="bold")
    if enc.round:
        text.append(f" · round {enc.round}")
    else:
        text.append(" · not started" + (f" ({next_key}: round 1)" if next_key else ""))
    if enc.current:
        char = state.characters.get(enc.current)
        text.append(" · ▶ ")
        text.append(char.name if char else enc.current, style="bold reverse")
        text.append(" acts")
    elif enc.round:
        text.append(" · between turns" + (f" ({next_key}: next)" if next_key else ""))
    return text
