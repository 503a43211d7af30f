"""Forms build typed commands (issue 33): what a form runs now is the very command the line it ran
before stood for — same command, same typed dice, same secret — so the log written is the same.

Each case below is the line a form (or a tab's key) built before, as it built it (``OLD_…``: the
quoting of the time, ``shlex.quote`` or the form's own), read by the parser, against the command the
form builds now.  A few cases run both on twin campaigns with the same dice and compare the logs."""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from pathlib import Path

import msgspec
import pytest

from fhtagn_tui.app.forms.bestiary import npc_command
from fhtagn_tui.app.run import command_of, dice_of, run_line
from fhtagn_tui.commands import ParseError, parse
from fhtagn_tui.domain.commands import Command
from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.features.bestiary import Entry
from fhtagn_tui.domain.features.encounter import (
    ActNow,
    AddCombatants,
    EndFight,
    NextTurn,
    ReadyFirearm,
    RemoveCombatant,
    SetOrder,
    StartFight,
    WaitTurn,
)
from fhtagn_tui.domain.features.skill_play import Develop, PushRoll, RollLuck, WriteConsequence
from fhtagn_tui.rules.dice import RandomSource
from fhtagn_tui.rules.quoting import quote
from fhtagn_tui.service import Engine

NAMES = ["ada", "Ada Vance", "O'Brien", 'Say "hi"', "Müller-Lüdenscheidt", "back\\slash"]
IDS = ["ada", "ada-vance", "cultist-2", "o.brien"]


def read(text: str) -> tuple[Command, list[str] | None, bool]:
    parsed = parse(text)
    assert parsed.command is not None
    return parsed.command, parsed.dice, parsed.secret


# --- the Initiative tab's keys (n w g r x ctrl+↑↓ e): "fight …" lines before ----------------------------


@pytest.mark.parametrize("cid", IDS)
def test_the_fight_keys_run_what_their_lines_said(cid: str) -> None:
    q = quote  # the tab's quoting then (action_specs.q) is the one helper now: same words for ids
    assert read("fight next") == (NextTurn(), None, False)
    assert read(f"fight wait {q(cid)}")[0] == WaitTurn(name=cid)
    assert read(f"fight act {q(cid)}")[0] == ActNow(name=cid)
    assert read(f"fight ready {q(cid)}")[0] == ReadyFirearm(name=cid, readied=True)
    assert read(f"fight ready {q(cid)} --off")[0] == ReadyFirearm(name=cid, readied=False)
    assert read(f"fight remove {q(cid)}")[0] == RemoveCombatant(name=cid)
    order = (cid, "bob", "cultist-1")
    assert read("fight order " + " ".join(q(c) for c in order))[0] == SetOrder(names=order)
    assert read("fight end")[0] == EndFight()


# --- the fighters form (+ on the Initiative tab) -----------------------------------------------------


@pytest.mark.parametrize("title", ["", "Ambush at the mill", "  two  spaces  here ", "Müller barn"])
def test_a_fight_started_from_the_form_has_the_title_its_line_gave(title: str) -> None:
    old = f"fight start {title.strip()}".rstrip()
    assert read(old)[0] == StartFight(title=" ".join(title.split()))


def test_a_title_with_an_apostrophe_starts_the_fight_now() -> None:
    """The one difference: the line it was refused ("a quote is not closed"); the command is not."""
    with pytest.raises(ParseError):
        parse("fight start Müller's barn")
    eng = Engine.memory("fhtagn")
    assert eng.run(StartFight(title="Müller's barn"))


@pytest.mark.parametrize("readied", [False, True])
@pytest.mark.parametrize("raw", ["", "4 6", "3,5"])
def test_fighters_added_from_the_form_are_the_ones_their_line_added(readied: bool, raw: str) -> None:
    people = ["ada", "ada-vance", "o.brien"]
    flag = " --readied" if readied else ""
    dice = f" roll={','.join(raw.replace(' ', ',').split(','))}" if raw else ""
    old = "fight add " + " ".join(quote(p) for p in people) + flag + dice
    assert read(old) == (AddCombatants(names=tuple(people), readied=readied), dice_of(raw), False)


