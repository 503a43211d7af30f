"""CoC 7e chases (COC-CHASE-01 … 30) with forced dice, and a chase on foot end to end."""

from __future__ import annotations

import pytest

from fhtagn_tui.domain.features.chase import (
    BarrierResolved,
    ChaseEnded,
    ChaseRoundStarted,
    HazardResolved,
    LocationGenerated,
    MovementActionsAllocated,
    NavigatorRolled,
    ParticipantDropped,
    ParticipantEscaped,
    ParticipantMoved,
    ParticipantPlaced,
    RamResolved,
    ShotFired,
    SpeedRolled,
    SuddenHazardCalled,
    VehicleBuildChanged,
)
from fhtagn_tui.domain.features.encounter import DamageApplied
from fhtagn_tui.rules.coc import chase as rc
from fhtagn_tui.rules.coc.dice import Level
from fhtagn_tui.rules.dice import Dice
from tests.helpers import do, engine, events_of, rejected, replayed

PEOPLE = (
    "char new Harvey STR=50 CON=60 SIZ=60 DEX=70 POW=60 Jump=40 Luck=45",  # MOV 8
    'char new Ada STR=60 CON=70 SIZ=50 DEX=60 POW=60 "Drive Auto=50" "Spot Hidden=60" Luck=70',  # MOV 9
    "char new Ghoul kind=monster STR=80 CON=70 SIZ=65 DEX=65 POW=40",  # HP 13
    "char new Cultist kind=npc STR=50 CON=50 SIZ=70 DEX=40 POW=50",  # MOV 7
)


def kinds(events):
    return [type(e).__name__ for e in events]


def where(eng, number: int = 1):
    chase = next(c for c in eng.state.chases if c.number == number)
    return {p.id: (p.position, p.actions, p.status) for p in chase.participants}


# --- setting up -------------------------------------------------------------------------------


@pytest.mark.rule("COC-CHASE-01")
def test_a_chase_needs_both_sides_and_each_group_is_its_own_chase():
    assert rc.sides_problem(["flee"]) == "a chase needs a pursuer (chase add NAME role=pursue)"
    assert "someone fleeing" in rc.sides_problem(["pursue", "pursue"])
    assert rc.sides_problem(["flee", "pursue"]) is None
    eng = engine("coc7", *PEOPLE, "chase new Alley", "chase add Harvey role=flee")
    assert "needs a pursuer" in rejected(eng, "chase start")
    do(eng, "chase new Rooftops")
    do(eng, "chase add Ada role=flee")
    do(eng, "chase add Ghoul role=pursue chase=1")
    assert [(c.number, [p.id for p in c.participants]) for c in eng.state.chases] == [
        (1, ["harvey", "ghoul"]), (2, ["ada"])]
    assert "already in chase 2" in rejected(eng, "chase add Ada role=pursue")


@pytest.mark.rule("COC-CHASE-02")
@pytest.mark.parametrize(
    ("roll", "level", "delta"),
    [(1, Level.CRITICAL, 1), (12, Level.EXTREME, 1), (13, Level.HARD, 0), (30, Level.HARD, 0),
     (60, Level.REGULAR, 0), (61, Level.FAILURE, -1), (100, Level.FUMBLE, -1)],
)
def test_speed_roll_levels(roll, level, delta):
    r = rc.speed_roll(Dice.forced(roll), "Harvey", "CON", 60)
    assert (r.roll, r.level, r.delta) == (roll, level, delta)


@pytest.mark.rule("COC-CHASE-02")
def test_speed_roll_with_a_penalty_die_and_skills_per_mode():
    dice = Dice.forced(2, 10, 60)
    r = rc.speed_roll(dice, "Ford", "Drive Auto", 50, penalty=1)
    assert (r.roll, r.level, r.delta, r.penalty) == (62, Level.FAILURE, -1, 1)
    assert [(x.die, x.value) for x in dice.drawn] == [("units", 2), ("tens", 10), ("tens", 60)]
    eng = engine("coc7", *PEOPLE, "chase new Lanes", "chase add Harvey role=flee",
                 'chase add Bike role=pursue vehicle=bicycle driver=Ada', 'chase add Van role=pursue vehicle=car driver=Ghoul aptitude=ineptitude')
    events = do(eng, "chase start", 20, 50, 2)
    speeds = {e.participant: (e.skill, e.target, e.new_mov) for e in events_of(events, SpeedRolled)}
    # the bicycle rolls CON (AMB-43); the ghoul has no Drive Auto and an ineptitude: DEX/5 = 13
    assert speeds == {"harvey": ("CON", 60, 8), "bike": ("CON", 70, 10), "van": ("Drive Auto", 13, 15)}
    assert "COC-CHASE-29" in events_of(events, SpeedRolled)[2].rules


@pytest.mark.rule("COC-CHASE-03")
def test_each_side_is_ordered_by_mov():
    assert rc.order_by_mov({"a": 8, "b": 10, "c": 9}) == ["b", "c", "a"]


