"""Commands of FHTAGN sanity: SAN tests, disorder triggers, insomnia, disorders."""

from __future__ import annotations

from fhtagn_tui.domain.features.sanity import (
    AddDisorder,
    DisorderTrigger,
    RemoveDisorder,
    SanTest,
    SleepCheck,
)

from .language import Args, command


def _repress(args: Args, start: int) -> tuple[bool, str]:
    """``repress`` as a bare word, or ``repress=BOND``."""
    extra = [p.casefold() for p in args.positional[start:]]
    if any(p != "repress" for p in extra):
        raise args.fail(f"{args.spec.words}: unexpected {' '.join(args.positional[start:])!r}")
    bond = args.opt("repress")
    return bool(extra) or bond is not None, bond or ""


@command(
    "san",
    "san NAME LOSS [kind=unnatural|violence|helplessness] [project=BOND] [repress|repress=BOND] "
    "[reaction=flee|struggle|submit] [disorder=TEXT] [mod=±N] [roll=VALUES]",
    "an FHTAGN SAN test: loss, projection, insanity, breaking point, adaptation",
    details=(
        "LOSS is SUCCESS/FAILURE, e.g. 1/1d6.  Dice are drawn in this order: the d100 test, the loss,\n"
        "the projection 1d4, then for each repression its 1d4 and d100, the acute-episode d100\n"
        "(with a disorder), and the 1d6 of adaptation.  Temporary insanity's reaction is the GM's:\n"
        "reaction= with the test, or afterwards 'cond add NAME insane-flee|insane-struggle|insane-submit'\n"
        "(add 'secret' to it after a secret test: players would read the condition)\n"
        "(FH-SAN-07: the source's typical two are told; nothing is rolled for it).\n"
        "disorder= names the disorder gained if the breaking point is reached."
    ),
    examples=(
        "san ada 1/1d6",
        "san ada 1/1d8 kind=violence project=Sister repress reaction=flee roll=80,7,2,3,40",
    ),
    dice=True,
)
def _san(args: Args) -> SanTest:
    name = args.pos(0, "NAME")
    loss = args.pos(1, "LOSS (e.g. 1/1d6)")
    repress, bond = _repress(args, 2)
    return SanTest(
        name=name,
        loss=loss,
        source=args.opt("kind", "unnatural") or "unnatural",
        project=args.opt("project", "") or "",
        repress=repress,
        repress_bond=bond,
        reaction=args.opt("reaction", "") or "",
        disorder=args.opt("disorder", "") or "",
        modifier=args.int_opt("mod", 0),
    )


@command(
    "san trigger",
    "san trigger NAME [repress|repress=BOND] [mod=±N] [roll=VALUES]",
    "an agent meets a trigger of their disorder: SAN roll, acute episode on failure",
    examples=("san trigger ada", "san trigger ada repress=Sister roll=80,2,30"),
    dice=True,
)
def _san_trigger(args: Args) -> DisorderTrigger:
    name = args.pos(0, "NAME")
    repress, bond = _repress(args, 1)
    return DisorderTrigger(name=name, repress=repress, repress_bond=bond, modifier=args.int_opt("mod", 0))


@command(
    "san sleep",
    "san sleep NAME [mod=±N] [roll=VALUE]",
    "insomnia: the SAN roll for sleeping after temporary insanity or a new disorder",
    examples=("san sleep ada roll=55",),
    dice=True,
    aliases=("insomnia",),
)
def _san_sleep(args: Args) -> SleepCheck:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    return SleepCheck(name=name, modifier=args.int_opt("mod", 0))


@command(
    "disorder add",
    "disorder add NAME TEXT",
    "give an agent a mental disorder (FHTAGN)",
    examples=('disorder add ada "PTSD (the farmhouse)"',),
)
def _disorder_add(args: Args) -> AddDisorder:
    name = args.pos(0, "NAME")
    text = args.rest(1)
    if not text:
        raise args.fail("disorder add: which disorder?")
    return AddDisorder(name=name, disorder=text)


@command(
    "disorder remove",
    "disorder remove NAME TEXT",
    "take a disorder away (cured by psychotherapy)",
    aliases=("disorder rm", "disorder del"),
)
def _disorder_remove(args: Args) -> RemoveDisorder:
    name = args.pos(0, "NAME")
    text = args.rest(1)
    if not text:
        raise args.fail("disorder remove: which disorder?")
    return RemoveDisorder(name=name, disorder=text)
