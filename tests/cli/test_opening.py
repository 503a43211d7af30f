"""One way to open a campaign: the CLI starts from the start-up snapshot when it matches the
log, gets the very state a full replay gives, and never uses a stale or foreign snapshot."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from fhtagn_tui import cli
from fhtagn_tui import door as opening
from fhtagn_tui.domain.history import fold
from fhtagn_tui.store import CampaignStore, Locked, snapshot
from tests.helpers import run_cli

from ..store.support import played


@pytest.fixture
def campaign(tmp_path: Path) -> Path:
    store, _ = played(tmp_path)
    store.close()
    return tmp_path / "night.fhtagn"



def _replayed(path: Path) -> bytes:
    with CampaignStore.open(path, readonly=True) as store:
        return msgspec.json.encode(fold(store.events()))


def _spy(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Record, for every opening, whether it started from the snapshot."""
    seen: list[bool] = []
    real = opening.open_campaign

    def spy(*args: object, **kwargs: object) -> opening.Door:
        opened = real(*args, **kwargs)  # type: ignore[arg-type]
        seen.append(opened.from_snapshot)
        return opened

    monkeypatch.setattr(cli, "open_campaign", spy)
    return seen


def test_do_replay_and_export_start_from_the_snapshot_and_agree_with_a_full_replay(campaign, monkeypatch):
    seen = _spy(monkeypatch)
    run_cli(campaign, "replay", "night", "--json")  # no snapshot yet: a full replay, which writes it
    assert seen == [False] and snapshot.path_for(campaign).exists()
    run_cli(campaign, "do", "night", "note the well is dry", "--seed", "3")
    assert seen[-1] is True
    state = run_cli(campaign, "replay", "night", "--json")
    assert seen[-1] is True
    assert state.strip().encode() == _replayed(campaign)  # the same state as folding the whole log
    assert "the well is dry" in run_cli(campaign, "export", "night")
    assert seen[-1] is True
    assert seen == [False, True, True, True]


def test_a_stale_snapshot_is_never_used(campaign, monkeypatch):
    run_cli(campaign, "replay", "night")  # writes the snapshot
    stale = snapshot.path_for(campaign).read_bytes()
    run_cli(campaign, "do", "night", "char pool bram HP=3 reason=test")
    # the snapshot of the shorter log put back, and the log changed in a byte inside its prefix
    snapshot.path_for(campaign).write_bytes(stale)
    data = campaign.read_bytes()
    i = data.index(b"Bram")
    campaign.write_bytes(data[:i] + b"Brom" + data[i + 4 :])
    seen = _spy(monkeypatch)
    state = run_cli(campaign, "replay", "night", "--json")
    assert seen == [False]  # the snapshot no longer matches the log: a full replay
    assert state.strip().encode() == _replayed(campaign)
    assert b"Brom" in state.encode()


def test_replay_until_folds_the_log_up_to_that_event(campaign):
    run_cli(campaign, "replay", "night")  # the snapshot, at the end of the log
    with CampaignStore.open(campaign, readonly=True) as store:
        expected = msgspec.json.encode(fold(store.events_between(1, 5)))
    assert run_cli(campaign, "replay", "night", "--json", "--until", "4").strip().encode() == expected
    assert "after 4 events" in run_cli(campaign, "replay", "night", "--until", "4")


def test_log_prints_every_event_once_in_order(campaign):
    run_cli(campaign, "replay", "night")  # the snapshot exists: the log is still read whole
    lines = run_cli(campaign, "log", "night").splitlines()
    with CampaignStore.open(campaign, readonly=True) as store:
        assert [int(line.split()[0]) for line in lines] == list(range(1, len(store) + 1))
    assert any("Bram" in line for line in lines)


def test_the_writer_lock_is_refused_or_falls_back_to_read_only(campaign):
    with CampaignStore.open(campaign):  # another writer holds the campaign
        with pytest.raises(Locked):
            opening.open_campaign(campaign)
        opened = opening.open_campaign(campaign, fall_back_to_readonly=True)
        try:
            assert opened.readonly and "read-only" in opened.notice
            assert msgspec.json.encode(opened.state) == _replayed(campaign)
        finally:
            opened.close()


def test_closing_saves_the_snapshot_only_when_the_log_moved(campaign):
    with opening.open_campaign(campaign) as opened:  # the first opening writes it
        assert not opened.from_snapshot
    mark = snapshot.path_for(campaign).stat().st_mtime_ns
    with opening.open_campaign(campaign) as opened:
        assert opened.from_snapshot
    assert snapshot.path_for(campaign).stat().st_mtime_ns == mark  # nothing new: not rewritten
    with opening.open_campaign(campaign) as opened:
        opened.execute("note one more")
    with opening.open_campaign(campaign) as opened:
        assert opened.from_snapshot and opened.seq == opened.next_seq - 1
        assert msgspec.json.encode(opened.state) == _replayed(campaign)
