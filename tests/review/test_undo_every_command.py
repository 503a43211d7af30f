"""Undo, redo and replay for every command kind of the command language.

Each system has a scripted session (seeded dice; typed dice where an outcome
matters) that uses every command kind registered in ``SPECS`` at least once
across the three systems.  After each line that records something: undo must
give back a state equal to the one before it, redo the one after it.  Read-only
commands must record nothing.  At the end the log is encoded, decoded and
folded again (with small checkpoints, as review mode does): the state after
every action must come back exactly — replay never re-rolls.
"""

from __future__ import annotations

import pytest

from fhtagn_tui.commands.language import SPECS, _find_spec, load_all
from fhtagn_tui.domain import codec
from fhtagn_tui.domain.features.campaign import CreateCampaign
from fhtagn_tui.domain.replay import Projection
from fhtagn_tui.domain.state import State
from fhtagn_tui.rules.dice import RandomSource
from fhtagn_tui.service import Engine, MemorySink

FHTAGN: tuple[str, ...] = (
    'char new "Ada Vance" STR=12 CON=11 DEX=13 INT=15 POW=14 CHA=10 Firearms=50 Dodge=40 "Unarmed Combat"=50 Alertness=45 Athletics=40 bonds="Sister,Partner:9"',
    'char new Bob STR=14 CON=13 DEX=10 INT=9 POW=9 CHA=11 Firearms=40 "Unarmed Combat"=40 Dodge=30',
    'char new Cultist kind=npc STR=12 CON=12 DEX=10 POW=10 "Melee Weapons"=40 Dodge=20 "Unarmed Combat"=30 --hidden',
    'char new Extra kind=npc',
    'session start The farm',
    'fight start Ambush',
    'fight add ada bob cultist',
    'fight ready ada',
    'fight order bob ada cultist',
    'fight order ada bob cultist',
    'fight next',
    'attack ada cultist weapon=pistol',
    'fight next',
    'aim bob cultist',
    'fight next',
    'action cultist reload',
    'fight next',
    'move ada run',
    'fight next',
    'pin bob cultist roll=10,90',
    'fight next',
    'escape cultist bob with=str',
    'fight next',
    'fight wait ada',
    'fight act ada',
    'disarm ada cultist',
    'fight remove bob',
    'fight show',
    'fight end',
    'cond add cultist unconscious',
    'coup bob cultist',
    'damage bob 4 source=fall',
    'damage bob 9 roll=99',
    'injury bob DEX',
    'exhaust bob',
    'disorder add ada "PTSD (the farmhouse)"',
    'san trigger ada',
    'san sleep ada',
    'char set ada STR=13 Firearms=55',
    'char pool ada HP=10 reason=fall',
    'bond ada Brother 8',
    'cond add ada prone',
    'cond remove ada prone',
    'roll 2d6+1',
    'test ada Firearms',
    'cond remove bob unconscious',  # (issue 31: the unconscious make no test, nor are asked for one)
    'ask ada,bob Firearms',
    'answer 1 ada roll=30',
    'answer 1 bob',
    'ask all Dodge secret',
    'ask list',
    'answer 2 ada roll=50',
    'ask cancel',
    'note The cellar door is nailed shut.',
    'note The vicar is a cultist. secret',
    'reveal',
    'weapon add "sawn-off" skill=Firearms damage=2d6 kind=ranged range=10 magazine=2 action=single',
    'armor ada 3 item="kevlar vest"',
    'san ada 1/1d6',
    'disorder remove ada "PTSD (the farmhouse)"',
    'req ada pistol via=favour contact=Sister',
    'req list',
    'req items hotel',
    'weapon list',
    'char show ada',
    'char list',
    'fight show',
    'help roll',
    'char del extra',
    'luck ada roll=20',
    'oppose ada Alertness vs bob Firearms roll=20,30',
    'develop',
    'session end',
)

