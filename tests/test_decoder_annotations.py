"""The decoders of the state and of the events are built from real annotations (start-up, issue 20).

msgspec reads each field's annotation when it builds a decoder; a module with ``from __future__
import annotations`` keeps them as strings, and each string is then compiled and evaluated:
- ``store/snapshot.py`` builds the decoder of :class:`~fhtagn_tui.domain.state.State` at import,
  before every first frame (~230 strings: 2.5 → 0.6 ms);
- the codec's decoder of every event (``codec._decoder_one``: a player's view decodes the whole
  log before its first frame, the GM's app after it) had ~2100 (the base Event's fields once per
  event type): 20 → 4 ms, and their code objects were kept (~0.3 MiB in every player's process).
So the modules that define those structs leave their annotations evaluated.  Checked here for
every struct either decoder reaches, so a new struct, or the future import put back, fails.
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec import inspect as mi

from fhtagn_tui.domain import codec
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


def reached(*types: Any) -> list[type]:
    """Every struct the types' decoders reach (their fields', their items', their unions')."""
    seen: dict[type, None] = {}
    for t in types:
        _structs(mi.type_info(t), seen)
    return list(seen)


def strings_of(structs: list[type]) -> list[str]:
    """Each struct class (and its struct bases) with annotations kept as strings."""
    found = []
    for cls in structs:
        for klass in cls.__mro__:
            if issubclass(klass, msgspec.Struct) and klass is not msgspec.Struct:
                strings = [name for name, a in vars(klass).get("__annotations__", {}).items() if isinstance(a, str)]
                if strings:
                    found.append(f"{klass.__module__}.{klass.__qualname__}: {strings}")
    return found


def test_every_struct_of_the_state_has_evaluated_annotations() -> None:
    structs = reached(State)
    assert State in structs and len(structs) >= 20  # the walk reaches the rules' structs too
    assert len({cls.__module__ for cls in structs}) >= 5
    assert strings_of(structs) == []


def test_every_struct_of_an_event_has_evaluated_annotations() -> None:
    union = codec._union()  # every feature module loaded: all the event types
    structs = reached(*union.__args__)
    assert len(structs) >= 150 and len({cls.__module__ for cls in structs}) >= 20
    assert strings_of(structs) == []


def test_the_decoder_still_reads_a_state_back() -> None:
    state = State(name="Harlan Creek", system="fhtagn")
    decoded = msgspec.msgpack.Decoder(State).decode(msgspec.msgpack.encode(state))
    assert decoded == state
