"""Commands of Call of Cthulhu 7e chases and vehicles (``chase …``).

Every command acts on the latest chase still running unless ``chase=N`` names one.
"""

from __future__ import annotations

from fhtagn_tui.domain.features.chase import (
    AddParticipant,
    Barrier,
    Catch,
    Crash,
    CrossHazard,
    Drop,
    EndChase,
    Escape,
    Move,
    Navigate,
    NewChase,
    NextRound,
    Pedal,
    PlaceLocation,
    RamVehicle,
    RandomLocation,
    Shoot,
    StartChase,
    SuddenHazard,
    Switch,
)
from fhtagn_tui.domain.state import State
from fhtagn_tui.rules.coc import chase as rc
from fhtagn_tui.rules.coc import vehicles as rv

from .language import Args, Query, command, to_int


def _num(args: Args) -> int:
    return args.int_opt("chase", 0)


_OCC = " [occupants=hurt|luck|spared|killed]"
_OCC_HELP = ("occupants=: the Keeper's call for the people inside if a vehicle is wrecked or halted "
             "(COC-VEHICLE-04/05): hurt (2D10 each thrown clear of a wreck, 1D10 each in an accident), "
             "luck (a Luck roll each: thrown clear or killed; unhurt or 1D10), spared, or killed (a wreck only). "
             "Without it nobody is harmed until 'chase crash VEHICLE CHOICE'.")


def _occupants(args: Args) -> str:
    raw = (args.opt("occupants", "") or "").strip().casefold()
    if raw and raw not in rv.OCCUPANT_CHOICES:
        raise args.fail(f"occupants= is one of {', '.join(rv.OCCUPANT_CHOICES)}, not {raw!r}")
    return raw


def _names(raw: str | None) -> tuple[str, ...]:
    return tuple(n.strip() for n in (raw or "").split(",") if n.strip())


@command(
    "chase new",
    "chase new [TITLE] [era=modern|1920s] [env=normal|hazardous|safe]",
    "set up a chase (one per pursuing group)",
    details="era=1920s takes 20 % off listed vehicle MOV; env= gives random locations a penalty (hazardous) "
    "or bonus (safe) die.",
    examples=("chase new Through the docks", "chase new Road to Arkham era=1920s env=hazardous"),
)
def _new(args: Args) -> NewChase:
    return NewChase(title=args.rest(0), era=args.opt("era", "modern") or "modern",
                    environment=args.opt("env", "normal") or "normal")


@command(
    "chase add",
    "chase add NAME role=flee|pursue [vehicle=TYPE driver=NAME [passengers=A,B]] [mov=N] "
    "[aptitude=aptitude|neither|ineptitude] [chase=N]",
    "add a character on foot, or a vehicle with its driver, to a chase being set up",
    details="On foot NAME is a character.  With vehicle= NAME labels the vehicle (e.g. Ford) and driver= is a "
    "character.  mov= overrides MOV (monsters).  aptitude= sets how an NPC without a skill rolls (DEX, DEX/2, DEX/5).",
    examples=("chase add Harvey role=flee", 'chase add Ford role=flee vehicle=car driver=Harvey passengers=Ada',
              "chase add Ghoul role=pursue mov=9 aptitude=aptitude"),
)
def _add(args: Args) -> AddParticipant:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    role = args.opt("role")
    if not role:
        raise args.fail("chase add: give role=flee or role=pursue")
    return AddParticipant(
        chase=_num(args), name=name, side=role, vehicle=args.opt("vehicle", "") or "",
        driver=args.opt("driver", "") or "", passengers=_names(args.opt("passengers")),
        mov=args.int_opt_none("mov"), aptitude=(args.opt("aptitude", "neither") or "neither").casefold(),
    )


