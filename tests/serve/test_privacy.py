"""What a player may see of the other investigators (issue 34): the campaign's privacy setting,
applied by the one public projection for each viewer (``domain/privacy.py``, ``domain/public.py``).
The universal promise (no byte of another's SAN, BP, bonds or disorders) is test_privacy_property.py."""

from __future__ import annotations

import pytest

from fhtagn_tui.commands import ParseError, parse
from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.privacy import FIELDS
from fhtagn_tui.domain.privacy import parse as parse_privacy
from fhtagn_tui.domain.public import PublicLog, public_log
from fhtagn_tui.domain.state import Privacy
from fhtagn_tui.export import export_text
from fhtagn_tui.service import Engine, MemorySink

from ..helpers import do, engine, rejected

ADA = 'char new "Ada Vance" kind=agent STR=10 CON=11 DEX=9 INT=16 POW=14 CHA=11 Firearms=40 bonds="Sister:11"'
BOB = 'char new Bob kind=agent STR=12 CON=12 DEX=11 INT=10 POW=10 CHA=10 Firearms=30 bonds="Mother:7"'
GUARD = "char new Guard kind=npc STR=12 CON=12 DEX=11 INT=10 POW=10 CHA=10 Firearms=30"
A, B = "ada vance", "bob"


def _events(eng: Engine) -> list[Event]:
    sink = eng.sink
    assert isinstance(sink, MemorySink)
    return list(sink.events)


def _table(*more: str) -> Engine:
    eng = engine("fhtagn", ADA, BOB, GUARD, "session start One")
    do(eng, "san bob 1/1d6", 99, 4)  # a fumble: Bob loses 4
    do(eng, "damage bob 3")
    do(eng, "disorder add bob Paranoia")
    do(eng, "bond bob Mother 5")
    do(eng, "test bob Firearms", 20)
    do(eng, "cond add bob shaken")
    do(eng, "test ada Firearms", 20)
    for line in more:
        eng.execute(line)
    return eng


def _texts(log: PublicLog) -> list[str]:
    return [e.text for e in log.entries]


# --- the setting -------------------------------------------------------------------------------


def test_the_setting_is_own_by_default_and_told_by_privacy_alone() -> None:
    eng = engine("fhtagn", ADA)
    assert eng.state.privacy == Privacy(mode="own")
    told = eng.execute("privacy").answer
    assert told.startswith("privacy own:") and "gm-picks" in told and "disorders" in told
    do(eng, "privacy gm-picks san, bp disorders")
    assert eng.state.privacy == Privacy(mode="gm-picks", fields=("san", "bp", "disorders"))
    assert eng.execute("privacy").answer.startswith("privacy gm-picks: the others' san, bp, disorders are private")
    do(eng, "undo")
    assert eng.state.privacy == Privacy()


@pytest.mark.parametrize(("line", "words"), [
    ("privacy everyone", "'everyone' is not a setting: own, full or gm-picks"),
    ("privacy gm-picks", "which fields are private? (fields: san, bp, bonds"),
    ("privacy gm-picks san,sanity", "'sanity' is not a field (fields: san, bp, bonds, disorders, hp, wp, luck"),
    ("privacy own san", "privacy own takes no fields"),
    ("privacy full secret", "privacy cannot be secret"),
])
def test_a_bad_setting_is_refused_naming_the_allowed_words(line: str, words: str) -> None:
    with pytest.raises(ParseError) as refused:
        parse(line)
    assert words in str(refused.value)


def test_setting_what_is_already_set_is_refused() -> None:
    eng = engine("fhtagn", ADA)
    assert "privacy is already own" in rejected(eng, "privacy own")


def test_every_field_reads_back() -> None:
    assert parse_privacy(["gm-picks", ",".join(reversed(FIELDS))]).fields == tuple(FIELDS)  # the list's order


# --- own -----------------------------------------------------------------------------------------


