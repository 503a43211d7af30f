"""Commands of the bestiary: ``npc add cultist x4``, ``bestiary [SEARCH]``, ``bestiary show NAME``."""

from __future__ import annotations

import re

from fhtagn_tui.domain.features.bestiary import Entry, SpawnNpcs, find_entry, template_entry
from fhtagn_tui.domain.state import Character, State
from fhtagn_tui.domain.systems import complete_stats, derived
from fhtagn_tui.rules.weapons import attack_text

from .language import Args, Query, command, to_int

_COUNT = re.compile(r"^(?P<name>.*?)\s*(?:[x×*]\s*(?P<n>\d+))$", re.IGNORECASE)


def split_count(text: str, args: Args | None = None) -> tuple[str, int]:
    """``cultist x4`` / ``cultist ×4`` / ``cultist *4`` / ``4 cultist`` → (``cultist``, 4)."""
    text = " ".join(text.split())
    m = _COUNT.match(text)
    if m and m.group("name"):
        return m.group("name"), to_int(m.group("n"), "the count", args)
    head, _, tail = text.partition(" ")
    if head.isdigit() and tail:
        return tail, to_int(head, "the count", args)
    return text, 1


@command(
    "npc add",
    "npc add ENTRY [xN] [--hidden] [--vary] [--fight] [--readied] [side=S] [as=NAME] [roll=…]",
    "bring NPCs or creatures from the bestiary into the campaign (numbered: Cultist 1, Cultist 2 …)",
    details=(
        "ENTRY is a bestiary entry or a campaign template (a unique start of a word is enough).\n"
        "xN (also ×N, *N, or N first) makes N of them. --hidden keeps their numbers from the players\n"
        "(creatures are hidden anyway). --vary rolls the characteristics the entry gives ranges for,\n"
        "each character its own dice (typeable with roll=). --fight also puts them into the running\n"
        "fight. as=NAME names a single one. Their attacks come with them: 'attack' uses the first."
    ),
    examples=("npc add cultist x4", "npc add police officer --fight", "npc add crypt gnawer ×2 --vary",
              'npc add thug as="Big Eddie"'),
    aliases=("npc new", "npcs add"),
    dice=True,
)
def _npc_add(args: Args) -> SpawnNpcs:
    text = args.rest(0)
    if not text:
        raise args.fail("npc add: which entry? ('bestiary' lists them)")
    name, count = split_count(text, args)
    return SpawnNpcs(entry=name, count=count, hidden=args.flag("hidden"), vary=args.flag("vary"),
                     fight=args.flag("fight"), side=args.opt("side", "") or "", name=args.opt("as", "") or "",
                     readied=args.flag("readied"))


def entry_line(e: Entry) -> str:
    bits = [f"{e.name:<18}", f"{e.kind:<7}"]
    bits.append(", ".join(w.name for w in e.attacks) or "unarmed")
    if e.san_loss:
        bits.append(f"SAN {e.san_loss}")
    return "  ".join(bits)


def search_book(state: State, book: tuple[Entry, ...], words: str = "") -> list[Entry]:
    """Templates and bestiary entries whose name, tags or description hold every word."""
    pool = [template_entry(t) for t in state.templates.values()]
    pool += [e for e in book if e.key not in {p.key for p in pool}]
    terms = words.casefold().split()
    return [e for e in pool if all(t in f"{e.name} {' '.join(e.tags)} {e.kind} {e.description}".casefold()
                                   for t in terms)]


@command("bestiary", "bestiary [SEARCH]", "the bestiary of this campaign's system (and its templates)",
         aliases=("bestiary list",), examples=("bestiary", "bestiary dog", "bestiary creature"))
def _bestiary(args: Args) -> Query:
    words = args.rest(0)

    def run(state: State, book: tuple[Entry, ...]) -> str:
        found = search_book(state, book, words)
        if not found:
            return f"nothing in the bestiary matches {words!r}" if words else "the bestiary is empty"
        return "\n".join(entry_line(e) for e in found) + "\n(npc add NAME xN; bestiary show NAME)"

    return Query(run=lambda state: "", book=run)


