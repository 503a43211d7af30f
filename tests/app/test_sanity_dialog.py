"""The Sanity dialog on the Party tab at 80×24: FHTAGN SAN test, GURPS Fright Check, CoC Sanity roll."""

from __future__ import annotations

import pytest
from textual.widgets import Button, DataTable, Input, Select, Static

from fhtagn_tui.app.forms import sanity_plan as sp
from fhtagn_tui.app.forms.sanity import SanityDialog
from fhtagn_tui.app.gm import GmApp
from fhtagn_tui.commands import parse
from fhtagn_tui.domain.features.coc_insanity import SanityRolled
from fhtagn_tui.domain.features.sanity import SanTest
from fhtagn_tui.domain.history import fold
from fhtagn_tui.domain.public import public_log
from fhtagn_tui.door import Door
from fhtagn_tui.rules.dice import RandomSource
from fhtagn_tui.rules.gurps.fright import Trait
from fhtagn_tui.service import Engine
from fhtagn_tui.store import CampaignStore


def text_of(screen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


def memory_app(system: str, *lines: str) -> GmApp:
    engine = Engine.memory(system, source=RandomSource(7))
    for line in lines:
        engine.execute(line)
    return GmApp(Door(engine))


async def open_dialog(app: GmApp, pilot, row: int = 0) -> SanityDialog:
    app.query_one("#party-table", DataTable).move_cursor(row=row)
    await pilot.pause()
    await pilot.press("s")
    await pilot.pause()
    assert isinstance(app.screen, SanityDialog)
    return app.screen


async def type_dice(pilot, dialog: SanityDialog, values: str) -> None:
    dialog.query_one("#sd-die", Input).value = values
    await pilot.press("enter")
    await pilot.pause()


async def test_fhtagn_san_test_projected_onto_a_bond_with_typed_dice(make_app, demo_path):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_dialog(app, pilot)  # Ada Vance: SAN 70, WP 14, Sister Claire 11
        assert dialog.query_one("#sd-who", Select).value == "ada vance"
        dialog.query_one("#sd-loss", Input).value = "1/1d8"
        dialog.query_one("#sd-kind", Select).value = "violence"
        dialog.query_one("#sd-project", Select).value = "Sister Claire"
        await pilot.pause()
        assert text_of(dialog, "#sd-command") == ':san "Ada Vance" 1/1d8 kind=violence project="Sister Claire"'
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "a d100 for 'SAN test'" in text_of(dialog, "#sd-need")
        await type_dice(pilot, dialog, "80")  # 80 vs 70: a failure
        assert "SAN test d100: 80" in text_of(dialog, "#sd-drawn")
        assert "a d8 for 'SAN loss'" in text_of(dialog, "#sd-need")
        await type_dice(pilot, dialog, "6")
        assert "a d4 for 'projection WP'" in text_of(dialog, "#sd-need")
        assert "FH-SAN-03" in text_of(dialog, "#sd-need")
        await type_dice(pilot, dialog, "3")
        assert "All the dice are in" in text_of(dialog, "#sd-need")
        assert app.door.state.character("ada vance").current["SAN"] == 70  # nothing recorded yet
        await pilot.press("ctrl+s")
        await pilot.pause()
        outcome = text_of(dialog, "#sd-outcome")
        assert 'san "Ada Vance" 1/1d8 kind=violence project="Sister Claire" roll=80,6,3' in outcome
        assert "80 vs 70 → failure, loss 6" in outcome
        assert "projects onto Sister Claire: −3 WP, loss 6 → 3" in outcome
        assert "loses 3 SAN (violence): 70 → 67" in outcome
        assert "violence box checked (1/3)" in outcome
        ada = app.door.state.character("ada vance")
        assert (ada.current["SAN"], ada.current["WP"], ada.bond("Sister Claire").score) == (67, 11, 8)
        assert ada.mind.boxes == {"violence": 1}
        await pilot.press("ctrl+s")  # close
        await pilot.pause()
        assert not isinstance(app.screen, SanityDialog)
    with CampaignStore.open(demo_path, readonly=True) as store:  # durable, one action group
        events = store.events()
        assert fold(events).character("ada vance") == ada
        assert len({ev.group for ev in events[-5:]}) == 1


@pytest.mark.rule("FH-SAN-07")
def test_the_dialog_asks_no_die_for_the_insanity_reaction():
    engine = Engine.memory("fhtagn")
    engine.execute('char new Jonah STR=15 CON=14 DEX=12 INT=10 POW=11 CHA=9 bonds="Daughter Mia"')
    rolled = sp.command_of("san jonah 1d4/1d10")  # SAN 55
    done = sp.plan(engine.state, rolled, ["90", "7"])  # failure, 7 lost: temporary insanity
    assert done.complete and sp.drawn_text(done.drawn) == ["SAN test d100: 90", "SAN loss d10: 7"]
    assert any(ev.describe(engine.names).startswith("Jonah goes temporarily insane (7 SAN at once): the GM chooses")
               for ev in done.events)
    chosen = sp.plan(engine.state, sp.command_of("san jonah 1d4/1d10 reaction=flee"), ["90", "7"])
    assert chosen.complete  # the GM's choice with the test: no die either
    assert sp.plan(engine.state, rolled, ["90", "7", "5"]).error.startswith("1 die value too many: this needs 2")
    assert sp.plan(engine.state, rolled, []).drawn == [] and engine.state.character("jonah").current["SAN"] == 55


@pytest.mark.rule("FH-SAN-07")
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_temporary_insanity_offers_the_gm_the_reaction_typical_ones_marked(make_app, size):
    app = make_app()
    async with app.run_test(size=size) as pilot:
        dialog = await open_dialog(app, pilot)  # Ada Vance: SAN 70, CON 11
        assert not dialog.query_one("#sd-react").display
        dialog.query_one("#sd-loss", Input).value = "1/1d8"
        dialog.query_one("#sd-kind", Select).value = "violence"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        await type_dice(pilot, dialog, "80")
        await type_dice(pilot, dialog, "6")  # 6 lost at once: temporary insanity — and no die asked for it
        assert "All the dice are in" in text_of(dialog, "#sd-need")
        await pilot.press("ctrl+s")
        await pilot.pause()
        outcome = text_of(dialog, "#sd-outcome")
        assert "the GM chooses the reaction" in outcome and "(typical of violence: flee or struggle)" in outcome
        assert "Choose the reaction (FH-SAN-07):" in outcome
        assert dialog.query_one("#sd-react").display
        labels = [str(b.label) for b in dialog.query("#sd-react Button").results(Button)]
        assert labels == ["flee (typical)", "struggle (typical)", "submit"]
        assert app.door.state.character("ada vance").conditions == ()
        assert dialog.query_one("#sd-react-flee", Button).has_focus
        await pilot.press("enter")  # flee: the first, focused
        await pilot.pause()
        ada = app.door.state.character("ada vance")
        assert ada.conditions == ("insane-flee",)
        assert not dialog.query_one("#sd-react").display
        done = text_of(dialog, "#sd-outcome")
        assert "up to 11 turns" in done and "Choose the reaction" not in done  # the effect for her CON; answered
        await pilot.press("ctrl+s")  # close
        await pilot.pause()
        assert not isinstance(app.screen, SanityDialog)


@pytest.mark.rule("FH-SAN-07")
async def test_the_reaction_to_a_secret_test_is_secret_too():
    """Found by an attacker's probe: after ctrl+g and a SAN test in the dialog, the reaction chosen
    there was public (ctrl+g covers one action) — players read 'Ada Vance: insane-flee (…)'."""
    app = memory_app("fhtagn", 'char new "Ada Vance" STR=10 CON=11 DEX=9 INT=16 POW=14 CHA=11')
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+g")  # the next action is secret
        dialog = await open_dialog(app, pilot)
        dialog.query_one("#sd-loss", Input).value = "1/1d8"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        await type_dice(pilot, dialog, "80")
        await type_dice(pilot, dialog, "6")
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("enter")  # flee
        await pilot.pause()
        assert app.door.state.character("ada vance").conditions == ("insane-flee",)
        events = app.door.events()
        assert events[-1].condition == "insane-flee" and events[-1].secret
        told = " ".join(e.text for e in public_log(events).entries)
        assert "insane" not in told and "SAN" not in told.split("Ada Vance joins")[-1]


async def test_a_gurps_fright_check_with_a_modifier_and_a_new_quirk():
    app = memory_app("gurps", "char new Ilse ST=10 DX=10 IQ=12 HT=11")
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_dialog(app, pilot)
        dialog.query_one("#sd-mod", Input).value = "-3"
        dialog.query_one("#sd-trait", Input).value = "Counts the exits"
        await pilot.pause()
        assert "Will 12 -3 → roll 3d against 9" in text_of(dialog, "#sd-hint")
        assert text_of(dialog, "#sd-command") == ':fright Ilse mod=-3 trait="Counts the exits"'
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "a d6 for 'Fright Check'" in text_of(dialog, "#sd-need")
        await type_dice(pilot, dialog, "6 5")
        assert "(die 3)" in text_of(dialog, "#sd-need")
        await type_dice(pilot, dialog, "5")  # 16 vs 9: a failure by 7
        assert "Fright Check 3d6: 6+5+5 = 16" in text_of(dialog, "#sd-drawn")
        assert "a d6 for 'Fright table'" in text_of(dialog, "#sd-need")
        await type_dice(pilot, dialog, "2,2,2")  # 6 + 7 = 13: a new mental quirk
        await pilot.press("ctrl+s")
        await pilot.pause()
        outcome = text_of(dialog, "#sd-outcome")
        assert "Fright Check 16 vs 9 → failure, margin 7; table 13" in outcome
        assert "acquires Counts the exits (quirk, -1 points)" in outcome
        ilse = app.door.state.character("ilse")
        assert ilse.mind.traits == (Trait(name="Counts the exits", points=-1, kind="quirk", origin=1),)


async def test_a_coc_sanity_roll_against_an_entity_with_the_loss_rolled_here():
    app = memory_app("coc7", "char new Harvey STR=50 CON=50 SIZ=60 DEX=50 APP=50 INT=70 POW=60 EDU=70 Luck=50")
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_dialog(app, pilot)
        dialog.query_one("#sd-loss", Input).value = "1/1d6"
        dialog.query_one("#sd-source", Input).value = "deep one"
        dialog.query_one("#sd-bout", Select).value = "summary"
        await pilot.pause()
        assert text_of(dialog, "#sd-command") == ':sanity Harvey 1/1d6 source="deep one" bout=summary'
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "a d100 for 'Sanity roll'" in text_of(dialog, "#sd-need")
        await type_dice(pilot, dialog, "70")  # 70 vs SAN 60: a failure
        assert "a d6 for 'SAN loss'" in text_of(dialog, "#sd-need")
        await pilot.press("ctrl+t")  # the rest rolled by the app
        await pilot.pause()
        loss = dialog.current.drawn[-1].value
        await pilot.press("ctrl+s")
        await pilot.pause()
        harvey = app.door.state.character("harvey")
        assert harvey.current["SAN"] == 60 - loss
        assert harvey.mind.cumulative == {"deep one": loss}
        assert f"Sanity roll (1/1d6 — deep one) 70 vs 60 → failure, loss {loss}" in text_of(dialog, "#sd-outcome")
        (rolled,) = [ev for ev in app.door.events() if isinstance(ev, SanityRolled)]
        assert [(r.purpose, r.value) for r in rolled.dice] == [("Sanity roll", 70), ("SAN loss", loss)]


async def test_bad_input_is_refused_and_changes_nothing(make_app):
    app = make_app()
    app.door.execute('bond ada "Dr. Okafor" 0')
    async with app.run_test(size=(80, 24)) as pilot:
        before = app.door.state
        dialog = await open_dialog(app, pilot)
        offered = [value for _label, value in dialog.query_one("#sd-project", Select)._options]
        assert "Dr. Okafor" not in offered and "Sister Claire" in offered  # only live bonds
        broken = sp.plan(before, sp.command_of('san ada 1/1d8 project="Dr. Okafor"'), [])
        assert broken.error == "Ada Vance's bond Dr. Okafor is broken (0): choose a bond above 0"
        await pilot.press("ctrl+s")  # no loss yet
        await pilot.pause()
        assert text_of(dialog, "#sd-error") == "give the loss as SUCCESS/FAILURE, e.g. 1/1d6"
        dialog.query_one("#sd-loss", Input).value = "1/banana"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "is not a dice expression" in text_of(dialog, "#sd-error")
        assert dialog.step == "choose"
        dialog.query_one("#sd-loss", Input).value = "1/1d8"
        await pilot.press("ctrl+s")
        await pilot.pause()
        await type_dice(pilot, dialog, "80")
        await type_dice(pilot, dialog, "9")  # a d8 cannot show 9
        assert "a d8 cannot show 9 for 'SAN loss'" in text_of(dialog, "#sd-error")
        assert dialog.values == ["80"]
        await type_dice(pilot, dialog, "4 2")  # one too many
        assert "1 die value too many: this needs 2" in text_of(dialog, "#sd-error")
        assert dialog.values == ["80"]
        await pilot.press("ctrl+b")  # back one die
        await pilot.pause()
        assert dialog.values == [] and "a d100 for 'SAN test'" in text_of(dialog, "#sd-need")
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, SanityDialog)
        assert app.door.state is before