def test_own_a_player_sees_their_sheet_and_of_the_others_names_conditions_and_wounds_in_words() -> None:
    eng = _table()
    gm = eng.state.characters[B]
    assert gm.current["SAN"] == 46 and gm.mind.disorders == ("Paranoia",) and gm.bond("Mother").score == 5
    log = public_log(_events(eng), viewer=A)
    mine, other, guard = (log.state.characters[k] for k in (A, B, "guard"))
    assert mine == eng.state.characters[A]  # her own sheet, whole
    assert other.name == "Bob" and other.stats == {} and other.current == {} and other.bonds == ()
    assert other.skills == {} and other.mind.disorders == ()
    assert other.conditions == ("shaken", "hurt")  # what the table sees
    assert guard == eng.state.characters["guard"]  # an NPC: as before (--hidden hides one)
    texts = _texts(log)
    assert "Bob appears (agent)" in texts and "San test rolled: Bob — fumble" in texts and "Bob is hurt" in texts
    assert "Bob: shaken" in texts and any(t.startswith("Ada Vance rolls Firearms vs 40") for t in texts)
    joined = "\n".join(texts)
    for word in ("Paranoia", "Mother", "46", "50", "disorder"):
        assert word not in joined, word
    assert "Dice rolled: Bob — success" in texts  # his skill test: the outcome, not his skill


def test_own_a_watcher_and_the_generic_recap_see_every_investigator_as_another() -> None:
    eng = _table()
    log = public_log(_events(eng))
    assert log.state.characters[A].current == {} and log.state.characters[B].current == {}
    assert log.state.characters["guard"].current  # NPCs keep what they were
    recap = export_text(_events(eng), "md", players=True)
    assert "Ada Vance rolls Firearms" not in recap and "Dice rolled: Ada Vance — success" in recap
    mine = export_text(_events(eng), "md", players=True, viewer=A)
    assert "Ada Vance rolls Firearms vs 40" in mine and "Paranoia" not in mine and "Mother" not in mine


def test_the_undo_of_a_private_change_says_so() -> None:
    eng = _table("char pool bob WP=3", "undo")
    texts = _texts(public_log(_events(eng), viewer=A))
    assert texts[-1] == "Undo of a private change" and "WP" not in "\n".join(texts)


# --- full and gm-picks ------------------------------------------------------------------------


def test_full_shows_every_investigator_as_the_gm_wrote_it() -> None:
    eng = _table("privacy full")
    events = _events(eng)
    for viewer in (A, B, None):
        log = public_log(events, viewer=viewer)
        assert log.state.characters[B] == eng.state.characters[B]
        assert _texts(log) == [ev.describe(eng.names) for ev in events]  # no secret, no hidden one: the GM's words
    assert export_text(events, "md", players=True, viewer=A) == export_text(events, "md", players=True)


def test_gm_picks_keeps_the_picked_fields_and_shows_the_rest() -> None:
    eng = _table("privacy gm-picks san,bonds,disorders")
    log = public_log(_events(eng), viewer=A)
    bob = log.state.characters[B]
    assert "SAN" not in bob.current and bob.bonds == () and bob.mind.disorders == ()
    assert bob.current["HP"] == 9 and bob.stats["STR"] == 12 and bob.skills["Firearms"] == 30 and "BP" in bob.current
    assert "hurt" not in bob.conditions  # his HP are shown: no words for them
    texts = _texts(log)
    assert "Bob takes 3 damage: HP 12 → 9" in texts or any("HP 12 → 9" in t for t in texts)
    assert "San test rolled: Bob — fumble" in texts and "Paranoia" not in "\n".join(texts)
    assert "Dice rolled: Bob — success" in texts  # a test against a value: which one is words, not a reference


def test_gm_picks_without_numbers_shows_the_others_tests_whole() -> None:
    eng = _table("privacy gm-picks bonds,disorders")
    log = public_log(_events(eng), viewer=A)
    texts = _texts(log)
    assert any(t.startswith("Bob rolls Firearms vs 30") for t in texts) and "Paranoia" not in "\n".join(texts)
    assert log.state.characters[B].current["SAN"] == 46 and log.state.characters[B].bonds == ()


