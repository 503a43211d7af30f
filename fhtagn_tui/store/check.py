"""``fhtagn check``: find what is wrong with a campaign file, and repair a torn tail.

``check`` reads the whole file and reports every problem: a torn tail (with
its byte offset), damaged records, records from a newer schema, seq gaps.
``repair`` fixes only a torn tail, and only with the writer lock: it keeps a
copy of the file (``NAME.fhtagn.bak-<UTC>``), moves the torn bytes to
``NAME.fhtagn.torn-<UTC>``, then truncates the file to the end of its last good
line and fsyncs.  Damage in the middle is never repaired automatically.
"""

from __future__ import annotations

import os
from pathlib import Path

import msgspec

from fhtagn_tui.domain import codec
from fhtagn_tui.domain.events import Event

from .errors import NewerSchema, NotACampaign, campaign_name
from .files import fsync_dir, sidecar, utc_stamp, write_new
from .layout import split
from .lock import WriterLock
from .records import decode_lines

SHOWN = 20  # problems listed by text(); the rest are counted


class Problem(msgspec.Struct, frozen=True):
    kind: str  # missing | not-a-campaign | newer-schema | torn-tail | corrupt | seq
    message: str
    line: int = 0  # file line (1 is the header); 0 when not about one line
    offset: int = -1  # byte offset (torn tail)
    size: int = 0  # bytes (torn tail)


class Report(msgspec.Struct):
    path: str
    events: int = 0  # readable event records
    problems: list[Problem] = []
    notes: list[str] = []
    repaired: bool = False
    backup: str = ""
    torn_file: str = ""

    @property
    def ok(self) -> bool:
        return not self.problems

    clean = ok

    @property
    def torn(self) -> Problem | None:
        return next((p for p in self.problems if p.kind == "torn-tail"), None)

    def text(self) -> str:
        out = []
        if self.ok:
            out.append(f"{self.path}: clean, {self.events} events")
        else:
            n = len(self.problems)
            out.append(f"{self.path}: {n} problem{'s' if n != 1 else ''} ({self.events} readable events)")
            out.extend(f"  - {p.message}" for p in self.problems[:SHOWN])
            if n > SHOWN:
                out.append(f"  … and {n - SHOWN} more")
            out.append(_advice(Path(self.path), self.problems))
        if self.repaired:
            out.append(f"repaired: a copy of the file as it was is {self.backup}; the torn bytes are in {self.torn_file}")
        out.extend(self.notes)
        return "\n".join(out)


def _advice(path: Path, problems: list[Problem]) -> str:
    kinds = {p.kind for p in problems}
    name = campaign_name(path)
    if kinds == {"torn-tail"}:
        return f"What to do: run `fhtagn check {name} --repair` (it keeps a backup and sets the torn bytes aside)."
    if kinds & {"corrupt", "seq"}:
        return (
            "What to do: damage before the end of the log is not repaired automatically. Restore a "
            f"backup ({path.name}.bak-…), or copy the file and fix the listed lines by hand, then "
            f"run `fhtagn check {name}` again."
        )
    if "newer-schema" in kinds:
        return "What to do: upgrade fhtagn-tui; this version cannot read the file."
    return "What to do: open a campaign file saved by fhtagn-tui (see `fhtagn list`)."


def check(path: Path) -> Report:
    path = Path(path)
    report = Report(path=str(path))
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        report.problems.append(Problem("missing", f"there is no file {path}"))
        return report
    except OSError as exc:
        report.problems.append(Problem("missing", f"{path} cannot be read: {exc.strerror}"))
        return report
    try:
        layout = split(path, data)
    except NewerSchema as exc:
        report.problems.append(Problem("newer-schema", str(exc), line=1))
        return report
    except NotACampaign as exc:
        report.problems.append(Problem("not-a-campaign", str(exc), line=1))
        return report
    events = _decode_all(layout.lines, report)
    report.events = len(events)
    _check_seqs(events, report)
    if layout.torn is not None:
        t = layout.torn
        report.problems.append(
            Problem(
                "torn-tail",
                f"line {t.line}: incomplete record at the end, {t.size} bytes from byte {t.offset} "
                f"(a save cut short; that action was never confirmed)",
                line=t.line,
                offset=t.offset,
                size=t.size,
            )
        )
    return report


def _decode_all(lines: list[bytes], report: Report) -> list[tuple[int, Event]]:
    """(file line, event) for every readable record; a problem for every other one."""
    try:
        return [(i + 2, ev) for i, ev in enumerate(decode_lines(lines))]
    except codec.RecordError:
        pass
    out: list[tuple[int, Event]] = []
    for i, line in enumerate(lines):
        try:
            out.append((i + 2, codec.decode_one(line, i)))
        except codec.SchemaTooNew:
            report.problems.append(
                Problem("newer-schema", f"line {i + 2}: written by a newer fhtagn-tui (upgrade to read it)", line=i + 2)
            )
        except codec.RecordError as exc:
            detail = str(exc).replace(f"record {i + 1} ", "record ", 1)
            report.problems.append(Problem("corrupt", f"line {i + 2}: damaged — {detail}", line=i + 2))
    return out


def _check_seqs(events: list[tuple[int, Event]], report: Report) -> None:
    """Each record's seq must be its position (file line - 1); report each place where that breaks."""
    shift = 0
    for line, ev in events:
        if ev.seq - (line - 1) != shift:
            shift = ev.seq - (line - 1)
            report.problems.append(
                Problem("seq", f"line {line}: seq {ev.seq} where seq {line - 1} belongs (a gap or a repeat)", line=line)
            )


def repair(path: Path) -> Report:
    """Set a torn tail aside (see the module docstring); anything else is only reported."""
    path = Path(path)
    if not path.is_file():
        return check(path)
    lock = WriterLock.acquire(path)  # Locked while someone plays the campaign
    try:
        report = check(path)
        torn = report.torn
        if report.ok:
            report.notes.append("nothing to repair")
            return report
        if torn is None or len(report.problems) > 1:
            report.notes.append("not repaired: only a torn tail (and nothing else) is repaired automatically")
            return report
        data = path.read_bytes()
        stamp = utc_stamp()
        backup = sidecar(path, "bak", stamp)
        write_new(backup, data)
        torn_file = sidecar(path, "torn", stamp)
        write_new(torn_file, data[torn.offset :])
        fd = os.open(path, os.O_RDWR | os.O_CLOEXEC)
        try:
            os.ftruncate(fd, torn.offset)
            os.fsync(fd)
        finally:
            os.close(fd)
        fsync_dir(path.parent)
        after = check(path)
        after.repaired = True
        after.backup = str(backup)
        after.torn_file = str(torn_file)
        return after
    finally:
        lock.release()
