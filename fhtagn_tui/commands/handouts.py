"""Commands of whispers and handouts (issue 34): ``whisper``, ``handout``, ``handout list``.

A handout may be a file: the command names it (``GiveHandout.file``) and the Engine reads it
where the command enters (``store/text_file.py``: bounded, UTF-8 text only), its text then checked
like any typed text (``domain.text``).  Nothing here reads a file.
"""

from __future__ import annotations

import re

from fhtagn_tui.domain.features.handouts import GiveHandout, Whisper
from fhtagn_tui.domain.state import State
from fhtagn_tui.domain.text import HANDOUT, TITLE

from .language import Args, Query, command

#: The file names read as a handout's text (others are refused: a handout is text).
TEXT_SUFFIXES = (".md", ".markdown", ".txt", ".text")
#: The largest file read (bytes): the text's own bound is ``domain.text.HANDOUT`` characters.
MAX_FILE_BYTES = 4 * HANDOUT
#: A Markdown heading (``# Title``, ``## Title``): the handout's title when it has one.
_EXTENSION = re.compile(r"\.[A-Za-z0-9]{1,10}$")
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
        # read where the command enters the Engine; the title, when none is given, is the file's
        return GiveHandout(names=names, title=title or "", body="", file=what)
    return GiveHandout(names=names, title=title if title is not None else heading_of(what) or "Handout", body=what)


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
    """Whether the handout's one word names a file: a name with an extension (``letter.md``,
    ``~/notes/diary.txt``, ``map.png`` — refused then as not text), with no space unless it is a path
    (``"~/handouts/vicar letter.md"``); other words are the handout's text."""
    if _EXTENSION.search(word) is None:
        return False
    return "/" in word or not any(c.isspace() for c in word)


def heading_of(text: str) -> str:
    """The first Markdown heading of ``text`` (``# The letter`` → ``The letter``), "" when none."""
    for line in text.splitlines():
        found = _HEADING.match(line)
        if found:
            return short_title(found.group(1))
    return ""


def short_title(text: str) -> str:
    title = " ".join(text.split())
    return title if len(title) <= TITLE else title[:TITLE - 1] + "…"


__all__ = ["MAX_FILE_BYTES", "TEXT_SUFFIXES", "handouts_text", "heading_of", "short_title"]
