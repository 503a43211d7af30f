"""Stat blocks as scenarios print them → :class:`~fhtagn_tui.domain.features.bestiary.Entry`.

Three layouts, told apart by their characteristics:

* Call of Cthulhu 7e: ``STR 75 CON 60 SIZ 80 DEX 45 INT 50 APP 40 POW 50 EDU 40 SAN 50
  HP 14 DB +1D4 Build 1 Move 7 MP 10``, ``Attacks per round: 1``, ``Fighting 45% (22/9),
  damage 1D6+DB``, ``Dodge 22% (11/4)``, ``Skills: Listen 40%, …``, ``Armor: …``,
  ``Sanity loss: 0/1D6``;
* FHTAGN / the Delta Green family: ``STR 12 CON 11 DEX 10 INT 13 POW 12 CHA 9``,
  ``HP 12 WP 12 SAN 60 BP 48``, ``SKILLS: Alertness 50%, …``, ``ATTACKS: Pistol 40%,
  damage 1D10``, ``Armor: 3``;
* GURPS: ``ST 12 DX 11 IQ 10 HT 11; HP 12 Will 10 Per 10 FP 11; Basic Speed 5.50;
  Move 5``, ``Skills: Brawling-13; Guns (Pistol)-12``, ``Attacks: Punch (13): 1d-1 cr``.

Text pasted from a PDF is tolerated: any case, extra spaces, lines broken anywhere
(a word hyphenated across a line is joined), ``%`` signs present or not, half/fifth
values in parentheses.  One text may hold many blocks: each starts at a line with
``STR``/``ST`` and is named by the line before it (or the words before ``STR``).
Whatever a block holds that is not understood is returned with it (the importer
puts it into the character's GM notes and lists it).  Pure: no IO.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import msgspec

from fhtagn_tui.domain.features.bestiary import Entry
from fhtagn_tui.domain.text import INVISIBLE
from fhtagn_tui.rules.weapons import STARTER_WEAPONS, Weapon

#: A text larger than this is refused (a stat-block file, not a book).
MAX_TEXT = 1_000_000
MAX_NAME = 60

STATS = {
    "coc7": ("STR", "CON", "SIZ", "DEX", "APP", "INT", "POW", "EDU"),
    "fhtagn": ("STR", "CON", "DEX", "INT", "POW", "CHA"),
    "gurps": ("ST", "DX", "IQ", "HT"),
}
LABELS = {"fhtagn": "FHTAGN", "coc7": "Call of Cthulhu 7e", "gurps": "GURPS"}


class StatBlockError(ValueError):
    """The text holds no stat block that can be read; the message says what was expected."""


@dataclass
class Block:
    """One stat block read: the entry, and what was not understood in it."""

    entry: Entry
    unknown: list[str] = field(default_factory=list)
    remarks: list[str] = field(default_factory=list)  # understood but not kept as numbers (HP 14 vs 13)


# --- text clean-up -------------------------------------------------------------------

_DASHES = str.maketrans({"\u2013": "-", "\u2014": "-", "\u2212": "-", "\u2010": "-", "\u2011": "-",
                         "\u00a0": " ", "\u2009": " ", "\u202f": " ", "\u2019": "'", "\t": " "})


def clean(text: str) -> str:
    """Normalise dashes and spaces; join words hyphenated across a line break.  Invisible formatting
    characters (zero-width, bidi controls: common in text copied from a PDF) are dropped, line and
    paragraph separators become line breaks: the names kept pass the user-text check."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").translate(_DASHES)
    text = INVISIBLE.sub(lambda m: "\n" if m.group() in "\u2028\u2029" else "", text)
    text = re.sub(r"[\x00-\x08\x0b-\x1f\x7f]", " ", text)
    text = re.sub(r"([A-Za-z])[-\u00ad][ ]*\n[ ]*([a-z])", r"\1\2", text)  # Spot Hid-\nden
    return text.replace("\u00ad", "")


# --- patterns ------------------------------------------------------------------------

_I = re.IGNORECASE
_HALVES = r"(?:\s*\(\s*\d+\s*/\s*\d+\s*\))?"
_DIE = r"\d*\s*[dD]\s*\d+"
_TERM = rf"(?:½\s*DB|1/2\s*DB|half\s*DB|DB|{_DIE}|\d+)"
DAMAGE = rf"(?:{_DIE}|\d+)(?:\s*[+\-]\s*{_TERM})*(?:\s*/\s*{_DIE}(?:\s*[+\-]\s*\d+)?)*"
_WORD = r"(?:[A-Za-z(][\w.'/()\-]*|\.\d+[\w\-]*|\d+-(?:gauge|mm)|\d+mm)"
_NAME = rf"(?P<name>{_WORD}(?:[ ]+{_WORD}){{0,4}}?)"

