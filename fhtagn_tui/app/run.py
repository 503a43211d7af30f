"""The one type of "run a command" that forms and tabs are handed, and how a form's choices become
a typed command.

A form builds a typed :class:`~fhtagn_tui.domain.commands.Command` and hands it to a :class:`Run`
(the app's ``run_recorded``, or ``submit_recorded`` when the message line says a refusal too), which
runs it through ``Door.run(command, typed=…, secret=…)``: the secret switch (ctrl+g) and a form's
own "secret" travel as ``secret=``, never as a word added to a line parsed again.

Where a form has the command's struct at hand it builds it (the fight keys, the fighters and
bestiary forms, push, Luck, development, the chase, character and requisition forms).  Where the
command's own builder holds the meaning of its words (the act form and ``t``, the Ask dialog, the
opposed and combined rolls, the Sanity dialog) the form sets a :class:`Line` — the command's name
and its words and options one by one — and the command is built from those parts by that builder
(``commands.language.build``, what the parser does after splitting a line): its :meth:`Line.text`
is for the GM's eyes only, and ``tests/app/test_forms_typed.py`` checks that it reads back as the
same command.  Only a line taken whole (a note; the owed list's reaction, written by the domain)
is read by the parser, once: :func:`command_of`, :func:`run_line`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from fhtagn_tui.rules.quoting import opt, quote

if TYPE_CHECKING:
    from fhtagn_tui.commands import Parsed
    from fhtagn_tui.domain.commands import Command
    from fhtagn_tui.domain.events import Event

__all__ = ["Line", "Part", "Run", "command_of", "dice_of", "line", "run_line"]


class Run(Protocol):
    """Runs a command (``typed``: the dice typed in; ``secret``: the GM's eyes only); returns
    (the refusal or None, the events it wrote)."""

    def __call__(self, command: Command, typed: Sequence[int | str] | None = None,
                 secret: bool = False) -> tuple[str | None, list[Event]]: ...


#: One part of a line after the command's name: a word (``--name`` a flag), or an option (key, value).
Part = str | tuple[str, str]


def _flag(part: str) -> bool:
    return part.startswith("--") and len(part) > 2  # as the parser tells a flag


@dataclass(frozen=True)
class Line:
    """A command as a form sets it: the command's registered name and its parts, one by one.  Its
    :meth:`text` is for display (the line a GM would type); its :meth:`command` is built from the
    same parts by the command's own builder — nothing is quoted and read back, so the two agree."""

    words: str
    parts: tuple[Part, ...] = ()

    def text(self) -> str:
        """The line a GM would type (each word quoted as the tokenizer reads it back)."""
        shown = [self.words]
        for part in self.parts:
            if isinstance(part, tuple):
                shown.append(opt(*part))
            else:
                shown.append(part if _flag(part) else quote(part))
        return " ".join(shown)

    def command(self) -> Command:
        """The typed command (raises ``ParseError`` as the line would)."""
        from fhtagn_tui.commands.language import build  # (loaded with the first line run)

        words = [p for p in self.parts if isinstance(p, str) and not _flag(p)]
        flags = [p[2:] for p in self.parts if isinstance(p, str) and _flag(p)]
        options = [p for p in self.parts if isinstance(p, tuple)]
        return build(self.words, words, options, flags)


def line(words: str, *parts: Part | None) -> Line:
    """A :class:`Line`; parts given as None (or "") are left out."""
    return Line(words, tuple(p for p in parts if p))


def command_of(text: str) -> tuple[Command, list[str] | None, bool]:
    """The typed command a line stands for, its typed dice (``roll=``) and whether it says
    ``secret``.  Raises ``ParseError`` (also for a line that only shows things)."""
    from fhtagn_tui.commands import ParseError

    parsed = _read(text)
    if parsed.command is None:
        raise ParseError(f"{text!r} only shows things")
    return parsed.command, parsed.dice, parsed.secret


def run_line(run: Run, text: str, secret: bool = False) -> tuple[str | None, list[Event]]:
    """Read ``text`` into its typed command once and run that — secret when the line says so or
    ``secret`` is set: (the refusal or None, the events).  A line that only shows things does
    nothing here (as ``Door.execute``'s answer, unread)."""
    from fhtagn_tui.commands import ParseError

    try:
        parsed = _read(text)
    except ParseError as exc:
        return str(exc), []
    if parsed.command is None:
        return None, []
    return run(parsed.command, parsed.dice, secret or parsed.secret)


def _read(text: str) -> Parsed:
    # the command language loads with the first line run, not at start-up
    from fhtagn_tui.commands import ParseError, parse

    try:
        return parse(text)
    except ParseError:
        raise
    except (OverflowError, ValueError, RecursionError) as exc:  # as Engine.execute reads a line
        raise ParseError(f"{text[:60]!r} cannot be read ({type(exc).__name__}: {str(exc)[:120]})") from None


def dice_of(raw: str) -> list[str] | None:
    """The dice a form's field types in (``"4,7"``, ``"3 5 6"``), as ``roll=`` reads them; None when
    the field is empty.  Raises ``DiceError`` with the parser's words."""
    from fhtagn_tui.rules.dice import DiceError, parse_typed

    if not raw.strip():
        return None
    dice = parse_typed(raw)
    if not dice:
        raise DiceError("roll= needs the values shown on the dice, e.g. roll=47 or roll=3,5,6")
    return dice