@command(
    "chase location add",
    "chase location add [hazard=regular|hard|extreme | barrier|open] [NAME] [at=N] [skill=SKILL] "
    "[damage=minor|moderate|severe|deadly|terminal|splat] [incident=minor|…|none] [hp=N] [difficulty=…]",
    "place a hazard or barrier on a location (numbered from the slowest pursuer, 0, forward)",
    details="A barrier's hp= comes from its name when it is in the table (door, fence, wall, tree, bridge …). "
    "damage= is what people who fail take; vehicles who fail take the collision row matching the difficulty "
    "unless incident= says otherwise.",
    examples=('chase location add hazard=hard "Fallen market stalls" skill=Jump at=4',
              "chase location add barrier hp=10 at=6 skill=Climb", 'chase location add barrier "brick wall"'),
    aliases=("chase loc add",),
)
def _location_add(args: Args) -> PlaceLocation:
    words = list(args.positional)
    kind = rc.HAZARD
    hazard = args.opt("hazard")
    difficulty = args.opt("difficulty", "regular") or "regular"
    if words and words[0].casefold() in (rc.HAZARD, rc.BARRIER, rc.OPEN):
        kind = words.pop(0).casefold()
    if hazard is not None:
        if kind == rc.BARRIER:
            raise args.fail("a location is either a barrier or a hazard")
        kind, difficulty = rc.HAZARD, hazard
    return PlaceLocation(
        chase=_num(args), at=args.int_opt_none("at"), kind=kind, difficulty=difficulty.casefold(),
        name=" ".join(words), skill=args.opt("skill", "") or "", damage=args.opt("damage", "") or "",
        incident=args.opt("incident", "") or "", hp=args.int_opt_none("hp"),
    )


@command(
    "chase location random",
    "chase location random [at=N] [count=N] [chase=N]",
    "roll locations on 1D100 (01–59 open, 60+ Regular, 85+ Hard, 96+ Extreme hazard)",
    examples=("chase location random count=3", "chase location random at=5 roll=88"),
    dice=True,
    aliases=("chase loc random",),
)
def _location_random(args: Args) -> RandomLocation:
    args.max_positional(0)
    return RandomLocation(chase=_num(args), at=args.int_opt_none("at"), count=args.int_opt("count", 1))


@command(
    "chase start",
    "chase start [escape=NAME,...] [hold=NAME,...] [chase=N]",
    "run the setup: speed rolls, escapes and drop-outs, placement, movement actions, DEX order",
    details=("A fleeing participant faster than every pursuer after the speed rolls may escape; the Keeper "
             "decides (COC-CHASE-04): escape= lets them go, hold= keeps them in the chase. Undecided, the start "
             "stops after the speed rolls (kept, never re-rolled) and says who may escape; run it again with "
             "escape= or hold=."),
    examples=("chase start", "chase start escape=Ford", "chase start hold=Harvey roll=40,55,62"),
    dice=True,
)
def _start(args: Args) -> StartChase:
    args.max_positional(0)
    return StartChase(chase=_num(args), hold=_names(args.opt("hold")), escape=_names(args.opt("escape")))


@command("chase move", "chase move NAME [LOCATIONS] [chase=N]",
         "move forward one location per movement action (stops before a hazard or barrier)",
         examples=("chase move harvey 2",))
def _move(args: Args) -> Move:
    name = args.pos(0, "NAME")
    steps = to_int(args.pos_opt(1, "1"), "LOCATIONS", args)
    args.max_positional(2)
    return Move(chase=_num(args), name=name, steps=steps)


@command("chase hazard", "chase hazard NAME [cautious=1|2] [skill=SKILL]" + _OCC + " [chase=N]",
         "cross the hazard ahead: a skill roll; failure costs 1D3 actions and maybe damage",
         details=_OCC_HELP, examples=("chase hazard harvey cautious=1", "chase hazard ford roll=47"), dice=True)
def _hazard(args: Args) -> CrossHazard:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    return CrossHazard(chase=_num(args), occupants=_occupants(args), name=name, cautious=args.int_opt("cautious", 0),
                       skill=args.opt("skill", "") or "")


@command("chase barrier", "chase barrier NAME pass|break [skill=SKILL] [damage=EXPR]" + _OCC + " [chase=N]",
         "get past the barrier ahead: a skill roll, or break it (vehicles: Build×1D10; people: damage=EXPR)",
         details=_OCC_HELP, examples=("chase barrier harvey pass skill=Climb", "chase barrier truck break", "chase barrier ada break damage=1d3"),
         dice=True)
def _barrier(args: Args) -> Barrier:
    name = args.pos(0, "NAME")
    method = args.pos(1, "pass|break")
    args.max_positional(2)
    return Barrier(chase=_num(args), occupants=_occupants(args), name=name, method=method, skill=args.opt("skill", "") or "",
                   damage=args.opt("damage", "") or "")


