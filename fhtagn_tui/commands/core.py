"""Commands of the foundation: sessions, characters, rolls, notes, undo."""

from __future__ import annotations

from fhtagn_tui.domain.features.campaign import (
    AddCondition,
    AddNote,
    CreateCharacter,
    DeleteCharacter,
    EditCharacter,
    EndSession,
    RemoveCondition,
    RollDice,
    SetBond,
    SetPools,
    StartSession,
    TestSkill,
)
from fhtagn_tui.domain.features.reveal import Reveal
from fhtagn_tui.domain.history import Redo, Undo
from fhtagn_tui.domain.lookup import find_character
from fhtagn_tui.domain.skills import RELATIVE, sheet_line
from fhtagn_tui.domain.state import Bond, State
from fhtagn_tui.domain.systems import derived
from fhtagn_tui.rules.dice import DiceError, check_expr
from fhtagn_tui.rules.weapons import attack_text

from .bonds import parse_bonds
from .language import Args, ParseError, Query, command, help_text, to_int


@command("help", "help [COMMAND|all]", "list this campaign's commands ('help all': every system's), or explain one")
def _help(args: Args) -> Query:
    topic = args.rest(0)
    if not topic:  # only this campaign's system's commands ('help all': every one)
        return Query(run=lambda state: help_text("", state.system))
    text = help_text(topic)  # raises at parse time for an unknown topic
    return Query(run=lambda state: text)


@command("session start", "session start [TITLE]", "start a session (the party carries over)",
         examples=("session start The Whateley Farm",))
def _session_start(args: Args) -> StartSession:
    return StartSession(title=args.rest(0))


@command("session end", "session end", "end the open session")
def _session_end(args: Args) -> EndSession:
    args.max_positional(0)
    return EndSession()


def _bonds(raw: str | None, args: Args) -> tuple[Bond, ...]:
    try:
        return parse_bonds(raw or "")
    except ParseError as exc:
        raise args.fail(str(exc)) from None


_STATLIKE = {"Luck", "Age", "Will", "Per", "HP", "FP"}


class Written:
    """Characteristics and skills given as KEY=VALUE: ``custom:NAME=N`` confirms a new skill;
    a GURPS skill may be given relative to its attribute (``Stealth=DX+1``)."""

    def __init__(self) -> None:
        self.stats: dict[str, int] = {}
        self.skills: dict[str, int] = {}
        self.relative: dict[str, str] = {}
        self.custom: list[str] = []


def _written(args: Args) -> Written:
    out = Written()
    for key, raw in args.remaining_options().items():
        args.opt(key)
        name = key
        if key.casefold().startswith("custom:"):
            name = key.split(":", 1)[1].strip()
            if not name:
                raise args.fail("custom: needs the new skill's name, e.g. custom:\"Basket Weaving\"=30")
            out.custom.append(name)
        elif (key.isupper() and len(key) <= 4) or key in _STATLIKE:
            out.stats[key.upper() if key not in _STATLIKE else key] = to_int(raw, key, args)
            continue
        if RELATIVE.match(raw):
            out.relative[name] = raw.strip()
        else:
            out.skills[name] = to_int(raw, name, args)
    return out


def _stats_and_skills(args: Args) -> tuple[dict[str, int], dict[str, int]]:
    """Characteristics and skills as plain numbers (stat blocks of templates)."""
    w = _written(args)
    if w.relative:
        name, value = next(iter(w.relative.items()))
        raise args.fail(f"{name}={value}: give a level (a number) here")
    return w.stats, w.skills


@command(
    "char new",
    "char new NAME [kind=agent|investigator|npc|monster] [STAT=N ...] [Skill=N ...] [custom:Skill=N] "
    "[bonds=NAME[:SCORE],...] [--hidden] [--new-skill]",
    "create a character (missing characteristics take their defaults; skills not given are at base)",
    details=(
        "Characteristics are upper case (STR CON DEX INT POW CHA; CoC adds SIZ APP EDU, Luck, Age; "
        "GURPS ST DX IQ HT, HP FP Will Per).\nAnything else with =N is a skill, e.g. Firearms=50 "
        "or \"Cthulhu Mythos=5\": give only the skills raised above their base — every skill of the "
        "system's list is on the sheet at its base ('skills' lists them). Specialties go in brackets: "
        "\"Fighting (Brawl)=50\", \"Language (Latin)=30\", \"Science (Botany)=20\".\n"
        "A name close to a listed skill (Unarmed for Unarmed Combat) is refused with a suggestion; "
        "custom:NAME=N (or --new-skill) keeps a new skill by that name.\n"
        "GURPS skills are levels, or relative to their attribute: Stealth=DX+1, Occultism=IQ-1; a change "
        "of the attribute moves them. custom:\"Lore=IQ+2\" gives a new skill its attribute.\n"
        "Bonds (FHTAGN) start at CHA unless a score is given. --hidden keeps an NPC's stats from the "
        "players' view."
    ),
    examples=(
        'char new "Ada Vance" STR=12 CON=11 DEX=13 INT=15 POW=14 CHA=10 Firearms=50 bonds="Sister,Partner:9"',
        "char new Cultist kind=npc STR=60 CON=50 SIZ=60 DEX=50 POW=40 Dodge=25",
    ),
    aliases=("char create", "new char"),
)
def _char_new(args: Args) -> CreateCharacter:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    kind = args.opt("kind", "") or ""
    bonds = _bonds(args.opt("bonds"), args)
    hidden = args.flag("hidden")
    new_skill = args.flag("new-skill")
    w = _written(args)
    return CreateCharacter(name=name, kind=kind, stats=w.stats, skills=w.skills, bonds=bonds, hidden=hidden,
                           relative=w.relative, custom=tuple(w.custom), new_skill=new_skill)