COC7: tuple[str, ...] = (
    'char new Harvey STR=60 CON=60 SIZ=70 DEX=70 POW=60 Luck=50 "Firearms (Handgun)"=55 "Firearms (Submachine Gun)"=45 "Fighting (Brawl)"=55 Dodge=40 "Drive Auto"=50 Climb=40 Jump=40 "Spot Hidden"=50',
    'char new Ada STR=50 CON=50 SIZ=50 DEX=60 POW=70 Luck=50 "Fighting (Brawl)"=50 Dodge=35 "Drive Auto"=50 "Firearms (Handgun)"=45 "Firearms (Rifle/Shotgun)"=40',
    'char new Bob STR=50 CON=50 SIZ=50 DEX=55 POW=50 Luck=50 "Spot Hidden"=60 Navigate=40',
    'char new Ghoul kind=monster STR=80 CON=70 SIZ=65 DEX=65 POW=40 "Fighting (Brawl)"=40 Dodge=30',
    'char new Cultist kind=npc STR=50 CON=50 SIZ=60 DEX=50 POW=40 "Fighting (Brawl)"=40 Dodge=25 "Drive Auto"=50',
    'session start Arkham',
    'fight start Warehouse',
    'fight add harvey ada ghoul cultist',
    'attacks ghoul 3',
    'fight next',
    'shoot harvey cultist weapon=".38 revolver" range=20',
    'fight next',
    'melee ghoul ada response=dodge',
    'fight next',
    'maneuver ada cultist knock down',
    'fight next',
    'flee cultist',
    'fight next',
    'auto harvey ghoul:6 weapon=thompson range=15',
    'fight next',
    'fight next',
    'take aim ada',
    'fight next',
    'fight next',
    'reload harvey weapon=thompson',
    'fight next',
    'fight next',
    'burst ada ghoul weapon="m16 assault rifle" range=30',
    'fight end',
    'chase new Through the docks',
    'chase add Harvey role=flee',
    'chase add Ghoul role=pursue mov=9 aptitude=aptitude',
    'chase add Ford role=flee vehicle=car driver=Ada passengers=Bob',
    'chase add Truck role=pursue vehicle=car driver=Cultist',
    'chase location add hazard=hard "Fallen market stalls" skill=Jump at=6',
    'chase location add barrier hp=10 at=1 skill=Climb',
    'chase location random at=15 count=2',
    'chase start roll=40,40,40,40',
    'chase barrier ghoul pass',
    'chase hazard truck',
    'chase move truck 1',
    'chase ram truck harvey roll=99,10',  # a miss: Harvey stays in to be caught
    'chase pedal ford 3',
    'chase navigate ford passenger=bob',
    'chase shoot bob truck damage=1d10',
    'chase sudden players',
    'chase catch harvey by=truck',
    'chase next',
    'chase switch ford foot',
    'chase escape ada',
    'chase drop ghoul reason=tired',
    'chase end The ghoul gives up',
    'chase show',
    'chase vehicles',
    'test bob Spot Hidden roll=90',
    'push bob "searches on hands and knees" roll=95',
    'consequence bob "the lamp gutters out"',
    'campaign set luck-spending on',
    'char pool bob Luck=55',
    'test bob Navigate roll=60',
    'luck spend bob',
    'luck bob harvey roll=30',
    'oppose bob Spot Hidden vs cultist Drive Auto roll=20,30',
    'combine bob Spot Hidden, Navigate:hard need=any roll=20',
    'maneuver ghoul ada hold skill="Fighting (Brawl)"',
    'develop skip=harvey',
    'session end',
)

GURPS: tuple[str, ...] = (
    'char new Ilse ST=10 DX=12 IQ=13 HT=11 Will=12 Broadsword=13 Guns=12 Dodge=8',
    'char new Ghoul kind=monster ST=14 DX=11 IQ=8 HT=12 Brawling=12',
    'session start Vienna',
    'test ilse Broadsword mod=-2',
    'roll 3d vs=12 roll=3,5,6',
    'weapon add sabre skill=Broadsword damage=sw+1 type=cut',
    'armor ilse 2 item="leather coat"',
    'fight start Cellar',
    'fight add ilse ghoul',
    'fight next',
    'attack ilse ghoul weapon=sabre defend=dodge',
    'fight end',
    'fright ilse mod=-3',
    'fright ilse roll=6,6,5,4,4,4,3 trait="Fear of cellars"',
    'fright override ilse reroll',
    'fright recover ilse',
    'trait add ilse "Hums when nervous"',
    'trait remove ilse "Hums when nervous"',
    'session end',
)

SCRIPTS = {"fhtagn": FHTAGN, "coc7": COC7, "gurps": GURPS}


class Check:
    """What one command kind did in the scripts: the lines run and the problems found."""

    def __init__(self) -> None:
        self.lines: list[tuple[str, str]] = []
        self.problems: list[str] = []


def words_of(line: str) -> str:
    spec, _ = _find_spec(line.split())
    return spec.words


