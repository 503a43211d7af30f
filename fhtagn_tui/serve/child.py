"""One app process on a real pseudo-terminal.

Textual needs one process per terminal, so every connection gets its own
``python -P -m fhtagn_tui open NAME [--player]`` whose stdin, stdout and stderr
are the slave side of a fresh pty (it is the session leader and the pty is its
controlling terminal, so SIGWINCH and SIGHUP reach it).  The server keeps the
master side and pumps bytes between it and the connection.

Input is paced (:class:`~fhtagn_tui.serve.limits.InputPace`) and held in a
bounded buffer: past ``input_buffer`` bytes :meth:`PtyChild.write` answers
False and the connection stops reading until ``drained`` is called, so what a
client sends waits in its own socket, not in the server's memory, and the app
never gets keys faster than it can handle them.
"""

from __future__ import annotations

import asyncio
import errno
import fcntl
import os
import pty
import shlex
import struct
import sys
import termios
from collections.abc import Callable, Mapping
from pathlib import Path

import fhtagn_tui

from .limits import InputPace, Limits, clamp_size
from .procs import Children, CrashPipe, end, preexec

#: Where the ``fhtagn_tui`` package lives, for children started without it installed.
PACKAGE_ROOT = Path(fhtagn_tui.__file__).resolve().parent.parent
#: ``-P``: the folder ``serve`` was started in is not on the app's import path (a stray
#: ``bisect.py`` there is not run); the app also starts in :data:`APP_CWD`.
PYTHON = (sys.executable, "-P", "-m", "fhtagn_tui")
APP_CWD = "/"


def app_command(saves: Path, name: str, mode: str = "", character: str = "", label: str = "") -> list[str]:
    """The command line of one app process: ``mode`` is ``""`` (GM), ``readonly`` or ``player``.

    ``--served``: no screenshots (nothing a remote user does writes a file on the server).
    ``character``/``label``: a player key bound to a character (its sheet, its roll requests).
    """
    argv = [*PYTHON, "--saves", str(saves.resolve()), "open", name, "--served"]
    if mode:
        argv.append(f"--{mode}")
    if mode == "player" and character:
        argv += ["--as", character, "--who", label or "player"]
    return argv


def app_shell_command(saves: Path, name: str, mode: str = "") -> str:
    """The same, as one shell line (textual-serve runs its command through the shell)."""
    return shlex.join(app_command(saves, name, mode))


def child_env(term: str, base: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment of an app process: the client's ``TERM``; no ``COLORTERM``
    (so a 256-colour terminal gets 256 colours), the package importable."""
    env = dict(os.environ if base is None else base)
    for key in ("COLORTERM", "COLUMNS", "LINES", "ROWS", "NO_COLOR", "PYTHONINSPECT", "PYTHONSTARTUP"):
        env.pop(key, None)
    for key in [k for k in env if k.startswith("TEXTUAL")]:  # TEXTUAL_SCREENSHOT, devtools, drivers …
        del env[key]
    env["TERM"] = term or "xterm-256color"
    paths = [str(PACKAGE_ROOT)] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(paths))
    env.setdefault("LANG", "C.UTF-8")
    return env


def set_size(fd: int, cols: int, rows: int, xpixels: int = 0, ypixels: int = 0) -> None:
    """``TIOCSWINSZ``: the kernel then sends SIGWINCH to the pty's foreground group."""
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, xpixels, ypixels))


def get_size(fd: int) -> tuple[int, int]:
    """``(cols, rows)`` of a terminal."""
    rows, cols, _, _ = struct.unpack("HHHH", fcntl.ioctl(fd, termios.TIOCGWINSZ, b"\0" * 8))
    return cols, rows


