"""The players' answers channel: ``saves/NAME.inbox``, read only by the writer.

A player's app cannot write the campaign log.  To answer a roll request it appends one line
(:class:`Answer`: the request number, its own character, its key's label, the dice typed or
none) to the campaign's inbox; the writer (the GM's app) follows the file and runs each answer
through the Engine (``fhtagn_tui.answers``), which accepts only an open request addressed to
that character.  Nothing else can travel through it: a line is an ``Answer`` or it is refused.
An ``Answer`` with a reason (``w``, number 0) asks the GM to push the character's failed roll (COC-DICE-06):
the GM confirms it with ``push`` (the writer records the request, never the roll).

Bounds: a line is at most :data:`MAX_LINE` bytes, the file at most :data:`MAX_FILE` bytes
(a sender is refused past it: a flood fills the inbox, not the disk), mode 600, opened with
``O_NOFOLLOW``; lines are appended and the file is emptied under ``flock`` once all is read.
"""

from __future__ import annotations

import fcntl
import os
import stat
from pathlib import Path

import msgspec

from fhtagn_tui.private import create

MAX_LINE = 512
MAX_FILE = 64 * 1024
MAX_DICE = 16
MAX_LABEL = 64
MAX_REASON = 300  # a push asked for: what the investigator does differently


class Answer(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    n: int  # the request number
    c: str  # the answering character's id (the one the player's key is bound to)
    p: str  # the player: the label of the key that answered
    d: list[int] | None = None  # the dice the player threw, typed in (None: the app rolls)
    w: str = ""  # not an answer but a push asked for (COC-DICE-06): what the investigator does differently


class InboxError(Exception):
    pass


def inbox_path(campaign: Path) -> Path:
    return campaign.with_name(campaign.stem + ".inbox")


def _open(path: Path, flags: int) -> int:
    fd = create(path, flags | os.O_NOFOLLOW | os.O_NONBLOCK) if flags & os.O_CREAT else \
        os.open(path, flags | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK)
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode) or info.st_uid != os.geteuid():
        os.close(fd)
        raise InboxError(f"{path} is not this user's regular file: refused")
    return fd


def send(campaign: Path, answer: Answer) -> None:
    """Append one answer to the campaign's inbox (raises InboxError when it cannot)."""
    line = msgspec.json.encode(answer) + b"\n"
    if len(line) > MAX_LINE:
        raise InboxError("the answer is too long")
    try:
        fd = _open(inbox_path(campaign), os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    except OSError as exc:
        raise InboxError(f"cannot reach the GM's inbox: {exc.strerror or exc}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        if os.fstat(fd).st_size + len(line) > MAX_FILE:
            raise InboxError("the GM's inbox is full: wait a moment")
        os.write(fd, line)
    finally:
        os.close(fd)


def unread(campaign: Path) -> bool:
    """Answers wait in the campaign's inbox: the writer has not read them yet (it empties the file once read)."""
    try:
        return os.stat(inbox_path(campaign), follow_symlinks=False).st_size > 0
    except OSError:
        return False


class Inbox:
    """The writer's side: new lines since the last read (decoded, or the refusal of a bad one)."""

    def __init__(self, campaign: Path) -> None:
        self.path = inbox_path(campaign)
        self.offset = 0
        self._size = -1

    def prepare(self) -> bool:
        """Make the (empty) inbox now, this user's and mode 600, so that it can be watched before
        the first answer comes; False if it cannot be (then the writer polls)."""
        try:
            os.close(_open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT))
        except (OSError, InboxError):
            return False
        return True

    def read(self) -> list[Answer | str]:
        """New answers; a line that is not an answer comes back as the reason it was refused."""
        try:
            size = os.stat(self.path, follow_symlinks=False).st_size
        except FileNotFoundError:
            return []
        if size == self._size and size == self.offset:
            return []  # nothing new (one stat per poll)
        try:
            fd = _open(self.path, os.O_RDWR)
        except (OSError, InboxError) as exc:
            return [f"inbox unreadable: {exc}"]
        out: list[Answer | str] = []
        try:
            if stat.S_IMODE(os.fstat(fd).st_mode) & 0o077:
                os.fchmod(fd, 0o600)  # made by hand or by an older copy: the GM's file only
            fcntl.flock(fd, fcntl.LOCK_EX)
            size = os.fstat(fd).st_size
            if size < self.offset:
                self.offset = 0
            os.lseek(fd, self.offset, os.SEEK_SET)
            data = os.read(fd, min(size - self.offset, MAX_FILE + MAX_LINE))
            complete = data.rfind(b"\n") + 1
            for raw in data[:complete].splitlines():
                out.append(decode(raw))
            self.offset += complete
            if self.offset >= size:  # all read: empty it so it never grows
                os.ftruncate(fd, 0)
                self.offset = 0
            elif size - self.offset > MAX_LINE:  # a torn line too long to ever be an answer
                out.append("a line longer than an answer can be")
                os.ftruncate(fd, 0)
                self.offset = 0
            self._size = os.fstat(fd).st_size
        finally:
            os.close(fd)
        return out


def decode(raw: bytes) -> Answer | str:
    if len(raw) > MAX_LINE:
        return "a line longer than an answer can be"
    try:
        answer = msgspec.json.decode(raw, type=Answer)
    except msgspec.DecodeError as exc:
        return f"not an answer: {str(exc)[:80]}"
    if answer.w:  # a push asked for (its number 0: it answers no request)
        if answer.n != 0 or answer.d is not None or len(answer.w) > MAX_REASON or not answer.w.isprintable():
            return "a push asked for with a number, dice, control characters or too long a reason"
    elif not 0 < answer.n < 10**6:
        return f"request number {answer.n} out of range"
    if not answer.c or len(answer.c) > MAX_LABEL or not answer.p or len(answer.p) > MAX_LABEL:
        return "an answer without a character or a player"
    if not answer.p.isprintable() or not answer.c.isprintable():
        return "an answer with control characters"
    if answer.d is not None and (len(answer.d) > MAX_DICE or any(not 0 < v <= 1000 for v in answer.d)):
        return "typed dice out of range"
    return answer


__all__ = ["MAX_FILE", "MAX_LINE", "Answer", "Inbox", "InboxError", "decode", "inbox_path", "send"]
