"""Whispers and handouts in the public projection (issue 34): ``PublicLog(viewer=…)`` tells an
addressed event to the players addressed only; for everyone else it never happened."""

from __future__ import annotations

from fhtagn_tui.domain.public import FOLLOW_DEPTH, PublicLog, public_log
from fhtagn_tui.export import export_text
from fhtagn_tui.service import Engine

from ..helpers import engine

SETUP = ('char new "Ada Vance" STR=10 CON=11 DEX=9 INT=16 POW=14 CHA=11',
         "char new Bob STR=12 CON=12 DEX=11 INT=10 POW=10 CHA=10")


def texts(eng: Engine, viewer: str | None) -> list[str]:
    return [f"{e.no}. {e.text}" for e in public_log(eng.sink.events, viewer).entries]  # type: ignore[attr-defined]


def test_only_the_players_addressed_read_it_and_numbers_stay_theirs() -> None:
    eng = engine("fhtagn", *SETUP)
    eng.execute("note before")
    eng.execute("whisper ada The floor is cold.")
    eng.execute('handout ada,bob "# Map\n\nX marks it."')
    eng.execute("note after")
    ada, bob, watcher = texts(eng, "ada vance"), texts(eng, "bob"), texts(eng, None)
    assert ada[-4:] == ["4. Note: before", "5. The GM whispers to Ada Vance: The floor is cold.",
                        "6. The GM gives Ada Vance, Bob a handout: Map", "7. Note: after"]
    assert bob[-3:] == ["4. Note: before", "5. The GM gives Ada Vance, Bob a handout: Map", "6. Note: after"]
    assert watcher[-2:] == ["4. Note: before", "5. Note: after"]
    log = public_log(eng.sink.events, "bob")  # type: ignore[attr-defined]
    assert [h.title for h in log.state.handouts] == ["Map"]
    assert public_log(eng.sink.events).state.handouts == ()  # type: ignore[attr-defined]


def test_a_secret_whisper_is_the_gms_alone_and_touches_nothing() -> None:
    eng = engine("fhtagn", *SETUP)
    eng.execute("whisper ada psst secret")
    eng.execute('handout ada "A page" secret')
    eng.execute("cond add ada shaken")  # Ada is not kept from her player by what was given her in secret
    for viewer in ("ada vance", "bob", None):
        shown = texts(eng, viewer)
        assert not any("psst" in t or "handout" in t for t in shown)
        assert "Ada Vance" in shown[-1] and "shaken" in shown[-1]
    assert public_log(eng.sink.events, "ada vance").state.handouts == ()  # type: ignore[attr-defined]


def test_undo_redo_and_reveal_of_a_whisper_go_with_it() -> None:
    eng = engine("coc7", "char new Ada STR=50 CON=50 SIZ=50 DEX=60 POW=50", "char new Bob STR=50 CON=50 SIZ=50 DEX=60 POW=50")
    eng.execute("note one")
    eng.execute("whisper ada Hide.")
    eng.execute("undo")
    eng.execute("redo")
    eng.execute("whisper ada Quiet. secret")
    eng.execute("reveal")
    eng.execute("undo")  # hidden again
    eng.execute("note two")
    events = eng.sink.events  # type: ignore[attr-defined]
    assert texts(eng, "bob")[-2:] == ["4. Note: one", "5. Note: two"]
    assert texts(eng, "ada")[-6:] == ["5. The GM whispers to Ada: Hide.", "6. Undo: The GM whispers to Ada: Hide.",
                                      "7. Redo: The GM whispers to Ada: Hide.", "8. The GM reveals a secret",
                                      "9. The GM hides a revealed secret again", "10. Note: two"]
    for viewer in ("bob", None):  # a following view is never rebuilt by what it never saw
        follower = PublicLog(depth=FOLLOW_DEPTH, viewer=viewer)
        rebuilt = [follower.feed([ev])[1] for ev in events]
        assert not any(rebuilt)
        assert [e.text for e in follower.entries] == [e.text for e in public_log(events, viewer).entries]


def test_a_group_holding_a_whisper_and_more_is_undone_for_everyone() -> None:
    eng = engine("fhtagn", *SETUP)
    with eng.one_action():
        eng.execute("whisper ada Now.")
        eng.execute("cond add bob shaken")
    eng.execute("undo")
    for viewer in ("bob", None):
        follower = PublicLog(depth=FOLLOW_DEPTH, viewer=viewer)
        follower.feed(list(eng.sink.events))  # type: ignore[attr-defined]
        assert follower.entries[-1].text.startswith("Undo: ")
        assert "shaken" not in follower.state.characters["bob"].conditions


def test_the_players_recap_never_holds_a_whisper_or_a_handout() -> None:
    eng = engine("fhtagn", *SETUP)
    eng.execute("session start One")
    eng.execute("whisper ada Whisper-words.")
    eng.execute('handout bob "Page-words" title=Title-words')
    events = eng.sink.events  # type: ignore[attr-defined]
    for fmt in ("md", "html"):
        players = export_text(events, fmt, players=True)
        assert "words" not in players
        assert "Whisper-words" in export_text(events, fmt)  # the GM's recap tells them


def test_a_view_bound_after_it_was_fed_reads_what_was_given_before() -> None:
    """The player's app finds its character in the public state, then is the projection for it."""
    eng = engine("fhtagn", *SETUP)
    eng.execute('handout ada "Old page" title=Old')
    eng.execute("whisper bob Not yours.")
    events = eng.sink.events  # type: ignore[attr-defined]
    log = PublicLog(depth=FOLLOW_DEPTH)
    log.feed(list(events))
    log.view_as("ada vance")
    assert [(e.no, e.text) for e in log.entries] == [(e.no, e.text) for e in public_log(events, "ada vance").entries]
    assert [h.title for h in log.state.handouts] == ["Old"]
    log.view_as(None)
    assert log.state.handouts == () and [e.text for e in log.entries] == [e.text for e in public_log(events).entries]


def test_the_stream_of_a_whole_log_is_the_projection_for_each_viewer() -> None:
    from fhtagn_tui.domain.public import reveal_marks
    from fhtagn_tui.domain.replay import stream_public

    eng = engine("fhtagn", *SETUP)
    for line in ("note one", "whisper ada Hide.", "undo", "redo", 'handout bob "Page" title=P', "whisper ada Quiet. secret",
                 "reveal", "note two"):
        eng.execute(line)
    events = list(eng.sink.events)  # type: ignore[attr-defined]
    for viewer in ("ada vance", "bob", None):
        streamed = [(e.no, e.text) for _, e, _, _, _ in stream_public(iter(events), *reveal_marks(events), viewer=viewer)
                    if e is not None]
        assert streamed == [(e.no, e.text) for e in public_log(events, viewer).entries]
    assert any("Quiet." in text for _, text in
               [(e.no, e.text) for _, e, _, _, _ in stream_public(iter(events), *reveal_marks(events), viewer="ada vance")
                if e is not None])
