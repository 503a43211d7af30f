"""CoC 7e vehicles (COC-VEHICLE-01 … 10): charts, collisions, Build, and a chase with cars and a truck."""

from __future__ import annotations

import pytest

from fhtagn_tui.domain.codec import decode_many, encode
from fhtagn_tui.domain.features.chase import (
    ChaseEnded,
    HazardResolved,
    OccupantLuck,
    ParticipantDropped,
    RamResolved,
    VehicleBuildChanged,
    VehicleWrecked,
)
from fhtagn_tui.domain.features.encounter import DamageApplied
from fhtagn_tui.domain.history import fold
from fhtagn_tui.rules.coc import vehicles as rv
from fhtagn_tui.rules.dice import Dice
from tests.helpers import do, engine, events_of, rejected, replayed


def faces(dice: Dice) -> list[tuple[str, int]]:
    return [(r.die, r.value) for r in dice.drawn]


# --- pure rules -------------------------------------------------------------------------


@pytest.mark.rule("COC-VEHICLE-01")
@pytest.mark.parametrize(
    ("row", "values", "build"),
    [("minor", (1,), 0), ("minor", (3,), 2), ("moderate", (6,), 6), ("severe", (7,), 7),
     ("mayhem", (4, 9), 13), ("road kill", (1, 2, 3, 4, 5), 15)],
)
def test_collision_rows_roll_build_damage(row, values, build):
    dice = Dice.forced(*values)
    assert rv.collision_damage(dice, row) == build
    assert len(dice.drawn) == len(values)


@pytest.mark.rule("COC-VEHICLE-01")
def test_default_incident_follows_hazard_difficulty_and_unknown_row_is_refused():
    assert rv.INCIDENT_BY_DIFFICULTY == {"regular": "minor", "hard": "moderate", "extreme": "severe"}
    assert rv.incident("Road Kill") is rv.INCIDENTS[4]
    with pytest.raises(ValueError):
        rv.collision_damage(Dice.forced(1), "fender bender")


@pytest.mark.rule("COC-VEHICLE-02")
@pytest.mark.parametrize(("hp", "loss"), [(0, 0), (9, 0), (10, 1), (19, 1), (29, 2), (60, 6), (-5, 0)])
def test_each_full_ten_hp_is_one_build(hp, loss):
    assert rv.build_loss(hp) == loss


@pytest.mark.rule("COC-VEHICLE-03")
def test_impaired_at_half_starting_build_rounded_down():
    assert rv.impaired(2, 5) and not rv.impaired(3, 5)  # floor(5/2) = 2
    assert rv.impaired(3, 7) and not rv.impaired(4, 7)
    assert rv.impaired(0, 0.5) and not rv.impaired(0.5, 0.5)  # the bicycle: floor(0.25) = 0


@pytest.mark.rule("COC-VEHICLE-04", "COC-VEHICLE-06")
def test_loss_of_starting_build_in_one_incident_wrecks():
    r = rv.lose_build(3, 5, 5)
    assert (r.new, r.lost, r.wrecked, r.undrivable, r.out_of_action) == (0, 3, True, False, True)
    r = rv.lose_build(5, 5, 4)
    assert (r.new, r.wrecked, r.undrivable, r.out_of_action) == (1, False, False, False)
    dice = Dice.forced(3, 9)
    assert rv.occupant_fate(dice, "Ada", 50, rv.WRECK, "hurt") == rv.OccupantFate(0, 50, True, False, 12)
    assert faces(dice) == [("d10", 3), ("d10", 9)]
    # the Keeper allows a Luck roll: 42 ≤ 50 thrown clear for 2D10; 77 > 50 the full consequence
    dice = Dice.forced(42, 4, 6)
    assert rv.occupant_fate(dice, "Ada", 50, rv.WRECK, "luck") == rv.OccupantFate(42, 50, True, False, 10)
    assert faces(dice) == [("d100", 42), ("d10", 4), ("d10", 6)]
    dice = Dice.forced(77)
    assert rv.occupant_fate(dice, "Ada", 50, rv.WRECK, "luck") == rv.OccupantFate(77, 50, False, True, 0)
    assert rv.occupant_fate(Dice.forced(), "Ada", 50, rv.WRECK, "killed").killed
    assert rv.occupant_fate(Dice.forced(), "Ada", 50, rv.WRECK, "spared") == rv.OccupantFate(0, 50, False, False, 0)


