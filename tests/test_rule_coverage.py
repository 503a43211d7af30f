"""Every registered rule has a test that cites its catalogue ID with @pytest.mark.rule."""

from __future__ import annotations

import ast
from pathlib import Path

from fhtagn_tui.rules.registry import load_all

TESTS = Path(__file__).resolve().parent


def cited_rule_ids() -> set[str]:
    cited: set[str] = set()
    for path in TESTS.rglob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "rule"
                and isinstance(node.func.value, ast.Attribute)
                and node.func.value.attr == "mark"
            ):
                cited.update(a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str))
    return cited


def test_every_registered_rule_is_cited_by_a_test():
    missing = sorted(set(load_all()) - cited_rule_ids())
    assert missing == [], f"rules without a test: {missing}"


def test_cited_ids_are_registered_rules():
    unknown = sorted(cited_rule_ids() - set(load_all()))
    assert unknown == [], f"tests cite rules that are not registered: {unknown}"
