"""GURPS skills on their controlling attribute: relative levels, a change of attribute moving
every skill on it (GURPS-FRIGHT-37: a permanent IQ loss takes IQ skills and spells down), and
unarmed attacks rolled against DX or the best of Brawling, Boxing and Karate."""

from __future__ import annotations

import pytest

from fhtagn_tui.domain import skills
from fhtagn_tui.domain.features.campaign import DiceRolled, StatChanged
from fhtagn_tui.domain.features.fright import FrightResultApplied
from fhtagn_tui.domain.features.gurps_combat import GurpsAttackResolved
from fhtagn_tui.rules.gurps import combat as rules
from tests.helpers import do, engine, events_of, rejected, replayed

ILSE = ('char new Ilse ST=10 DX=11 IQ=12 HT=10 Occultism=13 Stealth=DX+1 Research=IQ '
        '"Spell (Deathvision)"=IQ-1 custom:"Cthulhu Lore"=IQ+2 Swimming=HT')
GHOUL = "char new Ghoul kind=monster ST=14 DX=11 IQ=8 HT=12"


def ilse(eng):  # noqa: ANN001, ANN201
    return eng.state.character("ilse")


def test_relative_levels_are_worked_out_from_the_attribute():
    eng = engine("gurps", ILSE)
    c = ilse(eng)
    assert c.skills == {"Occultism": 13, "Stealth": 12, "Research": 12, "Spell (Deathvision)": 11,
                        "Cthulhu Lore": 14, "Swimming": 10}
    assert c.skill_attrs == {"Cthulhu Lore": "IQ"}  # a new skill remembers its attribute
    assert skills.relative_text("gurps", c, "Stealth", 12) == "DX+1"
    assert skills.relative_text("gurps", c, "Spell (Deathvision)", 11) == "IQ−1"
    assert "Occultism 13 (IQ+1)" in skills.sheet_line("gurps", c)


def test_a_relative_level_on_the_wrong_attribute_is_refused():
    eng = engine("gurps", ILSE)
    msg = rejected(eng, "char set ilse Stealth=IQ+1")
    assert "Stealth is based on DX (DX/A), not IQ" in msg


def test_relative_levels_are_gurps_only():
    eng = engine("coc7", "char new Harvey")
    assert "relative to an attribute are GURPS" in rejected(eng, "char set harvey Listen=IQ+1")


@pytest.mark.rule("GURPS-FRIGHT-37")
def test_changing_an_attribute_moves_every_skill_on_it():
    eng = engine("gurps", ILSE)
    (ev,) = do(eng, "char set ilse IQ=11")
    assert isinstance(ev, StatChanged)
    assert "IQ-based skills move by -1" in ev.describe(eng.names)
    c = ilse(eng)
    assert c.skills == {"Occultism": 12, "Stealth": 12, "Research": 11, "Spell (Deathvision)": 10,
                        "Cthulhu Lore": 13, "Swimming": 10}
    do(eng, "char set ilse DX=13 HT=12")
    assert (ilse(eng).skills["Stealth"], ilse(eng).skills["Swimming"], ilse(eng).skills["Occultism"]) == (14, 12, 12)
    assert replayed(eng) == eng.state


@pytest.mark.rule("GURPS-FRIGHT-37")
def test_a_fright_result_of_40_plus_takes_iq_skills_and_spells_down_by_one():
    eng = engine("gurps", ILSE)
    evs = do(eng, "fright ilse mod=-20", 6, 6, 6, 6, 6, 6, 3)  # 18 vs −8 → MoF 26; 18 + 26 = 44; coma 3 h
    (res,) = events_of(evs, FrightResultApplied)
    assert res.entry == "GURPS-FRIGHT-37"  # type: ignore[attr-defined]
    assert [(s.stat, s.old, s.new) for s in events_of(evs, StatChanged)] == [("IQ", 12, 11)]
    c = ilse(eng)
    assert c.stats["IQ"] == 11
    assert (c.skills["Occultism"], c.skills["Research"], c.skills["Spell (Deathvision)"], c.skills["Cthulhu Lore"]) == (12, 11, 10, 13)
    assert (c.skills["Stealth"], c.skills["Swimming"]) == (12, 10)  # DX and HT skills stay
    do(eng, "time +3h")  # the coma's 3 hours (no test while in it), then the HT roll wakes her
    do(eng, "fright recover ilse", 3, 3, 3)
    (test,) = do(eng, "test ilse occultism", 4, 4, 4)
    assert isinstance(test, DiceRolled) and test.target == 12
    # a skill never learned follows too: its default is worked out from the new IQ
    (test,) = do(eng, "test ilse research", 4, 4, 4)
    assert test.target == 11
    assert replayed(eng) == eng.state


