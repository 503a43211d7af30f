"""NPC/monster templates and quick-add (``template add``, ``fight add N TEMPLATE``), and the
Initiative tab's pure helpers (due checks, the result panel, the form's command text)."""

from __future__ import annotations

from fhtagn_tui.app.forms.action_specs import Ctx, actions_for, command_text, defaults
from fhtagn_tui.app.screens.initiative_view import due, summary
from fhtagn_tui.domain.features.campaign import CharacterCreated
from fhtagn_tui.domain.features.encounter import CombatantAdded, InitiativeOrdered
from fhtagn_tui.domain.features.templates import TemplateRemoved, TemplateSaved
from fhtagn_tui.rules.quoting import quote as q
from tests.helpers import do, engine, events_of, rejected, replayed

CULTIST = 'template add Cultist kind=npc STR=13 CON=10 DEX=10 "Melee Weapons"=50 Dodge=30'


def test_template_saved_checked_and_listed():
    eng = engine("fhtagn")
    (ev,) = do(eng, CULTIST)
    assert isinstance(ev, TemplateSaved)
    block = eng.state.templates["cultist"]
    assert (block.name, block.kind, block.stats["STR"], block.stats["POW"]) == ("Cultist", "npc", 13, 10)
    assert block.skills == {"Melee Weapons": 50, "Dodge": 30}
    assert "already has that stat block" in rejected(eng, CULTIST)
    assert "Cultist" in eng.execute("template list").answer
    assert "Melee Weapons 50%" in eng.execute("template show cult").answer
    assert "NPCs and monsters" in rejected(eng, "template add Bob kind=agent")
    assert "STR 99 is impossible for an NPC" in rejected(eng, "template add Giant STR=99")
    assert "ends in a number" in rejected(eng, 'template add "Cultist 2"')
    assert "did you mean 'Cultist'" in rejected(eng, "template remove Cultst")
    (gone,) = do(eng, "template remove cultist")
    assert isinstance(gone, TemplateRemoved) and eng.state.templates == {}
    assert replayed(eng) == eng.state


def test_template_from_a_character_copies_then_overrides():
    eng = engine("coc7", "char new Ghoul kind=monster STR=80 CON=70 SIZ=65 DEX=65 POW=50 Claw=40")
    do(eng, "template add Ghoul kind=monster from=ghoul DEX=70 Claw=45")
    block = eng.state.templates["ghoul"]
    assert (block.stats["STR"], block.stats["DEX"], block.skills["Claw"]) == (80, 70, 45)


def test_quick_add_numbers_after_the_highest_and_joins_the_fight():
    eng = engine("fhtagn", "char new Ada DEX=12", CULTIST, "fight start", "fight add ada")
    events = do(eng, "fight add 3 cultist")
    created = events_of(events, CharacterCreated)
    assert [e.name for e in created] == ["Cultist 1", "Cultist 2", "Cultist 3"]
    assert all(e.kind == "npc" and e.stats["STR"] == 13 and e.skills["Dodge"] == 30 for e in created)
    assert len(events_of(events, CombatantAdded)) == 3 and len(events_of(events, InitiativeOrdered)) == 1
    assert eng.state.encounter.order == ("ada", "cultist 1", "cultist 2", "cultist 3")
    do(eng, "char del cultist 2".replace("cultist 2", '"cultist 2"'))
    events = do(eng, "fight add 2 cultist side=cult")
    assert [e.name for e in events_of(events, CharacterCreated)] == ["Cultist 4", "Cultist 5"]
    assert eng.state.encounter.get("cultist 4").side == "cult"
    assert replayed(eng) == eng.state


def test_quick_add_refusals_change_nothing():
    eng = engine("fhtagn", CULTIST)
    assert "no fight is running" in rejected(eng, "fight add 2 cultist")
    do(eng, "fight start")
    assert "1–30" in rejected(eng, "fight add 0 cultist")
    assert "no template or bestiary entry called 'ghoul'" in rejected(eng, "fight add 2 ghoul")
    bare = engine("fhtagn", "fight start")  # no templates: the bestiary's cultist (issue 18)
    do(bare, "fight add 2 cultist")
    assert "cultist 2" in bare.state.encounter.combatants


def test_gurps_quick_add_ties_roll_off_with_typed_dice():
    eng = engine("gurps", "template add Ghoul kind=monster ST=14 DX=11 IQ=8 HT=12", "fight start")
    events = do(eng, "fight add 2 ghoul", 3, 5)
    (order,) = events_of(events, InitiativeOrdered)
    assert order.order == ("ghoul 2", "ghoul 1") and order.tiebreaks == {"ghoul 1": 3, "ghoul 2": 5}


# --- the tab's helpers ------------------------------------------------------------------------


def test_form_builds_the_command_the_gm_would_type():
    eng = engine("fhtagn", 'char new "Ada Vance" DEX=14 Firearms=60', 'char new Cy kind=npc DEX=10 "Melee Weapons"=50',
                 "fight start", 'fight add "ada vance" cy', "fight next")
    state = eng.state
    ada = state.characters["ada vance"]
    attack = next(a for a in actions_for(state, ada) if a.key == "attack")
    ctx = defaults(attack, Ctx(state, ada))
    assert command_text(attack, ctx) == 'attack "ada vance" cy weapon="light pistol"'
    ctx.values.update(weapon="pistol", called="partly", gap="yes", special="mow", rounds="5", defend="dodge", mod="-20")
    text = command_text(attack, ctx, "34,5")
    assert text == 'attack "ada vance" cy weapon=pistol partly gap mow=5 defend=dodge mod=-20 roll=34,5'
    (ev, *_) = do(eng, text.removesuffix(" roll=34,5"), 15, 60, 5)  # the same line runs as typed
    assert ev.options == ("partly", "mow", "gap") and ev.modifier == -40
    assert "coup" not in [a.key for a in actions_for(state, ada)]  # nobody is unconscious
    assert q("O'Brien") == '"O\'Brien"' and q("cy") == "cy"


def test_due_checks_and_the_panel():
    eng = engine("fhtagn", "char new Ada DEX=14 CON=12 Firearms=60", 'char new Cy kind=npc DEX=10 STR=10 CON=10',
                 "fight start", "fight add ada cy", "fight next", "cond add ada exhausted", "cond add ada pinned")
    found = [what for what, _ in due(eng.state, "ada")]
    assert any(w.startswith("pinned") for w in found) and any(w.startswith("exhausted") for w in found)
    events = do(eng, "attack ada cy weapon=pistol", 20, 9, 50)
    text = summary(events, eng.names).plain
    assert "Ada → Cy, pistol" in text
    assert "attack 20 vs 40 (−20) success → unopposed: hit" in text  # −20 exhausted
    assert "Cy HP 10→1 (9 taken)" in text and "Cy UNCONSCIOUS" in text