@pytest.mark.rule("COC-CHASE-04")
def test_escape_needs_more_mov_than_every_pursuer_and_the_keepers_word():
    assert rc.can_escape(10, [9, 7])
    assert not rc.can_escape(9, [9, 7])
    eng = engine("coc7", *PEOPLE, "chase new Park", "chase add Ada role=flee", "chase add Harvey role=flee",
                 "chase add Cultist role=pursue")
    events = do(eng, "chase start", 50, 50, 50)  # Ada 9, Harvey 8 > Cultist 7: both MAY get away
    assert kinds(events) == ["SpeedRolled"] * 3  # the rolls are kept; nobody escapes unasked
    chase = eng.state.chases[0]
    assert not chase.started and not chase.ended
    assert {p.id: (p.mov, p.status) for p in chase.participants} == {
        "ada": (9, "in"), "harvey": (8, "in"), "cultist": (7, "in")}
    asked = rejected(eng, "chase start")
    assert asked == ("Ada (MOV 9), Harvey (MOV 8) may escape: faster than every pursuer. The Keeper decides "
                     "(COC-CHASE-04): 'chase start escape=Ada,Harvey' lets them go, "
                     "'chase start hold=Ada,Harvey' keeps them in the chase")
    assert "escape=Ada,Harvey" in rejected(eng, "chase start escape=Ada")  # Harvey is still undecided
    assert rejected(eng, "chase move ada") == "chase 1 waits on the Keeper before it starts: " + asked
    events = do(eng, "chase start escape=Ada,Harvey")  # no die: the speed rolls stand
    assert events_of(events, SpeedRolled) == []
    assert [e.participant for e in events_of(events, ParticipantEscaped)] == ["ada", "harvey"]
    (end,) = events_of(events, ChaseEnded)
    assert end.outcome == "escaped: Ada, Harvey — over before it began"
    assert eng.state.chases[0].ended
    assert replayed(eng) == eng.state


@pytest.mark.rule("COC-CHASE-04")
def test_escape_named_in_advance_lets_go_at_once():
    eng = engine("coc7", *PEOPLE, "chase new Park", "chase add Ada role=flee", "chase add Harvey role=flee",
                 "chase add Ghoul role=pursue mov=8")
    events = do(eng, "chase start escape=Ada", 50, 50, 50)  # Ada 9 > Ghoul 8: let go; Harvey 8 may not escape
    assert [e.participant for e in events_of(events, ParticipantEscaped)] == ["ada"]
    assert events_of(events, ChaseEnded) == []
    assert where(eng) == {"ada": (0, 0, "escaped"), "harvey": (2, 1, "in"), "ghoul": (0, 1, "in")}


@pytest.mark.rule("COC-CHASE-04")
def test_an_escape_that_the_speed_rolls_do_not_allow_is_refused_without_rerolling():
    eng = engine("coc7", *PEOPLE, "chase new Park", "chase add Harvey role=flee", "chase add Ghoul role=pursue mov=8")
    events = do(eng, "chase start escape=Harvey", 50, 50)  # Harvey 8, Ghoul 8: he may not escape
    assert kinds(events) == ["SpeedRolled"] * 2  # the rolls stand; the start waits
    assert rejected(eng, "chase start escape=Harvey") == (
        "Harvey cannot escape at the start: only a fleeing participant faster than every pursuer may "
        "(COC-CHASE-04); nobody may escape here")
    assert "not both" in rejected(eng, "chase start escape=Harvey hold=Harvey")
    events = do(eng, "chase start")  # no die drawn again
    assert events_of(events, SpeedRolled) == [] and eng.state.chases[0].started
    assert where(eng) == {"harvey": (2, 1, "in"), "ghoul": (0, 1, "in")}


@pytest.mark.rule("COC-CHASE-04")
def test_hold_keeps_a_fast_runner_in_the_chase():
    eng = engine("coc7", *PEOPLE, "chase new Park", "chase add Ada role=flee", "chase add Harvey role=flee",
                 "chase add Ghoul role=pursue mov=8")
    events = do(eng, "chase start hold=Ada", 50, 50, 50)  # Ada 9, Harvey 8, Ghoul 8
    assert events_of(events, ParticipantEscaped) == []
    assert where(eng) == {"ada": (3, 2, "in"), "harvey": (2, 1, "in"), "ghoul": (0, 1, "in")}


@pytest.mark.rule("COC-CHASE-05")
def test_pursuers_slower_than_the_slowest_fleeing_drop_out():
    assert rc.drops_out(7, [8, 10]) and not rc.drops_out(8, [8, 10]) and not rc.drops_out(3, [])
    eng = engine("coc7", *PEOPLE, "chase new Park", "chase add Harvey role=flee", "chase add Cultist role=pursue",
                 "chase add Ghoul role=pursue mov=9")
    events = do(eng, "chase start", 50, 50, 50)
    (drop,) = events_of(events, ParticipantDropped)
    assert drop.participant == "cultist" and drop.reason == "MOV 7 is below the slowest fleeing"


