"""Secrets by reference (issue 30): what players read of an event is decided from the things it
refers to (its fields, the fight or chase it is in) and the secrets in force — never from its text.

Each leak the attacker's probe found is one test here, in-process through the Engine (or the door)
and the public projection; each failed on main before the fix.  The property over random sequences
is test_secrets_property.py.
"""

from __future__ import annotations

import re

from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.public import public_log
from fhtagn_tui.export import export_text
from fhtagn_tui.rules.dice import RandomSource
from fhtagn_tui.service import Engine, MemorySink

ADA = 'char new "Ada Vance" STR=10 CON=11 DEX=9 INT=16 POW=14 CHA=11 Firearms=20'
BOB = "char new Bob STR=10 CON=11 DEX=9 INT=16 POW=14 CHA=11"
HARVEY = 'char new Harvey STR=60 CON=60 SIZ=70 DEX=70 APP=50 INT=60 POW=60 EDU=60 "Drive Auto"=50'
GINA = "char new Gina STR=60 CON=60 SIZ=70 DEX=50 APP=50 INT=60 POW=60 EDU=60"
SHADE = 'char new Shade kind=npc STR=60 CON=60 SIZ=60 DEX=60 INT=40 POW=50 "Drive Auto"=75 --hidden'


def table(system: str, *lines: str, seed: int = 3) -> Engine:
    """A campaign in memory, its dice seeded, the lines run; its players see every investigator's
    numbers (``privacy full``: these tests are about secrets; privacy is tests/serve/test_privacy.py)."""
    eng = Engine.memory(system, source=RandomSource(seed))
    for line in ("privacy full", *lines):
        eng.execute(line)
    return eng


def events(eng: Engine) -> list[Event]:
    sink = eng.sink
    assert isinstance(sink, MemorySink)
    return sink.events


def texts(eng: Engine) -> list[str]:
    return [e.text for e in public_log(events(eng)).entries]


def players(eng: Engine) -> str:
    """Everything players read: their log and both recaps."""
    return "\n".join([*texts(eng), export_text(events(eng), "md", players=True),
                      export_text(events(eng), "html", players=True)])


# --- a hidden character, by reference ------------------------------------------------------------


def test_a_vehicle_a_hidden_npc_drives_is_read_without_its_numbers() -> None:
    """"Black speed roll Drive Auto 100 vs 75": the line named the vehicle, not its hidden driver."""
    eng = table("coc7", HARVEY, SHADE, "chase new Road", "chase add Car role=flee vehicle=car driver=Harvey",
                "chase add Black role=pursue vehicle=car driver=Shade", "chase start", "chase next", seed=1)
    gm = [e.describe(eng.names) for e in events(eng)]
    assert any(re.search(r"Black speed roll Drive Auto \d+ vs 75", line) for line in gm)
    told = texts(eng)
    assert "Black rolls for speed" in told
    for line in told:
        if "Black" in line:
            assert not re.search(r"\d", line.replace("Chase 1", "")), line
    # the movement actions' line keys participants by id ("shade 5" in the GM's): no hidden number
    assert not any(re.search(r"\b[Ss]hade \d", line) for line in told)


# --- changed in secret: secret in every event that refers to it ---------------------------------


def test_a_secret_disease_stays_secret_in_a_public_hazard_tick() -> None:
    eng = table("fhtagn", ADA, BOB, "disease bob damage=1d6 speed=1day source=typhus secret", "hazard tick all")
    assert any("typhus, interval 1" in e.describe(eng.names) for e in events(eng))
    out = players(eng)
    assert "typhus" not in out and "interval" not in out


def test_a_dying_roll_at_fight_next_after_secret_damage_stays_secret() -> None:
    eng = table("coc7", HARVEY, GINA, "fight start", "fight add harvey gina", "fight next", "damage harvey 7",
                "damage harvey 7 secret", "fight next", "fight next")
    assert any("is dying: CON roll" in e.describe(eng.names) for e in events(eng))
    out = players(eng)
    assert "dying" not in out and "dies" not in out and "dead" not in out
    assert public_log(events(eng)).state.characters["harvey"].current["HP"] == 6  # as players last saw it


