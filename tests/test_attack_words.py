"""``attack`` is typed end to end: its words are read once, by the parser, from one table.

The table (:mod:`fhtagn_tui.domain.attack_words`) feeds the parser, the help
and the forms; the attack decider refuses what the campaign's system does not
take; the system deciders only read typed values.
"""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from fhtagn_tui.commands import ParseError
from fhtagn_tui.commands.language import help_text, parse
from fhtagn_tui.domain import attack_words as aw
from fhtagn_tui.domain.features.coc_combat import CocManeuver, CocMelee, CocShoot
from fhtagn_tui.domain.features.encounter import Attack
from fhtagn_tui.rules.fhtagn import combat as fh_rules
from tests.helpers import do, engine, events_of, rejected


def attack(text: str) -> Attack:
    cmd = parse(text).command
    assert isinstance(cmd, Attack)
    return cmd


def refused(text: str) -> str:
    with pytest.raises(ParseError) as info:
        parse(text)
    return str(info.value)


# --- every spelling that worked before still reads the same ----------------------------------------------------

SPELLINGS = [
    # FHTAGN: called shots, specials, gap, defences as words and options
    ("attack ada cultist weapon=pistol partly", {"weapon": "pistol", "called": "partly"}),
    ("attack ada cultist called=Mostly gap", {"called": "mostly", "gap": True}),
    ("attack ada cultist crowd=bob,cy", {"called": "crowd", "crowd": ("bob", "cy")}),
    ("attack ada cultist crowd crowd=bob", {"called": "crowd", "crowd": ("bob",)}),
    ("attack ada cultist vulnerable", {"called": "vulnerable"}),
    ("attack ada cultist weapon=smg mow=5", {"weapon": "smg", "special": "mow", "rounds": 5}),
    ("attack ada cultist rapid alt=bob", {"special": "rapid", "alt": "bob"}),
    ("attack ada cultist --stun", {"special": "stun"}),
    ("attack ada cultist SAVAGE", {"special": "savage"}),
    ("attack ada cultist flesh", {"special": "flesh"}),
    ("attack ada cultist assault", {"special": "assault"}),
    ("attack cultist ada weapon=knife defend=dodge", {"weapon": "knife", "defend": "dodge"}),
    ("attack cultist ada fight", {"defend": "fight"}),
    ('attack cultist ada "defend=fight back"', {"defend": "fight"}),
    ("attack cultist ada none", {"defend": "none"}),
    ("attack ada cultist mod=-20 skill=55% injury=DEX", {"mod": -20, "skill": 55, "injury": "DEX"}),
    ("attack ada cultist Mod=+10", {"mod": 10}),
    # GURPS
    ("attack ghoul ilse defend=parry dmod=-2", {"defend": "parry", "dmod": -2}),
    ("attack ghoul ilse block", {"defend": "block"}),
    # Call of Cthulhu
    ("attack harvey ghoul response=fb with=knife", {"defend": "fight", "with_weapon": "knife"}),
    ("attack harvey ghoul manoeuvre counter=disarm", {"defend": "maneuver", "counter": "disarm"}),
    ("attack harvey ghoul counter", {"defend": "maneuver"}),
    ("attack harvey ghoul d", {"defend": "dodge"}),
    ("attack harvey ghoul nothing", {"defend": "none"}),
    ("attack harvey ghoul goal=disarm bonus=1 penalty=2", {"goal": "disarm", "bonus": 1, "penalty": 2}),
    ("attack harvey ghoul surprise=AUTO notice=Listen", {"surprise": "auto", "notice": "Listen"}),
    ("hit harvey ghoul", {}),
]


@pytest.mark.parametrize(("text", "fields"), SPELLINGS)
def test_every_spelling_reads_to_typed_fields(text: str, fields: dict[str, object]) -> None:
    cmd = attack(text)
    plain = Attack(attacker=cmd.attacker, target=cmd.target)
    for name in Attack.__struct_fields__:
        expected = fields.get(name, getattr(plain, name))
        assert getattr(cmd, name) == expected, (text, name)


def test_the_help_examples_and_the_form_line_parse() -> None:
    for example in [*_examples(), 'attack "ada vance" cy weapon=pistol partly gap mow=5 defend=dodge mod=-20']:
        attack(example)


