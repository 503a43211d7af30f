"""CoC 7e combat commands end to end: an in-memory Engine, command text, forced dice."""

from __future__ import annotations

import pytest

from fhtagn_tui.domain.features.coc_combat import (
    CocAimed,
    CocAutoFired,
    CocManeuverResolved,
    CocMeleeResolved,
    CocShotsFired,
)
from fhtagn_tui.domain.features.encounter import DamageApplied, InitiativeOrdered
from fhtagn_tui.rules.coc.dice import Level
from fhtagn_tui.service import Engine
from tests.helpers import do, engine, events_of, rejected, replayed

HARVEY = ('char new Harvey STR=60 CON=60 SIZ=65 DEX=70 POW=50 Luck=50 "Firearms (Handgun)"=50 '
          '"Fighting (Brawl)"=55 Dodge=40 "Firearms (Submachine Gun)"=45')  # HP 12, DB +1D4, Build 1
ADA = 'char new Ada STR=50 CON=50 SIZ=50 DEX=60 POW=50 Luck=40 "Fighting (Brawl)"=40 Dodge=30'  # HP 10, DB 0
CULTIST = 'char new Cultist kind=npc STR=55 CON=50 SIZ=60 DEX=50 Luck=60 "Fighting (Brawl)"=40 Dodge=25'  # HP 11
GHOUL = 'char new Ghoul kind=monster STR=80 CON=65 SIZ=65 DEX=65 "Fighting (Brawl)"=40 Dodge=32'  # HP 13, +1D4


@pytest.fixture
def eng() -> Engine:
    return engine("coc7", HARVEY, ADA, CULTIST, GHOUL)


def hp(eng: Engine, who: str) -> int:
    return eng.state.characters[who].current["HP"]


def conds(eng: Engine, who: str) -> tuple[str, ...]:
    return eng.state.characters[who].conditions


def fight(eng: Engine, *names: str) -> None:
    do(eng, "fight start")
    do(eng, "fight add " + " ".join(names))
    do(eng, "fight next")


