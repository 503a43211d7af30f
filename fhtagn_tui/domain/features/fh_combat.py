"""FHTAGN combat: one command resolves a whole exchange (FH-COMBAT, FH-DMG, FH-DICE-05…07).

``attack`` (the shared :class:`~fhtagn_tui.domain.features.encounter.Attack`)
draws, in this order for each attack roll: [d2 for the target of a rapid or
savage roll with ``alt=``], the attack d100, the defence d100 (if opposed),
[d{n} for the crowd member hit by a failed crowd shot], the damage dice (or
the lethality d100), then the CON×5 d100 of FH-DMG-04 if the victim is
knocked out.  Each roll gives an :class:`AttackResolved` event carrying its
dice, followed by the damage and condition events of its victim.
"""

from typing import Literal, get_args

import msgspec
from msgspec.structs import replace

from fhtagn_tui.rules.dice import Dice, DiceError, DiceNeeded, roll_expr
from fhtagn_tui.rules.fhtagn import combat as rules
from fhtagn_tui.rules.fhtagn import damage as dmg
from fhtagn_tui.rules.fhtagn.dice import (
    DEFENDER,
    FhTest,
    lethality_roll,
    opposed,
    percentile_test,
    stat_x5,
    total_modifier,
)
from fhtagn_tui.rules.fhtagn.party import damage_bonus
from fhtagn_tui.rules.weapons import Weapon, default_weapon, find_weapon, weapons_for

from ..able import acting
from ..commands import Command
from ..decide import Rejected, decider, evolve, evolver
from ..events import Event
from ..imposed import con_now, imposed
from ..lookup import did_you_mean, find_character
from ..state import Character, State
from ..systems import SHEETS
from .campaign import (
    ConditionAdded,
    ConditionRemoved,
    PoolChanged,
    StatChanged,
    check_fh_step,
    register_hp_change,
)
from .coc_wounds import CocDamage
from .coc_wounds import decide_damage as coc_damage
from .encounter import (
    Attack,
    DamageApplied,
    InjuryAssigned,
    bump_counter,
    combatant,
    dealt_by,
    mark_acted,
    mark_defended,
    register_attack,
    register_turn_start,
)


def _who(names: dict[str, str], char_id: str) -> str:
    return names.get(char_id, char_id)


# --- events ---------------------------------------------------------------------


class AttackResolved(Event):
    """One FHTAGN attack roll and what came of it."""

    reads = ("weapon",)

    attacker: str
    target: str
    weapon: str
    options: tuple[str, ...] = ()
    part: int = 1  # roll 1 or 2 of a rapid-fire or savage attack
    of: int = 1
    modifier: int = 0  # total after the ±40 cap
    attack_target: int = 0
    attack_roll: int = 0
    attack_level: str = ""
    defence: str = ""  # dodge | fight | "" (unopposed)
    defence_costs_action: bool = False  # FH-COMBAT-03: a defence before the DEX slot
    defence_target: int = 0
    defence_roll: int = 0
    defence_level: str = ""
    winner: str = ""  # attacker | defender | "" (both failed / unopposed)
    hit: bool = False
    victim: str = ""  # who was hit (a crowd member, or the other of two close targets)
    damage: int = 0  # before armour (0 for a stun blow or a miss)
    lethality: int = 0  # the lethality rating rolled against (0: none)
    killed: bool = False
    rounds: int = 0  # mowing fire: rounds spent

    def describe(self, names: dict[str, str]) -> str:
        att, tgt = _who(names, self.attacker), _who(names, self.target)
        part = f" ({self.part}/{self.of})" if self.of > 1 else ""
        opts = f" [{', '.join(self.options)}]" if self.options else ""
        mod = f" {self.modifier:+d}" if self.modifier else ""
        text = f"{att} attacks {tgt} with {self.weapon}{part}{opts}: {self.attack_roll} vs {self.attack_target}{mod} {self.attack_level}"
        if self.defence:
            text += f"; {tgt} {self.defence}s {self.defence_roll} vs {self.defence_target} {self.defence_level}"
        if not self.hit:
            return text + " — miss" + (f" ({tgt} wins)" if self.winner == DEFENDER else "")
        victim = _who(names, self.victim)
        if self.killed:
            return text + f" — hit {victim}: lethality {self.lethality}% kills"
        if self.lethality:
            return text + f" — hit {victim}: lethality {self.lethality}% failed, {self.damage} damage"
        if "stun" in self.options:
            return text + f" — {victim} is stunned"
        return text + f" — hit {victim} for {self.damage}"


