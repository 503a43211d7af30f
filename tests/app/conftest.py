from __future__ import annotations

from pathlib import Path

import pytest

from fhtagn_tui import campaigns
from fhtagn_tui.app.app import open_door
from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.rules.dice import RandomSource


@pytest.fixture
def demo_path(tmp_path: Path) -> Path:
    return campaigns.create_demo(tmp_path)


@pytest.fixture
def make_app(demo_path: Path):
    """An app on a fresh copy of the demo campaign, with seeded dice."""
    opened = []

    def make(path: Path = demo_path, readonly: bool = False) -> GmApp:
        door = open_door(path, readonly)
        door.dice = RandomSource(7)
        opened.append(door)
        return GmApp(door)

    yield make
    for door in opened:
        door.close(save=False)
