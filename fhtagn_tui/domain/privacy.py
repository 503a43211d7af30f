"""What a player may see of the other investigators: the campaign's privacy setting (issue 34).

``privacy own|full|gm-picks FIELD[,FIELD…]`` (``features/privacy.py``) sets it; the public projection
(:class:`~fhtagn_tui.domain.public.PublicLog`, given its ``viewer``: the bound character's id, or
None for a watcher) applies it, to its state and to its log:

* ``own`` (the default: a horror table's): a player sees their own character's sheet whole; of every
  other investigator only what the table would see — the name, the visible conditions, the wounds
  in words ("hurt", "badly hurt") — and the events about another are told in their players'
  reading (as a hidden NPC's are, :mod:`.readings`), without numbers; a change of another's SAN,
  breaking point, bond, disorder, skill or stat is not told at all.
* ``full``: every investigator's numbers, as before the setting existed.
* ``gm-picks san,bp,…``: the picked parts of the others' sheets (:data:`FIELDS`) are private, the
  rest is shown; an event is told without numbers when it may tell a picked part of another
  (:func:`event_fields`, by its type and its fields, never by its wording).

NPCs and monsters are not concerned (the GM hides those with ``--hidden``).  A watcher (no
character: a follower, the generic players' recap) sees every investigator as "another".

Pure: no IO, no Textual.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from msgspec.structs import replace

from fhtagn_tui.rules.development import Development
from fhtagn_tui.rules.fhtagn.requisition import Requisition

from .events import Event
from .state import Character, Mind, Privacy, State
from .systems import pool_max

#: The setting's modes.
MODES = ("own", "full", "gm-picks")

#: The parts of a sheet ``gm-picks`` can make private, and what each covers.
FIELDS: dict[str, str] = {
    "san": "SAN and what was lost of it (the day's, to each entity)",
    "bp": "the breaking point",
    "bonds": "bonds, their names and scores",
    "disorders": "disorders, adaptation, phobias, manias, acquired mental traits",
    "hp": "HP and FP numbers (the wounds stay told in words)",
    "wp": "WP",
    "luck": "Luck",
    "skills": "skills, attacks and experience checks",
    "stats": "characteristics and the other pools (MP…), initiative, chase speed, armour",
    "notes": "the GM's notes (never shown to players in any mode)",
}
ALL = frozenset(FIELDS)
NONE: frozenset[str] = frozenset()

#: A pool → the field it belongs to (any other pool: ``stats``).
POOL_FIELD = {"SAN": "san", "BP": "bp", "HP": "hp", "FP": "hp", "WP": "wp", "Luck": "luck"}


class PrivacyError(ValueError):
    """A privacy setting that cannot be read; the message names the allowed words."""


def parse(words: Iterable[str]) -> Privacy:
    """``own`` | ``full`` | ``gm-picks san,bp`` (fields by commas or spaces) → the setting."""
    items = [w for word in words for w in word.replace(",", " ").split()]
    if not items:
        raise PrivacyError(f"privacy: own, full or gm-picks FIELD[,FIELD…] (fields: {', '.join(FIELDS)})")
    mode, rest = items[0].casefold(), [w.casefold() for w in items[1:]]
    if mode not in MODES:
        raise PrivacyError(f"privacy: {items[0]!r} is not a setting: own, full or gm-picks FIELD[,FIELD…]")
    if mode != "gm-picks":
        if rest:
            raise PrivacyError(f"privacy {mode} takes no fields (only gm-picks does)")
        return Privacy(mode=mode)
    if not rest:
        raise PrivacyError(f"privacy gm-picks: which fields are private? (fields: {', '.join(FIELDS)})")
    unknown = [w for w in rest if w not in FIELDS]
    if unknown:
        raise PrivacyError(f"privacy gm-picks: {unknown[0]!r} is not a field (fields: {', '.join(FIELDS)})")
    return Privacy(mode=mode, fields=tuple(f for f in FIELDS if f in rest))  # in the list's order, once each


def label(privacy: Privacy) -> str:
    """``own``, ``full``, ``gm-picks san,bp``."""
    return f"{privacy.mode} {','.join(privacy.fields)}" if privacy.mode == "gm-picks" else privacy.mode


def explain(privacy: Privacy) -> str:
    """The setting in a sentence (the ``privacy`` query, the GM's Party tab)."""
    if privacy.mode == "full":
        return "privacy full: players see every investigator's numbers"
    if privacy.mode == "own":
        return "privacy own: each player sees their own sheet; of the others names, conditions and wounds in words"
    return f"privacy gm-picks: the others' {', '.join(privacy.fields)} are private"


def private_fields(privacy: Privacy) -> frozenset[str]:
    """The parts of the others' sheets players may not see."""
    if privacy.mode == "own":
        return ALL
    if privacy.mode == "gm-picks":
        return frozenset(privacy.fields)
    return NONE


def others(characters: Mapping[str, Character], viewer: str | None) -> frozenset[str]:
    """The investigators other than ``viewer`` (hidden ones aside: they are blanked already)."""
    return frozenset(key for key, c in characters.items() if c.is_pc and not c.hidden and key != viewer)


# --- events ---------------------------------------------------------------------------------

_SAN_EVENTS = ("SanTestRolled", "SanLost", "SanityRolled", "SanityLost", "CumulativeLossUpdated",
               "SanityDayStarted", "InsomniaRolled", "AcuteEpisodeRolled", "RealityChecked", "FrightCheckRolled",
               "FrightResultApplied", "FrightOverridden", "RecoveryRolled", "InsanityTreatmentRolled")
_MIND_EVENTS = ("DisorderGained", "DisorderRemoved", "AdaptationBoxChecked", "AdaptationBoxesErased", "Adapted",
                "PhobiaOrManiaChanged", "TraitAcquired", "TraitRemoved", "SelfControlWorsened", "TemporaryInsanity",
                "InsanityStruck", "BoutOfMadness", "SideEffectFaced", "BecameBeliever")
_SKILL_EVENTS = ("SkillChanged", "SkillDeveloped", "CheckMarked", "ChecksCleared", "AttackAdded", "AttackRemoved",
                 "LastRollNoted", "DevelopmentPhase")

#: Event type name → the fields of another's sheet it may tell (a type not here: every field).
_EVENT_FIELDS: dict[str, frozenset[str]] = {
    **dict.fromkeys(("ConditionAdded", "ConditionRemoved", "CharacterDeleted", "NoteAdded", "LastingSet",
                     "LastingEnded", "PushConsequence", "PushRequested", "CombatantRemoved", "CombatantWaited",
                     "EncounterStarted", "EncounterEnded", "RoundStarted", "RoundEnded", "TurnAdvanced",
                     "SessionStarted", "SessionEnded", "ClockAdvanced", "RoundTimePassed", "RoundCounted",
                     "PrivacySet", "Revealed"), NONE),
    "CharacterNotesSet": frozenset({"notes"}),
    "CharacterCreated": frozenset({"stats", "luck"}),  # its characteristics (and CoC's Luck)
    "StatChanged": frozenset({"stats"}),
    **dict.fromkeys(_SKILL_EVENTS, frozenset({"skills"})),
    "BondChanged": frozenset({"bonds"}),
    "BreakingPointRecalculated": frozenset({"bp", "san"}),
    "DamageApplied": frozenset({"hp"}),
    "LuckSpent": frozenset({"luck", "skills"}),
    "LuckRecovered": frozenset({"luck"}),
    **dict.fromkeys(_SAN_EVENTS, frozenset({"san", "bp", "disorders"})),
    **dict.fromkeys(_MIND_EVENTS, frozenset({"disorders", "san"})),
    **dict.fromkeys(("ProjectionUsed", "RepressionAttempted"), frozenset({"san", "bp", "bonds", "wp", "disorders"})),
    **dict.fromkeys(("AttackResolved", "GurpsAttackResolved", "CocMeleeResolved", "CocShotsFired", "GrappleResolved",
                     "CocManeuverResolved", "CocAutoFired"), frozenset({"hp", "skills", "stats"})),
    "InitiativeOrdered": frozenset({"stats"}),
    "CombatantAdded": frozenset({"stats"}),
    "CombatantReadied": frozenset({"stats"}),
    "RequisitionResolved": frozenset({"bonds", "skills", "stats"}),
    # a roll against a value (a skill, a characteristic, SAN, Luck…: its label is words, not a reference)
    "DiceRolled": frozenset({"san", "bp", "hp", "wp", "luck", "skills", "stats"}),
}


def event_fields(ev: Event) -> frozenset[str]:
    """The parts of another's sheet ``ev`` may tell numbers of (by its type and a pool's name)."""
    name = type(ev).__name__
    if name == "PoolChanged":
        return frozenset({POOL_FIELD.get(getattr(ev, "pool", ""), "stats")})
    return _EVENT_FIELDS.get(name, ALL)


#: Events about another's mind (a disorder, a phobia, a trait) that are not told at all when
#: ``disorders`` is private: even without numbers they would name the disorder.
UNTOLD_MIND = frozenset({"DisorderGained", "DisorderRemoved", "PhobiaOrManiaChanged", "TraitRemoved", "TraitAcquired"})


# --- state ----------------------------------------------------------------------------------


def wound_word(system: str, char: Character) -> str:
    """Another's wounds in words, as the table sees them: "" (unhurt), "hurt", "badly hurt"."""
    hp = char.current.get("HP")
    try:
        top = pool_max(system, char, "HP") if hp is not None and char.stats else None
    except (KeyError, ValueError, TypeError, ArithmeticError):  # a sheet written by hand, short of a stat
        top = None
    if hp is None or not top or hp >= top:
        return ""
    return "badly hurt" if hp * 2 <= top else "hurt"


def _with_wounds(conditions: tuple[str, ...], word: str) -> tuple[str, ...]:
    return conditions if not word or word in conditions else (*conditions, word)


def veiled_character(char: Character, fields: frozenset[str], system: str) -> Character:
    """Another investigator as a player sees them: ``fields`` private (all: name, kind, conditions and
    wounds in words only)."""
    if fields >= ALL:
        return Character(id=char.id, name=char.name, kind=char.kind, stats={},
                         conditions=_with_wounds(char.conditions, wound_word(system, char)),
                         mind=Mind(timers=char.mind.timers) if char.mind.timers else Mind())
    changes: dict[str, object] = {}
    pools = {pool for pool in char.current if POOL_FIELD.get(pool, "stats") in fields}
    if pools:
        changes["current"] = {k: v for k, v in char.current.items() if k not in pools}
    if "hp" in fields:
        changes["conditions"] = _with_wounds(char.conditions, wound_word(system, char))
    if "stats" in fields:
        changes["stats"] = {}
    if "skills" in fields:
        changes.update(skills={}, skill_attrs={}, attacks=(), dev=Development())
    if "bonds" in fields:
        changes["bonds"] = ()
    mind = char.mind
    if "san" in fields:
        mind = replace(mind, day_start=0, day_loss=0, cumulative={})
    if "disorders" in fields:
        mind = replace(mind, disorders=(), boxes={}, adapted=(), insomnia_due=False, reaction_owed="",
                       reaction_secret=False, traits=(), frights=0, last_fright=None, phobias=(), manias=(),
                       insane_hours=0, mythos_bouts=0)
    if mind is not char.mind:
        changes["mind"] = mind
    return replace(char, **changes) if changes else char


def veiled_requisitions(requisitions: tuple[Requisition, ...], ids: frozenset[str],
                        fields: frozenset[str]) -> tuple[Requisition, ...]:
    """The requisitions' ledger without the others' bonds (contacts) and skill targets."""
    bonds, skills = "bonds" in fields, bool(fields & {"skills", "stats"})
    if not (bonds or skills) or not any(r.agent in ids for r in requisitions):
        return requisitions
    out = []
    for r in requisitions:
        if r.agent in ids:
            if bonds:
                r = replace(r, contact="", chosen="")
            if skills:
                r = replace(r, target=None, roll=None)
        out.append(r)
    return tuple(out)


def veil_state(state: State, ids: frozenset[str], fields: frozenset[str]) -> State:
    """``state``'s characters ``ids`` (the others) with ``fields`` private (the rest of the state is
    the public projection's to blank: ``public.public_state``)."""
    if not ids or not fields:
        return state
    chars = {key: veiled_character(c, fields, state.system) if key in ids else c for key, c in state.characters.items()}
    return replace(state, characters=chars, requisitions=veiled_requisitions(state.requisitions, ids, fields))


__all__ = ["ALL", "FIELDS", "MODES", "POOL_FIELD", "UNTOLD_MIND", "PrivacyError", "event_fields", "explain", "label",
           "others", "parse", "private_fields", "veil_state", "veiled_character", "veiled_requisitions", "wound_word"]