class GrappleResolved(Event):
    """Disarm, pin or escape (FH-COMBAT-21/22/23): an opposed test that counts as a defence."""

    action: str  # disarm | pin | escape
    actor: str
    opponent: str
    actor_skill: str
    actor_target: int
    actor_roll: int
    actor_level: str
    opponent_skill: str
    opponent_target: int
    opponent_roll: int
    opponent_level: str
    success: bool

    def describe(self, names: dict[str, str]) -> str:
        a, o = _who(names, self.actor), _who(names, self.opponent)
        result = {
            "disarm": f"{o} is disarmed", "pin": f"{o} is pinned", "escape": f"{a} breaks free",
        }[self.action] if self.success else "it fails"
        return (
            f"{a} tries to {self.action} {o}: {self.actor_skill} {self.actor_roll} vs {self.actor_target} "
            f"{self.actor_level}; {o} {self.opponent_skill} {self.opponent_roll} vs {self.opponent_target} "
            f"{self.opponent_level} — {result}"
        )


class CombatActionTaken(Event):
    """An action that is not an attack: move, aim, anything else (FH-COMBAT-07/09/10)."""

    character: str
    action: str  # move | aim | other | coup de grâce
    detail: str = ""

    def describe(self, names: dict[str, str]) -> str:
        who = _who(names, self.character)
        if self.action == "move":
            return f"{who} moves {self.detail}"
        if self.action == "aim":
            return f"{who} aims" + (f" at {self.detail}" if self.detail else "") + " (+20 next turn)"
        return f"{who}: {self.detail or self.action}"


class StunRecovery(Event):
    """FH-DMG-06: the stunned character's CON×5 at the start of their turn."""

    character: str
    roll: int
    target: int
    level: str
    recovered: bool

    def describe(self, names: dict[str, str]) -> str:
        who = _who(names, self.character)
        outcome = "shakes off the stun" if self.recovered else "stays stunned and loses the turn"
        return f"{who} CON×5 {self.roll} vs {self.target} {self.level} — {outcome}"


# --- commands -------------------------------------------------------------------


GrappleAction = Literal["disarm", "pin", "escape"]
EscapeWith = Literal["", "str", "unarmed"]
Pace = Literal["step", "jog", "run", "sprint"]
PACES: tuple[Pace, ...] = get_args(Pace)  # the order of rules.MOVES (a test keeps them equal)


class Grapple(Command):
    label = "grapple"
    action: GrappleAction
    actor: str
    opponent: str
    resist: str = ""  # disarm: the opponent's weapon skill
    using: EscapeWith = ""  # escape: STR×5 or Unarmed Combat ("": the better)


class Move(Command):
    label = "move"
    name: str
    pace: Pace
    also: bool = False  # a 3 m step: another action follows


class Aim(Command):
    label = "aim"
    name: str
    at: str = ""


class OtherAction(Command):
    label = "action"
    name: str
    text: str


class CoupDeGrace(Command):
    label = "coup de grâce"
    attacker: str
    target: str


class ApplyDamage(Command):
    label = "damage"
    name: str
    amount: int
    armor: bool = False  # subtract worn armour
    injury: str = ""  # the stat a permanent injury lowers (FH-DMG-04)
    source: str = ""
    expr: str = ""  # a dice expression rolled for the amount (then ``amount`` is 0)


class AssignInjury(Command):
    label = "permanent injury"
    name: str
    stat: str


class Exhaust(Command):
    label = "exhaustion"
    name: str


# --- helpers -------------------------------------------------------------------------


def _require_fhtagn(state: State, what: str) -> None:
    if state.system != "fhtagn":
        raise Rejected(f"{what} is an FHTAGN rule; this campaign plays {state.system}")


def _able(char: Character, what: str) -> None:
    for cond in ("dead", "unconscious"):
        if char.has(cond):
            raise Rejected(f"{char.name} is {cond} and cannot {what}")


def _not_acted(state: State, char: Character) -> None:
    comb = combatant(state, char.id)
    if comb is not None and not rules.may_act(comb.acted):
        raise Rejected(f"{char.name} has already acted this turn (one action per turn; 'fight next' moves on)")


def _stunned_check(char: Character) -> None:
    if char.has("stunned"):
        raise Rejected(
            f"{char.name} is stunned: they test CON×5 when their turn comes ('fight next') "
            "and act only on a success"
        )


def _exhaustion(char: Character) -> int:
    return imposed("fhtagn", char).modifier  # the one place for what the state imposes (FH-DMG-08)


def _stat_name(state: State, stat: str) -> str:
    sheet = SHEETS[state.system]
    spec = sheet.spec(stat.strip())
    if spec is None:
        raise Rejected(f"{stat!r} is not a characteristic{did_you_mean(stat, sheet.stat_names)} ({', '.join(sheet.stat_names)})")
    return spec.name


