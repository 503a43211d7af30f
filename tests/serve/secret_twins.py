"""Twin tables: one command sequence played twice, its secrets different, its public part the same.

What players read must not depend on any secret: a sequence of public and secret commands is played
twice — the secret ones with other numbers, names and dice the second time (the public ones with the
same dice) — and every player output is compared byte for byte: the players' log as a whole
(:func:`public_log`), the log a following player view builds as it is fed (``PublicLog`` at
``FOLLOW_DEPTH``, what the served view and its stream read), the players' view state, and the
players' recaps (``export --players``, md and html).

Used by ``test_secrets_property.py`` (a few examples) and ``tests/bench/bench_secrets.py`` (many).
"""

from __future__ import annotations

import difflib
import json
import random
from dataclasses import dataclass, field

import msgspec

from fhtagn_tui.commands import ParseError
from fhtagn_tui.domain.decide import Rejected
from fhtagn_tui.domain.events import Event
from fhtagn_tui.domain.public import FOLLOW_DEPTH, PublicLog, public_log
from fhtagn_tui.export import export_text
from fhtagn_tui.rules.dice import RandomSource
from fhtagn_tui.service import Engine, MemorySink

SYSTEMS = ("fhtagn", "coc7", "gurps")

#: (``privacy full`` first: players see the investigators' numbers, so a secret moving one would show)
SETUP = {
    "fhtagn": ("privacy full", 'char new "Ada Vance" STR=10 CON=11 DEX=9 INT=16 POW=14 CHA=11 Firearms=40 Search=50',
               "char new Bob STR=12 CON=12 DEX=11 INT=10 POW=10 CHA=10 Firearms=30",
               "char new Shade kind=npc STR=14 CON=12 DEX=17 INT=10 POW=13 CHA=9 Firearms=75 --hidden",
               "bond ada Sister", "bond bob Sister"),
    "coc7": ("privacy full", 'char new Ada STR=50 CON=50 SIZ=50 DEX=60 POW=50 Luck=40 "Fighting (Brawl)"=40 Dodge=30 "Spot Hidden"=50',
             "char new Bob STR=60 CON=60 SIZ=70 DEX=70 APP=50 INT=60 POW=60 EDU=60",
             "char new Shade kind=monster STR=80 CON=65 SIZ=65 DEX=65 INT=40 POW=65 --hidden",
             "tome add Necro lang=Latin rating=10 cmi=4 cmf=9 san=1d6 weeks=20", "spell add Wrack mp=6 san=1d6"),
    "gurps": ("privacy full", 'char new Ada ST=10 DX=12 IQ=12 HT=11 "Guns (Pistol)"=14 Brawling=12',
              "char new Bob ST=11 DX=11 IQ=10 HT=12 Brawling=12",
              "char new Shade kind=npc ST=14 DX=11 IQ=8 HT=12 Brawling=13 --hidden"),
}
#: A template (saved publicly at the start with the range's low end; changed in secret within it).
GOON = {"fhtagn": "template add Goon kind=npc STR={v} CON=10 DEX=10", "coc7": "template add Goon kind=npc STR={v} CON=50 DEX=50",
        "gurps": "template add Goon kind=npc ST={v} DX=10 IQ=9 HT=10"}
GOON_RANGE = {"fhtagn": (11, 18), "coc7": (41, 90), "gurps": (11, 16)}
SKILL = {"fhtagn": "Firearms", "coc7": "Dodge", "gurps": "Brawling"}
ATTACK = {"fhtagn": "attack {a} {t} weapon=pistol", "coc7": "melee {a} {t} response=dodge", "gurps": "attack {a} {t}"}
NEW = {"fhtagn": "char new {n} kind=agent STR=10 CON=10 DEX=10 INT=10 POW=10 CHA=10",
       "coc7": "char new {n} STR=50 CON=50 SIZ=50 DEX=50 INT=50 POW=50",
       "gurps": "char new {n} ST=10 DX=10 IQ=10 HT=10"}
CONDITIONS = ("shaken", "bleeding", "haunted", "marked")
NAMES = ("Grey", "Moss", "Ash", "Reed", "goon", "bob")  # (two are things: free text refers to nothing)
WHO = ("ada", "bob", "shade")

#: Public commands (the same in both runs, their dice too).
PUBLIC = ("note", "test", "test mod", "pool", "damage", "cond add", "cond remove", "fight", "fight next",
          "attack", "fight end", "ask", "answer", "undo", "redo", "session", "npc", "hazard", "chase",
          "lore", "bond", "goon", "day")
#: Secret commands: their values (numbers, names, dice) differ between the two runs.
SECRET = ("secret note", "secret test", "secret pool", "secret set", "secret damage", "secret cond",
          "secret char", "secret npc", "secret fight", "secret attack", "secret hazard", "secret chase",
          "secret lore", "secret bond", "secret goon")
OPS = PUBLIC + SECRET


