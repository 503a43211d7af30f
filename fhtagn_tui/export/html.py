"""A :class:`~fhtagn_tui.export.recap.Recap` as one standalone HTML page (inline CSS, all text escaped)."""

from __future__ import annotations

from collections.abc import Iterator
from html import escape

from .markdown import escaped_groups, fight_heading, glance, moments_by_kind, plain, when
from .recap import Group, Recap, SessionRecap, Summary

__all__ = ["iter_html", "to_html", "STYLE"]

STYLE = """
body { font-family: Georgia, 'Times New Roman', serif; max-width: 52rem; margin: 2rem auto; padding: 0 1rem;
       color: #222; background: #fbf8f1; line-height: 1.45; }
h1 { border-bottom: 2px solid #5b2333; padding-bottom: .3rem; }
h2 { color: #5b2333; margin-top: 2.2rem; border-bottom: 1px solid #d8cfc0; }
h3 { margin-bottom: .3rem; }
h4 { color: #444; font-style: italic; margin: 1rem 0 .3rem; }
.meta { color: #666; font-style: italic; }
ol { padding-left: 2rem; }
li { margin: .15rem 0; }
ul.more { margin: 0; padding-left: 1.2rem; list-style: circle; color: #444; }
.undone { text-decoration: line-through; color: #888; }
.tag { font-size: .8em; color: #7a5c00; font-style: italic; }
.secret { color: #6a1b9a; }
table { border-collapse: collapse; margin: .5rem 0 1rem; }
th, td { border: 1px solid #d8cfc0; padding: .2rem .6rem; text-align: left; }
th { background: #efe7d8; }
td.n { text-align: right; }
.hidden { color: #999; font-style: italic; }
ul.moments { padding-left: 1.2rem; }
.moment { font-weight: bold; color: #5b2333; }
.status { font-weight: bold; color: #5b2333; }
.seq { color: #888; }
"""


def _e(text: object) -> str:
    return escape(str(text), quote=True)


#: What ``html.escape(…, quote=True)`` replaces, in its order (the ampersand first).
_ENTITIES = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"), ("'", "&#x27;"))


def escape_all(texts: list[str]) -> list[str]:
    """``[_e(t) for t in texts]``, the texts escaped together: joined by a NUL (a character no text
    of a log holds), each replacement made once over the whole, then split again."""
    if not texts:
        return []
    joined = "\x00".join(texts)
    if joined.count("\x00") != len(texts) - 1:  # a text holding the separator: one at a time
        return [_e(t) for t in texts]
    for char, entity in _ENTITIES:
        if char in joined:
            joined = joined.replace(char, entity)
    return joined.split("\x00")


def _group(g: Group, escaped: Iterator[str] | None = None) -> list[str]:
    """The group's lines; ``escaped``: its texts already escaped, in order (else escaped here)."""
    if escaped is None:
        escaped = iter(escape_all([line.text for line in g.lines]))
    first, rest = g.lines[0], g.lines[1:]
    text = next(escaped)
    if g.undone or first.secret:
        cls = "undone secret" if g.undone and first.secret else "undone" if g.undone else "secret"
        head = f'<span class="{cls}">{text}</span>'
    else:
        head = text
    if g.undone:
        head += ' <span class="tag">(taken back)</span>'
    if first.secret:
        head += ' <span class="tag">(secret)</span>'
    out = ["<li>" + head]
    if rest:
        out.append('<ul class="more">')
        for line in rest:
            tag = ' <span class="tag">(secret)</span>' if line.secret and not first.secret else ""
            out.append(f"<li>{next(escaped)}{tag}</li>")
        out.append("</ul>")
    out[-1] += "</li>"
    return out


def _table(summaries: list[Summary]) -> list[str]:
    labels: list[str] = []
    for s in summaries:
        for m in s.moves:
            if m.label not in labels:
                labels.append(m.label)
    status = any(s.status for s in summaries)  # a column for how they ended, when one ended gravely
    out = ["<table>", "<tr><th>Who</th>" + ("<th>Status</th>" if status else "") + "<th>Actions</th>"
           + "".join(f"<th>{_e(x)}</th>" for x in labels) + "</tr>"]
    for s in summaries:
        told = (f'<td class="status">{_e(s.status)}</td>' if s.status else "<td>–</td>") if status else ""
        if s.hidden:
            cells = "".join('<td class="hidden">not shown</td>' for _ in labels)
        else:
            moves = {m.label: m.text for m in s.moves}
            cells = "".join(f"<td>{_e(moves.get(x, '–'))}</td>" for x in labels)
        out.append(f'<tr><td><b>{_e(s.name)}</b></td>{told}<td class="n">{s.actions}</td>{cells}</tr>')
    out.append("</table>")
    return out