def test_the_command_text_reads_back_as_the_same_command():
    text = sp.fhtagn_text("Ada Vance", "1/1d8", "helplessness", "Sister Claire", True, "Partner Sam", "flee",
                          'PTSD ("the farm")', -20)
    assert text == ('san "Ada Vance" 1/1d8 kind=helplessness project="Sister Claire" repress="Partner Sam" '
                    'reaction=flee disorder="PTSD (\\"the farm\\")" mod=-20')
    assert parse(text).command == SanTest(
        name="Ada Vance", loss="1/1d8", source="helplessness", project="Sister Claire", repress=True,
        repress_bond="Partner Sam", reaction="flee", disorder='PTSD ("the farm")', modifier=-20,
    )
    assert sp.coc_text("Harvey", "0/1d4", cap=8, mythos=True, bonus=1) == "sanity Harvey 0/1d4 max=8 mythos bonus=1"
    assert sp.gurps_text("Ilse", 2, "", 12, "Fear of cellars") == 'fright Ilse mod=+2 worsen="Fear of cellars" sc=12'
    assert sp.with_roll("fright Ilse", ["6", "6", "5"]) == "fright Ilse roll=6,6,5"


async def test_the_dice_prompt_names_every_die_still_needed_and_takes_them_in_one_enter(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_dialog(app, pilot)  # Ada Vance
        dialog.query_one("#sd-loss", Input).value = "1/1d8"
        dialog.query_one("#sd-kind", Select).value = "violence"
        dialog.query_one("#sd-project", Select).value = "Sister Claire"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        need = text_of(dialog, "#sd-need")
        assert "a d100 for 'SAN test'" in need
        assert "Then: a d8 for 'SAN loss', then a d4 for 'projection WP'" in need  # every die, in order
        await type_dice(pilot, dialog, "80 6 3")  # one Enter for the three
        assert "All the dice are in" in text_of(dialog, "#sd-need")
        assert dialog.values == ["80", "6", "3"]
