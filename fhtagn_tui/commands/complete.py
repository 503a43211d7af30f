"""Completion of a command line (Tab, and the suggestion shown as you type): pure.

What completes depends on where the cursor word is, read from the command's usage line:

* the command words (``te`` → ``test``, ``char n`` → ``char new``);
* a character's name where the usage has NAME, ATTACKER, TARGET, HEALER …;
* the skills of the named character (and its characteristics) where it has SKILL or
  ``skill=``/``vs=``; weapons for ``weapon=``/``with=``; tables, templates, tomes, spells,
  bonds and chase participants where the usage names them;
* option names (``mod=``, ``weapon=``), flags (``--aim``) and the listed values of an
  option (``difficulty=regular|hard|extreme``).

A name matches by the start of any of its words, case and accents ignored
(``elias`` → ``"Dr. Elias Crane"``); the inline suggestion only extends what is typed.
"""

from __future__ import annotations

import re

import msgspec

from fhtagn_tui.domain.skills import readable_names, skill_list
from fhtagn_tui.domain.state import State
from fhtagn_tui.domain.systems import SHEETS
from fhtagn_tui.rules.names import fold, matches, suggest
from fhtagn_tui.rules.quoting import quote
from fhtagn_tui.rules.weapons import weapons_for

from .language import _ALIASES, SPECS, load_all, spec_key


class Completion(msgspec.Struct, frozen=True):
    line: str  # the line after Tab: the word completed, or extended as far as the candidates agree
    candidates: tuple[str, ...] = ()  # what fits the word being typed
    suggestion: str = ""  # the whole line the inline suggestion shows ("" for none); starts with the text


CHARACTER_WORDS = {"NAME", "ATTACKER", "TARGET", "SHOOTER", "HEALER", "PATIENT", "AGENT", "OPPONENT",
                   "PINNER", "CHARACTER", "PURSUER", "NAME|ALL", "TARGET:BULLETS"}
#: Commands whose NAME is new, not an existing character.
NEW_NAMES = {"char new", "template add", "spell add", "tome add", "weapon add", "chase add", "session start",
             "chase new", "fight start", "note", "lookup", "help", "roll"}
CHARACTER_OPTIONS = {"driver", "passenger", "passengers", "by", "agent", "from", "allies", "hold"}
SKILL_OPTIONS = {"skill", "vs", "notice"}
WEAPON_OPTIONS = {"weapon", "with"}
BOND_OPTIONS = {"contact", "bond", "project", "repress"}

_OPTION = re.compile(r"(?<![\w-])([a-z][\w-]*)=([^\s\]]*)")
_FLAG = re.compile(r"--[a-z][\w-]*")


class _Usage(msgspec.Struct):
    positional: list[str]
    options: dict[str, list[str]]  # key -> listed values
    flags: list[str]
    words: list[str]  # bare lower-case words (push, mythos, reroll …)
    repeats: bool = False  # the last placeholder may be given again: "NAME [NAME …]"


def _usage(words: str, usage: str) -> _Usage:
    rest = usage[len(words):] if usage.startswith(words) else usage
    rest = rest.split("   or   ")[0]
    options: dict[str, list[str]] = {}
    for key, values in _OPTION.findall(rest):
        listed = [v for v in values.split("|") if v and v.islower() and "…" not in v and "." not in v]
        options.setdefault(key, [])
        options[key] += [v for v in listed if v not in options[key]]
    flags = _FLAG.findall(rest)
    positional: list[str] = []
    bare: list[str] = []
    for token in re.sub(r"[\[\]]", " ", rest).split():
        if "=" in token or token.startswith("--") or token in ("…", "...", "[…]"):
            continue
        parts = token.split("|")
        if any(p.isupper() or (p[:1].isupper() and ":" in p) for p in parts):
            positional.append(token.upper())
        else:
            bare += [p for p in parts if p.isalpha() and p.islower()]
    repeats = bool(positional) and bool(re.search(rf"{re.escape(positional[-1])}\s*(…|\.\.\.)", rest, re.IGNORECASE))
    return _Usage(positional, options, flags, bare, repeats)


def _split(text: str) -> tuple[list[str], str, int]:
    """(finished words, the word being typed, where it starts); quotes keep spaces."""
    words: list[str] = []
    current = ""
    start = 0
    quote = ""
    in_word = False
    for i, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = ""
            else:
                current += ch
        elif ch in "\"'":
            quote = ch
            if not in_word:
                start, in_word = i, True
        elif ch.isspace():
            if in_word:
                words.append(current)
                current, in_word = "", False
        else:
            if not in_word:
                start, in_word = i, True
            current += ch
    if not in_word:
        start = len(text)
    return words, current, start






