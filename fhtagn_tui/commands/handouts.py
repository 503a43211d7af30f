"""Commands of whispers and handouts (issue 34): ``whisper``, ``handout``, ``handout list``.

A handout may be read from a file: that is the one piece of IO here (:func:`read_handout`), done
where the typed line enters, before anything reaches the domain — bounded in size, UTF-8 text
only, its text then checked like any typed text (``domain.text``).
"""

from __future__ import annotations

import re
from pathlib import Path

from fhtagn_tui.domain.features.handouts import GiveHandout, Whisper
from fhtagn_tui.domain.state import State
from fhtagn_tui.domain.text import HANDOUT, TITLE

from .language import Args, ParseError, Query, command

#: The file names read as a handout's text (others are refused: a handout is text).
TEXT_SUFFIXES = (".md", ".markdown", ".txt", ".text")
#: The largest file read (bytes): the text's own bound is ``domain.text.HANDOUT`` characters.
MAX_FILE_BYTES = 4 * HANDOUT
#: A Markdown heading (``# Title``, ``## Title``): the handout's title when it has one.
_HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$")


def _names(raw: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in raw.split(",") if part.strip())


def _first_word(rest: str, what: str, args: Args) -> tuple[str, str]:
    """The names (the first word, or a quoted one) and the rest of a raw line."""
    if rest[:1] in ("'", '"'):
        close = rest.find(rest[0], 1)
        if close < 0:
            raise args.fail(f"{what}: a quoted name is not closed")
        return rest[1:close], rest[close + 1:].strip()
    head, _, tail = rest.partition(" ")
    return head, tail.strip()


def _unquoted(text: str) -> str:
    """``text`` without the quotes around it, when it is wholly quoted."""
    if len(text) >= 2 and text[0] == text[-1] and text[0] in ("'", '"'):
        return text[1:-1]
    return text


@command(
    "whisper",
    'whisper NAME[,NAME…] "TEXT" [secret]',
    "whisper to some players: only they (and the GM) ever read it",
    details=(
        "Only the players of the characters named see the whisper (a notice, and their Log tab); the other\n"
        "players, a watcher and the players' recap never learn it happened.  A player character the players\n"
        "know (not an NPC, not a hidden one); at most 500 characters.  'secret': the GM's alone.\n"
        "Undo takes it back like any action."
    ),
    raw_text=True,
    examples=('whisper ada "You hear your name, very softly, from the well."',
              "whisper ada,bob The doctor's hands are shaking."),
)
def _whisper(args: Args) -> Whisper:
    rest = args.rest(0).strip()
    if not rest:
        raise args.fail("whisper: to whom?")
    names, text = _first_word(rest, "whisper", args)
    text = _unquoted(text).strip()
    if not text:
        raise args.fail("whisper: what do they hear?")
    return Whisper(names=_names(names), whisper=text)


@command(
    "handout",
    "handout NAME[,NAME…] FILE|TEXT [title=TITLE] [secret]",
    "give some players a handout (a letter, a clipping: a text or Markdown file, or typed text)",
    details=(
        "FILE: a .md, .markdown, .txt or .text file (UTF-8, at most 16 KB of text); its title is its first\n"
        "Markdown heading, else its file name.  TEXT: the words themselves (quoted).  Only the players of the\n"
        "characters named see it: it opens on their screen, and their Handouts list (H) keeps it.  The other\n"
        "players, a watcher and the players' recap never learn it happened.  'handout list': those given.\n"
        "From a file: handout ada letter.md, handout ada,bob ~/handouts/diary.md title=\"The diary\""
    ),
    examples=('handout ada,bob "Meet me at the docks. — M." title="A note"',
              "handout bob \"The diary's last page is torn out.\" secret"),
)
def _handout(args: Args) -> GiveHandout:
    names = _names(args.pos(0, "NAME[,NAME…]"))
    what = args.rest(1).strip()
    if not what:
        raise args.fail("handout: which file, or what text?")
    title = args.opt("title")
    if len(args.positional) == 2 and _is_file(what):
        heading, body = read_handout(what)
    else:
        body = what
        heading = heading_of(body) or "Handout"
    return GiveHandout(names=names, title=title if title is not None else heading, body=body)


@command("handout list", "handout list", "the handouts given, and to whom")
def _handout_list(args: Args) -> Query:
    args.max_positional(0)
    return Query(run=handouts_text)


def handouts_text(state: State) -> str:
    """The handouts given, oldest first (the GM's list)."""
    if not state.handouts:
        return "No handout given yet (handout NAME FILE|TEXT)."
    lines = ["Handouts given:"]
    for i, h in enumerate(state.handouts, 1):
        who = ", ".join(state.characters[c].name if c in state.characters else c for c in h.to)
        lines.append(f"  {i}. {h.title} → {who} ({len(h.body)} characters)")
    return "\n".join(lines)


def _is_file(word: str) -> bool:
    """Whether the handout's argument names a file: a text file's name, or a file that is there."""
    if word.casefold().endswith(TEXT_SUFFIXES):
        return True
    try:
        return Path(word).expanduser().is_file()
    except (OSError, ValueError):
        return False


def heading_of(text: str) -> str:
    """The first Markdown heading of ``text`` (``# The letter`` → ``The letter``), "" when none."""
    for line in text.splitlines():
        found = _HEADING.match(line)
        if found:
            return _short_title(found.group(1))
    return ""


def _short_title(text: str) -> str:
    title = " ".join(text.split())
    return title if len(title) <= TITLE else title[:TITLE - 1] + "…"


def read_handout(name: str) -> tuple[str, str]:
    """(title, text) of the handout file ``name``: a regular text file, at most
    :data:`MAX_FILE_BYTES`, UTF-8 (a byte order mark and Windows line ends are taken off).  Refused
    with a :class:`ParseError` saying why; the text's characters are checked with the command."""
    path = Path(name).expanduser()
    if not path.name.casefold().endswith(TEXT_SUFFIXES):
        raise ParseError(f"handout: {name!r} is not a text file (a handout is a {', '.join(TEXT_SUFFIXES)} file)")
    try:
        if not path.is_file():
            raise ParseError(f"handout: no file {name!r}" + (" (a folder)" if path.is_dir() else ""))
        with path.open("rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise ParseError(f"handout: cannot read {name!r}: {exc.strerror or exc}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise ParseError(f"handout: {name!r} is larger than {MAX_FILE_BYTES // 1024} KB — a handout is at most "
                         f"{HANDOUT // 1024} KB of text")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ParseError(f"handout: {name!r} is not UTF-8 text (byte {exc.start + 1}): save it as UTF-8 text") from None
    text = text.removeprefix("\ufeff").replace("\r\n", "\n")
    if "\x00" in text:
        raise ParseError(f"handout: {name!r} is not a text file (it holds NUL bytes)")
    return heading_of(text) or _short_title(path.stem), text


__all__ = ["MAX_FILE_BYTES", "TEXT_SUFFIXES", "handouts_text", "heading_of", "read_handout"]
