"""``python -m fhtagn_tui``: the ``fhtagn`` command (:func:`fhtagn_tui.cli.entry`).

A served app process — ``serve``'s child, one per SSH connection or browser tab, started as
``python -m fhtagn_tui --saves DIR open NAME --served [--player|--readonly] [--as CHARACTER --who
LABEL]`` (:func:`fhtagn_tui.serve.child.app_command`) — starts lighter (issue 20: memory per
player app):

* it never loads OpenSSL.  It speaks to a pty or a pipe, never over TLS, yet asyncio imports
  ``ssl`` and ``hashlib`` takes its SHA-256 from OpenSSL's ``_hashlib``: together ~4.5 MiB of
  resident library per process.  Both are refused here (``sys.modules[name] = None``: asyncio
  then runs without TLS support, and ``hashlib`` uses CPython's own SHA-256 — the same digests);
  so are ``bz2`` and ``lzma`` (~0.4 MiB), which ``shutil`` (under ``tempfile``, under Textual) only
  imports to tell whether it could make compressed archives;
* it skips the command line's parser and its subcommands (argparse, exports, imports): the
  arguments are the ones ``app_command`` writes, read here; anything else goes to the CLI.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from importlib.util import find_spec

#: Modules a served app never uses, refused before anything imports them (see the module's doc).
NOT_SERVED = ("ssl", "_hashlib", "bz2", "lzma")


def lean_imports() -> None:
    """Refuse :data:`NOT_SERVED` in this process (those not loaded yet).  ``_hashlib`` only where
    CPython's own SHA-256 is built (``hashlib`` falls back on it; the store and snapshot use it)."""
    for name in NOT_SERVED:
        if name == "_hashlib" and find_spec("_sha256") is None:
            continue
        if name not in sys.modules:
            sys.modules[name] = None  # type: ignore[assignment]  # import then raises ImportError


def served_args(argv: Sequence[str]) -> tuple[str, str, str, str, str] | None:
    """(saves, name, mode, character, label) of a served app's command line, exactly as
    :func:`~fhtagn_tui.serve.child.app_command` writes it; None for any other command line."""
    args = list(argv)
    if len(args) < 5 or args[:1] != ["--saves"] or args[2] != "open" or args[4] != "--served":
        return None
    saves, name, rest = args[1], args[3], args[5:]
    mode = ""
    if rest[:1] in (["--player"], ["--readonly"]):
        mode, rest = rest[0][2:], rest[1:]
    character = label = ""
    if mode == "player" and len(rest) == 4 and rest[0] == "--as" and rest[2] == "--who":
        character, label, rest = rest[1], rest[3], []
    if rest or not name or name.startswith("-") or not saves:
        return None
    return saves, name, mode, character, label


def run_served(saves: str, name: str, mode: str, character: str, label: str) -> int:
    """``fhtagn --saves SAVES open NAME --served …`` without the CLI: what its ``open`` does
    (the messages and exit codes of :func:`fhtagn_tui.cli.cmd_app`)."""
    from fhtagn_tui.domain.replay import gc_paused

    with gc_paused(freeze=True):  # as the CLI's imports: they make objects that live as long as the process
        from fhtagn_tui import campaigns
        from fhtagn_tui.domain.text import visible
        from fhtagn_tui.store import StoreError
    try:
        path = campaigns.campaign_path(campaigns.saves_dir(saves), name)
        if not path.exists():
            print(f"fhtagn: {visible(f'no campaign {name!r} in {path.parent}/')}", file=sys.stderr)
            return 1
        web = bool(os.environ.get("TEXTUAL_DRIVER"))  # a browser tab's app speaks on pipes
        if not web and not (sys.stdin.isatty() and sys.stdout.isatty()):
            print("fhtagn: the app is full-screen and needs a terminal", file=sys.stderr)
            return 2
        from fhtagn_tui.app.app import run_app

        return run_app(path, readonly=mode == "readonly", player=mode == "player", served=True,
                       character=character, who=label)
    except (StoreError, OSError) as exc:
        print(f"fhtagn: {visible(str(exc))}", file=sys.stderr)
        return 1
    except Exception as exc:  # noqa: BLE001 - no traceback for the client: serve's log gets it
        from fhtagn_tui.app.crash import PLAYER_MESSAGE, report_crash

        report_crash(exc)
        print(PLAYER_MESSAGE, file=sys.stderr)
        return 1


def main(argv: Sequence[str]) -> None:
    served = served_args(argv)
    if served is None:
        from fhtagn_tui.cli import entry

        entry()
        return
    lean_imports()
    code = run_served(*served)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)  # as the CLI's entry: no teardown of the interpreter (see fhtagn_tui.cli.entry)


if __name__ == "__main__":
    main(sys.argv[1:])
