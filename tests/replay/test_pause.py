"""The one pause of the garbage collector (``replay.gc_paused``): it rests the collector for its block
(or from ``pause`` to ``resume``), wakes it only when it was awake, once, and freezes what survived
when asked."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from fhtagn_tui.domain.replay import gc_paused


@pytest.fixture(autouse=True)
def collector_restored() -> Iterator[None]:
    was = gc.isenabled()
    yield
    gc.unfreeze()
    (gc.enable if was else gc.disable)()


def test_the_collector_rests_in_the_block_and_wakes_after() -> None:
    gc.enable()
    with gc_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_collector_paused_by_the_caller_is_left_paused() -> None:
    gc.disable()
    with gc_paused(freeze=True):
        assert not gc.isenabled()
    assert not gc.isenabled() and gc.get_freeze_count() == 0  # (not woken: nothing frozen either)


def test_freeze_keeps_what_the_block_made_out_of_later_collections() -> None:
    gc.enable()
    gc.unfreeze()
    with gc_paused(freeze=True):
        kept = [[i] for i in range(100)]
    assert gc.isenabled() and gc.get_freeze_count() > 0
    assert kept


def test_an_error_in_the_block_wakes_the_collector_all_the_same() -> None:
    gc.enable()
    with pytest.raises(KeyError), gc_paused():
        raise KeyError("x")
    assert gc.isenabled()


def test_a_pause_across_calls_wakes_once() -> None:
    """(The app's: paused as it starts, woken after its first frame and again as it ends.)"""
    gc.enable()
    pause = gc_paused().pause()
    assert not gc.isenabled()
    pause.resume()
    assert gc.isenabled()
    gc.disable()  # (someone else's pause since)
    pause.resume()
    assert not gc.isenabled()
