"""The SSH server: public keys only, one app process per connection on a pty.

A GM key gets the full app (the writer; a second GM gets it read-only while
the first plays), a player key the player view.  Passwords,
keyboard-interactive, ``exec``, subsystems (sftp) and every kind of
forwarding are refused, and so are signals (``ssh`` may ask to send one: it is
not passed on).  The :class:`~fhtagn_tui.serve.limits.Limits` hold:
connections overall and per key (logged in, with an app or not), one session per connection, the login
timeout, connections not logged in yet per address and overall (a new one
pushes out the oldest, so idle sockets cannot lock the GM out), the terminal
size (at most 500×500) and how often it may change (the latest size, a few
times a second), and input paced and bounded per connection (reading pauses
while the app's buffer is full).  What a client names (its ``TERM``, its user
name, a refused command) reaches the log escaped and cut short.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections import Counter
from pathlib import Path

import asyncssh

from .child import PtyChild, app_command, child_env
from .keys import Binding, KeyRing, Role, load_host_key
from .limits import Coalesce, Limits, Occupancy, clamp_size, shown, sparse
from .procs import Children

log = logging.getLogger("fhtagn.serve")

NEEDS_PTY = b"fhtagn: this is a full-screen app and needs a terminal: connect with ssh -t\r\n"
#: A ``TERM`` the app is given as the client sent it; any other becomes ``xterm-256color``.
TERM_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")


def term_name(term_type: str) -> str:
    return term_type if TERM_NAME.fullmatch(term_type) else "xterm-256color"


class Table:
    """What every connection shares: the campaign and who may play it."""

    def __init__(self, saves: Path, name: str, campaign: Path, limits: Limits | None = None,
                 players: tuple[tuple[str, asyncssh.SSHKey, str], ...] = ()) -> None:
        self.saves = saves
        self.name = name
        self.campaign = campaign
        self.keys = KeyRing(campaign, players)
        self.sessions: set[AppSession] = set()
        self.limits = limits or Limits()
        self.occupancy = Occupancy(self.limits)
        self.children = Children()  # every app process started for a connection (SSH and web)
        self.waiting: dict[Gate, str] = {}  # connections not logged in yet (oldest first) → address
        self.pushed_out = 0  # connections not logged in pushed out to make room (the log shows a few)
        self.unlogged: Counter[str] = Counter()  # what clients not logged in did, counted (the log shows a few)

    def make_room(self, address: str) -> None:
        """Push out connections not logged in yet so one more from ``address`` fits: the oldest from
        ``address`` past its own bound; past the overall bounds, the oldest from the address holding
        the most (counting the newcomer).  So clients churning from a few addresses push out their
        own, not the GM's one login in progress."""
        from_here = [g for g, a in self.waiting.items() if a == address]
        while len(from_here) >= self.limits.max_preauth_per_address:
            from_here.pop(0).push_out()
        while self.waiting and (len(self.waiting) >= self.limits.max_preauth
                                or self.occupancy.total >= self.limits.max_connections):
            self._victim(address).push_out()

    def _victim(self, address: str) -> Gate:
        counts = Counter(self.waiting.values())
        counts[address] += 1  # the newcomer
        most = max(counts.values())
        if counts[address] == most and counts[address] > 1:
            busiest = {address}
        else:
            busiest = {a for a, n in counts.items() if n == most}
        return next(g for g, a in self.waiting.items() if a in busiest)


