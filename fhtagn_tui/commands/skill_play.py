"""Commands of skill play between the fights: push, consequence, luck, oppose, combine, the
development phase and the campaign's Luck-spending setting."""

from __future__ import annotations

from fhtagn_tui.domain.features.skill_play import (
    SETTINGS,
    CombineRoll,
    Develop,
    Oppose,
    PushRoll,
    RollLuck,
    SetSetting,
    SpendLuck,
    WriteConsequence,
)

from .language import Args, command


@command(
    "push",
    'push NAME ["WHAT THEY DO DIFFERENTLY"] [roll=VALUES] [secret]',
    "push the character's last failed roll (CoC, COC-DICE-06): once, same skill, difficulty and dice",
    details="Never a combat, SAN, Luck or Cthulhu Mythos roll, a fumble or a roll already pushed.\n"
    "If the push fails, write the Keeper's consequence: consequence NAME \"WORDS\" (the program invents none).\n"
    "A player may ask to push their own failed roll from their screen (u): push NAME confirms it with their reason.",
    examples=('push ada "she reads the marginalia by lamplight all night"',),
    dice=True,
)
def _push(args: Args) -> PushRoll:
    name = args.pos(0, "NAME")
    return PushRoll(name=name, reason=args.rest(1))  # no reason: the one a player asked with (else refused)


@command(
    "consequence",
    'consequence NAME "THE KEEPER\'S WORDS"',
    "the Keeper's consequence of a failed push, in the Keeper's words (COC-DICE-06)",
    examples=('consequence ada "the librarian calls the police"',),
)
def _consequence(args: Args) -> WriteConsequence:
    name = args.pos(0, "NAME")
    words = args.rest(1)
    if not words.strip():
        raise args.fail("consequence: the Keeper's words, e.g. consequence ada \"the lamp tips over\"")
    return WriteConsequence(name=name, words=words)


@command(
    "luck",
    "luck NAME [NAME …] [mod=±N] [bonus=N] [penalty=N] [roll=VALUES] [secret]",
    "a Luck roll (FHTAGN: flat 50 %, FH-DEV-01; CoC: vs Luck); several names: group Luck",
    details="CoC: a group Luck roll is rolled by whoever has the lowest Luck (COC-DICE-07).\n"
    "FHTAGN: one roll stands for the group, by the character named first (FH-DEV-01).",
    examples=("luck ada", "luck ada harvey roll=47"),
    dice=True,
)
def _luck(args: Args) -> RollLuck:
    if not args.positional:
        raise args.fail("luck: whose Luck? luck NAME [NAME …]")
    return RollLuck(names=tuple(args.positional), modifier=args.int_opt("mod", 0), bonus=args.int_opt("bonus", 0),
                    penalty=args.int_opt("penalty", 0))


@command(
    "luck spend",
    "luck spend NAME",
    "spend Luck to buy up the character's last failed roll (CoC optional rule, COC-DICE-09)",
    details="Off by default: campaign set luck-spending on.  Never Luck, SAN or pushed rolls, nor a fumble;\n"
    "the roll earns no experience check.",
    examples=("luck spend ada",),
)
def _luck_spend(args: Args) -> SpendLuck:
    args.max_positional(1)
    return SpendLuck(name=args.pos(0, "NAME"))


