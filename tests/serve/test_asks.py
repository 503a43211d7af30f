"""Rolls at the table: ``ask``, ``answer``, ``ask cancel`` and the answers' channel (inbox → desk → Engine).

The refusals of issue 22 — another character's request, a closed request, a forged request id, a
flood of answers — are here: each is refused, logged and changes nothing.
"""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

import pytest

from fhtagn_tui import campaigns
from fhtagn_tui.answers import RATE, AnswerDesk, player_label
from fhtagn_tui.domain.features.asks import RollAnswered, RollAsked, RollCancelled, target_text
from fhtagn_tui.domain.history import fold
from fhtagn_tui.domain.public import public_log
from fhtagn_tui.service import Engine
from fhtagn_tui.store import CampaignStore
from fhtagn_tui.store.inbox import MAX_FILE, Answer, Inbox, InboxError, inbox_path, send

from ..helpers import do, engine, rejected

ADA = 'char new "Ada Vance" STR=10 CON=11 DEX=9 INT=16 POW=14 CHA=11 Firearms=45 Search=50'
JONAH = 'char new "Jonah Reyes" STR=15 CON=14 DEX=12 INT=10 POW=11 CHA=9 Firearms=60 Search=30'
SHADE = "char new Shade kind=npc STR=14 CON=12 DEX=17 INT=10 POW=13 CHA=9 Search=75 --hidden"
INV = 'char new "Harvey Walters" STR=50 CON=60 SIZ=60 DEX=50 APP=50 INT=80 POW=70 EDU=80 "Spot Hidden"=60'
ILSE = "char new Ilse ST=10 DX=11 IQ=12 HT=11"


def _events(eng: Engine) -> list:
    return list(eng.sink.events)  # type: ignore[attr-defined]


# --- the commands -------------------------------------------------------------------------------


@pytest.mark.rule("FH-DICE-01")
def test_ask_two_and_answer_each_by_the_same_rules_as_test():
    eng = engine("fhtagn", ADA, JONAH)
    asked = do(eng, "ask ada,jonah Search")
    assert isinstance(asked[0], RollAsked) and asked[0].targets == ("ada vance", "jonah reyes")
    assert [a.pending for a in eng.state.asks] == [("ada vance", "jonah reyes")]
    first = do(eng, "answer 1 ada", 42)
    assert isinstance(first[0], RollAnswered) and first[0].by == "GM" and first[0].character == "ada vance"
    assert first[1].total == 42 and first[1].target == 50 and first[1].level == "success"  # type: ignore[attr-defined]
    same = engine("fhtagn", ADA, JONAH)
    assert do(same, "test ada Search", 42)[0].describe(same.names) == first[1].describe(eng.names)
    assert eng.state.asks[0].pending == ("jonah reyes",)
    do(eng, "answer 1 jonah roll=77")
    assert eng.state.asks == ()
    assert fold(_events(eng)) == eng.state  # replay gives the same state


def test_ask_all_difficulty_and_coc_target():
    eng = engine("coc7", INV)
    do(eng, 'ask all "Spot Hidden" difficulty=hard')
    ask = eng.state.asks[0]
    assert ask.targets == ("harvey walters",) and ask.difficulty == "hard"
    assert target_text(eng.state, ask, "harvey walters") == "Spot Hidden 60% → hard 30%"
    out = do(eng, "answer 1 harvey", 25)
    assert "Hard" in out[1].describe(eng.names) or "hard" in out[1].describe(eng.names).casefold()


@pytest.mark.rule("FH-SAN-01")
def test_ask_san_secret_keeps_the_result_from_players_but_not_the_answer():
    eng = engine("fhtagn", ADA)
    do(eng, "ask ada san 1/1d6 secret")
    assert eng.state.asks[0].hidden
    out = do(eng, "answer 1 ada", 90, 4)
    assert [ev.secret for ev in out] == [False] + [True] * (len(out) - 1)
    assert eng.state.characters["ada vance"].current["SAN"] == 66
    public = public_log(_events(eng), viewer="ada vance")  # Ada's player
    assert public.state.characters["ada vance"].current["SAN"] == 70  # as players last saw it
    assert public.state.asks == ()  # but the request is answered for them
    texts = [e.text for e in public.entries]
    assert any("rolled (result secret)" in t for t in texts)
    assert not any("66" in t or "90" in t for t in texts)