def _book() -> tuple[Entry, ...]:
    return Engine.memory("coc7").bestiary()


@pytest.mark.parametrize("count", [1, 2, 30])
@pytest.mark.parametrize("readied", [False, True])
def test_npcs_added_from_the_fighters_form_are_the_ones_their_line_added(count: int, readied: bool) -> None:
    for entry in _book():
        old = f"npc add {quote(entry.name)} x{count} --fight" + (" --readied" if readied else "")
        assert read(old)[0] == npc_command(entry, count, fight=True, readied=readied)


def _old_npc_line(entry: Entry, count: int, hidden: bool, vary: bool, fight: bool, dice: str = "") -> str:
    """The bestiary form's line before (``npc_line``)."""
    line = f"npc add {quote(entry.name)}" + (f" x{count}" if count != 1 else "")
    line += " --hidden" if hidden else ""
    line += " --vary" if vary else ""
    line += " --fight" if fight else ""
    return line + (f" roll={dice}" if dice else "")


@pytest.mark.parametrize(("hidden", "vary", "fight"), [(False, False, False), (True, True, True), (False, True, False)])
@pytest.mark.parametrize("count", [1, 3])
def test_the_bestiary_form_runs_what_its_line_said(hidden: bool, vary: bool, fight: bool, count: int) -> None:
    for entry in _book():
        assert read(_old_npc_line(entry, count, hidden, vary, fight))[0] == npc_command(entry, count, hidden, vary, fight)


# --- the Party tab: push, consequence, Luck; the development phase -------------------------------------


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("reason", ["she reads it all night", "O'Brien's \"way\"", "a  b"])
@pytest.mark.parametrize("typed", ["", "47", "4 7"])
def test_push_and_its_consequence_run_what_their_lines_said(name: str, reason: str, typed: str) -> None:
    raw = typed.replace(" ", ",")
    old = f"push {shlex.quote(name)} {shlex.quote(reason)}" + (f" roll={raw}" if raw else "")
    assert read(old) == (PushRoll(name=name, reason=reason), dice_of(raw), False)
    assert read(f"consequence {shlex.quote(name)} {shlex.quote(reason)}")[0] == WriteConsequence(name=name, words=reason)


@pytest.mark.parametrize("name", NAMES)
def test_the_luck_key_runs_what_its_line_said(name: str) -> None:
    assert read(f"luck {shlex.quote(name)}")[0] == RollLuck(names=(name,))


def _old_develop_line(skipped: Sequence[str], allowed: Sequence[str], typed: str) -> str:
    """The development form's line before."""
    words = ["develop"]
    if skipped:
        words.append('skip="' + ",".join(skipped) + '"')
    if allowed:
        words.append('recover="' + ",".join(allowed) + '"')
    if typed:
        words.append(f"roll={typed}")
    return " ".join(words)


@pytest.mark.parametrize(("skipped", "allowed", "typed"), [
    ((), (), ""), (("Ada Vance:Spot Hidden",), (), "5,60"), (("Ada Vance:Spot Hidden", "Harvey:Library Use"), ("Harvey",), ""),
])
def test_the_development_form_runs_what_its_line_said(skipped: tuple[str, ...], allowed: tuple[str, ...], typed: str) -> None:
    assert read(_old_develop_line(skipped, allowed, typed)) == (Develop(skip=skipped, recover=allowed), dice_of(typed), False)


# --- the same log: twin campaigns, the old line typed on one, the typed command run on the other -------------

SETUP = ["char new \"Ada Vance\" DEX=70 POW=60 Luck=50 \"Spot Hidden\"=40",
         "char new Harvey DEX=50 Luck=35 \"Library Use\"=60", "fight start"]


def _twins() -> tuple[Engine, Engine]:
    """Two campaigns alike, their dice from the same seed."""
    twins = []
    for _ in range(2):
        eng = Engine.memory("coc7", source=RandomSource(33))
        for line in SETUP:
            eng.execute(line)
        twins.append(eng)
    return twins[0], twins[1]


