"""Deciders: shots, missiles, thrown weapons, bursts and full auto (COC-FIREARM, COC-COMBAT, COC-AUTO)."""

from __future__ import annotations

from msgspec.structs import replace

from fhtagn_tui.rules.coc import auto as coc_auto
from fhtagn_tui.rules.coc import combat as coc_combat
from fhtagn_tui.rules.coc import firearms as fa
from fhtagn_tui.rules.coc import melee as ml
from fhtagn_tui.rules.coc.dice import CocRoll, Difficulty, skill_roll
from fhtagn_tui.rules.dice import Dice
from fhtagn_tui.rules.weapons import Weapon

from ...able import acting
from ...decide import Rejected, decider
from ...events import Event
from ...lookup import find_character
from ...state import Character, State
from ...systems import derived
from ..encounter import (
    combatant,
    dealt_by,
)
from .events import (
    CocAutoFired,
    CocMeleeResolved,
    CocShotsFired,
    Shot,
)
from .orders import (
    CocAutoFire,
    CocShoot,
)
from .support import (
    AIM,
    able,
    attack_slot,
    attacker_and_target,
    check_dice,
    db_build,
    defence_of,
    dodge_of,
    fighter_of,
    loaded_rounds,
    outnumbered_dice,
    require_coc,
    skill_of,
    state_penalty,
    weapon_named,
    wounds,
)

# --- firearms, missiles, thrown ----------------------------------------------------------------


def ranged_weapon(state: State, name: str, who: Character) -> Weapon:
    if not name.strip() and not any(not w.close_combat for w in who.attacks):
        raise Rejected("which weapon? give weapon=NAME (e.g. weapon=\".38 revolver\")")
    w = weapon_named(state, name, who, close=False)
    if w.close_combat:
        raise Rejected(f"{w.name} is a close-combat weapon: {who.name} uses it with 'melee'")
    return w


def _band_damage(w: Weapon, distance: float | None) -> str:
    """A shotgun's damage for the range band (``4d6/2d6/1d6``)."""
    bands = [b.strip() for b in w.damage.split("/")]
    if len(bands) == 1 or distance is None or w.base_range <= 0:
        return bands[0]
    index = 0 if distance <= w.base_range else 1 if distance <= 2 * w.base_range else 2
    return bands[min(index, len(bands) - 1)]


def _difficulty(w: Weapon, distance: float | None) -> Difficulty:
    if distance is None or w.base_range <= 0:
        return Difficulty.REGULAR
    if distance < 0:
        raise Rejected("range= is a distance in yards, 0 or more")
    diff = fa.range_difficulty(distance, w.base_range)
    if diff is None:
        raise Rejected(
            f"{distance:g} yards is beyond four times the {w.name}'s base range ({w.base_range} yd): no shot is possible"
        )
    return diff


def _aim(state: State, shooter: Character, toggles: set[str]) -> bool:
    """Whether the aim bonus applies (COC-FIREARM-06); refuses an --aim that is not held."""
    comb = combatant(state, shooter.id)
    enc = state.encounter
    if comb is None or enc is None:
        return "aim" in toggles
    aimed = comb.flags.get(AIM, 0)
    holds = bool(aimed) and fa.aim_holds(aimed, enc.round)
    if "aim" in toggles and not holds:
        raise Rejected(
            f"{shooter.name} has no aim to use (aim on their turn with 'take aim {shooter.name}', shoot next round)"
        )
    return holds


def _mods(state: State, shooter: Character, target: Character, w: Weapon, cmd_toggles: tuple[str, ...],
          distance: float | None, handgun_shots: int) -> fa.ModifierDice:
    toggles = set(cmd_toggles)  # checked by the parser (large/small follow Build and are refused there)
    toggles -= {"large", "small"}
    if "fast" in toggles:
        mov = int(derived("coc7", target).get("MOV", 0))
        if mov < 8:
            raise Rejected(f"{target.name} has MOV {mov}: only a target with MOV 8+ counts as fast-moving")
    if _aim(state, shooter, toggles):
        toggles.add("aim")
    else:
        toggles.discard("aim")
    if fa.handgun_shots_penalty(handgun_shots, "handgun" in w.skill.casefold()):
        toggles.add("handgun-shots")
    toggles.discard("cover")  # rolled: the target's Dodge decides it
    feet = distance * 3 if distance is not None else None
    return fa.modifier_dice(
        toggles, target_build=db_build(target)[1], distance_ft=feet, shooter_dex=shooter.stats.get("DEX", 0)
    )


