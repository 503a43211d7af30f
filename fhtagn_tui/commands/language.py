"""The command language: text → Command structs.

A command is a few words naming it (``char new``, ``session start``,
``roll``), then positional arguments, ``key=value`` options and bare flags::

    char new "Dr. Ada Vance" kind=agent STR=12 CON=11 Firearms=50 bonds="Sister:12,Partner"
    test ada Firearms mod=-20 roll=47
    roll 2d6+1
    note The cellar door is nailed shut. secret

Two options work on every command that draws dice or records something:
``roll=…`` gives the dice by hand (``roll=47``, ``roll=4,7,2``; values are used
in the order the rule draws them), and the bare flag ``secret`` marks the
events GM-only.

Each command registers a :class:`CommandSpec` with :func:`command`; its
builder turns the parsed :class:`Args` into a domain Command, or a
:class:`Query` for read-only commands (``help``, ``char list``).
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import msgspec

from fhtagn_tui.domain.commands import Command
from fhtagn_tui.domain.lookup import did_you_mean
from fhtagn_tui.domain.state import State
from fhtagn_tui.domain.text import TextRefused, check_command, check_line
from fhtagn_tui.rules.dice import DiceError, parse_typed
from fhtagn_tui.rules.names import suggest

if TYPE_CHECKING:
    from fhtagn_tui.domain.events import Event
    from fhtagn_tui.domain.features.bestiary import Entry


class ParseError(ValueError):
    """A command line that cannot be understood; the message says what would be right."""


class Query(msgspec.Struct, frozen=True):
    """A read-only command: answered from the state, nothing appended."""

    run: Callable[[State], str]
    #: a query about the bestiary: called with the state and the Engine's entries instead of ``run``
    book: Callable[[State, tuple[Entry, ...]], str] | None = None
    #: a query that reads events the state points at (a request's answers): called with the state and the
    #: log's ``events_between(start_seq, stop_seq)`` instead of ``run``
    log: Callable[[State, Callable[[int, int], Sequence[Event]]], str] | None = None


class CommandSpec(msgspec.Struct, frozen=True):
    words: str  # "char new"
    usage: str  # "char new NAME [kind=KIND] [STAT=N ...] [Skill=N ...] [bonds=...]"
    summary: str  # one line
    build: Callable[[Args], Command | Query]
    details: str = ""  # more help text
    examples: tuple[str, ...] = ()
    dice: bool = False  # accepts roll=
    aliases: tuple[str, ...] = ()
    raw_text: bool = False  # the rest of the line is free text (quotes and apostrophes kept)


class Args:
    """The parsed arguments of one command line."""

    def __init__(self, spec: CommandSpec, positional: list[str], options: dict[str, str], flags: set[str]) -> None:
        self.spec = spec
        self.positional = positional
        self.options = options
        self.flags = flags
        self._used: set[str] = set()

    def fail(self, message: str) -> ParseError:
        return ParseError(f"{message}\nusage: {self.spec.usage}")

    def pos(self, index: int, name: str) -> str:
        if index >= len(self.positional):
            raise self.fail(f"{self.spec.words}: missing {name}")
        return self.positional[index]

    def pos_opt(self, index: int, default: str = "") -> str:
        return self.positional[index] if index < len(self.positional) else default

    def rest(self, start: int) -> str:
        return " ".join(self.positional[start:])

    def max_positional(self, count: int) -> None:
        if len(self.positional) > count:
            extra = " ".join(self.positional[count:])
            raise self.fail(f"{self.spec.words}: unexpected {extra!r}")

    def opt(self, key: str, default: str | None = None) -> str | None:
        self._used.add(key)
        return self.options.get(key, default)

    def dice_opt(self, key: str) -> str:
        """A dice expression option (``damage=1d6``): "" when absent; out of bounds or bad, refused here."""
        from fhtagn_tui.rules.dice import DiceError, check_expr

        raw = self.opt(key, "") or ""
        if raw:
            try:
                check_expr(raw)
            except DiceError as exc:
                raise self.fail(f"{self.spec.words}: {key}: {exc}") from None
        return raw

    def int_opt(self, key: str, default: int) -> int:
        raw = self.opt(key)
        if raw is None:
            return default
        return to_int(raw, key, self)

    def int_opt_none(self, key: str) -> int | None:
        raw = self.opt(key)
        return None if raw is None else to_int(raw, key, self)

    def flag(self, name: str) -> bool:
        self._used.add(name)
        return name in self.flags

    def remaining_options(self) -> dict[str, str]:
        """Options not read by name (e.g. STAT=N pairs)."""
        return {k: v for k, v in self.options.items() if k not in self._used}

    def check_all_used(self) -> None:
        unknown = [k for k in self.options if k not in self._used]
        if unknown:
            known = sorted(self._used)
            raise self.fail(
                f"{self.spec.words}: unknown option {unknown[0]}={self.options[unknown[0]]}"
                f"{did_you_mean(unknown[0], known)}"
            )
        stray = [f for f in self.flags if f not in self._used]
        if stray:
            raise self.fail(f"{self.spec.words}: unexpected {stray[0]!r}")


def to_int(raw: str, what: str, args: Args | None = None) -> int:
    text = raw.strip().replace("%", "")
    try:
        return int(text)
    except ValueError:
        msg = f"{what} must be a whole number, not {raw!r}"
        raise (args.fail(msg) if args else ParseError(msg)) from None


class Parsed(msgspec.Struct, frozen=True):
    command: Command | None
    query: Query | None
    dice: list[str] | None  # typed-in dice values, in draw order
    secret: bool
    text: str


SPECS: dict[str, CommandSpec] = {}
_ALIASES: dict[str, str] = {}


def command(
    words: str,
    usage: str,
    summary: str,
    details: str = "",
    examples: tuple[str, ...] = (),
    dice: bool = False,
    aliases: tuple[str, ...] = (),
    raw_text: bool = False,
) -> Callable[[Callable[[Args], Command | Query]], Callable[[Args], Command | Query]]:
    def register(build: Callable[[Args], Command | Query]) -> Callable[[Args], Command | Query]:
        if words in SPECS:
            raise RuntimeError(f"command {words!r} registered twice")
        SPECS[words] = CommandSpec(words, usage, summary, build, details, examples, dice, aliases, raw_text)
        for alias in aliases:
            _ALIASES[alias] = words
        return build

    return register


def tokenize(text: str) -> list[str]:
    try:
        return shlex.split(text, comments=False, posix=True)
    except ValueError as exc:
        raise ParseError(f"cannot read the command: {exc} (a quote is not closed?)") from None


def spec_key(tokens: Sequence[str]) -> tuple[str, int] | None:
    """The registered command the first words name (its key in SPECS, aliases followed) and how many
    words that took: the longest name first; None when they name none."""
    lowered = [t.casefold() for t in tokens[:3]]
    for n in (3, 2, 1):
        if len(lowered) >= n:
            key = " ".join(lowered[:n])
            key = _ALIASES.get(key, key)
            if key in SPECS:
                return key, n
    return None


def _find_spec(tokens: list[str]) -> tuple[CommandSpec, int]:
    found = spec_key(tokens)
    if found is not None:
        return SPECS[found[0]], found[1]
    lowered = [t.casefold() for t in tokens]
    attempt = " ".join(lowered[:2])
    names = list(SPECS) + list(_ALIASES)
    guess = did_you_mean(attempt, names) if len(lowered) > 1 and lowered[0] in _FIRST_WORDS() else ""
    guess = guess or _command_guess(lowered[0], names)
    family = sorted(w for w in SPECS if w.split()[0] == lowered[0])
    if family:
        return_hint = f" ({lowered[0]} takes: {', '.join(w.split(' ', 1)[1] for w in family if ' ' in w)})"
        raise ParseError(f"unknown command {attempt!r}{guess}{return_hint}")
    raise ParseError(f"unknown command {tokens[0]!r}{guess}; type 'help' for the list")


#: The forms of the secret flag, as the last word of a command (``secret`` may also stand anywhere).
SECRET_WORDS = frozenset({"secret", "secret.", "(secret)", "--secret", "[secret]"})


def split_secret(text: str) -> tuple[str, bool]:
    """``text`` without a trailing secret flag (any form of :data:`SECRET_WORDS`), and whether it had one."""
    head, _, last = text.rstrip().rpartition(" ")
    if last.casefold() in SECRET_WORDS:
        return head.rstrip(), True
    return text, False


#: Commands that cannot be secret: they act on what is already in the log.
NEVER_SECRET = {
    "undo": "undo takes back the last action as it was (a secret action is undone in secret)",
    "redo": "redo restores the last undone action as it was",
    "reveal": "reveal shows a secret to the players: it cannot itself be secret",
    "privacy": "what players may see is theirs to know: the setting cannot be secret",
}


def _FIRST_WORDS() -> set[str]:  # noqa: N802 - reads like the constant it is
    return {w.split()[0] for w in list(SPECS) + list(_ALIASES)}


def _command_guess(word: str, names: list[str]) -> str:
    """`` — did you mean 'test'?`` for a mistyped first word (edit distance, ``tset`` → ``test``)."""
    firsts = list(dict.fromkeys(w.split()[0] for w in names))
    guesses = suggest(word, firsts)
    if not guesses:
        return ""
    shown = [g if g in SPECS or g in _ALIASES else f"{g} …" for g in guesses]
    return " — did you mean " + " or ".join(repr(g) for g in dict.fromkeys(shown)) + "?"


def parse(text: str) -> Parsed:
    """Parse one command line (no state needed; names are checked by decide)."""
    try:
        check_line(text)
    except TextRefused as exc:
        raise ParseError(str(exc)) from None
    parsed = _parse(text)
    if parsed.command is not None:
        try:
            check_command(parsed.command)
        except TextRefused as exc:
            raise ParseError(str(exc)) from None
    if parsed.secret:
        words = " ".join(parsed.text.split()[:1]).casefold()
        if words in NEVER_SECRET:
            raise ParseError(f"{words} cannot be secret: {NEVER_SECRET[words]}")
    return parsed


def _parse(text: str) -> Parsed:
    load_all()
    stripped = text.strip()
    if stripped.startswith(":"):
        stripped = stripped[1:].strip()
    if not stripped:
        raise ParseError("empty command; type 'help' for the list")
    spec, used = _find_spec(stripped.split())
    if spec.raw_text:
        return _parse_raw(spec, stripped, used)
    body, secret = split_secret(stripped)
    tokens = tokenize(body)
    positional: list[str] = []
    options: dict[str, str] = {}
    flags: set[str] = set()
    dice: list[str] | None = None
    for token in tokens[used:]:
        if "=" in token and not token.startswith("="):
            key, value = token.split("=", 1)
            key = key.strip()
            if key.casefold() in ("roll", "dice"):
                if not spec.dice:
                    raise ParseError(f"{spec.words} draws no dice, so roll= does not apply\nusage: {spec.usage}")
                try:
                    dice = parse_typed(value)
                except DiceError as exc:
                    raise ParseError(str(exc)) from None
                if not dice:
                    raise ParseError("roll= needs the values shown on the dice, e.g. roll=47 or roll=3,5,6")
                continue
            if key in options:
                raise ParseError(f"{key}= is given twice\nusage: {spec.usage}")
            options[key] = value
        elif token.casefold() in ("secret", "--secret"):
            secret = True
        elif token.startswith("--") and len(token) > 2:
            flags.add(token[2:].casefold())
        else:
            positional.append(token)
    args = Args(spec, positional, options, flags)
    built = spec.build(args)
    args.check_all_used()
    if isinstance(built, Query):
        if dice is not None or secret:
            raise ParseError(f"{spec.words} only shows things; roll= and secret do not apply")
        return Parsed(command=None, query=built, dice=None, secret=False, text=stripped)
    return Parsed(command=built, query=None, dice=dice, secret=secret, text=stripped)


def build(words: str, positional: Sequence[str] = (), options: Sequence[tuple[str, str]] = (),
          flags: Sequence[str] = ()) -> Command:
    """The command ``words`` (a registered name) builds from its arguments handed over one by one —
    what :func:`parse` reads off a line after splitting it, with no line: nothing to quote, nothing
    read twice (the forms' way to a typed command).  The same checks as :func:`parse`; raises
    :class:`ParseError` as it does."""
    load_all()
    spec = SPECS[words]
    if spec.raw_text:
        raise ParseError(f"{words} takes its text whole: give it a line")
    given: dict[str, str] = {}
    for key, value in options:
        if key in given:
            raise ParseError(f"{key}= is given twice\nusage: {spec.usage}")
        given[key] = value
    args = Args(spec, list(positional), given, {f.casefold() for f in flags})
    built = spec.build(args)
    args.check_all_used()
    if isinstance(built, Query):
        raise ParseError(f"{words} only shows things")
    try:
        check_command(built)
    except TextRefused as exc:
        raise ParseError(str(exc)) from None
    return built


def _parse_raw(spec: CommandSpec, text: str, used: int) -> Parsed:
    words = text.split(None, used)
    rest = words[used] if len(words) > used else ""
    tail = rest.rsplit(None, 1)
    secret = bool(tail) and tail[-1].casefold() in SECRET_WORDS
    if secret:
        rest = tail[0] if len(tail) > 1 else ""
    args = Args(spec, [rest] if rest else [], {}, set())
    built = spec.build(args)
    if isinstance(built, Query):
        return Parsed(command=None, query=built, dice=None, secret=False, text=text)
    return Parsed(command=built, query=None, dice=None, secret=secret, text=text)


_loaded = False


def load_all() -> None:
    """Import every command module (they register their specs)."""
    global _loaded
    if _loaded:
        return
    import importlib
    import pkgutil

    import fhtagn_tui.commands as pkg

    for mod in pkgutil.iter_modules(pkg.__path__):
        if mod.name != "language":
            importlib.import_module(f"fhtagn_tui.commands.{mod.name}")
    _loaded = True


#: The command modules of one system's rules (the rest work in every system, or say so in their summary).
MODULE_SYSTEMS: dict[str, str] = {
    "hazards": "fhtagn", "sanity": "fhtagn", "healing": "fhtagn", "requisition": "fhtagn",
    "coc_combat": "coc7", "coc_insanity": "coc7", "coc_tomes": "coc7", "chase": "coc7",
    "fright": "gurps",
}
#: How a command's summary names the one system it belongs to, at its start or its end.
MARKS: dict[str, tuple[str, ...]] = {"fhtagn": ("FHTAGN",), "coc7": ("CoC", "a CoC"), "gurps": ("GURPS", "a GURPS")}
SYSTEM_NAMES = {"fhtagn": "FHTAGN", "coc7": "Call of Cthulhu 7e", "gurps": "GURPS"}


def command_system(spec: CommandSpec) -> str:
    """The system a command belongs to ("" when it works in every system)."""
    module = spec.build.__module__.rsplit(".", 1)[-1]
    if module in MODULE_SYSTEMS:
        return MODULE_SYSTEMS[module]
    summary = spec.summary
    for system, marks in MARKS.items():
        name = marks[0]
        if summary.startswith(marks) or summary.rstrip(")").endswith((f"({name}", f"({name} 7e")):
            return system
    return ""


def help_text(topic: str = "", system: str = "") -> str:
    """The list of commands (``system``: only those that work in that system's campaigns, issue 31),
    or one command's help."""
    load_all()
    if not topic or topic.casefold() == "all":
        shown = sorted(w for w in SPECS if not system or command_system(SPECS[w]) in ("", system))
        width = max(len(w) for w in shown)
        lines = ["Commands (help COMMAND for more; roll=… types dice in, 'secret' hides from players):"]
        if system:
            lines[0] = (f"Commands of a {SYSTEM_NAMES.get(system, system)} campaign ('help all' lists every "
                        "system's; help COMMAND for more; roll=… types dice in, 'secret' hides from players):")
        for words in shown:
            lines.append(f"  {words.ljust(width)}  {SPECS[words].summary}")
        lines.append("  undo / redo           take back / restore the last action")
        return "\n".join(lines)
    key = " ".join(topic.casefold().split())
    key = _ALIASES.get(key, key)
    spec = SPECS.get(key)
    if spec is None:
        family = sorted(w for w in SPECS if w.split()[0] == key)
        if family:
            return "\n\n".join(help_text(w) for w in family)
        raise ParseError(f"no command {topic!r}{did_you_mean(key, SPECS)}; type 'help' for the list")
    out = [f"{spec.words} — {spec.summary}", f"usage: {spec.usage}"]
    if spec.details:
        out.append(spec.details)
    if spec.dice:
        out.append("Dice: rolled by the app, or typed in with roll=VALUES in the order the rule draws them.")
    if spec.examples:
        out.append("examples:\n" + "\n".join(f"  {e}" for e in spec.examples))
    return "\n".join(out)
