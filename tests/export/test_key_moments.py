"""Recaps lead with what mattered: each session opens with its key moments (deaths, insanity, major
wounds, broken bonds, development), for the GM and — by the public rules — for the players; the
summary row says a death; the Markdown's lists nest under items numbered 10 and up (CommonMark)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from markdown_it import MarkdownIt
from markdown_it.tree import SyntaxTreeNode

from fhtagn_tui.domain.events import Event
from fhtagn_tui.export import build_recap, export_text
from fhtagn_tui.rules.dice import RandomSource
from fhtagn_tui.service import Engine, MemorySink

SESSION = (
    "privacy full",  # the players' recap tells every investigator's numbers (privacy: tests/serve/test_privacy.py)
    'char new "Zoë Lark" STR=10 CON=12 DEX=13 POW=12',
    'char new "Ada Vance" STR=12 CON=11 DEX=13 INT=15 POW=14 CHA=10 Firearms=50 bonds="Sister Claire"',
    "char new Cultist kind=npc STR=12 CON=12 POW=10 --hidden",
    "session start The mill",
    *(f"note Clue {i}" for i in range(1, 10)),  # the SAN test below is item 11: its sub-items under "11."
    "san ada 1/1d8 reaction=flee roll=80,7",  # 7 lost at once: temporary insanity, the GM's reaction
    'damage "zoë" 30 source=shotgun',
    "damage cultist 30 secret",  # the GM's secret: never in the players' recap
    "damage ada 3 source=fall",
    "undo",  # taken back: no key moment
    'bond ada "Sister Claire" 0',
    "char set ada Firearms=55",
)


def play() -> list[Event]:
    eng = Engine.memory("fhtagn", source=RandomSource(7))
    for line in SESSION:
        eng.execute(line)
    assert isinstance(eng.sink, MemorySink)
    return list(eng.sink.events)


def md_section(md: str, heading: str) -> str:
    """The lines under ``### heading`` of the last session, up to the next heading."""
    session = md.split("\n## ")[-1]
    found = re.search(rf"^### {re.escape(heading)}\n\n(.*?)(?=^#|\Z)", session, re.M | re.S)
    assert found, f"no {heading!r} in the session"
    return found.group(1)