@pytest.mark.rule("COC-VEHICLE-05", "COC-VEHICLE-06")
def test_cumulative_loss_to_zero_halts_the_vehicle():
    r = rv.lose_build(2, 5, 3)
    assert (r.new, r.lost, r.wrecked, r.undrivable, r.out_of_action) == (0, 2, False, True, True)
    assert not rv.lose_build(0, 5, 1).undrivable  # already at 0: nothing new happens
    dice = Dice.forced(7)
    assert rv.occupant_fate(dice, "Ada", 50, rv.ACCIDENT, "hurt").damage == 7
    assert faces(dice) == [("d10", 7)]
    # a Luck roll: a success walks away unhurt, a failure takes the 1D10
    assert rv.occupant_fate(Dice.forced(50), "Ada", 50, rv.ACCIDENT, "luck") == rv.OccupantFate(50, 50, False, False, 0)
    assert rv.occupant_fate(Dice.forced(51, 8), "Ada", 50, rv.ACCIDENT, "luck") == rv.OccupantFate(51, 50, False, False, 8)
    assert "killed" in rv.occupant_choice_error(rv.ACCIDENT, "killed")
    assert rv.occupant_choice_error(rv.WRECK, "killed") == ""


@pytest.mark.rule("COC-VEHICLE-07")
def test_vehicle_armour_protects_people_inside():
    assert rv.armour_for_people(7, 2) == 5
    assert rv.armour_for_people(1, 2) == 0
    assert rv.armour_for_people(30, 24) == 6  # a tank


@pytest.mark.rule("COC-VEHICLE-08")
@pytest.mark.parametrize(("raw", "low"), [("3 or 4", 3), ("2+", 2), ("400+", 400), ("1", 1), ("2200+", 2200), ("", 0)])
def test_passengers_keep_raw_text_and_minimum(raw, low):
    assert rv.passengers_min(raw) == low


@pytest.mark.rule("COC-VEHICLE-09")
@pytest.mark.parametrize(("mov", "twenties"), [(13, 10), (14, 11), (15, 12), (16, 13), (17, 14), (18, 14), (4, 3), (11, 9), (12, 10)])
def test_1920s_mov_is_four_fifths_rounded(mov, twenties):
    assert rv.era_mov(mov, "1920s") == twenties
    assert rv.era_mov(mov) == mov


@pytest.mark.rule("COC-VEHICLE-10")
def test_vehicle_charts():
    assert len(rv.VEHICLES) == 27
    assert {v.chart for v in rv.VEHICLES} == {"road", "air", "heavy", "other", "water"}
    car = rv.vehicle_spec("car")
    assert car is not None and (car.name, car.mov, car.build, car.armor, car.passengers) == ("Car, standard", 14, 5, 2, "4")
    tank = rv.vehicle_spec("tank")
    assert tank is not None and (tank.mov, tank.build, tank.armor, tank.skill) == (11, 20, 24, "Operate Heavy Machinery")
    bike = rv.vehicle_spec("Bicycle")
    assert bike is not None and (bike.build, bike.skill, bike.speed_roll_skill, bike.chart) == (0.5, "Ride", "CON", "other")
    boat = rv.vehicle_spec("speedboat")  # AMB-42: the seed's second "Bicycle"
    assert boat is not None and (boat.mov, boat.build, boat.passengers, boat.skill) == (14, 3, "6", "Pilot")
    assert rv.vehicle_spec("6-ton truck") == rv.vehicle_spec("truck")
    assert rv.vehicle_spec("car_economy") is not None and rv.vehicle_spec("car_economy").mov == 13
    assert rv.vehicle_spec("hovercar") is None
    jet = rv.vehicle_spec("Jet plane")
    assert jet is not None and jet.min_passengers == 50 and jet.speed_roll_skill == "Pilot"


# --- through the engine -----------------------------------------------------------------

PEOPLE = (
    'char new Harvey STR=50 CON=60 SIZ=60 DEX=70 POW=60 Luck=50 "Drive Auto=60"',
    'char new Ada STR=60 CON=70 SIZ=50 DEX=60 POW=60 Luck=50 "Spot Hidden=60"',
    'char new Brute kind=npc STR=80 CON=70 SIZ=80 DEX=50 POW=50 "Drive Auto=50"',
    'char new Cultist kind=npc STR=50 CON=50 SIZ=70 DEX=40 POW=50 "Drive Auto=40"',
)


def highway(*more: str):
    eng = engine("coc7", *PEOPLE, "chase new Highway", *more)
    do(eng, "chase add Ford role=flee vehicle=car driver=Harvey passengers=Ada")
    do(eng, "chase add Truck role=pursue vehicle=truck driver=Brute")
    do(eng, 'chase add Sedan role=pursue vehicle="economy car" driver=Cultist')
    return eng