def _examples() -> tuple[str, ...]:
    from fhtagn_tui.commands.language import SPECS, load_all

    load_all()
    return SPECS["attack"].examples


# --- refusals name the word and list the good ones -------------------------------------------------------------


def test_an_unknown_word_is_named_with_the_words_of_every_system() -> None:
    msg = refused("attack ada cultist parrry")
    assert "unknown word 'parrry'" in msg and "did you mean 'parry'" in msg
    assert "FHTAGN: partly, mostly, crowd, vulnerable, assault, rapid, savage, stun, flesh, gap, dodge, fight, none" in msg
    assert "GURPS: dodge, parry, block, none" in msg and "Call of Cthulhu: dodge, fight, maneuver, none" in msg


def test_an_unknown_option_is_named_with_the_options() -> None:
    msg = refused("attack ada cultist colled=partly")
    assert "unknown option colled=partly" in msg and "did you mean 'called'" in msg
    assert "(options: weapon, defend, mod, skill, called" in msg


@pytest.mark.parametrize(("text", "words"), [
    ("attack a b defend=hug", ("defend=hug is no defence", "GURPS: dodge, parry, block, none")),
    ("attack a b called=head", ("called=head", "partly, mostly, crowd, vulnerable")),
    ("attack a b partly mostly", ("one called shot per attack, not mostly and partly",)),
    ("attack a b crowd=x partly", ("one called shot per attack, not crowd and partly",)),
    ("attack a b flesh stun", ("one special attack at a time, not flesh and stun",)),
    ("attack a b stun mow=3", ("one special attack at a time, not stun and mow",)),
    ("attack a b dodge defend=parry", ("one defence per attack, not dodge and defend=parry",)),
    ("attack a b mod=x", ("mod= must be a whole number, not 'x'",)),
    ("attack a b mow=many", ("mow=ROUNDS must be a whole number, not 'many'",)),
    ("attack a b surprise=maybe", ("surprise=maybe", "surprise=auto", "surprise=bonus")),
    ("attack a b Weapon=knife weapon=axe", ("weapon= is given twice",)),
])
def test_bad_words_are_parse_errors_that_say_what_is_right(text: str, words: tuple[str, ...]) -> None:
    msg = refused(text)
    for part in words:
        assert part in msg, (part, msg)
    assert "usage: attack ATTACKER TARGET" in msg


# --- the system takes only its own options ----------------------------------------------------------------------

ILSE = 'char new Ilse ST=10 DX=12 IQ=12 HT=11 "Guns (Pistol)"=14 Brawling=12'
GHOUL = "char new Ghoul kind=npc ST=14 DX=11 IQ=8 HT=12 Brawling=13"
ADA = "char new Ada kind=agent STR=10 CON=10 DEX=12 Firearms=50 Dodge=30"
CULTIST = "char new Cultist kind=npc STR=10 CON=10 DEX=10 Firearms=40 Dodge=20"


@pytest.mark.parametrize(("system", "setup", "text", "words"), [
    ("gurps", (ILSE, GHOUL), "attack ilse ghoul weapon=pistol called=partly",
     ("unknown option partly in GURPS", "GURPS takes: weapon=W defend=dodge|parry|block|none mod=±N")),
    ("gurps", (ILSE, GHOUL), "attack ilse ghoul stun", ("unknown option stun in GURPS",)),
    ("gurps", (ILSE, GHOUL), "attack ilse ghoul partly", ("unknown option partly in GURPS",)),  # the word as typed
    ("gurps", (ILSE, GHOUL), "attack ilse ghoul fight", ("fight is not a GURPS defence", "dodge, parry, block, none")),
    ("fhtagn", (ADA, CULTIST), "attack ada cultist parry", ("parry is not a FHTAGN defence", "dodge, fight, none")),
    ("fhtagn", (ADA, CULTIST), "attack ada cultist dmod=2", ("unknown option dmod=2 in FHTAGN",)),
    ("fhtagn", (ADA, CULTIST), "attack ada cultist surprise=auto", ("unknown option surprise=auto in FHTAGN",)),
    ("coc7", ("char new Harvey STR=50 DEX=60 Fighting=50", "char new Ghoul kind=npc STR=80 DEX=60 Fighting=40"),
     "attack harvey ghoul mod=10", ("unknown option mod=10 in Call of Cthulhu", "bonus=N", "penalty=N")),
    ("coc7", ("char new Harvey STR=50 DEX=60 Fighting=50", "char new Ghoul kind=npc STR=80 DEX=60 Fighting=40"),
     "attack harvey ghoul parry", ("parry is not a Call of Cthulhu defence", "dodge, fight, maneuver, none")),
])
def test_a_system_refuses_the_options_it_does_not_take(system: str, setup: tuple[str, ...], text: str,
                                                        words: tuple[str, ...]) -> None:
    eng = engine(system, *setup)
    msg = rejected(eng, text, 3, 3, 3)
    for part in words:
        assert part in msg, (part, msg)


