"""The start-up snapshot's decoder is built from real annotations (start-up, issue 20).

``store/snapshot.py`` builds a msgpack decoder of :class:`~fhtagn_tui.domain.state.State` at import,
before every first frame.  msgspec reads each field's annotation; a module with ``from __future__
import annotations`` keeps them as strings, and each string is compiled and evaluated then (~230 of
them: ~2 ms of every start-up, and their code objects kept).  The modules that define State's
structs therefore leave their annotations evaluated.  Checked here for every struct State reaches,
so a new struct, or the future import put back, fails.
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec import inspect as mi

from fhtagn_tui.domain.state import State


def _structs(info: Any, seen: dict[type, None]) -> None:
    if isinstance(info, mi.StructType):
        if info.cls in seen:
            return
        seen[info.cls] = None
        for field in info.fields:
            _structs(field.type, seen)
    elif isinstance(info, mi.UnionType):
        for item in info.types:
            _structs(item, seen)
    elif isinstance(info, mi.TupleType):
        for item in info.item_types:
            _structs(item, seen)
    elif isinstance(info, mi.DictType):
        _structs(info.key_type, seen)
        _structs(info.value_type, seen)
    elif isinstance(info, (mi.ListType, mi.SetType, mi.FrozenSetType, mi.VarTupleType)):
        _structs(info.item_type, seen)


def state_structs() -> list[type]:
    seen: dict[type, None] = {}
    _structs(mi.type_info(State), seen)
    return list(seen)


def test_every_struct_of_the_state_has_evaluated_annotations() -> None:
    structs = state_structs()
    assert State in structs and len(structs) >= 20  # the walk reaches the rules' structs too
    assert len({cls.__module__ for cls in structs}) >= 5
    for cls in structs:
        for klass in cls.__mro__:
            if issubclass(klass, msgspec.Struct) and klass is not msgspec.Struct:
                strings = [name for name, a in vars(klass).get("__annotations__", {}).items() if isinstance(a, str)]
                assert not strings, f"{klass.__module__}.{klass.__qualname__}: string annotations {strings}"


def test_the_decoder_still_reads_a_state_back() -> None:
    state = State(name="Harlan Creek", system="fhtagn")
    decoded = msgspec.msgpack.Decoder(State).decode(msgspec.msgpack.encode(state))
    assert decoded == state
