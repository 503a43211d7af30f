"""What a combatant may do now, and what an action form offers: the app asks here.

Pure functions of the state (no widgets).  The rules they name are the ones
the deciders apply — the FHTAGN defence outlook is the very function the
attack decider uses (:func:`~fhtagn_tui.domain.features.fh_combat.defence_outlook`),
the CoC outnumbered check is the decider's (:func:`outnumbered_dice`), the
defences come from the attack table (:mod:`~fhtagn_tui.domain.attack_words`)
filtered by each system's rule — so a form never offers what the command
would refuse, and no screen re-derives a rule from the encounter's counters.

A choice is ``(label, value)``: the label a form shows, the value the command
line takes; the first choice is the default.
"""

from __future__ import annotations

from fhtagn_tui.rules.fhtagn import combat as fh_rules
from fhtagn_tui.rules.gurps import combat as gurps_rules
from fhtagn_tui.rules.quoting import quote
from fhtagn_tui.rules.weapons import Weapon, weapons_for

from . import attack_words as aw
from .features.coc_combat.support import AIM, DEFENCES, loaded_rounds, outnumbered_dice
from .features.encounter import combatant
from .features.fh_combat import defence_outlook
from .state import Character, State

Choice = tuple[str, str]

# --- what a form offers -------------------------------------------------------------------------


def is_close(weapon: Weapon | None) -> bool:
    return weapon is not None and weapon.close_combat


def defender_may_choose(state: State, target_id: str, weapon: Weapon | None) -> bool:
    """Whether the target of an attack with ``weapon`` is a player's character with a defence to
    choose now — the player's choice, which an attack at once must not take for them: FHTAGN, one
    who has not acted, is not stunned or helpless and has no automatic defence (FH-COMBAT-03/04,
    FH-DMG-06, FH-COMBAT-18); CoC, against a Fighting attack or a throw the target chooses (COC-MELEE-04);
    GURPS, an active defence. The Keeper's own characters are the Keeper's to choose for."""
    tgt = state.characters.get(target_id)
    if tgt is None or not tgt.is_pc or tgt.has("unconscious") or tgt.has("dead"):
        return False
    if state.system == aw.FHTAGN:
        look = defence_outlook(state, tgt, is_close(weapon))
        return not (look.stunned or look.helpless or look.savage or look.automatic or look.acted)
    if state.system == aw.COC:
        return weapon is None or weapon.close_combat or weapon.kind == "thrown"
    return True


def called_shots(weapon: Weapon | None) -> list[Choice]:
    """FHTAGN called shots that fit the weapon (crowd: ranged only), with their modifiers (FH-COMBAT-11…14)."""
    close = is_close(weapon)
    out: list[Choice] = [("none", "")]
    for o in fh_rules.ATTACK_OPTIONS:
        if o.called and (o.close is None or o.close == close):
            out.append((f"{o.name} ({o.modifier:+d})", o.name))
    return out


def special_attacks(weapon: Weapon | None) -> list[Choice]:
    """FHTAGN special attacks the weapon can make (FH-COMBAT-15…20): rapid and mowing fire need a repeating gun."""
    close = is_close(weapon)
    out: list[Choice] = [("none", "")]
    for o in fh_rules.ATTACK_OPTIONS:
        if o.called or (o.close is not None and o.close != close):
            continue
        if o.name in ("rapid", "mow") and (weapon is None or not weapon.repeats):
            continue
        label = f"{o.name} ({o.modifier:+d})" if o.name != "mow" else "mowing fire (−20 / −40)"
        out.append((label, o.name))
    return out


