"""Skill play through the Engine (commands, events, state, undo): push, consequence, Luck, opposed and
combined rolls, Luck spending, checks and marks, the development phase as one action; COC-MANEUVER-06 and
COC-PARTY-05 in play. Forced dice, exact outcomes, refusals that change nothing."""

from __future__ import annotations

import pytest

from fhtagn_tui.domain.features.campaign import DiceRolled, PoolChanged
from fhtagn_tui.domain.features.coc_combat import CocManeuverResolved
from fhtagn_tui.domain.features.coc_insanity import CumulativeLossUpdated
from fhtagn_tui.domain.features.skill_play import (
    CheckMarked,
    ChecksCleared,
    CombinedRolled,
    DevelopmentPhase,
    LuckRecovered,
    LuckSpent,
    OpposedRolled,
    PushConsequence,
    RollPushed,
    SkillDeveloped,
)
from fhtagn_tui.domain.public import public_events
from tests.helpers import do, engine, events_of, rejected, replayed

ADA = ('char new Ada STR=50 CON=50 SIZ=50 DEX=60 APP=50 INT=70 POW=60 EDU=70 Luck=45 "Library Use"=60 '
       '"Stealth"=40 "Credit Rating"=30')
WATCH = 'char new Watchman kind=npc STR=60 CON=60 SIZ=60 DEX=50 POW=50 Listen=50'
AGENT = 'char new Ada STR=10 CON=10 DEX=12 INT=14 POW=12 CHA=10 Stealth=40 Alertness=50'
GUARD = 'char new Guard kind=npc STR=12 CON=12 DEX=10 INT=10 POW=10 CHA=10 Alertness=40'


def coc(*more: str):
    return engine("coc7", ADA, WATCH, *more)


@pytest.mark.rule("COC-DICE-06", "COC-DEV-01")
def test_push_a_failed_library_use_and_the_keepers_consequence():
    eng = coc()
    roll, noted = do(eng, "test ada Library Use", 75)
    assert isinstance(roll, DiceRolled) and "may push Library Use" in noted.describe({"ada": "Ada"})
    (push,) = do(eng, 'push ada "reads the marginalia all night"', 81)
    assert isinstance(push, RollPushed)
    assert (push.skill, push.target, push.total, push.success, push.reason) == (
        "Library Use", 60, 81, False, "reads the marginalia all night")
    assert [(r.die, r.value) for r in push.dice] == [("d100", 81)]
    assert "a roll is pushed once" in rejected(eng, 'push ada "again"', 10)
    (cons,) = do(eng, 'consequence ada "the librarian calls the police"')
    assert isinstance(cons, PushConsequence) and cons.words == "the librarian calls the police"
    assert "COC-DICE-06" in rejected(eng, 'push ada "again"', 10)  # the pushed roll stays pushed
    assert "no failed push" in rejected(eng, 'consequence ada "more"')
    # a push that succeeds earns the experience check; same difficulty and dice as the roll pushed
    do(eng, "test ada Library Use difficulty=hard penalty=1", 5, 4, 3)  # units 5, tens 40/30: 45 fails hard
    push, check = do(eng, 'push ada "asks the archivist"', 5, 1, 2)  # units 5, tens 10, 20: 25 ≤ 30
    assert (push.total, push.difficulty, push.penalty, push.success) == (25, "hard", 1, True)
    assert isinstance(check, CheckMarked) and check.skill == "Library Use"
    assert eng.state.characters["ada"].dev.checks == ("Library Use",)
    assert replayed(eng) == eng.state


@pytest.mark.rule("COC-DICE-06")
def test_push_refusals_change_nothing():
    eng = coc()
    assert "no failed roll" in rejected(eng, 'push ada "try"', 10)
    do(eng, "test ada Library Use", 30)
    assert "no failed roll" in rejected(eng, 'push ada "try"', 10)  # a success: nothing to push
    do(eng, "test ada Library Use", 100)
    assert "fumbled" in rejected(eng, 'push ada "try"', 10)
    do(eng, "luck ada", 80)
    assert "Luck roll is never pushed" in rejected(eng, 'push ada "try"', 10)
    do(eng, "test ada SAN", 99)
    assert "SAN roll is never pushed" in rejected(eng, 'push ada "try"', 10)
    do(eng, "test ada Dodge", 90)
    assert "combat rolls are never pushed" in rejected(eng, 'push ada "try"', 10)
    do(eng, "test ada Cthulhu Mythos", 50)
    assert "Cthulhu Mythos roll is never pushed" in rejected(eng, 'push ada "try"', 10)
    do(eng, "test ada STR", 80)
    assert "does differently" in rejected(eng, "push ada", 10)
    fh = engine("fhtagn", AGENT)
    do(fh, "test ada Stealth", 80)
    assert "Call of Cthulhu rule (COC-DICE-06)" in rejected(fh, 'push ada "try"', 10)