@pytest.mark.rule(
    "COC-MELEE-01", "COC-FIREARM-02", "COC-MELEE-03", "COC-MELEE-05", "COC-MELEE-06", "COC-MELEE-13",
    "COC-COMBAT-01", "COC-COMBAT-02", "COC-FIREARM-06", "COC-FIREARM-09", "COC-FIREARM-11", "COC-PARTY-04",
)
def test_three_round_fight_from_command_text(eng: Engine):
    do(eng, "fight start In the crypt")
    do(eng, "fight add harvey ada cultist ghoul")
    (ev,) = [e for e in do(eng, "fight ready harvey") if isinstance(e, InitiativeOrdered)]
    assert ev.order == ("harvey", "ghoul", "ada", "cultist") and ev.initiative["harvey"] == 120
    assert ev.rules == ("COC-MELEE-01", "COC-FIREARM-02")
    do(eng, "attacks ghoul 2")
    do(eng, "fight next")  # round 1: Harvey

    # round 1
    do(eng, 'shoot harvey ghoul weapon=".38 revolver" range=10', 20, 6)  # hard success, 6 damage
    assert hp(eng, "ghoul") == 7
    do(eng, "fight next")  # the ghoul, two attacks
    do(eng, "melee ghoul ada response=dodge", 30, 50, 3, 2, 20)  # hit: 1D3 3 + 1D4 2 = 5 — a major wound
    assert hp(eng, "ada") == 5 and conds(eng, "ada") == ("major wound", "prone")  # CON 50: 20 holds
    do(eng, "melee ghoul harvey response=fight", 35, 20, 2, 1)  # Harvey wins fighting back: 2 + 1
    assert hp(eng, "ghoul") == 4
    assert "ghoul" not in [e.id for e in eng.state.encounter.combatants.values() if not e.acted]
    do(eng, "fight next")  # Ada
    do(eng, "flee ada")
    assert eng.state.encounter.combatants["ada"].out
    do(eng, "fight next")  # the cultist: Harvey has defended once — outnumbered, a bonus die
    (m,) = events_of(do(eng, "melee cultist harvey", 5, 10, 60, 10), CocMeleeResolved)
    assert m.outnumbered and m.bonus == 1 and m.attack.roll == 15 and m.attack.level == Level.HARD
    assert m.defence.level == Level.HARD and m.winner == "defender"  # a draw goes to the dodger
    assert eng.state.encounter.combatants["harvey"].counters["coc:defences"] == 2

    # round 2: counters cleared, Harvey aims, the ghoul wounds him (the aim is lost)
    do(eng, "fight next")
    assert eng.state.encounter.round == 2 and eng.state.encounter.combatants["harvey"].counters == {}
    do(eng, "take aim harvey")
    assert eng.state.encounter.combatants["harvey"].flags["coc:aim"] == 2
    do(eng, "fight next")  # the ghoul
    do(eng, "melee ghoul harvey", 90, 90)  # both fail
    evs = do(eng, "melee ghoul harvey", 0, 0, 30, 60, 3, 4, 40)  # outnumbered: 100 / 30 → 30; dodge 60 fails
    assert [type(e).__name__ for e in evs] == ["CocMeleeResolved", "DamageApplied", "ConditionAdded", "ConditionAdded",
                                               "CocConRolled", "CocAimed"]
    assert hp(eng, "harvey") == 5 and conds(eng, "harvey") == ("major wound", "prone")  # CON 60: 40 holds
    assert "coc:aim" not in eng.state.encounter.combatants["harvey"].flags
    do(eng, "fight next")  # Ada fled: the cultist
    do(eng, 'shoot cultist harvey weapon=".38 revolver" range=5', 80)  # miss

    # round 3: two handgun shots, a penalty die each; the second jams
    do(eng, "fight next")
    assert "no aim to use" in rejected(eng, 'shoot harvey ghoul weapon=".38 revolver" shots=2 --aim', 3, 10, 40, 7)
    (shots,) = events_of(
        do(eng, 'shoot harvey ghoul weapon=".38 revolver" shots=2', 3, 10, 40, 7, 0, 90, 0), CocShotsFired
    )
    assert [(s.roll.roll, s.penalty, s.hit, s.malfunction) for s in shots.shots] == [(43, 1, True, False), (100, 1, False, True)]
    assert shots.spent == 1 and shots.loaded == 4

    st = eng.state
    assert st.encounter.round == 3
    assert {c: (hp(eng, c), conds(eng, c)) for c in st.characters} == {
        "harvey": (5, ("major wound", "prone")),
        "ada": (5, ("major wound", "prone")),
        "cultist": (11, ()),
        "ghoul": (0, ("major wound", "prone", "dying", "unconscious")),
    }
    assert st.coc_ammo == {"harvey": {".38 revolver": 4}, "cultist": {".38 revolver": 5}}
    assert replayed(eng) == st
    do(eng, "fight next")  # the ghoul is dying: skipped; Ada fled: the cultist acts
    assert st.encounter is not None and eng.state.encounter.current == "cultist"


@pytest.mark.rule("COC-FIREARM-06", "COC-FIREARM-05")
def test_aim_then_shoot_next_round_gets_the_bonus_die(eng: Engine):
    fight(eng, "harvey", "cultist")
    do(eng, "take aim harvey")
    do(eng, "fight next")
    do(eng, 'shoot cultist harvey weapon=".38 revolver"', 90)
    do(eng, "fight next")  # round 2
    (ev,) = events_of(do(eng, 'shoot harvey cultist weapon=".38 revolver"', 5, 80, 10, 4), CocShotsFired)
    assert ev.modifiers == ("aim",) and ev.shots[0].roll.roll == 15 and ev.aim_used
    assert "coc:aim" not in eng.state.encounter.combatants["harvey"].flags


@pytest.mark.rule("COC-MANEUVER-01", "COC-MANEUVER-05")
def test_maneuver_knocks_down_and_build_can_forbid_it():
    eng = engine("coc7", ADA, 'char new Shoggoth kind=monster STR=400 CON=300 SIZ=400 DEX=30 Dodge=10')
    msg = rejected(eng, "maneuver ada shoggoth knock down")
    assert "cannot knock down Shoggoth" in msg and "3 or more Build bigger" in msg
    eng = engine("coc7", ADA, HARVEY)
    (ev,) = events_of(do(eng, "maneuver ada harvey knock down", 4, 10, 0, 50), CocManeuverResolved)
    # Harvey's Build is 1 bigger: one penalty die — units 4, tens 10 / 00 → 14, 4 → 14 (hard)
    assert ev.build_penalty == 1 and ev.attack.roll == 14 and ev.winner == "attacker"
    assert conds(eng, "harvey") == ("prone",)


