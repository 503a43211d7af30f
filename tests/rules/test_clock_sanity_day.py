"""Issue 31 found by a stranger: the game clock passed into a new day (``time next morning``,
``time +1d``) but the Sanity day of indefinite insanity did not begin — the next morning's loss read
"lost today 8; indefinite insanity at 11", yesterday's 7 still counted.  A day the clock begins is a
new game day for COC-INSANITY-03 too, in the same action (one undo takes both back)."""

from __future__ import annotations

import pytest

from fhtagn_tui.domain.features.coc_insanity import SanityDayStarted
from tests.helpers import do, engine, rejected

COC = ("char new Harvey Luck=50 STR=60 CON=60 SIZ=60 DEX=60 POW=55 INT=70",)


@pytest.mark.rule("COC-INSANITY-03")
@pytest.mark.parametrize("step", ["time next morning", "time +1d", "time +20h"])
def test_a_new_day_on_the_clock_starts_a_new_sanity_day(step: str) -> None:
    eng = engine("coc7", *COC)
    do(eng, "sanity harvey 1/1d10 roll=80,7,90")  # fails, loses 7 (INT 90 fails: no insanity)
    mind = eng.state.characters["harvey"].mind
    assert (mind.day_start, mind.day_loss) == (55, 7)
    evs = do(eng, step)
    days = [e for e in evs if isinstance(e, SanityDayStarted)]
    assert [d.starts for d in days] == [{"harvey": 48}]
    mind = eng.state.characters["harvey"].mind
    assert (mind.day_start, mind.day_loss) == (48, 0)  # 48 // 5 = 9 lost tomorrow makes it indefinite
    do(eng, "sanity harvey 1/1d4 roll=10")
    assert eng.state.characters["harvey"].mind.day_loss == 1
    do(eng, "undo")
    do(eng, "undo")
    mind = eng.state.characters["harvey"].mind
    assert (mind.day_start, mind.day_loss) == (55, 7)


@pytest.mark.rule("COC-INSANITY-03")
def test_time_within_the_day_keeps_the_day() -> None:
    eng = engine("coc7", *COC)
    do(eng, "sanity harvey 1/1d10 roll=80,7,90")
    evs = do(eng, "time +15h")  # 08:00 → 23:00, still day 1
    assert not [e for e in evs if isinstance(e, SanityDayStarted)]
    assert eng.state.characters["harvey"].mind.day_loss == 7


def test_other_systems_have_no_sanity_day() -> None:
    eng = engine("fhtagn", "char new Mara")
    assert not [e for e in do(eng, "time +1d") if isinstance(e, SanityDayStarted)]


@pytest.mark.rule("COC-PARTY-04")
def test_time_does_not_pass_over_a_dying_investigator() -> None:
    """A stranger's `time +1h` with Bob dying passed silently: an hour of rounds and not one CON roll."""
    eng = engine("coc7", "char new Bob Luck=50", "char new Ada Luck=50 \"First Aid=70\"", "damage bob 5", "damage bob 6")
    assert eng.state.characters["bob"].has("dying")
    clock = eng.state.clock
    assert rejected(eng, "time +1h") == (
        "Bob is dying (COC-PARTY-04): a CON roll every round ('dying Bob'), failure is death, until First Aid "
        "stabilises them ('firstaid HEALER Bob') — time cannot pass over that; nothing changed")
    assert eng.state.clock == clock
    do(eng, "firstaid ada bob roll=20")
    assert eng.state.characters["bob"].has("stabilised")
    do(eng, "time +1h")
    assert eng.state.clock == clock + 3600