def test_a_public_roll_with_a_modifier_does_not_tell_a_value_set_in_secret() -> None:
    """After Firearms=70 in secret, "vs 50" (70 − 20) told it, and so did the outcome word."""
    eng = table("fhtagn", ADA, "char set ada Firearms=70 secret")
    eng.execute("test ada Firearms mod=-20", dice=[40])
    assert "vs 50" in events(eng)[-1].describe(eng.names)
    out = players(eng)
    assert "Firearms" not in out.split("joins as agent")[-1] and "50" not in texts(eng)[-1]
    assert not any("success" in t or "fail" in t for t in texts(eng))
    eng.execute("reveal 4")  # the GM shows the change: the roll is told whole
    assert any("Firearms vs 50" in t for t in texts(eng))


def test_removing_a_condition_added_in_secret_does_not_name_it() -> None:
    eng = table("fhtagn", ADA, "cond add ada shaken secret", "cond remove ada shaken")
    assert "shaken" not in players(eng)


# --- a secret fight or chase is secret in all that happens in it ---------------------------------


def test_all_that_happens_in_a_secret_fight_stays_secret() -> None:
    eng = table("fhtagn", ADA, BOB, "fight start Barn secret", "fight add ada bob", "fight next",
                "attack ada bob weapon=pistol", "fight end")
    assert not events(eng)[-2].secret  # the attack was public
    told = texts(eng)
    assert told == ["Campaign 'test' created (fhtagn)", *told[1:4]] and len(told) == 4  # (privacy, Ada, Bob)
    assert public_log(events(eng)).state.encounter is None


def test_all_that_happens_in_a_secret_chase_stays_secret_and_the_next_is_chase_1() -> None:
    eng = table("coc7", HARVEY, SHADE, "chase new Docks secret", "chase add harvey role=flee",
                "chase add shade role=pursue", "chase start", "chase new Pier", "chase add harvey role=flee")
    out = players(eng)
    assert "Docks" not in out and "speed" not in out
    assert "Chase 1 set up: Pier" in texts(eng) and "Chase 2" not in out
    assert [c.number for c in public_log(events(eng)).state.chases] == [1]


def test_a_form_under_ctrl_g_is_secret_as_a_whole() -> None:
    """The Start-a-fight form runs several commands as one action: ctrl+g made only the first secret."""
    from fhtagn_tui.domain.features.encounter import AddCombatants, StartFight
    from fhtagn_tui.door import Door

    eng = table("fhtagn", ADA, BOB, "char new Cy STR=10 CON=11 DEX=9 INT=16 POW=14 CHA=11")
    door = Door(eng)
    with door.one_action():
        door.run(StartFight(title="Ambush"), secret=True)
        door.run(AddCombatants(names=("ada vance", "bob")))
    made = events(eng)[-4:]
    assert made[0].type_name == "EncounterStarted" and all(ev.secret for ev in made)
    assert "Ambush" not in players(eng) and "joins the fight" not in players(eng)
    with door.one_action():  # a public form stays public
        door.run(AddCombatants(names=("cy",)))
    assert not events(eng)[-1].secret


# --- numbering counts what players saw --------------------------------------------------------------


def test_numbered_npcs_count_only_those_players_saw() -> None:
    eng = table("fhtagn", ADA, "npc add cultist x3 secret", "npc add cultist x2")
    assert [e.describe(eng.names)[:9] for e in events(eng)[-2:]] == ["Cultist 4", "Cultist 5"]
    told = texts(eng)
    assert [t[:9] for t in told[-2:]] == ["Cultist 1", "Cultist 2"] and "Cultist 4" not in players(eng)
    names = sorted(c.name for c in public_log(events(eng)).state.characters.values() if c.kind == "npc")
    assert names == ["Cultist 1", "Cultist 2"]
    eng.execute("reveal 4")  # shown: players now count the GM's three first
    assert [t[:9] for t in texts(eng) if t.startswith("Cultist")][-2:] == ["Cultist 4", "Cultist 5"]