def damage_events(
    state: State, char: Character, amount: int, source: str, dice: Dice, injury_stat: str = "", armor: int = 0,
    rules_used: tuple[str, ...] = (), by: str = "",
) -> list[Event]:
    """FH-DMG-01…05 for one damage instance on ``char`` (dice: the FH-DMG-04 test)."""
    hp = char.current.get("HP", 0)
    out = dmg.assess(hp, amount)
    rule_ids = ["FH-DMG-01", *rules_used]
    events: list[Event] = []
    injury_roll = injury_target = points = 0
    stat = ""
    if out.stunned:
        rule_ids.append("FH-DMG-02")
    if out.unconscious:
        rule_ids += ["FH-DMG-03", "FH-DMG-04"]
        injury = dmg.permanent_injury(dice, con_now(char), (_exhaustion(char),) if _exhaustion(char) else ())
        injury_roll, injury_target, points = injury.test.roll, injury.test.target, injury.points
        if points and injury_stat:
            stat = injury_stat
    if out.dead:
        rule_ids.append("FH-DMG-05")
    events.append(
        DamageApplied(
            character=char.id, amount=amount, hp_before=hp, hp_after=out.hp_after, armor=armor, source=source, by=by,
            injury_roll=injury_roll, injury_target=injury_target, injury_points=points, injury_stat=stat,
            rules=tuple(rule_ids), dice=tuple(dice.take()),
        )
    )
    if stat:
        old = char.stats.get(stat, 0)
        new = dmg.injured_stat(old, points)
        if new != old:
            events.append(StatChanged(character=char.id, stat=stat, old=old, new=new, rules=("FH-DMG-04", "FH-PARTY-01")))
    for flag, cond, rid in ((out.dead, "dead", "FH-DMG-05"), (out.unconscious, "unconscious", "FH-DMG-03"),
                            (out.stunned, "stunned", "FH-DMG-02")):
        if flag and not char.has(cond):
            events.append(ConditionAdded(character=char.id, condition=cond, note=source, rules=(rid,)))
    if amount > 0 and char.has("aiming"):
        events.append(ConditionRemoved(character=char.id, condition="aiming", rules=("FH-COMBAT-10",)))
    if amount > 0 and char.has("first-aid-used"):  # new damage allows first aid again (FH-HEAL-01)
        events.append(ConditionRemoved(character=char.id, condition="first-aid-used", rules=("FH-HEAL-01",)))
    return events


def _weapon(state: State, name: str, own: tuple[Weapon, ...] = ()) -> Weapon:
    weapon = find_weapon(state.system, state.armory, name, own)
    if weapon is None:
        known = list(weapons_for(state.system, state.armory, own))
        raise Rejected(f"no weapon {name!r}{did_you_mean(name, known)} (weapons: {', '.join(known)}; add one with 'weapon add')")
    return weapon


class _Plan:
    """A checked FHTAGN attack, ready to roll."""

    def __init__(self) -> None:
        self.called = ""
        self.special = ""
        self.rounds = 0
        self.mods: list[tuple[str, int]] = []
        self.rules: list[str] = []
        self.defence = ""
        self.auto = False


def _plan(state: State, cmd: Attack, att: Character, tgt: Character, weapon: Weapon) -> _Plan:
    p = _Plan()
    p.called = cmd.called or ""
    p.special = cmd.special or ""
    p.rounds = cmd.rounds
    if cmd.gap and p.called not in ("partly", "mostly"):
        raise Rejected("'gap' (aiming around armour) goes with a partly or mostly covered called shot")
    close = weapon.close_combat
    for name in (p.called, p.special):
        if not name:
            continue
        option = rules.OPTIONS_BY_NAME[name]
        if option.close is True and not close:
            raise Rejected(f"{name} is a close-combat attack; {weapon.name} is a {weapon.kind} weapon")
        if option.close is False and close:
            raise Rejected(f"{name} needs a ranged or thrown weapon, not {weapon.name}")
        p.rules.append(option.rule)
        if name != "mow":
            p.mods.append((name, option.modifier))
    if p.special == "rapid" and not rules.rapid_fire_rolls(weapon.repeats):
        raise Rejected(f"rapid fire is impossible with {weapon.name} ({weapon.action or 'single-shot'})")
    if p.special == "mow":
        if not weapon.repeats:
            raise Rejected(f"mowing fire is impossible with {weapon.name} ({weapon.action or 'single-shot'})")
        mow_mod = rules.mowing_modifier(p.rounds)
        if mow_mod is None:
            raise Rejected(f"mowing fire needs 3 or more rounds, not {p.rounds} (mow=3 … mow={weapon.magazine or 'N'})")
        if weapon.magazine and p.rounds > weapon.magazine:
            raise Rejected(f"{weapon.name} holds {weapon.magazine} rounds, not {p.rounds}")
        p.mods.append(("mow", mow_mod))
    lethal = weapon.lethality or (damage_bonus(att.stats.get("STR", 0))[1] if close else None)
    if p.special == "flesh" and lethal:
        raise Rejected("a flesh wound halves a damage total; a lethality attack has none (drop 'flesh')")
    if cmd.alt and p.special not in ("rapid", "savage"):
        raise Rejected("alt=NAME (a second target in reach) goes with rapid or savage attacks")
    # modifiers
    if att.has("aiming"):
        p.mods.append(("aim", rules.aim_bonus(True)))
        p.rules.append("FH-COMBAT-10")
    if tgt.has("pinned"):
        p.mods.append(("pinned", rules.PIN_BONUS))
        p.rules.append("FH-COMBAT-22")
    if _exhaustion(att):
        p.mods.append(("exhausted", _exhaustion(att)))
        p.rules.append("FH-DMG-08")
    if cmd.mod is not None:
        p.mods.append(("GM", cmd.mod))
        check_fh_step(cmd.mod)
    # defence
    p.defence, p.auto = _defence(state, cmd.defend or "", tgt, close)
    return p


