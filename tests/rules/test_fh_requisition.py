"""FHTAGN requisitions (catalogue FH-REQ-01 … FH-REQ-13) with forced dice."""

from __future__ import annotations

import pytest

from fhtagn_tui.domain.codec import decode_one, encode
from fhtagn_tui.domain.features.campaign import BondChanged
from fhtagn_tui.domain.features.requisition import RequisitionResolved
from fhtagn_tui.rules.dice import Dice
from fhtagn_tui.rules.fhtagn import requisition as req
from fhtagn_tui.service import Engine
from tests.helpers import do, engine, events_of, rejected, replayed

# Ada: INT 14 (INT×5 = 70), CHA 12 (CHA×5 = 60).
ADA = 'char new Ada INT=14 CHA=12 bonds="Sister:10,Partner:9,Mom:1"'


@pytest.fixture
def eng() -> Engine:
    return engine("fhtagn", ADA)


def bonds(eng: Engine) -> dict[str, int]:
    ada = eng.state.character("ada")
    assert ada is not None
    return {b.name: b.score for b in ada.bonds}


def resolved(events: list) -> RequisitionResolved:
    (ev,) = events_of(events, RequisitionResolved)
    assert isinstance(ev, RequisitionResolved)
    return ev


def changes(events: list) -> list[tuple[str, int | None, int | None]]:
    return [(e.bond, e.old, e.new) for e in events_of(events, BondChanged)]


# --- FH-REQ-01: categories -------------------------------------------------------------


@pytest.mark.rule("FH-REQ-01")
@pytest.mark.parametrize(
    ("price", "key"),
    [(0, "incidental"), (150, "incidental"), (151, "standard"), (800, "standard"), (801, "unusual"),
     (5000, "unusual"), (5001, "major"), (30000, "major"), (30001, "extreme"), (10**7, "extreme")],
)
def test_classify_price_boundaries(price, key):
    assert req.classify(price).key == key


@pytest.mark.rule("FH-REQ-01")
def test_classify_refuses_negative_price():
    with pytest.raises(ValueError, match="negative"):
        req.classify(-1)


@pytest.mark.rule("FH-REQ-01")
@pytest.mark.parametrize(
    ("words", "key"),
    [("food", "incidental"), ("taxi", "incidental"), ("rental car", "incidental"), ("ammo", "incidental"),
     ("shovels", "incidental"), ("tarpaulin", "incidental"), ("burner phone", "incidental"),
     ("pistol", "standard"), ("Rifle", "standard"), ("plane ticket", "standard"),
     ("rental car for several days", "standard"), ("a week at a modest hotel", "standard"),
     ("used car", "unusual"), ("powerful computer", "unusual"), ("long-haul flight", "unusual"),
     ("fancy hotel", "unusual"), ("fake passport to a developing country", "unusual"),
     ("private villa", "major"), ("access to an exclusive charity event", "major")],
)
def test_seed_examples_suggest_their_category(words, key):
    item = req.suggest(words)
    assert item is not None and item.category == key


def test_every_seed_example_is_listed_with_its_category():
    for cat in req.CATEGORIES[:4]:
        assert cat.examples
    assert req.suggest("yacht") is None
    assert all(i.category in req.CATEGORY_BY_KEY for i in req.ITEMS)
    assert req.find_category("S") is req.CATEGORY_BY_KEY["standard"]
    assert req.find_category("5") is req.CATEGORY_BY_KEY["extreme"]
    assert req.find_category("x") is None and req.find_category("6") is None


# category by each way, through the engine: price=, the catalogue, category=
@pytest.mark.rule("FH-REQ-01")
@pytest.mark.parametrize(
    ("line", "dice", "key"),
    [
        ("req ada thing price=150 own", (), "incidental"),
        ("req ada thing price=151 own bond=Partner", (10,), "standard"),
        ("req ada thing price=5,000€ own bond=Partner", (), "unusual"),
        ("req ada thing price=30k own bond=Partner", (10,), "major"),
        ("req ada thing price=30001 own approved", (1,), "extreme"),
        ("req ada food own", (), "incidental"),
        ("req ada pistol own bond=Partner", (10,), "standard"),
        ("req ada fake passport own bond=Partner", (), "unusual"),
        ("req ada villa own bond=Partner", (10,), "major"),
        ("req ada yacht own extreme approved", (1,), "extreme"),
        ("req ada pistol own category=unusual bond=Partner", (), "unusual"),  # the GM overrides the suggestion
        ("req ada crate cat=4 own bond=Partner", (10,), "major"),
    ],
)
def test_category_by_price_catalogue_or_given(eng, line, dice, key):
    ev = resolved(do(eng, line, *dice))
    assert ev.category == key and ev.acquired
    assert ev.rules[0] == "FH-REQ-01"