def _log(eng: Engine) -> list[bytes]:
    events: list[Event] = eng.sink.events  # type: ignore[attr-defined]
    return [msgspec.json.encode(ev) for ev in events]


def _run(eng: Engine, command: Command, typed: Sequence[int | str] | None = None, secret: bool = False) -> tuple[str | None, list[Event]]:
    return None, eng.run(command, typed=typed, secret=secret)


@pytest.mark.parametrize("secret", [False, True])
def test_twin_logs_are_the_same(secret: bool) -> None:
    old, new = _twins()
    tail = " secret" if secret else ""  # the ctrl+g switch added the word; now it is secret=
    pairs: list[tuple[str, Command, list[str] | None]] = [
        ("fight add ada-vance harvey --readied", AddCombatants(names=("ada-vance", "harvey"), readied=True), None),
        ("fight next", NextTurn(), None),
        ("fight wait ada-vance", WaitTurn(name="ada-vance"), None),
        ("fight act ada-vance", ActNow(name="ada-vance"), None),
        ("fight ready harvey --off", ReadyFirearm(name="harvey", readied=False), None),
        ("fight order harvey ada-vance", SetOrder(names=("harvey", "ada-vance")), None),
        ("fight end", EndFight(), None),
        ('luck "Ada Vance" roll=30', RollLuck(names=("Ada Vance",)), ["30"]),
        ("test harvey Library Use roll=85", read("test harvey Library Use")[0], ["85"]),
        ("push harvey 'reads all night' roll=90", PushRoll(name="harvey", reason="reads all night"), ["90"]),
        ('consequence harvey "the librarian calls the police"',
         WriteConsequence(name="harvey", words="the librarian calls the police"), None),
        ('test "Ada Vance" Spot Hidden roll=10', read('test "Ada Vance" Spot Hidden')[0], ["10"]),
        ('develop skip="Ada Vance:Spot Hidden" roll=50,3', Develop(skip=("Ada Vance:Spot Hidden",)), ["50", "3"]),
    ]
    for line, command, typed in pairs:
        old.execute(line + tail)
        new.run(command, typed=typed, secret=secret)
    assert _log(old) == _log(new)
    assert len(_log(old)) > len(SETUP) + 10


def test_a_line_read_once_runs_as_the_line_did() -> None:
    """The Ask dialog, the opposed and combined rolls, the act form and ``t`` read their line once:
    run_line gives the same log as the line typed (secret as a word, or as secret=)."""
    old, new = _twins()
    for line, secret in [("ask ada-vance Spot Hidden", False), ("ask all luck", True),
                         ("oppose harvey Library Use vs ada-vance Spot Hidden roll=20,30", False)]:
        old.execute(line + (" secret" if secret else ""))
        refusal, _ = run_line(lambda c, t=None, s=False: _run(new, c, t, s), line, secret=secret)
        assert refusal is None
    assert _log(old) == _log(new)
    assert command_of("ask all luck secret")[2] is True


# --- the secret switch over a form of several commands ------------------------------------------------


async def test_a_secret_push_keeps_its_consequence_secret_too() -> None:
    """ctrl+g, then u: the push is secret, and so is the Keeper's consequence written in the same form
    after it (the switch went off with the push; the form carries it on, as the Sanity dialog does
    for a reaction) — players learn nothing of a secret push from its consequence."""
    from fhtagn_tui.app.forms.push import PushForm
    from fhtagn_tui.domain.features.skill_play import PushConsequence, RollPushed

    from .test_between_fights import _events, scene

    engine, app = scene()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("colon", *"test ada Library Use roll=75", "enter", "escape")
        await pilot.pause()
        await pilot.press("ctrl+g", "u")
        await pilot.pause()
        assert isinstance(app.screen, PushForm)
        await pilot.press(*"reads the marginalia all night", "tab", *"81", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PushForm) and not app.secret_next  # the push used the switch
        await pilot.press(*"the librarian calls the police", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, PushForm)
    (push,) = _events(engine, RollPushed)
    (cons,) = _events(engine, PushConsequence)
    assert push.secret and cons.secret


