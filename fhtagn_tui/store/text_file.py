"""A text file the GM names (a handout): read bounded, a regular file, UTF-8 text only.

The one place a user's own file is read into the campaign: the Engine reads it where a command that
names it enters (``service``), so the domain and the command language read no file.  What it gives
back is then checked like any typed text (``domain.text``: no control, bidi or zero-width characters;
lengths bounded).
"""

from __future__ import annotations

from pathlib import Path


class TextFileError(ValueError):
    """The file cannot be a handout: the message says why (for the GM, as is)."""


def read_text_file(name: str, suffixes: tuple[str, ...], max_bytes: int, what: str = "handout") -> tuple[str, str]:
    """(the file's stem, its text): ``name`` a regular file whose name ends in one of ``suffixes``, at
    most ``max_bytes``, UTF-8 (a byte order mark and Windows line ends are taken off), no NUL byte.
    Raises :class:`TextFileError` saying why not."""
    path = Path(name).expanduser()
    if not path.name.casefold().endswith(suffixes):
        raise TextFileError(f"{what}: {name!r} is not a text file (a {what} is a {', '.join(suffixes)} file)")
    try:
        if not path.is_file():
            raise TextFileError(f"{what}: no file {name!r}" + (" (a folder)" if path.is_dir() else ""))
        with path.open("rb") as f:
            raw = f.read(max_bytes + 1)
    except OSError as exc:
        raise TextFileError(f"{what}: cannot read {name!r}: {exc.strerror or exc}") from None
    if len(raw) > max_bytes:
        raise TextFileError(f"{what}: {name!r} is larger than {max_bytes // 1024} KB")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TextFileError(f"{what}: {name!r} is not UTF-8 text (byte {exc.start + 1}): save it as UTF-8 text") from None
    text = text.removeprefix("\ufeff").replace("\r\n", "\n")
    if "\x00" in text:
        raise TextFileError(f"{what}: {name!r} is not a text file (it holds NUL bytes)")
    return path.stem, text


__all__ = ["TextFileError", "read_text_file"]
