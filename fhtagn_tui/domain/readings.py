"""How players read each event type: the registry of players' readings.

An event's GM text (``describe``) is the players' text too — unless it refers to a hidden character
(an NPC created with ``--hidden``, or a vehicle one of them drives or rides in): the public projection
knows that from the event's fields (its references), never from its wording.  Then the event type's *players' reading* says what players
read instead: a shorter sentence without any number (the hidden character's stats, skills, pools,
initiative value, targets, rolls, damage, HP, MOV…), or nothing at all (``OMIT``: the change of a
hidden character's stat, skill or pool is not told).

Every registered event type has an entry in :data:`READINGS` (``tests`` check it), so a new event
type cannot reach a player before somebody has said how players read it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .events import Event

#: A players' reading: (event, names of every character, the GM's text, the names it mentions, the hidden
#: characters' names) → the players' text, or None to leave the event out of what players read.
Reading = Callable[[Event, dict[str, str], str, list[str], set[str]], str | None]


def _words_of(type_name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", " ", type_name).lower().capitalize()


def words(ev: Event, names: dict[str, str], text: str, named: list[str], hidden: set[str]) -> str:
    """The kind of event and who took part, no numbers: ``Attack resolved: Shade, Ada Vance``."""
    label = type(ev).kind_label or _words_of(type(ev).__name__)
    label = label[:1].upper() + label[1:]
    told = f"{label}: {', '.join(named)}" if named else label
    level = getattr(ev, "level", "")
    if isinstance(level, str) and level and not _DIGIT.search(level):  # the outcome, never a number
        told += f" — {level}"
    return told


def omit(ev: Event, names: dict[str, str], text: str, named: list[str], hidden: set[str]) -> None:
    """Not told at all (a hidden character's stat, skill, pool or bond changed)."""
    return None


def _name(names: dict[str, str], cid: object) -> str:
    return names.get(cid, cid) if isinstance(cid, str) else ""


def _attack(ev: Event, names: dict[str, str], text: str, named: list[str], hidden: set[str]) -> str:
    attacker, target = _name(names, getattr(ev, "attacker", "")), _name(names, getattr(ev, "target", ""))
    weapon = getattr(ev, "weapon", "")
    return f"{attacker} attacks {target}" + (f" with {weapon}" if weapon else "") + _outcome(ev, names, target)


def _outcome(ev: Event, names: dict[str, str], target: str) -> str:
    """What came of an attack, in words without numbers: FHTAGN's and GURPS's hit; CoC's melee winner
    (the one hurt, or who evades) and shots that hit."""
    hit = getattr(ev, "hit", None)
    if isinstance(hit, bool):
        return ": hit" if hit else ": miss"
    winner = getattr(ev, "winner", None)
    if isinstance(winner, str):  # a CoC melee attack
        dealt_to = getattr(ev, "dealt_to", "")
        if winner == "none":
            return ": no harm done"
        if getattr(ev, "goal", ""):
            return f": {target} wins the exchange"
        return f": {_name(names, dealt_to)} is hit" if dealt_to else f": {target} evades"
    shots = getattr(ev, "shots", None)
    if isinstance(shots, tuple) and shots:  # CoC shots
        hits = sum(1 for shot in shots if getattr(shot, "hit", False))
        return ": miss" if not hits else ": hit" if len(shots) == 1 else f": {hits} of {len(shots)} shots hit"
    return ""


def _created(ev: Event, names: dict[str, str], text: str, named: list[str], hidden: set[str]) -> str:
    return f"{getattr(ev, 'name', '')} appears ({getattr(ev, 'kind', '')})"


def _order(ev: Event, names: dict[str, str], text: str, named: list[str], hidden: set[str]) -> str:
    order = getattr(ev, "order", ())
    head = "Order set by the GM" if getattr(ev, "manual", False) else "Order"
    return f"{head}: " + ", ".join(_name(names, cid) for cid in order)


def _damage(ev: Event, names: dict[str, str], text: str, named: list[str], hidden: set[str]) -> str:
    who = _name(names, getattr(ev, "character", ""))
    if who in hidden:
        return f"{who} is hurt"
    # a player's character hurt by a hidden one: its own HP are public, the source is named without numbers
    return f"{who} is hurt: HP {getattr(ev, 'hp_before', '?')} → {getattr(ev, 'hp_after', '?')}"


def _joined(ev: Event, names: dict[str, str], text: str, named: list[str], hidden: set[str]) -> str:
    p = getattr(ev, "participant", None)
    side = getattr(p, "side", "")
    return f"{getattr(p, 'name', '')} joins the chase" + (f" ({side})" if side else "")


def _speed(ev: Event, names: dict[str, str], text: str, named: list[str], hidden: set[str]) -> str:
    return f"{getattr(ev, 'name', '')} rolls for speed"


def _moved(ev: Event, names: dict[str, str], text: str, named: list[str], hidden: set[str]) -> str:
    return f"Chase: {', '.join(named)} moves" if named else "Chase: a move"


def _con(ev: Event, names: dict[str, str], text: str, named: list[str], hidden: set[str]) -> str:
    """A CON roll against a wound: its outcome (seen anyway in the conditions), not its numbers."""
    who = _name(names, getattr(ev, "character", ""))
    passed = bool(getattr(ev, "passed", False))
    if getattr(ev, "why", "") == "dying":
        return f"{who} is dying: CON roll — " + ("holds on" if passed else "dies")
    return f"{who}'s major wound: CON roll — " + ("stays conscious" if passed else "falls unconscious")


def _gm(ev: Event, names: dict[str, str], text: str, named: list[str], hidden: set[str]) -> str:
    """The GM's text: the event holds no number of a character (only names and words)."""
    return text


#: Event type name → its players' reading when it refers to a hidden character (by reference, not by its text).
READINGS: dict[str, Reading] = {
    # the GM's own text: these events hold names and words only
    **dict.fromkeys(
        (
            "CampaignCreated", "SessionStarted", "SessionEnded", "CharacterDeleted", "ConditionAdded",
            "ConditionRemoved", "NoteAdded", "ChaseCreated", "ChaseEnded", "ChaseRoundStarted",
            "EncounterStarted", "EncounterEnded", "RoundStarted", "RoundEnded", "TurnAdvanced",
            "CombatantAdded", "CombatantRemoved", "CombatantWaited", "WeaponDefined", "TemplateSaved",
            "TemplateRemoved", "TomeDefined", "SpellDefined", "DisorderGained", "DisorderRemoved",
            "TraitRemoved", "SanityDayStarted", "MadnessTableSet", "ParticipantEscaped",
            "ParticipantDropped", "ParticipantCaught", "ModeSwitched", "VehicleWrecked", "CocFled",
            "CocAimed", "HazardEnded", "ColdWarmed", "BecameBeliever", "Revealed",
            "RollAsked", "RollAnswered", "RollCancelled", "ClockAdvanced", "RoundTimePassed", "RoundCounted", "LastingSet",
            "LastingEnded",
            # skill play: names and words only (the consequence is the Keeper's words)
            "CheckMarked", "LastRollNoted", "PushConsequence", "PushRequested", "SettingChanged",
            "DevelopmentPhase", "ChecksCleared",
            # whispers and handouts: the GM's words to the players addressed
            "Whispered", "HandoutGiven",
            "PrivacySet",
        ),
        _gm,
    ),
    # not told when it concerns a hidden character: it is a change of its numbers
    **dict.fromkeys(
        ("StatChanged", "SkillChanged", "PoolChanged", "BondChanged", "BreakingPointRecalculated",
         "CumulativeLossUpdated", "VehicleBuildChanged", "AdaptationBoxChecked", "AdaptationBoxesErased",
         "AttackAdded", "AttackRemoved", "CharacterNotesSet", "SkillDeveloped", "LuckRecovered", "LuckSpent"),
        omit,
    ),
    # told in their own words
    "CharacterCreated": _created,
    "InitiativeOrdered": _order,
    "DamageApplied": _damage,
    "AttackResolved": _attack,
    "GurpsAttackResolved": _attack,
    "CocMeleeResolved": _attack,
    "CocShotsFired": _attack,
    "ParticipantJoined": _joined,
    "SpeedRolled": _speed,
    "CocConRolled": _con,
    "ParticipantMoved": _moved,
    # the kind of event and who took part, no numbers
    **dict.fromkeys(
        (
            "DiceRolled", "ChaseEvent", "LocationPlaced", "LocationGenerated", "ParticipantPlaced",
            "MovementActionsAllocated", "HazardResolved", "BarrierResolved", "RamResolved", "ShotFired",
            "NavigatorRolled", "SuddenHazardCalled", "CombatantReadied", "ArmorSet", "InjuryAssigned",
            "CocManeuverResolved", "CocAutoFired", "CocReloaded", "CocFighterSet", "SanityRolled",
            "SanityLost", "InsanityStruck", "BoutOfMadness", "RealityChecked", "PhobiaOrManiaChanged",
            "SideEffectFaced", "InsanityTreatmentRolled", "ReadingRolled", "InitialReadingCompleted",
            "FullStudyCompleted", "ReferenceConsulted", "SpellLearned", "SpellCast", "PowIncreaseRolled",
            "GrappleResolved", "CombatActionTaken", "StunRecovery", "HazardStarted", "PoisonResolved",
            "AntidoteGiven", "DiseaseIntervalResolved", "RadiationExposed", "FallResolved",
            "ImpactResolved", "CrashResolved", "FireTick", "SuffocationTick", "ColdTick",
            "FirstAidAttempted", "TreatmentRolled", "RecuperationRolled", "ResuscitationAttempted",
            "ExertionTaken", "FrightCheckRolled", "FrightResultApplied", "FrightOverridden",
            "TraitAcquired", "SelfControlWorsened", "RecoveryRolled", "TableRolled",
            "RequisitionResolved", "SanTestRolled", "SanLost", "ProjectionUsed", "RepressionAttempted",
            "TemporaryInsanity", "AcuteEpisodeRolled", "Adapted", "InsomniaRolled", "Undone", "Redone",
            "AccidentResolved", "OccupantLuck", "CocFirstAidRolled", "RollPushed", "OpposedRolled", "CombinedRolled",
        ),
        words,
    ),
}

_DIGIT = re.compile(r"\d")


def players_reading(ev: Event, names: dict[str, str], named: list[str], hidden: set[str],
                    text: str | None = None) -> str | None:
    """What players read of ``ev`` (None: nothing).  ``named``: the names of the characters and chase
    participants the event refers to (its fields, in their order: :func:`fhtagn_tui.domain.public.refs`),
    ``hidden``: those of them that are hidden; ``text``: ``ev.describe(names)`` when the caller made it.
    Decided from the references, never from the text."""
    if text is None:
        text = ev.describe(names)
    if not hidden:
        return text
    reading = READINGS.get(type(ev).__name__, words)
    told = reading(ev, names, text, named, hidden)
    if told is not None and _DIGIT.search(told) and reading is _gm:
        told = words(ev, names, text, named, hidden)  # a GM text with a number next to a hidden name: words only
    return told


__all__ = ["READINGS", "Reading", "omit", "players_reading", "words"]
