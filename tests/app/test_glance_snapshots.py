"""Layouts that grow with the terminal: Party, Initiative and Chase with a party of 6 investigators
and 6 NPCs, mid-fight and mid-chase, at 80×24 (complete: nothing cut off that no key reaches) and
at 120×40 (the investigator card beside the Party table, the chase track stacking everyone on a
location, the fight's order whole) — plain def tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.glance_party import glance_app

SIZES = [(80, 24), (120, 40)]


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_party_tab(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(glance_app(tmp_path, fight=True, chase=True), terminal_size=size, press=["1"])


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_initiative_tab(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(glance_app(tmp_path, fight=True, chase=True), terminal_size=size, press=["2"])


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_chase_tab(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(glance_app(tmp_path, fight=True, chase=True), terminal_size=size, press=["3"])