#: The counter a savage attack sets on its attacker for the rest of the turn (FH-COMBAT-18).
NO_DEFENCE = "fh:no-defence"


class DefenceOutlook(msgspec.Struct, frozen=True):
    """What a FHTAGN target can do about an attack now (FH-COMBAT-03/04/18, FH-DMG-06)."""

    stunned: bool = False  # cannot dodge or fight back (FH-DMG-06)
    helpless: bool = False  # unconscious or dead
    savage: bool = False  # made a savage attack this turn: no defence (FH-COMBAT-18)
    taken: str = ""  # the defence already taken this turn
    automatic: str = ""  # the defence that opposes this attack by itself (FH-COMBAT-04)
    acted: bool = False  # has acted this turn: any other defence is refused (FH-COMBAT-03)

    @property
    def unable(self) -> bool:
        return self.stunned or self.helpless or self.savage


def defence_outlook(state: State, tgt: Character, close: bool) -> DefenceOutlook:
    """The target's defence outlook against a close (``close``) or ranged attack now."""
    comb = combatant(state, tgt.id)
    taken = comb.defence if comb is not None else ""
    return DefenceOutlook(
        stunned=tgt.has("stunned"), helpless=tgt.has("unconscious") or tgt.has("dead"),
        savage=bool(comb is not None and comb.counters.get(NO_DEFENCE)), taken=taken,
        automatic=rules.automatic_defence(taken, close) or "", acted=bool(comb is not None and comb.acted),
    )


def _defence(state: State, choice: str, tgt: Character, close: bool) -> tuple[str, bool]:
    """The defence the target makes (and whether it is automatic, FH-COMBAT-04); ``choice`` "" leaves it to the rules."""
    look = defence_outlook(state, tgt, close)
    unable = ""
    if look.stunned:
        unable = f"{tgt.name} is stunned and cannot dodge or fight back (FH-DMG-06)"
    elif look.helpless:
        unable = f"{tgt.name} is helpless"
    elif look.savage:
        unable = f"{tgt.name} made a savage attack and cannot defend this turn (FH-COMBAT-18)"
    if choice == "none":
        return "", False
    auto = look.automatic
    if auto and not unable:
        if choice and choice != auto:
            raise Rejected(f"{tgt.name} already defended with {look.taken} this turn: later attacks are opposed by {auto} (FH-COMBAT-04)")
        return auto, True
    if not choice:
        return "", False
    if unable:
        raise Rejected(unable)
    problem = rules.defence_problem(choice, close, look.acted)
    if problem:
        raise Rejected(f"{tgt.name} {problem}" if problem.startswith("has") else problem)
    return choice, False


def _defence_skill(char: Character, defence: str) -> tuple[str, int]:
    if defence == "dodge":
        return "Dodge", rules.skill_value(char.skills, "Dodge")
    unarmed = rules.skill_value(char.skills, "Unarmed Combat")
    melee = rules.skill_value(char.skills, "Melee Weapons")
    best = ("Melee Weapons", melee) if melee > unarmed else ("Unarmed Combat", unarmed)
    for w in char.attacks:  # its own close attacks (claws, a knife) fight back too
        if w.close_combat:
            value = rules.skill_value(char.skills, w.skill)
            if value > best[1]:
                best = (w.skill, value)
    return best


# --- deciders ------------------------------------------------------------------------------