@pytest.mark.rule("COC-VEHICLE-10", "COC-VEHICLE-08", "COC-VEHICLE-01", "COC-VEHICLE-02", "COC-VEHICLE-04")
def test_end_to_end_cars_and_a_truck():
    eng = highway('chase location add hazard=regular "Lamp post" at=3')
    ford = eng.state.chases[0].participant("ford")
    assert ford is not None and (ford.vehicle, ford.mov, ford.build, ford.armor, ford.passengers) == ("Car, standard", 14, 5, 2, ("ada",))
    # speed rolls: Ford 50 (regular, 14), Truck 10 (extreme, 13 → 14), Sedan 90 (failure, 13 → 12: drops out)
    events = do(eng, "chase start", 50, 10, 90)
    assert [e.participant for e in events_of(events, ParticipantDropped)] == ["sedan"]
    chase = eng.state.chases[0]
    pos = {p.id: (p.position, p.mov, p.actions, p.status) for p in chase.participants}
    assert pos == {"ford": (2, 14, 1, "in"), "truck": (0, 14, 1, "in"), "sedan": (0, 12, 0, "dropped")}
    assert chase.order == ("ford", "truck")

    # round 1: the Ford fails the lamp post (75 vs 60), loses 2 actions (1D3=2) and 2 Build (1D3−1, d3=3)
    events = do(eng, "chase hazard ford", 75, 2, 3)
    (hz,) = events_of(events, HazardResolved)
    assert (hz.passed, hz.delay, hz.position, hz.actions, hz.deficit) == (False, 2, 3, 0, 2)
    (bc,) = events_of(events, VehicleBuildChanged)
    assert (bc.old, bc.new) == (5, 3) and "minor collision" in bc.reason
    do(eng, "chase move truck")
    do(eng, "chase next")
    chase = eng.state.chases[0]
    assert {p.id: (p.actions, p.deficit) for p in chase.active} == {"ford": (0, 1), "truck": (1, 0)}

    # round 2: the truck floors it through the lamp post (penalty die: units 5, tens 20 and 30 → 35 vs 50)
    events = do(eng, "chase pedal truck 2", 5, 20, 30)
    (hz,) = events_of(events, HazardResolved)
    assert (hz.penalty, hz.roll, hz.passed, hz.position) == (1, 35, True, 3)
    do(eng, "chase next")

    # round 3: the truck rams the Ford: Drive Auto 20 (hard) against 45 (regular); 7D10 = 60
    # the Keeper allows each occupant a Luck roll (COC-VEHICLE-04): Harvey 30 ≤ 50 is thrown clear for
    # 2D10 = 7 (a major wound: CON 20 holds); Ada 80 > 50 suffers the full consequence
    events = do(eng, "chase ram truck ford occupants=luck", 20, 45, 10, 10, 10, 10, 10, 5, 5, 30, 3, 4, 20, 80)
    (ram,) = events_of(events, RamResolved)
    assert (ram.hit, ram.damage) == (True, 60)
    wrecks = events_of(events, VehicleWrecked)
    assert [(w.participant, w.how, w.consequence, w.occupants) for w in wrecks] == [("ford", "wrecked", "wreck", "luck")]
    assert [(e.character, e.roll, e.passed) for e in events_of(events, OccupantLuck)] == [("harvey", 30, True), ("ada", 80, False)]
    hurt = {e.character: (e.hp_before, e.hp_after) for e in events_of(events, DamageApplied)}
    assert hurt == {"harvey": (12, 5), "ada": (12, 0)}
    assert eng.state.character("ada").has("dead") and not eng.state.character("harvey").has("dead")
    assert eng.state.character("harvey").conditions == ("major wound", "prone")
    chase = eng.state.chases[0]
    truck = chase.participant("truck")
    assert truck is not None and truck.build == 4  # recoil 30 HP → 3 Build (under the Ford's 5)
    assert chase.participant("ford").build == 0 and chase.participant("ford").status == "wrecked"
    (end,) = events_of(events, ChaseEnded)
    assert chase.ended and end.outcome == "stopped: Ford"
    assert eng.state.character("harvey").current["HP"] == 5
    assert replayed(eng) == eng.state
    assert fold(decode_many([encode(e) for e in eng.sink.events])) == eng.state  # through the file codec


@pytest.mark.rule("COC-VEHICLE-09")
def test_1920s_chase_takes_a_fifth_off_vehicle_mov():
    eng = engine("coc7", *PEOPLE, "chase new Old road era=1920s")
    do(eng, "chase add Ford role=flee vehicle=car driver=Harvey")
    assert eng.state.chases[0].participant("ford").base_mov == 11


