"""The ``fhtagn`` command.

Exit codes: 0 ok, 1 a command was rejected or a problem was found, 2 usage.
"""

from __future__ import annotations

from fhtagn_tui.domain.replay import gc_paused

# The domain's imports allocate many objects and free none: the collector rests while they load
# (as in app/app.py: start-up time); what they made lives as long as the process: frozen, later
# collections skip it.
with gc_paused(freeze=True):
    import argparse
    import errno
    import os
    import sys
    from collections.abc import Sequence
    from pathlib import Path

    import msgspec

    from fhtagn_tui import campaigns
    from fhtagn_tui.commands import ParseError
    from fhtagn_tui.domain.decide import Rejected
    from fhtagn_tui.domain.history import fold
    from fhtagn_tui.domain.replay import Projection, names_of
    from fhtagn_tui.domain.state import SYSTEMS
    from fhtagn_tui.domain.text import visible
    from fhtagn_tui.door import Door, StoreError, open_campaign
    from fhtagn_tui.export import cli as export_cli
    from fhtagn_tui.rules.dice import RandomSource

OK, PROBLEM, USAGE = 0, 1, 2


def _err(message: str) -> None:
    print(f"fhtagn: {visible(message)}", file=sys.stderr)  # no control character reaches the terminal


def _path(args: argparse.Namespace) -> Path:
    return campaigns.campaign_path(campaigns.saves_dir(args.saves), args.name)


def _existing(args: argparse.Namespace) -> Path:
    path = _path(args)
    if not path.exists():
        known = ", ".join(campaigns.campaign_name(p) for p in campaigns.list_campaigns(path.parent)) or "none"
        raise StoreError(f"no campaign {args.name!r} in {path.parent}/ (campaigns there: {known}); "
                         f"create one with: fhtagn new {args.name} --system fhtagn|coc7|gurps")
    return path


def _open(args: argparse.Namespace, readonly: bool, seed: int | None = None) -> Door:
    """The campaign's door, folded from its start-up snapshot when it matches (the one way to open)."""
    door = open_campaign(_existing(args), readonly, source=RandomSource(seed) if not readonly else None)
    for warning in door.warnings:  # a torn tail: what is shown leaves it out; say so, and how to repair
        _err(f"warning: {warning}")
    return door


def _terminal_problem() -> str:
    """Why the app cannot run here ("" when stdin and stdout are a terminal)."""
    if not sys.stdin.isatty():
        return "its input is not a terminal"
    if not sys.stdout.isatty():
        return "its output is not a terminal (piped or redirected)"
    return ""


# --- subcommands ------------------------------------------------------------------


def cmd_app(args: argparse.Namespace) -> int:
    saves = campaigns.saves_dir(args.saves)
    served = getattr(args, "served", False)
    if getattr(args, "name", None):
        named = campaigns.campaign_path(saves, args.name)
        if not named.exists():
            _err(f"no campaign {args.name!r} in {saves}/; create it with: fhtagn new {args.name} --system fhtagn")
            return PROBLEM
        path: Path | None = named
    else:
        path = None
        if saves.exists() and not saves.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, "it is not a folder", str(saves))
    web = served and bool(os.environ.get("TEXTUAL_DRIVER"))  # a browser tab's app speaks on pipes
    if not web and (problem := _terminal_problem()):
        _err(f"the app is full-screen and needs a terminal, but {problem}; for output that can be piped use "
             "`fhtagn log`, `fhtagn replay` or `fhtagn export`")
        return USAGE
    if path is None:
        path = campaigns.default_campaign(saves)  # the demo is made here if there is none
    from fhtagn_tui.app.app import run_app

    return run_app(path, readonly=getattr(args, "readonly", False), player=getattr(args, "player", False),
                   served=served, character=getattr(args, "as_character", "") or "",
                   who=getattr(args, "who", "") or "")


