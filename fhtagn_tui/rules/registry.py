"""The registry of implemented rules, keyed by catalogue ID.

A rule is a pure function decorated with :func:`rule`.  The registry is what
``fhtagn rules`` prints and what the test suite checks for coverage (every
registered rule must be cited by a test).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import msgspec

F = TypeVar("F", bound=Callable[..., object])


class RuleInfo(msgspec.Struct, frozen=True):
    id: str
    system: str  # "fhtagn" | "coc7" | "gurps"
    topic: str  # e.g. "DICE", "PARTY", "COMBAT"
    summary: str  # one line, in the project's own words
    function: str  # dotted path of the implementing function


RULES: dict[str, RuleInfo] = {}

_SYSTEMS = {"FH": "fhtagn", "COC": "coc7", "GURPS": "gurps"}


def rule(*ids: str, summary: str) -> Callable[[F], F]:
    """Register ``fn`` as the implementation of one or more catalogue rules."""

    def decorate(fn: F) -> F:
        for rule_id in ids:
            prefix, topic, _num = rule_id.split("-")
            info = RuleInfo(
                id=rule_id,
                system=_SYSTEMS[prefix],
                topic=topic,
                summary=summary,
                function=f"{fn.__module__}.{fn.__qualname__}",
            )
            existing = RULES.get(rule_id)
            if existing is not None and existing.function != info.function:
                raise RuntimeError(f"rule {rule_id} registered twice: {existing.function}, {info.function}")
            RULES[rule_id] = info
        fn.rule_ids = ids  # type: ignore[attr-defined]
        return fn

    return decorate


def load_all() -> dict[str, RuleInfo]:
    """Import every rules module so that all rules are registered."""
    import importlib
    import pkgutil

    import fhtagn_tui.rules as pkg

    for mod in pkgutil.walk_packages(pkg.__path__, prefix="fhtagn_tui.rules."):
        importlib.import_module(mod.name)
    return RULES


def sort_key(rule_id: str) -> tuple[str, str, int]:
    prefix, topic, num = rule_id.split("-")
    return (prefix, topic, int(num))
