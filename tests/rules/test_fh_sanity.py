"""FHTAGN sanity (catalogue FH-SAN-01 … FH-SAN-15) with forced dice."""

from __future__ import annotations

import pytest

from fhtagn_tui.domain.codec import decode_one, encode
from fhtagn_tui.domain.features.campaign import (
    BondChanged,
    ConditionAdded,
    PoolChanged,
    StatChanged,
)
from fhtagn_tui.domain.features.sanity import (
    AcuteEpisodeRolled,
    AdaptationBoxChecked,
    AdaptationBoxesErased,
    Adapted,
    BreakingPointRecalculated,
    DisorderGained,
    InsomniaRolled,
    ProjectionUsed,
    RepressionAttempted,
    SanLost,
    SanTestRolled,
    TemporaryInsanity,
)
from fhtagn_tui.rules.dice import DiceError
from fhtagn_tui.rules.fhtagn import sanity as san
from fhtagn_tui.service import Engine
from tests.helpers import do, engine, events_of, rejected, replayed

# Ada: POW 14 → WP 14, SAN 70, BP 56; CHA 10; bonds Sister 10, Partner 9.
ADA = 'char new Ada STR=12 CON=11 DEX=13 INT=15 POW=14 CHA=10 bonds="Sister,Partner:9"'


@pytest.fixture
def eng() -> Engine:
    return engine("fhtagn", ADA)


def ada(eng: Engine):  # noqa: ANN201
    char = eng.state.character("ada")
    assert char is not None
    return char


def pools(eng: Engine) -> dict[str, int]:
    return dict(ada(eng).current)


def bonds(eng: Engine) -> dict[str, int]:
    return {b.name: b.score for b in ada(eng).bonds}


def types(events: list) -> list[str]:
    return [type(e).__name__ for e in events]


# --- FH-SAN-01: the test and the loss ------------------------------------------------------


@pytest.mark.rule("FH-SAN-01")
def test_success_loses_the_left_part(eng):
    evs = do(eng, "san ada 1/1d6", 47)
    test = events_of(evs, SanTestRolled)[0]
    assert (test.roll, test.target, test.level, test.amount) == (47, 70, "success", 1)
    assert [(r.die, r.value) for r in test.dice] == [("d100", 47)]  # "1" draws no die
    assert pools(eng)["SAN"] == 69


@pytest.mark.rule("FH-SAN-01")
def test_failure_rolls_the_right_part(eng):
    evs = do(eng, "san ada 1/1d6", 71, 4)
    test = events_of(evs, SanTestRolled)[0]
    assert (test.level, test.amount) == ("failure", 4)
    assert [(r.purpose, r.die, r.value) for r in test.dice] == [("SAN test", "d100", 71), ("SAN loss", "d6", 4)]
    assert pools(eng)["SAN"] == 66


@pytest.mark.rule("FH-SAN-01")
def test_critical_and_fumble_count_as_success_and_failure(eng):
    do(eng, "san ada 1d4/1d6", 11, 3)  # 11 is a critical: the success part is rolled
    assert pools(eng)["SAN"] == 67
    do(eng, "san ada 1d4/1d6", 100, 4)  # 100 is a fumble: the failure part
    assert pools(eng)["SAN"] == 63


@pytest.mark.rule("FH-SAN-01")
def test_zero_loss_changes_nothing_but_is_logged(eng):
    evs = do(eng, "san ada 0/1d4", 5)
    assert types(evs) == ["SanTestRolled"]
    assert pools(eng)["SAN"] == 70


@pytest.mark.rule("FH-SAN-01")
def test_loss_expression_that_does_not_parse_is_refused(eng):
    assert "SUCCESS/FAILURE" in rejected(eng, "san ada 1d6", 50)
    assert "not a dice expression" in rejected(eng, "san ada 1/1x6", 50)
    with pytest.raises(DiceError):
        san.parse_loss("1/")
    assert san.parse_loss(" 0/1D4 ") == san.SanLoss("0", "1d4")


