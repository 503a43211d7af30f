"""The web view's secret: ``saves/NAME.web_token`` (mode 600), made on the first start.

The token is the path of the page (``http://HOST:PORT/TOKEN``): whoever has the
link can watch the player view, nobody else.  ``fhtagn serve --new-web-token``
replaces it (every link handed out before stops working).
"""

from __future__ import annotations

import logging
import os
import re
import secrets
import stat
from pathlib import Path

from fhtagn_tui.private import create

log = logging.getLogger("fhtagn.serve")

_VALID = re.compile(r"[A-Za-z0-9_-]{22,128}")


def token_path(campaign: Path) -> Path:
    return campaign.with_name(campaign.stem + ".web_token")


def _write(path: Path, token: str) -> None:
    tmp = path.with_name(f".{path.name}.new-{os.getpid()}")
    fd = create(tmp, os.O_WRONLY | os.O_EXCL | os.O_NOFOLLOW)
    try:
        os.write(fd, (token + "\n").encode())
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, path)


def web_token(campaign: Path, renew: bool = False) -> str:
    """The campaign's web token: read, or made (and kept) if there is none or ``renew``."""
    path = token_path(campaign)
    if not renew:
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
        except FileNotFoundError:
            fd = -1
        if fd >= 0:
            try:
                mode = stat.S_IMODE(os.fstat(fd).st_mode)
                text = os.read(fd, 256).decode("ascii", "replace").strip()
            finally:
                os.close(fd)
            if mode & 0o077:
                log.warning("web token %s was readable by others (mode %o); set to 600", path, mode)
                os.chmod(path, 0o600)
            if _VALID.fullmatch(text):
                return text
            log.warning("web token %s did not hold a token; made a new one", path)
    token = secrets.token_urlsafe(24)
    _write(path, token)
    log.info("%s web token %s", "new" if renew else "created", path)
    return token
