"""Command palette provider: every command of the command language."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

from fhtagn_tui.commands.language import SPECS, load_all


class GameCommands(Provider):
    """Find a command by its words or what it does; choosing one fills the command line."""

    def _choose(self, words: str) -> None:
        self.app.prefill(words + " ")  # type: ignore[attr-defined]

    async def discover(self) -> Hits:
        load_all()
        for words in sorted(SPECS):
            spec = SPECS[words]
            yield DiscoveryHit(words, partial(self._choose, words), help=spec.summary)

    async def search(self, query: str) -> Hits:
        load_all()
        matcher = self.matcher(query)
        for words in sorted(SPECS):
            spec = SPECS[words]
            score = max(matcher.match(words), matcher.match(spec.summary) * 0.8)
            if score > 0:
                yield Hit(score, matcher.highlight(words), partial(self._choose, words), help=spec.summary)