@pytest.mark.rule("FH-SAN-01")
def test_exhaustion_puts_the_san_test_at_minus_20(eng):
    do(eng, "cond add ada exhausted")
    (test,) = events_of(do(eng, "san ada 0/1d4", 51, 2), SanTestRolled)
    assert (test.target, test.level) == (50, "failure")
    assert "FH-DMG-08" in test.rules


def test_san_is_refused_outside_fhtagn():
    eng = engine("gurps", "char new Ilse")
    assert "fright NAME" in rejected(eng, "san ilse 1/1d6", 50)
    coc = engine("coc7", "char new Harvey")
    assert "coc7 campaign" in rejected(coc, "san harvey 1/1d6", 50)


def test_unknown_source_and_character_are_refused(eng):
    assert "did you mean 'violence'" in rejected(eng, "san ada 1/1d6 kind=violense", 50)
    assert "did you mean 'Ada'" in rejected(eng, "san adda 1/1d6", 50)


# --- FH-SAN-02: the pipeline order ---------------------------------------------------------------


@pytest.mark.rule("FH-SAN-02")
def test_pipeline_runs_in_catalogue_order(eng):
    do(eng, 'disorder add ada "Fear of fire"')
    do(eng, "char pool ada SAN=60")
    # test 90 fails, 1d10 = 10, projection 1d4 = 3 → loss 7, SAN 53;
    # insanity (flee chosen); acute check 99 fails; 53 ≤ BP 56 → disorder, BP 39.
    evs = do(eng, "san ada 1/1d10 project=Sister reaction=flee disorder=Pyrophobia", 90, 10, 3, 99)
    assert types(evs) == [
        "SanTestRolled", "ProjectionUsed", "PoolChanged", "BondChanged", "SanLost",
        "TemporaryInsanity", "ConditionAdded", "AcuteEpisodeRolled", "ConditionAdded",
        "DisorderGained", "BreakingPointRecalculated",
    ]
    assert pools(eng) == {"HP": 12, "WP": 11, "SAN": 53, "BP": 39}
    assert bonds(eng) == {"Sister": 7, "Partner": 9}
    assert ada(eng).conditions == ("insane-flee", "acute-episode")
    assert ada(eng).mind.disorders == ("Fear of fire", "Pyrophobia")
    assert len(san.pipeline_steps()) == 9
    assert replayed(eng) == eng.state


# --- FH-SAN-03 / 04: projection and loss of control -----------------------------------------


@pytest.mark.rule("FH-SAN-03")
def test_projection_takes_the_d4_off_loss_bond_and_wp(eng):
    evs = do(eng, "san ada 1/1d6 project=sister", 80, 4, 3)
    (p,) = events_of(evs, ProjectionUsed)
    assert (p.bond, p.spent, p.loss_before, p.loss_after, p.lost_control) == ("Sister", 3, 4, 1, False)
    assert pools(eng)["WP"] == 11 and pools(eng)["SAN"] == 69
    assert bonds(eng) == {"Sister": 7, "Partner": 9}


@pytest.mark.rule("FH-SAN-03")
def test_projection_bigger_than_the_loss_leaves_zero_loss(eng):
    do(eng, "bond ada Sister 2")
    evs = do(eng, "san ada 1/1d6 project=Sister", 80, 2, 4)
    assert events_of(evs, SanLost) == []
    assert pools(eng)["SAN"] == 70 and pools(eng)["WP"] == 10
    assert bonds(eng)["Sister"] == 0  # broken


@pytest.mark.rule("FH-SAN-03")
def test_projection_is_skipped_when_nothing_is_lost(eng):
    evs = do(eng, "san ada 0/1d6 project=Sister", 30)
    assert types(evs) == ["SanTestRolled"]


@pytest.mark.rule("FH-SAN-03")
def test_projection_onto_a_missing_or_broken_bond_is_refused(eng):
    assert "did you mean 'Sister'" in rejected(eng, "san ada 1/1d6 project=Sistr", 80, 4, 3)
    do(eng, "bond ada Partner 0")
    assert "broken" in rejected(eng, "san ada 1/1d6 project=Partner", 80, 4, 3)
    do(eng, "char pool ada WP=0")
    assert "0 WP" in rejected(eng, "san ada 1/1d6 project=Sister", 80, 4, 3)