@pytest.mark.rule("COC-MANEUVER-04", "COC-MELEE-04")
def test_counter_maneuver_disarms_the_attacker(eng: Engine):
    evs = do(eng, "melee cultist harvey weapon=knife counter=disarm", 35, 10)
    (m,) = events_of(evs, CocMeleeResolved)
    assert m.response == "maneuver" and m.winner == "defender" and m.goal == "disarm"
    assert conds(eng, "cultist") == ("disarmed",)


@pytest.mark.rule("COC-MELEE-02")
def test_surprise_auto_hit_and_notice(eng: Engine):
    evs = do(eng, "melee cultist ada weapon=club surprise=auto", 8, 20)  # a major wound: CON 20 holds
    (m,) = events_of(evs, CocMeleeResolved)
    assert m.attack is None and m.surprise == "auto hit" and hp(eng, "ada") == 2
    (m,) = events_of(do(eng, "melee cultist harvey surprise=auto notice=Listen", 15, 30, 50, 2), CocMeleeResolved)
    assert m.surprise == "noticed" and m.notice.roll == 15 and m.winner == "attacker"


@pytest.mark.rule("COC-FIREARM-07")
def test_fumble_into_melee_hits_the_ally_with_lowest_luck(eng: Engine):
    do(eng, "char new Bob STR=50 CON=50 SIZ=50 DEX=50 Luck=70")
    evs = do(eng, 'shoot ada ghoul weapon="thrown knife"', 10, 90, 3)  # thrown: dodge fails, hit
    assert events_of(evs, CocMeleeResolved)[0].winner == "attacker"
    # a .30-06 (malfunction 100): 99 fumbles for skill 25 but does not jam
    evs = do(eng, 'shoot ada ghoul weapon=".30-06 rifle" --melee allies=bob,harvey', 9, 90, 40, 1, 1, 20)
    (ev,) = events_of(evs, CocShotsFired)
    assert ev.shots[0].roll.roll == 99 and ev.shots[0].ally_hit == "harvey"  # Luck 50 < Bob's 70
    assert hp(eng, "harvey") == 12 - 6 and conds(eng, "harvey") == ("major wound", "prone")  # 2D6+4 = 6


@pytest.mark.rule("COC-AUTO-01", "COC-AUTO-05", "COC-AUTO-08", "COC-COMBAT-08")
def test_full_auto_two_targets_armour_per_bullet(eng: Engine):
    do(eng, 'armor ghoul 2 item="tough hide"')
    evs = do(eng, "auto harvey ghoul:4 cultist:4 weapon=thompson gap=2", 30, 5, 1, 0, 10, 80)
    (ev,) = events_of(evs, CocAutoFired)
    assert [(v.target, v.bullets, v.penalty) for v in ev.volleys] == [("ghoul", 4, 0), ("cultist", 4, 1)]
    assert [b.taken for b in ev.volleys[0].hits] == [5, 1]
    dmg = events_of(evs, DamageApplied)
    assert [(d.character, d.amount, d.armor) for d in dmg] == [("ghoul", 5, 2), ("ghoul", 1, 2)]
    assert hp(eng, "ghoul") == 7 and ev.spent == 10 and ev.gap_spent == 2
    assert eng.state.coc_ammo["harvey"]["thompson smg"] == 20


@pytest.mark.rule("COC-AUTO-04", "COC-AUTO-11", "COC-FIREARM-08")
def test_burst_jam_empty_magazine_and_reload(eng: Engine):
    assert "cannot fire bursts" in rejected(eng, "burst harvey ghoul weapon=thompson")
    assert "cannot fire full auto" in rejected(eng, 'auto harvey ghoul:3 weapon=".38 revolver"')
    (ev,) = do(eng, 'burst harvey ghoul weapon="m16 assault rifle"', 97)  # malfunction 97: a jam
    assert isinstance(ev, CocAutoFired) and ev.jammed and ev.spent == 0 and ev.loaded == 30
    evs = do(eng, 'burst harvey ghoul weapon="m16 assault rifle"', 20, 3, 4, 20)  # 20 hits; 7 of 13: CON 20
    assert events_of(evs, CocAutoFired)[0].spent == 3 and hp(eng, "ghoul") == 13 - 7
    for _ in range(6):
        do(eng, 'shoot harvey ghoul weapon=".38 revolver" range=30', 99)  # misses; 99 is no jam at 100
    assert "0 rounds loaded" in rejected(eng, 'shoot harvey ghoul weapon=".38 revolver"', 10)
    (r,) = do(eng, 'reload harvey weapon=".38 revolver" rounds=1')
    assert (r.kind, r.before, r.after, r.rounds) == ("shells", 0, 2, 1)
    (r,) = do(eng, 'reload harvey weapon=".38 revolver"')
    assert (r.before, r.after, r.rounds) == (2, 6, 2)
    assert "already full" in rejected(eng, 'reload harvey weapon=".38 revolver"')
    (r,) = do(eng, 'reload harvey weapon="m16 assault rifle"')
    assert (r.kind, r.rounds, r.before, r.after) == ("magazine", 1, 27, 30)


