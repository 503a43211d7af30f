"""Property (issue 34): what another player and a watcher read never depends on a whisper or a handout.

A sequence of the secret twins' public and secret commands is played twice: once with whispers and
handouts to Ada (public and secret, any text, some undone and redone) between them, once without.
What Bob's player reads (his whole log, his following view as it is fed, his state) and what a watcher
reads (the same, and the players' recaps) must be the same bytes in both runs: for them it is as if
no whisper had ever been given.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from fhtagn_tui.commands import ParseError
from fhtagn_tui.domain.decide import Rejected
from fhtagn_tui.domain.features.handouts import HandoutGiven, Whispered
from fhtagn_tui.domain.features.reveal import Revealed
from fhtagn_tui.domain.public import FOLLOW_DEPTH, PublicLog, public_log
from fhtagn_tui.domain.replay import Redone, Undone
from fhtagn_tui.export import export_text
from fhtagn_tui.rules.dice import RandomSource
from fhtagn_tui.rules.quoting import quote
from fhtagn_tui.service import Engine, MemorySink

from .secret_twins import GOON, GOON_RANGE, OPS, SETUP, SYSTEMS, _players_state, lines_of

#: What the GM gives Ada (and takes back): the lines of each (TEXT: any text).
GIVE = {
    "whisper": ["whisper ada {t}"],
    "secret whisper": ["whisper ada {t} secret"],
    "handout": ["handout ada {q}"],
    "secret handout": ["handout ada {q} title={q} secret"],
    "whisper undone": ["whisper ada {t}", "undo"],
    "handout undone redone": ["handout ada {q}", "undo", "redo"],
    "whisper revealed": ["whisper ada {t} secret", "reveal"],
    "whisper revealed hidden": ["whisper ada {t} secret", "reveal", "undo"],
}
VIEWERS: tuple[str | None, ...] = ("bob", None)
#: Ada's id in each system's table (``secret_twins.SETUP``).
ADA = {"fhtagn": "ada vance", "coc7": "ada", "gurps": "ada"}
SECRET_GIFTS = ("secret whisper", "secret handout")

texts = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=60)
steps = st.one_of(st.sampled_from(OPS).map(lambda op: (op, "")), st.tuples(st.sampled_from(sorted(GIVE)), texts))


def play(system: str, ops: list[tuple[str, str]], skip: set[int] | None = None,
         viewers: tuple[str | None, ...] = VIEWERS) -> tuple[dict[str, object], list[int], set[int]]:
    """One run: with the whispers and handouts (``skip`` None), or without them and without the
    public ops of ``skip`` (those that undid or redid a gift in the run with them).  Gives the outputs
    of Bob's player and of a watcher, the public ops refused, and the public ops that acted on a gift."""
    eng = Engine.memory(system, source=RandomSource(0))
    for line in (*SETUP[system], GOON[system].format(v=GOON_RANGE[system][0] - 1)):
        eng.execute(line)
    sink = eng.sink
    assert isinstance(sink, MemorySink)
    followers = {v: PublicLog(depth=FOLLOW_DEPTH, viewer=v) for v in viewers}
    fed: dict[str | None, list[object]] = {v: [] for v in viewers}
    for v in viewers:
        followers[v].feed(list(sink.events))
    secrets = random.Random(7)
    refused: list[int] = []
    away: set[int] = set()  # the groups of what was given to Ada, and of their undos and redos
    acted: set[int] = set()
    for n, (op, text) in enumerate(ops):
        gift = op in GIVE
        if skip is not None and (gift or n in skip):
            continue
        lines = [g.format(t=text, q=quote(text)) for g in GIVE[op]] if gift else lines_of(system, op, n, secrets)
        for i, line in enumerate(lines):
            eng.source = RandomSource(secrets.randrange(1 << 30) if op.startswith("secret") else n * 10 + i)
            start = len(sink.events)
            try:
                eng.execute(line)
            except (Rejected, ParseError):
                if gift:
                    break  # (its undo or reveal would act on something else)
                refused.append(n)
                continue
            new = sink.events[start:]
            if {type(ev) for ev in new} & {Whispered, HandoutGiven} or any(
                    isinstance(ev, Undone | Redone | Revealed) and ev.target in away for ev in new):
                away.update(ev.group for ev in new)
                if not gift:
                    acted.add(n)
            for v in viewers:
                entries, rebuilt = followers[v].feed(new)
                if entries or rebuilt:
                    fed[v].append(([e.text for e in entries], rebuilt))
    events = sink.events
    out: dict[str, object] = {}
    for v in viewers:
        log = public_log(events, viewer=v)
        out[f"{v} log"] = [(e.no, e.text, e.session) for e in log.entries]
        out[f"{v} follower"] = [(e.no, e.text, e.session) for e in followers[v].entries]
        out[f"{v} state"] = _players_state(log)
        out[f"{v} follower state"] = _players_state(followers[v])
        out[f"{v} stream"] = fed[v]
    out["md"] = export_text(events, "md", players=True)
    out["html"] = export_text(events, "html", players=True)
    return out, refused, acted


def differences(system: str, ops: list[tuple[str, str]], viewers: tuple[str | None, ...] = VIEWERS
                ) -> list[str] | None:
    with_gifts, refused_with, acted = play(system, ops, viewers=viewers)
    without, refused_without, _ = play(system, ops, skip=acted, viewers=viewers)
    if [n for n in refused_with if n not in acted] != refused_without:
        return None  # the GM could not do the same public things (a redo a whisper cut off)
    return [f"{where} differs:\n{with_gifts[where]!r}\n{without[where]!r}"
            for where in with_gifts if with_gifts[where] != without[where]]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(system=st.sampled_from(SYSTEMS), ops=st.lists(steps, min_size=3, max_size=12))
def test_no_other_player_output_depends_on_a_whisper_or_a_handout(system: str, ops: list[tuple[str, str]]) -> None:
    found = differences(system, ops)
    assume(found is not None)
    assert not found, found[0]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(system=st.sampled_from(SYSTEMS),
       ops=st.lists(st.one_of(st.sampled_from(OPS).map(lambda op: (op, "")),
                              st.tuples(st.sampled_from(SECRET_GIFTS), texts)), min_size=3, max_size=10))
def test_a_secret_whisper_or_handout_is_the_gms_alone(system: str, ops: list[tuple[str, str]]) -> None:
    """Given in secret, not even Ada's player reads it (nor anything it would change)."""
    found = differences(system, ops, (ADA[system], *VIEWERS))
    assume(found is not None)
    assert not found, found[0]


def test_the_property_can_fail() -> None:
    """The comparison sees a whisper when the projection tells it (Ada's own view does)."""
    eng = Engine.memory("coc7")
    for line in SETUP["coc7"]:
        eng.execute(line)
    before = [e.text for e in public_log(eng.sink.events, viewer="ada").entries]  # type: ignore[attr-defined]
    eng.execute("whisper ada Run.")
    after = [e.text for e in public_log(eng.sink.events, viewer="ada").entries]  # type: ignore[attr-defined]
    assert after == [*before, "The GM whispers to Ada: Run."]
    assert [e.text for e in public_log(eng.sink.events, viewer="bob").entries] == before  # type: ignore[attr-defined]
