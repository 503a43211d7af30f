"""Commands of FHTAGN healing: first aid, medical treatment, recuperation, resuscitation, exertion."""

from __future__ import annotations

from fhtagn_tui.domain.features.fh_healing import (
    Exert,
    GiveFirstAid,
    MedicalTreatment,
    Recuperate,
    Resuscitate,
)

from .language import Args, command


def words(args: Args, start: int, allowed: tuple[str, ...]) -> set[str]:
    """Bare words (or --flags) after the positional names, checked against ``allowed``."""
    found = {w.casefold().removeprefix("--") for w in args.positional[start:]}
    for flag in list(args.flags):
        args.flag(flag)
        found.add(flag)
    unknown = sorted(found - set(allowed))
    if unknown:
        raise args.fail(f"{args.spec.words}: unexpected {unknown[0]!r}" + (f" (words: {', '.join(allowed)})" if allowed else ""))
    return found


@command(
    "firstaid",
    "firstaid HEALER PATIENT [airway] [skill=N] [mod=±N] [roll=…]",
    "first aid: FHTAGN 1d4 HP (critical 2×1d4, fumble 1d4 damage); CoC stabilises a dying patient",
    details="airway: clear a suffocating patient's airway instead (a success ends the suffocation).\n"
    "skill= overrides the healer's First Aid.  Dice: the d100, then the d4.\n"
    "Call of Cthulhu: a First Aid roll on a dying character; a success stabilises them (no more CON "
    "rolls at the end of each round: COC-PARTY-04).",
    examples=("firstaid ada bob", "firstaid ada bob roll=22,3", "firstaid ada bob airway"),
    dice=True,
    aliases=("first aid", "stabilize", "stabilise"),
)
def _firstaid(args: Args) -> GiveFirstAid:
    healer = args.pos(0, "HEALER")
    patient = args.pos(1, "PATIENT")
    flags = words(args, 2, ("airway",))
    return GiveFirstAid(healer=healer, patient=patient, airway="airway" in flags,
                        skill_value=args.int_opt_none("skill"), modifier=args.int_opt("mod", 0))


@command(
    "medical",
    "medical PATIENT by=HEALER|skill=N [weeks=N] [mod=±N] [roll=…]",
    "FHTAGN treatment: a Medicine test once per week (1d4 HP, critical 2×1d4, fumble 1d4 damage)",
    details="One roll per week; stops early at max HP.  by= names a healer in the party; skill= gives "
    "medical staff's Medicine.",
    examples=("medical bob by=ada", "medical bob skill=60 weeks=3"),
    dice=True,
)
def _medical(args: Args) -> MedicalTreatment:
    patient = args.pos(0, "PATIENT")
    args.max_positional(1)
    return MedicalTreatment(patient=patient, healer=args.opt("by", "") or "", skill_value=args.int_opt_none("skill"),
                            weeks=args.int_opt("weeks", 1), modifier=args.int_opt("mod", 0))


@command(
    "recuperate",
    "recuperate NAME [days=N] [roll=…]",
    "FHTAGN recuperation: CON×5 once per day of safe rest (critical +2, success +1, fumble 1 damage)",
    details="One roll per day; stops early at max HP.",
    examples=("recuperate bob days=3", "recuperate bob roll=12"),
    dice=True,
    aliases=("rest",),
)
def _recuperate(args: Args) -> Recuperate:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    return Recuperate(name=name, days=args.int_opt("days", 1))


@command(
    "resuscitate",
    "resuscitate HEALER PATIENT minutes=M [skill=N] [mod=±N] [roll=…]",
    "FHTAGN resuscitation: First Aid within CON minutes of death, one attempt (1d4 HP, critical 2×1d4)",
    examples=("resuscitate ada bob minutes=3",),
    dice=True,
    aliases=("revive",),
)
def _resuscitate(args: Args) -> Resuscitate:
    healer = args.pos(0, "HEALER")
    patient = args.pos(1, "PATIENT")
    args.max_positional(2)
    minutes = args.int_opt_none("minutes")
    if minutes is None:
        raise args.fail("resuscitate: how long since death? minutes=M (it must be within CON minutes)")
    return Resuscitate(healer=healer, patient=patient, minutes=minutes, skill_value=args.int_opt_none("skill"),
                       modifier=args.int_opt("mod", 0))


@command(
    "exert",
    "exert NAME [ACTIVITY] [roll=…]",
    "FHTAGN: a grave physical activity while below max HP costs 1d4 HP (GM's call)",
    examples=("exert bob climbing the cliff",),
    dice=True,
)
def _exert(args: Args) -> Exert:
    name = args.pos(0, "NAME")
    return Exert(name=name, activity=args.rest(1))
