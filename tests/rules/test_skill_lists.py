"""Standard skill lists per system: every listed skill on a new character at its base, tests
of skills never raised against that base, specialities, and near-miss names refused."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fhtagn_tui.domain import skills
from fhtagn_tui.domain.features.campaign import DiceRolled, SkillChanged
from fhtagn_tui.domain.history import fold
from fhtagn_tui.domain.state import Character
from fhtagn_tui.rules.coc.skills import SKILLS as COC
from fhtagn_tui.rules.fhtagn.skills import SKILLS as FHTAGN
from fhtagn_tui.rules.gurps.skills import SKILLS as GURPS
from fhtagn_tui.rules.skills import gurps_default, percentile_base
from fhtagn_tui.service import Engine
from tests.helpers import do, engine, rejected, replayed

NEW = {
    "fhtagn": "char new Ada STR=10 CON=11 DEX=13 INT=16 POW=14 CHA=11",
    "coc7": "char new Harvey STR=50 CON=60 SIZ=65 DEX=55 APP=50 INT=80 POW=60 EDU=85",
    "gurps": "char new Ilse ST=10 DX=11 IQ=12 HT=10",
}
WHO = {"fhtagn": "ada", "coc7": "harvey", "gurps": "ilse"}


def char(eng: Engine, system: str) -> Character:
    found = eng.state.character(WHO[system])
    assert found is not None
    return found


@pytest.mark.parametrize("system", ["fhtagn", "coc7"])
def test_every_listed_skill_is_on_a_new_character_at_its_base(system):
    eng = engine(system, NEW[system])
    c = char(eng, system)
    assert c.skills == {}  # nothing written down …
    sheet = skills.sheet_skills(system, c)
    listed = {"fhtagn": FHTAGN, "coc7": COC}[system].sheet
    assert len(listed) >= 35
    for skill in listed:  # … yet every listed skill is there, at its base
        assert sheet[skill.name] == percentile_base(skill, c.stats), skill.name
    assert skills.raised(system, c) == []
    assert skills.at_base(system, c) == len(listed)


def test_coc_derived_bases_dodge_half_dex_and_own_language_edu():
    eng = engine("coc7", NEW["coc7"])
    sheet = skills.sheet_skills("coc7", char(eng, "coc7"))
    assert (sheet["Dodge"], sheet["Language (Own)"]) == (27, 85)  # DEX 55 // 2, EDU 85
    assert (sheet["Spot Hidden"], sheet["Listen"], sheet["Fighting (Brawl)"], sheet["Credit Rating"]) == (25, 20, 25, 0)
    do(eng, "char set harvey DEX=70")
    assert skills.sheet_skills("coc7", char(eng, "coc7"))["Dodge"] == 35  # derived: follows DEX


def test_fhtagn_bases_are_the_delta_green_family_values():
    eng = engine("fhtagn", NEW["fhtagn"])
    sheet = skills.sheet_skills("fhtagn", char(eng, "fhtagn"))
    assert {k: sheet[k] for k in ("Alertness", "Athletics", "Dodge", "Firearms", "Unarmed Combat",
                                  "Melee Weapons", "Search", "Unnatural", "HUMINT")} == {
        "Alertness": 20, "Athletics": 30, "Dodge": 30, "Firearms": 20, "Unarmed Combat": 40,
        "Melee Weapons": 30, "Search": 20, "Unnatural": 0, "HUMINT": 10}


def test_every_gurps_skill_with_a_default_is_on_a_new_character_at_that_default():
    eng = engine("gurps", NEW["gurps"])
    c = char(eng, "gurps")
    sheet = skills.sheet_skills("gurps", c)
    for skill in GURPS.sheet:
        default = gurps_default(skill, c.stats)
        if default is None:
            assert skill.name not in sheet  # Brawling, Boxing, Karate, Jumping: no default
        else:
            assert sheet[skill.name] == default, skill.name
    # DX 11, IQ 12: Stealth defaults to the better of DX−5 and IQ−5; Guns to DX−4
    assert (sheet["Stealth"], sheet["Guns (Pistol)"], sheet["Occultism"], sheet["Observation"]) == (7, 7, 7, 7)


@pytest.mark.rule("FH-DICE-01")
def test_fhtagn_test_of_a_skill_never_raised_rolls_against_its_base():
    eng = engine("fhtagn", NEW["fhtagn"])
    ev, *_ = do(eng, "test ada Alertness", 20)
    assert isinstance(ev, DiceRolled)
    assert (ev.label, ev.target, ev.level, ev.note) == ("Alertness", 20, "success", "base, never raised")
    ev, *_ = do(eng, "test ada Alertness", 21)
    assert ev.level == "failure"


@pytest.mark.rule("COC-DICE-01")
def test_coc_test_of_a_skill_never_raised_rolls_against_its_base():
    eng = engine("coc7", NEW["coc7"])
    ev, *_ = do(eng, "test harvey Listen", 20)
    assert (ev.label, ev.target, ev.level) == ("Listen", 20, "regular")
    ev, *_ = do(eng, 'test harvey "Language (Own)"', 17)  # EDU 85: 17 is an extreme success
    assert (ev.target, ev.level) == (85, "extreme")
    ev, *_ = do(eng, "test harvey dodge", 28)
    assert (ev.label, ev.target, ev.level) == ("Dodge", 27, "failure")


@pytest.mark.rule("GURPS-DICE-01")
def test_gurps_test_of_a_skill_never_learned_rolls_against_its_default():
    eng = engine("gurps", NEW["gurps"])
    ev, *_ = do(eng, "test ilse Stealth", 2, 2, 3)  # 7 vs default 7 (IQ 12 − 5)
    assert (ev.label, ev.target, ev.level, ev.note) == ("Stealth", 7, "success", "default, never learned")
    msg = rejected(eng, "test ilse Karate", 3, 3, 3)
    assert "has not learned Karate, which has no default" in msg


@pytest.mark.rule("COC-DICE-01")
def test_coc_a_specialty_the_sheet_gives_only_as_its_bare_family_is_tested_at_the_familys_value():
    """A stat block's "Firearms 40%": a test of Firearms (Handgun) rolls against 40, not the base 20."""
    eng = engine("coc7", NEW["coc7"] + " Firearms=40")
    assert char(eng, "coc7").skills == {"Firearms": 40}  # kept as written: no refusal
    ev, *_ = do(eng, 'test harvey "Firearms (Handgun)"', 35)
    assert (ev.label, ev.target, ev.level) == ("Firearms", 40, "regular")
    ev, *_ = do(eng, "test harvey firearms", 41)
    assert (ev.label, ev.target, ev.level) == ("Firearms", 40, "failure")