@pytest.mark.rule("FH-SAN-04")
def test_projection_to_zero_wp_loses_control_and_saves_nothing(eng):
    do(eng, "char pool ada WP=3")
    evs = do(eng, "san ada 1/1d6 project=Sister", 80, 4, 3)
    (p,) = events_of(evs, ProjectionUsed)
    assert p.lost_control and p.loss_after == 4
    assert "FH-SAN-04" in p.rules
    assert pools(eng)["WP"] == 0 and pools(eng)["SAN"] == 66
    assert bonds(eng)["Sister"] == 10
    assert ada(eng).conditions == ("lost-control",)
    assert san.loses_control(0) and not san.loses_control(1)


@pytest.mark.rule("FH-SAN-04", "FH-SAN-08")
def test_repression_to_zero_wp_loses_control_and_fails(eng):
    do(eng, "char pool ada WP=2")
    # loss 6 → insanity; repression 1d4 = 2 → WP 0: lost control, no SAN roll; the reaction is the GM's
    evs = do(eng, "san ada 1/1d6 repress=Partner", 80, 6, 2)
    (r,) = events_of(evs, RepressionAttempted)
    assert (r.spent, r.lost_control, r.success, r.roll) == (2, True, False, 0)
    assert set(ada(eng).conditions) == {"lost-control"}
    do(eng, "cond add ada insane-flee")
    assert set(ada(eng).conditions) == {"lost-control", "insane-flee"}
    assert bonds(eng)["Partner"] == 9
    assert "0 WP" in rejected(eng, "san ada 1/1d6 repress", 80, 6, 2)


# --- FH-SAN-05 / 13: acute episodes -----------------------------------------------------------


@pytest.mark.rule("FH-SAN-05", "FH-SAN-13")
def test_loss_with_a_disorder_calls_a_second_test_against_san_after_loss(eng):
    do(eng, 'disorder add ada "Claustrophobia"')
    evs = do(eng, "san ada 1/1d4", 80, 2, 68)  # SAN 68 after the loss: 68 succeeds
    (a,) = events_of(evs, AcuteEpisodeRolled)
    assert (a.roll, a.target, a.episode) == (68, 68, False)
    assert ada(eng).conditions == ()
    evs = do(eng, "san ada 1/1d4", 80, 2, 67)  # now SAN 66: 67 fails
    assert events_of(evs, AcuteEpisodeRolled)[0].episode
    assert ada(eng).conditions == ("acute-episode",)


@pytest.mark.rule("FH-SAN-05")
def test_no_second_test_without_loss_or_without_disorder(eng):
    assert types(do(eng, "san ada 1/1d4", 80, 2)) == ["SanTestRolled", "SanLost"]
    do(eng, 'disorder add ada "Claustrophobia"')
    assert types(do(eng, "san ada 0/1d4", 10)) == ["SanTestRolled"]
    assert san.acute_check_due(1, ("x",)) and not san.acute_check_due(0, ("x",))


@pytest.mark.rule("FH-SAN-13", "FH-SAN-08")
def test_a_disorder_trigger_rolls_san_and_repression_can_suppress(eng):
    assert "no disorder" in rejected(eng, "san trigger ada", 90)
    do(eng, 'disorder add ada "Claustrophobia"')
    # fails 90 vs 70; repression 1d4 = 1 with Sister, SAN 12 succeeds → suppressed
    evs = do(eng, "san trigger ada repress=Sister", 90, 1, 12)
    assert types(evs) == ["AcuteEpisodeRolled", "RepressionAttempted", "PoolChanged", "BondChanged"]
    assert ada(eng).conditions == ()
    assert pools(eng)["WP"] == 13 and bonds(eng)["Sister"] == 9
    do(eng, "san trigger ada", 71)
    assert ada(eng).conditions == ("acute-episode",)


# --- FH-SAN-06 / 07: temporary insanity ---------------------------------------------------------


