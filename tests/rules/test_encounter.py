"""The encounter shared by all systems: order, turns, rounds, waiting (FH-COMBAT-02, -08)."""

from __future__ import annotations

import pytest

from fhtagn_tui.domain.features.encounter import InitiativeOrdered, TurnAdvanced, WeaponDefined
from tests.helpers import do, engine, events_of, rejected, replayed

PARTY = (
    "char new Ada DEX=12 Firearms=60",
    "char new Bob DEX=12 Firearms=40",
    'char new Cult kind=npc DEX=12 "Melee Weapons"=60',
    "char new Dan kind=npc DEX=15",
    "char new Eve DEX=12 Firearms=40",
)


def fh_fight():
    return engine("fhtagn", *PARTY, "fight start Mill", "fight add eve bob cult dan ada")


@pytest.mark.rule("FH-COMBAT-02")
def test_fhtagn_order_dex_then_skill_then_pc_then_entry():
    eng = fh_fight()
    assert eng.state.encounter.order == ("dan", "ada", "cult", "eve", "bob")
    assert eng.state.encounter.get("dan").initiative == 15
    ev = events_of(eng.sink.events, InitiativeOrdered)[-1]
    assert ev.rules == ("FH-COMBAT-02",) and ev.dice == ()


@pytest.mark.rule("FH-COMBAT-01")
def test_rounds_turns_and_reset():
    eng = fh_fight()
    events = do(eng, "fight next")
    assert [type(e).__name__ for e in events] == ["RoundStarted", "TurnAdvanced"]
    assert eng.state.encounter.current == "dan" and eng.state.encounter.round == 1
    for who in ("ada", "cult", "eve", "bob"):
        do(eng, "fight next")
        assert eng.state.encounter.current == who
    assert eng.state.encounter.get("ada").acted
    events = do(eng, "fight next")
    assert [type(e).__name__ for e in events] == ["RoundEnded", "RoundStarted", "TurnAdvanced"]
    enc = eng.state.encounter
    assert enc.round == 2 and enc.current == "dan"
    assert not any(c.acted for c in enc.combatants.values())
    assert replayed(eng) == eng.state


@pytest.mark.rule("FH-COMBAT-08")
def test_wait_then_act_before_someone_else():
    eng = fh_fight()
    do(eng, "fight next")  # Dan
    do(eng, "fight next")  # Ada
    assert "their turn comes" in rejected(eng, "fight wait eve")
    events = do(eng, "fight wait ada")
    assert [type(e).__name__ for e in events] == ["CombatantWaited", "TurnAdvanced"]
    assert eng.state.encounter.current == "cult" and eng.state.encounter.get("ada").waiting
    (ev,) = do(eng, "fight act ada")  # before the cultist acts
    assert isinstance(ev, TurnAdvanced) and ev.from_wait and eng.state.encounter.current == "ada"
    do(eng, "fight next")  # Ada is done: back to the cultist, who has not acted
    assert eng.state.encounter.current == "cult"
    assert eng.state.encounter.get("ada").acted and not eng.state.encounter.get("cult").acted
    assert "not waiting" in rejected(eng, "fight act bob")


@pytest.mark.rule("FH-COMBAT-08")
def test_the_last_to_act_cannot_wait():
    eng = engine("fhtagn", "char new Ada", "char new Bob DEX=8", "fight start", "fight add ada bob",
                 "fight next", "fight next")
    assert "nobody acts after Bob" in rejected(eng, "fight wait bob")


def test_remove_add_end_and_refusals():
    eng = fh_fight()
    assert "already running" in rejected(eng, "fight start")
    assert "already in the fight" in rejected(eng, "fight add ada")
    assert "did you mean 'Dan'" in rejected(eng, "fight add dna")
    do(eng, "fight next")
    do(eng, "fight remove dan")
    assert eng.state.encounter.current == "" and "dan" not in eng.state.encounter.order
    do(eng, "fight next")
    assert eng.state.encounter.current == "ada"
    do(eng, "fight order bob ada cult eve")
    assert eng.state.encounter.order == ("bob", "ada", "cult", "eve")
    assert "exactly once" in rejected(eng, "fight order bob ada")
    assert "Ada" in eng.execute("fight show").answer
    do(eng, "fight end")
    assert eng.state.encounter is None
    assert "no fight is running" in rejected(eng, "fight next")
    assert replayed(eng) == eng.state


def test_dead_and_unconscious_are_skipped():
    eng = engine("fhtagn", "char new Ada DEX=14", "char new Bob DEX=12", "char new Cy DEX=10",
                 "fight start", "fight add ada bob cy", "cond add bob unconscious")
    do(eng, "fight next")
    do(eng, "fight next")
    assert eng.state.encounter.current == "cy"


def test_gurps_ties_roll_off_with_recorded_dice():
    eng = engine("gurps", "char new Ann ST=10 DX=12 IQ=10 HT=10", "char new Bob kind=npc DX=12 HT=10",
                 "char new Cy kind=npc DX=14 HT=12", "fight start")
    events = do(eng, "fight add ann bob cy", 4, 5)
    (ev,) = events_of(events, InitiativeOrdered)
    assert ev.order == ("cy", "bob", "ann")  # 6.5, then 5.5 / DX 12 tied: Bob's 5 beats Ann's 4
    assert ev.tiebreaks == {"ann": 4, "bob": 5}
    assert [(r.die, r.value) for r in ev.dice] == [("d6", 4), ("d6", 5)]
    assert eng.state.encounter.get("cy").initiative == 6.5
    assert replayed(eng) == eng.state


def test_coc_readied_firearm_acts_at_dex_plus_50():
    eng = engine("coc7", "char new Harvey DEX=60", "char new Cultist kind=npc DEX=80", "fight start",
                 "fight add harvey cultist")
    assert eng.state.encounter.order == ("cultist", "harvey")
    do(eng, "fight ready harvey")
    assert eng.state.encounter.order == ("harvey", "cultist")
    assert eng.state.encounter.get("harvey").readied
    do(eng, "fight ready harvey --off")
    assert eng.state.encounter.order == ("cultist", "harvey")


def test_weapon_add_per_campaign():
    eng = engine("fhtagn")
    (ev,) = do(eng, 'weapon add "sawn-off" skill=Firearms damage=2d6 range=10 magazine=2 action=single')
    assert isinstance(ev, WeaponDefined) and ev.weapon.system == "fhtagn" and ev.weapon.kind == "ranged"
    assert "sawn-off" in eng.state.armory.weapons
    assert "sawn-off" in eng.execute("weapon list").answer
    assert "not a dice expression" in rejected(eng, "weapon add bad skill=Firearms damage=2x6")
    assert "action=burst is not known" in rejected(eng, "weapon add bad skill=Firearms damage=1d6 action=burst")
    g = engine("gurps")
    assert "damage type" in rejected(g, "weapon add sabre skill=Broadsword damage=sw+1")
    do(g, "weapon add sabre skill=Broadsword damage=sw+1 type=cut")
    assert g.state.armory.weapons["sabre"].damage_type == "cut"