def _characters(state: State) -> list[str]:
    return [c.name for c in state.characters.values()]


def _named(state: State, args: list[str]) -> str | None:
    """The character named by the first argument, if it names one."""
    if not args:
        return None
    char = state.character(args[0])
    if char is not None:
        return char.id
    found = matches(args[0], [c.name for c in state.characters.values()])
    if len(found) == 1:
        return next(c.id for c in state.characters.values() if c.name == found[0])
    return None


def _skills(state: State, args: list[str]) -> list[str]:
    cid = _named(state, args)
    if cid is None or not state.system:
        return []
    char = state.characters[cid]
    stats = [s.name for s in SHEETS[state.system].stats]
    return readable_names(state.system, char) + stats


def _weapons(state: State) -> list[str]:
    if not state.system:
        return []
    return [w.name for w in weapons_for(state.system, state.armory).values()]


def _for_placeholder(state: State, words: str, placeholder: str, args: list[str]) -> list[str]:
    if words == "help":
        return sorted(SPECS)
    if words in NEW_NAMES and placeholder in ("NAME", "TITLE", "TEXT", "WORDS", "COMMAND", "EXPR"):
        return []
    if placeholder in CHARACTER_WORDS or placeholder.startswith("NAME") or placeholder == "VEHICLE":
        if words.startswith("template") and placeholder == "NAME":
            return [t.name for t in state.templates.values()]
        if words.startswith("chase") and state.chases:
            people = [p.name for c in state.chases for p in c.participants]
            return list(dict.fromkeys(people + _characters(state)))
        return _characters(state)
    if "SKILL" in placeholder:
        return _skills(state, args)
    if placeholder == "TABLE":
        from fhtagn_tui.reference import load_rollables, load_tables  # noqa: PLC0415 - only when asked

        return sorted(load_rollables()) if words == "table roll" else sorted(load_tables())
    if placeholder == "BOND":
        return _bonds(state, args)
    if placeholder == "CONDITION" and words == "cond remove":
        cid = _named(state, args)
        return list(state.characters[cid].conditions) if cid else []
    if placeholder == "SPELL":
        return [sp.name for sp in state.coc_lore.spells.values()]
    if placeholder == "TOME":
        return [t.name for t in state.coc_lore.tomes.values()]
    return []


def _sheet_names(state: State, words: str, args: list[str]) -> list[str]:
    """The characteristics and skills ``char new``/``char set`` may write."""
    if not state.system:
        return []
    sheet = SHEETS[state.system]
    stats = [s.name for s in sheet.stats + sheet.optional]
    cid = _named(state, args) if words == "char set" else None
    if cid is not None:
        return stats + readable_names(state.system, state.characters[cid])
    return stats + list(skill_list(state.system).names())


def _bonds(state: State, args: list[str]) -> list[str]:
    cid = _named(state, args)
    return [b.name for b in state.characters[cid].bonds] if cid else []


def _option_values(state: State, key: str, usage: _Usage, args: list[str]) -> list[str]:
    k = key.casefold()
    if usage.options.get(key):  # the usage lists its values: escape … with=str|unarmed
        return list(usage.options[key])
    if k in WEAPON_OPTIONS:
        return _weapons(state)
    if k in SKILL_OPTIONS:
        return _skills(state, args)
    if k in CHARACTER_OPTIONS:
        return _characters(state)
    if k in BOND_OPTIONS:
        return _bonds(state, args)
    return list(usage.options.get(key, []))


def _fits(partial: str, candidates: list[str], loose: bool) -> list[str]:
    """Candidates starting with the partial word (case and accents ignored); with ``loose``,
    else those the name resolver finds (the start of any word, then a piece)."""
    unique = list(dict.fromkeys(candidates))
    if not partial:
        return unique
    p = fold(partial)
    starts = [c for c in unique if fold(c).startswith(p)]
    if starts or not loose:
        return starts
    return matches(partial, unique)


def _common(partial: str, candidates: list[str]) -> str:
    """The longest start all candidates share (at least the partial), in the first one's spelling."""
    first = candidates[0]
    n = len(first)
    for other in candidates[1:]:
        n = min(n, len(other))
        for i in range(n):
            if first[i].casefold() != other[i].casefold():
                n = i
                break
    return first[:n] if n >= len(partial) and fold(first[:n]).startswith(fold(partial)) else partial