@pytest.mark.rule("COC-DICE-06")
def test_a_secret_roll_pushed_stays_secret():
    eng = coc()
    eng.execute("test ada Library Use secret", dice=[75])
    (push,) = do(eng, 'push ada "again"', 90)
    assert push.secret
    (cons,) = do(eng, 'consequence ada "they are seen"')
    assert cons.secret
    assert not [e for e in public_events(eng.sink.events) if isinstance(e, (RollPushed, PushConsequence))]


@pytest.mark.rule("COC-DICE-07", "FH-DEV-01")
def test_luck_rolls_fhtagn_flat_fifty_coc_lowest_of_the_group():
    eng = coc('char new Bob STR=50 CON=50 SIZ=50 DEX=50 POW=50 Luck=30')
    (r,) = do(eng, "luck ada", 45)
    assert (r.label, r.target, r.level, r.character) == ("Luck", 45, "regular", "ada")
    r, _noted = do(eng, "luck ada bob", 31)
    assert (r.character, r.target, r.level) == ("bob", 30, "failure") and "lowest Luck" in r.note
    fh = engine("fhtagn", AGENT, GUARD)
    (r,) = do(fh, "luck ada", 50)
    assert (r.target, r.level, r.rules[0]) == (50, "success", "FH-DEV-01")
    (r,) = do(fh, "luck guard ada", 51)
    assert (r.character, r.level) == ("guard", "failure") and "guard" not in fh.state.characters["guard"].dev.checks
    assert "has none" in rejected(engine("gurps", "char new Gus ST=10 DX=10 IQ=10 HT=10"), "luck gus", 10)


@pytest.mark.rule("COC-DICE-10", "COC-DEV-01")
def test_coc_opposed_stealth_vs_listen_checks_the_winner():
    eng = coc()
    ev, check = do(eng, "oppose ada Stealth vs watchman Listen", 15, 40)  # hard 15 vs regular 40
    assert isinstance(ev, OpposedRolled) and (ev.active_level, ev.defender_level, ev.winner) == ("hard", "regular", "ada")
    assert isinstance(check, CheckMarked) and check.skill == "Stealth"
    ev, check = do(eng, "oppose ada Stealth vs watchman Listen", 30, 30)  # both regular: the higher skill
    assert ev.winner == "watchman" and (check.character, check.skill) == ("watchman", "Listen")
    (ev,) = do(eng, "oppose ada Stealth vs watchman Listen", 15, 10)  # checked once only
    assert ev.winner == "watchman"
    assert "vs" in rejected(eng, "oppose ada Stealth watchman Listen")
    assert "named twice" in rejected(eng, "oppose ada Stealth vs ada Listen", 1, 2)


@pytest.mark.rule("FH-DEV-02", "FH-DEV-03")
def test_fhtagn_opposed_and_marks_on_failure():
    eng = engine("fhtagn", AGENT, GUARD)
    ev, mark = do(eng, "oppose ada Stealth vs guard Alertness", 60, 30)
    assert (ev.active_level, ev.defender_level, ev.winner) == ("failure", "success", "guard")
    assert isinstance(mark, CheckMarked) and (mark.character, mark.skill, mark.rules) == ("ada", "Stealth", ("FH-DEV-03",))
    ev, mark = do(eng, "oppose ada Stealth vs guard Alertness", 70, 80)  # both fail: the status quo; Ada marked once
    assert ev.winner == "" and (mark.character, mark.skill) == ("guard", "Alertness")
    (d, m) = do(eng, "test ada Alertness", 70)
    assert isinstance(m, CheckMarked)
    assert do(eng, "test ada CON", 99)[1:] == []  # a stat test never marks
    assert do(eng, "test ada SAN", 99)[1:] == []