# --- FH-REQ-02: the tests ------------------------------------------------------------------


@pytest.mark.rule("FH-REQ-02")
def test_requisition_test_targets():
    assert req.requisition_test("favour", "standard", cha=12, intelligence=14) == req.ReqTest("CHA×5", 60)
    assert req.requisition_test("favour", "extreme", cha=12, intelligence=14) == req.ReqTest("CHA×5", 60, (-20,))
    assert req.requisition_test("own", "standard", cha=12, intelligence=14, accounting=70) == req.ReqTest("INT×5", 70)
    assert req.requisition_test("own", "major", cha=12, intelligence=14, accounting=71) == req.ReqTest("Accounting", 71)
    assert req.requisition_test("own", "standard", cha=12, intelligence=14, profession=True) == req.ReqTest(
        "INT×5", 70, (20,)
    )


@pytest.mark.rule("FH-REQ-02")
def test_own_money_uses_accounting_when_better_and_profession_adds_20():
    eng = engine("fhtagn", 'char new Bo INT=10 Accounting=65 bonds="Wife:8"')
    ev = resolved(do(eng, "req bo pistol own bond=Wife profession", 85))
    assert (ev.test, ev.target, ev.roll, ev.success) == ("Accounting", 85, 85, True)
    assert ev.profession and "FH-DICE-05" in ev.rules
    ev = resolved(do(eng, "req bo pistol own bond=Wife", 66))
    assert (ev.test, ev.target, ev.success) == ("Accounting", 65, False)
    assert eng.state.character("bo").bond("Wife").score == 7


@pytest.mark.rule("FH-REQ-02", "FH-REQ-04")
@pytest.mark.parametrize(("roll", "success"), [(1, True), (11, True), (60, True), (61, False), (66, False), (100, False)])
def test_criticals_and_fumbles_count_as_plain_success_and_failure(eng, roll, success):
    ev = resolved(do(eng, "req ada pistol favour contact=Sister", roll))
    assert ev.success is success and ev.acquired is success
    assert bonds(eng)["Sister"] == (10 if success else 9)


# --- favours: FH-REQ-03 … FH-REQ-07 -------------------------------------------------------------


@pytest.mark.rule("FH-REQ-03")
def test_incidental_favour_needs_no_test_and_costs_nothing(eng):
    events = do(eng, "req ada food favour")
    ev = resolved(events)
    assert ev.acquired and ev.test == "" and ev.roll is None and ev.dice == () and ev.losses == ()
    assert changes(events) == []
    ev = resolved(do(eng, "req ada cab via=favour contact=Sister"))
    assert ev.contact == "Sister" and bonds(eng)["Sister"] == 10
    assert ev.rules == ("FH-REQ-01", "FH-REQ-03")


@pytest.mark.rule("FH-REQ-04")
def test_standard_favour_success_and_failure(eng):
    events = do(eng, "req ada pistol via=favour contact=Sister", 60)
    ev = resolved(events)
    assert (ev.test, ev.target, ev.roll, ev.success, ev.acquired) == ("CHA×5", 60, 60, True, True)
    assert changes(events) == [] and ev.losses == ()
    events = do(eng, "req ada pistol via=favour contact=sister", 61)
    ev = resolved(events)
    assert (ev.success, ev.acquired) == (False, False)
    assert changes(events) == [("Sister", 10, 9)]
    assert events_of(events, BondChanged)[0].reason == "requisition: pistol"
    assert ev.rules == ("FH-REQ-01", "FH-REQ-02", "FH-DICE-01", "FH-DICE-04", "FH-REQ-04", "FH-REQ-13")
    assert [(r.die, r.value) for r in ev.dice] == [("d100", 61)]


@pytest.mark.rule("FH-REQ-05")
@pytest.mark.parametrize(("roll", "acquired"), [(30, True), (90, False)])
def test_unusual_favour_costs_one_either_way(eng, roll, acquired):
    events = do(eng, "req ada used car favour contact=Partner", roll)
    ev = resolved(events)
    assert ev.acquired is acquired and ev.category == "unusual"
    assert changes(events) == [("Partner", 9, 8)]
    assert [(b.bond, b.old, b.new, b.loss) for b in ev.losses] == [("Partner", 9, 8, 1)]