# --- a change rebuilds ------------------------------------------------------------------------


def test_a_change_of_the_setting_rebuilds_the_projection_and_its_undo_too() -> None:
    eng = _table()
    follower = PublicLog(depth=8, viewer=A)
    follower.feed(_events(eng))
    assert "Bob" in follower.state.characters["bob"].name and follower.state.characters[B].current == {}
    start = len(_events(eng))
    do(eng, "privacy full")
    entries, rebuilt = follower.feed(_events(eng)[start:])
    assert rebuilt and entries == follower.entries == public_log(_events(eng), viewer=A).entries
    assert follower.state.characters[B].current["SAN"] == 46
    assert entries[-1].text == "Privacy: players see every investigator's numbers"
    start = len(_events(eng))
    do(eng, "undo")
    entries, rebuilt = follower.feed(_events(eng)[start:])
    assert rebuilt and follower.state.characters[B].current == {}
    assert follower.entries == public_log(_events(eng), viewer=A).entries


def test_a_viewer_learned_late_rebuilds_only_when_it_changes_something() -> None:
    eng = _table()
    log = public_log(_events(eng))
    log.view_as(A)
    assert log.entries == public_log(_events(eng), viewer=A).entries and log.state.characters[A].current


# --- the apps ----------------------------------------------------------------------------------


async def test_a_bound_players_view_shows_their_sheet_and_the_others_without_numbers() -> None:
    from textual.widgets import DataTable, Static

    from fhtagn_tui.app.player import PlayerApp
    from fhtagn_tui.door import Door

    door = Door.memory("fhtagn")
    for line in (ADA, BOB, "session start One", "damage bob 3", "disorder add bob Paranoia"):
        door.execute(line)
    app = PlayerApp(door, character="Ada Vance")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.query_one("#party-table", DataTable)
        mine, bob = ([str(c) for c in table.get_row(key)] for key in (A, B))
        assert mine[1].startswith("11/11") and "70" in mine[3]  # her HP and SAN
        assert bob[1:5] == ["–", "–", "–", "–"] and bob[5] == "hurt"  # his: words only
        table.move_cursor(row=[str(k.value) for k in table.rows].index(B))
        await pilot.pause()
        sheet = str(app.query_one("#party-sheet", Static).render()) + str(app.query_one("#party-notes", Static).render())
        assert "Bob" in sheet and "Paranoia" not in sheet and "STR" not in sheet and "Mother" not in sheet
        await pilot.press("5")
        await pilot.pause()
        log = app.query_one("#log-table", DataTable)
        rows = [str(log.get_row_at(i)[-1]) for i in range(log.row_count)]
        assert rows[-1] == "Bob is hurt" and not any("Paranoia" in r or "HP 12" in r for r in rows)
        door.execute("privacy full")  # the GM changes it: the view is rebuilt
        door.follow()
        await pilot.pause()
        rows = [str(log.get_row_at(i)[-1]) for i in range(log.row_count)]
        assert any("HP 12 → 9" in r for r in rows) and any("Paranoia" in r for r in rows)


async def test_the_gm_sees_the_privacy_setting_on_the_party_tab() -> None:
    from fhtagn_tui.app.gm import GmApp
    from fhtagn_tui.door import Door

    door = Door.memory("fhtagn")
    door.execute(ADA)
    app = GmApp(door)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scroll = app.query_one("#party-scroll")
        assert scroll.border_title == "players see: privacy own"  # the default, shown too
        door.execute("privacy gm-picks san,bonds")
        await pilot.pause()
        assert scroll.border_title == "players see: privacy gm-picks san,bonds"


