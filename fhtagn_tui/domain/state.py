"""Campaign state: what the fold of the event log produces.

States are frozen msgspec Structs and every change makes a new one
(``msgspec.structs.replace``), sharing what did not change.  That makes a
state cheap to keep (undo, checkpoints, review) and safe to hand to the UI.

No ``from __future__ import annotations`` here nor in the rules modules whose structs State holds:
the start-up snapshot's decoder reads every field's annotation, and strings would each be compiled
then (~2 ms of every start-up; tests/store/test_snapshot_decoder_cost.py).
"""

import msgspec
from msgspec.structs import replace

from fhtagn_tui.rules.clock import START, Lasting
from fhtagn_tui.rules.coc.chase import Chase
from fhtagn_tui.rules.coc.tomes import CocLore
from fhtagn_tui.rules.development import Development
from fhtagn_tui.rules.encounter import Encounter
from fhtagn_tui.rules.fhtagn.hazards import OngoingHazard
from fhtagn_tui.rules.fhtagn.requisition import Requisition
from fhtagn_tui.rules.gurps.fright import FrightRecord, Timer, Trait
from fhtagn_tui.rules.weapons import Armory, Weapon

SYSTEMS = ("fhtagn", "coc7", "gurps")
SYSTEM_LABELS = {"fhtagn": "FHTAGN", "coc7": "Call of Cthulhu 7e", "gurps": "GURPS"}


class Bond(msgspec.Struct, frozen=True):
    name: str
    score: int

    @property
    def broken(self) -> bool:
        return self.score <= 0


class Mind(msgspec.Struct, frozen=True):
    """Sanity and fright extras of a sheet (FH-SAN, GURPS-FRIGHT)."""

    disorders: tuple[str, ...] = ()  # FHTAGN mental disorders
    boxes: dict[str, int] = {}  # adaptation track -> boxes checked (FH-SAN-10)
    adapted: tuple[str, ...] = ()  # tracks adapted to (FH-SAN-11)
    insomnia_due: bool = False  # a temporary insanity or new disorder since the last sleep (FH-SAN-14)
    reaction_owed: str = ""  # FHTAGN temporary insanity whose reaction the GM still chooses: the typical ones (FH-SAN-07)
    reaction_secret: bool = False  # … and the test was secret: so is the reaction chosen
    traits: tuple[Trait, ...] = ()  # GURPS quirks and disadvantages with point values
    timers: tuple[Timer, ...] = ()  # timed conditions: "stunned 3 s", "coma 4 h" ...
    frights: int = 0  # how many fright results so far (origin numbers)
    last_fright: FrightRecord | None = None  # what the last fright result changed (GM override)
    # Call of Cthulhu 7e (COC-INSANITY, COC-TOME); the phases of insanity are conditions
    phobias: tuple[str, ...] = ()  # COC-INSANITY-07
    manias: tuple[str, ...] = ()  # COC-INSANITY-08
    insane_hours: int = 0  # how long the temporary insanity lasts (COC-INSANITY-02)
    day_start: int = 0  # SAN when the game day began, 0 = not yet (COC-INSANITY-03)
    day_loss: int = 0  # SAN lost since the game day began (COC-INSANITY-03)
    cumulative: dict[str, int] = {}  # entity -> SAN lost to it so far (COC-INSANITY-15)
    mythos_bouts: int = 0  # bouts of madness from Mythos events (COC-INSANITY-10)
    believer: bool = False  # COC-TOME-06
    tomes: dict[str, int] = {}  # tome key -> -1/-2 reading failed/push failed, 0 read, n full studies
    spells: dict[str, int] = {}  # spell key -> -1 first casting failed, 0 learned, n times cast


class Character(msgspec.Struct, frozen=True):
    id: str  # lower-case key, unique in the campaign
    name: str
    kind: str  # investigator | agent | npc | monster
    stats: dict[str, int]  # characteristics (STR, CON, ... / ST, DX, ...)
    skills: dict[str, int] = {}  # the skills the GM wrote down; the rest of the list is at base (domain.skills)
    current: dict[str, int] = {}  # pools: HP, WP, SAN, MP, Luck, FP ...
    bonds: tuple[Bond, ...] = ()
    conditions: tuple[str, ...] = ()
    hidden: bool = False  # NPC stats hidden from the players' view
    notes: str = ""
    mind: Mind = Mind()  # disorders, adaptation, acquired traits, timed conditions
    hazards: tuple[OngoingHazard, ...] = ()  # FHTAGN hazards that tick: fire, cold, disease … (FH-HAZ)
    attacks: tuple[Weapon, ...] = ()  # its own attacks (a claw, a bite, a cultist's knife); the first is the default
    san_loss: str = ""  # what seeing it costs ("0/1d6"; FHTAGN and CoC), shown on the sheet
    skill_attrs: dict[str, str] = {}  # GURPS: controlling attribute of a skill not on the list ("IQ")
    since: dict[str, tuple[int, str]] = {}  # condition -> (seq, note) of the event that set it (domain/able.py)
    dev: Development = Development()  # experience checks / marks, the last failed roll (FH-DEV, COC-DEV, COC-DICE-06)

    @property
    def is_pc(self) -> bool:
        return self.kind in ("investigator", "agent", "pc")

    def bond(self, name: str) -> Bond | None:
        key = name.casefold()
        for bond in self.bonds:
            if bond.name.casefold() == key:
                return bond
        return None

    def has(self, condition: str) -> bool:
        return condition in self.conditions


class Privacy(msgspec.Struct, frozen=True):
    """What a player may see of the other investigators (``privacy``; ``domain/privacy.py``)."""

    mode: str = "own"  # own | full | gm-picks
    fields: tuple[str, ...] = ()  # gm-picks: the others' private fields (domain.privacy.FIELDS)