class AppSession(asyncssh.SSHServerSession[bytes]):
    """One shell session: an app process on a pty, bytes pumped both ways."""

    def __init__(self, table: Table, role: Role, who: str, binding: Binding | None = None) -> None:
        self.table = table
        self.binding = binding  # a player key bound to a character
        self.role = role
        self.who = who
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term = ""
        self.size = (80, 24)
        self._resizes = Coalesce(table.limits.resize_rate, self._resize)
        self.has_pty = False
        self.child: PtyChild | None = None
        self.closed = False  # the connection has gone (perhaps while the app was starting)

    # --- requests ------------------------------------------------------------------

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: object) -> bool:
        self.has_pty = True
        self.term = term_name(term_type)
        if term_type != self.term:
            log.info("%s: TERM %s replaced by %s", self.who, shown(term_type), self.term)
        cols, rows = term_size[0], term_size[1]
        if cols > 0 and rows > 0:
            self.size = clamp_size(cols, rows)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        log.info("%s: refused exec %s", self.who, shown(command))
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        log.info("%s: refused subsystem %s", self.who, shown(subsystem))
        return False

    def session_started(self) -> None:
        asyncio.get_running_loop().create_task(self._start())

    async def _start(self) -> None:
        chan = self.chan
        assert chan is not None
        if self.closed:  # gone before its app was started: start nothing
            return
        if not self.has_pty:
            chan.write_stderr(NEEDS_PTY)
            chan.exit(2)
            return
        mode = "" if self.role is Role.GM else "player"
        self.child = PtyChild(
            app_command(self.table.saves, self.table.name, mode,
                        *((self.binding.character, self.binding.label) if self.binding else ())),
            child_env(self.term),
            self.size,
            output=self._write,
            exited=self._exited,
            limits=self.table.limits,
            children=self.table.children,
            drained=self._drained,
            who=self.who,
        )
        try:
            await self.child.start()
        except OSError as exc:
            log.error("%s: cannot start the app: %s", self.who, exc)
            chan.write_stderr(f"fhtagn: cannot start the app: {exc}\r\n".encode())
            chan.exit(1)
            return
        self.table.sessions.add(self)
        if self.closed:  # the client left while the app was starting
            self._hang_up()
            return
        log.info("%s: %s app started (pid %d, TERM=%s, %dx%d)", self.who, self.role.value,
                 self.child.pid, self.term, *self.size)

    # --- while it runs ---------------------------------------------------------------

    def _write(self, data: bytes) -> None:
        if self.chan is None:
            return
        try:
            self.chan.write(data)
        except (BrokenPipeError, ConnectionError):  # the connection is gone: the app is being hung up
            if self.child is not None:
                self.child.pause()

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        if self.child is not None and not self.child.write(data) and self.chan is not None:
            self.chan.pause_reading()  # the app is behind: the client's keys wait in its socket

    def _drained(self) -> None:
        if self.chan is not None and not self.closed:
            self.chan.resume_reading()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if width <= 0 or height <= 0:
            return
        self.size = clamp_size(width, height)
        self._resizes.submit(self.size)  # the latest size, at most resize_rate times a second

    def _resize(self, size: object) -> None:
        if self.child is not None and not self.closed and isinstance(size, tuple):
            self.child.resize(*size)

    def signal_received(self, signal: str) -> None:
        """Not passed on: a client has no say over the app's process (a QUIT would dump its memory)."""
        log.info("%s: ignored signal %s", self.who, shown(signal))

    def break_received(self, msec: int) -> bool:
        return False

    def pause_writing(self) -> None:
        if self.child is not None:
            self.child.pause()

    def resume_writing(self) -> None:
        if self.child is not None:
            self.child.resume()

    def eof_received(self) -> bool:
        return True  # keep the channel open: the app decides when it ends

    # --- ending ------------------------------------------------------------------------

    def _exited(self, code: int) -> None:
        self.table.sessions.discard(self)
        log.info("%s: app exited (%d)", self.who, code)
        if self.chan is not None:
            self.chan.exit(code if 0 <= code < 256 else 1)

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self._resizes.cancel()
        self._hang_up()

    def _hang_up(self) -> None:
        child = self.child
        if child is not None and child.process is not None and child.process.returncode is None:
            log.info("%s: connection lost; hanging up the app (pid %d)", self.who, child.pid)
            task = asyncio.get_running_loop().create_task(child.hangup())
            task.add_done_callback(lambda _t: self.table.sessions.discard(self))