@pytest.mark.rule("GURPS-DICE-04")
def test_gurps_quick_contest():
    eng = engine("gurps", "char new Gus ST=10 DX=12 IQ=10 HT=10 Stealth=13", "char new Guard kind=npc ST=10 DX=10 IQ=11 HT=10")
    (ev,) = do(eng, "oppose gus Stealth vs guard Per", 3, 4, 3, 4, 4, 4)  # 10 vs 13 (margin 3), 12 vs 11
    assert (ev.active_roll, ev.defender_roll, ev.winner) == (10, 12, "gus")
    (ev,) = do(eng, "oppose gus Stealth vs guard Per", 4, 4, 4, 3, 3, 3)  # margins 1 and 2
    assert ev.winner == "guard"
    (ev,) = do(eng, "oppose gus Stealth vs guard Per", 4, 4, 4, 3, 3, 4)  # margins 1 and 1: the status quo
    assert ev.winner == "" and "status quo" in ev.describe({})


@pytest.mark.rule("COC-DICE-08")
def test_combined_roll_command():
    eng = coc()
    ev, c1 = do(eng, "combine ada Library Use, Stealth:hard need=all", 25)
    assert isinstance(ev, CombinedRolled)
    assert (ev.levels, ev.success) == (("hard", "regular (needed hard)"), False)
    assert [c.skill for c in events_of([c1], CheckMarked)] == ["Library Use"]
    (ev,) = do(eng, "combine ada Library Use, Stealth:hard need=any", 25)
    assert ev.success
    assert "two or more" in rejected(eng, "combine ada Library Use need=all", 10)
    assert "need=all or need=any" in rejected(eng, "combine ada Library Use, Stealth", 10)


@pytest.mark.rule("COC-DICE-09")
def test_spending_luck_is_a_campaign_setting_off_by_default():
    eng = coc()
    do(eng, "test ada Library Use", 68)
    assert "off in this campaign" in rejected(eng, "luck spend ada")
    do(eng, "campaign set luck-spending on")
    spent, pool = do(eng, "luck spend ada")
    assert isinstance(spent, LuckSpent) and spent.points == 8 and isinstance(pool, PoolChanged)
    assert eng.state.characters["ada"].current["Luck"] == 37
    assert eng.state.characters["ada"].dev.checks == ()  # bought up: no experience check
    assert "no failed roll" in rejected(eng, "luck spend ada")
    do(eng, "test ada Library Use", 99)  # needs 39 Luck
    assert "only 37" in rejected(eng, "luck spend ada")
    do(eng, "test ada Library Use", 70)
    do(eng, 'push ada "again"', 70)
    assert "pushed" in rejected(eng, "luck spend ada")


@pytest.mark.rule("COC-DEV-02", "COC-DEV-03", "COC-DEV-04")
def test_the_development_phase_is_one_action_undone_as_one():
    eng = coc('char set ada "Spot Hidden"=86', 'cond add watchman "indefinitely insane"')
    do(eng, "test ada Library Use", 30)
    do(eng, "test ada Spot Hidden", 20)
    do(eng, "test watchman Listen", 10)
    ada = eng.state.characters["ada"]
    eng.execute("char pool ada SAN=50")
    before = eng.state
    # Ada: Library Use 70 > 60 → +1D10 6; Spot Hidden 99 > 86 → +5 = 91: 2D6 SAN 3+4; Luck 80 > 45 → +1D10 2
    # Watchman (an NPC): Listen 20 ≤ 50, no gain; no Luck
    events = do(eng, "develop", 70, 6, 99, 5, 3, 4, 80, 2, 20)
    assert isinstance(events[0], DevelopmentPhase) and isinstance(events[-1], ChecksCleared)
    dev = events_of(events, SkillDeveloped)
    assert [(e.character, e.skill, e.roll, e.gain, e.new, e.san_gain) for e in dev] == [
        ("ada", "Library Use", 70, 6, 66, 0), ("ada", "Spot Hidden", 99, 5, 91, 7), ("watchman", "Listen", 20, 0, 50, 0)]
    (san,) = [e for e in events_of(events, PoolChanged) if e.pool == "SAN"]
    assert (san.old, san.new) == (50, 57)
    (luck,) = events_of(events, LuckRecovered)
    assert (luck.roll, luck.gain, luck.new) == (80, 2, 47)
    ada = eng.state.characters["ada"]
    assert (ada.skills["Library Use"], ada.skills["Spot Hidden"], ada.current["Luck"]) == (66, 91, 47)
    assert ada.dev.checks == () and ada.dev.reached_90 == ("Spot Hidden",)
    assert len({e.group for e in events}) == 1
    eng.execute("undo")
    assert eng.state.characters == before.characters
    assert replayed(eng) == eng.state