def defence_choices(system: str, weapon: Weapon | None) -> list[Choice]:
    """The defences an ``attack`` form offers against ``weapon``: the system's, less those its rule refuses.

    FHTAGN: the rules' own choice first (an automatic defence, FH-COMBAT-04), fight back only
    against close attacks (FH-COMBAT-03); GURPS: no parry or block against missiles (GURPS-DICE-03).
    """
    out: list[Choice] = [("as the rules say", "")] if system == aw.FHTAGN else []
    for d in aw.defences(system):
        if d.value == "fight" and system == aw.FHTAGN and fh_rules.defence_problem("fight", is_close(weapon), False):
            continue
        if system == aw.GURPS and d.value in ("parry", "block") and weapon is not None \
                and gurps_rules.defence_problem(d.value, weapon.kind):
            continue
        out.append(("none (takes it)" if system == aw.FHTAGN and d.value == "none" else d.label, d.value))
    return out


def coc_responses() -> list[Choice]:
    """The responses to a CoC Fighting attack or maneuver (COC-MELEE-04 … 11), as ``melee``/``maneuver`` take them."""
    return [(d.label, aw.COC_RESPONSES[d.value]) for d in aw.defences(aw.COC)]


def rounds_loaded(state: State, char_id: str, weapon: Weapon) -> int:
    """CoC: the rounds left in a character's weapon (a weapon never fired is full, COC-FIREARM-08)."""
    return loaded_rounds(state, char_id, weapon)


# --- what the target can do about an attack -----------------------------------------------------------------


def target_outlook(state: State, target_id: str, weapon: Weapon | None) -> str:
    """One line on what the target can do about an attack with ``weapon`` now ("" when not in the fight)."""
    char = state.characters.get(target_id)
    if char is None or not target_id or combatant(state, target_id) is None:
        return ""
    if char.has("unconscious") or char.has("dead"):
        return f"{char.name} is helpless: no defence."
    comb = combatant(state, target_id)
    assert comb is not None
    if state.system == aw.FHTAGN:
        look = defence_outlook(state, char, is_close(weapon))
        if look.stunned:
            return f"{char.name} is stunned: cannot dodge or fight back (FH-DMG-06)."
        if look.savage:
            return f"{char.name} made a savage attack: no defence this turn (FH-COMBAT-18)."
        if look.automatic:
            return (f"{char.name} already used {look.taken}: this attack is opposed by it automatically "
                    "(FH-COMBAT-04).")
        if look.acted:
            return f"{char.name} has acted this turn: the attack is unopposed (FH-COMBAT-03)."
        return f"{char.name} has not acted: a dodge or fight back now uses their action (FH-COMBAT-03)."
    if state.system == aw.COC:
        defended = comb.counters.get(DEFENCES, 0)
        return f"{char.name} has defended {defended}× this round (responses cost no action, COC-MELEE-04)."
    return ""


# --- what is due for a combatant --------------------------------------------------------------------------------