def test_a_requisition_counts_the_players_sessions() -> None:
    eng = table("fhtagn", ADA, "session start A", "session end", "session start B secret", "session end secret",
                "session start C", "req ada food via=own")
    assert eng.state.requisitions[-1].session == 3
    assert public_log(events(eng)).state.requisitions[-1].session == 2  # the players' Requisitions tab: S 2


def test_ask_all_with_a_secret_character_asks_the_others_only() -> None:
    eng = table("fhtagn", ADA, 'char new "Mr Grey" STR=10 CON=10 DEX=10 INT=10 POW=10 CHA=10 secret',
                "ask all Search")
    eng.execute("answer 1 ada", dice=[18])
    eng.execute("answer 1 mr grey", dice=[7])
    told = texts(eng)
    assert "The GM asks Ada Vance for a roll: Search (request 1)" in told
    assert "Grey" not in players(eng)
    log = public_log(events(eng))
    assert log.state.asks == ()  # answered by everyone players know of


def test_undo_of_a_partly_secret_action_undoes_the_players_part() -> None:
    """Answering a secret request: the answer is public, its result secret.  Undone, the players'
    request must come back (it stayed answered for them)."""
    eng = table("fhtagn", ADA, "ask ada san 1/1d6 secret")
    eng.execute("answer 1 ada", dice=[90, 4])
    assert public_log(events(eng)).state.asks == ()
    eng.execute("undo")
    log = public_log(events(eng))
    assert [a.number for a in log.state.asks] == [1] == [a.number for a in eng.state.asks]
    assert log.entries[-1].text.startswith("Undo: Ada Vance answers request 1")
    eng.execute("redo")
    assert public_log(events(eng)).state.asks == ()


def test_a_numbered_npc_in_a_chase_keeps_the_players_number() -> None:
    eng = table("coc7", HARVEY, "npc add cultist x2 secret", "npc add cultist", "chase new Lane",
                "chase add harvey role=flee", "chase add \"cultist 3\" role=pursue", seed=1)
    out = players(eng)
    assert "Cultist 1 (MOV" in out and "Cultist 3" not in out


def test_a_hidden_runner_s_movement_actions_are_not_told() -> None:
    """The movement-actions line keys runners by id ("shade 5"): the old text match missed the
    lower-case id and told a hidden NPC's actions."""
    eng = table("coc7", HARVEY, SHADE, "chase new Lane", "chase add harvey role=flee", "chase add shade role=pursue",
                "chase start", seed=2)
    gm = [e.describe(eng.names) for e in events(eng)]
    assert any(re.search(r"movement actions .*shade \d", line) for line in gm)
    told = [t for t in texts(eng) if "ovement actions" in t]
    assert told and not any(re.search(r"\d", t) for t in told)


# --- the campaign's library and tables (CoC): a tome, a spell, a madness-table row -----------------


def _twins(system: str, lines: str, values: tuple[object, object], *setup: str) -> tuple[str, str]:
    """What players read of two runs whose only difference is the secret line's value."""
    one, two = (players(table(system, *setup, *lines.format(v=v).split("\n"))) for v in values)
    return one, two


def test_a_tome_redefined_in_secret_stays_secret_in_a_public_reading() -> None:
    """A secret ``tome add`` (its CMI) leaked through a public first reading: "Cthulhu Mythos +3"."""
    lines = ("tome add Necro lang=Latin rating=10 cmi=4 cmf=9 san=1d6 weeks=20\n"
             "tome add Necro lang=Latin rating={v}0 cmi={v} cmf=9 san=1d6 weeks=20 secret\n"
             "read harvey Necro noroll")
    one, two = _twins("coc7", lines, (3, 5), HARVEY)
    assert one == two
    assert "Cthulhu Mythos +" not in one