@pytest.mark.rule("COC-CHASE-06", "COC-CHASE-07")
def test_placement_by_mov_difference():
    assert rc.place_pursuers({"a": 8, "b": 11, "c": 9}) == {"a": 0, "b": 3, "c": 1}
    assert rc.place_fleeing({"x": 9, "y": 12}, 3) == {"x": 5, "y": 8}
    eng = engine("coc7", *PEOPLE, "chase new Park", "chase add Harvey role=flee", "chase add Ada role=flee",
                 "chase add Ghoul role=pursue mov=10", "chase add Cultist role=pursue mov=9")
    # Harvey 8 → 9 (extreme 5), Ada 9 → 8 (99 fails), Ghoul 10, Cultist 9
    events = do(eng, "chase start", 5, 99, 50, 50)
    placed = {e.participant: e.position for e in events_of(events, ParticipantPlaced)}
    assert placed == {"ghoul": 1, "cultist": 0, "harvey": 4, "ada": 3}


@pytest.mark.rule("COC-CHASE-08")
def test_hazards_and_barriers_are_placed_by_hand():
    assert rc.location_problem("hazard", "hard", 0) is None
    assert rc.location_problem("pit", "hard", 0) is not None
    assert rc.location_problem("hazard", "deadly", 0) is not None
    eng = engine("coc7", *PEOPLE, "chase new Market")
    do(eng, 'chase location add hazard=hard "Fallen market stalls" skill=Jump')
    do(eng, "chase location add barrier hp=10 skill=Climb")
    locs = eng.state.chases[0].locations
    assert [(x.index, x.kind, x.difficulty, x.name, x.skill, x.hp) for x in locs] == [
        (0, "hazard", "hard", "Fallen market stalls", "Jump", 0), (1, "barrier", "regular", "", "Climb", 10)]
    assert "regular, hard or extreme" in rejected(eng, "chase location add hazard=deadly at=4")
    assert "hp=N" in rejected(eng, "chase location add barrier at=4")
    assert "either a barrier or a hazard" in rejected(eng, "chase location add barrier hazard=hard")


@pytest.mark.rule("COC-CHASE-09")
def test_movement_actions_and_deficit():
    assert rc.movement_actions(10, 8) == (3, 0)
    assert rc.movement_actions(8, 8, deficit=1) == (0, 0)
    assert rc.movement_actions(9, 8, deficit=3) == (0, 1)


@pytest.mark.rule("COC-CHASE-10")
def test_dex_order_ties_go_to_player_characters_then_entry_order():
    assert rc.dex_order([("npc", 60, False), ("pc", 60, True), ("fast", 80, False), ("pc2", 60, True)]) == [
        "fast", "pc", "pc2", "npc"]


@pytest.mark.rule("COC-CHASE-11")
def test_hazard_roll_pass_and_failure_with_delay():
    r = rc.hazard_roll(Dice.forced(20), "Harvey", "Jump", 40, "hard")
    assert (r.passed, r.level, r.delay) == (True, Level.HARD, 0)
    dice = Dice.forced(21, 3)
    r = rc.hazard_roll(dice, "Harvey", "Jump", 40, "hard")
    assert (r.passed, r.level, r.delay) == (False, Level.REGULAR, 3)
    assert [(x.die, x.value) for x in dice.drawn] == [("d100", 21), ("d3", 3)]
    assert rc.other_damage(Dice.forced(4, 4), "Harvey", "deadly") == 8
    assert dict(rc.OTHER_DAMAGE)["splat"] == "8d10"


@pytest.mark.rule("COC-CHASE-12")
def test_cautious_approach_buys_bonus_dice():
    assert rc.cautious_bonus(2) == 2
    with pytest.raises(ValueError):
        rc.cautious_bonus(3)


@pytest.mark.rule("COC-CHASE-13")
def test_barrier_roll_failure_stays_put():
    assert not rc.barrier_roll(Dice.forced(41), "Harvey", "Climb", 40).passed
    eng = engine("coc7", *PEOPLE, "chase new Yard", "chase add Harvey role=flee", "chase add Ghoul role=pursue mov=8",
                 "chase location add barrier hp=10 at=3 skill=Climb damage=minor")
    do(eng, "chase start", 50, 50)
    events = do(eng, "chase barrier harvey pass", 60, 2)  # Climb base 20: fails; 1D3 = 2 damage, no delay
    (b,) = events_of(events, BarrierResolved)
    assert (b.passed, b.position, b.actions, b.skill, b.target) == (False, 2, 0, "Climb", 20)
    assert [(e.hp_before, e.hp_after) for e in events_of(events, DamageApplied)] == [(12, 10)]
    assert "stopped" in b.describe({})