def _session(rec: SessionRecap) -> list[str]:
    out = ["<section>", f"<h2>{_e(rec.heading)}</h2>"]
    meta = []
    if rec.started_ts:
        meta.append(f"started {when(rec.started_ts)}")
    if rec.number and rec.open:
        meta.append("still open")
    meta.append(glance(rec))
    out.append(f'<p class="meta">{_e(" · ".join(meta))}</p>')
    if rec.moments:
        out += ["<h3>Key moments</h3>", '<ul class="moments">']
        for m in moments_by_kind(rec.moments):
            secret = ' <span class="tag">(secret)</span>' if m.secret else ""
            out.append(f'<li><span class="moment">{_e(m.heading)}:</span> {_e(m.told)}'
                       f' <span class="seq">(#{m.seq})</span>{secret}</li>')
        out.append("</ul>")
    actors: dict[str, int] = {}
    for g in rec.groups:
        if g.actor and not g.undone:
            actors[g.actor] = actors.get(g.actor, 0) + 1
    if actors:
        out += ["<h3>Who acted</h3>", "<ul>"]
        out += [f"<li><b>{_e(name)}</b> — {n} action{'' if n == 1 else 's'}</li>" for name, n in actors.items()]
        out.append("</ul>")
    out.append("<h3>What happened</h3>")
    if not rec.groups:
        out.append('<p class="meta">Nothing was recorded.</p>')
    fight = (0, "")
    open_list = False
    for part, texts in escaped_groups(rec.groups, escape_all):
        if open_list and not fight[0] and plain(part):  # (most batches: a line each, out of a fight)
            out += [f"<li>{text}</li>" for text in texts]
            continue
        for g in part:
            heading = ""
            if g.round:
                key = (g.round, g.fight)
                if key != fight:
                    heading = fight_heading(g)
                    fight = key
            elif fight[0]:
                heading = "After the fight"
                fight = (0, "")
            if heading or not open_list:
                if open_list:
                    out.append("</ol>")
                if heading:
                    out.append(f"<h4>{_e(heading)}</h4>")
                out.append("<ol>")
                open_list = True
            lines = g.lines
            if len(lines) == 1 and not g.undone and not lines[0].secret:  # most groups: one plain line
                out.append(f"<li>{next(texts)}</li>")
            else:
                out += _group(g, texts)
    if open_list:
        out.append("</ol>")
    if rec.summaries:
        out.append("<h3>How everyone fared</h3>")
        out += _table(rec.summaries)
        for s in rec.summaries:
            if s.hidden or not s.changes:
                continue
            out.append(f"<p><b>{_e(s.name)}</b></p>")
            out.append('<ul class="more">')
            labels = escape_all([label for _seq, label, _words in s.changes])
            told = escape_all([words for _seq, _label, words in s.changes])
            out += [f"<li>#{c[0]} {label}: {words}</li>" for c, label, words in zip(s.changes, labels, told, strict=True)]
            out.append("</ul>")
    out.append("</section>")
    return out


def iter_html(recap: Recap) -> Iterator[str]:
    """The HTML page a session at a time (write each piece as it comes)."""
    title = f"{recap.title or recap.name} — recap"
    edition = " · players' edition (GM secrets and hidden stats left out)" if recap.players else ""
    out = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f"<title>{_e(title)}</title>",
        f"<style>{STYLE}</style>",
        "</head>",
        "<body>",
        f"<h1>{_e(title)}</h1>",
        f'<p class="meta">{_e(recap.system_label)} campaign “{_e(recap.name)}” · {recap.events} events{_e(edition)}</p>',
    ]
    if not recap.sessions:
        out.append('<p class="meta">Nothing to tell: no events in this range.</p>')
    yield "\n".join(out) + "\n"
    for rec in recap.sessions:
        lines = _session(rec)
        for start in range(0, len(lines), 2048):  # a few thousand lines at a time, not a whole session
            yield "\n".join(lines[start : start + 2048]) + "\n"
        del lines
    yield "</body>\n</html>\n"


def to_html(recap: Recap) -> str:
    return "".join(iter_html(recap))