def test_bad_input_is_refused_clearly(eng: Engine):
    assert "did you mean 'Harvey'" in rejected(eng, "melee harvy ghoul")
    assert "did you mean 'knife'" in rejected(eng, "melee harvey ghoul weapon=knive")
    assert "cannot show 101" in rejected(eng, "melee harvey ghoul roll=101,20,2,2")
    assert "cannot show 11" in rejected(eng, 'shoot harvey ghoul weapon=".38 revolver" roll=20,11')
    assert "beyond four times" in rejected(eng, 'shoot harvey ghoul weapon=".38 revolver" range=61')
    assert "only a target with MOV 8+" in rejected(eng, 'shoot harvey cultist weapon=".38 revolver" --fast')
    assert "not a firearm modifier" in rejected(eng, 'shoot harvey ada weapon=".38 revolver" --blindfold')
    assert "close-combat weapon" in rejected(eng, "shoot harvey ada weapon=knife")
    assert "fires at most 3 shots" in rejected(eng, 'shoot harvey ada weapon=".38 revolver" shots=4')
    assert "response" in rejected(eng, "melee harvey ghoul response=hug")
    assert "Call of Cthulhu" in rejected(engine("fhtagn", "char new A", "char new B"), "melee a b")
    assert "fight back against a thrown weapon only within" in rejected(
        eng, 'shoot harvey ghoul weapon="thrown knife" range=5 response=fight')


@pytest.mark.rule("COC-MELEE-03")
def test_one_attack_a_round_unless_more_are_allowed(eng: Engine):
    fight(eng, "harvey", "ghoul")
    do(eng, "melee harvey ghoul", 90, 90)
    assert "already acted this round" in rejected(eng, "melee harvey ghoul", 90, 90)


@pytest.mark.rule("COC-MELEE-13")
def test_held_characters_cannot_flee(eng: Engine):
    fight(eng, "harvey", "cultist")
    do(eng, "cond add harvey held")
    assert "break free first" in rejected(eng, "flee harvey")
    (ev, freed) = do(eng, "maneuver harvey cultist break free", 10, 90)
    assert isinstance(ev, CocManeuverResolved) and ev.winner == "attacker"
    assert freed.condition == "held" and conds(eng, "harvey") == ()


@pytest.mark.rule("COC-FIREARM-06")
def test_aim_needs_a_running_fight(eng: Engine):
    assert "running fight" in rejected(eng, "take aim harvey")
    fight(eng, "harvey", "cultist")
    (ev,) = do(eng, "take aim harvey")
    assert isinstance(ev, CocAimed) and ev.round == 1


@pytest.mark.rule("COC-COMBAT-03", "COC-AUTO-03")
def test_log_round_trips_through_the_codec_and_replays(eng: Engine):
    from fhtagn_tui.domain.codec import decode_many, encode
    from fhtagn_tui.domain.history import fold

    do(eng, "auto harvey ghoul:4 cultist:4 weapon=thompson gap=2", 30, 5, 1, 0, 10, 80, 20)
    do(eng, "melee cultist harvey weapon=knife counter=disarm", 35, 10)
    (ev, *_) = do(eng, 'shoot harvey ghoul weapon=".38 revolver" --cover', 10, 3, 10, 20, 5)
    assert ev.dive.roll == 10 and ev.modifiers == ("cover",) and ev.shots[0].roll.roll == 23
    events = eng.sink.events
    back = decode_many([encode(e) for e in events])
    assert back == events and fold(back) == eng.state
