"""A mypy plugin for one msgspec false positive (msgspec issue #657).

msgspec passes ``frozen`` down to subclasses: ``class Event(Struct, frozen=True)`` makes every
``class NoteAdded(Event, tag=...)`` frozen at run time. mypy reads ``Struct`` through PEP 681's
``dataclass_transform``, where ``frozen`` is not inherited, so it reports every such subclass as
"Non-frozen dataclass cannot inherit from a frozen dataclass". This plugin writes the inherited
``frozen=True`` into the subclass's keywords before mypy's dataclass transform reads them, so the
subclass is checked as what it is (frozen: assigning to a field is still an error).
"""

from __future__ import annotations

from collections.abc import Callable

from mypy.nodes import NameExpr, TypeInfo
from mypy.plugin import ClassDefContext, Plugin

STRUCT = "msgspec.Struct"


def _frozen(info: TypeInfo) -> bool:
    """Whether a class was declared frozen (read from its source, or from mypy's cache)."""
    if info.fullname == STRUCT or not info.has_base(STRUCT):
        return False
    data = info.metadata.get("dataclass")
    if data is not None and "frozen" in data:
        return bool(data["frozen"])
    keyword = info.defn.keywords.get("frozen")
    if keyword is not None:
        return isinstance(keyword, NameExpr) and keyword.fullname == "builtins.True"
    return any(_frozen(base.type) for base in info.bases)


def _inherit_frozen(ctx: ClassDefContext) -> None:
    info = ctx.cls.info
    if "frozen" in ctx.cls.keywords or not info.has_base(STRUCT):
        return
    if any(_frozen(base.type) for base in info.bases):
        true = NameExpr("True")
        true.fullname = "builtins.True"
        ctx.cls.keywords["frozen"] = true


class MsgspecFrozen(Plugin):
    def get_base_class_hook(self, fullname: str) -> Callable[[ClassDefContext], None] | None:
        node = self.lookup_fully_qualified(fullname)
        if node is not None and isinstance(node.node, TypeInfo) and node.node.has_base(STRUCT):
            return _inherit_frozen
        return None


def plugin(version: str) -> type[Plugin]:
    return MsgspecFrozen
