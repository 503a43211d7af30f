"""The thin command-line front end: ``fhtagn export`` and the filters of ``fhtagn log``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import msgspec

from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.features.campaign import SessionStarted
from fhtagn_tui.domain.replay import gc_paused
from fhtagn_tui.domain.state import State
from fhtagn_tui.private import open_text

from . import FORMATS, export_pieces
from .progress import ProgressBar
from .search import FilterError, LogFilter, search_store, store_names

if TYPE_CHECKING:
    from .recap import LogMarks

__all__ = ["add_export_arguments", "add_log_filters", "log_filter", "print_filtered", "run_export", "sessions_of"]

OK, PROBLEM = 0, 1


class _Store(Protocol):
    def iter_events(self) -> Iterator[Event]: ...

    def __len__(self) -> int: ...


def add_export_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("name")
    p.add_argument("--session", type=int, default=None, metavar="N", help="only session N (default: the whole log)")
    p.add_argument("--format", choices=FORMATS, default="md", help="Markdown (default) or a standalone HTML page")
    p.add_argument("--players", action="store_true", help="leave out GM secrets and hidden NPC stats")
    p.add_argument("--player", default=None, metavar="CHARNAME",
                   help="with --players: one player's recap, as that character's player reads it (privacy)")
    p.add_argument("-o", "--output", default=None, metavar="FILE", help="write to FILE (default: standard output)")
    p.add_argument("--progress", action="store_true", help="show a progress bar even when stderr is not a terminal")


def add_log_filters(p: argparse.ArgumentParser) -> None:
    p.add_argument("--character", default="", metavar="NAME", help="events that name this character")
    p.add_argument("--type", default="", metavar="T", help="events of this kind: sanity, fights, chases, rolls and tests… (or an event type: PoolChanged)")
    p.add_argument("--rule", default="", metavar="ID", help="events that applied this rule (FH-SAN-03) or family (FH-SAN)")
    p.add_argument("--text", default="", metavar="WORD", help="events whose words contain WORD")
    p.add_argument("--session", type=int, default=None, metavar="N", help="events of session N")


def log_filter(args: argparse.Namespace) -> LogFilter:
    return LogFilter(
        character=getattr(args, "character", "") or "",
        type=getattr(args, "type", "") or "",
        rule=getattr(args, "rule", "") or "",
        text=getattr(args, "text", "") or "",
        session=getattr(args, "session", None),
    )


def print_filtered(store: object, flt: LogFilter, as_json: bool, err: Callable[[str], None]) -> int:
    """``fhtagn log NAME --character … --type … --rule … --text …``."""
    try:
        found = search_store(store, flt)  # type: ignore[arg-type]
    except FilterError as exc:
        err(str(exc))
        return PROBLEM
    if as_json:
        for ev in found:
            sys.stdout.write(msgspec.json.encode(ev).decode() + "\n")
        return OK
    names = store_names(store)  # type: ignore[arg-type]
    for ev in found:
        secret = " (secret)" if ev.secret else ""
        print(f"{ev.seq:>6}  s{ev.session}  {ev.describe(names)}{secret}")
    print(f"{len(found)} event{'' if len(found) == 1 else 's'} found", file=sys.stderr)
    return OK


def sessions_of(events: Sequence[Event]) -> list[int]:
    return [ev.number for ev in events if isinstance(ev, SessionStarted)]


def player_of(state: State, name: str, err: Callable[[str], None]) -> str | bool:
    """The id of the character ``--player`` names (False: told ``err`` why not), looked for among
    ``state``'s characters (those players know: the public projection's, not the GM's secrets)."""
    from fhtagn_tui.domain.decide import Rejected
    from fhtagn_tui.domain.lookup import find_character
    from fhtagn_tui.domain.text import NAME, TextRefused, check_text

    try:
        check_text(name, "--player", NAME)
        return find_character(state, name).id
    except (Rejected, TextRefused) as exc:
        err(f"--player: {exc}; nothing was written")
        return False


def run_export(store: _Store, args: argparse.Namespace, err: Callable[[str], None]) -> int:
    """``fhtagn export NAME [--session N] --format md|html [--players [--player CHARNAME]] [-o FILE]``.

    ``--player CHARNAME``: that character's player's recap (``domain.privacy``), the character looked
    for among those players know.

    The log is read twice, a chunk at a time (what the recap must know of the whole log, then
    the recap), and the document is written a session at a time: neither the log's events nor
    the document are ever whole in memory."""
    from .recap import log_marks, log_marks_of_records

    records = getattr(store, "records", None)
    marks = log_marks_of_records(records()) if records is not None else None
    if marks is None:  # not a file's records, or one that does not read: the events tell why
        marks = log_marks(store.iter_events())
    player = getattr(args, "player", None)
    if player is not None and not args.players:
        err("--player CHARNAME goes with --players (a player's recap); nothing was written")
        return PROBLEM
    viewer = player_of(_players_state(store), player, err) if player is not None else None
    if viewer is False:
        return PROBLEM
    if args.session is not None and args.session not in marks.sessions:
        shown = ", ".join(str(n) for n in marks.sessions) or "none yet"
        err(f"there is no session {args.session} in {args.name} (sessions: {shown}); nothing was written")
        return PROBLEM
    # The collector rests until the document is written: what the recap holds (a group, a line…
    # per event) lives until then and is freed by reference counts as the writing ends — a
    # collection in between would only walk all of it.
    with gc_paused():
        return _write(store, args, err, marks, viewer if isinstance(viewer, str) else None)


def _players_state(store: _Store) -> State:
    """The state as players know it (the generic players' projection of the whole log)."""
    from fhtagn_tui.domain.public import public_log

    return public_log(store.iter_events()).state


def _write(store: _Store, args: argparse.Namespace, err: Callable[[str], None], marks: LogMarks,
           viewer: str | None = None) -> int:
    """The export made and written (:func:`run_export`, once the marks are read)."""
    bar = ProgressBar("export", force=args.progress)
    try:
        pieces = export_pieces(store.iter_events(), args.format, args.session, args.players, progress=bar,
                               total=len(store), marks=marks, viewer=viewer)
    finally:
        bar.close()
    if not args.output:
        for piece in pieces:  # written as it goes: the document is never whole in memory
            sys.stdout.write(piece)
        return OK
    path = Path(args.output)
    lines = 0
    try:
        with open_text(path) as out:  # mode 600 when new: a recap names the players
            for piece in pieces:
                out.write(piece)
                lines += piece.count("\n")
    except OSError as exc:
        err(f"cannot write {path}: {exc.strerror}")
        return PROBLEM
    print(f"wrote {path} ({args.format}, {lines} lines"
          f"{', for the players' if args.players and not viewer else ''}"
          f"{f', for the player of {args.player}' if viewer else ''})", file=sys.stderr)
    return OK