def test_a_spell_redefined_in_secret_stays_secret_in_a_public_casting() -> None:
    """A secret ``spell add`` (its MP) leaked through a public casting: "9 MP"."""
    lines = ("spell add Wrack mp=6 san=1d6\nspell add Wrack mp={v} san=1d6 secret\n"
             "learn harvey Wrack from=person time=1h\ncast harvey Wrack roll=10,3")
    one, two = _twins("coc7", lines, (8, 9), HARVEY)
    assert one == two
    assert "casts Wrack" not in one


def test_a_madness_row_rewritten_in_secret_stays_secret_in_a_public_bout() -> None:
    """A secret ``madness table set`` leaked its text through a public bout on that row."""
    lines = 'madness table set realtime 3 "Faint: swoons {v}" secret\nbout harvey roll=3,4'
    one, two = _twins("coc7", lines, ("softly", "loudly"), HARVEY)
    assert one == two
    assert "swoons" not in one


def test_a_template_changed_in_secret_stays_secret_in_the_characters_made_from_it() -> None:
    """A secret ``template add`` (its STR) leaked through a public ``npc add`` and ``fight add N``:
    "Goon 1 joins as npc (STR 17 …)" — a character made from a template now names it."""
    lines = ("template add Goon kind=npc STR=13 CON=10 DEX=10\ntemplate add Goon kind=npc STR={v} CON=10 DEX=10 secret\n"
             "npc add goon x2\nfight start\nfight add 2 goon")
    for system, values in (("fhtagn", (11, 17)), ("coc7", (40, 70))):
        setup = (ADA,) if system == "fhtagn" else (HARVEY,)
        one, two = _twins(system, lines.replace("CON=10 DEX=10", "CON=50 DEX=50") if system == "coc7" else lines,
                          values, *setup)
        assert one == two, system
        assert "Goon 1" not in one


# --- a hidden character's numbers outside its sheet ---------------------------------------------


def test_the_players_state_holds_no_armour_ammunition_or_injury_of_a_hidden_character() -> None:
    """"Armor set: Shade" is told without its number, but the players' state held ``armory.armor
    {'shade': 3}`` (and a hidden one's rounds loaded, its pending injury points): every number of a
    hidden character is blanked in the players' state, not only its sheet's."""
    eng = table("coc7", HARVEY, SHADE, "armor shade 3", "armor harvey 1", "shoot shade harvey weapon=\".38 revolver\"",
                seed=2)
    state = public_log(events(eng)).state
    assert eng.state.armory.armor.get("shade") == 3 and "shade" in eng.state.coc_ammo
    assert "shade" not in state.armory.armor and "shade" not in state.armory.armor_names
    assert "shade" not in state.coc_ammo
    assert state.armory.armor.get("harvey") == 1  # a character players see keeps its own


# --- numbering: roll requests -------------------------------------------------------------------


def test_roll_requests_players_never_saw_take_no_number() -> None:
    """A request to a character a secret changed is kept from players; the next one read "request 2"
    for the players' first.  They count their own; a player's answer to it reaches the GM's request."""
    eng = table("fhtagn", ADA, BOB, "char pool ada HP=5 secret", "ask ada Search", "ask bob Search",
                "answer 2 bob", "ask bob Firearms", "ask cancel 3")
    log = public_log(events(eng))
    told = [e.text for e in log.entries]
    assert any("request 2" in line for line in (e.describe(eng.names) for e in events(eng)))
    assert "The GM asks Bob for a roll: Search (request 1)" in told
    assert "Bob answers request 1 (Search), rolled by the GM for them" in told
    assert any(line.startswith("The GM asks Bob for a roll: Firearms (request 2)") for line in told)
    assert any(line.startswith("The GM cancels request 2") for line in told)
    assert not any("request 3" in line for line in told)
    assert log.gm_request(1) == 2 and log.gm_request(2) == 3
    for out in (export_text(events(eng), "md", players=True), export_text(events(eng), "html", players=True)):
        assert "request 3" not in out


