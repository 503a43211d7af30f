"""Command palette provider: every command of the command language."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

from fhtagn_tui.commands.language import SPECS, CommandSpec, load_all

from .access import gm_app

#: The command modules of one system's rules.
MODULE_SYSTEMS: dict[str, str] = {
    "hazards": "fhtagn", "sanity": "fhtagn", "healing": "fhtagn", "requisition": "fhtagn",
    "coc_combat": "coc7", "coc_insanity": "coc7", "coc_tomes": "coc7", "chase": "coc7",
    "fright": "gurps",
}
#: How a command's summary names the one system it belongs to, at its start or its end.
MARKS: dict[str, tuple[str, ...]] = {"fhtagn": ("FHTAGN",), "coc7": ("CoC", "a CoC"), "gurps": ("GURPS", "a GURPS")}


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

    async def discover(self) -> Hits:
        for words in self._words():
            spec = SPECS[words]
            yield DiscoveryHit(words, partial(self._choose, words), help=spec.summary)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for words in self._words():
            spec = SPECS[words]
            score = max(matcher.match(words), matcher.match(spec.summary) * 0.8)
            if score > 0:
                yield Hit(score, matcher.highlight(words), partial(self._choose, words), help=spec.summary)