def test_gurps_fright_and_the_system_checks():
    eng = engine("gurps", ILSE)
    do(eng, "ask ilse fright mod=-2")
    assert eng.state.asks[0].label == "Fright Check (-2)"
    assert "Will 12 -2" in target_text(eng.state, eng.state.asks[0], "ilse")
    assert "no SAN" in rejected(eng, "ask ilse san 1/1d6")
    fh = engine("fhtagn", ADA)
    assert "GURPS" in rejected(fh, "ask ada fright")
    assert "no difficulty" in rejected(fh, "ask ada Search difficulty=hard")  # the test's own refusal
    assert "no skill or stat" in rejected(fh, "ask ada Basketweaving")
    assert "no character" in rejected(fh, "ask nobody Search")


def test_cancel_and_list():
    eng = engine("fhtagn", ADA, JONAH)
    do(eng, "ask ada,jonah Search")
    do(eng, "answer 1 ada", 10)
    # each answer so far with its roll and level, and who is still owed (issue 34)
    assert eng.execute("ask list").answer == "#1 Search — Ada Vance 10 → Success · waiting: Jonah Reyes"
    out = do(eng, "ask cancel 1")
    assert isinstance(out[0], RollCancelled) and out[0].waiting == ("jonah reyes",)
    assert eng.state.asks == () and eng.execute("ask list").answer == (
        "No roll request is open.\nClosed:\n#1 Search — Ada Vance 10 → Success · cancelled: Jonah Reyes")
    assert "closed" in rejected(eng, "answer 1 jonah", 10)
    assert "no request is open" in rejected(eng, "ask cancel")


def test_refusals_at_the_engine_change_nothing():
    eng = engine("fhtagn", ADA, JONAH, SHADE)
    do(eng, "ask jonah Search")
    assert "not addressed to Ada Vance" in rejected(eng, "answer 1 ada", 10)  # another character's request
    assert "there is no request 7" in rejected(eng, "answer 7 jonah", 10)  # forged id
    do(eng, "answer 1 jonah", 10)
    assert "closed" in rejected(eng, "answer 1 jonah", 10)  # closed
    do(eng, "ask jonah Search")
    assert "not needed" in rejected(eng, "answer 2 jonah roll=10,20")  # typed dice checked like any


def test_undo_of_an_answer_reopens_it_and_the_hidden_npc_reads_without_numbers():
    eng = engine("fhtagn", ADA, SHADE)
    do(eng, "ask ada,shade Search")
    do(eng, "answer 1 shade", 30)
    do(eng, "undo")
    assert eng.state.asks[0].pending == ("ada vance", "shade")
    texts = [e.text for e in public_log(_events(eng)).entries]
    assert texts and not any("Shade" in t and "75" in t for t in texts)


# --- the channel: inbox → desk → Engine -------------------------------------------------------------


@pytest.fixture
def table(tmp_path: Path):
    path = campaigns.create_demo(tmp_path)
    store = CampaignStore.open(path)
    eng = Engine(store, store.events())
    yield path, store, eng
    store.close()


def _count(store: CampaignStore) -> int:
    return store.next_seq


def test_inbox_is_private_and_bounded(table):
    path, _store, _eng = table
    send(path, Answer(n=1, c="ada vance", p="alice"))
    info = os.stat(inbox_path(path))
    assert stat.S_IMODE(info.st_mode) == 0o600
    with pytest.raises(InboxError, match="full"):
        for _ in range(MAX_FILE):
            send(path, Answer(n=1, c="ada vance", p="alice"))
    assert inbox_path(path).stat().st_size <= MAX_FILE
    assert len(Inbox(path).read()) > 100
    assert inbox_path(path).stat().st_size == 0  # emptied once read


def test_inbox_refuses_a_symlink(table, tmp_path):
    path, _store, _eng = table
    (tmp_path / "elsewhere").write_text("")
    inbox_path(path).symlink_to(tmp_path / "elsewhere")
    with pytest.raises(InboxError):
        send(path, Answer(n=1, c="ada vance", p="alice"))
    assert (tmp_path / "elsewhere").read_text() == ""


def test_a_player_answer_goes_through_the_writer(table):
    path, store, eng = table
    eng.execute("ask ada,jonah Firearms")
    desk = AnswerDesk(eng, path)
    send(path, Answer(n=1, c="ada vance", p="alice@phone"))
    written, refused = desk.poll()
    assert refused == [] and isinstance(written[0], RollAnswered) and written[0].by == "player alice@phone"
    answered = [e for e in store.events() if isinstance(e, RollAnswered)]
    assert answered[-1].by == "player alice@phone"