@pytest.mark.rule("COC-DEV-04")
def test_the_phase_lowers_cumulative_san_loss_and_offers_recovery():
    eng = coc()
    eng.execute('char pool ada SAN=50')
    do(eng, "sanity ada 0/1d4 source=ghoul max=4", 90, 3)  # a cumulative loss to an entity
    eng.execute('cond add ada "indefinitely insane"')
    cum = eng.state.characters["ada"].mind.cumulative
    assert cum.get("ghoul", 0) > 0
    events = do(eng, "develop recover=ada", 10)  # Luck 10 ≤ 45: no gain
    (low,) = events_of(events, CumulativeLossUpdated)
    assert (low.entity, low.new) == ("ghoul", cum["ghoul"] - 1) and "COC-DEV-04" in low.rules
    assert not eng.state.characters["ada"].has("indefinitely insane")


@pytest.mark.rule("FH-DEV-04")
def test_fhtagn_marked_skills_gain_1d4_and_skips_are_logged():
    eng = engine("fhtagn", AGENT, GUARD)
    do(eng, "test ada Stealth", 90)
    do(eng, "test ada Alertness", 90)
    do(eng, "test guard Alertness", 90)
    events = do(eng, "develop skip=guard", 3, 4)
    assert events[0].skipped == ("Guard",)
    assert [(e.skill, e.gain, e.new) for e in events_of(events, SkillDeveloped)] == [("Stealth", 3, 43), ("Alertness", 4, 54)]
    assert all(not c.dev.checks for c in eng.state.characters.values())
    assert "nothing to develop" in rejected(eng, "develop")
    assert "no check on" in rejected(engine("fhtagn", AGENT), "develop skip=ada:Stealth")
    assert "character points" in rejected(engine("gurps", "char new Gus ST=10 DX=10 IQ=10 HT=10"), "develop")


@pytest.mark.rule("COC-MANEUVER-06")
def test_a_creature_maneuvers_with_its_claw_not_base_brawl():
    eng = engine("coc7", ADA, 'char new Ghoul kind=monster STR=60 CON=70 SIZ=65 DEX=65 POW=50 "Fighting (Claw)"=40',
                 "fight start ada ghoul")
    events = do(eng, "maneuver ghoul ada hold", 35, 90)  # 35 ≤ Claw 40 (a base Brawl 25 would fail); Ada's dodge fails
    (m,) = events_of(events, CocManeuverResolved)
    assert (m.skill, m.attack.skill, m.attack.roll, m.winner) == ("Fighting (Claw)", 40, 35, "attacker")
    assert "COC-MANEUVER-06" in m.rules and "with Fighting (Claw)" in m.describe({})
    events = do(eng, 'maneuver ghoul ada hold skill="Fighting (Brawl)"', 35, 90)  # the GM names the skill
    (m,) = events_of(events, CocManeuverResolved)
    assert (m.skill, m.attack.skill, m.winner) == ("Fighting (Brawl)", 25, "none")
    assert "COC-MANEUVER-06" in rejected(eng, 'maneuver ghoul ada hold skill="Fighting (Sword)"', 35, 90)


@pytest.mark.rule("COC-PARTY-05")
def test_a_maximum_falling_below_the_current_value_lowers_it():
    eng = coc()
    ada = eng.state.characters["ada"]
    assert ada.current["SAN"] == 60
    do(eng, 'char set ada "Cthulhu Mythos"=45')  # max SAN 54
    assert eng.state.characters["ada"].current["SAN"] == 54
    do(eng, "char set ada CON=20")  # max HP (20+50)/10 = 7
    assert eng.state.characters["ada"].current["HP"] == 7
    do(eng, "char set ada POW=40")  # max MP 8
    assert eng.state.characters["ada"].current["MP"] == 8
    do(eng, "char set ada CON=90 POW=90")  # a rise leaves the current values alone
    assert (eng.state.characters["ada"].current["HP"], eng.state.characters["ada"].current["MP"]) == (7, 8)
    fh = engine("fhtagn", AGENT)
    do(fh, "char set ada POW=8")
    assert fh.state.characters["ada"].current["WP"] == 8