async def test_a_bound_players_projection_is_folded_once_at_start(monkeypatch: pytest.MonkeyPatch) -> None:
    from fhtagn_tui.app.player import PlayerApp
    from fhtagn_tui.door import Door

    door = Door.memory("fhtagn")
    for line in (ADA, BOB, "damage bob 3"):
        door.execute(line)
    rebuilt: list[str | None] = []
    real = PublicLog.rebuild
    monkeypatch.setattr(PublicLog, "rebuild", lambda self: (rebuilt.append(self.viewer), real(self))[1])
    app = PlayerApp(door, character="ada")  # the key's binding names her by a word of her name
    assert app.own == A and app.view_state.characters[A].current and not app.view_state.characters[B].current
    assert rebuilt == []  # read as Ada from the first event: not folded again once bound


def test_the_recap_reads_the_setting_in_force_at_the_logs_end(tmp_path) -> None:  # noqa: ANN001
    from fhtagn_tui.export.markdown import md_escape
    from fhtagn_tui.export.recap import log_marks, log_marks_of_records
    from fhtagn_tui.store import CampaignStore

    eng = _table("privacy full", "undo", "privacy gm-picks san", "privacy full", "undo")
    events = _events(eng)
    marks = log_marks(events)
    assert marks.privacy == Privacy(mode="gm-picks", fields=("san",)) == eng.state.privacy
    with CampaignStore.create(tmp_path / "t.fhtagn", events) as store:
        read = log_marks_of_records(store.records())
    assert read is not None and read.privacy == marks.privacy  # read from the records alone
    for viewer in (A, None):
        md = export_text(events, "md", players=True, viewer=viewer)
        told = public_log(events, viewer=viewer).entries
        assert all(md_escape(e.text) in md for e in told)
        assert "Bob rolls Firearms" not in md and "Dice rolled: Bob" in md and "HP 12 → 9" in md


def test_gm_picks_tells_a_new_investigator_whole_unless_the_stats_are_picked() -> None:
    eng = engine("fhtagn", "privacy gm-picks san", ADA, BOB)
    assert "Bob joins as agent (STR 12 CON 12 DEX 11 INT 10 POW 10 CHA 10)" in _texts(public_log(_events(eng), viewer=A))
    do(eng, "privacy gm-picks stats")
    assert "Bob appears (agent)" in _texts(public_log(_events(eng), viewer=A))


# --- the recap's timeline: PublicLog.view's speed-up -------------------------------------------


@pytest.mark.parametrize("setting", [None, "privacy gm-picks hp,stats", "privacy gm-picks bonds,disorders"])
@pytest.mark.parametrize("viewer", [None, A, B])
def test_view_is_veil_state(setting: str | None, viewer: str | None) -> None:
    """``PublicLog.view`` (built from what its last call built) equals the privacy's blanking of the
    public state (``veil_state`` of ``public_state``) after every event, and a character the fold left
    as it was is read as the same object (the recap's timeline compares them by identity)."""
    from fhtagn_tui.domain.privacy import others, private_fields, veil_state
    from fhtagn_tui.domain.public import public_state

    more = [setting] if setting else []
    eng = _table()
    for line in (*more, "char new Cleo kind=npc STR=10 CON=10 DEX=10 INT=10 POW=10 CHA=10 --hidden",
                 "fight start Ambush", "fight add ada bob guard cleo", "fight next", "damage ada 2", "damage cleo 9",
                 "char new Dana kind=agent STR=10 CON=10 DEX=10 INT=10 POW=10 CHA=10", "damage dana 3",
                 "fight end", *([] if setting is None else ["privacy own"]), "damage bob 1"):
        do(eng, line)
    log = PublicLog(viewer=viewer)
    last_state, last_view = None, None
    views = 0
    for ev in _events(eng):
        log.feed([ev])
        state = log.fold.state
        fields = private_fields(log.privacy)
        ids = others(state.characters, viewer) if fields else frozenset()
        view = log.view(state)
        if ids:
            views += 1
            blank = ids if "stats" in fields else frozenset()
            assert view == veil_state(public_state(state, blank), ids, fields)
        if last_view is not None and last_state is not None:
            for key, char in state.characters.items():
                if last_state.characters.get(key) is char and key in last_view.characters:
                    assert view.characters[key] is last_view.characters[key]
        last_state, last_view = state, view
    assert views > 10
