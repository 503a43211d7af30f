"""The feature modules load when first needed (issue 20, start-up; ``domain/features/__init__``).

The app draws its first frame from the start-up snapshot before the ~200 event and command types
of every rule system are imported.  Each registry they fill must then still answer as if all were
loaded: checked here in fresh interpreters, which have loaded nothing but what they import.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import msgspec

from fhtagn_tui.domain import decide, features
from fhtagn_tui.domain.events import EVENT_TYPES
from fhtagn_tui.domain.features.templates import SpawnFromTemplate
from fhtagn_tui.domain.replay import Projection
from fhtagn_tui.domain.state import State
from fhtagn_tui.rules.dice import Dice
from tests.bench.bench_store import build_file, template

ROOT = Path(__file__).resolve().parents[1]


def fresh(code: str, *args: str) -> list[str]:
    """Run ``code`` in a fresh interpreter; its printed lines."""
    out = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, check=True, capture_output=True, text=True,
                         timeout=120)
    return out.stdout.splitlines()


def complete() -> dict[str, list[str]]:
    features.load_all()
    return {"deciders": sorted(t.__name__ for t in decide.DECIDERS),
            "evolvers": sorted(t.__name__ for t in decide.EVOLVERS),
            "events": sorted(EVENT_TYPES)}


REGISTRIES = """
import json
from fhtagn_tui.domain import decide
from fhtagn_tui.domain.events import EVENT_TYPES
print(json.dumps({"deciders": sorted(t.__name__ for t in decide.DECIDERS),
                  "evolvers": sorted(t.__name__ for t in decide.EVOLVERS), "events": sorted(EVENT_TYPES)}))
"""


def test_the_app_loads_no_rule_system_it_does_not_draw() -> None:
    """What the app imports (its first frame) leaves the feature modules of the fights, chases,
    Sanity, hazards and Requisitions unloaded (else start-up pays for them again)."""
    out = fresh("import sys\nimport fhtagn_tui.app.gm\nimport fhtagn_tui.app.player\nfrom fhtagn_tui.domain import features\n"
                "print(features.loaded())\nprint(' '.join(sorted(sys.modules)))")
    assert out[0] == "False"
    modules = set(out[1].split())
    for name in ("chase", "coc_combat", "fh_combat", "gurps_combat", "sanity", "fright", "fh_hazards",
                 "requisition", "coc_insanity"):
        assert f"fhtagn_tui.domain.features.{name}" not in modules, name


def test_opened_from_its_snapshot_then_the_log_read_every_registry_is_complete(tmp_path: Path) -> None:
    """A campaign opened from its snapshot has loaded no feature module; reading its log (the
    codec's union) loads them all, and the log folded again gives the state the snapshot held."""
    setup, play = template()
    path = tmp_path / "lazy.fhtagn"
    build_file(path, 3000, setup, play)
    code = """
import json, sys
from pathlib import Path
import msgspec
from fhtagn_tui.app.app import open_door
from fhtagn_tui.domain import decide, features
from fhtagn_tui.domain.events import EVENT_TYPES
from fhtagn_tui.domain.replay import Projection
door = open_door(Path(sys.argv[1]), True)
print(features.loaded())
events = door.events()
again = Projection()
again.apply_all(events)
print(msgspec.json.encode(again.state) == msgspec.json.encode(door.state))
print(json.dumps({"deciders": sorted(t.__name__ for t in decide.DECIDERS),
                  "evolvers": sorted(t.__name__ for t in decide.EVOLVERS), "events": sorted(EVENT_TYPES)}))
"""
    first = fresh(code, str(path))  # folds the whole log and writes the snapshot
    assert first[0] == "True" and first[1] == "True"
    out = fresh(code, str(path))  # from the snapshot
    assert out[0] == "False"  # the snapshot was used: nothing decoded, no feature loaded
    assert out[1] == "True"
    assert json.loads(out[2]) == complete()


def test_a_command_whose_decider_lives_in_another_module_is_carried_out() -> None:
    """``SpawnFromTemplate`` is defined in ``templates``, decided in ``bestiary``: with only its
    own module loaded, :func:`decide` finds its decider (the campaign check comes after it)."""
    code = """
from fhtagn_tui.domain import decide, features
from fhtagn_tui.domain.decide import Rejected
from fhtagn_tui.domain.features.templates import SpawnFromTemplate
from fhtagn_tui.domain.state import State
from fhtagn_tui.rules.dice import Dice
print(features.loaded(), SpawnFromTemplate in decide.DECIDERS)
try:
    decide.decide(State(), SpawnFromTemplate(template="x"), Dice())
except Rejected as exc:
    print(exc)
print(features.loaded(), SpawnFromTemplate in decide.DECIDERS)
"""
    out = fresh(code)
    assert out == ["False False", "this log holds no campaign yet", "True True"]
    # and the same in this process, where every module is loaded
    try:
        decide.decide(State(), SpawnFromTemplate(template="x"), Dice())
    except decide.Rejected as exc:
        assert str(exc) == "this log holds no campaign yet"


def test_an_event_decoded_alone_is_folded_by_its_evolver() -> None:
    """The codec's union (every event type) and the evolve/fold look-ups load what they miss:
    each event of a real log, decoded one at a time in a fresh process, folds to the same state."""
    setup, play = template(n_play=120)
    lines = [msgspec.json.encode(ev).decode() for ev in setup + play]
    code = """
import sys, msgspec
from fhtagn_tui.domain import features
from fhtagn_tui.domain.codec import decode_one
from fhtagn_tui.domain.decide import evolve
from fhtagn_tui.domain.replay import Projection
from fhtagn_tui.domain.state import State
lines = [l.encode() for l in sys.stdin.read().splitlines()]
print(features.loaded())
state = State()
for i, line in enumerate(lines):
    state = evolve(state, decode_one(line, i))
p = Projection()
for i, line in enumerate(lines):
    p.apply(decode_one(line, i))
print(msgspec.json.encode(state).decode())
print(msgspec.json.encode(p.state).decode())
"""
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True, text=True,
                         timeout=120, input="\n".join(lines)).stdout.splitlines()
    assert out[0] == "False"
    here = Projection()
    here.apply_all(setup + play)
    expected = msgspec.json.encode(here.state).decode()
    assert out[1] == expected and out[2] == expected


def test_every_registry_in_a_fresh_process_after_load_all() -> None:
    """``load_all`` in a fresh process fills the registries as this test process has them."""
    out = fresh("from fhtagn_tui.domain import features\nfeatures.load_all()\n" + REGISTRIES)
    assert json.loads(out[0]) == complete()


def test_the_review_index_and_the_log_filter_know_every_event_type() -> None:
    """The review index marks the rounds of fights and chases, and the log filter's ``type=``
    finds any event type, though neither's feature module was loaded before."""
    out = fresh("from fhtagn_tui.app.review import _marks\nfrom fhtagn_tui.export.search import _types\n"
                "print(sorted(t.__name__ for t in _marks()))\nprint(_types('chaseround'))")
    assert out == ["['ChaseRoundStarted', 'RoundStarted', 'SessionStarted']", "['ChaseRoundStarted']"]