@command(
    "oppose",
    "oppose NAME SKILL vs NAME SKILL [mod=±N] [vs_mod=±N] [bonus=N] [penalty=N] [vs_bonus=N] [vs_penalty=N] "
    "[roll=VALUES] [secret]",
    "an opposed roll outside combat; the one after vs defends (FH-DEV-02, COC-DICE-10, GURPS-DICE-04)",
    details="FHTAGN: ties and double failures go to the defender.  CoC: better level, then higher skill; a full tie\n"
    "goes to the defender; the winner's skill earns an experience check.  GURPS: a quick contest; a tie keeps\n"
    "the status quo.  Quote names and skills of several words or write them after the name: "
    "oppose ada Stealth vs \"the watchman\" Listen.",
    examples=("oppose ada Stealth vs cultist Listen", "oppose ada Fast Talk vs harvey Psychology roll=40,55"),
    dice=True,
)
def _oppose(args: Args) -> Oppose:
    words = args.positional
    split = [i for i, w in enumerate(words) if w.casefold() == "vs"]
    if len(split) != 1:
        raise args.fail("oppose: write NAME SKILL vs NAME SKILL, e.g. oppose ada Stealth vs cultist Listen")
    at = split[0]
    left, right = words[:at], words[at + 1:]
    if len(left) < 2 or len(right) < 2:
        raise args.fail("oppose: each side needs a name and a skill: oppose ada Stealth vs cultist Listen")
    return Oppose(
        active=left[0], active_skill=" ".join(left[1:]), defender=right[0], defender_skill=" ".join(right[1:]),
        modifier=args.int_opt("mod", 0), vs_modifier=args.int_opt("vs_mod", 0),
        bonus=args.int_opt("bonus", 0), penalty=args.int_opt("penalty", 0),
        vs_bonus=args.int_opt("vs_bonus", 0), vs_penalty=args.int_opt("vs_penalty", 0),
    )


@command(
    "combine",
    "combine NAME SKILL[:hard|:extreme], SKILL[:…][, …] need=all|any [bonus=N] [penalty=N] [roll=VALUES] [secret]",
    "a combined roll (CoC, COC-DICE-08): one d100 against two or more skills, each at its difficulty",
    details="The Keeper says beforehand whether it needs all of the skills (need=all) or any (need=any).",
    examples=("combine ada Spot Hidden, Listen need=any", "combine harvey Art/Craft:hard, History need=all"),
    dice=True,
)
def _combine(args: Args) -> CombineRoll:
    name = args.pos(0, "NAME")
    parts = [p.strip() for p in args.rest(1).split(",") if p.strip()]
    skills: list[str] = []
    diffs: list[str] = []
    for part in parts:
        skill, _, diff = part.rpartition(":") if part.casefold().endswith((":hard", ":extreme", ":regular")) else (part, "", "")
        skills.append(skill.strip())
        diffs.append(diff.strip().casefold())
    return CombineRoll(name=name, skills=tuple(skills), difficulties=tuple(diffs),
                       need=(args.opt("need", "") or "").casefold(), bonus=args.int_opt("bonus", 0),
                       penalty=args.int_opt("penalty", 0))


def _listed(raw: str | None) -> tuple[str, ...]:
    return tuple(p.strip() for p in (raw or "").split(",") if p.strip())


@command(
    "develop",
    "develop [skip=NAME|NAME:Skill,…] [recover=NAME,…] [roll=VALUES]",
    "the development phase (end of a session): checked or marked skills improve — one action, undone as one",
    details="CoC: each checked skill rolls 1D100, over the skill or over 95 gains 1D10; reaching 90 the first\n"
    "time gives 2D6 SAN (COC-DEV-02); each investigator rolls for Luck (COC-DEV-03); each cumulative SAN loss\n"
    "drops by 1 (COC-DEV-04); recover=NAME is the Keeper's allowed recovery from indefinite insanity.\n"
    "FHTAGN: each marked skill gains 1D4, capped at 99 (FH-DEV-04).  skip= leaves a character or a skill out.",
    examples=("develop", "develop skip=\"harvey:Library Use\"", "develop recover=harvey"),
    dice=True,
)
def _develop(args: Args) -> Develop:
    args.max_positional(0)
    return Develop(skip=_listed(args.opt("skip")), recover=_listed(args.opt("recover")))


@command(
    "campaign set",
    "campaign set SETTING on|off",
    "a campaign setting: luck-spending (CoC optional rule COC-DICE-09, off by default)",
    examples=("campaign set luck-spending on",),
)
def _campaign_set(args: Args) -> SetSetting:
    args.max_positional(2)
    setting = args.pos(0, "SETTING")
    value = args.pos(1, "on|off").casefold()
    if value not in ("on", "off"):
        raise args.fail(f"campaign set: {setting} is on or off, not {value!r}")
    if setting.casefold() not in SETTINGS:
        raise args.fail(f"campaign set: {setting!r} is not a setting (settings: {', '.join(SETTINGS)})")
    return SetSetting(setting=setting.casefold(), on=value == "on")
