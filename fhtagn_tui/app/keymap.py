"""The user's keymap: binding ids → keys, read from TOML files and checked where they enter.

Every key of the app is a Textual ``Binding`` with an ``id`` (``initiative.act``, ``app.undo``,
``form.save``).  A keymap file moves keys by id::

    [keys]
    "initiative.act" = "A"          # one key
    "app.undo" = "ctrl+z,ctrl+u"    # several, joined by commas (a comma itself is "comma")

    [keys.party]                    # the same, grouped: party.new = "N"
    new = "N"

Two files are read, the second winning entry by entry: the user's
(``$XDG_CONFIG_HOME/fhtagn-tui/keymap.toml``, default ``~/.config/fhtagn-tui/keymap.toml``),
then the saves folder's (``saves/keymap.toml``: the keys of the table that plays there).

A keymap is input from outside: the file is bounded (:data:`MAX_BYTES`), and each entry is
checked (a known id, a string of at most :data:`MAX_KEYS` real key names, no key given twice
in one screen).  What is wrong is told (:class:`Problem`: the file, the line, what) and left
out — that binding keeps its default key; nothing wrong ever stops the app.  The app applies
what is left with :meth:`textual.app.App.set_keymap` (Textual swaps the keys of bindings by id
in every binding chain, so the key bar follows), and the places that print keys read them from
:func:`keys_of` / :func:`key_text`.
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from importlib import import_module
from pathlib import Path
from typing import NamedTuple

from textual.binding import Binding, BindingType
from textual.keys import KEY_TO_UNICODE_NAME, REPLACED_KEYS, format_key
from textual.markup import escape

from .textual_private import character_to_key
from .textual_private import keymap as app_keymap

FILE_NAME = "keymap.toml"
MAX_BYTES = 64 * 1024  # a keymap is a few dozen lines; a bigger file is not one
MAX_ENTRIES = 400  # more than every binding of the app
MAX_KEYS = 4  # keys for one binding
MAX_KEY_CHARS = 40  # "ctrl+shift+right_square_bracket" is 31

MODIFIERS = ("ctrl", "alt", "shift", "meta", "super", "hyper")
#: Keys with a name (as Textual names them).
NAMED_KEYS = frozenset({"backspace", "delete", "down", "end", "enter", "escape", "home", "insert", "left",
                        "pagedown", "pageup", "right", "space", "tab", "up", *(f"f{n}" for n in range(1, 25))})
#: Other names a person may write (what the key bar and the help show: ``esc``, ``del``).
ALIASES = {"esc": "escape", "del": "delete", "return": "enter", "pgup": "pageup", "pgdn": "pagedown",
           "ins": "insert", "bksp": "backspace"}

#: The app's keys that win on every screen, always (``priority``, and not only while reviewing):
#: a screen's key may not be one of them.
EVERYWHERE = frozenset({"app.quit", "app.palette", "app.secret"})
#: The tabs: the app's own keys (``:``, ``1``–``5``, ``?``…) work there unless a tab's key shadows them,
#: so a key moved onto one of them is a clash there (review's keys are left out: they work in review
#: mode only, where the tabs' own keys do not act; and the players' ``a``, which works in a players'
#: view only, where the GM's keys do not).
TAB_SCREENS = frozenset({"PartyTab", "InitiativeTab", "ChaseTab", "RequisitionsTab", "LogTab"})

#: The apps whose keys no keymap moves: the players' view keeps the keys its players read (the keymap is
#: the GM's; the players' ``a`` is theirs alone).
UNMAPPED = frozenset({"PlayerApp"})

#: The modules that define the app's bindings (a test checks that no module with a Binding is missing).
BINDING_MODULES = (
    "fhtagn_tui.app.base", "fhtagn_tui.app.gm", "fhtagn_tui.app.player", "fhtagn_tui.app.review",
    "fhtagn_tui.app.screens.party", "fhtagn_tui.app.screens.initiative", "fhtagn_tui.app.screens.chase",
    "fhtagn_tui.app.screens.requisitions", "fhtagn_tui.app.screens.log", "fhtagn_tui.app.screens.timeline",
    "fhtagn_tui.app.screens.reference",
    "fhtagn_tui.app.forms.action", "fhtagn_tui.app.forms.action_add", "fhtagn_tui.app.forms.ask",
    "fhtagn_tui.app.forms.bestiary", "fhtagn_tui.app.forms.character", "fhtagn_tui.app.forms.chase_crash",
    "fhtagn_tui.app.forms.chase_escape",
    "fhtagn_tui.app.forms.chase_join", "fhtagn_tui.app.forms.chase_new", "fhtagn_tui.app.forms.confirm",
    "fhtagn_tui.app.forms.import_text", "fhtagn_tui.app.forms.owed", "fhtagn_tui.app.forms.requisition",
    "fhtagn_tui.app.forms.roll_request",
    "fhtagn_tui.app.forms.sanity", "fhtagn_tui.app.forms.search", "fhtagn_tui.app.forms.text_view",
    "fhtagn_tui.app.forms.push", "fhtagn_tui.app.forms.contest", "fhtagn_tui.app.forms.development",
    "fhtagn_tui.app.forms.handouts",
    "fhtagn_tui.app.widgets.command_line", "fhtagn_tui.app.widgets.outline",
)


# --- where the files are ------------------------------------------------------------------------


def user_keymap_path(env: Mapping[str, str] | None = None) -> Path:
    """``$XDG_CONFIG_HOME/fhtagn-tui/keymap.toml`` (``~/.config/…`` when the variable is unset or relative)."""
    env = os.environ if env is None else env
    base = env.get("XDG_CONFIG_HOME", "")
    root = Path(base) if base and Path(base).is_absolute() else Path(env.get("HOME") or Path.home()) / ".config"
    return root / "fhtagn-tui" / FILE_NAME


def keymap_paths(saves: Path | None, env: Mapping[str, str] | None = None) -> list[Path]:
    """The files read, the later winning: the user's, then the saves folder's."""
    try:
        paths = [user_keymap_path(env)]
    except (RuntimeError, KeyError):  # no HOME and no user database entry: no user file, not a crash
        paths = []
    if saves is not None:
        paths.append(saves / FILE_NAME)
    return paths


# --- one key -------------------------------------------------------------------------------------


def check_key(text: str) -> tuple[str, str]:
    """``(key, "")`` with the key as Textual names it (``?`` → ``question_mark``), or ``("", why)``."""
    raw = text.strip()
    if not raw:
        return "", "an empty key"
    if len(raw) > MAX_KEY_CHARS:
        return "", f"a key name longer than {MAX_KEY_CHARS} characters"
    if raw == "+":
        return "plus", ""
    if raw.endswith("++"):  # ctrl++: the plus key with a modifier
        *mods, name = [*raw[:-2].split("+"), "+"]
    else:
        *mods, name = raw.split("+")
    seen: list[str] = []
    for mod in mods:
        low = mod.strip().lower()
        if low not in MODIFIERS:
            return "", f"{mod.strip()!r} in {raw!r} is no modifier (ctrl, alt, shift, meta, super, hyper)"
        if low in seen:
            return "", f"{raw!r} names {low} twice"
        seen.append(low)
    name = name.strip()
    if not name:
        return "", f"{raw!r} ends with '+': the key is missing"
    key = _key_name(name)
    if not key:
        return "", f"{name!r} is no key (a character such as a or ?, or a name such as esc, enter, space, up, f1)"
    if seen == ["shift"] and len(key) == 1 and key.isalpha():
        return key.upper(), ""  # a terminal sends shift+a as A (and the app's own keys say "R", "T")
    return "+".join([*seen, key]), ""


def _key_name(name: str) -> str:
    if len(name) == 1:
        if not name.isprintable() or name.isspace():
            return "space" if name == " " else ""
        return character_to_key(name)
    low = name.lower()
    low = ALIASES.get(low, low)
    if low in NAMED_KEYS:
        return low
    try:  # a character's name, as Textual writes it: question_mark, left_square_bracket, comma
        char = unicodedata.lookup(KEY_TO_UNICODE_NAME.get(REPLACED_KEYS.get(low, low), REPLACED_KEYS.get(low, low)))
    except KeyError:
        return ""
    return low if len(char) == 1 and char.isprintable() and character_to_key(char) == low else ""


def check_keys(value: str) -> tuple[str, str]:
    """A comma-joined list of keys: ``("a,ctrl+a", "")`` or ``("", why)``."""
    parts = value.split(",")
    if len(parts) > MAX_KEYS:
        return "", f"{len(parts)} keys for one binding (at most {MAX_KEYS})"
    keys: list[str] = []
    for part in parts:
        key, why = check_key(part)
        if why:
            return "", why
        if key not in keys:
            keys.append(key)
    return ",".join(keys), ""


# --- the app's bindings --------------------------------------------------------------------------


class Known(NamedTuple):
    """One binding of one screen (or widget): its id, default keys, what it does."""

    id: str
    keys: tuple[str, ...]
    description: str
    screen: str  # the class whose bindings it is (conflicts are looked for within one)


def known_bindings() -> list[Known]:
    """Every binding of the app, one per (class, id), in the order the classes declare them.

    Read from ``keymap_table.py`` (written by :func:`table_source`; a test checks that it is
    :func:`scan_bindings`): checking a keymap at start-up must not import every form and late tab.
    """
    from .keymap_table import KNOWN

    return [Known(ident, keys, description, screen) for ident, keys, description, screen in KNOWN]


def scan_bindings() -> list[Known]:
    """:func:`known_bindings` read from the classes themselves (it imports every module with bindings)."""
    found: list[Known] = []
    for name in BINDING_MODULES:
        module = import_module(name)
        for obj in list(vars(module).values()):
            if (isinstance(obj, type) and obj.__module__ == name and "BINDINGS" in vars(obj)
                    and obj.__qualname__ not in UNMAPPED):
                found.extend(_of_class(obj))
    return found


def table_source() -> str:
    """The text of ``keymap_table.py``: ``python -m fhtagn_tui.app.keymap > fhtagn_tui/app/keymap_table.py``."""
    rows = "".join(f"    ({k.id!r}, {k.keys!r}, {k.description!r}, {k.screen!r}),\n" for k in scan_bindings())
    return ('"""Every binding of the app: (id, default keys, description, class), as ``keymap.scan_bindings``\n'
            'finds them. Written by ``python -m fhtagn_tui.app.keymap > fhtagn_tui/app/keymap_table.py``;\n'
            'tests/app/test_keymap.py checks that it is up to date."""\n\n'
            f"KNOWN: tuple[tuple[str, tuple[str, ...], str, str], ...] = (\n{rows})\n")


