from __future__ import annotations

from pathlib import Path

import pytest

from fhtagn_tui import campaigns
from fhtagn_tui.app.app import FhtagnApp, open_engine
from fhtagn_tui.rules.dice import RandomSource


@pytest.fixture
def demo_path(tmp_path: Path) -> Path:
    return campaigns.create_demo(tmp_path)


@pytest.fixture
def make_app(demo_path: Path):
    """An app on a fresh copy of the demo campaign, with seeded dice."""
    opened = []

    def make(path: Path = demo_path, readonly: bool = False) -> FhtagnApp:
        engine, store, notice = open_engine(path, readonly)
        engine.source = RandomSource(7)
        opened.append(store)
        return FhtagnApp(engine, store, notice)

    yield make
    for store in opened:
        store.close()
