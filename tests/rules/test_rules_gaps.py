"""Rules gaps of issue 19, with forced dice, through the Engine and through ``fhtagn script``.

FH-SAN-07 flee duration, FH-SAN-02/11 adapted agents' dice, FH-DMG-07 waking, what a
character's state imposes on every test (FH-DMG-08, FH-HAZ-12, COC-INSANITY-07/08), the damage
bonus of melee weapons, and the Keeper's call on the occupants of a wreck (COC-VEHICLE-04/05).
(COC-PARTY-04 has its own file: test_coc_wounds.py.)
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from fhtagn_tui.app.screens.party_sheet import mind_text
from fhtagn_tui.domain.features.campaign import ConditionRemoved, DiceRolled, PoolChanged
from fhtagn_tui.domain.features.coc_combat import CocMeleeResolved
from fhtagn_tui.domain.features.sanity import TemporaryInsanity
from tests.helpers import do, engine, events_of, rejected, replayed

ADA = 'char new Ada STR=17 CON=11 DEX=13 INT=16 POW=14 CHA=11 Firearms=50 "Melee Weapons"=50 bonds="Sister,Partner:9"'
BOB = "char new Bob STR=14 CON=3 DEX=10 INT=9 POW=9 CHA=11"
CULTIST = "char new Cultist kind=npc STR=12 CON=12 DEX=10 POW=10"
HARVEY = 'char new Harvey STR=50 CON=60 SIZ=60 DEX=70 POW=60 "Spot Hidden=60" "Fighting (Brawl)=50"'
BRUTE = 'char new Brute kind=npc STR=70 CON=50 SIZ=70 DEX=50 "Fighting (Brawl)"=60'  # STR+SIZ 140: +1D4


def kinds(events):
    return [type(e).__name__ for e in events]


def script(tmp_path: Path, system: str, lines: list[str]) -> dict:
    """Run ``lines`` with ``fhtagn script`` on a new campaign; return the replayed state and the log."""
    saves = tmp_path / "saves"
    run = [sys.executable, "-m", "fhtagn_tui", "--saves", str(saves)]
    assert subprocess.run([*run, "new", "c", "--system", system], capture_output=True, text=True).returncode == 0
    path = tmp_path / "lines.txt"
    path.write_text("\n".join(lines) + "\n")
    out = subprocess.run([*run, "script", "c", str(path)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    state = json.loads(subprocess.run([*run, "replay", "c", "--json"], capture_output=True, text=True).stdout)
    state["log"] = subprocess.run([*run, "log", "c"], capture_output=True, text=True).stdout
    return state


# --- FH-SAN-07: flee for up to CON turns, resolved -------------------------------------------------


@pytest.mark.rule("FH-SAN-07", "FH-SAN-06")
def test_flee_lasts_up_to_the_agents_con_in_turns():
    eng = engine("fhtagn", ADA)
    # SAN 70: 90 fails, 1d10 = 6 ≥ 5 → temporary insanity; the GM picks flee
    events = do(eng, "san ada 1/1d10 kind=unnatural reaction=flee", 90, 6)
    (ti,) = events_of(events, TemporaryInsanity)
    assert ti.reaction == "flee" and "up to 11 turns" in ti.effect and "CON turns" not in ti.effect
    assert "flee (GM's choice) — must get away from the threat for up to 11 turns" in ti.describe(eng.names)
    cond = events[-1]
    assert (cond.condition, cond.note) == ("insane-flee", ti.effect)
    sheet = mind_text(eng.state, eng.state.characters["ada"]).plain
    assert "Insanity: flee: must get away from the threat for up to 11 turns or until safe" in sheet
    assert replayed(eng) == eng.state


# --- FH-SAN-02 step 1 with FH-SAN-11: adapted agents roll -----------------------------------------


@pytest.mark.rule("FH-SAN-02", "FH-SAN-11", "FH-SAN-07")
def test_adapted_agent_and_flee_through_fhtagn_script(tmp_path):
    state = script(tmp_path, "fhtagn", [
        ADA,
        "san ada 1/1d10 kind=unnatural reaction=flee roll=90,6",
        "san ada 1/1d4 kind=violence roll=99,1",
        "san ada 1/1d4 kind=violence roll=99,1",
        "san ada 1/1d4 kind=violence roll=99,1,3",  # the third box: adapted, CHA and bonds −1d6 = 3
        "san ada 1/1d20 kind=violence roll=70,13",  # adapted: both dice rolled and logged, no SAN lost
    ])
    ada = state["characters"]["ada"]
    assert ada["current"]["SAN"] == 70 - 6 - 3
    assert "violence" in ada["mind"]["adapted"]
    log = state["log"]
    assert "flee (GM's choice) — must get away from the threat for up to 11 turns" in log
    assert "SAN test (violence 1/1d20) 70 vs 61 → failure, loss 13 — adapted to violence: no SAN lost" in log


# --- FH-DMG-07: awake at 3 HP whatever raised them -------------------------------------------------


@pytest.mark.rule("FH-DMG-07", "FH-DMG-03")
def test_char_pool_to_three_hp_wakes_an_unconscious_agent():
    eng = engine("fhtagn", ADA)
    do(eng, "damage ada 12", 20)  # 14 → 2: unconscious (and stunned), CON×5 20 passes
    assert eng.state.characters["ada"].has("unconscious")
    do(eng, "char pool ada HP=1")
    (pool,) = do(eng, "char pool ada HP=2")  # raised, but still under 3: asleep
    assert isinstance(pool, PoolChanged) and eng.state.characters["ada"].has("unconscious")
    events = do(eng, "char pool ada HP=3 reason=bandaged")
    assert kinds(events) == ["PoolChanged", "ConditionRemoved"]
    assert events[1].condition == "unconscious" and events[1].rules == ("FH-DMG-07",)
    assert not eng.state.characters["ada"].has("unconscious")


@pytest.mark.rule("FH-DMG-07")
def test_waking_through_fhtagn_script(tmp_path):
    state = script(tmp_path, "fhtagn", [ADA, "damage ada 12 roll=20", "char pool ada HP=4"])
    assert "unconscious" not in state["characters"]["ada"]["conditions"]
    lines = state["log"].splitlines()
    woke = next(i for i, line in enumerate(lines) if "HP 2 → 4" in line)
    assert "unconscious" in lines[woke + 1] and "Ada" in lines[woke + 1]


# --- one place for what the state imposes --------------------------------------------------------


@pytest.mark.rule("FH-DMG-08")
def test_an_exhausted_agents_plain_test_is_at_minus_twenty():
    eng = engine("fhtagn", ADA)
    do(eng, "exhaust ada", 3)
    ev, *_ = do(eng, "test ada Firearms", 45)
    assert isinstance(ev, DiceRolled) and (ev.target, ev.level) == (30, "failure")
    assert ev.imposed == "exhausted -20" and "FH-DMG-08" in ev.rules
    assert ev.describe(eng.names).endswith("(exhausted -20)")
    ev, *_ = do(eng, "test ada Firearms mod=+20", 45)  # the GM's modifier adds to it
    assert (ev.target, ev.level) == (50, "success")


@pytest.mark.rule("FH-HAZ-12", "FH-DICE-04")
def test_con_lost_to_the_cold_lowers_a_con_test():
    eng = engine("fhtagn", BOB, "cold bob")
    do(eng, "hazard tick bob", 20)  # CON×5 15: 20 fails → CON 2
    do(eng, "hazard tick bob", 11)  # CON×5 10: 11 fails → CON 1
    ev, *_ = do(eng, "test bob CON", 6)
    assert (ev.label, ev.target, ev.level) == ("CON×5", 5, "failure")  # CON 1: against 5, not 15
    assert ev.imposed == "CON 1 after the cold" and "FH-HAZ-12" in ev.rules
    ev, *_ = do(eng, "test bob DEX", 6)  # other tests are untouched
    assert (ev.target, ev.imposed) == (50, "")
    do(eng, "warm bob minutes=5")
    ev, *_ = do(eng, "test bob CON", 6)
    assert (ev.target, ev.level, ev.imposed) == (15, "success", "")


@pytest.mark.rule("COC-INSANITY-07", "COC-INSANITY-08", "COC-DICE-04")
def test_a_resisted_phobia_gives_the_next_skill_roll_a_penalty_die():
    eng = engine("coc7", HARVEY, BRUTE, 'cond add harvey "indefinitely insane"', "phobia add harvey spiders",
                 "mania add harvey kleptomania")
    do(eng, "phobia face harvey spiders")  # resists
    assert eng.state.characters["harvey"].has("resisting phobia")
    assert "still needed, in order (if each roll goes badly): a tens die for 'Spot Hidden'" in rejected(eng, "test harvey \"Spot Hidden\"", 5, 20)
    events = do(eng, 'test harvey "Spot Hidden"', 5, 20, 60)  # units 5, tens 20 and 60: the worse, 65
    assert kinds(events) == ["DiceRolled", "ConditionRemoved", "LastRollNoted"]  # a failure a push may act on
    ev = events[0]
    assert (ev.total, ev.target, ev.level) == (65, 60, "failure")
    assert ev.imposed == "phobia resisted: 1 penalty die" and "COC-INSANITY-07" in ev.rules
    assert isinstance(events[1], ConditionRemoved) and events[1].condition == "resisting phobia"
    ev, *_ = do(eng, 'test harvey "Spot Hidden"', 25)  # used up: one d100 again
    assert (ev.total, ev.imposed) == (25, "")
    # a characteristic roll is no skill roll: it does not use the die up
    do(eng, "mania face harvey kleptomania resist")
    ev, *_ = do(eng, "test harvey CON", 30)
    assert ev.imposed == "" and eng.state.characters["harvey"].has("resisting mania")
    # an attack is a skill roll
    events = do(eng, "melee harvey brute response=none", 5, 20, 60)
    (m,) = events_of(events, CocMeleeResolved)
    assert m.penalty == 1 and m.attack.roll == 65
    assert events[-1].condition == "resisting mania" and "COC-INSANITY-08" in events[-1].rules


@pytest.mark.rule("FH-DMG-08", "FH-HAZ-12", "COC-INSANITY-07")
def test_state_modifiers_through_fhtagn_script(tmp_path):
    state = script(tmp_path, "fhtagn", [ADA, BOB, "exhaust ada roll=3", "test ada Firearms roll=45",
                                        "cold bob", "hazard tick bob roll=20", "hazard tick bob roll=11",
                                        "test bob CON roll=6"])
    assert "Ada rolls Firearms vs 30 → 45 [45]: failure (exhausted -20)" in state["log"]
    assert "Bob rolls CON×5 vs 5 → 6 [6]: failure (CON 1 after the cold)" in state["log"]
    state = script(tmp_path / "coc", "coc7", [HARVEY, 'cond add harvey "indefinitely insane"',
                                                 "phobia add harvey spiders", "phobia face harvey spiders",
                                                 'test harvey "Spot Hidden" roll=5,20,60'])
    assert "Harvey rolls Spot Hidden vs 60 → 65 [5, 20, 60]: failure (phobia resisted: 1 penalty die)" in state["log"]
    assert "resisting phobia" not in state["characters"]["harvey"]["conditions"]


# --- melee weapons take the damage bonus --------------------------------------------------------


@pytest.mark.rule("COC-MELEE-08", "COC-PARTY-02")
def test_a_gm_made_melee_weapon_takes_the_damage_bonus_in_coc():
    eng = engine("coc7", BRUTE, HARVEY, 'weapon add bat skill="Fighting (Brawl)" damage=1d8 kind=melee',
                 'weapon add cane skill="Fighting (Brawl)" damage=1d8 kind=melee db=none')
    assert eng.state.armory.weapons["bat"].db_mode == "full"
    events = do(eng, "melee brute harvey weapon=bat response=none", 42, 3, 2)  # 1D8 3 + 1D4 2
    (m,) = events_of(events, CocMeleeResolved)
    assert m.damage == 5 and [r.die for r in m.dice] == ["d100", "d8", "d4"]
    (m,) = events_of(do(eng, "melee brute harvey weapon=cane response=none", 42, 3), CocMeleeResolved)
    assert m.damage == 3 and [r.die for r in m.dice] == ["d100", "d8"]


@pytest.mark.rule("FH-PARTY-06")
def test_a_gm_made_melee_weapon_takes_the_damage_bonus_in_fhtagn():
    eng = engine("fhtagn", ADA, CULTIST, 'weapon add bat skill="Melee Weapons" damage=1d8 kind=melee',
                 'weapon add cane skill="Melee Weapons" damage=1d8 kind=melee db=none')
    hit = do(eng, "attack ada cultist weapon=bat", 14, 5)[0]
    assert "hit Cultist for 7" in hit.describe(eng.names)  # 1D8 5 + STR 17's +2
    assert eng.state.characters["cultist"].current["HP"] == 12 - 7
    do(eng, "char pool cultist HP=12")
    do(eng, "attack ada cultist weapon=cane", 14, 5)  # db=none: told otherwise
    assert eng.state.characters["cultist"].current["HP"] == 12 - 5


@pytest.mark.rule("COC-MELEE-08")
def test_melee_damage_bonus_through_fhtagn_script(tmp_path):
    state = script(tmp_path, "coc7", [BRUTE, HARVEY, 'weapon add bat skill="Fighting (Brawl)" damage=1d8 kind=melee',
                                      "melee brute harvey weapon=bat response=none roll=42,3,1"])
    assert state["characters"]["harvey"]["current"]["HP"] == 12 - 4
    assert "Harvey takes 4 damage from bat" in state["log"]


# --- COC-VEHICLE-04/05 through fhtagn script ------------------------------------------------------


@pytest.mark.rule("COC-VEHICLE-04", "COC-VEHICLE-05", "COC-CHASE-14")
def test_the_keepers_call_on_occupants_through_fhtagn_script(tmp_path):
    state = script(tmp_path, "coc7", [
        'char new Ada STR=60 CON=70 SIZ=50 DEX=60 POW=60 "Drive Auto=50" Luck=40',
        "char new Bob STR=50 CON=60 SIZ=60 DEX=50 POW=50 Luck=60",
        'char new Ghoul kind=monster STR=80 CON=70 SIZ=65 DEX=65 POW=40',
        "chase new Road", "chase add Ford role=flee vehicle=car driver=Ada passengers=Bob",
        "chase add Ghoul role=pursue mov=14", "chase start roll=50,50",
        # 60 HP in one shot: 6 Build ≥ the car's 5 — a spectacular wreck; nobody is hurt unasked
        "chase shoot ghoul ford damage=60 roll=1,0,0",
        # the Keeper allows Luck rolls: Ada 55 > 40 dies in the wreck, Bob 30 ≤ 60 is thrown clear (2D10 = 5)
        "chase crash ford luck roll=55,30,2,3",
    ])
    chars = state["characters"]
    assert chars["ada"]["conditions"] == ["dead"]
    assert chars["bob"]["current"]["HP"] == 12 - 5 and "dead" not in chars["bob"]["conditions"]
    log = state["log"]
    assert "Ford is wrecked — the occupants' harm is the Keeper's call" in log
    assert "Ada: Luck 55 vs 40 — caught in the wreck" in log and "Bob: Luck 30 vs 60 — thrown clear" in log


# --- the GM screen and `fhtagn rules --json` --------------------------------------------------------

CHANGED = {
    "COC-PARTY-04": ("CON roll", "max HP or more kills", "First Aid stabilises"),
    "COC-VEHICLE-04": ("Luck rolls", "the Keeper's call"),
    "FH-SAN-07": ("up to CON turns: the agent's own number",),
    "FH-DMG-07": ("whatever raised them",),
    "FH-HAZ-12": ("every CON×5 test uses the lowered CON",),
    "COC-INSANITY-07": ("penalty die on the next skill roll",),
    "COC-INSANITY-08": ("penalty die on the next skill roll",),
}


@pytest.mark.rule(*CHANGED)
def test_the_gm_screen_index_shows_the_changed_rule_texts():
    from fhtagn_tui.reference.catalogue import entry
    from fhtagn_tui.reference.search import search

    for rule_id, phrases in CHANGED.items():
        found = entry(rule_id)
        assert found is not None
        for phrase in phrases:
            assert phrase in found.summary, (rule_id, phrase)
    assert "COC-PARTY-04" in [h.entry for h in search("major wound CON roll")]


@pytest.mark.rule("COC-PARTY-04")
async def test_the_gm_screen_opens_the_major_wound_rule(tmp_path):
    from fhtagn_tui import campaigns
    from fhtagn_tui.app.app import open_door
    from fhtagn_tui.app.gm import GmApp
    from fhtagn_tui.app.screens.reference import ReferenceScreen

    path = tmp_path / "arkham.fhtagn"
    campaigns.create_campaign(path, "coc7", "Arkham").close()
    door = open_door(path, False)
    app = GmApp(door)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("question_mark")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ReferenceScreen)
            screen.show_entry("COC-PARTY-04")
            await pilot.pause()
            from textual.widgets import Static

            text = str(screen.query_one("#ref-text", Static).render())
            assert screen.current is not None and screen.current.id == "COC-PARTY-04"
            assert "major wound: prone and a CON roll" in text and "First Aid stabilises" in text
    finally:
        door.close(save=False)


CATALOGUE = next((p / "shared" / "rules" / "catalogue.md" for p in Path(__file__).resolve().parents
                  if (p / "shared" / "rules" / "catalogue.md").exists()), Path("catalogue.md"))


def test_fhtagn_rules_json_still_lists_every_catalogue_id(tmp_path):
    import re

    if not CATALOGUE.exists():
        pytest.skip("the catalogue is not beside this checkout")
    wanted = set(re.findall(r"^\*\*((?:FH|COC|GURPS)-[A-Z]+-\d+)", CATALOGUE.read_text(encoding="utf-8"), re.M))
    assert len(wanted) > 200
    out = subprocess.run([sys.executable, "-m", "fhtagn_tui", "--saves", str(tmp_path), "rules", "--json"],
                         capture_output=True, text=True)
    listed = {r["id"] for r in json.loads(out.stdout)}
    assert sorted(wanted - listed) == []


@pytest.mark.rule("FH-DMG-01")
def test_fhtagn_damage_takes_dice_too():
    eng = engine("fhtagn", ADA)
    dmg, stun = do(eng, "damage ada 2d6 source=fall", 3, 4)  # 7 of 14: stunned (FH-DMG-02)
    assert (dmg.amount, dmg.hp_after, dmg.source, stun.condition) == (7, 7, "fall", "stunned")
    assert [(r.die, r.value) for r in dmg.dice] == [("d6", 3), ("d6", 4)]


@pytest.mark.rule("COC-INSANITY-07", "COC-MELEE-06")
def test_a_defender_who_resisted_a_phobia_dodges_with_a_penalty_die():
    eng = engine("coc7", HARVEY, BRUTE, 'char set harvey Dodge=50', 'cond add harvey "indefinitely insane"',
                 "phobia add harvey spiders", "phobia face harvey spiders")
    # the Brute's 40 hits; Harvey's Dodge: units 0, tens 10 and 70 → 70 fails (a single die would be 10)
    events = do(eng, "melee brute harvey response=dodge", 40, 0, 10, 70, 2, 1)  # 1D3 + 1D4: 3 damage
    (m,) = events_of(events, CocMeleeResolved)
    assert (m.defence.roll, m.winner) == (70, "attacker") and "COC-INSANITY-07" in m.rules
    assert events[-1].condition == "resisting phobia" and not eng.state.characters["harvey"].has("resisting phobia")
