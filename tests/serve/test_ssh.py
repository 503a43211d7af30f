"""The SSH table: real asyncssh clients against ``fhtagn serve`` on an ephemeral port.

Every app runs as its own process on a pty, as in play; each test stays well
under 10 s (``asyncio.wait_for`` guards every wait).
"""

from __future__ import annotations

import asyncio

import asyncssh
import pytest

from .conftest import Served


async def test_gm_key_connects_and_acts(served: Served):
    gm = await served.terminal(served.keys.gm)
    await gm.command("note The farmhouse door is ajar GMMARK1")
    await gm.wait_for("Note: The farmhouse door is ajar GMMARK1")  # done and shown…
    assert b"GMMARK1" in served.log_bytes()  # …so already on disk


async def test_player_sees_the_gm_live_and_cannot_act(served: Served):
    gm = await served.terminal(served.keys.gm)
    player = await served.terminal(served.keys.player)
    player.send(b"5")  # the Log tab
    await player.wait_for("The cell arrives at Harlan Creek")
    mark = len(player.output)
    await gm.command("note The vicar is a cultist SECRETMARK secret")
    await gm.wait_for("Note: The vicar is a cultist SECRETMARK")
    await gm.command("note Lights in the barn PLMARK2")
    await player.wait_for("PLMARK2", since=mark)
    await gm.command('char pool ada HP=7 reason="fell through the floor"')
    player.send(b"1")  # the Party tab
    await player.wait_for(" 7/11 ", since=mark)
    seen = player.text()
    assert "PLAYER VIEW" in seen
    assert "SECRETMARK" not in seen  # the GM's secret note never reaches a player
    assert "The Caretaker appears (npc)" in seen  # by name only
    assert "STR 17" not in seen  # the hidden NPC's stats neither (log or sheet)
    before = served.log_bytes()
    # the player types a command, undo and the new-character key: nothing is appended
    await player.command("note I should not be here PLNOPE")
    player.send(b"\x1a")  # ctrl+z
    player.send(b"1n")
    await asyncio.sleep(0.6)
    assert served.log_bytes() == before
    assert "read-only" in player.text(mark)


async def test_unknown_key_password_and_no_key_are_refused(served: Served):
    with pytest.raises(asyncssh.PermissionDenied):
        await served.connect(served.keys.stranger)
    with pytest.raises(asyncssh.PermissionDenied):
        await served.connect(None, password="fhtagn", preferred_auth="password,keyboard-interactive")
    with pytest.raises(asyncssh.PermissionDenied):
        await served.connect(None, preferred_auth="keyboard-interactive", kbdint_auth=True)
    assert not served.server.table.sessions  # no app was started


async def test_exec_subsystems_and_forwarding_are_refused(served: Served):
    conn = await served.connect(served.keys.gm)
    with pytest.raises(asyncssh.ChannelOpenError):
        await asyncio.wait_for(conn.run("cat /etc/passwd"), 5)
    with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError)):
        await asyncio.wait_for(conn.start_sftp_client(), 5)
    with pytest.raises(asyncssh.ChannelOpenError):
        await asyncio.wait_for(conn.open_connection("127.0.0.1", served.port), 5)
    with pytest.raises(asyncssh.ChannelListenError):
        await asyncio.wait_for(conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", served.port), 5)
    # a shell without a terminal gets a message, not an app
    proc = await conn.create_process(encoding=None)
    result = await asyncio.wait_for(proc.wait(), 5)
    assert b"needs a terminal" in result.stderr and result.exit_status == 2
    assert not served.server.table.sessions


def _winsize(pid: int) -> tuple[int, int]:
    from fhtagn_tui.serve.child import get_size

    with open(f"/proc/{pid}/fd/0", "rb", buffering=0) as tty:
        return get_size(tty.fileno())


def _controls_its_terminal(pid: int) -> bool:
    """The app leads the foreground group of its pty: SIGWINCH and SIGHUP reach it."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    tty_nr, tpgid = int(fields[4]), int(fields[5])
    return tty_nr != 0 and tpgid == pid


async def test_terminal_size_and_resize_reach_the_app(served: Served):
    gm = await served.terminal(served.keys.gm, size=(80, 24))
    (session,) = served.server.table.sessions
    assert session.child is not None
    pid = session.child.pid
    assert _winsize(pid) == (80, 24)
    assert _controls_its_terminal(pid)
    assert "Harlan Creek farmhouse" not in gm.text()  # the session title is cut at 80 columns
    mark = len(gm.output)
    gm.proc.change_terminal_size(132, 30)
    await gm.wait_for("Harlan Creek farmhouse", since=mark)  # redrawn at the new width
    assert _winsize(pid) == (132, 30)


async def test_the_client_env_term_reaches_the_app_with_256_colours(served: Served):
    gm = await served.terminal(served.keys.gm)
    (session,) = served.server.table.sessions
    assert session.child is not None
    with open(f"/proc/{session.child.pid}/environ", "rb") as f:
        env = dict(item.split(b"=", 1) for item in f.read().split(b"\0") if b"=" in item)
    assert env[b"TERM"] == b"xterm-256color" and b"COLORTERM" not in env
    assert b"\x1b[38;5;" in gm.output or b"\x1b[48;5;" in gm.output  # 256-colour codes, not 24-bit
    assert b"\x1b[38;2;" not in gm.output and b"\x1b[48;2;" not in gm.output


async def test_a_dropped_connection_ends_the_app_cleanly_and_loses_nothing(served: Served):
    from fhtagn_tui.store.check import check

    gm = await served.terminal(served.keys.gm)
    gm.send(b"5")  # the Log tab
    await gm.wait_for("The cell arrives at Harlan Creek")  # its backlog is loaded (and focused)
    await asyncio.sleep(0.3)
    for n in range(3):
        await gm.command(f"note clue number {n} DROPMARK{n}")
        await gm.wait_for(f"Note: clue number {n} DROPMARK{n}")  # shown = acknowledged = on disk
    (session,) = served.server.table.sessions
    assert session.child is not None and session.child.process is not None
    process = session.child.process
    gm.conn.abort()  # the network goes away
    code = await asyncio.wait_for(process.wait(), 8)
    assert code == 0  # SIGHUP: the app exits cleanly
    assert not served.server.table.sessions
    report = check(served.path)
    assert report.ok, report.text()
    # the next GM gets the writer lock back and sees every acknowledged event
    again = await served.terminal(served.keys.gm)
    again.send(b"5")
    await again.wait_for("DROPMARK2")
    await asyncio.sleep(0.2)
    assert "read-only" not in again.text()
    await again.command("note back again DROPMARK9")
    await again.wait_for("Note: back again DROPMARK9")
    assert b"DROPMARK9" in served.log_bytes()


async def test_a_second_gm_is_read_only_until_the_first_has_gone(served: Served):
    first = await served.terminal(served.keys.gm)
    second = await served.terminal(served.keys.gm)
    await second.wait_for("being played by")
    await second.wait_for("opened read-only")
    before = served.log_bytes()
    await second.command("note the second GM PLNOPE")
    await asyncio.sleep(0.5)
    assert served.log_bytes() == before
    # the first GM leaves (ctrl+q): the next GM connection is the writer
    first.send(b"\x11")
    await first.closed()
    third = await served.terminal(served.keys.gm)
    await third.command("note the table is mine THIRDMARK")
    await third.wait_for("Note: the table is mine THIRDMARK")
    assert b"THIRDMARK" in served.log_bytes()
    assert "being played by" not in third.text()