@command(
    "char set",
    "char set NAME STAT=N|Skill=N [...] [custom:Skill=N] [Skill=--] [--new-skill]",
    "change characteristics or skills (Skill=-- puts a skill back at its base)",
    details="Skill names as for 'char new': near misses of a listed skill are refused unless written custom:NAME=N.",
    examples=("char set ada STR=13 Firearms=55", "char set ada Swim=--", "char set ilse Stealth=DX+1",
              "char set ada custom:\"Basket Weaving\"=30"),
    aliases=("char edit",),
)
def _char_set(args: Args) -> EditCharacter:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    removed = {k: None for k, v in args.remaining_options().items() if v.strip() in ("--", "none", "-")}
    for key in removed:
        args.opt(key)
    new_skill = args.flag("new-skill")
    w = _written(args)
    return EditCharacter(name=name, stats=w.stats, skills={**w.skills, **removed}, relative=w.relative,
                         custom=tuple(w.custom), new_skill=new_skill)


@command(
    "char pool",
    "char pool NAME POOL=N [...] [reason=TEXT] [roll=…]",
    "set current values (HP, WP, SAN, BP, MP, Luck, FP)",
    details="HP follow the system's wound rules: in Call of Cthulhu a drop is a wound like any other "
    "(COC-PARTY-04: a major wound calls for a CON roll, typed with roll=); in FHTAGN 3 HP or more wake an "
    "unconscious agent (FH-DMG-07).",
    examples=("char pool ada HP=8 reason=\"fell down the stairs\"",),
    aliases=("pool",),
    dice=True,
)
def _char_pool(args: Args) -> SetPools:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    reason = args.opt("reason", "") or ""
    values = {k: to_int(v, k, args) for k, v in args.remaining_options().items()}
    for key in values:
        args.opt(key)
    if not values:
        raise args.fail("char pool: give at least one POOL=N, e.g. HP=8")
    return SetPools(name=name, values=values, reason=reason)


@command("char del", "char del NAME", "remove a character from the campaign",
         aliases=("char delete", "char remove", "char rm"))
def _char_del(args: Args) -> DeleteCharacter:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    return DeleteCharacter(name=name)


def format_character(state: State, key: str) -> str:
    char = find_character(state, key)
    d = derived(state.system, char)
    lines = [f"{char.name} ({char.kind})" + (" [hidden]" if char.hidden else "")]
    lines.append("  " + "  ".join(f"{k} {v}" for k, v in char.stats.items()))
    lines.append("  " + "  ".join(f"{k} {v}" for k, v in d.items()))
    lines.append("  now: " + "  ".join(f"{k} {v}" for k, v in char.current.items()))
    if char.stats:
        lines.append("  skills: " + sheet_line(state.system, char) + " ('skills NAME' lists them all)")
    if char.bonds:
        lines.append("  bonds: " + ", ".join(f"{b.name} {b.score}" + (" (broken)" if b.broken else "") for b in char.bonds))
    if char.attacks:
        lines.append("  attacks: " + "; ".join(attack_text(w, char.skills.get(w.skill)) for w in char.attacks))
    if char.san_loss:
        lines.append(f"  SAN loss: {char.san_loss}")
    if char.conditions:
        lines.append("  conditions: " + ", ".join(char.conditions))
    if char.notes:
        lines.append("  GM notes: " + char.notes.replace("\n", "\n    "))
    return "\n".join(lines)


@command("char list", "char list", "list the characters with their current values", aliases=("chars", "party"))
def _char_list(args: Args) -> Query:
    args.max_positional(0)

    def run(state: State) -> str:
        if not state.characters:
            return "no characters yet: create one with 'char new NAME ...'"
        out = []
        for char in state.characters.values():
            now = " ".join(f"{k} {v}" for k, v in char.current.items())
            conds = f"  [{', '.join(char.conditions)}]" if char.conditions else ""
            out.append(f"{char.name:<20} {char.kind:<12} {now}{conds}")
        return "\n".join(out)

    return Query(run=run)


@command("char show", "char show NAME", "show one character's sheet", aliases=("show",))
def _char_show(args: Args) -> Query:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    return Query(run=lambda state: format_character(state, name))