def test_a_line_that_only_shows_things_runs_nothing_and_is_no_refusal() -> None:
    """As app.run_line did (Door.execute's answer, unread): a query is not a refusal and runs nothing."""
    ran: list[Command] = []

    def run(command: Command, typed: Sequence[int | str] | None = None, secret: bool = False) -> tuple[str | None, list[Event]]:
        ran.append(command)
        return None, []

    assert run_line(run, "help") == (None, []) and ran == []
    with pytest.raises(ParseError):
        command_of("help")
    assert run_line(run, "fight nxet")[0]  # a line that cannot be read: the parser's refusal


# --- the act form and t: the command built from the line's parts is the command its text reads as ---------


def _fight(system: str, tmp: Path) -> Engine:
    """The attack fixtures' campaign in memory, with a fight running (GURPS: one started).  Opened from
    a copy: opening writes a start-up snapshot beside the file."""
    import shutil

    from fhtagn_tui.door import Door

    path = tmp / f"attacks_{system}.fhtagn"
    shutil.copy(Path(__file__).parents[1] / "fixtures" / path.name, path)
    door = Door.open(path, readonly=True)
    try:
        events = door.events()
    finally:
        door.close(save=False)
    from fhtagn_tui.service import MemorySink

    eng = Engine(MemorySink(), events[:0], source=RandomSource(7), clock=lambda: 0.0)
    eng.sink.append(events)  # type: ignore[attr-defined]
    eng.projection.apply_all(events)
    if eng.state.encounter is None:
        eng.execute("fight start")
        eng.execute("fight add " + " ".join(eng.state.characters))
    return eng


def _same(built: object) -> None:
    from fhtagn_tui.app.run import Line

    assert isinstance(built, Line)
    try:
        typed = built.command()
    except ParseError as exc:
        with pytest.raises(ParseError) as info:
            read(built.text())
        assert str(info.value) == str(exc), built
        return
    assert read(built.text()) == (typed, None, False), built


@pytest.mark.parametrize("system", ["fhtagn", "coc7", "gurps"])
def test_every_action_builds_the_command_its_line_reads_as(system: str, tmp_path: Path) -> None:
    """Every act of the menu, for every fighter, with its defaults and then each choice of each field
    in turn (and the free fields filled in): the typed command is the one the shown line parses to."""
    from fhtagn_tui.app.forms.action_specs import Ctx, actions_for, defaults

    eng = _fight(system, tmp_path)
    state = eng.state
    free = {"int": ["2", "-20", "0", "x"], "text": ["get up", "Ada Vance:Spot", ""], "check": ["x", ""],
            "toggles": ["aim", "aim,cover", ""]}
    checked = 0
    for actor in state.characters.values():
        for spec in actions_for(state, actor):
            base = defaults(spec, Ctx(state, actor))
            built = spec.build(base)
            if isinstance(built, str):
                continue  # a note: taken whole, read once
            _same(built)
            for field in spec.fields:
                values = [v for _, v in field.choices(base)] if field.kind == "choice" and field.choices else \
                    free.get(field.kind, [])
                for value in values:
                    ctx = Ctx(state, actor, dict(base.values, **{field.key: value}))
                    _same(spec.build(ctx))
                    checked += 1
    assert checked > 20


# --- the Ask dialog, the opposed and combined rolls: fields typed as the command line takes them ----------


def _old_ask_line(who: str, test: str, options: Sequence[tuple[str, str]]) -> str:
    """The Ask dialog's line before (shlex.quote, then the one helper)."""
    from fhtagn_tui.commands.language import tokenize

    words = ["ask", shlex.quote(who or "all")]
    head, _, rest = test.partition(" ")
    if head.casefold() == "san" and rest.strip():
        words += ["san", shlex.quote(rest.strip())]
    elif any(w.casefold() == "vs" for w in test.split()):
        words += [shlex.quote(p) for p in tokenize(test)]
    elif test:
        words.append(shlex.quote(test))
    words += [f"{k}={shlex.quote(v)}" for k, v in options]
    return " ".join(words)