@pytest.mark.rule("FH-REQ-06")
def test_major_favour_success_costs_one_failure_costs_1d4(eng):
    events = do(eng, "req ada villa favour contact=Sister", 60)
    assert resolved(events).acquired and changes(events) == [("Sister", 10, 9)]
    events = do(eng, "req ada villa favour contact=Sister", 61, 4)
    ev = resolved(events)
    assert not ev.acquired and changes(events) == [("Sister", 9, 5)]
    assert [(r.die, r.value) for r in ev.dice] == [("d100", 61), ("d4", 4)]


@pytest.mark.rule("FH-REQ-07")
def test_extreme_favour_is_minus_20_and_costs_1d4_or_1d6(eng):
    events = do(eng, "req ada yacht extreme favour contact=Sister approved", 40, 3)
    ev = resolved(events)
    assert (ev.target, ev.success, ev.acquired, ev.approved) == (40, True, True, True)
    assert changes(events) == [("Sister", 10, 7)]
    events = do(eng, "req ada yacht price=1000000 favour contact=Sister approved", 41, 6)
    ev = resolved(events)
    assert (ev.target, ev.success, ev.acquired) == (40, False, False)
    assert changes(events) == [("Sister", 7, 1)]
    assert "FH-DICE-05" in ev.rules and "FH-REQ-07" in ev.rules
    assert [(r.die, r.value) for r in ev.dice] == [("d100", 41), ("d6", 6)]


@pytest.mark.rule("FH-REQ-07", "FH-REQ-13")
def test_extreme_favour_failure_breaks_a_weak_bond_at_zero(eng):
    events = do(eng, "req ada yacht extreme favour contact=Mom approved roll=77,6")
    ev = resolved(events)
    assert [(b.old, b.new, b.loss, b.broken) for b in ev.losses] == [(1, 0, 6, True)]
    assert changes(events) == [("Mom", 1, 0)]
    mom = eng.state.character("ada").bond("Mom")
    assert mom is not None and mom.score == 0 and mom.broken
    assert "favour from Mom" in ev.describe(eng.names) and "broken" in ev.describe(eng.names)
    msg = rejected(eng, "req ada pistol favour contact=Mom", 10)
    assert "broken" in msg and "Mom" in msg


# --- own money: FH-REQ-08 … FH-REQ-12 ---------------------------------------------------------------


@pytest.mark.rule("FH-REQ-08")
def test_incidental_own_money_no_test_no_cost(eng):
    events = do(eng, "req ada ammunition own")
    ev = resolved(events)
    assert ev.acquired and ev.test == "" and ev.dice == () and changes(events) == []
    assert ev.rules == ("FH-REQ-01", "FH-REQ-08")


@pytest.mark.rule("FH-REQ-09")
def test_standard_own_money_success_and_failure(eng):
    events = do(eng, "req ada rifle own bond=Partner", 70)
    ev = resolved(events)
    assert (ev.test, ev.target, ev.success, ev.acquired) == ("INT×5", 70, True, True)
    assert changes(events) == []
    events = do(eng, "req ada rifle own bond=Partner", 71)
    ev = resolved(events)
    assert (ev.success, ev.acquired, ev.chosen) == (False, True, "Partner")
    assert changes(events) == [("Partner", 9, 8)]
    assert bonds(eng) == {"Sister": 10, "Partner": 8, "Mom": 1}


@pytest.mark.rule("FH-REQ-09")
def test_standard_own_money_needs_the_bond_choice_before_rolling(eng):
    msg = rejected(eng, "req ada rifle own", 71)
    assert "bond=BOND" in msg and "Sister 10" in msg


@pytest.mark.rule("FH-REQ-10")
def test_unusual_own_money_without_test_costs_the_chosen_bond(eng):
    events = do(eng, "req ada used car own bond=Sister")
    ev = resolved(events)
    assert ev.acquired and ev.test == "" and ev.dice == ()
    assert changes(events) == [("Sister", 10, 9)]


@pytest.mark.rule("FH-REQ-10")
@pytest.mark.parametrize(("line", "roll", "sister"), [
    ("req ada used car own bond=Sister test", 70, 10),
    ("req ada used car own bond=Sister test", 71, 9),
    ("req ada used car own bond=Sister test profession", 90, 10),
    ("req ada used car own bond=Sister test profession", 91, 9),
])
def test_unusual_own_money_avoidance_test(eng, line, roll, sister):
    ev = resolved(do(eng, line, roll))
    assert ev.acquired and ev.roll == roll and ev.success is (sister == 10)
    assert bonds(eng)["Sister"] == sister