@pytest.mark.rule("COC-CHASE-14")
def test_vehicle_against_barrier():
    b = rc.vehicle_breaks_barrier(Dice.forced(5, 5, 5, 5, 5), "Ford", 5, 25)
    assert (b.damage, b.destroyed, b.barrier_hp, b.vehicle_hp_damage, b.vehicle_wrecked) == (25, True, 0, 12, False)
    b = rc.vehicle_breaks_barrier(Dice.forced(5, 5, 5, 5, 4), "Ford", 5, 25)
    assert (b.damage, b.destroyed, b.barrier_hp, b.vehicle_wrecked) == (24, False, 1, True)
    dice = Dice.forced(9)
    b = rc.vehicle_breaks_barrier(dice, "Bike", 0.5, 5)  # half a d10: 9 // 2 = 4
    assert (b.damage, b.destroyed) == (4, False)
    eng = engine("coc7", *PEOPLE, "chase new Farm", 'chase add Truck role=flee vehicle=truck driver=Ada',
                 "chase add Harvey role=pursue mov=13", 'chase location add barrier "brick wall" at=3')
    do(eng, "chase start", 50, 50)
    events = do(eng, "chase barrier truck break", 10, 10, 1, 1, 1, 1, 1)  # 25 ≥ 25
    assert kinds(events) == ["BarrierResolved", "VehicleBuildChanged"]
    truck = eng.state.chases[0].participant("truck")
    assert (truck.position, truck.build) == (3, 6)  # 12 HP back → 1 Build
    assert eng.state.chases[0].location(3).broken


@pytest.mark.rule("COC-CHASE-14")
def test_vehicle_failing_to_break_a_barrier_is_wrecked():
    eng = engine("coc7", *PEOPLE, "chase new Farm", 'chase add Truck role=flee vehicle=truck driver=Ada passengers=Harvey',
                 "chase add Ghoul role=pursue mov=13", 'chase location add barrier "tree" at=3')
    do(eng, "chase start", 50, 50)
    events = do(eng, "chase barrier truck break", 1, 2, 3, 4, 5, 6, 7)  # 28 < 50: wrecked
    # the occupants' harm is the Keeper's call (COC-VEHICLE-05): no die is drawn for it unasked
    assert kinds(events) == ["BarrierResolved", "VehicleBuildChanged", "VehicleWrecked", "ChaseEnded"]
    assert (events[2].consequence, events[2].occupants) == ("accident", "pending")
    assert eng.state.chases[0].location(3).hp == 22
    assert eng.state.chases[0].participant("truck").accident == "accident"
    # the Keeper hurts them: 1D10 each (8, 9), each a major wound on 12 HP with its CON roll
    events = do(eng, "chase crash truck hurt", 8, 20, 9, 99)
    assert kinds(events) == ["AccidentResolved", "DamageApplied", "ConditionAdded", "ConditionAdded", "CocConRolled",
                             "DamageApplied", "ConditionAdded", "ConditionAdded", "CocConRolled", "ConditionAdded"]
    assert [(e.character, e.hp_before - e.hp_after) for e in events_of(events, DamageApplied)] == [("ada", 8), ("harvey", 9)]
    assert eng.state.characters["harvey"].conditions == ("major wound", "prone", "unconscious")
    assert eng.state.chases[0].participant("truck").accident == ""
    assert "no wrecked or halted vehicle" in rejected(eng, "chase crash truck hurt")
    assert replayed(eng) == eng.state


@pytest.mark.rule("COC-CHASE-15")
def test_barrier_hit_points():
    assert [rc.barrier_hp(n) for n in ("fence", "door", "external door", "wall", "tree", "bridge")] == [5, 10, 15, 25, 50, 100]
    assert rc.barrier_hp("Concrete bridge support") == 100 and rc.barrier_hp("hedge") is None
    eng = engine("coc7", "chase new Farm")
    do(eng, 'chase location add barrier "tree" at=2')
    assert eng.state.chases[0].location(2).hp == 50


@pytest.mark.rule("COC-CHASE-16")
def test_attacks_cost_a_movement_action_except_shooting():
    assert rc.attack_cost("melee", True) == 1 and rc.attack_cost("ram", False) is None
    assert rc.attack_cost("ranged", False) == 0


@pytest.mark.rule("COC-CHASE-17")
def test_ram_damage_and_capped_recoil():
    dice = Dice.forced(10, 50, 10, 10, 10, 10, 10, 10, 10)
    r = rc.ram(dice, "Truck", 50, "Ada", 40, 7, -1)  # extreme against regular; 70 HP to a person of Build −1
    assert (r.hit, r.damage, r.recoil_build) == (True, 70, 0)
    r = rc.ram(Dice.forced(20, 30, *[10] * 7), "Truck", 50, "Ford", 50, 7, 5)
    assert (r.hit, r.damage, r.recoil_build) == (True, 70, 3)  # 35 HP back → 3 Build
    r = rc.ram(Dice.forced(20, 15), "Truck", 50, "Ford", 50, 7, 5)  # hard against hard: the dodger wins ties
    assert (r.hit, r.damage) == (False, 0)
    r = rc.ram(Dice.forced(20, 30, *[10] * 7), "Truck", 50, "Bus", 50, 7, 2)
    assert r.recoil_build == 2  # 35 HP would be 3 Build, capped by the target's 2


