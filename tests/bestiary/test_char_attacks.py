"""A character's own attacks: events, default attack, fighting back, templates (issue 17)."""

from __future__ import annotations

import pytest

from fhtagn_tui.domain.features.attacks import AttackAdded, AttackRemoved, CharacterNotesSet
from fhtagn_tui.domain.features.coc_combat import CocMeleeResolved
from fhtagn_tui.domain.features.fh_combat import AttackResolved
from fhtagn_tui.domain.public import public_events
from tests.helpers import do, engine, events_of, rejected, replayed

GHOUL = 'char new Ghoul kind=monster STR=80 CON=65 SIZ=65 DEX=65 "Fighting (Claw)"=40 Dodge=32'
ADA = 'char new Ada STR=50 CON=50 SIZ=50 DEX=60 POW=50 "Fighting (Brawl)"=30 Dodge=30'


def coc() -> object:
    return engine("coc7", GHOUL, ADA,
                  'char attack add ghoul Claw skill="Fighting (Claw)" damage=1d6+DB kind=melee apr=2')


def test_attack_added_is_an_event_folded_into_the_character_and_replayed():
    eng = coc()
    (w,) = eng.state.characters["ghoul"].attacks
    assert (w.name, w.skill, w.damage, w.db, w.per_round, w.kind) == ("Claw", "Fighting (Claw)", "1d6", "full", 2, "melee")
    assert replayed(eng) == eng.state
    ev = eng.sink.events[-1]
    assert isinstance(ev, AttackAdded)
    assert "Claw (Fighting (Claw), 1d6+DB, 2 per round)" in ev.describe(eng.names)


@pytest.mark.rule("COC-MELEE-05", "COC-MELEE-03")
def test_ghoul_attacks_with_its_claw_at_40_not_unarmed_at_25():
    eng = coc()
    (ev,) = events_of(do(eng, "melee ghoul ada response=dodge", 39, 90, 5, 3, 20), CocMeleeResolved)
    assert ev.weapon == "Claw"
    assert ev.attack.skill == 40
    assert ev.damage == 5 + 3  # 1d6 + the ghoul's DB (1d4)
    assert eng.state.characters["ada"].current["HP"] == 10 - 8


@pytest.mark.rule("COC-MELEE-06")
def test_ghoul_fights_back_with_its_claw_by_default():
    eng = coc()
    (ev,) = events_of(do(eng, "melee ada ghoul response=fight", 29, 20, 4, 2, 20), CocMeleeResolved)
    assert ev.defence.skill == 40  # the claw's skill, not Fighting (Brawl) 25
    assert ev.damage == 4 + 2  # the claw's 1d6 + DB lands on Ada


def test_weapon_claw_works_without_a_campaign_weapon():
    eng = coc()
    (ev,) = events_of(do(eng, "melee ghoul ada weapon=claw response=none", 10, 2, 1), CocMeleeResolved)
    assert ev.weapon == "Claw"
    assert "claw" not in eng.state.armory.weapons


@pytest.mark.rule("COC-MELEE-03")
def test_attacks_per_round_come_from_the_attack():
    eng = coc()
    do(eng, "fight start")
    do(eng, "fight add ghoul ada")
    do(eng, "fight next")
    while eng.state.encounter.current != "ghoul":
        do(eng, "fight next")
    do(eng, "melee ghoul ada response=none", 90)  # two misses; the second attack is allowed
    do(eng, "melee ghoul ada response=none", 90)
    msg = rejected(eng, "melee ghoul ada response=none", 90)
    assert "2 of 2 attacks" in msg