def format_entry(state: State, e: Entry) -> str:
    unit = "" if state.system == "gurps" else "%"
    lines = [f"{e.name} ({e.kind}{', hidden' if e.hidden else ''})"]
    if e.description:
        lines.append("  " + e.description)
    lines.append("  " + "  ".join(f"{k} {v}" + (f" ({e.vary[k]})" if k in e.vary else "") for k, v in e.stats.items()))
    try:
        stats = complete_stats(state.system, e.stats)
        d = derived(state.system, Character(id="", name=e.name, kind=e.kind, stats=stats, skills=e.skills))
        lines.append("  " + "  ".join(f"{k} {v}" for k, v in d.items()))
    except (KeyError, ValueError, TypeError):
        pass
    if e.skills:
        lines.append("  skills: " + ", ".join(f"{k} {v}{unit}" for k, v in e.skills.items()))
    if e.attacks:
        lines.append("  attacks: " + "; ".join(attack_text(w, e.skills.get(w.skill)) for w in e.attacks))
    if e.armor:
        lines.append(f"  armour: {e.armor}" + (f" ({e.armor_item})" if e.armor_item else ""))
    if e.san_loss:
        lines.append(f"  SAN loss: {e.san_loss}")
    return "\n".join(lines)


@command("bestiary show", "bestiary show NAME", "one bestiary entry's stat block",
         examples=("bestiary show cultist", "bestiary show dog"))
def _bestiary_show(args: Args) -> Query:
    name = args.rest(0)
    if not name:
        raise args.fail("bestiary show: which entry?")
    return Query(run=lambda state: "", book=lambda state, book: format_entry(state, find_entry(state, book, name)))


@command(
    "char import",
    "char import   (in the app: a box to paste into; from a shell: fhtagn import CAMPAIGN FILE|-)",
    "import stat blocks (CoC 7e, FHTAGN, GURPS), a Dhole's House investigator or an exported character",
    details=(
        "In the app, 'char import' opens a box: paste one or many stat blocks as a scenario prints them,\n"
        "or a JSON investigator, and ctrl+s imports them all in one undoable action. What is not\n"
        "understood goes into each character's GM notes and is listed. From a shell:\n"
        "  fhtagn import CAMPAIGN FILE      (or - to read the standard input)"
    ),
)
def _char_import(args: Args) -> Query:
    args.max_positional(0)
    hint = ("char import reads pasted text: in the app it opens a paste box (or press i on the Party tab); "
            "from a shell use: fhtagn import CAMPAIGN FILE|-")
    return Query(run=lambda state: hint)


@command("char export", "char export NAME [format=json|statblock]",
         "a character as JSON, or as a stat block in the system's layout (import either into another campaign)",
         examples=("char export ada", "char export ghoul format=statblock"),
         details="From a shell: fhtagn char export CAMPAIGN NAME [--format statblock] > name.json, then fhtagn "
                 "import OTHER name.json. --format statblock and --statblock work here too.")
def _char_export(args: Args) -> Query:
    words = list(args.positional)
    fmt = (args.opt("format", "") or "").casefold()
    if args.flag("format") and words and words[-1].casefold() in ("json", "statblock"):
        fmt = words.pop().casefold()  # "char export ghoul --format statblock"
    if args.flag("statblock"):
        fmt = "statblock"
    if args.flag("json"):
        fmt = fmt or "json"
    if fmt not in ("", "json", "statblock"):
        raise args.fail(f"char export: format={fmt} — json or statblock")
    name = " ".join(words)
    if not name:
        raise args.fail("char export: whose sheet?")

    def run(state: State) -> str:
        from fhtagn_tui.domain.lookup import find_character

        char = find_character(state, name)
        if fmt == "statblock":
            from fhtagn_tui.importers.writer import write_block

            return write_block(state, char)
        from fhtagn_tui.importers.native import encode

        return encode(state, char)

    return Query(run=run)
