"""The ``fhtagn`` command.

Exit codes: 0 ok, 1 a command was rejected or a problem was found, 2 usage.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

import msgspec

from fhtagn_tui import campaigns
from fhtagn_tui.commands import ParseError
from fhtagn_tui.domain.decide import Rejected
from fhtagn_tui.domain.history import Projection, fold, names_of
from fhtagn_tui.domain.state import SYSTEMS
from fhtagn_tui.export import cli as export_cli
from fhtagn_tui.opening import OpenCampaign, open_campaign
from fhtagn_tui.rules.dice import RandomSource
from fhtagn_tui.service import Engine
from fhtagn_tui.store import StoreError

OK, PROBLEM, USAGE = 0, 1, 2


def _err(message: str) -> None:
    print(f"fhtagn: {message}", file=sys.stderr)


def _path(args: argparse.Namespace) -> Path:
    return campaigns.campaign_path(campaigns.saves_dir(args.saves), args.name)


def _existing(args: argparse.Namespace) -> Path:
    path = _path(args)
    if not path.exists():
        known = ", ".join(campaigns.campaign_name(p) for p in campaigns.list_campaigns(path.parent)) or "none"
        raise StoreError(f"no campaign {args.name!r} in {path.parent}/ (campaigns there: {known}); "
                         f"create one with: fhtagn new {args.name} --system fhtagn|coc7|gurps")
    return path


def _open(args: argparse.Namespace, readonly: bool, seed: int | None = None) -> OpenCampaign:
    """The campaign folded from its start-up snapshot when it matches (the one way to open)."""
    return open_campaign(_existing(args), readonly, source=RandomSource(seed) if not readonly else None)


# --- subcommands ------------------------------------------------------------------


def cmd_app(args: argparse.Namespace) -> int:
    saves = campaigns.saves_dir(args.saves)
    if getattr(args, "name", None):
        path = campaigns.campaign_path(saves, args.name)
        if not path.exists():
            _err(f"no campaign {args.name!r} in {saves}/; create it with: fhtagn new {args.name} --system fhtagn")
            return PROBLEM
    else:
        path = campaigns.default_campaign(saves)
    from fhtagn_tui.app.app import run_app

    return run_app(path, readonly=getattr(args, "readonly", False), player=getattr(args, "player", False))


def cmd_new(args: argparse.Namespace) -> int:
    path = _path(args)
    if path.exists():
        _err(f"{path} already exists; nothing was changed")
        return PROBLEM
    store = campaigns.create_campaign(path, args.system, args.title or "")
    store.close()
    print(f"created {path} ({args.system})")
    return OK


def _run_lines(engine: Engine, lines: Sequence[tuple[int, str]], source_name: str) -> int:
    for lineno, text in lines:
        try:
            outcome = engine.execute(text)
        except (ParseError, Rejected) as exc:
            where = f"{source_name} line {lineno}: " if source_name else ""
            _err(f"{where}{text!r} rejected: {exc}")
            return PROBLEM
        for line in outcome.lines(engine.names):
            print(line)
    return OK


def cmd_do(args: argparse.Namespace) -> int:
    with _open(args, readonly=False, seed=args.seed) as opened:
        return _run_lines(opened.engine, list(enumerate(args.commands, 1)), "")


def cmd_script(args: argparse.Namespace) -> int:
    try:
        text = Path(args.file).read_text(encoding="utf-8")
    except OSError as exc:
        _err(f"cannot read {args.file}: {exc.strerror}")
        return USAGE
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)]
    lines = [(n, line) for n, line in lines if line and not line.startswith("#")]
    with _open(args, readonly=False, seed=args.seed) as opened:
        return _run_lines(opened.engine, lines, args.file)


def cmd_replay(args: argparse.Namespace) -> int:
    with _open(args, readonly=True) as opened:
        state = opened.state
        count = opened.projection.seq
        if args.until is not None and args.until < count:  # an earlier point: the log folded up to it
            count = max(0, args.until)
            state = fold(opened.store.events_between(1, count + 1))
        if args.json:
            sys.stdout.write(msgspec.json.encode(state).decode() + "\n")
            return OK
        out = [f"{state.name} ({state.system}) after {count} events"]
        for char in state.characters.values():
            now = " ".join(f"{k} {v}" for k, v in char.current.items())
            conds = f" [{', '.join(char.conditions)}]" if char.conditions else ""
            out.append(f"  {char.name}: {now}{conds}")
        sys.stdout.write("\n".join(out) + "\n")
        return OK


def cmd_log(args: argparse.Namespace) -> int:
    with _open(args, readonly=True) as opened:
        store = opened.store
        flt = export_cli.log_filter(args)
        if not flt.empty:  # --character/--type/--rule/--text/--session: a TinyDB search
            return export_cli.print_filtered(store, flt, args.json, _err)
        write = sys.stdout.write
        if args.json:
            for ev in store.iter_events():
                write(msgspec.json.encode(ev).decode() + "\n")
            return OK
        # every event in the words of its time: the names as they were then (folded along)
        projection = Projection(checkpoint_every=0)
        characters: object = None
        names: dict[str, str] = {}
        out: list[str] = []
        for ev in store.iter_events():
            projection.apply(ev)
            if projection.state.characters is not characters:
                characters = projection.state.characters
                names = names_of(projection.state)
            secret = " (secret)" if ev.secret else ""
            out.append(f"{ev.seq:>6}  s{ev.session}  {ev.describe(names)}{secret}\n")
            if len(out) >= 4096:  # written as it goes
                write("".join(out))
                out.clear()
        write("".join(out))
        return OK


def cmd_export(args: argparse.Namespace) -> int:
    with _open(args, readonly=True) as opened:
        return export_cli.run_export(opened.store, args, _err)


def cmd_review(args: argparse.Namespace) -> int:
    path = _existing(args)  # the "no campaign" message when it does not exist
    from fhtagn_tui.app.app import run_app

    return run_app(path, readonly=True, review=True, session=args.session)


def cmd_check(args: argparse.Namespace) -> int:
    from fhtagn_tui.store.check import check, repair

    path = _path(args)
    report = repair(path) if args.repair else check(path)
    print(report.text())
    return OK if report.ok else PROBLEM


def cmd_roll(args: argparse.Namespace) -> int:
    from fhtagn_tui.rules.dice import Dice, DiceError, roll_expr

    dice = Dice(RandomSource(args.seed))
    expr = " ".join(args.expr)
    try:
        total = roll_expr(dice, expr, expr)
    except DiceError as exc:
        _err(str(exc))
        return PROBLEM
    faces = ", ".join(str(r.value) for r in dice.drawn)
    print(f"{expr} = {total}  [{faces}]")
    return OK


def cmd_serve(args: argparse.Namespace) -> int:
    path = _path(args)
    if not path.exists():
        _existing(args)  # raises the "no campaign" message
    try:
        from fhtagn_tui.serve import serve
    except ImportError as exc:
        _err(f"serving needs asyncssh and textual-serve ({exc.name} is missing): pip install 'fhtagn-tui[serve]'")
        return PROBLEM
    web_port = None if args.no_web else args.web_port
    return serve(campaigns.saves_dir(args.saves), args.name, path, args.host, args.ssh_port, web_port)


def cmd_rules(args: argparse.Namespace) -> int:
    from fhtagn_tui.rules.registry import load_all, sort_key

    if getattr(args, "tables", False):
        from fhtagn_tui.reference.text import all_tables_text

        print(all_tables_text())
        return OK
    rules = load_all()
    ordered = sorted(rules.values(), key=lambda r: sort_key(r.id))
    if args.json:
        sys.stdout.write(msgspec.json.encode(ordered).decode() + "\n")
        return OK
    for info in ordered:
        print(f"{info.id:<18} {info.summary}")
    print(f"{len(ordered)} rules implemented")
    return OK


# --- parser -----------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="fhtagn",
        description="A terminal session manager for horror RPG game masters. "
        "Without a subcommand, opens the app on the most recent campaign (a demo is created if there is none).",
    )
    parser.add_argument("--saves", help="the folder of campaign files (default: $FHTAGN_SAVES or ./saves)")
    parser.set_defaults(func=cmd_app)
    sub = parser.add_subparsers(title="subcommands", metavar="COMMAND")

    def add(name: str, func: object, help: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help, description=help)
        p.add_argument("--saves", help=argparse.SUPPRESS, default=argparse.SUPPRESS)
        p.set_defaults(func=func)
        return p

    p = add("open", cmd_app, "open the app on a campaign")
    p.add_argument("name")
    p.add_argument("--readonly", action="store_true", help="look without changing anything")
    p.add_argument("--player", action="store_true", help="the players' view: read-only, no GM secrets, follows live")

    p = add("new", cmd_new, "create a campaign")
    p.add_argument("name")
    p.add_argument("--system", required=True, choices=SYSTEMS)
    p.add_argument("--title", default="")

    p = add("do", cmd_do, "run commands on a campaign without the app")
    p.add_argument("name")
    p.add_argument("commands", nargs="+", metavar="CMD")
    p.add_argument("--seed", type=int, default=None, help="seed the dice (reproducible rolls)")

    p = add("script", cmd_script, "run a file of commands (one a line, # comments); stops at the first rejected line")
    p.add_argument("name")
    p.add_argument("file")
    p.add_argument("--seed", type=int, default=None)

    p = add("replay", cmd_replay, "rebuild the state from the log and print it")
    p.add_argument("name")
    p.add_argument("--until", type=int, default=None, metavar="SEQ", help="stop after event SEQ")
    p.add_argument("--json", action="store_true")

    p = add("log", cmd_log, "print the event log (filters: a search of the log)")
    p.add_argument("name")
    p.add_argument("--json", action="store_true")
    export_cli.add_log_filters(p)

    p = add("review", cmd_review, "replay a campaign in the app, read-only: step through the log, timelines, search")
    p.add_argument("name")
    p.add_argument("--session", type=int, default=None, metavar="N", help="start at the beginning of session N")

    p = add("export", cmd_export, "a readable recap of the log (Markdown or HTML), for the GM or the players")
    export_cli.add_export_arguments(p)

    p = add("check", cmd_check, "check a campaign file; --repair sets a torn tail aside (keeps a backup)")
    p.add_argument("name")
    p.add_argument("--repair", action="store_true")

    p = add("roll", cmd_roll, "roll a dice expression (1d6, 2D6+1, 3d)")
    p.add_argument("expr", nargs="+")
    p.add_argument("--seed", type=int, default=None)

    p = add("serve", cmd_serve, "serve a campaign at the table: SSH (keys in NAME.gm_keys / NAME.player_keys) and a web player view")
    p.add_argument("name")
    p.add_argument("--ssh-port", type=int, default=2222)
    p.add_argument("--web-port", type=int, default=8000)
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1; 0.0.0.0 for the table's network)")
    p.add_argument("--no-web", action="store_true", help="no web view")

    p = add("rules", cmd_rules, "list every implemented rule with its catalogue ID")
    p.add_argument("--json", action="store_true")
    p.add_argument("--tables", action="store_true", help="print every table of the GM screen instead")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code) if isinstance(exc.code, int) else USAGE
    try:
        return int(args.func(args))
    except StoreError as exc:
        _err(str(exc))
        return PROBLEM
    except OSError as exc:  # a saves folder that is a file, unreadable, a full disk …
        where = exc.filename or getattr(args, "saves", None) or "the saves folder"
        _err(f"cannot use {where}: {exc.strerror or exc}; check the path (--saves DIR or $FHTAGN_SAVES) "
             "and its permissions — nothing was changed")
        return PROBLEM
    except KeyboardInterrupt:
        return PROBLEM
    except BrokenPipeError:
        return OK


def entry() -> None:
    """The ``fhtagn`` console script: run, then leave without tearing the interpreter down.

    Everything the program wrote is fsync'd and closed by the time ``main``
    returns; skipping the interpreter's teardown of thousands of classes and
    objects saves a tenth of a second or more on every exit.
    """
    code = main()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


if __name__ == "__main__":
    entry()
