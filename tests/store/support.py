"""Helpers for the store tests: a campaign file played through a real Engine."""

from __future__ import annotations

from pathlib import Path

from fhtagn_tui.service import Engine, MemorySink
from fhtagn_tui.store import CampaignStore


def new_campaign(tmp_path: Path, system: str = "fhtagn", name: str = "night") -> tuple[CampaignStore, Engine]:
    """A new campaign file ``tmp_path/NAME.fhtagn`` with its writer Engine."""
    memory = Engine.memory(system, name=name)
    sink = memory.sink
    assert isinstance(sink, MemorySink)
    store = CampaignStore.create(tmp_path / f"{name}.fhtagn", sink.events)
    return store, Engine(store, store.events(), clock=lambda: 100.0)


def play(eng: Engine, *lines: str | tuple[str, list[int]]) -> None:
    """Run command lines; a (line, dice) pair forces its dice."""
    for item in lines:
        if isinstance(item, tuple):
            eng.execute(item[0], dice=item[1])
        else:
            eng.execute(item)


PARTY = (
    'char new "Ada Vance" STR=12 CON=11 DEX=13 INT=15 POW=14 CHA=10 Firearms=50',
    "char new Bram STR=14 CON=13 POW=9",
)


def played(tmp_path: Path) -> tuple[CampaignStore, Engine]:
    """A short FHTAGN session: party, rolls, pools, a note, a condition, an undo."""
    store, eng = new_campaign(tmp_path)
    play(
        eng,
        *PARTY,
        "session start The Farm",
        ("test ada Firearms", [47]),
        ("roll 2d6", [3, 5]),
        "char pool ada HP=8 reason=fall",
        "note The cellar door is nailed shut.",
        "cond add bram stunned",
        "char pool bram WP=5",
        "undo",
    )
    return store, eng
