"""Deciders: Fighting attacks, counter-maneuvers, maneuvers, the shared ``attack`` (COC-MELEE, COC-MANEUVER)."""

from __future__ import annotations

from fhtagn_tui.rules.coc import maneuver as mv
from fhtagn_tui.rules.coc import melee as ml
from fhtagn_tui.rules.coc.dice import CocRoll, skill_roll
from fhtagn_tui.rules.coc.melee import Response
from fhtagn_tui.rules.dice import Dice
from fhtagn_tui.rules.encounter import Combatant
from fhtagn_tui.rules.weapons import Weapon

from ... import attack_words as aw
from ...able import acting
from ...decide import Rejected, decider
from ...events import Event
from ...imposed import imposed
from ...state import Character, State
from ..campaign import ConditionRemoved
from ..encounter import (
    Attack,
    register_attack,
    register_initiative,
)
from .events import (
    CocManeuverResolved,
    CocMeleeResolved,
)
from .orders import (
    CocManeuver,
    CocMelee,
)
from .support import (
    able,
    attack_slot,
    attacker_and_target,
    check_dice,
    close_weapon,
    db_build,
    defence_of,
    fighter_of,
    goal_events,
    goal_of,
    outnumbered_dice,
    skill_of,
    state_penalty,
    weapon_named,
    wounds,
)

# --- the initiative key (replaces the encounter's default for coc7) -------------------------


def _coc_initiative(state: State, char: Character, comb: Combatant) -> tuple[float, ...]:
    best = max([v for k, v in char.skills.items() if k.casefold().startswith(("firearms", "fighting"))] or [0])
    entry = ml.Initiative(id=char.id, dex=char.stats.get("DEX", 0), skill=best, readied_firearm=comb.readied)
    return float(ml.effective_dex(entry)), float(best)


register_initiative("coc7", _coc_initiative, pc_first=True, rules=("COC-MELEE-01", "COC-FIREARM-02"))


# --- melee -------------------------------------------------------------------------------------


@decider(CocMelee)
@state_penalty
def decide_coc_melee(state: State, cmd: CocMelee, dice: Dice) -> list[Event]:
    att, tgt = attacker_and_target(state, cmd.attacker, cmd.target)
    check_dice(cmd.bonus, cmd.penalty)
    weapon = close_weapon(state, cmd.weapon, att)
    response = cmd.response
    if response == "maneuver":
        if not cmd.counter:
            raise Rejected("a counter-maneuver needs the target's goal: counter=GOAL (e.g. counter=disarm)")
        return _counter_maneuver(state, cmd, att, tgt, weapon, dice)
    if cmd.counter:
        raise Rejected("counter= goes with response=maneuver")
    ends_turn = attack_slot(state, att)
    rules: list[str] = []
    notice: CocRoll | None = None
    surprise = ""
    auto_hit = False
    bonus = cmd.bonus
    if cmd.surprise:
        noticed = False
        if cmd.notice:
            notice = skill_roll(dice, cmd.notice, skill_of(tgt, cmd.notice))
            noticed = notice.success
        effect = ml.surprise(noticed, keeper_auto_hit=cmd.surprise == "auto")
        rules.append("COC-MELEE-02")
        if noticed:
            surprise = "noticed"
        else:
            response = "none"  # a surprised target cannot respond
            auto_hit = effect.auto_hit
            bonus += effect.bonus
            surprise = "auto hit" if auto_hit else "bonus die"
    extra = 0 if auto_hit else outnumbered_dice(state, tgt)
    if extra:
        rules += ["COC-COMBAT-01", "COC-COMBAT-02"]
    defender, _ = defence_of(state, tgt, response, cmd.defender_weapon)
    # the defender's Dodge or Fighting is a skill roll too: a resisted phobia or mania costs a die
    held = imposed("coc7", tgt, "skill") if response != "none" and not auto_hit else None
    if held is not None and held.penalty:
        rules += list(held.rules)
    res = ml.resolve_melee(
        dice, fighter_of(att, weapon, skill_of(att, weapon.skill)), defender, response,
        bonus=bonus + extra, penalty=cmd.penalty, defence_penalty=held.penalty if held else 0, auto_hit=auto_hit,
    )
    dealt_to = ""
    if res.damage is not None:
        dealt_to = tgt.id if res.winner == "attacker" else att.id
    ev = CocMeleeResolved(
        attacker=att.id, target=tgt.id, weapon=weapon.name, response=response, attack=res.attack,
        defence=res.defence, bonus=bonus + extra, penalty=cmd.penalty, winner=res.winner, extreme=res.extreme,
        impaled=bool(res.damage and res.damage.impaled), damage=res.damage.total if res.damage else 0,
        dealt_to=dealt_to, outnumbered=bool(extra), surprise=surprise, notice=notice, ends_turn=ends_turn,
        rules=tuple(dict.fromkeys([*rules, *res.rules, "COC-MELEE-03"])), dice=tuple(dice.take()),
    )
    events: list[Event] = [ev]
    if dealt_to:
        victim = tgt if dealt_to == tgt.id else att
        events += wounds(state, victim, [ev.damage], f"{weapon.name if victim is tgt else 'fighting back'}", dice)
    if held is not None:
        events += [ConditionRemoved(character=tgt.id, condition=c, rules=held.rules) for c in held.consumed]
    return events


