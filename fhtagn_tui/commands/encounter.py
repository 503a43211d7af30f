"""Commands of the encounter (all systems): fight start/add/remove/next/wait/act/end."""

from __future__ import annotations

from fhtagn_tui.domain.features.encounter import (
    ActNow,
    AddCombatants,
    EndFight,
    NextTurn,
    ReadyFirearm,
    RemoveCombatant,
    SetOrder,
    StartFight,
    WaitTurn,
    format_encounter,
)
from fhtagn_tui.domain.features.templates import SpawnFromTemplate

from .language import Args, Query, command
from .templates import quick_add


@command("fight start", "fight start [TITLE]", "start a fight (then fight add NAME …, fight next)",
         examples=("fight start Ambush at the mill",), aliases=("encounter start",))
def _fight_start(args: Args) -> StartFight:
    return StartFight(title=args.rest(0))


@command(
    "fight add",
    "fight add NAME [NAME …] [side=pc|npc|…] [--readied]   or   fight add N TEMPLATE",
    "put characters into the fight; the acting order is worked out again",
    details="--readied: a readied firearm (CoC acts at DEX+50). GURPS ties are settled by a d6 each.\n"
    "fight add N TEMPLATE creates N numbered characters from a template (template add), or from the\n"
    "bestiary when no template has that name, and adds them.",
    examples=("fight add ada bob cultist", "fight add harvey --readied", "fight add 3 cultist"),
    dice=True,
)
def _fight_add(args: Args) -> AddCombatants | SpawnFromTemplate:
    if not args.positional:
        raise args.fail("fight add: who joins the fight?")
    if len(args.positional) >= 2 and args.positional[0].isdigit():
        return quick_add(args)  # fight add 3 cultist
    return AddCombatants(names=tuple(args.positional), readied=args.flag("readied"), side=args.opt("side", "") or "")


@command("fight remove", "fight remove NAME", "take a character out of the fight", aliases=("fight rm",))
def _fight_remove(args: Args) -> RemoveCombatant:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    return RemoveCombatant(name=name)


@command(
    "fight next",
    "fight next",
    "the next character in order acts (starts the first round; a new round clears per-round marks)",
    details="FHTAGN: a stunned character tests CON×5 when their turn comes (FH-DMG-06).",
    dice=True,
    aliases=("next",),
)
def _fight_next(args: Args) -> NextTurn:
    args.max_positional(0)
    return NextTurn()


@command("fight wait", "fight wait NAME", "the acting character delays; 'fight act NAME' brings them in later",
         examples=("fight wait ada",), dice=True)
def _fight_wait(args: Args) -> WaitTurn:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    return WaitTurn(name=name)


@command("fight act", "fight act NAME", "a waiting character acts now, before the one whose turn it is",
         examples=("fight act ada",))
def _fight_act(args: Args) -> ActNow:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    return ActNow(name=name)


@command("fight ready", "fight ready NAME [--off]", "a character readies (or lowers) a firearm; reorders",
         examples=("fight ready harvey",), dice=True)
def _fight_ready(args: Args) -> ReadyFirearm:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    return ReadyFirearm(name=name, readied=not args.flag("off"))


@command("fight order", "fight order NAME NAME …", "set the acting order by hand (every fighter once)",
         examples=("fight order cultist ada bob",))
def _fight_order(args: Args) -> SetOrder:
    if not args.positional:
        raise args.fail("fight order: name every fighter in the new order")
    return SetOrder(names=tuple(args.positional))


@command("fight end", "fight end", "end the fight", aliases=("encounter end",))
def _fight_end(args: Args) -> EndFight:
    args.max_positional(0)
    return EndFight()


@command("fight show", "fight show", "show the round, the acting order and who acts now", )
def _fight_show(args: Args) -> Query:
    args.max_positional(0)
    return Query(run=format_encounter)