@pytest.mark.rule("GURPS-DICE-01")
def test_a_typed_gurps_attack_reads_its_typed_numbers() -> None:
    from fhtagn_tui.domain.features.gurps_combat import GurpsAttackResolved

    eng = engine("gurps", ILSE, GHOUL)
    (ev,) = events_of(do(eng, "attack ilse ghoul weapon=pistol skill=12 mod=-2 defend=none", 4, 3, 3, 3, 3),
                      GurpsAttackResolved)
    assert isinstance(ev, GurpsAttackResolved)
    assert (ev.skill, ev.roll, ev.defence) == (10, 10, "")


# --- one table -------------------------------------------------------------------------------------------------


def test_the_table_follows_the_rules_own_called_shots_and_specials() -> None:
    assert aw.CALLED == tuple(o.name for o in fh_rules.ATTACK_OPTIONS if o.called)
    assert aw.SPECIALS == tuple(o.name for o in fh_rules.ATTACK_OPTIONS if not o.called)


def test_the_help_shows_every_word_and_option_of_the_table() -> None:
    text = help_text("attack")
    for word in [*aw.CALLED, *aw.SPECIAL_WORDS, "gap"]:
        assert word in text
    for system in aw.ALL:
        assert "|".join(d.value for d in aw.defences(system)) in text
    for o in aw.OPTIONS:
        assert f"{o.key}=" in text, o.key


def test_the_command_is_not_stored_so_old_logs_replay() -> None:
    """Events hold no Attack: replaying a log never meets the old ``options``/``flags`` shape."""
    from fhtagn_tui.domain.events import Event
    from fhtagn_tui.domain.features import load_all

    load_all()  # every event type (the feature modules load when first needed)

    def walk(cls: type) -> set[type]:
        out = {cls}
        for sub in cls.__subclasses__():
            out |= walk(sub)
        return out

    for ev in walk(Event):
        for name in getattr(ev, "__struct_fields__", ()):
            assert "Attack" not in str(ev.__annotations__.get(name, "")).replace("AttackResolved", ""), (ev, name)


WORD = st.sampled_from(sorted(w for w in aw.WORDS if " " not in w))


@given(st.lists(WORD, max_size=4))
def test_any_words_of_the_table_parse_or_are_refused_with_a_reason(words: list[str]) -> None:
    """Table words never raise anything but a ParseError, and a parsed attack survives an encode/decode."""
    try:
        cmd = attack("attack a b " + " ".join(words))
    except ParseError as exc:
        assert str(exc).startswith("attack: one ")
        return
    assert msgspec.json.decode(msgspec.json.encode(cmd), type=Attack) == cmd
    assert cmd.gap == ("gap" in words)


# --- the CoC commands read their response and surprise with the same table ---------------------------------------


@pytest.mark.parametrize(("text", "response"), [
    ("melee ada cultist", "dodge"),
    ("melee ada cultist response=FB", "fight back"),
    ('melee ada cultist "response=fight back"', "fight back"),
    ("melee ada cultist counter=disarm", "maneuver"),
    ("melee ada cultist response=manoeuvre counter=disarm", "maneuver"),
    ("maneuver ada cultist disarm response=nothing", "none"),
    ('shoot ada cultist weapon="thrown knife" response=d', "dodge"),
    ('shoot ada cultist weapon=".38 revolver"', None),
])
def test_coc_responses_are_typed_by_the_parser(text: str, response: str | None) -> None:
    cmd = parse(text).command
    assert isinstance(cmd, (CocMelee, CocManeuver, CocShoot))
    assert cmd.response == response