@command(
    "bond",
    "bond NAME BOND [SCORE] [--remove]",
    "add a bond (starts at CHA), set its score, or remove it (FHTAGN)",
    examples=("bond ada Sister", "bond ada Sister 8", "bond ada Sister --remove"),
)
def _bond(args: Args) -> SetBond:
    name = args.pos(0, "NAME")
    bond = args.pos(1, "BOND")
    score_raw = args.pos_opt(2)
    args.max_positional(3)
    score = to_int(score_raw, "SCORE", args) if score_raw else None
    return SetBond(name=name, bond=bond, score=score, remove=args.flag("remove"))


@command("cond add", "cond add NAME CONDITION [for=3r|10m|2h|1d] [note=TEXT]", "give a character a condition",
         details="for= gives it a length: rounds of a fight (3r) or game time (30s, 10m, 2h, 1d); it ends by "
         "itself when that is over ('time' shows what is left). On a condition already there, for= changes "
         "its length.",
         examples=("cond add ada stunned", "cond add ada shaken for=3r", "cond add harvey \"temporarily insane\" for=5h"),
         aliases=("condition add",))
def _cond_add(args: Args) -> AddCondition:
    name = args.pos(0, "NAME")
    cond = args.pos(1, "CONDITION")
    args.max_positional(2)
    return AddCondition(name=name, condition=cond, note=args.opt("note", "") or "", duration=args.opt("for", "") or "")


@command("cond remove", "cond remove NAME CONDITION", "take a condition away",
         aliases=("cond rm", "cond del", "condition remove"))
def _cond_remove(args: Args) -> RemoveCondition:
    name = args.pos(0, "NAME")
    cond = args.pos(1, "CONDITION")
    args.max_positional(2)
    return RemoveCondition(name=name, condition=cond)


@command(
    "roll",
    "roll EXPR [vs=TARGET] [bonus=N] [penalty=N] [label=TEXT] [roll=VALUES] [secret]",
    "roll dice: 1d6, 2D6+1, 3d (GURPS), d100 (with CoC bonus/penalty dice)",
    details="vs= judges the result: d100 by the campaign's percentile rules, 3d by GURPS success rolls.",
    examples=("roll 1d6", "roll d100 vs=45 penalty=1", "roll 3d vs=12 roll=3,5,6"),
    dice=True,
)
def _roll(args: Args) -> RollDice:
    expr = "".join(args.positional)
    if not expr:
        raise args.fail("roll: which dice? e.g. roll 2d6+1")
    try:
        check_expr(expr)  # bounds and syntax, before anything is decided
    except DiceError as exc:
        raise args.fail(f"roll: {exc}") from None
    return RollDice(
        expr=expr,
        target=args.int_opt_none("vs"),
        bonus=args.int_opt("bonus", 0),
        penalty=args.int_opt("penalty", 0),
        label_text=args.opt("label", "") or "",
    )


@command(
    "test",
    "test NAME SKILL|STAT [mod=±N] [difficulty=regular|hard|extreme] [bonus=N] [penalty=N] [roll=VALUES]",
    "a character's skill or stat test, judged by the campaign's system",
    details="FHTAGN: STAT means STAT×5 and mod= is ±20/±40: modifiers come in steps of 20 (FH-DICE-05), "
    "another step is refused, a sum beyond ±40 is capped at ±40.\n"
    "CoC 7e: difficulty= and bonus/penalty dice.  GURPS: 3d vs skill with mod=±N.\n"
    "A skill never raised is tested at its base (GURPS: its default); any word of a name will do (spot, elias).",
    examples=("test ada Firearms mod=-20", "test ada CON", "test harvey Spot Hidden difficulty=hard penalty=1"),
    dice=True,
)
def _test(args: Args) -> TestSkill:
    name = args.pos(0, "NAME")
    skill = args.rest(1)
    if not skill:
        raise args.fail("test: which skill or stat?")
    return TestSkill(
        name=name,
        skill=skill,
        modifier=args.int_opt("mod", 0),
        difficulty=args.opt("difficulty", "regular") or "regular",
        bonus=args.int_opt("bonus", 0),
        penalty=args.int_opt("penalty", 0),
    )


@command("note", "note TEXT [secret]", "write a note into the log ('secret' keeps it from the players)",
         raw_text=True, examples=("note The cellar door is nailed shut.", "note The vicar is a cultist. secret"))
def _note(args: Args) -> AddNote:
    text = args.rest(0)
    if not text:
        raise args.fail("note: what should the note say?")
    return AddNote(text=text)


@command("undo", "undo", "take back the last action (an event records it; nothing is deleted)")
def _undo(args: Args) -> Undo:
    args.max_positional(0)
    return Undo()


@command("redo", "redo", "restore the action undone last")
def _redo(args: Args) -> Redo:
    args.max_positional(0)
    return Redo()


@command("reveal", "reveal [SEQ]", "show the players a secret action after the fact (undo hides it again)",
         details="SEQ is the number of any event of the secret action, as the GM's Log tab shows it (without it: "
                 "the latest secret action not revealed yet). From then on the players read it and see what it "
                 "changed; undo takes the reveal back.",
         examples=("reveal 42", "reveal"))
def _reveal(args: Args) -> Reveal:
    args.max_positional(1)
    raw = args.pos_opt(0)
    return Reveal(seq=to_int(raw.lstrip("#"), "SEQ", args) if raw else 0)