@pytest.mark.rule("COC-CHASE-16", "COC-CHASE-17")
def test_ram_on_foot_target_through_the_engine():
    eng = engine("coc7", *PEOPLE, "chase new Road", "chase add Harvey role=flee mov=14",
                 "chase add Van role=pursue vehicle=car driver=Ada")
    do(eng, "chase start", 50, 50)  # both MOV 14: one action each
    do(eng, "chase move van")
    do(eng, "chase next")
    do(eng, "chase move van")
    do(eng, "chase next")
    # Ada's Drive Auto 50: 10 (extreme) against Harvey's Dodge 35: 30 (hard); 5D10 = 10 → 10 HP
    events = do(eng, "chase ram van harvey", 10, 30, 2, 2, 2, 2, 2, 45)
    (ram,) = events_of(events, RamResolved)
    assert (ram.hit, ram.damage, ram.actions) == (True, 10, 0)
    assert [(e.character, e.hp_after) for e in events_of(events, DamageApplied)] == [("harvey", 2)]
    # 10 of 12 HP: a major wound (COC-PARTY-04): prone, and CON 60 against 45 keeps him conscious
    assert eng.state.characters["harvey"].conditions == ("major wound", "prone")
    assert events_of(events, VehicleBuildChanged) == []  # Harvey's Build is 0: no recoil


@pytest.mark.rule("COC-CHASE-18")
@pytest.mark.parametrize(("roll", "kind", "difficulty"), [
    (1, "open", "regular"), (59, "open", "regular"), (60, "hazard", "regular"), (84, "hazard", "regular"),
    (85, "hazard", "hard"), (95, "hazard", "hard"), (96, "hazard", "extreme"), (100, "hazard", "extreme")])
def test_random_location_bands(roll, kind, difficulty):
    assert rc.location_for(roll) == (kind, difficulty)


@pytest.mark.rule("COC-CHASE-18", "COC-CHASE-19")
def test_environment_dice_on_location_rolls():
    assert rc.environment_dice("hazardous") == (0, 1) and rc.environment_dice("safe") == (1, 0)
    assert rc.environment_dice("normal") == (0, 0)
    r = rc.random_location(Dice.forced(5, 50, 80), "hazardous")  # penalty: 55 and 85 → 85
    assert (r.roll, r.kind, r.difficulty) == (85, "hazard", "hard")
    r = rc.random_location(Dice.forced(5, 50, 80), "safe")
    assert (r.roll, r.kind) == (55, "open")
    eng = engine("coc7", "chase new Woods env=hazardous")
    events = do(eng, "chase location random count=2", 6, 90, 30, 0, 50, 10)
    assert [(e.location.index, e.roll, e.location.kind, e.location.difficulty) for e in events_of(events, LocationGenerated)] == [
        (0, 96, "hazard", "extreme"), (1, 50, "open", "regular")]


@pytest.mark.rule("COC-CHASE-20")
def test_sudden_hazards_alternate_once_a_round():
    s = rc.sudden_hazard(Dice.forced(45), "players", {"ada": 70, "harvey": 45})
    assert (s.roller, s.luck, s.roll, s.winner) == ("harvey", 45, 45, "players")
    assert rc.sudden_hazard(Dice.forced(46), "keeper", {"harvey": 45}, "players").winner == "keeper"
    with pytest.raises(ValueError):
        rc.sudden_hazard(Dice.forced(46), "keeper", {"harvey": 45}, "keeper")
    eng = engine("coc7", *PEOPLE, "chase new Docks", "chase add Harvey role=flee", "chase add Ada role=flee",
                 "chase add Ghoul role=pursue mov=9")
    do(eng, "chase start hold=Ada", 50, 50, 50)
    (ev,) = do(eng, "chase sudden players", 80)
    assert isinstance(ev, SuddenHazardCalled) and (ev.roller, ev.winner) == ("harvey", "keeper")
    assert "one per round" in rejected(eng, "chase sudden keeper", 10)
    do(eng, "chase next")
    assert "other side's turn" in rejected(eng, "chase sudden players", 10)
    (ev,) = do(eng, "chase sudden keeper", 10)
    assert ev.winner == "players" and ev.round == 2


@pytest.mark.rule("COC-CHASE-21")
def test_mov_to_mph():
    assert [rc.mph(m) for m in (5, 9, 12, 14, 20)] == ["3", "12", "40", "90", "1000"]
    assert rc.mph(4) == "<3" and rc.mph(21) == ">1000"


@pytest.mark.rule("COC-CHASE-22", "COC-CHASE-23")
def test_pedal_penalty_dice():
    assert [rc.pedal_penalty(n) for n in (2, 3, 4, 5)] == [1, 1, 2, 2]
    with pytest.raises(ValueError):
        rc.pedal_penalty(1)


def _road(*more: str):
    eng = engine("coc7", *PEOPLE, "chase new Coast road", 'chase add Ford role=flee vehicle=car driver=Ada passengers=Harvey',
                 "chase add Hound role=pursue vehicle=car driver=Cultist", *more)
    do(eng, "chase start", 50, 10)  # Ada 50 vs 50: MOV 14; the Cultist's Drive Auto is DEX/2 = 20: 10 (hard) → 14
    return eng