def _counter_maneuver(
    state: State, cmd: CocMelee, att: Character, tgt: Character, weapon: Weapon, dice: Dice
) -> list[Event]:
    """A damage attack met by the target's own maneuver (COC-MELEE-04, COC-MANEUVER-04)."""
    goal = goal_of(cmd.counter)
    ends_turn = attack_slot(state, att)
    if not able(tgt):
        raise Rejected(f"{tgt.name} cannot maneuver: use response=none")
    penalty = mv.build_penalty(db_build(tgt)[1], db_build(att)[1])
    if penalty is None:
        raise Rejected(f"{tgt.name} is too small to counter {att.name} with a maneuver (Build 3 or more apart)")
    extra = outnumbered_dice(state, tgt)
    a_roll = skill_roll(dice, "Fighting", skill_of(att, weapon.skill), bonus=cmd.bonus + extra, penalty=cmd.penalty)
    twpn = close_weapon(state, cmd.defender_weapon, tgt)
    d_roll = skill_roll(dice, "Counter-maneuver", skill_of(tgt, twpn.skill), penalty=penalty)
    winner = mv.counter_maneuver(a_roll.level, d_roll.level)
    rules = ["COC-MELEE-04", "COC-MANEUVER-01", "COC-MANEUVER-04", "COC-MELEE-12", "COC-DICE-01", "COC-DICE-02"]
    damage = None
    if winner == "attacker":
        extreme = ml.extreme_applies("attacker", a_roll.level)
        damage, more = ml.deal_damage(dice, fighter_of(att, weapon, a_roll.skill), extreme)
        rules += ["COC-MELEE-11", *more]
    elif winner == "defender":
        rules.append("COC-MANEUVER-05")
    if extra:
        rules.append("COC-COMBAT-01")
    ev = CocMeleeResolved(
        attacker=att.id, target=tgt.id, weapon=weapon.name, response="maneuver", attack=a_roll, defence=d_roll,
        bonus=cmd.bonus + extra, penalty=cmd.penalty, winner=winner, extreme=bool(damage and damage.extreme),
        impaled=bool(damage and damage.impaled), damage=damage.total if damage else 0,
        dealt_to=tgt.id if damage else "", goal=goal.name if winner == "defender" else "",
        outnumbered=bool(extra), ends_turn=ends_turn, rules=tuple(dict.fromkeys(rules)), dice=tuple(dice.take()),
    )
    events: list[Event] = [ev]
    if damage is not None:
        events += wounds(state, tgt, [damage.total], weapon.name, dice)
    elif winner == "defender":
        events += goal_events(tgt, att, goal)
    return events


def maneuver_skill_of(char: Character, brawl: str, named: str) -> tuple[str, int]:
    """COC-MANEUVER-06: the fighting skill a maneuver rolls — the one the GM names, else the best usable
    unarmed: Fighting (Brawl) or a natural attack of the character's own (a creature's Claw)."""
    unarmed = {brawl: skill_of(char, brawl)}
    natural = [w.skill for w in char.attacks]  # its own attacks: a creature's claw, bite, tentacle
    if char.kind == "monster":  # a creature's fighting skills are its natural attacks
        natural += list(char.skills)
    for skill in natural:
        if skill.casefold().startswith("fighting") and skill.casefold() not in {k.casefold() for k in unarmed}:
            unarmed[skill] = skill_of(char, skill)
    if named:
        stored = next((k for k in char.skills if k.casefold() == named.casefold()), None)
        if stored is not None and stored.casefold().startswith("fighting") and stored not in unarmed:
            unarmed[stored] = char.skills[stored]
    try:
        return mv.maneuver_skill(unarmed, named)
    except ValueError as exc:
        raise Rejected(f"{char.name}: {exc}") from None