def fh_attack(state: State, cmd: Attack, dice: Dice) -> list[Event]:
    att = find_character(state, cmd.attacker)
    tgt = find_character(state, cmd.target)
    if att.id == tgt.id:
        raise Rejected(f"{att.name} cannot attack themselves")
    _able(att, "attack")
    _stunned_check(att)
    if tgt.has("dead"):
        raise Rejected(f"{tgt.name} is already dead")
    _not_acted(state, att)
    weapon = _weapon(state, cmd.weapon or default_weapon("fhtagn", att.attacks), att.attacks)
    plan = _plan(state, cmd, att, tgt, weapon)
    skill = cmd.skill if cmd.skill is not None else rules.skill_value(att.skills, weapon.skill)
    injury_stat = _stat_name(state, cmd.injury) if cmd.injury else ""
    others = [find_character(state, n) for n in cmd.crowd or ()]
    if any(o.id in (att.id, tgt.id) for o in others):
        raise Rejected("crowd=NAMES lists the other people in the crowd (not the attacker or the target)")
    alt = find_character(state, cmd.alt) if cmd.alt else None
    if alt is not None and alt.id in (att.id, tgt.id):
        raise Rejected("alt=NAME is a second, different target in reach")
    mod_total = total_modifier([m for _, m in plan.mods])
    close = weapon.close_combat
    lethal_rating = weapon.lethality
    bonus = 0
    party_rules: tuple[str, ...] = ()
    if close and weapon.db_mode != "none":  # melee takes the damage bonus unless the weapon says db=none
        bonus, str_lethality = damage_bonus(att.stats.get("STR", 0))
        party_rules = ("FH-PARTY-06",)
        if str_lethality:
            lethal_rating = str_lethality
    option_names = tuple(n for n in (plan.called, plan.special) if n) + (("gap",) if cmd.gap else ())
    if plan.special == "savage":
        n_rolls = rules.savage_rolls(close)
    elif plan.special == "rapid":
        n_rolls = rules.rapid_fire_rolls(weapon.repeats)
    else:
        n_rolls = 1
    comb_t = combatant(state, tgt.id)
    costs = bool(plan.defence) and not plan.auto and comb_t is not None and not comb_t.acted
    base_rules = ["FH-DICE-01", "FH-DICE-02", "FH-DICE-03", "FH-COMBAT-05", *plan.rules]
    if combatant(state, att.id) is not None:
        base_rules.append("FH-COMBAT-01")
    if plan.mods:
        base_rules.append("FH-DICE-05")
    if plan.defence:
        base_rules += ["FH-DICE-06", "FH-COMBAT-04" if plan.auto else "FH-COMBAT-03"]

    events: list[Event] = []
    s = state

    def emit(ev: Event) -> None:
        nonlocal s
        events.append(ev)
        s = evolve(s, ev)

    try:
        for part in range(1, n_rolls + 1):
            target_now = s.characters[tgt.id]
            if target_now.has("dead"):
                break
            victim = target_now
            if alt is not None:
                pick = dice.draw(f"which target ({tgt.name} or {alt.name})", "d2")
                victim = s.characters[tgt.id if pick == 1 else alt.id]
            a: FhTest = percentile_test(dice, f"attack {part}" if n_rolls > 1 else "attack", skill, [mod_total])
            if plan.called == "vulnerable":
                a = rules.vulnerable_spot(a)
            d: FhTest | None = None
            defence = plan.defence if victim.id == tgt.id else ""
            if defence:
                _, dskill = _defence_skill(victim, defence)
                dmods = [_exhaustion(victim)] if _exhaustion(victim) else []
                d = percentile_test(dice, f"{victim.name} {defence}", dskill, dmods)
            hit = rules.attack_hits(a, d)
            winner = (opposed(a, d) or "") if d is not None else ""
            rule_ids = list(base_rules)
            if plan.called == "crowd" and rules.crowd_stray(a.success, len(others)):
                k = dice.draw("crowd member hit", f"d{len(others)}") if len(others) > 1 else 1
                victim = s.characters[others[k - 1].id]
                hit = True
            damage = 0
            killed = False
            rating = 0
            armor_off = 0
            taken = 0
            if hit:
                stun_dmg, _ = rules.stun_blow(plan.special == "stun")
                if stun_dmg is not None:
                    damage = 0
                elif lethal_rating:
                    let = lethality_roll(dice, "lethality", lethal_rating, a.critical)
                    rating, killed = let.rating, let.killed
                    damage = victim.current.get("HP", 0) if killed else let.damage
                    rule_ids += ["FH-DICE-07", *party_rules] if not weapon.lethality else ["FH-DICE-07"]
                else:
                    rolled = roll_expr(dice, "damage", weapon.damage)
                    damage = rules.damage_total(rolled, bonus, a.critical)
                    if plan.special == "flesh":
                        damage = rules.flesh_wound(damage)
                    rule_ids += ["FH-COMBAT-06", *party_rules]
                if stun_dmg is None:
                    worn = s.armory.armor.get(victim.id, 0)
                    if killed or not rules.armor_counts(plan.called, cmd.gap):
                        worn = 0
                    taken = rules.armor_reduce(damage, worn)
                    armor_off = damage - taken
                    if worn:
                        rule_ids.append("FH-COMBAT-24")
            emit(AttackResolved(
                attacker=att.id, target=tgt.id, weapon=weapon.name, options=option_names, part=part, of=n_rolls,
                modifier=mod_total, attack_target=a.target, attack_roll=a.roll, attack_level=a.level,
                defence=defence, defence_costs_action=costs and bool(defence), defence_target=d.target if d else 0,
                defence_roll=d.roll if d else 0, defence_level=d.level if d else "", winner=winner, hit=hit,
                victim=victim.id if hit else "", damage=damage, lethality=rating, killed=killed,
                rounds=plan.rounds, rules=tuple(dict.fromkeys(rule_ids)), dice=tuple(dice.take()),
            ))
            if hit and plan.special == "stun":
                if not victim.has("stunned"):
                    emit(ConditionAdded(character=victim.id, condition="stunned", note="stun attack", rules=("FH-COMBAT-19",)))
            elif hit:
                for ev in dealt_by(damage_events(s, s.characters[victim.id], taken, weapon.name, dice,
                                                 injury_stat, armor_off), att.id):
                    emit(ev)
    except DiceError as exc:
        raise Rejected(str(exc)) from None
    if att.has("aiming") and not s.characters[att.id].has("dead"):
        emit(ConditionRemoved(character=att.id, condition="aiming", rules=("FH-COMBAT-10",)))
    return events