@dataclass
class Twin:
    """What players get of one run."""

    outputs: dict[str, object]
    gm: list[str]  # the GM's lines (for a failure's message)
    refused: list[tuple[int, int]]  # the lines the engine refused (op, line)
    events: list[Event] = field(default_factory=list)  # the GM's log (time stamps 0: a memory engine's clock)


def lines_of(system: str, op: str, n: int, rng: random.Random) -> list[str]:
    """The command lines of ``op`` (``rng``: the secret values, drawn the same way in both runs)."""
    who = WHO[n % 3]
    pc = WHO[n % 2]
    skill = SKILL[system]
    secret = op.startswith("secret")
    tail = " secret" if secret else ""
    kind = op.removeprefix("secret ")
    if kind == "note":
        return [f"note {rng.choice(NAMES)} {rng.randint(1, 99)}" + tail if secret else f"note public {n}"]
    if kind == "test":
        return [f"test {who} {skill}{tail}"]
    if op == "test mod":
        return [f"test {pc} {skill} mod=-20"]
    if kind == "pool":
        return [f"char pool {pc} HP={rng.randint(3, 9) if secret else 8}{tail}"]
    if op == "secret set":  # never the value there already (a refusal in one run only sets the example aside)
        value = 41 + n % 29 + 29 * rng.randint(0, 1) if system != "gurps" else 14 + n % 9 + 9 * rng.randint(0, 1)
        return [f"char set {pc} {skill}={value}{tail}"]
    if kind == "damage":
        return [f"damage {pc} {rng.randint(1, 4) if secret else 1}{tail}"]
    if op == "cond add":
        return [f"cond add {pc} shaken"]
    if op == "cond remove":
        return [f"cond remove {pc} {CONDITIONS[n % len(CONDITIONS)]}"]
    if op == "secret cond":
        return [f"cond add {pc} {rng.choice(CONDITIONS)}{tail}"]
    if op == "secret char":
        return [NEW[system].format(n=f"{rng.choice(NAMES)}{rng.randint(1, 9)}") + tail]
    if kind == "npc":
        count = rng.randint(1, 3) if secret else 2
        return [f"npc add cultist x{count}{tail}"]
    if kind == "fight":
        return [f"fight start Barn{tail}", f"fight add ada bob shade{tail}", f"fight next{tail}"]
    if op == "fight next":
        return ["fight next"]
    if op == "fight end":
        return ["fight end"]
    if kind == "attack":
        attacker, target = (who, pc) if who != pc else ("shade", pc)
        return [ATTACK[system].format(a=attacker, t=target) + tail]
    if op == "ask":
        return [f"ask all {skill}"]
    if op == "answer":
        return [f"answer {n % 3 + 1} {pc}"]
    if op in ("undo", "redo"):
        return [op]
    if op == "session":
        return ["session end", f"session start Part {n}"]
    if kind == "hazard":
        if system != "fhtagn":
            return []
        if secret:
            return [f"disease {pc} damage=1d{rng.choice((4, 6, 8))} speed=1day source={rng.choice(NAMES)}{tail}"]
        return ["hazard tick all"]
    if kind == "chase":
        if system != "coc7":
            return []
        return [f"chase new {rng.choice(NAMES) if secret else 'Docks'}{tail}", f"chase add ada role=flee{tail}",
                f"chase add shade role=pursue{tail}", f"chase start{tail}"]
    if kind == "lore":  # CoC: the campaign's tome, spell and bouts-of-madness table, and what reads them
        if system != "coc7":
            return []
        if secret:
            return [f"tome add Necro lang=Latin rating={rng.randint(2, 9)}0 cmi={rng.randint(5, 9)} cmf=9 san=1d6 "
                    f"weeks=20{tail}", f"spell add Wrack mp={rng.randint(7, 12)} san=1d6{tail}",
                    f'madness table set realtime 3 "Faint: {rng.choice(NAMES)}"{tail}']
        return [f"read {pc} Necro noroll", f"learn {pc} Wrack from=person time=1h", f"cast {pc} Wrack roll=10,3",
                f"bout {pc} roll=3,4"]
    if kind == "bond":  # FHTAGN: a bond's score, and a requisition that costs the contact's bond
        if system != "fhtagn":
            return []
        if secret:
            return [f"bond {pc} Sister {rng.randint(1, 9)}{tail}"]
        return [f"req {pc} pistol via=favour contact=Sister"]
    if op == "day":  # what acts on everyone at once (CoC: a new game day; a chase's next round and a move)
        if system != "coc7":
            return ["hazard tick all"] if system == "fhtagn" else []
        return ["sanity day", "chase next", f"chase move {pc}"]
    if kind == "goon":  # a campaign template, and the characters made from it
        if secret:
            return [GOON[system].format(v=rng.randint(*GOON_RANGE[system])) + tail]
        return ["npc add goon"]
    raise AssertionError(op)


