"""Commands of NPC/monster templates: template add/remove/list/show, and ``fight add N TEMPLATE``."""

from __future__ import annotations

from fhtagn_tui.domain.features.templates import (
    RemoveTemplate,
    SaveTemplate,
    SpawnFromTemplate,
    find_template,
)
from fhtagn_tui.domain.state import State
from fhtagn_tui.rules.weapons import attack_text

from .core import _stats_and_skills
from .language import Args, Query, command, to_int


@command(
    "template add",
    "template add NAME [kind=npc|monster] [from=CHARACTER] [STAT=N …] [Skill=N …] [--hidden]",
    "save an NPC or monster stat block in the campaign (for 'fight add N NAME')",
    details=(
        "Characteristics are upper case, anything else with =N is a skill (as in 'char new').\n"
        "from=CHARACTER copies a character's stat block and attacks; STAT=N and Skill=N then change it.\n"
        "Saving under an existing name replaces that template."
    ),
    examples=(
        'template add Cultist kind=npc STR=13 CON=10 DEX=10 "Melee Weapons"=50 Dodge=30',
        "template add Ghoul kind=monster from=ghoul",
    ),
    aliases=("template new", "template save"),
)
def _template_add(args: Args) -> SaveTemplate:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    kind = args.opt("kind", "npc") or "npc"
    source = args.opt("from", "") or ""
    hidden = args.flag("hidden")
    stats, skills = _stats_and_skills(args)
    return SaveTemplate(name=name, kind=kind, stats=stats, skills=skills, hidden=hidden, source=source)


@command("template remove", "template remove NAME", "forget a template (characters made from it stay)",
         aliases=("template rm", "template del", "template delete"))
def _template_remove(args: Args) -> RemoveTemplate:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    return RemoveTemplate(name=name)


def format_templates(state: State) -> str:
    if not state.templates:
        return "no templates yet: template add NAME kind=npc STAT=N … Skill=N"
    lines = []
    for t in state.templates.values():
        stats = " ".join(f"{k} {v}" for k, v in t.stats.items())
        skills = ", ".join(f"{k} {v}%" for k, v in t.skills.items())
        lines.append(f"{t.name:<16} {t.kind:<8} {stats}" + (f"  | {skills}" if skills else ""))
    return "\n".join(lines)


@command("template list", "template list", "the campaign's NPC and monster templates", aliases=("templates",))
def _template_list(args: Args) -> Query:
    args.max_positional(0)
    return Query(run=format_templates)


@command("template show", "template show NAME", "one template's stat block")
def _template_show(args: Args) -> Query:
    name = args.pos(0, "NAME")
    args.max_positional(1)

    def run(state: State) -> str:
        t = find_template(state, name)
        stats = "  ".join(f"{k} {v}" for k, v in t.stats.items())
        skills = ", ".join(f"{k} {v}%" for k, v in t.skills.items()) or "none"
        attacks = "; ".join(attack_text(w, t.skills.get(w.skill)) for w in t.attacks) or "none (unarmed)"
        return (f"{t.name} ({t.kind}{', hidden' if t.hidden else ''})\n  {stats}\n  skills: {skills}"
                f"\n  attacks: {attacks}")

    return Query(run=run)


def quick_add(args: Args) -> SpawnFromTemplate:
    """``fight add N TEMPLATE [side=S] [--readied]`` (called by the ``fight add`` builder)."""
    count = to_int(args.pos(0, "N"), "N", args)
    template = args.rest(1)
    if not template:
        raise args.fail("fight add N TEMPLATE: which template? (template list)")
    return SpawnFromTemplate(template=template, count=count, side=args.opt("side", "") or "",
                             readied=args.flag("readied"))
