"""``skills [NAME]``: the campaign system's skill list with bases, or one character's skills."""

from __future__ import annotations

from fhtagn_tui.domain import skills as skill_rules
from fhtagn_tui.domain.lookup import find_character
from fhtagn_tui.domain.state import State
from fhtagn_tui.rules.skills import describe_gurps

from .language import Args, Query, command


def list_text(state: State) -> str:
    """Every skill of the system's list with its base (GURPS: attribute, difficulty, default)."""
    if not state.system:
        return "no campaign"
    listed = skill_rules.skill_list(state.system)
    at = "default" if state.system == "gurps" else "base"
    lines = [f"Skills of {state.system} (a new character has them all at {at}; 'char set NAME Skill=N' raises one):"]
    for skill in listed.sheet:
        if state.system == "gurps":
            lines.append(f"  {skill.name:<26} {describe_gurps(skill)}")
        else:
            base = skill.derived.replace("/2", " ÷ 2") if skill.derived else f"{skill.base}%"
            lines.append(f"  {skill.name:<26} {base}")
    if listed.families:
        lines.append("Specialties (write the kind in brackets, e.g. Science (Botany)):")
        for fam in listed.families:
            what = describe_gurps(fam) if state.system == "gurps" else f"{fam.base}%"
            lines.append(f"  {fam.name + ' (…)':<26} {what}")
    if state.system == "gurps":
        lines.append("Unarmed: a punch rolls against DX or the best of Brawling, Boxing, Karate (a kick at −2).")
    lines.append("A new skill close to a listed one needs custom:NAME=N (or --new-skill).")
    return "\n".join(lines)


def character_text(state: State, name: str) -> str:
    char = find_character(state, name)
    sheet = skill_rules.sheet_skills(state.system, char)
    raised = {n for n, _ in skill_rules.raised(state.system, char)}
    unit = "" if state.system == "gurps" else "%"
    lines = [f"{char.name}: {skill_rules.sheet_line(state.system, char)}"]
    for skill, value in sheet.items():
        rel = skill_rules.relative_text(state.system, char, skill, value)
        mark = "*" if skill in raised else " "
        lines.append(f" {mark} {skill:<26} {value}{unit}" + (f"  {rel}" if rel else ""))
    lines.append("(* raised; the rest at base)" if state.system != "gurps" else "(* learned; the rest at default)")
    return "\n".join(lines)


@command("skills", "skills [NAME]", "the system's skill list with bases, or one character's skills (* raised)",
         examples=("skills", "skills ada"))
def _skills(args: Args) -> Query:
    name = args.pos_opt(0)
    args.max_positional(1)
    if name:
        return Query(run=lambda state: character_text(state, name))
    return Query(run=list_text)


__all__ = ["character_text", "list_text"]