SAN_LOSS = re.compile(r"\b(?:sanity|san)\s*loss\s*[:=]?\s*(?P<loss>none|(?:\d*\s*[dD]\s*)?\d+(?:\s*[+\-]\s*\d+)?\s*/\s*(?:\d*\s*[dD]\s*)?\d+(?:\s*[+\-]\s*\d+)?)"
                      r"(?:\s*(?:to|for|on)\s+(?:see|seeing|witness|witnessing|encounter|meeting)[^.;\n]*)?", _I)
NO_VALUE = re.compile(r"\b(?:APP|EDU|SAN|INT|POW|MP|Luck|CHA|WP|BP|Will|Per|FP|HP)\b\s*[:=]?\s*(?:-+|n/a|none|nil)(?=[\s,;.]|$)", _I)
PER_ROUND = re.compile(r"\battacks?\s*per\s*round\s*[:=]?\s*(?P<n>\d+)(?:\s*\([^)\n]*\))?", _I)
ARMOR = re.compile(r"\b(?:armou?r|DR)\b\s*[:=]?\s*(?:(?P<none>none)|(?P<n>\d+)(?:\s*-?\s*points?(?:\s*of)?)?(?P<item>[^;\n]*))", _I)
ATTACK = re.compile(
    rf"{_NAME}\s+(?P<val>\d+)\s*%?{_HALVES}\s*[,:;]?\s*(?:(?:damage|dmg)\.?\s*[:=]?\s*(?P<dmg>{DAMAGE})"
    r"|lethality\s*[:=]?\s*(?P<leth>\d+)\s*%?)", _I)
GURPS_ATTACK = re.compile(
    rf"{_NAME}\s*\(\s*(?P<val>\d+)\s*\)\s*[:,]?\s*(?P<dmg>(?:\d+d|thr|sw)(?:\s*[+\-]\s*\d+)?)\s*"
    r"(?P<type>pi\+\+|pi\+|pi-|pi|cr|cut|imp|burn|tox)\b", _I)
DODGE = re.compile(rf"\bdodge\s*[:=]?\s*(?P<n>\d+)\s*%?{_HALVES}", _I)
SKILLS = re.compile(r"\bskills?\b\s*[:\-]?", _I)
END_OF_SKILLS = re.compile(r"\b(?:attacks?|combat|armou?r|sanity|san\s+loss|spells|traits|notes|weapons|"
                           r"powers|description|languages?)\b\s*:", _I)
_ONE_SKILL = r"(?P<name>[A-Za-z][A-Za-z .'/()&]*?)\s*(?:-|:)?\s*(?P<val>\d+)\s*%?" + _HALVES + r"(?:\s*\[[^\]]*\])?"
SKILL_ITEM = re.compile(rf"^(?:{_ONE_SKILL.replace('?P<name>', '').replace('?P<val>', '')}\s*)+\.?$")
ONE_SKILL = re.compile(_ONE_SKILL)
FRIGHT = re.compile(r"\bfright\s*checks?\s*(?:at\s*)?(?P<mod>[+\-]\s*\d+)(?:\s*(?:on|at)\s+(?:sight|seeing)[^.;\n]*)?", _I)
LABEL_ONLY = re.compile(r"\b(?:combat|attacks?|weapons?|skills?|fighting|stats|characteristics)\b\s*:?", _I)


def _value(pattern: str) -> re.Pattern[str]:
    return re.compile(rf"\b(?:{pattern})\b\s*[:=]?\s*(?P<v>[+\-]?\d+(?:\.\d+)?){_HALVES}", _I)