def cmd_list(args: argparse.Namespace) -> int:
    import time

    saves = campaigns.saves_dir(args.saves)
    found = campaigns.list_campaigns(saves)
    if not found:
        print(f"no campaigns in {saves}/; create one with: fhtagn new NAME --system fhtagn|coc7|gurps")
        return OK
    rows = [("NAME", "SYSTEM", "EVENTS", "SESSIONS", "LAST PLAYED")]
    for path in found:
        name = campaigns.campaign_name(path)
        played = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
        try:
            count, first, last, warnings = Door.summary(path)
            torn = " (torn: fhtagn check --repair)" if warnings else ""
        except StoreError:
            rows.append((name, "?", "?", "?", f"{played} (unreadable: fhtagn check {name})"))
            continue
        system = str(getattr(first, "system", "?")) if first is not None else "?"
        sessions = str(max(0, last.session)) if last is not None else "0"
        rows.append((name, system, str(count), sessions, played + torn))
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    for row in rows:
        print("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row[:4])) + "  " + row[4])
    return OK


def cmd_new(args: argparse.Namespace) -> int:
    path = _path(args)
    if path.exists():
        _err(f"{path} already exists; nothing was changed")
        return PROBLEM
    try:
        campaigns.create_campaign(path, args.system, args.title or "").close()
    except Rejected as exc:  # the title's text refused (control or invisible characters, length)
        _err(f"{exc}; nothing was changed")
        return PROBLEM
    print(f"created {path} ({args.system})")
    return OK


def _run_lines(door: Door, lines: Sequence[tuple[int, str]], source_name: str) -> int:
    for lineno, text in lines:
        try:
            outcome = door.execute(text)
        except (ParseError, Rejected) as exc:
            where = f"{source_name} line {lineno}: " if source_name else ""
            _err(f"{where}{text!r} rejected: {exc}")
            return PROBLEM
        for line in outcome.lines(door.names):
            print(line)
    return OK


def cmd_do(args: argparse.Namespace) -> int:
    with _open(args, readonly=False, seed=args.seed) as door:
        return _run_lines(door, list(enumerate(args.commands, 1)), "")


def cmd_script(args: argparse.Namespace) -> int:
    try:
        text = Path(args.file).read_text(encoding="utf-8")
    except OSError as exc:
        _err(f"cannot read {args.file}: {exc.strerror}")
        return USAGE
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)]
    lines = [(n, line) for n, line in lines if line and not line.startswith("#")]
    with _open(args, readonly=False, seed=args.seed) as door:
        return _run_lines(door, lines, args.file)


def cmd_replay(args: argparse.Namespace) -> int:
    with _open(args, readonly=True) as door:
        state = door.state
        count = door.seq
        if args.until is not None and args.until < count:  # an earlier point: the log folded up to it
            count = max(0, args.until)
            state = fold(door.events_between(1, count + 1))
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
    with _open(args, readonly=True) as door:
        flt = export_cli.log_filter(args)
        if not flt.empty:  # --character/--type/--rule/--text/--session: a TinyDB search
            return door.print_filtered(flt, args.json, _err)
        write = sys.stdout.write
        if args.json:
            for ev in door.iter_events():
                write(msgspec.json.encode(ev).decode() + "\n")
            return OK
        # every event in the words of its time: the names as they were then (folded along)
        projection = Projection(checkpoint_every=0)
        characters: object = None
        names: dict[str, str] = {}
        out: list[str] = []
        for ev in door.iter_events():
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
    with _open(args, readonly=True) as door:
        return door.export(args, _err)


