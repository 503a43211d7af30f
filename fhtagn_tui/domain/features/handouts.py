"""Whispers and handouts (issue 34): words and pages for some players' eyes only.

``whisper ada,bob "text"`` writes a :class:`Whispered`; ``handout ada FILE|TEXT`` a
:class:`HandoutGiven` (a letter, a clipping, a page of a diary: its title and its text, plain or
Markdown), kept in ``State.handouts`` so its readers can open it again.  Both are events like any
other (review, undo and redo work on them), but **addressed** (``Event.addressed = "to"``): the
public projection (``domain.public.PublicLog(viewer=…)``) tells one to a player bound to a
character it is given to, and to nobody else — another player, a watcher and the players' recap
never learn it happened.  Given in secret (``secret``, ``ctrl+g``) it is the GM's alone.

Only player characters the players know by their numbers may be addressed (not an NPC, not a
hidden character).  The text is checked where it enters (``domain.text``: no control, bidi or
zero-width characters; a whisper up to 500 characters, a handout's text up to 16 KB); a handout
read from a file is read where the command enters the Engine (``service``), never here.
"""

from msgspec.structs import replace

from fhtagn_tui.rules.dice import Dice

from ..commands import Command
from ..decide import Rejected, decider, evolver
from ..events import Event
from ..lookup import find_character
from ..state import Character, Handout, State

#: The most characters one whisper or handout may address.
MAX_TO = 16


def _who(names: dict[str, str], to: tuple[str, ...]) -> str:
    return ", ".join(names.get(t, t) for t in to)


class Whispered(Event):
    kind_label = "whisper"
    addressed = "to"
    to: tuple[str, ...]  # the character ids it is whispered to
    text: str

    def describe(self, names: dict[str, str]) -> str:
        return f"The GM whispers to {_who(names, self.to)}: {self.text}"


class HandoutGiven(Event):
    kind_label = "handout"
    addressed = "to"
    free_text = Event.free_text | {"body"}  # the handout's text refers to nothing, whatever it says
    to: tuple[str, ...]  # the character ids it is given to
    title: str
    body: str

    def describe(self, names: dict[str, str]) -> str:
        return f"The GM gives {_who(names, self.to)} a handout: {self.title}"

    def handout(self) -> Handout:
        return Handout(to=self.to, title=self.title, body=self.body)


class Whisper(Command):
    """Whisper ``whisper`` to the players of ``names``."""

    label = "whisper"
    names: tuple[str, ...]
    whisper: str


class GiveHandout(Command):
    """Give the players of ``names`` a handout (its text ``body``, read from a file or typed).

    ``file``: the text file the GM named, read into ``body`` (and ``title``, when none was given)
    where the command enters the Engine (``service``: the domain reads no file).  A command whose
    file was not read is refused."""

    label = "handout"
    names: tuple[str, ...]
    title: str
    body: str
    file: str = ""


def addressees(state: State, names: tuple[str, ...], what: str) -> tuple[str, ...]:
    """The ids of the player characters ``names`` name (each once, in order); refused: an unknown
    name, an NPC, a hidden character, too many."""
    found: list[Character] = []
    for name in names:
        char = find_character(state, name)
        if char.hidden:
            raise Rejected(f"{char.name} is hidden from the players: a {what} goes to the characters they know")
        if not char.is_pc:
            raise Rejected(f"{char.name} is not a player character: a {what} goes to the players' characters")
        if char not in found:
            found.append(char)
    if not found:
        raise Rejected(f"a {what} to whom? name one player character or more (ada,bob)")
    if len(found) > MAX_TO:
        raise Rejected(f"one {what} goes to at most {MAX_TO} characters")
    return tuple(c.id for c in found)


@decider(Whisper)
def _whisper(state: State, cmd: Whisper, dice: Dice) -> list[Event]:
    to = addressees(state, cmd.names, "whisper")
    text = cmd.whisper.strip()
    if not text:
        raise Rejected('a whisper needs some words: whisper NAME "text"')
    return [Whispered(to=to, text=text)]


@decider(GiveHandout)
def _handout(state: State, cmd: GiveHandout, dice: Dice) -> list[Event]:
    if cmd.file:
        raise Rejected(f"handout: the file {cmd.file!r} was not read (a handout's file is read as it is run)")
    to = addressees(state, cmd.names, "handout")
    body = cmd.body.strip("\n")
    if not body.strip():
        raise Rejected("a handout needs some text: handout NAME FILE|TEXT")
    title = " ".join(cmd.title.split()) or "Handout"
    return [HandoutGiven(to=to, title=title, body=body)]


@evolver(HandoutGiven)
def _ev_handout(state: State, ev: HandoutGiven) -> State:
    return replace(state, handouts=(*state.handouts, ev.handout()))


def handouts_of(state: State, character: str) -> tuple[Handout, ...]:
    """The handouts given to ``character`` (an id), oldest first."""
    return tuple(h for h in state.handouts if character in h.to)


__all__ = ["MAX_TO", "GiveHandout", "HandoutGiven", "Whisper", "Whispered", "addressees", "handouts_of"]