def test_a_players_answer_to_a_renumbered_request_reaches_the_gms() -> None:
    eng = table("fhtagn", ADA, BOB, "char pool ada HP=5 secret", "ask ada Search", "ask bob Search")
    log = public_log(events(eng))
    (ask,) = log.state.asks
    assert ask.number == 1 and ask.targets == ("bob",)
    eng.execute(f"answer {log.gm_request(ask.number)} bob")
    assert [a.number for a in eng.state.asks] == [1]  # the GM's request 2 answered; Ada's still open


# --- numbering: a numbered NPC's name where an event copies it -------------------------------------


def test_a_numbered_npcs_name_is_the_players_where_an_event_copies_it() -> None:
    """After two secret cultists the players' Cultist 1 is the GM's Cultist 3: its damage read "from
    Cultist 3's Hunting knife" and its removal "Cultist 3 removed from the campaign"."""
    fh = table("fhtagn", ADA, "npc add cultist x2 secret", "npc add cultist", "fight start",
               'fight add ada "cultist 3"', 'attack "cultist 3" ada roll=10,3', "fight end", 'char del "cultist 3"')
    gurps = table("gurps", "char new Ilse ST=10 DX=12 IQ=12 HT=11 Brawling=12",
                  "template add Thug kind=npc ST=12 DX=11 IQ=9 HT=11 Brawling=14", "npc add thug x2 secret", "npc add thug",
                  "fight start", 'fight add ilse "thug 3"', 'attack "thug 3" ilse roll=3,3,3,6,6,6,6')
    told = [*texts(fh), *texts(gurps)]
    assert "Ada Vance takes 3 damage from Cultist 1's Hunting knife: HP 11 → 8" in told
    assert "Cultist 1 removed from the campaign" in told
    assert any(line.startswith("Ilse takes") and "from Thug 1's" in line for line in told), told
    assert not any("Cultist 3" in line or "Thug 3" in line for line in told)
    # the GM reads the GM's names, as before
    gm = table("fhtagn", ADA, "npc add cultist x2 secret", "npc add cultist", "fight start",
               'fight add ada "cultist 3"', 'attack "cultist 3" ada roll=10,3')
    assert "Ada Vance takes 3 damage from Cultist 3's Hunting knife: HP 11 → 8" in [
        e.describe(gm.names) for e in events(gm)]


def test_a_secret_use_of_a_template_tome_or_spell_keeps_no_public_use_of_it_from_players() -> None:
    """Only a change of a campaign-wide thing touches it (``Event.reads``): a secret npc add from a
    template, a secret reading or casting leave the public ones told."""
    eng = table("coc7", HARVEY, GINA, "template add Thug kind=npc STR=60 CON=50 DEX=50", "npc add thug secret",
                "npc add thug", "tome add Necro lang=Latin rating=10 cmi=4 cmf=9 san=1d6 weeks=20",
                "spell add Wrack mp=6 san=1d6", "read gina Necro noroll secret", "read harvey Necro noroll",
                "learn gina Wrack from=person time=1h secret", "cast gina Wrack roll=10,3 secret",
                "learn harvey Wrack from=person time=1h", "cast harvey Wrack roll=10,3")
    told = texts(eng)
    assert any(line.startswith("Thug 1 joins") for line in told), told
    assert any(line.startswith("Harvey finishes a first reading of Necro") for line in told)
    assert any(line.startswith("Harvey casts Wrack") for line in told)
    assert not any(line.startswith(("Gina finishes", "Gina casts", "Thug 2")) for line in told)


def test_the_spells_a_secret_tome_lists_are_not_told_by_what_players_read_of_them() -> None:
    """A tome defined in secret listing Wrack (or not) kept every later public casting of Wrack
    from players (or not): they read from it which spells the secret tome holds."""
    lines = ("spell add Wrack mp=6 san=1d6\nlearn harvey Wrack from=person time=1h\n"
             'tome add Necro lang=Latin rating=10 cmi=4 cmf=9 san=1d6 weeks=20 spells="{v}" secret\n'
             "cast harvey Wrack roll=10,3")
    one, two = _twins("coc7", lines, ("Wrack", "Shrivelling"), HARVEY)
    assert one == two
    assert "Harvey casts Wrack" in one