class Gate(asyncssh.SSHServer):
    """One connection's authentication: public keys from the campaign's key files only."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.conn: asyncssh.SSHServerConnection | None = None
        self.peer = "?"
        self.address = "?"
        self.role: Role | None = None
        self._offered: Role | None = None
        self._offered_key = ""
        self._offered_binding: Binding | None = None
        self.binding: Binding | None = None
        self.key = ""  # the fingerprint it logged in with (counted by --max-per-key until it leaves)
        self.counted = False
        self.session: AppSession | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        self.peer = f"{peer[0]}:{peer[1]}" if peer else "?"
        if not self.table.occupancy.may_connect(self.address):  # closed at once: it pushes no one out
            self.table.unlogged["fast"] += 1
            if sparse(self.table.unlogged["fast"]):
                log.warning("%s: refused: connecting too fast (%d, then %g a second; %d refused so far)", self.peer,
                            self.table.limits.connect_burst, self.table.limits.connect_rate,
                            self.table.unlogged["fast"])
            conn.abort()
            return
        self.table.make_room(self.address)
        self.counted = self.table.occupancy.enter()
        if not self.counted:
            limit = self.table.limits.max_connections
            self.table.unlogged["full"] += 1
            if sparse(self.table.unlogged["full"]):
                log.warning("%s: refused: already %d connections (--max-connections; %d refused so far)", self.peer,
                            limit, self.table.unlogged["full"])
            asyncio.get_running_loop().call_soon(
                conn.disconnect, asyncssh.DISC_TOO_MANY_CONNECTIONS,
                f"the table is full ({limit} connections); try again later")
            return
        self.table.waiting[self] = self.address
        log.debug("%s: connected", self.peer)  # a client not logged in costs the log nothing (a flood of them)

    def push_out(self) -> None:
        """Make room: this connection, not logged in yet, is dropped (its place given back now)."""
        self.table.waiting.pop(self, None)
        if self.counted:
            self.counted = False
            self.table.occupancy.leave()
        self.table.pushed_out += 1
        n = self.table.pushed_out
        if sparse(n):  # a churn of connections: the log stays short
            log.warning("%s: dropped: not logged in while others wait (%d per address, %d overall; %d dropped "
                        "so far)", self.peer, self.table.limits.max_preauth_per_address,
                        self.table.limits.max_preauth, n)
        if self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, "too many connections not logged in; try again")

    def connection_lost(self, exc: Exception | None) -> None:
        self.table.waiting.pop(self, None)
        if self.key:
            self.table.occupancy.leave_key(self.key)
            self.key = ""
        if self.counted:
            self.counted = False
            self.table.occupancy.leave()
        (log.info if self.role is not None else log.debug)(
            "%s: disconnected%s", self.peer, f" ({shown(exc)})" if exc else "")

    def begin_auth(self, username: str) -> bool:
        return True  # always: False would mean "no authentication needed" (an over-limit client let in)

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if not self.counted:  # over a limit: refused before it logs in
            return False
        host = self.address
        role, binding = self.table.keys.identify(key, host, host)
        if role is None:
            refused = key.get_fingerprint()  # counted per key (a GM finding why a player cannot log in)…
            counted = refused if len(self.table.unlogged) < 1024 else "keys"  # …within bounds
            self.table.unlogged[counted] += 1
            if sparse(self.table.unlogged[counted]):
                log.info("%s: refused key %s for %s (%d times so far)", self.peer, refused, shown(username),
                         self.table.unlogged[counted])
            return False
        fingerprint = key.get_fingerprint()
        if self.table.occupancy.per_key[fingerprint] >= self.table.limits.max_per_key:
            log.warning("%s: refused key %s: already logged in %d times (--max-per-key)", self.peer, fingerprint,
                        self.table.limits.max_per_key)
            return False  # one key's idle logins cannot fill the table: refused before it logs in
        self._offered = role  # the signed request of a key always follows its check
        self._offered_key = fingerprint
        if binding is not None and not binding.label:
            binding = Binding(binding.character, self._offered_key.removeprefix("SHA256:")[:12])
        self._offered_binding = binding
        return True

    def auth_completed(self) -> None:
        self.table.waiting.pop(self, None)
        who = self.conn.get_extra_info("username") if self.conn else "?"
        if not self.table.occupancy.enter_key(self._offered_key):  # another login of it came first
            log.warning("%s: dropped: key %s already logged in %d times (--max-per-key)", self.peer,
                        self._offered_key, self.table.limits.max_per_key)
            if self.conn is not None:
                self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, "this key is logged in too often")
            return
        self.key = self._offered_key
        self.role = self._offered
        self.binding = self._offered_binding
        log.info("%s: %s logged in as %s", self.peer, shown(who), self.role.value if self.role else "?")

    def session_requested(self) -> AppSession | bool:
        if self.role is None or not self.key or not self.counted:
            return False
        if self.session is not None and not self.session.closed:  # one app at a time per connection
            log.info("%s: refused a second session on one connection", self.peer)
            return False
        if not self.table.occupancy.may_start(self.key):
            if self.table.occupancy.log_refused_start:
                log.warning("%s: refused a session: key %s starts apps too fast (%d, then one every %g s; %d refused "
                            "so far)", self.peer, self.key, self.table.limits.app_start_burst,
                            1 / self.table.limits.app_start_rate, self.table.occupancy.refused_starts)
            return False
        who = f"{self.peer} ({self.role.value}" + (f" as {self.binding.character})" if self.binding else ")")
        self.session = AppSession(self.table, self.role, who, self.binding)
        return self.session

    # no forwarding of any kind
    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str, orig_port: int) -> bool:
        log.info("%s: refused forwarding to %s:%s", self.peer, shown(dest_host), dest_port)
        return False

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        log.info("%s: refused remote forwarding of %s:%s", self.peer, shown(listen_host), listen_port)
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        return False

    def tun_requested(self, unit: int | None) -> bool:
        return False

    def tap_requested(self, unit: int | None) -> bool:
        return False


async def start_ssh(table: Table, host: str, port: int) -> asyncssh.SSHAcceptor:
    """Listen for SSH connections to the table (``port`` 0: an ephemeral port)."""
    host_key = load_host_key(table.campaign)
    return await asyncssh.create_server(
        lambda: Gate(table),
        host,
        port,
        server_host_keys=[host_key],
        encoding=None,
        public_key_auth=True,
        password_auth=False,
        kbdint_auth=False,
        gss_host=None,
        agent_forwarding=False,
        x11_forwarding=False,
        allow_scp=False,
        allow_pty=True,
        line_editor=False,
        keepalive_interval=30,
        keepalive_count_max=4,
        login_timeout=table.limits.login_timeout,
        window=256 * 1024,  # what a client may send before the server reads it (the SSH window)
        max_pktsize=32768,
    )