def _allies(state: State, shooter: Character, target: Character, names: tuple[str, ...] | None) -> list[tuple[str, int]]:
    if names is not None:
        chars = [find_character(state, n) for n in names]
    else:
        enc = state.encounter
        me = combatant(state, shooter.id)
        if enc is None or me is None:
            return []
        chars = [state.characters[c] for c, comb in enc.combatants.items()
                 if comb.side == me.side and c not in (shooter.id, target.id) and c in state.characters]
    return [(c.id, c.current.get("Luck", c.stats.get("Luck", 50))) for c in chars]


@decider(CocShoot)
@state_penalty
def decide_coc_shoot(state: State, cmd: CocShoot, dice: Dice) -> list[Event]:
    att, tgt = attacker_and_target(state, cmd.attacker, cmd.target)
    check_dice(cmd.bonus, cmd.penalty)
    w = ranged_weapon(state, cmd.weapon, att)
    if w.kind == "thrown":
        return _throw(state, cmd, att, tgt, w, dice)
    if cmd.response:
        raise Rejected("response= is for thrown weapons; a shot is not opposed (use --cover for diving for cover)")
    if cmd.shots < 1 or cmd.shots > max(1, w.shots):
        raise Rejected(f"the {w.name} fires at most {max(1, w.shots)} shot{'s' if w.shots > 1 else ''} a round")
    difficulty = _difficulty(w, cmd.distance)
    ends_turn = attack_slot(state, att)
    toggles = set(cmd.toggles)
    loaded = loaded_rounds(state, att.id, w) if w.magazine else -1
    loaded_one = "load-one" in toggles
    if loaded_one:
        if w.magazine == 0 or loaded >= w.magazine:
            raise Rejected(f"the {w.name} is full: --load-one loads a round into a gun that has room")
        loaded += 1
    if w.magazine and loaded < cmd.shots:
        raise Rejected(
            f"{att.name}'s {w.name} has {loaded} round{'s' if loaded != 1 else ''} loaded, "
            f"not enough for {cmd.shots}: reload with 'reload {att.name} weapon=\"{w.name}\"'"
        )
    mods = _mods(state, att, tgt, w, cmd.toggles, cmd.distance, cmd.shots)
    rules: list[str] = []
    dive: CocRoll | None = None
    if "cover" in toggles:
        if not able(tgt):
            raise Rejected(f"{tgt.name} cannot dive for cover")
        d = coc_combat.dive_for_cover(dice, dodge_of(tgt))
        dive = d.roll
        if d.penalty:
            mods = replace(mods, penalty=mods.penalty + 1, applied=(*mods.applied, "cover"))
        rules += ["COC-COMBAT-03", "COC-FIREARM-05"]
    extra = cmd.bonus
    if cmd.surprise:
        extra += ml.surprise(False, ranged=True).bonus
        rules.append("COC-MELEE-02")
    if cmd.penalty:
        mods = replace(mods, penalty=mods.penalty + cmd.penalty)
    if "load-one" in mods.applied:
        rules.append("COC-FIREARM-08")
    if w.kind == "ranged" and w.db_mode == "half":
        rules += ["COC-COMBAT-03", "COC-COMBAT-06"]
    gun = fa.Gun(w.name, _band_damage(w, cmd.distance), w.impaling, w.malfunction or None,
                 "handgun" in w.skill.casefold(), db_build(att)[0], "half" if w.db_mode == "half" else "none")
    allies = _allies(state, att, tgt, cmd.allies) if "melee" in mods.applied else []
    skill = skill_of(att, w.skill)
    shots: list[Shot] = []
    spent = 0
    for _ in range(cmd.shots):
        r = fa.resolve_shot(dice, skill, gun, difficulty, mods, extra, allies)
        rules += r.rules
        assert r.roll is not None
        shots.append(Shot(
            roll=r.roll, bonus=r.bonus, penalty=r.penalty, hit=r.hit, malfunction=r.malfunction, fumble=r.fumble,
            extreme=r.extreme, impaled=bool(r.damage and r.damage.impaled), damage=r.damage.total if r.damage else 0,
            ally_hit=r.ally_hit or "",
        ))
        if r.malfunction:
            break
        spent += 1
    aim_used = "aim" in mods.applied and combatant(state, att.id) is not None
    ev = CocShotsFired(
        attacker=att.id, target=tgt.id, weapon=w.name, difficulty=int(difficulty), distance=cmd.distance,
        modifiers=mods.applied, dive=dive, shots=tuple(shots), spent=spent,
        loaded=loaded - spent if w.magazine else -1, loaded_one=loaded_one, aim_used=aim_used,
        ends_turn=ends_turn, rules=tuple(dict.fromkeys([*rules, "COC-MELEE-03"])), dice=tuple(dice.take()),
    )
    events: list[Event] = [ev]
    hits = [s.damage for s in shots if s.hit]
    if hits:
        events += wounds(state, tgt, hits, w.name, dice)
    strays: dict[str, list[int]] = {}
    for s in shots:
        if s.ally_hit:
            strays.setdefault(s.ally_hit, []).append(s.damage)
    for ally, rolls in strays.items():
        events += dealt_by(wounds(state, state.characters[ally], rolls, "stray shot", dice), att.id)
    return events