register_attack("fhtagn", fh_attack)


def _grapple_test(dice: Dice, char: Character, target: int, purpose: str) -> FhTest:
    mods = [_exhaustion(char)] if _exhaustion(char) else []
    return percentile_test(dice, purpose, target, mods)


@decider(Grapple)
def _grapple(state: State, cmd: Grapple, dice: Dice) -> list[Event]:
    _require_fhtagn(state, cmd.action)
    actor = find_character(state, cmd.actor)
    opp = find_character(state, cmd.opponent)
    if actor.id == opp.id:
        raise Rejected(f"{actor.name} cannot {cmd.action} themselves")
    _able(actor, cmd.action)
    _stunned_check(actor)
    _not_acted(state, actor)
    if opp.has("dead"):
        raise Rejected(f"{opp.name} is dead")
    unarmed = rules.skill_value(actor.skills, "Unarmed Combat")
    if cmd.action == "disarm":
        a_skill, a_target = "Unarmed Combat", unarmed
        o_skill = cmd.resist or "Melee Weapons"
        o_target = rules.skill_value(opp.skills, o_skill)
        rule_id = "FH-COMBAT-21"
    elif cmd.action == "pin":
        if opp.has("pinned"):
            raise Rejected(f"{opp.name} is already pinned")
        a_skill, a_target = "Unarmed Combat", unarmed
        o_skill, o_target = "Unarmed Combat", rules.skill_value(opp.skills, "Unarmed Combat")
        rule_id = "FH-COMBAT-22"
    else:
        if not actor.has("pinned"):
            raise Rejected(f"{actor.name} is not pinned")
        strx5 = stat_x5(actor.stats.get("STR", 0))
        using = cmd.using
        if using == "str" or (not using and strx5 > unarmed):
            a_skill, a_target = "STR×5", strx5
        else:
            a_skill, a_target = "Unarmed Combat", unarmed
        o_unarmed = rules.skill_value(opp.skills, "Unarmed Combat")
        o_str = stat_x5(opp.stats.get("STR", 0))
        o_skill, o_target = ("STR×5", o_str) if o_str > o_unarmed else ("Unarmed Combat", o_unarmed)
        rule_id = "FH-COMBAT-23"
    try:
        a = _grapple_test(dice, actor, a_target, f"{actor.name} {cmd.action}")
        o = _grapple_test(dice, opp, o_target, f"{opp.name} resists")
    except DiceError as exc:
        raise Rejected(str(exc)) from None
    fn = {"disarm": rules.disarm, "pin": rules.pin, "escape": rules.escape}[cmd.action]
    success = fn(a, o)
    events: list[Event] = [GrappleResolved(
        action=cmd.action, actor=actor.id, opponent=opp.id, actor_skill=a_skill, actor_target=a.target,
        actor_roll=a.roll, actor_level=a.level, opponent_skill=o_skill, opponent_target=o.target,
        opponent_roll=o.roll, opponent_level=o.level, success=success,
        rules=("FH-DICE-01", "FH-DICE-02", "FH-DICE-03", "FH-DICE-06", rule_id, "FH-COMBAT-04"),
        dice=tuple(dice.take()),
    )]
    if success and cmd.action == "pin":
        events.append(ConditionAdded(character=opp.id, condition="pinned", note=f"by {actor.name}", rules=(rule_id,)))
    if success and cmd.action == "escape":
        events.append(ConditionRemoved(character=actor.id, condition="pinned", rules=(rule_id,)))
    return events


@decider(Move)
def _move(state: State, cmd: Move, dice: Dice) -> list[Event]:
    _require_fhtagn(state, "move")
    char = find_character(state, cmd.name)
    _able(char, "move")
    _stunned_check(char)
    _not_acted(state, char)
    pace = cmd.pace
    metres = rules.move_distance(pace)
    if metres is None:  # the parser read the pace from the same table
        raise Rejected(f"pace {pace!r} is not known")
    detail = f"{metres} m ({pace})" + (" and may still act" if pace == "step" else "")
    return [CombatActionTaken(character=char.id, action="move" if pace != "step" else "step", detail=detail,
                              rules=("FH-COMBAT-07",))]


