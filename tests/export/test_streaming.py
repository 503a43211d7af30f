"""Exports are streamed (the log read chunk by chunk in two passes, the document written a few
thousand lines at a time) and say exactly what the recap of the whole list of events says."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from fhtagn_tui import cli
from fhtagn_tui.export import export_pieces, export_text
from fhtagn_tui.store import CampaignStore
from tests.bench.bench_store import build_file, template


@pytest.fixture(scope="module")
def long_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    setup, play = template(n_play=120)
    path = tmp_path_factory.mktemp("streaming") / "long.fhtagn"
    build_file(path, 6_000, setup, play)  # more lines than one written piece, records in several chunks
    return path


@pytest.mark.parametrize("fmt", ["md", "html"])
@pytest.mark.parametrize("players", [False, True])
def test_the_cli_export_is_the_recap_of_the_whole_log(long_log: Path, fmt: str, players: bool) -> None:
    with CampaignStore.open(long_log, readonly=True) as store:
        events = store.events()
    expected = export_text(events, fmt, players=players)
    pieces = list(export_pieces(events, fmt, players=players))
    assert len(pieces) > 2 and "".join(pieces) == expected  # written a piece at a time
    out = long_log.parent / f"out-{fmt}-{players}.{fmt}"
    args = ["--saves", str(long_log.parent), "export", "long", "--format", fmt, "-o", str(out)]
    with contextlib.redirect_stderr(io.StringIO()):
        assert cli.main(args + (["--players"] if players else [])) == 0
    assert out.read_text(encoding="utf-8") == expected


def test_the_marks_read_from_the_records_are_those_of_the_events(long_log: Path) -> None:
    from fhtagn_tui.export.recap import log_marks, log_marks_of_records

    with CampaignStore.open(long_log, readonly=True) as store:
        expected = log_marks(store.events())
        fast = log_marks_of_records(store.records())
    assert expected.sessions  # the log has sessions
    assert fast == expected


def test_marks_of_records_that_do_not_read_give_way_to_the_events() -> None:
    from fhtagn_tui.export.recap import LogMarks, log_marks_of_records

    good = b'{"type":"Undone","target":3,"seq":1}'
    other = b'{"type":"Hit","target":"ada","number":"x"}'  # other events' fields of the same names
    assert log_marks_of_records([good, other, b'{"type":"SessionStarted","number":2}', b'{"type":"Undone","target":5}',
                                 b'{"type":"Redone","target":3}']) == LogMarks({5}, [2])
    assert log_marks_of_records([good, b"not json"]) is None
    assert log_marks_of_records([good, b""]) is None


def test_marks_of_records_written_otherwise_are_still_read() -> None:
    from fhtagn_tui.export.recap import LogMarks, log_marks_of_records

    # a chunk in which no record names a marked type the way this program writes it is not decoded;
    # one written otherwise (a space after the colon, the type not first) is
    note = b'{"type":"NoteAdded","text":"\\"type\\":\\"Undone\\"","group":7}'  # a note quoting one is not one
    assert log_marks_of_records([note, note]) == LogMarks(set(), [], undo=False)
    assert log_marks_of_records([note, b'{"type": "Undone", "target": 4}']) == LogMarks({4}, [])
    assert log_marks_of_records([b'{"target":6,"type":"Undone"}', note]) == LogMarks({6}, [])
    # a damaged record where a marked type is: the events tell what is wrong (elsewhere the second
    # pass, which decodes every record, does)
    assert log_marks_of_records([b'{"type":"Undone",', note]) is None


@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_rests_while_the_export_is_written_and_is_left_as_it_was(
        long_log: Path, monkeypatch: pytest.MonkeyPatch, enabled: bool) -> None:
    import gc

    from fhtagn_tui.export import cli as export_cli

    seen: list[bool] = []
    made = export_cli.export_pieces

    def pieces(*args: object, **kwargs: object) -> object:
        for piece in made(*args, **kwargs):  # type: ignore[arg-type]
            seen.append(gc.isenabled())
            yield piece

    monkeypatch.setattr(export_cli, "export_pieces", pieces)
    out = long_log.parent / "rest.md"
    (gc.enable if enabled else gc.disable)()
    try:
        with contextlib.redirect_stderr(io.StringIO()):
            assert cli.main(["--saves", str(long_log.parent), "export", "long", "-o", str(out)]) == 0
        assert gc.isenabled() is enabled
    finally:
        gc.enable()
    assert len(seen) > 2 and not any(seen)
