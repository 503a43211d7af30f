"""GURPS attacks: 3d vs skill, active defence, damage − DR × wounding (GURPS-DICE-01…03)."""

from __future__ import annotations

import pytest

from fhtagn_tui.domain.features.encounter import DamageApplied
from fhtagn_tui.domain.features.gurps_combat import GurpsAttackResolved
from fhtagn_tui.rules.gurps import combat as rules
from fhtagn_tui.rules.weapons import gurps_st_damage, resolve_gurps_damage
from tests.helpers import do, engine, events_of, rejected, replayed

ILSE = 'char new Ilse ST=10 DX=12 IQ=12 HT=11 "Guns (Pistol)"=14 Brawling=12 Knife=13'
GHOUL = "char new Ghoul kind=npc ST=14 DX=11 IQ=8 HT=12 Brawling=13"


def g(*more: str):
    return engine("gurps", ILSE, GHOUL, *more)


def hp(eng, name: str) -> int:
    return eng.state.character(name).current["HP"]


def resolved(events) -> GurpsAttackResolved:
    (ev,) = events_of(events, GurpsAttackResolved)
    return ev  # type: ignore[return-value]


@pytest.mark.rule("GURPS-DICE-01", "GURPS-DICE-03")
def test_hit_when_the_dodge_fails():
    eng = g()
    ev = resolved(do(eng, "attack ilse ghoul weapon=pistol", 3, 4, 3, 5, 5, 4, 4, 5))
    assert (ev.roll, ev.skill, ev.level) == (10, 14, "success")
    assert (ev.defence, ev.defence_score, ev.defence_roll, ev.defence_level) == ("dodge", 8, 14, "failure")
    assert (ev.damage, ev.injury) == (9, 9) and hp(eng, "ghoul") == 5
    assert len(ev.dice) == 8


@pytest.mark.rule("GURPS-DICE-01")
def test_a_sheets_bare_family_is_the_weapons_skill():
    """A stat block's "Guns 14" (no specialty): the pistol rolls against 14, not the default DX − 4."""
    eng = engine("gurps", "char new Otto ST=10 DX=12 IQ=10 HT=10 Guns=14", GHOUL)
    ev = resolved(do(eng, "attack otto ghoul weapon=pistol", 4, 5, 5, 5, 5, 4, 4, 5))
    assert (ev.roll, ev.skill, ev.level) == (14, 14, "success")


@pytest.mark.rule("GURPS-DICE-02")
def test_critical_hit_leaves_no_defence():
    eng = g()
    ev = resolved(do(eng, "attack ilse ghoul weapon=pistol", 1, 1, 2, 3, 3))
    assert (ev.level, ev.defence, ev.damage) == ("critical success", "", 6)
    assert hp(eng, "ghoul") == 8


@pytest.mark.rule("GURPS-DICE-01")
def test_failed_attack_draws_no_defence_and_17_always_fails():
    eng = g()
    ev = resolved(do(eng, "attack ilse ghoul weapon=pistol skill=20", 6, 6, 5))
    assert (ev.roll, ev.hit, ev.level) == (17, False, "failure")


@pytest.mark.rule("GURPS-DICE-01")
def test_parry_success_is_a_miss():
    eng = g()
    ev = resolved(do(eng, "attack ghoul ilse defend=parry", 4, 4, 4, 2, 3, 3))
    assert (ev.weapon, ev.defence, ev.defence_score, ev.hit) == ("punch", "parry", 9, False)  # 3 + Knife 13 / 2
    assert hp(eng, "ilse") == 10 and not events_of(eng.sink.events, DamageApplied)
    assert "cannot be parried" in rejected(eng, "attack ilse ghoul weapon=pistol parry", 3, 3, 3, 3, 3)
    assert "no shield" in rejected(eng, "attack ghoul ilse block", 4, 4, 4, 2, 3, 3)


@pytest.mark.rule("GURPS-DICE-01")
def test_dr_and_wounding_multipliers():
    eng = g("armor ghoul 2")
    ev = resolved(do(eng, "attack ilse ghoul weapon=pistol defend=none", 3, 3, 3, 4, 5))
    assert (ev.damage, ev.dr, ev.injury) == (9, 2, 7)
    ev = resolved(do(eng, "attack ilse ghoul weapon=knife defend=none", 3, 3, 3, 5))  # thr 1d-2 = 3, imp ×2
    assert (ev.damage, ev.injury) == (3, 2)  # (3 − 2) × 2
    eng2 = g("armor ghoul 1")
    ev = resolved(do(eng2, 'attack ilse ghoul "weapon=knife slash" defend=none', 3, 3, 3, 6))  # sw 1d-2 = 4 cut
    assert (ev.damage, ev.injury) == (4, 4)  # (4 − 1) × 1.5 = 4.5 → 4
    assert rules.injury(2, 5, "cr") == 0 and rules.injury(3, 2, "pi-") == 1


def test_thrust_and_swing_by_st():
    assert gurps_st_damage(10) == ("1d-2", "1d")
    assert gurps_st_damage(14) == ("1d", "2d")
    assert resolve_gurps_damage("thr-1", 14) == "1d-1"
    assert resolve_gurps_damage("sw+2", 10) == "1d+2"
    assert resolve_gurps_damage("2d+1", 10) == "2d+1"
    assert rules.basic_damage(-2, "cr") == 0 and rules.basic_damage(-2, "cut") == 1


def test_gurps_refusals():
    eng = g()
    assert "unknown option" in rejected(eng, "attack ilse ghoul weapon=pistol called=partly", 3, 3, 3)
    assert "did you mean 'pistol'" in rejected(eng, "attack ilse ghoul weapon=pistle", 3, 3, 3)


def test_gurps_three_round_fight_end_to_end():
    eng = g("fight start Crypt", "fight add ilse ghoul")
    assert eng.state.encounter.order == ("ilse", "ghoul")  # 5.75 both; DX 12 beats 11
    script = [
        ("fight next", ()),
        ("attack ilse ghoul weapon=pistol", (3, 4, 3, 5, 5, 4, 4, 5)),  # 9 injury
        ("fight next", ()),
        ("attack ghoul ilse", (4, 4, 4, 6, 5, 6, 4)),  # punch 1d-1 = 3
        ("fight next", ()),
        ("attack ilse ghoul weapon=pistol", (6, 6, 6)),  # 18: critical failure
        ("fight next", ()),
        ("attack ghoul ilse defend=none", (3, 3, 3, 6)),
        ("fight next", ()),
        ("attack ilse ghoul weapon=pistol", (1, 1, 2, 2, 2)),  # critical: no defence, 4
        ("fight next", ()),
        ("fight end", ()),
    ]
    for line, dice in script:
        do(eng, line, *dice)
    assert hp(eng, "ghoul") == 14 - 9 - 4
    assert hp(eng, "ilse") == 10 - 3 - 5
    assert eng.state.encounter is None
    assert len(events_of(eng.sink.events, DamageApplied)) == 4
    assert replayed(eng) == eng.state