@pytest.mark.rule("FH-REQ-11")
def test_major_own_money_success_costs_every_bond_one(eng):
    events = do(eng, "req ada villa own bond=Sister", 70)
    ev = resolved(events)
    assert ev.acquired and ev.success and ev.debt == "debt"
    assert changes(events) == [("Sister", 10, 9), ("Partner", 9, 8), ("Mom", 1, 0)]
    assert eng.state.character("ada").bond("Mom").broken


@pytest.mark.rule("FH-REQ-11")
def test_major_own_money_failure_chosen_bond_1d4_others_one(eng):
    events = do(eng, "req ada villa own bond=Partner", 71, 3)
    ev = resolved(events)
    assert ev.acquired and ev.success is False and ev.debt == "debt"
    assert changes(events) == [("Partner", 9, 6), ("Sister", 10, 9), ("Mom", 1, 0)]
    assert [(r.die, r.value) for r in ev.dice] == [("d100", 71), ("d4", 3)]
    assert "through debt" in ev.describe(eng.names)


@pytest.mark.rule("FH-REQ-12")
def test_extreme_own_money_one_1d4_for_every_bond(eng):
    events = do(eng, "req ada island extreme own approved", 4)
    ev = resolved(events)
    assert ev.acquired and ev.test == "" and ev.debt == "heavy debt"
    assert [(r.die, r.value) for r in ev.dice] == [("d4", 4)]  # one roll for all
    assert changes(events) == [("Sister", 10, 6), ("Partner", 9, 5), ("Mom", 1, 0)]
    assert ev.rules == ("FH-REQ-01", "FH-REQ-12", "FH-REQ-13")


@pytest.mark.rule("FH-REQ-12", "FH-REQ-13")
def test_extreme_own_money_with_every_bond_broken_rolls_nothing():
    eng = engine("fhtagn", 'char new Cy bonds="Old friend:0"')
    events = do(eng, "req cy island extreme own approved")
    ev = resolved(events)
    assert ev.dice == () and changes(events) == [] and ev.acquired


@pytest.mark.rule("FH-REQ-13")
def test_reduce_bond_floors_at_zero():
    assert req.reduce_bond(5, 1) == 4
    assert req.reduce_bond(3, 3) == 0
    assert req.reduce_bond(2, 6) == 0
    assert req.reduce_bond(0, 1) == 0


def test_pure_resolution_draws_in_order():
    dice = Dice.forced(61, 2)
    res = req.resolve_favour(dice, "major", cha=12, intelligence=14, contact=("Sister", 3))
    assert (res.acquired, res.roll, res.losses) == (False, 61, (req.BondLoss("Sister", 3, 1, 2),))


# --- refusals --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "dice", "words"),
    [
        ("req adda pistol favour contact=Sister", (), "did you mean 'Ada'"),
        ("req ada pistol favour contact=Sistr", (), "did you mean 'Sister'"),
        ("req ada rifle own bond=Partnr", (), "did you mean 'Partner'"),
        ("req ada pistol favour", (), "contact=BOND"),
        ("req ada thing category=huge favour contact=Sister", (), "not an expense category"),
        ("req ada thing category=7 own", (), "not an expense category"),
        ("req ada thing category=standard price=2000 own bond=Sister", (), "2,000 € is Unusual"),
        ("req ada thing price=-5 own", (), "cannot be negative"),
        ("req ada thing price=lots own", (), "not an amount of euros"),
        ("req ada yacht extreme favour contact=Sister", (40,), "approval before any roll"),
        ("req ada yacht price=31000 own", (2,), "approval"),
        ("req ada pistol favour contact=Sister approved", (), "only Extreme"),
        ("req ada thingamajig favour contact=Sister", (), "not in the catalogue"),
        ("req ada pistol", (), "via=favour"),
        ("req ada pistol via=barter", (), "not a way to pay"),
        ("req ada pistol favour contact=Sister profession", (), "own-money tests"),
        ("req ada pistol own contact=Sister", (), "drop contact="),
        ("req ada pistol own bond=Sister notest", (), "always tests"),
        ("req ada food own test", (), "has no test"),
        ("req ada food favour test", (), "needs no test"),
        ("req ada used car own bond=Sister profession", (), "add 'test'"),
        ("req ada food own bond=Sister", (), "drop bond="),
        ("req ada island extreme own approved bond=Sister", (), "drop bond="),
        ("req ada pistol favour contact=Sister bond=Partner", (), "contact=BOND alone"),
        ("req ada pistol favour test notest contact=Sister", (), "choose one"),
        ("req ada favour contact=Sister", (), "what is requisitioned"),
    ],
)
def test_bad_input_is_refused_and_changes_nothing(eng, line, dice, words):
    assert words in rejected(eng, line, *dice)


