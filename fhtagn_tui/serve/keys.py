"""Who may connect: the GM and player key files beside a campaign, and the host key.

``saves/NAME.gm_keys`` (full control) and ``saves/NAME.player_keys`` (the
read-only player view) are OpenSSH ``authorized_keys`` files; they are read
again at every login, so a key added during play works at once.  The host key
``saves/NAME.host_key`` (ed25519, mode 600) is made on the first start and kept.

Like sshd's StrictModes, a key file that someone else could have written (it,
or its folder, writable by group or others, or owned by another user) is
refused with a message: whoever can write it can give themselves the GM's key.
"""

from __future__ import annotations

import logging
import os
import re
import stat
from enum import StrEnum
from pathlib import Path
from typing import NamedTuple

import asyncssh

from fhtagn_tui.private import create

log = logging.getLogger("fhtagn.serve")


class Role(StrEnum):
    GM = "gm"
    PLAYER = "player"


def key_files(campaign: Path) -> dict[Role, Path]:
    """The two authorized-keys files of a campaign file ``saves/NAME.fhtagn``."""
    return {
        Role.GM: campaign.with_name(campaign.stem + ".gm_keys"),
        Role.PLAYER: campaign.with_name(campaign.stem + ".player_keys"),
    }


def host_key_path(campaign: Path) -> Path:
    return campaign.with_name(campaign.stem + ".host_key")


def unsafe(path: Path, info: os.stat_result) -> str:
    """Why a key file cannot be trusted ("" when it can): StrictModes."""
    me = os.geteuid()
    if info.st_uid not in (me, 0):
        return f"it belongs to another user (uid {info.st_uid})"
    if stat.S_IMODE(info.st_mode) & 0o022:
        return f"others can write to it (mode {stat.S_IMODE(info.st_mode):o}; chmod 600 {path})"
    try:
        folder = os.stat(path.parent)
    except OSError:
        return ""
    if folder.st_uid not in (me, 0):
        return f"its folder {path.parent} belongs to another user"
    if stat.S_IMODE(folder.st_mode) & 0o022 and not folder.st_mode & stat.S_ISVTX:
        return f"others can write to its folder {path.parent} (chmod go-w {path.parent})"
    return ""


_warned: set[tuple[str, str]] = set()


#: ``character="Ada Vance"`` among a player key's options (our own option: asyncssh does not know it).
CHARACTER_OPTION = re.compile(r'(?:^|,)character="([^"\\]{1,64})"')
KEY_TYPES = ("ssh-", "ecdsa-", "sk-")


class Binding(NamedTuple):
    """Whose character a player key plays, and the label its answers are signed with."""

    character: str
    label: str


def split_binding(line: str) -> tuple[str, Binding | None]:
    """An authorized_keys line without our ``character=`` option, and the binding it gave."""
    stripped = line.strip()
    if not stripped or stripped.startswith("#") or stripped.startswith(KEY_TYPES):
        return line, None
    options, sep, rest = _split_options(stripped)
    found = CHARACTER_OPTION.search(options)
    if found is None:
        return line, None
    kept = (options[: found.start()] + options[found.end():]).strip(",")
    kept = kept.replace(",,", ",")
    parts = rest.split()
    label = parts[2] if len(parts) > 2 else ""
    return (kept + sep + rest) if kept else rest, Binding(found.group(1), label)


def _split_options(line: str) -> tuple[str, str, str]:
    """(options, " ", key and comment) of an authorized_keys line with options."""
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch in " \t" and not quoted:
            return line[:i], " ", line[i + 1 :].lstrip()
    return line, "", ""


def _authorized(path: Path) -> asyncssh.SSHAuthorizedKeys | None:
    text = _read_keys(path)
    if text is None:
        return None
    try:
        return asyncssh.import_authorized_keys("\n".join(split_binding(line)[0] for line in text.splitlines()))
    except ValueError:  # no valid entry
        return None


def _authorized_bound(path: Path) -> list[tuple[asyncssh.SSHAuthorizedKeys, Binding | None]]:
    """Each entry of a key file with the character it is bound to (if any)."""
    text = _read_keys(path)
    if text is None:
        return []
    out = []
    for line in text.splitlines():
        line, binding = split_binding(line)
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            out.append((asyncssh.import_authorized_keys(line), binding))
        except (ValueError, asyncssh.KeyImportError):  # not a valid entry
            continue
    return out


def _read_keys(path: Path) -> str | None:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)  # a FIFO must not block
    except FileNotFoundError:
        return None
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc.strerror or exc)
        return None
    try:
        info = os.fstat(fd)
        problem = unsafe(path, info) or ("" if stat.S_ISREG(info.st_mode) else "it is not a regular file")
        if problem:
            if (str(path), problem) not in _warned:  # once per file and reason, not at every login
                _warned.add((str(path), problem))
                log.warning("refused key file %s: %s", path, problem)
            return None
        data = os.read(fd, 1024 * 1024)
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc.strerror)
        return None
    finally:
        os.close(fd)
    return data.decode("utf-8", "replace")


class KeyRing:
    """Maps a client's public key to its role (GM first: a key in both files is the GM's)."""

    def __init__(self, campaign: Path, bound: tuple[tuple[str, asyncssh.SSHKey, str], ...] = ()) -> None:
        self.files = key_files(campaign)
        #: ``serve --player ada=alice.pub``: (character, key, label), player keys bound on the command line
        self.bound = bound

    def role_of(self, key: asyncssh.SSHKey, host: str = "", addr: str = "") -> Role | None:
        return self.identify(key, host, addr)[0]

    def identify(self, key: asyncssh.SSHKey, host: str = "", addr: str = "") -> tuple[Role | None, Binding | None]:
        """The key's role and, for a player key bound to a character, the binding."""
        gm = _authorized(self.files[Role.GM])
        if gm is not None and gm.validate(key, host, addr) is not None:
            return Role.GM, None
        for character, bound_key, label in self.bound:
            if bound_key == key:
                return Role.PLAYER, Binding(character, label)
        for entry, binding in _authorized_bound(self.files[Role.PLAYER]):
            if entry.validate(key, host, addr) is not None:
                return Role.PLAYER, binding
        return None, None

    def missing(self) -> list[Path]:
        """Key files that do not exist or hold no key (nobody can log in through them)."""
        return [path for path in self.files.values() if _authorized(path) is None]


def load_host_key(campaign: Path) -> asyncssh.SSHKey:
    """The server's host key; created (ed25519, mode 600) on the first start."""
    path = host_key_path(campaign)
    if not path.exists():
        key = asyncssh.generate_private_key("ssh-ed25519", comment=f"fhtagn {campaign.stem}")
        data = key.export_private_key()
        try:
            fd = create(path, os.O_WRONLY | os.O_EXCL)
        except FileExistsError:  # another server made it just now
            return asyncssh.read_private_key(path)
        try:
            os.write(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        log.info("created host key %s (%s)", path, key.get_fingerprint())
        return key
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        log.warning("host key %s was readable by others (mode %o); set to 600", path, mode)
        path.chmod(0o600)
    return asyncssh.read_private_key(path)