@pytest.mark.rule("COC-DEV-01")
def test_winning_a_combat_roll_checks_its_skill_on_the_sheet():
    eng = coc('char set ada "Fighting (Brawl)"=50 Dodge=40 "Firearms (Handgun)"=50', "fight start Cellar",
              "fight add ada watchman")
    events = do(eng, "melee ada watchman response=dodge", 20, 90, 2)  # Ada 20 hits; the watchman's 90 fails
    assert eng.state.characters["ada"].dev.checks == ("Fighting (Brawl)",)
    assert not any(isinstance(e, CheckMarked) for e in events)  # told by the sheet: the attack is in the log
    do(eng, "fight next")
    do(eng, "melee watchman ada response=dodge", 20, 8)  # the watchman's regular 20; Ada's extreme dodge beats it
    assert eng.state.characters["ada"].dev.checks == ("Fighting (Brawl)", "Dodge")
    assert replayed(eng) == eng.state


@pytest.mark.rule("FH-DEV-03")
def test_a_failed_fhtagn_attack_marks_its_skill_and_a_failed_dodge_marks_dodge():
    eng = engine("fhtagn", AGENT + " Firearms=40 Dodge=30", GUARD, "fight start Barn", "fight add ada guard")
    do(eng, "attack ada guard weapon=pistol", 70)  # a miss: Firearms marked
    assert eng.state.characters["ada"].dev.checks == ("Firearms",)
    assert replayed(eng) == eng.state


@pytest.mark.rule("COC-DEV-01")
def test_first_aid_and_a_tome_read_check_their_skills():
    eng = coc('char set ada "First Aid"=60 "Language (French)"=40',
              'tome add "Cultes des Goules" lang=French rating=36 cmi=4 cmf=9 san=1d10 weeks=20 difficulty=handwritten',
              'cond add watchman dying')
    do(eng, "firstaid ada watchman", 30)
    assert eng.state.characters["ada"].dev.checks == ("First Aid",)
    do(eng, 'read ada "Cultes des Goules"', 20)  # hard 20 of 40: read
    assert eng.state.characters["ada"].dev.checks == ("First Aid", "Language (French)")
    assert replayed(eng) == eng.state


@pytest.mark.rule("COC-DICE-06", "COC-DEV-04")
def test_the_owed_list_holds_a_push_consequence_and_the_development_phase_after_the_session():
    from fhtagn_tui.domain.owed import owed

    eng = coc("session start")
    do(eng, "test ada Library Use", 30)  # a success: Library Use checked
    do(eng, "test ada Stealth", 75)  # a failure
    do(eng, 'push ada "crawls under the hedge"', 90)  # a failed push: the consequence is owed
    kinds = {o.kind: o for o in owed(eng.state)}
    assert kinds["consequence"].command == "consequence Ada " and "Stealth" in kinds["consequence"].text
    assert "develop" not in kinds  # the session is still open
    do(eng, 'consequence ada "the dog wakes"')
    eng.execute("session end")
    (phase,) = [o for o in owed(eng.state) if o.kind == "develop"]
    assert (phase.command, phase.rule) == ("develop", "COC-DEV-04") and "1 experience check" in phase.text
    do(eng, "develop", 70, 6, 80, 2)
    assert not [o for o in owed(eng.state) if o.kind in ("develop", "consequence")]