@pytest.mark.rule("COC-CHASE-23")
def test_pedal_four_to_five_through_hazards_and_a_failed_one_stops():
    eng = _road('chase location add hazard=regular "Roadworks" at=4', 'chase location add hazard=hard "Sheep" at=6')
    assert where(eng)["ford"] == (2, 1, "in")
    # 2 → 3 open; roadworks: 2 penalty dice 0+10,20,30 → 30 ≤ 50 passes; 5 open; sheep (hard, 25): 0+10,20,40 → 40 fails
    events = do(eng, "chase pedal ford 5", 0, 10, 20, 30, 0, 10, 20, 40, 1, 3)
    assert kinds(events) == ["ParticipantMoved", "HazardResolved", "ParticipantMoved", "HazardResolved", "VehicleBuildChanged"]
    hz = events_of(events, HazardResolved)
    assert [(h.location, h.penalty, h.roll, h.passed) for h in hz] == [(4, 2, 30, True), (6, 2, 40, False)]
    ford = eng.state.chases[0].participant("ford")
    assert (ford.position, ford.actions, ford.deficit, ford.build) == (6, 0, 1, 2)  # the delay of 1 is owed; 1D6 = 3
    assert replayed(eng) == eng.state


@pytest.mark.rule("COC-CHASE-22", "COC-CHASE-24")
def test_navigator_takes_a_penalty_die_off_the_next_acceleration():
    eng = _road('chase location add hazard=regular "Bend" at=4')
    (nav,) = do(eng, "chase navigate ford", 30)  # Harvey has no Spot Hidden or Navigate: base 25 and 10 → 25
    assert isinstance(nav, NavigatorRolled) and (nav.skill, nav.target, nav.success) == ("Spot Hidden", 25, False)
    assert not eng.state.chases[0].participant("ford").navigator
    (nav,) = do(eng, "chase navigate ford skill=Navigate", 5)
    assert nav.success and eng.state.chases[0].participant("ford").navigator
    events = do(eng, "chase pedal ford 3", 45)  # 1 penalty die − 1 navigator = a plain roll
    (hz,) = events_of(events, HazardResolved)
    assert (hz.penalty, hz.roll, hz.passed) == (0, 45, True)
    assert events_of(events, ParticipantMoved)[0].navigator_used
    ford = eng.state.chases[0].participant("ford")
    assert (ford.position, ford.actions, ford.navigator) == (5, 0, False)


@pytest.mark.rule("COC-CHASE-25")
def test_shooting_on_the_move_or_standing_still():
    assert rc.firearm_terms(False) == (1, 0) and rc.firearm_terms(True) == (0, 1)
    eng = engine("coc7", *PEOPLE, "chase new Moor", 'char set harvey "Firearms (Handgun)=60"',
                 "chase add Harvey role=flee", "chase add Ghoul role=pursue mov=9")
    do(eng, "chase start", 50, 50)
    (shot, hp, *_) = do(eng, "chase shoot harvey ghoul damage=1d10 --still", 55, 7, 20)  # 7 of 13: a major wound
    assert isinstance(shot, ShotFired) and (shot.penalty, shot.hit, shot.actions) == (0, True, 0)
    assert isinstance(hp, DamageApplied) and (hp.hp_before, hp.hp_after) == (13, 6)
    (shot,) = do(eng, "chase shoot harvey ghoul damage=1d10", 5, 50, 60)  # moving: 55 and 65 → 65 misses
    assert (shot.penalty, shot.roll, shot.hit) == (1, 65, False)
    assert "has 0 movement actions left" in rejected(eng, "chase shoot harvey ghoul damage=1d10 --still", 5)
    assert "no tyres" in rejected(eng, "chase shoot harvey ghoul --tyre damage=1d10")


@pytest.mark.rule("COC-CHASE-26")
def test_tyres():
    assert rc.tyre_hit(5) and not rc.tyre_hit(4) and not rc.tyre_hit(10, impaling=False)
    eng = _road()
    do(eng, 'char set harvey "Firearms (Handgun)=60"')
    # moving + tyre: two penalty dice: units 0, tens 10 20 30 → 30 hits; 1D10 = 5 → 2 past the armour: destroyed
    events = do(eng, "chase shoot harvey hound --tyre damage=1d10", 0, 10, 20, 30, 5)
    (shot, build) = events
    assert (shot.penalty, shot.hit, shot.target_name) == (2, True, "Hound's tyre")
    assert isinstance(build, VehicleBuildChanged) and (build.old, build.new) == (5, 4)
    assert "cannot shoot at itself" in rejected(eng, "chase shoot harvey ford --tyre damage=1d10")
    assert "damage=" in rejected(eng, "chase shoot harvey hound --tyre")


@pytest.mark.rule("COC-CHASE-27")
def test_a_badly_wounded_driver_makes_a_hard_hazard_roll():
    assert rc.driver_loses_control(6, 12, True) and not rc.driver_loses_control(5, 12, True)
    assert not rc.driver_loses_control(12, 12, False)
    eng = _road()
    do(eng, 'char set harvey "Firearms (Handgun)=60"')
    # Harvey shoots the Hound's driver: 0+10,20 → 20 hits; 1D10 = 10 − armour 2 = 8 ≥ half of 12 HP
    events = do(eng, "chase shoot harvey cultist damage=1d10", 0, 10, 20, 10, 30, 40, 3, 4)
    # the major wound first (COC-PARTY-04: prone, CON 50 against 30 holds), then the hazard roll
    assert kinds(events) == ["ShotFired", "DamageApplied", "ConditionAdded", "ConditionAdded", "CocConRolled",
                             "HazardResolved", "VehicleBuildChanged"]
    hz = events[5]
    assert (hz.difficulty, hz.skill, hz.target, hz.roll, hz.passed, hz.delay) == ("hard", "Drive Auto", 20, 40, False, 3)
    assert "COC-CHASE-27" in hz.rules
    hound = eng.state.chases[0].participant("hound")
    assert (hound.build, hound.actions, hound.deficit) == (1, 0, 2)  # moderate 1D6 = 4; 1 action − 3