def test_the_desk_is_woken_by_an_answer_and_a_symlinked_inbox_is_not_watched(table, tmp_path):
    path, _store, eng = table
    eng.execute("ask ada Firearms")
    desk = AnswerDesk(eng, path)
    watch = desk.watch()  # the writer makes the inbox (this user's, 600) to watch it before any answer
    assert watch is not None
    try:
        assert stat.S_IMODE(os.stat(inbox_path(path)).st_mode) == 0o600
        assert not watch.drain()  # nothing written yet: the writer sleeps
        send(path, Answer(n=1, c="ada vance", p="alice"))
        assert watch.drain()  # woken by the player's append, no polling delay
        written, refused = desk.poll()
        assert refused == [] and isinstance(written[0], RollAnswered)
    finally:
        watch.close()
    inbox_path(path).unlink()
    (tmp_path / "elsewhere").write_text("")
    inbox_path(path).symlink_to(tmp_path / "elsewhere")
    assert desk.watch() is None  # refused like a sender would be: the writer polls (and refuses it)


def test_refusals_over_the_channel_are_logged_and_change_nothing(table, caplog):
    path, store, eng = table
    eng.execute("ask jonah Firearms")
    eng.execute("ask ada Firearms")
    eng.execute("answer 2 ada roll=10")  # request 2 is closed now
    desk = AnswerDesk(eng, path, clock=lambda: 0.0)
    before, state = _count(store), eng.state
    cases = [
        Answer(n=1, c="ada vance", p="alice"),  # another character's request
        Answer(n=2, c="ada vance", p="alice"),  # a closed request
        Answer(n=99, c="ada vance", p="alice"),  # a forged request id
        Answer(n=1, c="somebody", p="mallory"),  # a character that does not exist
    ]
    for answer in cases:
        send(path, answer)
    with inbox_path(path).open("ab") as raw:  # not an answer at all
        raw.write(b'{"n":1,"c":"jonah reyes","p":"x","by":"GM"}\n{"type":"NoteAdded"}\nnot json\n')
    with caplog.at_level(logging.WARNING, logger="fhtagn.answers"):
        written, refused = desk.poll()
    assert written == [] and len(refused) == 7
    assert "not addressed to Ada Vance" in refused[0]
    assert "closed" in refused[1]
    assert "no request 99" in refused[2]
    assert "no character" in refused[3]
    assert all("not an answer" in r for r in refused[4:])
    assert len([r for r in caplog.records if "refused an answer" in r.getMessage()]) == 7
    assert _count(store) == before and eng.state is state


def test_a_flood_of_answers_is_refused_past_the_rate(table):
    path, store, eng = table
    eng.execute("ask jonah Firearms")
    now = [0.0]
    desk = AnswerDesk(eng, path, clock=lambda: now[0])
    before = _count(store)
    for _ in range(200):
        send(path, Answer(n=1, c="ada vance", p="alice"))  # nothing for Ada: refused anyway
    written, refused = desk.poll()
    assert written == [] and len(refused) == 200
    assert sum("too many answers" in r for r in refused) == 200 - 4  # the burst, then the rate
    assert _count(store) == before
    # a flood does not lock out the player for good: after a second, one answer goes through
    now[0] = 1.0
    send(path, Answer(n=1, c="jonah reyes", p="alice"))
    written, refused = desk.poll()
    assert isinstance(written[0], RollAnswered) and len(written) in (2, 3) and refused == []  # (+ a mark on a failure)
    assert RATE >= 1


def test_player_labels_are_bounded_and_plain():
    assert player_label("alice@phone") == "alice@phone"
    assert player_label("\x1b]0;evil\x07" + "x" * 100) == "0evil" + "x" * 27
    assert player_label("") == "player"