def _of_class(cls: type) -> list[Known]:
    bindings: list[BindingType] = []
    for base in reversed(cls.__mro__):  # a subclass's keys after its bases', as Textual merges them
        if base.__module__.startswith("fhtagn_tui.") and "BINDINGS" in vars(base):
            bindings.extend(vars(base)["BINDINGS"])
    by_id: dict[str, Known] = {}
    for b in Binding.make_bindings(bindings):
        ident = b.id or f"<{b.key}>"  # a binding without an id: its key is fixed
        old = by_id.get(ident)
        keys = (*old.keys, b.key) if old and b.key not in old.keys else (old.keys if old else (b.key,))
        by_id[ident] = Known(ident, keys, (old.description if old else "") or b.description, cls.__qualname__)
    return list(by_id.values())


# --- reading a file ------------------------------------------------------------------------------


class Entry(NamedTuple):
    id: str
    keys: str  # normalised, comma-joined
    path: Path
    line: int  # 0 when not found


class Problem(NamedTuple):
    path: Path
    line: int  # 0: the file as a whole (then the message reads on from the file's name: "is not …")
    message: str

    def __str__(self) -> str:
        path = str(self.path) if str(self.path).isprintable() else repr(str(self.path))
        return f"{path}, line {self.line}: {self.message}" if self.line else f"{path} {self.message}"