def test_free_text_in_a_secret_event_refers_to_nothing() -> None:
    """A secret damage whose source words happened to be a template's name (or a character's id)
    made that template (character) secret: later public uses of it went missing — or not, with
    other words — and told players what the secret text said."""
    for word in ("goon", "bob"):
        lines = "template add Goon kind=npc STR=13 CON=10 DEX=10\ndamage ada 1 source={v} secret\nnpc add goon\ntest bob Search"
        one, two = _twins("fhtagn", lines, (word, "grey"), ADA, BOB)
        assert one == two, word
        assert "Goon 1 joins" in one and "Bob rolls Search" in one
    # free text in a struct the event holds (a hazard's source) too
    lines = "template add Goon kind=npc STR=13 CON=10 DEX=10\ndisease ada damage=1d4 speed=1day source={v} secret\nnpc add goon"
    one, two = _twins("fhtagn", lines, ("goon", "grey"), ADA)
    assert one == two and "Goon 1 joins" in one


def test_the_weapon_a_secret_attack_used_is_not_told_by_the_public_attacks_with_it() -> None:
    """A secret attack with the campaign's Cleaver kept every later public attack with the Cleaver
    from players (with a pistol: not): they read which weapon the secret attack used."""
    lines = ('weapon add Cleaver skill="Melee Weapons" damage=1d6\nfight start\nfight add ada bob\n'
             "attack ada bob weapon={v} roll=90 secret\nfight end\nfight start\nfight add carl dora\n"
             "attack carl dora weapon=cleaver roll=90")
    carl, dora = (f"char new {n} STR=10 CON=11 DEX=9 INT=16 POW=14 CHA=11" for n in ("Carl", "Dora"))
    one, two = _twins("fhtagn", lines, ("cleaver", "pistol"), ADA, BOB, carl, dora)
    assert one == two
    assert "Carl attacks Dora with Cleaver" in one


def test_a_failed_push_and_its_consequence_read_with_a_secret_in_force():
    """``PushConsequence.words`` (the Keeper's consequence) hid the class's list of free-text fields: with
    any secret in force (a hidden NPC), the players' projection asked it what it refers to and crashed — a
    bound player's view, their recap, ``fhtagn log --player``.  The words are free text: naming the hidden
    NPC keeps nothing from players."""
    inv = ('char new "Harvey Walters" STR=50 CON=60 SIZ=60 DEX=50 APP=50 INT=80 POW=70 EDU=80 '
           '"Library Use"=60')
    eng = table("coc7", inv, SHADE, 'test harvey "Library Use" roll=75', "push harvey again roll=90",
                'consequence harvey "shade walks in"')
    assert type(events(eng)[-1]).__name__ == "PushConsequence"
    shown = [e.text for e in public_log(events(eng)).entries]
    assert shown[-1] == "Harvey Walters's failed push of Library Use: shade walks in"
    before = table("coc7", inv, SHADE, 'test harvey "Library Use" roll=75', "push harvey again roll=90")
    assert shown[:-1] == texts(before)  # the words touch nothing players read before
    assert not any("STR 60" in t for t in shown)  # the hidden NPC's numbers stay hidden


def test_no_event_field_takes_the_name_of_a_class_variable_of_events():
    """A field named like one of :class:`Event`'s class variables hides it for that event type (as
    ``words`` did): every event type keeps them all."""
    from typing import get_type_hints

    from fhtagn_tui.domain.events import EVENT_TYPES

    hints = get_type_hints(Event, include_extras=True)
    shared = {name for name, hint in hints.items() if str(hint).startswith("typing.ClassVar")}
    assert {"free_text", "reads", "parts", "within", "kind_label"} <= shared
    clashes = {(kind.__name__, name) for kind in EVENT_TYPES.values() for name in shared
               if name in getattr(kind, "__struct_fields__", ())}
    assert clashes == set()