#: A small party per system, for the examples of command kinds the scripts do not use.
SANDBOX = {
    "fhtagn": (
        'char new "Ada Vance" STR=12 CON=11 DEX=13 INT=15 POW=14 CHA=10 Firearms=50 Medicine=50 Pharmacy=40 "First Aid"=50 Dodge=40 bonds="Sister,Partner:9"',
        "char new Bob STR=14 CON=13 DEX=10 INT=9 POW=9 CHA=11 Athletics=50 Dodge=30",
        "char new Carl STR=11 CON=12 DEX=11 INT=11 POW=11 CHA=11",
        "char new Cultist kind=npc STR=12 CON=12 DEX=10 POW=10",
        "session start Sandbox",
    ),
    "coc7": (
        'char new Harvey STR=60 CON=60 SIZ=70 DEX=70 POW=60 Luck=50 INT=70 EDU=80 "Cthulhu Mythos"=10 Psychoanalysis=40 Medicine=40 "First Aid"=50 "Library Use"=60',
        "char new Ada STR=50 CON=50 SIZ=50 DEX=60 POW=70 Luck=50 Medicine=50",
        "char new Bob STR=50 CON=50 SIZ=50 DEX=55 POW=50 Luck=50",
        "char new Ghoul kind=monster STR=80 CON=70 SIZ=65 DEX=65 POW=40",
        "session start Sandbox",
    ),
    "gurps": (
        "char new Ilse ST=10 DX=12 IQ=13 HT=11",
        "char new Bob ST=11 DX=10 IQ=10 HT=12",
        "char new Ghoul kind=monster ST=14 DX=11 IQ=8 HT=12",
        "session start Sandbox",
    ),
}

_TOME = 'tome add "Cultes des Goules" lang=French rating=36 cmi=4 cmf=9 san=1d10 weeks=20 spells="Contact Ghoul"'
_FRENCH = 'char set harvey "Language (French)=40"'
_SPELLS = ('spell add "Wrack" mp=6 san=1d6 time=instant opposed', 'spell add "Contact Ghoul" mp=8 san=1d6 time=2')

#: What the examples of a command kind need to have happened first (other features' kinds).
PRELUDES: dict[str, tuple[str, ...]] = {
    "antidote": ("poison bob damage=2d6 speed=1hour source=arsenic",),
    "cast": (*_SPELLS, "learn harvey Wrack from=entity roll=40"),
    "consult": (_TOME, _FRENCH, 'read harvey "Cultes des Goules" noroll', 'study harvey "Cultes des Goules"'),
    "read": (_TOME, _FRENCH),
    "study": (_TOME, _FRENCH, 'read harvey "Cultes des Goules" noroll'),
    "learn": (_TOME, *_SPELLS),
    "exert": ("char pool bob HP=8",),
    "char attack remove": ('char attack add ghoul Claw skill="Fighting (Claw)" damage=1d6+DB',),
    "firstaid": ("char pool bob HP=8",),
    "medical": ("char pool bob HP=8",),
    "recuperate": ("char pool bob HP=8",),
    "hazard tick": ("disease bob damage=1d6 speed=1day source=typhus",),
    "mania face": ("mania add harvey kleptomania",),
    "phobia face": ("phobia add harvey spiders", 'phobia add harvey "deep water"'),
    "mp": ("char pool harvey MP=5",),
    "chase crash": ("chase new Crash", "chase add Ford role=flee vehicle=car driver=Ada passengers=Bob",
                    "chase add Ghoul role=pursue mov=14", "chase start roll=50,50",
                    "chase shoot ghoul ford damage=60 roll=1,0,0"),
    "dying": ("damage harvey 7 roll=20", "damage harvey 6"),
    "template remove": ("template add Ghoul kind=monster from=ghoul",),
    "template show": ("template add Ghoul kind=monster from=ghoul",),
}

#: Lines for command kinds that register no usable example of their own.
EXAMPLES: dict[str, tuple[str, ...]] = {
    "sanity show": ("sanity show harvey", "sanity show bob"),
    "template remove": ("template remove ghoul",),
    "template show": ("template show ghoul",),
}

#: Command kinds of features still being built whose examples need a state no
#: prelude here reaches yet (CoC insanity, entity SAN losses).
#: Strict: the test fails as soon as one of them works, so the list only shrinks.
GAPS = frozenset({"recover", "sanity develop", "treat", "mania face", "phobia face"})


def new_engine(system: str) -> Engine:
    eng = Engine(MemorySink(), source=RandomSource(11), clock=lambda: 1_700_000_000.0)
    eng.run(CreateCampaign(name=f"undo-{system}", system=system))
    return eng