def read_file(path: Path) -> tuple[list[Entry], list[Problem]]:
    """The entries of one keymap file and what is wrong in it (a missing file is neither)."""
    try:
        with path.open("rb") as f:
            data = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return [], []
    except OSError as exc:
        return [], [Problem(path, 0, f"cannot be read ({exc.strerror or exc}); the default keys are used")]
    if len(data) > MAX_BYTES:
        return [], [Problem(path, 0, f"is larger than {MAX_BYTES // 1024} KiB, too large for a keymap; "
                                     "the default keys are used")]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return [], [Problem(path, text_line(data, exc.start), "not UTF-8 text; the default keys are used")]
    import tomllib  # here, not at start-up: most users have no keymap file

    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return [], [Problem(path, 0, f"is not valid TOML ({exc}); the default keys are used")]
    lines = text.splitlines()
    problems: list[Problem] = []
    unknown = sorted(set(doc) - {"keys"})
    if unknown:
        problems.append(Problem(path, _find_line(lines, unknown[0]),
                                f"only a [keys] table is read, not {', '.join(repr(u) for u in unknown)}"))
    table = doc.get("keys", {})
    if not isinstance(table, dict):
        return [], [*problems, Problem(path, _find_line(lines, "keys"), "'keys' must be a table: [keys]")]
    entries: list[Entry] = []
    for ident, value in _flatten(table):
        line = _find_line(lines, ident.rsplit(".", 1)[-1])
        if len(entries) >= MAX_ENTRIES:
            problems.append(Problem(path, line, f"more than {MAX_ENTRIES} entries; the rest are left out"))
            break
        if not isinstance(value, str):
            problems.append(Problem(path, line, f"{ident!r}: the keys must be a string such as \"ctrl+s\" "
                                                f"or \"a,b\", not {_toml_type(value)}; its default is kept"))
            continue
        keys, why = check_keys(value)
        if why:
            problems.append(Problem(path, line, f"{ident!r} = {value[:60]!r}: {why}; its default is kept"))
            continue
        entries.append(Entry(ident, keys, path, line))
    return entries, problems


