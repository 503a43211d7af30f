"""Issue 31, "no silent wrong state": characteristics in any case, names of another system's
characteristics refused, the dead (and the unconscious) refused with the event that set it, CoC
Luck rolled 3D6×5 with its dice in the event."""

from __future__ import annotations

import pytest

from fhtagn_tui.domain.features.campaign import CharacterCreated
from tests.helpers import do, engine, events_of, rejected, replayed

SPELLINGS = {
    "coc7": ("str=70 dex=60 pow=55 con=65", "Str=70 Dex=60 Pow=55 Con=65", "STR=70 DEX=60 POW=55 CON=65"),
    "fhtagn": ("str=14 dex=12 pow=15 cha=9", "Str=14 Dex=12 Pow=15 Cha=9", "STR=14 DEX=12 POW=15 CHA=9"),
    "gurps": ("st=12 dx=11 iq=13 will=14", "St=12 Dx=11 Iq=13 Will=14", "ST=12 DX=11 IQ=13 WILL=14"),
}
EXPECTED = {
    "coc7": {"STR": 70, "DEX": 60, "POW": 55, "CON": 65},
    "fhtagn": {"STR": 14, "DEX": 12, "POW": 15, "CHA": 9},
    "gurps": {"ST": 12, "DX": 11, "IQ": 13, "Will": 14},
}


@pytest.mark.parametrize("system", ["coc7", "fhtagn", "gurps"])
def test_characteristics_in_any_case_give_the_same_sheet(system: str) -> None:
    sheets = []
    for spelling in SPELLINGS[system]:
        eng = engine(system)
        luck = (3, 3, 3) if system == "coc7" else ()  # an investigator's Luck is rolled when not given
        do(eng, f"char new Low {spelling}", *luck)
        char = eng.state.character("low")
        assert char is not None
        for stat, value in EXPECTED[system].items():
            assert char.stats[stat] == value, (spelling, char.stats)
        assert char.skills == {}, f"{spelling}: no skill named like a characteristic"
        sheets.append((char.stats, char.current, char.skills))
    assert sheets[0] == sheets[1] == sheets[2]


@pytest.mark.parametrize(("system", "line", "stat", "value"), [
    ("coc7", "char set low con=80", "CON", 80),
    ("coc7", "char set low Luck=40", "Luck", 40),
    ("fhtagn", "char set low con=15", "CON", 15),
    ("gurps", "char set low ht=12", "HT", 12),
])
def test_char_set_sets_the_characteristic_in_any_case(system: str, line: str, stat: str, value: int) -> None:
    eng = engine(system, "char new Low kind=npc")
    do(eng, line)
    char = eng.state.character("low")
    assert char is not None and char.stats[stat] == value and char.skills == {}
    before = eng.state.character("low")
    assert before is not None


@pytest.mark.parametrize(("system", "line", "words"), [
    ("gurps", "char new Low str=12", ("'str' is not a characteristic in GURPS", "ST, DX, IQ, HT", "custom:str=N")),
    ("gurps", "char new Low Con=12", ("'Con' is not a characteristic in GURPS",)),
    ("fhtagn", "char new Low siz=12", ("'siz' is not a characteristic in FHTAGN",)),
    ("coc7", "char new Low kind=npc dx=50", ("'dx' is not a characteristic in Call of Cthulhu 7e",)),
    ("fhtagn", "char new Low str=70", ("STR 70 is impossible", "3–18")),
    ("coc7", "char new Low str=5", ("STR 5 is impossible for a player character",)),
    ("coc7", "char new Low kind=npc str=50 STR=60", ("STR is given twice",)),
])
def test_a_skill_named_like_a_stat_or_a_stat_out_of_range_is_refused(system: str, line: str, words: tuple[str, ...]) -> None:
    eng = engine(system)
    msg = rejected(eng, line)
    for word in words:
        assert word in msg, msg
    assert not eng.state.characters


def test_a_skill_named_like_another_systems_stat_is_kept_when_confirmed() -> None:
    eng = engine("gurps")
    do(eng, "char new Low custom:str=12")
    char = eng.state.character("low")
    assert char is not None and char.skills == {"str": 12}


def test_coc_luck_is_rolled_3d6x5_with_its_dice_in_the_event() -> None:
    eng = engine("coc7")
    (ev,) = events_of(do(eng, "char new Ada STR=60", 4, 5, 6), CharacterCreated)
    assert isinstance(ev, CharacterCreated)
    assert ev.stats["Luck"] == 75 and ev.current["Luck"] == 75
    assert [(r.die, r.value) for r in ev.dice] == [("d6", 4), ("d6", 5), ("d6", 6)]
    assert "Luck" in ev.dice[0].purpose
    assert replayed(eng) == eng.state  # replay never re-rolls


def test_coc_luck_given_or_of_a_monster_is_not_rolled() -> None:
    eng = engine("coc7")
    (ev,) = events_of(do(eng, "char new Ada Luck=35"), CharacterCreated)
    assert isinstance(ev, CharacterCreated) and ev.stats["Luck"] == 35 and ev.dice == ()
    (ev,) = events_of(do(eng, "char new Ghoul kind=monster"), CharacterCreated)
    assert isinstance(ev, CharacterCreated) and "Luck" not in ev.stats and ev.dice == ()