def cmd_import(args: argparse.Namespace) -> int:
    from fhtagn_tui.importers import MAX_INPUT, ImportError_, plan

    source = "the standard input" if args.file == "-" else args.file
    try:
        if args.file == "-":
            raw = sys.stdin.buffer.read(MAX_INPUT + 1)
        else:
            with open(args.file, "rb") as f:
                raw = f.read(MAX_INPUT + 1)
    except OSError as exc:
        _err(f"cannot read {args.file}: {exc.strerror or exc}; nothing was changed")
        return USAGE
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")  # a PDF's text saved in an old code page
    try:
        p = plan(text, source=source, fight=args.fight, as_template=args.as_template)
    except ImportError_ as exc:
        _err(f"{source}: {exc}")
        return PROBLEM
    what = f"({p.kind})" + (" as templates (bestiary entries for 'npc add')" if args.as_template else "")
    with _open(args, readonly=args.dry_run) as door:
        try:
            # the dry run decides exactly as the import does (the same checks, the same refusals)
            events = door.check(p.command) if args.dry_run else door.run(p.command)
        except Rejected as exc:
            _err(f"{source}: {exc}; nothing was changed")
            return PROBLEM
        print("\n".join(p.report))
        if args.dry_run:
            print(f"(dry run: {len(p.command.entries)} {what} to import, {len(events)} events; nothing changed)"
                  .replace(f"{len(p.command.entries)} ({p.kind})", f"{len(p.command.entries)} {p.kind}", 1))
            return OK
        print(f"imported {len(p.command.entries)} {what} in one action, {len(events)} events "
              f"('fhtagn do {args.name} undo' takes it all back)")
        return OK


def cmd_char(args: argparse.Namespace) -> int:
    from fhtagn_tui.domain.lookup import find_character
    from fhtagn_tui.importers.native import encode
    from fhtagn_tui.importers.writer import write_block

    with _open(args, readonly=True) as door:
        try:
            char = find_character(door.state, args.character)
        except Rejected as exc:
            _err(str(exc))
            return PROBLEM
        text = (write_block(door.state, char) if args.format == "statblock" else encode(door.state, char)) + "\n"
    if args.output:
        from fhtagn_tui.private import open_text

        try:
            with open_text(Path(args.output)) as out:  # mode 600 when new
                out.write(text)
        except OSError as exc:
            _err(f"cannot write {args.output}: {exc.strerror or exc}")
            return USAGE
        print(f"wrote {args.output}")
    else:
        sys.stdout.write(text)
    return OK


def cmd_review(args: argparse.Namespace) -> int:
    path = _existing(args)  # the "no campaign" message when it does not exist
    if args.session is not None:
        from fhtagn_tui.domain.features.campaign import SessionStarted

        with _open(args, readonly=True) as door:
            numbers = [ev.number for ev in door.iter_events() if isinstance(ev, SessionStarted)]
        if args.session not in numbers:
            known = ", ".join(str(n) for n in numbers) or "none yet"
            _err(f"campaign {args.name!r} has no session {args.session} (sessions: {known})")
            return PROBLEM
    if problem := _terminal_problem():
        _err(f"review is full-screen and needs a terminal, but {problem}; for output that can be piped use "
             "`fhtagn log` or `fhtagn export`")
        return USAGE
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
    from fhtagn_tui.serve.limits import Limits

    web_port = None if args.no_web else args.web_port
    players = []
    for spec in args.player_key:
        character, sep, keyfile = spec.partition("=")
        if not sep or not character.strip() or not keyfile.strip():
            _err(f"--player takes CHARACTER=KEYFILE (e.g. ada=alice.pub), not {spec!r}")
            return USAGE
        try:
            import asyncssh

            key = asyncssh.read_public_key(keyfile)
        except (OSError, ValueError) as exc:
            _err(f"--player {character}: cannot read the public key {keyfile!r}: {exc}")
            return PROBLEM
        players.append((character.strip()[:64], key, Path(keyfile).name.removesuffix(".pub")[:32]))
    limits = Limits(max_connections=args.max_connections, max_per_key=args.max_per_key, max_web=args.max_web,
                    login_timeout=args.login_timeout, input_rate=args.input_rate,
                    input_burst=max(args.input_rate, Limits.input_burst))
    return serve(campaigns.saves_dir(args.saves), args.name, path, args.host, args.ssh_port, web_port, limits,
                 args.new_web_token, tuple(args.web_origin), tuple(players))


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


