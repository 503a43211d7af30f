"""The Command structs of CoC 7e combat (built by :mod:`fhtagn_tui.commands.coc_combat`)."""

from __future__ import annotations

from fhtagn_tui.rules.coc.melee import Response

from ...attack_words import Surprise
from ...commands import Command

# --- commands ---------------------------------------------------------------------------------


class CocMelee(Command):
    label = "melee attack"
    attacker: str
    target: str
    weapon: str = ""
    response: Response = "dodge"
    defender_weapon: str = ""  # for fighting back
    counter: str = ""  # the target's goal for a counter-maneuver
    bonus: int = 0
    penalty: int = 0
    surprise: Surprise | None = None
    notice: str = ""  # the skill the target rolls to notice the surprise


class CocManeuver(Command):
    label = "maneuver"
    attacker: str
    target: str
    goal: str
    response: Response = "dodge"
    defender_weapon: str = ""
    counter: str = ""
    bonus: int = 0
    penalty: int = 0
    skill: str = ""  # the fighting skill the GM names (COC-MANEUVER-06); "" the best usable unarmed


class CocShoot(Command):
    label = "shoot"
    attacker: str
    target: str
    weapon: str
    distance: float | None = None  # yards
    shots: int = 1
    toggles: tuple[str, ...] = ()  # firearm modifier keys (COC-FIREARM-05)
    allies: tuple[str, ...] | None = None  # in the line of fire (None: the shooter's side)
    response: Response | None = None  # thrown weapons: dodge | fight back | none
    bonus: int = 0
    penalty: int = 0
    surprise: bool = False


class CocAutoFire(Command):
    label = "automatic fire"
    attacker: str
    targets: tuple[tuple[str, int], ...]  # (name, bullets); a burst names one target
    weapon: str
    burst: bool = False
    distance: float | None = None
    gap: float = 0.0  # yards between consecutive targets
    toggles: tuple[str, ...] = ()
    bonus: int = 0
    penalty: int = 0


class CocReload(Command):
    label = "reload"
    name: str
    weapon: str
    rounds: int | None = None
    kind: str = ""


class CocAim(Command):
    label = "aim"
    name: str
    off: bool = False


class CocFlee(Command):
    label = "flee"
    name: str
    cornered: bool = False


class CocSetFighter(Command):
    label = "attacks per round"
    name: str
    attacks: int = 1
    never_outnumbered: bool = False
