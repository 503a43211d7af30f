"""A :class:`~fhtagn_tui.export.recap.Recap` as Markdown (every piece of log text escaped)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from operator import attrgetter, itemgetter

from .moments import KINDS
from .recap import Group, Moment, Recap, SessionRecap, Summary

__all__ = ["md_escape", "md_escape_all", "iter_markdown", "to_markdown", "when", "glance", "fight_heading",
           "moments_by_kind"]

_SPECIAL = re.compile(r"([\\`*_\[\]<>|~])")
_LEADING = re.compile(r"^(\s*)([#+\-=])")
_NUMBERED = re.compile(r"^(\s*\d+)\.")


#: The characters ``_SPECIAL`` finds, each given a backslash by one ``str.replace`` when there
#: (much faster than ``str.translate`` or ``re.sub`` on a log's texts).
_ESCAPED = "\\`*_[]<>|~"
_MARKUP = re.compile(r"[\\`*_\[\]<>|~\r\n]|^\s*(?:[#+\-=]|\d+\.)")


def md_escape(text: str) -> str:
    """Text that Markdown shows as written: no emphasis, links, tags or table breaks."""
    if _MARKUP.search(text) is None:
        return text  # nothing Markdown could read as markup (most of a log)
    out = text.replace("\r", " ").replace("\n", " ")
    for char in _ESCAPED:  # the backslash first: the ones added after it stay single
        if char in out:
            out = out.replace(char, "\\" + char)
    first = out[:1]
    if not first or not (first.isspace() or first in "#+-=" or first.isdigit()):
        return out  # no line-start markup possible (a bracket or a star inside the text)
    return _escape_start(out)


def _escape_start(text: str) -> str:
    """The line-start markup of ``text`` (a heading, a list item) escaped."""
    out = _LEADING.sub(lambda m: m.group(1) + "\\" + m.group(2), text)
    return _NUMBERED.sub(lambda m: m.group(1) + "\\.", out)


#: Where a text joined by :func:`md_escape_all` may begin with line-start markup (a superset).
_MAY_START = re.compile(r"\x00[\s#+\-=\d]")


def md_escape_all(texts: list[str]) -> list[str]:
    """``[md_escape(t) for t in texts]``, the texts escaped together: joined by a NUL (a character
    no text of a log holds), each replacement made once over the whole, then split again — a few
    passes in C instead of Python work for every text."""
    if not texts:
        return []
    joined = "\x00".join(texts)
    if joined.count("\x00") != len(texts) - 1:  # a text holding the separator: one at a time
        return [md_escape(t) for t in texts]
    out = joined
    for char, by in _SPACED:
        if char in out:
            out = out.replace(char, by)
    for char in _ESCAPED:  # the backslash first: the ones added after it stay single
        if char in out:
            out = out.replace(char, "\\" + char)
    parts = out.split("\x00")
    if _MAY_START.search("\x00" + out) is not None:  # rare: a text that begins with a space, #, +, -, = or a digit
        for i, part in enumerate(parts):
            first = part[:1]
            if first and (first.isspace() or first in "#+-=" or first.isdigit()):
                parts[i] = _escape_start(part)
    return parts


_SPACED = (("\r", " "), ("\n", " "))

#: Texts escaped together at a time (a bound on the copies made of them).
BATCH = 2048


def plain(groups: list[Group]) -> bool:
    """Whether each of ``groups`` is one line, neither secret nor taken back, out of a fight (told
    as its line alone).  (Each question asked of the whole batch at once, in C.)"""
    if any(map(_ROUND, groups)) or any(map(_UNDONE, groups)):
        return False
    lines = list(map(_LINES, groups))
    return list(map(len, lines)).count(1) == len(lines) and not any(map(_SECRET, map(_FIRST, lines)))


_ROUND, _UNDONE, _LINES, _SECRET = attrgetter("round"), attrgetter("undone"), attrgetter("lines"), attrgetter("secret")
_FIRST = itemgetter(0)


def escaped_groups(groups: list[Group], escape_all: Callable[[list[str]], list[str]]) -> Iterator[tuple[list[Group], Iterator[str]]]:
    """``groups`` ``BATCH`` at a time, each batch with its lines' texts escaped by ``escape_all``
    (an iterator over them, in order)."""
    for start in range(0, len(groups), BATCH):
        part = groups[start : start + BATCH]
        yield part, iter(escape_all([line.text for g in part for line in g.lines]))


def when(ts: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(ts)) if ts else ""


def glance(rec: SessionRecap) -> str:
    """One line: actions, rolls, criticals, fumbles, requisitions, fights, chases."""
    c = rec.counts
    parts = [f"{len(rec.groups)} action" + ("" if len(rec.groups) == 1 else "s")]
    if c.get("rolls"):
        extra = [f"{c[k]} {k[:-1] if c[k] == 1 else k}" for k in ("criticals", "fumbles") if c.get(k)]
        parts.append(f"{c['rolls']} roll" + ("" if c["rolls"] == 1 else "s") + (f" ({', '.join(extra)})" if extra else ""))
    for key in ("requisitions", "fights", "chases", "notes"):
        if c.get(key):
            parts.append(f"{c[key]} {key[:-1] if c[key] == 1 else key}")
    return " · ".join(parts)


def fight_heading(group: Group) -> str:
    return "Fight" + (f": {group.fight}" if group.fight else "") + f" — round {group.round}"


def _group(n: int, g: Group, escaped: Iterator[str] | None = None) -> list[str]:
    """The group's lines; ``escaped``: its texts already escaped, in order (else escaped here)."""
    if escaped is None:
        escaped = iter(md_escape_all([line.text for line in g.lines]))
    lines = g.lines
    first = lines[0]
    head = next(escaped)
    if g.undone:
        head = f"~~{head}~~ *(taken back)*"
    if first.secret:
        head += " *(secret)*"
    item = f"{n}. "
    out = [item + head]
    if len(lines) > 1:
        indent = " " * len(item)  # a sub-item starts under its item's text (4 spaces under "10. ")
        for line in lines[1:]:
            words = next(escaped) + (" *(secret)*" if line.secret and not first.secret else "")
            out.append(f"{indent}- {words}")
    return out