def _throw(state: State, cmd: CocShoot, att: Character, tgt: Character, w: Weapon, dice: Dice) -> list[Event]:
    """A thrown weapon: range difficulty, may be dodged; fought back only from close by (COC-COMBAT-04/05/07)."""
    if cmd.shots != 1:
        raise Rejected("a thrown weapon is thrown once a round")
    response = cmd.response or "dodge"
    if response == "maneuver":
        raise Rejected("a thrown weapon can be dodged (or fought back from close by), not countered with a maneuver")
    if response == "fight back":
        feet = cmd.distance * 3 if cmd.distance is not None else None
        if feet is None or not coc_combat.may_fight_back_ranged(feet, att.stats.get("DEX", 0)):
            raise Rejected(
                f"{tgt.name} can fight back against a thrown weapon only within {att.stats.get('DEX', 0) // 5} feet "
                "(give range=YARDS) — dodge instead"
            )
    difficulty = _difficulty(w, cmd.distance)
    ends_turn = attack_slot(state, att)
    extra = outnumbered_dice(state, tgt) + cmd.bonus + (1 if cmd.surprise else 0)
    if cmd.surprise:
        response = "none"
    defender, _ = defence_of(state, tgt, response, "")
    a_roll = skill_roll(dice, w.skill, skill_of(att, w.skill), difficulty, extra, cmd.penalty)
    d_roll = skill_roll(dice, "Dodge" if response == "dodge" else "Fighting back", defender.skill) if response != "none" else None
    rules = ["COC-COMBAT-07", "COC-FIREARM-03", "COC-DICE-01", "COC-DICE-02", "COC-DICE-03", "COC-MELEE-03"]
    if not a_roll.success:
        winner = "none" if d_roll is None or not d_roll.level.succeeded else "defender"
    elif response == "dodge":
        assert d_roll is not None
        winner = coc_combat.thrown_vs_dodge(a_roll.level, d_roll.level)
        rules.append("COC-COMBAT-04")
    elif response == "fight back":
        assert d_roll is not None
        winner = ml.fight_back(a_roll.level, d_roll.level)
        rules += ["COC-COMBAT-05", "COC-MELEE-05"]
    else:
        winner = "attacker"
    damage = None
    if winner == "attacker":
        extreme = fa.shot_is_extreme(a_roll)
        wpn = ml.MeleeWeapon(w.name, w.damage, w.impaling, w.db_mode)  # type: ignore[arg-type]
        damage, more = ml.deal_damage(dice, ml.Fighter(a_roll.skill, db_build(att)[0], wpn), extreme)
        rules += [*more, "COC-COMBAT-06"]
    elif winner == "defender" and response == "fight back":
        twpn = weapon_named(state, "")
        damage, more = ml.deal_damage(dice, fighter_of(tgt, twpn, d_roll.skill if d_roll else 0), False)
        rules += more
    ev = CocMeleeResolved(
        attacker=att.id, target=tgt.id, weapon=w.name, response=response, attack=a_roll, defence=d_roll,
        bonus=extra, penalty=cmd.penalty, winner=winner, extreme=bool(damage and damage.extreme),
        impaled=bool(damage and damage.impaled), damage=damage.total if damage else 0,
        dealt_to=(tgt.id if winner == "attacker" else att.id) if damage else "",
        surprise="bonus die" if cmd.surprise else "", ends_turn=ends_turn,
        rules=tuple(dict.fromkeys(rules)), dice=tuple(dice.take()),
    )
    events: list[Event] = [ev]
    if damage is not None:
        events += wounds(state, tgt if winner == "attacker" else att, [damage.total], w.name, dice)
    return events