def text_line(data: bytes, offset: int) -> int:
    return data[:offset].count(b"\n") + 1


def _flatten(table: Mapping[str, object], prefix: str = "") -> Iterable[tuple[str, object]]:
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            yield from _flatten(value, name + ".")
        else:
            yield name, value


def _find_line(lines: Sequence[str], key: str) -> int:
    """The first line that assigns ``key`` (bare or quoted, last part of a dotted name), or 0."""
    for number, line in enumerate(lines, 1):
        head = line.split("=", 1)[0].strip() if "=" in line else line.strip().strip("[]")
        parts = [p.strip().strip("\"'") for p in head.split(".")]
        if head and (parts[-1] == key or head.strip("\"'") == key):
            return number
    return 0


def _toml_type(value: object) -> str:
    return {bool: "true/false", int: "a number", float: "a number", list: "a list",
            dict: "a table"}.get(type(value), "a date")


# --- the keymap ----------------------------------------------------------------------------------


class UserKeymap:
    """What the app applies (``keys``: id → comma-joined keys) and what it tells (``problems``).

    (Named tuples and a plain class, not dataclasses: this module is imported at start-up.)"""

    def __init__(self) -> None:
        self.keys: dict[str, str] = {}
        self.problems: list[Problem] = []
        self.files: list[Path] = []  # the files that exist and were read
        self.entries: dict[str, Entry] = {}

    def notice(self, limit: int = 4) -> str:
        """The message at start: the file, then each problem on its line (the first few)."""
        lines: list[str] = []
        path: Path | None = None
        for problem in self.problems[:limit]:
            if problem.path != path:
                path = problem.path
                shown = str(path) if str(path).isprintable() else repr(str(path))
                lines.append(f"keymap {shown}" + (f" {problem.message}" if not problem.line else ":"))
                if not problem.line:
                    continue
            lines.append(f"  line {problem.line}: {problem.message}" if problem.line else f"  {problem.message}")
        if len(self.problems) > limit:
            lines.append(f"… and {len(self.problems) - limit} more: `fhtagn keys --check FILE` lists them all")
        return "\n".join(lines)