_NUMBERS: dict[str, re.Pattern[str]] = {
    "STR": _value("STR"), "CON": _value("CON"), "SIZ": _value("SIZ"), "DEX": _value("DEX"),
    "APP": _value("APP"), "INT": _value("INT"), "POW": _value("POW"), "EDU": _value("EDU"),
    "CHA": _value("CHA"), "ST": _value("ST"), "DX": _value("DX"), "IQ": _value("IQ"), "HT": _value("HT"),
    "HP": _value("HP|hit\\s*points|hits"), "MP": _value("MP|magic\\s*points"), "SAN": _value("SAN|sanity"),
    "Luck": _value("luck"), "WP": _value("WP|willpower"), "BP": _value("BP|breaking\\s*point"),
    "Will": _value("will"), "Per": _value("per|perception"), "FP": _value("FP|fatigue\\s*points"),
    "Build": _value("build"), "Move": _value("move|mov|basic\\s*move"), "Speed": _value("basic\\s*speed|speed"),
    "Parry": _value("parry"), "Block": _value("block"), "Age": _value("age"),
}
DB = re.compile(r"\b(?:DB|damage\s*bonus)\s*[:=]?\s*(?P<v>[+\-]?\s*\d*\s*[dD]\s*\d+|[+\-]?\s*\d+|none)", _I)
STAT_START = re.compile(r"\b(?:STR|ST)\b\s*[:=]?\s*\d+", _I)

RANGED_WORDS = ("gun", "pistol", "rifle", "revolver", "shotgun", "bow", "smg", "carbine", "automatic",
                "derringer", "musket", "thompson", "firearm", "handgun")


# --- splitting into blocks -------------------------------------------------------------


def _is_name_line(line: str) -> bool:
    s = line.strip()
    if not s or len(s) > 80 or STAT_START.search(s) or not re.search(r"[A-Za-z]", s):
        return False
    return not re.match(r"(?i)^(skills?|attacks?|combat|armou?r|sanity|san\s+loss|spells|traits|notes|weapons|"
                        r"dodge|hp|mp|db|move)\b", s)


def split_blocks(text: str) -> list[tuple[str, str]]:
    """(name, body) for each block in ``text``; the name may be empty."""
    lines = text.split("\n")
    starts = [i for i, line in enumerate(lines) if STAT_START.search(line)]
    blocks: list[tuple[int, int, int]] = []  # (first name line or -1, name lines, stat line index)
    for i in starts:
        low = blocks[-1][2] if blocks else -1
        j = i - 1
        while j > low and not lines[j].strip():
            j -= 1
        if j > low and _is_name_line(lines[j]):
            first, count = j, 1
            k = j - 1
            while k > low and not lines[k].strip():
                k -= 1
            if k > low and lines[k].rstrip().endswith(",") and _is_name_line(lines[k]):
                first, count = k, j - k + 1  # "Old Tom Gedney,\nthe ferryman"
            blocks.append((first, count, i))
        else:
            blocks.append((-1, 0, i))
    out: list[tuple[str, str]] = []
    for n, (first, count, stat_at) in enumerate(blocks):
        end = len(lines)
        if n + 1 < len(blocks):
            nxt = blocks[n + 1]
            end = nxt[0] if nxt[0] >= 0 else nxt[2]
        name = " ".join(line.strip() for line in lines[first:first + count] if line.strip()) if first >= 0 else ""
        body = "\n".join(lines[stat_at:end])
        if n == 0:  # text before the first block is not lost: it is reported with the first one
            body += "\n" + "\n".join(lines[: first if first >= 0 else stat_at])
        out.append((name, body))
    return out


# --- one block --------------------------------------------------------------------------


def detect_system(body: str) -> str:
    if re.search(r"(?i)\b(SIZ|EDU|APP|build)\b", body):
        return "coc7"
    if re.search(r"(?i)\b(ST|DX|IQ|HT)\b\s*[:=]?\s*\d", body) and re.search(r"(?i)\bIQ\b\s*[:=]?\s*\d", body):
        return "gurps"
    if re.search(r"(?i)\b(CHA|WP|BP)\b\s*[:=]?\s*\d", body):
        return "fhtagn"
    m = re.search(r"(?i)\bSTR\b\s*[:=]?\s*(\d+)", body)
    return "coc7" if m and int(m.group(1)) > 25 else "fhtagn"


class _Text:
    """The block's text, blanked out as it is understood."""

    def __init__(self, body: str) -> None:
        self.text = body

    def take(self, pattern: re.Pattern[str]) -> list[re.Match[str]]:
        found = list(pattern.finditer(self.text))
        for m in reversed(found):
            self.blank(m.start(), m.end())
        return found

    def blank(self, start: int, end: int) -> None:
        self.text = self.text[:start] + re.sub(r"[^\n]", " ", self.text[start:end]) + self.text[end:]

    def leftovers(self) -> list[str]:
        out = []
        for part in re.split(r"[\n;]", self.text):
            s = " ".join(part.split()).strip(" ,.:-")
            if re.search(r"[A-Za-z0-9]", s):
                out.append(s)
        return out