@pytest.mark.rule("COC-VEHICLE-03")
def test_impaired_vehicle_takes_a_penalty_die_on_driving_rolls():
    eng = highway('chase location add hazard=regular "Potholes" at=3', 'chase location add hazard=regular "Debris" at=4')
    do(eng, "chase start", 50, 10, 90)
    do(eng, "chase hazard ford", 75, 1, 3)  # Build 5 → 3: not yet impaired
    do(eng, "chase next")
    do(eng, "chase next")
    # Ford at 3; next hazard: fail again, Build 3 → 1 (impaired now)
    do(eng, "chase hazard ford", 80, 1, 3)
    assert eng.state.chases[0].participant("ford").build == 1
    do(eng, "chase next")
    do(eng, "chase next")
    do(eng, 'chase location add hazard=regular "Cones" at=5')
    events = do(eng, "chase hazard ford", 0, 10, 50)  # units 0, tens 10 and 50 → 50 (penalty keeps the worse)
    (hz,) = events_of(events, HazardResolved)
    assert (hz.penalty, hz.roll, hz.passed) == (1, 50, True)
    assert "COC-VEHICLE-03" in hz.rules


@pytest.mark.rule("COC-VEHICLE-05")
def test_cumulative_damage_halts_and_hurts_occupants():
    eng = highway('chase location add hazard=extreme "Ditch" at=3')
    do(eng, "chase start", 50, 10, 90)
    # Extreme hazard: 40 fails (needs 12); delay 1; severe collision 1D10 = 4 → Build 1
    do(eng, "chase hazard ford", 40, 1, 4)
    assert eng.state.chases[0].participant("ford").build == 1
    do(eng, "chase next")
    do(eng, "chase next")
    do(eng, 'chase location add hazard=hard "Verge" at=4')
    # impaired now: penalty die. units 9, tens 90, 10 → 99 fails; delay 2; moderate 1D6 = 1 → Build 0: halted
    events = do(eng, "chase hazard ford", 9, 90, 10, 2, 1)
    (wreck,) = events_of(events, VehicleWrecked)
    assert wreck.how == "halted" and "COC-VEHICLE-05" in wreck.rules
    assert (wreck.consequence, wreck.occupants) == ("accident", "pending")  # the Keeper's call: no die unasked
    assert events_of(events, DamageApplied) == []
    assert eng.state.chases[0].ended
    assert "spectacular wreck" in rejected(eng, "chase crash ford killed")  # killed: a wreck only
    events = do(eng, "chase crash ford hurt", 6, 20, 3)  # 1D10 each; Harvey's 6 of 12 is a major wound
    hurt = {e.character: e.hp_before - e.hp_after for e in events_of(events, DamageApplied)}
    assert hurt == {"harvey": 6, "ada": 3}
    assert replayed(eng) == eng.state


@pytest.mark.rule("COC-VEHICLE-07")
def test_shots_at_people_inside_lose_the_vehicle_armour():
    eng = highway()
    do(eng, "chase start", 50, 10, 90)
    do(eng, "chase move truck")
    do(eng, "chase next")
    # Brute has no Firearms: an NPC without the skill rolls DEX/2 = 25; 20 hits; 1D10 = 6 − armour 2 = 4
    events = do(eng, "chase shoot brute ada damage=1d10", 0, 20, 10, 6)  # penalty die: 20 and 10 → 20
    hurt = events_of(events, DamageApplied)
    assert [(e.character, e.hp_before, e.hp_after) for e in hurt] == [("ada", 12, 8)]
    assert "COC-VEHICLE-07" in hurt[0].rules


def test_vehicle_commands_refuse_bad_input():
    eng = engine("coc7", *PEOPLE, "chase new Highway")
    assert "did you mean" in rejected(eng, "chase add Ford role=flee vehicle=carr driver=Harvey")
    assert "driver=" in rejected(eng, "chase add Ford role=flee vehicle=car")
    assert "role is flee or pursue" in rejected(eng, "chase add Ford role=chase vehicle=car driver=Harvey")
    do(eng, "chase add Ford role=flee vehicle=car driver=Harvey")
    assert "already in chase" in rejected(eng, "chase add Bus role=pursue vehicle=truck driver=Harvey")
    assert "has not started" in rejected(eng, "chase pedal ford 3")
    do(eng, "chase add Harvey2 role=pursue vehicle=truck driver=Brute")
    do(eng, "chase start", 50, 10)  # 14 against 14: no escape
    assert "2–3 or 4–5" in rejected(eng, "chase pedal ford 6")
    assert "same location" in rejected(eng, "chase ram harvey2 ford")