@pytest.mark.rule("GURPS-FRIGHT-03", "GURPS-FRIGHT-37")
def test_overriding_the_result_gives_iq_and_its_skills_back():
    eng = engine("gurps", ILSE)
    do(eng, "fright ilse mod=-20", 6, 6, 6, 6, 6, 6, 3)
    do(eng, "fright override ilse 5")
    c = ilse(eng)
    assert c.stats["IQ"] == 12 and c.skills["Occultism"] == 13 and c.skills["Spell (Deathvision)"] == 11


def test_absolute_levels_from_old_sheets_move_as_relative_levels_from_then_on():
    """A save from before stored Occultism 13 as a plain number: read as IQ+1 from creation."""
    eng = engine("gurps", "char new Old ST=10 DX=10 IQ=12 HT=10 Occultism=13 Guns=12")
    do(eng, "char set old IQ=10 DX=12")
    assert eng.state.character("old").skills == {"Occultism": 11, "Guns": 14}


@pytest.mark.rule("GURPS-DICE-01")
def test_a_punch_rolls_against_dx_not_dx_minus_4():
    eng = engine("gurps", ILSE, GHOUL)
    ev = events_of(do(eng, "attack ilse ghoul defend=none", 4, 4, 3, 2), GurpsAttackResolved)[0]
    assert (ev.weapon, ev.skill, ev.roll, ev.level) == ("punch", 11, 11, "success")  # DX 11, not 7


@pytest.mark.rule("GURPS-DICE-01")
@pytest.mark.parametrize(
    ("sheet", "punch", "kick"),
    [
        ("", 11, 9),
        ("Brawling=13", 13, 11),
        ("Boxing=15 Brawling=12", 15, 10),  # Boxing punches, but does not kick
        ("Karate=14 Boxing=13", 14, 12),
        ("Brawling=9", 11, 9),  # DX is better than a poor Brawling
    ],
)
def test_unarmed_attacks_use_the_best_of_dx_brawling_boxing_karate(sheet, punch, kick):
    eng = engine("gurps", f"{ILSE} {sheet}", GHOUL)
    ev = events_of(do(eng, "attack ilse ghoul defend=none", 6, 6, 6), GurpsAttackResolved)[0]
    assert ev.skill == punch
    ev = events_of(do(eng, "attack ghoul ilse defend=none", 6, 6, 6), GurpsAttackResolved)[0]
    assert ev.skill == 11  # the ghoul: DX 11, no unarmed skill
    assert rules.unarmed_skill(ilse(eng).skills, 11, kick=True)[0] == kick


@pytest.mark.rule("GURPS-DICE-01")
def test_a_weapon_skill_never_learned_uses_its_listed_default():
    eng = engine("gurps", ILSE, GHOUL)
    ev = events_of(do(eng, "attack ilse ghoul weapon=axe defend=none", 6, 6, 6), GurpsAttackResolved)[0]
    assert ev.skill == 6  # Axe/Mace DX/A: DX 11 − 5
    ev = events_of(do(eng, "attack ghoul ilse weapon=knife defend=none", 6, 6, 6), GurpsAttackResolved)[0]
    assert ev.skill == 7  # Knife DX/E: DX 11 − 4


def test_a_hidden_npcs_new_skills_and_their_attributes_stay_hidden_from_players():
    from fhtagn_tui.domain.public import public_log

    eng = engine("gurps", 'char new Priest kind=npc IQ=13 custom:"Dagon Lore"=IQ+2 --hidden')
    log = public_log(eng.sink.events)
    assert [e.text for e in log.entries if type(e.event).__name__ == "CharacterCreated"] == ["Priest appears (npc)"]
    priest = log.state.characters["priest"]
    assert priest.skills == {} and priest.skill_attrs == {} and priest.stats == {}