@decider(Aim)
def _aim(state: State, cmd: Aim, dice: Dice) -> list[Event]:
    _require_fhtagn(state, "aim")
    char = find_character(state, cmd.name)
    _able(char, "aim")
    _stunned_check(char)
    _not_acted(state, char)
    if char.has("aiming"):
        raise Rejected(f"{char.name} is already aiming")
    at = find_character(state, cmd.at).name if cmd.at else ""
    return [
        CombatActionTaken(character=char.id, action="aim", detail=at, rules=("FH-COMBAT-10",)),
        ConditionAdded(character=char.id, condition="aiming", note=f"+20 at {at}" if at else "+20", rules=("FH-COMBAT-10",)),
    ]


@decider(OtherAction)
def _other(state: State, cmd: OtherAction, dice: Dice) -> list[Event]:
    _require_fhtagn(state, "anything else")
    char = find_character(state, cmd.name)
    _able(char, "act")
    _stunned_check(char)
    _not_acted(state, char)
    text = cmd.text.strip()
    if not text:
        raise Rejected("what does the character do? e.g. action ada reload")
    events: list[Event] = [CombatActionTaken(character=char.id, action="other", detail=text, rules=("FH-COMBAT-09",))]
    ends = rules.anything_else_ends(text)
    if ends and char.has(ends):
        events.append(ConditionRemoved(character=char.id, condition=ends, rules=("FH-COMBAT-09",)))
    return events


@decider(CoupDeGrace)
def _coup(state: State, cmd: CoupDeGrace, dice: Dice) -> list[Event]:
    _require_fhtagn(state, "a coup de grâce")
    att = find_character(state, cmd.attacker)
    tgt = find_character(state, cmd.target)
    _able(att, "strike")
    _stunned_check(att)
    _not_acted(state, att)
    if not tgt.has("unconscious") or tgt.has("dead"):
        raise Rejected(f"{tgt.name} is not unconscious: a coup de grâce needs a helpless target (use attack)")
    hp = tgt.current.get("HP", 0)
    amount = dmg.coup_de_grace(hp)
    return [
        CombatActionTaken(character=att.id, action="coup de grâce", detail=f"coup de grâce on {tgt.name}",
                          rules=("FH-DMG-07",)),
        DamageApplied(character=tgt.id, amount=amount, hp_before=hp, hp_after=0, source="coup de grâce",
                      rules=("FH-DMG-07", "FH-DMG-05")),
        ConditionAdded(character=tgt.id, condition="dead", note="coup de grâce", rules=("FH-DMG-05",)),
    ]


@decider(ApplyDamage)
def _damage(state: State, cmd: ApplyDamage, dice: Dice) -> list[Event]:
    if state.system == "coc7":  # one rule for every wound (COC-PARTY-04)
        if cmd.injury:
            raise Rejected("injury= is the FHTAGN permanent injury; Call of Cthulhu has none")
        return coc_damage(state, CocDamage(name=cmd.name, damage=cmd.expr or str(cmd.amount), source=cmd.source,
                                           armor=cmd.armor), dice)
    _require_fhtagn(state, "damage")
    char = find_character(state, cmd.name)
    if cmd.expr:
        try:
            amount = roll_expr(dice, f"damage to {char.name}", cmd.expr)
        except DiceNeeded:
            raise
        except (DiceError, ValueError) as exc:
            raise Rejected(f"damage: {exc}") from None
        cmd = replace(cmd, amount=max(0, amount), expr="")
    if cmd.amount < 0:
        raise Rejected("damage is 0 or more (healing is not done with 'damage')")
    if char.has("dead"):
        raise Rejected(f"{char.name} is already dead")
    worn = state.armory.armor.get(char.id, 0) if cmd.armor else 0
    taken = rules.armor_reduce(cmd.amount, worn)
    stat = _stat_name(state, cmd.injury) if cmd.injury else ""
    extra = ("FH-COMBAT-24",) if worn else ()
    try:
        return damage_events(state, char, taken, cmd.source or "the GM", dice, stat, cmd.amount - taken, extra)
    except DiceError as exc:
        raise Rejected(str(exc)) from None


@decider(AssignInjury)
def _assign_injury(state: State, cmd: AssignInjury, dice: Dice) -> list[Event]:
    _require_fhtagn(state, "permanent injury")
    char = find_character(state, cmd.name)
    points = state.armory.injuries.get(char.id, 0)
    if not points:
        raise Rejected(f"{char.name} has no permanent injury waiting for a stat")
    stat = _stat_name(state, cmd.stat)
    old = char.stats.get(stat, 0)
    new = dmg.injured_stat(old, points)
    events: list[Event] = [InjuryAssigned(character=char.id, stat=stat, points=points, rules=("FH-DMG-04",))]
    if new != old:
        events.append(StatChanged(character=char.id, stat=stat, old=old, new=new, rules=("FH-DMG-04", "FH-PARTY-01")))
    return events