@decider(CocManeuver)
@state_penalty
def decide_coc_maneuver(state: State, cmd: CocManeuver, dice: Dice) -> list[Event]:
    att, tgt = attacker_and_target(state, cmd.attacker, cmd.target)
    check_dice(cmd.bonus, cmd.penalty)
    goal = goal_of(cmd.goal)
    if goal.frees and not (att.has("held") or att.has("restrained")):
        raise Rejected(f"{att.name} is not held or restrained: nothing to break free from")
    response = cmd.response
    counter = goal_of(cmd.counter) if response == "maneuver" else None
    if response == "maneuver" and not cmd.counter:
        raise Rejected("a counter-maneuver needs the target's goal: counter=GOAL")
    a_build, t_build = db_build(att)[1], db_build(tgt)[1]
    if mv.build_penalty(a_build, t_build) is None:
        raise Rejected(
            f"{att.name} (Build {a_build}) cannot {goal.name} {tgt.name} (Build {t_build}): "
            "a target 3 or more Build bigger is beyond any maneuver — attack to harm instead"
        )
    ends_turn = attack_slot(state, att)
    brawl = weapon_named(state, "")
    skill_name, skill_value = maneuver_skill_of(att, brawl.skill, cmd.skill)
    defender, _ = defence_of(state, tgt, "dodge" if response == "dodge" else "none", "")
    if response in ("fight back", "maneuver"):
        twpn = close_weapon(state, cmd.defender_weapon, tgt)
        defender = fighter_of(tgt, twpn, skill_of(tgt, twpn.skill))
    extra = outnumbered_dice(state, tgt)
    try:
        res = mv.resolve_maneuver(
            dice, fighter_of(att, brawl, skill_value), defender, a_build, t_build, response,
            bonus=cmd.bonus + extra, penalty=cmd.penalty,
        )
    except ValueError as exc:
        raise Rejected(str(exc)) from None
    rules = list(res.rules) + (["COC-COMBAT-01"] if extra else []) + ["COC-MELEE-03", "COC-MANEUVER-06"]
    ev = CocManeuverResolved(
        attacker=att.id, target=tgt.id, goal=goal.name, response=response, attack=res.attack, defence=res.defence,
        build_penalty=res.penalty, bonus=cmd.bonus + extra, penalty=cmd.penalty, winner=res.winner,
        counter_goal=counter.name if (counter and res.defender_goal) else "",
        damage=res.damage.total if res.damage else 0, outnumbered=bool(extra), ends_turn=ends_turn,
        skill=skill_name, rules=tuple(dict.fromkeys(rules)), dice=tuple(dice.take()),
    )
    events: list[Event] = [ev]
    if res.winner == "attacker":
        events += goal_events(att, tgt, goal)
    elif res.defender_goal and counter is not None:
        events += goal_events(tgt, att, counter)
    elif res.damage is not None:
        events += wounds(state, att, [res.damage.total], "fighting back", dice)
    return events


# --- the shared 'attack' command (coc7) -----------------------------------------------------------

def decide_coc_attack(state: State, cmd: Attack, dice: Dice) -> list[Event]:
    """``attack A T [weapon=…] [response=…|dodge|fight|none] [goal=…] …`` in coc7: a melee attack or maneuver."""
    response: Response = aw.COC_RESPONSES[cmd.defend] if cmd.defend else ("maneuver" if cmd.counter else "dodge")
    bonus, penalty = cmd.bonus or 0, cmd.penalty or 0
    if cmd.goal:
        return decide_coc_maneuver(state, CocManeuver(
            attacker=cmd.attacker, target=cmd.target, goal=cmd.goal, response=response,
            defender_weapon=cmd.with_weapon, counter=cmd.counter, bonus=bonus, penalty=penalty), dice)
    melee = CocMelee(attacker=cmd.attacker, target=cmd.target, weapon=cmd.weapon, response=response,
                     defender_weapon=cmd.with_weapon, counter=cmd.counter, bonus=bonus, penalty=penalty,
                     surprise=cmd.surprise, notice=cmd.notice)
    return decide_coc_melee(state, melee, dice)


register_attack("coc7", decide_coc_attack)


# Who cannot (issue 31): the dead and the unconscious make no attack (domain/able.py).
acting(CocMelee, "attacker", doing="attack")
acting(CocManeuver, "attacker", doing="make a maneuver")
