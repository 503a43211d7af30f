"""One writer per campaign: the second is told who is playing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from fhtagn_tui.store import CampaignStore, Locked
from fhtagn_tui.store.lock import lock_path

from .support import new_campaign

ROOT = Path(__file__).resolve().parents[2]

HOLDER = """
import sys
from pathlib import Path
from fhtagn_tui.store import CampaignStore
store = CampaignStore.open(Path(sys.argv[1]))
print("holding", flush=True)
sys.stdin.read()
"""


def test_a_second_writer_process_is_told_the_pid(tmp_path):
    store, _ = new_campaign(tmp_path)
    store.close()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(store.path)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT,
    )
    try:
        assert child.stdout is not None
        line = child.stdout.readline()
        assert line == b"holding\n", child.stderr.read() if child.stderr else b""
        with pytest.raises(Locked) as info:
            CampaignStore.open(store.path)
        err = info.value
        assert err.pid == child.pid
        assert str(err) == (
            f"campaign 'night' is being played by process {child.pid}; open it read-only with "
            f"--readonly, or close that one"
        )
        with CampaignStore.open(store.path, readonly=True) as reader:  # readers are welcome
            assert reader.next_seq == 2
    finally:
        child.kill()
        child.wait()
    with CampaignStore.open(store.path) as again:  # the lock died with the process
        assert again.next_seq == 2


def test_a_second_writer_in_the_same_process_is_refused(tmp_path):
    store, _ = new_campaign(tmp_path)
    with pytest.raises(Locked, match=f"process {os.getpid()}"):
        CampaignStore.open(store.path)
    assert lock_path(store.path).read_text().split()[0] == str(os.getpid())
    store.close()
    assert lock_path(store.path).read_text() == ""
    CampaignStore.open(store.path).close()
    CampaignStore.open(store.path).close()


def test_create_takes_the_lock(tmp_path):
    store, _ = new_campaign(tmp_path)
    with pytest.raises(Locked):
        CampaignStore.open(store.path)
    store.close()
    store.close()  # closing twice is harmless


# --- whether a writer is running, read without taking the lock (issue 34: a player's prompt) ----------


def test_whether_a_writer_holds_the_lock_is_read_without_taking_it(tmp_path):
    from fhtagn_tui.door import Door
    from fhtagn_tui.store.lock import _hostname, writer_present

    store, _ = new_campaign(tmp_path)
    path = store.path
    assert writer_present(path) is True  # this process holds it
    follower = Door.open(path, readonly=True)
    try:
        assert follower.gm_app_running() is True
        store.close()  # released: the lock file is emptied
        assert writer_present(path) is False and follower.gm_app_running() is False
        # asking never took the lock: a writer opens at once after it
        again = CampaignStore.open(path)
        assert writer_present(path) is True
        again.close()
        # a writer that died left its pid (the OS released its lock): not running
        child = subprocess.Popen([sys.executable, "-c", "pass"])
        child.wait()
        lock_path(path).write_text(f"{child.pid} {_hostname()}\n")
        assert writer_present(path) is False
        # a writer on another host (a shared folder): it cannot be told
        lock_path(path).write_text(f"{os.getpid()} elsewhere.example\n")
        assert writer_present(path) is None
    finally:
        follower.close(save=False)
    assert writer_present(tmp_path / "never.fhtagn") is False  # nobody ever wrote it
    assert Door.memory("fhtagn").gm_app_running() is None
