"""GURPS attacks: 3d vs skill, an active defence, damage − DR × wounding multiplier.

``attack A T [weapon=W] [defend=dodge|parry|block|none] [mod=±N] [dmod=±N] [skill=N]``
draws: the attack 3d (3 d6), the defence 3d (unless the attack failed, was a
critical success — no defence, GURPS-DICE-02 — or ``defend=none``), then the
damage dice.  HP may go below 0 (GURPS-FRIGHT-41 leaves thresholds to the GM).
"""

from fhtagn_tui.rules.dice import Dice, DiceError, roll_expr
from fhtagn_tui.rules.gurps import combat as rules
from fhtagn_tui.rules.gurps import dice as gdice
from fhtagn_tui.rules.quoting import quote
from fhtagn_tui.rules.weapons import (
    GURPS_WEAPONS,
    Weapon,
    default_weapon,
    find_weapon,
    resolve_gurps_damage,
    weapons_for,
)

from ..decide import Rejected, evolver
from ..events import Event
from ..lookup import did_you_mean, find_character
from ..state import Character, State
from ..systems import derived
from .encounter import Attack, DamageApplied, bump_counter, combatant, mark_acted, register_attack


class GurpsAttackResolved(Event):
    attacker: str
    target: str
    weapon: str
    skill: int  # effective attack skill
    roll: int
    level: str
    defence: str = ""  # dodge | parry | block | "" (none)
    defence_score: int = 0
    defence_roll: int = 0
    defence_level: str = ""
    hit: bool = False
    damage: int = 0  # basic damage rolled
    damage_type: str = ""
    dr: int = 0
    injury: int = 0

    reads = ("weapon",)

    def describe(self, names: dict[str, str]) -> str:
        att, tgt = names.get(self.attacker, self.attacker), names.get(self.target, self.target)
        text = f"{att} attacks {tgt} with {self.weapon}: {self.roll} vs {self.skill} {self.level}"
        if self.defence:
            text += f"; {tgt} {self.defence} {self.defence_roll} vs {self.defence_score} {self.defence_level}"
        if not self.hit:
            return text + " — miss"
        dr = f" − DR {self.dr}" if self.dr else ""
        return text + f" — {self.damage} {self.damage_type}{dr} → {self.injury} injury"



_MELEE_SKILLS = tuple(dict.fromkeys(w.skill for w in GURPS_WEAPONS if w.close_combat))


def _defence_score(defender: Character, defence: str) -> int:
    skills = defender.skills
    if defence == "dodge":
        return rules.dodge_score(float(derived("gurps", defender)["Basic Speed"]), skills)
    if defence == "parry":
        own = tuple(w.skill for w in defender.attacks if w.close_combat)  # its own close attacks parry too
        known = [v for k in _MELEE_SKILLS + own if (v := rules.skill_of(skills, k)) is not None]
        best = max(known) if known else defender.stats.get("DX", 10)
        return rules.parry_score(best, skills)
    score = rules.block_score(skills)
    if score is None:
        raise Rejected(f"{defender.name} has no shield to block with (give them Shield=N or Block=N)")
    return score


def gurps_attack(state: State, cmd: Attack, dice: Dice) -> list[Event]:
    att = find_character(state, cmd.attacker)
    tgt = find_character(state, cmd.target)
    if att.id == tgt.id:
        raise Rejected(f"{att.name} cannot attack themselves")
    for cond in ("dead", "unconscious"):
        if att.has(cond):
            raise Rejected(f"{att.name} is {cond} and cannot attack")
    if att.has("stunned"):  # "no action except Do Nothing" (GURPS-FRIGHT-05…09)
        ref = quote(att.name)
        raise Rejected(f"{att.name} is stunned and can do nothing but Do Nothing until they recover ('fright recover "
                       f"{ref}' when its time is up, or 'cond remove {ref} stunned')")
    comb = combatant(state, att.id)
    if comb is not None and comb.acted:
        raise Rejected(f"{att.name} has already acted this turn ('fight next' moves on)")
    name = cmd.weapon or default_weapon("gurps", att.attacks)
    weapon: Weapon | None = find_weapon("gurps", state.armory, name, att.attacks)
    if weapon is None:
        known = list(weapons_for("gurps", state.armory, att.attacks))
        raise Rejected(f"no weapon {name!r}{did_you_mean(name, known)} (weapons: {', '.join(known)})")
    defence: str = cmd.defend or "dodge"  # the attack decider refused the defences GURPS does not know
    if defence == "none":
        defence = ""
    if defence:
        problem = rules.defence_problem(defence, weapon.kind)
        if problem:
            raise Rejected(problem)
        if tgt.has("unconscious") or tgt.has("stunned"):
            defence = ""  # no active defence while helpless; stunned defends at −4 in GURPS: GM's mod
    if cmd.skill is not None:
        base = cmd.skill
    elif weapon.kind == "unarmed":  # a punch: DX or the best of Brawling, Boxing, Karate (no DX−4)
        base = rules.unarmed_skill(att.skills, att.stats.get("DX", 10), kick=weapon.name.casefold() == "kick")[0]
    else:
        base = rules.attack_skill(att.skills, att.stats.get("DX", 10), weapon.skill, att.stats)
    skill = base + (cmd.mod or 0)
    score = (_defence_score(tgt, defence) + (cmd.dmod or 0)) if defence else 0
    try:
        a = gdice.success_roll(dice, "attack 3d", skill)
        d = None
        if a.success and not a.critical_success and defence:
            d = gdice.success_roll(dice, f"{tgt.name} {defence} 3d", score)
        hit = a.success and (d is None or not d.success)
        basic = injury = 0
        dr = state.armory.armor.get(tgt.id, 0)
        if hit:
            expr = resolve_gurps_damage(weapon.damage, att.stats.get("ST", 10))
            basic = rules.basic_damage(roll_expr(dice, "damage", expr), weapon.damage_type)
            injury = rules.injury(basic, dr, weapon.damage_type)
    except DiceError as exc:
        raise Rejected(str(exc)) from None
    rule_ids = ("GURPS-DICE-01", "GURPS-DICE-02", "GURPS-DICE-03")
    events: list[Event] = [GurpsAttackResolved(
        attacker=att.id, target=tgt.id, weapon=weapon.name, skill=skill, roll=a.roll, level=a.level,
        defence=defence if d is not None else "", defence_score=score if d is not None else 0,
        defence_roll=d.roll if d else 0, defence_level=d.level if d else "", hit=hit, damage=basic,
        damage_type=weapon.damage_type, dr=dr if hit else 0, injury=injury, rules=rule_ids, dice=tuple(dice.take()),
    )]
    if hit and injury:
        hp = tgt.current.get("HP", 0)
        events.append(DamageApplied(character=tgt.id, amount=injury, hp_before=hp, hp_after=hp - injury,
                                    armor=min(dr, basic), source=weapon.name, by=att.id, owned=True))
    return events


register_attack("gurps", gurps_attack)


@evolver(GurpsAttackResolved)
def _ev_attack(state: State, ev: GurpsAttackResolved) -> State:
    state = mark_acted(state, ev.attacker)
    if ev.defence:
        state = bump_counter(state, ev.target, f"gurps:{ev.defence}")
    return state