class PtyChild:
    """An app process on a pty; ``output`` gets what it writes, ``exited`` its return code."""

    def __init__(
        self,
        argv: list[str],
        env: Mapping[str, str],
        size: tuple[int, int],
        output: Callable[[bytes], None],
        exited: Callable[[int], None],
        limits: Limits | None = None,
        children: Children | None = None,
        drained: Callable[[], None] | None = None,
        who: str = "app",
    ) -> None:
        self.argv = argv
        self.who = who  # how the log names its connection
        self.crash: CrashPipe | None = None
        self.env = dict(env)
        self.size = size
        self._output = output
        self._exited = exited
        self.master = -1
        self.process: asyncio.subprocess.Process | None = None
        self.limits = limits or Limits()
        self._children = children
        self._drained = drained
        self._pace = InputPace(self.limits.input_rate, self.limits.input_burst)
        self._pending = bytearray()  # keys the app has not read yet (at most input_buffer, and a bit)
        self._paused_input = False  # write() said False: the connection waits for drained()
        self._timer: asyncio.TimerHandle | None = None
        self._reading = False
        self._done = False

    @property
    def pid(self) -> int:
        return self.process.pid if self.process is not None else 0

    async def start(self) -> None:
        master, slave = pty.openpty()
        self.crash = CrashPipe()
        try:
            self.size = clamp_size(*self.size)
            set_size(slave, *self.size)
            self.process = await asyncio.create_subprocess_exec(
                *self.argv,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env={**self.env, **self.crash.env},
                cwd=APP_CWD,
                start_new_session=True,
                preexec_fn=preexec(take_terminal=True),
                close_fds=True,
                pass_fds=self.crash.fds,
            )
            if self._children is not None:
                self._children.add(self.process)
        except BaseException:
            os.close(master)
            self.crash.report(self.who)
            raise
        finally:
            os.close(slave)  # the child's copy only: EIO on the master when it is gone
            self.crash.started()
        self.master = master
        os.set_blocking(master, False)
        self.resume()
        asyncio.get_running_loop().create_task(self._wait())

    # --- output (app → connection) -------------------------------------------------

    def pause(self) -> None:
        """Stop reading the app's output (the connection's buffer is full)."""
        if self._reading and self.master >= 0:
            asyncio.get_running_loop().remove_reader(self.master)
            self._reading = False

    def resume(self) -> None:
        if not self._reading and self.master >= 0:
            asyncio.get_running_loop().add_reader(self.master, self._readable)
            self._reading = True

    def _readable(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError as exc:  # EIO: the app closed its terminal (it has exited)
            if exc.errno != errno.EIO:
                raise
            data = b""
        if data:
            self._output(data)
        else:
            self.pause()

    # --- input (connection → app) ----------------------------------------------------

    @property
    def pending(self) -> int:
        """Bytes received for the app and not yet written to its terminal."""
        return len(self._pending)

    def write(self, data: bytes) -> bool:
        """Queue keys for the app; False: the buffer is full, stop reading until ``drained``."""
        if self.master < 0 or self._done:
            return True
        waiting = bool(self._pending)
        self._pending += data
        if not waiting:
            self._flush()
        if len(self._pending) >= self.limits.input_buffer:
            self._paused_input = True
            return False
        return True

    def _flush(self) -> None:
        loop = asyncio.get_running_loop()
        self._timer = None
        if self.master < 0:
            return
        try:
            while self._pending:
                allowed = self._pace.take(len(self._pending))
                if not allowed:  # over the input rate: try again when the bucket has refilled
                    loop.remove_writer(self.master)
                    self._timer = loop.call_later(max(0.01, self._pace.wait(min(64, len(self._pending)))), self._flush)
                    break
                try:
                    sent = os.write(self.master, self._pending[:allowed])
                except BlockingIOError:
                    self._pace.refund(allowed)
                    raise
                if sent < allowed:
                    self._pace.refund(allowed - sent)  # give back what the pty did not take
                del self._pending[:sent]
                if sent < allowed:
                    raise BlockingIOError
        except BlockingIOError:
            loop.add_writer(self.master, self._writable)
            return
        except OSError:
            self._pending.clear()
        else:
            if not self._pending:
                loop.remove_writer(self.master)
        self._maybe_drained()

    def _maybe_drained(self) -> None:
        if self._paused_input and len(self._pending) <= self.limits.input_buffer // 2:
            self._paused_input = False
            if self._drained is not None:
                self._drained()

    def _writable(self) -> None:
        if self._timer is None:
            self._flush()

    # --- terminal size and ending ------------------------------------------------------

    def resize(self, cols: int, rows: int) -> None:
        """The terminal's new size (bounded: at most ``MAX_COLS`` × ``MAX_ROWS``)."""
        self.size = clamp_size(cols, rows)
        if self.master >= 0 and cols > 0 and rows > 0:
            set_size(self.master, *self.size)

    async def hangup(self, grace: float | None = None) -> int:
        """The connection dropped: SIGHUP (the app exits cleanly), SIGKILL if it lingers."""
        if self.process is None:
            return 0
        return await end(self.process, self.limits.grace if grace is None else grace)

    async def _wait(self) -> None:
        assert self.process is not None
        code = await self.process.wait()
        # drain what the app wrote last (its goodbye: the terminal restored)
        while self.master >= 0 and self._reading:
            try:
                data = os.read(self.master, 65536)
            except OSError:
                break
            if not data:
                break
            self._output(data)
        self._close()
        if self.crash is not None:
            self.crash.report(f"{self.who} (pid {self.process.pid})")
        self._exited(code)

    def _close(self) -> None:
        self._done = True
        if self.master >= 0:
            loop = asyncio.get_running_loop()
            loop.remove_reader(self.master)
            loop.remove_writer(self.master)
            os.close(self.master)
            self.master = -1
            self._reading = False
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._pending.clear()