@pytest.mark.rule("FH-SAN-06")
def test_five_in_one_go_is_temporary_insanity_four_is_not(eng):
    evs = do(eng, "san ada 1/1d6 reaction=submit", 80, 4)
    assert events_of(evs, TemporaryInsanity) == []
    evs = do(eng, "san ada 1/1d6 reaction=submit", 80, 5)
    (t,) = events_of(evs, TemporaryInsanity)
    assert (t.loss, t.reaction, t.rolled, t.suppressed) == (5, "submit", False, False)
    assert ada(eng).conditions == ("insane-submit",)
    assert san.temporary_insanity(5) and not san.temporary_insanity(4)


@pytest.mark.rule("FH-SAN-06", "FH-SAN-10")
def test_temporary_insanity_erases_the_track_and_checks_no_box(eng):
    do(eng, "san ada 1/1d6 kind=helplessness", 80, 2)
    do(eng, "san ada 1/1d6 kind=helplessness", 80, 2)
    assert ada(eng).mind.boxes == {"helplessness": 2}
    evs = do(eng, "san ada 1/1d8 kind=helplessness reaction=struggle", 80, 8)
    (e,) = events_of(evs, AdaptationBoxesErased)
    assert (e.track, e.erased, e.rules) == ("helplessness", 2, ("FH-SAN-06",))
    assert events_of(evs, AdaptationBoxChecked) == []
    assert ada(eng).mind.boxes == {"helplessness": 0}


@pytest.mark.rule("FH-SAN-07")
@pytest.mark.parametrize(
    ("source", "typical"), [("unnatural", "flee or submit"), ("violence", "flee or struggle"),
                            ("helplessness", "struggle or submit")],
)
def test_the_gm_chooses_the_reaction_after_the_test_nothing_is_rolled(eng, source, typical):
    evs = do(eng, f"san ada 1/1d6 kind={source}", 80, 6)  # no die for the reaction: one more is refused
    (t,) = events_of(evs, TemporaryInsanity)
    assert (t.reaction, t.rolled, t.suppressed, t.effect) == ("", False, False, typical)
    assert "FH-SAN-07" in t.rules and not [d for d in t.dice if d.die == "d6"]
    assert t.describe({"ada": "Ada"}) == ("Ada goes temporarily insane (6 SAN at once): the GM chooses the reaction — "
                                          f"flee, struggle or submit (typical of {source}: {typical})")
    assert ada(eng).conditions == ()  # none until the GM chooses
    (c,) = do(eng, "cond add ada insane-struggle")
    assert (c.condition, c.rules) == ("insane-struggle", ("FH-SAN-07",)) and "attacks the nearest threat" in c.note
    assert ada(eng).conditions == ("insane-struggle",)
    assert "not needed" in rejected(eng, f"san ada 1/1d6 kind={source}", 80, 6, 3)


@pytest.mark.rule("FH-SAN-07")
def test_an_unknown_reaction_is_refused(eng):
    assert "did you mean 'flee'" in rejected(eng, "san ada 1/1d6 reaction=fle", 80, 6)


# --- FH-SAN-08: repression ---------------------------------------------------------------------


@pytest.mark.rule("FH-SAN-08")
def test_repression_success_suppresses_temporary_insanity(eng):
    # loss 6 → SAN 64; repression 1d4 = 3 (WP 11, Partner 6), SAN roll 64 succeeds; no reaction die
    evs = do(eng, "san ada 1/1d6 repress=Partner", 80, 6, 3, 64)
    (r,) = events_of(evs, RepressionAttempted)
    assert (r.against, r.spent, r.bond, r.roll, r.target, r.success) == ("temporary insanity", 3, "Partner", 64, 64, True)
    (t,) = events_of(evs, TemporaryInsanity)
    assert t.suppressed and t.reaction == ""
    assert ada(eng).conditions == ()
    assert pools(eng)["WP"] == 11 and bonds(eng) == {"Sister": 10, "Partner": 6}
    assert not ada(eng).mind.insomnia_due


@pytest.mark.rule("FH-SAN-08")
def test_repression_failure_leaves_the_insanity(eng):
    evs = do(eng, "san ada 1/1d6 repress=Partner reaction=submit", 80, 6, 3, 65)
    assert not events_of(evs, RepressionAttempted)[0].success
    assert ada(eng).conditions == ("insane-submit",)