@pytest.mark.rule("COC-CHASE-28")
def test_switching_between_running_and_driving():
    assert rc.switched_actions(1, 1, 4) == 4 and rc.switched_actions(0, 3, 1) == 0
    eng = engine("coc7", *PEOPLE, "chase new Town", "chase add Ada role=flee", "chase add Ghoul role=pursue mov=9")
    do(eng, "chase start hold=Ada", 50, 50)
    events = do(eng, 'chase switch ada car as="Stolen car"', 50)
    assert kinds(events) == ["ModeSwitched", "SpeedRolled"]
    ada = eng.state.chases[0].participant("ada")
    assert (ada.name, ada.vehicle, ada.mov, ada.actions, ada.build) == ("Stolen car", "Car, standard", 14, 6, 5)
    events = do(eng, "chase switch ada foot", 95)
    ada = eng.state.chases[0].participant("ada")
    assert (ada.vehicle, ada.mov, ada.actions) == ("", 8, 0)  # CON 95 fails: 9 → 8; 6 left + (0 − 6) → 0
    assert replayed(eng) == eng.state


@pytest.mark.rule("COC-CHASE-29")
def test_npc_skills_from_dex():
    assert (rc.npc_skill(65, "aptitude"), rc.npc_skill(65), rc.npc_skill(65, "ineptitude")) == (65, 32, 13)


@pytest.mark.rule("COC-CHASE-30")
def test_setup_runs_in_order():
    assert rc.setup_steps() == ("speed", "escape and drop-out", "place pursuers", "place fleeing",
                                "hazards and barriers", "movement actions", "DEX order")
    eng = engine("coc7", *PEOPLE, "chase new Park", "chase add Harvey role=flee", "chase add Ghoul role=pursue mov=9",
                 "chase add Cultist role=pursue")
    events = do(eng, "chase start", 50, 50, 50)
    assert kinds(events) == ["SpeedRolled", "SpeedRolled", "SpeedRolled", "ParticipantDropped", "ParticipantPlaced",
                             "ParticipantPlaced", "MovementActionsAllocated", "ChaseRoundStarted"]
    assert "COC-CHASE-30" in events[-1].rules


# --- a chase on foot, end to end --------------------------------------------------------------


@pytest.mark.rule("COC-CHASE-09", "COC-CHASE-11", "COC-CHASE-12", "COC-CHASE-13", "COC-CHASE-29")
def test_end_to_end_chase_on_foot():
    eng = engine("coc7", *PEOPLE, "chase new The docks")
    do(eng, "chase add Harvey role=flee")
    do(eng, "chase add Ada role=flee")
    do(eng, "chase add Ghoul role=pursue mov=9 aptitude=aptitude")
    do(eng, "chase add Cultist role=pursue")
    do(eng, 'chase location add hazard=hard "Market stalls" skill=Jump at=3 damage=minor')
    do(eng, 'chase location add barrier fence at=5 skill=Climb')
    # Harvey 30 (hard: 8), Ada 14 (extreme: 10), Ghoul 50 (9), Cultist 99 (7 → 6)
    events = do(eng, "chase start escape=Ada", 30, 14, 50, 99)  # the Keeper lets Ada go (COC-CHASE-04)
    assert [e.participant for e in events_of(events, ParticipantEscaped)] == ["ada"]
    assert [e.participant for e in events_of(events, ParticipantDropped)] == ["cultist"]
    (alloc,) = events_of(events, MovementActionsAllocated)
    assert (alloc.slowest, alloc.actions) == (8, {"harvey": 1, "ghoul": 2})
    (rnd,) = events_of(events, ChaseRoundStarted)
    assert rnd.order == ("harvey", "ghoul")
    assert where(eng) == {"harvey": (2, 1, "in"), "ada": (0, 0, "escaped"), "ghoul": (0, 2, "in"), "cultist": (0, 0, "dropped")}

    # round 1: Harvey jumps the stalls (hard: 15 ≤ 20); the ghoul runs up to them
    (hz,) = do(eng, "chase hazard harvey", 15)
    assert (hz.passed, hz.level, hz.position, hz.actions) == (True, "hard", 3, 0)
    (mv,) = do(eng, "chase move ghoul 2")
    assert (mv.start, mv.end, mv.actions) == (0, 2, 0)
    assert "0 movement actions" in rejected(eng, "chase move ghoul")
    do(eng, "chase next")

    # round 2: Harvey reaches the fence; the ghoul goes carefully (1 bonus die) but fails: delay 3, 1D3 = 2
    do(eng, "chase move harvey")
    assert "blocked by the hard hazard at 3" in rejected(eng, "chase move ghoul")
    events = do(eng, "chase hazard ghoul cautious=1", 0, 60, 90, 3, 2)
    (hz,) = events_of(events, HazardResolved)
    assert (hz.skill, hz.target, hz.bonus) == ("Jump", 65, 1)  # the ghoul's aptitude: DEX
    assert (hz.roll, hz.passed, hz.delay, hz.position, hz.actions, hz.deficit) == (60, False, 3, 3, 0, 3)
    assert [(e.character, e.hp_before, e.hp_after) for e in events_of(events, DamageApplied)] == [("ghoul", 13, 11)]
    do(eng, "chase next")
    assert where(eng)["ghoul"] == (3, 0, "in")
    assert eng.state.chases[0].participant("ghoul").deficit == 1

    # round 3: Harvey fails to climb the fence (base Climb 20)
    assert "blocked by the barrier at 5 (5 HP)" in rejected(eng, "chase move harvey")
    (b,) = do(eng, "chase barrier harvey pass", 50)
    assert (b.passed, b.position, b.skill, b.target) == (False, 4, "Climb", 20)
    do(eng, "chase next")

    # round 4: Harvey kicks the fence down (5 HP); the ghoul catches up with him
    (b,) = do(eng, "chase barrier harvey break damage=1d6", 6)
    assert (b.damage, b.barrier_hp, b.position) == (6, 0, 4)
    do(eng, "chase move ghoul")
    events = do(eng, "chase catch harvey")
    assert kinds(events) == ["ParticipantCaught", "ChaseEnded"]
    assert events[1].outcome == "escaped: Ada; caught: Harvey"
    chase = eng.state.chases[0]
    assert chase.ended and chase.location(5).broken
    assert where(eng) == {"harvey": (4, 0, "caught"), "ada": (0, 0, "escaped"), "ghoul": (4, 0, "in"), "cultist": (0, 0, "dropped")}
    assert "has ended" in rejected(eng, "chase next chase=1")
    assert replayed(eng) == eng.state
    do(eng, "undo")
    assert not eng.state.chases[0].ended