def _cased(name: str) -> str:
    """``spot hidden`` (a block typed in lower case) → ``Spot Hidden``."""
    if not name[:1].isalpha() or not name.islower():
        return name
    return " ".join(w[:1].upper() + w[1:] for w in name.split())


def _clean_name(raw: str) -> str:
    words = raw.split()
    while words and words[0].rstrip(":").casefold() in ("attacks", "attack", "weapons", "and"):
        words = words[1:]
    return " ".join(words).lstrip(" ,:").rstrip(" ,.:")


def _attack(system: str, name: str, value: int, damage: str, dtype: str = "", lethality: int = 0,
            per_round: int = 1) -> tuple[Weapon, str]:
    """The attack and the skill it uses."""
    starter = {w.key: w for w in STARTER_WEAPONS[system]}
    key = name.casefold()
    base = starter.get(key)
    low = key.replace(" ", "")
    if base is not None:
        skill = base.skill
    elif system == "coc7":
        skill = name if key.startswith(("fighting", "firearms", "throw")) else (
            f"Firearms ({name})" if any(w in low for w in RANGED_WORDS) else f"Fighting ({name})")
    else:
        skill = name
    ranged = (base.kind in ("ranged", "thrown")) if base else (
        any(w in low for w in RANGED_WORDS) or key.startswith("firearms"))
    kind = base.kind if base else ("ranged" if ranged else "unarmed" if key.startswith(("unarmed", "punch", "fist", "brawl")) else "melee")
    w = Weapon(name=name, system=system, skill=skill, damage="".join(damage.split()), kind=kind,
               damage_type=dtype.casefold(), lethality=lethality, per_round=per_round,
               base_range=base.base_range if base else 0, magazine=base.magazine if base else 0,
               shots=base.shots if base else 1, action=base.action if base else "",
               impaling=base.impaling if base else False, malfunction=base.malfunction if base else 0)
    return w, skill


def _split_name(line: str) -> tuple[str, str]:
    """``Harlan Pike, cult leader`` → (``Harlan Pike``, ``cult leader``)."""
    s = " ".join(line.split()).strip(" :*#")
    m = re.match(r"^(?P<name>[^,(\[]+?)\s*(?:[,(\[]\s*(?P<rest>.*?)[)\]]?)?$", s)
    if not m:
        return s[:MAX_NAME], ""
    return m.group("name").strip()[:MAX_NAME], (m.group("rest") or "").strip()