@command("chase pedal", "chase pedal NAME 2|3|4|5" + _OCC + " [chase=N]",
         "pedal to the metal: one action moves 2–3 (1 penalty die on hazards) or 4–5 locations (2 penalty dice)",
         details=_OCC_HELP, examples=("chase pedal ford 3",), dice=True)
def _pedal(args: Args) -> Pedal:
    name = args.pos(0, "NAME")
    n = to_int(args.pos(1, "LOCATIONS"), "LOCATIONS", args)
    args.max_positional(2)
    return Pedal(chase=_num(args), occupants=_occupants(args), name=name, locations=n)


@command("chase navigate", "chase navigate VEHICLE [passenger=NAME] [skill=Spot Hidden|Navigate] [chase=N]",
         "a passenger navigates: success takes one penalty die off the next pedal to the metal",
         examples=("chase navigate ford passenger=ada",), dice=True)
def _navigate(args: Args) -> Navigate:
    name = args.pos(0, "VEHICLE")
    args.max_positional(1)
    return Navigate(chase=_num(args), name=name, passenger=args.opt("passenger", "") or "",
                    skill=args.opt("skill", "") or "")


@command("chase ram", "chase ram VEHICLE TARGET" + _OCC + " [chase=N]",
         "ram a vehicle or person in the same location (Drive Auto vs Drive Auto/Dodge; Build×1D10)",
         details=_OCC_HELP, examples=("chase ram truck ford",), dice=True)
def _ram(args: Args) -> RamVehicle:
    name = args.pos(0, "VEHICLE")
    target = args.pos(1, "TARGET")
    args.max_positional(2)
    return RamVehicle(chase=_num(args), occupants=_occupants(args), name=name, target=target)


@command("chase shoot", "chase shoot SHOOTER TARGET damage=EXPR [skill=SKILL] [difficulty=…] [--still] [--tyre]" + _OCC + " [chase=N]",
         "shoot in a chase: a penalty die on the move (--still spends an action instead); --tyre aims at a tyre",
         details=_OCC_HELP, examples=('chase shoot ada truck --tyre damage=1d10', 'chase shoot ada brute damage=1d10 "skill=Firearms (Handgun)"'),
         dice=True)
def _shoot(args: Args) -> Shoot:
    name = args.pos(0, "SHOOTER")
    target = args.pos(1, "TARGET")
    args.max_positional(2)
    damage = args.opt("damage")
    if not damage:
        raise args.fail("chase shoot: give the weapon's damage=EXPR, e.g. damage=1d10")
    return Shoot(chase=_num(args), occupants=_occupants(args), name=name, target=target, damage=damage,
                 skill=args.opt("skill", "Firearms (Handgun)") or "Firearms (Handgun)",
                 difficulty=args.opt("difficulty", "regular") or "regular",
                 stationary=args.flag("still"), tyre=args.flag("tyre"))


@command("chase crash", "chase crash VEHICLE hurt|luck|spared|killed [chase=N] [roll=…]",
         "the Keeper's call for the occupants of a wrecked or halted vehicle (COC-VEHICLE-04/05)",
         details="A spectacular wreck (COC-VEHICLE-04): hurt throws everyone clear for 2D10 each, luck gives each "
         "a Luck roll (success: thrown clear for 2D10; failure: killed), killed is the full consequence. "
         "An accident (Build 0 bit by bit, or wrecked on a barrier: COC-VEHICLE-05, COC-CHASE-14): hurt deals "
         "1D10 to each, luck gives each a Luck roll (success: unhurt; failure: 1D10). spared: nobody is hurt. "
         "Dice: each occupant in turn, the Luck d100 then the damage dice.",
         examples=("chase crash ford luck", "chase crash ford hurt roll=4,7,9", "chase crash ford spared"), dice=True)
def _crash(args: Args) -> Crash:
    name = args.pos(0, "VEHICLE")
    choice = args.pos(1, "hurt|luck|spared|killed").casefold()
    args.max_positional(2)
    if choice not in rv.OCCUPANT_CHOICES:
        raise args.fail(f"chase crash: the Keeper's call is one of {', '.join(rv.OCCUPANT_CHOICES)}, not {choice!r}")
    return Crash(chase=_num(args), name=name, choice=choice)


@command("chase sudden", "chase sudden keeper|players [chase=N]",
         "call a sudden hazard (once a round, sides alternate): a group Luck roll decides who places it",
         examples=("chase sudden players",), dice=True)