@pytest.mark.parametrize("text", ["melee ada cultist response=hug", "maneuver ada cultist disarm response=parry",
                                  'shoot ada cultist weapon="thrown knife" response=block'])
def test_a_bad_coc_response_is_a_parse_error_listing_the_responses(text: str) -> None:
    msg = refused(text)
    assert "response=" in msg and "is not known — use dodge, fight back, maneuver, none" in msg


def test_coc_surprise_is_typed() -> None:
    cmd, plain = parse("melee ada cultist surprise=Bonus notice=Listen").command, parse("melee ada cultist").command
    assert isinstance(cmd, CocMelee) and isinstance(plain, CocMelee)
    assert (cmd.surprise, cmd.notice, plain.surprise) == ("bonus", "Listen", None)
    assert "use surprise=auto (automatic hit) or surprise=bonus" in refused("melee ada cultist surprise=yes")


@pytest.mark.rule("COC-MELEE-02")
def test_a_surprise_shot_gets_its_bonus_die_and_is_no_firearm_modifier() -> None:
    """``shoot … --surprise`` (in its usage) used to be refused as 'not a firearm modifier'."""
    from fhtagn_tui.domain.features.coc_combat import CocShotsFired

    eng = engine("coc7", 'char new Harvey DEX=70 "Firearms (Handgun)"=50 Dodge=40',
                 "char new Cultist kind=npc CON=50 SIZ=60 DEX=50 Dodge=25")
    (ev,) = events_of(do(eng, 'shoot harvey cultist weapon=".38 revolver" range=10 --surprise', 5, 90, 80),
                      CocShotsFired)
    assert isinstance(ev, CocShotsFired)
    assert (ev.shots[0].bonus, ev.shots[0].penalty, ev.shots[0].roll.roll) == (1, 0, 85)  # the better tens: 80
    assert "COC-MELEE-02" in ev.rules


def test_firearm_flags_are_checked_by_the_parser() -> None:
    msg = refused('shoot harvey ada weapon=".38 revolver" --blindfold')
    assert "--blindfold is not a firearm modifier" in msg and "--point-blank" in msg and "--large" not in msg
    assert "--small" not in help_text("shoot")
    assert "follow the target's Build" in refused('shoot harvey ada weapon=".38 revolver" --large')
    assert "did you mean 'cover'" in refused("auto harvey ghoul:10 weapon=thompson --cvoer")


# --- the other FHTAGN combat words: move's pace, escape's with= -------------------------------------------------


def test_move_paces_are_the_rules_own_and_read_by_the_parser() -> None:
    from fhtagn_tui.domain.features.fh_combat import PACES, Move

    assert PACES == tuple(n for n, _ in fh_rules.MOVES)
    cmd = parse("move ada RUN").command
    assert isinstance(cmd, Move) and cmd.pace == "run"
    msg = refused("move ada sprnt")
    assert "pace 'sprnt' is not known — did you mean 'sprint'?" in msg
    assert "step (3 m), jog (10 m), run (20 m), sprint (30 m)" in msg


@pytest.mark.rule("FH-COMBAT-23")
def test_escape_with_is_typed_by_the_parser() -> None:
    from fhtagn_tui.domain.features.fh_combat import Grapple, GrappleResolved

    cmd = parse("escape ada cultist with=STR").command
    assert isinstance(cmd, Grapple) and (cmd.action, cmd.using) == ("escape", "str")
    assert "use with=str (STR×5) or with=unarmed" in refused("escape ada cultist with=teeth")
    assert "with= is for escape" in refused("pin ada cultist with=str")
    eng = engine("fhtagn", ADA, CULTIST, "cond add ada pinned")
    (ev,) = events_of(do(eng, "escape ada cultist with=unarmed", 20, 90), GrappleResolved)
    assert isinstance(ev, GrappleResolved)
    assert (ev.actor_skill, ev.actor_target, ev.success) == ("Unarmed Combat", 40, True)  # the base 40: with=unarmed, though STR×5 is 50