class TemplateExtras(msgspec.Struct, frozen=True):
    """What an imported stat block kept as a template holds beyond a character's sheet."""

    armor: int = 0  # worn armour, given to every character made from it
    armor_item: str = ""
    vary: dict[str, str] = {}  # characteristic → the roll the book gives (npc add --vary rolls it)


class SessionInfo(msgspec.Struct, frozen=True):
    number: int
    title: str = ""
    started_seq: int = 0
    ended_seq: int = 0  # 0 while the session is open
    started_ts: float = 0.0


class AskAnswer(msgspec.Struct, frozen=True):
    """One character's answer to a roll request: who, and the ``RollAnswered`` event (its roll follows it in
    the same action: ``domain/features/asks.answer_result`` reads it)."""

    character: str  # character id
    seq: int  # the RollAnswered event
    by: str = ""  # "GM", or "player NAME"


class Ask(msgspec.Struct, frozen=True):
    """A roll the GM asked players for (``ask``), open until every addressed character answered."""

    number: int  # 1, 2, 3… in the campaign
    test: str  # skill | san | fright | luck | oppose
    what: str  # the skill or stat; the SAN loss ("1/1d6"); "" for a Fright Check or Luck
    targets: tuple[str, ...]  # character ids addressed
    pending: tuple[str, ...]  # character ids that have not answered yet
    difficulty: str = "regular"
    modifier: int = 0
    hidden: bool = False  # a secret request: only the GM sees the results
    seq: int = 0  # the event that asked
    vs: str = ""  # an opposed roll: the defender (character id), whose side the GM rolled when asking
    vs_name: str = ""
    vs_what: str = ""  # the defender's skill or stat
    vs_roll: int = 0  # the defender's roll, drawn when asking (its dice are in the request's event)
    answers: tuple[AskAnswer, ...] = ()  # who has answered so far, in the order they answered

    @property
    def label(self) -> str:
        """``Listen (hard, -20)``, ``SAN 1/1d6``, ``Fright Check (-2)``, ``Luck``, ``Stealth vs Watchman Listen``."""
        head = {"san": f"SAN {self.what}", "fright": "Fright Check", "luck": "Luck",
                "oppose": f"{self.what} vs {self.vs_name} {self.vs_what}"}.get(self.test, self.what)
        extra = [d for d in (self.difficulty if self.difficulty != "regular" else "",
                             f"{self.modifier:+d}" if self.modifier else "") if d]
        return head + (f" ({', '.join(extra)})" if extra else "")


class Handout(msgspec.Struct, frozen=True):
    """A handout the GM gave (``handout``): kept so its readers can open it again."""

    to: tuple[str, ...]  # the character ids it was given to
    title: str
    body: str  # plain text or Markdown (shown as text, never as markup)


class State(msgspec.Struct, frozen=True):
    name: str = ""
    system: str = ""
    title: str = ""
    characters: dict[str, Character] = {}
    sessions: tuple[SessionInfo, ...] = ()
    revealed: frozenset[int] = frozenset()  # secret action groups the GM has shown the players
    notes: int = 0  # how many notes were taken
    rolls: int = 0  # how many free rolls were made
    encounter: Encounter | None = None  # the fight in progress (all systems)
    armory: Armory = Armory()  # campaign weapons, worn armour, pending injuries
    requisitions: tuple[Requisition, ...] = ()  # FHTAGN requisitions, across sessions
    chases: tuple[Chase, ...] = ()  # CoC 7e chases (one per pursuing group)
    coc_ammo: dict[str, dict[str, int]] = {}  # CoC 7e: character id → weapon key → rounds loaded (absent: full)
    coc_lore: CocLore = CocLore()  # CoC 7e tomes, spells and the Keeper's madness-table edits
    templates: dict[str, Character] = {}  # NPC/monster stat blocks for quick-add, by lower-case name
    template_extras: dict[str, TemplateExtras] = {}  # what a template keeps beyond its sheet, by its key
    asks: tuple[Ask, ...] = ()  # roll requests still open (``ask``), oldest first
    asks_made: int = 0  # how many roll requests were made (numbers the next one)
    #: the latest requests closed with answers (all answered, or cancelled after some), oldest first, at
    #: most ``asks.CLOSED_KEPT``: the GM's screen shows their results until the GM dismisses them
    asks_closed: tuple[Ask, ...] = ()
    clock: int = START  # game time, seconds from midnight before day 1 (rules/clock.py; issue 31)
    lasting: tuple[Lasting, ...] = ()  # conditions that end by themselves (domain/features/clock.py)
    luck_spending: bool = False  # CoC optional rule: Luck may be spent on failed rolls (COC-DICE-09)
    privacy: Privacy = Privacy()  # what a player may see of the other investigators (``privacy``)
    handouts: tuple[Handout, ...] = ()  # handouts given, oldest first (domain/features/handouts.py)

    @property
    def session(self) -> SessionInfo | None:
        """The open session, if any."""
        if self.sessions and self.sessions[-1].ended_seq == 0:
            return self.sessions[-1]
        return None

    @property
    def session_number(self) -> int:
        open_session = self.session
        return open_session.number if open_session else 0

    def character(self, key: str) -> Character | None:
        return self.characters.get(key.casefold())

    def with_character(self, char: Character) -> "State":
        chars = self.characters.copy()  # a shallow copy: the other characters are shared
        chars[char.id] = char
        return replace(self, characters=chars)

    def without_character(self, key: str) -> "State":
        chars = self.characters.copy()
        chars.pop(key, None)
        return replace(self, characters=chars)


def char_key(name: str) -> str:
    return name.strip().casefold()
