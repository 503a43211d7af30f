"""Property tests over the command language: random and mutated commands never
raise anything but a clear refusal, and a refused command changes nothing."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fhtagn_tui.commands import ParseError
from fhtagn_tui.commands.language import SPECS, load_all
from fhtagn_tui.domain.decide import Rejected
from fhtagn_tui.domain.history import fold
from fhtagn_tui.rules.dice import RandomSource
from fhtagn_tui.service import Engine, MemorySink

SETUP = {
    "fhtagn": [
        'char new "Ada Vance" STR=10 CON=11 DEX=13 INT=16 POW=14 CHA=11 Firearms=45 Dodge=40 bonds="Sister,Partner:9"',
        "char new Cultist kind=npc STR=12 CON=11 DEX=10 POW=9 Dodge=20",
        "session start One",
    ],
    "coc7": [
        "char new Harvey STR=50 CON=60 SIZ=65 DEX=55 POW=60 Luck=50 Firearms=40 Dodge=30",
        "char new Ghoul kind=monster STR=80 CON=70 SIZ=65 DEX=65 POW=50",
        "session start One",
    ],
    "gurps": [
        "char new Ilse ST=10 DX=12 IQ=13 HT=11",
        "char new Thing kind=monster ST=20 DX=11 IQ=6 HT=14",
        "session start One",
    ],
}

CORPUS = [
    "char new Bob STR=12", "char set ada STR=13 Firearms=55", "char pool ada HP=5", "char del cultist",
    "test ada Firearms mod=-20", "test harvey Dodge difficulty=hard penalty=1", "roll 2d6+1", "roll d100 vs=45 bonus=1",
    "roll 3d vs=12", "note hello there secret", "undo", "redo", "session end", "bond ada Sister 5", "cond add ada stunned",
    "cond remove ada stunned", "help", "help char new", "char list", "char show ada",
    "req ada pistol via=favour contact=Sister", "fight start", "fight add ada cultist", "fight next",
    "attack ada cultist weapon=pistol", "san ada 1/1d6", "fright ilse mod=-2", "chase new Docks",
]

ALPHABET = st.characters(blacklist_categories=("Cs",), max_codepoint=0x2FFF)


def fresh(system: str) -> Engine:
    engine = Engine.memory(system, source=RandomSource(1))
    for line in SETUP[system]:
        engine.execute(line)
    return engine


def run_one(engine: Engine, text: str) -> None:
    sink = engine.sink
    assert isinstance(sink, MemorySink)
    before_state, before_len = engine.state, len(sink.events)
    try:
        engine.execute(text)
    except (ParseError, Rejected) as exc:
        assert str(exc).strip(), "a refusal must say something"
        assert engine.state is before_state
        assert len(sink.events) == before_len
    else:
        assert fold(sink.events) == engine.state  # replay never re-rolls


def mutate(text: str, rnd: random.Random) -> str:
    chars = list(text)
    for _ in range(rnd.randint(1, 4)):
        op = rnd.choice("idrst")
        pos = rnd.randrange(len(chars) + 1)
        if op == "i":
            chars.insert(pos, rnd.choice('="\' -,:0123456789dXx%'))
        elif op == "d" and chars:
            del chars[min(pos, len(chars) - 1)]
        elif op == "r" and chars:
            chars[min(pos, len(chars) - 1)] = rnd.choice("aZ9=- '\"")
        elif op == "s":
            words = "".join(chars).split(" ")
            rnd.shuffle(words)
            chars = list(" ".join(words))
        else:
            chars.extend(list(" " + rnd.choice(["roll=3", "secret", "x=1", "--hidden", "vs=", "roll=0,0"])))
    return "".join(chars)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(system=st.sampled_from(sorted(SETUP)), text=st.text(ALPHABET, max_size=60))
def test_random_text_is_refused_cleanly_or_done(system, text):
    run_one(fresh(system), text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(system=st.sampled_from(sorted(SETUP)), base=st.sampled_from(CORPUS), seed=st.integers(0, 2**32 - 1))
def test_mutated_commands_are_refused_cleanly_or_done(system, base, seed):
    run_one(fresh(system), mutate(base, random.Random(seed)))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(system=st.sampled_from(sorted(SETUP)), lines=st.lists(st.sampled_from(CORPUS), min_size=1, max_size=12))
def test_sequences_of_commands_keep_replay_equal(system, lines):
    engine = fresh(system)
    for line in lines:
        run_one(engine, line)


def test_every_registered_command_word_has_help():
    load_all()
    from fhtagn_tui.commands import help_text, parse

    for words, spec in SPECS.items():
        text = help_text(words)
        summary = spec.summary.strip()
        assert summary and summary.casefold() != words.casefold(), f"{words!r} has no summary"
        assert text.startswith(f"{words} — {summary}\n"), words
        assert spec.usage.startswith(words) and f"\nusage: {spec.usage}" in text, words
        if spec.dice:
            assert "roll=VALUES" in text, f"{words!r} takes dice but its help does not say how to type them"
        starts = (words, *spec.aliases)
        for example in spec.examples:  # a stale example would teach a line the parser refuses
            assert f"\n  {example}" in text and example.startswith(starts), (words, example)
            parsed = parse(example)
            assert (parsed.command or parsed.query) is not None, (words, example)