def test_fhtagn_attack_uses_the_default_and_fights_back_with_it():
    eng = engine("fhtagn", "char new Hound kind=monster STR=14 CON=12 DEX=13 Claws=55",
                 "char new Ada STR=10 CON=10 DEX=10 \"Unarmed Combat\"=40",
                 "char attack add hound Claws skill=Claws damage=1d8")
    (ev,) = events_of(do(eng, "attack ada hound fight", 30, 20, 2), AttackResolved)
    assert ev.defence_target == 55  # fights back with its claws, not Unarmed Combat
    (ev,) = events_of(do(eng, "attack hound ada", 30, 1), AttackResolved)
    assert ev.weapon == "Claws" and ev.attack_target == 55


def test_gurps_attack_defaults_to_own_attack():
    eng = engine("gurps", "char new Wolf kind=monster ST=12 DX=13 Brawling=14",
                 "char new Ilse ST=10 DX=10", 'char attack add wolf Bite skill=Brawling damage="thr+1 cut"')
    w = eng.state.characters["wolf"].attacks[0]
    assert (w.damage, w.damage_type) == ("thr+1", "cut")
    evs = do(eng, "attack wolf ilse defend=none", 3, 3, 4, 2)
    assert "Bite" in evs[0].describe(eng.names)


def test_default_flag_puts_it_first_and_remove_takes_it_away():
    eng = coc()
    do(eng, 'char attack add ghoul Bite skill="Fighting (Claw)" damage=1d4 --default')
    assert [w.name for w in eng.state.characters["ghoul"].attacks] == ["Bite", "Claw"]
    (ev,) = events_of(do(eng, "char attack remove ghoul bi"), AttackRemoved)
    assert ev.name == "Bite"
    assert [w.name for w in eng.state.characters["ghoul"].attacks] == ["Claw"]
    do(eng, "undo")
    assert [w.name for w in eng.state.characters["ghoul"].attacks] == ["Bite", "Claw"]


@pytest.mark.parametrize(("line", "words"), [
    ('char attack add ghoul Claw skill="Fighting (Claw)" damage=1d6+DB kind=melee apr=2', "already has"),
    ("char attack add ghoul Tail skill=Fighting damage=zz", "damage=zz"),
    ("char attack add ghoul Tail skill=Fighting damage=1d6 apr=12", "1–9"),
    ("char attack add ghoul Tail skill=Fighting damage=1d6 kind=laser", "kind=laser"),
    ("char attack add ghoul Tail damage=1d6", "skill="),
    ("char attack remove ghoul wing", "no attack 'wing'"),
    ("char attack add nobody Tail skill=Fighting damage=1d6", "nobody"),
])
def test_bad_attacks_are_refused_and_change_nothing(line, words):
    assert words in rejected(coc(), line)


def test_gurps_attack_needs_a_damage_type():
    eng = engine("gurps", "char new Wolf kind=monster ST=12")
    assert "damage type" in rejected(eng, "char attack add wolf Bite skill=Brawling damage=1d")


def test_template_carries_attacks_to_spawned_characters():
    eng = coc()
    do(eng, "template add Ghoul kind=monster from=ghoul")
    assert [w.name for w in eng.state.templates["ghoul"].attacks] == ["Claw"]
    do(eng, "fight start")
    do(eng, "fight add 2 ghoul")
    assert [w.name for w in eng.state.characters["ghoul 2"].attacks] == ["Claw"]
    assert "Claw" in eng.execute("template show ghoul").answer


def test_notes_are_secret_and_shown_on_char_show():
    eng = coc()
    (ev,) = do(eng, "char notes ghoul Hides under the chapel.")
    assert isinstance(ev, CharacterNotesSet) and ev.secret
    do(eng, "char notes ghoul + Fears fire")
    assert eng.state.characters["ghoul"].notes == "Hides under the chapel.\nFears fire"
    assert not any(isinstance(e, CharacterNotesSet) for e in public_events(eng.sink.events))
    shown = eng.execute("char show ghoul").answer
    assert "Claw (Fighting (Claw) 40%) 1d6+DB ×2" in shown and "Fears fire" in shown
    do(eng, "char notes ghoul --")
    assert eng.state.characters["ghoul"].notes == ""
