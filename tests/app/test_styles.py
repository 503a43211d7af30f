"""Every stylesheet is read: the tabs' at start-up, each form's and screen's when first opened."""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

from textual.screen import Screen

from fhtagn_tui.app import base as app_module
from fhtagn_tui.app.app import open_door
from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.app.player import PlayerApp

APP = Path(app_module.__file__).parent


def _screen_css() -> dict[Path, list[str]]:
    """Each stylesheet named by a screen's CSS_PATH, with the screens that name it."""
    named: dict[Path, list[str]] = {}
    for path in sorted([*APP.glob("forms/*.py"), *APP.glob("screens/*.py")]):
        module = importlib.import_module("fhtagn_tui.app." + ".".join(path.relative_to(APP).with_suffix("").parts))
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, Screen) and cls.__module__ == module.__name__ and cls.CSS_PATH:
                css = path.parent / str(cls.CSS_PATH)
                assert css.exists(), f"{cls.__name__}.CSS_PATH names a missing file {css}"
                named.setdefault(css, []).append(cls.__name__)
    return named


def test_every_stylesheet_is_read_by_the_app_or_by_a_screen():
    at_start = set(app_module.CSS_FILES)
    by_screens = set(_screen_css())
    late_tabs = {APP / "screens" / f"{module}.tcss" for module, _ in app_module.LATE_TABS.values()}
    assert all(p.exists() for p in at_start | late_tabs)
    # read once: at start-up, or when the screen or the tab first opens
    assert not at_start & by_screens and not at_start & late_tabs
    # the roll request prompt is a widget of a bound player's view: read at its start only (see below)
    assert app_module.PROMPT_CSS not in at_start | by_screens | late_tabs
    assert set(APP.rglob("*.tcss")) == at_start | by_screens | late_tabs | {app_module.PROMPT_CSS}  # none forgotten


async def test_a_late_tabs_styles_are_read_when_it_first_opens(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        initiative_css = str(APP / "screens" / "initiative.tcss")
        assert not app.stylesheet.has_source(initiative_css)
        await pilot.press("2")
        await pilot.pause()
        assert app.stylesheet.has_source(initiative_css)
        head = app.screen.query_one("#ini-head")
        assert head.styles.height is not None and head.styles.height.value == 1  # from initiative.tcss
        assert head.region.height == 1


def test_a_players_view_reads_the_prompts_styles_at_start(demo_path):
    """Only a player's view (with a character) gets roll requests: it reads their styles at start-up
    (the prompt must not wait for them); the GM's app does not."""
    door = open_door(demo_path, True)
    try:
        player = PlayerApp(door, character="x")
        gm = GmApp(door)
        assert app_module.PROMPT_CSS in player.css_path and app_module.PROMPT_CSS not in gm.css_path
    finally:
        door.close(save=False)


async def test_a_forms_styles_are_read_when_it_first_opens(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        character_css = str(APP / "forms" / "character.tcss")
        assert not app.stylesheet.has_source(character_css)
        await pilot.press("n")
        await pilot.pause()
        assert app.stylesheet.has_source(character_css)
        form = app.screen.query_one("#char-form")
        assert form.styles.width.value == 74  # from character.tcss
