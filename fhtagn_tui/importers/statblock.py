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
puts it into the character's GM notes and lists it).

Also read, as the books print them: a name (and title) over several lines; digits and
punctuation in attack names (``Glock 22 55%, damage 1D10``); lethality ratings, alone
or after the damage (``Engulf 50%, damage 2D6, Lethality 20%``); an attack's skill in
square brackets (``Knife [Fighting (Brawl)] 45%``, as ``char export`` writes it when
the skill is not the one the name gives); GURPS damage types (cr, cut, imp, pi-, pi,
pi+, pi++, burn, tox, cor; fat, aff and spec are kept as notes: they wound no HP)
and active defences (Dodge, Parry, Block); the book's Move/MOV, Build and DB (kept as
stated, with a note where the rules derive another value); ``Languages:`` (with
percentages: Language skills; without: a note) and ``Spells:`` (the character's
spells).

Whitespace in the patterns is matched possessively (``\\s*+``, Python 3.11): a run of spaces is
never tried split two ways, so a hostile paste (300 000 spaces after a number) is read in linear time.

Suspicious text is never guessed: a letter read for a digit (``CON 6O``, ``l5``, ``5S``)
or a number out of range stops the import with the line, the token and what to fix
(:class:`StatBlockError`).  Pure: no IO.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import msgspec

from fhtagn_tui.domain.features.entry import Entry
from fhtagn_tui.domain.state import Bond
from fhtagn_tui.domain.systems import check_stat
from fhtagn_tui.domain.text import INVISIBLE
from fhtagn_tui.rules.weapons import STARTER_WEAPONS, Weapon

#: A text larger than this is refused (a stat-block file, not a book).
MAX_TEXT = 1_000_000
MAX_NAME = 60
MAX_BLOCKS = 100  # the most one import brings (the import command's own bound)

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
    stated: list[str] = field(default_factory=list)  # the book's Move/Build/DB where the rules differ
    languages: list[str] = field(default_factory=list)
    traits: list[str] = field(default_factory=list)  # advantages, disadvantages… (in the GM notes)
    line: int = 0  # the line (1-based) of the block's characteristics in the text


# --- text clean-up -------------------------------------------------------------------

_DASHES = str.maketrans({"\u2013": "-", "\u2014": "-", "\u2212": "-", "\u2010": "-", "\u2011": "-",
                         "\u00a0": " ", "\u2009": " ", "\u202f": " ", "\u2019": "'", "\t": " "})


