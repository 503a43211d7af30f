"""Where campaigns live: the saves folder, names, the demo campaign."""

from __future__ import annotations

import os
from pathlib import Path

from fhtagn_tui.domain.features.campaign import CreateCampaign
from fhtagn_tui.service import Engine, MemorySink
from fhtagn_tui.store import CampaignStore

SUFFIX = ".fhtagn"
DEMO_NAME = "harlan-creek"


def saves_dir(arg: str | os.PathLike[str] | None = None) -> Path:
    """The saves folder: ``--saves``, else ``$FHTAGN_SAVES``, else ``./saves``."""
    if arg:
        return Path(arg)
    env = os.environ.get("FHTAGN_SAVES")
    return Path(env) if env else Path("saves")


def campaign_path(saves: Path, name: str) -> Path:
    """``NAME`` in the saves folder, or a path to a campaign file."""
    if name.endswith(SUFFIX) or os.sep in name:
        return Path(name)
    return saves / f"{name}{SUFFIX}"


def campaign_name(path: Path) -> str:
    return path.name.removesuffix(SUFFIX)


def list_campaigns(saves: Path) -> list[Path]:
    if not saves.is_dir():
        return []
    return sorted(saves.glob(f"*{SUFFIX}"), key=lambda p: p.stat().st_mtime, reverse=True)


def create_campaign(path: Path, system: str, title: str = "") -> CampaignStore:
    """A new campaign file holding its ``CampaignCreated`` event (refuses to overwrite)."""
    engine = Engine(MemorySink())
    engine.run(CreateCampaign(name=campaign_name(path), system=system, title=title))
    path.parent.mkdir(parents=True, exist_ok=True)
    sink = engine.sink
    assert isinstance(sink, MemorySink)
    return CampaignStore.create(path, sink.events)


def demo_script() -> list[str]:
    from importlib import resources  # only when the demo is made

    text = resources.files("fhtagn_tui.data").joinpath("demo_fhtagn.txt").read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def create_demo(saves: Path) -> Path:
    """The bundled default campaign: an FHTAGN cell ready to play."""
    path = campaign_path(saves, DEMO_NAME)
    store = create_campaign(path, "fhtagn", "Operation MOONLIGHT")
    try:
        engine = Engine(store, store.events())
        for line in demo_script():
            engine.execute(line)
    finally:
        store.close()
    return path


def default_campaign(saves: Path) -> Path:
    """The most recently played campaign; the demo is created if there is none."""
    found = list_campaigns(saves)
    if found:
        return found[0]
    return create_demo(saves)
