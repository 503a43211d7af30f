"""The bestiary: stat blocks from the package's data files and the GM's own.

Bundled: ``fhtagn_tui/data/bestiary/{fhtagn,coc7,gurps}.json``.  The GM's own
entries live beside the campaigns: ``saves/bestiary.json`` or ``saves/bestiary.toml``
(every campaign) and ``saves/NAME.bestiary.json``/``.toml`` (one campaign); an entry
of the same name replaces a bundled one.  A file holds one book
(``{"system": "coc7", "entries": [...]}``, in TOML ``system = "coc7"`` and
``[[entries]]`` tables) or, in JSON, a list of books.

An entry::

    {"name": "Cultist", "kind": "npc", "tags": ["human"], "description": "…",
     "stats": {"STR": 55, …}, "vary": {"STR": "(3d6)*5"}, "skills": {"Dodge": 25},
     "attacks": [{"name": "Knife", "skill": "Fighting (Brawl)", "damage": "1d4+DB",
                  "kind": "melee", "apr": 1}],
     "armor": 0, "armor_item": "", "san_loss": "0/1d6", "pools": {"SAN": 25}, "hidden": false}

A broken GM file is reported (:func:`problems`) and skipped; the bundled books are
always there.
"""

from __future__ import annotations

import json
import tomllib
from functools import lru_cache
from pathlib import Path

import msgspec

from fhtagn_tui.domain.features.bestiary import Entry
from fhtagn_tui.rules.weapons import Weapon

DATA = Path(__file__).resolve().parent / "data" / "bestiary"
SYSTEMS = ("fhtagn", "coc7", "gurps")
MAX_FILE = 2_000_000  # bytes: a GM's bestiary file larger than this is refused


class FileAttack(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    skill: str
    damage: str
    kind: str = "melee"
    apr: int = 1
    range: int = 0
    type: str = ""
    impaling: bool = False
    lethality: int = 0
    shots: int = 1
    magazine: int = 0
    malfunction: int = 0
    burst: int = 0
    auto: bool = False
    action: str = ""
    db: str = ""  # full | half | none; "" by the damage text and the system (see check_attacks)
    notes: str = ""


class FileEntry(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    kind: str = "npc"
    tags: list[str] = []
    description: str = ""
    stats: dict[str, int] = {}
    vary: dict[str, str] = {}
    skills: dict[str, int] = {}
    attacks: list[FileAttack] = []
    armor: int = 0
    armor_item: str = ""
    san_loss: str = ""
    pools: dict[str, int] = {}
    hidden: bool = False
    notes: str = ""


class FileBook(msgspec.Struct, forbid_unknown_fields=True):
    system: str
    entries: list[FileEntry] = []
    format: int = 1


def to_weapon(a: FileAttack, system: str) -> Weapon:
    return Weapon(name=a.name, system=system, skill=a.skill, damage=a.damage, kind=a.kind, per_round=a.apr,
                  base_range=a.range, damage_type=a.type, impaling=a.impaling, lethality=a.lethality,
                  shots=a.shots, magazine=a.magazine, malfunction=a.malfunction, burst=a.burst, auto=a.auto,
                  action=a.action, db=a.db, notes=a.notes)


def to_entry(e: FileEntry, system: str) -> Entry:
    return Entry(name=" ".join(e.name.split()), system=system, kind=e.kind, description=e.description,
                 stats=dict(e.stats), vary=dict(e.vary), skills=dict(e.skills),
                 attacks=tuple(to_weapon(a, system) for a in e.attacks), armor=e.armor, armor_item=e.armor_item,
                 san_loss=e.san_loss, pools=dict(e.pools), notes=e.notes, hidden=e.hidden, tags=tuple(e.tags))


def _books(path: Path) -> list[FileBook]:
    raw = path.read_bytes()
    if len(raw) > MAX_FILE:
        raise ValueError(f"larger than {MAX_FILE // 1_000_000} MB")
    if path.suffix == ".toml":
        data: object = tomllib.loads(raw.decode("utf-8"))
    else:
        data = json.loads(raw)
    books = data if isinstance(data, list) else [data]
    out = [msgspec.convert(b, FileBook) for b in books]
    for b in out:
        if b.system not in SYSTEMS:
            raise ValueError(f"system {b.system!r} is not one of {', '.join(SYSTEMS)}")
    return out


@lru_cache(maxsize=32)
def _read(path: str, stamp: tuple[int, int]) -> tuple[tuple[FileBook, ...], str]:
    try:
        return tuple(_books(Path(path))), ""
    except (OSError, ValueError, UnicodeDecodeError, tomllib.TOMLDecodeError, msgspec.ValidationError) as exc:
        return (), f"{Path(path).name}: {exc} (the file is skipped)"


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


def sources(saves: Path | None = None, campaign: str = "") -> list[Path]:
    """The files read, bundled first (later files win)."""
    paths = [DATA / f"{s}.json" for s in SYSTEMS]
    if saves is not None:
        for stem in ("bestiary", f"{campaign}.bestiary" if campaign else ""):
            if stem:
                paths += [saves / f"{stem}.json", saves / f"{stem}.toml"]
    return paths


def _load(saves: Path | None, campaign: str) -> tuple[dict[str, dict[str, Entry]], list[str]]:
    out: dict[str, dict[str, Entry]] = {s: {} for s in SYSTEMS}
    problems: list[str] = []
    for path in sources(saves, campaign):
        stamp = _stamp(path)
        if stamp is None:
            continue
        books, problem = _read(str(path), stamp)
        if problem:
            problems.append(problem)
        for book in books:
            for fe in book.entries:
                entry = to_entry(fe, book.system)
                out[book.system][entry.key] = entry
    return out, problems


def entries(system: str, saves: Path | None = None, campaign: str = "") -> tuple[Entry, ...]:
    """Every bestiary entry of ``system``: the bundled ones and the GM's own."""
    return tuple(_load(saves, campaign)[0].get(system, {}).values())


def problems(saves: Path | None = None, campaign: str = "") -> list[str]:
    """What was wrong with the GM's bestiary files (each skipped)."""
    return _load(saves, campaign)[1]


__all__ = ["DATA", "Entry", "entries", "problems", "sources", "to_entry"]