def check_lines(eng: Engine, system: str, lines: tuple[str, ...], checks: dict[str, Check], report_refusals: bool) -> None:
    """Run ``lines``; after each that records something, undo and redo it; then replay the log.

    A refused line is reported only when ``report_refusals`` (a script line must work;
    an example may belong to another system).
    """
    sink = eng.sink
    assert isinstance(sink, MemorySink)
    after_each: list[tuple[int, State]] = []
    for line in lines:
        before, n = eng.state, len(sink.events)
        try:
            outcome = eng.execute(line)
        except Exception as exc:  # noqa: BLE001 - reported per command kind
            if report_refusals:
                checks.setdefault(words_of(line), Check()).problems.append(f"{system}: {line!r} refused: {exc}")
            continue
        check = checks.setdefault(words_of(line), Check())
        check.lines.append((system, line))
        if outcome.answer or not outcome.events:
            if eng.state is not before or len(sink.events) != n:
                check.problems.append(f"{system}: {line!r} only shows things but changed the log")
            continue
        after = eng.state
        eng.execute("undo")
        checks.setdefault("undo", Check()).lines.append((system, line))
        if eng.state != before:
            check.problems.append(f"{system}: undo of {line!r} did not give back the state before it")
        eng.execute("redo")
        checks.setdefault("redo", Check()).lines.append((system, line))
        if eng.state != after:
            check.problems.append(f"{system}: redo of {line!r} did not restore the state after it")
        after_each.append((len(sink.events), eng.state))
    # replay: the log through the codec, folded with small checkpoints (review mode's path)
    decoded = codec.decode_many([codec.encode(ev) for ev in sink.events])
    proj = Projection(checkpoint_every=7)
    proj.apply_all(decoded)
    replay = checks.setdefault("(replay)", Check())
    if proj.state != eng.state:
        replay.problems.append(f"{system}: the replayed log folds to another state")
    for seq, state in after_each:
        if proj.at(seq, decoded).state != state:
            replay.problems.append(f"{system}: the state after event {seq} differs on replay")


def sandbox(system: str, prelude: tuple[str, ...]) -> Engine:
    eng = new_engine(system)
    for line in SANDBOX[system] + prelude:
        try:
            eng.execute(line)
        except Exception:  # noqa: BLE001 - a prelude of another system
            pass
    return eng


def run_all() -> dict[str, Check]:
    """The scripts, then, for each command kind no script uses, its registered examples on a fresh party."""
    checks: dict[str, Check] = {}
    for system, lines in SCRIPTS.items():
        check_lines(new_engine(system), system, lines, checks, report_refusals=True)
    scripted = {words_of(line) for script in SCRIPTS.values() for line in script}
    rest = [w for w in sorted(SPECS) if w not in scripted and w not in ("undo", "redo")]
    # one pass over every example in a row (some set up the next), then each kind alone
    for system in SCRIPTS:
        eng = sandbox(system, ())
        lines = tuple(ex for w in rest for ex in EXAMPLES.get(w) or SPECS[w].examples or (w,))
        check_lines(eng, system, lines, checks, report_refusals=False)
    for words in rest:
        if words in checks and checks[words].lines:
            continue
        for system in SCRIPTS:
            eng = sandbox(system, PRELUDES.get(words, ()))
            check_lines(eng, system, EXAMPLES.get(words) or SPECS[words].examples or (words,), checks, report_refusals=False)
    return checks


@pytest.fixture(scope="module")
def checks() -> dict[str, Check]:
    return run_all()


load_all()


@pytest.mark.parametrize(
    "words",
    [
        pytest.param(w, marks=pytest.mark.xfail(strict=True, reason="no prelude reaches its state yet"))
        if w in GAPS
        else w
        for w in sorted(SPECS)
    ],
)
def test_every_command_kind_undoes_redoes_and_replays(words: str, checks: dict[str, Check]) -> None:
    check = checks.get(words)
    assert check is not None and check.lines, (
        f"no scripted example of {words!r}: add one to a system's script in {__file__}"
    )
    assert check.problems == []


def test_replay_of_every_script_gives_the_same_states(checks: dict[str, Check]) -> None:
    assert checks["(replay)"].lines == [] and checks["(replay)"].problems == []


def test_the_scripts_use_only_known_commands() -> None:
    used = {words_of(line) for lines in SCRIPTS.values() for line in lines}
    assert used <= set(SPECS)