def play(system: str, ops: list[str], salt: int, seed: int = 0) -> Twin:
    """One run: public commands' dice drawn from ``seed`` (the same in both runs), secret commands'
    values and dice from ``salt`` (different)."""
    eng = Engine.memory(system, source=RandomSource(seed))
    for line in (*SETUP[system], GOON[system].format(v=GOON_RANGE[system][0] - 1)):
        eng.execute(line)
    follower = PublicLog(depth=FOLLOW_DEPTH)  # a player's view, fed action by action
    fed: list[tuple[list[str], bool]] = []
    sink = eng.sink
    assert isinstance(sink, MemorySink)
    follower.feed(list(sink.events))
    secrets = random.Random(salt)
    gm: list[str] = []
    refused: list[tuple[int, int]] = []
    for n, op in enumerate(ops):
        secret = op.startswith("secret")
        for i, line in enumerate(lines_of(system, op, n, secrets)):
            # a source per command: what a secret draws moves no public die
            eng.source = RandomSource(secrets.randrange(1 << 30) if secret else seed * 1000 + n * 10 + i)
            start = len(sink.events)
            try:
                eng.execute(line)
            except (Rejected, ParseError) as exc:
                gm.append(f"{line} → refused: {exc}")
                refused.append((n, i))
                continue
            new = sink.events[start:]
            gm += [f"{line} → " + "; ".join(("🔒 " if ev.secret else "") + ev.describe(eng.names) for ev in new)]
            entries, rebuilt = follower.feed(new)
            fed.append(([e.text for e in entries], rebuilt))
    events = sink.events
    log = public_log(events)
    outputs: dict[str, object] = {
        "log": [(e.no, e.text, e.session) for e in log.entries],
        "follower": [(e.no, e.text, e.session) for e in follower.entries],
        "state": _players_state(log),
        "follower state": _players_state(follower),
        "md": export_text(events, "md", players=True),
        "html": export_text(events, "html", players=True),
    }
    # the stream as fed: only the public part counts (an action wholly secret adds nothing)
    outputs["stream"] = [step for step in fed if step[0] or step[1]]
    return Twin(outputs, gm, refused, list(events))


#: Fields of the state that hold the GM's log positions (never shown to players as numbers).
_POSITIONS = frozenset({"seq", "started_seq", "ended_seq", "group", "ts", "started_ts"})


def _players_state(log: PublicLog) -> object:
    """The players' view state, its characters by name (a character's id is the GM's key: "cultist 5"
    for the players' Cultist 1 — never shown), without the GM's log positions."""
    state = msgspec.to_builtins(log.state)
    ids = {c["id"]: c["name"] for c in state["characters"].values()}
    state["characters"] = {c["name"]: c for c in state["characters"].values()}
    # as JSON in the state's own order: a table's rows (the characters, the fighters…) in another
    # order would tell players something too
    return json.dumps(_without_positions(_named(state, ids)), indent=1, default=str)


def _named(value: object, ids: dict[str, str]) -> object:
    """``value`` with every character id written as the character's name (players' names)."""
    if isinstance(value, str):
        return ids.get(value, value)
    if isinstance(value, dict):
        return {ids.get(k, k) if isinstance(k, str) else k: _named(v, ids) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_named(v, ids) for v in value]
    return value


def _without_positions(value: object) -> object:
    if isinstance(value, dict):
        if "since" in value and isinstance(value["since"], dict):  # a condition's (seq that set it, note)
            value = {**value, "since": {c: v[1] for c, v in value["since"].items()}}
        return {k: _without_positions(v) for k, v in value.items() if k not in _POSITIONS}
    if isinstance(value, list):
        return [_without_positions(v) for v in value]
    return value


def differences(system: str, ops: list[str], salts: tuple[int, int], seed: int = 0) -> list[str] | None:
    """Where the players' outputs of the two runs differ (empty: nothing players read tells a secret).

    None when a command was refused in one run only — then the GM did not do the same things in both,
    and what players read may differ as what the GM did does: a secret ``char set`` to the value
    already there ("Bob already has those values"), a public attack on someone a secret left
    unconscious (refused in one run; in the other done, and kept from players — with what it changed).
    The engine's refusal is the GM's to read; players read nothing of either."""
    one, two = play(system, ops, salts[0], seed), play(system, ops, salts[1], seed)
    if one.refused != two.refused:
        return None
    out = []
    for where, value in one.outputs.items():
        if value != two.outputs[where]:
            diff = difflib.unified_diff(_lines(value), _lines(two.outputs[where]), "run 1", "run 2", lineterm="", n=1)
            out.append(f"{where} differs\n--- run 1 GM:\n" + "\n".join(one.gm) + "\n--- run 2 GM:\n" + "\n".join(two.gm)
                       + "\n" + "\n".join(list(diff)[:40]))
    return out


def _lines(value: object) -> list[str]:
    if isinstance(value, str):
        return value.splitlines()
    if isinstance(value, list):
        return [str(v) for v in value]
    return json.dumps(value, indent=1, sort_keys=True, default=str).splitlines()