def complete(text: str, state: State) -> Completion:
    """What Tab does to ``text`` and what fits the word being typed (see the module's doc)."""
    load_all()
    lead = text[: len(text) - len(text.lstrip())]
    body = text[len(lead):]
    colon = ""
    if body.startswith(":"):
        colon, body = ":", body[1:]
    words, partial, start = _split(body)
    prefix = lead + colon + body[:start]
    found = spec_key(words)
    value_prefix = ""
    close = " "
    if found is None or (found[1] == len(words) and not words[found[1]:] and _has_longer(words)):
        # the command's words
        typed = [w.casefold() for w in words]

        def following(names: list[str]) -> list[str]:
            return sorted({n.split()[len(typed)] for n in names
                           if n.split()[: len(typed)] == typed and len(n.split()) > len(typed)})

        nxt = following(list(SPECS))
        candidates = _fits(partial, nxt, loose=False)
        if not candidates and partial:  # an alias (char create, char rm …) when no command word fits
            nxt = following(list(SPECS) + list(_ALIASES))
            candidates = _fits(partial, nxt, loose=False)
        if not candidates and partial and found is None:  # a typo: the nearest words ("tset" → "test")
            candidates = suggest(partial, sorted(set(nxt)))
        if found is not None:
            candidates += _argument_candidates(state, found[0], words[found[1]:], partial)[0]
    else:
        spec_words, used = found
        candidates, value_prefix, close = _argument_candidates(state, spec_words, words[used:], partial)
    return _result(text, prefix, partial, value_prefix, candidates, close)


def _has_longer(words: list[str]) -> bool:
    typed = " ".join(w.casefold() for w in words)
    return any(n.startswith(typed + " ") for n in list(SPECS) + list(_ALIASES))


def _argument_candidates(state: State, spec_words: str, args: list[str], partial: str) -> tuple[list[str], str, str]:
    """(candidates, the part of the word kept before them — ``weapon=`` —, what follows one)."""
    spec = SPECS[spec_words]
    if spec.raw_text:
        return [], "", " "
    usage = _usage(spec.words, spec.usage)
    positional = [a for a in args if "=" not in a and not a.startswith("--")]
    if "=" in partial:
        key, _, value = partial.partition("=")
        values = _option_values(state, key, usage, positional)
        return [f"{key}={v}" for v in _fits(value, values, loose=True)], "", " "
    if partial.startswith("-"):
        return _fits(partial, usage.flags, loose=False), "", " "
    out: list[str] = []
    index = len(positional)
    if index >= len(usage.positional) and usage.repeats:
        index = len(usage.positional) - 1
    if index < len(usage.positional):
        out += _fits(partial, _for_placeholder(state, spec_words, usage.positional[index], positional), loose=True)
    if spec_words in ("char new", "char set", "template add") and positional:  # Skill=N, STAT=N
        out += [f"{n}=" for n in _fits(partial, _sheet_names(state, spec_words, positional), loose=True)]
    given = {a.split("=", 1)[0].casefold() for a in args if "=" in a}
    keys = [f"{k}=" for k in usage.options if k.casefold() not in given and k.upper() != k]
    if spec.dice and "roll" not in given:
        keys.append("roll=")
    if partial or index >= len(usage.positional):
        out += _fits(partial, keys + usage.words + usage.flags, loose=False)
    return out, "", " "


def _result(text: str, prefix: str, partial: str, value_prefix: str, candidates: list[str], close: str) -> Completion:
    candidates = list(dict.fromkeys(candidates))
    if not candidates:
        return Completion(line=text)

    def placed(word: str) -> str:
        if word.endswith("="):
            return quote(word[:-1]) + "="
        if "=" in word:
            key, _, value = word.partition("=")
            return f"{key}={quote(value)}"
        return quote(word)

    if len(candidates) == 1:
        word = candidates[0]
        line = prefix + placed(word) + ("" if word.endswith("=") else close)
    else:
        shared = _common(partial, candidates)
        line = prefix + shared if len(shared) > len(partial) and '"' not in placed(shared) else text
    suggestion = ""
    typed = text[len(prefix):]
    for word in candidates:
        shown = placed(word)
        if shown.casefold().startswith(typed.casefold()) and len(shown) > len(typed):
            suggestion = text + shown[len(typed):]
            break
    return Completion(line=line, candidates=tuple(candidates), suggestion=suggestion)


__all__ = ["Completion", "complete"]
