"""Issue 31 found by a stranger at the table: a dead investigator was given a bout of madness
(``bout ada`` after she died of a major wound), which then counted down beside her name.  The dead
suffer no bout, reality check or phobia/mania; the refusal names the killing event."""

from __future__ import annotations

import pytest

from tests.helpers import do, engine, rejected

COC = ("char new Harvey Luck=50 STR=60 CON=60 SIZ=60 DEX=60 POW=60 INT=70",)


@pytest.mark.rule("COC-INSANITY-05")
@pytest.mark.parametrize("line", [
    "bout harvey",
    "bout harvey summary roll=7,3",
    "reality harvey",
    'phobia face harvey "deep water"',
    'mania face harvey "counting things"',
])
def test_the_dead_suffer_no_bout_reality_check_or_phobia(line: str) -> None:
    eng = engine("coc7", *COC)
    (ev,) = do(eng, 'cond add harvey dead note="torn apart"')
    before = len(eng.state.characters["harvey"].conditions)
    msg = rejected(eng, line)
    assert msg == (f"Harvey is dead (event #{ev.seq}: torn apart) and cannot "
                   + ("suffer a bout of madness" if line.startswith("bout") else
                      "make a reality check" if line.startswith("reality") else "face a phobia or mania")
                   + "; if that is wrong, 'undo' takes back the last action, 'cond remove Harvey dead' the condition")
    assert len(eng.state.characters["harvey"].conditions) == before


@pytest.mark.rule("COC-INSANITY-05")
def test_the_living_still_get_their_bout() -> None:
    eng = engine("coc7", *COC)
    do(eng, "bout harvey roll=7,3")
    assert eng.state.characters["harvey"].has("bout of madness")