def load(paths: Sequence[Path], known: Sequence[Known] | None = None) -> UserKeymap:
    """Read ``paths`` (the later winning entry by entry) and check them against the app's bindings.

    ``known`` defaults to :func:`known_bindings`, asked only if some file has entries."""
    result = UserKeymap()
    merged: dict[str, Entry] = {}
    earlier: dict[str, list[Entry]] = {}  # an id's entries in the files before the one that wins
    for path in paths:
        entries, problems = read_file(path)
        result.problems.extend(problems)
        if entries or problems:
            result.files.append(path)
        for entry in entries:
            if entry.id in merged and merged[entry.id].path != entry.path:
                earlier.setdefault(entry.id, []).append(merged[entry.id])
            merged[entry.id] = entry
    if not merged:
        return result
    from difflib import get_close_matches

    known = known_bindings() if known is None else known
    ids = sorted({k.id for k in known if not k.id.startswith("<")})
    for ident in list(merged):
        if ident not in ids:
            entry = merged.pop(ident)
            near = get_close_matches(ident, ids, n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else " (`fhtagn keys` lists them)"
            result.problems.append(Problem(entry.path, entry.line, f"{ident!r} is no binding of the app{hint}"))
    typing = {k.id for k in known if _types_text(k)}
    while True:  # a refused entry gives way to the same id's entry of an earlier file, checked in turn
        refused: list[tuple[Entry, str]] = []
        for ident, entry in list(merged.items()):
            typed = [key for key in entry.keys.split(",") if _printable(key)]
            if ident in typing and typed:
                merged.pop(ident)
                refused.append((entry, f"{ident!r} = {typed_key(typed[0])!r}: a key that types a character is "
                                       "typed into the text there, it would never do this; its default is kept"))
        for entry, others in _conflicts(merged, known):
            merged.pop(entry.id, None)
            refused.append((entry, conflict_message(entry, others)))
        if not refused:
            break
        for entry, message in refused:
            back = earlier.get(entry.id)
            if back:
                merged[entry.id] = back.pop()
                message = message.replace("its default is kept", f"its key in {merged[entry.id].path} is tried instead")
            result.problems.append(Problem(entry.path, entry.line, message))
    result.entries = merged
    result.keys = {ident: entry.keys for ident, entry in merged.items()}
    result.problems.sort(key=lambda p: (str(p.path), p.line))
    return result


def _effective(known: Sequence[Known], user: Mapping[str, Entry]) -> dict[str, dict[str, set[str]]]:
    """screen → key → the ids that key does there, under ``user``."""
    screens: dict[str, dict[str, set[str]]] = {}
    for k in known:
        keys = user[k.id].keys.split(",") if k.id in user else k.keys
        for key in keys:
            screens.setdefault(k.screen, {}).setdefault(key, set()).add(k.id)
    everywhere = [k for k in known if k.id in EVERYWHERE]
    app_keys = [k for k in known if k.screen == "GmApp" and k.id not in EVERYWHERE
                and not k.id.startswith("review.") and k.id != "app.answer"]
    for screen, keys_there in screens.items():  # a key that wins on every screen is part of each
        for k in everywhere + (app_keys if screen in TAB_SCREENS else []):
            if k.screen != screen:
                for key in user[k.id].keys.split(",") if k.id in user else k.keys:
                    keys_there.setdefault(key, set()).add(k.id)
    return screens


#: Where a text field has the focus (the command line, the GM screen's search, the forms' fields):
#: a key that types a character goes into the text, so a binding there needs another key.
TEXT_SCREENS = frozenset({"CommandLine", "ReferenceScreen"})


def _types_text(k: Known) -> bool:
    return k.screen in TEXT_SCREENS or k.id.startswith("form.") or k.screen.endswith(("Form", "Dialog", "Prompt"))


def _printable(key: str) -> bool:
    """A key that types a character (``x``, ``colon``, ``space``), not a control or function key."""
    from textual.keys import key_to_character

    char = key_to_character(key)
    return char is not None and char.isprintable()


def shared_by_default(known: Sequence[Known]) -> set[frozenset[str]]:
    """The pairs of ids the defaults give one key in one screen (none today): only a clash a keymap
    makes is refused, never the app's own defaults."""
    return {frozenset((a, b)) for keys in _effective(known, {}).values() for ids in keys.values()
            for a in ids for b in ids if a != b}


def _conflicts(user: dict[str, Entry], known: Sequence[Known]) -> list[tuple[Entry, set[str]]]:
    """The user's entries that give one key two jobs in one screen, each with the ids it clashes with,
    taken out one round at a time (taking one out can bring back a default that clashes with another)."""
    taken: list[tuple[Entry, set[str]]] = []
    user = dict(user)
    shared = shared_by_default(known)
    while True:
        bad: dict[str, set[str]] = {}
        for keys in _effective(known, user).values():
            for ids in keys.values():
                if len(ids) > 1:
                    for ident in ids & user.keys():
                        others = {o for o in ids - {ident} if frozenset((ident, o)) not in shared}
                        if others:
                            bad.setdefault(ident, set()).update(others)
        if not bad:
            return taken
        for ident, others in bad.items():
            taken.append((user.pop(ident), others))


def conflict_message(entry: Entry, others: set[str]) -> str:
    where = ", ".join(sorted(others))
    shown = ", ".join(typed_key(k) for k in entry.keys.split(","))
    return f"{entry.id!r} = {shown!r} clashes with {where} on the same screen; its default is kept"


# --- what the app shows ---------------------------------------------------------------------------

#: Keys as a person types them (Textual's names are for the code): ``Del``, not ``delete``.
KEY_WORDS: dict[str, str] = {"del": "Del", "esc": "Esc", "enter": "Enter", "tab": "Tab", "space": "Space",
                             "backspace": "Backspace", "home": "Home", "end": "End"}


def typed_key(key: str) -> str:
    """``comma`` → ``,``, ``full_stop`` → ``.``, ``slash`` → ``/``, ``delete`` → ``Del``, ``ctrl+z`` → ``ctrl+z``."""
    shown = format_key(key)
    return KEY_WORDS.get(shown, shown)


def keys_of(app: object, binding: Binding) -> list[str]:
    """The keys of ``binding`` under the app's keymap (its own keys if the keymap leaves it)."""
    keymap = _keymap(app)
    if binding.id and binding.id in keymap:
        return keymap[binding.id].split(",")
    return binding.key.split(",")


def key_text(app: object, binding_id: str, default: str) -> str:
    """How to name the key of ``binding_id`` in a hint (``ctrl+s``, ``Esc``): the user's first key,
    else ``default`` (the hint's own words, e.g. ``esc``)."""
    keys = _keymap(app).get(binding_id)
    return typed_key(keys.split(",")[0]) if keys else default


def key_markup(app: object, binding_id: str, default: str) -> str:
    """:func:`key_text` for a hint written in Textual markup: a ``[`` key is escaped."""
    return escape(key_text(app, binding_id, default))


def _keymap(app: object) -> Mapping[str, str]:
    """The keymap Textual applies (``App.set_keymap`` keeps it; there is no getter)."""
    return app_keymap(app)


# --- `fhtagn keys` ---------------------------------------------------------------------------------


#: Where a binding works, in words (``fhtagn keys``); other classes are named as they are.
SCREEN_WORDS = {"GmApp": "everywhere", "PartyTab": "Party", "InitiativeTab": "Initiative", "ChaseTab": "Chase",
                "RequisitionsTab": "Requisitions", "LogTab": "Log", "ReferenceScreen": "GM screen",
                "TimelineScreen": "timeline", "CommandLine": "command line", "Outline": "GM screen list"}


def listing(user: UserKeymap, known: Sequence[Known] | None = None) -> list[str]:
    """Every binding id: its default keys, the keys in use (``=`` when the default), what it does, where."""
    known = known_bindings() if known is None else known
    rows: dict[str, tuple[str, str, str, list[str]]] = {}
    for k in known:
        if k.id.startswith("<"):
            continue
        default = "/".join(typed_key(key) for key in k.keys)
        if k.id in rows:
            old = rows[k.id]
            if k.screen not in old[3]:
                old[3].append(k.screen)
            continue
        mine = user.keys.get(k.id)
        rows[k.id] = (default, "/".join(typed_key(key) for key in mine.split(",")) if mine else "=",
                      k.description, [k.screen])
    width = max(len(i) for i in rows) + 2
    lines = [f"{'ID':<{width}}{'DEFAULT':<14}{'IN USE':<14}WHAT (WHERE)"]
    for ident, (default, mine, what, screens) in rows.items():
        where = ", ".join(SCREEN_WORDS.get(s, s) for s in screens[:3]) + (f" +{len(screens) - 3}" if len(screens) > 3 else "")
        lines.append(f"{ident:<{width}}{default:<14}{mine:<14}{what} ({where})")
    return lines


if __name__ == "__main__":
    print(table_source(), end="")
