"""Where campaigns live: the saves folder, names, the demo campaign."""

from __future__ import annotations

import os
from pathlib import Path

from fhtagn_tui.door import Door, StoreError

SUFFIX = ".fhtagn"
DEMO_NAME = "harlan-creek"
NAME_MAX = 64
NAME_RULE = (f"a campaign name is 1–{NAME_MAX} characters: letters, digits, space, '-', '_' and '.' "
             "(not first)")


class BadName(StoreError):
    """A campaign name that could leave the saves folder, or is not a file name everywhere."""


def name_problem(name: str) -> str:
    """Why ``name`` is not a campaign name ("" when it is one)."""
    if not name:
        return "it is empty"
    if len(name) > NAME_MAX:
        return f"it has {len(name)} characters"
    if name.startswith("."):
        return "it starts with '.'"
    for ch in name:
        if not (ch.isalpha() or ch in "0123456789 -_."):
            shown = repr(ch) if ch.isprintable() else f"U+{ord(ch):04X}"
            return f"it holds {shown}"
    return ""


def check_name(name: str) -> str:
    """``name`` if it is a campaign name, else :class:`BadName` saying what is allowed."""
    problem = name_problem(name)
    if problem:
        shown = name if name.isprintable() and len(name) <= 80 else repr(name[:80])
        raise BadName(f"{shown!r} is not a campaign name ({problem}); {NAME_RULE}; nothing was changed")
    return name


def saves_dir(arg: str | os.PathLike[str] | None = None) -> Path:
    """The saves folder: ``--saves``, else ``$FHTAGN_SAVES``, else ``./saves``."""
    if arg:
        return Path(arg)
    env = os.environ.get("FHTAGN_SAVES")
    return Path(env) if env else Path("saves")


def campaign_path(saves: Path, name: str) -> Path:
    """``NAME`` in the saves folder (:class:`BadName` if it is not a campaign name)."""
    return saves / f"{check_name(name)}{SUFFIX}"


def campaign_name(path: Path) -> str:
    return path.name.removesuffix(SUFFIX)


def list_campaigns(saves: Path) -> list[Path]:
    """The campaign files of the saves folder (valid names only), the latest played first."""
    if not saves.is_dir():
        return []
    found = []
    for path in saves.glob(f"*{SUFFIX}"):
        try:
            mtime = path.stat().st_mtime
        except OSError:
            continue
        if not name_problem(campaign_name(path)) and path.is_file():
            found.append((mtime, path))
    return [path for _, path in sorted(found, key=lambda item: item[0], reverse=True)]


def create_campaign(path: Path, system: str, title: str = "") -> Door:
    """A new campaign file holding its ``CampaignCreated`` event, open through its door
    (refuses to overwrite)."""
    return Door.create(path, system, campaign_name(path), title)


def demo_script() -> list[str]:
    from importlib import resources  # only when the demo is made

    text = resources.files("fhtagn_tui.data").joinpath("demo_fhtagn.txt").read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def create_demo(saves: Path) -> Path:
    """The bundled default campaign: an FHTAGN cell ready to play."""
    path = campaign_path(saves, DEMO_NAME)
    door = create_campaign(path, "fhtagn", "Operation MOONLIGHT")
    try:
        for line in demo_script():
            door.execute(line)
    finally:
        door.close(save=False)  # its first opening folds it and writes the snapshot
    return path


def default_campaign(saves: Path) -> Path:
    """The most recently played campaign; the demo is created if there is none."""
    found = list_campaigns(saves)
    if found:
        return found[0]
    return create_demo(saves)
