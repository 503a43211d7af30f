"""Every key a view shows works in that view (issue 34): for each role — the GM, a second GM (read-only),
review, a player bound to a character, the watcher (a players' view bound to nobody) — on each tab, the
GM screen (F1) and the help (?), at 80×24, the keys the screen shows (the key bar, the hint lines, the
help's key list) are pressed one by one: each must change what is on screen (the screen's text, a screen
pushed, the focus, the tab, the message line) and none may answer with a refusal ("read-only…",
"rolls are off", "cannot…").  A key that never works in a role is not shown there at all.

The campaigns have something for the keys to act on: a fight running, a chase (CoC) and requisitions
(FHTAGN); the bound player has a failed roll to push and a roll request put aside."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from textual.binding import Binding
from textual.widgets import Static, TabbedContent

from fhtagn_tui import campaigns
from fhtagn_tui.app.app import open_door
from fhtagn_tui.app.base import AppBase
from fhtagn_tui.app.textual_private import node_bindings
from fhtagn_tui.app.widgets.key_bar import KeyBar
from fhtagn_tui.door import Door

from ..helpers import role_app
from .screen_text import screen_text

SIZE = (80, 24)
ROLES = ("gm", "second_gm", "review", "player", "watcher")
#: The places a key is shown: the tabs (their number keys), the GM screen and the help.
TABS = {"party": "1", "initiative": "2", "chase": "3", "requisitions": "4", "log": "5"}
SYSTEM_TABS = {"coc7": ("party", "initiative", "chase", "log"), "fhtagn": ("party", "initiative", "requisitions", "log")}
#: Words of a refusal: a key that answers so does not work in this view (it must not be shown).
REFUSAL = re.compile(r"read-only|rolls are off|cannot|can't|only the GM|not in this view|is off|are off", re.I)
#: The widgets that name keys in words (hint lines).
HINT_IDS = ("ini-panel", "ini-head", "ini-empty", "ini-owed", "party-owed", "party-empty", "chase-keys",
            "chase-ahead", "chase-empty", "req-summary", "req-empty", "ref-result", "status")

COC7 = [
    "char new Harvey STR=50 CON=60 SIZ=60 DEX=70 POW=60 Jump=40 Luck=45 Dodge=30 \"Spot Hidden\"=50",
    'char new Ada STR=60 CON=70 SIZ=50 DEX=60 POW=60 "Drive Auto=50" "Spot Hidden=60" Luck=70',
    "char new Ghoul kind=monster STR=80 CON=70 SIZ=65 DEX=65 POW=40",
    "char new Cultist kind=npc STR=50 CON=50 SIZ=70 DEX=40 POW=50",
    "session start The docks",
    "chase new The docks",
    "chase add Harvey role=flee",
    "chase add Ada role=flee",
    "chase add Ghoul role=pursue mov=9 aptitude=aptitude",
    "chase add Cultist role=pursue",
    'chase location add hazard=hard "Market stalls" skill=Jump at=3 damage=minor',
    "chase location add barrier fence at=5 skill=Climb",
    "chase start hold=Ada roll=30,50,50,60",
    "fight start",
    "fight add Harvey Ghoul",
    "fight next",
    'test Ada "Spot Hidden" roll=99',  # a failed roll: Ada's player may ask to push it
    'ask Ada "Spot Hidden"',  # a request for Ada's player (put aside with Esc: `a` brings it back)
]
FHTAGN = [
    "fight start",
    'fight add "Ada Vance" "Sheriff Dale"',
    "fight next",
    'req "Ada Vance" food via=own',
    'req "Jonah Reyes" "plane ticket" via=favour contact="Old unit" roll=20',
    'ask "Ada Vance" Search',
]
OWN = {"coc7": "Ada", "fhtagn": "Ada Vance"}
#: Keys as the help types them → the key pressed.
TYPED = {"Del": "delete", "+": "plus", "[": "left_square_bracket", "]": "right_square_bracket", "/": "slash",
         ",": "comma", ".": "full_stop", "?": "question_mark", ":": "colon", "Esc": "escape", "esc": "escape",
         "↓": "down", "{": "left_curly_bracket", "}": "right_curly_bracket", "(": "left_parenthesis",
         ")": "right_parenthesis"}
#: Keys the help lists for a role that work only in some states (the help lists a role's keys, whatever
#: the state): pressed here, they may do nothing (never refuse).  (help line, key) → why.
STATE_ONLY = {
    ("Chase", "left_square_bracket"): "[ ] pan only a track wider than the screen",
    ("Chase", "right_square_bracket"): "[ ] pan only a track wider than the screen",
    ("Chase", "w"): "which chase: only with more than one chase",
    ("Party", "shift+up"): "scrolls the sheet up: not at its top",
    ("Party", "shift+down"): "scrolls the sheet down: only one longer than its room",
    ("Review", "full_stop"): "event ▶: not at the log's end, where review starts (the key bar dims it there)",
    ("Review", "right_square_bracket"): "action ▶: not at the log's end (dimmed there)",
}
#: Keys as the help types them → the key pressed.
TYPED = {"Del": "delete", "+": "plus", "[": "left_square_bracket", "]": "right_square_bracket", "/": "slash",
         ",": "comma", ".": "full_stop", "?": "question_mark", ":": "colon", "Esc": "escape", "esc": "escape",
         "↓": "down", "{": "left_curly_bracket", "}": "right_curly_bracket", "(": "left_parenthesis",
         ")": "right_parenthesis"}


@pytest.fixture(scope="module")
def campaigns_made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    made = {}
    for system, lines in (("coc7", COC7), ("fhtagn", FHTAGN)):
        folder = tmp_path_factory.mktemp(system)
        if system == "fhtagn":
            path = campaigns.create_demo(folder)
            door = open_door(path, False)
        else:
            path = folder / "docks.fhtagn"
            door = campaigns.create_campaign(path, system)
        try:
            for line in lines:
                door.execute(line)
        finally:
            door.close(save=False)
        made[system] = path
    return made


def _copy(path: Path, tmp_path: Path) -> Path:
    """A fresh copy of the campaign (the GM's keys write to it)."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    copy = tmp_path / path.name
    copy.write_bytes(path.read_bytes())
    return copy


def _app(role: str, system: str, path: Path) -> tuple[AppBase, Door]:
    door = open_door(path, readonly=role != "gm")
    if role == "player":
        return role_app(door, player=True, character=OWN[system], who="alice"), door
    if role == "watcher":
        return role_app(door, player=True), door
    return role_app(door, review=role == "review"), door


async def _settle(pilot: object) -> None:
    for _ in range(3):
        await pilot.pause()  # type: ignore[attr-defined]


async def _open(app: AppBase, pilot: object, place: str) -> None:
    """Put the view at ``place`` (a tab, ``gm_screen`` or ``help``), a bound player's request put aside."""
    await _settle(pilot)
    if app.own:  # the request for the player's character pops up once the view follows the file
        for _ in range(100):
            if app.prompt_shown:
                break
            await pilot.pause(0.02)  # type: ignore[attr-defined]
        assert app.prompt_shown, "the bound player's request did not show"
        await pilot.press("escape")  # type: ignore[attr-defined]
        await _settle(pilot)
    if place in TABS:
        await pilot.press(TABS[place])  # type: ignore[attr-defined]
    elif place == "gm_screen":
        # CoC: from the Chase tab, at the random chase locations — a table to roll on (^r)
        await pilot.press("3" if app.state.system == "coc7" else "2", "f1")  # type: ignore[attr-defined]
    else:
        await pilot.press("question_mark")  # type: ignore[attr-defined]
    await _settle(pilot)
    if place == "gm_screen" and app.state.system == "coc7":
        table = getattr(app.screen, "table", None)
        assert table is not None and table.id == "coc-locations", "the GM screen opened at no table to roll on"
    app.clear_notifications()


@dataclass(frozen=True)
class Shown:
    key: str  # what is pressed
    display: str  # as shown
    where: str  # "key bar", "hint #id", "help: Party"


def _displays(app: AppBase) -> dict[str, str]:
    """Every key bound anywhere on the screen (or in the app), as shown → the key to press."""
    out: dict[str, str] = {}
    nodes = [app, app.screen, *app.screen.query("*")]
    for node in nodes:
        for key, binding in node_bindings(node):
            if binding.id is None or binding.action.startswith("tab("):
                continue  # ours only (Textual's own: "end" is a word too); the tab keys (digits) are named
                # by the tabs, not in words ("Owed (1): …")
            out.setdefault(app.get_key_display(Binding(key, binding.action, key_display=binding.key_display)), key)
            out.setdefault(app.get_key_display(Binding(key, binding.action)), key)
    return out


def _key_bar(app: AppBase) -> Iterator[Shown]:
    for bar in app.screen.query(KeyBar):
        for item in bar.keys:
            if item.enabled:  # a dimmed key is shown as not working now
                yield Shown(item.key, item.display, "key bar")


def _hints(app: AppBase) -> Iterator[Shown]:
    """Keys named in the hint lines: ``a: act``, ``+ adds fighters``, ``(g: act now)``, ``a add participant``."""
    displays = _displays(app)
    for hint_id in HINT_IDS:
        for widget in app.screen.query(f"#{hint_id}"):
            if not isinstance(widget, Static) or not widget.display or not widget.region.height:
                continue
            text = str(widget.render()).replace("\n", " · ")
            for display, key in displays.items():
                pattern = rf"(?:^|(?<=[\s(·]))({re.escape(display)})(?=: |\s+(?:[a-z]|\[?\S*\]? ?[a-z]))"
                if re.search(pattern, text):
                    yield Shown(key, display, f"hint #{hint_id}")


def _help(app: AppBase) -> Iterator[Shown]:
    """The help's key list: ``  Party: n new · e edit · Del/x delete`` (the keys of each line)."""
    displays = _displays(app)
    text = str(app.screen.query_one("#ref-text", Static).render())
    for line in text.split("\n\n", 1)[0].splitlines():  # the key list: up to the first blank line
        match = re.match(r"  ([A-Za-z ]+(?: \(\S+\))?): (.*)$", line)
        if match is None:
            continue
        where = match.group(1).split(" (")[0]  # "Review (R)": the review keys, in review
        for item in match.group(2).split(" · "):
            keys = item.split(" ", 1)[0]
            if keys in ("type", "/"):  # "type to search"; "/ search" (its key is "/")
                keys = "" if keys == "type" else keys
            for display in (keys.split("/") if keys != "/" else ["/"]):
                if display:  # the help names keys as typed: "Del/x", "ctrl+up", "+", "n"
                    yield Shown(displays.get(display, TYPED.get(display, display)), display, f"help: {where}")


def _fingerprint(app: AppBase) -> tuple[object, ...]:
    tabs = app.screen_stack[0].query_one(TabbedContent)
    return (screen_text(app), len(app.screen_stack), type(app.screen).__name__, app.focused, tabs.active, app.message,
            tuple(n.message for n in app._notifications))


async def _shown(app: AppBase, pilot: object, place: str) -> list[Shown]:
    found = [*_key_bar(app), *_hints(app)]
    if place == "help":
        found += list(_help(app))
    unique: dict[tuple[str, str], Shown] = {}
    for item in found:
        unique.setdefault((item.key, item.where if item.where.startswith("help") else "shown"), item)
    return list(unique.values())


CASES = [(system, role, place) for system in ("coc7", "fhtagn") for role in ROLES
         for place in (*SYSTEM_TABS[system], "gm_screen", "help")]


async def _press_each(role: str, system: str, place: str, path_for: Callable[[], Path]) -> list[str]:
    """Every key shown at ``place`` pressed on a fresh view; what did nothing, or refused."""
    app, door = _app(role, system, path_for())
    try:
        async with app.run_test(size=SIZE) as pilot:
            await _open(app, pilot, place)
            shown = await _shown(app, pilot, place)
    finally:
        door.close(save=False)
    if role == "gm" and place == "help":
        # the GM's help lists every key of the GM's, whatever the state now (a fight running: its
        # `s` starts none): only those shown in the key bar and hint lines are pressed
        shown = [s for s in shown if not s.where.startswith("help")]
    problems = []
    for item in shown:
        if item.key in ("ctrl+q",):
            continue  # quits (the view ends: nothing left to compare)
        app, door = _app(role, system, path_for())
        try:
            async with app.run_test(size=SIZE) as pilot:
                await _open(app, pilot, place)
                if item.where.startswith("help: Review") and not app.reviewing:
                    await pilot.press("R")  # the review keys: in review
                    await _settle(pilot)
                elif item.where.startswith("help: ") and place == "help":
                    where = item.where.split(": ", 1)[1].lower()
                    await pilot.press("escape")
                    await _settle(pilot)
                    if where in TABS:
                        await pilot.press(TABS[where])
                    elif where == "gm screen":
                        await pilot.press("3" if system == "coc7" else "2", "f1")
                    await _settle(pilot)
                app.clear_notifications()
                before = _fingerprint(app)
                await pilot.press(item.key)
                await _settle(pilot)
                after = _fingerprint(app)
                said = [n.message for n in app._notifications] + [app.message]
                refused = [m for m in said if m and REFUSAL.search(m) and m != before[-1]]
                if refused:
                    problems.append(f"{item.display} ({item.where}): refused: {refused[0]}")
                elif after == before and (item.where.removeprefix("help: "), item.key) not in STATE_ONLY:
                    problems.append(f"{item.display} ({item.where}): does nothing")
        finally:
            door.close(save=False)
    return problems


@pytest.mark.parametrize(("system", "role", "place"), CASES, ids=["-".join(c) for c in CASES])
async def test_every_key_shown_works_in_its_role(system, role, place, campaigns_made, tmp_path):
    counter = iter(range(10_000))

    def fresh() -> Path:
        return _copy(campaigns_made[system], tmp_path / str(next(counter)))

    problems = await _press_each(role, system, place, fresh)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("role", ["player", "watcher", "review"])
async def test_the_help_of_a_view_that_does_not_write_lists_no_command(role, campaigns_made, tmp_path):
    """A players' or review help: its own keys and what it can do, not the GM's command list."""
    app, door = _app(role, "coc7", _copy(campaigns_made["coc7"], tmp_path))
    try:
        async with app.run_test(size=SIZE) as pilot:
            await _open(app, pilot, "help")
            text = str(app.screen.query_one("#ref-text", Static).render())
    finally:
        door.close(save=False)
    for gm_words in ("undo", "Commands", "char new", "fight start", ": command"):
        assert gm_words not in text, (gm_words, text)
    if role == "player":
        assert "request" in text and "push" in text


async def test_review_names_no_key_to_make_what_is_missing():
    """The GM's app in review (R): the empty tabs' notes say what is missing, not which key makes it
    (n, s write: not in review); out of review they name them again."""
    from fhtagn_tui.app.gm import GmApp

    app = GmApp(Door.memory("coc7"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        await _settle(pilot)

        def notes() -> str:
            return " ".join(str(app.query_one(f"#{i}", Static).content) for i in ("party-empty", "ini-empty"))

        assert "Press [b]n[/b]" in notes() and "Press [b]s[/b]" in notes()
        await pilot.press("R")
        await _settle(pilot)
        await pilot.press("1")  # (a tab out of sight is drawn when opened)
        await _settle(pilot)
        assert app.reviewing and "Press" not in notes() and "No characters yet." in notes()
        await pilot.press("escape", "2")
        await _settle(pilot)
        await pilot.press("1")
        await _settle(pilot)
        assert not app.reviewing and "Press [b]n[/b]" in notes() and "Press [b]s[/b]" in notes()