def _sudden(args: Args) -> SuddenHazard:
    caller = args.pos(0, "keeper|players")
    args.max_positional(1)
    return SuddenHazard(chase=_num(args), caller=caller)


@command("chase switch", "chase switch NAME foot|VEHICLE [as=LABEL] [chase=N]",
         "switch between running and driving: a fresh speed roll and new movement actions",
         examples=('chase switch harvey car as="Stolen Ford"', "chase switch ford foot"), dice=True)
def _switch(args: Args) -> Switch:
    name = args.pos(0, "NAME")
    mode = args.rest(1)
    if not mode:
        raise args.fail("chase switch: foot or a vehicle type?")
    vehicle = "" if mode.casefold() == "foot" else mode
    return Switch(chase=_num(args), name=name, vehicle=vehicle, label_text=args.opt("as", "") or "")


@command("chase escape", "chase escape NAME [chase=N]", "a fleeing participant gets away (the Keeper rules it)")
def _escape(args: Args) -> Escape:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    return Escape(chase=_num(args), name=name)


@command("chase catch", "chase catch NAME [by=PURSUER] [chase=N]", "a pursuer in the same location catches NAME")
def _catch(args: Args) -> Catch:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    return Catch(chase=_num(args), name=name, by=args.opt("by", "") or "")


@command("chase drop", "chase drop NAME [reason=TEXT] [chase=N]", "take a participant out of the chase")
def _drop(args: Args) -> Drop:
    name = args.pos(0, "NAME")
    args.max_positional(1)
    return Drop(chase=_num(args), name=name, reason=args.opt("reason", "") or "")


@command("chase next", "chase next [chase=N]", "start the next chase round (new movement actions)")
def _next(args: Args) -> NextRound:
    args.max_positional(0)
    return NextRound(chase=_num(args))


@command("chase end", "chase end [OUTCOME] [chase=N]", "end the chase; its outcome goes to the log")
def _end(args: Args) -> EndChase:
    return EndChase(chase=_num(args), outcome=args.rest(0))


def format_chase(state: State, number: int = 0) -> str:
    if not state.chases:
        return "no chase yet: set one up with 'chase new [TITLE]'"
    chase = next((c for c in state.chases if c.number == number), None) if number else state.chases[-1]
    if chase is None:
        return f"no chase {number}"
    head = f"Chase {chase.number}" + (f": {chase.title}" if chase.title else "")
    status = f"ended — {chase.outcome}" if chase.ended else (f"round {chase.round}" if chase.started else "setting up")
    lines = [f"{head} ({status}; era {chase.era}, environment {chase.environment})"]
    for p in sorted(chase.participants, key=lambda q: -q.position):
        what = f"{p.vehicle}, Build {rv.format_build(p.build)}/{rv.format_build(p.start_build)}" if p.vehicle else "on foot"
        lines.append(f"  [{p.position:>2}] {p.name:<16} {p.side:<6} MOV {p.mov} ({rc.mph(p.mov)} mph)  "
                     f"actions {p.actions}{f' (owes {p.deficit})' if p.deficit else ''}  {what}  {p.status}")
    for loc in chase.locations:
        extra = f" {loc.hp} HP" if loc.kind == rc.BARRIER else ""
        lines.append(f"  location {loc.index}: {loc.kind} {loc.difficulty}{extra} {loc.name}".rstrip())
    return "\n".join(lines)


@command("chase show", "chase show [N]", "show a chase: positions, MOV, actions, Build, locations")
def _show(args: Args) -> Query:
    number = to_int(args.pos_opt(0, "0"), "N", args)
    args.max_positional(1)
    return Query(run=lambda state: format_chase(state, number))


@command("chase vehicles", "chase vehicles", "the vehicle reference charts (MOV, Build, armour, passengers)")
def _vehicles(args: Args) -> Query:
    args.max_positional(0)
    lines = []
    for chart, title in rv.CHARTS.items():
        lines.append(title)
        for v in rv.VEHICLES:
            if v.chart == chart:
                lines.append(f"  {v.name:<20} MOV {v.mov:>2}  Build {rv.format_build(v.build):>3}  "
                             f"armour {v.armor:>2}  passengers {v.passengers}")
    text = "\n".join(lines)
    return Query(run=lambda state: text)
