"""FHTAGN damage and conditions (catalogue FH-DMG-01…08) with forced dice."""

from __future__ import annotations

import pytest

from fhtagn_tui.domain.features.campaign import ConditionAdded, PoolChanged, StatChanged
from fhtagn_tui.domain.features.encounter import DamageApplied, InjuryAssigned
from fhtagn_tui.domain.features.fh_combat import AttackResolved, StunRecovery
from fhtagn_tui.rules.fhtagn import damage as dmg
from tests.helpers import do, engine, events_of, rejected, replayed

ADA = 'char new Ada STR=12 CON=12 DEX=14 Firearms=60 Dodge=40 "Unarmed Combat"=50'
CULTIST = 'char new Cultist kind=npc STR=13 CON=10 DEX=10 "Melee Weapons"=50 Dodge=30'


def fh(*more: str):
    return engine("fhtagn", ADA, CULTIST, *more)


def ada(eng):
    return eng.state.character("ada")


@pytest.mark.rule("FH-DMG-01", "FH-DMG-05")
def test_damage_clamps_at_zero_and_zero_is_death():
    eng = fh()
    events = do(eng, "damage ada 20")
    (d,) = events_of(events, DamageApplied)
    assert (d.hp_before, d.hp_after) == (12, 0)
    assert ada(eng).has("dead") and not ada(eng).has("stunned")  # death only
    assert "already dead" in rejected(eng, "damage ada 1")
    assert "already dead" in rejected(eng, "attack cultist ada weapon=knife", 30, 1)
    assert dmg.apply_damage(3, 5) == 0 and dmg.is_dead(0)


@pytest.mark.rule("FH-DMG-02")
@pytest.mark.parametrize(("amount", "stunned", "hp"), [(6, True, 6), (5, False, 7), (0, False, 12)])
def test_half_of_current_hp_stuns(amount, stunned, hp):
    eng = fh()
    do(eng, f"damage ada {amount}")
    assert ada(eng).has("stunned") is stunned and ada(eng).current["HP"] == hp


@pytest.mark.rule("FH-DMG-02")
def test_stun_threshold_uses_hp_before_the_hit():
    eng = fh("char pool ada HP=7")
    do(eng, "damage ada 4")  # 2 × 4 = 8 ≥ 7
    assert ada(eng).has("stunned") and ada(eng).current["HP"] == 3


@pytest.mark.rule("FH-DMG-03", "FH-DMG-04")
def test_knocked_out_and_injured_stat_of_choice():
    eng = fh()
    events = do(eng, "damage ada 10 injury=DEX", 83)  # CON×5 = 60: 83 fails, units die 3
    (d,) = events_of(events, DamageApplied)
    assert (d.hp_after, d.injury_roll, d.injury_target, d.injury_points, d.injury_stat) == (2, 83, 60, 3, "DEX")
    (s,) = events_of(events, StatChanged)
    assert (s.stat, s.old, s.new) == ("DEX", 14, 11)
    assert ada(eng).has("unconscious") and ada(eng).has("stunned")
    assert replayed(eng) == eng.state


@pytest.mark.rule("FH-DMG-04", "FH-PARTY-01")
def test_pending_injury_zero_counts_ten_and_stat_floor_is_3():
    eng = fh()
    do(eng, "damage ada 10", 70)  # units 0 → 10 points, stat not chosen yet
    assert eng.state.armory.injuries == {"ada": 10}
    events = do(eng, "injury ada CON")
    assert isinstance(events[0], InjuryAssigned) and events[0].points == 10
    assert ada(eng).stats["CON"] == 3 and eng.state.armory.injuries == {}
    assert ada(eng).current["HP"] == 2  # max HP now ceil((12 + 3) / 2) = 8
    assert "no permanent injury" in rejected(eng, "injury ada STR")


@pytest.mark.rule("FH-DMG-04")
def test_passed_con_test_means_no_injury_and_exhaustion_applies():
    eng = fh()
    (d,) = events_of(do(eng, "damage ada 10", 30), DamageApplied)
    assert (d.injury_roll, d.injury_points) == (30, 0)
    eng2 = fh("cond add ada exhausted")
    (d,) = events_of(do(eng2, "damage ada 11", 50), DamageApplied)
    assert (d.injury_target, d.injury_points, d.hp_after) == (40, 10, 1)


@pytest.mark.rule("FH-DMG-03")
def test_already_at_two_no_second_knockout():
    eng = fh("char pool ada HP=2")
    events = do(eng, "damage ada 1")  # no CON×5 die drawn
    (d,) = events_of(events, DamageApplied)
    assert d.injury_roll == 0 and not ada(eng).has("unconscious")
    assert dmg.knocked_out(3, 2) and not dmg.knocked_out(3, 0)


@pytest.mark.rule("FH-DMG-06")
def test_stunned_cannot_defend_or_act_out_of_turn():
    eng = fh("cond add ada stunned")
    assert "stunned" in rejected(eng, "attack cultist ada weapon=knife dodge", 45, 30, 3)
    assert "stunned" in rejected(eng, "attack ada cultist weapon=pistol", 30, 1)


@pytest.mark.rule("FH-DMG-06")
@pytest.mark.parametrize(("roll", "recovered"), [(30, True), (70, False)])
def test_stunned_tests_con_when_the_turn_comes(roll, recovered):
    eng = fh("cond add cultist stunned", "fight start", "fight add ada cultist", "fight next")
    events = do(eng, "fight next", roll)
    (s,) = events_of(events, StunRecovery)
    assert (s.roll, s.target, s.recovered) == (roll, 50, recovered)
    assert eng.state.character("cultist").has("stunned") is not recovered
    enc = eng.state.encounter
    if recovered:
        assert enc.current == "cultist" and enc.round == 1
    else:  # the turn is lost: the next round starts with Ada
        assert enc.current == "ada" and enc.round == 2
    assert replayed(eng) == eng.state


@pytest.mark.rule("FH-DMG-07", "FH-DMG-05")
def test_coup_de_grace_on_the_unconscious_only():
    eng = fh()
    assert "not unconscious" in rejected(eng, "coup cultist ada")
    do(eng, "damage ada 10", 30)
    events = do(eng, "coup cultist ada")
    (d,) = events_of(events, DamageApplied)
    assert (d.hp_before, d.hp_after) == (2, 0) and ada(eng).has("dead")
    assert dmg.regains_consciousness(3) and not dmg.regains_consciousness(2)
    assert dmg.regains_consciousness(1, hours=1)


@pytest.mark.rule("FH-DMG-08")
def test_exhaustion_costs_1d6_wp_and_20_on_tests():
    eng = fh()
    events = do(eng, "exhaust ada", 4)
    (p,) = events_of(events, PoolChanged)
    assert (p.pool, p.old, p.new) == ("WP", 10, 6)
    assert any(isinstance(e, ConditionAdded) and e.condition == "exhausted" for e in events)
    (a,) = events_of(do(eng, "attack ada cultist weapon=pistol", 41), AttackResolved)
    assert (a.attack_target, a.hit) == (40, False)
    do(eng, "cond add ada stimulated")
    (a,) = events_of(do(eng, "attack ada cultist weapon=pistol", 41, 1), AttackResolved)
    assert a.attack_target == 60
    assert "already exhausted" in rejected(eng, "exhaust ada", 4)
    assert dmg.exhaustion_modifier(True, stimulated=True) == 0