@decider(Exhaust)
def _exhaust(state: State, cmd: Exhaust, dice: Dice) -> list[Event]:
    _require_fhtagn(state, "exhaustion")
    char = find_character(state, cmd.name)
    if char.has("exhausted"):
        raise Rejected(f"{char.name} is already exhausted (a full night's sleep ends it: cond remove {char.name} exhausted)")
    try:
        loss = dmg.exhaustion_wp_loss(dice)
    except DiceError as exc:
        raise Rejected(str(exc)) from None
    wp = char.current.get("WP", 0)
    return [
        PoolChanged(character=char.id, pool="WP", old=wp, new=max(0, wp - loss), reason="exhaustion",
                    rules=("FH-DMG-08", "FH-PARTY-02"), dice=tuple(dice.take())),
        ConditionAdded(character=char.id, condition="exhausted", note="−20 on all tests", rules=("FH-DMG-08",)),
    ]


def _stun_turn_start(state: State, char_id: str, dice: Dice) -> list[Event]:
    """FH-DMG-06 when a stunned character's turn begins."""
    char = state.characters.get(char_id)
    if char is None or not char.has("stunned"):
        return []
    mods = (_exhaustion(char),) if _exhaustion(char) else ()
    test = dmg.stun_recovery(dice, con_now(char), mods)  # CON lowered by the cold counts (FH-HAZ-12)
    events: list[Event] = [StunRecovery(
        character=char.id, roll=test.roll, target=test.target, level=test.level, recovered=test.success,
        rules=("FH-DMG-06", "FH-DICE-01", "FH-DICE-04"), dice=tuple(dice.take()),
    )]
    if test.success:
        events.append(ConditionRemoved(character=char.id, condition="stunned", rules=("FH-DMG-06",)))
    return events


register_turn_start("fhtagn", _stun_turn_start)


# --- evolvers --------------------------------------------------------------------------------


@evolver(AttackResolved)
def _ev_attack(state: State, ev: AttackResolved) -> State:
    state = mark_acted(state, ev.attacker)
    if ev.defence:
        state = mark_defended(state, ev.target, ev.defence)
        if ev.defence_costs_action:
            state = mark_acted(state, ev.target)
    if "savage" in ev.options and ev.part == 1:
        state = bump_counter(state, ev.attacker, NO_DEFENCE)
    # FH-DEV-03: a failed attack roll marks the weapon's skill, a failed dodge marks Dodge (once each)
    if ev.attack_level in ("failure", "fumble"):
        own = state.characters[ev.attacker].attacks if ev.attacker in state.characters else ()
        found = find_weapon("fhtagn", state.armory, ev.weapon, own)
        state = _marked(state, ev.attacker, found.skill if found is not None else "")
    if ev.defence == "dodge" and ev.defence_level in ("failure", "fumble"):
        state = _marked(state, ev.target, "Dodge")
    return state


def _marked(state: State, cid: str, skill: str) -> State:
    from fhtagn_tui.rules.fhtagn.development import marks

    char = state.characters.get(cid)
    if char is None or not skill or not marks("skill", skill, True, char.dev.checks):
        return state
    return state.with_character(replace(char, dev=replace(char.dev, checks=char.dev.checks + (skill,))))


@evolver(GrappleResolved)
def _ev_grapple(state: State, ev: GrappleResolved) -> State:
    return mark_defended(mark_acted(state, ev.actor), ev.actor, ev.action)


@evolver(CombatActionTaken)
def _ev_action(state: State, ev: CombatActionTaken) -> State:
    if ev.action == "step":  # 3 m and another action (FH-COMBAT-07)
        return state
    return mark_acted(state, ev.character)


@evolver(StunRecovery)
def _ev_stun(state: State, ev: StunRecovery) -> State:
    return state if ev.recovered else mark_acted(state, ev.character)



def _hp_set(state: State, dice: Dice, char: Character, old: int, new: int, reason: str) -> list[Event]:
    """``char pool NAME HP=N`` in FHTAGN: 3 HP or more wakes an unconscious agent, whatever raised them (FH-DMG-07)."""
    events: list[Event] = [PoolChanged(character=char.id, pool="HP", old=old, new=new, reason=reason)]
    if new > old and char.has("unconscious") and not char.has("dead") and dmg.regains_consciousness(new):
        events.append(ConditionRemoved(character=char.id, condition="unconscious", rules=("FH-DMG-07",)))
    return events


register_hp_change("fhtagn", _hp_set)


# Who cannot (issue 31): the dead, the unconscious where the rules say so (domain/able.py).
acting(Grapple, "actor", doing="grapple")
acting(Move, "name", doing="move")
acting(Aim, "name", doing="aim")
