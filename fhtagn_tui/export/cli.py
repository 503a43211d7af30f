"""The thin command-line front end: ``fhtagn export`` and the filters of ``fhtagn log``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

import msgspec

from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.features.campaign import SessionStarted

from . import FORMATS, export_text
from .progress import ProgressBar
from .search import FilterError, LogFilter, search_store, store_names

__all__ = ["add_export_arguments", "add_log_filters", "log_filter", "print_filtered", "run_export", "sessions_of"]

OK, PROBLEM = 0, 1


class _Store(Protocol):
    def events(self) -> list[Event]: ...


def add_export_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("name")
    p.add_argument("--session", type=int, default=None, metavar="N", help="only session N (default: the whole log)")
    p.add_argument("--format", choices=FORMATS, default="md", help="Markdown (default) or a standalone HTML page")
    p.add_argument("--players", action="store_true", help="leave out GM secrets and hidden NPC stats")
    p.add_argument("-o", "--output", default=None, metavar="FILE", help="write to FILE (default: standard output)")
    p.add_argument("--progress", action="store_true", help="show a progress bar even when stderr is not a terminal")


def add_log_filters(p: argparse.ArgumentParser) -> None:
    p.add_argument("--character", default="", metavar="NAME", help="events that name this character")
    p.add_argument("--type", default="", metavar="T", help="events of this kind (DiceRolled, SanLost…; part of a name works)")
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


def run_export(store: _Store, args: argparse.Namespace, err: Callable[[str], None]) -> int:
    """``fhtagn export NAME [--session N] --format md|html [--players] [-o FILE]``."""
    events = store.events()
    if args.session is not None:
        known = sessions_of(events)
        if args.session not in known:
            shown = ", ".join(str(n) for n in known) or "none yet"
            err(f"there is no session {args.session} in {args.name} (sessions: {shown}); nothing was written")
            return PROBLEM
    bar = ProgressBar("export", force=args.progress)
    try:
        text = export_text(events, args.format, args.session, args.players, progress=bar)
    finally:
        bar.close()
    if args.output:
        path = Path(args.output)
        try:
            path.write_text(text, encoding="utf-8")
        except OSError as exc:
            err(f"cannot write {path}: {exc.strerror}")
            return PROBLEM
        print(f"wrote {path} ({args.format}, {len(text.splitlines())} lines"
              f"{', for the players' if args.players else ''})", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return OK
