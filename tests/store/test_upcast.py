"""A save written with schema 1 (dice as objects) opens and folds."""

from __future__ import annotations

import shutil
from pathlib import Path

from fhtagn_tui.domain.events import SCHEMA_VERSION
from fhtagn_tui.domain.features.campaign import CampaignCreated, CharacterCreated, DiceRolled
from fhtagn_tui.domain.history import fold
from fhtagn_tui.rules.dice import Roll
from fhtagn_tui.service import Engine
from fhtagn_tui.store import CampaignStore
from fhtagn_tui.store.check import check

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "schema1_campaign.fhtagn"


def test_fixture_is_written_in_the_old_shape():
    raw = FIXTURE.read_bytes()
    assert raw.count(b'"v":1,') == 3
    assert b'{"purpose":"Library Use","die":"tens","value":30}' in raw


def test_schema1_save_opens_decodes_and_folds(tmp_path):
    with CampaignStore.open(FIXTURE, readonly=True) as store:
        created, harvey, roll = store.events()
        assert store.warnings == []
    assert isinstance(created, CampaignCreated) and created.system == "coc7" and created.name == "night-at-the-opera"
    assert isinstance(harvey, CharacterCreated) and harvey.stats["EDU"] == 90 and harvey.skills["Library Use"] == 70
    assert isinstance(roll, DiceRolled)
    assert roll.dice == (Roll("Library Use", "tens", 30), Roll("Library Use", "units", 4))
    assert (roll.total, roll.target, roll.level, roll.character) == (34, 70, "hard", "harvey walters")
    assert all(e.v == SCHEMA_VERSION for e in (created, harvey, roll))
    assert [e.seq for e in (created, harvey, roll)] == [1, 2, 3]

    state = fold([created, harvey, roll])
    assert (state.name, state.system, state.title, state.rolls) == ("night-at-the-opera", "coc7", "The Opera House", 1)
    h = state.character("Harvey Walters")
    assert h is not None and h.current == {"HP": 12, "SAN": 60, "MP": 12, "Luck": 45} and h.kind == "investigator"
    assert check(FIXTURE).ok


def test_tinydb_reads_old_records_in_the_current_shape():
    with CampaignStore.open(FIXTURE, readonly=True) as store:
        doc = store.table.get(doc_id=3)
    assert doc is not None and doc["v"] == SCHEMA_VERSION
    assert doc["dice"] == [["Library Use", "tens", 30], ["Library Use", "units", 4]]


def test_a_schema1_save_can_be_played_on(tmp_path):
    path = tmp_path / "opera.fhtagn"
    shutil.copy(FIXTURE, path)
    with CampaignStore.open(path) as store:
        eng = Engine(store, store.events(), clock=lambda: 1.0)
        eng.execute("char pool harvey SAN=55")
    with CampaignStore.open(path, readonly=True) as store:
        state = fold(store.events())
    h = state.character("harvey walters")
    assert h is not None and h.current["SAN"] == 55
    assert path.read_bytes().startswith(FIXTURE.read_bytes())  # old records are never rewritten
