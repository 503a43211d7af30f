"""Command palette provider: every command of the command language."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from textual.command import DiscoveryHit, Hit, Hits, Provider

from fhtagn_tui.commands.language import SPECS, command_system, load_all

from .access import gm_app

if TYPE_CHECKING:
    from fhtagn_tui.domain.owed import Owed

def commands_for(system: str) -> list[str]:
    """The command words the palette offers in a campaign of ``system`` (every one without a system)."""
    load_all()
    return [w for w in sorted(SPECS) if not system or command_system(SPECS[w]) in ("", system)]


class GameCommands(Provider):
    """Find a command by its words or what it does; choosing one fills the command line.

    Only this campaign's system's commands are offered (no CoC ``sanity`` in an FHTAGN campaign),
    and none in a read-only view, where nothing can be typed."""

    def _words(self) -> list[str]:
        app = gm_app(self.app)
        if app.readonly:
            return []
        return commands_for(app.state.system)

    def _choose(self, words: str) -> None:
        gm_app(self.app).prefill(words + " ")

    def _owed(self) -> list[Owed]:
        """What the GM still owes (issue 31), offered first: choosing one fills in what settles it."""
        app = gm_app(self.app)
        if app.readonly:
            return []
        from fhtagn_tui.domain.owed import owed

        return owed(app.state)

    async def discover(self) -> Hits:
        app = gm_app(self.app)
        for entry in self._owed():
            yield DiscoveryHit(f"Owed: {entry.text}", partial(app.settle_owed, entry), help=entry.command.strip())
        for words in self._words():
            spec = SPECS[words]
            yield DiscoveryHit(words, partial(self._choose, words), help=spec.summary)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        app = gm_app(self.app)
        for entry in self._owed():
            label = f"Owed: {entry.text}"
            score = matcher.match(label)
            if score > 0:
                yield Hit(score, matcher.highlight(label), partial(app.settle_owed, entry), help=entry.command.strip())
        for words in self._words():
            spec = SPECS[words]
            score = max(matcher.match(words), matcher.match(spec.summary) * 0.8)
            if score > 0:
                yield Hit(score, matcher.highlight(words), partial(self._choose, words), help=spec.summary)
