"""Call of Cthulhu 7e tables of the GM screen, built from the rules modules' own data."""

from __future__ import annotations

from fhtagn_tui.rules.coc import chase, combat, firearms, insanity, maneuver, party, vehicles
from fhtagn_tui.rules.dice import Dice

from ..registry import Built, Row, reference_table
from ..rolls import Param, TableResult, rollable


@reference_table("coc-damage-bonus", "Damage bonus and Build by STR+SIZ", "coc7", "PARTY", rules=("COC-PARTY-02",))
def damage_bonus() -> Built:
    rows = tuple((f"{low}–{high}", db, f"{build:+d}") for low, high, db, build in party.DAMAGE_BONUS_TABLE)
    return ("STR+SIZ", "Damage bonus", "Build"), rows + (("each +80", "+1D6", "+1"),)


@reference_table("coc-armour", "Armour", "coc7", "COMBAT", rules=("COC-COMBAT-08", "COC-COMBAT-09"))
def armour() -> Built:
    return ("Armour", "Points"), tuple((a.name, str(a.points)) for a in combat.ARMOUR_TABLE)


def _dice_words(bonus: int, penalty: int) -> str:
    if bonus:
        return f"{bonus} bonus die" + ("" if bonus == 1 else "s")
    return f"{penalty} penalty die" + ("" if penalty == 1 else "s")


@reference_table(
    "coc-firearm-modifiers", "Firearm modifiers (bonus and penalty dice)", "coc7", "FIREARM",
    rules=("COC-FIREARM-05",),
)
def firearm_modifiers() -> Built:
    rows = tuple((m.label, _dice_words(m.bonus, m.penalty), m.key) for m in firearms.FIREARM_MODIFIERS)
    return ("Circumstance", "Dice", "Command word"), rows


@reference_table("coc-maneuver-goals", "Fighting maneuver goals", "coc7", "MANEUVER", rules=("COC-MANEUVER-05",))
def maneuver_goals() -> Built:
    rows = tuple((g.name, g.condition or "—", g.help) for g in maneuver.GOALS)
    return ("Goal", "The loser is", "Effect"), rows


def _location_words(kind: str, difficulty: str) -> str:
    return "open ground, no hazard" if kind == chase.OPEN else f"{difficulty.capitalize()} {kind}"


def _location_rows() -> tuple[Row, ...]:
    """The bands from 01 up (the rules list them highest first)."""
    bands = sorted(chase.LOCATION_BANDS)
    rows = []
    for i, (low, kind, difficulty) in enumerate(bands):
        high = bands[i + 1][0] - 1 if i + 1 < len(bands) else 100
        rows.append((f"{low:02d}–{high:02d}" if high < 100 else f"{low:02d}–100", _location_words(kind, difficulty)))
    return tuple(rows)


@reference_table(
    "coc-locations", "Random chase location (1D100)", "coc7", "CHASE", rules=("COC-CHASE-18", "COC-CHASE-19"),
)
def locations() -> Built:
    return ("1D100", "Location"), _location_rows()


@rollable(
    "coc-locations", "1D100 (penalty die if hazardous, bonus die if safe)",
    params=(Param("environment", "environment of the chase", chase.ENVIRONMENTS, default="normal", aliases=("env",)),),
)
def roll_location(dice: Dice, environment: str) -> TableResult:
    loc = chase.random_location(dice, environment)
    bands = sorted(chase.LOCATION_BANDS)
    row = max(i for i, (low, _, _) in enumerate(bands) if loc.roll >= low)
    rules = ("COC-CHASE-18",) + (("COC-CHASE-19",) if environment != "normal" else ())
    detail = "" if environment == "normal" else f"{environment}: {'bonus' if environment == 'safe' else 'penalty'} die"
    return TableResult("coc-locations", loc.roll, row, _location_words(loc.kind, loc.difficulty), rules, detail)


@reference_table("coc-barriers", "Barrier hit points", "coc7", "CHASE", rules=("COC-CHASE-13", "COC-CHASE-15"))
def barriers() -> Built:
    return ("Barrier", "HP"), tuple((name, str(hp)) for name, hp in chase.BARRIERS)


@reference_table("coc-hazard-damage", "Hazard damage to people (Table III)", "coc7", "CHASE", rules=("COC-CHASE-11",))
def hazard_damage() -> Built:
    return ("Severity", "Damage"), tuple((sev, expr.upper()) for sev, expr in chase.OTHER_DAMAGE)