# --- bursts and full auto -----------------------------------------------------------------------


@decider(CocAutoFire)
@state_penalty
def decide_coc_auto(state: State, cmd: CocAutoFire, dice: Dice) -> list[Event]:
    require_coc(state)
    if not cmd.targets:
        raise Rejected("name a target: auto SHOOTER TARGET:BULLETS [TARGET:BULLETS …]")
    att = find_character(state, cmd.attacker)
    if not able(att):
        raise Rejected(f"{att.name} cannot fire")
    check_dice(cmd.bonus, cmd.penalty)
    w = ranged_weapon(state, cmd.weapon, att)
    if cmd.burst:
        if w.burst < 1:
            raise Rejected(f"the {w.name} cannot fire bursts (no burst size); use 'shoot' or 'auto'")
        if len(cmd.targets) != 1:
            raise Rejected("a burst is one volley at one target")
    elif not w.auto:
        raise Rejected(f"the {w.name} cannot fire full auto" + (" — fire a burst with 'burst'" if w.burst else ""))
    targets = [(find_character(state, n), bullets) for n, bullets in cmd.targets]
    for char, _ in targets:
        if char.id == att.id:
            raise Rejected(f"{att.name} cannot shoot themselves")
    if cmd.burst:
        targets = [(targets[0][0], w.burst)]
    difficulty = _difficulty(w, cmd.distance)
    ends_turn = attack_slot(state, att)
    loaded = loaded_rounds(state, att.id, w)
    gap = coc_auto.gap_bullets(cmd.gap) if len(targets) > 1 else 0
    problem = coc_auto.check_declaration([b for _, b in targets], loaded, gap * (len(targets) - 1))
    if problem:
        if loaded == 0:
            problem = f"the {w.name} is empty: reload with 'reload {att.name} weapon=\"{w.name}\"'"
        raise Rejected(problem)
    auto_targets = []
    if "cover" in cmd.toggles:
        raise Rejected("--cover (diving for cover) applies to single shots, not to bursts or full auto")
    applied: tuple[str, ...] = ()
    for char, bullets in targets:
        mods = _mods(state, att, char, w, cmd.toggles, cmd.distance, 1)
        applied = applied or mods.applied
        net = mods.net + cmd.bonus - cmd.penalty
        auto_targets.append(coc_auto.AutoTarget(char.id, bullets, difficulty, net, state.armory.armor.get(char.id, 0)))
    gun = fa.Gun(w.name, _band_damage(w, cmd.distance), w.impaling, w.malfunction or None)
    res = coc_auto.resolve_auto(dice, skill_of(att, w.skill), gun, auto_targets, gap=gap, burst=w.burst if cmd.burst else 0)
    rules = list(res.rules) + (["COC-FIREARM-05"] if applied else []) + ["COC-MELEE-03"]
    ev = CocAutoFired(
        attacker=att.id, weapon=w.name, burst=cmd.burst, volleys=res.volleys, spent=res.spent,
        gap_spent=res.gap_spent, jammed=res.jammed, loaded=loaded - res.spent, distance=cmd.distance,
        modifiers=applied, aim_used="aim" in applied and combatant(state, att.id) is not None,
        ends_turn=ends_turn, rules=tuple(dict.fromkeys(rules)), dice=tuple(dice.take()),
    )
    events: list[Event] = [ev]
    for char, _ in targets:
        rolled = [b.rolled for v in res.volleys if v.target == char.id for b in v.hits]
        if rolled:
            events += wounds(state, char, rolled, f"{w.name} fire", dice)
    return events


# Who cannot (issue 31): the dead and the unconscious fire no weapon (domain/able.py).
acting(CocShoot, "attacker", doing="shoot")
acting(CocAutoFire, "attacker", doing="shoot")
