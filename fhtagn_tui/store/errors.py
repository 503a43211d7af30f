"""What can go wrong with a campaign file, each error naming the file and saying what to do."""

from __future__ import annotations

from pathlib import Path

from fhtagn_tui.domain.codec import SchemaTooNew
from fhtagn_tui.domain.events import SCHEMA_VERSION

SUFFIX = ".fhtagn"


def campaign_name(path: Path) -> str:
    """The name the CLI knows a campaign by (the file name without ``.fhtagn``)."""
    return path.name.removesuffix(SUFFIX)


class StoreError(Exception):
    """A campaign file cannot be used as asked; the message names it and says what to do."""

    def __rich__(self) -> str:
        """What the app prints when one reaches it after opening (a damaged record read late:
        ``CampaignStore.iter_for_replay``): Textual ends the app with this, not a traceback."""
        return f"fhtagn: {self}"


class NotACampaign(StoreError):
    def __init__(self, path: Path, why: str) -> None:
        self.path = path
        super().__init__(
            f"{path} is not a fhtagn campaign log: {why}. Open a .fhtagn file saved by "
            f"fhtagn-tui, or create a new campaign"
        )


class TornTail(StoreError):
    """The file ends with a record that was never completely written (a cut-short save)."""

    def __init__(self, path: Path, offset: int, size: int, line: int) -> None:
        self.path, self.offset, self.size, self.line = path, offset, size, line
        super().__init__(
            f"{path} ends with an incomplete record (line {line}: {size} bytes from byte {offset}); "
            f"the last save was cut short (crash or power loss), so that action was never confirmed. "
            f"Nothing was changed. Run `fhtagn check {campaign_name(path)} --repair` to set it aside "
            f"(a backup is kept), or open the campaign read-only with --readonly"
        )


class CorruptRecord(StoreError):
    """A record before the end of the file cannot be read."""

    def __init__(self, path: Path, line: int, detail: str) -> None:
        self.path, self.line = path, line
        super().__init__(
            f"{path}: line {line} is damaged ({detail}). fhtagn will not change the file; run "
            f"`fhtagn check {campaign_name(path)}` for the full list, then restore a backup "
            f"({path.name}.bak-…) or fix that line by hand"
        )


class NewerSchema(StoreError, SchemaTooNew):
    """A record (or the header) written by a newer fhtagn-tui; also a codec ``SchemaTooNew``."""

    def __init__(self, path: Path, line: int, version: object, what: str = "schema") -> None:
        self.path, self.line, self.version = path, line, version
        readable = SCHEMA_VERSION if what == "schema" else 1
        message = (
            f"{path}: line {line} was written by a newer fhtagn-tui ({what} {version}; this one "
            f"reads up to {readable}). Upgrade fhtagn-tui to open it; nothing was changed"
        )
        SchemaTooNew.__init__(self, line - 2, message)


class Locked(StoreError):
    """Another process holds the writer lock of the campaign."""

    def __init__(self, path: Path, pid: int | None, host: str = "") -> None:
        self.path, self.pid, self.host = path, pid, host
        who = f"process {pid}" if pid else "another process"
        where = f" on {host}" if host else ""
        super().__init__(
            f"campaign {campaign_name(path)!r} is being played by {who}{where}; open it read-only "
            f"with --readonly, or close that one"
        )


class AppendOnly(StoreError):
    """An attempt to change or delete what the log already holds."""


class SaveFailed(StoreError):
    """Writing an append failed; the file is as it was before the append."""