def test_recaps_show_requests_and_answers_by_the_players_rules():
    from fhtagn_tui.export import export_text

    eng = engine("fhtagn", "session start X", ADA)
    do(eng, "ask ada san 1/1d6 secret")
    do(eng, "answer 1 ada", 90, 4)
    do(eng, "ask ada Search")
    do(eng, "answer 2 ada", 12)
    events = _events(eng)
    for fmt in ("md", "html"):
        players = export_text(events, fmt, players=True, viewer="ada vance")  # Ada's player's
        assert "The GM asks Ada Vance for a roll: SAN 1/1d6" in players
        assert "rolled (result secret)" in players
        # Ada's SAN changed in secret: what refers to her is the secret's until the GM reveals it
        assert "Ada Vance rolls Search" not in players
        assert "→ 66" not in players and "90 vs 70" not in players and "loses 4" not in players
    gm = export_text(events, "md")
    assert "70 → 66" in gm and "answers request 2 (Search), rolled by the GM for them" in gm
    do(eng, "reveal")
    assert "Ada Vance rolls Search vs 50" in export_text(_events(eng), "md", players=True, viewer="ada vance")


def test_an_inbox_others_could_read_is_made_private_when_read(table):
    path, _store, _eng = table
    inbox_path(path).write_bytes(b"")
    inbox_path(path).chmod(0o644)
    send(path, Answer(n=1, c="ada vance", p="alice"))
    assert len(Inbox(path).read()) == 1
    assert stat.S_IMODE(inbox_path(path).stat().st_mode) == 0o600


# --- each answer's result, from the state (issue 34) ---------------------------------------------


def test_ask_list_tells_each_answers_roll_and_level_in_every_system_and_test():
    e = engine("fhtagn", ADA, JONAH)
    do(e, "ask ada san 1/1d6")
    do(e, "answer 1 ada", 80, 4)
    do(e, "ask ada luck")
    do(e, "answer 2 ada", 20)
    do(e, "ask ada Search vs jonah Search", 40)
    do(e, "answer 3 ada", 10)
    assert e.execute("ask list").answer.splitlines()[2:] == [
        "#1 SAN 1/1d6 — Ada Vance 80 → Failure, loses 4 SAN",
        "#2 Luck — Ada Vance 20 → Success",
        "#3 Search vs Jonah Reyes Search — Ada Vance 10 → Success, won",
    ]
    c = engine("coc7", INV)
    do(c, 'ask harvey "Spot Hidden" difficulty=hard')
    do(c, "answer 1 harvey", 25)
    do(c, "ask harvey san 1/1d6")
    do(c, "answer 2 harvey", 90, 3)
    assert c.execute("ask list").answer.splitlines()[2:] == [
        "#1 Spot Hidden (hard) — Harvey Walters 25 → Hard success",
        "#2 SAN 1/1d6 — Harvey Walters 90 → Failure, loses 3 SAN",
    ]
    g = engine("gurps", ILSE)
    do(g, "ask ilse IQ")
    do(g, "answer 1 ilse", 3, 4, 2)
    do(g, "ask ilse fright")
    do(g, "answer 2 ilse", 6, 6, 5, 4, 4, 4, 3)
    listed = g.execute("ask list").answer.splitlines()[2:]
    assert listed[0] == "#1 IQ — Ilse 9 → Success" and listed[1].startswith("#2 Fright Check — Ilse 17 → ")


def test_who_answered_is_folded_from_the_answers_and_kept_for_closed_requests_by_undo_and_replay():
    from fhtagn_tui.domain.features.asks import CLOSED_KEPT

    e = engine("fhtagn", ADA, JONAH)
    do(e, "ask ada,jonah Search")
    do(e, "answer 1 jonah", 70)
    (ask,) = e.state.asks
    assert [a.character for a in ask.answers] == ["jonah reyes"] and ask.pending == ("ada vance",)
    do(e, "answer 1 ada", 12)
    assert e.state.asks == () and [a.character for a in e.state.asks_closed[0].answers] == ["jonah reyes",
                                                                                           "ada vance"]
    do(e, "undo")  # the last answer taken back: the request open again, its answers so far kept
    assert e.state.asks_closed == () and [a.character for a in e.state.asks[0].answers] == ["jonah reyes"]
    do(e, "redo")
    # a request cancelled before any answer leaves no results; one cancelled after some keeps them
    do(e, "ask ada Search")
    do(e, "ask cancel")
    assert [a.number for a in e.state.asks_closed] == [1]
    for n in range(2 + 1, 2 + CLOSED_KEPT + 2):
        do(e, "ask ada Search")
        do(e, f"answer {n} ada", 30)
    assert len(e.state.asks_closed) == CLOSED_KEPT and e.state.asks_closed[-1].number == 2 + CLOSED_KEPT + 1
    # the whole log folded again: the same
    assert fold(_events(e)).asks_closed == e.state.asks_closed