def moments_by_kind(moments: list[Moment]) -> list[Moment]:
    """A session's key moments, the gravest kind first, in the order they happened within a kind."""
    order = list(KINDS)
    return sorted(moments, key=lambda m: (order.index(m.kind), m.seq))


def _moments(moments: list[Moment]) -> list[str]:
    if not moments:
        return []
    out = ["### Key moments", ""]
    for m in moments_by_kind(moments):
        secret = " *(secret)*" if m.secret else ""
        out.append(f"- **{m.heading}:** {md_escape(m.told)} (#{m.seq}){secret}")
    return out + [""]


def _summary_table(summaries: list[Summary]) -> list[str]:
    labels: list[str] = []
    for s in summaries:
        for m in s.moves:
            if m.label not in labels:
                labels.append(m.label)
    if not summaries:
        return []
    status = any(s.status for s in summaries)  # a column for how they ended, when one ended gravely
    out = ["| " + " | ".join(["Who", *(["Status"] if status else []), "Actions", *labels]) + " |",
           "|---|" + ("---|" if status else "") + "---:|" + "---|" * len(labels)]
    for s in summaries:
        if s.hidden:
            cells = ["*not shown*"] * len(labels)
        else:
            moves = {m.label: m.text for m in s.moves}
            cells = [md_escape(moves.get(label, "–")) for label in labels]
        told = f" **{md_escape(s.status)}** |" if s.status else " – |" if status else ""
        out.append(f"| **{md_escape(s.name)}** |{told} {s.actions} |" + "".join(f" {c} |" for c in cells))
    return out


def _session(rec: SessionRecap) -> list[str]:
    out = [f"## {md_escape(rec.heading)}", ""]
    meta = []
    if rec.started_ts:
        meta.append(f"started {when(rec.started_ts)}")
    if rec.number and rec.open:
        meta.append("still open")
    meta.append(glance(rec))
    out += ["*" + " · ".join(meta) + "*", ""]
    out += _moments(rec.moments)
    actors: dict[str, int] = {}
    for g in rec.groups:
        if g.actor and not g.undone:
            actors[g.actor] = actors.get(g.actor, 0) + 1
    if actors:
        out += ["### Who acted", ""]
        out += [f"- **{md_escape(name)}** — {n} action" + ("" if n == 1 else "s") for name, n in actors.items()]
        out.append("")
    out += ["### What happened", ""]
    if not rec.groups:
        out += ["*Nothing was recorded.*", ""]
    fight = (0, "")
    n = 0
    for part, texts in escaped_groups(rec.groups, md_escape_all):
        if not fight[0] and plain(part):  # (most batches: a line each, out of a fight)
            out += [f"{i}. {text}" for i, text in enumerate(texts, n + 1)]
            n += len(part)
            continue
        for g in part:
            if g.round:
                key = (g.round, g.fight)
                if key != fight:
                    out += ["", f"#### {md_escape(fight_heading(g))}", ""]
                    n = 0
                    fight = key
            elif fight[0]:
                out += ["", "#### After the fight", ""]
                n = 0
                fight = (0, "")
            n += 1
            lines = g.lines
            if len(lines) == 1 and not g.undone and not lines[0].secret:  # most groups: one plain line
                out.append(f"{n}. {next(texts)}")
            else:
                out += _group(n, g, texts)
    out.append("")
    if rec.summaries:
        out += ["### How everyone fared", ""] + _summary_table(rec.summaries) + [""]
        for s in rec.summaries:
            if s.hidden or not s.changes:
                continue
            out.append(f"**{md_escape(s.name)}**")
            out.append("")
            labels = md_escape_all([label for _seq, label, _words in s.changes])
            told = md_escape_all([words for _seq, _label, words in s.changes])
            out += [f"- #{c[0]} {label}: {words}" for c, label, words in zip(s.changes, labels, told, strict=True)]
            out.append("")
    return out


def iter_markdown(recap: Recap) -> Iterator[str]:
    """The Markdown recap a session at a time (write each piece as it comes)."""
    title = recap.title or recap.name
    out = [f"# {md_escape(title)} — recap", ""]
    edition = " · players' edition (GM secrets and hidden stats left out)" if recap.players else ""
    out += [f"*{md_escape(recap.system_label)} campaign “{md_escape(recap.name)}” · {recap.events} events{edition}*", ""]
    if not recap.sessions:
        out += ["*Nothing to tell: no events in this range.*", ""]
    # the document is every line followed by a newline, but for the blank lines at its end: blank
    # lines at the end of a piece are held back until words follow them
    held = 0
    wrote = False
    for piece in (out, *(_session(rec) for rec in recap.sessions)):
        last = len(piece)
        while last and not piece[last - 1]:
            last -= 1
        if not last:
            held += len(piece)
            continue
        for start in range(0, last, 4096):  # a few thousand lines at a time, not a whole session
            text = "\n".join(piece[start : min(start + 4096, last)]) + "\n"
            if held:
                text = "\n" * held + text
                held = 0
            wrote = True
            yield text
        held = len(piece) - last
    if not wrote:
        yield "\n"


def to_markdown(recap: Recap) -> str:
    return "".join(iter_markdown(recap))