def _ask_line(who: str, test: str, options: Sequence[tuple[str, str]]) -> object:
    """The dialog's Line now, as AskForm.line builds it (without the widgets)."""
    from fhtagn_tui.app.run import Line, Part
    from fhtagn_tui.commands.language import tokenize

    parts: list[Part] = [who or "all"]
    head, _, rest = test.partition(" ")
    if head.casefold() == "san" and rest.strip():
        parts += ["san", rest.strip()]
    elif any(w.casefold() == "vs" for w in test.split()):
        parts += tokenize(test)
    elif test:
        parts.append(test)
    parts += list(options)
    return Line("ask", tuple(parts))


@pytest.mark.parametrize(("who", "test", "options"), [
    ("Ada Vance", "Search", [("mod", "-20")]), ("ada,harvey", "Spot Hidden", [("difficulty", "hard")]),
    ("", "luck", []), ("all", "san 1/1d6", []), ("Ada Vance", 'Stealth vs "Cultist 1" Listen', []),
    ("O'Brien", "fright", [("mod", "-2")]),
])
def test_the_ask_dialog_builds_what_its_line_said(who: str, test: str, options: list[tuple[str, str]]) -> None:
    built = _ask_line(who, test, options)
    assert read(_old_ask_line(who, test, options))[0] == built.command()  # type: ignore[attr-defined]
    assert read(built.text())[0] == built.command()  # type: ignore[attr-defined]


@pytest.mark.parametrize(("who", "skill", "vs", "vs_skill"), [
    ("Ada Vance", "Stealth", "watchman", "Listen"), ("harvey", "Spot Hidden", "Cultist 1", "Fast Talk"),
    ("O'Brien", "Library Use", "Müller", "Credit Rating"),
])
def test_the_opposed_roll_builds_what_its_line_said(who: str, skill: str, vs: str, vs_skill: str) -> None:
    from fhtagn_tui.app.run import Line

    old = f"oppose {shlex.quote(who)} {skill} vs {shlex.quote(vs)} {vs_skill}"
    built = Line("oppose", (who, *skill.split(), "vs", vs, *vs_skill.split()))
    assert read(old)[0] == built.command() == read(built.text())[0]


@pytest.mark.parametrize("skills", ["Spot Hidden, Listen:hard", "Library Use,Spot Hidden:extreme", "Listen"])
@pytest.mark.parametrize("need", ["all", "ANY", ""])
def test_the_combined_roll_builds_what_its_line_said(skills: str, need: str) -> None:
    from fhtagn_tui.app.run import Line

    old = f"combine {shlex.quote('Ada Vance')} {skills} need={need.casefold()}"
    built = Line("combine", ("Ada Vance", *skills.split(), ("need", need.casefold())))
    assert read(old)[0] == built.command() == read(built.text())[0]


# --- the Sanity dialog: the command built from its words is the one its shown line reads as -----------------


@pytest.mark.parametrize("name", NAMES)
def test_the_sanity_dialog_builds_what_its_line_says(name: str) -> None:
    from fhtagn_tui.app.forms import sanity_plan as sp

    lines = [
        sp.fhtagn_line(name, "1/1d8", "helplessness", "Sister Claire", True, "Partner Sam", "flee", 'PTSD ("the farm")', -20),
        sp.fhtagn_line(name, " 0/1d4 ", repress=True), sp.fhtagn_line(name, "1d4/1d10", kind="violence", mod=20),
        sp.coc_line(name, "0/1d4", "Deep One", 8, True, "summary", "fear of water", "", 1, 0),
        sp.coc_line(name, "1/1d6+1", penalty=2),
        sp.gurps_line(name, -3, "Combat Reflexes", 12, "Fear of cellars"), sp.gurps_line(name),
    ]
    for built in lines:
        assert read(built.text()) == (built.command(), None, False), built