def cmd_keys(args: argparse.Namespace) -> int:
    """Every key of the app by binding id, default and in use; or a keymap file checked."""
    from fhtagn_tui.app import keymap

    if args.check:
        if not Path(args.check).is_file():
            print(visible(f"fhtagn: {args.check}: no such keymap file"), file=sys.stderr)
            return PROBLEM
        user = keymap.load([Path(args.check)])
        for problem in user.problems:
            print(visible(str(problem)))
        if not user.problems:
            print(visible(f"{args.check}: fine, {len(user.keys)} key(s) moved"))
        return PROBLEM if user.problems else OK
    paths = keymap.keymap_paths(campaigns.saves_dir(args.saves))
    user = keymap.load(paths)
    for line in keymap.listing(user):
        print(line)
    for path in paths:
        state = "read" if path in user.files else "none"
        print(visible(f"keymap file ({state}): {path}"))
    for problem in user.problems:
        print(visible(f"problem: {problem}"))
    return PROBLEM if user.problems else OK


# --- parser -----------------------------------------------------------------------

IMPORT_FORMATS = """accepted formats (one file or paste may hold many stat blocks: an NPC appendix):

  Call of Cthulhu 7e stat block:
    Constable Abel Marsh, village policeman
    STR 65 CON 60 SIZ 70 DEX 55 INT 60 APP 50 POW 45 EDU 55 SAN 45 HP 13
    DB +1D4 Build 1 Move 7 MP 9
    Fighting (Brawl) 50% (25/10), damage 1D3+DB
    .38 revolver 40% (20/8), damage 1D10
    Dodge 27% (13/5)
    Skills: Law 35%, Listen 45%, Spot Hidden 50%.
    Languages: English 55%, Latin 20%
    Spells: Cloud Memory.
    Armour: 1-point thick coat.  Sanity loss: 0/1D3.

  FHTAGN / Delta Green family stat block:
    AGENT DANA WHITFIELD, FBI (rogue)
    STR 12 CON 11 DEX 13 INT 14 POW 12 CHA 10
    HP 12 WP 12 SAN 48 BP 38
    SKILLS: Alertness 55%, Firearms 60%, Unarmed Combat 50%.
    ATTACKS: Glock 22 55%, damage 1D10.  Engulf 50%, damage 2D6, Lethality 20%
    Armor: 3 (Kevlar vest).  SAN loss: 1/1D6

  GURPS stat block:
    Night Porter
    ST 12 DX 11 IQ 10 HT 11; HP 12 Will 10 Per 10 FP 11; Basic Speed 5.50; Move 5
    Dodge 8 Parry 9 Block 9
    Skills: Brawling-13; Guns (Pistol)-12.
    Attacks: Punch (13): 1d-1 cr; .357 Magnum (12): 3d-1 pi+
    DR 1 (leather jacket).  Fright Check -2

  Dhole's House investigator (JSON):   {"Investigator": {"PersonalDetails": {...}, ...}}
  A character exported by fhtagn (JSON): fhtagn char export NAME CHARACTER --format json

Suspicious text is refused, never guessed: a letter in a number (CON 6O), a number out
of range. Every block of one import is one action: 'fhtagn do NAME undo' takes it back.
'fhtagn char export NAME CHARACTER --format statblock' writes a block that imports back.
"""


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 1 <= value <= 1_000_000:
        raise argparse.ArgumentTypeError(f"{value} is out of range (1 to 1000000)")
    return value



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
    p.add_argument("--served", action="store_true", help=argparse.SUPPRESS)  # started by `serve`: no screenshots
    p.add_argument("--as", dest="as_character", default="", metavar="CHARACTER",
                   help="with --player: the player's own character (its sheet, the rolls asked of it)")
    p.add_argument("--who", default="", help=argparse.SUPPRESS)  # the key label answers are signed with

    add("list", cmd_list, "list the campaigns in the saves folder: name, system, events, sessions, last played")

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

    p = add("import", cmd_import, "import stat blocks (CoC 7e, FHTAGN, GURPS), a Dhole's House investigator or "
            "an exported character into a campaign, in one undoable action")
    p.formatter_class = argparse.RawDescriptionHelpFormatter
    p.epilog = IMPORT_FORMATS
    p.add_argument("name")
    p.add_argument("file", help="a text or JSON file, or - for the standard input")
    p.add_argument("--fight", action="store_true", help="also put them into the running fight")
    p.add_argument("--dry-run", action="store_true",
                   help="the import's own checks, nothing changed: the same report and exit code as the import")
    p.add_argument("--as-template", action="store_true",
                   help="keep them as the campaign's templates (bestiary entries for 'npc add'), no characters")

    p = add("char", cmd_char, "a character of a campaign: char export NAME CHARACTER [--format statblock|json] "
            "[-o FILE] — a block in the system's usual layout or JSON, both read back by 'fhtagn import'")
    p.add_argument("action", choices=["export"])
    p.add_argument("name")
    p.add_argument("character")
    p.add_argument("--format", choices=["json", "statblock"], default="json",
                   help="json (everything, the default) or statblock (the system's stat-block layout)")
    p.add_argument("-o", "--output", default=None, help="write it to FILE instead of printing it")

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
    p.add_argument("--new-web-token", action="store_true",
                   help="replace the web view's secret link (NAME.web_token); links handed out before stop working")
    p.add_argument("--web-origin", action="append", default=[], metavar="URL",
                   help="another origin allowed to open the web view's websocket (e.g. behind a proxy)")
    p.add_argument("--max-connections", type=_positive, default=16, metavar="N",
                   help="connections at once, SSH (logged in or not) and web together (default 16)")
    p.add_argument("--max-per-key", type=_positive, default=4, metavar="N",
                   help="SSH connections logged in at once with one key, each with at most one app "
                        "(default 4)")
    p.add_argument("--max-web", type=_positive, default=8, metavar="N", help="web views at once (default 8)")
    p.add_argument("--login-timeout", type=_positive, default=10, metavar="S",
                   help="seconds an SSH client has to log in (default 10)")
    p.add_argument("--input-rate", type=_positive, default=2048, metavar="B",
                   help="bytes a second one connection may type into its app (default 2048; bursts of 8 KiB)")
    p.add_argument("--player", dest="player_key", action="append", default=[], metavar="CHARACTER=KEYFILE",
                   help="a player key bound to a character (e.g. ada=alice.pub): that player sees its sheet and answers rolls")

    p = add("keys", cmd_keys, "list every key of the app by binding id (default and in use: your keymap.toml in "
            "$XDG_CONFIG_HOME/fhtagn-tui/ and the saves folder); --check FILE checks a keymap file")
    p.add_argument("--check", metavar="FILE", default="", help="check this keymap file only and report what is wrong")

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
    except BrokenPipeError:  # `fhtagn log NAME | head`: the reader has had enough
        _quiet_stdout()
        return OK
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


def _quiet_stdout() -> None:
    """Point stdout at /dev/null: what is still buffered for a closed pipe goes nowhere, quietly."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def entry() -> None:
    """The ``fhtagn`` console script: run, then leave without tearing the interpreter down.

    Everything the program wrote is fsync'd and closed by the time ``main``
    returns; skipping the interpreter's teardown of thousands of classes and
    objects saves a tenth of a second or more on every exit.
    """
    from fhtagn_tui.private import owner_only

    owner_only()  # files written outside fhtagn_tui.private (a screenshot) are the owner's only too
    code = main()
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _quiet_stdout()
    except (OSError, ValueError):
        pass
    try:
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    os._exit(code)


if __name__ == "__main__":
    entry()