@pytest.mark.rule("FH-SAN-08")
def test_repression_bond_must_be_named_when_there_are_several(eng):
    assert "repress=BOND" in rejected(eng, "san ada 1/1d6 repress", 80, 6, 3, 64)
    # with a projection, the projected bond pays
    evs = do(eng, "san ada 1/1d10 project=Sister repress", 80, 9, 1, 2, 10)
    assert [(e.bond, e.new) for e in events_of(evs, BondChanged)] == [("Sister", 9), ("Sister", 7)]


# --- FH-SAN-09: breaking point -----------------------------------------------------------------


@pytest.mark.rule("FH-SAN-09")
def test_reaching_bp_gives_a_disorder_and_recalculates_bp(eng):
    do(eng, "char pool ada SAN=60")
    evs = do(eng, "san ada 1/1d4 disorder=Insomnia", 80, 4)  # SAN 56 = BP 56: reached
    (d,) = events_of(evs, DisorderGained)
    assert (d.disorder, d.source) == ("Insomnia", "unnatural")
    (b,) = events_of(evs, BreakingPointRecalculated)
    assert isinstance(b, PoolChanged) and (b.old, b.new) == (56, 42)
    assert pools(eng)["BP"] == 42
    assert ada(eng).mind.disorders == ("Insomnia",)


@pytest.mark.rule("FH-SAN-09")
def test_bp_on_a_violence_loss_erases_boxes_and_checks_none(eng):
    do(eng, "san ada 1/1d6 kind=violence", 80, 1)
    do(eng, "char pool ada SAN=58")
    evs = do(eng, "san ada 1/1d4 kind=violence", 80, 3)  # 55 ≤ 56
    assert types(evs)[-3:] == ["DisorderGained", "BreakingPointRecalculated", "AdaptationBoxesErased"]
    assert ada(eng).mind.disorders == ("disorder from violence (GM to name)",)
    assert ada(eng).mind.boxes == {"violence": 0}
    assert san.breaking_point_reached(57, 56) is None and san.recalculated_bp(10, 14) == 0


# --- FH-SAN-10 / 11: adaptation ------------------------------------------------------------------


@pytest.mark.rule("FH-SAN-10")
def test_a_box_is_checked_only_for_violence_or_helplessness_losses(eng):
    evs = do(eng, "san ada 1/1d6 kind=violence", 80, 2)
    (b,) = events_of(evs, AdaptationBoxChecked)
    assert (b.track, b.boxes) == ("violence", 1)
    assert events_of(do(eng, "san ada 1/1d6", 80, 2), AdaptationBoxChecked) == []  # unnatural
    assert events_of(do(eng, "san ada 0/1d6 kind=violence", 10), AdaptationBoxChecked) == []  # no loss
    assert ada(eng).mind.boxes == {"violence": 1}


@pytest.mark.rule("FH-SAN-11")
def test_third_violence_box_adapts_at_the_cost_of_cha_and_bonds(eng):
    do(eng, "san ada 1/1d6 kind=violence", 80, 1)
    do(eng, "san ada 1/1d6 kind=violence", 80, 1)
    evs = do(eng, "san ada 1/1d6 kind=violence", 80, 1, 4)
    (a,) = events_of(evs, Adapted)
    assert (a.track, a.cost) == ("violence", 4)
    assert [(e.stat, e.old, e.new) for e in events_of(evs, StatChanged)] == [("CHA", 10, 6)]
    assert bonds(eng) == {"Sister": 6, "Partner": 5}
    assert ada(eng).mind.adapted == ("violence",)
    # adapted: the test and the loss are still rolled (FH-SAN-02 step 1), the loss is then 0 (FH-SAN-11)
    (t,) = do(eng, "san ada 1/1d20 kind=violence", 70, 13)
    assert isinstance(t, SanTestRolled) and t.adapted and t.amount == 0 and t.rolled_loss == 13
    assert [(r.die, r.value) for r in t.dice] == [("d100", 70), ("d20", 13)]
    assert (t.roll, t.target, t.level) == (70, 67, "failure")
    assert t.describe(eng.names) == ("Ada: SAN test (violence 1/1d20) 70 vs 67 → failure, loss 13 — "
                                     "adapted to violence: no SAN lost")
    assert pools(eng)["SAN"] == 67
    assert "a d20 for 'SAN loss'" in rejected(eng, "san ada 1/1d20 kind=violence", 70)