def clean(text: str) -> str:
    """Normalise dashes and spaces; join words hyphenated across a line break.  Invisible formatting
    characters (zero-width, bidi controls: common in text copied from a PDF) are dropped, line and
    paragraph separators become line breaks: the names kept pass the user-text check."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").translate(_DASHES)
    text = INVISIBLE.sub(lambda m: "\n" if m.group() in "\u2028\u2029" else "", text)
    for lig, plain in (("\ufb01", "fi"), ("\ufb02", "fl"), ("\ufb00", "ff"), ("\ufb03", "ffi"), ("\ufb04", "ffl")):
        text = text.replace(lig, plain)  # a PDF's ligatures
    text = re.sub(r"[\x00-\x08\x0b-\x1f\x7f]", " ", text)
    text = re.sub(r"([A-Za-z])[-\u00ad][ ]*+\n[ ]*+([a-z])", r"\1\2", text)  # Spot Hid-\nden
    return text.replace("\u00ad", "")


# --- patterns ------------------------------------------------------------------------

_I = re.IGNORECASE
_HALVES = r"(?:\s*+\(\s*+\d+\s*+/\s*+\d+\s*+\))?"
_DIE = r"\d*\s*+[dD]\s*+\d+"
_TERM = rf"(?:½\s*+DB|1/2\s*+DB|half\s*+DB|DB|{_DIE}|\d+)"
DAMAGE = rf"(?:{_DIE}|\d+)(?:\s*+[+\-]\s*+{_TERM})*(?:\s*+/\s*+{_DIE}(?:\s*+[+\-]\s*+\d+)?)*"
# Words are bounded (a line of 300 000 letters is read in linear time, not quadratic) and a name
# starts at a word's start, never inside one.
_WORD = r"(?:(?<![A-Za-z0-9_'])(?:[A-Za-z(][\w.'/()\-]{0,30}|\.\d+[\w\-]{0,20}|\d+-(?:gauge|mm)|\d+mm))"
_MORE = r"(?:[\w.'/()\-&+#]{1,30})"  # later words of a name: digits and punctuation too (Glock 22, M1911A1)
_NAME = rf"(?P<name>{_WORD}(?:[ ]++{_MORE}){{0,5}}?)(?:\s*+\[(?P<skill>[^\]\n]{{1,60}})\])?"

SAN_LOSS = re.compile(r"\b(?:sanity|san)\s*+loss\s*+[:=]?\s*+(?P<loss>none|(?:\d*\s*+[dD]\s*+)?\d+(?:\s*+[+\-]\s*+\d+)?\s*+/\s*+(?:\d*\s*+[dD]\s*+)?\d+(?:\s*+[+\-]\s*+\d+)?)"
                      r"(?:\s*+(?:to|for|on)\s++(?:see|seeing|witness|witnessing|encounter|meeting)[^.;\n]*)?", _I)
NO_VALUE = re.compile(r"\b(?:APP|EDU|SAN|INT|POW|MP|Luck|CHA|WP|BP|Will|Per|FP|HP)\b\s*+[:=]?\s*+(?:-+|n/a|none|nil)(?=[\s,;.]|$)", _I)
PER_ROUND = re.compile(r"\battacks?\s*+per\s*+round\s*+[:=]?\s*+(?P<n>\d+)(?:\s*+\([^)\n]*\))?", _I)
#: ``ARMOR: Kevlar vest (Armor 3)`` / ``Armour: heavy coat (1)``: the item first, the rating in brackets.
ARMOR_ITEM_FIRST = re.compile(r"\barmou?r\s*+:\s*+(?P<item>[A-Za-z][^()\n;:]{0,58}?)\s*+\(\s*+(?:armou?r\s*+)?(?P<n>\d+)"
                              r"(?:\s*+points?)?\s*+\)\.?", _I)
ARMOR = re.compile(r"\b(?:armou?r|DR)\b\s*+[:=]?\s*+(?:(?P<none>none)|(?P<n>\d+)(?:\s*+-?\s*+points?(?:\s*+of)?)?(?P<item>[^;\n]*))", _I)
ATTACK = re.compile(
    rf"{_NAME}\s++(?P<val>\d+)\s*+%?{_HALVES}\s*+[,:;]?\s*+(?:(?:damage|dmg)\.?\s*+[:=]?\s*+(?P<dmg>{DAMAGE})"
    r"(?:\s*+[,;]?\s*+(?:or\s++|and\s++)?lethality\s*+[:=]?\s*+(?P<leth2>\d+)\s*+%)?"
    r"|lethality\s*+[:=]?\s*+(?P<leth>\d+)\s*+%?)"
    # what a book adds after the damage: "Armor Piercing 3", "(burst)" — kept in the attack's notes
    r"(?P<extra>(?:\s*+,?\s*+(?:armou?r[ \-]*piercing\s*+\d+|\([^)\n]{1,30}\)))*)", _I)
#: GURPS damage types the sheet rolls as injury, and those that wound no HP (kept as notes).
GURPS_TYPES = r"pi\+\+|pi\+|pi-|pi|cr|cut|imp|burn|tox|cor|fat|aff|spec"
NO_INJURY = ("fat", "aff", "spec")
_GDMG = r"(?P<dmg>(?:\d+d|thr|sw)(?:\s*+[+\-]\s*+\d+)?)(?:\s*+\(\s*+(?P<div>\d+(?:\.\d+)?)\s*+\))?"
GURPS_ATTACK = re.compile(
    rf"{_NAME}\s*+\(\s*+(?P<val>\d+)\s*+\)\s*+[:,]?\s*+{_GDMG}\s*+(?P<type>{GURPS_TYPES})(?![\w+\-])", _I)
#: GURPS as some books list it: ``Broadsword-14 (2d+1 cut)``.
GURPS_ATTACK_DASH = re.compile(
    rf"{_NAME}\s*+-\s*+(?P<val>\d+)\s*+\(\s*+{_GDMG}\s*+(?P<type>{GURPS_TYPES})(?![\w+\-])\s*+\)", _I)
LANGUAGES = re.compile(r"\blanguages?\s*+:\s*+(?P<list>[^\n]*(?:\n(?![ \t]*\n)(?![^\n]*:)[^\n]*)*)", _I)
TRAITS = re.compile(r"\b(?P<label>advantages(?:\s*+/\s*+disadvantages)?|disadvantages|traits|quirks|perks|features)"
                    r"\s*+:\s*+(?P<list>[^\n]*(?:\n(?![ \t]*\n)(?![^\n]*:)[^\n]*)*)", _I)
GURPS_BASIC_DAMAGE = re.compile(r"\b(?:damage|dmg)\s*+[:=]?\s*+(?P<thr>\d+d(?:[+\-]\d+)?)\s*+/\s*+(?P<sw>\d+d(?:[+\-]\d+)?)"
                                r"(?![\w+\-])", _I)
GURPS_LIFT = re.compile(r"\b(?:BL|basic\s*+lift)\s*+[:=]?\s*+(?P<bl>\d+(?:\.\d+)?)\s*+(?:lbs?\.?|pounds)?", _I)
BONDS = re.compile(r"\bbonds?\s*+:\s*+(?P<list>[^\n]*)", _I)
SPELLS = re.compile(r"\b(?:spells|rituals)\s*+(?:known)?\s*+:\s*+(?P<list>[^\n]*(?:\n(?![ \t]*\n)(?![^\n]*:)[^\n]*)*)", _I)
DODGE = re.compile(rf"\bdodge\s*+[:=]?\s*+(?P<n>\d+)\s*+%?{_HALVES}", _I)
SKILLS = re.compile(r"\bskills?\b\s*+[:\-]?", _I)
END_OF_SKILLS = re.compile(r"\b(?:attacks?|combat|armou?r|sanity|san\s++loss|spells|traits|notes|weapons|"
                           r"powers|description|languages?|rituals|advantages|disadvantages|quirks|perks|features|dodge|parry|bonds?|"
                           r"block|DR)\b\s*+:", _I)
_ONE_SKILL = r"(?P<name>[A-Za-z][A-Za-z .'/()&\-]{0,60}?)\s*+(?:-|:)?\s*+(?P<val>\d+)\s*+%?" + _HALVES + r"(?:\s*+\[[^\]]*\])?"
SKILL_ITEM = re.compile(rf"^(?:{_ONE_SKILL.replace('?P<name>', '').replace('?P<val>', '')}\s*+)+\.?$")
ONE_SKILL = re.compile(_ONE_SKILL)
FRIGHT = re.compile(r"\bfright\s*+checks?\s*+(?:at\s*+)?(?P<mod>[+\-]\s*+\d+)(?:\s*+(?:on|at)\s++(?:sight|seeing)[^.;\n]*)?", _I)
LABEL_ONLY = re.compile(r"\b(?:combat|attacks?|weapons?|skills?|fighting|stats|characteristics|"
                        r"char\.?\s++rolls\s++averages?)\b\s*+:?", _I)


#: A characteristic's roll before its average, as creature blocks print them: ``STR (3D6+6)×5 82``.
ROLL = r"(?P<roll>\(?\s*+\d*\s*+[dD]\s*+\d+\s*+(?:[+\-]\s*+\d+\s*+)?\)?\s*+(?:[×xX\*]\s*+\d+)?)"


def _value(pattern: str, roll: bool = False) -> re.Pattern[str]:
    rolled = rf"(?:{ROLL}\s++)?" if roll else ""
    return re.compile(rf"\b(?:{pattern})\b\s*+[:=]?\s*+{rolled}(?P<v>[+\-]?\d+(?:\.\d+)?){_HALVES}", _I)


def _roll_expr(raw: str) -> str:
    """``(3D6+6)×5`` → ``(3d6+6)*5``, the dice expression ``npc add --vary`` rolls."""
    return "".join(raw.split()).lower().replace("×", "*").replace("x", "*")


_NUMBERS: dict[str, re.Pattern[str]] = {
    "STR": _value("STR", True), "CON": _value("CON", True), "SIZ": _value("SIZ", True), "DEX": _value("DEX", True),
    "APP": _value("APP", True), "INT": _value("INT", True), "POW": _value("POW", True), "EDU": _value("EDU", True),
    "CHA": _value("CHA", True), "ST": _value("ST"), "DX": _value("DX"), "IQ": _value("IQ"), "HT": _value("HT"),
    "HP": _value("HP|hit\\s*+points|hits"), "MP": _value("MP|magic\\s*+points"), "SAN": _value("SAN|sanity"),
    "Luck": _value("luck"), "WP": _value("WP|willpower"), "BP": _value("BP|breaking\\s*+point"),
    "Will": _value("will"), "Per": _value("per|perception"), "FP": _value("FP|fatigue\\s*+points"),
    "Build": _value("build"), "Move": _value("move|mov|basic\\s*+move"), "Speed": _value("basic\\s*+speed|speed"),
    "Parry": re.compile(rf"\bparry\s*+[:=]?\s*+(?P<v>\d+){_HALVES}(?:\s*+\([A-Za-z][^)\n]{{0,30}}\))?", _I),
    "Block": re.compile(rf"\bblock\s*+[:=]?\s*+(?P<v>\d+){_HALVES}(?:\s*+\([A-Za-z][^)\n]{{0,30}}\))?", _I),
    "Age": _value("age"),
}
DB = re.compile(r"\b(?:DB|damage\s*+bonus)\s*+[:=]?\s*+(?P<v>[+\-]?\s*+\d*\s*+[dD]\s*+\d+|[+\-]?\s*+\d+|none)", _I)
STAT_START = re.compile(rf"\b(?:STR|ST)\b\s*+[:=]?\s*+(?:{ROLL}\s++)?\d+", _I)

HANDGUN_WORDS = ("pistol", "revolver", "derringer", "handgun", "glock", "colt", "beretta", "luger", "webley",
                 "walther", "magnum", "automatic", "sig", "makarov", "tokarev", "browning")
RIFLE_WORDS = ("rifle", "carbine", "musket", "winchester", "remington", "springfield", "mauser", "enfield",
               "ak-47", "ar-15", "m16", "m4", "garand")
SHOTGUN_WORDS = ("shotgun", "gauge", "mossberg", "scattergun")
SMG_WORDS = ("smg", "thompson", "uzi", "mp5", "submachine", "tommy")
RANGED_WORDS = ("gun", "bow", "firearm", "crossbow") + HANDGUN_WORDS + RIFLE_WORDS + SHOTGUN_WORDS + SMG_WORDS


# --- splitting into blocks -------------------------------------------------------------

MAX_NAME_LINES = 3
#: A line that starts with a label is not a name.  The short labels (``DR``, ``HP``, ``Move``, ``Dodge``…)
#: only when a value follows (``DR 2``, ``Move: 8``): ``Dr. Helen Marsh`` and ``Move-Along Mike`` are names.
_LABEL_LINE = re.compile(r"(?i)^(?:(?:skills?|attacks?|combat|armou?r|sanity|san\s++loss|spells|traits|notes|weapons|"
                         r"languages?|rituals|powers|description)\b|"
                         r"(?:dodge|parry|block|hp|mp|db|move|dr)\b(?=\s*+[:=]?\s*+(?:[+\-−]?\s*+\d|\(|$)))")


_HEADER_LINE = re.compile(r"(?i)^\s*+(?:char(?:acteristics?|\.)?\s++rolls\s++averages?|characteristics|stats)\s*+:?\s*+$")


def _is_name_line(line: str) -> bool:
    s = line.strip()
    if not s or len(s) > 80 or STAT_START.search(s) or not re.search(r"[A-Za-z]", s):
        return False
    return not _LABEL_LINE.match(s)


def _continues_name(line: str) -> bool:
    """A line above a name line that is the start of the same name (a wrapped name or title)."""
    s = line.strip()
    return (_is_name_line(s) and len(s) <= 60 and not s.endswith((".", ":", "!", "?")) and "%" not in s
            and ":" not in s and not re.search(r"\d\s*+[dD]\s*+\d", s))


def split_blocks(text: str) -> list[tuple[str, str, int]]:
    """(name, body, line of the characteristics, 0-based) for each block; the name may be empty.

    The name is the run of name lines right above the characteristics (a wrapped name or
    title: ``Brother Ezekiel Thornwood, High Priest of the`` / ``Cult of the Yellow Sign``),
    at most three lines, none ending a sentence; a blank line ends it."""
    lines = text.split("\n")
    starts = [i for i, line in enumerate(lines) if STAT_START.search(line)]
    blocks: list[tuple[int, int, int]] = []  # (first name line or -1, name lines, stat line index)
    for i in starts:
        low = blocks[-1][2] if blocks else -1
        j = i - 1
        while j > low and (not lines[j].strip() or _HEADER_LINE.match(lines[j])):
            j -= 1  # blank lines and a table's header ("char. rolls averages") between name and numbers
        if j > low and _is_name_line(lines[j]):
            first = j
            k = j - 1
            while k > low and first - k < MAX_NAME_LINES and lines[k].strip() and _continues_name(lines[k]):
                first = k
                k -= 1
            blocks.append((first, j - first + 1, i))
        else:
            blocks.append((-1, 0, i))
    out: list[tuple[str, str, int]] = []
    for n, (first, count, stat_at) in enumerate(blocks):
        end = len(lines)
        if n + 1 < len(blocks):
            nxt = blocks[n + 1]
            end = nxt[0] if nxt[0] >= 0 else nxt[2]
        name = " ".join(line.strip() for line in lines[first:first + count] if line.strip()) if first >= 0 else ""
        body = "\n".join(lines[stat_at:end])
        if n == 0:  # text before the first block is not lost: it is reported with the first one
            body += "\n" + "\n".join(lines[: first if first >= 0 else stat_at])
        out.append((name, body, stat_at))
    return out


# --- one block --------------------------------------------------------------------------


def detect_system(body: str) -> str:
    if re.search(r"(?i)\b(SIZ|EDU|APP|build)\b", body):
        return "coc7"
    if re.search(r"(?i)\b(ST|DX|IQ|HT)\b\s*+[:=]?\s*+\d", body) and re.search(r"(?i)\bIQ\b\s*+[:=]?\s*+\d", body):
        return "gurps"
    if re.search(r"(?i)\b(CHA|WP|BP)\b\s*+[:=]?\s*+\d", body):
        return "fhtagn"
    m = re.search(r"(?i)\bSTR\b\s*+[:=]?\s*+(\d+)", body)
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


def attack_skill(system: str, name: str) -> str:
    """The skill an attack of this name uses when the block does not say (the reader's guess,
    which ``char export`` compares with the sheet's to know whether to write the skill)."""
    starter = {w.key: w for w in STARTER_WEAPONS[system]}
    key = name.casefold()
    base = starter.get(key)
    low = key.replace(" ", "")
    if base is not None:
        return base.skill
    words = re.findall(r"[a-z0-9\-]+", key)

    def has(group: tuple[str, ...]) -> bool:
        return any(w in words or (len(w) > 4 and w in low) for w in group)

    gun = ("smg" if has(SMG_WORDS) else "shotgun" if has(SHOTGUN_WORDS) else "rifle" if has(RIFLE_WORDS)
           else "handgun" if has(HANDGUN_WORDS) else "gun" if has(("gun", "firearm")) else "")
    if system == "coc7":
        if key.startswith(("fighting", "firearms", "throw")):
            return name
        coc = {"smg": "Firearms (Submachine Gun)", "shotgun": "Firearms (Rifle/Shotgun)",
               "rifle": "Firearms (Rifle/Shotgun)", "handgun": "Firearms (Handgun)"}
        return coc.get(gun, f"Firearms ({name})") if gun else f"Fighting ({name})"
    if system == "fhtagn" and gun:
        return "Heavy Weapons" if "machine gun" in key and "submachine" not in key else "Firearms"
    if system == "gurps" and gun:
        return {"smg": "Guns (SMG)", "shotgun": "Guns (Shotgun)", "rifle": "Guns (Rifle)",
                "handgun": "Guns (Pistol)"}.get(gun, name)
    return name


def _attack(system: str, name: str, damage: str, dtype: str = "", lethality: int = 0, skill: str = "",
            notes: str = "") -> tuple[Weapon, str]:
    """The attack and the skill it uses."""
    starter = {w.key: w for w in STARTER_WEAPONS[system]}
    key = name.casefold()
    base = starter.get(key)
    low = key.replace(" ", "")
    skill = skill or attack_skill(system, name)
    ranged = (base.kind in ("ranged", "thrown")) if base else (
        any(w in low for w in RANGED_WORDS) or key.startswith("firearms") or skill.casefold().startswith(
            ("firearms", "guns", "heavy weapons")))
    unarmed = key.startswith(("unarmed", "punch", "fist", "brawl", "kick", "head butt")) or "(brawl)" in key
    kind = base.kind if base else ("ranged" if ranged else "unarmed" if unarmed else "melee")
    w = Weapon(name=name, system=system, skill=skill, damage="".join(damage.split()).lower(), kind=kind,
               damage_type=dtype.casefold(), lethality=lethality,
               base_range=base.base_range if base else 0, magazine=base.magazine if base else 0,
               shots=base.shots if base else 1, action=base.action if base else "",
               impaling=base.impaling if base else False, malfunction=base.malfunction if base else 0,
               notes=notes)
    return w, skill


_SMALL_WORDS = frozenset(("of", "the", "and", "a", "an", "in", "on", "from", "under", "at", "to", "by", "for", "with",
                          "de", "du", "von", "van", "der"))


def _titled(name: str) -> str:
    """``CULTIST OF THE BLACK SUN`` → ``Cultist of the Black Sun`` (a name the book prints in capitals)."""
    words = name.title().split(" ")
    return " ".join(w.lower() if i and w.lower() in _SMALL_WORDS else w for i, w in enumerate(words))


def _split_name(line: str) -> tuple[str, str]:
    """``Harlan Pike, cult leader`` → (``Harlan Pike``, ``cult leader``); ``AGENT DANA WHITFIELD, FBI
    (rogue)`` → (``AGENT DANA WHITFIELD``, ``FBI (rogue)``): the title is kept whole, brackets and all;
    ``Professor Hale (compromised)`` → (``Professor Hale``, ``(compromised)``)."""
    s = " ".join(line.split()).strip(" :*#")
    comma = s.find(",")
    bracket = min((i for i in (s.find("("), s.find("[")) if i > 0), default=-1)
    if comma > 0 and (bracket < 0 or comma < bracket):
        return s[:comma].strip()[:MAX_NAME], s[comma + 1:].strip()
    if bracket > 0:
        return s[:bracket].strip()[:MAX_NAME], s[bracket:].strip()
    return s[:MAX_NAME], ""


# --- suspicious text -----------------------------------------------------------------------

_ALL_LABELS = r"STR|CON|SIZ|DEX|APP|INT|POW|EDU|CHA|ST|DX|IQ|HT|HP|MP|SAN|Luck|WP|BP|Will|Per|FP|Build|Move|MOV|Age|Dodge|Parry|Block"
#: A number with a letter in it that looks like a digit: O/o for 0, l/I for 1, S for 5 (not a lower-case
#: s: "in his 50s" is a decade).
_CONFUSED = re.compile(r"(?<![\w.+\-])(?=[0-9OolIS]{0,3}[0-9])(?=[0-9OolIS]{0,3}[OolIS])[0-9OolIS]{2,4}(?![\w])")
#: A characteristic's label followed by letters that all look like digits (``CON SO``, ``POW lO``).
_LETTERS_FOR_DIGITS = re.compile(rf"\b(?P<label>{_ALL_LABELS})\b\s*+[:=]?\s*+(?P<tok>[OolIS]{{2,3}})(?![\w])")
_DIGIT_FOR = {"O": "0", "o": "0", "l": "1", "I": "1", "S": "5"}


def _fixed(token: str) -> str:
    return "".join(_DIGIT_FOR.get(c, c) for c in token)


def check_confusions(text: str) -> None:
    """Refuse a letter where a digit belongs (``CON 6O``): the line, the token, what to write."""
    for number, line in enumerate(text.split("\n"), 1):
        bad = _CONFUSED.search(line) or _LETTERS_FOR_DIGITS.search(line)
        if bad is None:
            continue
        token = bad.group("tok") if "tok" in bad.re.groupindex else bad.group(0)
        letters = sorted({c for c in token if c in _DIGIT_FOR})
        which = ", ".join(f"{c!r} (a letter, not the digit {_DIGIT_FOR[c]})" for c in letters)
        raise StatBlockError(
            f"line {number}: {' '.join(line.split())[:80]!r}: the token {token!r} mixes letters into a number — "
            f"{which}. Text copied from a PDF often does this; correct it (probably {_fixed(token)!r}) and "
            f"import again. Nothing was imported")


def _out_of_range(name: str, line: int, what: str, problem: str) -> StatBlockError:
    return StatBlockError(f"{name}, line {line}: {what!r} — {problem}; correct the number in the text and import "
                          f"again. Nothing was imported")


# --- one block -----------------------------------------------------------------------------


def _items(text: str) -> list[str]:
    """``A, B; C and D.`` → the items (commas and semicolons; a last ``and``)."""
    flat = " ".join(text.split()).strip(" .")
    parts = [p.strip(" .") for p in re.split(r"[;,]", flat)]
    return [p for p in parts if p]


def _stated(sysname: str, stats: dict[str, int], given: dict[str, int], db_text: str) -> tuple[dict[str, int], list[str]]:
    """The book's Move/MOV, Build and DB: kept as stated (stats MOV/Build, GURPS Move) where the
    rules give another value, with a note."""
    keep: dict[str, int] = {}
    notes: list[str] = []
    if sysname == "coc7" and all(k in stats for k in ("STR", "DEX", "SIZ")):
        from fhtagn_tui.rules.coc.party import damage_bonus_and_build, damage_bonus_of_build, mov

        rule_db, rule_build = damage_bonus_and_build(stats["STR"], stats["SIZ"])
        rule_mov = mov(stats["STR"], stats["DEX"], stats["SIZ"], stats.get("Age", 25))
        if "Move" in given and given["Move"] != rule_mov:
            keep["MOV"] = given["Move"]
            notes.append(f"Move {given['Move']} as the book states (the rules give MOV {rule_mov})")
        build = given.get("Build", rule_build)
        if "Build" in given and given["Build"] != rule_build:
            keep["Build"] = given["Build"]
            notes.append(f"Build {given['Build']} as the book states (the rules give {rule_build}; "
                         f"the DB goes with it: {damage_bonus_of_build(given['Build'])})")
        if db_text:
            norm = db_text.upper().replace(" ", "")
            norm = "0" if norm in ("NONE", "+0", "-0") else norm
            want = damage_bonus_of_build(build)
            if norm != want and norm.lstrip("+") != want.lstrip("+"):
                if "Build" not in given:
                    found = next((b for b in range(-2, 40) if damage_bonus_of_build(b) == norm
                                  or damage_bonus_of_build(b) == "+" + norm.lstrip("+")), None)
                    if found is not None:
                        keep["Build"] = found
                        notes.append(f"DB {db_text} as the book states (the rules give {rule_db}; "
                                     f"kept as Build {found}, which goes with it)")
                        return keep, notes
                notes.append(f"DB {db_text} as the book states; the sheet rolls {want} "
                             f"(the DB that goes with Build {build})")
    if sysname == "gurps" and "Move" in given:
        from fhtagn_tui.rules.gurps.party import secondary

        try:
            rule_move = int(secondary({"ST": 10, "DX": 10, "IQ": 10, "HT": 10, **stats})["Basic Move"])
        except (KeyError, ValueError):
            return keep, notes
        if given["Move"] != rule_move:
            keep["Move"] = given["Move"]
            notes.append(f"Move {given['Move']} as the book states (Basic Speed gives {rule_move})")
    return keep, notes


def parse_block(name_line: str, body: str, system: str | None = None, line: int = 0) -> Block:
    """One block; ``line`` is the 0-based line of its characteristics in the whole text (for messages)."""
    sysname = system or detect_system(body)
    t = _Text(body)
    # a name in front of the characteristics on the same line: "Cultist STR 55 …"
    first = STAT_START.search(t.text)
    head = t.text[: first.start()] if first else ""
    if first is not None and head.strip() and "\n" not in head:
        name_line = name_line or head
        t.blank(0, first.start())
    name, description = _split_name(name_line) if name_line.strip() else ("", "")
    if name.isupper() and len(name) > 3:
        name = _titled(name)
    shown = name or "the block"

    def where(pos: int) -> int:
        return line + body.count("\n", 0, pos) + 1

    remarks: list[str] = []
    for m in t.take(FRIGHT):
        remarks.append(f"Fright Check {''.join(m.group('mod').split())}")

    san_loss = ""
    for m in t.take(SAN_LOSS):
        loss = "".join(m.group("loss").split()).lower()
        san_loss = "" if loss == "none" else loss
    per_round = 1
    for m in t.take(PER_ROUND):
        per_round = int(m.group("n"))
        if not 1 <= per_round <= 9:
            raise _out_of_range(shown, where(m.start()), " ".join(m.group(0).split()),
                                "attacks per round are 1–9")
    armor, armor_item = 0, ""
    for m in t.take(ARMOR_ITEM_FIRST):
        armor, armor_item = int(m.group("n")), " ".join(m.group("item").split())
        if armor > 99:
            raise _out_of_range(shown, where(m.start()), " ".join(m.group(0).split()), "armour is 0–99")
    for m in t.take(ARMOR):
        if m.group("n"):
            armor = int(m.group("n"))
            if armor > 99:
                raise _out_of_range(shown, where(m.start()), " ".join(m.group(0).split()), "armour is 0–99")
            armor_item = " ".join((m.group("item") or "").split()).strip(" ,.()")

    not_bonds: list[str] = []
    spells: list[str] = []
    for m in t.take(SPELLS):
        spells += [x for x in _items(m.group("list")) if x.casefold() not in ("none", "-")]
    languages: list[str] = []
    language_skills: dict[str, int] = {}
    for m in t.take(LANGUAGES):
        for item in _items(m.group("list")):
            pct = re.fullmatch(r"(?P<n>[A-Za-z][A-Za-z .'()\-]*?)\s*+(?P<v>\d+)\s*+%?" + _HALVES, item)
            if pct and sysname != "gurps":
                lang = pct.group("n").strip()
                inner = re.fullmatch(r"(?i)(?:foreign\s++)?language\s*+\((.+)\)", lang)
                lang = inner.group(1) if inner else lang
                family = {"coc7": "Language", "fhtagn": "Foreign Language"}[sysname]
                language_skills[f"{family} ({_cased(lang)})"] = int(pct.group("v"))
            else:
                languages.append(item)

    traits: list[str] = []
    for m in t.take(TRAITS):
        items = _items(m.group("list").replace(";", ","))
        if items:
            traits.append(f"{_cased(m.group('label').strip())}: {'; '.join(items)}")
    if sysname == "gurps":
        from fhtagn_tui.rules.weapons import gurps_st_damage

        st_text = re.search(r"(?i)\bST\b\s*+[:=]?\s*+(\d+)", t.text)
        st_value = int(st_text.group(1)) if st_text else 10
        for m in t.take(GURPS_BASIC_DAMAGE):
            rule = gurps_st_damage(st_value)
            if (m.group("thr").lower(), m.group("sw").lower()) != rule:
                traits.append(f"Damage {m.group('thr')}/{m.group('sw')} as the book states (ST {st_value} gives "
                              f"{rule[0]}/{rule[1]}; thr and sw attacks roll the rules')")
        for m in t.take(GURPS_LIFT):
            if round(float(m.group("bl"))) != round(st_value * st_value / 5):
                traits.append(f"Basic Lift {m.group('bl')} as the book states (ST {st_value} gives "
                              f"{st_value * st_value / 5:g})")
    bonds: list[Bond] = []
    for m in t.take(BONDS):
        for item in _items(m.group("list")):
            bond = re.fullmatch(r"(?P<n>.+?)\s*+[:(]?\s*+(?P<v>\d+)\s*+\)?", item)
            if bond is None or sysname != "fhtagn":  # bonds are FHTAGN's: elsewhere a note
                not_bonds.append(f"Bonds: {item}")
                continue
            if int(bond.group("v")) > 99:
                raise _out_of_range(shown, where(m.start()), item, "a bond's score is 0–99")
            bonds.append(Bond(bond.group("n").strip(), int(bond.group("v"))))

    skills: dict[str, int] = {}
    attacks: list[Weapon] = []
    not_injury: list[str] = []
    listed: list[tuple[str, str, int]] = []  # (the attack as printed, its skill, the value it gives)
    patterns = (GURPS_ATTACK, GURPS_ATTACK_DASH) if sysname == "gurps" else (ATTACK,)
    found: list[re.Match[str]] = []
    for pattern in patterns:
        found += t.take(pattern)
    for m in sorted(found, key=lambda x: x.start()):
        aname = _cased(_clean_name(m.group("name")))
        if not aname:
            continue
        value = int(m.group("val"))
        groups = m.groupdict()
        leth = int(groups.get("leth") or groups.get("leth2") or 0)
        if leth > 99:
            raise _out_of_range(shown, where(m.start()), " ".join(m.group(0).split()), "a lethality rating is 0–99%")
        problem = _skill_problem(sysname, value)
        if problem:
            raise _out_of_range(shown, where(m.start()), " ".join(m.group(0).split()), problem)
        dtype = (groups.get("type") or "").casefold()
        if dtype in NO_INJURY:
            not_injury.append(" ".join(m.group(0).split()))
            skills.setdefault((groups.get("skill") or "").strip() or aname, value)
            continue
        div = groups.get("div") or ""
        extra = " ".join((groups.get("extra") or "").replace(",", " ").split())
        extra = re.sub(r"(?i)armou?r[ \-]*piercing", "armour piercing", extra)
        notes = "; ".join(x for x in (f"armour divisor ({div})" if div else "", extra) if x)
        w, skill = _attack(sysname, aname, m.group("dmg") or "0", dtype, leth, (groups.get("skill") or "").strip(),
                           notes=notes)
        if any(a.key == w.key for a in attacks):
            continue
        attacks.append(w)
        skills.setdefault(skill, value)
        listed.append((" ".join(m.group(0).split()), skill, value))
    if per_round > 1 and attacks:
        attacks[0] = msgspec.structs.replace(attacks[0], per_round=per_round)
    for m in t.take(DODGE):
        skills["Dodge"] = int(m.group("n"))

    stats: dict[str, int] = {}
    pools: dict[str, int] = {}
    given: dict[str, int] = {}
    vary: dict[str, str] = {}
    for stat in STATS[sysname]:
        for m in t.take(_NUMBERS[stat])[:1]:
            stats[stat] = int(float(m.group("v")))
            if "roll" in m.re.groupindex and m.group("roll"):
                vary[stat] = _roll_expr(m.group("roll"))
            problem = check_stat(sysname, stat, stats[stat], "npc")
            if problem:
                raise _out_of_range(shown, where(m.start()), " ".join(m.group(0).split()), problem)
    given_keys = {"coc7": ("HP", "MP", "SAN", "Luck", "Build", "Move", "Age"),
                  "fhtagn": ("HP", "WP", "SAN", "BP"),
                  "gurps": ("HP", "FP", "Will", "Per", "Speed", "Move", "Parry", "Block")}[sysname]
    for key in given_keys:
        for m in t.take(_NUMBERS[key])[:1]:
            raw = float(m.group("v"))
            given[key] = int(raw)
            problem = _given_problem(sysname, key, raw)
            if problem:
                raise _out_of_range(shown, where(m.start()), " ".join(m.group(0).split()), problem)
    db_text = ""
    for m in t.take(DB)[:1]:
        db_text = " ".join(m.group("v").split())
    t.take(NO_VALUE)
    if sysname == "gurps":
        for key in ("HP", "FP", "Will", "Per"):
            if key in given:
                stats[key] = given[key]
        for key in ("Parry", "Block"):
            if key in given:
                skills[key] = given[key]
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
    if sysname == "coc7" and "Age" not in given:  # "JOHN HOLLIS, age 42, corrupt policeman"
        age = re.search(r"(?i)\bage[d]?\s*+:?\s*+(\d{1,3})\b|\b(\d{1,3})\s*+(?:years?\s*+old|yrs?\b)", description)
        if age:
            given["Age"] = stats["Age"] = int(age.group(1) or age.group(2))
            if not 1 <= given["Age"] <= 999:
                raise _out_of_range(shown, line, description, "an age is 1–999")
    keep, stated = _stated(sysname, stats, given, db_text)
    stats.update(keep)

    # the skills list: from "Skills:" to the next label, item by item (over several lines)
    for m in list(SKILLS.finditer(t.text))[:3]:
        start = m.end()
        stop = END_OF_SKILLS.search(t.text, start)
        end = stop.start() if stop else len(t.text)
        section = t.text[start:end]
        pos = start
        understood_to = m.end()
        for item in re.split(r"([,;]|\.\s|\n\s*+\n)", section):
            if item in (",", ";") or not item.strip() or re.fullmatch(r"\.\s|\n\s*+\n", item):
                pos += len(item)
                understood_to = pos
                continue
            flat = " ".join(item.split())
            if not SKILL_ITEM.match(flat):
                break
            for one in ONE_SKILL.finditer(flat):
                value = int(one.group("val"))
                problem = _skill_problem(sysname, value)
                if problem:
                    raise _out_of_range(shown, where(pos), " ".join(one.group(0).split()), problem)
                skills[_cased(one.group("name").strip())] = value
            pos += len(item)
            understood_to = pos
        t.blank(m.start(), understood_to)
    t.take(LABEL_ONLY)
    for k, v in language_skills.items():
        skills.setdefault(k, v)
    for printed, skill, value in listed:  # one skill, two values in the block: say which one the sheet rolls
        if skills.get(skill, value) != value:
            stated.append(f"{printed.split(',')[0].split(':')[0]}: the sheet rolls {skill} {skills[skill]}")

    unknown = t.leftovers()
    if not name:
        name = "Imported"
    if not stats:
        raise StatBlockError(f"{name}: no characteristics could be read")
    notes_parts = ([description] if description else []) + remarks + stated + traits
    if languages:
        notes_parts.append("Languages: " + ", ".join(languages))
    if spells and sysname != "coc7":
        notes_parts.append("Spells: " + ", ".join(spells))
    notes_parts += not_bonds
    if not_injury:
        notes_parts.append("Attacks that wound no HP: " + " | ".join(not_injury))
    if unknown:
        notes_parts.append("Not understood on import: " + " | ".join(unknown))
    kind = "monster" if san_loss or any(r.startswith("Fright") for r in remarks) else "npc"
    if sysname == "gurps" and spells:  # GURPS spells are IQ-based skills: "Spell (Deathvision)"
        for sp in spells:
            lvl = re.fullmatch(r"(?P<n>.+?)\s*+-\s*+(?P<v>\d+)", sp)
            if lvl:
                skills.setdefault(f"Spell ({lvl.group('n').strip()})", int(lvl.group("v")))
    entry = Entry(name=name, system=sysname, kind=kind, stats=stats, vary=vary, skills=skills, attacks=tuple(attacks),
                  armor=armor, armor_item=armor_item[:60], san_loss=san_loss, pools=pools,
                  notes="\n".join(notes_parts), spells=tuple(spells) if sysname == "coc7" else (),
                  bonds=tuple(bonds))
    return Block(entry=entry, unknown=unknown, remarks=remarks, stated=stated, languages=languages, line=line + 1,
                 traits=traits)


def _skill_problem(system: str, value: int) -> str | None:
    if system == "gurps":
        return None if 0 <= value <= 40 else f"a GURPS skill or attack level of {value} is out of range (0–40)"
    return None if 0 <= value <= 400 else f"a skill or attack of {value}% is out of range (0–400%)"


_GIVEN = {"HP": (0, 999), "MP": (0, 999), "SAN": (0, 99), "Luck": (0, 99), "Build": (-2, 99), "Move": (0, 99),
          "Age": (1, 999), "WP": (0, 99), "BP": (0, 99), "FP": (0, 300), "Will": (1, 30), "Per": (1, 30),
          "Speed": (0, 40), "Parry": (0, 40), "Block": (0, 40)}


def _given_problem(system: str, key: str, value: float) -> str | None:
    low, high = _GIVEN[key]
    if system == "gurps" and key == "HP":
        high = 300
    if not low <= value <= high:
        return f"{key} {value:g} is out of range ({low}–{high})"
    return None


def parse(text: str, system: str | None = None) -> list[Block]:
    """Every stat block in ``text``; :class:`StatBlockError` when there is none, or when a number
    is suspicious (a letter for a digit) or out of range — the message names the line."""
    if len(text) > MAX_TEXT:
        raise StatBlockError(f"the text is larger than {MAX_TEXT // 1000} kB: is this a stat-block file?")
    cleaned = clean(text)
    blocks = split_blocks(cleaned)
    if not blocks:
        raise StatBlockError(
            "no stat block found: expected characteristics such as 'STR 75 CON 60 SIZ 80 …' (Call of Cthulhu), "
            "'STR 12 CON 11 … CHA 9' (FHTAGN) or 'ST 12 DX 11 IQ 10 HT 11' (GURPS)"
        )
    check_confusions(cleaned)
    if len(blocks) > MAX_BLOCKS:
        raise StatBlockError(f"{len(blocks)} stat blocks in one text: one import brings at most {MAX_BLOCKS}")
    parsed = [parse_block(name, body, system, line) for name, body, line in blocks]
    if sum(1 for name, _body, _line in blocks if not name) > 1:  # several without a name line: told apart by line
        for (name, _body, _line), block in zip(blocks, parsed, strict=True):
            if not name:
                block.entry = msgspec.structs.replace(block.entry, name=f"Imported (line {block.line})")
    return parsed


__all__ = ["Block", "DAMAGE", "LABELS", "StatBlockError", "attack_skill", "check_confusions", "clean",
           "detect_system", "parse", "parse_block", "split_blocks"]