@reference_table("coc-mph", "MOV to miles per hour", "coc7", "CHASE", rules=("COC-CHASE-21",))
def mov_mph() -> Built:
    return ("MOV", "MPH"), tuple((str(mov), str(mph)) for mov, mph in chase.MPH.items())


def _vehicles(chart: str) -> Built:
    rows = tuple(
        (v.name, str(v.mov), vehicles.format_build(v.build), str(v.armor), v.passengers, v.speed_roll_skill)
        for v in vehicles.VEHICLES
        if v.chart == chart
    )
    return ("Vehicle", "MOV", "Build", "Armour", "Passengers", "Speed roll"), rows


def _register_chart(chart: str, title: str) -> None:
    def build() -> Built:
        return _vehicles(chart)

    build.__qualname__ = f"vehicles_{chart}"
    reference_table(f"coc-vehicles-{chart}", f"Vehicles: {title}", "coc7", "VEHICLE", rules=("COC-VEHICLE-10",))(build)


for _chart, _title in vehicles.CHARTS.items():
    _register_chart(_chart, _title)


@reference_table("coc-collisions", "Vehicle collisions (Table VI)", "coc7", "VEHICLE", rules=("COC-VEHICLE-01",))
def collisions() -> Built:
    rows = tuple((i.name, i.damage.upper(), i.typical or "—", i.examples) for i in vehicles.INCIDENTS)
    return ("Incident", "Build damage", "Typical hazard", "Examples"), rows


#: What each treatment band does (COC-INSANITY-12); the bands themselves come from the rules.
TREATMENT_WORDS: dict[str, str] = {
    "success": "progress: +1D3 SAN, then a Sanity roll — a success cures",
    "no progress": "no progress this month",
    "failure": "setback: −1D6 SAN",
}


def _treatment_bands(setting: str, psychoanalysis: int = 0) -> list[tuple[int, int, str]]:
    """(low, high, band) runs of 1D100, read off the rules' own band functions."""
    runs: list[tuple[int, int, str]] = []
    for roll in range(1, 101):
        if setting == "care":
            band = insanity.private_care_band(roll)
        else:
            band = insanity.institution_band(roll, psychoanalysis)
        if runs and runs[-1][2] == band:
            runs[-1] = (runs[-1][0], roll, band)
        else:
            runs.append((roll, roll, band))
    return runs


_SETTING_NAMES = {"care": "private or home care", "institution": "institution (T = max(50, Psychoanalysis))"}


@reference_table(
    "coc-treatment", "Insanity treatment, 1D100 a month", "coc7", "INSANITY",
    rules=("COC-INSANITY-12", "COC-INSANITY-13", "COC-INSANITY-14"),
)
def treatment() -> Built:
    rows = tuple(
        (_SETTING_NAMES.get(setting, setting), f"{low:02d}–{high:02d}" if high < 100 else f"{low:02d}–100", TREATMENT_WORDS[band])
        for setting in insanity.SETTINGS
        for low, high, band in _treatment_bands(setting)
    )
    return ("Setting", "1D100", "Result"), rows


@rollable(
    "coc-treatment", "1D100 at the end of a month of treatment",
    params=(
        Param("setting", "place of treatment", insanity.SETTINGS, default="care"),
        Param("psychoanalysis", "carer's Psychoanalysis skill", default="0", low=0, high=99, aliases=("skill",)),
    ),
)
def roll_treatment(dice: Dice, setting: str, psychoanalysis: int) -> TableResult:
    roll = dice.draw(f"treatment ({setting})", "d100")
    runs = _treatment_bands(setting, psychoanalysis)
    band = next(b for low, high, b in runs if low <= roll <= high)
    offset = sum(len(_treatment_bands(s)) for s in insanity.SETTINGS[: insanity.SETTINGS.index(setting)])
    row = offset + next(i for i, (low, high, _) in enumerate(runs) if low <= roll <= high)
    rule = "COC-INSANITY-13" if setting == "care" else "COC-INSANITY-14"
    detail = f"{setting}" + (f", Psychoanalysis {psychoanalysis}" if setting == "institution" and psychoanalysis else "")
    return TableResult("coc-treatment", roll, row, TREATMENT_WORDS[band], ("COC-INSANITY-12", rule), detail)
