"""A form filled in one read — a fast typist, a slow link that bunches keys, tmux send-keys: what is
typed after a Tab goes into the field the Tab lands on.

Found with tmux at 80×24: ``u`` on the Party tab, then "looks again<Tab>93" in one read put
"looks again93" in the push's *Differently* field and left *Dice* empty (the app rolled instead of
taking the typed 93).  Textual hands each key to the focused widget as it reads it; Tab moved the focus
only once the field had handled it, after the keys behind it were already the field's.  Tab and
shift+Tab in a form are now taken as the app reads them (the ``:`` fix of test_keys_in_one_read).
"""

from __future__ import annotations

from textual import events
from textual.widgets import Input

from fhtagn_tui.app.forms.push import PushForm
from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.domain.features.campaign import CreateCampaign
from fhtagn_tui.domain.features.skill_play import RollPushed
from fhtagn_tui.door import Door
from fhtagn_tui.rules.dice import RandomSource
from fhtagn_tui.service import Engine, MemorySink

KEYS = {" ": "space", "\t": "tab", "\r": "enter", "=": "equals_sign", '"': "quotation_mark"}


def _keys(app: GmApp, text: str, back: bool = False) -> None:
    """Every key of ``text`` queued at once, as one read from the terminal delivers them."""
    for ch in text:
        if ch == "\t" and back:
            app.post_message(events.Key("shift+tab", None))
            continue
        key = KEYS.get(ch, ch)
        app.post_message(events.Key(key, None if ch in "\t\r" else ch))


def _app() -> tuple[Engine, GmApp]:
    engine = Engine(MemorySink(), source=RandomSource(3), clock=lambda: 0.0)
    engine.run(CreateCampaign(name="library", system="coc7"))
    for line in ('char new "Ada Vance" STR=50 CON=50 SIZ=50 DEX=60 APP=50 INT=70 POW=60 EDU=70 Luck=45 '
                 '"Library Use"=60', "session start", "test ada Library Use roll=85"):
        engine.execute(line)
    return engine, GmApp(Door(engine))


async def test_a_push_typed_in_one_read_lands_in_its_fields() -> None:
    engine, app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, PushForm)
        _keys(app, "looks again\t93")
        for _ in range(3):
            await pilot.pause()
        assert app.screen.query_one("#push-reason", Input).value == "looks again"
        assert app.screen.query_one("#push-dice", Input).value == "93"
        _keys(app, "\tx", back=True)  # shift+Tab back to the reason, in the same read as the key after it
        for _ in range(3):
            await pilot.pause()
        reason = app.screen.query_one("#push-reason", Input)
        assert app.focused is reason and reason.value.endswith("x")  # (a field focused selects its text)
        assert app.screen.query_one("#push-dice", Input).value == "93"
        reason.value = "looks again"
        await pilot.press("enter")
        await pilot.pause()
        sink = engine.sink
        assert isinstance(sink, MemorySink)
        (push,) = [e for e in sink.events if isinstance(e, RollPushed)]
        assert (push.reason, push.total) == ("looks again", 93)


async def test_tab_on_the_command_line_still_completes() -> None:
    _engine, app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("colon", *"sess", "tab")
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "command-line"
        assert app.focused.value.startswith("session")  # type: ignore[attr-defined]


async def test_a_correction_typed_in_one_read_is_made_where_it_was_typed() -> None:
    """Found with tmux: "abc", then backspace and "d" in one read left "abc" (Textual ran the field's
    backspace after the "d" behind it: "d" typed, then deleted); in the development phase's dice a
    corrected "3 4 5" → "3 4 2" rolled the 5's refusal again, then the old dice."""
    _engine, app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("colon", *"abc")
        await pilot.pause()
        app.post_message(events.Key("backspace", "\x7f"))
        _keys(app, "d")
        for _ in range(3):
            await pilot.pause()
        assert app.focused is not None and app.focused.value == "abd"  # type: ignore[attr-defined]
        app.post_message(events.Key("left", None))
        app.post_message(events.Key("left", None))
        _keys(app, "x")
        app.post_message(events.Key("end", None))
        _keys(app, "!")
        for _ in range(3):
            await pilot.pause()
        assert app.focused.value == "axbd!"  # type: ignore[attr-defined]
        await pilot.press("escape", "u")  # the push dialog: the same in a form's field
        await pilot.pause()
        assert isinstance(app.screen, PushForm)
        _keys(app, "looks agaim")
        app.post_message(events.Key("backspace", "\x7f"))
        _keys(app, "n\t93")
        for _ in range(3):
            await pilot.pause()
        assert app.screen.query_one("#push-reason", Input).value == "looks again"
        assert app.screen.query_one("#push-dice", Input).value == "93"