def due(state: State, cid: str) -> list[tuple[str, str]]:
    """(what is due, a command that does it or "") for a combatant, most urgent first."""
    char = state.characters.get(cid)
    enc = state.encounter
    comb = enc.get(cid) if enc is not None else None
    if char is None or comb is None:
        return []
    name = quote(char.name)
    out: list[tuple[str, str]] = []
    system = state.system
    if char.has("dead"):
        return [("dead: skipped in the order (fight remove to take them out)", f"fight remove {name}")]
    if char.has("unconscious"):
        if system == aw.FHTAGN:
            out.append(("unconscious: skipped; a coup de grâce kills without a roll (FH-DMG-07)", ""))
        else:
            out.append(("unconscious: skipped in the order", ""))
    if char.has("stunned"):
        if system == aw.FHTAGN:
            out.append(("stunned: CON×5 at the start of the turn to act; cannot dodge or fight back (FH-DMG-06)", ""))
        elif system == aw.GURPS:
            fright = next((x for x in state.lasting if x.character == char.id and x.condition == "stunned" and x.due),
                          None)
            if fright is not None:  # a Fright Check's stun: Will (as the result says), not HT (GURPS-FRIGHT-05…09)
                when = "now" if fright.over else f"when its {fright.left(state.clock)} are up"
                out.append((f"stunned (Fright Check): no action but Do Nothing; {fright.due.partition(' (')[0]} {when}",
                            f"fright recover {name}" if fright.over else ""))
            else:
                out.append(("stunned: roll HT each turn to snap out of it; defends at −4", f"test {name} HT"))
        else:
            out.append(("stunned (Keeper's call)", ""))
    for cond in ("coma", "light coma", "catatonic", "fainted", "seizure"):  # GURPS-FRIGHT-14…28
        if char.has(cond):
            out.append((f"{cond}: cannot act until it ends ('time' shows what is left)", ""))
    if char.has("bout of madness"):  # what they do this turn is the bout's, not the player's (COC-INSANITY-05)
        what = char.since.get("bout of madness", (0, ""))[1] or "a bout of madness"
        left = next((x.left(state.clock) for x in state.lasting
                     if x.character == char.id and x.condition == "bout of madness" and not x.over), "")
        out.append((f"bout of madness: {what}{f' ({left} left)' if left else ''} — the Keeper plays this turn "
                    "(COC-INSANITY-05)", ""))
    if char.has("dying"):
        out.append(("dying: a CON roll at the end of each round, failure is death; "
                    "'firstaid HEALER NAME' stabilises (COC-PARTY-04)", ""))
    if char.has("pinned"):
        out.append(("pinned: attacks on them +20; escape with STR×5 or Unarmed (FH-COMBAT-23)", ""))
    for cond in ("held", "restrained"):
        if char.has(cond):
            out.append((f"{cond}: cannot flee; maneuver 'break free' first", ""))
    if char.has("prone"):
        out.append(("prone: getting up takes the action", ""))
    if char.has("burning"):
        out.append(("burning: fire damage each turn until put out (an action)", f"action {name} put out fire"))
    if char.has("aiming"):
        out.append(("aiming: +20 on this attack; lost if damaged first (FH-COMBAT-10)", ""))
    if char.has("exhausted"):
        out.append(("exhausted: −20 on every test (FH-DMG-08)", ""))
    if system == aw.FHTAGN and defence_outlook(state, char, True).savage:
        out.append(("made a savage attack: no defence rolls this turn (FH-COMBAT-18)", ""))
    points = state.armory.injuries.get(cid, 0)
    if points:
        out.append((f"permanent injury −{points}: pick the stat (FH-DMG-04)", f"injury {name} "))
    if system == aw.COC:
        out += _coc_due(state, char, name)
    if system == aw.GURPS and char.current.get("HP", 1) <= 0:
        out.append(("HP 0 or below: the GM calls for HT rolls to stay conscious", f"test {name} HT"))
    if comb.waiting:
        out.append(("waiting: g (fight act) brings them in before someone else", f"fight act {name}"))
    return out


def _coc_due(state: State, char: Character, name: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    enc = state.encounter
    comb = combatant(state, char.id)
    if comb is None or enc is None:
        return out
    aimed = comb.flags.get(AIM, 0)
    if aimed:
        when = "now: shoot with --aim" if aimed < enc.round else "next round"
        out.append((f"aimed in round {aimed}: a bonus die {when}; lost on damage or moving (COC-FIREARM-06)", ""))
    if outnumbered_dice(state, char):
        defended = comb.counters.get(DEFENCES, 0)
        out.append((f"outnumbered: {defended} defences this round — attacks on them get a bonus die (COC-COMBAT-01)", ""))
    table = weapons_for("coc7", state.armory)
    for key, loaded in sorted(state.coc_ammo.get(char.id, {}).items()):
        w = table.get(key)
        if w is None:
            continue
        if loaded <= 0:
            out.append((f"{w.name} is empty: reload (COC-FIREARM-08)", f'reload {name} weapon="{w.name}"'))
        else:
            out.append((f"{w.name}: {loaded}/{w.magazine} loaded", ""))
    return out
