"""The writer's answer desk: players' answers from the inbox, through the Engine, or refused.

The GM's app (the one writer) calls :meth:`AnswerDesk.poll` when the inbox is written (woken by
:meth:`AnswerDesk.watch`, inotify) and, as a safety net or where there is no inotify, every few ms.  Each answer becomes
``AnswerRoll(request, character, by="player LABEL")`` run by the Engine — the same decider as
the GM's ``answer`` — with the player's typed dice checked like any typed dice.  An answer for a
request that is closed, not addressed to that character, or that does not exist is refused by
the decider and nothing is written; a player sending faster than :data:`RATE` a second is refused
before it reaches the Engine.  Every refusal is logged (``fhtagn.answers``) and kept in
:attr:`AnswerDesk.refused` for the GM's screen.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from fhtagn_tui.domain.commands import Command
from fhtagn_tui.domain.decide import Rejected
from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.features.asks import AnswerRoll
from fhtagn_tui.service import Engine
from fhtagn_tui.store.errors import StoreError
from fhtagn_tui.store.inbox import Answer, Inbox

if TYPE_CHECKING:
    from fhtagn_tui.store.watch import FileWatch

log = logging.getLogger("fhtagn.answers")

#: Answers one player may send: a burst of BURST, then RATE a second.
RATE = 2.0
BURST = 4.0


class _Bucket:
    def __init__(self, now: float) -> None:
        self.tokens = BURST
        self.at = now

    def take(self, now: float) -> bool:
        self.tokens = min(BURST, self.tokens + (now - self.at) * RATE)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


def player_label(text: str) -> str:
    """A key's label as it may be written into the log: letters, digits, ``@._-``, at most 32."""
    kept = "".join(ch for ch in text if ch.isalnum() or ch in "@._-")[:32]
    return kept or "player"


class AnswerDesk:
    def __init__(self, engine: Engine, campaign: Path, clock: Callable[[], float] = time.monotonic) -> None:
        self.engine = engine
        self.inbox = Inbox(campaign)
        self.clock = clock
        self.refused: deque[str] = deque(maxlen=50)
        self._buckets: dict[str, _Bucket] = {}

    def watch(self) -> FileWatch | None:
        """A watch woken when a player appends to the inbox (made now, empty, if it was not there);
        None where it cannot be watched: then poll."""
        # called after the first frame: ctypes stays out of the GM's start-up
        from fhtagn_tui.store.watch import watch

        if not self.inbox.prepare():
            return None
        return watch(self.inbox.path)

    def poll(self) -> tuple[list[Event], list[str]]:
        """Run the answers waiting in the inbox: (events written, refusals)."""
        written: list[Event] = []
        refusals: list[str] = []
        for item in self.inbox.read():
            if isinstance(item, str):
                refusals.append(self._refuse("?", item))
                continue
            events, why = self.take(item)
            written += events
            if why:
                refusals.append(why)
        return written, refusals

    def take(self, answer: Answer) -> tuple[list[Event], str]:
        """One answer: its events, or ([], the refusal)."""
        who = player_label(answer.p)
        bucket = self._buckets.setdefault(who, _Bucket(self.clock()))
        if len(self._buckets) > 256:  # labels come from key files: bounded anyway, but keep memory flat
            self._buckets = {who: bucket}
        if not bucket.take(self.clock()):
            return [], self._refuse(who, f"too many answers (more than {RATE:g} a second)")
        if answer.c not in self.engine.state.characters:
            return [], self._refuse(who, f"no character {answer.c!r} (the key's binding is stale?)")
        command: Command = AnswerRoll(number=answer.n, name=answer.c, by=f"player {who}")
        if answer.w:  # a push asked for: the player's reason, for the GM to confirm (COC-DICE-06)
            from fhtagn_tui.domain.features.skill_play import RequestPush

            command = RequestPush(name=answer.c, reason=answer.w, by=f"player {who}")
        typed = [str(v) for v in answer.d] if answer.d is not None else None
        try:
            return self.engine.run(command, typed=typed), ""
        except (Rejected, StoreError) as exc:
            return [], self._refuse(who, str(exc))

    def _refuse(self, who: str, why: str) -> str:
        text = f"refused an answer from {who}: {why}"
        log.warning("%s", text)
        self.refused.append(text)
        return text


__all__ = ["AnswerDesk", "RATE", "player_label"]