@pytest.mark.rule("FH-SAN-11")
def test_helplessness_adaptation_costs_pow(eng):
    for _ in range(2):
        do(eng, "san ada 1/1d6 kind=helplessness", 80, 1)
    do(eng, "san ada 1/1d6 kind=helplessness", 80, 1, 5)
    assert ada(eng).stats["POW"] == 9
    assert pools(eng)["WP"] == 9  # max WP follows POW
    assert bonds(eng) == {"Sister": 10, "Partner": 9}
    assert san.adapted(3) and not san.adapted(2)


# --- FH-SAN-12: SAN 0 ------------------------------------------------------------------------------


@pytest.mark.rule("FH-SAN-12")
def test_san_zero_is_permanent_insanity(eng):
    do(eng, "char pool ada SAN=3 BP=0")
    evs = do(eng, "san ada 1/1d4 disorder=Catatonia", 80, 4)
    assert pools(eng)["SAN"] == 0
    (last,) = [e for e in events_of(evs, ConditionAdded) if e.condition == "permanently-insane"]
    assert last.rules == ("FH-SAN-12",)
    assert "permanently insane" in rejected(eng, "san ada 1/1d4", 50)


# --- FH-SAN-14: insomnia ---------------------------------------------------------------------------


@pytest.mark.rule("FH-SAN-14")
def test_insomnia_after_temporary_insanity(eng):
    assert "no insomnia check" in rejected(eng, "san sleep ada", 50)
    do(eng, "san ada 1/1d6 reaction=flee", 80, 6)  # SAN 64
    (ev,) = do(eng, "san sleep ada", 65)
    assert isinstance(ev, InsomniaRolled) and (ev.roll, ev.target, ev.success) == (65, 64, False)
    assert "no WP" in ev.describe(eng.names)
    assert not ada(eng).mind.insomnia_due
    do(eng, 'disorder add ada "Nightmares"')
    (ev,) = do(eng, "insomnia ada", 64)
    assert ev.success


# --- FH-SAN-15: explore the loss -------------------------------------------------------------------


@pytest.mark.rule("FH-SAN-15")
def test_every_loss_prompts_to_explore_it(eng):
    (lost,) = events_of(do(eng, "san ada 1/1d6 kind=violence", 80, 2), SanLost)
    assert lost.prompt == san.PROMPTS["violence"]
    assert "Explore the loss" in lost.describe(eng.names)
    assert san.explore_prompt("unnatural", 0) == ""


# --- log, replay, undo --------------------------------------------------------------------------------


def test_events_round_trip_and_replay_equals_state(eng):
    evs = do(eng, "san ada 1/1d8 kind=violence project=Sister repress=Sister", 80, 8, 1, 2, 10)
    for ev in evs:
        assert decode_one(encode(ev)) == ev
    assert replayed(eng) == eng.state


def test_undo_takes_the_whole_san_test_back(eng):
    before = eng.state
    do(eng, "san ada 1/1d8 kind=violence reaction=flee", 80, 8)
    do(eng, "undo")
    assert eng.state == before


@pytest.mark.rule("FH-SAN-07")
def test_the_reaction_is_the_gms_choice_never_a_die():
    assert san.choose_reaction("violence") is None  # not chosen: nothing is rolled for it
    assert san.choose_reaction("violence", "Struggle").name == "struggle"
    assert [r.name for r in san.typical("violence")] == ["flee", "struggle"]
    assert [r.name for r in san.typical("unnatural")] == ["flee", "submit"]
    assert [r.name for r in san.typical("helplessness")] == ["struggle", "submit"]


def test_disorder_commands(eng):
    do(eng, 'disorder add ada "Fear of fire"')
    assert "already has" in rejected(eng, 'disorder add ada "fear of fire"')
    assert "did you mean" in rejected(eng, 'disorder remove ada "Fear of fir"')
    do(eng, 'disorder remove ada "fear of fire"')
    assert ada(eng).mind.disorders == ()