@pytest.mark.rule("GURPS-DICE-01")
def test_gurps_a_specialty_the_sheet_gives_only_as_its_bare_family_is_tested_at_the_familys_value():
    eng = engine("gurps", NEW["gurps"] + " Guns=14")
    ev, *_ = do(eng, 'test ilse "Guns (Pistol)"', 4, 5, 5)  # 14 vs 14: a success (the default DX−4 fails)
    assert (ev.label, ev.target, ev.level) == ("Guns", 14, "success")


def test_a_raised_skill_is_stored_and_tested_at_its_value():
    eng = engine("coc7", NEW["coc7"] + ' "Spot Hidden"=60')
    c = char(eng, "coc7")
    assert c.skills == {"Spot Hidden": 60}
    assert skills.raised("coc7", c) == [("Spot Hidden", 60)]
    assert skills.sheet_line("coc7", c) == f"Spot Hidden 60% · {len(COC.sheet) - 1} more at base"
    ev, *_ = do(eng, "test harvey spot", 60)
    assert (ev.label, ev.target, ev.note) == ("Spot Hidden", 60, "")


def test_a_skill_written_at_its_base_is_not_shown_as_raised():
    eng = engine("fhtagn", NEW["fhtagn"] + ' "Unarmed Combat"=40 Firearms=45')
    assert skills.raised("fhtagn", char(eng, "fhtagn")) == [("Firearms", 45)]


