"""A damaged record met after opening ends the app with the store's message, not a traceback.

A replay reads free rolls, table rolls and notes as heads (type, seq, group: ``store.iter_for_replay``),
so a hand-damaged field of one of them (valid JSON, a wrong type) is found when the record is first
read in full — the Log tab, review, an export — not at opening.  Found in tmux: the Log tab then
ended the app with Textual's traceback."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fhtagn_tui import campaigns
from fhtagn_tui.app.app import open_door
from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.door import StoreError


def _damaged(tmp_path: Path) -> Path:
    path = tmp_path / "cor.fhtagn"
    campaigns.create_campaign(path, "fhtagn", "Cor").close()
    with open_door(path, False) as door:
        for line in ("roll 1d100", "note hello", "roll 1d6"):
            door.execute(line)
    Path(str(path) + ".state").unlink(missing_ok=True)  # opened by a full replay
    lines = path.read_bytes().split(b"\n")
    at = next(i for i, line in enumerate(lines) if b'"DiceRolled"' in line)
    lines[at] = re.sub(rb'"total":\d+', b'"total":"x"', lines[at])
    path.write_bytes(b"\n".join(lines))
    return path


def test_the_store_error_is_what_textual_prints():
    """Textual ends the app with an exception's ``__rich__`` (App.panic) instead of a traceback."""
    assert StoreError("x is damaged").__rich__() == "fhtagn: x is damaged"


async def test_the_log_tab_meeting_a_damaged_record_ends_the_app_with_its_message(tmp_path: Path, capfd):
    door = open_door(_damaged(tmp_path), False)
    app = GmApp(door)
    try:
        with pytest.raises(StoreError, match="line 3 is damaged"):  # Pilot re-raises what ended the app
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.press("5")
                await pilot.pause()
        assert app.return_code == 1
        printed = " ".join(capfd.readouterr().err.split())  # what Textual printed as the app ended
        assert printed.startswith("fhtagn: ") and "is damaged (record 2 (DiceRolled)" in printed
        assert "fhtagn check cor" in printed
        assert "Traceback" not in printed and "CampaignStore" not in printed
    finally:
        door.close(save=False)