def test_refused_outside_fhtagn_and_for_npcs():
    coc = engine("coc7", "char new Harvey")
    assert "FHTAGN" in rejected(coc, "req harvey pistol own")
    eng = engine("fhtagn", "char new Cultist kind=npc")
    assert "made by agents" in rejected(eng, "req cultist pistol own")


def test_chosen_bond_must_still_stand(eng):
    do(eng, "bond ada Mom 0")
    msg = rejected(eng, "req ada rifle own bond=Mom", 71)
    assert "already broken" in msg and "Sister" in msg


def test_agent_without_standing_bonds_needs_no_choice():
    eng = engine("fhtagn", "char new Cy")
    events = do(eng, "req cy rifle own", 99)
    assert resolved(events).acquired and changes(events) == []


# --- commands, queries, replay --------------------------------------------------------------------


def test_bare_words_and_typed_dice(eng):
    ev = resolved(do(eng, 'req ada "test kit" unusual favour contact=Sister roll=5'))
    assert (ev.item, ev.category, ev.method, ev.roll) == ("test kit", "unusual", "favour", 5)
    ev = resolved(do(eng, "req ada night vision goggles own bond=Sister test roll=3"))
    assert ev.category == "unusual" and ev.success


def test_req_list_and_items(eng):
    do(eng, "session start")
    do(eng, "req ada pistol favour contact=Sister", 61)
    do(eng, "req ada villa price=12000 own bond=Partner", 71, 2)
    text = eng.execute("req list").answer
    assert text.splitlines() == [
        "S1 #4 Ada: pistol [Standard] by favour of Sister — rolled 61 vs CHA×5 60, failure; refused; bonds: Sister −1",
        "S1 #6 Ada: villa [Major 12,000 €] by own money — rolled 71 vs INT×5 70, failure; acquired (debt); "
        "bonds: Partner −2, Sister −1, Mom −1 broken",
    ]
    assert eng.execute("req list category=major").answer.startswith("S1 #6")
    assert eng.execute("req list session=2").answer == "no requisitions match"
    assert "did you mean 'Ada'" in rejected(eng, "req list agent=adx")
    assert [r.session for r in eng.state.requisitions] == [1, 1]
    items = eng.execute("req items hotel").answer
    assert "Standard (151–800 €):" in items and "Unusual (801–5,000 €):" in items
    assert "no catalogue item" in rejected(eng, "req items zeppelin")


def test_replay_and_undo(eng):
    before = eng.state
    do(eng, "req ada villa own bond=Partner", 71, 3)
    do(eng, "req ada yacht extreme favour contact=Sister approved", 41, 6)
    do(eng, "req ada island extreme own approved", 2)
    assert replayed(eng) == eng.state
    assert len(eng.state.requisitions) == 3
    assert all(decode_one(encode(e)) == e for e in eng.sink.events)  # the log round-trips
    for _ in range(3):
        do(eng, "undo")
    assert eng.state == before


# --- the way to pay: via= takes more words than the bare words after the item ------------------


@pytest.mark.parametrize("word", ["f", "contact", "cash", "money", "o"])
def test_a_short_way_to_pay_is_an_option_value_not_a_bare_word(word: str) -> None:
    from fhtagn_tui.commands import parse
    from fhtagn_tui.domain.features.requisition import RequestRequisition, method_of

    assert method_of(word) in (req.FAVOUR, req.OWN)  # via=f, via=cash … are ways to pay
    parsed = parse(f"req ada petty {word} via=own")
    assert isinstance(parsed.command, RequestRequisition)
    assert parsed.command.item == f"petty {word}"  # … but as a bare word it stays the item's


@pytest.mark.parametrize(("word", "method"), [("favour", req.FAVOUR), ("favor", req.FAVOUR), ("own", req.OWN)])
def test_the_full_words_are_bare_ways_to_pay(word: str, method: str) -> None:
    from fhtagn_tui.commands import parse
    from fhtagn_tui.domain.features.requisition import RequestRequisition

    parsed = parse(f"req ada pistol {word}")
    assert isinstance(parsed.command, RequestRequisition)
    assert (parsed.command.item, parsed.command.method) == ("pistol", method)