@pytest.mark.parametrize(
    ("system", "written", "stored", "base"),
    [
        ("coc7", "Fighting (Brawl)", "Fighting (Brawl)", 25),
        ("coc7", "fighting (sword)", "Fighting (Sword)", 20),
        ("coc7", "Language (Latin)", "Language (Latin)", 1),
        ("coc7", "Science (Botany)", "Science (Botany)", 1),
        ("coc7", "Craft (Carpentry)", "Craft (Carpentry)", 5),
        ("coc7", "Art/Craft (Painting)", "Art/Craft (Painting)", 5),
        ("coc7", "Survival (Desert)", "Survival (Desert)", 10),
        ("fhtagn", "Craft (Electrician)", "Craft (Electrician)", 0),
        ("fhtagn", "Foreign Language (Russian)", "Foreign Language (Russian)", 0),
        ("fhtagn", "science  (biology)", "Science (biology)", 0),
    ],
)
def test_specialised_skills_are_accepted_with_the_familys_base(system, written, stored, base):
    who = WHO[system]
    eng = engine(system, NEW[system])
    found = skills.value_of(system, char(eng, system), written)
    assert found == (stored, base)
    do(eng, f'char set {who} "{written}=33"')
    assert char(eng, system).skills == {stored: 33}


@pytest.mark.parametrize(
    ("system", "line", "suggestion"),
    [
        ("fhtagn", "char set ada Unarmed=50", "'Unarmed Combat'"),
        ("fhtagn", "char set ada Firearm=50", "'Firearms'"),
        ("coc7", 'char set harvey "Spot Hiden=50"', "'Spot Hidden'"),
        ("coc7", 'char set harvey "Fightng (Claw)=50"', "'Fighting (Claw)'"),
        ("coc7", "char set harvey Libary=50", "'Library Use'"),
        ("gurps", "char set ilse Stelth=12", "'Stealth'"),
        ("gurps", "char set ilse Brawl=12", "'Brawling'"),
    ],
)
def test_a_near_miss_skill_name_is_refused_with_the_suggestion(system, line, suggestion):
    eng = engine(system, NEW[system])
    msg = rejected(eng, line)
    assert "is not a listed skill" in msg
    assert f"did you mean {suggestion}" in msg
    assert "custom:" in msg


def test_new_character_with_a_near_miss_is_refused_too():
    eng = engine("fhtagn")
    msg = rejected(eng, "char new Ada Unarmed=50")
    assert "did you mean 'Unarmed Combat'" in msg
    assert eng.state.characters == {}


def test_custom_or_new_skill_confirms_a_name_close_to_a_listed_one():
    eng = engine("fhtagn", NEW["fhtagn"])
    (ev,) = do(eng, "char set ada custom:Unarmed=50")
    assert isinstance(ev, SkillChanged) and (ev.skill, ev.new) == ("Unarmed", 50)
    do(eng, 'char set ada custom:"Basket Weavin"=20 Firearm=30 --new-skill')
    assert char(eng, "fhtagn").skills == {"Unarmed": 50, "Basket Weavin": 20, "Firearm": 30}
    # and the attack still uses the real Unarmed Combat at its base, the "11 vs 40" made visible
    ev, *_ = do(eng, "test ada unarmed combat", 11)
    assert (ev.label, ev.target) == ("Unarmed Combat", 40)


def test_a_name_far_from_every_listed_skill_is_a_new_skill():
    eng = engine("coc7", NEW["coc7"])
    do(eng, 'char set harvey "Underwater Basket Weaving=30"')
    assert char(eng, "coc7").skills == {"Underwater Basket Weaving": 30}


def test_listed_names_are_stored_in_their_own_spelling():
    eng = engine("coc7", NEW["coc7"] + ' "spot  hidden"=55 "LIBRARY USE"=40')
    assert char(eng, "coc7").skills == {"Spot Hidden": 55, "Library Use": 40}


def test_removing_a_skill_puts_it_back_at_its_base():
    eng = engine("coc7", NEW["coc7"] + ' "Spot Hidden"=60')
    do(eng, 'char set harvey "Spot Hidden=--"')
    assert char(eng, "coc7").skills == {}
    ev, *_ = do(eng, "test harvey spot", 30)
    assert ev.target == 25
    assert replayed(eng) == eng.state


def test_an_ambiguous_skill_lists_the_candidates():
    eng = engine("coc7", NEW["coc7"])
    msg = rejected(eng, "test harvey firearms", 5)
    assert "could be more than one skill" in msg and "Firearms (Handgun)" in msg and "Firearms (Rifle/Shotgun)" in msg