class _Moments(HTMLParser):
    """The items of the last ``<ul class="moments">`` of a page, as text."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.items: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "ul" and ("class", "moments") in attrs:
            self.inside, self.items = True, []
        elif tag == "li" and self.inside:
            self.items.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "ul":
            self.inside = False

    def handle_data(self, data: str) -> None:
        if self.inside and self.items:
            self.items[-1] += data


def html_moments(page: str) -> list[str]:
    parser = _Moments()
    parser.feed(page)
    return parser.items


@pytest.mark.parametrize("players", [False, True])
def test_a_death_and_an_insanity_lead_the_session_in_both_formats(players: bool) -> None:
    events = play()
    md = export_text(events, "md", players=players)
    moments = md_section(md, "Key moments")
    assert "- **Death:** Zoë Lark dies — Zoë Lark takes 30 damage from shotgun: HP 11 → 0" in moments
    assert "- **Insanity:** Ada Vance goes insane (flee) — Ada Vance: SAN test (unnatural 1/1d8) 80 vs 70" in moments
    assert "- **Bond broken:** Ada Vance loses the bond with Sister Claire" in moments
    assert "- **Development:** Ada Vance raises Firearms 50% → 55%" in moments
    assert "fall" not in moments  # a wound taken back is no moment
    # they come first: before who acted and what happened
    session = md.split("\n## ")[-1]
    assert session.index("### Key moments") < session.index("### Who acted") < session.index("### What happened")
    items = html_moments(export_text(events, "html", players=players))
    assert any(i.startswith("Death: Zoë Lark dies — Zoë Lark takes 30 damage") for i in items), items
    assert any(i.startswith("Insanity: Ada Vance goes insane (flee) — Ada Vance: SAN test") for i in items), items
    assert [i.split(":")[0] for i in items] == [line[4:].split(":")[0] for line in moments.splitlines() if line]
    # the summary row says the death, not only "11 → 0"
    assert "| **Zoë Lark** | **dead** | 1 | 11 → 0 (1 change) |" in md_section(md, "How everyone fared")


def test_the_players_read_no_secret_moment_and_the_gm_reads_it_marked() -> None:
    events = play()
    gm = md_section(export_text(events, "md"), "Key moments")
    mine = md_section(export_text(events, "md", players=True), "Key moments")
    assert "- **Death:** Cultist dies — Cultist takes 30 damage from the GM: HP 12 → 0 (#22) *(secret)*" in gm
    assert "Cultist" not in mine
    page = export_text(events, "html", players=True)
    assert "Cultist dies" not in page
    secret = [m for s in build_recap(events).sessions for m in s.moments if m.secret]
    assert [(m.kind, m.who) for m in secret] == [("death", "Cultist")]


def _items(node: SyntaxTreeNode, kind: str) -> list[SyntaxTreeNode]:
    return [child for child in node.children if child.type == kind]


def _text(item: SyntaxTreeNode) -> str:
    paragraph = next(c for c in item.children if c.type == "paragraph")
    return paragraph.children[0].content


@pytest.mark.parametrize("players", [False, True])
def test_the_markdown_parses_with_its_lists_nested_past_item_nine(players: bool) -> None:
    md = export_text(play(), "md", players=players)
    tree = SyntaxTreeNode(MarkdownIt("commonmark").parse(md))
    assert not [n for n in tree.walk() if n.type in ("code_block", "fence")]  # no sub-item read as code
    lists = [n for n in tree.children if n.type == "ordered_list"]
    happened = lists[-1]  # the last session's "What happened"
    items = _items(happened, "list_item")
    assert len(items) == (16 if players else 17)
    san = items[10]
    assert san.info == "11" and _text(san).startswith("Ada Vance: SAN test")
    (nested,) = _items(san, "bullet_list")
    subs = [_text(i) for i in _items(nested, "list_item")]
    assert len(subs) == 3 and subs[0].startswith("Ada Vance loses 7 SAN")
    death = items[11]
    (nested,) = _items(death, "bullet_list")
    assert [_text(i) for i in _items(nested, "list_item")] == ["Zoë Lark: dead (shotgun)"]
    # and every bullet list of the document that is not nested is one the writer meant
    top = [n for n in tree.children if n.type == "bullet_list"]
    for bullets in top:
        first = _text(_items(bullets, "list_item")[0])
        assert not first.startswith(("Ada Vance loses", "Zoë Lark: dead")), "a sub-item fell out of its item"


def test_wounds_merge_per_action_and_say_what_happened() -> None:
    eng = Engine.memory("coc7", source=RandomSource(3))
    for line in ('char new Harvey STR=60 CON=60 SIZ=70 DEX=70 POW=60', "session start Night",
                 "damage harvey 7 roll=90"):
        eng.execute(line)
    assert isinstance(eng.sink, MemorySink)
    recap = build_recap(list(eng.sink.events))
    (moment,) = recap.sessions[-1].moments
    assert moment.kind == "wound" and moment.who == "Harvey"
    assert moment.what.startswith("suffers a major wound")
    assert moment.text.startswith("Harvey takes 7 damage")


def test_a_condition_set_by_hand_is_told_once() -> None:
    eng = Engine.memory("coc7", source=RandomSource(3))
    for line in ("char new Tomas STR=45 CON=55 SIZ=60 DEX=50 POW=80", "session start Night",
                 'cond add tomas "temporarily insane"', "cond add tomas dead note=shotgun"):
        eng.execute(line)
    assert isinstance(eng.sink, MemorySink)
    moments = {m.kind: m.told for m in build_recap(list(eng.sink.events)).sessions[-1].moments}
    assert moments["insanity"] == "Tomas goes temporarily insane"
    assert moments["death"].startswith("Tomas dies — Tomas: dead (")  # its note says more: told
