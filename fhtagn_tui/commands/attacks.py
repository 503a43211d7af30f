"""Commands of a character's own attacks and GM notes: char attack add/remove, char notes."""

from __future__ import annotations

from msgspec.structs import replace

from fhtagn_tui.domain.features.attacks import AddAttack, RemoveAttack, SetCharacterNotes

from .combat import weapon_from_options
from .language import Args, ParseError, command, tokenize


@command(
    "char attack add",
    "char attack add NAME ATTACK skill=SKILL damage=DICE [kind=melee|unarmed|thrown|ranged] [apr=N] "
    "[type=cr|cut|imp|pi…] [range=N] [lethality=N] [db=full|half|none] [--impaling] [--default]",
    "give a character an attack of its own (a claw, a bite, a cultist's knife)",
    details=(
        "The first attack is the character's default: attack/melee without weapon= use it, and so does\n"
        "fighting back. --default puts this one first. apr= is attacks per round (CoC: the round's\n"
        "attack count). damage=1d6+DB adds the full damage bonus (CoC), +½DB or +half DB half of it;\n"
        "GURPS: damage=\"sw+1 cut\" or damage=2d type=imp. Adding an attack of the same name replaces it."
    ),
    examples=(
        'char attack add ghoul Claw skill="Fighting (Claw)" damage=1d6+DB kind=melee apr=2',
        'char attack add "Cultist 1" Knife skill="Melee Weapons" damage=1d4 --default',
        'char attack add wolf Bite skill=Brawling damage="thr+1 cut"',
    ),
    aliases=("char attacks add",),
)
def _attack_add(args: Args) -> AddAttack:
    name = args.pos(0, "NAME")
    attack = args.pos(1, "ATTACK")
    args.max_positional(2)
    weapon = weapon_from_options(args, attack, "char attack add")
    return AddAttack(name=name, first=args.flag("default"), attack=replace(weapon, per_round=args.int_opt("apr", 1)))


@command("char attack remove", "char attack remove NAME ATTACK", "take an attack of its own from a character",
         aliases=("char attack rm", "char attack del"), examples=("char attack remove ghoul claw",))
def _attack_remove(args: Args) -> RemoveAttack:
    name = args.pos(0, "NAME")
    attack = args.rest(1)
    if not attack:
        raise args.fail("char attack remove: which attack?")
    return RemoveAttack(name=name, attack=attack)


@command(
    "char notes",
    "char notes NAME TEXT  |  char notes NAME + TEXT  |  char notes NAME --",
    "the GM's notes on a character (never shown to the players); + adds a line, -- clears them",
    raw_text=True,
    examples=('char notes "Cultist 1" Carries the key to the crypt.', "char notes ghoul + Fears fire", "char notes ghoul --"),
)
def _char_notes(args: Args) -> SetCharacterNotes:
    rest = args.rest(0).strip()
    if not rest:
        raise args.fail("char notes: whose notes?")
    if rest[0] in "\"'":
        try:
            name = tokenize(rest)[0]
        except (ParseError, IndexError):
            raise args.fail("char notes: a quoted name is not closed") from None
        close = rest.index(rest[0], 1)
        text = rest[close + 1:].strip()
    else:
        name, _, text = rest.partition(" ")
        text = text.strip()
    append = text.startswith("+ ") or text == "+"
    if append:
        text = text[1:].strip()
    if text == "--":
        text = ""
    elif not text:
        raise args.fail("char notes: what should the notes say? (-- clears them)")
    return SetCharacterNotes(name=name, notes=text, append=append)