def test_chase_commands_refuse_bad_input():
    eng = engine("fhtagn", "char new Ada")
    assert "Call of Cthulhu" in rejected(eng, "chase new")
    eng = engine("coc7", *PEOPLE)
    assert "chase new" in rejected(eng, "chase add Ada role=flee")
    do(eng, "chase new")
    assert "did you mean 'Harvey'" in rejected(eng, "chase add Harvy role=flee")
    assert "role=flee" in rejected(eng, "chase add Harvey")
    do(eng, "chase add Harvey role=flee")
    do(eng, "chase add Ghoul role=pursue mov=9")
    assert "has not started" in rejected(eng, "chase move harvey")
    do(eng, "chase start", 50, 50)
    assert "no one called 'bob'" in rejected(eng, "chase move bob")
    assert "open: use 'chase move" in rejected(eng, "chase hazard harvey")
    assert "1 or 2" in rejected(eng, "chase hazard harvey cautious=3")
    assert "no barrier" in rejected(eng, "chase barrier harvey pass")
    assert "pass" in rejected(eng, "chase barrier harvey jump")
    assert "already running" in rejected(eng, "chase add Ada role=flee")
    assert "on foot" in rejected(eng, "chase pedal harvey 2")
    assert "keeper or the players" in rejected(eng, "chase sudden gm2")


def test_queries_show_the_chase_and_the_charts():
    eng = engine("coc7", *PEOPLE, "chase new Docks", "chase add Harvey role=flee")
    assert "Harvey" in eng.execute("chase show").answer and "setting up" in eng.execute("chase show").answer
    assert "Car, standard" in eng.execute("chase vehicles").answer


@pytest.mark.rule("COC-CHASE-04")
def test_a_start_that_waits_says_who_may_escape_and_the_words_to_decide_work_as_typed():
    eng = engine("coc7", *PEOPLE, "chase new Road", 'chase add "Old Ford" role=flee vehicle=car driver=Ada',
                 "chase add Ghoul role=pursue mov=9")
    outcome = eng.execute("chase start", dice=[50, 50])  # Old Ford 14 > Ghoul 9
    said = outcome.lines(eng.names)
    assert said[-1] == ("Old Ford (MOV 14) may escape: faster than every pursuer. The Keeper decides (COC-CHASE-04): "
                        "'chase start escape=\"Old Ford\"' lets them go, 'chase start hold=\"Old Ford\"' keeps them "
                        "in the chase")
    assert len(said) == 3 and said[0].startswith("Old Ford speed roll")
    events = do(eng, 'chase start hold="Old Ford"')  # as the words say; no die
    assert events_of(events, SpeedRolled) == []
    # kept in, but the Ghoul is slower than the slowest fleeing: it drops out all the same (COC-CHASE-05)
    assert [e.participant for e in events_of(events, ParticipantDropped)] == ["ghoul"]
    (gone,) = events_of(events, ParticipantEscaped)
    assert (gone.reason, gone.rules) == ("no pursuer left", ("COC-CHASE-05",))
    assert eng.state.chases[0].outcome == "escaped: Old Ford — over before it began"