def test_of_several_fitting_skills_the_one_on_the_sheet_is_meant():
    eng = engine("coc7", NEW["coc7"] + ' "Firearms (Handgun)"=55')
    ev, *_ = do(eng, "test harvey firearms", 40)
    assert (ev.label, ev.target) == ("Firearms (Handgun)", 55)


def test_old_saves_with_unlisted_skills_still_fold():
    """A log written before the lists keeps its skills as they were: the evolver checks nothing."""
    eng = engine("fhtagn", NEW["fhtagn"])
    from fhtagn_tui.domain.features.campaign import CharacterCreated

    old = CharacterCreated(id="bob", name="Bob", kind="agent", stats=dict(char(eng, "fhtagn").stats),
                           skills={"Unarmed": 50, "Computers": 60}, seq=99)
    state = fold([*eng.sink.events, old])  # type: ignore[attr-defined]
    bob = state.character("bob")
    assert bob is not None and bob.skills == {"Unarmed": 50, "Computers": 60}
    assert skills.value_of("fhtagn", bob, "Computers") == ("Computers", 60)


def test_combat_reads_the_same_lists():
    from fhtagn_tui.rules.coc.combat import SKILL_BASES
    from fhtagn_tui.rules.fhtagn.combat import SKILL_BASE

    assert SKILL_BASE["Unarmed Combat"] == 40 and SKILL_BASE["Search"] == 20
    assert SKILL_BASES["Fighting (Brawl)"] == 25 and SKILL_BASES["Stealth"] == 20


@pytest.mark.rule("COC-CHASE-29")
def test_chase_rolls_read_the_sheet_by_any_word_then_the_list_and_npcs_their_dex():
    from fhtagn_tui.domain.features.chase.resolve import skill_value

    eng = engine("coc7", NEW["coc7"] + ' "Spot Hidden"=70', "char new Cultist kind=npc DEX=60 Stealth=45")
    harvey, cultist = eng.state.character("harvey"), eng.state.character("cultist")
    assert skill_value(harvey, "spot") == ("Spot Hidden", 70, ())
    assert skill_value(harvey, "stealth") == ("Stealth", 20, ())  # never raised: the base
    assert skill_value(cultist, "stealth") == ("Stealth", 45, ())
    assert skill_value(cultist, "Climb") == ("Climb", 30, ("COC-CHASE-29",))  # not on its block: half DEX


@given(st.data())
@settings(max_examples=60, deadline=None)
def test_any_listed_skill_never_raised_is_tested_at_its_base(data):
    """A universal promise: on a new character, every skill of the list tests at its base."""
    system = data.draw(st.sampled_from(["fhtagn", "coc7", "gurps"]))
    listed = {"fhtagn": FHTAGN, "coc7": COC, "gurps": GURPS}[system]
    eng = _ENGINES.setdefault(system, engine(system, NEW[system]))
    c = char(eng, system)
    skill = data.draw(st.sampled_from([s for s in listed.sheet if system != "gurps" or gurps_default(s, c.stats) is not None]))
    want = gurps_default(skill, c.stats) if system == "gurps" else percentile_base(skill, c.stats)
    dice = [3, 3, 3] if system == "gurps" else [50]
    ev = eng.execute(f'test {WHO[system]} "{skill.name}"', dice=dice).events[0]
    assert (ev.label, ev.target) == (skill.name, max(1, min(99, want)) if system == "fhtagn" else want)  # type: ignore[attr-defined]


_ENGINES: dict[str, Engine] = {}


def test_the_skills_command_lists_the_system_and_one_sheet():
    eng = engine("coc7", NEW["coc7"] + ' "Spot Hidden"=60')
    listing = eng.execute("skills").answer
    assert "Dodge                      DEX ÷ 2" in listing and "Science (…)" in listing
    sheet = eng.execute("skills harv").answer
    assert sheet.startswith("Harvey: Spot Hidden 60% · ")
    assert " * Spot Hidden" in sheet and "   Listen                     20%" in sheet
    gurps = engine("gurps", NEW["gurps"]).execute("skills").answer
    assert "Stealth                    DX/A, default DX−5 or IQ−5" in gurps and "Brawling, Boxing, Karate" in gurps