# --- the dead cannot act ---------------------------------------------------------------------------


COC = ("char new Harvey Luck=50 STR=60 CON=60 SIZ=60 DEX=60 POW=60 \"Fighting (Brawl)=50\"",
       "char new Ghoul kind=monster STR=80 CON=70 SIZ=65 DEX=65 POW=40")


def _dead(system: str, *setup: str) -> tuple[object, int]:
    eng = engine(system, *setup)
    (ev,) = do(eng, 'cond add harvey dead note="torn apart"')
    return eng, ev.seq


@pytest.mark.parametrize("line", [
    "test harvey Spot Hidden",
    "sanity harvey 1/1d6",
    "attack harvey ghoul",
    "melee harvey ghoul",
    'cast harvey "Contact Ghoul"',
    "chase move harvey 1",
])
def test_coc_the_dead_cannot_act_and_the_refusal_names_the_killing_event(line: str) -> None:
    eng, seq = _dead("coc7", *COC)
    msg = rejected(eng, line)  # type: ignore[arg-type]
    assert "Harvey is dead" in msg and f"event #{seq}: torn apart" in msg, msg
    assert "undo" in msg and "cond remove Harvey dead" in msg


@pytest.mark.parametrize(("system", "setup", "line"), [
    ("fhtagn", "char new Harvey", "test harvey Alertness"),
    ("fhtagn", "char new Harvey", "san harvey 1/1d4"),
    ("gurps", "char new Harvey", "test harvey IQ"),
    ("gurps", "char new Harvey", "fright harvey"),
])
def test_other_systems_the_dead_cannot_act(system: str, setup: str, line: str) -> None:
    eng, seq = _dead(system, setup)
    msg = rejected(eng, line)  # type: ignore[arg-type]
    assert "Harvey is dead" in msg and f"event #{seq}" in msg, msg


def test_the_unconscious_cannot_test_but_may_still_lose_san() -> None:
    eng = engine("coc7", *COC)
    (ev,) = do(eng, "cond add harvey unconscious")
    assert f"Harvey is unconscious (event #{ev.seq})" in rejected(eng, "test harvey Spot Hidden")
    do(eng, "sanity harvey 1/1d6", 10)  # the Keeper may still call for it


def test_the_condition_taken_back_lets_them_act_again() -> None:
    eng, _ = _dead("coc7", *COC)
    do(eng, "cond remove harvey dead")  # type: ignore[arg-type]
    do(eng, "test harvey Spot Hidden", 10)  # type: ignore[arg-type]
    assert replayed(eng) == eng.state  # type: ignore[attr-defined]


# --- help lists the campaign's own commands ---------------------------------------------------------


@pytest.mark.parametrize(("system", "mine", "others"), [
    ("coc7", ("sanity", "chase start", "cast", "test", "time"), ("req", "fright", "hazard tick")),
    ("fhtagn", ("san", "req", "hazard tick", "test"), ("chase start", "fright", "cast")),
    ("gurps", ("fright", "test"), ("san", "chase start", "req")),
])
def test_help_lists_only_the_systems_commands_and_help_all_every_one(system: str, mine: tuple[str, ...],
                                                                    others: tuple[str, ...]) -> None:
    eng = engine(system)
    listed = eng.execute("help").answer
    words = {line[2:].split("  ")[0] for line in listed.splitlines()[1:]}
    assert "'help all'" in listed.splitlines()[0]
    for w in mine:
        assert w in words, (w, listed)
    for w in others:
        assert w not in words, (w, listed)
    every = {line[2:].split("  ")[0] for line in eng.execute("help all").answer.splitlines()[1:]}
    assert set(mine + others) <= every


def test_a_roll_request_is_refused_for_the_dead_and_ask_all_leaves_them_out() -> None:
    eng = engine("coc7", "char new Ada Luck=50", "char new Bob Luck=50")
    (ev,) = do(eng, "cond add bob dead")
    assert f"Bob is dead (event #{ev.seq})" in rejected(eng, 'ask bob "Spot Hidden"')
    (asked,) = do(eng, 'ask all "Spot Hidden"')
    assert asked.targets == ("ada",)  # type: ignore[attr-defined]


def test_setting_coc_luck_by_hand_moves_the_luck_rolled_against():
    """``char set X luck=70`` (any case) on a CoC investigator: the Luck the next roll reads is 70, not the
    value before (a stranger's evening: the sheet said 70, Luck rolls read 40)."""
    from tests.helpers import engine

    eng = engine("coc7", "char new Zed STR=50 CON=50 SIZ=50 DEX=50 APP=50 INT=50 POW=50 EDU=50 Luck=40")
    eng.execute("char set zed luck=70")
    zed = eng.state.characters["zed"]
    assert (zed.stats["Luck"], zed.current["Luck"]) == (70, 70)
    eng.execute("undo")
    zed = eng.state.characters["zed"]
    assert (zed.stats["Luck"], zed.current["Luck"]) == (40, 40)
