"""The README's command examples are real commands."""

from __future__ import annotations

from pathlib import Path

from fhtagn_tui.commands import parse

README = Path(__file__).resolve().parent.parent / "README.md"


def command_examples() -> list[str]:
    text = README.read_text(encoding="utf-8")
    block = text.split("## Commands", 1)[1].split("```", 2)[1]
    lines = []
    for line in block.splitlines():
        code = line.split("  #", 1)[0].strip()
        if code:
            lines.append(code)
    return lines


def test_every_readme_command_parses():
    examples = command_examples()
    assert len(examples) > 15
    for line in examples:
        parse(line)  # raises ParseError with the reason if the README is wrong