@pytest.mark.rule("COC-DICE-06", "COC-DICE-09")
def test_a_new_failed_roll_while_a_consequence_waits():
    """Found with tmux: a failed push whose consequence the Keeper left for later (Esc), then a fresh failed
    STR roll: 'push' refused it as "Ada's push of STR failed and was pushed once" and 'luck spend' as "STR
    roll was pushed" — untrue, and no rule forbids buying it. Luck may buy the fresh roll; its push waits
    for the consequence owed (told as it is), which stays the Stealth push's."""
    eng = coc("campaign set luck-spending on")
    do(eng, "test ada Stealth", 70)
    do(eng, 'push ada "tries again"', 50)  # fails: the Keeper's consequence waits
    do(eng, "test ada STR", 60)  # a fresh failure (STR 50)
    refusal = rejected(eng, 'push ada "heaves"', 10)
    assert "push of Stealth" in refusal and "STR" in refusal and "pushed once" not in refusal
    assert 'consequence "Ada"' in refusal
    spent, _pool = do(eng, "luck spend ada")
    assert isinstance(spent, LuckSpent) and (spent.skill, spent.points) == ("STR", 10)
    do(eng, "test ada Library Use", 70)
    (cons,) = do(eng, 'consequence ada "the guard turns"')
    assert isinstance(cons, PushConsequence) and cons.skill == "Stealth"
    (push,) = do(eng, 'push ada "reads again"', 90)  # now the fresh roll may be pushed
    assert (push.skill, push.total, push.success) == ("Library Use", 90, False)
    assert replayed(eng) == eng.state


@pytest.mark.rule("COC-DICE-06")
def test_a_secret_pushs_consequence_stays_secret_after_a_public_roll():
    eng = coc()
    do(eng, "test ada Library Use secret", 70)
    do(eng, 'push ada "reads all night"', 80)
    do(eng, "test ada Stealth", 70)  # a public failure in between
    (cons,) = do(eng, 'consequence ada "the book reads her"')
    assert cons.secret and not [e for e in public_events([cons]) if isinstance(e, PushConsequence)]


@pytest.mark.rule("COC-DICE-09")
def test_a_success_after_a_failed_push_leaves_no_failed_roll_to_buy():
    eng = coc("campaign set luck-spending on")
    do(eng, "test ada Stealth", 70)
    do(eng, 'push ada "tries again"', 50)  # fails: the consequence waits
    do(eng, "test ada STR", 60)
    do(eng, "test ada Library Use", 20)  # the last roll succeeded: nothing left to buy
    assert "no failed roll" in rejected(eng, "luck spend ada")
    assert eng.state.characters["ada"].dev.consequence_due == "Stealth"


@pytest.mark.rule("COC-DICE-06", "COC-DEV-01")
def test_a_public_roll_after_a_secret_roll_is_the_players():
    """Found in the players' recap: 'test ada Library Use secret', then a public 'test ada Stealth' — the public
    roll, and every later event of Ada, was missing from `fhtagn export --players` (a FHTAGN secret test, which
    leaves no mark on a success, does not do it)."""
    eng = coc()
    do(eng, "test ada Library Use secret", 30)  # a secret success: an experience check, in secret
    (stealth, _noted) = do(eng, "test ada Stealth", 70)  # a public failure
    told = [entry.event.seq for entry in public_events(eng.sink.events)]  # type: ignore[attr-defined]
    assert stealth.seq in told
    # what rests on the secret check stays the GM's: the development phase's roll of Library Use
    developed = [e for e in do(eng, "develop", 30, 20) if isinstance(e, SkillDeveloped)]
    assert [e.skill for e in developed] == ["Library Use"]
    told = {entry.event.seq for entry in public_events(eng.sink.events)}  # type: ignore[attr-defined]
    assert stealth.seq in told and not told & {e.seq for e in developed}


@pytest.mark.rule("COC-DEV-01", "COC-DICE-10", "COC-DICE-05")
def test_the_winner_of_an_opposed_roll_is_checked_even_when_both_failed():
    """COC-DEV-01: "winning an opposed roll ... counts as a success". Both failing, the higher skill wins
    (COC-DICE-05): the winner's skill is checked — it was not (the winner's own failed roll earned nothing)."""
    eng = coc()
    ev, check = do(eng, "oppose ada Stealth vs watchman Listen", 90, 80)  # Stealth 40: failure; Listen 50: failure
    assert isinstance(ev, OpposedRolled) and (ev.active_level, ev.defender_level, ev.winner) == (
        "failure", "failure", "watchman")
    assert isinstance(check, CheckMarked) and (check.character, check.skill) == ("watchman", "Listen")
    ev, check = do(eng, "oppose watchman Listen vs ada Stealth", 100, 95)  # a fumble loses to a failure
    assert ev.winner == "ada" and isinstance(check, CheckMarked) and check.skill == "Stealth"
