"""A whole evening per system through `fhtagn script`: characters are created with only the
skills the GM raised, and tests of the others roll against the lists' bases (or GURPS
defaults).  `replay --json` must match the same commands run in memory (``play``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.test_e2e_scripts import Step, fhtagn, play

FH_SETUP = [
    "session start Operation NIGHTJAR",
    'char new "Ada Vance" STR=10 CON=11 DEX=13 INT=16 POW=14 CHA=11 Firearms=45 Search=50 bonds="Sister Claire"',
    'char new "Jonah Reyes" STR=15 CON=14 DEX=12 INT=10 POW=11 CHA=9 "Unarmed Combat"=55 "Foreign Language (Russian)"=30',
]
FH_EVENING: list[Step] = [
    ("test vance Alertness", (15,)),  # never raised: 20
    ("test jonah athletics mod=-20", (9,)),  # Athletics 30 − 20
    ("test jonah russian", (30,)),  # the specialty, by a later word
    ("test ada search mod=+20", (66,)),
    ("san ada 1/1d6 kind=violence", (80, 3)),
    ("test ada HUMINT", (11,)),  # base 10: a fumbled double
]


@pytest.mark.rule("FH-DICE-01", "FH-DICE-05")
def test_fhtagn_evening_tests_skills_never_raised_at_their_base(tmp_path: Path):
    state = play(tmp_path, "fhtagn", FH_SETUP, FH_EVENING)
    assert state["characters"]["ada vance"]["skills"] == {"Firearms": 45, "Search": 50}
    assert state["characters"]["jonah reyes"]["skills"] == {"Unarmed Combat": 55, "Foreign Language (Russian)": 30}
    log = fhtagn(tmp_path, "log", "t").stdout
    assert "Ada Vance rolls Alertness vs 20 (base, never raised) → 15 [15]: success" in log
    assert "Jonah Reyes rolls Athletics vs 10 (base, never raised) → 9 [9]: success" in log
    assert "Jonah Reyes rolls Foreign Language (Russian) vs 30 → 30 [30]: success" in log
    assert "Ada Vance rolls Search vs 70 → 66 [66]: critical" in log  # a successful double
    assert "Ada Vance rolls HUMINT vs 10 (base, never raised) → 11 [11]: fumble" in log


def test_fhtagn_script_stops_at_a_near_miss_skill(tmp_path: Path):
    assert fhtagn(tmp_path, "new", "t", "--system", "fhtagn").returncode == 0
    script = tmp_path / "s.txt"
    script.write_text('char new Ada Unarmed=50\nchar new Bob\n', encoding="utf-8")
    out = fhtagn(tmp_path, "script", "t", str(script))
    assert out.returncode == 1
    assert "did you mean 'Unarmed Combat'" in out.stderr + out.stdout
    assert "Bob" not in fhtagn(tmp_path, "log", "t").stdout  # stopped at the first rejected line


COC_SETUP = [
    "session start The Corbitt House",
    'char new "Dr. Elias Crane" STR=50 CON=60 SIZ=65 DEX=60 APP=50 INT=80 POW=60 Luck=50 EDU=85 "Library Use"=70 Occult=45',
    'char new Zoë STR=55 CON=50 SIZ=50 DEX=70 APP=60 INT=65 POW=55 Luck=50 EDU=60 "Spot Hidden"=60 "Science (Chemistry)"=40',
]
COC_EVENING: list[Step] = [
    ("test elias listen", (20,)),  # Listen 20, never raised
    ("test zoe dodge", (36,)),  # Dodge: half DEX 70 = 35
    ('test elias "Language (Own)"', (17,)),  # EDU 85: an extreme success
    ("test zoe chemistry", (8,)),  # the specialty by its later word
    ('test elias "Science (Botany)"', (1,)),  # another specialty, never raised: 1
    ("test elias library difficulty=hard", (35,)),
    ("sanity elias 0/1d4 source=corpse", (40,)),
]


@pytest.mark.rule("COC-DICE-01", "COC-DICE-02")
def test_coc_evening_tests_skills_never_raised_at_their_base(tmp_path: Path):
    state = play(tmp_path, "coc7", COC_SETUP, COC_EVENING)
    assert state["characters"]["zoë"]["skills"] == {"Spot Hidden": 60, "Science (Chemistry)": 40}
    log = fhtagn(tmp_path, "log", "t").stdout
    assert "Dr. Elias Crane rolls Listen vs 20 (base, never raised) → 20 [20]" in log
    assert "Zoë rolls Dodge vs 35 (base, never raised) → 36 [36]: failure" in log
    assert "Dr. Elias Crane rolls Language (Own) vs 85 (base, never raised) → 17 [17]: extreme" in log
    assert "Zoë rolls Science (Chemistry) vs 40 → 8 [8]: extreme" in log
    assert "Dr. Elias Crane rolls Science (Botany) vs 1 (base, never raised) → 1 [1]" in log
    assert "Dr. Elias Crane rolls Library Use vs 70 → 35 [35]: hard" in log


GURPS_SETUP = [
    "session start Innsmouth by night",
    'char new Ilse ST=10 DX=11 IQ=12 HT=10 Occultism=IQ+1 "Spell (Deathvision)"=IQ Brawling=DX+1 Will=13',
    "char new Ghoul kind=monster ST=14 DX=11 IQ=8 HT=12",
    "fight start Cellar",
    "fight add ilse ghoul",
]
GURPS_EVENING: list[Step] = [
    ("test ilse stealth", (2, 2, 3)),  # never learned: best of DX−5, IQ−5 = 7
    ("test ilse observation", (3, 3, 2)),  # Per/A default Per−5 = 7 (Per = IQ)
    ("fight next", ()),
    ("attack ilse ghoul defend=none", (4, 4, 4, 2)),  # a punch: Brawling 12, not DX−4
    ("fright ilse mod=-20", (6, 6, 6, 6, 6, 6, 3)),  # 44 on the table: −1 IQ for good
    ("time +3h", ()),  # and a coma of 3 hours: no test until she wakes (issue 31: the unconscious cannot test)
    ("fright recover ilse", (3, 3, 3)),  # 9 vs HT 10: she wakes
    ("test ilse occultism", (4, 4, 4)),  # 13 → 12 with IQ
]


@pytest.mark.rule("GURPS-FRIGHT-37", "GURPS-DICE-01")
def test_gurps_evening_skills_on_attributes_punch_and_iq_loss(tmp_path: Path):
    state = play(tmp_path, "gurps", GURPS_SETUP, GURPS_EVENING)
    ilse = state["characters"]["ilse"]
    assert ilse["stats"]["IQ"] == 11
    assert ilse["skills"] == {"Occultism": 12, "Spell (Deathvision)": 11, "Brawling": 12}
    log = fhtagn(tmp_path, "log", "t").stdout
    assert "Ilse rolls Stealth vs 7 (default, never learned) → 7 [2, 2, 3]: success" in log
    assert "Ilse rolls Observation vs 7 (default, never learned) → 8 [3, 3, 2]: failure" in log
    assert "Ilse attacks Ghoul with punch: 12 vs 12 success" in log
    assert "Ilse: IQ 12 → 11 (IQ-based skills move by -1)" in log
    assert "Ilse rolls Occultism vs 12 → 12 [4, 4, 4]: success" in log