def parse_block(name_line: str, body: str, system: str | None = None) -> Block:
    sysname = system or detect_system(body)
    t = _Text(body)
    # a name in front of the characteristics on the same line: "Cultist STR 55 …"
    first = STAT_START.search(t.text)
    head = t.text[: first.start()] if first else ""
    if head.strip() and "\n" not in head:
        name_line = name_line or head
        t.blank(0, first.start())  # type: ignore[union-attr]
    name, description = _split_name(name_line) if name_line.strip() else ("", "")
    if name.isupper() and len(name) > 3:
        name = name.title()
    remarks: list[str] = []
    for m in t.take(FRIGHT):
        remarks.append(f"Fright Check {''.join(m.group('mod').split())}")

    san_loss = ""
    for m in t.take(SAN_LOSS):
        loss = "".join(m.group("loss").split()).lower()
        san_loss = "" if loss == "none" else loss
    per_round = 1
    for m in t.take(PER_ROUND):
        per_round = max(1, min(9, int(m.group("n"))))
    armor, armor_item = 0, ""
    for m in t.take(ARMOR):
        if m.group("n"):
            armor = int(m.group("n"))
            armor_item = " ".join((m.group("item") or "").split()).strip(" ,.()")

    skills: dict[str, int] = {}
    attacks: list[Weapon] = []
    pattern = GURPS_ATTACK if sysname == "gurps" else ATTACK
    for m in t.take(pattern):
        aname = _cased(_clean_name(m.group("name")))
        if not aname:
            continue
        value = int(m.group("val"))
        leth = int(m.group("leth")) if "leth" in m.groupdict() and m.group("leth") else 0
        w, skill = _attack(sysname, aname, value, m.group("dmg") or "0",
                           m.group("type") if "type" in m.groupdict() else "", leth)
        if any(a.key == w.key for a in attacks):
            continue
        attacks.append(w)
        skills.setdefault(skill, value)
    if per_round > 1 and attacks:
        attacks[0] = msgspec.structs.replace(attacks[0], per_round=per_round)
    for m in t.take(DODGE):
        if sysname != "gurps":
            skills["Dodge"] = int(m.group("n"))

    stats: dict[str, int] = {}
    pools: dict[str, int] = {}
    given: dict[str, int] = {}
    for stat in STATS[sysname]:
        for m in t.take(_NUMBERS[stat])[:1]:
            stats[stat] = int(float(m.group("v")))
    extra = {"coc7": ("HP", "MP", "SAN", "Luck", "Build", "Move", "Age"),
             "fhtagn": ("HP", "WP", "SAN", "BP"),
             "gurps": ("HP", "FP", "Will", "Per", "Speed", "Move", "Parry", "Block")}[sysname]
    for key in extra:
        for m in t.take(_NUMBERS[key])[:1]:
            given[key] = int(float(m.group("v")))
    t.take(DB)
    t.take(NO_VALUE)
    if sysname == "gurps":
        for key in ("HP", "FP", "Will", "Per"):
            if key in given:
                stats[key] = given[key]
    elif sysname == "coc7":
        if "Luck" in given:
            stats["Luck"] = given["Luck"]
        if "Age" in given:
            stats["Age"] = given["Age"]
        if "SAN" in given:
            pools["SAN"] = given["SAN"]
        for key in ("HP", "MP"):
            if key in given:
                pools[key] = given[key]
    else:
        for key in ("SAN", "BP", "HP", "WP"):
            if key in given:
                pools[key] = given[key]

    # the skills list: from "Skills:" to the next label, item by item
    for m in list(SKILLS.finditer(t.text))[:3]:
        start = m.end()
        stop = END_OF_SKILLS.search(t.text, start)
        end = stop.start() if stop else len(t.text)
        section = t.text[start:end]
        pos = start
        understood_to = m.end()
        for item in re.split(r"([,;]|\.\s|\n\s*\n)", section):
            if item in (",", ";") or not item.strip() or re.fullmatch(r"\.\s|\n\s*\n", item):
                pos += len(item)
                understood_to = pos
                continue
            flat = " ".join(item.split())
            if not SKILL_ITEM.match(flat):
                break
            for one in ONE_SKILL.finditer(flat):
                skills[_cased(one.group("name").strip())] = int(one.group("val"))
            pos += len(item)
            understood_to = pos
        t.blank(m.start(), understood_to)
    t.take(LABEL_ONLY)

    unknown = t.leftovers()
    if not name:
        name = "Imported"
    if not stats:
        raise StatBlockError(f"{name}: no characteristics could be read")
    notes_parts = ([description] if description else []) + remarks
    if unknown:
        notes_parts.append("Not understood on import: " + " | ".join(unknown))
    kind = "monster" if san_loss or any(r.startswith("Fright") for r in remarks) else "npc"
    entry = Entry(name=name, system=sysname, kind=kind, stats=stats, skills=skills, attacks=tuple(attacks),
                  armor=armor, armor_item=armor_item[:60], san_loss=san_loss, pools=pools,
                  notes="\n".join(notes_parts))
    return Block(entry=entry, unknown=unknown, remarks=remarks)


def parse(text: str, system: str | None = None) -> list[Block]:
    """Every stat block in ``text``; :class:`StatBlockError` when there is none."""
    if len(text) > MAX_TEXT:
        raise StatBlockError(f"the text is larger than {MAX_TEXT // 1000} kB: is this a stat-block file?")
    cleaned = clean(text)
    blocks = split_blocks(cleaned)
    if not blocks:
        raise StatBlockError(
            "no stat block found: expected characteristics such as 'STR 75 CON 60 SIZ 80 …' (Call of Cthulhu), "
            "'STR 12 CON 11 … CHA 9' (FHTAGN) or 'ST 12 DX 11 IQ 10 HT 11' (GURPS)"
        )
    return [parse_block(name, body, system) for name, body in blocks]


__all__ = ["Block", "DAMAGE", "LABELS", "StatBlockError", "clean", "detect_system", "parse", "parse_block",
           "split_blocks"]
